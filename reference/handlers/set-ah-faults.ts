// The points where the faults of set AH change the parcel side: each does what the service does with its fault off,
// and the fault's behaviour with it on; its variations are set-ah-variations.ts (some passed on from here). Called
// from publish-points.ts (the binder, the validation, the mapper, the answer, the booking stored), cancel-points.ts
// (the guard, the release, a second cancel), trigger.ts (the event recorded), app.ts (the ParcelUpdates push) and
// collections.ts (the parcels waiting for the courier).
import type { StoredParcel } from '../model';
import type { Switches } from './fault-point-state';

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
