// The points where the faults and variations of set AR change the service: each does what the service does with its
// fault off, and the fault's behaviour with it on. The parcel side, its lifecycles and their consequences: what a
// cancel, a booking or a staging event does to records it did not name, a job's selection, a record's history, and
// what a push carries against what a read shows. Called from publish-points.ts (a booking stored, a booking written
// onto an earlier parcel), cancel-points.ts (the status the guard reads, the checks of a cancellable parcel, what a
// cancel changes besides), trigger.ts (the parcel an event acts on, what an event changes besides), collections.ts
// (the parcels the job reads, a notification's body), parcel-list.ts (a listed record) and push-points.ts (the
// ParcelUpdates push).
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';

// --- The ParcelUpdates push (push-points.ts, parcelPushPoints) ---

/** The staging mock's event bus relays its pushes this long after the event (ok-ar-mock-pushes-relayed-late). */
const MOCK_RELAY_MS = 1500;

/**
 * A ParcelUpdates about to be sent to `owner`; true where this point has sent it.
 * - Fault sar-second-carrier-push-consignee-minimised: the second carrier has e-mail notifications off in its
 *   settings, and the webhook mapper, minimising personal data for carriers that send no notification, writes the
 *   consignee null in its pushes; GET /parcels shows it.
 * - Variation ok-ar-mock-pushes-relayed-late: a push caused by a staging event goes out through the mock's event bus,
 *   1.5 s after the event.
 */
export function parcelPushBySetAR(
  app: Pick<FaultPointApp, 'fault' | 'options' | 'outbox'>,
  owner: CarrierAccount,
  cause: 'booking' | 'cancel' | 'trigger',
  body: Record<string, unknown>,
): boolean {
  if (app.fault('sar-second-carrier-push-consignee-minimised') && owner.name === app.options.carriers[1]?.name)
    body['consignee'] = null;
  if (!app.fault('ok-ar-mock-pushes-relayed-late') || cause !== 'trigger') return false;
  app.outbox.send(owner, body, { delayMs: MOCK_RELAY_MS });
  return true;
}
