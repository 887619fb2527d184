// The conformant variations of set AK, each a choice the spec leaves open: how answers are written (ASCII escapes, a
// float notation of an integer), how lists are paged (JSON:API pages, Link headers), what a refusal is answered
// (415, 403, 429), how carrier.lockerId is kept unique, how webhooks are sent (a pool, no order). Reached through
// set-ak-faults.ts: variedBySetAK wraps a route's handler, mediaTypeRefusal an error, sideBySideDelivery the sender.
import { BASE_PATHS, SECTION_7_PATHS } from '../base-paths';
import { ApiError, badRequest } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { isObject, type Switches } from './fault-point-state';
import { heldBy } from './set-ae-faults';
import { after } from './set-v-faults';

/** The JSON text of an answer body, where it holds nothing JSON.stringify refuses (a BigInt). */
export function jsonText(body: unknown): string | undefined {
  try {
    return JSON.stringify(body);
  } catch {
    return undefined;
  }
}

/** Variation ok-ak-json-ascii-escaped: each UTF-16 code unit beyond ASCII as a \uXXXX escape (ensure_ascii). */
function asciiEscaped(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-ak-json-ascii-escaped') || reply.raw !== undefined || reply.body === undefined) return reply;
  if (reply.status >= 300 || reply.contentType !== undefined) return reply;
  const text = jsonText(reply.body);
  if (text === undefined) return reply;
  const raw = text.replace(/[\u007f-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return { ...reply, raw };
}

/**
 * Variation ok-ak-network-uid-float-notation: each network record's lockerUid written with a decimal point, as a
 * Python float is (100001.0), the same JSON number.
 */
function floatUids(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-ak-network-uid-float-notation') || reply.status >= 300 || !Array.isArray(reply.body)) return reply;
  const text = jsonText(reply.body);
  if (text === undefined) return reply;
  return { ...reply, raw: text.replace(/"lockerUid":(-?\d+)(?=[,}])/g, '"lockerUid":$1.0') };
}

/** Variation ok-ak-create-rate-limited: the creates each carrier sent, by time, over the last second. */
const createTimes = new WeakMap<object, Map<string, number[]>>();
const CREATES_PER_SECOND = 6;

/** Variation ok-ak-create-rate-limited: a seventh create within a second is answered 429 and creates nothing. */
function rateLimited(app: FaultPointApp, ctx: RequestContext): Reply | undefined {
  if (!app.fault('ok-ak-create-rate-limited')) return undefined;
  const times = heldBy(createTimes, app, () => new Map<string, number[]>());
  const now = Date.now();
  const recent = (times.get(ctx.carrier.name) ?? []).filter((t) => now - t < 1000);
  if (recent.length >= CREATES_PER_SECOND) {
    times.set(ctx.carrier.name, recent);
    return {
      status: 429,
      body: { errorCode: 'RATE_LIMITED', message: `at most ${CREATES_PER_SECOND} creates a second; retry in 1 s` },
      headers: { 'retry-after': '1' },
    };
  }
  times.set(ctx.carrier.name, [...recent, now]);
  return undefined;
}

/**
 * Variation ok-ak-locker-id-unique-ignoring-case: a lockerId another of the carrier's lockers holds in another letter
 * case is refused, as the case-insensitive unique index refuses it (`except`: the locker an update names).
 */
function lockerIdFreeIgnoringCase(app: FaultPointApp, ctx: RequestContext, except?: string): void {
  if (!app.fault('ok-ak-locker-id-unique-ignoring-case')) return;
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  const sent: unknown = isObject(carrier) ? carrier['lockerId'] : undefined;
  if (typeof sent !== 'string') return;
  const held = app.state.lockerRecordsOwnedBy(ctx.carrier.name);
  if (except !== undefined && !held.some((r) => r.uid === except)) return; // not the carrier's: the update's 404
  const taken = held.find(
    (r) => r.uid !== except && r.carrier.lockerId !== sent && r.carrier.lockerId.toLowerCase() === sent.toLowerCase(),
  );
  if (taken)
    throw badRequest(
      'LOCKER_ID_TAKEN',
      `carrier.lockerId "${sent}" is already used by another locker ("${taken.carrier.lockerId}", letter case aside)`,
    );
}

/** Variation ok-ak-status-foreign-locker-403: a locker that exists but is not the caller's to change. */
function foreignStatusForbidden(app: FaultPointApp, ctx: RequestContext): void {
  if (!app.fault('ok-ak-status-foreign-locker-403') || !isObject(ctx.body)) return;
  const uid: unknown = ctx.body['uid'] ?? ctx.body['lockerUid'];
  const locker = typeof uid === 'string' ? app.state.lockers.get(uid) : undefined;
  if (locker && locker.record.ownedByCarrier !== ctx.carrier.name)
    throw new ApiError(403, 'FORBIDDEN', `locker "${String(uid)}" is not one of this carrier's lockers`);
}

/** A whole number from 1 to `most` from the query, or the fallback when the parameter is absent. */
function pageNumber(query: URLSearchParams, name: string, fallback: number, most = Number.MAX_SAFE_INTEGER): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > most)
    throw badRequest('VALIDATION_FAILED', `query parameter ${name} must be a whole number from 1 to ${most}`);
  return Number(raw);
}

/** Variation ok-ak-providers-link-pages: a bare array of `per_page` pairs, the other pages in a Link header. */
function linkPages(app: Switches, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('ok-ak-providers-link-pages') || reply.status !== 200 || !Array.isArray(reply.body)) return reply;
  const perPage = pageNumber(ctx.query, 'per_page', 5, 100);
  const page = pageNumber(ctx.query, 'page', 1);
  const last = Math.max(Math.ceil(reply.body.length / perPage), 1);
  const link = (n: number, rel: string) =>
    `<${BASE_PATHS.service}/lockers/providers?page=${n}&per_page=${perPage}>; rel="${rel}"`;
  const links = [
    ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ...(page > 1 ? [link(1, 'first'), link(Math.min(page - 1, last), 'prev')] : []),
  ];
  const body = reply.body.slice((page - 1) * perPage, page * perPage);
  return { ...reply, body, ...(links.length ? { headers: { ...reply.headers, link: links.join(', ') } } : {}) };
}

/** Variation ok-ak-lockers-jsonapi-pages: {data, links, meta}, page[number] from 1, page[size] 1 to 100. */
function jsonApiPages(app: Switches, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('ok-ak-lockers-jsonapi-pages') || reply.status !== 200 || !Array.isArray(reply.body)) return reply;
  const size = pageNumber(ctx.query, 'page[size]', 20, 100);
  const number = pageNumber(ctx.query, 'page[number]', 1);
  const records: unknown[] = reply.body;
  const target = (n: number) => {
    const query = new URLSearchParams(ctx.query);
    query.set('page[number]', String(n));
    query.set('page[size]', String(size));
    return `${BASE_PATHS.service}/lockers?${query.toString()}`;
  };
  const hasNext = number * size < records.length;
  return {
    ...reply,
    body: {
      data: records.slice((number - 1) * size, number * size),
      links: { self: target(number), ...(hasNext ? { next: target(number + 1) } : {}) },
      meta: { totalItems: records.length, pageNumber: number, pageSize: size },
    },
  };
}

/** The variations' wrappers by method and path, each the handler itself with its variation off. */
function variedByRoute<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => {
        const limited = rateLimited(app, ctx);
        if (limited) return limited;
        lockerIdFreeIgnoringCase(app, ctx);
        return handle(app, ctx);
      };
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => {
        lockerIdFreeIgnoringCase(app, ctx, ctx.params['uid'] ?? '');
        return handle(app, ctx);
      };
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => jsonApiPages(app, ctx, reply));
    case 'GET /lockers/providers':
      return (app, ctx) => after(handle(app, ctx), (reply) => linkPages(app, ctx, reply));
    case 'PATCH /lockers/status':
      return (app, ctx) => {
        foreignStatusForbidden(app, ctx);
        return handle(app, ctx);
      };
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => floatUids(app, reply));
    default:
      return handle;
  }
}

/** Set AK's variations in front of a route's handler; every answer's text last (ok-ak-json-ascii-escaped). */
export function variedBySetAK<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  const varied = variedByRoute(method, path, handle);
  return (app, ctx) => after(varied(app, ctx), (reply) => asciiEscaped(app, reply));
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
