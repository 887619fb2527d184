// The faults' behaviour of the HTTP level (server.ts): the key check and the caller, headers, a body as read, the
// answer's form, the mock's base path (app.ts). With its fault off each point does what the service does.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, badRequest, notFound } from '../../errors';
import { isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { CarrierAccount } from '../../options';
import type { FaultPointApp as ReferenceApp, Reply } from '../../request-types';
import type { RequestSchema } from '../../validation';
import { type CarriersApp, lastCaller, rawQueries } from './shared';

/** Fault sc-auth-cached-on-connection: the carrier each connection's first authenticated request was served as. */
const connectionCarriers = new WeakMap<Socket, CarrierAccount>();

/** The carrier a request is served as: under the fault, the connection's first one, whatever key this one sent. */
export function connectionCarrier(socket: Socket, found: CarrierAccount | undefined): CarrierAccount | undefined {
  const held = connectionCarriers.get(socket);
  if (held) return held;
  if (found) connectionCarriers.set(socket, found);
  return found;
}

/**
 * Fault sc-update-404-before-auth: the route's {uid} is loaded, among every locker, before the key is checked (a
 * parameter loader that runs ahead of the route's middleware), so an unknown uid is answered 404 to any caller.
 */
export function loadLockerBeforeAuth(app: ReferenceApp, rawUid: string | undefined): void {
  let uid = rawUid ?? '';
  try {
    uid = decodeURIComponent(uid);
  } catch {
    return;
  }
  if (!app.state.lockers.has(uid)) throw notFound('LOCKER_NOT_FOUND', `no locker has uid "${uid}"`);
}

/** Fault sd-encoded-slash-rejected: a request firewall refuses any path with an encoded slash. */
export function firewall(app: ReferenceApp, pathname: string): void {
  if (app.fault('sd-encoded-slash-rejected') && /%2f/i.test(pathname))
    throw new ApiError(
      400,
      'REQUEST_REJECTED',
      'The request was rejected because the URL contained a potentially malicious String "%2F"',
    );
}

/**
 * Fault se-key-compare-throws-on-length: the key is compared with each carrier's by crypto.timingSafeEqual without
 * comparing lengths first; it throws on buffers of different lengths, and that escapes as a 500.
 */
export function compareKeysTimingSafe(app: ReferenceApp, apiKey: unknown): void {
  if (!app.fault('se-key-compare-throws-on-length') || typeof apiKey !== 'string') return;
  for (const carrier of app.options.carriers) {
    try {
      if (timingSafeEqual(Buffer.from(apiKey), Buffer.from(carrier.apiKey))) return;
    } catch (error) {
      throw new ApiError(500, 'INTERNAL_ERROR', error instanceof Error ? error.message : 'key comparison failed');
    }
  }
}

export function callerSeen(app: Switches, carrier: CarrierAccount | undefined): void {
  if (carrier && app.fault('se-caller-in-shared-field')) lastCaller.set(app, carrier);
}

/** Fault sl-key-cache-by-key-id: how many leading characters of a key the cache takes for its id part. */
const KEY_ID_LENGTH = 8;
const verifiedKeyIds = new WeakMap<ReferenceApp, Map<string, CarrierAccount>>();

/**
 * The carrier a key belongs to. Fault sl-key-cache-by-key-id: a verified key is cached under its id part (its first
 * 8 characters, as in sk_live_...), and a key whose id part is cached is served as that carrier without its secret
 * part being compared.
 */
export function carrierOfKey(
  app: ReferenceApp,
  apiKey: string,
  verify: (key: string) => CarrierAccount | undefined,
): CarrierAccount | undefined {
  if (!app.fault('sl-key-cache-by-key-id')) return verify(apiKey);
  const cache = verifiedKeyIds.get(app) ?? new Map<string, CarrierAccount>();
  verifiedKeyIds.set(app, cache);
  const keyId = apiKey.slice(0, KEY_ID_LENGTH);
  const cached = apiKey ? cache.get(keyId) : undefined;
  if (cached) return cached;
  const carrier = verify(apiKey);
  if (carrier && apiKey) cache.set(keyId, carrier);
  return carrier;
}

/** Fault sn-locker-answers-xssi-prefix: what the anti-JSON-hijacking filter of the locker router writes first. */
const XSSI_PREFIX = ")]}',\n";
const GUARDED_ROUTES = new Set(['/lockers', '/lockers/providers']);

/**
 * Fault sn-locker-answers-xssi-prefix: the locker router's anti-JSON-hijacking filter prefixes every GET answer whose
 * body is a top-level JSON array with )]}', and a line break (the guard Angular's HttpClient strips).
 */
export function xssiGuarded(app: ReferenceApp, method: string | undefined, reply: Reply & { route?: string }) {
  const guarded = method === 'GET' && GUARDED_ROUTES.has(reply.route ?? '') && Array.isArray(reply.body);
  return app.fault('sn-locker-answers-xssi-prefix') && guarded;
}

/** Fault sn-locker-answers-xssi-prefix: the guarded answer, prefix and JSON, as the filter writes it. */
export function sendXssiGuarded(res: ServerResponse, reply: Reply): void {
  const payload = XSSI_PREFIX + JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Every string of a parsed body trimmed, as a trimming string deserializer binds it. */
function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimmed(v)]));
}

/**
 * Fault sn-strings-trimmed-on-bind: the JSON binder of the locker endpoints has a global string deserializer that
 * trims every string it binds (registered for the portal's forms): the body the service acts on is trimmed.
 */
export function trimmedOnBind(app: ReferenceApp, operationId: string, body: unknown): unknown {
  const lockerWrite = operationId === 'createLocker' || operationId === 'updateLocker';
  return app.fault('sn-strings-trimmed-on-bind') && lockerWrite ? trimmed(body) : body;
}

/**
 * Fault so-parcels-key-checked-in-query: GET /parcels only checks that a key header is there and scopes the query by
 * `owner = (SELECT carrier FROM api_keys WHERE key = :key)`: a key no carrier has matches no row, answered 200 with no
 * parcel. A missing header is still refused.
 */
export function keyCheckedInQuery(app: ReferenceApp, path: string, apiKey: unknown): boolean {
  return app.fault('so-parcels-key-checked-in-query') && path === '/parcels' && typeof apiKey === 'string' && !!apiKey;
}

/**
 * Fault sp-locker-body-control-chars-refused: the locker router's input filter refuses a raw body holding any control
 * character (below U+0020), meant for strings; JSON's own whitespace (tab, line feed, carriage return) is refused too.
 */
export function refuseControlCharacters(app: ReferenceApp, operationId: string, raw: Buffer): void {
  const lockerWrite = operationId === 'createLocker' || operationId === 'updateLocker';
  if (!app.fault('sp-locker-body-control-chars-refused') || !lockerWrite) return;
  if (raw.some((byte) => byte < 0x20)) throw badRequest('VALIDATION_FAILED', 'the body holds control characters');
}

/** Fault sp-providers-xml-by-default: one value as the XML converter writes it (a list as <item> elements). */
function xml(name: string, value: unknown): string {
  if (Array.isArray(value)) return `<${name}>${value.map((v) => xml('item', v)).join('')}</${name}>`;
  if (value === null || value === undefined) return `<${name}/>`;
  if (typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => xml(k, v))
      .join('')}</${name}>`;
  const text = String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<${name}>${text}</${name}>`;
}

/**
 * Fault sp-providers-xml-by-default: the provider catalogue's controller produces XML and JSON, the XML converter
 * registered first (for a legacy partner): an answer is JSON only where the request's Accept names a JSON type.
 */
export function xmlNegotiated(app: ReferenceApp, req: IncomingMessage, reply: Reply & { route?: string }): boolean {
  if (!app.fault('sp-providers-xml-by-default') || req.method !== 'GET' || reply.route !== '/lockers/providers')
    return false;
  return reply.status < 300 && !/application\/([\w.-]+\+)?json/i.test(req.headers.accept ?? '');
}

/** Fault sp-providers-xml-by-default: the answer as the XML converter writes it. */
export function sendXml(res: ServerResponse, reply: Reply): void {
  const payload = '<?xml version="1.0" encoding="UTF-8"?>' + xml('List', reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/xml;charset=UTF-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/**
 * Fault sp-key-check-character-ignored: keys end in a check character, which the gateway validates on its own (only
 * for being a letter or digit); a key not found whole is looked up by its body, every character but the last.
 */
export function keyBodyCarrier(app: ReferenceApp, apiKey: unknown): CarrierAccount | undefined {
  if (!app.fault('sp-key-check-character-ignored') || typeof apiKey !== 'string' || !/[A-Za-z0-9]$/.test(apiKey))
    return undefined;
  return app.options.carriers.find((c) => c.apiKey.length > 1 && c.apiKey.slice(0, -1) === apiKey.slice(0, -1));
}

/**
 * Fault sq-precheck-default-tenant: the publish handler calls requireCarrier() in its BOOKING branch only, and the
 * request's tenant falls back to the default tenant (the first carrier) where the key names none: a PRE_CHECK without a
 * key, or with a wrong one, is carried out as the first carrier's.
 */
export function defaultTenantCheck(app: ReferenceApp, path: string, raw: Buffer): boolean {
  if (!app.fault('sq-precheck-default-tenant') || !path.startsWith('/parcels/data')) return false;
  try {
    const body: unknown = JSON.parse(raw.toString('utf8'));
    return isObject(body) && body['eventType'] === 'PRE_CHECK';
  } catch {
    return false;
  }
}

/** Fault sq-parcels-ndjson-past-buffer: the size of the list writer's response buffer. */
const RESPONSE_BUFFER_BYTES = 2048;

/**
 * Fault sq-parcels-ndjson-past-buffer: GET /parcels switches to its streaming writer once the answer outgrows the
 * response buffer, and the streaming writer writes one record per line (NDJSON), declared application/x-ndjson.
 * Undefined where the answer is written as it is.
 */
export function streamedParcelList(app: ReferenceApp, reply: Reply & { route?: string }): Reply | undefined {
  if (!app.fault('sq-parcels-ndjson-past-buffer') || reply.route !== '/parcels' || !Array.isArray(reply.body))
    return undefined;
  if (Buffer.byteLength(JSON.stringify(reply.body)) <= RESPONSE_BUFFER_BYTES) return undefined;
  return { status: reply.status, body: reply.body.map((record) => JSON.stringify(record) + '\n').join('') };
}

/**
 * Fault su-by-tenant-route-unversioned: the by-tenant controller sits in a module the versioned router does not
 * register, so it is served at /parcels/data/by-tenant-locker-id and not under the v1 base path.
 */
export function unversionedPath(app: { fault(name: string): boolean; basePaths: { service: string } }, path: string) {
  const route = '/parcels/data/by-tenant-locker-id';
  if (!app.fault('su-by-tenant-route-unversioned')) return path;
  if (path === route) return app.basePaths.service + route;
  return path === app.basePaths.service + route ? route : path;
}

/** Fault sv-list-gateway-cache-before-auth: the gateway cache's entries, by query string, per app. */
export const listCache = new WeakMap<object, Map<string, { carrier: CarrierAccount; at: number }>>();

/**
 * Fault sv-list-gateway-cache-before-auth: the gateway cache, before the key check and keyed by the URL, serves a GET
 * /lockers some carrier listed within 30 s as that carrier. Undefined: the key check decides.
 */
export function gatewayCachedCaller(
  app: ReferenceApp,
  route: { method: string; path: string },
  url: URL,
): CarrierAccount | undefined {
  if (!app.fault('sv-list-gateway-cache-before-auth') || route.method !== 'GET' || route.path !== '/lockers') return;
  const hit = listCache.get(app)?.get(url.searchParams.toString());
  return hit && Date.now() - hit.at < LIST_CACHE_MS ? hit.carrier : undefined;
}

/** Fault sw-key-separators-ignored: a key as the key store canonicalises it (no dashes, underscores, dots, blanks). */
const canonicalKey = (key: string) => key.replace(/[-_.\s]/g, '');

/**
 * Fault sw-key-separators-ignored: a key no carrier has is looked up again in its canonical form, as keys typed from a
 * printed letter are; any key that differs from a carrier's by separators alone is that carrier's.
 */
export function separatorFreeCarrier(app: ReferenceApp, apiKey: unknown): CarrierAccount | undefined {
  if (!app.fault('sw-key-separators-ignored') || typeof apiKey !== 'string' || canonicalKey(apiKey) === '') return;
  return app.options.carriers.find((c) => canonicalKey(c.apiKey) === canonicalKey(apiKey));
}

/** How an answer leaves, where a fault or variation changes it (http-io.ts send asks sentAsHtmlOrGzip, below). */
export const ANSWER_FORM = Symbol('answer form');
/** A reply with its form marked: a spread of it (the server adds the route so) keeps the mark. */
export type Marked = Reply & { [ANSWER_FORM]?: 'html' | 'gzip' };

/** The operations of the locker service whose refused key §7 gives no status for (it lists 401 for the others). */
const UNLISTED_KEY_REFUSAL = new Set(['/lockers', '/lockers/providers', '/lockers/status', '/networks/{uid}/lockers']);

/**
 * Variation ok-aa-missing-key-400: the locker gateway checks the X-API-Key header as a required parameter, so a request
 * without it is refused 400 {errorCode, message} where §7 lists no 401; a wrong key is refused as before.
 */
export function missingKeyRefused(app: ReferenceApp, path: string, apiKey: unknown): void {
  if (!app.fault('ok-aa-missing-key-400') || apiKey !== undefined || !UNLISTED_KEY_REFUSAL.has(path)) return;
  throw badRequest('MISSING_API_KEY', 'the required header X-API-Key is missing');
}

/** Fault sae-accept-params-406: the routes of the locker router, whose negotiation refuses what it does not match. */
const LOCKER_ROUTER = new Set([
  '/lockers',
  '/lockers/{uid}',
  '/lockers/providers',
  '/lockers/status',
  '/networks/{uid}/lockers',
]);

/**
 * Fault sae-accept-params-406: the locker router's negotiation looks for an Accept entry equal to "application/json"
 * or "*\/*" as written, parameters and letter case included, and refuses every other Accept with 406.
 */
export function checkAccept(app: Switches, accept: string | undefined, path: string): void {
  if (!app.fault('sae-accept-params-406') || !LOCKER_ROUTER.has(path) || !accept?.trim()) return;
  const entries = accept.split(',').map((e) => e.trim());
  if (entries.some((e) => e === 'application/json' || e === '*/*')) return;
  throw new ApiError(406, 'NOT_ACCEPTABLE', `none of the media types in Accept "${accept}" can be produced`);
}

/** Variation ok-ae-auth-error-codes: the errorCode of a refused key, telling a missing key from a wrong one. */
export function authRefusalCode(app: Switches, apiKey: unknown): string {
  if (!app.fault('ok-ae-auth-error-codes')) return 'UNAUTHORIZED';
  return apiKey === undefined ? 'API_KEY_MISSING' : 'API_KEY_INVALID';
}

const PARCEL_ROUTES = new Set([
  '/parcels/data',
  '/parcels/data/by-tenant-locker-id',
  '/parcels',
  '/parcels/{parcelId}',
]);
const RATE_LIMIT = 600;
const RATE_WINDOW_MS = 60_000;

/** Variation ok-af-parcel-rate-limit-headers: each carrier's requests in the current minute. */
const windows = new WeakMap<Switches, Map<string, { start: number; count: number }>>();

/** Variation ok-af-parcel-rate-limit-headers: a parcel operation's answer with the gateway's rate-limit headers. */
export function rateLimited(app: Switches, carrier: string, route: string, reply: Reply): Reply {
  if (!app.fault('ok-af-parcel-rate-limit-headers') || !PARCEL_ROUTES.has(route)) return reply;
  const byCarrier = windows.get(app) ?? new Map<string, { start: number; count: number }>();
  windows.set(app, byCarrier);
  const now = Date.now();
  let window = byCarrier.get(carrier);
  if (!window || now - window.start >= RATE_WINDOW_MS) byCarrier.set(carrier, (window = { start: now, count: 0 }));
  window.count++;
  return {
    ...reply,
    headers: {
      ...reply.headers,
      'x-ratelimit-limit': String(RATE_LIMIT),
      'x-ratelimit-remaining': String(Math.max(0, RATE_LIMIT - window.count)),
      'x-ratelimit-reset': String(Math.ceil((window.start + RATE_WINDOW_MS - now) / 1000)),
    },
  };
}

/**
 * Variation ok-ag-mock-refused-key-403: the staging mock, behind a gateway of its own, answers a missing or refused key
 * 403 FORBIDDEN (called where the reference refuses a key, before its own status).
 */
export function mockKeyRefused(app: Switches, base: string): void {
  if (app.fault('ok-ag-mock-refused-key-403') && base === 'mock')
    throw new ApiError(403, 'FORBIDDEN', 'the staging mock does not accept this X-API-Key');
}

/** Variation ok-ah-json-html-safe-escapes: the characters Go's encoding/json escapes inside strings. */
const HTML_UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * Variation ok-ah-json-html-safe-escapes: the answer's JSON text with <, >, & (and U+2028, U+2029) written as
 * \u escapes; they occur in a JSON text only inside strings, so the value is the same. `json` writes the text.
 */
export function htmlSafeAnswer<R extends Reply>(app: Switches, reply: R, json: (body: unknown) => string): R {
  if (!app.fault('ok-ah-json-html-safe-escapes') || reply.body === undefined || reply.raw !== undefined) return reply;
  const raw = json(reply.body).replace(HTML_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { ...reply, raw };
}

/** Variation ok-ah-auth-failure-throttled: how late a refused key is answered. */
const AUTH_FAILURE_DELAY_MS = 300;

/** Variation ok-ah-auth-failure-throttled: an answer refusing a key is written late; any other at once. */
export function authFailureThrottled(app: Switches, status: number, write: () => void): void {
  if (!app.fault('ok-ah-auth-failure-throttled') || (status !== 401 && status !== 403)) return write();
  setTimeout(write, AUTH_FAILURE_DELAY_MS);
}

/**
 * Fault sak-key-scheme-prefix-stripped: the X-API-Key value read as an Authorization value, "<scheme> <credentials>",
 * its last whitespace-separated token taken as the key. The header as sent otherwise.
 */
export function keySchemeStripped<K extends string | string[] | undefined>(app: Switches, key: K): K | string {
  if (!app.fault('sak-key-scheme-prefix-stripped') || typeof key !== 'string') return key;
  return key.trim().split(/\s+/).at(-1) ?? key;
}

/** Fault sat-list-cache-evicted-before-write: GET /parcels answers per carrier and query. */
export const LIST_CACHE_MS = 30_000;

/** A route as the server matched it: its base, method and path template. */
interface RouteSeen {
  base: string;
  method: string;
  path: string;
}

/** What the server's point needs of the app: its faults, state and options, and its request validation. */
type GuardApp = ReferenceApp & { validate(schema: RequestSchema, body: unknown): unknown };

/** Whether a Content-Type names JSON (application/json or a +json type, parameters aside). */
export function declaresJson(value: string | undefined): boolean {
  const type = value?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

// --- The router and the key guard (server.ts) ---

/**
 * The path the router matches. Fault sau-health-probe-slash-gets-unguarded: strict routing is off, so a path ending in
 * a slash is the path without it.
 */
export function healthProbeSlash(app: Switches, pathname: string): string {
  if (!app.fault('sau-health-probe-slash-gets-unguarded')) return pathname;
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** Fault sau-health-probe-slash-gets-unguarded: the caller a handler sees where the guard let the request through. */
const NO_CALLER: CarrierAccount = { name: '', apiKey: '', networkUid: 0 };

/** Fault sau-mock-key-gateway-cache: how long the gateway's cache keeps a verified key. */
const VERIFIED_KEY_TTL_MS = 3000;
const verifiedKeys = new WeakMap<object, Map<string, number>>();

/** Variation ok-au-unlisted-ops-validate-before-key: the body schema of each operation validated before the key. */
const SCHEMA_BEFORE_KEY: Record<string, RequestSchema> = {
  'POST /lockers': 'LockerCreateRequest',
  'POST /networks/{uid}/lockers': 'AddNetworkLockersRequest',
  'POST /parcel/first-mile/event': 'TriggerRequest',
};

/** Fault sau-key-percent-decoded: the key as the shared extractor reads it, percent-decoded where it decodes. */
function percentDecoded(apiKey: string): string | undefined {
  if (!apiKey.includes('%')) return undefined;
  try {
    return decodeURIComponent(apiKey);
  } catch {
    return undefined;
  }
}

/**
 * The carrier a request is served as, after the reference's own key check found `carrier` (undefined: none); throws
 * where one of these faults refuses the request first.
 * - Fault sau-key-percent-decoded: a key not found is looked up again percent-decoded.
 * - Fault sau-health-probe-slash-gets-unguarded: a GET whose path ends in a slash passes the guard with no caller.
 * - Fault sau-mock-key-gateway-cache: the mock takes a key only while the gateway's cache holds it (3 s after the
 *   carrier's last {base_url} request).
 * - Fault sau-catalogue-scope-missing-later-keys: the catalogue refuses the keys of carriers after the first.
 * - Variation ok-au-unlisted-ops-validate-before-key: without a caller, the body is validated before the refusal.
 */
export function gatewayAndKeyGuards(
  app: GuardApp,
  req: IncomingMessage,
  url: URL,
  route: RouteSeen,
  apiKey: unknown,
  carrier: CarrierAccount | undefined,
  raw: Buffer,
): CarrierAccount | undefined {
  if (app.fault('sau-provider-filter-raw-query')) rawQueries.set(url.searchParams, url.search);
  const { carriers } = app.options;
  if (!carrier && app.fault('sau-key-percent-decoded') && typeof apiKey === 'string') {
    const decoded = percentDecoded(apiKey);
    if (decoded !== undefined) carrier = carriers.find((c) => c.apiKey === decoded);
  }
  const slashGet = req.method === 'GET' && route.base === 'service' && url.pathname.endsWith('/');
  if (slashGet && app.fault('sau-health-probe-slash-gets-unguarded')) return NO_CALLER;
  if (app.fault('sau-mock-key-gateway-cache')) {
    const seen = perApp(verifiedKeys, app, () => new Map<string, number>());
    if (carrier && route.base === 'service') seen.set(carrier.name, Date.now());
    const verifiedAt = carrier ? seen.get(carrier.name) : undefined;
    if (route.base === 'mock' && (verifiedAt === undefined || Date.now() - verifiedAt > VERIFIED_KEY_TTL_MS))
      carrier = undefined;
  }
  if (
    carrier &&
    app.fault('sau-catalogue-scope-missing-later-keys') &&
    route.method === 'GET' &&
    route.path === '/lockers/providers' &&
    carriers.indexOf(carrier) > 0
  )
    throw new ApiError(403, 'FORBIDDEN', 'missing scope catalogue:read');
  const schema = SCHEMA_BEFORE_KEY[`${route.method} ${route.path}`];
  if (!carrier && schema && app.fault('ok-au-unlisted-ops-validate-before-key') && raw.length > 0) {
    if (!declaresJson(req.headers['content-type'])) return carrier;
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('MALFORMED_JSON', 'the body is not valid JSON');
    }
    app.validate(schema, body);
  }
  return carrier;
}

// --- The HTTP layer (server.ts) ---

/** Variation ok-aw-security-headers: the headers a security review asks for, on every answer. */
export function securityHeaders(app: Switches, res: ServerResponse): void {
  if (!app.fault('ok-aw-security-headers')) return;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

/** Variation ok-aw-body-limit-64k: the gateway's body limit. */
const GATEWAY_BODY_LIMIT = 64 * 1024;

/** Variation ok-aw-body-limit-64k: a body over 64 KiB refused 413. Nothing otherwise. */
export function bodyLimit64k(app: Switches, raw: Buffer | 'too large'): void {
  if (app.fault('ok-aw-body-limit-64k') && raw !== 'too large' && raw.length > GATEWAY_BODY_LIMIT)
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `the body exceeds ${GATEWAY_BODY_LIMIT} bytes`);
}

/** The first member name an object of a JSON text repeats, at any depth; undefined where none (or not JSON). */
function repeatedMember(text: string): string | undefined {
  const open: { names: Set<string> | undefined; atName: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = open[open.length - 1];
      if (top?.names && top.atName) {
        let name: unknown;
        try {
          name = JSON.parse(text.slice(i, end + 1));
        } catch {
          return undefined;
        }
        if (typeof name !== 'string') return undefined;
        if (top.names.has(name)) return name;
        top.names.add(name);
        top.atName = false;
      }
      i = end;
    } else if (c === '{') open.push({ names: new Set(), atName: true });
    else if (c === '[') open.push({ names: undefined, atName: false });
    else if (c === '}' || c === ']') open.pop();
    else if (c === ',') {
      const top = open[open.length - 1];
      if (top?.names) top.atName = true;
    }
  }
  return undefined;
}

/** Variation ok-aw-duplicate-members-refused: a body (parsed already) whose object repeats a member is refused. */
export function duplicateMembersRefused(app: Switches, raw: Buffer): void {
  if (!app.fault('ok-aw-duplicate-members-refused')) return;
  const name = repeatedMember(raw.toString('utf8'));
  if (name !== undefined) throw badRequest('DUPLICATE_MEMBER', `an object of the body repeats the member "${name}"`);
}

/** Query parameters that would carry an API key in the URL. */
const KEY_PARAMETERS = new Set(['apikey', 'api_key', 'api-key', 'x-api-key']);

/** Variation ok-aw-credentials-in-url-refused: an authenticated request with a key in its URL is refused. */
export function credentialsInUrlRefused(app: Switches, url: URL): void {
  if (!app.fault('ok-aw-credentials-in-url-refused')) return;
  const named = [...url.searchParams.keys()].find((k) => KEY_PARAMETERS.has(k.toLowerCase()));
  if (named !== undefined)
    throw badRequest('CREDENTIALS_IN_URL', `an API key must not travel in the URL (query parameter ${named})`);
}

// --- A request body read (server.ts dispatch) ---

/** A \uXXXX escape pair of a character beyond the BMP, where the backslash before it is no escaped one. */
const ESCAPED_PAIR = /(?<=(?:^|[^\\])(?:\\\\)*)\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}/g;

/**
 * The bytes of a body the JSON parser reads, `raw` as sent.
 * - Fault sax-create-escaped-astral-replaced: POST /lockers through a gateway plugin that decodes each \u escape as
 *   one code unit, so an escaped surrogate pair becomes two U+FFFD.
 * - Fault sax-update-body-latin1-without-charset: PATCH /lockers/{uid} read as ISO-8859-1 where the Content-Type
 *   names no charset.
 */
export function gatewayBodyDecoding(
  app: Switches,
  operationId: string,
  contentType: string | undefined,
  raw: Buffer,
): Buffer {
  if (app.fault('sax-create-escaped-astral-replaced') && operationId === 'createLocker') {
    const text = raw.toString('utf8');
    const replaced = text.replace(ESCAPED_PAIR, () => '\\ufffd\\ufffd');
    if (replaced !== text) return Buffer.from(replaced, 'utf8');
  }
  const charset = /;\s*charset\s*=/i.test(contentType ?? '');
  if (app.fault('sax-update-body-latin1-without-charset') && operationId === 'updateLocker' && !charset)
    return Buffer.from(raw.toString('latin1'), 'utf8');
  return raw;
}

/**
 * Fault sbh-cancel-body-parsed-after-write: the cancel's body is parsed by the audit step after the cancellation is
 * written; a body that is no JSON is answered 400 MALFORMED_JSON with the cancellation (and its push) made.
 */
export function bodyParsedAfterCancel(
  app: Switches,
  operationId: string,
  parse: () => unknown,
  cancel: () => Reply | Promise<Reply>,
): unknown {
  if (operationId !== 'cancelParcel' || !app.fault('sbh-cancel-body-parsed-after-write')) return parse();
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ApiError) || error.errorCode !== 'MALFORMED_JSON') throw error;
    try {
      const carried = cancel();
      if (carried instanceof Promise) carried.catch(() => undefined);
    } catch {
      // The cancel's own refusal: the parse error is what is answered.
    }
    throw error;
  }
}

// --- The path parameters (server.ts dispatch) ---

/** Fault sax-path-matrix-params-stripped: a ";" and what follows it in a segment removed, before decoding. */
export function matrixParamsStripped(app: Switches, params: Record<string, string>): Record<string, string> {
  if (!app.fault('sax-path-matrix-params-stripped')) return params;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, value.split(';')[0] ?? value]));
}

// --- An answer's form (server.ts) and how it is written (http-io.ts send) ---

export const WRITTEN_FORM = Symbol('written answer form');
export interface AnswerForm {
  upperCaseNames: boolean;
  chunked: boolean;
  escapedSolidus: boolean;
}

const LIST_ROUTES = new Set(['/lockers', '/lockers/providers', '/parcels']);

/**
 * A successful answer, marked with the form these variations write it in: ok-ax-answer-header-names-upper-case,
 * ok-ax-lists-chunked (the three lists), ok-ax-answers-escaped-solidus. Unmarked with every variation off.
 */
export function writtenFormMarked<T extends Reply & { route?: string }>(
  app: Switches,
  method: string | undefined,
  reply: T,
): T {
  const form: AnswerForm = {
    upperCaseNames: app.fault('ok-ax-answer-header-names-upper-case'),
    chunked: app.fault('ok-ax-lists-chunked') && method === 'GET' && LIST_ROUTES.has(reply.route ?? ''),
    escapedSolidus: app.fault('ok-ax-answers-escaped-solidus'),
  };
  if (!form.upperCaseNames && !form.chunked && !form.escapedSolidus) return reply;
  return { ...reply, [WRITTEN_FORM]: form } as T;
}

// --- The base paths (app.ts basePaths) ---

/** The interface version the staging mock is built for (§9: 1.1.0). */
const INTERFACE_VERSION = { major: 1, minor: 1 };

/**
 * The base path the staging mock is served under. Fault say-mock-base-minor-version: the mock's router prefix is built
 * from the interface's major and minor version (the mock follows the interface's minor releases), the service's from
 * its major only: /mock/v1.1.
 */
export function mockBaseMinorVersion(app: Switches, base: string): string {
  if (!app.fault('say-mock-base-minor-version')) return base;
  return base.replace(/\/v1$/, `/v${INTERFACE_VERSION.major}.${INTERFACE_VERSION.minor}`);
}

// --- A request body as read (server.ts) ---

/** Fault sbb-debug-body-capture-2k: the longest body the debug request logger captures (its log line's size). */
const DEBUG_CAPTURE_BYTES = 2048;

/**
 * A request body as the handlers' parser gets it. Fault sbb-debug-body-capture-2k: staging runs with LOG_LEVEL=debug,
 * under which the request logger captures each body for its log line (2 KiB at most) and, so that the body can be read
 * twice, hands the parser the captured copy instead of the stream.
 */
export function debugBodyCapture(app: Switches, raw: Buffer): Buffer {
  return app.fault('sbb-debug-body-capture-2k') && raw.length > DEBUG_CAPTURE_BYTES
    ? raw.subarray(0, DEBUG_CAPTURE_BYTES)
    : raw;
}

// --- The key guard (server.ts) ---

/** Fault sbe-application-key-on-api: where X-API-Key names no carrier, the carrier whose key X-Application-Key is. */
export function applicationKeyCarrier(app: CarriersApp, req: IncomingMessage): CarrierAccount | undefined {
  if (!app.fault('sbe-application-key-on-api')) return undefined;
  const key = req.headers['x-application-key'];
  return typeof key === 'string' && key !== '' ? app.options.carriers.find((c) => c.apiKey === key) : undefined;
}
