// The points where the faults of set AN change the service: each does what the service does with its fault off, and the
// fault's behaviour with it on; its variations are set-an-variations.ts. Called from app.ts (the webhook sender, the
// LockerUpdates push), lockers.ts (a create, the opening hours stored), locker-update.ts (the metadata and opening
// hours of an update, a status change's answer), networks.ts (whether a locker is a member), parcel-list.ts (the
// parcels read, their events), publish-points.ts (a PRE_CHECK, a booking stored), cancel-points.ts (the compartment
// released), trigger.ts (the provider adapter, a delivery) and collections.ts (the waiting parcels a run reads).
import { later } from '../faults/behaviour/shared';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import type { Switches } from './fault-point-state';
import { jobBatchMs } from './set-an-variations';

// --- The webhook sender (app.ts) ---

/** Fault san-webhook-flush-to-first-carrier: how long the sender gathers deliveries into one batch. */
const SENDER_BATCH_MS = 100;

/**
 * The webhook sender, set up once the outbox exists.
 * - Fault san-webhook-flush-to-first-carrier: deliveries gathered for 100 ms, each posted to the URL of the carrier
 *   of the batch's first event.
 * - Variation ok-an-webhook-job-batches: deliveries sent by a job every 500 ms, each to its own carrier's URL.
 */
export function senderBySetAN(app: Pick<FaultPointApp, 'fault' | 'outbox'>): void {
  const toFirst = app.fault('san-webhook-flush-to-first-carrier');
  const every = toFirst ? SENDER_BATCH_MS : jobBatchMs(app);
  if (every === undefined) return;
  const send = app.outbox.send.bind(app.outbox);
  type Queued = { carrier: CarrierAccount; body: unknown; how: Parameters<typeof send>[2] };
  let batch: Queued[] = [];
  let timer: NodeJS.Timeout | undefined;
  app.outbox.send = (carrier, body, how = {}) => {
    batch.push({ carrier, body, how });
    timer ??= later(every, () => {
      const items = batch;
      batch = [];
      timer = undefined;
      const endpoint = items[0]!.carrier;
      for (const item of items) send(toFirst ? endpoint : item.carrier, item.body, item.how);
    });
  };
}

/** Fault san-locker-push-rendered-at-flush: how long after its event the outbox relay picks a LockerUpdates up. */
const RELAY_PICKUP_MS = 250;

/**
 * A LockerUpdates about to be sent; true where the fault sends it otherwise. Fault san-locker-push-rendered-at-flush:
 * `renderLater` is called 250 ms later, rendering the body from the locker as it is then.
 */
export function renderedAtFlushBySetAN(app: Switches, renderLater: () => void): boolean {
  if (!app.fault('san-locker-push-rendered-at-flush')) return false;
  later(RELAY_PICKUP_MS, renderLater);
  return true;
}
