// The points where the faults of set AA change the locker, group, list and network paths: each does
// what the service does with its fault off and the fault's behaviour with it on. bySetAA (routes.ts) puts wrappers in
// front of a route's handler, as a binder, a cache or a read model would be; the other points are called from
// lockers.ts, locker-update.ts and networks.ts. The variations are in set-aa-variations.ts.
import { ApiError, badRequest, notFound } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { JsonObject } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { PROVIDER_MODELS } from '../seed';
import { type Editable, isObject } from './fault-point-state';
import { onRefusal, withBody } from './partial-writes';
import { variedBySetAA } from './set-aa-variations';
import { after } from './set-v-faults';
import { listedForNames } from './set-y-variations';

/** A date-time as RFC 3339 writes it (the request schema's format). */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$/;
/** What Python's datetime.fromisoformat (before 3.11) reads: isoformat()'s own output, fractions of 3 or 6 digits. */
const ISOFORMAT = /^\d{4}-\d{2}-\d{2}.\d{2}:\d{2}:[0-5]\d(?:\.\d{3}|\.\d{6})?(?:[+-]\d{2}:\d{2})?$/;

const sentActivationDate = (body: unknown): unknown =>
  isObject(body) && isObject(body['carrier']) ? body['carrier']['activationDate'] : undefined;

/**
 * Fault saa-activation-isoformat-subset: the create hands activationDate to the provider registry client, which reads
 * it with fromisoformat after replacing "Z": other fraction lengths, a lower-case z or a leap second are refused.
 */
function checkIsoformat(app: FaultPointApp, ctx: RequestContext): void {
  const sent = sentActivationDate(ctx.body);
  if (!app.fault('saa-activation-isoformat-subset') || typeof sent !== 'string' || !RFC3339.test(sent)) return;
  if (!ISOFORMAT.test(sent.replaceAll('Z', '+00:00')))
    throw badRequest('VALIDATION_FAILED', `/carrier/activationDate: Invalid isoformat string: '${sent}'`);
}

/**
 * Fault saa-activation-year-below-100: the create normalises activationDate to UTC by its components with Date.UTC,
 * which maps the years 0 to 99 to 1900 to 1999; every other date is the same instant, written in UTC.
 */
function activationByComponents(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const sent = sentActivationDate(ctx.body);
  const parts = typeof sent === 'string' ? RFC3339.exec(sent) : null;
  if (!app.fault('saa-activation-year-below-100') || !parts) return ctx;
  const [y, mo, d, h, mi, s] = parts.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = Number((parts[7] ?? '').padEnd(3, '0').slice(0, 3));
  const zone = parts[8]!;
  const offsetMin = /^[Zz]$/.test(zone) ? 0 : (zone[0] === '-' ? -1 : 1) * (+zone.slice(1, 3) * 60 + +zone.slice(4));
  const utc = new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMin * 60_000).toISOString();
  const body = ctx.body as Editable;
  return withBody(ctx, { ...body, carrier: { ...body['carrier'], activationDate: utc } });
}

/** Fault saa-update-empty-section-skipped: the sections of the update body that are empty objects, dropped. */
function emptySectionsDropped(app: FaultPointApp, ctx: RequestContext): RequestContext {
  if (!app.fault('saa-update-empty-section-skipped') || !isObject(ctx.body)) return ctx;
  const body: Editable = { ...ctx.body };
  const empty = ['carrier', 'location', 'features'].filter((m) => isObject(body[m]) && !Object.keys(body[m]).length);
  for (const member of empty) delete body[member];
  return empty.length ? withBody(ctx, body) : ctx;
}

/** Fault saa-update-location-answered-202: an update that sent location answered as a queued job. */
function locationAcknowledged(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  const sentLocation = isObject(ctx.body) && ctx.body['location'] !== undefined;
  if (!app.fault('saa-update-location-answered-202') || reply.status !== 200 || !sentLocation) return reply;
  const uid = ctx.params['uid'];
  const requestId = `geo-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return { status: 202, body: { requestId, uid, status: 'ACCEPTED', message: 'location queued for geocoding' } };
}

/** Fault saa-update-not-found-cached: per app, the uids answered 404 and until when. */
const notFoundUntil = new WeakMap<object, Map<string, number>>();
const NOT_FOUND_TTL_MS = 60_000;

/**
 * Fault saa-update-not-found-cached: PATCH /lockers/{uid} behind a not-found cache keyed by the uid alone: a uid
 * answered 404 (unknown, or another carrier's) is answered 404 again for a minute, whoever asks.
 */
function notFoundCached<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('saa-update-not-found-cached')) return handle(app, ctx);
  const uid = ctx.params['uid'] ?? '';
  const cache = notFoundUntil.get(app) ?? new Map<string, number>();
  notFoundUntil.set(app, cache);
  if ((cache.get(uid) ?? 0) > Date.now())
    throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
  const remember = (error: unknown): never => {
    if (error instanceof ApiError && error.status === 404) cache.set(uid, Date.now() + NOT_FOUND_TTL_MS);
    throw error;
  };
  return onRefusal(app, ctx, handle, remember);
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
function providerNameAnalyzed<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('saa-provider-filter-analyzed-text')) return handle(app, ctx);
  return listedForNames(app, ctx, handle, (name, sent) => [...words(name)].some((w) => words(sent).has(w)));
}

/**
 * Fault saa-provider-filter-unknown-dropped: providerName is resolved to a provider id first, and a name no provider
 * has (none of the catalogue, none of any locker) gives undefined, a condition the ORM leaves out: no filter.
 */
function unknownProviderDropped(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const sent = ctx.query.get('providerName');
  if (!app.fault('saa-provider-filter-unknown-dropped') || sent === null) return ctx;
  const known = new Set(PROVIDER_MODELS.map((p) => p.providerName));
  for (const locker of app.state.lockers.values()) known.add(locker.record.provider.name);
  if (known.has(sent)) return ctx;
  const query = new URLSearchParams(ctx.query);
  query.delete('providerName');
  return { ...ctx, query };
}

/** Fault saa-list-newest-from-command-log: per app and carrier, its newest create as the command log holds it. */
const newestCreate = new WeakMap<object, Map<string, { uid: string; sent: Editable; snapshot: string }>>();

/** Fault saa-list-newest-from-command-log: a create that succeeded is the carrier's newest command. */
function loggedCreate(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('saa-list-newest-from-command-log') || reply.status >= 300 || !isObject(ctx.body)) return reply;
  const uid = isObject(reply.body) ? String(reply.body['uid']) : '';
  const stored = app.state.lockers.get(uid);
  if (!stored) return reply;
  const log = newestCreate.get(app) ?? new Map();
  newestCreate.set(app, log);
  log.set(ctx.carrier.name, { uid, sent: structuredClone(ctx.body), snapshot: JSON.stringify(stored.record) });
  return reply;
}

const pick = (from: unknown, members: string[]): JsonObject =>
  Object.fromEntries(members.flatMap((m) => (isObject(from) && from[m] !== undefined ? [[m, from[m]]] : [])));

/**
 * Fault saa-list-newest-from-command-log: the read model catches up at the carrier's next locker write, and until then
 * its newest locker is listed from the create command itself: the request as sent, with its uid.
 */
function listedFromCommandLog(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
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

/** Fault saa-list-newest-from-command-log: another locker write of the carrier has the projector catch up. */
function caughtUp<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) =>
    after(handle(app, ctx), (reply) => {
      if (reply.status < 300) newestCreate.get(app)?.delete(ctx.carrier.name);
      return reply;
    });
}

/** The faults' wrappers by method and path: the handler where none applies. */
function faultedBySetAA<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => {
        checkIsoformat(app, ctx);
        const bound = activationByComponents(app, ctx);
        return after(handle(app, bound), (reply) => loggedCreate(app, bound, reply));
      };
    case 'GET /lockers':
      return (app, ctx) =>
        after(providerNameAnalyzed(app, unknownProviderDropped(app, ctx), handle), (reply) =>
          listedFromCommandLog(app, ctx, reply),
        );
    case 'PATCH /lockers/{uid}':
      return caughtUp((app, ctx) =>
        notFoundCached(app, emptySectionsDropped(app, ctx), (a, c) =>
          after(handle(a, c), (reply) => locationAcknowledged(a, c, reply)),
        ),
      );
    case 'PATCH /lockers/status':
    case 'POST /networks/{uid}/lockers':
      return caughtUp(handle);
    default:
      return handle;
  }
}

/** Set AA's wrappers (the variations' around the faults'), by method and path: the handler where none applies. */
export function bySetAA<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  return variedBySetAA(method, path, faultedBySetAA(method, path, handle));
}
