// The route wrappers' behaviour around the parcel routes: GET /parcels, both publish paths, the cancel and the staging
// trigger. With its fault off each point does what the service does.
import { badRequest } from '../../errors';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import { withBody } from '../../handlers/partial-writes';
import type { StoredParcel } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { LIST_CACHE_MS } from './requests';
import { after, heldBy } from './requests-routes';
import type { Handler } from './shared';

/** Variation ok-ag-trigger-answer-event-topic: the trigger answers the topic the mock published the event on. */
export function eventTopic(app: Switches, reply: Reply): Reply {
  const body = reply.body;
  if (!app.fault('ok-ag-trigger-answer-event-topic') || reply.status >= 300 || !isObject(body)) return reply;
  if (typeof body['event_type'] !== 'string') return reply;
  const topic = `parcel.first-mile.${body['event_type'].toLowerCase().replace(/_/g, '-')}`;
  return { ...reply, body: { ...body, event_type: topic } };
}

/** Fault sak-parcels-page-token-from-lookahead: the page size unless `pageSize` asks for 1 to 50. */
function keysetPageSize(query: URLSearchParams): number {
  const raw = query.get('pageSize');
  if (raw === null) return 10;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 50)
    throw badRequest('INVALID_ARGUMENT', 'pageSize must be an integer from 1 to 50');
  return Number(raw);
}

/**
 * Fault sak-parcels-page-token-from-lookahead: keyset pages of the parcel list. A page reads one row more than it
 * shows (to know whether another page follows) and makes the token of that look-ahead row; the next page reads the
 * rows after the token's row, so the look-ahead row is shown on no page.
 */
export function keysetPaged(app: Switches, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('sak-parcels-page-token-from-lookahead')) return reply;
  if (reply.status !== 200 || reply.raw !== undefined || !Array.isArray(reply.body)) return reply;
  const size = keysetPageSize(ctx.query);
  const records = reply.body as Editable[];
  const token = ctx.query.get('pageToken');
  let start = 0;
  if (token !== null) {
    const after = Buffer.from(token, 'base64url').toString('utf8');
    const at = records.findIndex((r) => isObject(r) && r['shipmentUid'] === after);
    if (at < 0) throw badRequest('INVALID_ARGUMENT', 'pageToken was not issued here');
    start = at + 1; // WHERE shipmentUid > :token
  }
  const rows = records.slice(start, start + size + 1);
  const lookahead = rows[size];
  const parcels = rows.slice(0, size);
  if (!lookahead) return { ...reply, body: { parcels } };
  const nextPageToken = Buffer.from(String(lookahead['shipmentUid'])).toString('base64url');
  return { ...reply, body: { parcels, nextPageToken } };
}

/** Fault sak-cancel-path-latin1-decoded: the path id's UTF-8 bytes read as ISO-8859-1, as the container decodes. */
export function decodedAsLatin1(app: Switches, ctx: RequestContext): RequestContext {
  const id = ctx.params['parcelId'];
  if (!app.fault('sak-cancel-path-latin1-decoded') || id === undefined) return ctx;
  return { ...ctx, params: { ...ctx.params, parcelId: Buffer.from(id, 'utf8').toString('latin1') } };
}

/** Fault sak-cancel-id-resolution-cached: per app, the shipmentUid each (carrier, path id) was resolved to. */
const resolvedIds = new WeakMap<object, Map<string, string>>();

/**
 * Fault sak-cancel-id-resolution-cached: a path id a cancel resolved before names the shipment it was resolved to,
 * whatever was booked under it since; a cancel that succeeded fills the memo.
 */
export function resolvedFromMemo<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('sak-cancel-id-resolution-cached')) return handle(app, ctx);
  const memo = heldBy(resolvedIds, app, () => new Map<string, string>());
  const carrier = ctx.carrier.name;
  const id = ctx.params['parcelId'] ?? '';
  const key = `${carrier}\n${id}`;
  const cached = memo.get(key);
  if (cached !== undefined)
    return handle(app, cached === id ? ctx : { ...ctx, params: { ...ctx.params, parcelId: cached } });
  const named = (p: StoredParcel) => p.record.shipmentUid === id || p.record.carrierParcelId === id;
  const parcel =
    app.state.latestParcel(carrier, (p) => named(p) && p.record.shipmentStatus === 'BOOKED') ??
    app.state.latestParcel(carrier, named);
  return after(handle(app, ctx), (reply) => {
    if (reply.status < 300 && parcel) memo.set(key, parcel.record.shipmentUid);
    return reply;
  });
}

/** Fault sak-consignee-email-validated-to-null: the addresses the contact service's validator takes. */
const ACCEPTED_EMAIL = /^[^\s@]{1,64}@(?:[^\s@.]{1,63}\.)+[^\s@.]{1,63}$/;

/** Fault sak-consignee-email-validated-to-null: an email the contact service's validator refuses kept as null. */
export function emailValidated(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sak-consignee-email-validated-to-null') || !isObject(ctx.body)) return ctx;
  const consignee: unknown = ctx.body['consignee'];
  if (!isObject(consignee) || typeof consignee['email'] !== 'string' || ACCEPTED_EMAIL.test(consignee['email']))
    return ctx;
  return withBody(ctx, { ...ctx.body, consignee: { ...consignee, email: null } });
}

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

/** A publish on either path: these faults and variations around it, each the publish itself when off. */
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
 * A list cache, a dry run and a payment callback around the parcel routes (routes.ts): GET /parcels, both publish
 * paths, the cancel and the staging trigger. Each is the route's handler itself while the faults and variations it
 * names are off.
 */
export function parcelCachesDryRunsAndCallbacks<A extends RouteApp>(
  method: string,
  path: string,
  handle: Handler<A>,
): Handler<A> {
  if (method === 'GET' && path === '/parcels') return (app, ctx) => listedParcels(app, ctx, () => handle(app, ctx));
  if (method === 'POST' && path.startsWith('/parcels/data'))
    return (app, ctx) => published(app, ctx, path, () => handle(app, ctx));
  if ((method === 'PATCH' && path === '/parcels/{parcelId}') || path === '/parcel/first-mile/event')
    return (app, ctx) => evictedAfter(app, ctx, () => handle(app, ctx));
  return handle;
}
