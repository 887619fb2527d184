// The points where the conformant variations of set AI (`ok-ai-*`) change the locker side: each does what the service
// does with its variation off. variedBySetAI wraps a route's handler (through set-ai-faults.ts bySetAI, in routes.ts);
// the list's filter, the record view and the LockerUpdates call the exported points through set-ai-faults.ts.
import { badRequest } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import type { RequestSchema } from '../validation';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { after } from './set-v-faults';

/** What set AI's wrappers use of the app beyond the fault points' shape (the reference app has it all). */
export interface AIApp extends FaultPointApp {
  validate(schema: RequestSchema, body: unknown): unknown;
}

/** Variation ok-ai-providers-retired-versions: a retired version 0.9 of each model, and a retired flag on each. */
function retiredVersions(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-ai-providers-retired-versions') || reply.status >= 300 || !Array.isArray(reply.body)) return reply;
  const current = reply.body.map((e: unknown) => (isObject(e) ? { ...e, retired: false } : e));
  const models = new Map<string, Editable>();
  for (const e of current)
    if (isObject(e) && typeof e['lockerModel'] === 'string')
      models.set(JSON.stringify([e['providerName'], e['providerUid'], e['lockerModel']]), e);
  const retired = [...models.values()].map((e) => ({ ...e, lockerVersion: '0.9', retired: true }));
  return { ...reply, body: [...current, ...retired] };
}

/** Variation ok-ai-network-status-requested: new members are REQUESTED, and the records name their network. */
function requestedStatus(app: Switches, ctx: RequestContext, reply: Reply): Reply {
  if (!app.fault('ok-ai-network-status-requested') || reply.status >= 300 || !Array.isArray(reply.body)) return reply;
  const networkUid = Number(ctx.params['uid']);
  const body = reply.body.map((r: unknown) =>
    isObject(r) ? { ...r, ...('networkLockerStatus' in r ? { networkLockerStatus: 'REQUESTED' } : {}), networkUid } : r,
  );
  return { ...reply, body };
}

/** Variation ok-ai-network-skipped-header: the uids named that were neither added nor members already. */
function skippedHeader<A extends AIApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
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

/** Variation ok-ai-third-party-update-read-only: a third-party locker is the provider's to change. */
function thirdPartyReadOnly(app: FaultPointApp, ctx: RequestContext): void {
  const uid = ctx.params['uid'] ?? '';
  if (!app.fault('ok-ai-third-party-update-read-only')) return;
  if (app.state.lockers.get(uid)?.record.ownedByCarrier === null)
    throw badRequest('LOCKER_READ_ONLY', `locker "${uid}" is a third-party locker: its provider manages it`);
}

/** The variations' wrappers by method and path. */
export function variedBySetAI<A extends AIApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'GET /lockers/providers':
      return (app, ctx) => after(handle(app, ctx), (reply) => retiredVersions(app, reply));
    case 'PATCH /lockers/{uid}':
      return (app, ctx) => {
        thirdPartyReadOnly(app, ctx);
        return handle(app, ctx);
      };
    case 'POST /networks/{uid}/lockers':
      return (app, ctx) => skippedHeader(app, ctx, (a, c) => after(handle(a, c), (r) => requestedStatus(a, c, r)));
    default:
      return handle;
  }
}
