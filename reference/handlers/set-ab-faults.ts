// The points where the faults of set AB change the parcel side and its webhooks: each does what the
// service does with its fault off, and the fault's behaviour with it on; its variations are set-ab-variations.ts.
// Called from parcels.ts (the publish, the by-tenant lookup), parcel-list.ts, cancel.ts, spec-set-d-points.ts (the
// ParcelUpdates) and collections.ts.
import { ApiError } from '../errors';
import type { StoredParcel } from '../model';
import type { FaultPointApp, Reply } from '../request-types';
import { isObject, type Switches } from './fault-point-state';
import { namedChange } from './set-ab-variations';

/**
 * Fault sab-parcel-list-trailing-comma: GET /parcels streams a bare array with a hand-written writer that walks the
 * parcel table, writes the caller's rows and puts a comma after each unless its index is the table's last: when the
 * table's newest row is another carrier's (or the mock's for another carrier), the array ends in ",]".
 */
export function streamedArray(app: FaultPointApp, carrier: string, reply: Reply): Reply {
  if (!app.fault('sab-parcel-list-trailing-comma') || !Array.isArray(reply.body) || reply.body.length === 0)
    return reply;
  if (app.state.parcels.at(-1)?.owner === carrier) return reply;
  return { ...reply, raw: `[${reply.body.map((record) => JSON.stringify(record)).join(',')},]` };
}

/** Where a cancel answers with the parcel record. */
interface CancelApp extends FaultPointApp {
  parcelView(parcel: StoredParcel): unknown;
}

/**
 * Fault sab-cancel-unknown-tombstone: a cancel is an upsert on (carrier, carrierParcelId), kept so that a cancel
 * arriving before its booking is not lost: an id no parcel of the carrier has becomes a CANCELLED parcel of that id.
 */
export function cancelledBeforeBooked(app: CancelApp, carrier: string, id: string): Reply | undefined {
  if (!app.fault('sab-cancel-unknown-tombstone')) return undefined;
  const timestamp = new Date().toISOString();
  const parcel: StoredParcel = {
    owner: carrier,
    record: {
      shipmentUid: app.state.newShipmentUid(),
      lockerUid: '',
      carrierParcelId: id,
      carrierLockerId: null,
      shipmentType: 'LAST_MILE',
      shipmentStatus: 'CANCELLED',
      dimensionsStatus: 'INCOMPLETE',
      allocationType: 'HARD_RESERVATION',
      accessCodes: null,
      consignee: null,
      events: [{ type: 'CANCELLED', timestamp }],
      lockStatus: 'UNLOCKED',
    },
  };
  app.state.parcels.push(parcel);
  app.lag.written(parcel, parcel.record);
  return app.options.choices.cancelAnswer === 'record'
    ? { status: 200, body: app.parcelView(parcel) }
    : { status: 204 };
}

/** Fault sab-cancel-lock-leaked: the cancel locks held, by carrier and carrierParcelId. */
const cancelLocks = new WeakMap<Switches, Set<string>>();

/**
 * Fault sab-cancel-lock-leaked: a cancel takes a lock named by (carrier, carrierParcelId) before its guard and
 * releases it on its success path only: a refused cancel (a cancelled or delivered parcel) leaves it held, and every
 * later cancel of that id, a new booking of it too, is answered 409 CANCEL_IN_PROGRESS.
 */
export function cancelLocked(app: Switches, carrier: string, parcel: StoredParcel): void {
  if (!app.fault('sab-cancel-lock-leaked')) return;
  const held = cancelLocks.get(app) ?? new Set<string>();
  cancelLocks.set(app, held);
  const key = JSON.stringify([carrier, parcel.record.carrierParcelId]);
  if (held.has(key))
    throw new ApiError(409, 'CANCEL_IN_PROGRESS', `a cancellation of parcel "${parcel.record.carrierParcelId}" runs`);
  held.add(key);
  const before = parcel.record.shipmentStatus;
  // Released where the cancellation was written, after the handler: the refusal's path never gets there.
  queueMicrotask(() => {
    if (before === 'BOOKED' && parcel.record.shipmentStatus === 'CANCELLED') held.delete(key);
  });
}

const second = (timestamp: string) => Math.floor(Date.parse(timestamp) / 1000);

/**
 * Fault sab-cancel-delivered-same-second: "delivered" is stored as delivered_at > created_at, delivered_at a NOT NULL
 * DATETIME(0) whose default is the row's creation time: a parcel delivered within the second it was created counts
 * as not delivered, and its cancel is carried out. True: the delivered parcel may be cancelled.
 */
export function deliveredUnseen(app: Switches, parcel: StoredParcel): boolean {
  if (!app.fault('sab-cancel-delivered-same-second') || !parcel.delivered) return false;
  const created = parcel.record.events[0]?.timestamp;
  const delivered = [...parcel.record.events].reverse().find((e) => e.type === 'CONSIGNEE_DELIVERED')?.timestamp;
  return created !== undefined && delivered !== undefined && second(delivered) <= second(created);
}

/**
 * The ParcelUpdates body as set AB's faults and variations send it. Fault sab-push-proto3-default-omitted: the event
 * is a protobuf message written with its JSON mapping, which leaves out an enum at its zero value, and allocationType
 * (added in 1.1 as an enum) has HARD_RESERVATION first.
 */
export function setABParcelPush(app: Switches, body: unknown): void {
  if (app.fault('sab-push-proto3-default-omitted') && isObject(body) && body['allocationType'] === 'HARD_RESERVATION')
    delete body['allocationType'];
  namedChange(app, body);
}

/**
 * The key the collection job's "named this period" bookkeeping uses. Fault sab-collection-dedup-by-locker-id: the
 * carrier's own locker id (carrier.lockerId), which an update may change, in place of the locker.
 */
export function collectionKey(app: FaultPointApp, carrier: string, uid: string, key: string): string {
  const locker = app.state.lockers.get(uid);
  if (!app.fault('sab-collection-dedup-by-locker-id') || !locker) return key;
  return JSON.stringify([carrier, locker.record.carrier.lockerId]);
}

/**
 * How often the collection job runs. Faults sab-collection-dedup-by-locker-id, sab-collection-calendar-bucket: four
 * times a period (hourly where the period is a day, to pick drop-offs up sooner), its bookkeeping keeping each locker
 * to one notification a period.
 */
export function collectionJobEvery(app: Switches, period: number): number {
  const hourly = app.fault('sab-collection-dedup-by-locker-id') || app.fault('sab-collection-calendar-bucket');
  return hourly ? Math.max(1, Math.floor(period / 4)) : period;
}

/**
 * Whether a locker was named this period. Fault sab-collection-calendar-bucket: "this period" is the calendar period
 * (the UTC day: floor(t / period)) the run falls in, not the last period before it.
 */
export function namedThisPeriod(
  app: Switches,
  last: number | undefined,
  now: number,
  window: number,
  period: number,
): boolean {
  if (last === undefined) return false;
  if (!app.fault('sab-collection-calendar-bucket')) return now - last < window;
  return Math.floor(last / period) === Math.floor(now / period);
}

/** When a notification is stamped; fault sab-collection-calendar-bucket: at the job's run. */
export function collectionStamp(app: Switches, last: number | undefined, now: number, period: number): number {
  if (last === undefined || app.fault('sab-collection-calendar-bucket')) return now;
  return Math.max(now, last + period);
}
