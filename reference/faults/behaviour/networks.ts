// The faults' behaviour of a network add (network-points.ts, networks.ts). With its fault off each point does what the
// service does.
import { randomBytes } from 'node:crypto';
import { parse } from 'lossless-json';
import type { ReferenceApp } from '../../app';
import { ApiError, notFound } from '../../errors';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { LockerRecord, Network, NetworkLockerRecord, StoredLocker } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { PROVIDER_MODELS } from '../../seed';
import { sentMember } from './lockers';
import { heldBeforeJoinOf } from './parcels';
import {
  type App,
  bloomBits,
  type CarriersApp,
  deploymentOf,
  isSecondCarrier,
  readModelOf,
  type ReadModelState,
  readModelFaultsOn,
} from './shared';

/** Fault sc-network-owned-cache: each carrier's owned locker uids, as read at its first network add. */
const ownedCache = new WeakMap<FaultPointApp, Map<string, Set<string>>>();

/** The uids a carrier owned when it first added lockers to a network: the cache is never evicted on a create. */
export function ownedAtFirstAdd(app: FaultPointApp, carrier: string): Set<string> {
  const byCarrier = ownedCache.get(app) ?? new Map<string, Set<string>>();
  ownedCache.set(app, byCarrier);
  const held = byCarrier.get(carrier) ?? new Set(app.state.lockerRecordsOwnedBy(carrier).map((r) => r.uid));
  byCarrier.set(carrier, held);
  return held;
}

/** Fault se-network-unknown-locker-404: every locker named is loaded (findAllById, orElseThrow) before the skip. */
export function loadEveryNamedLocker(app: FaultPointApp, lockerUids: readonly string[]): void {
  if (!app.fault('se-network-unknown-locker-404')) return;
  const missing = lockerUids.find((uid) => !app.state.lockers.has(uid));
  if (missing !== undefined) throw notFound('LOCKER_NOT_FOUND', `no locker has uid ${missing}`);
}

/** Variation ok-e-network-answer-uid-descending: the records of a network add, highest lockerUid first. */
export function networkAnswerOrder<T extends { lockerUid: unknown }>(app: Switches, added: T[]): T[] {
  if (!app.fault('ok-e-network-answer-uid-descending')) return added;
  const uid = (r: T) => BigInt(String(r.lockerUid));
  return [...added].sort((a, b) => (uid(a) < uid(b) ? 1 : uid(a) > uid(b) ? -1 : 0));
}

/**
 * Fault sg-network-add-replaces-members: the add saves the network's membership as the owned lockers of the request,
 * a replacement, not an addition: members not named again are dropped, and are "newly added" when named later.
 */
export function membershipReplaced(app: FaultPointApp, network: Network, carrier: string, uids: string[]): void {
  if (!app.fault('sg-network-add-replaces-members')) return;
  const named = new Set(uids.filter((uid) => app.state.ownedLocker(carrier, uid)));
  for (const uid of [...network.members.keys()]) if (!named.has(uid)) network.members.delete(uid);
}

/**
 * Fault sg-network-add-sets-carrier-status: one status column holds the carrier-side status and the network's, so a
 * locker added to a network takes the network status as its carrier.status (no LockerUpdates).
 */
export function networkStatusWritten(app: FaultPointApp, locker: StoredLocker, networkStatus: string): void {
  if (!app.fault('sg-network-add-sets-carrier-status')) return;
  locker.record.carrier.status = networkStatus;
  app.lag.written(locker, locker.record);
}

/**
 * Fault sh-network-add-rolled-back-on-skip: a not-owned or unknown locker was skipped by a caught exception, which
 * marked the transaction rollback-only: the memberships as they were before the request are put back.
 */
export function rolledBackOnSkip(
  app: FaultPointApp,
  network: Network,
  before: ReadonlyMap<string, NetworkLockerRecord>,
  skippedNotOwned: boolean,
): void {
  if (!app.fault('sh-network-add-rolled-back-on-skip') || !skippedNotOwned) return;
  network.members.clear();
  for (const [uid, member] of before) network.members.set(uid, member);
}

/** Fault sj-network-owner-from-path: the carrier a network add acts as, the network's owner under the fault. */
export function networkActor(app: FaultPointApp, network: Network | undefined, caller: string): string {
  return app.fault('sj-network-owner-from-path') && network ? network.owner : caller;
}

/** Fault sl-network-path-uid-ignored: the network an add acts on, the caller's own under the fault. */
export function networkOfPath(app: FaultPointApp, raw: string, caller: string): Network | undefined {
  if (!app.fault('sl-network-path-uid-ignored')) return app.state.networks.get(Number(raw));
  return [...app.state.networks.values()].find((n) => n.owner === caller);
}

/** Fault sl-network-membership-by-locker-id: the carrier.lockerIds each network's membership rows are keyed by. */
const membershipKeys = new WeakMap<Network, Set<string>>();

/**
 * Whether a locker is already a member of the network. Fault sl-network-membership-by-locker-id: the membership rows
 * are keyed by (network, carrier.lockerId) and looked up by the locker's current carrier.lockerId.
 */
export function memberAlready(app: FaultPointApp, network: Network, locker: StoredLocker | undefined, held: boolean) {
  if (!app.fault('sl-network-membership-by-locker-id') || !locker) return held;
  return membershipKeys.get(network)?.has(locker.record.carrier.lockerId) ?? false;
}

/** Fault sl-network-membership-by-locker-id: the membership row written under the locker's carrier.lockerId. */
export function membershipWritten(app: FaultPointApp, network: Network, locker: StoredLocker): void {
  if (!app.fault('sl-network-membership-by-locker-id')) return;
  const keys = membershipKeys.get(network) ?? new Set<string>();
  membershipKeys.set(network, keys);
  keys.add(locker.record.carrier.lockerId);
}

/**
 * Fault sn-network-answer-zipped-by-position: the add inserts the owned lockers named with ON CONFLICT DO NOTHING
 * RETURNING, and maps the returned rows to records by position in the request's owned lockers: where a named locker
 * was a member already, the answer describes the lockers named first, not the ones inserted.
 */
export function zippedByPosition(
  app: FaultPointApp,
  network: Network,
  actor: string,
  lockerUids: readonly string[],
  added: unknown[],
): void {
  if (!app.fault('sn-network-answer-zipped-by-position')) return;
  const owned = lockerUids.filter((uid) => app.state.ownedLocker(actor, uid));
  for (let i = 0; i < added.length && i < owned.length; i++) {
    const member = network.members.get(owned[i]!);
    if (member) added[i] = { ...member };
  }
}

/**
 * Fault sp-network-provider-status-from-feed: providerLockerStatus is read from the provider status feed by the
 * provider-side id, which the feed does not know where the service made that id up (PL-<uid>): null.
 */
export function feedStatuses(app: FaultPointApp, added: unknown[]): void {
  if (!app.fault('sp-network-provider-status-from-feed')) return;
  for (const entry of added) {
    const record = entry as Editable;
    const locker = app.state.lockers.get(String(record['lockerUid']));
    if (locker && locker.record.provider.lockerUid === `PL-${locker.record.uid}`) record['providerLockerStatus'] = null;
  }
}

/**
 * Fault sr-network-single-record-unwrapped: the network service answers XML, converted to JSON with a converter set to
 * explicitArray false, which writes a list of one element as that element: an add of exactly one new locker is answered
 * with the record, not an array of one. Variation ok-r-network-add-201: an add that added a locker answers 201.
 */
export function networkAnswer(app: FaultPointApp, added: unknown[]): Reply {
  const status = app.fault('ok-r-network-add-201') && added.length > 0 ? 201 : 200;
  const single = app.fault('sr-network-single-record-unwrapped') && added.length === 1;
  return { status, body: single ? added[0] : added };
}

/** A uid as the int64 a network record carries. */
const int64 = (uid: string) => (BigInt(uid) > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(uid) : Number(uid));

/** Fault st-network-add-batch-outcomes: the record of a named locker that was not added, with its outcome. */
function outcomeRecord(uid: string, record: LockerRecord, outcome: string): Editable {
  return {
    lockerUid: int64(uid),
    providerName: record.provider.name,
    lockerName: record.carrier.lockerName,
    providerLockerStatus: record.provider.status,
    carrierLockerStatus: record.carrier.status,
    networkLockerStatus: outcome,
    carrierLockerId: record.carrier.lockerId,
    providerLockerId: record.provider.lockerUid,
  };
}

/**
 * The network add's answer as these faults write it. Fault st-network-add-batch-outcomes: the answer is the batch
 * result of the membership service, one record per named locker that exists, in the order named, its outcome in
 * networkLockerStatus: the added ones as before, a member already ALREADY_MEMBER, a locker not the caller's NOT_OWNED.
 * Fault st-network-name-display-label: lockerName is written by the portal's display formatter, which tells apart two
 * of the carrier's lockers of one carrier.lockerName by appending the carrier.lockerId, "Kiosk (L-7)".
 */
export function networkBatchOutcomes(
  app: ReferenceApp,
  actor: string,
  network: Network,
  lockerUids: string[],
  added: Editable[],
): void {
  if (!app.fault('st-network-name-display-label') && !app.fault('st-network-add-batch-outcomes')) return;
  const owned = app.state.lockerRecordsOwnedBy(actor);
  for (const entry of app.fault('st-network-name-display-label') ? added : []) {
    const record = owned.find((r) => r.uid === String(entry['lockerUid']));
    const namesakes = record ? owned.filter((r) => r.carrier.lockerName === record.carrier.lockerName) : [];
    if (record && namesakes.length > 1 && typeof entry['lockerName'] === 'string')
      entry['lockerName'] = `${entry['lockerName']} (${record.carrier.lockerId})`;
  }
  if (!app.fault('st-network-add-batch-outcomes')) return;
  const byUid = new Map(added.map((e) => [String(e['lockerUid']), e]));
  const result: Editable[] = [];
  for (const uid of new Set(lockerUids)) {
    const locker = app.state.lockers.get(uid);
    const mine = locker?.record.ownedByCarrier === actor;
    const entry =
      byUid.get(uid) ?? (locker && outcomeRecord(uid, locker.record, mine ? 'ALREADY_MEMBER' : 'NOT_OWNED'));
    if (entry && (byUid.has(uid) || !mine || network.members.has(uid))) result.push(entry);
  }
  added.splice(0, added.length, ...result);
}

/**
 * Fault sv-network-member-index-without-network: a unique index on the carrier locker id alone (no network column)
 * and ON CONFLICT DO NOTHING. True: the insert did nothing, a member of any network holding that lockerId.
 */
export function lockerIdIndexed(app: FaultPointApp, locker: StoredLocker | undefined): boolean {
  if (!locker || !app.fault('sv-network-member-index-without-network')) return false;
  const id = locker.record.carrier.lockerId;
  return [...app.state.networks.values()].some((network: Network) =>
    [...network.members].some(
      ([uid, member]) =>
        uid !== locker.record.uid &&
        (member.carrierLockerId ?? app.state.lockers.get(uid)?.record.carrier.lockerId) === id,
    ),
  );
}

/**
 * Fault sw-network-owned-by-bookings: ownership read from the carrier's fleet view, its own lockers and the third-party
 * lockers holding one of its bookings. The third-party locker the view adds, if any.
 */
export function fleetLocker(app: FaultPointApp, carrier: string, uid: string): StoredLocker | undefined {
  if (!app.fault('sw-network-owned-by-bookings')) return;
  const locker = app.state.lockers.get(uid);
  if (!locker || locker.record.ownedByCarrier !== null) return;
  const booked = (p: (typeof app.state.parcels)[number]) =>
    p.owner === carrier && p.record.lockerUid === uid && p.record.shipmentStatus === 'BOOKED';
  return app.state.parcels.some(booked) ? locker : undefined;
}

/**
 * Fault saa-network-answer-sparse-keys: the records are kept at the position of the uid they were named by, and the
 * answer is array_filter of them through json_encode: an array only where the new lockers are the first ones named.
 */
export function sparseKeyed(app: FaultPointApp, lockerUids: string[], reply: Reply): Reply {
  if (!app.fault('saa-network-answer-sparse-keys') || reply.status >= 300 || !Array.isArray(reply.body)) return reply;
  const positions = reply.body.map((r: unknown) => lockerUids.indexOf(isObject(r) ? String(r['lockerUid']) : ''));
  if (positions.every((p, i) => p === i)) return reply;
  const keyed: Record<string, unknown> = {};
  positions.forEach((p, i) => (keyed[String(p)] = (reply.body as unknown[])[i]));
  return { ...reply, body: keyed };
}

/** Variation ok-aa-network-provider-unconfirmed: the provider has not confirmed the lockers added yet. */
export function unconfirmedByProvider(app: FaultPointApp, added: Record<string, unknown>[]): void {
  if (!app.fault('ok-aa-network-provider-unconfirmed')) return;
  for (const record of added) if ('providerLockerStatus' in record) record['providerLockerStatus'] = 'UNCONFIRMED';
}

/** Variation ok-al-network-status-suspended: a locker not ACTIVE joins a network SUSPENDED. */
export function networkStatusSuspended(app: Switches, locker: StoredLocker, status: string): string {
  return app.fault('ok-al-network-status-suspended') && locker.record.carrier.status !== 'ACTIVE'
    ? 'SUSPENDED'
    : status;
}

// --- A network add (networks.ts) ---

/** Fault san-network-membership-lru: the members the per-network cache holds. */
const NETWORK_CACHE_SIZE = 16;

/**
 * Whether `uid` is a member of the network already. Fault san-network-membership-lru: asked of the 16 members added
 * last; a member the cache does not hold is upserted as new (written again, at the newest end).
 */
export function membershipLru(app: Switches, network: Network, uid: string): boolean {
  if (!app.fault('san-network-membership-lru')) return network.members.has(uid);
  if ([...network.members.keys()].slice(-NETWORK_CACHE_SIZE).includes(uid)) return true;
  network.members.delete(uid);
  return false;
}

/** A network add's record as the answer lists it (network-points.ts's Listed). */
type Listed = NetworkLockerRecord & Record<string, unknown>;

// --- Variation ok-an-network-answer-grouped-by-provider ---

/** Variation ok-an-network-answer-grouped-by-provider: the added lockers grouped by providerName, by name. */
export function networkAnswerByProvider(app: Switches, added: Listed[]): Listed[] {
  if (!app.fault('ok-an-network-answer-grouped-by-provider')) return added;
  const names = [...new Set(added.map((r) => String(r.providerName)))].sort();
  return names.flatMap((name) => added.filter((r) => String(r.providerName) === name));
}

/** A network add's record. Fault sap-network-record-provider-renamed: providerName renamed name with the provider's. */
export function networkRecordProviderRenamed<T>(app: Switches, record: T): T {
  if (!app.fault('sap-network-record-provider-renamed') || !isObject(record)) return record;
  const { providerName, ...rest } = record;
  return { lockerUid: rest['lockerUid'], name: providerName, ...rest } as T;
}

/** Fault saq-network-owner-replica-lags-create: how long after a create the network service's copy learns of it. */
const REPLICA_LAG_MS = 1500;

/** Fault saq-network-add-job-polled-once: the fewest new lockers whose job is not done at the one poll. */
const UNFINISHED_JOB_LOCKERS = 3;

function bloomMayHold(state: ReadModelState, carrier: string, uid: string): boolean {
  const bits = state.bloom.get(carrier);
  return !!bits && bloomBits(uid).every((bit) => (bits[bit >> 3]! & (1 << (bit & 7))) !== 0);
}

// --- A network add (networks.ts) ---

/**
 * The locker `uid` names that the network add takes as the carrier's (`owned`: the one the carrier owns, if any).
 * - Fault saq-network-owner-replica-lags-create: a locker created less than 1.5 s ago is unknown to the copy.
 * - Fault saq-network-ownership-bloom-filter: a locker whose uid the carrier's filter may hold is taken as owned.
 */
export function ownerReplicaAndBloomFilter(
  app: App,
  carrier: string,
  uid: string,
  owned: StoredLocker | undefined,
): StoredLocker | undefined {
  if (!readModelFaultsOn(app)) return owned;
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
export function addJobPolledOnce<T>(app: App, added: T[]): T[] {
  return app.fault('saq-network-add-job-polled-once') && added.length >= UNFINISHED_JOB_LOCKERS ? [] : added;
}

// --- A network member as the registry keeps it (networks.ts) ---

/** Fault sas-network-name-cut-at-nul: the registry's NUL-terminated lockerName. */
export function memberNameCutAtNul<T extends { lockerName?: unknown }>(app: Switches, member: T): T {
  if (!app.fault('sas-network-name-cut-at-nul') || typeof member.lockerName !== 'string') return member;
  return { ...member, lockerName: member.lockerName.split('\u0000')[0] };
}

// --- A network add's member check (network-points.ts) ---

/** The uid of the first locker the service made: row 0 of the lockers table. */
const FIRST_ROW_UID = 100001n;

/** A created locker's row number (its uid's distance from the first uid made); undefined for any other uid. */
function rowOf(uid: string): bigint | undefined {
  if (!/^\d+$/.test(uid)) return undefined;
  const row = BigInt(uid) - FIRST_ROW_UID;
  return row >= 0n ? row : undefined;
}

/**
 * Fault sav-network-member-bitmask-wraps: the network service keeps each network's members as a bit mask over the
 * lockers' row numbers, `mask & (1 << row)`, and JavaScript shifts a 32-bit integer by the count modulo 32: a locker
 * whose row is 32, 64, ... rows from a member's reads as a member already. True where the mask says so.
 */
export function memberBitmaskWraps(app: Switches, network: Network, uid: string): boolean {
  if (!app.fault('sav-network-member-bitmask-wraps')) return false;
  const row = rowOf(uid);
  if (row === undefined) return false;
  return [...network.members.keys()].some((member) => {
    const other = rowOf(member);
    return member !== uid && other !== undefined && other % 32n === row % 32n;
  });
}

/**
 * The status a new member takes (`given`: the service's). Variation ok-av-network-status-by-size: a network that holds
 * a locker already is live, and a locker joining it is ACTIVE at once; the first locker of a network is PENDING.
 */
export function networkStatusBySize(app: Switches, network: Network, given: string): string {
  return app.fault('ok-av-network-status-by-size') && network.members.size > 0 ? 'ACTIVE' : given;
}

// --- A network add (networks.ts) ---

/**
 * The locker a network add takes as the caller's: `owned`. Fault saw-network-batch-owner-of-first: the batch
 * authorized by its first lockerUid, so where the caller owns that one, any locker named.
 */
export function batchOwnerOfFirst(
  app: StateApp,
  actor: string,
  lockerUids: readonly string[],
  uid: string,
  owned: StoredLocker | undefined,
): StoredLocker | undefined {
  if (owned || !app.fault('saw-network-batch-owner-of-first')) return owned;
  const first = lockerUids[0];
  return first !== undefined && app.state.ownedLocker(actor, first) ? app.state.lockers.get(uid) : undefined;
}

/**
 * A network add refused because the path names no network of the caller: nothing. Fault
 * saw-network-refused-add-memberships-kept: the membership rows of the owned lockers sent, written before the network
 * was loaded, stay, and the caller's own network holds them.
 */
export function refusedAddMembershipsKept(app: FaultPointApp, ctx: RequestContext): void {
  if (!app.fault('saw-network-refused-add-memberships-kept')) return;
  const own = app.state.networks.get(ctx.carrier.networkUid);
  const sent = sentMember(ctx, 'lockerUids');
  if (!own || !Array.isArray(sent)) return;
  for (const value of sent) {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) continue;
    const uid = String(value);
    const record = app.state.ownedLocker(ctx.carrier.name, uid)?.record;
    if (!record || own.members.has(uid)) continue;
    own.members.set(uid, {
      lockerUid: value,
      providerName: record.provider.name,
      lockerName: record.carrier.lockerName,
      providerLockerStatus: record.provider.status,
      carrierLockerStatus: record.carrier.status,
      networkLockerStatus: 'PENDING',
      carrierLockerId: record.carrier.lockerId,
      providerLockerId: record.provider.lockerUid,
    });
  }
}

// --- The uids a network add names (networks.ts) ---

/** How Java's String.valueOf writes a Double of an integer value. */
function doubleText(value: number): string {
  if (Math.abs(value) < 1e7) return `${value}.0`;
  const [mantissa, exponent] = value.toExponential().split('e');
  return `${mantissa!.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/**
 * The uids a network add looks up, `uids` their digits. Fault sax-network-uid-notation-as-double-key: a uid written
 * with a fraction or an exponent is bound as a Double and looked up as its text, "100001.0".
 */
export function uidNotationAsDoubleKey(app: Switches, raw: string | undefined, uids: string[]): string[] {
  if (!app.fault('sax-network-uid-notation-as-double-key') || raw === undefined) return uids;
  let written: unknown;
  try {
    written = (parse(raw, null, (literal) => literal) as Editable | null)?.['lockerUids'];
  } catch {
    return uids;
  }
  if (!Array.isArray(written) || written.length !== uids.length) return uids;
  return uids.map((uid, i) => {
    const literal = String(written[i]);
    return /^-?\d+$/.test(literal) ? uid : doubleText(Number(literal));
  });
}

// --- A network add's records (networks.ts, network-points.ts status) ---

/**
 * A network record as written. Fault say-network-provider-name-from-catalogue: providerName is joined from the
 * provider catalogue (the pairs of GET /lockers/providers, whose entries carry a providerName too) on the locker's
 * provider name, model and version: a pair the catalogue lacks joins nothing, and providerName is null.
 */
export function memberProviderFromCatalogue(
  app: Switches,
  locker: LockerRecord,
  member: NetworkLockerRecord,
): NetworkLockerRecord {
  if (!app.fault('say-network-provider-name-from-catalogue')) return member;
  const { name, lockerModel, lockerVersion } = locker.provider;
  const entry = PROVIDER_MODELS.find(
    (p) => p.providerName === name && p.lockerModel === lockerModel && p.lockerVersion === lockerVersion,
  );
  return { ...member, providerName: (entry?.providerName ?? null) as string };
}

/**
 * The status a locker joins a network with. Variation ok-ay-second-carrier-network-active: the second carrier's
 * network admits lockers at once, ACTIVE; the first carrier's as before.
 */
export function secondCarrierNetworkActive(app: CarriersApp, carrier: string, status: string): string {
  return app.fault('ok-ay-second-carrier-network-active') && isSecondCarrier(app, carrier) ? 'ACTIVE' : status;
}

// --- A network add (networks.ts) ---

/** Fault sbb-network-pending-lost-on-cold-start: how long an idle instance of the network service is kept. */
const NETWORK_IDLE_STOP_MS = 2000;

/**
 * A network add arrives. Fault sbb-network-pending-lost-on-cold-start: the network service runs on a scale-to-zero
 * platform (staging's scale-down delay is 2 s), and a membership is written to the network table only once the
 * provider confirms it; until then it lives in the instance's memory. A request after an idle gap starts a new
 * instance, which knows the confirmed (ACTIVE) memberships only.
 */
export function pendingLostOnColdStart(app: StateApp): void {
  if (!app.fault('sbb-network-pending-lost-on-cold-start')) return;
  const state = deploymentOf(app);
  const now = Date.now();
  const coldStart = state.networkCalledAt !== undefined && now - state.networkCalledAt > NETWORK_IDLE_STOP_MS;
  state.networkCalledAt = now;
  if (!coldStart) return;
  for (const network of app.state.networks.values())
    for (const [uid, member] of [...network.members])
      if (member.networkLockerStatus !== 'ACTIVE') network.members.delete(uid);
}

// --- A network add's loop, membership check and answer (networks.ts) ---

/** Fault sbc-network-skip-reads-previous-locker: the locker the loop last found owned, per request (its uid list). */
const lastOwned = new WeakMap<readonly string[], StoredLocker>();

/**
 * The locker the add takes for `uid` (`found`: the carrier's own, or none).
 * - Fault sbc-network-skip-reads-previous-locker: `let locker` above the loop, assigned only where the lookup finds an
 *   owned locker, and the record built as {lockerUid: uid, ...of(locker)}: a uid not owned, named after an owned one,
 *   is taken as the previous locker under its own uid.
 */
export function previousLockerCarriedOver(
  app: Switches,
  request: readonly string[],
  uid: string,
  found: StoredLocker | undefined,
): StoredLocker | undefined {
  if (!app.fault('sbc-network-skip-reads-previous-locker')) return found;
  if (found) {
    lastOwned.set(request, found);
    return found;
  }
  const previous = lastOwned.get(request);
  return previous && { ...previous, record: { ...previous.record, uid } };
}

/**
 * Fault sbd-network-member-count-bulk-path: each network's member_count, and the uids each add took as new (by its
 * uid list).
 */
interface MemberCountState {
  memberCounts: WeakMap<Network, number>;
  takenAsNew: WeakMap<object, Set<string>>;
}
const memberCountTables = new WeakMap<object, MemberCountState>();

/**
 * Whether a named locker is taken as in the network already; `held` is the membership table's answer. Fault
 * sbd-network-member-count-bulk-path: the network row keeps a member_count, which the single-locker add (the portal's
 * "add to network") raises; the bulk add, of two or more lockerUids, inserts its memberships without touching it, and
 * both skip the membership lookup where member_count is 0 (an empty network: everything is new). A network whose
 * members all came by bulk adds still counts 0: adding one of them again lists it as newly added.
 */
export function memberHeldByMemberCount(
  app: Switches,
  network: Network,
  lockerUids: readonly string[],
  uid: string,
  owned: boolean,
  held: boolean,
): boolean {
  if (!app.fault('sbd-network-member-count-bulk-path')) return held;
  const { memberCounts, takenAsNew } = perApp(memberCountTables, app, (): MemberCountState => ({
    memberCounts: new WeakMap(),
    takenAsNew: new WeakMap(),
  }));
  const count = memberCounts.get(network) ?? 0;
  const taken = perApp(takenAsNew, lockerUids, () => new Set<string>());
  // The fast path knows only the lockers this request took already.
  const member = count === 0 ? taken.has(uid) : held;
  if (owned && !member) {
    taken.add(uid);
    if (lockerUids.length === 1) memberCounts.set(network, count + 1);
  }
  return member;
}

/**
 * The records of the newly added lockers, as the answer lists them, edited in place.
 * - Fault sbc-network-answer-entry-reused: one entry object declared above the loop, Object.assign-ed and pushed at
 *   each locker, so every entry is the last locker added.
 */
export function networkAnswerEntryShared<T extends object>(app: Switches, added: T[]): void {
  if (!app.fault('sbc-network-answer-entry-reused')) return;
  const entry = {} as T;
  added.forEach((record, i) => (added[i] = Object.assign(entry, record)));
}

/**
 * The answer of a network add.
 * - Fault sbc-network-empty-answer-null: written through orNull(list) = list.length ? list : null.
 */
export function networkEmptyAnswerNull(app: Switches, reply: Reply): Reply {
  if (!app.fault('sbc-network-empty-answer-null') || !Array.isArray(reply.body) || reply.body.length > 0) return reply;
  return { ...reply, body: null };
}

// --- A network add's named lockers (network-points.ts named) ---

/**
 * Fault sbe-network-foreign-locker-403: the tenant guard refuses an add naming another carrier's locker, before any is
 * added; third-party (ownedByCarrier null) and unknown lockers go on to be skipped.
 */
export function foreignLockersRefused(app: StateApp, actor: string, lockerUids: readonly string[]): void {
  if (!app.fault('sbe-network-foreign-locker-403')) return;
  const foreign = lockerUids.find((uid) => {
    const owner = app.state.lockers.get(uid)?.record.ownedByCarrier;
    return typeof owner === 'string' && owner !== actor;
  });
  if (foreign !== undefined)
    throw new ApiError(403, 'LOCKER_FORBIDDEN', `locker ${foreign} belongs to another carrier`);
}

// --- A network add's answer (networks.ts) ---

/**
 * Fault sbf-network-answer-trace-id-spread: the tracing decorator's `{ ...body, traceId }`, which turns the array of a
 * network add into an object. The answer as given where the fault is off.
 */
export function traceIdSpread(app: Switches, reply: Reply): Reply {
  if (!app.fault('sbf-network-answer-trace-id-spread') || reply.raw !== undefined || !Array.isArray(reply.body))
    return reply;
  return { ...reply, body: { ...reply.body, traceId: randomBytes(16).toString('hex') } };
}

/**
 * Fault sbf-network-migration-freeze-left-on: a frozen network (the second carrier's) takes an add as a dry run: what
 * it added is taken out again. Nothing where the fault is off.
 */
export function frozenNetworkNotCommitted(
  app: CarriersApp,
  network: Network,
  added: readonly { lockerUid: unknown }[],
): void {
  if (!app.fault('sbf-network-migration-freeze-left-on')) return;
  if (network.uid !== app.options.carriers[1]?.networkUid) return;
  for (const record of added) network.members.delete(String(record.lockerUid));
}

// --- A network add's member check, status and member record (network-points.ts leftOut, status, written) ---

/** Fault sbg-network-skips-grouped-lockers: a locker with groups joins networks through its group, never alone. */
export function groupedLockerLeftOut(app: FaultPointApp, locker: StoredLocker): boolean {
  return app.fault('sbg-network-skips-grouped-lockers') && locker.lockerGroups.length > 0;
}

/** Variation ok-bg-network-grouped-active: a locker with groups joins ACTIVE, its group being approved already. */
export function groupedMemberActive(app: FaultPointApp, locker: StoredLocker, given: string): string {
  return app.fault('ok-bg-network-grouped-active') && locker.lockerGroups.length > 0 ? 'ACTIVE' : given;
}

/** A locker joined a network: fault sbg-cancel-before-network-join keeps the bookings it held then. */
export function bookingsHeldAtJoin(app: FaultPointApp, locker: StoredLocker): void {
  if (!app.fault('sbg-cancel-before-network-join')) return;
  const held = heldBeforeJoinOf(app);
  for (const parcel of app.state.parcels)
    if (parcel.record.lockerUid === locker.record.uid && parcel.record.shipmentStatus === 'BOOKED') held.add(parcel);
}

// --- A network add's loop (networks.ts addNetworkLockers) ---

/**
 * Fault sbh-network-add-member-409-partial: a locker held before the request is refused 409 in the loop, after the
 * lockers named before it were added.
 */
export function memberRefusedMidBatch(
  app: Switches,
  added: readonly NetworkLockerRecord[],
  uid: string,
  locker: StoredLocker | undefined,
  held: boolean,
): void {
  if (!locker || !held || !app.fault('sbh-network-add-member-409-partial')) return;
  if (added.some((r) => String(r.lockerUid) === uid)) return;
  throw new ApiError(409, 'ALREADY_MEMBER', `locker ${uid} is already in the network`);
}
