// The points where the faults and variations of set AT change the service: each does what the service does with its
// fault off, and the fault's behaviour with it on. The parcel side under time and interleaving: timers and clocks,
// requests in flight together, a write beside a read, one carrier's action seen in the other's records, and state
// kept in a second place (a cache, an index, an outbox's numbering). Called from routes.ts (bySetAT, around the
// parcel routes), publish-points.ts (a PRE_CHECK, a booking stored, a publish answered), view-points.ts (a parcel as
// every place shows it), parcel-list.ts (the parcels listed, a listed record), trigger.ts (the mock's clock),
// push-points.ts (the ParcelUpdates push) and collections.ts (a CollectionNotification sent).
import type { Handler } from '../faults/behaviour/shared';
import type { StoredParcel } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { type Editable, isObject, perApp, type StateApp } from './fault-point-state';
import { after } from './set-v-faults';

/** What the route wrappers need of the app: the points' needs, and the list answer and record view of GET /parcels. */
export type RouteApp = FaultPointApp & {
  list<T>(items: readonly T[], query: URLSearchParams, view?: (item: T) => unknown): Reply;
  parcelListView(parcel: StoredParcel): unknown;
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Removes, in place, the items that match. */
function removeWhere<T>(items: T[], match: (item: T) => boolean): void {
  for (let i = items.length - 1; i >= 0; i--) if (match(items[i]!)) items.splice(i, 1);
}

/** The locker a publish body names, on the path it was sent to (the by-tenant path by the caller's carrierLockerId). */
function lockerNamed(app: StateApp, carrier: string, path: string, body: Editable): string | undefined {
  if (path === '/parcels/data') return typeof body['lockerUid'] === 'string' ? body['lockerUid'] : undefined;
  const id = body['carrierLockerId'];
  return typeof id === 'string' ? app.state.lockerByCarrierLockerId(carrier, id)?.record.uid : undefined;
}

// --- Around the parcel routes (routes.ts) ---

/** Fault sat-list-offset-batches-shift: rows a fetch of the parcel table reads. */
const FETCH_ROWS = 20;

/**
 * Fault sat-list-offset-batches-shift: the parcel table read newest first, a fetch of FETCH_ROWS rows at a time by its
 * offset from the newest, the caller's rows kept; a row made between two fetches moves every offset by one.
 */
async function byOffsetFetches(app: StateApp, carrier: string): Promise<StoredParcel[]> {
  const rows: StoredParcel[] = [];
  for (let k = 0; ; k++) {
    if (k > 0 && k % FETCH_ROWS === 0) await pause(1); // the next fetch: ORDER BY id DESC OFFSET k LIMIT 20
    const table = app.state.parcels;
    const row = table[table.length - 1 - k];
    if (!row) return rows;
    if (row.owner === carrier) rows.push(row);
  }
}

/** Variation ok-at-list-read-committed-snapshot: the same fetches, from a snapshot taken when the request came. */
async function fromSnapshot(app: StateApp, carrier: string): Promise<StoredParcel[]> {
  const snapshot = app.state.parcels.filter((p) => p.owner === carrier).reverse();
  for (let k = FETCH_ROWS; k < snapshot.length; k += FETCH_ROWS) await pause(1);
  return snapshot;
}

/** Fault sat-list-cache-evicted-before-write: GET /parcels answers per carrier and query. */
export const LIST_CACHE_MS = 30_000;
const listCaches = new WeakMap<object, Map<string, { at: number; reply: Reply }>>();
const listCache = (app: object) => perApp(listCaches, app, () => new Map<string, { at: number; reply: Reply }>());

function evictList(app: object, carrier: string): void {
  const cache = listCache(app);
  for (const key of [...cache.keys()]) if (key.startsWith(`${carrier}\n`)) cache.delete(key);
}

/** GET /parcels: faults sat-list-offset-batches-shift, sat-list-cache-evicted-before-write; a variation. */
function listedParcels(
  app: RouteApp,
  ctx: RequestContext,
  inner: () => Reply | Promise<Reply>,
): Reply | Promise<Reply> {
  const carrier = ctx.carrier.name;
  const read = app.fault('sat-list-offset-batches-shift')
    ? byOffsetFetches
    : app.fault('ok-at-list-read-committed-snapshot')
      ? fromSnapshot
      : undefined;
  if (read)
    return read(app, carrier).then((rows) => app.list(rows, ctx.query, (p: StoredParcel) => app.parcelListView(p)));
  if (!app.fault('sat-list-cache-evicted-before-write')) return inner();
  const cache = listCache(app);
  const key = `${carrier}\n${ctx.query.toString()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < LIST_CACHE_MS) return { ...hit.reply };
  return after(inner(), (reply) => {
    if (reply.status === 200) cache.set(key, { at: Date.now(), reply });
    return reply;
  });
}

/** Fault sat-precheck-rollback-takes-booking: the bookings that joined a locker's dry run, per locker. */
const dryRuns = new WeakMap<object, Map<string, StoredParcel[]>>();
const DRY_RUN_MS = 25;
/** Fault sat-cod-booking-stored-on-callback: when the payment pre-authorisation's callback stores the booking. */
const COD_CALLBACK_MS = 80;
/** Variation ok-at-answer-after-push: the longest a booking's answer waits for its push. */
const PUSH_WAIT_MS = 250;
/** Variation ok-at-locker-publishes-batched: how long the bookings into a locker are gathered. */
const GATHER_MS = 20;
/** Fault sat-list-cache-evicted-before-write: the reservation a booking awaits between eviction and write. */
const RESERVATION_MS = 25;

interface Gathered {
  id: string;
  run: () => Reply | Promise<Reply>;
  resolve: (reply: Reply) => void;
  reject: (error: unknown) => void;
}
const gatherings = new WeakMap<object, Map<string, Gathered[]>>();

/** Variation ok-at-locker-publishes-batched: a locker's gathered bookings, carried out in carrierParcelId order. */
function carryOutGathered(app: object, lockerUid: string): void {
  const waiting = perApp(gatherings, app, () => new Map<string, Gathered[]>());
  const batch = waiting.get(lockerUid) ?? [];
  waiting.delete(lockerUid);
  batch.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const one of batch) {
    try {
      Promise.resolve(one.run()).then(one.resolve, one.reject);
    } catch (error) {
      one.reject(error);
    }
  }
}

/** A publish on either path: the faults and variations of set AT around it, each the publish itself when off. */
function published(
  app: RouteApp,
  ctx: RequestContext,
  path: string,
  inner: () => Reply | Promise<Reply>,
): Reply | Promise<Reply> {
  const body: Editable = isObject(ctx.body) ? ctx.body : {};
  const booking = body['eventType'] === 'BOOKING';
  const carrier = ctx.carrier.name;
  // Fault sat-cod-booking-stored-on-callback: a cash-on-delivery booking stored when the pre-authorisation answers.
  const stored = (): Reply | Promise<Reply> => {
    if (!app.fault('sat-cod-booking-stored-on-callback') || !booking || typeof body['codAmount'] !== 'number')
      return inner();
    const count = app.state.parcels.length;
    return after(inner(), (reply) => {
      if (reply.status >= 300) return reply;
      const made = app.state.parcels.splice(count);
      setTimeout(() => app.state.parcels.push(...made), COD_CALLBACK_MS).unref();
      return reply;
    });
  };
  // Fault sat-precheck-rollback-takes-booking: a PRE_CHECK's dry run, which a BOOKING into its locker joins.
  const checked = (): Reply | Promise<Reply> => {
    if (!app.fault('sat-precheck-rollback-takes-booking')) return stored();
    const lockerUid = lockerNamed(app, carrier, path, body);
    const runs = perApp(dryRuns, app, () => new Map<string, StoredParcel[]>());
    if (lockerUid === undefined) return stored();
    if (booking) {
      const run = runs.get(lockerUid);
      if (!run) return stored();
      const count = app.state.parcels.length;
      return after(stored(), (reply) => {
        run.push(...app.state.parcels.slice(count));
        return reply;
      });
    }
    return Promise.resolve(stored()).then(async (reply) => {
      if (reply.status >= 300 || runs.has(lockerUid)) return reply;
      const joined: StoredParcel[] = [];
      runs.set(lockerUid, joined);
      await pause(DRY_RUN_MS);
      runs.delete(lockerUid);
      removeWhere(app.state.parcels, (p) => joined.includes(p)); // the rollback
      return reply;
    });
  };
  // Fault sat-list-cache-evicted-before-write: the carrier's list answers evicted before the booking's write.
  const evicted = (): Reply | Promise<Reply> => {
    if (!app.fault('sat-list-cache-evicted-before-write') || !booking) return checked();
    evictList(app, carrier);
    return pause(RESERVATION_MS).then(checked);
  };
  // Variation ok-at-answer-after-push: the answer written once the push has gone out.
  const answered = (): Reply | Promise<Reply> => {
    if (!app.fault('ok-at-answer-after-push') || !booking) return evicted();
    return Promise.resolve(evicted()).then(async (reply) => {
      if (reply.status < 300) await Promise.race([app.outbox.idle(), pause(PUSH_WAIT_MS)]);
      return reply;
    });
  };
  // Variation ok-at-locker-publishes-batched: bookings into one locker gathered, carried out in carrierParcelId order.
  if (!app.fault('ok-at-locker-publishes-batched') || !booking) return answered();
  const lockerUid = lockerNamed(app, carrier, path, body);
  if (lockerUid === undefined) return answered();
  const waiting = perApp(gatherings, app, () => new Map<string, Gathered[]>());
  return new Promise<Reply>((resolve, reject) => {
    let batch = waiting.get(lockerUid);
    if (!batch) {
      batch = [];
      waiting.set(lockerUid, batch);
      setTimeout(() => carryOutGathered(app, lockerUid), GATHER_MS);
    }
    batch.push({ id: String(body['carrierParcelId']), run: answered, resolve, reject });
  });
}

/** Fault sat-list-cache-evicted-before-write: a cancel's or a trigger's write evicts the carrier's lists after it. */
function evictedAfter(app: RouteApp, ctx: RequestContext, inner: () => Reply | Promise<Reply>): Reply | Promise<Reply> {
  if (!app.fault('sat-list-cache-evicted-before-write')) return inner();
  return after(inner(), (reply) => {
    evictList(app, ctx.carrier.name);
    return reply;
  });
}

/**
 * Set AT around the parcel routes (routes.ts): GET /parcels, both publish paths, the cancel and the staging trigger.
 * Each is the route's handler itself while the faults and variations it names are off.
 */
export function bySetAT<A extends RouteApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  if (method === 'GET' && path === '/parcels') return (app, ctx) => listedParcels(app, ctx, () => handle(app, ctx));
  if (method === 'POST' && path.startsWith('/parcels/data'))
    return (app, ctx) => published(app, ctx, path, () => handle(app, ctx));
  if ((method === 'PATCH' && path === '/parcels/{parcelId}') || path === '/parcel/first-mile/event')
    return (app, ctx) => evictedAfter(app, ctx, () => handle(app, ctx));
  return handle;
}
