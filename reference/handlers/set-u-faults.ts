// The points where the faults and variations of set U change the parcel paths: each does what the
// service does when its fault is off (nothing, or the value as given) and the fault's behaviour when on. Called from
// spec-set-d-points.ts (publish, view, pushes), parcel-list.ts, cancel.ts, trigger.ts, collections.ts and server.ts.
import { badRequest } from '../errors';
import { spelled } from '../faults/behaviour/parcels';
import { keptOf } from '../faults/behaviour/shared';
import type { StoredLocker, StoredParcel, TriggerBody } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import { SIGNATURE_PNG } from '../seed';
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

/** Fault su-parcel-list-nan-volume: depth x height x width as a float, NaN where a dimension is missing. */
function volumeOf(app: FaultPointApp, shipmentUid: string): number {
  const d = keptOf(app).dimensions.get(shipmentUid);
  const sides = [d?.['depth'], d?.['height'], d?.['width']];
  return sides.every((s) => typeof s === 'number') ? sides.reduce((a: number, s: number) => a * s, 1) : Number.NaN;
}

/**
 * GET /parcels' record view as set U's faults write it. Fault su-cancelled-spelled-twice (above). Fault
 * su-parcel-list-nan-volume: each record carries parcelVolume, NaN where a dimension is missing.
 */
export function setUListView<T>(app: FaultPointApp, view: (item: T) => unknown): (item: T) => unknown {
  if (!app.fault('su-cancelled-spelled-twice') && !app.fault('su-parcel-list-nan-volume')) return view;
  return (item) => {
    const record = spelled(app, view(item));
    if (app.fault('su-parcel-list-nan-volume') && isObject(record))
      record['parcelVolume'] = volumeOf(app, String(record['shipmentUid']));
    return record;
  };
}

const NAN_MARK = 'NaN\u2060';

/** Fault su-parcel-list-nan-volume: the list written as Flask's jsonify writes it (allow_nan: a bare NaN token). */
export function setUListReply(app: FaultPointApp, reply: Reply): Reply {
  if (!app.fault('su-parcel-list-nan-volume') || reply.body === undefined) return reply;
  const text = JSON.stringify(reply.body, (_, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? NAN_MARK : v));
  return { ...reply, raw: text.split(`"${NAN_MARK}"`).join('NaN') };
}

/** Fault su-cancelled-spelled-twice: the cancel answer comes from the parcel module too. */
export function setUCancelAnswer(app: FaultPointApp, body: unknown): unknown {
  return spelled(app, body);
}

/**
 * Fault su-cancel-id-suffix-pattern: the cancel route matches with suffix pattern matching on (Spring MVC's
 * useSuffixPatternMatch), so the last ".xxx" of the path segment is taken as a format extension, not part of the id.
 */
export function suffixPattern(app: FaultPointApp, id: string): string {
  const dot = id.lastIndexOf('.');
  return app.fault('su-cancel-id-suffix-pattern') && dot > 0 ? id.slice(0, dot) : id;
}

/** Variation ok-u-parcels-link-header-pages: GitHub-style pages, the page's records bare, the others in Link. */
export function linkPaged<T>(
  app: FaultPointApp,
  items: readonly T[],
  query: URLSearchParams,
  view: (item: T) => unknown,
): Reply | undefined {
  if (!app.fault('ok-u-parcels-link-header-pages') || app.options.choices.listEnvelope !== 'array') return undefined;
  const asked = (name: string, fallback: number) => {
    const n = Number(query.get(name) ?? fallback);
    return Number.isInteger(n) && n >= 1 ? n : fallback;
  };
  const perPage = Math.min(asked('per_page', 10), 100);
  const last = Math.max(Math.ceil(items.length / perPage), 1);
  const page = asked('page', 1);
  const link = (n: number, rel: string) => `</v1/parcels?page=${n}&per_page=${perPage}>; rel="${rel}"`;
  const links = [
    ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
    ...(page > 1 ? [link(1, 'first'), link(Math.min(page - 1, last), 'prev')] : []),
  ];
  const body = items.slice((page - 1) * perPage, page * perPage).map(view);
  return { status: 200, body, ...(links.length ? { headers: { link: links.join(', ') } } : {}) };
}

/**
 * Fault su-trigger-parcel-id-sticky-regex: the mock checks parcel_id with a module-level pattern written with the g
 * flag, whose lastIndex test() keeps: after a match the next test starts past the start, fails and resets.
 */
export function parcelIdChecked(app: FaultPointApp, body: TriggerBody): void {
  if (app.fault('su-trigger-parcel-id-sticky-regex') && !keptOf(app).parcelIdPattern.test(body.parcel_id))
    throw badRequest('VALIDATION_FAILED', '/parcel_id must be a non-blank parcel identifier');
}

/** What a drop-off needs of the app: its clock and its parcel push (app.ts, not imported: no circle). */
type DropOffApp = FaultPointApp & {
  now(): string;
  emitParcelUpdate(parcel: StoredParcel, cause: 'trigger'): void;
};

/** Variation ok-u-trigger-dropoff-creates-parcel: a drop-off of a parcel nobody announced makes it, delivered. */
export function unannouncedDropOff(
  app: DropOffApp,
  ctx: RequestContext,
  body: TriggerBody,
  locker: StoredLocker,
  found: StoredParcel | undefined,
): Reply | undefined {
  if (!app.fault('ok-u-trigger-dropoff-creates-parcel') || found || body.event_type !== 'CONSIGNEE_DELIVERED') return;
  const timestamp = app.now();
  const parcel: StoredParcel = {
    owner: ctx.carrier.name,
    delivered: true,
    record: {
      shipmentUid: app.state.newShipmentUid(),
      lockerUid: locker.record.uid,
      carrierParcelId: body.parcel_id,
      carrierLockerId: locker.record.carrier.lockerId,
      shipmentType: body.shipment_type,
      shipmentStatus: 'DELIVERED',
      dimensionsStatus: 'INCOMPLETE',
      allocationType: 'HARD_RESERVATION',
      accessCodes: null,
      consignee: null,
      events: [{ type: 'CONSIGNEE_DELIVERED', timestamp }],
      signature: { imageBase64: SIGNATURE_PNG, format: 'PNG' },
      lockStatus: 'UNLOCKED',
    },
  };
  app.state.parcels.push(parcel);
  app.emitParcelUpdate(parcel, 'trigger');
  const message = `unannounced parcel ${body.parcel_id} dropped off in locker ${body.provider_locker_id}`;
  return { status: 200, body: { message, event_type: body.event_type } };
}

/** Fault su-collection-fetch-object-body: the job posts with fetch(url, {body: notification}), never stringified. */
export function collectionWire(app: FaultPointApp): { raw?: string } {
  return app.fault('su-collection-fetch-object-body') ? { raw: String({}) } : {};
}

/**
 * Fault su-collection-locker-id-from-parcel: the job selects carrierLockerId from the waiting parcel's row (the copy
 * the booking stored), not from the locker: once the locker's carrier.lockerId changed, the old one is named.
 */
export function collectedLockerId(app: FaultPointApp, locker: StoredLocker): string {
  if (!app.fault('su-collection-locker-id-from-parcel')) return locker.record.carrier.lockerId;
  const waiting = app.state.parcels.filter(
    (p) =>
      p.record.lockerUid === locker.record.uid &&
      p.record.shipmentStatus === 'DELIVERED' &&
      (p.record.shipmentType === 'FIRST_MILE' || p.record.shipmentType === 'RETURN'),
  );
  return waiting[0]?.record.carrierLockerId ?? locker.record.carrier.lockerId;
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
