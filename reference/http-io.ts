// How the reference reads a request and writes an answer: the body limit, JSON in and out (int64s as digits),
// percent-decoded path parameters, the key header, and error bodies as faults change them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReferenceApp, Reply } from './app';
import { ApiError, badRequest } from './errors';
import { reversedMembers } from './member-order';
import {
  authChallenge,
  cancelProblem,
  dottedCode,
  errorCodesPerRelease,
  errorExtras,
  guardAndFallbackErrors,
  localeAndMessageArrays,
  namespacedCode,
  securityErrorAttributes,
  sentAsHtmlOrGzip,
  sentInWrittenForm,
  upstreamProblem,
  v10ErrorMembers,
} from './faults/behaviour/requests-answers';
import { v11ErrorBody } from './faults/behaviour/migration-leftovers';

export const MAX_BODY_BYTES = 1024 * 1024;

/** JSON text of an answer, int64s held as BigInt written from their digits (§2.5 lockerUid beyond 2^53). */
export function int64Json(body: unknown): string {
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

export function send(res: ServerResponse, reply: Reply, contentType = 'application/json; charset=utf-8'): void {
  const payload =
    reply.raw ??
    (reply.body === undefined
      ? ''
      : typeof reply.body === 'string' && !contentType.startsWith('application/json')
        ? reply.body
        : int64Json(reply.body));
  // A framework's HTML page, a gzip-encoded answer.
  if (sentAsHtmlOrGzip(res, reply, payload, contentType)) return;
  if (sentInWrittenForm(res, reply, payload, contentType)) return; // Variations: how an answer is framed
  const length = Buffer.byteLength(payload);
  res.writeHead(reply.status, { ...reply.headers, 'content-type': contentType, 'content-length': length });
  res.end(payload);
}

/** An error as the reference answers it; faults change the answer the way broken services do. */
export function sendError(app: ReferenceApp, res: ServerResponse, sent: ApiError, route: string | undefined): void {
  // A missing key's refusal written raw, a fallback's whitelabel body (both answered there), a 415.
  const error = guardAndFallbackErrors(app, res, sent, route);
  if (!error) return;
  const publish = route === '/parcels/data' || route === '/parcels/data/by-tenant-locker-id';
  const body: Record<string, unknown> = { errorCode: error.errorCode, message: error.message };
  // Variation ok-o-error-codes-dotted: a parcel operation's errorCode as a dotted message key.
  body['errorCode'] = dottedCode(app, route, error.status, error.errorCode);
  // Variation ok-p-error-codes-namespaced: errorCode written as "<area>.<reason>" (§7: its values not shown).
  body['errorCode'] = namespacedCode(app, body['errorCode'] as string, route);
  errorCodesPerRelease(app, body); // Variation ok-bb-error-codes-per-release: a pod of the release before
  // Faults sbk-network-refusals-v10-error-member, sbk-update-removed-member-deprecation-body: half-migrated bodies.
  v11ErrorBody(app, route, error.status, body);
  if (app.fault('error-legacy-field')) body['error'] = error.message;
  if (app.fault('error-without-code') && publish) delete body['errorCode'];
  // Fault sb-not-cancellable-no-message: the refusal's exception is thrown without a message and null members are
  // left out of the body: {errorCode} alone.
  if (app.fault('sb-not-cancellable-no-message') && error.errorCode === 'NOT_CANCELLABLE') delete body['message'];
  // Fault sm-unknown-locker-problem-body: the locker service's refusal passed on as it wrote it.
  const forwarded = upstreamProblem(app, error, route);
  if (forwarded) return send(res, forwarded);
  // Faults sap-mock-refusals-v10-error-member, sap-by-tenant-refusal-as-publish-answer; variations
  // ok-ap-by-tenant-error-codes, ok-ap-mock-unknown-locker-404.
  let status = v10ErrorMembers(app, route, error.status, body);
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
  // Fault sa-update-multi-error-envelope: several refused members of an update answered as the pipe's aggregate.
  if (app.fault('sa-update-multi-error-envelope') && route === '/lockers/{uid}' && (error.details?.length ?? 0) > 1)
    return send(res, {
      status,
      body: { errors: error.details!.map((m) => ({ errorCode: error.errorCode, message: m })) },
    });
  // Fault ok-a-status-409-own-body (conformant: §7 shows no 409 body): a problem-details-like body.
  if (app.fault('ok-a-status-409-own-body') && status === 409)
    return send(res, { status, body: { status: 409, title: 'Conflict', detail: error.message } });
  if (app.fault('auth-401-empty-body') && status === 401) return send(res, { status, body: undefined });
  if (app.fault('not-found-plain-text') && status === 404 && route === '/parcels/{parcelId}') {
    return send(res, { status, body: 'Not Found' }, 'text/plain');
  }
  // Variation ok-e-error-extra-members: members beside errorCode and message (§7 forbids only `error`).
  Object.assign(body, errorExtras(app, status));
  Object.assign(body, securityErrorAttributes(app, error)); // Fault sw-auth-refusal-boot-error-attributes
  // Fault ss-cancel-errors-problem-json: the cancel's errors written as problem details, application/problem+json.
  const problem = cancelProblem(app, route, status, body);
  if (problem) return send(res, problem, 'application/problem+json');
  // A locale's missing messages, the update pipe's arrays
  localeAndMessageArrays(app, res.req, error, route, body);
  // Variation ok-ad-auth-challenge-header: a 401 names its scheme in WWW-Authenticate.
  send(res, {
    status,
    body: app.choices.memberOrder === 'reversed' ? reversedMembers(body) : body,
    ...authChallenge(app, status),
  });
}

/** Reads the body up to the limit; past it, keeps draining so the client can read the 413. */
export function readBody(req: IncomingMessage): Promise<Buffer | 'too large'> {
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

export function isJsonContentType(value: string | undefined): boolean {
  const mediaType = value?.split(';')[0]?.trim().toLowerCase();
  return (
    mediaType === 'application/json' || (mediaType?.startsWith('application/') && mediaType.endsWith('+json')) === true
  );
}

export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('MALFORMED_JSON', 'the body is not valid JSON');
  }
}

export function decodeParams(params: Record<string, string>): Record<string, string> {
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
export function exactCaseKey(req: IncomingMessage): string | undefined {
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i] === 'X-API-Key' || req.rawHeaders[i] === 'x-api-key') return req.rawHeaders[i + 1];
  }
  return undefined;
}
