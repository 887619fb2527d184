// The points where the faults and variations of set AQ change the service (reference/faults/ declares them, origin
// set-aq): each does what the service does with every one of them off, and names the faults that change it there.
// Called from push-points.ts (the LockerUpdates push: where the locker events are seen), lockers.ts (the record GET
// /lockers shows of each locker), list-points.ts (the provider a providerName filter compares), networks.ts (the owned
// locker an add names, the add's answer), update-points.ts (the locker an update acts on, the groups it stores) and
// status-points.ts (a status change about to be made).
import { ApiError, notFound } from '../errors';
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
import type { Json, LockerGroup, LockerRecord, StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import { PROVIDER_MODELS } from '../seed';
import { type Editable, isObject } from './fault-point-state';

/** Fault saq-provider-sync-reverts-rename: how often the provider master-data sync runs. */
const SYNC_PERIOD_MS = 250;
/** Fault saq-network-owner-replica-lags-create: how long after a create the network service's copy learns of it. */
const REPLICA_LAG_MS = 1500;
/** Fault saq-update-instance-local-cache: each instance reloads its locker cache at every such boundary. */
const CACHE_RELOAD_MS = 2000;

/** Fault saq-group-events-reordered-across-partitions: how long the unassignment takes to be consumed. */
const UNASSIGN_LAG_MS = 300;
/** Fault saq-create-compensated-after-201: when the provider's refusal of the registration comes back. */
const COMPENSATION_MS = 150;
/** Fault saq-network-add-job-polled-once: the fewest new lockers whose job is not done at the one poll. */
const UNFINISHED_JOB_LOCKERS = 3;

/** Variation ok-aq-create-push-after-onboarding-queue: the onboarding queue's delay. */
const ONBOARDING_DELAY_MS = 300;
/** Variation ok-aq-list-status-view-lags: how long the status view takes to refresh. */
const STATUS_VIEW_LAG_MS = 500;
/** Variation ok-aq-status-409-while-provider-applies: how long the provider takes to apply a status change. */
const PROVIDER_APPLIES_MS = 250;

function bloomAdd(state: SetAQState, carrier: string, uid: string): void {
  const bits = state.bloom.get(carrier) ?? new Uint8Array(BLOOM_BITS / 8);
  state.bloom.set(carrier, bits);
  for (const bit of bloomBits(uid)) bits[bit >> 3]! |= 1 << (bit & 7);
}

function bloomMayHold(state: SetAQState, carrier: string, uid: string): boolean {
  const bits = state.bloom.get(carrier);
  return !!bits && bloomBits(uid).every((bit) => (bits[bit >> 3]! & (1 << (bit & 7))) !== 0);
}

/** A date-time as an instant in ms (NaN where it does not parse). */
const instant = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

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

// --- The record GET /lockers shows of a locker (lockers.ts listLockersFresh) ---

/** Variation ok-aq-list-metadata-integer-keys-first: a key JavaScript orders as an array index. */
const isIndexKey = (entry: Json): boolean => {
  const key: unknown = isObject(entry) ? (entry as Editable)['key'] : undefined;
  return typeof key === 'string' && /^(0|[1-9]\d{0,9})$/.test(key) && Number(key) < 2 ** 32 - 1;
};

/** Variation ok-aq-list-metadata-integer-keys-first: the entries in the property order of an object keyed by key. */
function inPropertyOrder(metadata: Json[]): Json[] {
  const indexed = metadata.filter(isIndexKey);
  if (indexed.length === 0) return metadata;
  const keyOf = (e: Json) => Number((e as Editable)['key']);
  return [...indexed.sort((a, b) => keyOf(a) - keyOf(b)), ...metadata.filter((e) => !isIndexKey(e))];
}

/**
 * Fault saq-list-projection-version-by-activation-date: the list read model's document of a locker, to which a write
 * (an event) is applied unless its carrier.activationDate is earlier than the document's.
 */
function projected(state: SetAQState, locker: StoredLocker): LockerRecord {
  const seen = JSON.stringify(locker.record);
  const held = state.projection.get(locker);
  if (!held) {
    state.projection.set(locker, { shown: structuredClone(locker.record), seen });
    return locker.record;
  }
  if (held.seen === seen) return held.shown;
  held.seen = seen;
  const older = instant(locker.record.carrier.activationDate) < instant(held.shown.carrier.activationDate);
  if (!older) held.shown = structuredClone(locker.record);
  return held.shown;
}

/**
 * The record GET /lockers shows of `locker`, or undefined where it lists none (as written: the stored record).
 * - Fault saq-provider-sync-reverts-rename: the sync, run since a rename, has put back the name as created.
 * - Fault saq-list-consumer-offset-reset-latest: a locker the consumer never saw is not listed until written again.
 * - Fault saq-list-projection-version-by-activation-date: the read model's document.
 * - Fault saq-list-status-sets-whole-carrier: after a status event, the carrier of the status DTO.
 * - Variation ok-aq-list-status-view-lags: the status before a change, for 500 ms.
 * - Variation ok-aq-list-metadata-integer-keys-first: the metadata in an object's property order.
 */
export function listedRecordBySetAQ(app: App, locker: StoredLocker): LockerRecord | undefined {
  if (!setOn(app)) return locker.record;
  const state = readModelOf(app);
  const now = Date.now();
  const created = state.created.get(locker);
  const updatedAt = state.updatedAt.get(locker);
  if (
    app.fault('saq-provider-sync-reverts-rename') &&
    created &&
    updatedAt !== undefined &&
    now - updatedAt >= SYNC_PERIOD_MS &&
    locker.record.carrier.lockerName !== created.name
  ) {
    locker.record.carrier.lockerName = created.name;
    app.lag.written(locker, locker.record);
  }
  const hidden = state.hidden.get(locker);
  if (hidden !== undefined && app.fault('saq-list-consumer-offset-reset-latest')) {
    if (hidden === JSON.stringify(locker.record)) return undefined;
    state.hidden.delete(locker);
  }
  let record = app.fault('saq-list-projection-version-by-activation-date') ? projected(state, locker) : locker.record;
  const carrierSet = state.carrierSet.get(locker);
  if (carrierSet !== undefined && app.fault('saq-list-status-sets-whole-carrier')) {
    if (carrierSet === carrierBesidesStatus(record)) {
      const carrier = { lockerName: null, lockerId: null, activationDate: null, status: record.carrier.status };
      record = { ...record, carrier: carrier as unknown as LockerRecord['carrier'] };
    } else state.carrierSet.delete(locker);
  }
  const changed = state.statusChanged.get(locker);
  if (app.fault('ok-aq-list-status-view-lags') && changed && now - changed.at < STATUS_VIEW_LAG_MS)
    record = { ...record, carrier: { ...record.carrier, status: changed.before } };
  if (app.fault('ok-aq-list-metadata-integer-keys-first') && Array.isArray(record.metadata)) {
    const metadata = inPropertyOrder(record.metadata);
    if (metadata !== record.metadata) record = { ...record, metadata };
  }
  return record;
}

// --- The provider a providerName filter compares (list-points.ts ofProvider) ---

/**
 * The provider name a locker is filtered by: its provider.name. Fault saq-provider-filter-owner-from-model-catalogue:
 * the search document's provider, the catalogue's owner of the locker's lockerModel where the catalogue has it.
 */
export function providerIndexedBySetAQ(app: App, record: LockerRecord): string {
  if (!app.fault('saq-provider-filter-owner-from-model-catalogue')) return record.provider.name;
  return (
    PROVIDER_MODELS.find((p) => p.lockerModel === record.provider.lockerModel)?.providerName ?? record.provider.name
  );
}

// --- A network add (networks.ts) ---

/**
 * The locker `uid` names that the network add takes as the carrier's (`owned`: the one the carrier owns, if any).
 * - Fault saq-network-owner-replica-lags-create: a locker created less than 1.5 s ago is unknown to the copy.
 * - Fault saq-network-ownership-bloom-filter: a locker whose uid the carrier's filter may hold is taken as owned.
 */
export function ownedBySetAQ(
  app: App,
  carrier: string,
  uid: string,
  owned: StoredLocker | undefined,
): StoredLocker | undefined {
  if (!setOn(app)) return owned;
  const state = readModelOf(app);
  if (owned && app.fault('saq-network-owner-replica-lags-create')) {
    const created = state.created.get(owned);
    if (created && Date.now() - created.at < REPLICA_LAG_MS) return undefined;
  }
  if (!owned && app.fault('saq-network-ownership-bloom-filter') && bloomMayHold(state, carrier, uid))
    return app.state.lockers.get(uid);
  return owned;
}

/** The records a network add answers. Fault saq-network-add-job-polled-once: none where the job is not done. */
export function polledBySetAQ<T>(app: App, added: T[]): T[] {
  return app.fault('saq-network-add-job-polled-once') && added.length >= UNFINISHED_JOB_LOCKERS ? [] : added;
}

// --- An update (locker-update.ts applyUpdate) ---

/**
 * The locker an update acts on, `locker` as found. Fault saq-update-instance-local-cache: the instance serving the
 * update does not know a locker the other created since its last reload (404). The update's time is kept for fault
 * saq-provider-sync-reverts-rename.
 */
export function servedBySetAQ(app: App, locker: StoredLocker): StoredLocker {
  if (!setOn(app)) return locker;
  const state = readModelOf(app);
  const now = Date.now();
  state.updatedAt.set(locker, now);
  if (app.fault('saq-update-instance-local-cache')) {
    const instance = state.updates++ % 2;
    const created = state.created.get(locker);
    const reloaded = created ? Math.floor(created.at / CACHE_RELOAD_MS) * CACHE_RELOAD_MS + CACHE_RELOAD_MS : 0;
    if (created && instance !== created.instance && now < reloaded)
      throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${locker.record.uid}"`);
  }
  return locker;
}

/**
 * The groups an update stores, `next` those sent. Fault saq-group-events-reordered-across-partitions: a held group of
 * a key sent with another uid on another partition stays beside it until its unassignment is consumed.
 */
export function groupsAssignedBySetAQ(app: App, locker: StoredLocker, next: LockerGroup[]): LockerGroup[] {
  if (!app.fault('saq-group-events-reordered-across-partitions')) return next;
  const stale = locker.lockerGroups.filter((held) =>
    next.some((g) => g.key === held.key && g.uid !== held.uid && partitionOf(g.uid, 4) !== partitionOf(held.uid, 4)),
  );
  if (stale.length === 0) return next;
  setTimeout(() => {
    locker.lockerGroups = locker.lockerGroups.filter((g) => !stale.includes(g));
    app.lag.written(locker, locker.record);
  }, UNASSIGN_LAG_MS).unref();
  return [...next, ...stale];
}

// --- A status change about to be made (locker-update.ts changeLockerStatus) ---

/**
 * A status change of `locker` that is about to be made.
 * - Variation ok-aq-status-409-while-provider-applies: refused 409 within 250 ms of the locker's last change.
 * - Fault saq-status-lww-clock-skew: a write stamped earlier than the stored value's is answered, then lost.
 * The time and the status before are kept for variation ok-aq-list-status-view-lags.
 */
export function statusBySetAQ(app: App, locker: StoredLocker): void {
  if (!setOn(app)) return;
  const state = readModelOf(app);
  const now = Date.now();
  const last = state.statusChanged.get(locker);
  if (app.fault('ok-aq-status-409-while-provider-applies') && last && now - last.at < PROVIDER_APPLIES_MS)
    throw new ApiError(
      409,
      'PROVIDER_SYNC_PENDING',
      `the provider is still applying the last status change of locker "${locker.record.uid}"`,
    );
  const before = locker.record.carrier.status;
  state.statusChanged.set(locker, { at: now, before });
  if (!app.fault('saq-status-lww-clock-skew')) return;
  const stamp = now - (state.statusWrites++ % 2 ? CLOCK_SKEW_MS : 0);
  if (stamp >= (state.stamp.get(locker) ?? Number.NEGATIVE_INFINITY)) {
    state.stamp.set(locker, stamp);
    return;
  }
  // The answer and the push are made from the write as the instance made it; the store keeps the value it had.
  queueMicrotask(() => {
    locker.record.carrier.status = before;
    app.lag.written(locker, locker.record);
  });
}
