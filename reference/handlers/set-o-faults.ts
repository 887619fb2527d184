// The points where the faults and variations of set O change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in spec-set-d-points.ts (publish, pushes, consignee), parcels.ts, parcel-list.ts, cancel.ts,
// trigger.ts, collections.ts, server.ts and http-io.ts.
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import { isObject } from './fault-point-state';

/** Fault so-push-dedup-by-parcel-id-status: the (carrierParcelId, shipmentStatus) pairs pushed, of every carrier. */
const pushedPairs = new WeakMap<FaultPointApp, Set<string>>();

/**
 * A ParcelUpdates as set O's faults send it: true where it is not sent.
 * Fault so-push-dedup-by-parcel-id-status: the sender drops an event whose idempotency key, carrierParcelId and
 * shipmentStatus, it has sent before (meant to drop redelivered events; the carrier and the shipmentUid are left out).
 * Fault so-push-cloudevents-pilot-carrier: the second carrier is in the pilot of the CloudEvents publisher (a feature
 * flag per carrier), which sends the record as `data` of a structured-mode CloudEvent.
 */
export function setOParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  if (!isObject(body)) return false;
  if (app.fault('so-push-dedup-by-parcel-id-status')) {
    const pairs = pushedPairs.get(app) ?? new Set<string>();
    pushedPairs.set(app, pairs);
    const pair = `${String(body['carrierParcelId'])} ${String(body['shipmentStatus'])}`;
    if (pairs.has(pair)) return true;
    pairs.add(pair);
  }
  if (app.fault('so-push-cloudevents-pilot-carrier') && owner === app.options.carriers[1]) {
    const data = { ...body };
    for (const member of Object.keys(body)) delete body[member];
    Object.assign(body, {
      specversion: '1.0',
      id: `${String(data['shipmentUid'])}-${String(data['eventTimestamp'])}`,
      source: '/carrier-integration/parcels',
      type: 'com.carrier-integration.parcel.updated',
      time: data['eventTimestamp'],
      datacontenttype: 'application/json',
      data,
    });
  }
  return false;
}

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
