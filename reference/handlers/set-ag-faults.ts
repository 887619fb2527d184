// The points where the faults of set AG change the locker side and what surrounds it (create, update, list, the
// network add, the LockerUpdates of a status change): each does what the service does with its fault off, and the
// fault's behaviour with it on; its variations are set-ag-variations.ts. bySetAG (in routes.ts) puts wrappers in front
// of a route's handler, as a binder, a registry, an error mapper or a serializer would be; setAGLockerPush is called
// from app.ts (emitLockerUpdate). Fault sag-trigger-provider-name-against-locker is its declaration's `relax` alone.
import { ApiError, badRequest } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { onRefusal, withBody } from './partial-writes';
import { heldBy, sleep } from './set-ae-faults';
import { type AGApp, variedBySetAG } from './set-ag-variations';
import { after, recordArrays } from './set-v-faults';

/** Fault sag-strings-html-escaped-on-bind: validator.js's escape(), character by character. */
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
  '/': '&#x2F;',
  '\\': '&#x5C;',
  '`': '&#x60;',
};

/**
 * Fault sag-strings-html-escaped-on-bind: the create and update bodies' free-text members (the portal renders them) go
 * through an HTML escaper on the way in: carrier.lockerName, location.street, streetNumber and city, metadata values.
 */
function escapedOnBind(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sag-strings-html-escaped-on-bind') || !isObject(ctx.body)) return ctx;
  const body: Editable = structuredClone(ctx.body);
  let changed = false;
  const escape = (holder: unknown, member: string) => {
    if (!isObject(holder) || typeof holder[member] !== 'string') return;
    const escaped = (holder[member] as string).replace(/[&"'<>/\\`]/g, (c) => HTML_ESCAPES[c]!);
    changed ||= escaped !== holder[member];
    holder[member] = escaped;
  };
  escape(body['carrier'], 'lockerName');
  for (const member of ['street', 'streetNumber', 'city']) escape(body['location'], member);
  if (Array.isArray(body['metadata'])) for (const entry of body['metadata']) escape(entry, 'value');
  return changed ? withBody(ctx, body) : ctx;
}

/**
 * Fault sag-update-metadata-keyless-dropped: the update writes metadata with an upsert keyed by (locker, key) and
 * leaves out the entries it cannot key, those whose key is null or absent (their value a string or null, as the schema
 * takes).
 */
function keylessDropped(app: Switches, ctx: RequestContext): RequestContext {
  const metadata = isObject(ctx.body) ? ctx.body['metadata'] : undefined;
  if (!app.fault('sag-update-metadata-keyless-dropped') || !Array.isArray(metadata)) return ctx;
  const keyless = (e: unknown) =>
    isObject(e) &&
    (e['key'] === null || e['key'] === undefined) &&
    (e['value'] === undefined || e['value'] === null || typeof e['value'] === 'string');
  const kept = metadata.filter((e) => !keyless(e));
  return kept.length === metadata.length ? ctx : withBody(ctx, { ...(ctx.body as Editable), metadata: kept });
}

/** Fault sag-refused-create-keeps-id-reservation: the (carrier, carrier.lockerId) reservations left behind, per app. */
const reservations = new WeakMap<object, Set<string>>();

/**
 * Fault sag-refused-create-keeps-id-reservation: a create reserves its carrier.lockerId in a table of its own, in a
 * transaction of its own, before it validates and checks the request; a refusal other than the reservation's own
 * (LOCKER_ID_TAKEN) returns without releasing it, and a later create under that id is refused as taken.
 */
function reservedLockerId<A extends AGApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  const carrier = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  const lockerId: unknown = isObject(carrier) ? carrier['lockerId'] : undefined;
  if (!app.fault('sag-refused-create-keeps-id-reservation') || typeof lockerId !== 'string') return handle(app, ctx);
  const left = heldBy(reservations, app, () => new Set<string>());
  const key = JSON.stringify([ctx.carrier.name, lockerId]);
  if (left.has(key)) throw badRequest('LOCKER_ID_TAKEN', `carrier.lockerId "${lockerId}" is already reserved`);
  return onRefusal(app, ctx, handle, (error) => {
    const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (refused && error.errorCode !== 'LOCKER_ID_TAKEN') left.add(key);
    throw error;
  });
}

/**
 * Fault sag-registry-locker-id-index-without-owner: a valid create registers the locker with the onboarding registry,
 * whose unique index is on the locker id alone (it served one carrier), so a carrier.lockerId another carrier's or a
 * third-party locker holds is refused as taken.
 */
function registeredByLockerIdAlone<A extends AGApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  if (!app.fault('sag-registry-locker-id-index-without-owner')) return handle(app, ctx);
  try {
    app.validate('LockerCreateRequest', ctx.body);
  } catch {
    return handle(app, ctx);
  }
  const lockerId = ((ctx.body as Editable)['carrier'] as Editable)['lockerId'] as string;
  const held = [...app.state.lockers.values()].some(
    (l) => l.record.carrier.lockerId === lockerId && l.record.ownedByCarrier !== ctx.carrier.name,
  );
  if (held) throw badRequest('LOCKER_ID_TAKEN', `carrier.lockerId "${lockerId}" is already registered`);
  return handle(app, ctx);
}

/**
 * Fault sag-create-metadata-map-bound: the create's binder takes metadata given as an object (the 1.0 portal's form,
 * {key: value}) and turns it into entries, each scalar value as text; a map with an object or array value is left to
 * the schema.
 */
function metadataMapBound(app: Switches, ctx: RequestContext): RequestContext {
  const metadata = isObject(ctx.body) ? ctx.body['metadata'] : undefined;
  if (!app.fault('sag-create-metadata-map-bound') || !isObject(metadata)) return ctx;
  const values = Object.values(metadata);
  if (values.some((v) => v !== null && typeof v === 'object')) return ctx;
  const entries = Object.entries(metadata).map(([key, value]) => ({
    key,
    value: value === null || typeof value === 'string' ? value : String(value),
  }));
  return withBody(ctx, { ...(ctx.body as Editable), metadata: entries });
}

/** Fault sag-provider-filter-empty-ignored: the list's filter is built with `if (providerName)`. */
function emptyFilterDropped(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sag-provider-filter-empty-ignored') || ctx.query.get('providerName') !== '') return ctx;
  const query = new URLSearchParams(ctx.query);
  query.delete('providerName');
  return { ...ctx, query };
}

/** Fault sag-locker-list-empty-null: the list is a nil slice where nothing matched, which encoding/json writes null. */
function emptyListAsNull(app: Switches, reply: Reply): Reply {
  if (!app.fault('sag-locker-list-empty-null') || reply.status >= 300) return reply;
  if (Array.isArray(reply.body)) return reply.body.length === 0 ? { ...reply, body: null } : reply;
  if (!isObject(reply.body)) return reply;
  const body: Editable = { ...reply.body };
  for (const [member, value] of Object.entries(body))
    if (Array.isArray(value) && value.length === 0) body[member] = null;
  return { ...reply, body };
}

/** A text PostgreSQL casts to a bigint: blanks around, a sign, leading zeros. */
const BIGINT_TEXT = /^\s*[+-]?\d{1,19}\s*$/;

/**
 * Fault sag-update-uid-cast-to-bigint: the update binds the path uid as text compared with the BIGINT uid column
 * (uid = $1::bigint), so another spelling of a locker's number (0100001, +100001, " 100001") names that locker.
 */
function uidCastToBigint(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const uid = ctx.params['uid'] ?? '';
  if (!app.fault('sag-update-uid-cast-to-bigint') || app.state.lockers.has(uid) || !BIGINT_TEXT.test(uid)) return ctx;
  const cast = BigInt(uid.trim()).toString();
  return app.state.lockers.has(cast) ? { ...ctx, params: { ...ctx.params, uid: cast } } : ctx;
}

/**
 * Fault sag-update-errors-double-encoded: the locker update controller's exception handler hands the framework an
 * error body it has already serialized, res.status(400).json(JSON.stringify(error)): every 400 of the update is a
 * JSON string holding the error's text.
 */
function errorsDoubleEncoded<A extends AGApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  if (!app.fault('sag-update-errors-double-encoded')) return handle(app, ctx);
  return onRefusal(app, ctx, handle, (error) => {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const text = JSON.stringify({ errorCode: error.errorCode, message: error.message });
    return { status: 400, raw: JSON.stringify(text) };
  });
}

/**
 * Fault sag-network-fraction-uids-truncated: the network add binds lockerUids to longs with the binder's float-as-int
 * coercion on (Jackson's ACCEPT_FLOAT_AS_INT, on by default), which truncates: 100001.7 adds locker 100001.
 */
function fractionsTruncated(app: Switches, ctx: RequestContext): RequestContext {
  const uids = isObject(ctx.body) ? ctx.body['lockerUids'] : undefined;
  if (!app.fault('sag-network-fraction-uids-truncated') || !Array.isArray(uids)) return ctx;
  const fraction = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && !Number.isInteger(v);
  if (!uids.some(fraction)) return ctx;
  const truncated = uids.map((v: unknown) => (fraction(v) ? Math.trunc(v as number) : v));
  return withBody(ctx, { ...(ctx.body as Editable), lockerUids: truncated });
}

/**
 * Fault sag-network-record-untagged-field: the network service's record struct lost the json tag of one field, so
 * encoding/json writes it under its Go name: ProviderLockerStatus in place of providerLockerStatus.
 */
function untaggedField(app: Switches, reply: Reply): Reply {
  if (!app.fault('sag-network-record-untagged-field') || reply.status >= 300) return reply;
  for (const records of recordArrays(reply.body))
    records.forEach((r, i) => {
      if (!isObject(r) || !('providerLockerStatus' in r)) return;
      const { providerLockerStatus, ...rest } = r;
      records[i] = { ...rest, ProviderLockerStatus: providerLockerStatus };
    });
  return reply;
}

/** Fault sag-network-add-check-then-insert: how long the provider's membership registration takes. */
const REGISTRATION_MS = 30;

/**
 * Fault sag-network-add-check-then-insert: the add reads the network's members (the "already a member" check), then
 * registers the new ones with the provider (an awaited call), then inserts them (ON CONFLICT DO NOTHING) and answers
 * what its check found new: two adds of one locker in flight together both list it as newly added.
 */
function checkedThenInserted<A extends AGApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  const raw = ctx.params['uid'] ?? '';
  const network = /^\d{1,15}$/.test(raw) ? app.state.networks.get(Number(raw)) : undefined;
  if (!app.fault('sag-network-add-check-then-insert') || network?.owner !== ctx.carrier.name) return handle(app, ctx);
  const before = new Set(network.members.keys());
  return (async () => {
    await sleep(REGISTRATION_MS);
    const reply = await handle(app, ctx);
    const uids: unknown = isObject(ctx.body) ? ctx.body['lockerUids'] : undefined;
    if (reply.status >= 300 || !Array.isArray(reply.body) || !Array.isArray(uids)) return reply;
    const listed = new Set(reply.body.map((r: unknown) => (isObject(r) ? String(r['lockerUid']) : '')));
    for (const uid of new Set(uids.filter((v) => Number.isSafeInteger(v)).map(String))) {
      const member = network.members.get(uid);
      if (before.has(uid) || !member || listed.has(uid)) continue;
      listed.add(uid);
      reply.body.push({ ...member });
    }
    return reply;
  })();
}

/** The faults' wrappers by method and path, each inside the variations' (set-ag-variations.ts variedBySetAG). */
function faultedBySetAG<A extends AGApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) =>
        reservedLockerId(app, metadataMapBound(app, escapedOnBind(app, ctx)), (a, c) =>
          registeredByLockerIdAlone(a, c, handle),
        );
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, emptyFilterDropped(app, ctx)), (reply) => emptyListAsNull(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) =>
        errorsDoubleEncoded(app, keylessDropped(app, escapedOnBind(app, uidCastToBigint(app, ctx))), handle);
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) =>
        checkedThenInserted(app, fractionsTruncated(app, ctx), (a, c) =>
          after(handle(a, c), (reply) => untaggedField(a, reply)),
        );
    default:
      return handle;
  }
}

/** Set AG's wrappers (the faults' inside the variations'), by method and path: the handler where none applies. */
export function bySetAG<A extends AGApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  return variedBySetAG(method, path, faultedBySetAG(method, path, handle));
}
