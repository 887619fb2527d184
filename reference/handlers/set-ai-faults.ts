// The points where the faults of set AI change the locker side and what surrounds it (create, list, update, status
// change, network add, the LockerUpdates body): each does what the service does with its fault off, and the fault's
// behaviour with it on; its variations are set-ai-variations.ts. bySetAI (in routes.ts) puts wrappers in front of a
// route's handler, as a binder, a repository, a serializer or a second service would be; listedBySetAI is called from
// lockers.ts (the list's filter), viewedBySetAI from app.ts (lockerView), setAILockerPush and lockerPushTiming from
// app.ts (emitLockerUpdate).
import { notFound } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { LockerGroup, StoredLocker } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { PROVIDER_MODELS } from '../seed';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { withBody } from './partial-writes';
import { heldBy } from './set-ae-faults';
import { type AIApp, variedBySetAI } from './set-ai-variations';
import { after, recordArrays } from './set-v-faults';

/** Fault sai-list-lon-latitude-sized-column: DECIMAL(10,8), not strict: rounded to 8 decimals, clamped. */
const DECIMAL_10_8_MAX = 99.99999999;

function asDecimal10x8(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return Math.max(-DECIMAL_10_8_MAX, Math.min(DECIMAL_10_8_MAX, Number(value.toFixed(8))));
}

/** The lockers a list answer shows, each as an editable record (bare array or envelope). */
function listedRecords(body: unknown): Editable[] {
  return recordArrays(body).flatMap((records) => records.filter(isObject));
}

/** Fault sai-status-legacy-column-read: per app, the old status column of each locker a status change wrote past. */
const legacyStatuses = new WeakMap<object, Map<string, string>>();

/** Fault sai-status-legacy-column-read: the records the locker service answers show the old column's status. */
function legacyStatusShown(app: FaultPointApp, records: Editable[]): void {
  if (!app.fault('sai-status-legacy-column-read')) return;
  const legacy = heldBy(legacyStatuses, app, () => new Map<string, string>());
  for (const record of records) {
    const status = legacy.get(String(record['uid']));
    if (status !== undefined && isObject(record['carrier'])) record['carrier'] = { ...record['carrier'], status };
  }
}

/**
 * GET /lockers as the list's mapper answers it. Fault sai-list-lon-latitude-sized-column: the replica's DECIMAL(10,8)
 * location columns. Fault sai-list-carriers-for-network-members: the network join mapped into the legacy carriers
 * collection. Fault sai-status-legacy-column-read: the status of the old column.
 */
function listedAnswer(app: FaultPointApp, reply: Reply): Reply {
  const faults = [
    'sai-list-lon-latitude-sized-column',
    'sai-list-carriers-for-network-members',
    'sai-status-legacy-column-read',
  ] as const;
  if (reply.status >= 300 || !faults.some((f) => app.fault(f))) return reply;
  const records = listedRecords(reply.body);
  if (app.fault('sai-list-lon-latitude-sized-column'))
    for (const record of records)
      if (isObject(record['location']))
        record['location'] = {
          ...record['location'],
          lon: asDecimal10x8(record['location']['lon']),
          lat: asDecimal10x8(record['location']['lat']),
        };
  if (app.fault('sai-list-carriers-for-network-members')) {
    const networks = [...app.state.networks.values()];
    for (const record of records) {
      const holding = networks.filter((n) => n.members.has(String(record['uid'])));
      const carrier = record['carrier'];
      if (holding.length === 0 || !isObject(carrier)) continue;
      record['carriers'] = holding.map(() => ({
        lockerName: carrier['lockerName'],
        lockerId: carrier['lockerId'],
        status: carrier['status'],
      }));
    }
  }
  legacyStatusShown(app, records);
  return reply;
}

/** Fault sai-status-legacy-column-read: the status service writes its own column; the old one keeps the one before. */
function statusWrittenToNewColumn<A extends AIApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  if (!app.fault('sai-status-legacy-column-read')) return handle(app, ctx);
  const before = new Map(app.state.visibleLockers(ctx.carrier.name).map((l) => [l, l.record.carrier.status]));
  const legacy = heldBy(legacyStatuses, app, () => new Map<string, string>());
  return after(handle(app, ctx), (reply) => {
    for (const [locker, status] of before)
      if (locker.record.carrier.status !== status && !legacy.has(locker.record.uid))
        legacy.set(locker.record.uid, status);
    return reply;
  });
}

/** Fault sai-update-null-removes-member: the update read as a JSON Merge Patch, a null member removed. */
function nullsAsRemovals(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sai-update-null-removes-member') || !isObject(ctx.body)) return ctx;
  const body: Editable = { ...ctx.body };
  let changed = false;
  const removed = (member: string, empty: unknown) => {
    if (body[member] !== null) return;
    body[member] = empty;
    changed = true;
  };
  removed('metadata', []);
  removed('features', { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null });
  removed('lockerGroups', []);
  const location = body['location'];
  if (isObject(location) && location['type'] === null) {
    const { type: _removed, ...kept } = location;
    body['location'] = kept;
    changed = true;
  }
  return changed ? withBody(ctx, body) : ctx;
}

/** Fault sai-update-carrier-merged-before-validation: the sent carrier laid over the stored one, then validated. */
function carrierMerged(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const sent = isObject(ctx.body) ? ctx.body['carrier'] : undefined;
  if (!app.fault('sai-update-carrier-merged-before-validation') || !isObject(sent)) return ctx;
  const locker = app.state.ownedLocker(ctx.carrier.name, ctx.params['uid'] ?? '');
  if (!locker) return ctx;
  const stored = locker.record.carrier;
  const merged: Editable = { ...sent };
  for (const member of ['lockerName', 'lockerId', 'activationDate'] as const)
    if (merged[member] === undefined) merged[member] = stored[member];
  return withBody(ctx, { ...(ctx.body as Editable), carrier: merged });
}

/** Fault sai-create-fills-locker-version: a version left out taken from the catalogue's newest of the model. */
function versionFilled(app: Switches, ctx: RequestContext): RequestContext {
  const provider = isObject(ctx.body) ? ctx.body['provider'] : undefined;
  if (!app.fault('sai-create-fills-locker-version') || !isObject(provider)) return ctx;
  if (provider['lockerVersion'] !== undefined && provider['lockerVersion'] !== null) return ctx;
  const versions = PROVIDER_MODELS.filter(
    (p) => p.providerName === provider['name'] && p.lockerModel === provider['lockerModel'],
  ).map((p) => p.lockerVersion);
  const newest = versions.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))[0];
  if (newest === undefined) return ctx;
  return withBody(ctx, { ...(ctx.body as Editable), provider: { ...provider, lockerVersion: newest } });
}

/** Fault sai-update-features-no-row-404: per app, whether each created locker got a features row. */
const featureRows = new WeakMap<object, Map<string, boolean>>();

/** Fault sai-update-features-no-row-404: a create inserts a features row only when it sends features. */
function featureRowNoted<A extends AIApp>(app: A, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('sai-update-features-no-row-404') || reply.status >= 300 || !isObject(reply.body)) return reply;
  const rows = heldBy(featureRows, app, () => new Map<string, boolean>());
  rows.set(String(reply.body['uid']), isObject(ctx.body) && isObject(ctx.body['features']));
  return reply;
}

/** Fault sai-update-features-no-row-404: the features UPDATE of a locker without a row affects none: "not found". */
function checkFeatureRow(app: AIApp, ctx: RequestContext): void {
  if (!app.fault('sai-update-features-no-row-404') || !isObject(ctx.body) || !isObject(ctx.body['features'])) return;
  const uid = ctx.params['uid'] ?? '';
  if (heldBy(featureRows, app, () => new Map<string, boolean>()).get(uid) !== false) return;
  if (!app.state.ownedLocker(ctx.carrier.name, uid)) return;
  try {
    app.validate('LockerUpdateRequest', ctx.body);
  } catch {
    return;
  }
  throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
}

/** Fault sai-groups-keyed-by-locker-id: per app, group assignments by (carrier, carrier.lockerId) no locker shows. */
const groupsByLockerId = new WeakMap<object, Map<string, LockerGroup[]>>();

const groupKey = (carrier: string, lockerId: string) => JSON.stringify([carrier, lockerId]);

/** Fault sai-groups-keyed-by-locker-id: the groups a locker shows are those held under its current carrier.lockerId. */
function regrouped(app: FaultPointApp, carrier: string, locker: StoredLocker, formerId: string | undefined): void {
  const held = heldBy(groupsByLockerId, app, () => new Map<string, LockerGroup[]>());
  if (formerId !== undefined && locker.lockerGroups.length > 0)
    held.set(groupKey(carrier, formerId), locker.lockerGroups);
  const key = groupKey(carrier, locker.record.carrier.lockerId);
  locker.lockerGroups = held.get(key) ?? [];
  held.delete(key);
}

/** The reply with the lockerGroups it echoes (where it echoes them) as the locker holds them. */
function groupsAnswered(reply: Reply, locker: StoredLocker): Reply {
  if (!isObject(reply.body) || !('lockerGroups' in reply.body)) return reply;
  return { ...reply, body: { ...reply.body, lockerGroups: locker.lockerGroups.map((g) => ({ ...g })) } };
}

/** Fault sai-groups-keyed-by-locker-id: a create without lockerGroups finds the groups held under its lockerId. */
function createdGroups(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('sai-groups-keyed-by-locker-id') || reply.status >= 300 || !isObject(reply.body)) return reply;
  if (isObject(ctx.body) && ctx.body['lockerGroups'] !== undefined) return reply;
  const locker = app.state.lockers.get(String(reply.body['uid']));
  if (!locker) return reply;
  regrouped(app, ctx.carrier.name, locker, undefined);
  return groupsAnswered(reply, locker);
}

/**
 * PATCH /lockers/{uid} after the handler. Fault sai-groups-keyed-by-locker-id: a new carrier.lockerId without
 * lockerGroups leaves the groups under the former id. Fault sai-update-features-by-locker-id: the features written to
 * every locker of the carrier.lockerId. Fault sai-status-legacy-column-read: the answer shows the old column's status.
 */
function updatedBySetAI<A extends AIApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  const uid = ctx.params['uid'] ?? '';
  const locker = app.state.ownedLocker(ctx.carrier.name, uid);
  const formerId = locker?.record.carrier.lockerId;
  const body = isObject(ctx.body) ? ctx.body : {};
  return after(handle(app, ctx), (reply) => {
    if (reply.status >= 300 || !locker) return reply;
    let answered = reply;
    const renamed = locker.record.carrier.lockerId !== formerId && body['lockerGroups'] === undefined;
    if (app.fault('sai-groups-keyed-by-locker-id') && renamed) {
      regrouped(app, ctx.carrier.name, locker, formerId);
      answered = groupsAnswered(answered, locker);
    }
    if (app.fault('sai-update-features-by-locker-id') && isObject(body['features'])) {
      for (const other of app.state.lockers.values()) {
        if (other === locker || other.record.carrier.lockerId !== locker.record.carrier.lockerId) continue;
        other.record.features = structuredClone(locker.record.features);
        app.lag.written(other, other.record);
      }
    }
    if (app.fault('sai-status-legacy-column-read') && isObject(answered.body)) {
      const carrier = body['carrier'];
      if (isObject(carrier) && typeof carrier['status'] === 'string')
        heldBy(legacyStatuses, app, () => new Map<string, string>()).set(uid, carrier['status']);
      answered = { ...answered, body: { ...answered.body } };
      legacyStatusShown(app, [answered.body as Editable]);
    }
    return answered;
  });
}

/** PHP's is_numeric over a string: blanks around, a sign, digits with a point, an exponent. */
const PHP_NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * POST /networks/{uid}/lockers's answer. Fault sai-network-names-by-uid-order: the names fetched ORDER BY uid, set by
 * position on the records in request order. Fault sai-network-numeric-strings-as-numbers: json_encode with
 * JSON_NUMERIC_CHECK.
 */
function networkAnswered(app: Switches, reply: Reply): Reply {
  const faults = ['sai-network-names-by-uid-order', 'sai-network-numeric-strings-as-numbers'] as const;
  if (reply.status >= 300 || !Array.isArray(reply.body) || !faults.some((f) => app.fault(f))) return reply;
  let records = reply.body.map((r: unknown) => (isObject(r) ? { ...r } : r));
  if (app.fault('sai-network-names-by-uid-order')) {
    const named = records.filter(isObject);
    const byUid = [...named].sort((a, b) => {
      const [x, y] = [BigInt(String(a['lockerUid'])), BigInt(String(b['lockerUid']))];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const names = byUid.map((r) => r['lockerName']);
    named.forEach((r, i) => {
      if ('lockerName' in r) r['lockerName'] = names[i];
    });
  }
  if (app.fault('sai-network-numeric-strings-as-numbers'))
    records = records.map((r: unknown) =>
      isObject(r)
        ? Object.fromEntries(
            Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && PHP_NUMERIC.test(v) ? Number(v) : v]),
          )
        : r,
    );
  return { ...reply, body: records };
}

/** The faults' wrappers by method and path, each inside the variations' (set-ai-variations.ts variedBySetAI). */
function faultedBySetAI<A extends AIApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => {
        const request = versionFilled(app, ctx);
        return after(handle(app, request), (reply) =>
          createdGroups(app, request, featureRowNoted(app, request, reply)),
        );
      };
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => listedAnswer(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => {
        const request = carrierMerged(app, nullsAsRemovals(app, ctx));
        checkFeatureRow(app, request);
        return updatedBySetAI(app, request, handle);
      };
    case 'PATCH /lockers/status':
      return (app, ctx) => statusWrittenToNewColumn(app, ctx, handle);
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => networkAnswered(app, reply));
    default:
      return handle;
  }
}

/** Set AI's wrappers (the faults' inside the variations'), by method and path: the handler where none applies. */
export function bySetAI<A extends AIApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  return variedBySetAI(method, path, faultedBySetAI(method, path, handle));
}
