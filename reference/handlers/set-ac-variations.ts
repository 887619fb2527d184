// The points where the conformant variations of set AC (`ok-ac-*`) change the locker side: each does
// what the service does with its variation off. variedBySetAC wraps a route's handler (through set-ac-faults.ts
// bySetAC, in routes.ts); variedNewRecord is called from set-ac-faults.ts setACNewRecord (a created locker's record).
import { badRequest } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { StoredLocker } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { isObject, type Switches } from './fault-point-state';
import { after, recordArrays } from './set-v-faults';

/**
 * Variation ok-ac-create-location-header: a create is answered 201 with a Location header naming the new locker, as
 * REST frameworks' created() answers are.
 */
function createdWithLocation(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-ac-create-location-header') || reply.status !== 201 || !isObject(reply.body)) return reply;
  return { ...reply, headers: { ...reply.headers, location: `/v1/lockers/${String(reply.body['uid'])}` } };
}

/** Variation ok-ac-status-word-allow-list: the statuses the status operation takes. */
const STATUS_WORDS = ['ACTIVE', 'INACTIVE', 'PENDING', 'MAINTENANCE'];

/** Variation ok-ac-status-word-allow-list: PATCH /lockers/status takes the statuses of its enum only. */
function checkStatusWord(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('ok-ac-status-word-allow-list') || !isObject(ctx.body)) return ctx;
  const status: unknown = ctx.body['status'] ?? ctx.body['newStatus'];
  if (typeof status === 'string' && !STATUS_WORDS.includes(status))
    throw badRequest('VALIDATION_FAILED', `/status must be one of ${STATUS_WORDS.join(', ')}`);
  return ctx;
}

/**
 * Variation ok-ac-provider-name-follows-rename: a rename is forwarded to the provider, whose name for the locker
 * (provider.lockerName) follows where it was the carrier's name.
 */
function renamedForProvider<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  const locker = app.state.ownedLocker(ctx.carrier.name, ctx.params['uid'] ?? '');
  if (!app.fault('ok-ac-provider-name-follows-rename') || !locker) return handle(app, ctx);
  const nameBefore = locker.record.carrier.lockerName;
  return after(handle(app, ctx), (reply) => {
    const record = locker.record;
    if (reply.status >= 300 || record.carrier.lockerName === nameBefore || record.provider.lockerName !== nameBefore)
      return reply;
    record.provider.lockerName = record.carrier.lockerName;
    app.lag.written(locker, record);
    const body = reply.body;
    if (!isObject(body) || !isObject(body['provider'])) return reply;
    return { ...reply, body: { ...body, provider: { ...body['provider'], lockerName: record.carrier.lockerName } } };
  });
}

/**
 * Variation ok-ac-list-network-memberships: GET /lockers shows, on each locker, the networks it is a member of, as
 * networks: [{networkUid, networkLockerStatus}] ([] for none).
 */
function listedWithNetworks(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('ok-ac-list-network-memberships')) return reply;
  const networks = [...app.state.networks.values()];
  for (const records of recordArrays(reply.body))
    records.forEach((r, i) => {
      if (!isObject(r)) return;
      const memberOf = networks.flatMap((n) => {
        const member = n.members.get(String(r['uid']));
        return member ? [{ networkUid: n.uid, networkLockerStatus: member.networkLockerStatus }] : [];
      });
      records[i] = { ...r, networks: memberOf };
    });
  return reply;
}

/** Where a variation pushes a locker: the app's LockerUpdates. */
type Pushing = FaultPointApp & { emitLockerUpdate?(locker: StoredLocker, cause: 'update'): void };

/**
 * Variation ok-ac-network-add-pushes-locker: each locker a network add added is pushed as a LockerUpdates with its
 * record, the membership being a change of the locker for the carrier's systems.
 */
function pushedOnNetworkAdd<A extends Pushing>(app: A, ctx: RequestContext, handle: Handler<A>) {
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

/** The variations' wrappers by method and path, around the faults' (set-ac-faults.ts bySetAC). */
export function variedBySetAC<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'POST /lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => createdWithLocation(app, reply));
    case 'GET /lockers':
      return (app, ctx) => after(handle(app, ctx), (reply) => listedWithNetworks(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => renamedForProvider(app, ctx, handle);
    case 'PATCH /lockers/status':
      return (app, ctx) => handle(app, checkStatusWord(app, ctx));
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => pushedOnNetworkAdd(app, ctx, handle);
    default:
      return handle;
  }
}
