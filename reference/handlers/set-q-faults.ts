// The points where the faults and variations of set Q change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in spec-set-d-points.ts (publish, pushes, parcel view), server.ts, parcel-list.ts,
// cancel.ts, trigger.ts and collections.ts.
import { badRequest } from '../errors';
import { pickupFlags } from '../faults/behaviour/parcels';
import { bookedAt, CONFIRMATION_MS, MOCK_PUBLISHED } from '../faults/behaviour/shared';
import type { StoredParcel, TriggerBody } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply } from '../request-types';
import { SIGNATURE_PNG } from '../seed';
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

/**
 * Fault sq-cancel-joins-carrier-lockers: the cancel's query joins the parcel to the caller's own lockers on the
 * carrierLockerId stored with it (written when carriers booked into their own lockers only): a parcel whose
 * carrierLockerId no locker of the caller has now is not found.
 */
export function joinsCarrierLocker(app: FaultPointApp, carrier: string, parcel: StoredParcel): boolean {
  if (!app.fault('sq-cancel-joins-carrier-lockers')) return true;
  return app.state.lockerRecordsOwnedBy(carrier).some((l) => l.carrier.lockerId === parcel.record.carrierLockerId);
}

/** Fault sq-mock-push-schema-v10: the trigger's push goes out through the mock's publisher, pinned to schema 1.0. */
export function publishedByMock(app: FaultPointApp, patch: object): void {
  if (app.fault('sq-mock-push-schema-v10'))
    Object.defineProperty(patch, MOCK_PUBLISHED, { value: true, enumerable: true });
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

/**
 * Variation ok-q-parcels-aip-pages: GET /parcels answers pages as API design guides of the AIP kind write them,
 * {parcels, nextPageToken}, `pageSize` (1 to 50, 10 unless asked) records a page, oldest first; nextPageToken is an
 * opaque text to send back as `pageToken`, left out on the last page. Undefined where the variation is off.
 */
export function aipPage<T>(
  app: FaultPointApp,
  items: readonly T[],
  query: URLSearchParams,
  view: (item: T) => unknown,
): Reply | undefined {
  if (!app.fault('ok-q-parcels-aip-pages') || app.options.choices.listEnvelope !== 'array') return undefined;
  const size = Number(query.get('pageSize') ?? '10');
  if (!Number.isInteger(size) || size < 1 || size > 50)
    throw badRequest('INVALID_ARGUMENT', 'pageSize must be an integer from 1 to 50');
  const token = query.get('pageToken');
  const offset = token ? Number(/^o(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'))?.[1]) : 0;
  if (!(offset >= 0 && offset <= items.length)) throw badRequest('INVALID_ARGUMENT', 'pageToken was not issued here');
  const parcels = items.slice(offset, offset + size).map(view);
  const next = offset + size < items.length ? Buffer.from(`o${offset + size}`).toString('base64url') : undefined;
  return { status: 200, body: next ? { parcels, nextPageToken: next } : { parcels } };
}

/** Fault sq-trigger-labelless-presence-checked: the combinations the mock's table confirms as label-less. */
const CONFIRMED_LABELLESS = new Set(['CARRIER_NAME_4 PROVIDER_NAME_2', 'CARRIER_NAME_7 PROVIDER_NAME_5']);

/**
 * Fault sq-trigger-labelless-presence-checked: the mock takes a request that carries labelless at all (its DTO's
 * Optional is present) for a label-less one and checks the combination against its table, false too.
 */
export function refuseUnconfirmedLabelless(app: FaultPointApp, body: TriggerBody): void {
  if (!app.fault('sq-trigger-labelless-presence-checked') || body.labelless === undefined) return;
  if (!CONFIRMED_LABELLESS.has(`${body.carrier_name} ${body.provider_name}`))
    throw badRequest(
      'LABELLESS_NOT_CONFIRMED',
      `${body.carrier_name} with ${body.provider_name} is not a confirmed label-less combination`,
    );
}

/**
 * A trigger event as set Q's faults apply it, once the parcel has taken it.
 * Fault sq-courier-signature-overwrites: COURIER_COLLECTED writes the courier's hand-over signature, whose event has
 * no format, over the parcel's signature.
 * Fault sq-collection-flag-cleared-by-any-pickup: a drop-off sets the locker's pick-up flag, any collection clears it.
 */
export function setQTriggerEvent(app: FaultPointApp, carrier: string, parcel: StoredParcel, eventType: string): void {
  if (app.fault('sq-courier-signature-overwrites') && eventType === 'COURIER_COLLECTED')
    Object.assign(parcel.record, { signature: { imageBase64: SIGNATURE_PNG, format: null } });
  if (!app.fault('sq-collection-flag-cleared-by-any-pickup')) return;
  const flags = pickupFlags.get(app) ?? new Map<string, boolean>();
  pickupFlags.set(app, flags);
  const key = `${carrier} ${parcel.record.lockerUid}`;
  if (eventType === 'CONSIGNEE_DELIVERED') flags.set(key, true);
  if (eventType === 'COURIER_COLLECTED') flags.set(key, false);
}

/** Fault sq-collection-flag-cleared-by-any-pickup: the lockers the daily job names, those whose flag is not cleared. */
export function flaggedForPickup(app: FaultPointApp, carrier: string, lockerUids: Set<string>): Set<string> {
  if (!app.fault('sq-collection-flag-cleared-by-any-pickup')) return lockerUids;
  const flags = pickupFlags.get(app);
  return new Set([...lockerUids].filter((uid) => flags?.get(`${carrier} ${uid}`) !== false));
}

/**
 * Variation ok-q-trigger-created-201: a BOOKING_CREATED that made a parcel is answered 201, naming the new parcel's
 * shipmentUid beside message and event_type; other events are answered as before.
 */
export function createdAnswer(app: FaultPointApp, created: StoredParcel | undefined, reply: Reply): Reply {
  if (!app.fault('ok-q-trigger-created-201') || !created || !isObject(reply.body)) return reply;
  return { status: 201, body: { ...reply.body, shipmentUid: created.record.shipmentUid } };
}
