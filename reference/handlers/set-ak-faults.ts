// The points where the faults of set AK change the service, in what no one handler owns: the key header, how a
// refusal and a fallback error are written, a path id's and a body's bytes, a long query, pages, a batch bound, a
// memo of resolved ids, the webhook sender. Each does what the service does with its fault off. bySetAK (routes.ts)
// puts wrappers in front of a route's handler, as a gateway, a binder, a cache or a serializer would be;
// keySchemeStripped is called from server.ts (the key read from its header), errorBySetAK from http-io.ts (an error
// as it is written), setAKOutbox from app.ts (the webhook sender's options). The variations are set-ak-variations.ts.
import { parse } from 'lossless-json';
import type { ServerResponse } from 'node:http';
import { validatorFor } from '../../spec/ajv';
import { type ApiError, badRequest } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { StoredParcel } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { withBody } from './partial-writes';
import { heldBy } from './set-ae-faults';
import { jsonText, mediaTypeRefusal, variedBySetAK } from './set-ak-variations';
import { after } from './set-v-faults';

/**
 * Fault sak-key-scheme-prefix-stripped: the X-API-Key value read as an Authorization value, "<scheme> <credentials>",
 * its last whitespace-separated token taken as the key. The header as sent otherwise.
 */
export function keySchemeStripped<K extends string | string[] | undefined>(app: Switches, key: K): K | string {
  if (!app.fault('sak-key-scheme-prefix-stripped') || typeof key !== 'string') return key;
  return key.trim().split(/\s+/).at(-1) ?? key;
}

/** The message server.ts refuses a request without the key header with. */
const MISSING_KEY = 'the X-API-Key header is missing';

/** The reason phrases of the framework's whitelabel error body (fault sak-fallback-errors-boot-body). */
const WHITELABEL_REASONS: Record<number, string> = { 404: 'Not Found', 405: 'Method Not Allowed' };

/**
 * An error as set AK's faults and variations write it, before the service's error writer (http-io.ts sendError):
 * undefined where it has been written here, otherwise the error the writer is to answer.
 * - Fault sak-missing-key-answer-untyped: the missing-key guard writes the raw response, with no Content-Type.
 * - Fault sak-fallback-errors-boot-body: a request no route takes (404, 405) is answered by the framework's
 *   whitelabel error controller, {timestamp, status, error, path}.
 * - Variation ok-ak-unsupported-media-type-415: a body of no JSON type is 415 where §7 lists no status.
 */
export function errorBySetAK(
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

/** Fault sak-create-body-decoded-per-chunk: the size of the frames the sidecar streams a request body in. */
const FRAME_BYTES = 1024;

/**
 * Fault sak-create-body-decoded-per-chunk: the create's body collected as `body += chunk`, each 1 KiB frame turned
 * into text on its own, so a UTF-8 character across a frame boundary becomes replacement characters.
 */
function decodedPerFrame(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sak-create-body-decoded-per-chunk') || ctx.raw === undefined) return ctx;
  const bytes = Buffer.from(ctx.raw, 'utf8');
  let text = '';
  for (let at = 0; at < bytes.length; at += FRAME_BYTES) text += bytes.subarray(at, at + FRAME_BYTES).toString('utf8');
  if (text === ctx.raw) return ctx;
  try {
    return { ...ctx, body: JSON.parse(text), raw: text };
  } catch {
    return ctx;
  }
}

/** Fault sak-provider-filter-long-query-dropped: the longest query string the gateway's normaliser keeps. */
const MAX_QUERY_LENGTH = 1000;

/** Fault sak-provider-filter-long-query-dropped: a query string over the limit is dropped, not refused. */
function longQueryDropped(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sak-provider-filter-long-query-dropped') || ctx.query.toString().length <= MAX_QUERY_LENGTH)
    return ctx;
  return { ...ctx, query: new URLSearchParams() };
}

/**
 * Fault sak-list-astral-escaped-by-code-point: the list's ASCII-safe writer walks the text by code point and writes
 * \u and the code point's hex digits, five of them beyond the BMP.
 */
function escapedByCodePoint(app: Switches, reply: Reply): Reply {
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
function keysetPaged(app: Switches, ctx: RequestContext, reply: Reply): Reply {
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
function decodedAsLatin1(app: Switches, ctx: RequestContext): RequestContext {
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
function resolvedFromMemo<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
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
function emailValidated(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sak-consignee-email-validated-to-null') || !isObject(ctx.body)) return ctx;
  const consignee: unknown = ctx.body['consignee'];
  if (!isObject(consignee) || typeof consignee['email'] !== 'string' || ACCEPTED_EMAIL.test(consignee['email']))
    return ctx;
  return withBody(ctx, { ...ctx.body, consignee: { ...consignee, email: null } });
}

/** Fault sak-network-add-first-batch-only: the most ids the membership service's bulk call takes. */
const MEMBERSHIP_BATCH = 50;

/** Fault sak-network-add-first-batch-only: of a valid add, the first chunk of lockerUids alone is sent on. */
function firstBatchOnly(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sak-network-add-first-batch-only') || ctx.raw === undefined) return ctx;
  if (!validatorFor('AddNetworkLockersRequest')(ctx.body) || !isObject(ctx.body)) return ctx;
  const sent = (parse(ctx.raw, null, (digits) => digits) as Editable)['lockerUids'] as string[];
  if (sent.length <= MEMBERSHIP_BATCH) return ctx;
  const lockerUids = (ctx.body['lockerUids'] as unknown[]).slice(0, MEMBERSHIP_BATCH);
  const raw = `{"lockerUids":[${sent.slice(0, MEMBERSHIP_BATCH).join(',')}]}`;
  return { ...ctx, body: { ...ctx.body, lockerUids }, raw };
}

/** Set AK's faults by method and path: the handler where none applies. */
function faultedBySetAK<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => handle(app, decodedPerFrame(app, ctx));
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, longQueryDropped(app, ctx)), (reply) => escapedByCodePoint(app, reply));
    case 'GET /parcels':
      return (app, ctx) => after(handle(app, ctx), (reply) => keysetPaged(app, ctx, reply));
    case 'PATCH /parcels/{parcelId}':
      return (app, ctx) => resolvedFromMemo(app, decodedAsLatin1(app, ctx), handle);
    case 'POST /parcels/data':
    case 'POST /parcels/data/by-tenant-locker-id':
      return (app, ctx) => handle(app, emailValidated(app, ctx));
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => handle(app, firstBatchOnly(app, ctx));
    default:
      return handle;
  }
}

/** Set AK's wrappers (the faults' inside the variations'), by method and path: the handler where none applies. */
export function bySetAK<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  return variedBySetAK(method, path, faultedBySetAK(method, path, handle));
}
