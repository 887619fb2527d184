// The points where the conformant variations of set AE (`ok-ae-*`) change the locker side: each does what the
// service does with its variation off. variedBySetAE wraps a route's handler (through set-ae-faults.ts bySetAE, in
// routes.ts); createdBySetAE is called from lockers.ts (newLocker, a created locker's record), viewedBySetAE from
// app.ts (lockerView) and authRefusalCode from server.ts (a refused key's errorCode).
import { ApiError } from '../errors';
import { type Handler, pairKey } from '../faults/behaviour/shared';
import type { LockerRecord, ProviderModel, StoredLocker } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { PROVIDER_MODELS } from '../seed';
import type { RequestSchema } from '../validation';
import { isObject, type Switches } from './fault-point-state';

/** What set AE's wrappers use of the app beyond the fault points' shape (the reference app has it all). */
export interface AEApp extends FaultPointApp {
  validate(schema: RequestSchema, body: unknown): unknown;
  lockerView(locker: StoredLocker): LockerRecord;
  list<T>(items: readonly T[], query: URLSearchParams, view?: (item: T) => unknown): Reply;
}

/** Variation ok-ae-auth-error-codes: the errorCode of a refused key, telling a missing key from a wrong one. */
export function authRefusalCode(app: Switches, apiKey: unknown): string {
  if (!app.fault('ok-ae-auth-error-codes')) return 'UNAUTHORIZED';
  return apiKey === undefined ? 'API_KEY_MISSING' : 'API_KEY_INVALID';
}

/**
 * Variation ok-ae-providers-from-lockers: the catalogue answered from the lockers the caller sees, one entry per
 * distinct provider, model and version, with the catalogue's providerUid where the provider is catalogued.
 */
function pairsOfLockers<A extends AEApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  if (!app.fault('ok-ae-providers-from-lockers') || app.options.choices.providerEntries !== 'pairs')
    return handle(app, ctx);
  const uidOf = new Map(PROVIDER_MODELS.map((p) => [p.providerName, p.providerUid]));
  const seen = new Set<string>();
  const entries: Partial<ProviderModel>[] = [];
  for (const { record } of app.state.visibleLockers(ctx.carrier.name)) {
    const { name, lockerModel, lockerVersion } = record.provider;
    const key = pairKey(name, lockerModel, lockerVersion);
    if (seen.has(key)) continue;
    seen.add(key);
    const providerUid = uidOf.get(name);
    entries.push({ providerName: name, ...(providerUid ? { providerUid } : {}), lockerModel, lockerVersion });
  }
  return app.list(entries, ctx.query);
}

/** The locker a PATCH /lockers/status body names (uid, or lockerUid: the status body choices), if the caller's. */
function statusLockerOfTextUid(app: FaultPointApp, ctx: RequestContext): StoredLocker | undefined {
  const body = isObject(ctx.body) ? ctx.body : {};
  const uid: unknown = body['uid'] ?? body['lockerUid'];
  return typeof uid === 'string' ? app.state.ownedLocker(ctx.carrier.name, uid) : undefined;
}

/**
 * Variation ok-ae-status-409-with-record: the status conflict also carries the locker as it is. Variation
 * ok-ae-disabled-leaves-network: a locker a status change takes out of ACTIVE leaves its networks.
 */
function variedStatusChange<A extends AEApp>(app: A, ctx: RequestContext, handle: Handler<A>): Reply | Promise<Reply> {
  const withRecord = (error: unknown): Reply => {
    const locker = app.fault('ok-ae-status-409-with-record') ? statusLockerOfTextUid(app, ctx) : undefined;
    if (!(error instanceof ApiError) || error.status !== 409 || !locker) throw error;
    return {
      status: 409,
      body: { errorCode: error.errorCode, message: error.message, locker: app.lockerView(locker) },
    };
  };
  const leaveNetworks = (reply: Reply): Reply => {
    const locker = app.fault('ok-ae-disabled-leaves-network') ? statusLockerOfTextUid(app, ctx) : undefined;
    if (reply.status >= 300 || !locker || locker.record.carrier.status === 'ACTIVE') return reply;
    for (const network of app.state.networks.values()) network.members.delete(locker.record.uid);
    return reply;
  };
  try {
    const reply = handle(app, ctx);
    return reply instanceof Promise ? reply.catch(withRecord).then(leaveNetworks) : leaveNetworks(reply);
  } catch (error) {
    return withRecord(error);
  }
}

/** The variations' wrappers by method and path (outside set AE's faults'). */
export function variedBySetAE<A extends AEApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  switch (`${method} ${path}`) {
    case 'GET /lockers/providers':
      return (app, ctx) => pairsOfLockers(app, ctx, handle);
    case 'PATCH /lockers/status':
      return (app, ctx) => variedStatusChange(app, ctx, handle);
    default:
      return handle;
  }
}
