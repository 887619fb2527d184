// The points where the conformant variations of set AB (`ok-ab-*`) change the parcel side and its
// webhooks: each does what the service does with its variation off. Called from set-ab-faults.ts (the publish
// answer, the ParcelUpdates), parcels.ts (the booking's record), trigger.ts (the signature) and collections.ts.
import { isObject, type Switches } from './fault-point-state';

/**
 * Variation ok-ab-parcel-push-change-kind: every ParcelUpdates names what changed in an extra member, changeKind, the
 * kind of the parcel's newest history entry (BOOKING_CREATED, CANCELLED, CONSIGNEE_DELIVERED, COURIER_COLLECTED).
 */
export function namedChange(app: Switches, body: unknown): void {
  if (!app.fault('ok-ab-parcel-push-change-kind') || !isObject(body) || !Array.isArray(body['events'])) return;
  const newest: unknown = body['events'].at(-1);
  body['changeKind'] = isObject(newest) && typeof newest['type'] === 'string' ? newest['type'] : 'UPDATED';
}
