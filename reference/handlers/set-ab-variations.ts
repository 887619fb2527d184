// The points where the conformant variations of set AB (`ok-ab-*`) change the parcel side and its
// webhooks: each does what the service does with its variation off. Called from set-ab-faults.ts (the publish
// answer, the ParcelUpdates), parcels.ts (the booking's record), trigger.ts (the signature) and collections.ts.
import type { StoredLocker, StoredParcel } from '../model';
import type { FaultPointApp } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';

/**
 * Variation ok-ab-parcel-push-change-kind: every ParcelUpdates names what changed in an extra member, changeKind, the
 * kind of the parcel's newest history entry (BOOKING_CREATED, CANCELLED, CONSIGNEE_DELIVERED, COURIER_COLLECTED).
 */
export function namedChange(app: Switches, body: unknown): void {
  if (!app.fault('ok-ab-parcel-push-change-kind') || !isObject(body) || !Array.isArray(body['events'])) return;
  const newest: unknown = body['events'].at(-1);
  body['changeKind'] = isObject(newest) && typeof newest['type'] === 'string' ? newest['type'] : 'UPDATED';
}

/** The carrier's parcels waiting in the locker for its courier: first-mile and return parcels dropped off. */
export function waitingInLocker(
  app: Pick<FaultPointApp, 'state'>,
  carrier: string,
  locker: StoredLocker,
): StoredParcel[] {
  return app.state
    .parcelsOf(carrier)
    .filter(
      (p) =>
        p.record.lockerUid === locker.record.uid &&
        p.record.shipmentStatus === 'DELIVERED' &&
        (p.record.shipmentType === 'FIRST_MILE' || p.record.shipmentType === 'RETURN'),
    );
}

/**
 * Variation ok-ab-collection-lists-parcels: a CollectionNotification also lists the parcels waiting in the locker for
 * the carrier's courier, `parcels: [{carrierParcelId, shipmentUid}]`.
 */
export function listedWaitingParcels(app: FaultPointApp, carrier: string, locker: StoredLocker, body: Editable): void {
  if (!app.fault('ok-ab-collection-lists-parcels')) return;
  body['parcels'] = waitingInLocker(app, carrier, locker).map((p) => ({
    carrierParcelId: p.record.carrierParcelId,
    shipmentUid: p.record.shipmentUid,
  }));
}

/** The signature pad's vector image (variation ok-ab-signature-svg). */
const SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><path d="M5 30 C25 5 45 35 65 15 S105 25 115 10" ' +
  'fill="none" stroke="black" stroke-width="2"/></svg>';

/**
 * Variation ok-ab-signature-svg: the consignee's signature as the signature pad records it, an SVG image, base64, with
 * format SVG, where the reference stores a PNG.
 */
export function signatureImage(app: Switches, png: string): { imageBase64: string; format: string } {
  if (!app.fault('ok-ab-signature-svg')) return { imageBase64: png, format: 'PNG' };
  return { imageBase64: Buffer.from(SIGNATURE_SVG, 'utf8').toString('base64'), format: 'SVG' };
}
