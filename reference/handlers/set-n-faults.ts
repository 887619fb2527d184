// The points where the faults and variations of set N change the locker, list, network and push paths:
// each function does what the service does when its fault is off (nothing, or the value as given) and the fault's
// behaviour when it is on. The lines that call them are in server.ts, app.ts, lockers.ts, locker-update.ts,
// locker-stored.ts and networks.ts.
import type { ServerResponse } from 'node:http';
import type { JsonObject } from '../model';
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

/** Fault sn-locker-push-outbox-column-limit: the outbox's payload column, VARCHAR2(2000 BYTE). */
const OUTBOX_PAYLOAD_BYTES = 2000;

/**
 * A LockerUpdates body as set N's faults write it; false where it is not sent.
 * Fault sn-locker-push-metadata-map: the locker event schema (Avro) models metadata as map<string, string>, so the push
 * carries it as an object keyed by key (a null key written "null", a later entry of a key over an earlier one).
 * Fault sn-locker-push-outbox-column-limit: a payload longer than the outbox column fails its insert, which the
 * publisher logs and swallows: the event is never sent.
 */
export function setNLockerPush(app: FaultPointApp, body: Record<string, unknown>): boolean {
  const metadata = body['metadata'];
  if (app.fault('sn-locker-push-metadata-map') && Array.isArray(metadata))
    body['metadata'] = Object.fromEntries(metadata.map((e: JsonObject) => [String(e['key']), e['value'] ?? null]));
  return (
    !app.fault('sn-locker-push-outbox-column-limit') || Buffer.byteLength(JSON.stringify(body)) <= OUTBOX_PAYLOAD_BYTES
  );
}
