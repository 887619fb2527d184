// The reference's HTTP layer: size limit, routing, authentication, JSON parsing, error bodies.
// Every answer is JSON, and every failure is {errorCode, message}; no input yields a 5xx.
import { SerialWrites } from './in-flight';
import { reversedMembers } from './member-order';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReferenceApp, type Reply } from './app';
import { CollectionScheduler } from './collections';
import { ApiError, badRequest } from './errors';
import { referenceOptions, type ReferenceOptions } from './options';
import type { CarrierAccount } from './options';
import { findRoute, type RouteMatch } from './routes';
import { afterLatency, holdUnanswered, referenceStats, Stalls, STATS_PATH, stillAnswered } from './staging';

export const MAX_BODY_BYTES = 1024 * 1024;
/** The operations §7 lists 401 for; the others' authentication failure status is a choice. */
const SECTION_7_PATHS = new Set([
  '/parcels/data',
  '/parcels/data/by-tenant-locker-id',
  '/lockers/{uid}',
  '/parcels',
  '/parcels/{parcelId}',
]);

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

/** JSON text of an answer, int64s held as BigInt written from their digits (§2.5 lockerUid beyond 2^53). */
function int64Json(body: unknown): string {
  // Most answers hold no BigInt: the plain writer, without a replacer called on every value, and only
  // where it refuses one the marked form.
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  return JSON.stringify(body, (_, value: unknown) =>
    typeof value === 'bigint' ? INT64_MARK + String(value) : value,
  ).replace(new RegExp(`"${INT64_MARK}(-?\\d+)"`, 'g'), '$1');
}
// A mark JSON.stringify writes as it is (no escape): the string it marks is replaced by its digits.
const INT64_MARK = 'int64\u2060';

function send(res: ServerResponse, reply: Reply, contentType = 'application/json; charset=utf-8'): void {
  const payload =
    reply.body === undefined
      ? ''
      : typeof reply.body === 'string' && !contentType.startsWith('application/json')
        ? reply.body
        : int64Json(reply.body);
  res.writeHead(reply.status, { 'content-type': contentType, 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** An error as the reference answers it; faults change the answer the way broken services do. */
function sendError(app: ReferenceApp, res: ServerResponse, error: ApiError, route: string | undefined): void {
  const publish = route === '/parcels/data' || route === '/parcels/data/by-tenant-locker-id';
  const body: Record<string, unknown> = { errorCode: error.errorCode, message: error.message };
  if (app.fault('error-legacy-field')) body['error'] = error.message;
  if (app.fault('error-without-code') && publish) delete body['errorCode'];
  let status = error.status;
  if (app.fault('publish-validation-422') && publish && status === 400) status = 422;
  if (app.fault('malformed-json-500') && error.errorCode === 'MALFORMED_JSON') status = 500;
  // Fault malformed-json-html-page: the body parser's failure reaches the framework's default error handler.
  if (app.fault('malformed-json-html-page') && error.errorCode === 'MALFORMED_JSON') {
    const page =
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta ' +
      'charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>SyntaxError: Unexpected token in ' +
      'JSON<br> &nbsp; &nbsp;at JSON.parse (&lt;anonymous&gt;)</pre>\n</body>\n</html>\n';
    return send(res, { status, body: page }, 'text/html; charset=utf-8');
  }
  if (app.fault('auth-401-empty-body') && status === 401) return send(res, { status, body: undefined });
  if (app.fault('not-found-plain-text') && status === 404 && route === '/parcels/{parcelId}') {
    return send(res, { status, body: 'Not Found' }, 'text/plain');
  }
  send(res, { status, body: app.choices.memberOrder === 'reversed' ? reversedMembers(body) : body });
}

/** Which route a failure happened on, for the faults that answer per route. */
class RoutedError extends ApiError {
  constructor(
    error: ApiError,
    readonly route: string,
  ) {
    super(error.status, error.errorCode, error.message);
  }
}

/** Reads the body up to the limit; past it, keeps draining so the client can read the 413. */
function readBody(req: IncomingMessage): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function isJsonContentType(value: string | undefined): boolean {
  const mediaType = value?.split(';')[0]?.trim().toLowerCase();
  return (
    mediaType === 'application/json' || (mediaType?.startsWith('application/') && mediaType.endsWith('+json')) === true
  );
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('MALFORMED_JSON', 'the body is not valid JSON');
  }
}

function decodeParams(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      throw badRequest('VALIDATION_FAILED', `path parameter ${name} is not validly percent-encoded`);
    }
  }
  return decoded;
}

/** Fault key-header-exact-case: the key only from a header named as the spec writes it, or all lower case. */
function exactCaseKey(req: IncomingMessage): string | undefined {
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i] === 'X-API-Key' || req.rawHeaders[i] === 'x-api-key') return req.rawHeaders[i + 1];
  }
  return undefined;
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
    path: req.url ?? '/',
    carrier: app.options.carriers.findIndex((c) => c.apiKey === key),
    ...(raw !== 'too large' && raw.length ? { body: raw.toString('utf8') } : {}),
  });
  if (raw === 'too large') {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `the body exceeds ${MAX_BODY_BYTES} bytes`);
  }
  const url = new URL(req.url ?? '/', 'http://reference.invalid');
  const match = findRoute(req.method ?? 'GET', url.pathname, app.basePaths);
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
    const apiKey = app.fault('key-header-exact-case') ? exactCaseKey(req) : req.headers['x-api-key'];
    let carrier = typeof apiKey === 'string' ? app.carrierWithKey(apiKey) : undefined;
    const open =
      (app.fault('providers-no-auth') && route.path === '/lockers/providers') ||
      (app.fault('trigger-no-auth') && route.base === 'mock') ||
      (app.fault('status-patch-no-auth') && route.path === '/lockers/status');
    if (!carrier && open) carrier = app.options.carriers[0]!;
    if (
      !carrier &&
      typeof apiKey === 'string' &&
      app.fault('anonymous-update-applies') &&
      route.path === '/lockers/{uid}'
    ) {
      // The key is checked after the update was made: the refusal is answered, the change stays.
      carryOutRegardless(() => dispatch(app, req, url, raw, match, app.options.carriers[0]!));
    }
    if (!carrier) {
      // Fault anonymous-publish-books: the publish is carried out for the first carrier before the missing key is
      // answered.
      if (apiKey === undefined && app.fault('anonymous-publish-books') && route.path.startsWith('/parcels/data')) {
        carryOutRegardless(() => dispatch(app, req, url, raw, match, app.options.carriers[0]!));
      }
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
      if (nearMiss && status === 403)
        throw new ApiError(403, 'FORBIDDEN', 'the X-API-Key is not the key of the carrier it resembles');
      throw new ApiError(
        status,
        'UNAUTHORIZED',
        apiKey === undefined ? 'the X-API-Key header is missing' : 'the X-API-Key is not valid',
      );
    }
    const carryOut = () => dispatch(app, req, url, raw, match, carrier);
    const reply = await (writes && req.method !== 'GET' ? writes.run(carryOut) : carryOut());
    return { ...reply, route: route.path };
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
  let body: unknown;
  if (raw.length > 0 && match.route.body !== 'none') {
    const exactOnly = app.fault('content-type-exact') && req.headers['content-type'] !== 'application/json';
    if (exactOnly || !isJsonContentType(req.headers['content-type'])) {
      throw badRequest('UNSUPPORTED_CONTENT_TYPE', 'the body must be sent as application/json');
    }
    body = parseJson(raw);
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
    params: decodeParams(match.params),
    query: url.searchParams,
    body,
    ...(body !== undefined ? { raw: raw.toString('utf8') } : {}),
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
    const { outage } = options;
    if (outage && ++served > outage.after && !stillAnswered(outage, req, app.basePaths.service)) {
      return outage.mode === 'reset' ? req.socket.destroy() : holdUnanswered(res);
    }
    handle(app, req, stalls, writes)
      .then((reply) => {
        if (reply === HOLD) return holdUnanswered(res);
        if (app.choices.memberOrder === 'reversed') reply = { ...reply, body: reversedMembers(reply.body) };
        const textual = app.fault('providers-text-content-type') && reply.route === '/lockers/providers';
        answer(() => send(res, reply, textual ? 'text/plain' : undefined));
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError)
          return answer(() => sendError(app, res, error, error instanceof RoutedError ? error.route : undefined));
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
