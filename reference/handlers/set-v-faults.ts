// The points where the faults and variations of set V change the locker paths: each does what the
// service does with its fault off (nothing, or the answer as given) and the fault's behaviour with it on. Called from
// routes.ts (wrappers, as a gateway or decorator in front of a handler), server.ts, locker-stored.ts,
// locker-update.ts, networks.ts and set-j-faults.ts (the LockerUpdates publisher's hook).
import { ApiError, badRequest } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { type Editable, isObject } from './fault-point-state';
import { LIST_CACHE_MS } from './set-at-faults';

/** The reply, or what `then` makes of it, whether the handler answered at once or awaited. */
export function after(reply: Reply | Promise<Reply>, then: (reply: Reply) => Reply): Reply | Promise<Reply> {
  return reply instanceof Promise ? reply.then(then) : then(reply);
}

/** Every record array of a list answer: the bare array, or the arrays an envelope holds (one level in). */
export function recordArrays(body: unknown): unknown[][] {
  if (Array.isArray(body)) return [body];
  if (!isObject(body)) return [];
  return Object.values(body).flatMap((v) => (Array.isArray(v) ? [v] : isObject(v) ? recordArrays(v) : []));
}

/** Fault sv-create-push-features-npe: a create without features is being carried out (its event mapper will throw). */
export let createWithoutFeatures = false;

/**
 * Fault sv-create-gateway-retry-conflict: a create sending lockerGroups outlasts the gateway's timeout, the gateway
 * retries the POST, and the retry's refusal (LOCKER_ID_TAKEN) is answered, the first attempt's locker stored.
 */
export function createdBySetV<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    const body = isObject(ctx.body) ? ctx.body : {};
    createWithoutFeatures = app.fault('sv-create-push-features-npe') && body['features'] === undefined;
    try {
      return after(handle(app, ctx), (reply) => {
        const groups = body['lockerGroups'];
        const retried = app.fault('sv-create-gateway-retry-conflict') && Array.isArray(groups) && groups.length > 0;
        if (!retried || reply.status !== 201) return reply;
        const lockerId = String((body['carrier'] as Editable | undefined)?.['lockerId'] ?? '');
        throw badRequest('LOCKER_ID_TAKEN', `carrier.lockerId "${lockerId}" is already used by another locker`);
      });
    } finally {
      createWithoutFeatures = false;
    }
  };
}

/** Fault sv-list-gateway-cache-before-auth: the gateway cache's entries, by query string, per app. */
const listCache = new WeakMap<object, Map<string, { carrier: CarrierAccount; at: number }>>();

/**
 * Fault sv-list-gateway-cache-before-auth: the gateway cache, before the key check and keyed by the URL, serves a GET
 * /lockers some carrier listed within 30 s as that carrier. Undefined: the key check decides.
 */
export function gatewayCachedCaller(
  app: FaultPointApp,
  route: { method: string; path: string },
  url: URL,
): CarrierAccount | undefined {
  if (!app.fault('sv-list-gateway-cache-before-auth') || route.method !== 'GET' || route.path !== '/lockers') return;
  const hit = listCache.get(app)?.get(url.searchParams.toString());
  return hit && Date.now() - hit.at < LIST_CACHE_MS ? hit.carrier : undefined;
}

/** Variation ok-v-list-own-first: the carrier's own lockers first, then the third-party ones, each as listed. */
const ownFirst = (a: unknown, b: unknown) =>
  Number(isObject(a) && a['ownedByCarrier'] === null) - Number(isObject(b) && b['ownedByCarrier'] === null);

/**
 * GET /lockers under set V. Fault sv-list-country-code-char3-padded: a CHAR(3) column read back blank-padded ("DE ").
 * Fault sv-list-features-embeddable-all-null: an embeddable whose columns are all null loaded as null. Fault
 * sv-list-gateway-cache-before-auth: the answer kept under its URL. Variation ok-v-list-own-first.
 */
export function listedBySetV<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
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
 * Fault sv-update-applied-member-by-member: each member handled (validated, saved) on its own in the body's order, no
 * transaction: a refused update (400) keeps the members written before the refused one.
 */
export function memberwise<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    if (!app.fault('sv-update-applied-member-by-member')) return handle(app, ctx);
    try {
      return handle(app, ctx);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400 || !isObject(ctx.body)) throw error;
      for (const [member, value] of Object.entries(ctx.body)) {
        const part = { [member]: value };
        try {
          const done = handle(app, { ...ctx, body: part, raw: JSON.stringify(part) });
          if (done instanceof Promise) done.catch(() => undefined);
        } catch {
          break;
        }
      }
      throw error;
    }
  };
}

/** Fault sv-status-concurrent-compensation: the uids with a provider command in flight, per app. */
const commandsInFlight = new WeakMap<object, Set<string>>();
const PROVIDER_ACK_MS = 25;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The locker a status request names, if it is the caller's. */
function statusLocker(app: FaultPointApp, ctx: RequestContext): StoredLocker | undefined {
  const body = isObject(ctx.body) ? ctx.body : {};
  return app.state.ownedLocker(ctx.carrier.name, String(body['uid'] ?? body['lockerUid'] ?? ''));
}

/**
 * Fault sv-status-concurrent-compensation: the status is written on the provider's ack (25 ms); a second command
 * while one is pending is refused, and its request writes back the status it read on arrival (409).
 */
async function compensated<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>): Promise<Reply> {
  const locker = statusLocker(app, ctx);
  const inFlight = commandsInFlight.get(app) ?? new Set<string>();
  commandsInFlight.set(app, inFlight);
  if (!locker || !inFlight.has(locker.record.uid)) {
    if (locker) inFlight.add(locker.record.uid);
    try {
      await pause(PROVIDER_ACK_MS);
      return await handle(app, ctx);
    } finally {
      if (locker) inFlight.delete(locker.record.uid);
    }
  }
  const readOnArrival = locker.record.carrier.status;
  await pause(PROVIDER_ACK_MS + 1);
  locker.record.carrier.status = readOnArrival;
  app.lag.written(locker, locker.record);
  throw new ApiError(409, 'COMMAND_PENDING', `the provider has a command pending for locker "${locker.record.uid}"`);
}

/**
 * PATCH /lockers/status under set V. Fault sv-status-concurrent-compensation (above). Variation
 * ok-v-provider-status-follows: provider.status follows carrier.status just after the answer and the push.
 */
export function statusBySetV<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    const follow = (reply: Reply): Reply => {
      const locker = app.fault('ok-v-provider-status-follows') && reply.status < 300 && statusLocker(app, ctx);
      if (locker) locker.record.provider.status = locker.record.carrier.status;
      return reply;
    };
    const run = app.fault('sv-status-concurrent-compensation') ? compensated(app, ctx, handle) : handle(app, ctx);
    return after(run, follow);
  };
}

const catalogueCache = new WeakMap<object, { at: number; body: unknown }>();
const CATALOGUE_CACHE_MS = 300_000;

/** The answer as the cache writer stores it: each entry as its JSON text (a Redis list of strings). */
function entriesAsText(body: unknown): unknown {
  const copy: unknown = structuredClone(body);
  for (const entries of recordArrays(copy)) entries.splice(0, entries.length, ...entries.map((e) => JSON.stringify(e)));
  return copy;
}

/**
 * Fault sv-providers-cache-entries-unparsed: cached aside for 5 minutes, each entry stored as JSON text and read
 * back unparsed: later GETs answer JSON strings.
 */
export function cataloguedBySetV<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    if (!app.fault('sv-providers-cache-entries-unparsed')) return handle(app, ctx);
    const hit = catalogueCache.get(app);
    if (hit && Date.now() - hit.at < CATALOGUE_CACHE_MS) return { status: 200, body: structuredClone(hit.body) };
    return after(handle(app, ctx), (reply) => {
      if (reply.status === 200) catalogueCache.set(app, { at: Date.now(), body: entriesAsText(reply.body) });
      return reply;
    });
  };
}
