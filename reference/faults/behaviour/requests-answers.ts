// The faults' behaviour of how an answer and an error body are written (http-io.ts send, sendError). With its fault off
// each point does what the service does.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { SECTION_7_PATHS } from '../../base-paths';
import { ApiError } from '../../errors';
import type { Editable, Switches } from '../../handlers/fault-point-state';
import type { FaultPointApp, Reply } from '../../request-types';
import { ANSWER_FORM, type AnswerForm, type Marked, WRITTEN_FORM } from './requests';
import { secondInstance } from './shared';

/** Variation ok-e-error-extra-members: what the error body carries beside errorCode and message. */
export function errorExtras(app: Switches, status: number): Record<string, unknown> {
  if (!app.fault('ok-e-error-extra-members')) return {};
  return { status, timestamp: new Date().toISOString(), traceId: randomBytes(8).toString('hex') };
}

/**
 * Fault sm-unknown-locker-problem-body: the publish paths resolve the locker through the locker service, and its
 * refusal (no such locker for the carrier) is passed on as that service wrote it, an RFC 7807 problem, only its status
 * mapped to 400. Undefined for every other error.
 */
export function upstreamProblem(app: Switches, error: ApiError, route: string | undefined): Reply | undefined {
  if (!app.fault('sm-unknown-locker-problem-body') || error.errorCode !== 'UNKNOWN_LOCKER') return undefined;
  if (route !== '/parcels/data' && route !== '/parcels/data/by-tenant-locker-id') return undefined;
  const problem = { type: 'https://lockers.internal/problems/locker-not-found', title: 'Locker not found' };
  return { status: 400, body: { ...problem, status: 404, detail: error.message, instance: '/internal/v1/lockers' } };
}

/** Variation ok-o-error-codes-dotted: the parcel operations, whose errorCodes are message keys of their area. */
const PARCEL_ROUTES = new Set([
  '/parcels/data',
  '/parcels/data/by-tenant-locker-id',
  '/parcels',
  '/parcels/{parcelId}',
]);

/** Variation ok-o-error-codes-dotted: an errorCode of a parcel operation as a dotted message key (parcel.not_found). */
export function dottedCode(app: FaultPointApp, route: string | undefined, status: number, code: string): string {
  if (!app.fault('ok-o-error-codes-dotted') || !PARCEL_ROUTES.has(route ?? '')) return code;
  return `${status === 401 || status === 403 ? 'auth' : 'parcel'}.${code.toLowerCase()}`;
}

/** Variation ok-p-error-codes-namespaced: the area each route's errors are named under. */
function areaOf(route: string | undefined): string {
  if (route?.startsWith('/lockers')) return 'locker';
  if (route?.startsWith('/parcels')) return 'parcel';
  if (route?.startsWith('/networks')) return 'network';
  return route?.startsWith('/parcel/') ? 'trigger' : 'request';
}

/**
 * Variation ok-p-error-codes-namespaced: errorCode values written as "<area>.<reason>" in lower case with hyphens
 * (locker.locker-not-found, parcel.validation-failed), as the service's error catalogue names them.
 */
export function namespacedCode(app: FaultPointApp, errorCode: string, route: string | undefined): string {
  if (!app.fault('ok-p-error-codes-namespaced')) return errorCode;
  return `${areaOf(route)}.${errorCode.toLowerCase().replace(/_/g, '-')}`;
}

/**
 * Fault ss-cancel-errors-problem-json: the parcel controller's exception handler was moved to the framework's problem
 * details, with errorCode and message kept as properties: its answers are declared application/problem+json. The
 * security filter's 401 is written elsewhere, as before. Undefined where the answer is written as it was.
 */
export function cancelProblem(
  app: FaultPointApp,
  route: string | undefined,
  status: number,
  body: Editable,
): Reply | undefined {
  if (!app.fault('ss-cancel-errors-problem-json') || route !== '/parcels/{parcelId}' || status === 401)
    return undefined;
  const title = status === 404 ? 'Not Found' : status === 400 ? 'Bad Request' : 'Error';
  return {
    status,
    body: { type: 'about:blank', title, status, detail: body['message'], instance: '/parcels', ...body },
  };
}

const REASON: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden' };

/**
 * Fault sw-auth-refusal-boot-error-attributes: a key refusal is sent by the security filter chain's entry point
 * (sendError), so the framework's error controller writes it with its default attributes (timestamp, status, error)
 * beside the errorCode and message the service's ErrorAttributes bean adds. Members to add to the error body.
 */
export function securityErrorAttributes(app: FaultPointApp, error: ApiError): Record<string, unknown> {
  const refusedKey = error.errorCode === 'UNAUTHORIZED' || error.errorCode === 'FORBIDDEN';
  if (!app.fault('sw-auth-refusal-boot-error-attributes') || !refusedKey) return {};
  const status = error.status;
  return { timestamp: new Date().toISOString(), status, error: REASON[status] ?? 'Unauthorized' };
}

/** Whether an Accept-Encoding value takes gzip (a q of 0 refuses it). */
function acceptsGzip(value: string | string[] | undefined): boolean {
  return String(value ?? '')
    .split(',')
    .some((part) => {
      const [coding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
    });
}

/** Variation ok-y-gzip-when-accepted: the proxy's gzip_min_length. */
const GZIP_MIN_BYTES = 1024;

/**
 * How an answer leaves where a fault or a variation marked it (true: written here). Fault sy-update-uid-route-pattern:
 * the final handler's page as text/html. Variation ok-y-gzip-when-accepted: gzip content coding where Accept-Encoding
 * takes it.
 */
export function sentAsHtmlOrGzip(res: ServerResponse, reply: Reply, payload: string, contentType: string): boolean {
  const form = (reply as Marked)[ANSWER_FORM];
  if (form === 'html') {
    const length = Buffer.byteLength(payload);
    res.writeHead(reply.status, {
      ...reply.headers,
      'content-type': 'text/html; charset=utf-8',
      'content-length': length,
    });
    res.end(payload);
    return true;
  }
  if (form !== 'gzip' || Buffer.byteLength(payload) < GZIP_MIN_BYTES) return false;
  if (!acceptsGzip(res.req?.headers['accept-encoding'])) return false;
  const zipped = gzipSync(payload);
  const headers = { 'content-type': contentType, 'content-encoding': 'gzip', vary: 'Accept-Encoding' };
  res.writeHead(reply.status, { ...reply.headers, ...headers, 'content-length': zipped.length });
  res.end(zipped);
  return true;
}

/** Variation ok-ad-auth-challenge-header: a 401 names the scheme it wants in WWW-Authenticate (RFC 9110 §11.6.1). */
export function authChallenge(app: Switches, status: number): { headers?: Record<string, string> } {
  if (!app.fault('ok-ad-auth-challenge-header') || status !== 401) return {};
  return { headers: { 'www-authenticate': 'ApiKey realm="carrier-integration", header="X-API-Key"' } };
}

/** The message server.ts refuses a request without the key header with. */
const MISSING_KEY = 'the X-API-Key header is missing';

/** The reason phrases of the framework's whitelabel error body (fault sak-fallback-errors-boot-body). */
const WHITELABEL_REASONS: Record<number, string> = { 404: 'Not Found', 405: 'Method Not Allowed' };

/**
 * An error as these faults and variations write it, before the service's error writer (http-io.ts sendError):
 * undefined where it has been written here, otherwise the error the writer is to answer.
 * - Fault sak-missing-key-answer-untyped: the missing-key guard writes the raw response, with no Content-Type.
 * - Fault sak-fallback-errors-boot-body: a request no route takes (404, 405) is answered by the framework's
 *   whitelabel error controller, {timestamp, status, error, path}.
 * - Variation ok-ak-unsupported-media-type-415: a body of no JSON type is 415 where §7 lists no status.
 */
export function guardAndFallbackErrors(
  app: Switches,
  res: ServerResponse,
  error: ApiError,
  route: string | undefined,
): ApiError | undefined {
  if (app.fault('sak-missing-key-answer-untyped') && error.message === MISSING_KEY) {
    const text = JSON.stringify({ errorCode: error.errorCode, message: error.message });
    res.statusCode = error.status;
    res.end(text);
    return undefined;
  }
  const reason = WHITELABEL_REASONS[error.status];
  if (app.fault('sak-fallback-errors-boot-body') && route === undefined && reason !== undefined) {
    const path = new URL(res.req?.url ?? '/', 'http://reference.invalid').pathname;
    const text = JSON.stringify({ timestamp: new Date().toISOString(), status: error.status, error: reason, path });
    res.writeHead(error.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
    return undefined;
  }
  return mediaTypeRefusal(app, error, route);
}

/**
 * Variation ok-ak-unsupported-media-type-415: a body of no JSON type refused 415 where §7 lists no status for the
 * operation; every other error as it is.
 */
export function mediaTypeRefusal(app: Switches, error: ApiError, route: string | undefined): ApiError {
  if (!app.fault('ok-ak-unsupported-media-type-415') || error.errorCode !== 'UNSUPPORTED_CONTENT_TYPE') return error;
  if (route === undefined || SECTION_7_PATHS.has(route)) return error;
  return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'the body must be sent as application/json');
}

// --- An error body (http-io.ts) ---

const MOCK_ROUTE = '/parcel/first-mile/event';
const BY_TENANT_ROUTE = '/parcels/data/by-tenant-locker-id';

/** Refusals made before a handler's own checks (the body, its schema, the key, the route). */
const REQUEST_LEVEL_CODES = new Set([
  'BODY_REQUIRED',
  'MALFORMED_JSON',
  'UNSUPPORTED_CONTENT_TYPE',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
]);

const DOMAIN_REFUSAL_REASONS: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict' };

/** A refusal a handler made itself, for a reason of its domain (not a request it could not read). */
export const domainRefusal = (status: number, code: unknown): boolean =>
  DOMAIN_REFUSAL_REASONS[status] !== undefined && typeof code === 'string' && !REQUEST_LEVEL_CODES.has(code);

/**
 * The body of an error answer on `route`, edited in place; returns the status to answer.
 * - Fault sap-mock-refusals-v10-error-member: the staging mock's own refusals keep the 1.0 member error.
 * - Fault sap-by-tenant-refusal-as-publish-answer: the by-tenant controller answers its domain refusals with the 1.0
 *   publish response, status REJECTED.
 */
export function v10ErrorMembers(
  app: Switches,
  route: string | undefined,
  status: number,
  body: Record<string, unknown>,
): number {
  const domain = domainRefusal(status, body['errorCode']);
  if (app.fault('sap-mock-refusals-v10-error-member') && route === MOCK_ROUTE && domain)
    body['error'] = DOMAIN_REFUSAL_REASONS[status];
  if (app.fault('sap-by-tenant-refusal-as-publish-answer') && route === BY_TENANT_ROUTE && domain) {
    const { message } = body;
    delete body['errorCode'];
    delete body['message'];
    Object.assign(body, { status: 'REJECTED', message, timestamp: new Date().toISOString() });
  }
  return byTenantAndMockErrorCodes(app, route, status, body);
}

/** Variation ok-ap-by-tenant-error-codes: the by-tenant module's error codes. */
const BY_TENANT_CODES: Record<string, string> = {
  UNKNOWN_LOCKER: 'TENANT_LOCKER_NOT_FOUND',
  ALREADY_BOOKED: 'DUPLICATE_BOOKING',
  VALIDATION_FAILED: 'INVALID_REQUEST',
};

/**
 * An error body on `route`, edited in place; returns the status to answer.
 * - Variation ok-ap-by-tenant-error-codes: the by-tenant path's refusals under its own codes.
 * - Variation ok-ap-mock-unknown-locker-404: the mock answers an unknown provider_locker_id 404.
 */
export function byTenantAndMockErrorCodes(
  app: Switches,
  route: string | undefined,
  status: number,
  body: Record<string, unknown>,
): number {
  const code = body['errorCode'];
  if (
    app.fault('ok-ap-by-tenant-error-codes') &&
    route === '/parcels/data/by-tenant-locker-id' &&
    typeof code === 'string' &&
    BY_TENANT_CODES[code] !== undefined
  )
    body['errorCode'] = BY_TENANT_CODES[code];
  if (
    app.fault('ok-ap-mock-unknown-locker-404') &&
    route === '/parcel/first-mile/event' &&
    code === 'UNKNOWN_PROVIDER_LOCKER'
  )
    return 404;
  return status;
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
export function localeAndMessageArrays(
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

type FormMarked = Reply & { [WRITTEN_FORM]?: AnswerForm };

/** How an answer leaves where these variations change it (true: written here). */
export function sentInWrittenForm(res: ServerResponse, reply: Reply, payload: string, contentType: string): boolean {
  const form = (reply as FormMarked)[WRITTEN_FORM];
  if (!form) return false;
  // Outside strings JSON text has no solidus, so every one is a string's.
  const text =
    form.escapedSolidus && contentType.startsWith('application/json') ? payload.replace(/\//g, '\\/') : payload;
  const chunked = form.chunked && text.length > 1;
  const headers: Record<string, string | number> = {
    ...reply.headers,
    'content-type': contentType,
    ...(chunked ? {} : { 'content-length': Buffer.byteLength(text) }),
  };
  const named = form.upperCaseNames
    ? Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]))
    : headers;
  res.writeHead(reply.status, named);
  if (!chunked) {
    res.end(text);
    return true;
  }
  const bytes = Buffer.from(text, 'utf8');
  const half = Math.floor(bytes.length / 2);
  res.write(bytes.subarray(0, half));
  res.end(bytes.subarray(half));
  return true;
}

// --- An error body (http-io.ts) ---

/** Variation ok-bb-error-codes-per-release: the error codes of the release before, where it named them otherwise. */
const CODES_OF_RELEASE_BEFORE: Record<string, string> = {
  VALIDATION_FAILED: 'INVALID_REQUEST',
  MALFORMED_JSON: 'INVALID_JSON',
  UNAUTHORIZED: 'INVALID_API_KEY',
  NOT_CANCELLABLE: 'PARCEL_NOT_CANCELLABLE',
  PARCEL_NOT_FOUND: 'NOT_FOUND',
  LOCKER_NOT_FOUND: 'NOT_FOUND',
  UNKNOWN_LOCKER: 'LOCKER_UNKNOWN',
  ALREADY_BOOKED: 'DUPLICATE_BOOKING',
};

/**
 * An error body, edited in place. Variation ok-bb-error-codes-per-release: errors are answered in turn by a pod of
 * this release and one of the release before, which names some refusals otherwise.
 */
export function errorCodesPerRelease(app: Switches, body: Record<string, unknown>): void {
  if (!app.fault('ok-bb-error-codes-per-release') || !secondInstance(app, 'error-release')) return;
  const code = body['errorCode'];
  if (typeof code === 'string') body['errorCode'] = CODES_OF_RELEASE_BEFORE[code] ?? code;
}
