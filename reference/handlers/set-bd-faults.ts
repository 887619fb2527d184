// The points where the faults and conformant variations of set BD change the service: optimisations a team put in once
// the service was under load (a fast path for the common request, a memo or a response cache, a lookup map or a
// counter kept beside the records, writes and pushes batched, a degraded answer over a rate), each right for the
// common case and wrong at an edge. With every fault and variation off each point does what the service does.
// Called from list-points.ts (GET /lockers: its filter, each listed record, its order), lockers.ts (the list's answer),
// update-points.ts (an update's 404, the row it starts from, its write and its answer), publish-points.ts (the by-tenant
// lookup), parcels.ts (the by-tenant path's locker), networks.ts (a network add's membership check), parcel-list.ts
// (the parcels listed, each record), cancel-points.ts (the parcel a carrierParcelId names, an unknown id) and
// push-points.ts (the LockerUpdates of a create, each ParcelUpdates).
import { createHash } from 'node:crypto';
import type {
  LockerGroup,
  LockerRecord,
  LockerWriteBody,
  Network,
  ParcelRecord,
  PublishBody,
  StoredLocker,
  StoredParcel,
} from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { perApp, type Editable, type StateApp, type Switches } from './fault-point-state';
import { MOCK_SHIPMENT_TYPES } from '../faults/behaviour/shared';

/** A parcel the staging trigger made (a first-mile or return parcel), not a booking. */
const madeByMock = (parcel: StoredParcel): boolean => MOCK_SHIPMENT_TYPES.has(parcel.record.shipmentType);

/** What the push points need of the app: its faults and the webhook outbox. */
type OutboxApp = Pick<FaultPointApp, 'fault' | 'outbox'>;

/** A LockerUpdates body waiting in the create-event batcher. */
type PushBody = Record<string, unknown>;

/** The create-event batcher of one carrier: the events of the window, the one held over, the window's timer. */
interface CreateBatch {
  pending: PushBody[];
  held?: PushBody;
  timer?: NodeJS.Timeout;
}

/** What set BD keeps per reference (one reference, one set of tables and caches). */
interface SetBDState {
  /** Fault sbd-locker-list-304-against-own-etag: the ETag last answered per carrier and list query. */
  lastEtags: Map<string, string>;
  /** The GET /lockers of each carrier in the current second (a fault's degraded path, a variation's 429). */
  listRates: Map<string, { second: number; count: number }>;
  /** Fault sbd-list-render-memo-status-write-bypass: each locker's saves (creates, updates) and its rendered record. */
  saves: WeakMap<StoredLocker, number>;
  rendered: WeakMap<StoredLocker, { saves: number; view: unknown }>;
  /** Fault sbd-attribute-update-based-on-list-cache: each locker's row as the list last read it (the entity cache). */
  listedRows: WeakMap<StoredLocker, LockerRecord>;
  /** Fault sbd-groups-reloaded-from-update-table: the group rows the update path wrote for each locker. */
  groupRows: WeakMap<StoredLocker, LockerGroup[]>;
  /** Fault sbd-by-tenant-map-same-id-dropped: the id each locker is held under in the lockerId map (null: none). */
  idMap: WeakMap<StoredLocker, { indexed: string | null; last: string }>;
  /** Fault sbd-network-member-count-bulk-path: each network's member_count, and the uids each add took as new. */
  memberCounts: WeakMap<Network, number>;
  takenAsNew: WeakMap<object, Set<string>>;
  /** Fault sbd-closed-parcel-projection-written-once: each closed parcel's row of the projection. */
  closedRows: WeakMap<StoredParcel, ParcelRecord>;
  /** Fault sbd-not-found-cached-without-body: when each request was last answered 404. */
  notFoundAt: Map<string, number>;
  /** Fault sbd-create-push-batch-holds-last, variation ok-bd-create-pushes-batched-uid-order: per carrier. */
  createBatches: Map<string, CreateBatch>;
}
const states = new WeakMap<object, SetBDState>();
const stateOf = (app: object): SetBDState =>
  perApp(states, app, () => ({
    lastEtags: new Map(),
    listRates: new Map(),
    saves: new WeakMap(),
    rendered: new WeakMap(),
    listedRows: new WeakMap(),
    groupRows: new WeakMap(),
    idMap: new WeakMap(),
    memberCounts: new WeakMap(),
    takenAsNew: new WeakMap(),
    closedRows: new WeakMap(),
    notFoundAt: new Map(),
    createBatches: new Map(),
  }));

/** The GET /lockers of `carrier` counted so far in the current second, this one included. */
function listsThisSecond(app: object, carrier: string, kind: string): number {
  const rates = stateOf(app).listRates;
  const second = Math.floor(Date.now() / 1000);
  const key = `${kind} ${carrier}`;
  const held = rates.get(key);
  const count = held && held.second === second ? held.count + 1 : 1;
  rates.set(key, { second, count });
  return count;
}

// --- GET /lockers (list-points.ts) ---

/** Fault sbd-list-over-rate-served-unfiltered: lists a second a carrier gets from the full read path. */
const FULL_LISTS_PER_SECOND = 5;

/**
 * The providerName filter a list applies. Fault sbd-list-over-rate-served-unfiltered: past 5 lists of a carrier in
 * one second, the list is served by the degraded read path (the carrier's lockers from the lite query, put in so that a
 * polling client is not refused), which takes no filter: the providerName asked is dropped.
 */
export function listFilterBySetBD(app: Switches, carrier: string, asked: string | null): string | null {
  if (!app.fault('sbd-list-over-rate-served-unfiltered')) return asked;
  return listsThisSecond(app, carrier, 'degraded') > FULL_LISTS_PER_SECOND ? null : asked;
}

/** A locker a stable sort puts first: the provider index's order (variation ok-bd-lockers-grouped-by-provider). */
export function listOrderBySetBD<T extends StoredLocker>(app: Switches, lockers: T[]): T[] {
  if (!app.fault('ok-bd-lockers-grouped-by-provider')) return lockers;
  return [...lockers].sort((a, b) =>
    a.record.provider.name < b.record.provider.name ? -1 : a.record.provider.name > b.record.provider.name ? 1 : 0,
  );
}

/**
 * A listed locker's record. Fault sbd-list-render-memo-status-write-bypass: GET /lockers renders each locker from a
 * memo of its serialized record, evicted by the repository's save hook (a create, an update); PATCH /lockers/status
 * writes carrier.status with a direct UPDATE (to keep clear of the entity's optimistic lock), which the hook never
 * sees: a locker listed before its status change keeps being listed with the status it had.
 */
export function listedRecordBySetBD(app: Switches, locker: StoredLocker, render: () => unknown): unknown {
  // Fault sbd-attribute-update-based-on-list-cache: the entity cache takes each locker as the list reads it.
  if (app.fault('sbd-attribute-update-based-on-list-cache'))
    stateOf(app).listedRows.set(locker, structuredClone(locker.record));
  if (!app.fault('sbd-list-render-memo-status-write-bypass')) return render();
  const { saves, rendered } = stateOf(app);
  const version = saves.get(locker) ?? 0;
  const memo = rendered.get(locker);
  if (memo && memo.saves === version) return structuredClone(memo.view);
  const view = render();
  rendered.set(locker, { saves: version, view: structuredClone(view) });
  return view;
}

/** Variation ok-bd-locker-list-rate-limited: lists a second a carrier is served before it is asked to wait. */
const LISTS_PER_SECOND = 25;

/** The ETag of an answer: a hash of its JSON text. */
function etagOf(reply: Reply): string {
  let text = reply.raw ?? '';
  if (reply.raw === undefined)
    try {
      text = JSON.stringify(reply.body, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '';
    } catch {
      text = '';
    }
  return `"${createHash('sha1').update(text).digest('base64url')}"`;
}

/** Whether an If-None-Match header names `etag` (a list of validators, weak ones compared weakly, or *). */
function matches(header: string | string[] | undefined, etag: string): boolean {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((v) => v.trim());
  return values.some((v) => v === '*' || v.replace(/^W\//, '') === etag);
}

/**
 * The answer of GET /lockers.
 * - Variation ok-bd-locker-list-rate-limited: past 25 lists of a carrier in one second, 429 RATE_LIMITED with
 *   Retry-After: 1 (§8 "Rate limits: not shown.").
 * - Variation ok-bd-locker-list-etag-revalidated: the answer carries an ETag, and a request whose If-None-Match names
 *   it is answered 304 Not Modified without a body, as HTTP's conditional requests have it.
 * - Fault sbd-locker-list-304-against-own-etag: the ETag filter compares the ETag with the one it answered the carrier
 *   last for the same query (its own memo) instead of with the request's If-None-Match: a list asked again with
 *   nothing changed since is answered 304 without a body, to a client that sent no validator.
 */
export function listAnswerBySetBD(app: Switches, ctx: RequestContext, reply: Reply): Reply {
  const carrier = ctx.carrier.name;
  if (
    app.fault('ok-bd-locker-list-rate-limited') &&
    reply.status === 200 &&
    listsThisSecond(app, carrier, 'limited') > LISTS_PER_SECOND
  )
    return {
      status: 429,
      body: { errorCode: 'RATE_LIMITED', message: `at most ${LISTS_PER_SECOND} lists a second; retry in 1 s` },
      headers: { 'retry-after': '1' },
    };
  const revalidated = app.fault('ok-bd-locker-list-etag-revalidated');
  const ownMemo = app.fault('sbd-locker-list-304-against-own-etag');
  if ((!revalidated && !ownMemo) || reply.status !== 200) return reply;
  const etag = etagOf(reply);
  const tagged: Reply = { ...reply, headers: { ...reply.headers, etag } };
  if (revalidated && matches(ctx.headers?.['if-none-match'], etag)) return { status: 304, headers: { etag } };
  if (!ownMemo) return tagged;
  const key = `${carrier} ${ctx.query.toString()}`;
  const last = stateOf(app).lastEtags.get(key);
  stateOf(app).lastEtags.set(key, etag);
  return last === etag ? { status: 304, headers: { etag } } : tagged;
}

// --- An update (update-points.ts) ---

/**
 * An update about to write its members (its checks passed). Fault sbd-attribute-update-based-on-list-cache: an update
 * sending neither carrier nor location (metadata, features, lockerGroups or openingHours alone: the portal's attribute
 * edits, the common request) takes the fast path, which writes the whole locker row from the entity cache with the
 * members sent applied, the status column left out; the cache takes each locker as GET /lockers reads it, and the full
 * update path (carrier or location sent) writes the row without refreshing it: after a list, an update of carrier or
 * location and then an attribute update, the locker is answered and listed with the carrier and location it had at
 * the list, the change between lost.
 */
export function updateBaseBySetBD(app: Switches, locker: StoredLocker, body: LockerWriteBody): void {
  if (!app.fault('sbd-attribute-update-based-on-list-cache') || body.carrier || body.location) return;
  const rows = stateOf(app).listedRows;
  const cached = rows.get(locker);
  if (!cached) return;
  const status = locker.record.carrier.status;
  locker.record = { ...structuredClone(cached), carrier: { ...structuredClone(cached.carrier), status } };
  rows.delete(locker);
}

/**
 * An update written (the repository's save), after every member is.
 * - Fault sbd-list-render-memo-status-write-bypass: the save hook evicts the locker's rendered record.
 * - Fault sbd-groups-reloaded-from-update-table: the group assignments are read through a cache that the create fills
 *   with the groups it was sent, without writing the group table, which only the update path writes (an update
 *   sending lockerGroups writes the table and the cache); the save hook of an update that sends none evicts the
 *   locker's cache entries, and the groups are read back from the table: none, for a locker whose groups came with its
 *   create.
 * - Fault sbd-by-tenant-map-same-id-dropped: the by-tenant path's lockerId map (carrier.lockerId to uid, in front of
 *   the table) is kept by the save hook of an update sending carrier, `map.set(new, uid); map.delete(old)`: where the
 *   update sends the lockerId the locker already has (a rename sending the carrier object whole), the entry just set
 *   is deleted.
 */
export function updateWrittenBySetBD(app: Switches, locker: StoredLocker, body: LockerWriteBody): void {
  const state = stateOf(app);
  if (app.fault('sbd-list-render-memo-status-write-bypass'))
    state.saves.set(locker, (state.saves.get(locker) ?? 0) + 1);
  if (app.fault('sbd-groups-reloaded-from-update-table')) {
    if (body.lockerGroups) state.groupRows.set(locker, structuredClone(locker.lockerGroups));
    else locker.lockerGroups = structuredClone(state.groupRows.get(locker) ?? []);
  }
  if (app.fault('sbd-by-tenant-map-same-id-dropped') && body.carrier) {
    const held = state.idMap.get(locker);
    const before = held?.last ?? locker.createdAs ?? locker.record.carrier.lockerId;
    const now = locker.record.carrier.lockerId;
    // map.set(now, uid), then map.delete(before): the same key when the id did not change.
    state.idMap.set(locker, { indexed: before === now ? null : now, last: now });
  }
}

/**
 * The lockerId map's lookup (fault sbd-by-tenant-map-same-id-dropped): the carrier's own locker the map holds under
 * `carrierLockerId`, else a third party's locker of that id (the map holds the carrier's own lockers only); undefined
 * where the fault is off.
 */
export function byTenantMappedBySetBD(
  app: StateApp,
  carrier: string,
  carrierLockerId: string,
): { locker: StoredLocker | undefined } | undefined {
  if (!app.fault('sbd-by-tenant-map-same-id-dropped')) return undefined;
  const idMap = stateOf(app).idMap;
  const visible = app.state.visibleLockers(carrier);
  const own = visible.find((l) => {
    if (l.record.ownedByCarrier !== carrier) return false;
    const held = idMap.get(l);
    return (held ? held.indexed : l.record.carrier.lockerId) === carrierLockerId;
  });
  return {
    locker:
      own ?? visible.find((l) => l.record.ownedByCarrier === null && l.record.carrier.lockerId === carrierLockerId),
  };
}

/**
 * The 200 record of an update, edited in place. Fault sbd-update-answer-lazy-features-default: the answer is mapped
 * after the transaction from the entity, whose features embeddable is fetched lazily; an update that sends no features
 * never touches it, and the mapper reads the uninitialized proxy's defaults: features all null in the answer, while the
 * locker keeps its features (GET /lockers shows them).
 */
export function updateAnswerBySetBD(app: Switches, body: LockerWriteBody, view: Editable): void {
  if (!app.fault('sbd-update-answer-lazy-features-default') || body.features !== undefined) return;
  view['features'] = { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null };
}

// --- A 404 of an update or a cancel (update-points.ts, cancel-points.ts) ---

/** Fault sbd-not-found-cached-without-body: how long the edge keeps a 404. */
const NOT_FOUND_TTL_MS = 60_000;

/**
 * Fault sbd-not-found-cached-without-body: the edge cache in front of the PATCH routes keeps a 404 answer for a minute
 * (against clients walking ids), storing its status and headers but not its body; the same request again (carrier,
 * route, id) while the id still names nothing is answered from it, 404 with an empty body. Records that the request
 * `key` was answered 404 now, and says whether it was within the last minute.
 */
function notFoundAgain(app: Switches, key: string): boolean {
  if (!app.fault('sbd-not-found-cached-without-body')) return false;
  const at = stateOf(app).notFoundAt;
  const last = at.get(key);
  const now = Date.now();
  if (last !== undefined && now - last < NOT_FOUND_TTL_MS) return true;
  at.set(key, now);
  return false;
}

/**
 * An update's path uid named no locker of the carrier: the 404 remembered by the edge (fault
 * sbd-not-found-cached-without-body). A status change's uid, in its body, is not a route the edge caches.
 */
export function updateNotFoundBySetBD(app: Switches, ctx: RequestContext, uid: string): void {
  if (app.fault('sbd-not-found-cached-without-body') && ctx.params['uid'] === uid)
    stateOf(app).notFoundAt.set(`update ${ctx.carrier.name} ${uid}`, Date.now());
}

/** An update answered by the edge before the service sees it: a 404 it keeps, without its body. */
export function updateCachedBySetBD(app: StateApp, ctx: RequestContext): Reply | undefined {
  if (!app.fault('sbd-not-found-cached-without-body')) return undefined;
  const uid = ctx.params['uid'] ?? '';
  const last = stateOf(app).notFoundAt.get(`update ${ctx.carrier.name} ${uid}`);
  if (last === undefined || Date.now() - last >= NOT_FOUND_TTL_MS) return undefined;
  return app.state.ownedLocker(ctx.carrier.name, uid) ? undefined : { status: 404 };
}

/** A cancel whose id names no parcel of the carrier: 404 without a body the second time within a minute. */
export function cancelNotFoundBySetBD(app: Switches, carrier: string, id: string): Reply | undefined {
  return notFoundAgain(app, `cancel ${carrier} ${id}`) ? { status: 404 } : undefined;
}

// --- The by-tenant path (parcels.ts) ---

/** The members of a publish request §2.3 requires on the by-tenant path: a request of these alone is "express". */
const EXPRESS_MEMBERS = new Set(['eventType', 'carrierLockerId', 'carrierParcelId', 'dimensions']);

/**
 * The locker a by-tenant publish addresses; `located` is the full path's lookup. Fault
 * sbd-by-tenant-express-path-any-owner: a request carrying only the required members (no shipmentType, consignee,
 * weight, allocationType...: the sorting-centre scanners' request) takes the express path, which resolves
 * carrierLockerId through the platform-wide locker-id cache (every locker by carrier.lockerId, the caller's own and the
 * third-party ones first) with no owner filter: an id only another carrier's locker has books into that locker.
 */
export function byTenantExpressBySetBD(
  app: StateApp,
  body: PublishBody,
  located: () => StoredLocker | undefined,
): StoredLocker | undefined {
  const found = located();
  if (found || !app.fault('sbd-by-tenant-express-path-any-owner')) return found;
  if (!Object.keys(body).every((m) => EXPRESS_MEMBERS.has(m))) return found;
  return [...app.state.lockers.values()].find((l) => l.record.carrier.lockerId === body.carrierLockerId);
}

// --- A network add (networks.ts) ---

/**
 * Whether a named locker is taken as in the network already; `held` is the membership table's answer. Fault
 * sbd-network-member-count-bulk-path: the network row keeps a member_count, which the single-locker add (the portal's
 * "add to network") raises; the bulk add, of two or more lockerUids, inserts its memberships without touching it, and
 * both skip the membership lookup where member_count is 0 (an empty network: everything is new). A network whose
 * members all came by bulk adds still counts 0: adding one of them again lists it as newly added.
 */
export function memberHeldBySetBD(
  app: Switches,
  network: Network,
  lockerUids: readonly string[],
  uid: string,
  owned: boolean,
  held: boolean,
): boolean {
  if (!app.fault('sbd-network-member-count-bulk-path')) return held;
  const { memberCounts, takenAsNew } = stateOf(app);
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

// --- GET /parcels (parcel-list.ts) ---

/**
 * The carrier's parcels, oldest first, as the list reads them. Fault sbd-parcel-list-sized-by-booking-counter: the list
 * query takes LIMIT :n from the carrier's parcel counter (kept to spare a COUNT(*)), which the publish path raises with
 * each booking (the seeded parcels counted at the import) and the staging mock, writing its parcels straight to the
 * table, never does: once the mock has made parcels for the carrier, that many of its newest parcels are not listed.
 */
export function listedParcelsBySetBD(app: Switches, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('sbd-parcel-list-sized-by-booking-counter')) return parcels;
  return parcels.slice(0, parcels.filter((p) => !madeByMock(p)).length);
}

const CLOSED = new Set(['CANCELLED', 'DELIVERED', 'COLLECTED']);

/**
 * A parcel as the list shows it; `render` is the service's own. Fault sbd-closed-parcel-projection-written-once: a
 * closed parcel (cancelled, delivered, collected) is read from the closed-parcels projection, written by the parcel
 * event listener when the parcel first closes (INSERT ... ON CONFLICT DO NOTHING: closed parcels do not change); a
 * first-mile parcel delivered and then collected, or announced again, keeps the record it closed with there.
 */
export function listedParcelBySetBD<T>(app: Switches, parcel: StoredParcel, render: (p: StoredParcel) => T): T {
  if (!app.fault('sbd-closed-parcel-projection-written-once') || !CLOSED.has(parcel.record.shipmentStatus))
    return render(parcel);
  const row = stateOf(app).closedRows.get(parcel);
  return render(row ? { ...parcel, record: structuredClone(row) } : parcel);
}

// --- ParcelUpdates and LockerUpdates (push-points.ts) ---

/** A parcel event (a ParcelUpdates about to be built): the projection's row of a parcel that closes now. */
export function parcelEventBySetBD(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('sbd-closed-parcel-projection-written-once') || !CLOSED.has(parcel.record.shipmentStatus)) return;
  const rows = stateOf(app).closedRows;
  if (!rows.has(parcel)) rows.set(parcel, structuredClone(parcel.record));
}

/** How long the create-event batcher gathers a carrier's events. */
const CREATE_BATCH_MS = 50;

/** Compares two uids as the numbers their digits write (a longer one is the larger). */
const byUid = (a: PushBody, b: PushBody): number => {
  const [x, y] = [String(a['uid']), String(b['uid'])];
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
};

/**
 * A LockerUpdates about to be sent to `owner`; true where the batcher took it over.
 * - Variation ok-bd-create-pushes-batched-uid-order: the create events of a carrier are gathered for 50 ms and each
 *   posted on its own, in uid order (§6 "Delivery guarantees, retries and ordering: not shown.").
 * - Fault sbd-create-push-batch-holds-last: the create events are gathered for 50 ms; a window of two or more keeps its
 *   last event back, to merge a status change of the same locker into it, and carries it into the next window, which
 *   only a next create of the carrier opens: once two creates came within 50 ms, the latest create's push waits for the
 *   carrier's next create, and the last one is never sent.
 */
export function lockerPushSentBySetBD(
  app: OutboxApp,
  owner: CarrierAccount,
  cause: 'create' | 'status' | 'update',
  body: PushBody,
): boolean {
  const ordered = app.fault('ok-bd-create-pushes-batched-uid-order');
  const holding = app.fault('sbd-create-push-batch-holds-last');
  if (cause !== 'create' || (!ordered && !holding)) return false;
  const batches = stateOf(app).createBatches;
  const batch = batches.get(owner.name) ?? { pending: [] };
  batches.set(owner.name, batch);
  batch.pending.push(body);
  if (batch.timer) return true;
  batch.timer = setTimeout(() => {
    batch.timer = undefined;
    const window = [...(batch.held ? [batch.held] : []), ...batch.pending];
    batch.pending = [];
    batch.held = undefined;
    if (ordered) window.sort(byUid);
    if (holding && window.length > 1) batch.held = window.pop();
    for (const event of window) app.outbox.send(owner, event);
  }, CREATE_BATCH_MS);
  batch.timer.unref();
  return true;
}

// --- A cancel's lookup (cancel-points.ts) ---

/**
 * The parcel a cancel's id names in a form; `chosen` is the service's own lookup. Fault sbd-cancel-id-map-without-carrier:
 * a carrierParcelId is first resolved through the booking service's id map (carrierParcelId to shipment, the booking
 * written last wins), keyed without the carrier; the shipment it gives is then checked for the caller, and one of
 * another carrier is answered as not found: once the other carrier booked the same carrierParcelId after the caller,
 * the caller's cancel of its own booking by that id is refused 404 and its parcel stays booked.
 */
export function cancelChosenBySetBD(
  app: StateApp,
  carrier: string,
  form: 'carrierParcelId' | 'shipmentUid',
  id: string,
  chosen: () => StoredParcel | undefined,
): StoredParcel | undefined {
  if (!app.fault('sbd-cancel-id-map-without-carrier') || form !== 'carrierParcelId') return chosen();
  const parcels = app.state.parcels;
  for (let i = parcels.length - 1; i >= 0; i--) {
    const parcel = parcels[i]!;
    if (parcel.record.carrierParcelId !== id || madeByMock(parcel)) continue;
    return parcel.owner === carrier ? chosen() : undefined;
  }
  return chosen();
}
