// The faults' behaviour of GET /lockers' answer as written (list-points.ts answered, lockers.ts listLockers). With its
// fault off each point does what the service does.
import { createHash } from 'node:crypto';
import type { ReferenceApp } from '../../app';
import { badRequest } from '../../errors';
import { type Editable, isObject, perApp, type Switches, withAnswerText } from '../../handlers/fault-point-state';
import type { Json, JsonObject } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { listsThisSecond } from './locker-list';
import { parked } from './lockers';

/** Fault sg-locker-list-cache-kept-after-update: GET /lockers answers kept per carrier and query string. */
const LIST_CACHE_MS = 10 * 60_000;
const listCaches = new WeakMap<FaultPointApp, Map<string, { events: string; at: number; reply: Reply }>>();

/** What the locker event listener evicts on: a locker created (the count) or a carrier.status changed. */
function lockerEvents(app: FaultPointApp): string {
  let statuses = '';
  for (const locker of app.state.lockers.values()) statuses += locker.record.carrier.status + '|';
  return `${app.state.lockers.size}:${statuses}`;
}

export function cachedLockerList(app: FaultPointApp, ctx: RequestContext, list: () => Reply): Reply {
  if (!app.fault('sg-locker-list-cache-kept-after-update')) return list();
  const cache = listCaches.get(app) ?? new Map<string, { events: string; at: number; reply: Reply }>();
  listCaches.set(app, cache);
  const key = `${ctx.carrier.name}?${ctx.query.toString()}`;
  const events = lockerEvents(app);
  const hit = cache.get(key);
  if (hit && hit.events === events && Date.now() - hit.at < LIST_CACHE_MS) return structuredClone(hit.reply);
  const reply = list();
  cache.set(key, { events, at: Date.now(), reply: structuredClone(reply) });
  return reply;
}

/** Variation ok-n-locker-list-cursor-pages: records a page holds where no limit is asked, and the most asked. */
const CURSOR_PAGE = 25;
const CURSOR_MOST = 100;

/** Variation ok-n-locker-list-cursor-pages: a whole number of at least 1 and at most `most` from the query. */
function limitOf(query: URLSearchParams): number {
  const raw = query.get('limit');
  if (raw === null) return CURSOR_PAGE;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > CURSOR_MOST)
    throw badRequest('VALIDATION_FAILED', `query parameter limit must be a whole number from 1 to ${CURSOR_MOST}`);
  return Number(raw);
}

/**
 * Variation ok-n-locker-list-cursor-pages: GET /lockers answers {data, nextCursor}, oldest first, `limit` records a
 * page (25 unless asked, at most 100); nextCursor is an opaque text to send back as `cursor` for the next page, null on
 * the last one. A cursor the service did not issue is refused 400.
 */
export function cursorPages(app: FaultPointApp, query: URLSearchParams, reply: Reply): Reply {
  if (!app.fault('ok-n-locker-list-cursor-pages') || !Array.isArray(reply.body)) return reply;
  const limit = limitOf(query);
  const cursor = query.get('cursor');
  const decoded = cursor === null ? 'o:0' : Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^o:\d+$/.test(decoded)) throw badRequest('VALIDATION_FAILED', 'query parameter cursor is not a cursor');
  const start = Number(decoded.slice(2));
  const end = start + limit;
  const nextCursor = end < reply.body.length ? Buffer.from(`o:${end}`).toString('base64url') : null;
  return { status: 200, body: { data: reply.body.slice(start, end), nextCursor } };
}

/** Fault sp-list-metadata-values-revived: a text read back as the number, boolean or null it spells, else as it is. */
function revived(value: Json | undefined): Json | undefined {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed === null || typeof parsed === 'number' || typeof parsed === 'boolean' ? parsed : value;
  } catch {
    return value;
  }
}

/** Fault sp-list-metadata-values-revived: every listed record's metadata as the search index's reader returns it. */
function withRevivedMetadata(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withRevivedMetadata);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Editable;
  if (!Array.isArray(record['metadata']))
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, withRevivedMetadata(v)]));
  const entry = (e: JsonObject) => ({ ...e, key: revived(e['key']), value: revived(e['value']) });
  return { ...record, metadata: record['metadata'].map(entry) };
}

/**
 * Fault sp-list-metadata-values-revived: GET /lockers reads the lockers from the portal's search index, whose documents
 * hold each metadata entry as flat text fields, read back through a reviver written for lon, lat and the features:
 * a key or value that spells a number, a boolean or null comes back as that JSON value.
 */
export function revivedFromIndex(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('sp-list-metadata-values-revived')) return reply;
  return { ...reply, body: withRevivedMetadata(reply.body) };
}

/** Fault sp-locker-push-on-first-list: the carrier's list is read; the indexer publishes what it indexes now. */
export function releaseParked(app: FaultPointApp, carrier: string): void {
  const pushes = parked.get(app)?.get(carrier);
  if (!pushes) return;
  parked.get(app)!.delete(carrier);
  for (const push of pushes) push();
}

/** Variation ok-p-list-unknown-params-refused: the query parameters GET /lockers knows. */
const LIST_PARAMETERS = new Set(['providerName', 'page', 'size']);

/**
 * Variation ok-p-list-unknown-params-refused: GET /lockers validates its query strictly, and a parameter it does not
 * know (carrierId, providerId, a filter it names otherwise) is refused 400.
 */
export function checkListParameters(app: FaultPointApp, query: URLSearchParams): void {
  if (!app.fault('ok-p-list-unknown-params-refused')) return;
  const unknown = [...query.keys()].find((k) => !LIST_PARAMETERS.has(k));
  if (unknown !== undefined) throw badRequest('VALIDATION_FAILED', `unknown query parameter "${unknown}"`);
}

/** Fault sr-list-features-memo-by-model: the memo of the features resolver, per app, keyed by provider model. */
const featureMemos = new WeakMap<FaultPointApp, Map<string, Json>>();

/** Every locker record of a list answer, bare or in an envelope. */
function listedRecords(body: unknown): Editable[] {
  if (Array.isArray(body)) return body.filter((r): r is Editable => r !== null && typeof r === 'object');
  if (body === null || typeof body !== 'object') return [];
  return Object.values(body).flatMap((v) => (Array.isArray(v) ? listedRecords(v) : []));
}

/** Fault sr-list-mapper-mutates-store: a metadata entry as the map view's mapper writes it, null text as "". */
function blankedNulls(metadata: Json[]): Json[] {
  return metadata.map((e) =>
    e !== null && typeof e === 'object' && !Array.isArray(e)
      ? { ...e, key: e['key'] ?? '', value: e['value'] ?? '' }
      : e,
  );
}

/** Variation ok-r-list-hal-envelope: a bare list of lockers as Spring HATEOAS writes a collection model. */
function halEnvelope(records: unknown[], query: URLSearchParams): unknown {
  const self = `/lockers${query.toString() ? `?${query.toString()}` : ''}`;
  return {
    _embedded: { lockers: records },
    _links: { self: { href: self } },
    page: { size: records.length, totalElements: records.length, totalPages: 1, number: 0 },
  };
}

/**
 * The GET /lockers answer as these faults and variation write it. Fault sr-list-features-memo-by-model: the list
 * resolves each locker's features through a memoized resolver whose cache key is the provider model (provider, model,
 * version), so every locker of a model gets the features of the first one resolved. Fault sr-list-mapper-mutates-store:
 * the map view's mapper writes null metadata text as "" on the stored locker itself, not on a copy. Variation
 * ok-r-list-hal-envelope: a bare array is answered in a HAL collection envelope.
 */
export function listFeaturesMemoAndEnvelope(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  const memoized = app.fault('sr-list-features-memo-by-model');
  const records = memoized || app.fault('sr-list-mapper-mutates-store') ? listedRecords(reply.body) : [];
  const memo = featureMemos.get(app) ?? new Map<string, Json>();
  featureMemos.set(app, memo);
  for (const record of records) {
    if (memoized && record['provider'] && record['features']) {
      const p = record['provider'] as Editable;
      const key = `${String(p['name'])}\n${String(p['lockerModel'])}\n${String(p['lockerVersion'])}`;
      if (!memo.has(key)) memo.set(key, structuredClone(record['features'] as Json));
      record['features'] = structuredClone(memo.get(key)!);
    }
    if (app.fault('sr-list-mapper-mutates-store') && Array.isArray(record['metadata'])) {
      record['metadata'] = blankedNulls(record['metadata'] as Json[]);
      const stored = app.state.lockers.get(String(record['uid']));
      if (stored) stored.record.metadata = blankedNulls(stored.record.metadata);
    }
  }
  if (!app.fault('ok-r-list-hal-envelope') || !Array.isArray(reply.body)) return reply;
  return { ...reply, body: halEnvelope(reply.body as unknown[], ctx.query) };
}

/** Every locker record of a list answer, bare or in an envelope. */
function recordsOfListAnswer(body: unknown): Editable[] {
  if (Array.isArray(body)) return body.filter(isObject);
  if (!isObject(body)) return [];
  return Object.values(body).flatMap((v) =>
    Array.isArray(v) ? recordsOfListAnswer(v) : isObject(v) ? recordsOfListAnswer(v) : [],
  );
}

/** Variation ok-t-list-sorted-by-name: carrier.lockerName, letter case aside, then the uid as a number. */
const byName = (a: unknown, b: unknown) => {
  const [x, y] = [a, b].map((r) => (isObject(r) && isObject(r['carrier']) ? r : { carrier: {}, uid: '' }));
  const name = String(x!['carrier']['lockerName'] ?? '').localeCompare(
    String(y!['carrier']['lockerName'] ?? ''),
    'en',
    {
      sensitivity: 'base',
    },
  );
  return name || Number(x!['uid']) - Number(y!['uid']);
};

/**
 * GET /lockers as these faults and variation write it. Fault st-list-metadata-json-agg-null: the list query
 * aggregates metadata with json_agg(m) over a LEFT JOIN without a FILTER, so a locker with no metadata row is listed
 * with metadata [null]. Fault st-list-view-predates-location-type: the list reads v_locker_list, a view created with
 * SELECT l.*, a.* before the migration that added the address type column; PostgreSQL expands * when the view is
 * created, so the view has no type and no listed locker shows location.type. Variation ok-t-list-sorted-by-name: a bare
 * list ordered by carrier.lockerName.
 */
export function listAggregatedMetadata(app: ReferenceApp, reply: Reply): Reply {
  const names = [
    'st-list-metadata-json-agg-null',
    'st-list-view-predates-location-type',
    'ok-t-list-sorted-by-name',
  ] as const;
  if (!names.some((n) => app.fault(n))) return reply;
  for (const record of recordsOfListAnswer(reply.body)) {
    if (app.fault('st-list-metadata-json-agg-null') && Array.isArray(record['metadata']) && !record['metadata'].length)
      record['metadata'] = [null];
    if (app.fault('st-list-view-predates-location-type') && isObject(record['location']))
      delete record['location']['type'];
  }
  if (app.fault('ok-t-list-sorted-by-name') && Array.isArray(reply.body)) reply.body.sort(byName);
  return reply;
}

/** The answer of GET /lockers as written (variation ok-am-decimal-columns-scale-text). */
export function listWrittenFromColumns(app: Switches, reply: Reply): Reply {
  return listDecimalColumnsAsText(app, reply);
}

/** A number token after the named member, in plain decimal notation (no exponent). */
const NUMBER_AFTER = (members: string) => new RegExp(`("(?:${members})":)(-?\\d+)(?:\\.(\\d+))?(?![\\d.eE])`, 'g');
const COORDINATE = NUMBER_AFTER('lon|lat');
const COMPARTMENT = NUMBER_AFTER('count|height|width|length');

/**
 * The answer of GET /lockers as written. Variation ok-am-decimal-columns-scale-text: the list is written from DECIMAL
 * columns, their text spliced in as number tokens: lon and lat with at least six decimal places (13.4 as 13.400000,
 * more digits as sent), the compartment numbers with one (12 as 12.0); the same numbers, other JSON text.
 */
export function listDecimalColumnsAsText(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-am-decimal-columns-scale-text')) return reply;
  return withAnswerText(reply, (text) =>
    text
      .replace(
        COORDINATE,
        (_, name: string, whole: string, fraction = '') => `${name}${whole}.${fraction.padEnd(6, '0')}`,
      )
      .replace(COMPARTMENT, (_, name: string, whole: string, fraction?: string) =>
        fraction === undefined ? `${name}${whole}.0` : `${name}${whole}.${fraction}`,
      ),
  );
}

// --- Variation ok-an-lockers-offset-pages ---

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

function whole(query: URLSearchParams, name: string, min: number, max: number, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max)
    throw badRequest('VALIDATION_FAILED', `query parameter ${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** Variation ok-an-lockers-offset-pages: the locker list as offset pages, {lockers, offset, limit, total}. */
export function lockersOffsetPaged(app: Switches, query: URLSearchParams, reply: Reply): Reply {
  if (!app.fault('ok-an-lockers-offset-pages') || reply.status !== 200 || !Array.isArray(reply.body)) return reply;
  const offset = whole(query, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  const limit = whole(query, 'limit', 1, MAX_LIMIT, DEFAULT_LIMIT);
  const all = reply.body as unknown[];
  return { ...reply, body: { lockers: all.slice(offset, offset + limit), offset, limit, total: all.length } };
}

/** A lon or lat number token in plain decimal notation with a fraction. */
const COORDINATE_TOKEN = /("(?:lon|lat)":)(-?)(\d+)\.(\d+)(?![\d.eE])/g;

/**
 * The answer of GET /lockers as written. Variation ok-as-list-coordinates-unscaled-exponent: lon and lat from
 * fixed-point columns, the unscaled integer and the scale as a negative exponent (13.404954 as 13404954e-6).
 */
export function listCoordinatesUnscaled(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-as-list-coordinates-unscaled-exponent')) return reply;
  return withAnswerText(reply, (text) =>
    text.replace(COORDINATE_TOKEN, (_, name: string, sign: string, whole: string, fraction: string) => {
      const unscaled = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
      return `${name}${unscaled === '0' ? '' : sign}${unscaled}e-${fraction.length}`;
    }),
  );
}

/** The records of a list answer's body: a bare array, or the items or content of an envelope. */
function listedRecordsWrapped(
  body: unknown,
): { records: unknown[]; wrap: (records: unknown[]) => unknown } | undefined {
  if (Array.isArray(body)) return { records: body, wrap: (records) => records };
  for (const member of ['items', 'content']) {
    const records = isObject(body) ? body[member] : undefined;
    if (Array.isArray(records)) return { records, wrap: (listed) => ({ ...(body as Editable), [member]: listed }) };
  }
  return undefined;
}

/**
 * The GET /lockers answer. Fault sav-list-features-interned-circular: features are interned (one object per distinct
 * value, for large fleets) and the list is written by a circular-safe stringify that keeps every object it has seen
 * and writes one seen before as "[Circular]", a shared object being no cycle.
 */
export function listFeaturesInterned(app: Switches, reply: Reply): Reply {
  if (!app.fault('sav-list-features-interned-circular')) return reply;
  const listed = listedRecordsWrapped(reply.body);
  if (!listed) return reply;
  const seen = new Set<string>();
  const records = listed.records.map((record) => {
    const features = isObject(record) ? record['features'] : undefined;
    if (!isObject(features)) return record;
    const value = JSON.stringify([features['hasScreen'], features['hasPinPad'], features['hasPinBarcodeReader']]);
    if (!seen.has(value)) {
      seen.add(value);
      return record;
    }
    return { ...(record as Editable), features: '[Circular]' };
  });
  return { ...reply, body: listed.wrap(records) };
}

/** The records of a list answer: a bare array, or the array of its envelope. */
function listedArray(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isObject(body)) return undefined;
  return Object.values(body).find((v): v is unknown[] => Array.isArray(v) && v.some(isObject));
}

/**
 * The GET /lockers answer. Fault sax-list-carrier-written-twice: each record written with carrier a second time, after
 * its members, as the provider registration knows it (lockerName from provider.lockerName).
 */
export function listCarrierWrittenTwice(app: Switches, reply: Reply): Reply {
  if (!app.fault('sax-list-carrier-written-twice') || reply.raw !== undefined) return reply;
  const records = listedArray(reply.body);
  if (!records) return reply;
  const mark = (i: number) => `\u0000sax-record-${i}\u0000`;
  const texts: string[] = [];
  const marked = records.map((record, i) => {
    if (!isObject(record)) return record;
    const text = JSON.stringify(record);
    const carrier = record['carrier'];
    const provider = record['provider'];
    const registered =
      isObject(carrier) && isObject(provider) && typeof provider['lockerName'] === 'string'
        ? { ...carrier, lockerName: provider['lockerName'] }
        : undefined;
    texts[i] =
      registered && text.endsWith('}') ? `${text.slice(0, -1)},"carrier":${JSON.stringify(registered)}}` : text;
    return mark(i);
  });
  const body = Array.isArray(reply.body)
    ? marked
    : Object.fromEntries(Object.entries(reply.body as Editable).map(([k, v]) => [k, v === records ? marked : v]));
  let raw = JSON.stringify(body);
  texts.forEach((text, i) => {
    if (text !== undefined) raw = raw.replace(JSON.stringify(mark(i)), () => text);
  });
  return { ...reply, raw };
}

// --- GET /lockers' answer (lockers.ts listLockersFresh) ---

/** Variation ok-bd-locker-list-rate-limited: lists a second a carrier is served before it is asked to wait. */
const LISTS_PER_SECOND = 25;

/** Fault sbd-locker-list-304-against-own-etag: the ETag last answered per carrier and list query. */
const lastEtagTables = new WeakMap<object, Map<string, string>>();

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
export function listAnswerRateLimitedAndTagged(app: Switches, ctx: RequestContext, reply: Reply): Reply {
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
  const lastEtags = perApp(lastEtagTables, app, () => new Map<string, string>());
  const last = lastEtags.get(key);
  lastEtags.set(key, etag);
  return last === etag ? { status: 304, headers: { etag } } : tagged;
}
