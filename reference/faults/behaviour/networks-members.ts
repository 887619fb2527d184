// The faults' behaviour of a network add as the network service's own memory of lockers makes it (networks.ts
// addNetworkLockers, around network-points.ts locker, member and written): the selection and the requests it was sent
// before, the uids it checked, the lockers its planner withdrew, the provider it is bound to, the names it took from
// rename events and its status words. With its fault off each point does what the service does.
import { isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { Network, NetworkLockerRecord, StoredLocker } from '../../model';
import type { FaultPointApp, RequestContext } from '../../request-types';

// --- The selection and the requests sent before ---

/** Fault sbi-network-selection-defaults-to-last: per reference, each network's last selection of lockerUids. */
const lastSelections = new WeakMap<object, WeakMap<Network, string[]>>();

const lastSelectionOf = (app: object) => perApp(lastSelections, app, () => new WeakMap<Network, string[]>());

/**
 * Fault sbi-network-selection-defaults-to-last: the network add binds lockerUids with the portal's selection as its
 * default, the last lockerUids the network was sent: a body without lockerUids (or with null) is taken as that
 * selection again. The request as the handler reads it.
 */
export function selectionDefaultedToLast(app: FaultPointApp, network: Network, ctx: RequestContext): RequestContext {
  if (!app.fault('sbi-network-selection-defaults-to-last') || !isObject(ctx.body)) return ctx;
  const last = lastSelectionOf(app).get(network);
  if (!last || (ctx.body['lockerUids'] !== undefined && ctx.body['lockerUids'] !== null)) return ctx;
  return {
    ...ctx,
    body: { ...ctx.body, lockerUids: last.map(Number) },
    raw: `{"lockerUids":[${last.join(',')}]}`,
  };
}

/** Fault sbi-network-selection-defaults-to-last: the selection an add was sent, kept as the next default. */
export function selectionKept(app: FaultPointApp, network: Network, lockerUids: string[]): void {
  if (app.fault('sbi-network-selection-defaults-to-last') && lockerUids.length)
    lastSelectionOf(app).set(network, [...lockerUids]);
}

/** Fault sbi-network-answer-diffed-with-last-request: per reference, each network's previous add request's uids. */
const lastAddRequests = new WeakMap<object, WeakMap<Network, Set<string>>>();

const lastAddRequestOf = (app: object) => perApp(lastAddRequests, app, () => new WeakMap<Network, Set<string>>());

/**
 * Fault sbi-network-answer-diffed-with-last-request: "newly added" is worked out as the uids of this request that the
 * network's previous add request did not name (so that a retried add lists nothing), not from the membership.
 * `held`: whether the membership holds the locker. A uid named twice in one request is in the difference once.
 */
export function memberOfLastRequest(
  app: FaultPointApp,
  network: Network,
  lockerUids: string[],
  uid: string,
  held: boolean,
): boolean {
  if (!app.fault('sbi-network-answer-diffed-with-last-request')) return held;
  const named = perApp(namedInRequest, lockerUids, () => new Set<string>());
  if (named.has(uid)) return true;
  named.add(uid);
  return lastAddRequestOf(app).get(network)?.has(uid) ?? false;
}

/** Fault sbi-network-answer-diffed-with-last-request: the uids of one request met so far. */
const namedInRequest = new WeakMap<object, Set<string>>();

/** Fault sbi-network-answer-diffed-with-last-request: the request's lockerUids, kept for the next add. */
export function lastAddRequestKept(app: FaultPointApp, network: Network, lockerUids: string[]): void {
  if (app.fault('sbi-network-answer-diffed-with-last-request')) lastAddRequestOf(app).set(network, new Set(lockerUids));
}

// --- The lockers an add takes ---

/** Fault sbi-network-checked-uid-memo: per reference, the lockerUids each network's ownership check looked at. */
const checkedUids = new WeakMap<object, WeakMap<Network, Set<string>>>();

/**
 * Fault sbi-network-checked-uid-memo: the portal sends a network's whole selection with every add, so the ownership
 * check is spared for the lockerUids it has already looked at, kept per network in a "checked" set that is filled with
 * every uid looked up, skipped ones too: a locker skipped as not owned is added when it is named again.
 */
export function checkedUidTakenAsOwned(
  app: FaultPointApp,
  network: Network,
  uid: string,
  owned: StoredLocker | undefined,
): StoredLocker | undefined {
  if (!app.fault('sbi-network-checked-uid-memo')) return owned;
  const memos = perApp(checkedUids, app, () => new WeakMap<Network, Set<string>>());
  const checked = memos.get(network) ?? new Set<string>();
  memos.set(network, checked);
  if (checked.has(uid)) return owned ?? app.state.lockers.get(uid);
  checked.add(uid);
  return owned;
}

/** Fault sbi-network-reenabled-still-withdrawn: per reference, lockers a disable withdrew from the network plan. */
const withdrawnLockers = new WeakMap<object, WeakSet<StoredLocker>>();

const withdrawnOf = (app: object) => perApp(withdrawnLockers, app, () => new WeakSet<StoredLocker>());

/**
 * Fault sbi-network-reenabled-still-withdrawn: the network planner withdraws a locker from its plan on the disable
 * event, and never handles the enable event: a status change away from ACTIVE marks the locker for good.
 */
export function withdrawnOnDisable(app: FaultPointApp, locker: StoredLocker, status: string): void {
  if (app.fault('sbi-network-reenabled-still-withdrawn') && status !== 'ACTIVE') withdrawnOf(app).add(locker);
}

/** Fault sbi-network-reenabled-still-withdrawn: whether the network add skips the owned locker as withdrawn. */
export function withdrawnFromPlan(app: FaultPointApp, locker: StoredLocker): boolean {
  return app.fault('sbi-network-reenabled-still-withdrawn') && withdrawnOf(app).has(locker);
}

/** Fault sbj-network-bound-to-first-provider: the provider each network was bound to by its first member. */
const networkProviders = new WeakMap<Network, string>();

/** Whether an owned locker is skipped: a network's members are looked up in the table of the network's provider. */
export function outsideNetworkProvider(app: Switches, network: Network, locker: StoredLocker): boolean {
  if (!app.fault('sbj-network-bound-to-first-provider')) return false;
  const provider = networkProviders.get(network);
  if (provider === undefined) networkProviders.set(network, locker.record.provider.name);
  return provider !== undefined && provider !== locker.record.provider.name;
}

// --- The network record of a locker ---

/** Fault sbi-network-name-rename-dedup: per reference, the network service's name of each locker, names consumed. */
const networkNames = new WeakMap<object, WeakMap<StoredLocker, { name: string; seen: Set<string> }>>();

const networkNamesOf = (app: object) =>
  perApp(networkNames, app, () => new WeakMap<StoredLocker, { name: string; seen: Set<string> }>());

/**
 * Fault sbi-network-name-rename-dedup: the network service keeps each locker's name from the rename events and drops
 * an event whose (uid, lockerName) it consumed before (meant for redeliveries): a rename back to a former name is
 * dropped. Called after an accepted update; `nameBefore` is the name the locker had.
 */
export function renameEventConsumed(app: FaultPointApp, locker: StoredLocker, nameBefore: string): void {
  if (!app.fault('sbi-network-name-rename-dedup')) return;
  const name = locker.record.carrier.lockerName;
  const held = perApp(networkNamesOf(app), locker, () => ({ name: nameBefore, seen: new Set([nameBefore]) }));
  if (held.seen.has(name)) return;
  held.seen.add(name);
  held.name = name;
}

/** Fault sbi-network-name-rename-dedup: the network record's lockerName, the network service's name of the locker. */
export function memberNamedByNetworkService(
  app: FaultPointApp,
  locker: StoredLocker,
  member: NetworkLockerRecord,
): NetworkLockerRecord {
  const held = app.fault('sbi-network-name-rename-dedup') ? networkNamesOf(app).get(locker) : undefined;
  if (held) member.lockerName = held.name;
  return member;
}

/** Variation ok-bj-network-carrier-status-words: the carrier side of a membership in the network service's words. */
const NETWORK_WORDS: Record<string, string> = { ACTIVE: 'ENABLED', INACTIVE: 'DISABLED' };

export function networkStatusWords(app: Switches, member: NetworkLockerRecord): void {
  if (!app.fault('ok-bj-network-carrier-status-words') || typeof member.carrierLockerStatus !== 'string') return;
  member.carrierLockerStatus = NETWORK_WORDS[member.carrierLockerStatus] ?? member.carrierLockerStatus;
}
