// The points where the faults and variations of set Q change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in spec-set-d-points.ts (publish, pushes, parcel view), server.ts, parcel-list.ts,
// cancel.ts, trigger.ts and collections.ts.
import type { FaultPointApp, Reply } from '../request-types';
import { isObject } from './fault-point-state';

/**
 * Fault sq-precheck-default-tenant: the publish handler calls requireCarrier() in its BOOKING branch only, and the
 * request's tenant falls back to the default tenant (the first carrier) where the key names none: a PRE_CHECK without a
 * key, or with a wrong one, is carried out as the first carrier's.
 */
export function defaultTenantCheck(app: FaultPointApp, path: string, raw: Buffer): boolean {
  if (!app.fault('sq-precheck-default-tenant') || !path.startsWith('/parcels/data')) return false;
  try {
    const body: unknown = JSON.parse(raw.toString('utf8'));
    return isObject(body) && body['eventType'] === 'PRE_CHECK';
  } catch {
    return false;
  }
}

/** Fault sq-parcels-ndjson-past-buffer: the size of the list writer's response buffer. */
const RESPONSE_BUFFER_BYTES = 2048;

/**
 * Fault sq-parcels-ndjson-past-buffer: GET /parcels switches to its streaming writer once the answer outgrows the
 * response buffer, and the streaming writer writes one record per line (NDJSON), declared application/x-ndjson.
 * Undefined where the answer is written as it is.
 */
export function streamedParcelList(app: FaultPointApp, reply: Reply & { route?: string }): Reply | undefined {
  if (!app.fault('sq-parcels-ndjson-past-buffer') || reply.route !== '/parcels' || !Array.isArray(reply.body))
    return undefined;
  if (Buffer.byteLength(JSON.stringify(reply.body)) <= RESPONSE_BUFFER_BYTES) return undefined;
  return { status: reply.status, body: reply.body.map((record) => JSON.stringify(record) + '\n').join('') };
}
