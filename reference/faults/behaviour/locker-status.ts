// The faults' behaviour of a status change (status-points.ts): the locker it names, the status written, its push and
// answer. With its fault off each point does what the service does.
import type { ReferenceApp } from '../../app';
import { ApiError, notFound } from '../../errors';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { ListLag } from '../../list-lag';
import type { JsonObject, LockerRecord, StoredLocker, StoredParcel } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { lockerChanged, versionBumpedAt } from './lockers';
import {
  type App,
  attemptFailed,
  CLOCK_SKEW_MS,
  collectionMarksReset,
  lastDelivery,
  later,
  type LogApp,
  readModelOf,
  REPLAY_MS,
  searchIndexOf,
  readModelFaultsOn,
  suspendedLockers,
} from './shared';

/** Fault se-status-conflict-reads-provider-status: the status the "already has it" guard compares with. */
export function statusForConflict(app: Switches, record: LockerRecord): string {
  return app.fault('se-status-conflict-reads-provider-status') ? record.provider.status : record.carrier.status;
}

/** Variation ok-e-status-answer-ack: the status change answered with an acknowledgement, not the locker record. */
export function statusAnswer(app: Switches, record: LockerRecord, before: string, view: () => unknown): Reply {
  if (!app.fault('ok-e-status-answer-ack')) return { status: 200, body: view() };
  return { status: 200, body: { uid: record.uid, status: record.carrier.status, previousStatus: before } };
}

/**
 * Fault sg-disable-cascades-to-bookings: a locker set to a status other than ACTIVE has its booked parcels cancelled
 * by a bulk update that bypasses the parcel event publisher (no ParcelUpdates).
 */
export function disabledLockerBookingsCancelled(app: FaultPointApp, locker: StoredLocker, status: string): void {
  if (!app.fault('sg-disable-cascades-to-bookings') || status === 'ACTIVE') return;
  const at = new Date().toISOString();
  for (const parcel of app.state.parcels) {
    if (parcel.record.lockerUid !== locker.record.uid || parcel.record.shipmentStatus !== 'BOOKED') continue;
    parcel.record.shipmentStatus = 'CANCELLED';
    parcel.record.events.push({ type: 'CANCELLED', timestamp: at });
    app.lag.written(parcel, parcel.record);
  }
}

/** Fault sh-status-unscoped-lookup: the status write finds a carrier's locker by uid alone, whoever owns it. */
export function statusLockerByUidAlone(app: FaultPointApp, uid: string): StoredLocker | undefined {
  if (!app.fault('sh-status-unscoped-lookup')) return undefined;
  const locker = app.state.lockers.get(uid);
  return locker?.record.ownedByCarrier ? locker : undefined;
}

/** Fault sj-disable-closes-opening-hours: the opening hours each closed (disabled) locker had while it was open. */
const hoursWhileOpen = new WeakMap<StoredLocker, JsonObject>();

/**
 * Fault sj-disable-closes-opening-hours: a status change away from ACTIVE closes the locker the way the holiday
 * closure does, with a schedule of no opening slot; back to ACTIVE, the hours it had are put back.
 */
export function closedWhileDisabled(app: FaultPointApp, locker: StoredLocker): void {
  if (!app.fault('sj-disable-closes-opening-hours')) return;
  const record = locker.record;
  if (record.carrier.status !== 'ACTIVE' && !hoursWhileOpen.has(locker)) {
    hoursWhileOpen.set(locker, record.openingHours);
    const exceptions = structuredClone(record.openingHours['exceptions'] ?? []);
    record.openingHours = { accessMode: 'SCHEDULED', weeklySchedule: [], exceptions };
    return;
  }
  const open = hoursWhileOpen.get(locker);
  if (record.carrier.status === 'ACTIVE' && open) {
    record.openingHours = open;
    hoursWhileOpen.delete(locker);
  }
}

/** Fault sl-status-stale-lock-version: how long the status service keeps a locker's row version. */
const VERSION_CACHE_MS = 10 * 60 * 1000;

/**
 * Fault sl-status-stale-lock-version: the status service writes with the row version it cached when it last read the
 * locker (at its create or its last status write, kept 10 minutes), which an update since has made stale: the
 * optimistic-lock failure is answered 409.
 */
export function checkStatusRowVersion(app: FaultPointApp, locker: StoredLocker): void {
  const bumped = versionBumpedAt.get(locker);
  if (!app.fault('sl-status-stale-lock-version') || bumped === undefined || Date.now() - bumped > VERSION_CACHE_MS)
    return;
  throw new ApiError(409, 'CONCURRENT_MODIFICATION', `locker "${locker.record.uid}" was modified by another request`);
}

/** Variation ok-l-status-answer-204: a status change carried out is answered 204 with no body. */
export function statusChangeAnswer(app: FaultPointApp, reply: Reply): Reply {
  return app.fault('ok-l-status-answer-204') ? { status: 204 } : reply;
}

/** Variation ok-n-status-applied-async: how long a queued status change waits for the provider's acknowledgement. */
const STATUS_QUEUE_MS = 300;
/** Variation ok-n-status-applied-async: the statuses each locker was asked for and not yet given, oldest first. */
const pendingStatus = new WeakMap<StoredLocker, string[]>();
/** Variation ok-n-status-applied-async: set while a queued change is carried out (then it is applied at once). */
let applyingQueued = false;

/**
 * Variation ok-n-status-applied-async: a status change is accepted with 202 and applied 300 ms later, its record and
 * its LockerUpdates then, as the provider acknowledges it; a request is judged against the status last asked for (a
 * repeat of a queued status is accepted again). Undefined where the change is carried out now.
 */
export function statusQueued(
  app: FaultPointApp,
  locker: StoredLocker,
  status: string,
  carryOut: () => unknown,
): Reply | undefined {
  if (!app.fault('ok-n-status-applied-async') || applyingQueued) return undefined;
  const queue = pendingStatus.get(locker) ?? [];
  if (queue.length === 0 && locker.record.carrier.status === status) return undefined;
  const answer = { status: 202, body: { uid: locker.record.uid, requestedStatus: status, state: 'QUEUED' } };
  if (queue.at(-1) === status) return answer;
  pendingStatus.set(locker, [...queue, status]);
  setTimeout(() => {
    applyingQueued = true;
    try {
      carryOut();
    } catch {
      // the change is moot (the locker has that status already): nothing to apply
    } finally {
      applyingQueued = false;
      pendingStatus.set(locker, pendingStatus.get(locker)?.slice(1) ?? []);
    }
  }, STATUS_QUEUE_MS).unref();
  return answer;
}

const replays = new WeakMap<FaultPointApp, Map<string, { at: number; reply: Reply }>>();

/**
 * Fault sp-status-replayed-by-body-hash: an idempotency filter for the portal's double submits keys PATCH
 * /lockers/status by the caller and a hash of the body, and answers a body seen within a minute with the stored answer,
 * whatever the locker went through since: the request is not carried out.
 */
export function replayedByBody(app: FaultPointApp, ctx: RequestContext, change: () => Reply): Reply {
  if (!app.fault('sp-status-replayed-by-body-hash')) return change();
  const store = replays.get(app) ?? new Map<string, { at: number; reply: Reply }>();
  replays.set(app, store);
  const key = `${ctx.carrier.name}\n${ctx.raw ?? ''}`;
  const hit = store.get(key);
  if (hit && Date.now() - hit.at < REPLAY_MS) return structuredClone(hit.reply);
  const reply = change();
  if (reply.status < 300) store.set(key, { at: Date.now(), reply: structuredClone(reply) });
  return reply;
}

/**
 * Fault sr-status-joined-with-network: the status service finds the locker through its network membership (an inner
 * join with the membership table), so an owned locker in no network is not found.
 */
export function checkInSomeNetwork(app: FaultPointApp, locker: StoredLocker): void {
  if (!app.fault('sr-status-joined-with-network')) return;
  const uid = locker.record.uid;
  if (![...app.state.networks.values()].some((n) => n.members.has(uid)))
    throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
}

/**
 * Fault st-status-guard-first-carrier: the status route's key guard, written for the operator tool, resolves the
 * caller with carriers.find(() => keys.includes(sent)), a predicate that ignores its element: any valid key is served
 * as the first carrier.
 */
export function statusCaller(app: ReferenceApp, ctx: RequestContext): RequestContext {
  return app.fault('st-status-guard-first-carrier') ? { ...ctx, carrier: app.options.carriers[0]! } : ctx;
}

/** Characters an HTTP header value may not hold (Node's checkInvalidHeaderChar). */
const NOT_IN_HEADER = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * Fault st-status-push-name-header: the status event publisher sets X-Locker-Name: carrier.lockerName on the delivery,
 * and the HTTP client throws ERR_INVALID_CHAR for a value with a character beyond Latin-1 or a control character; the
 * publisher logs it and sends nothing. False: the status change's LockerUpdates is not sent.
 */
export function nameFitsHeader(app: ReferenceApp, locker: StoredLocker): boolean {
  return !app.fault('st-status-push-name-header') || !NOT_IN_HEADER.test(locker.record.carrier.lockerName);
}

/**
 * What a status change does once the new status is on the record (`before`: the status it had).
 * - Fault sal-enable-reopens-keeps-schedule: enabling sets openingHours.accessMode ALWAYS, the schedule kept.
 * - Fault sal-status-change-resets-collection-mark: the locker's "last notified" is reset.
 * - Fault sal-reenabled-locker-still-suspended: a disable suspends the locker for the allocation, for good.
 */
export function statusWrittenSideEffects(app: Switches, locker: StoredLocker, before: string): void {
  const record = locker.record;
  const now = record.carrier.status;
  if (now === before) return;
  const hours: Editable | undefined = record.openingHours;
  if (app.fault('sal-enable-reopens-keeps-schedule') && now === 'ACTIVE' && isObject(hours))
    hours['accessMode'] = 'ALWAYS';
  if (app.fault('sal-status-change-resets-collection-mark'))
    perApp(collectionMarksReset, app, () => new Set<string>()).add(record.uid);
  if (app.fault('sal-reenabled-locker-still-suspended') && now !== 'ACTIVE')
    perApp(suspendedLockers, app, () => new Set<string>()).add(record.uid);
}

/**
 * The answer of a status change, once made and pushed. Fault sal-status-written-by-registered-id: the status lands on
 * the carrier's locker holding the carrier.lockerId the named one was created with, the answer as made.
 */
export function statusWrittenByRegisteredId(
  app: StateApp,
  carrier: string,
  locker: StoredLocker,
  before: string,
  reply: Reply,
): Reply {
  const registered = locker.createdAs;
  if (!app.fault('sal-status-written-by-registered-id') || registered === undefined) return reply;
  if (registered === locker.record.carrier.lockerId) return reply;
  const status = locker.record.carrier.status;
  locker.record.carrier.status = before;
  const holder = [...app.state.lockers.values()].find(
    (l) => l.record.ownedByCarrier === carrier && l.record.carrier.lockerId === registered,
  );
  if (holder) holder.record.carrier.status = status;
  return reply;
}

/** Variation ok-al-provider-ack-second-push: how long the provider takes to acknowledge a status change. */
const PROVIDER_ACK_MS = 150;

// --- A status change, a network add, a cancel, a collection ---

/**
 * A status change once answered and pushed (`before`: the status the locker had).
 * - Variation ok-al-locker-status-in-parcel-history: each parcel booked in the locker gets a history entry and a
 *   ParcelUpdates (`pushParcel`).
 * - Variation ok-al-provider-ack-second-push: the provider's acknowledgement sets provider.status and is pushed
 *   (`pushLocker`).
 */
export function statusPushedToHistoryAndProvider(
  app: StateApp & { now(): string },
  locker: StoredLocker,
  before: string,
  pushParcel: (parcel: StoredParcel) => void,
  pushLocker: () => void,
): void {
  const status = locker.record.carrier.status;
  if (status === before) return;
  lockerChanged(app, locker);
  if (app.fault('ok-al-locker-status-in-parcel-history')) {
    const type = status === 'ACTIVE' ? 'LOCKER_ENABLED' : 'LOCKER_DISABLED';
    for (const parcel of app.state.parcels) {
      if (parcel.record.lockerUid !== locker.record.uid || parcel.record.shipmentStatus !== 'BOOKED') continue;
      parcel.record.events.push({ type, timestamp: app.now() });
      pushParcel(parcel);
    }
  }
  if (app.fault('ok-al-provider-ack-second-push'))
    setTimeout(() => {
      if (locker.record.carrier.status !== status) return;
      locker.record.provider.status = status;
      pushLocker();
    }, PROVIDER_ACK_MS).unref();
}

/** Fault san-status-batch-flush-last-value: how long after its first command a batch of status writes is flushed. */
const STATUS_FLUSH_MS = 100;

type StatusBatch = { pending: { locker: StoredLocker; status: string }[]; timer?: NodeJS.Timeout | undefined };
const statusBatches = new WeakMap<object, StatusBatch>();

/**
 * A status change's answer, once it was answered and pushed. Fault san-status-batch-flush-last-value: the row keeps
 * the status it had until the batch is flushed, 100 ms after its first command, with the batch's last status for
 * every locker in it.
 */
export function statusBatchFlushed(
  app: Pick<FaultPointApp, 'fault' | 'lag'>,
  locker: StoredLocker,
  before: string,
  reply: Reply,
): Reply {
  const asked = locker.record.carrier.status;
  if (!app.fault('san-status-batch-flush-last-value') || asked === before) return reply;
  locker.record.carrier.status = before;
  const batch = perApp<StatusBatch>(statusBatches, app, () => ({ pending: [] }));
  batch.pending.push({ locker, status: asked });
  batch.timer ??= later(STATUS_FLUSH_MS, () => {
    const written = batch.pending.splice(0);
    batch.timer = undefined;
    const status = written.at(-1)!.status; // UPDATE ... SET status = :status WHERE uid IN (...)
    for (const { locker: l } of written) {
      l.record.carrier.status = status;
      app.lag.written(l, l.record);
    }
  });
  return reply;
}

/** Variation ok-aq-status-409-while-provider-applies: how long the provider takes to apply a status change. */
const PROVIDER_APPLIES_MS = 250;

// --- A status change about to be made (locker-update.ts changeLockerStatus) ---

/**
 * A status change of `locker` that is about to be made.
 * - Variation ok-aq-status-409-while-provider-applies: refused 409 within 250 ms of the locker's last change.
 * - Fault saq-status-lww-clock-skew: a write stamped earlier than the stored value's is answered, then lost.
 * The time and the status before are kept for variation ok-aq-list-status-view-lags.
 */
export function statusStoreBeforeWrite(app: App, locker: StoredLocker): void {
  if (!readModelFaultsOn(app)) return;
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

/**
 * Fault sbh-status-held-while-push-undelivered: a status change waits for the carrier's acknowledgement of the
 * locker's last LockerUpdates.
 */
export function statusHeldForUnacknowledgedPush(app: LogApp, locker: StoredLocker): void {
  if (!app.fault('sbh-status-held-while-push-undelivered')) return;
  const delivery = lastDelivery(
    app,
    (b) => b['uid'] === locker.record.uid && isObject(b['carrier']) && isObject(b['provider']),
  );
  if (delivery && attemptFailed(delivery.statuses.at(-1)))
    throw new ApiError(
      409,
      'STATUS_CHANGE_PENDING',
      `locker "${locker.record.uid}" has a status event the carrier has not acknowledged`,
    );
}

// --- A status written (status-points.ts) ---

/** Fault sas-list-status-greatest-of-history: a status change adds a row to the locker's status history. */
export function statusRowsKept(app: Switches, locker: StoredLocker, before: string, status: string): void {
  if (!app.fault('sas-list-status-greatest-of-history')) return;
  const rows = searchIndexOf(app).statusRows;
  const held = rows.get(locker.record.uid) ?? new Set<string>();
  held.add(before).add(status);
  rows.set(locker.record.uid, held);
}

// --- A status change (status-points.ts) ---

/**
 * Fault sav-status-disable-waits-for-drain: a change away from ACTIVE of a locker holding a BOOKED parcel is recorded
 * as pending until the locker is empty, for the drain job, which only production runs; the answer and the LockerUpdates
 * are made from the command. The answer where that happens, undefined otherwise.
 */
/** What the drain point needs of the app: its records, and the locker's push and view. */
type DrainApp = StateApp & {
  emitLockerUpdate(locker: StoredLocker, cause: 'status', statusBefore?: string): void;
  lockerView(locker: StoredLocker): object;
  readonly lag: ListLag;
};

export function disableWaitsForDrain(app: DrainApp, locker: StoredLocker, status: string): Reply | undefined {
  if (!app.fault('sav-status-disable-waits-for-drain')) return undefined;
  const before = locker.record.carrier.status;
  if (status === 'ACTIVE' || status === before) return undefined;
  const uid = locker.record.uid;
  if (!app.state.parcels.some((p) => p.record.lockerUid === uid && p.record.shipmentStatus === 'BOOKED'))
    return undefined;
  locker.record.carrier.status = status;
  try {
    app.emitLockerUpdate(locker, 'status', before);
    return { status: 200, body: app.lockerView(locker) };
  } finally {
    locker.record.carrier.status = before;
    app.lag.written(locker, locker.record);
  }
}

// --- A status change to the status held (status-points.ts deferred) ---

type StatusApp = Switches & { emitLockerUpdate(locker: StoredLocker, cause: 'status', statusBefore?: string): void };

/**
 * Fault say-status-conflict-resyncs-provider-side: the same-status branch shares the conflict handler of the provider
 * integration, which resyncs the carrier side from the provider side once the request is answered: carrier.status
 * takes provider.status, and the change is pushed. Never an answer of its own.
 */
export function sameStatusResyncsProvider(app: StatusApp, locker: StoredLocker, asked: string): Reply | undefined {
  if (!app.fault('say-status-conflict-resyncs-provider-side') || locker.record.carrier.status !== asked) return;
  setImmediate(() => {
    const before = locker.record.carrier.status;
    if (before === locker.record.provider.status) return;
    locker.record.carrier.status = locker.record.provider.status;
    app.emitLockerUpdate(locker, 'status', before);
  });
  return undefined;
}
