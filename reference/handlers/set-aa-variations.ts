// The points where the conformant variations of set AA (`ok-aa-*`) change the locker, catalogue and
// network paths and how an answer leaves: each does nothing with its variation off. variedBySetAA is composed by
// bySetAA (set-aa-faults.ts, routes.ts); the others are called from server.ts, lockers.ts, providers.ts and
// networks.ts (re-exported by set-aa-faults.ts).
import { stringify } from 'lossless-json';
import { ApiError, badRequest } from '../errors';
import type { Handler } from '../faults/behaviour/shared';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { onRefusal } from './partial-writes';
import { LOCKER_ROUTES } from './set-y-variations';

/** The operations of the locker service whose refused key §7 gives no status for (it lists 401 for the others). */
const UNLISTED_KEY_REFUSAL = new Set(['/lockers', '/lockers/providers', '/lockers/status', '/networks/{uid}/lockers']);

/**
 * Variation ok-aa-missing-key-400: the locker gateway checks the X-API-Key header as a required parameter, so a request
 * without it is refused 400 {errorCode, message} where §7 lists no 401; a wrong key is refused as before.
 */
export function missingKeyRefused(app: FaultPointApp, path: string, apiKey: unknown): void {
  if (!app.fault('ok-aa-missing-key-400') || apiKey !== undefined || !UNLISTED_KEY_REFUSAL.has(path)) return;
  throw badRequest('MISSING_API_KEY', 'the required header X-API-Key is missing');
}

/** Variation ok-aa-answers-pretty-printed: a successful answer written indented, with a final line break. */
function prettyPrinted(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('ok-aa-answers-pretty-printed') || reply.status >= 300 || reply.raw !== undefined) return reply;
  if (reply.body === undefined) return reply;
  return { ...reply, raw: `${stringify(reply.body, undefined, 2)}\n` };
}

/**
 * Variation ok-aa-update-404-json-string: an update of a uid that names none of the caller's lockers is answered 404
 * with a JSON string, the message alone.
 */
function notFoundAsString<A extends FaultPointApp>(app: A, ctx: RequestContext, handle: Handler<A>) {
  if (!app.fault('ok-aa-update-404-json-string')) return handle(app, ctx);
  const asString = (error: unknown): Reply => {
    if (error instanceof ApiError && error.status === 404) return { status: 404, body: error.message };
    throw error;
  };
  return onRefusal(app, ctx, handle, asString);
}

/** The variations' wrappers by method and path: the handler where none applies. */
export function variedBySetAA<A extends FaultPointApp>(method: string, path: string, handle: Handler<A>): Handler<A> {
  const route = `${method} ${path}`;
  if (!LOCKER_ROUTES.has(route)) return handle;
  const notFound: Handler<A> = route === 'PATCH /lockers/{uid}' ? (a, c) => notFoundAsString(a, c, handle) : handle;
  return (app, ctx) => {
    const reply = notFound(app, ctx);
    return reply instanceof Promise ? reply.then((r) => prettyPrinted(app, r)) : prettyPrinted(app, reply);
  };
}
