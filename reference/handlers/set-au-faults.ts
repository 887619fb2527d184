// The points where the faults and variations of set AU change the service: each does what the service does with its
// fault off, and the fault's behaviour with it on. The HTTP surface every operation shares and the webhook side: the
// key guard and the paths it covers, how a request is framed and read (headers, chunked bodies, the raw query, path
// segments), error bodies, and what the service does with the answers of the carrier's endpoint. Called from
// server.ts (routedPathBySetAU, callerBySetAU), routes.ts (bySetAU, innermost around every handler), list-points.ts
// (ofProviderBySetAU), http-io.ts (errorBySetAU), push-points.ts (parcelSentBySetAU) and collections.ts
// (collectionJobEveryBySetAU, collectionMarkedBySetAU).
import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest } from '../errors';
import { type Handler, rawQueries } from '../faults/behaviour/shared';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply } from '../request-types';
import type { RequestSchema } from '../validation';
import { perApp, type Switches } from './fault-point-state';
import { after } from './set-v-faults';

/** A route as the server matched it: its base, method and path template. */
interface RouteSeen {
  base: string;
  method: string;
  path: string;
}

/** What the server's point needs of the app: its faults, state and options, and its request validation. */
type GuardApp = FaultPointApp & { validate(schema: RequestSchema, body: unknown): unknown };

/** Whether a Content-Type names JSON (application/json or a +json type, parameters aside). */
function declaresJson(value: string | undefined): boolean {
  const type = value?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

// --- The router and the key guard (server.ts) ---

/**
 * The path the router matches. Fault sau-health-probe-slash-gets-unguarded: strict routing is off, so a path ending in
 * a slash is the path without it.
 */
export function routedPathBySetAU(app: Switches, pathname: string): string {
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
 * where a set AU point refuses the request first.
 * - Fault sau-key-percent-decoded: a key not found is looked up again percent-decoded.
 * - Fault sau-health-probe-slash-gets-unguarded: a GET whose path ends in a slash passes the guard with no caller.
 * - Fault sau-mock-key-gateway-cache: the mock takes a key only while the gateway's cache holds it (3 s after the
 *   carrier's last {base_url} request).
 * - Fault sau-catalogue-scope-missing-later-keys: the catalogue refuses the keys of carriers after the first.
 * - Variation ok-au-unlisted-ops-validate-before-key: without a caller, the body is validated before the refusal.
 */
export function callerBySetAU(
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

// --- Around every handler (routes.ts) ---

/** Fault sau-path-segment-trailing-dots-stripped: a path segment as IIS normalises it, final dots and blanks cut. */
function segmentNormalised(id: string | undefined): string | undefined {
  const cut = id?.replace(/[. ]+$/, '');
  return cut ? cut : id;
}

/** Variation ok-au-answers-content-type-spring-form: a success answer's media type as a message converter writes it. */
function springContentType(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-au-answers-content-type-spring-form') || reply.status >= 300 || reply.contentType !== undefined)
    return reply;
  return { ...reply, contentType: 'application/json;charset=UTF-8' };
}

/**
 * Set AU around every route (routes.ts, innermost); each is the route's handler itself while the faults and variation
 * it names are off.
 * - Fault sau-create-expect-continue-417: POST /lockers behind a proxy that answers 417 to Expect: 100-continue.
 * - Fault sau-cancel-empty-json-body-refused: the cancel's parser refuses an empty body declared JSON.
 * - Fault sau-mock-chunked-body-unread: the mock reads Content-Length bytes, none of a chunked body.
 * - Fault sau-path-segment-trailing-dots-stripped: the path ids without their final dots and blanks.
 * - Variation ok-au-answers-content-type-spring-form: success answers as application/json;charset=UTF-8.
 */
export function bySetAU<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  const route = `${method} ${path}`;
  return (app, ctx) => {
    const headers = ctx.headers ?? {};
    if (
      route === 'POST /lockers' &&
      app.fault('sau-create-expect-continue-417') &&
      /^\s*100-continue\s*$/i.test(String(headers['expect'] ?? ''))
    )
      throw new ApiError(417, 'EXPECTATION_FAILED', 'the proxy does not support Expect: 100-continue');
    if (
      route === 'PATCH /parcels/{parcelId}' &&
      app.fault('sau-cancel-empty-json-body-refused') &&
      ctx.body === undefined &&
      declaresJson(headers['content-type'])
    )
      throw badRequest('EMPTY_JSON_BODY', "Body cannot be empty when content-type is set to 'application/json'");
    if (
      route === 'POST /parcel/first-mile/event' &&
      app.fault('sau-mock-chunked-body-unread') &&
      /chunked/i.test(String(headers['transfer-encoding'] ?? '')) &&
      headers['content-length'] === undefined
    )
      throw badRequest('BODY_REQUIRED', 'a JSON body is required');
    let seen = ctx;
    if (app.fault('sau-path-segment-trailing-dots-stripped') && (ctx.params['uid'] ?? ctx.params['parcelId'])) {
      const params = { ...ctx.params };
      for (const name of ['uid', 'parcelId'])
        if (params[name] !== undefined) params[name] = segmentNormalised(params[name])!;
      seen = { ...ctx, params };
    }
    return after(handle(app, seen), (reply) => springContentType(app, reply));
  };
}

// --- Error bodies (http-io.ts sendError) ---

/** Fault sau-parcel-errors-locale-gap: the parcel module's catalogue; German and French hold the 1.0 codes only. */
const CATALOGUE: Record<string, Record<string, string>> = {
  de: {
    VALIDATION_FAILED: 'Die Anfrage ist ungültig.',
    MALFORMED_JSON: 'Der Inhalt ist kein gültiges JSON.',
    UNAUTHORIZED: 'Der API-Schlüssel fehlt oder ist ungültig.',
    PARCEL_NOT_FOUND: 'Die Sendung wurde nicht gefunden.',
  },
  fr: {
    VALIDATION_FAILED: 'La requête est invalide.',
    MALFORMED_JSON: "Le corps n'est pas un JSON valide.",
    UNAUTHORIZED: "La clé d'API est absente ou invalide.",
    PARCEL_NOT_FOUND: 'Le colis est introuvable.',
  },
};

/** The routes of the parcel module (fault sau-parcel-errors-locale-gap). */
const PARCEL_MODULE_ROUTES = new Set([
  '/parcels/data',
  '/parcels/data/by-tenant-locker-id',
  '/parcels',
  '/parcels/{parcelId}',
]);

/** The language an Accept-Language names first, its primary tag in lower case (de-CH is de). */
function firstLanguage(header: string | string[] | undefined): string | undefined {
  const first = String(header ?? '')
    .split(',')[0]
    ?.split(';')[0]
    ?.trim();
  return first ? first.split('-')[0]!.toLowerCase() : undefined;
}

/**
 * An error body about to be written, edited in place.
 * - Fault sau-parcel-errors-locale-gap: the parcel module's message from its catalogue in the language asked, left out
 *   where the table lacks the code.
 * - Fault sau-update-validation-message-array: the update's validation refusals carry message as an array.
 */
export function errorBySetAU(
  app: Switches,
  req: IncomingMessage | undefined,
  error: ApiError,
  route: string | undefined,
  body: Record<string, unknown>,
): void {
  const table = CATALOGUE[firstLanguage(req?.headers['accept-language']) ?? ''];
  if (app.fault('sau-parcel-errors-locale-gap') && table && route !== undefined && PARCEL_MODULE_ROUTES.has(route)) {
    const message = table[error.errorCode];
    if (message === undefined) delete body['message'];
    else body['message'] = message;
  }
  if (
    app.fault('sau-update-validation-message-array') &&
    route === '/lockers/{uid}' &&
    error.errorCode === 'VALIDATION_FAILED'
  )
    body['message'] = error.details ?? [error.message];
}
