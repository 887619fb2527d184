// The points where the faults of set Z change the service: each does what the service does with its
// fault off, and the fault's behaviour with it on; its variations are set-z-variations.ts. Called from
// spec-set-d-points.ts (publish, pushes), parcel-list.ts, cancel.ts, trigger.ts, collections.ts and app.ts (the
// webhook sender's options).
import type { StoredLocker, StoredParcel, TriggerBody } from '../model';
import type { CarrierAccount } from '../options';
import type { OutboxOptions } from '../outbox';
import type { FaultPointApp, Reply } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';
import type { CancelForm } from './set-x-faults';
import { chunkedBody } from './set-z-variations';

/** Fault sz-parcel-list-hides-locked: the list reuses the consignee app's "collectable parcels" query. */
export function collectableOnly(app: Switches, parcels: StoredParcel[]): StoredParcel[] {
  return app.fault('sz-parcel-list-hides-locked') ? parcels.filter((p) => p.record.lockStatus !== 'LOCKED') : parcels;
}

/**
 * Fault sz-cancel-path-id-coerced-number: the route declares parcelId as an integer or a string (shipment numbers
 * were integers once) and the validator coerces, so an id of digits only is looked up as the number it reads as.
 */
export function coercedPathId(app: Switches, id: string): string {
  return app.fault('sz-cancel-path-id-coerced-number') && /^\d+$/.test(id) ? String(Number(id)) : id;
}

/**
 * Fault sz-cancel-uid-resolved-via-parcel-id: the cancel turns a shipmentUid into the carrierParcelId the booking
 * service keys on, and cancels that id's active booking: the newest booked parcel with it, else the one named.
 */
export function viaParcelId(
  app: FaultPointApp,
  carrier: string,
  found: { parcel: StoredParcel; form: CancelForm } | undefined,
): { parcel: StoredParcel; form: CancelForm } | undefined {
  if (!app.fault('sz-cancel-uid-resolved-via-parcel-id') || found?.form !== 'shipmentUid') return found;
  const id = found.parcel.record.carrierParcelId;
  const active = app.state.latestParcel(
    carrier,
    (p) => p.record.carrierParcelId === id && p.record.shipmentStatus === 'BOOKED',
  );
  return active ? { parcel: active, form: found.form } : found;
}

/** Fault sz-trigger-transition-table-silent: the events the mock's table lets each status take. */
const TRANSITIONS: Record<string, readonly string[]> = {
  BOOKED: ['BOOKING_CREATED', 'CONSIGNEE_DELIVERED'],
  DELIVERED: ['COURIER_COLLECTED'],
};

/**
 * A trigger event as the staging mock applies it. Fault sz-trigger-transition-table-silent: an event the table has
 * no entry for, from the parcel's status, is answered as applied and changes nothing.
 */
export function byTransitionTable(
  app: Switches,
  body: TriggerBody,
  found: StoredParcel | undefined,
  apply: (found: StoredParcel | undefined) => Reply,
): Reply {
  const status = found?.record.shipmentStatus;
  if (!app.fault('sz-trigger-transition-table-silent') || status === undefined || status === 'CANCELLED')
    return apply(found);
  if (TRANSITIONS[status]?.includes(body.event_type)) return apply(found);
  return {
    status: 200,
    body: { message: `${body.event_type} applied to parcel ${body.parcel_id}`, event_type: body.event_type },
  };
}

/** Fault sz-collection-bookkeeping-per-parcel: when each parcel last had its locker named, per app. */
const namedFor = new WeakMap<Switches, Map<string, number>>();

/**
 * Fault sz-collection-bookkeeping-per-parcel: the job walks the waiting parcels (a delivered first-mile or return
 * parcel), and its once-a-period bookkeeping is keyed by the parcel, not by the locker. True: the job ran here.
 */
export function perParcelCollection(
  app: FaultPointApp,
  carrier: CarrierAccount,
  now: number,
  notify: (locker: StoredLocker, stamp: number) => void,
): boolean {
  if (!app.fault('sz-collection-bookkeeping-per-parcel')) return false;
  const period = app.options.collectionPeriodMs;
  const last = namedFor.get(app) ?? new Map<string, number>();
  namedFor.set(app, last);
  for (const parcel of app.state.parcelsOf(carrier.name)) {
    const { shipmentStatus, shipmentType, shipmentUid, lockerUid } = parcel.record;
    if (shipmentStatus !== 'DELIVERED' || (shipmentType !== 'FIRST_MILE' && shipmentType !== 'RETURN')) continue;
    const before = last.get(shipmentUid);
    const locker = app.state.lockers.get(lockerUid);
    if ((before !== undefined && now - before < period - Math.min(50, period * 0.05)) || !locker) continue;
    const stamp = before === undefined ? now : Math.max(now, before + period);
    last.set(shipmentUid, stamp);
    notify(locker, stamp);
  }
  return true;
}

/** Fault sz-outbox-marks-parcel-rows-sent: the rows waiting for the relay's next poll, the oldest per parcel. */
const RELAY_POLL_MS = 250;
const waiting = new WeakMap<Switches, Map<string, { owner: CarrierAccount; body: unknown }>>();

function relayed(app: FaultPointApp, owner: CarrierAccount, body: unknown, shipmentUid: string): void {
  let rows = waiting.get(app);
  if (!rows) waiting.set(app, (rows = new Map()));
  // A later row of a parcel already waiting is marked sent with the one the relay posts.
  if (rows.has(shipmentUid)) return;
  rows.set(shipmentUid, { owner, body });
  if (rows.size > 1) return;
  const polled = rows;
  setTimeout(
    () => {
      for (const row of polled.values()) app.outbox.send(row.owner, row.body);
      polled.clear();
    },
    RELAY_POLL_MS - (Date.now() % RELAY_POLL_MS),
  ).unref();
}

/**
 * A ParcelUpdates as set Z's faults send it; true: sent here. Fault sz-parcel-push-locker-uid-number: the event is
 * built from the parcel row, whose locker_uid is a BIGINT the driver reads as a number. Fault
 * sz-outbox-marks-parcel-rows-sent: the relay posts the oldest waiting row of each parcel and marks every row of
 * that parcel sent.
 */
export function setZParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown, shipmentUid: string): boolean {
  const uid = isObject(body) ? body['lockerUid'] : undefined;
  if (app.fault('sz-parcel-push-locker-uid-number') && typeof uid === 'string' && /^\d+$/.test(uid))
    (body as Editable)['lockerUid'] = Number(uid);
  if (!app.fault('sz-outbox-marks-parcel-rows-sent')) return false;
  relayed(app, owner, body, shipmentUid);
  return true;
}

/**
 * The webhook sender's options, `others` with set Z's. Fault sz-webhook-200-not-success: a delivery counts as done
 * only when answered 202 or 204, so a 200 is retried as a failure. Variation ok-z-webhook-chunked-body: bodies
 * streamed.
 */
export function setZOutbox<T extends object>(
  app: Switches,
  others: T,
): T & Pick<OutboxOptions, 'retryAnswered' | 'wireBody'> {
  const wireBody = chunkedBody(app);
  return {
    ...others,
    ...(app.fault('sz-webhook-200-not-success') ? { retryAnswered: (s: number) => s !== 202 && s !== 204 } : {}),
    ...(wireBody ? { wireBody } : {}),
  };
}
