// The faults' behaviour of how a status change is carried out and written (locker-update.ts changeLockerStatus, around
// status-points.ts guarded, status and answered): the lock it takes, a status asked for again, the transitions of an
// onboarding locker, the status log and the entity cache. With its fault off each point does what the service does.
import { perApp, type Switches } from '../../handlers/fault-point-state';
import type { StoredLocker } from '../../model';
import type { FaultPointApp, Reply } from '../../request-types';

// --- The status lock ---

/** Fault sbi-status-lock-left-by-conflict: per reference, the lockers whose lock a same-status request left taken. */
const statusLocks = new WeakMap<object, WeakSet<StoredLocker>>();

const statusLockedOf = (app: object) => perApp(statusLocks, app, () => new WeakSet<StoredLocker>());

/**
 * Fault sbi-status-lock-left-by-conflict: a change of a locker whose lock is taken is queued behind it, answered 202
 * with the locker as it is, and carried out when the lock is released, which never comes.
 */
export function statusQueuedBehindLock(
  app: FaultPointApp,
  locker: StoredLocker,
  view: () => unknown,
): Reply | undefined {
  if (!app.fault('sbi-status-lock-left-by-conflict') || !statusLockedOf(app).has(locker)) return undefined;
  return { status: 202, body: view() };
}

/**
 * Fault sbi-status-lock-left-by-conflict: the status change takes a per-locker lock, and the same-status branch
 * (answered 409, or 200) returns past the release. Called on that branch.
 */
export function statusLockLeftTaken(app: FaultPointApp, locker: StoredLocker): void {
  if (app.fault('sbi-status-lock-left-by-conflict')) statusLockedOf(app).add(locker);
}

// --- A status asked for again ---

/**
 * Variation ok-bi-same-status-repushed: a status change asking for the status the locker has is carried out as any
 * other, answered 200 with the locker record and pushed again (the provider side confirms it anew). Undefined where the
 * service answers as it chose (409).
 */
export function sameStatusRepushed(app: FaultPointApp, push: () => void, answer: () => Reply): Reply | undefined {
  if (!app.fault('ok-bi-same-status-repushed')) return undefined;
  push();
  return answer();
}

// --- A state machine with an onboarding state ---

/** Fault sbj-onboarding-state-no-disable: the carrier's lockers that left ONBOARDING (a booking, an ACTIVE request). */
const liveLockers = new WeakMap<object, Set<string>>();

/** A booking into a locker takes it out of ONBOARDING: the provider confirmed it on its first use. */
export function lockerWentLive(app: Switches, locker: StoredLocker): void {
  if (app.fault('sbj-onboarding-state-no-disable'))
    perApp(liveLockers, app, () => new Set<string>()).add(locker.record.uid);
}

/**
 * Whether the transition table has no line for the change asked: a carrier's locker is ONBOARDING (shown with the
 * status it was created with) until it went live, and ONBOARDING goes to ACTIVE only. Correct: every change applies.
 */
export function onboardingHasNoTransition(app: Switches, locker: StoredLocker, status: string): boolean {
  if (!app.fault('sbj-onboarding-state-no-disable') || locker.record.ownedByCarrier === null) return false;
  const live = perApp(liveLockers, app, () => new Set<string>());
  if (live.has(locker.record.uid)) return false;
  if (status !== 'ACTIVE') return true;
  live.add(locker.record.uid);
  return false;
}

// --- The status written ---

/** Fault sbi-status-log-kept-oldest: per reference, each locker's status log, the record showing its last row. */
const statusLogs = new WeakMap<object, WeakMap<StoredLocker, string[]>>();

/** The rows the status log keeps: the current status and the two before it (the portal's history widget). */
const STATUS_LOG_ROWS = 3;

/**
 * Fault sbi-status-log-kept-oldest: carrier.status is the last row of the locker's status log, which keeps three rows,
 * trimmed with `[...log, row].slice(0, 3)` where `slice(-3)` was meant: from a locker's third status change on, the
 * row written is cut off at once and the locker keeps the status of its second change.
 */
export function statusFromLog(app: FaultPointApp, locker: StoredLocker, asked: string): string {
  if (!app.fault('sbi-status-log-kept-oldest')) return asked;
  const logs = perApp(statusLogs, app, () => new WeakMap<StoredLocker, string[]>());
  const log = [...(logs.get(locker) ?? [locker.record.carrier.status]), asked].slice(0, STATUS_LOG_ROWS);
  logs.set(locker, log);
  return log[log.length - 1]!;
}

/** Fault sbi-status-revert-not-flushed: per reference, each locker's carrier.status as the cache first loaded it. */
const firstLoadedStatus = new WeakMap<object, WeakMap<StoredLocker, string>>();

/**
 * Fault sbi-status-revert-not-flushed: the status change works on the entity the second-level cache loaded first,
 * whose dirty check compares with the snapshot of that first load, never refreshed by a flush: a status set back to
 * the one the locker had then is not written, though the entity in memory, which the push and the answer were built
 * from, shows it. Called once the change is pushed and answered; `before` is the status stored before it.
 */
export function statusDirtyCheckedAgainstFirstLoad(
  app: FaultPointApp,
  locker: StoredLocker,
  before: string,
  reply: Reply,
): Reply {
  if (!app.fault('sbi-status-revert-not-flushed')) return reply;
  const loaded = perApp(firstLoadedStatus, app, () => new WeakMap<StoredLocker, string>());
  const first = perApp(loaded, locker, () => before);
  const record = locker.record;
  if (record.carrier.status !== before && record.carrier.status === first) {
    record.carrier.status = before;
    app.lag.written(locker, record);
  }
  return reply;
}
