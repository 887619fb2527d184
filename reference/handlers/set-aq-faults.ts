// The points where the faults and variations of set AQ change the service (reference/faults/ declares them, origin
// set-aq): each does what the service does with every one of them off, and names the faults that change it there.
// Called from push-points.ts (the LockerUpdates push: where the locker events are seen), lockers.ts (the record GET
// /lockers shows of each locker), list-points.ts (the provider a providerName filter compares), networks.ts (the owned
// locker an add names, the add's answer), update-points.ts (the locker an update acts on, the groups it stores) and
// status-points.ts (a status change about to be made).
import {
  type App,
  BLOOM_BITS,
  bloomBits,
  carrierBesidesStatus,
  CLOCK_SKEW_MS,
  partitionOf,
  readModelOf,
  type SetAQState,
  setOn,
} from '../faults/behaviour/shared';
import type { LockerRecord, StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import { PROVIDER_MODELS } from '../seed';
import { isObject } from './fault-point-state';

/** Fault saq-create-compensated-after-201: when the provider's refusal of the registration comes back. */
const COMPENSATION_MS = 150;

/** Variation ok-aq-create-push-after-onboarding-queue: the onboarding queue's delay. */
const ONBOARDING_DELAY_MS = 300;

function bloomAdd(state: SetAQState, carrier: string, uid: string): void {
  const bits = state.bloom.get(carrier) ?? new Uint8Array(BLOOM_BITS / 8);
  state.bloom.set(carrier, bits);
  for (const bit of bloomBits(uid)) bits[bit >> 3]! |= 1 << (bit & 7);
}

const CATALOGUE_PROVIDERS = new Set(PROVIDER_MODELS.map((p) => p.providerName));

/** Fault saq-create-compensated-after-201: a catalogue provider refuses a model and version it does not make. */
const refusedByProvider = (provider: LockerRecord['provider']): boolean =>
  CATALOGUE_PROVIDERS.has(provider.name) &&
  !PROVIDER_MODELS.some(
    (p) =>
      p.providerName === provider.name &&
      p.lockerModel === provider.lockerModel &&
      p.lockerVersion === provider.lockerVersion,
  );

/** Fault saq-create-compensated-after-201: the saga's compensation deletes the locker the create stored. */
function compensateLater(app: App, locker: StoredLocker): void {
  const uid = locker.record.uid;
  setTimeout(() => {
    if (app.state.lockers.get(uid) !== locker) return;
    app.state.lockers.delete(uid);
    for (const network of app.state.networks.values()) network.members.delete(uid);
  }, COMPENSATION_MS).unref();
}

// --- The LockerUpdates push (app.ts emitLockerUpdate): where the locker events of creates and status changes are seen

/**
 * A LockerUpdates about to be sent to `owner`, `body` its body; false where it is not sent now.
 * - Faults saq-provider-sync-reverts-rename, saq-network-owner-replica-lags-create, saq-update-instance-local-cache
 *   read what a create's event records: when, the name as created, the instance.
 * - Fault saq-status-lww-clock-skew: a create writes the status store, stamped by its instance's clock.
 * - Fault saq-list-projection-version-by-activation-date: the list read model's document is made from the create.
 * - Fault saq-list-consumer-offset-reset-latest: the carrier's first create starts its list consumer, past it.
 * - Fault saq-network-ownership-bloom-filter: the create's uid goes into its carrier's filter.
 * - Fault saq-create-compensated-after-201: a registration the provider refuses is compensated by a delete.
 * - Fault saq-list-status-sets-whole-carrier: a status event replaces the listed carrier.
 * - Fault saq-status-events-split-with-old-deployment: a status event on the old deployment's partition is not sent.
 * - Variation ok-aq-location-type-defaulted: a created locker without location.type gets "outdoor".
 * - Variation ok-aq-create-push-after-onboarding-queue: a create's push is sent 300 ms later.
 */
export function lockerPushBySetAQ(
  app: App,
  locker: StoredLocker,
  owner: CarrierAccount,
  cause: 'create' | 'status' | 'update',
  body: Record<string, unknown>,
): boolean {
  if (!setOn(app)) return true;
  const state = readModelOf(app);
  const now = Date.now();
  const record = locker.record;
  if (cause === 'create') {
    state.created.set(locker, { at: now, name: record.carrier.lockerName, instance: state.creates++ % 2 });
    const skew = state.statusWrites++ % 2 ? CLOCK_SKEW_MS : 0;
    state.stamp.set(locker, now - skew);
    if (app.fault('ok-aq-location-type-defaulted') && record.location['type'] === undefined) {
      record.location['type'] = 'outdoor';
      if (isObject(body['location'])) body['location'] = { ...body['location'], type: 'outdoor' };
    }
    state.projection.set(locker, { shown: structuredClone(record), seen: JSON.stringify(record) });
    if (app.fault('saq-list-consumer-offset-reset-latest') && !state.consumers.has(owner.name)) {
      state.consumers.add(owner.name);
      state.hidden.set(locker, JSON.stringify(record));
    }
    if (app.fault('saq-network-ownership-bloom-filter')) bloomAdd(state, owner.name, record.uid);
    if (app.fault('saq-create-compensated-after-201') && refusedByProvider(record.provider))
      compensateLater(app, locker);
    if (app.fault('ok-aq-create-push-after-onboarding-queue')) {
      setTimeout(() => app.outbox.send(owner, body), ONBOARDING_DELAY_MS).unref();
      return false;
    }
  }
  if (cause === 'status') {
    if (app.fault('saq-list-status-sets-whole-carrier')) state.carrierSet.set(locker, carrierBesidesStatus(record));
    if (app.fault('saq-status-events-split-with-old-deployment') && partitionOf(record.uid, 3) === 0) return false;
  }
  return true;
}
