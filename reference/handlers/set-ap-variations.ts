// The points where the conformant variations of set AP (`ok-ap-*`) change the service: each does what the service does
// with its variation off. Called through set-ap-faults.ts from app.ts (a parcel as every place shows it, the
// LockerUpdates and ParcelUpdates pushes), locker-update.ts (an update's answer), publish-points.ts (a publish
// answered) and http-io.ts (an error body).
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';

/** Shipment types only the staging mock makes (a BOOKING_CREATED for a new parcel_id). */
const MADE_BY_MOCK = new Set(['FIRST_MILE', 'RETURN']);
/** Events only the staging mock reports. */
const MOCK_EVENTS = new Set(['CONSIGNEE_DELIVERED', 'COURIER_COLLECTED']);

/**
 * Variation ok-ap-mock-event-entry-fields: whether the staging mock wrote the `index`th entry of a parcel's events: all
 * of a parcel it made (but a cancellation's), and of a booking the events it reports and a BOOKING_CREATED after the
 * booking's own.
 */
function writtenByMock(shipmentType: unknown, entry: Editable, index: number): boolean {
  if (entry['type'] === 'CANCELLED') return false;
  if (MADE_BY_MOCK.has(String(shipmentType)) || MOCK_EVENTS.has(String(entry['type']))) return true;
  return entry['type'] === 'BOOKING_CREATED' && index > 0;
}

/**
 * A parcel as every place shows it (`record`, a copy).
 * - Variation ok-ap-alternative-delivery-no-access-codes: an alternative delivery's code comes when the parcel
 *   reaches the locker, so its booking carries accessCodes null.
 * - Variation ok-ap-return-signature-media-type: a RETURN parcel's signature format is its media type.
 * - Variation ok-ap-mock-parcels-soft-reservation: a parcel the mock made holds a soft reservation.
 * - Variation ok-ap-mock-event-entry-fields: the mock's history entries in its own form.
 */
export function parcelViewByAPVariations(app: Switches, record: Editable): void {
  if (app.fault('ok-ap-alternative-delivery-no-access-codes') && record['shipmentType'] === 'ALTERNATIVE_DELIVERY')
    record['accessCodes'] = null;
  if (
    app.fault('ok-ap-return-signature-media-type') &&
    record['shipmentType'] === 'RETURN' &&
    isObject(record['signature'])
  )
    record['signature'] = { ...record['signature'], format: 'image/png' };
  if (app.fault('ok-ap-mock-parcels-soft-reservation') && MADE_BY_MOCK.has(String(record['shipmentType'])))
    record['allocationType'] = 'SOFT_RESERVATION';
  if (app.fault('ok-ap-mock-event-entry-fields') && Array.isArray(record['events']))
    record['events'] = record['events'].map((entry: unknown, i: number) =>
      isObject(entry) && writtenByMock(record['shipmentType'], entry, i)
        ? { eventType: entry['type'], occurredAt: entry['timestamp'], source: 'STAGING_MOCK' }
        : entry,
    );
}

/**
 * A LockerUpdates or ParcelUpdates about to be sent to `owner`. Variation ok-ap-second-carrier-push-schema-version: the
 * second carrier's subscription's schema version.
 */
export function pushByAPVariations(
  app: Pick<FaultPointApp, 'fault' | 'options'>,
  owner: CarrierAccount,
  body: Editable,
): void {
  if (app.fault('ok-ap-second-carrier-push-schema-version') && owner.name === app.options.carriers[1]?.name)
    body['schemaVersion'] = '1.1';
}

/** Variation ok-ap-by-tenant-error-codes: the by-tenant module's error codes. */
const BY_TENANT_CODES: Record<string, string> = {
  UNKNOWN_LOCKER: 'TENANT_LOCKER_NOT_FOUND',
  ALREADY_BOOKED: 'DUPLICATE_BOOKING',
  VALIDATION_FAILED: 'INVALID_REQUEST',
};

/**
 * An error body on `route`, edited in place; returns the status to answer.
 * - Variation ok-ap-by-tenant-error-codes: the by-tenant path's refusals under its own codes.
 * - Variation ok-ap-mock-unknown-locker-404: the mock answers an unknown provider_locker_id 404.
 */
export function errorByAPVariations(
  app: Switches,
  route: string | undefined,
  status: number,
  body: Record<string, unknown>,
): number {
  const code = body['errorCode'];
  if (
    app.fault('ok-ap-by-tenant-error-codes') &&
    route === '/parcels/data/by-tenant-locker-id' &&
    typeof code === 'string' &&
    BY_TENANT_CODES[code] !== undefined
  )
    body['errorCode'] = BY_TENANT_CODES[code];
  if (
    app.fault('ok-ap-mock-unknown-locker-404') &&
    route === '/parcel/first-mile/event' &&
    code === 'UNKNOWN_PROVIDER_LOCKER'
  )
    return 404;
  return status;
}
