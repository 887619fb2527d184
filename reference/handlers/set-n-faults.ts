// The points where the faults and variations of set N change the locker, list, network and push paths:
// each function does what the service does when its fault is off (nothing, or the value as given) and the fault's
// behaviour when it is on. The lines that call them are in server.ts, app.ts, lockers.ts, locker-update.ts,
// locker-stored.ts and networks.ts.
import type { ServerResponse } from 'node:http';
import type { FaultPointApp, Reply } from '../request-types';

/** Fault sn-locker-answers-xssi-prefix: what the anti-JSON-hijacking filter of the locker router writes first. */
const XSSI_PREFIX = ")]}',\n";
const GUARDED_ROUTES = new Set(['/lockers', '/lockers/providers']);

/**
 * Fault sn-locker-answers-xssi-prefix: the locker router's anti-JSON-hijacking filter prefixes every GET answer whose
 * body is a top-level JSON array with )]}', and a line break (the guard Angular's HttpClient strips).
 */
export function xssiGuarded(app: FaultPointApp, method: string | undefined, reply: Reply & { route?: string }) {
  const guarded = method === 'GET' && GUARDED_ROUTES.has(reply.route ?? '') && Array.isArray(reply.body);
  return app.fault('sn-locker-answers-xssi-prefix') && guarded;
}

/** Fault sn-locker-answers-xssi-prefix: the guarded answer, prefix and JSON, as the filter writes it. */
export function sendXssiGuarded(res: ServerResponse, reply: Reply): void {
  const payload = XSSI_PREFIX + JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Every string of a parsed body trimmed, as a trimming string deserializer binds it. */
function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimmed(v)]));
}

/**
 * Fault sn-strings-trimmed-on-bind: the JSON binder of the locker endpoints has a global string deserializer that
 * trims every string it binds (registered for the portal's forms): the body the service acts on is trimmed.
 */
export function trimmedOnBind(app: FaultPointApp, operationId: string, body: unknown): unknown {
  const lockerWrite = operationId === 'createLocker' || operationId === 'updateLocker';
  return app.fault('sn-strings-trimmed-on-bind') && lockerWrite ? trimmed(body) : body;
}
