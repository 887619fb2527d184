// The points where the faults of set Y change the locker, catalogue and network paths and how an
// answer leaves: each does what the service does with its fault off (the request and the answer as they are) and the
// fault's behaviour with it on. Called from routes.ts (bySetY: wrappers in front of a route's handler, as a guard, a
// binder, a cache or a mapper would be). The variations, and how a marked answer leaves (sentBySetY, called from
// http-io.ts), are in set-y-variations.ts.
import { ApiError, badRequest } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { type Editable, isObject } from './fault-point-state';
import { keptOnRefusal, withBody } from './partial-writes';
import { LIST_CACHE_MS } from './set-at-faults';
import { after, recordArrays } from './set-v-faults';
import { ANSWER_FORM, type Marked, variedBySetY } from './set-y-variations';

const FEATURES = ['hasScreen', 'hasPinPad', 'hasPinBarcodeReader'];

/** Fault sy-locker-version-semver-coerced: a version as semver.coerce writes it (1.0 to 1.0.0, v2 to 2.0.0). */
function semverCoerced(version: string): string {
  const parts = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version);
  return parts ? `${Number(parts[1])}.${Number(parts[2] ?? 0)}.${Number(parts[3] ?? 0)}` : version;
}

/**
 * The locker body as the binder and the model registry hand it on. Fault sy-single-value-as-array: a single object
 * where metadata or lockerGroups takes an array is bound as an array of it. Fault sy-features-go-plain-bools: the
 * features are plain Go bools, so a null or absent member is false (and a create without features all false). Fault
 * sy-locker-version-semver-coerced: the registry stores provider.lockerVersion as semver.coerce gives it back.
 */
function bound(app: FaultPointApp, ctx: RequestContext, create: boolean): RequestContext {
  if (!isObject(ctx.body)) return ctx;
  const body: Editable = structuredClone(ctx.body);
  let changed = false;
  for (const member of app.fault('sy-single-value-as-array') ? ['metadata', 'lockerGroups'] : []) {
    if (isObject(body[member])) [body[member], changed] = [[body[member]], true];
  }
  const features = body['features'];
  if (app.fault('sy-features-go-plain-bools') && (isObject(features) || (create && features === undefined))) {
    const sent: Editable = isObject(features) ? features : {};
    const zero = FEATURES.filter((f) => sent[f] === undefined || sent[f] === null).map((f) => [f, false]);
    [body['features'], changed] = [{ ...sent, ...Object.fromEntries(zero) }, true];
  }
  const provider = body['provider'];
  const version = isObject(provider) ? provider['lockerVersion'] : undefined;
  if (create && app.fault('sy-locker-version-semver-coerced') && typeof version === 'string')
    [provider['lockerVersion'], changed] = [semverCoerced(version), true];
  return changed ? withBody(ctx, body) : ctx;
}

/** Fault sy-single-value-as-array: a single integer where lockerUids takes an array is bound as an array of it. */
function boundNetworkAdd(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const uids = isObject(ctx.body) ? ctx.body['lockerUids'] : undefined;
  if (!app.fault('sy-single-value-as-array') || typeof uids !== 'number') return ctx;
  return withBody(ctx, { ...(ctx.body as Editable), lockerUids: [uids] });
}

/**
 * Fault sy-create-guard-before-validation: the "lockerId still free" guard reads req.body.carrier.lockerId, and guards
 * run before the validation pipe: a body without carrier (or carrier null, or a body that is no object) throws a
 * TypeError, which the exception filter answers 500.
 */
function guardLockerIdFree(app: FaultPointApp, ctx: RequestContext): void {
  if (!app.fault('sy-create-guard-before-validation')) return;
  const read = (value: unknown, member: string): unknown => {
    if (value === null || value === undefined)
      throw new ApiError(500, 'INTERNAL_ERROR', `Cannot read properties of ${value} (reading '${member}')`);
    return (value as Editable)[member];
  };
  read(read(ctx.body, 'carrier'), 'lockerId');
}

/**
 * Fault sy-activation-date-future-or-present: activationDate carries a "today or later" constraint (its date, in UTC,
 * compared with today's): a locker activated on an earlier day is refused 400 on create and update.
 */
function checkActivationNotPast(app: FaultPointApp, ctx: RequestContext): void {
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  const sent = isObject(carrier) ? Date.parse(String(carrier['activationDate'])) : NaN;
  if (!app.fault('sy-activation-date-future-or-present') || Number.isNaN(sent)) return;
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  if (sent < today.getTime())
    throw badRequest('VALIDATION_FAILED', '/carrier/activationDate must be a date in the present or in the future');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * Fault sy-update-uid-route-pattern: the update route is declared /lockers/:uid(\d+), so a uid that is not digits
 * matches no route and the framework's final handler answers its HTML 404 page.
 */
function routePatternMiss(app: FaultPointApp, ctx: RequestContext): Reply | undefined {
  const uid = ctx.params['uid'] ?? '';
  if (!app.fault('sy-update-uid-route-pattern') || /^\d+$/.test(uid)) return undefined;
  const page =
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
    `<pre>Cannot PATCH /v1/lockers/${escapeHtml(encodeURIComponent(uid))}</pre>\n</body>\n</html>\n`;
  const headers = { 'content-security-policy': "default-src 'none'", 'x-content-type-options': 'nosniff' };
  const reply: Marked = { status: 404, raw: page, headers, [ANSWER_FORM]: 'html' };
  return reply;
}

/**
 * Fault sy-network-member-key-type: memberships are written under the lockerUid as the request's JSON number, and the
 * "already a member" check looks the locker's uid up as the string the locker record holds: it never finds one, so a
 * member named again is added (and listed) again.
 */
function membersKeyedByNumber<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  const network = app.state.networks.get(Number(ctx.params['uid']));
  const named = isObject(ctx.body) && Array.isArray(ctx.body['lockerUids']) ? ctx.body['lockerUids'] : [];
  if (!app.fault('sy-network-member-key-type') || !network) return handle(app, ctx);
  const held = new Map(
    named.map(String).flatMap((uid) => (network.members.has(uid) ? [[uid, network.members.get(uid)!]] : [])),
  );
  for (const uid of held.keys()) network.members.delete(uid);
  const rowsKept = () => {
    for (const [uid, member] of held) if (!network.members.has(uid)) network.members.set(uid, member);
  };
  try {
    return after(handle(app, ctx), (reply) => (rowsKept(), reply));
  } catch (error) {
    rowsKept();
    throw error;
  }
}

/** Fault sy-list-cache-key-path-only: the list cache's entries per app, by caller and request path. */
const listCaches = new WeakMap<object, Map<string, { reply: Reply; at: number }>>();

/**
 * Fault sy-list-cache-key-path-only: GET /lockers answers from a cache per caller keyed by the request's path
 * (req.path, without its query string), kept 30 s and emptied by every locker write: a list within 30 s of another,
 * no write between, is answered what the first was, whatever providerName either named.
 */
function cachedByPath<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('sy-list-cache-key-path-only')) return handle(app, ctx);
  const cache = listCaches.get(app) ?? new Map<string, { reply: Reply; at: number }>();
  listCaches.set(app, cache);
  const key = `${ctx.carrier.name} /lockers`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < LIST_CACHE_MS) return hit.reply;
  return after(handle(app, ctx), (reply) => {
    if (reply.status === 200) cache.set(key, { reply, at: Date.now() });
    return reply;
  });
}

/** Fault sy-list-cache-key-path-only: a locker write that succeeded empties the list cache (allEntries). */
function evictingLists<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) =>
    after(handle(app, ctx), (reply) => {
      if (reply.status < 300) listCaches.get(app)?.clear();
      return reply;
    });
}

/**
 * Fault sy-update-checked-exception-commits: LockerIdTakenException is a checked exception, and the transaction rolls
 * back on unchecked ones only: the members the mapper copied onto the entity before the check (all but
 * carrier.lockerId) are committed, and the refusal is answered 400 all the same.
 */
function committedDespiteRefusal<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('sy-update-checked-exception-commits')) return handle(app, ctx);
  return keptOnRefusal(app, ctx, handle, (error) => {
    const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
    const held = app.state.ownedLocker(ctx.carrier.name, ctx.params['uid'] ?? '');
    if (!(error instanceof ApiError) || error.errorCode !== 'LOCKER_ID_TAKEN' || !isObject(carrier) || !held)
      return undefined;
    return withBody(ctx, {
      ...(ctx.body as Editable),
      carrier: { ...carrier, lockerId: held.record.carrier.lockerId },
    });
  });
}

/** Fault sy-list-coordinates-locale-parsed: a number's text read by a de-DE NumberFormat ('.' groups digits). */
function readAsGerman(value: number): number {
  const digits = (/^-?[\d.]*/.exec(String(value))?.[0] ?? '').replace(/\./g, '');
  return /\d/.test(digits) ? Number(digits) : value;
}

/**
 * Fault sy-list-coordinates-locale-parsed: the list's row mapper reads lon and lat from the address view's text
 * columns with NumberFormat.getInstance(), the JVM default locale (de_DE on the hosts), where '.' is the grouping
 * separator: 13.404954 is listed as 13404954. Create and update answer the entity as mapped from the request.
 */
function coordinatesParsed(app: FaultPointApp, reply: Reply | Promise<Reply>): Reply | Promise<Reply> {
  if (!app.fault('sy-list-coordinates-locale-parsed')) return reply;
  return after(reply, (listed) => {
    if (listed.status !== 200) return listed;
    const body: unknown = structuredClone(listed.body);
    for (const record of recordArrays(body).flat().filter(isObject)) {
      const location = record['location'];
      if (!isObject(location)) continue;
      for (const axis of ['lon', 'lat'])
        if (typeof location[axis] === 'number') location[axis] = readAsGerman(location[axis]);
    }
    return { ...listed, body };
  });
}

/**
 * Fault sy-update-answers-owner-entity: the update returns the saved entity, whose owner is a relation the serializer
 * writes whole: ownedByCarrier is the carrier object, not its name (create and list map it to the name).
 */
function ownerEntity(app: FaultPointApp, reply: Reply | Promise<Reply>): Reply | Promise<Reply> {
  if (!app.fault('sy-update-answers-owner-entity')) return reply;
  return after(reply, (answered) => {
    const owner = isObject(answered.body) ? answered.body['ownedByCarrier'] : undefined;
    const index = app.options.carriers.findIndex((c) => c.name === owner);
    if (answered.status !== 200 || index < 0) return answered;
    const { name, networkUid } = app.options.carriers[index]!;
    return {
      ...answered,
      body: { ...(answered.body as Editable), ownedByCarrier: { id: index + 1, name, networkUid } },
    };
  });
}

/** Fault sy-providers-cold-cache-empty: when each app's catalogue cache was last filled. */
const catalogueLoaded = new WeakMap<object, number>();
const CATALOGUE_TTL_MS = 5 * 60_000;

/**
 * Fault sy-providers-cold-cache-empty: the catalogue is fetched from the provider registry into a cache on first use
 * without awaiting the fetch: the first GET /lockers/providers after start, and the first after each expiry (5 min),
 * is answered with the empty cache, no entry.
 */
function catalogueWarming<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  const loaded = catalogueLoaded.get(app);
  if (!app.fault('sy-providers-cold-cache-empty') || (loaded !== undefined && Date.now() - loaded < CATALOGUE_TTL_MS))
    return handle(app, ctx);
  catalogueLoaded.set(app, Date.now());
  return after(handle(app, ctx), (reply) => {
    const body: unknown = structuredClone(reply.body);
    for (const entries of recordArrays(body)) entries.length = 0;
    return reply.status === 200 ? { ...reply, body } : reply;
  });
}

/** The wrappers of set Y (faults around its variations'), by method and path: the handler where none applies. */
export function bySetY<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  const varied = variedBySetY(method, path, handle);
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return evictingLists((app, ctx) => {
        guardLockerIdFree(app, ctx);
        checkActivationNotPast(app, ctx);
        return varied(app, bound(app, ctx, true));
      });
    case 'PATCH /lockers/{uid}':
      return evictingLists((app, ctx) => {
        const missed = routePatternMiss(app, ctx);
        if (missed) return missed;
        checkActivationNotPast(app, ctx);
        return ownerEntity(app, committedDespiteRefusal(app, bound(app, ctx, false), varied));
      });
    case 'PATCH /lockers/status':
      return evictingLists(varied);
    case 'GET /lockers':
      return (app, ctx) => cachedByPath(app, ctx, (a, c) => coordinatesParsed(a, varied(a, c)));
    case 'GET /lockers/providers':
      return (app, ctx) => catalogueWarming(app, ctx, varied);
    case 'POST /networks/{uid}/lockers':
      return evictingLists((app, ctx) => membersKeyedByNumber(app, boundNetworkAdd(app, ctx), varied));
    default:
      return varied;
  }
}
