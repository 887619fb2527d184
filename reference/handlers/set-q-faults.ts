// The points where the faults and variations of set Q change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in spec-set-d-points.ts (publish, pushes, parcel view), server.ts, parcel-list.ts,
// cancel.ts, trigger.ts and collections.ts.
import { bookedAt, CONFIRMATION_MS, MOCK_PUBLISHED } from '../faults/behaviour/shared';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply } from '../request-types';
import { type Editable, isObject } from './fault-point-state';

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

const confirming = new WeakMap<FaultPointApp, Set<string>>();

/**
 * Variation ok-q-booking-pending-confirmation: a pushed PENDING_CONFIRMATION is followed, once the provider has
 * confirmed the booking, by the push of the parcel BOOKED, unless it changed otherwise meanwhile.
 */
function confirmationPush(app: FaultPointApp, owner: CarrierAccount, push: Editable): void {
  const uid = push['shipmentUid'] as string;
  const waiting = confirming.get(app) ?? new Set<string>();
  confirming.set(app, waiting);
  if (waiting.has(uid)) return;
  waiting.add(uid);
  const timer = setTimeout(
    () => {
      waiting.delete(uid);
      const parcel = app.state.parcels.find((p) => p.record.shipmentUid === uid);
      if (parcel?.record.shipmentStatus !== 'BOOKED') return;
      app.outbox.send(owner, { ...structuredClone(parcel.record), eventTimestamp: new Date().toISOString() });
    },
    Math.max(0, bookedAt(push) + CONFIRMATION_MS - Date.now()),
  );
  timer.unref();
}

/**
 * A ParcelUpdates as set Q's faults send it; true where it was sent (or dropped) here.
 * Fault sq-mock-push-schema-v10: the mock's publisher writes the 1.0 schema, without allocationType and eventTimestamp.
 * Fault sq-push-to-locker-last-booker: the recipient is the carrier of the locker's last booking (a column the door
 * controller keeps on the locker), not the parcel's carrier.
 */
export function setQParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  if (!isObject(body)) return false;
  if (body[MOCK_PUBLISHED as unknown as string]) {
    delete body['allocationType'];
    delete body['eventTimestamp'];
  }
  if (app.fault('ok-q-booking-pending-confirmation') && body['shipmentStatus'] === 'PENDING_CONFIRMATION')
    confirmationPush(app, owner, body);
  if (!app.fault('sq-push-to-locker-last-booker')) return false;
  const last = app.state.parcels.filter((p) => p.record.lockerUid === body['lockerUid']).at(-1)?.owner;
  const to = app.options.carriers.find((c) => c.name === last);
  if (!to || to === owner) return false;
  app.outbox.send(to, body);
  return true;
}

/**
 * A parcel record as every place shows it (list, cancel answer, push): set Q's view.
 * Fault sq-access-codes-list-unwrapped: the collection codes are rows keyed by (carrier, carrierParcelId), read into a
 * list that the serializer writes with single-element arrays unwrapped: two codes of one id are written as an array.
 * Variation ok-q-booking-pending-confirmation: a new parcel is PENDING_CONFIRMATION until the provider confirms it.
 */
export function setQParcelView(app: FaultPointApp, record: Editable): void {
  const code = record['accessCodes']?.['consigneeCollectionCode'];
  if (app.fault('sq-access-codes-list-unwrapped') && code) {
    const self = app.state.parcels.find((p) => p.record.shipmentUid === record['shipmentUid']);
    const codes = app.state.parcels
      .filter((p) => p.owner === self?.owner && p.record.carrierParcelId === self.record.carrierParcelId)
      .flatMap((p) =>
        p.record.accessCodes?.consigneeCollectionCode ? [p.record.accessCodes.consigneeCollectionCode] : [],
      );
    if (codes.length > 1)
      record['accessCodes'] = { ...record['accessCodes'], consigneeCollectionCode: structuredClone(codes) };
  }
  const pending = Date.now() - bookedAt(record) < CONFIRMATION_MS;
  if (app.fault('ok-q-booking-pending-confirmation') && record['shipmentStatus'] === 'BOOKED' && pending)
    record['shipmentStatus'] = 'PENDING_CONFIRMATION';
}
