// The faults' behaviour of GET /parcels (parcel-list.ts). With its fault off each point does what the service does.
import { createHash } from 'node:crypto';
import { BASE_PATHS } from '../../base-paths';
import { badRequest } from '../../errors';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { StoredParcel } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { lockerVersionsOf } from './lockers';
import { bookedAtVersionsOf, bookingIndex, madeByMock, partlyDeclared, spelled } from './parcels';
import { CLOSED, closedRowsOf, keptOf, secondInstance, storageOf } from './shared';

/** Fault sf-list-drops-cancelled: GET /parcels reads the active table; a cancelled parcel was moved to the archive. */
export function notArchived(app: FaultPointApp, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('sf-list-drops-cancelled')) return parcels;
  return parcels.filter((p) => p.record.shipmentStatus !== 'CANCELLED');
}

/** Fault sh-parcels-scoped-by-locker: the parcels GET /parcels selects for a carrier. */
export function listedParcelsOf(app: FaultPointApp, carrier: string): StoredParcel[] {
  if (!app.fault('sh-parcels-scoped-by-locker')) return app.state.parcelsOf(carrier);
  return app.state.parcels.filter((p) => app.state.visibleLocker(carrier, p.record.lockerUid) !== undefined);
}

/** Fault si-list-events-batch-fetch-limit: the lazy events collections one batch query initializes. */
const EVENTS_BATCH = 25;

/** The list's view of each record; under the fault, records past the batch are written with events null. */
export function eventsBatchFetched<T>(app: Switches, view: (item: T) => unknown): (item: T) => unknown {
  if (!app.fault('si-list-events-batch-fetch-limit')) return view;
  let written = 0;
  return (item) => {
    const record = view(item);
    if (++written > EVENTS_BATCH && record !== null && typeof record === 'object')
      (record as Editable)['events'] = null;
    return record;
  };
}

/** Variation ok-i-parcels-drf-pages: GET /parcels as Django REST framework's page-number pages. */
const DRF_PAGE_SIZE = 20;

export function drfPage<T>(
  app: FaultPointApp,
  items: readonly T[],
  query: URLSearchParams,
  view: (item: T) => unknown,
): Reply | undefined {
  if (!app.fault('ok-i-parcels-drf-pages') || app.options.choices.listEnvelope !== 'array') return undefined;
  const asked = query.get('page') ?? '1';
  const pages = Math.max(1, Math.ceil(items.length / DRF_PAGE_SIZE));
  const page = asked === 'last' ? pages : /^\d+$/.test(asked) ? Number(asked) : Number.NaN;
  if (!(page >= 1 && page <= pages)) return { status: 404, body: { detail: 'Invalid page.' } };
  const link = (n: number) => {
    const linked = new URLSearchParams(query);
    if (n === 1) linked.delete('page');
    else linked.set('page', String(n));
    const search = linked.toString();
    return `${BASE_PATHS.service}/parcels${search ? `?${search}` : ''}`;
  };
  const results = items.slice((page - 1) * DRF_PAGE_SIZE, page * DRF_PAGE_SIZE).map(view);
  const next = page < pages ? link(page + 1) : null;
  return { status: 200, body: { count: items.length, next, previous: page > 1 ? link(page - 1) : null, results } };
}

/** Fault sk-shipment-type-ordinal-reordered: the order each side's enum gives the shipment types. */
const WRITER_ORDER = ['LAST_MILE', 'ALTERNATIVE_DELIVERY', 'FIRST_MILE', 'RETURN'];
const READER_ORDER = ['LAST_MILE', 'FIRST_MILE', 'RETURN', 'ALTERNATIVE_DELIVERY'];

/** The view GET /parcels writes each record with; under the fault, shipmentType read back by the older ordinal. */
export function shipmentTypeOrdinal<T>(app: Switches, view: (item: T) => unknown): (item: T) => unknown {
  if (!app.fault('sk-shipment-type-ordinal-reordered')) return view;
  return (item) => {
    const record = view(item) as Editable | null;
    const ordinal = WRITER_ORDER.indexOf(record?.['shipmentType']);
    if (record && ordinal >= 0) record['shipmentType'] = READER_ORDER[ordinal];
    return record;
  };
}

/**
 * Fault sm-list-log-masking-in-place: GET /parcels passes its answer through the response-logging interceptor, which
 * masks personal data for the log on the answer object itself, before it is written: j***@example.com.
 */
export function maskedForLog<T>(app: Switches, view: (item: T) => unknown): (item: T) => unknown {
  if (!app.fault('sm-list-log-masking-in-place')) return view;
  return (item) => {
    const record = view(item);
    const consignee = isObject(record) ? record['consignee'] : undefined;
    const email = isObject(consignee) ? consignee['email'] : undefined;
    if (typeof email === 'string' && email.includes('@'))
      consignee!['email'] = `${email.slice(0, 1)}***${email.slice(email.lastIndexOf('@'))}`;
    return record;
  };
}

/**
 * Fault so-parcel-list-to-map-first-wins: GET /parcels collects the rows into a map keyed by carrierParcelId with a
 * merge function that keeps the first (toMap(getCarrierParcelId, p -> p, (a, b) -> a), written to stop the duplicate
 * key exception): of the carrier's parcels sharing a carrierParcelId only the oldest is listed.
 */
export function firstPerParcelId(app: FaultPointApp, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('so-parcel-list-to-map-first-wins')) return parcels;
  const first = new Map<string, StoredParcel>();
  for (const p of parcels) if (!first.has(p.record.carrierParcelId)) first.set(p.record.carrierParcelId, p);
  return [...first.values()];
}

/** Variation ok-o-parcels-last-changed-first: the list ordered by each parcel's newest event, newest first. */
export function lastChangedFirst(app: FaultPointApp, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('ok-o-parcels-last-changed-first')) return parcels;
  const last = (p: StoredParcel) => p.record.events.reduce((t, e) => (e.timestamp > t ? e.timestamp : t), '');
  return [...parcels].reverse().sort((a, b) => (last(a) === last(b) ? 0 : last(a) > last(b) ? -1 : 1));
}

/**
 * Variation ok-q-parcels-aip-pages: GET /parcels answers pages as API design guides of the AIP kind write them,
 * {parcels, nextPageToken}, `pageSize` (1 to 50, 10 unless asked) records a page, oldest first; nextPageToken is an
 * opaque text to send back as `pageToken`, left out on the last page. Undefined where the variation is off.
 */
export function aipPage<T>(
  app: FaultPointApp,
  items: readonly T[],
  query: URLSearchParams,
  view: (item: T) => unknown,
): Reply | undefined {
  if (!app.fault('ok-q-parcels-aip-pages') || app.options.choices.listEnvelope !== 'array') return undefined;
  const size = Number(query.get('pageSize') ?? '10');
  if (!Number.isInteger(size) || size < 1 || size > 50)
    throw badRequest('INVALID_ARGUMENT', 'pageSize must be an integer from 1 to 50');
  const token = query.get('pageToken');
  const offset = token ? Number(/^o(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'))?.[1]) : 0;
  if (!(offset >= 0 && offset <= items.length)) throw badRequest('INVALID_ARGUMENT', 'pageToken was not issued here');
  const parcels = items.slice(offset, offset + size).map(view);
  const next = offset + size < items.length ? Buffer.from(`o${offset + size}`).toString('base64url') : undefined;
  return { status: 200, body: next ? { parcels, nextPageToken: next } : { parcels } };
}

/** Variation ok-s-parcels-ordered-by-parcel-id: GET /parcels ordered by carrierParcelId, then shipmentUid. */
export function byParcelId(app: FaultPointApp, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('ok-s-parcels-ordered-by-parcel-id')) return parcels;
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...parcels].sort(
    (a, b) =>
      order(a.record.carrierParcelId, b.record.carrierParcelId) || order(a.record.shipmentUid, b.record.shipmentUid),
  );
}

/** Fault su-parcel-list-nan-volume: depth x height x width as a float, NaN where a dimension is missing. */
function volumeOf(app: FaultPointApp, shipmentUid: string): number {
  const d = keptOf(app).dimensions.get(shipmentUid);
  const sides = [d?.['depth'], d?.['height'], d?.['width']];
  return sides.every((s) => typeof s === 'number') ? sides.reduce((a: number, s: number) => a * s, 1) : Number.NaN;
}

/**
 * GET /parcels' record view as these faults write it. Fault su-cancelled-spelled-twice (above). Fault
 * su-parcel-list-nan-volume: each record carries parcelVolume, NaN where a dimension is missing.
 */
export function cancelledSpelledAndVolume<T>(app: FaultPointApp, view: (item: T) => unknown): (item: T) => unknown {
  if (!app.fault('su-cancelled-spelled-twice') && !app.fault('su-parcel-list-nan-volume')) return view;
  return (item) => {
    const record = spelled(app, view(item));
    if (app.fault('su-parcel-list-nan-volume') && isObject(record))
      record['parcelVolume'] = volumeOf(app, String(record['shipmentUid']));
    return record;
  };
}

const NAN_MARK = 'NaN\u2060';

/** Fault su-parcel-list-nan-volume: the list written as Flask's jsonify writes it (allow_nan: a bare NaN token). */
export function listWithNanTokens(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('su-parcel-list-nan-volume') || reply.body === undefined) return reply;
  const text = JSON.stringify(reply.body, (_, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? NAN_MARK : v));
  return { ...reply, raw: text.split(`"${NAN_MARK}"`).join('NaN') };
}

/** Variation ok-u-parcels-link-header-pages: GitHub-style pages, the page's records bare, the others in Link. */
export function linkPaged<T>(
  app: FaultPointApp,
  items: readonly T[],
  query: URLSearchParams,
  view: (item: T) => unknown,
): Reply | undefined {
  if (!app.fault('ok-u-parcels-link-header-pages') || app.options.choices.listEnvelope !== 'array') return undefined;
  const asked = (name: string, fallback: number) => {
    const n = Number(query.get(name) ?? fallback);
    return Number.isInteger(n) && n >= 1 ? n : fallback;
  };
  const perPage = Math.min(asked('per_page', 10), 100);
  const last = Math.max(Math.ceil(items.length / perPage), 1);
  const page = asked('page', 1);
  const link = (n: number, rel: string) => `</v1/parcels?page=${n}&per_page=${perPage}>; rel="${rel}"`;
  const links = [
    ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ...(page > 1 ? [link(1, 'first'), link(Math.min(page - 1, last), 'prev')] : []),
  ];
  const body = items.slice((page - 1) * perPage, page * perPage).map(view);
  return { status: 200, body, ...(links.length ? { headers: { link: links.join(', ') } } : {}) };
}

/** Fault sz-parcel-list-hides-locked: the list reuses the consignee app's "collectable parcels" query. */
export function collectableOnly(app: Switches, parcels: StoredParcel[]): StoredParcel[] {
  return app.fault('sz-parcel-list-hides-locked') ? parcels.filter((p) => p.record.lockStatus !== 'LOCKED') : parcels;
}

/**
 * Fault sab-parcel-list-trailing-comma: GET /parcels streams a bare array with a hand-written writer that walks the
 * parcel table, writes the caller's rows and puts a comma after each unless its index is the table's last: when the
 * table's newest row is another carrier's (or the mock's for another carrier), the array ends in ",]".
 */
export function streamedArray(app: FaultPointApp, carrier: string, reply: Reply): Reply {
  if (!app.fault('sab-parcel-list-trailing-comma') || !Array.isArray(reply.body) || reply.body.length === 0)
    return reply;
  if (app.state.parcels.at(-1)?.owner === carrier) return reply;
  return { ...reply, raw: `[${reply.body.map((record) => JSON.stringify(record)).join(',')},]` };
}

/**
 * GET /parcels' record view. Fault sad-list-dimensions-status-case-no-else: the list reads dimensionsStatus from a view
 * computing it with CASE WHEN all three dimensions are set THEN 'DECLARED' WHEN none is THEN 'INCOMPLETE' END, no ELSE:
 * a parcel booked with one or two dimensions is listed with dimensionsStatus null.
 */
export function dimensionsStatusCaseNoElse<T extends StoredParcel>(
  app: Switches,
  view: (p: T) => unknown,
): (p: T) => unknown {
  if (!app.fault('sad-list-dimensions-status-case-no-else')) return view;
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown) || !partlyDeclared.get(app)?.has(parcel.record.shipmentUid)) return shown;
    return { ...shown, dimensionsStatus: null };
  };
}

const PARCEL_FILTERS = ['shipmentStatus', 'carrierParcelId', 'lockerUid'] as const;

/**
 * Variation ok-ad-parcels-query-filters: GET /parcels takes the query parameters shipmentStatus, carrierParcelId and
 * lockerUid and lists the carrier's parcels whose member equals each one given; without them, every parcel.
 */
export function filteredByQuery(app: Switches, query: URLSearchParams, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('ok-ad-parcels-query-filters')) return parcels;
  const asked = PARCEL_FILTERS.filter((f) => query.has(f));
  return asked.length ? parcels.filter((p) => asked.every((f) => p.record[f] === query.get(f))) : parcels;
}

/**
 * GET /parcels' record view. Fault saf-list-consignee-json-refs: the list's serializer preserves references of the
 * Contact type, found or created by name and email: within one answer, the first consignee of a contact carries an
 * "$id", and every later one is written {"$ref": id}. Made once per answer.
 */
export function consigneeJsonRefs<T extends StoredParcel>(app: Switches, view: (p: T) => unknown): (p: T) => unknown {
  if (!app.fault('saf-list-consignee-json-refs')) return view;
  const written = new Map<string, string>();
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown) || !isObject(shown['consignee'])) return shown;
    const contact: Editable = shown['consignee'];
    const key = JSON.stringify([contact['name'] ?? null, contact['email'] ?? null]);
    const id = written.get(key);
    if (id !== undefined) return { ...shown, consignee: { $ref: id } };
    const next = String(written.size + 1);
    written.set(key, next);
    return { ...shown, consignee: { $id: next, ...contact } };
  };
}

const PAGING_PARAMETERS = ['page', 'size', 'limit', 'offset', 'pageSize', 'per_page'] as const;
const OPERATOR_PAGE_SIZE = 20;
const OPERATOR_MAX_PAGE_SIZE = 100;

/** A whole number of the query, or undefined where the parameter is absent or no whole number. */
function wholeParameter(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  return raw !== null && /^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;
}

/**
 * Fault saf-paged-list-drops-owner: with a paging parameter, GET /parcels calls findAll(pageable), which has no owner
 * criterion: the page of every carrier's parcels (the list envelope pages it where it pages). Undefined: the
 * carrier's own parcels, as before.
 */
export function pagedAcrossCarriers(app: FaultPointApp, query: URLSearchParams): StoredParcel[] | undefined {
  if (!app.fault('saf-paged-list-drops-owner') || !PAGING_PARAMETERS.some((p) => query.has(p))) return undefined;
  const every = app.state.parcels;
  if (app.options.choices.listEnvelope !== 'array') return every;
  const asked = ['size', 'limit', 'pageSize', 'per_page'].map((p) => wholeParameter(query, p)).find((n) => n);
  const size = Math.min(asked ?? OPERATOR_PAGE_SIZE, OPERATOR_MAX_PAGE_SIZE);
  const offset = wholeParameter(query, 'offset') ?? (wholeParameter(query, 'page') ?? 0) * size;
  return every.slice(offset, offset + size);
}

/** Variation ok-ah-parcels-active-first: the booked parcels first, then the others, each group in the list's order. */
export function activeFirst<T extends StoredParcel>(app: Switches, parcels: T[]): T[] {
  if (!app.fault('ok-ah-parcels-active-first')) return parcels;
  const booked = parcels.filter((p) => p.record.shipmentStatus === 'BOOKED');
  return [...booked, ...parcels.filter((p) => p.record.shipmentStatus !== 'BOOKED')];
}

/** Fault saj-parcel-list-cache-not-evicted-by-cancel: how long a carrier's list answer is kept. */
const LIST_CACHE_MS = 60_000;
const listCaches = new WeakMap<object, Map<string, { stamp: string; at: number; reply: Reply }>>();

/** The "parcel changed" events the booking and the staging event handlers publish: new parcels, new entries. */
function changedStamp(app: FaultPointApp): string {
  let entries = 0;
  for (const p of app.state.parcels) entries += p.record.events.filter((e) => e.type !== 'CANCELLED').length;
  return `${app.state.parcels.length}:${entries}`;
}

/**
 * GET /parcels as answered. Fault saj-parcel-list-cache-not-evicted-by-cancel: answers are kept per carrier and query
 * for 60 s and evicted by the "parcel changed" event, which the publish and staging event handlers publish; the cancel
 * handler, in the cancellation module, writes the row and publishes none, so a list read after a cancel (within the 60
 * s of an earlier read) still shows the parcel as before it.
 */
export function listCacheNotEvictedByCancel(app: FaultPointApp, ctx: RequestContext, list: () => Reply): Reply {
  if (!app.fault('saj-parcel-list-cache-not-evicted-by-cancel')) return list();
  const cache = listCaches.get(app) ?? new Map<string, { stamp: string; at: number; reply: Reply }>();
  listCaches.set(app, cache);
  const key = `${ctx.carrier.name}?${ctx.query.toString()}`;
  const stamp = changedStamp(app);
  const kept = cache.get(key);
  if (kept && kept.stamp === stamp && Date.now() - kept.at < LIST_CACHE_MS) return structuredClone(kept.reply);
  const reply = list();
  cache.set(key, { stamp, at: Date.now(), reply: structuredClone(reply) });
  return reply;
}

/**
 * Each listed parcel's view, as these faults write it. Fault saj-list-locker-joined-by-carrier-locker-id: the list
 * query joins each parcel to a locker on the carrierLockerId the parcel row holds (the caller's own locker first, then
 * a third party's), and its lockerUid column is the joined locker's uid, the stored one only where the join finds none.
 */
export function lockerJoinedByCarrierLockerId<T extends StoredParcel>(
  app: FaultPointApp,
  carrier: string,
  view: (p: T) => unknown,
): (p: T) => unknown {
  if (!app.fault('saj-list-locker-joined-by-carrier-locker-id')) return view;
  return (parcel) => {
    const shown = view(parcel);
    const lockerId = parcel.record.carrierLockerId;
    if (!isObject(shown) || lockerId === null) return shown;
    const joined = app.state.lockerByCarrierLockerId(carrier, lockerId);
    return joined ? { ...shown, lockerUid: joined.record.uid } : shown;
  };
}

/** Variation ok-aj-parcels-newest-first: GET /parcels newest first (ORDER BY created_at DESC). */
export function newestFirst<T>(app: Switches, parcels: T[]): T[] {
  return app.fault('ok-aj-parcels-newest-first') ? [...parcels].reverse() : parcels;
}

/**
 * Variation ok-aj-parcels-etag: GET /parcels carries a validator of its answer (a shallow ETag, a hash of the JSON
 * text), and a request whose If-None-Match names it is answered 304 without a body.
 */
export function etagged(app: Switches, ctx: Pick<RequestContext, 'headers'>, reply: Reply): Reply {
  if (!app.fault('ok-aj-parcels-etag') || reply.status !== 200) return reply;
  const text = reply.raw ?? JSON.stringify(reply.body);
  const etag = `"${createHash('sha1').update(text).digest('hex')}"`;
  const asked = ctx.headers?.['if-none-match'];
  if (typeof asked === 'string' && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return { status: 304, headers: { etag } };
  return { ...reply, headers: { ...reply.headers, etag, 'cache-control': 'private, no-cache' } };
}

// --- The parcel list (parcel-list.ts) ---

/** Fault san-parcel-list-keyset-skips-boundary: the rows of one keyset batch. */
const KEYSET_BATCH = 32;

/**
 * The parcels the list reads. Fault san-parcel-list-keyset-skips-boundary: the table read in keyset batches of 32,
 * each next batch from the key after the last row plus one, so the row after each batch is never read.
 */
export function keysetSkipsBoundary<T extends StoredParcel>(app: StateApp, parcels: T[]): T[] {
  if (!app.fault('san-parcel-list-keyset-skips-boundary')) return parcels;
  const skipped = new Set<StoredParcel>(app.state.parcels.filter((_, i) => i % (KEYSET_BATCH + 1) === KEYSET_BATCH));
  return parcels.filter((p) => !skipped.has(p));
}

const eventCaches = new WeakMap<object, Map<string, { status: string; events: unknown }>>();

/**
 * Each listed parcel's answer form. Fault san-list-events-cached-by-status: its events from a cache per shipmentUid,
 * refreshed only when the shipmentStatus is not the one the entry was made at.
 */
export function eventsCachedByStatus<T extends StoredParcel>(
  app: Switches,
  view: (p: T) => unknown,
): (p: T) => unknown {
  if (!app.fault('san-list-events-cached-by-status')) return view;
  const cache = perApp(eventCaches, app, () => new Map<string, { status: string; events: unknown }>());
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown)) return shown;
    const { shipmentUid, shipmentStatus } = parcel.record;
    const held = cache.get(shipmentUid);
    if (held && held.status === shipmentStatus) return { ...shown, events: structuredClone(held.events) };
    cache.set(shipmentUid, { status: shipmentStatus, events: structuredClone(shown['events']) });
    return shown;
  };
}

// --- Variations of the parcel list: ok-an-parcels-grouped-by-locker, ok-an-parcels-summary-envelope ---

function byUid(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Variation ok-an-parcels-grouped-by-locker: the parcels grouped by locker, by uid, each locker's oldest first. */
export function parcelsGroupedByLocker<T extends StoredParcel>(app: Switches, parcels: T[]): T[] {
  if (!app.fault('ok-an-parcels-grouped-by-locker')) return parcels;
  return parcels
    .map((p, i) => ({ p, i }))
    .sort((a, b) => byUid(a.p.record.lockerUid, b.p.record.lockerUid) || a.i - b.i)
    .map((e) => e.p);
}

/** Variation ok-an-parcels-summary-envelope: {parcels, total, summary}, summary counting each shipmentStatus. */
export function parcelsSummaryEnvelope(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-an-parcels-summary-envelope') || reply.status !== 200 || !Array.isArray(reply.body)) return reply;
  const parcels = reply.body as unknown[];
  const summary: Record<string, number> = {};
  for (const p of parcels) {
    const status = isObject(p) ? p['shipmentStatus'] : undefined;
    if (typeof status === 'string') summary[status] = (summary[status] ?? 0) + 1;
  }
  return { ...reply, body: { parcels, total: parcels.length, summary } };
}

/**
 * A parcel's record as GET /parcels lists it. Fault sao-trigger-events-future-hidden: the list reads the history WHERE
 * occurred_at <= now() (written to keep scheduled entries out), so an entry stamped ahead of the service's clock is not
 * listed until that time comes.
 */
export function futureEventsHidden<T>(app: Switches, view: (p: T) => unknown): (p: T) => unknown {
  if (!app.fault('sao-trigger-events-future-hidden')) return view;
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown) || !Array.isArray(shown['events'])) return shown;
    const now = Date.now();
    const past = (e: unknown) => !isObject(e) || !(Date.parse(String(e['timestamp'])) > now);
    return { ...shown, events: shown['events'].filter(past) };
  };
}

// --- GET /parcels (parcel-list.ts) ---

/**
 * The view of each listed parcel, from the service's own. Variation ok-ar-list-signature-left-out: the list's query
 * does not read the signature image (a blob column); the cancel answer and ParcelUpdates still carry it.
 */
export function signatureLeftOut<T>(app: Switches, view: (p: T) => unknown): (p: T) => unknown {
  if (!app.fault('ok-ar-list-signature-left-out')) return view;
  return (p: T) => {
    const shown = view(p);
    if (shown === null || typeof shown !== 'object' || !('signature' in shown)) return shown;
    const { signature: _left, ...rest } = shown as Editable;
    return rest;
  };
}

/** The parcels GET /parcels reads: with fault sat-locker-index-rewritten-by-booker, bookings through the index. */
export function bookingsThroughLockerIndex(app: Switches, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('sat-locker-index-rewritten-by-booker')) return parcels;
  const index = bookingIndex(app);
  return parcels.filter((p) => {
    const entry = index.byLocker.get(p.record.lockerUid);
    return !index.booked.has(p) || !entry || entry.has(p);
  });
}

/** The status an entry of the history leaves a parcel in (fault sat-list-status-by-event-text-order). */
const STATUS_OF_ENTRY: Record<string, string> = {
  BOOKING_CREATED: 'BOOKED',
  CONSIGNEE_DELIVERED: 'DELIVERED',
  COURIER_COLLECTED: 'COLLECTED',
  CANCELLED: 'CANCELLED',
};

/**
 * A record as GET /parcels lists it. Fault sat-list-status-by-event-text-order: shipmentStatus taken from the newest
 * entry by the text of its time (ORDER BY occurred_at DESC on a text column).
 */
export function statusByEventTextOrder<T>(app: Switches, view: (parcel: T) => unknown): (parcel: T) => unknown {
  if (!app.fault('sat-list-status-by-event-text-order')) return view;
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown) || !Array.isArray(shown['events'])) return shown;
    let newest: Editable | undefined;
    for (const entry of shown['events'] as unknown[])
      if (isObject(entry) && typeof entry['timestamp'] === 'string')
        if (newest === undefined || entry['timestamp'] > newest['timestamp']) newest = entry;
    const status = newest ? STATUS_OF_ENTRY[String(newest['type'])] : undefined;
    return status ? { ...shown, shipmentStatus: status } : shown;
  };
}

// --- The parcels listed (parcel-list.ts) and a booking's shipmentUid (publish-points.ts) ---

const PARTITIONS = 4n;

/**
 * Fault sav-parcel-partitions-scan-off-by-one: the parcel table is hash-partitioned by shipment number (four
 * partitions), and the list's fan-out loops `p < PARTITIONS - 1`: the parcels of the last partition are not listed.
 */
export function partitionsScanOffByOne(app: Switches, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('sav-parcel-partitions-scan-off-by-one')) return parcels;
  return parcels.filter((p) => {
    const number = /^SHP-(\d+)$/.exec(p.record.shipmentUid)?.[1];
    return number === undefined || BigInt(number) % PARTITIONS !== PARTITIONS - 1n;
  });
}

// --- The parcel list (parcel-list.ts) ---

/**
 * The parcels GET /parcels reads: the caller's (`own`). Fault saw-second-key-operator-scope: the second carrier's key
 * carries the operators' read-all scope, which leaves the owner out of the query.
 */
export function secondKeyOperatorScope(app: FaultPointApp, carrier: string, own: StoredParcel[]): StoredParcel[] {
  if (!app.fault('saw-second-key-operator-scope') || carrier !== app.options.carriers[1]?.name) return own;
  return app.state.parcels;
}

// --- A listed parcel (parcel-list.ts) ---

/** Fault sax-parcel-list-empty-consignee-array: a consignee with no member that is not null, written []. */
export function emptyConsigneeArray<T>(app: Switches, view: (parcel: T) => unknown): (parcel: T) => unknown {
  if (!app.fault('sax-parcel-list-empty-consignee-array')) return view;
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown) || !isObject(shown['consignee'])) return shown;
    const filled = Object.values(shown['consignee']).some((v) => v !== null && v !== undefined);
    return filled ? shown : { ...shown, consignee: [] };
  };
}

// --- GET /parcels (parcel-list.ts) ---

/** The newest rows the dashboard query reads (fault saz-parcels-limit-before-owner-filter). */
const DASHBOARD_ROWS = 50;

/**
 * The caller's parcels as the list query reads them.
 * - Fault saz-parcels-limit-before-owner-filter: only those among the newest 50 rows of the whole table.
 * - Fault saz-parcels-test-filter-null-email: bookings whose consignee email is NULL fail NOT LIKE; the mock's parcels
 *   come from its own table.
 */
export function limitBeforeOwnerFilter(app: StateApp, parcels: StoredParcel[]): StoredParcel[] {
  let rows = parcels;
  if (app.fault('saz-parcels-limit-before-owner-filter')) {
    const newest = new Set(app.state.parcels.slice(-DASHBOARD_ROWS));
    rows = rows.filter((p) => newest.has(p));
  }
  if (app.fault('saz-parcels-test-filter-null-email'))
    rows = rows.filter((p) => madeByMock(p) || typeof p.record.consignee?.['email'] === 'string');
  return rows;
}

/** Variation ok-az-parcels-synchronized-scan-order: each read begins one parcel further round. */
export function synchronizedScanOrder<T>(app: Switches, parcels: T[]): T[] {
  if (!app.fault('ok-az-parcels-synchronized-scan-order') || parcels.length < 2) return parcels;
  const start = storageOf(app).scans++ % parcels.length;
  return [...parcels.slice(start), ...parcels.slice(0, start)];
}

// --- GET /parcels (parcel-list.ts) ---

/**
 * Each listed parcel as the list's serializer writes it: as viewed.
 * - Fault sba-parcel-list-null-as-empty-string: the response schema types consignee.name and .email as string, and
 *   the schema-compiled serializer writes a null there as "".
 * - Fault sba-parcel-list-locker-uid-automapped: the mapper's flattening finds lockerUid on the joined locker entity,
 *   the provider-side id.
 */
export function nullAsEmptyAndAutomapped<T>(app: StateApp, view: (parcel: T) => unknown): (parcel: T) => unknown {
  const emptyText = app.fault('sba-parcel-list-null-as-empty-string');
  const automapped = app.fault('sba-parcel-list-locker-uid-automapped');
  if (!emptyText && !automapped) return view;
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown)) return shown;
    const written: Editable = { ...shown };
    const consignee = written['consignee'];
    if (emptyText && isObject(consignee))
      written['consignee'] = Object.fromEntries(
        Object.entries(consignee).map(([k, v]) => [k, (k === 'name' || k === 'email') && v === null ? '' : v]),
      );
    const uid = written['lockerUid'];
    const joined = automapped && typeof uid === 'string' ? app.state.lockers.get(uid) : undefined;
    if (joined) written['lockerUid'] = joined.record.provider.lockerUid;
    return written;
  };
}

// --- GET /parcels (parcel-list.ts) ---

/** The shipment statuses the release before knew (first-mile pick-ups, COLLECTED, came with this release). */
const STATUSES_OF_RELEASE_BEFORE = new Set(['BOOKED', 'CANCELLED', 'DELIVERED']);

/**
 * Each listed parcel, of one GET /parcels request.
 * - Fault sbb-lock-state-flag-off-in-list: the flag lock-state-v2 (the lock state moved to the compartment reservation)
 *   is on for the publish API and off in the list service, whose flag client was never given the flag's key and falls
 *   back to its default: bookings write the lock state to the new table, the list reads the old column, which they
 *   leave at its default UNLOCKED.
 * - Fault sbb-old-pods-list-collected-null: while the release is rolled out, GET /parcels is taken in turn by a pod of
 *   the release before, whose status enum has no COLLECTED and reads an unknown value as null.
 */
export function lockStateFlagAndOldPods<T>(app: Switches, view: (parcel: T) => unknown): (parcel: T) => unknown {
  const lockFlagOff = app.fault('sbb-lock-state-flag-off-in-list');
  const oldPod = app.fault('sbb-old-pods-list-collected-null') && secondInstance(app, 'parcel-list-pod');
  if (!lockFlagOff && !oldPod) return view;
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown)) return shown;
    const edited: Editable = { ...shown };
    if (lockFlagOff && edited['lockStatus'] === 'LOCKED') edited['lockStatus'] = 'UNLOCKED';
    if (
      oldPod &&
      typeof edited['shipmentStatus'] === 'string' &&
      !STATUSES_OF_RELEASE_BEFORE.has(edited['shipmentStatus'])
    )
      edited['shipmentStatus'] = null;
    return edited;
  };
}

// --- GET /parcels: the parcels listed and each one as written (parcel-list.ts) ---

/**
 * The carrier's parcels, oldest first, as the list reads them. Fault sbd-parcel-list-sized-by-booking-counter: the list
 * query takes LIMIT :n from the carrier's parcel counter (kept to spare a COUNT(*)), which the publish path raises with
 * each booking (the seeded parcels counted at the import) and the staging mock, writing its parcels straight to the
 * table, never does: once the mock has made parcels for the carrier, that many of its newest parcels are not listed.
 */
export function parcelsLimitedByBookingCounter(app: Switches, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('sbd-parcel-list-sized-by-booking-counter')) return parcels;
  return parcels.slice(0, parcels.filter((p) => !madeByMock(p)).length);
}

/**
 * A parcel as the list shows it; `render` is the service's own. Fault sbd-closed-parcel-projection-written-once: a
 * closed parcel (cancelled, delivered, collected) is read from the closed-parcels projection, written by the parcel
 * event listener when the parcel first closes (INSERT ... ON CONFLICT DO NOTHING: closed parcels do not change); a
 * first-mile parcel delivered and then collected, or announced again, keeps the record it closed with there.
 */
export function closedParcelFromProjection<T>(app: Switches, parcel: StoredParcel, render: (p: StoredParcel) => T): T {
  if (!app.fault('sbd-closed-parcel-projection-written-once') || !CLOSED.has(parcel.record.shipmentStatus))
    return render(parcel);
  const row = closedRowsOf(app).get(parcel);
  return render(row ? { ...parcel, record: structuredClone(row) } : parcel);
}

/**
 * A listed parcel as written (`shown`: the record as the list shows it, never the stored one edited).
 * - Fault sbc-parcel-list-history-reverse-loop: the history written newest first by a loop whose bound stops before
 *   index 0.
 */
export function historyReversedByShortLoop<T>(app: Switches, shown: T): T {
  if (!app.fault('sbc-parcel-list-history-reverse-loop') || !isObject(shown) || !Array.isArray(shown['events']))
    return shown;
  const events: unknown[] = shown['events'];
  const newestFirst: unknown[] = [];
  for (let i = events.length - 1; i > 0; i--) newestFirst.push(events[i]);
  return { ...shown, events: newestFirst };
}

// --- The parcels listed (parcel-list.ts) ---

/**
 * Fault sbg-parcels-of-updated-locker-unlisted: GET /parcels joins each booking with the version of its locker it was
 * booked against, inner, on the locker's current version: a booking whose locker was updated since is not listed.
 */
export function sameLockerVersion<T extends StoredParcel>(app: FaultPointApp, parcels: T[]): T[] {
  if (!app.fault('sbg-parcels-of-updated-locker-unlisted')) return parcels;
  const bookedAtVersions = bookedAtVersionsOf(app);
  const lockerVersions = lockerVersionsOf(app);
  return parcels.filter((p) => {
    const booked = bookedAtVersions.get(p);
    const locker = app.state.lockers.get(p.record.lockerUid);
    return booked === undefined || !locker || (lockerVersions.get(locker) ?? 0) === booked;
  });
}
