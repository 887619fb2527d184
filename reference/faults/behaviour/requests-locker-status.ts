// The route wrappers' behaviour around PATCH /lockers/status. With its fault off each point does what the service does.
import { ApiError, badRequest } from '../../errors';
import { isObject, type Switches } from '../../handlers/fault-point-state';
import type { StoredLocker } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { after, heldBy, type LegacyColumnApp, legacyStatuses, type PooledApp } from './requests-routes';
import type { Handler } from './shared';

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
 * PATCH /lockers/status behind a compensating command. Fault sv-status-concurrent-compensation (above). Variation
 * ok-v-provider-status-follows: provider.status follows carrier.status just after the answer and the push.
 */
export function compensatedStatusChange<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
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

/** Fault sw-status-noop-provider-adapter: the providers whose adapter carries out status commands. */
const ADAPTED_PROVIDERS = new Set(['PROVIDER_NAME_1', 'PROVIDER_NAME_2']);

/**
 * Fault sw-status-noop-provider-adapter: the status is stored on the provider adapter's confirmation; the answer and
 * the LockerUpdates are made from the command. The fallback adapter of the providers not integrated yet answers
 * success and never confirms, so their lockers keep the status they had.
 */
export function noopProviderAdapter<A extends FaultPointApp>(handle: Handler<A>): Handler<A> {
  return (app, ctx) => {
    if (!app.fault('sw-status-noop-provider-adapter')) return handle(app, ctx);
    const body = isObject(ctx.body) ? ctx.body : {};
    const locker = app.state.ownedLocker(ctx.carrier.name, String(body['uid'] ?? body['lockerUid'] ?? ''));
    const before = locker?.record.carrier.status;
    return after(handle(app, ctx), (reply) => {
      if (!locker || before === undefined || reply.status >= 300) return reply;
      if (ADAPTED_PROVIDERS.has(locker.record.provider.name)) return reply;
      locker.record.carrier.status = before;
      app.lag.written(locker, locker.record);
      return reply;
    });
  };
}

/** Variation ok-ac-status-word-allow-list: the statuses the status operation takes. */
const STATUS_WORDS = ['ACTIVE', 'INACTIVE', 'PENDING', 'MAINTENANCE'];

/** Variation ok-ac-status-word-allow-list: PATCH /lockers/status takes the statuses of its enum only. */
export function checkStatusWord(app: Switches, ctx: RequestContext): RequestContext {
  if (!app.fault('ok-ac-status-word-allow-list') || !isObject(ctx.body)) return ctx;
  const status: unknown = ctx.body['status'] ?? ctx.body['newStatus'];
  if (typeof status === 'string' && !STATUS_WORDS.includes(status))
    throw badRequest('VALIDATION_FAILED', `/status must be one of ${STATUS_WORDS.join(', ')}`);
  return ctx;
}

/**
 * Fault sae-status-409-text-html: the status conflict is written by hand with the framework's send() of a string,
 * which declares text/html.
 */
export function conflictSentAsText<A extends PooledApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
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
export function variedStatusChange<A extends PooledApp>(
  app: A,
  ctx: RequestContext,
  handle: Handler<A>,
): Reply | Promise<Reply> {
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

/** Fault sai-status-legacy-column-read: the status service writes its own column; the old one keeps the one before. */
export function statusWrittenToNewColumn<A extends LegacyColumnApp>(
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
