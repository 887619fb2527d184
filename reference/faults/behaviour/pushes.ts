// What the faults of LockerUpdates and ParcelUpdates share (push-points.ts).
import type { Editable, Switches } from '../../handlers/fault-point-state';
import type { CarrierAccount } from '../../options';
import type { FaultPointApp } from '../../request-types';
import { toWholeSecond } from './shared';

/** Fault sc-locker-push-debounced: how long a locker's event waits for a newer one that replaces it. */
const DEBOUNCE_MS = 1000;

/** Fault sc-locker-push-debounced: one pending push per locker; a newer event of the locker replaces it. */
export class DebouncedPushes {
  private readonly pending = new WeakMap<object, NodeJS.Timeout>();

  hold(key: object, send: () => void): void {
    clearTimeout(this.pending.get(key));
    const timer = setTimeout(() => {
      this.pending.delete(key);
      send();
    }, DEBOUNCE_MS);
    timer.unref();
    this.pending.set(key, timer);
  }
}

/** What a push point reads of the app: whether a fault is on, and the carriers (the second one's subscription). */
export type PushApp = Pick<FaultPointApp, 'fault' | 'options'>;

/**
 * A LockerUpdates or ParcelUpdates about to be sent to `owner`. Variation ok-ap-second-carrier-push-schema-version: the
 * second carrier's subscription's schema version.
 */
export function secondCarrierSchemaVersion(
  app: Pick<FaultPointApp, 'fault' | 'options'>,
  owner: CarrierAccount,
  body: Editable,
): void {
  if (app.fault('ok-ap-second-carrier-push-schema-version') && owner.name === app.options.carriers[1]?.name)
    body['schemaVersion'] = '1.1';
}

// --- A push about to be sent (pushes-lockers.ts, pushes-parcels.ts) ---

/** Variation ok-be-push-timestamp-whole-seconds: a push's eventTimestamp cut to the whole second. */
export function pushTimestampWholeSeconds(app: Switches, body: Editable): void {
  const at = body['eventTimestamp'];
  if (!app.fault('ok-be-push-timestamp-whole-seconds') || typeof at !== 'string' || Number.isNaN(Date.parse(at)))
    return;
  body['eventTimestamp'] = toWholeSecond(Date.parse(at));
}
