// The points where the faults and variations of set O change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in spec-set-d-points.ts (publish, pushes, consignee), parcels.ts, parcel-list.ts, cancel.ts,
// trigger.ts, collections.ts, server.ts and http-io.ts.
import type { FaultPointApp } from '../request-types';

/**
 * Fault so-parcels-key-checked-in-query: GET /parcels only checks that a key header is there and scopes the query by
 * `owner = (SELECT carrier FROM api_keys WHERE key = :key)`: a key no carrier has matches no row, answered 200 with no
 * parcel. A missing header is still refused.
 */
export function keyCheckedInQuery(app: FaultPointApp, path: string, apiKey: unknown): boolean {
  return app.fault('so-parcels-key-checked-in-query') && path === '/parcels' && typeof apiKey === 'string' && !!apiKey;
}

/** Variation ok-o-error-codes-dotted: the parcel operations, whose errorCodes are message keys of their area. */
const PARCEL_ROUTES = new Set([
  '/parcels/data',
  '/parcels/data/by-tenant-locker-id',
  '/parcels',
  '/parcels/{parcelId}',
]);

/** Variation ok-o-error-codes-dotted: an errorCode of a parcel operation as a dotted message key (parcel.not_found). */
export function dottedCode(app: FaultPointApp, route: string | undefined, status: number, code: string): string {
  if (!app.fault('ok-o-error-codes-dotted') || !PARCEL_ROUTES.has(route ?? '')) return code;
  return `${status === 401 || status === 403 ? 'auth' : 'parcel'}.${code.toLowerCase()}`;
}
