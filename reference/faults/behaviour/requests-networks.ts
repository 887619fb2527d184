// The route wrappers' behaviour around POST /networks/{uid}/lockers. With its fault off each point does what the
// service does.
import { parse } from 'lossless-json';
import { validatorFor } from '../../../spec/ajv';
import { ApiError } from '../../errors';
import { type Editable, isObject, type Switches } from '../../handlers/fault-point-state';
import { keptOnRefusal, withBody } from '../../handlers/partial-writes';
import type { StoredLocker } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { after, type LegacyColumnApp, recordArrays, type RegistryApp, sleep } from './requests-routes';
import type { Handler } from './shared';

/**
 * Fault sw-network-add-streamed-elements: lockerUids is read element by element from the request stream and each owned
 * locker inserted (auto-commit) as it is read; an element that is no integer ends the request with the 400, and the
 * lockers read before it stay added.
 */
export function streamedNetworkAdd<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    const uids = isObject(ctx.body) ? ctx.body['lockerUids'] : undefined;
    if (!app.fault('sw-network-add-streamed-elements') || !Array.isArray(uids)) return handle(app, ctx);
    const bad = uids.findIndex((u) => typeof u !== 'number' || !Number.isInteger(u));
    if (bad <= 0) return handle(app, ctx);
    return keptOnRefusal(app, ctx, handle, (error) =>
      error instanceof ApiError && error.status === 400 ? withBody(ctx, { lockerUids: uids.slice(0, bad) }) : undefined,
    );
  };
}

/** Fault sy-single-value-as-array: a single integer where lockerUids takes an array is bound as an array of it. */
export function boundNetworkAdd(app: FaultPointApp, ctx: RequestContext): RequestContext {
  const uids = isObject(ctx.body) ? ctx.body['lockerUids'] : undefined;
  if (!app.fault('sy-single-value-as-array') || typeof uids !== 'number') return ctx;
  return withBody(ctx, { ...(ctx.body as Editable), lockerUids: [uids] });
}

/**
 * Fault sy-network-member-key-type: memberships are written under the lockerUid as the request's JSON number, and the
 * "already a member" check looks the locker's uid up as the string the locker record holds: it never finds one, so a
 * member named again is added (and listed) again.
 */
export function membersKeyedByNumber<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
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

/**
 * Fault sac-network-unlisted-adds-fleet: the service's add takes `lockerUids ?? every locker the carrier owns` (the
 * portal's "add my whole fleet" button sends none) and the DTO was made to match, lockerUids optional: a body without
 * lockerUids, or with it null, adds the carrier's whole fleet.
 */
export function fleetWhenUnlisted(app: FaultPointApp, ctx: RequestContext): RequestContext {
  if (!app.fault('sac-network-unlisted-adds-fleet') || !isObject(ctx.body)) return ctx;
  if (ctx.body['lockerUids'] !== undefined && ctx.body['lockerUids'] !== null) return ctx;
  const fleet = app.state.lockerRecordsOwnedBy(ctx.carrier.name).map((r) => r.uid);
  return { ...ctx, body: { ...ctx.body, lockerUids: fleet.map(Number) }, raw: `{"lockerUids":[${fleet.join(',')}]}` };
}

/** Fault sac-network-answer-membership-id: per app, the next id of the membership table's sequence. */
const membershipIds = new WeakMap<object, number>();
/** Like every id sequence of the schema, the membership table's starts at 100001. */
const FIRST_MEMBERSHIP_ID = 100001;

/**
 * Fault sac-network-answer-membership-id: each record of the add's answer is mapped from the membership row the insert
 * returned, and the mapper takes lockerUid from the row's own id.
 */
export function membershipRowIds(app: Switches, reply: Reply): Reply {
  if (!app.fault('sac-network-answer-membership-id') || reply.status >= 300) return reply;
  for (const records of recordArrays(reply.body))
    records.forEach((r, i) => {
      const id = membershipIds.get(app) ?? FIRST_MEMBERSHIP_ID;
      membershipIds.set(app, id + 1);
      if (isObject(r)) records[i] = { ...r, lockerUid: id };
    });
  return reply;
}

/** Where a variation pushes a locker: the app's LockerUpdates. */
type Pushing = FaultPointApp & { emitLockerUpdate?(locker: StoredLocker, cause: 'update'): void };

/**
 * Variation ok-ac-network-add-pushes-locker: each locker a network add added is pushed as a LockerUpdates with its
 * record, the membership being a change of the locker for the carrier's systems.
 */
export function pushedOnNetworkAdd<A extends Pushing>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('ok-ac-network-add-pushes-locker')) return handle(app, ctx);
  const members = () => new Set([...app.state.networks.values()].flatMap((n) => [...n.members.keys()]));
  const before = members();
  return after(handle(app, ctx), (reply) => {
    for (const uid of members()) {
      const locker = app.state.lockers.get(uid);
      if (!before.has(uid) && locker) app.emitLockerUpdate?.(locker, 'update');
    }
    return reply;
  });
}

/**
 * Fault sae-network-carrier-status-flag: the membership keeps the carrier side as a flag, mapped back with
 * active ? 'ACTIVE' : null.
 */
export function carrierStatusFromFlag(app: Switches, reply: Reply): Reply {
  if (!app.fault('sae-network-carrier-status-flag') || reply.status >= 300) return reply;
  for (const records of recordArrays(reply.body))
    records.forEach((r, i) => {
      if (isObject(r) && 'carrierLockerStatus' in r && r['carrierLockerStatus'] !== 'ACTIVE')
        records[i] = { ...r, carrierLockerStatus: null };
    });
  return reply;
}

/**
 * Fault sag-network-fraction-uids-truncated: the network add binds lockerUids to longs with the binder's float-as-int
 * coercion on (Jackson's ACCEPT_FLOAT_AS_INT, on by default), which truncates: 100001.7 adds locker 100001.
 */
export function fractionsTruncated(app: Switches, ctx: RequestContext): RequestContext {
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
export function untaggedField(app: Switches, reply: Reply): Reply {
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
export function checkedThenInserted<A extends RegistryApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
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

/** Variation ok-ag-network-of-other-carrier-403: a network another carrier owns is forbidden, not unknown. */
export function otherCarriersNetwork(app: FaultPointApp, ctx: RequestContext): void {
  const raw = ctx.params['uid'] ?? '';
  if (!app.fault('ok-ag-network-of-other-carrier-403') || !/^\d{1,15}$/.test(raw)) return;
  const network = app.state.networks.get(Number(raw));
  if (network && network.owner !== ctx.carrier.name)
    throw new ApiError(403, 'NETWORK_FORBIDDEN', `network ${raw} belongs to another carrier`);
}

/** PHP's is_numeric over a string: blanks around, a sign, digits with a point, an exponent. */
const PHP_NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/**
 * POST /networks/{uid}/lockers's answer. Fault sai-network-names-by-uid-order: the names fetched ORDER BY uid, set by
 * position on the records in request order. Fault sai-network-numeric-strings-as-numbers: json_encode with
 * JSON_NUMERIC_CHECK.
 */
export function networkAnswered(app: Switches, reply: Reply): Reply {
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

/** Variation ok-ai-network-status-requested: new members are REQUESTED, and the records name their network. */
export function requestedStatus(app: Switches, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('ok-ai-network-status-requested') || reply.status >= 300 || !Array.isArray(reply.body)) return reply;
  const networkUid = Number(ctx.params['uid']);
  const body = reply.body.map((r: unknown) =>
    isObject(r) ? { ...r, ...('networkLockerStatus' in r ? { networkLockerStatus: 'REQUESTED' } : {}), networkUid } : r,
  );
  return { ...reply, body };
}

/** Variation ok-ai-network-skipped-header: the uids named that were neither added nor members already. */
export function skippedHeader<A extends LegacyColumnApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
  const raw = ctx.params['uid'] ?? '';
  const network = /^\d{1,15}$/.test(raw) ? app.state.networks.get(Number(raw)) : undefined;
  const uids: unknown = isObject(ctx.body) ? ctx.body['lockerUids'] : undefined;
  if (!app.fault('ok-ai-network-skipped-header') || !network || !Array.isArray(uids)) return handle(app, ctx);
  const before = new Set(network.members.keys());
  return after(handle(app, ctx), (reply) => {
    if (reply.status >= 300 || !Array.isArray(reply.body)) return reply;
    const added = new Set(reply.body.map((r: unknown) => (isObject(r) ? String(r['lockerUid']) : '')));
    const named = uids.filter((v) => Number.isSafeInteger(v)).map(String);
    const skipped = [...new Set(named)].filter((u) => !added.has(u) && !before.has(u));
    if (skipped.length === 0) return reply;
    return { ...reply, headers: { ...reply.headers, 'X-Skipped-Locker-Uids': skipped.join(',') } };
  });
}

/** Fault sak-network-add-first-batch-only: the most ids the membership service's bulk call takes. */
const MEMBERSHIP_BATCH = 50;

/** Fault sak-network-add-first-batch-only: of a valid add, the first chunk of lockerUids alone is sent on. */
export function firstBatchOnly(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('sak-network-add-first-batch-only') || ctx.raw === undefined) return ctx;
  if (!validatorFor('AddNetworkLockersRequest')(ctx.body) || !isObject(ctx.body)) return ctx;
  const sent = (parse(ctx.raw, null, (digits) => digits) as Editable)['lockerUids'] as string[];
  if (sent.length <= MEMBERSHIP_BATCH) return ctx;
  const lockerUids = (ctx.body['lockerUids'] as unknown[]).slice(0, MEMBERSHIP_BATCH);
  const raw = `{"lockerUids":[${sent.slice(0, MEMBERSHIP_BATCH).join(',')}]}`;
  return { ...ctx, body: { ...ctx.body, lockerUids }, raw };
}
