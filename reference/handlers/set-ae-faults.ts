// The points where the faults of set AE change the locker side (create, update, list, status change, the provider
// catalogue, network adds, the LockerUpdates body and the locker router's content negotiation): each does what the
// service does with its fault off, and the fault's behaviour with it on; its variations are set-ae-variations.ts.
// bySetAE (in routes.ts) puts wrappers in front of a route's handler, as a pool, a mapper, a binder or a query would
// be; setAELockerPush is called from app.ts (emitLockerUpdate), checkAccept from server.ts (dispatch).
import { ApiError } from '../errors';
import { FEATURES, type Handler } from '../faults/behaviour/shared';
import type { StoredLocker } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { PROVIDER_MODELS } from '../seed';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { withBody } from './partial-writes';
import { type AEApp, variedBySetAE } from './set-ae-variations';
import { after, recordArrays } from './set-v-faults';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Per app, what a fault keeps between requests. */
export function heldBy<T>(store: WeakMap<object, T>, app: object, make: () => T): T {
  const held = store.get(app) ?? make();
  store.set(app, held);
  return held;
}

/** Fault sae-create-pool-exhausted-503: the database pool the creates draw their connection from. */
const POOL_SIZE = 4;
const ACQUIRE_TIMEOUT_MS = 20;
const COMMIT_ROUND_TRIP_MS = 40;
const pools = new WeakMap<object, { inUse: number }>();

/**
 * Fault sae-create-pool-exhausted-503: a create takes a connection of a pool of four, keeps it through its commit
 * round trip, and a create that gets none within the acquire timeout is answered 503.
 */
function pooledCreate<A extends AEApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  if (!app.fault('sae-create-pool-exhausted-503')) return handle(app, ctx);
  const pool = heldBy(pools, app, () => ({ inUse: 0 }));
  return (async () => {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    while (pool.inUse >= POOL_SIZE) {
      if (Date.now() >= deadline)
        throw new ApiError(
          503,
          'SERVICE_UNAVAILABLE',
          `timeout acquiring a connection: all ${POOL_SIZE} connections of the pool are in use`,
        );
      await sleep(2);
    }
    pool.inUse++;
    try {
      const reply = await handle(app, ctx);
      await sleep(COMMIT_ROUND_TRIP_MS);
      return reply;
    } finally {
      pool.inUse--;
    }
  })();
}

/** A date-time with a numeric offset: the local part, the offset's hours (signed) and its minutes. */
const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2}):(\d{2})$/;

/**
 * Fault sae-activation-offset-minutes-dropped: carrier.activationDate normalised to UTC with the offset read as
 * parseInt of its hours, the minutes dropped.
 */
function offsetHoursOnly(app: Switches, ctx: RequestContext): RequestContext {
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  const sent: unknown = isObject(carrier) ? carrier['activationDate'] : undefined;
  const parts = typeof sent === 'string' ? WITH_OFFSET.exec(sent) : null;
  if (!app.fault('sae-activation-offset-minutes-dropped') || !parts) return ctx;
  const local = Date.parse(`${parts[1]}Z`);
  if (Number.isNaN(local)) return ctx;
  const normalised = new Date(local - Number.parseInt(parts[2]!, 10) * 3_600_000);
  if (Number.isNaN(normalised.getTime())) return ctx;
  const body = ctx.body as Editable;
  return withBody(ctx, { ...body, carrier: { ...body['carrier'], activationDate: normalised.toISOString() } });
}

/**
 * Fault sae-update-features-text-revived: an update's features go through the device registry's form-encoded API and
 * come back as text, revived with Boolean(text): "false" is true, "" (a null) null.
 */
function featuresRevivedFromText(app: Switches, ctx: RequestContext): RequestContext {
  const features = isObject(ctx.body) ? ctx.body['features'] : undefined;
  if (!app.fault('sae-update-features-text-revived') || !isObject(features)) return ctx;
  const confirmed: Editable = { ...features };
  for (const member of FEATURES) {
    const value: unknown = features[member];
    if (typeof value !== 'boolean') continue;
    const text = String(value);
    confirmed[member] = text === '' ? null : Boolean(text);
  }
  return withBody(ctx, { ...(ctx.body as Editable), features: confirmed });
}

/**
 * Fault sae-update-metadata-value-json-node: the update binds metadata values as JSON nodes and writes them back with
 * asText(): a number or boolean as its text, an object or array as "", a null kept null.
 */
function metadataValuesAsText(app: Switches, ctx: RequestContext): RequestContext {
  const metadata = isObject(ctx.body) ? ctx.body['metadata'] : undefined;
  if (!app.fault('sae-update-metadata-value-json-node') || !Array.isArray(metadata)) return ctx;
  const asText = (value: unknown): unknown =>
    value === null || value === undefined || typeof value === 'string'
      ? value
      : typeof value === 'object'
        ? ''
        : String(value);
  const entries = metadata.map((e: unknown) => (isObject(e) && 'value' in e ? { ...e, value: asText(e['value']) } : e));
  return withBody(ctx, { ...(ctx.body as Editable), metadata: entries });
}

/** The columns' defaults a locker inserted by an update's save() starts from (fault sae-update-unknown-upserts). */
function insertedDefaults(uid: string, owner: string): StoredLocker {
  return {
    record: {
      uid,
      carrier: { lockerName: '', lockerId: uid, activationDate: new Date().toISOString(), status: 'ACTIVE' },
      provider: {
        name: '',
        lockerModel: '',
        lockerVersion: '',
        lockerName: '',
        lockerUid: `PL-${uid}`,
        status: 'ACTIVE',
      },
      location: { street: '', streetNumber: '', postalCode: '', city: '', lon: 0, lat: 0, countryCode: '' },
      features: { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null },
      openingHours: { accessMode: 'ALWAYS', exceptions: [] },
      metadata: [],
      ownedByCarrier: owner,
      compartmentTypes: null,
    },
    lockerGroups: [],
    createdAs: uid,
  };
}

/**
 * Fault sae-update-unknown-upserts: the update saves with a merge that inserts a row where no locker has the uid (of
 * digits, the id column's type), then applies the body to it; a refused body inserts nothing.
 */
function upserted<A extends AEApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  const uid = ctx.params['uid'] ?? '';
  if (!app.fault('sae-update-unknown-upserts') || !/^\d{1,15}$/.test(uid) || app.state.lockers.has(uid))
    return handle(app, ctx);
  app.validate('LockerUpdateRequest', ctx.body);
  app.state.lockers.set(uid, insertedDefaults(uid, ctx.carrier.name));
  const rolledBack = (error: unknown): never => {
    app.state.lockers.delete(uid);
    throw error;
  };
  const taken = (reply: Reply): Reply => {
    if (reply.status >= 300) app.state.lockers.delete(uid);
    else app.state.lockerUidTaken(uid);
    return reply;
  };
  try {
    const reply = handle(app, ctx);
    return reply instanceof Promise ? reply.then(taken, rolledBack) : taken(reply);
  } catch (error) {
    return rolledBack(error);
  }
}

/** The networks of a carrier that hold the locker of `uid`. */
const memberOfOwnNetwork = (app: FaultPointApp, carrier: string, uid: string): boolean =>
  [...app.state.networks.values()].some((n) => n.owner === carrier && n.members.has(uid));

/**
 * Fault sae-update-groups-from-network: an update of a network member that leaves lockerGroups out syncs the groups
 * from the network's group plan, which holds none.
 */
function groupsSyncedFromNetwork<A extends AEApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  const uid = ctx.params['uid'] ?? '';
  const locker = app.state.ownedLocker(ctx.carrier.name, uid);
  const omitted = isObject(ctx.body) && ctx.body['lockerGroups'] === undefined;
  if (!app.fault('sae-update-groups-from-network') || !locker || !omitted) return handle(app, ctx);
  if (!memberOfOwnNetwork(app, ctx.carrier.name, uid)) return handle(app, ctx);
  return after(handle(app, ctx), (reply) => {
    if (reply.status >= 300) return reply;
    locker.lockerGroups = [];
    const body = reply.body;
    return isObject(body) && 'lockerGroups' in body ? { ...reply, body: { ...body, lockerGroups: [] } } : reply;
  });
}

/**
 * Fault sae-status-409-text-html: the status conflict is written by hand with the framework's send() of a string,
 * which declares text/html.
 */
function conflictSentAsText<A extends AEApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  if (!app.fault('sae-status-409-text-html')) return handle(app, ctx);
  const asText = (error: unknown): Reply => {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    return {
      status: 409,
      body: JSON.stringify({ errorCode: error.errorCode, message: error.message }),
      contentType: 'text/html; charset=utf-8',
    };
  };
  try {
    const reply = handle(app, ctx);
    return reply instanceof Promise ? reply.catch(asText) : reply;
  } catch (error) {
    return asText(error);
  }
}

/**
 * Fault sae-network-carrier-status-flag: the membership keeps the carrier side as a flag, mapped back with
 * active ? 'ACTIVE' : null.
 */
function carrierStatusFromFlag(app: Switches, reply: Reply): Reply {
  if (!app.fault('sae-network-carrier-status-flag') || reply.status >= 300) return reply;
  for (const records of recordArrays(reply.body))
    records.forEach((r, i) => {
      if (isObject(r) && 'carrierLockerStatus' in r && r['carrierLockerStatus'] !== 'ACTIVE')
        records[i] = { ...r, carrierLockerStatus: null };
    });
  return reply;
}

/**
 * Fault sae-providers-registered-uid-null: the pairs of lockers the catalogue lacks are registered on the fly, a new
 * provider's uid left null until the registry confirms it (never, on staging).
 */
function registeredPairs(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('sae-providers-registered-uid-null') || app.options.choices.providerEntries !== 'pairs') return reply;
  const entries = recordArrays(reply.body)[0];
  if (!entries || reply.status >= 300) return reply;
  const key = (name: string, model: string, version: string) => JSON.stringify([name, model, version]);
  const known = new Set(PROVIDER_MODELS.map((p) => key(p.providerName, p.lockerModel, p.lockerVersion)));
  const uidOf = new Map(PROVIDER_MODELS.map((p) => [p.providerName, p.providerUid]));
  for (const { record } of app.state.lockers.values()) {
    const { name, lockerModel, lockerVersion } = record.provider;
    if (record.ownedByCarrier === null || known.has(key(name, lockerModel, lockerVersion))) continue;
    known.add(key(name, lockerModel, lockerVersion));
    entries.push({ providerName: name, providerUid: uidOf.get(name) ?? null, lockerModel, lockerVersion });
  }
  return reply;
}

/**
 * Fault sae-list-union-all-network: the list is the own and third-party lockers UNION ALL the lockers of the caller's
 * networks, both branches filtered alike: a network member is listed twice.
 */
function unionAllNetworkMembers(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('sae-list-union-all-network') || reply.status >= 300) return reply;
  const members = new Set(
    [...app.state.networks.values()].filter((n) => n.owner === ctx.carrier.name).flatMap((n) => [...n.members.keys()]),
  );
  const body = structuredClone(reply.body);
  for (const records of recordArrays(body)) {
    const second = records.filter((r) => isObject(r) && members.has(String(r['uid'])));
    records.push(...second.map((r) => structuredClone(r)));
  }
  return { ...reply, body };
}

/** Fault sae-accept-params-406: the routes of the locker router, whose negotiation refuses what it does not match. */
const LOCKER_ROUTER = new Set([
  '/lockers',
  '/lockers/{uid}',
  '/lockers/providers',
  '/lockers/status',
  '/networks/{uid}/lockers',
]);

/**
 * Fault sae-accept-params-406: the locker router's negotiation looks for an Accept entry equal to "application/json"
 * or "*\/*" as written, parameters and letter case included, and refuses every other Accept with 406.
 */
export function checkAccept(app: Switches, accept: string | undefined, path: string): void {
  if (!app.fault('sae-accept-params-406') || !LOCKER_ROUTER.has(path) || !accept?.trim()) return;
  const entries = accept.split(',').map((e) => e.trim());
  if (entries.some((e) => e === 'application/json' || e === '*/*')) return;
  throw new ApiError(406, 'NOT_ACCEPTABLE', `none of the media types in Accept "${accept}" can be produced`);
}

/** The faults' wrappers by method and path, each inside the variations' (set-ae-variations.ts variedBySetAE). */
function faultedBySetAE<A extends AEApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => pooledCreate(app, offsetHoursOnly(app, ctx), handle);
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => unionAllNetworkMembers(app, ctx, reply));
    case 'GET /lockers/providers':
      return (app, ctx) => after(handle(app, ctx), (reply) => registeredPairs(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => {
        const sent = metadataValuesAsText(app, featuresRevivedFromText(app, ctx));
        return upserted(app, sent, (a, c) => groupsSyncedFromNetwork(a, c, handle));
      };
    case 'PATCH /lockers/status':
      return (app, ctx) => conflictSentAsText(app, ctx, handle);
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => carrierStatusFromFlag(app, reply));
    default:
      return handle;
  }
}

/** Set AE's wrappers (the faults' inside the variations'), by method and path: the handler where none applies. */
export function bySetAE<A extends AEApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  return variedBySetAE(method, path, faultedBySetAE(method, path, handle));
}
