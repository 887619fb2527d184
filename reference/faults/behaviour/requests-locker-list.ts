// The route wrappers' behaviour around GET /lockers. With its fault off each point does what the service does.
import { type Editable, isObject, type Switches } from '../../handlers/fault-point-state';
import type { JsonObject } from '../../model';
import type { CarrierAccount } from '../../options';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { PROVIDER_MODELS } from '../../seed';
import { LIST_CACHE_MS, listCache } from './requests';
import { after, jsonText, legacyStatusShown, listCaches, newestCreate, recordArrays } from './requests-routes';
import type { Handler } from './shared';

/** Fault sp-legacy-params-route-to-v10-list: a locker record as the 1.0 list controller writes it. */
function asVersion10(record: Editable): Editable {
  const { carrier, provider, ...rest } = record;
  const { lockerName, ...carrierRest } = carrier as Editable;
  const { name, lockerVersion, ...providerRest } = provider as Editable;
  return {
    ...rest,
    carriers: [{ name: lockerName, ...carrierRest }],
    provider: { providerName: name, ...providerRest, lockerModelVersion: lockerVersion },
  };
}

/** Fault sp-legacy-params-route-to-v10-list: every record of a list answer, bare or in an envelope, as 1.0 wrote it. */
function listedAsVersion10(body: unknown): unknown {
  if (Array.isArray(body)) return body.map((r) => (r !== null && typeof r === 'object' ? asVersion10(r) : r));
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? listedAsVersion10(v) : v]));
}

/**
 * Fault sp-legacy-params-route-to-v10-list: a compatibility shim routes a GET /lockers carrying the 1.0 query
 * parameters carrierId or providerId to the 1.0 list controller kept for old clients, which writes 1.0 records.
 */
export function legacyRouted<A extends FaultPointApp>(
  handler: (app: A, ctx: RequestContext) => Reply,
): (app: A, ctx: RequestContext) => Reply {
  return (app, ctx) => {
    const reply = handler(app, ctx);
    const legacy = ctx.query.has('carrierId') || ctx.query.has('providerId');
    if (!app.fault('sp-legacy-params-route-to-v10-list') || !legacy || reply.status >= 300) return reply;
    return { ...reply, body: listedAsVersion10(reply.body) };
  };
}

/** Variation ok-v-list-own-first: the carrier's own lockers first, then the third-party ones, each as listed. */
const ownFirst = (a: unknown, b: unknown) =>
  Number(isObject(a) && a['ownedByCarrier'] === null) - Number(isObject(b) && b['ownedByCarrier'] === null);

/**
 * GET /lockers as its columns and the gateway's cache give it. Fault sv-list-country-code-char3-padded: a CHAR(3)
 * column read back blank-padded ("DE "). Fault sv-list-features-embeddable-all-null: an embeddable whose columns are
 * all null loaded as null. Fault sv-list-gateway-cache-before-auth: the answer kept under its URL. Variation
 * ok-v-list-own-first.
 */
export function listColumnsAndGatewayCache<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  const names = [
    'sv-list-country-code-char3-padded',
    'sv-list-features-embeddable-all-null',
    'ok-v-list-own-first',
  ] as const;
  return (app, ctx) =>
    after(handle(app, ctx), (reply) => {
      if (app.fault('sv-list-gateway-cache-before-auth') && reply.status === 200) {
        const cache = listCache.get(app) ?? new Map<string, { carrier: CarrierAccount; at: number }>();
        listCache.set(app, cache.set(ctx.query.toString(), { carrier: ctx.carrier, at: Date.now() }));
      }
      if (reply.status !== 200 || !names.some((n) => app.fault(n))) return reply;
      const body: unknown = structuredClone(reply.body);
      for (const records of recordArrays(body)) {
        for (const record of records.filter(isObject)) {
          const location = record['location'];
          const code = isObject(location) ? location['countryCode'] : undefined;
          if (app.fault('sv-list-country-code-char3-padded') && typeof code === 'string' && code.length < 3)
            location!['countryCode'] = code.padEnd(3, ' ');
          const features = record['features'];
          const allNull = isObject(features) && Object.values(features).every((v) => v === null);
          if (app.fault('sv-list-features-embeddable-all-null') && allNull) record['features'] = null;
        }
        if (app.fault('ok-v-list-own-first')) records.sort(ownFirst);
      }
      return { ...reply, body };
    });
}

/**
 * Fault sw-filtered-list-match-field-left: the filtered list is an aggregation whose $addFields stage writes
 * provider.name back into the 1.0 field provider.providerName, which the collection's index still covers, for its
 * $match; no $project takes it out again.
 */
export function matchFieldLeft<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    if (!app.fault('sw-filtered-list-match-field-left') || !ctx.query.has('providerName')) return handle(app, ctx);
    return after(handle(app, ctx), (reply) => {
      if (reply.status !== 200) return reply;
      const body: unknown = structuredClone(reply.body);
      for (const record of recordArrays(body).flat().filter(isObject)) {
        if (isObject(record['provider'])) record['provider']['providerName'] = record['provider']['name'];
      }
      return { ...reply, body };
    });
  };
}

/**
 * Fault sy-list-cache-key-path-only: GET /lockers answers from a cache per caller keyed by the request's path
 * (req.path, without its query string), kept 30 s and emptied by every locker write: a list within 30 s of another,
 * no write between, is answered what the first was, whatever providerName either named.
 */
export function cachedByPath<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('sy-list-cache-key-path-only')) return handle(app, ctx);
  const cache = listCaches.get(app) ?? new Map<string, { reply: Reply; at: number }>();
  listCaches.set(app, cache);
  const key = `${ctx.carrier.name} /lockers`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < LIST_CACHE_MS) return hit.reply;
  return after(handle(app, ctx), (reply) => {
    if (reply.status === 200) cache.set(key, { reply, at: Date.now() });
    return reply;
  });
}

/** Fault sy-list-coordinates-locale-parsed: a number's text read by a de-DE NumberFormat ('.' groups digits). */
function readAsGerman(value: number): number {
  const digits = (/^-?[\d.]*/.exec(String(value))?.[0] ?? '').replace(/\./g, '');
  return /\d/.test(digits) ? Number(digits) : value;
}

/**
 * Fault sy-list-coordinates-locale-parsed: the list's row mapper reads lon and lat from the address view's text
 * columns with NumberFormat.getInstance(), the JVM default locale (de_DE on the hosts), where '.' is the grouping
 * separator: 13.404954 is listed as 13404954. Create and update answer the entity as mapped from the request.
 */
export function coordinatesParsed(app: FaultPointApp, reply: Reply | Promise<Reply>): Reply | Promise<Reply> {
  if (!app.fault('sy-list-coordinates-locale-parsed')) return reply;
  return after(reply, (listed) => {
    if (listed.status !== 200) return listed;
    const body: unknown = structuredClone(listed.body);
    for (const record of recordArrays(body).flat().filter(isObject)) {
      const location = record['location'];
      if (!isObject(location)) continue;
      for (const axis of ['lon', 'lat'])
        if (typeof location[axis] === 'number') location[axis] = readAsGerman(location[axis]);
    }
    return { ...listed, body };
  });
}

/** Listed records in the order the lockers were made (seeded first), as the unfiltered list shows them. */
function inCreationOrder(app: FaultPointApp, records: unknown[]): unknown[] {
  const order = new Map([...app.state.lockers.keys()].map((uid, i) => [uid, i]));
  const at = (r: unknown) => (isObject(r) ? (order.get(String(r['uid'])) ?? order.size) : order.size);
  return [...records].sort((a, b) => at(a) - at(b));
}

/**
 * The lists of every provider name a locker holds that `matches` takes for the providerName sent, as one list in the
 * order the lockers were made: how a filter that takes more than the name it is sent answers (variation
 * ok-y-provider-filter-ignores-case, fault saa-provider-filter-analyzed-text).
 */
export function listedForNames<A extends FaultPointApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
  matches: (name: string, sent: string) => boolean,
): Reply | Promise<Reply> {
  const sent = ctx.query.get('providerName');
  if (sent === null) return handle(app, ctx);
  const held = new Set([...app.state.lockers.values()].map((l) => l.record.provider.name));
  const names = [...held].filter((name) => matches(name, sent));
  if (names.length === 0 || (names.length === 1 && names[0] === sent)) return handle(app, ctx);
  const replies = names.map((name) => {
    const query = new URLSearchParams(ctx.query);
    query.set('providerName', name);
    return handle(app, { ...ctx, query });
  });
  const arrays = replies.flatMap((r) => (r instanceof Promise || !Array.isArray(r.body) ? [] : [r.body as unknown[]]));
  if (arrays.length !== replies.length || replies.length === 1) return replies[0]!;
  return { ...(replies[0] as Reply), body: inCreationOrder(app, arrays.flat()) };
}

/**
 * Variation ok-y-provider-filter-ignores-case: providerName is matched as a case-insensitive collation matches it: the
 * list of each provider name equal to the one sent but for letter case.
 */
export function providerNameAnyCase<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('ok-y-provider-filter-ignores-case')) return handle(app, ctx);
  return listedForNames(app, ctx, handle, (name, sent) => name.toLowerCase() === sent.toLowerCase());
}

/**
 * Variation ok-y-list-every-carriers-lockers: GET /lockers lists every locker of the platform, each with its owner:
 * the caller's, the third-party ones and the other carriers' (writes still name the caller's own lockers only).
 */
export function everyCarriersLockers<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  const own = handle(app, ctx);
  if (!app.fault('ok-y-list-every-carriers-lockers') || own instanceof Promise || !Array.isArray(own.body)) return own;
  const others = app.options.carriers
    .filter((c) => c.name !== ctx.carrier.name)
    .flatMap((other) => {
      const theirs = handle(app, { ...ctx, carrier: other });
      if (theirs instanceof Promise || !Array.isArray(theirs.body)) return [];
      return (theirs.body as unknown[]).filter((r) => isObject(r) && r['ownedByCarrier'] === other.name);
    });
  return { ...own, body: inCreationOrder(app, [...(own.body as unknown[]), ...others]) };
}

/** Words of a text as a standard analyzer cuts them: lower case, split at what is no letter, digit or underscore. */
const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}_]+/u)
      .filter(Boolean),
  );

/**
 * Fault saa-provider-filter-analyzed-text: providerName runs as a match query on provider.name mapped as analyzed
 * text: every locker whose provider name shares a word with the value is listed.
 */
export function providerNameAnalyzed<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('saa-provider-filter-analyzed-text')) return handle(app, ctx);
  return listedForNames(app, ctx, handle, (name, sent) => [...words(name)].some((w) => words(sent).has(w)));
}

/**
 * Fault saa-provider-filter-unknown-dropped: providerName is resolved to a provider id first, and a name no provider
 * has (none of the catalogue, none of any locker) gives undefined, a condition the ORM leaves out: no filter.
 */
export function unknownProviderDropped(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const sent = ctx.query.get('providerName');
  if (!app.fault('saa-provider-filter-unknown-dropped') || sent === null) return ctx;
  const known = new Set(PROVIDER_MODELS.map((p) => p.providerName));
  for (const locker of app.state.lockers.values()) known.add(locker.record.provider.name);
  if (known.has(sent)) return ctx;
  const query = new URLSearchParams(ctx.query);
  query.delete('providerName');
  return { ...ctx, query };
}

const pick = (from: unknown, members: string[]): JsonObject =>
  Object.fromEntries(members.flatMap((m) => (isObject(from) && from[m] !== undefined ? [[m, from[m]]] : [])));

/**
 * Fault saa-list-newest-from-command-log: the read model catches up at the carrier's next locker write, and until then
 * its newest locker is listed from the create command itself: the request as sent, with its uid.
 */
export function listedFromCommandLog(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  const entry = newestCreate.get(app)?.get(ctx.carrier.name);
  if (!app.fault('saa-list-newest-from-command-log') || !entry || !Array.isArray(reply.body)) return reply;
  const stored = app.state.lockers.get(entry.uid);
  if (!stored || JSON.stringify(stored.record) !== entry.snapshot) return reply;
  const { sent } = entry;
  const fromCommand = (listed: Editable): Editable => ({
    uid: entry.uid,
    carrier: pick(sent['carrier'], ['lockerName', 'lockerId', 'activationDate']),
    provider: pick(sent['provider'], ['name', 'lockerModel', 'lockerVersion']),
    ...pick(sent, ['location', 'metadata', 'features']),
    ...pick(listed, ['lockerGroups']),
  });
  const body = reply.body.map((r: unknown) => (isObject(r) && r['uid'] === entry.uid ? fromCommand(r) : r));
  return { ...reply, body };
}

/**
 * Fault sac-provider-filter-pad-space: the provider name column's collation is PAD SPACE (MySQL's before 8.0's
 * utf8mb4_0900 ones), whose = ignores trailing spaces: a providerName with trailing blanks matches the name without.
 */
export function padSpaceCompared(app: Switches, ctx: RequestContext): RequestContext {
  const sent = ctx.query.get('providerName');
  if (!app.fault('sac-provider-filter-pad-space') || sent === null || !sent.endsWith(' ')) return ctx;
  const query = new URLSearchParams(ctx.query);
  query.set('providerName', sent.replace(/ +$/, ''));
  return { ...ctx, query };
}

/** Fault sac-list-location-type-enum: the location types the list's enum has. */
const LOCATION_TYPES = ['INDOOR', 'OUTDOOR', 'KIOSK'];

/**
 * Fault sac-list-location-type-enum: the list's read model maps location.type to an enum read without regard to case
 * and written by its name; a type it does not have is read as null.
 */
export function typesThroughEnum(app: Switches, reply: Reply): Reply {
  if (!app.fault('sac-list-location-type-enum')) return reply;
  for (const records of recordArrays(reply.body))
    records.forEach((r, i) => {
      if (!isObject(r) || !isObject(r['location']) || typeof r['location']['type'] !== 'string') return;
      const type = LOCATION_TYPES.find((t) => t === String(r['location']['type']).toUpperCase()) ?? null;
      records[i] = { ...r, location: { ...r['location'], type } };
    });
  return reply;
}

/**
 * Variation ok-ac-list-network-memberships: GET /lockers shows, on each locker, the networks it is a member of, as
 * networks: [{networkUid, networkLockerStatus}] ([] for none).
 */
export function listedWithNetworks(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('ok-ac-list-network-memberships')) return reply;
  const networks = [...app.state.networks.values()];
  for (const records of recordArrays(reply.body))
    records.forEach((r, i) => {
      if (!isObject(r)) return;
      const memberOf = networks.flatMap((n) => {
        const member = n.members.get(String(r['uid']));
        return member ? [{ networkUid: n.uid, networkLockerStatus: member.networkLockerStatus }] : [];
      });
      records[i] = { ...r, networks: memberOf };
    });
  return reply;
}

/**
 * Fault sae-list-union-all-network: the list is the own and third-party lockers UNION ALL the lockers of the caller's
 * networks, both branches filtered alike: a network member is listed twice.
 */
export function unionAllNetworkMembers(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('sae-list-union-all-network') || reply.status >= 300) return reply;
  const members = new Set(
    [...app.state.networks.values()].filter((n) => n.owner === ctx.carrier.name).flatMap((n) => [...n.members.keys()]),
  );
  const body = structuredClone(reply.body);
  for (const records of recordArrays(body)) {
    const second = records.filter((r) => isObject(r) && members.has(String(r['uid'])));
    records.push(...second.map((r) => structuredClone(r)));
  }
  return { ...reply, body };
}

/** Fault sag-provider-filter-empty-ignored: the list's filter is built with `if (providerName)`. */
export function emptyFilterDropped(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sag-provider-filter-empty-ignored') || ctx.query.get('providerName') !== '') return ctx;
  const query = new URLSearchParams(ctx.query);
  query.delete('providerName');
  return { ...ctx, query };
}

/** Fault sag-locker-list-empty-null: the list is a nil slice where nothing matched, which encoding/json writes null. */
export function emptyListAsNull(app: Switches, reply: Reply): Reply {
  if (!app.fault('sag-locker-list-empty-null') || reply.status >= 300) return reply;
  if (Array.isArray(reply.body)) return reply.body.length === 0 ? { ...reply, body: null } : reply;
  if (!isObject(reply.body)) return reply;
  const body: Editable = { ...reply.body };
  for (const [member, value] of Object.entries(body))
    if (Array.isArray(value) && value.length === 0) body[member] = null;
  return { ...reply, body };
}

/** Fault sai-list-lon-latitude-sized-column: DECIMAL(10,8), not strict: rounded to 8 decimals, clamped. */
const DECIMAL_10_8_MAX = 99.99999999;

function asDecimal10x8(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return Math.max(-DECIMAL_10_8_MAX, Math.min(DECIMAL_10_8_MAX, Number(value.toFixed(8))));
}

/** The lockers a list answer shows, each as an editable record (bare array or envelope). */
function listedRecords(body: unknown): Editable[] {
  return recordArrays(body).flatMap((records) => records.filter(isObject));
}

/**
 * GET /lockers as the list's mapper answers it. Fault sai-list-lon-latitude-sized-column: the replica's DECIMAL(10,8)
 * location columns. Fault sai-list-carriers-for-network-members: the network join mapped into the legacy carriers
 * collection. Fault sai-status-legacy-column-read: the status of the old column.
 */
export function listedAnswer(app: FaultPointApp, reply: Reply): Reply {
  const faults = [
    'sai-list-lon-latitude-sized-column',
    'sai-list-carriers-for-network-members',
    'sai-status-legacy-column-read',
  ] as const;
  if (reply.status >= 300 || !faults.some((f) => app.fault(f))) return reply;
  const records = listedRecords(reply.body);
  if (app.fault('sai-list-lon-latitude-sized-column'))
    for (const record of records)
      if (isObject(record['location']))
        record['location'] = {
          ...record['location'],
          lon: asDecimal10x8(record['location']['lon']),
          lat: asDecimal10x8(record['location']['lat']),
        };
  if (app.fault('sai-list-carriers-for-network-members')) {
    const networks = [...app.state.networks.values()];
    for (const record of records) {
      const holding = networks.filter((n) => n.members.has(String(record['uid'])));
      const carrier = record['carrier'];
      if (holding.length === 0 || !isObject(carrier)) continue;
      record['carriers'] = holding.map(() => ({
        lockerName: carrier['lockerName'],
        lockerId: carrier['lockerId'],
        status: carrier['status'],
      }));
    }
  }
  legacyStatusShown(app, records);
  return reply;
}

/** Fault sak-provider-filter-long-query-dropped: the longest query string the gateway's normaliser keeps. */
const MAX_QUERY_LENGTH = 1000;

/** Fault sak-provider-filter-long-query-dropped: a query string over the limit is dropped, not refused. */
export function longQueryDropped(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sak-provider-filter-long-query-dropped') || ctx.query.toString().length <= MAX_QUERY_LENGTH)
    return ctx;
  return { ...ctx, query: new URLSearchParams() };
}

/**
 * Fault sak-list-astral-escaped-by-code-point: the list's ASCII-safe writer walks the text by code point and writes
 * \u and the code point's hex digits, five of them beyond the BMP.
 */
export function escapedByCodePoint(app: Switches, reply: Reply): Reply {
  if (!app.fault('sak-list-astral-escaped-by-code-point') || reply.raw !== undefined || reply.status !== 200)
    return reply;
  const text = jsonText(reply.body);
  if (text === undefined) return reply;
  let raw = '';
  for (const ch of text) {
    const point = ch.codePointAt(0)!;
    raw += point > 0x7e ? `\\u${point.toString(16).padStart(4, '0')}` : ch;
  }
  return { ...reply, raw };
}
