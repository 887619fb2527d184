// The reference's HTTP layer: size limit, routing, authentication, JSON parsing, error bodies (reading and writing
// them is http-io.ts). Every answer is JSON, and every failure is {errorCode, message}; no input yields a 5xx.
import { SECTION_7_PATHS } from './base-paths';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReferenceApp, type Reply } from './app';
import { CollectionScheduler } from './collections';
import { SerialWrites } from './in-flight';
import { reversedMembers } from './member-order';
import { ApiError, badRequest } from './errors';
import { referenceOptions, type CarrierAccount, type ReferenceOptions } from './options';
import { findRoute, type RouteMatch } from './routes';
import {
  applicationKeyCarrier,
  authFailureThrottled,
  authRefusalCode,
  bodyLimit64k,
  bodyParsedAfterCancel,
  callerSeen,
  carrierOfKey,
  checkAccept,
  compareKeysTimingSafe,
  connectionCarrier,
  credentialsInUrlRefused,
  debugBodyCapture,
  defaultTenantCheck,
  duplicateMembersRefused,
  firewall,
  gatewayAndKeyGuards,
  gatewayBodyDecoding,
  gatewayCachedCaller,
  healthProbeSlash,
  htmlSafeAnswer,
  keyBodyCarrier,
  keyCheckedInQuery,
  keySchemeStripped,
  loadLockerBeforeAuth,
  matrixParamsStripped,
  missingKeyRefused,
  mockKeyRefused,
  rateLimited,
  refuseControlCharacters,
  securityHeaders,
  sendXml,
  sendXssiGuarded,
  separatorFreeCarrier,
  streamedParcelList,
  trimmedOnBind,
  unversionedPath,
  writtenFormMarked,
  xmlNegotiated,
  xssiGuarded,
} from './faults/behaviour/requests';
import { afterLatency, holdUnanswered, referenceStats, Stalls, STATS_PATH, stillAnswered } from './staging';
import { v10BearerKey } from './faults/behaviour/migration-leftovers';
import {
  decodeParams,
  exactCaseKey,
  int64Json,
  isJsonContentType,
  MAX_BODY_BYTES,
  parseJson,
  readBody,
  send,
  sendError,
} from './http-io';

export interface ReferenceHandle {
  app: ReferenceApp;
  collections: CollectionScheduler;
  /** {base_url}: the service base including /v1. */
  baseUrl: string;
  /** {mock_base_url}: the staging trigger base including /v1. */
  mockBaseUrl: string;
  port: number;
  close(): Promise<void>;
}

/** Which route a failure happened on, for the faults that answer per route. */
class RoutedError extends ApiError {
  constructor(
    error: ApiError,
    readonly route: string,
  ) {
    super(error.status, error.errorCode, error.message, error.details);
  }
}

/** The request target with every carrier's key, wherever it stands, replaced by the carrier's index. */
function withoutKeys(target: string, carriers: readonly { apiKey: string }[]): string {
  return carriers.reduce(
    (path, { apiKey }, i) =>
      apiKey ? path.split(apiKey).join(`{key${i}}`).split(encodeURIComponent(apiKey)).join(`{key${i}}`) : path,
    target,
  );
}

/** A request held unanswered on purpose (`--stall`). */
const HOLD = Symbol('hold');

async function handle(
  app: ReferenceApp,
  req: IncomingMessage,
  stalls: Stalls,
  writes?: SerialWrites,
): Promise<(Reply & { route?: string }) | typeof HOLD> {
  const raw = await readBody(req);
  const key = req.headers['x-api-key'];
  app.stats.record({
    method: req.method ?? 'GET',
    // A client may put a key in the query (a wrong place): the sample names a carrier by its index, never its key.
    path: withoutKeys(req.url ?? '/', app.options.carriers),
    carrier: app.options.carriers.findIndex((c) => c.apiKey === key),
    ...(raw !== 'too large' && raw.length ? { body: raw.toString('utf8') } : {}),
  });
  if (raw === 'too large') {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `the body exceeds ${MAX_BODY_BYTES} bytes`);
  }
  bodyLimit64k(app, raw); // Variation ok-aw-body-limit-64k: the gateway's 64 KiB
  const url = new URL(req.url ?? '/', 'http://reference.invalid');
  firewall(app, url.pathname);
  // Fault su-by-tenant-route-unversioned: the by-tenant controller is served outside the v1 base path.
  const routed = healthProbeSlash(app, url.pathname); // Fault sau-health-probe-slash-gets-unguarded: "/x/" is "/x"
  const match = findRoute(req.method ?? 'GET', unversionedPath(app, routed), app.basePaths);
  if (!match) throw new ApiError(404, 'NOT_FOUND', `no operation at ${req.method} ${url.pathname}`);
  if ('allowed' in match) {
    throw new ApiError(
      405,
      'METHOD_NOT_ALLOWED',
      `${req.method} is not allowed here; allowed: ${match.allowed.join(', ')}`,
    );
  }
  const route = match.route;
  app.stats.countOperation(route.operationId);
  if (stalls.hold(route.operationId)) return HOLD;
  try {
    const headerKey = app.fault('key-header-exact-case') ? exactCaseKey(req) : req.headers['x-api-key'];
    // Fault sa-key-from-query: with no key header, the key is taken from a query parameter apiKey or api_key.
    const queryKey = app.fault('sa-key-from-query')
      ? (url.searchParams.get('apiKey') ?? url.searchParams.get('api_key') ?? undefined)
      : undefined;
    // Fault sak-key-scheme-prefix-stripped: the value read as "<scheme> <credentials>", its last token the key.
    // Fault sbk-parcel-routes-v10-bearer: the parcel routes' 1.0 key extractor also reads a bearer token.
    const apiKey = keySchemeStripped(
      app,
      headerKey ?? queryKey ?? v10BearerKey(app, route.path, req.headers.authorization),
    );
    // Fault se-key-compare-throws-on-length: timingSafeEqual on keys of different lengths throws.
    compareKeysTimingSafe(app, apiKey);
    // Fault sl-key-cache-by-key-id: a key whose id part (its first characters) was verified is taken unverified.
    let carrier = typeof apiKey === 'string' ? carrierOfKey(app, apiKey, (k) => app.carrierWithKey(k)) : undefined;
    // Fault sp-key-check-character-ignored: a key not found whole is looked up without its last (check) character.
    carrier ??= keyBodyCarrier(app, apiKey) ?? separatorFreeCarrier(app, apiKey); // and sw-key-separators-ignored
    carrier ??= gatewayCachedCaller(app, route, url); // Fault sv-list-gateway-cache-before-auth: a cache before auth
    carrier ??= applicationKeyCarrier(app, req); // Fault sbe-application-key-on-api: X-Application-Key taken too
    // Fault sc-auth-cached-on-connection: a connection keeps the carrier of its first authenticated request.
    if (app.fault('sc-auth-cached-on-connection')) carrier = connectionCarrier(req.socket, carrier);
    // A percent-decoded key, a guard skipping GETs ending in "/", the mock's key cache, a key's scopes.
    carrier = gatewayAndKeyGuards(app, req, url, route, apiKey, carrier, raw);
    const open =
      (app.fault('providers-no-auth') && route.path === '/lockers/providers') ||
      (app.fault('trigger-no-auth') && route.base === 'mock') ||
      (app.fault('status-patch-no-auth') && route.path === '/lockers/status');
    if (!carrier && open) carrier = app.options.carriers[0]!;
    // Fault sq-precheck-default-tenant: a PRE_CHECK's tenant falls back to the first carrier where the key names none.
    if (!carrier && defaultTenantCheck(app, route.path, raw)) carrier = app.options.carriers[0]!;
    // Fault se-caller-in-shared-field: every authenticated request sets the locker service's caller field.
    callerSeen(app, carrier);
    // Fault sc-update-404-before-auth: the path's locker is loaded before the key is checked.
    if (!carrier && app.fault('sc-update-404-before-auth') && route.path === '/lockers/{uid}')
      loadLockerBeforeAuth(app, match.params['uid']);
    if (
      !carrier &&
      typeof apiKey === 'string' &&
      app.fault('anonymous-update-applies') &&
      route.path === '/lockers/{uid}'
    ) {
      // The key is checked after the update was made: the refusal is answered, the change stays.
      carryOutRegardless(() => dispatch(app, req, url, raw, match, app.options.carriers[0]!));
    }
    // Fault so-parcels-key-checked-in-query: the list's query is scoped by the key sent, which no carrier has.
    if (!carrier && keyCheckedInQuery(app, route.path, apiKey))
      return { ...app.list([], url.searchParams), route: route.path };
    if (!carrier) {
      // Fault anonymous-publish-books: the publish is carried out for the first carrier before the missing key is
      // answered.
      if (apiKey === undefined && app.fault('anonymous-publish-books') && route.path.startsWith('/parcels/data'))
        carryOutRegardless(() => dispatch(app, req, url, raw, match, app.options.carriers[0]!));
      missingKeyRefused(app, route.path, apiKey); // Variation ok-aa-missing-key-400: a required header, refused 400
      // A near miss of a real key (nearMissKeyStatus) is told apart only where §7 lists no 401.
      const nearMiss =
        app.choices.nearMissKeyStatus !== null && typeof apiKey === 'string' && app.isNearMissOfKey(apiKey);
      const status =
        app.fault('parcels-auth-403') && route.path === '/parcels'
          ? 403
          : SECTION_7_PATHS.has(route.path)
            ? 401
            : nearMiss
              ? app.choices.nearMissKeyStatus!
              : app.choices.otherAuthFailureStatus;
      mockKeyRefused(app, route.base); // Variation ok-ag-mock-refused-key-403: the mock's gateway answers 403
      if (nearMiss && status === 403)
        throw new ApiError(403, 'FORBIDDEN', 'the X-API-Key is not the key of the carrier it resembles');
      throw new ApiError(
        status,
        authRefusalCode(app, apiKey), // Variation ok-ae-auth-error-codes: a missing key told from a wrong one
        apiKey === undefined ? 'the X-API-Key header is missing' : 'the X-API-Key is not valid',
      );
    }
    credentialsInUrlRefused(app, url); // Variation ok-aw-credentials-in-url-refused: a key in the URL refused
    const carryOut = () => dispatch(app, req, url, raw, match, carrier);
    const reply = await (writes && req.method !== 'GET' ? writes.run(carryOut) : carryOut());
    // Variation ok-af-parcel-rate-limit-headers: the gateway's rate-limit headers on the parcel operations.
    // Variation ok-ah-json-html-safe-escapes: the answer's text with <, > and & escaped.
    return { ...htmlSafeAnswer(app, rateLimited(app, carrier.name, route.path, reply), int64Json), route: route.path };
  } catch (error) {
    throw error instanceof ApiError ? new RoutedError(error, route.path) : error;
  }
}

/** A request a fault carries out although it is refused: whatever it fails with (at once or later), the refusal is the
 * answer. */
function carryOutRegardless(run: () => Reply | Promise<Reply>): void {
  try {
    const done = run();
    if (done instanceof Promise) done.catch(() => undefined);
  } catch {
    // refused for another reason as well: nothing was applied
  }
}

/** Parses the body the route takes and calls its handler. */
function dispatch(
  app: ReferenceApp,
  req: IncomingMessage,
  url: URL,
  raw: Buffer,
  match: RouteMatch,
  carrier: CarrierAccount,
): Reply | Promise<Reply> {
  // Fault sae-accept-params-406: the locker router's negotiation matches Accept entries as written.
  checkAccept(app, req.headers['accept'], match.route.path);
  let body: unknown;
  if (raw.length > 0 && match.route.body !== 'none') {
    const exactOnly = app.fault('content-type-exact') && req.headers['content-type'] !== 'application/json';
    if (exactOnly || !isJsonContentType(req.headers['content-type'])) {
      throw badRequest('UNSUPPORTED_CONTENT_TYPE', 'the body must be sent as application/json');
    }
    // Fault sp-locker-body-control-chars-refused: the locker router refuses control characters, JSON's whitespace too.
    refuseControlCharacters(app, match.route.operationId, raw);
    // Fault sn-strings-trimmed-on-bind: the locker endpoints' binder trims every string it binds.
    // A gateway plugin's decoding of escapes, a converter's default charset.
    // Fault sbb-debug-body-capture-2k: the debug logger's captured copy.
    const bytes = debugBodyCapture(
      app,
      gatewayBodyDecoding(app, match.route.operationId, req.headers['content-type'], raw),
    );
    // Fault sbh-cancel-body-parsed-after-write: the cancel's body parsed by its audit step, after the write.
    body = trimmedOnBind(
      app,
      match.route.operationId,
      bodyParsedAfterCancel(
        app,
        match.route.operationId,
        () => parseJson(bytes),
        () =>
          match.route.handle(app, {
            carrier,
            params: decodeParams(matrixParamsStripped(app, match.params)),
            query: url.searchParams,
            body: undefined,
          }),
      ),
    );
    duplicateMembersRefused(app, raw); // Variation ok-aw-duplicate-members-refused: a member repeated in an object
    const text = raw.toString('utf8');
    if (
      app.fault('create-members-in-order') &&
      match.route.operationId === 'createLocker' &&
      text.indexOf('"provider"') >= 0 &&
      text.indexOf('"provider"') < text.indexOf('"carrier"')
    ) {
      throw badRequest('VALIDATION_FAILED', 'carrier must come before provider');
    }
  } else if (match.route.body === 'required') {
    throw badRequest('BODY_REQUIRED', 'a JSON body is required');
  }
  return match.route.handle(app, {
    carrier,
    params: decodeParams(matrixParamsStripped(app, match.params)), // Fault sax-path-matrix-params-stripped
    query: url.searchParams,
    body,
    ...(body !== undefined ? { raw: raw.toString('utf8') } : {}),
    headers: req.headers,
  });
}

export async function startReference(overrides: Partial<ReferenceOptions> = {}): Promise<ReferenceHandle> {
  const options = referenceOptions(overrides);
  const app = new ReferenceApp(options);
  const collections = new CollectionScheduler(app);
  const stalls = new Stalls(options.stalls);
  const writes = options.choices.serialWriteMs ? new SerialWrites(options.choices.serialWriteMs) : undefined;
  const answer = (write: () => void) => afterLatency(options.latencyMs, write);
  let served = 0;
  const server: Server = createServer((req, res) => {
    // Reference-only, outside the API's base paths: no key, no latency, not counted.
    if (req.method === 'GET' && req.url === STATS_PATH) return send(res, { status: 200, body: referenceStats(app) });
    securityHeaders(app, res); // Variation ok-aw-security-headers: on every answer
    const { outage } = options;
    if (outage && ++served > outage.after && !stillAnswered(outage, req, app.basePaths.service)) {
      return outage.mode === 'reset' ? req.socket.destroy() : holdUnanswered(res);
    }
    handle(app, req, stalls, writes)
      .then((reply) => {
        if (reply === HOLD) return holdUnanswered(res);
        if (app.choices.memberOrder === 'reversed') reply = { ...reply, body: reversedMembers(reply.body) };
        // Variations: header names, chunked lists, escaped solidus.
        reply = writtenFormMarked(app, req.method, reply);
        // Fault sn-locker-answers-xssi-prefix: the locker router's anti-JSON-hijacking filter prefixes arrays.
        if (xssiGuarded(app, req.method, reply)) return answer(() => sendXssiGuarded(res, reply));
        // Fault sp-providers-xml-by-default: the catalogue answers XML unless the Accept names a JSON type.
        if (xmlNegotiated(app, req, reply)) return answer(() => sendXml(res, reply));
        // Fault sq-parcels-ndjson-past-buffer: a parcel list past the response buffer is streamed as NDJSON.
        const streamed = streamedParcelList(app, reply);
        if (streamed) return answer(() => send(res, streamed, 'application/x-ndjson'));
        const textual = app.fault('providers-text-content-type') && reply.route === '/lockers/providers';
        answer(() => send(res, reply, textual ? 'text/plain' : reply.contentType)); // sae-status-409-text-html
      })
      .catch((error: unknown) => {
        // Variation ok-ah-auth-failure-throttled: a refused key answered late.
        if (error instanceof ApiError)
          return answer(() =>
            authFailureThrottled(app, error.status, () =>
              sendError(app, res, error, error instanceof RoutedError ? error.route : undefined),
            ),
          );
        // Unreachable by design (the fuzz test holds it to that), but a failure still answers JSON.
        answer(() =>
          sendError(
            app,
            res,
            new ApiError(500, 'INTERNAL_ERROR', 'the reference failed to process the request'),
            undefined,
          ),
        );
      });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  collections.start();
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  return {
    app,
    collections,
    port,
    baseUrl: origin + app.basePaths.service,
    mockBaseUrl: origin + app.basePaths.mock,
    async close() {
      collections.stop();
      app.outbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
