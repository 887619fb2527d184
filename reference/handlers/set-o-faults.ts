// The points where the faults and variations of set O change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in spec-set-d-points.ts (publish, pushes, consignee), parcels.ts, parcel-list.ts, cancel.ts,
// trigger.ts, collections.ts, server.ts and http-io.ts.
import { ApiError, badRequest } from '../errors';
import type { StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import { isObject } from './fault-point-state';

/**
 * Fault so-parcel-list-to-map-first-wins: GET /parcels collects the rows into a map keyed by carrierParcelId with a
 * merge function that keeps the first (toMap(getCarrierParcelId, p -> p, (a, b) -> a), written to stop the duplicate
 * key exception): of the carrier's parcels sharing a carrierParcelId only the oldest is listed.
 */
export function firstPerParcelId(app: FaultPointApp, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('so-parcel-list-to-map-first-wins')) return parcels;
  const first = new Map<string, StoredParcel>();
  for (const p of parcels) if (!first.has(p.record.carrierParcelId)) first.set(p.record.carrierParcelId, p);
  return [...first.values()];
}

/** Variation ok-o-parcels-last-changed-first: the list ordered by each parcel's newest event, newest first. */
export function lastChangedFirst(app: FaultPointApp, parcels: StoredParcel[]): StoredParcel[] {
  if (!app.fault('ok-o-parcels-last-changed-first')) return parcels;
  const last = (p: StoredParcel) => p.record.events.reduce((t, e) => (e.timestamp > t ? e.timestamp : t), '');
  return [...parcels].reverse().sort((a, b) => (last(a) === last(b) ? 0 : last(a) > last(b) ? -1 : 1));
}

/**
 * Fault so-cancel-release-needs-active-locker: a cancellation releases the compartment through the provider's locker
 * command API before it is written, and the API refuses commands for a locker whose status is not ACTIVE; the refusal
 * is answered 400 and the parcel stays booked.
 */
export function releaseCompartment(app: FaultPointApp, parcel: StoredParcel): void {
  const locker = app.state.lockers.get(parcel.record.lockerUid);
  if (app.fault('so-cancel-release-needs-active-locker') && locker && locker.record.carrier.status !== 'ACTIVE')
    throw badRequest('COMPARTMENT_RELEASE_FAILED', `locker ${locker.record.uid} does not accept commands`);
}

/** Fault so-cancel-refusal-message-table: the refusal's reason per status, written before COLLECTED existed. */
const NOT_CANCELLABLE_REASON: Record<string, string> = {
  CANCELLED: 'parcel {id} is already cancelled',
  DELIVERED: 'parcel {id} has been delivered',
};

/**
 * Fault so-cancel-refusal-message-table: the refusal's message is REASONS[status].replace('{id}', id), and the table
 * has no COLLECTED: the refusal of a collected parcel throws a TypeError, answered 500.
 */
export function refusalReason(app: FaultPointApp, status: string): void {
  if (app.fault('so-cancel-refusal-message-table') && NOT_CANCELLABLE_REASON[status] === undefined)
    throw new ApiError(500, 'INTERNAL_ERROR', "Cannot read properties of undefined (reading 'replace')");
}

/**
 * Fault so-trigger-parcel-keyed-by-provider-locker: the staging mock plays the provider, which knows no carrier, and
 * finds the parcel an event names by (locker, parcel_id) among every carrier's parcels, the newest first.
 */
export function mockParcel(
  app: FaultPointApp,
  carrier: string,
  match: (p: StoredParcel) => boolean,
): StoredParcel | undefined {
  if (!app.fault('so-trigger-parcel-keyed-by-provider-locker')) return app.state.latestParcel(carrier, match);
  return [...app.state.parcels].reverse().find(match);
}

/** Fault so-collection-one-locker-per-carrier: the notification DTO holds one carrierLockerId, the group's first. */
export function oneLockerPerCarrier(app: FaultPointApp, lockerUids: Set<string>): Set<string> {
  if (!app.fault('so-collection-one-locker-per-carrier')) return lockerUids;
  return new Set([...lockerUids].slice(0, 1));
}

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
