// The points where the faults of set AH change the parcel side: each does what the service does with its fault off,
// and the fault's behaviour with it on; its variations are set-ah-variations.ts (some passed on from here). Called
// from publish-points.ts (the binder, the validation, the mapper, the answer, the booking stored), cancel-points.ts
// (the guard, the release, a second cancel), trigger.ts (the event recorded), app.ts (the ParcelUpdates push) and
// collections.ts (the parcels waiting for the courier).
import { notFound } from '../errors';
import type { StoredParcel } from '../model';
import type { Reply } from '../request-types';
import type { Switches } from './fault-point-state';

/**
 * Fault sah-cancel-soft-reservation-release-404: the cancel releases the compartment reservation at the provider
 * first; a soft reservation has none (its id is null), and the provider's 404 for /reservations/null is passed on.
 */
export function reservationReleased(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('sah-cancel-soft-reservation-release-404')) return;
  if (parcel.record.allocationType !== 'SOFT_RESERVATION') return;
  throw notFound('RESERVATION_NOT_FOUND', 'the provider has no compartment reservation "null" to release');
}

/** Fault sah-cancel-delivered-guard-last-mile-only: the parcel types whose CONSIGNEE_DELIVERED the guard reads. */
const DELIVERED_TO_CONSIGNEE = new Set(['LAST_MILE', 'ALTERNATIVE_DELIVERY']);

/**
 * Fault sah-cancel-delivered-guard-last-mile-only: whether the guard lets a delivered parcel be cancelled because it
 * is no booking (a first-mile or return parcel the consignee dropped off is taken as on its way). False with it off.
 */
export function deliveredTakenAsDropOff(app: Switches, parcel: StoredParcel): boolean {
  return (
    app.fault('sah-cancel-delivered-guard-last-mile-only') &&
    parcel.delivered === true &&
    !DELIVERED_TO_CONSIGNEE.has(parcel.record.shipmentType)
  );
}

/**
 * Fault sah-cancel-again-400-with-record: a cancelled parcel cancelled again is answered as it is, with the status of
 * the refusal the guard computed. Undefined with it off: the guard refuses it with its error body.
 */
export function cancelledAgain(app: Switches, status: string, record: () => unknown): Reply | undefined {
  if (!app.fault('sah-cancel-again-400-with-record') || status !== 'CANCELLED') return undefined;
  return { status: 400, body: record() };
}

/**
 * Fault sah-trigger-event-same-second-dropped: whether the mock's history takes an event at `timestamp`; its key is
 * (shipment, occurred_at) at whole seconds, inserted with ON CONFLICT DO NOTHING.
 */
export function eventRecorded(app: Switches, parcel: StoredParcel, timestamp: string): boolean {
  if (!app.fault('sah-trigger-event-same-second-dropped')) return true;
  const second = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  return !parcel.record.events.some((e) => second(e.timestamp) === second(timestamp));
}

/**
 * A ParcelUpdates body as set AH's faults send it; false: it is not sent.
 * - fault sah-locked-parcel-push-gated: a status change of a LOCKED parcel goes through the consignee gate;
 * - fault sah-push-dimension-status-singular: the payload class names the field dimensionStatus.
 */
export function setAHParcelPush(
  app: Switches,
  parcel: StoredParcel,
  cause: 'booking' | 'cancel' | 'trigger',
  body: Record<string, unknown>,
): boolean {
  if (app.fault('sah-locked-parcel-push-gated') && cause !== 'booking' && parcel.record.lockStatus === 'LOCKED')
    return false;
  if (app.fault('sah-push-dimension-status-singular') && 'dimensionsStatus' in body) {
    body['dimensionStatus'] = body['dimensionsStatus'];
    delete body['dimensionsStatus'];
  }
  return true;
}

/** Fault sah-collection-skips-return: the waiting parcels the collection job selects, FIRST_MILE only. */
export function collectableParcels<T extends StoredParcel>(app: Switches, parcels: T[]): T[] {
  if (!app.fault('sah-collection-skips-return')) return parcels;
  return parcels.filter((p) => p.record.shipmentType !== 'RETURN');
}
