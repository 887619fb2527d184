// The points where the faults and variations of set U change the parcel paths: each does what the
// service does when its fault is off (nothing, or the value as given) and the fault's behaviour when on. Called from
// spec-set-d-points.ts (publish, view, pushes), parcel-list.ts, cancel.ts, trigger.ts, collections.ts and server.ts.
import { keptOf } from '../faults/behaviour/shared';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import { type Editable, isObject } from './fault-point-state';

/**
 * A parcel record as every place shows it. Fault su-signature-empty-composite: the signature is an embedded value
 * read with empty composites created, so a parcel without one shows {imageBase64: null, format: null}. Variation
 * ok-u-consignee-empty-composite: the consignee columns read the same way where the booking sent no consignee.
 */
export function setUParcelView(app: FaultPointApp, record: Editable): void {
  if (app.fault('su-signature-empty-composite') && record['signature'] === undefined)
    record['signature'] = { imageBase64: null, format: null };
  const held = keptOf(app).nullConsignee;
  const sentNull = held.has(record['shipmentUid']) || held.has(`id:${record['carrierParcelId']}`);
  if (app.fault('ok-u-consignee-empty-composite') && record['consignee'] === null && !sentNull)
    record['consignee'] = { name: null, email: null };
}

/**
 * A ParcelUpdates as set U's faults send it; true: not sent. The push of a booking rolled back (faults
 * su-accessible-null-unboxed, su-consignee-quote-sql-error) is not sent. Fault su-insert-push-null-timestamp:
 * eventTimestamp is read from the row's updated_at, which ON UPDATE CURRENT_TIMESTAMP without a DEFAULT leaves NULL
 * until the row's first update: a parcel's first push (its only event its creation) carries null.
 */
export function setUParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  if (!isObject(body)) return false;
  if (keptOf(app).rollingBack.has(`${owner.name}|${String(body['carrierParcelId'])}`)) return true;
  if (app.fault('su-insert-push-null-timestamp') && Array.isArray(body['events']) && body['events'].length === 1)
    body['eventTimestamp'] = null;
  return false;
}

/**
 * Fault su-by-tenant-route-unversioned: the by-tenant controller sits in a module the versioned router does not
 * register, so it is served at /parcels/data/by-tenant-locker-id and not under the v1 base path.
 */
export function unversionedPath(app: { fault(name: string): boolean; basePaths: { service: string } }, path: string) {
  const route = '/parcels/data/by-tenant-locker-id';
  if (!app.fault('su-by-tenant-route-unversioned')) return path;
  if (path === route) return app.basePaths.service + route;
  return path === app.basePaths.service + route ? route : path;
}
