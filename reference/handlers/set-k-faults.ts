// The points where the faults and variations of set K change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in parcels.ts, cancel.ts, parcel-list.ts, trigger.ts, spec-set-d-points.ts and app.ts.
import { ApiError } from '../errors';
import { cachedVersions, newParcelUid, rowVersions } from '../faults/behaviour/parcels';
import { historiesInSets, pad } from '../faults/behaviour/shared';
import type { JsonObject, ParcelEvent, StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply } from '../request-types';
import type { Editable, Switches } from './fault-point-state';
import { setMParcelView } from './set-m-faults';

/** Fault sk-publish-timestamp-month-zero-based: the instant written by hand, getUTCMonth() taken for the month. */
function handFormatted(timestamp: string): string {
  const d = new Date(timestamp);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth())}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${day}T${time}.${pad(d.getUTCMilliseconds(), 3)}Z`;
}

/**
 * A publish answer as set K's faults and variations write it; `kind` is what the publish did before any other wording
 * (BOOKED for a booking, ACCEPTED for a check).
 */
export function setKPublishReply(app: Switches, kind: string, reply: Reply): Reply {
  const body = reply.body as Editable;
  if (app.fault('sk-publish-timestamp-month-zero-based') && typeof body['timestamp'] === 'string')
    body['timestamp'] = handFormatted(body['timestamp']);
  // Variation ok-k-publish-201-for-booking: a booking is a resource created; a check creates nothing.
  if (app.fault('ok-k-publish-201-for-booking') && reply.status === 200 && kind === 'BOOKED') reply.status = 201;
  // Fault sk-publish-answer-wrapped: the controller's response interceptor wraps every answer it returns.
  if (app.fault('sk-publish-answer-wrapped')) reply.body = { data: body };
  return reply;
}

/** Fault sk-parcel-id-unique-prefix-index: how many characters of carrierParcelId the unique index holds. */
const INDEXED_CHARACTERS = 12;

/** Whether two carrierParcelIds are one key of the active-booking rule. */
function sameParcelKey(app: Switches, held: string, sent: string): boolean {
  if (!app.fault('sk-parcel-id-unique-prefix-index')) return held === sent;
  return [...held].slice(0, INDEXED_CHARACTERS).join('') === [...sent].slice(0, INDEXED_CHARACTERS).join('');
}

/** Whether a parcel is an active booking of a carrierParcelId (`anyStatus`: whatever its status). */
export function activeBookingOf(app: Switches, parcel: StoredParcel, sent: string, anyStatus: boolean): boolean {
  return (
    sameParcelKey(app, parcel.record.carrierParcelId, sent) && (parcel.record.shipmentStatus === 'BOOKED' || anyStatus)
  );
}

/** Fault sk-shipment-uid-sequence-per-carrier: each carrier's sequence of booking numbers. */
const carrierSequences = new WeakMap<Switches, Map<string, number>>();

/** The shipmentUid a booking is stored under; under the fault, the carrier's next number, refused where it is held. */
export function bookedShipmentUid(app: FaultPointApp, carrier: string, drawn: string): string {
  if (!app.fault('sk-shipment-uid-sequence-per-carrier')) return newParcelUid(app, drawn);
  const sequences = carrierSequences.get(app) ?? new Map<string, number>();
  carrierSequences.set(app, sequences);
  const next = (sequences.get(carrier) ?? 0) + 1;
  sequences.set(carrier, next);
  const uid = `SHP-${pad(next, 8)}`;
  if (app.state.parcels.some((p) => p.record.shipmentUid === uid))
    throw new ApiError(409, 'CONFLICT', `could not store the booking: duplicate key value (shipment_uid)=(${uid})`);
  return uid;
}

/** A booking was stored by the service: its entity, version 1, is in the cache. */
export function bookingCached(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('sk-cancel-stale-version-after-trigger')) return;
  rowVersions.set(parcel, 1);
  cachedVersions.set(parcel, 1);
}

/** The staging mock wrote an event to an existing parcel: the row's version moves on, the cache does not see it. */
export function writtenByMock(app: Switches, parcel: StoredParcel): void {
  if (app.fault('sk-cancel-stale-version-after-trigger')) rowVersions.set(parcel, (rowVersions.get(parcel) ?? 1) + 1);
}

/** The cancel's conditional write: refused where the cached version is not the row's. */
export function refuseStaleVersion(app: Switches, parcel: StoredParcel): void {
  const cached = app.fault('sk-cancel-stale-version-after-trigger') ? cachedVersions.get(parcel) : undefined;
  if (cached !== undefined && cached !== rowVersions.get(parcel))
    throw new ApiError(
      409,
      'CONCURRENT_MODIFICATION',
      `parcel ${parcel.record.shipmentUid} was changed by another transaction (version ${cached} is stale)`,
    );
}

/** Fault sk-trigger-event-on-last-inserted-parcel: the history an event row is written to (currval's parcel). */
export function eventRowsOf(app: FaultPointApp, parcel: StoredParcel): ParcelEvent[] {
  if (!app.fault('sk-trigger-event-on-last-inserted-parcel')) return parcel.record.events;
  return (app.state.parcels.at(-1) ?? parcel).record.events;
}

export function historyKeptAsSet(app: Switches, parcel: StoredParcel): void {
  if (app.fault('sk-trigger-history-as-set')) historiesInSets.add(parcel);
}

/** A parcel record as every place shows it, once the other views are applied: set K's view faults. */
export function setKParcelView(app: Switches, parcel: StoredParcel, record: Editable): void {
  // Fault sk-trigger-history-as-set: JSON.stringify writes a Set as {}, whatever it holds.
  if (app.fault('sk-trigger-history-as-set') && historiesInSets.has(parcel))
    record['events'] = JSON.parse(JSON.stringify(new Set(record['events'])));
  // Variation ok-m-dimensions-status-measured: NOT_MEASURED until delivered, MEASURED from then on.
  setMParcelView(app, parcel, record);
}

/**
 * Fault sk-cancel-index-from-filtered-list: the row a cancel writes, the one at the parcel's position in the caller's
 * parcels taken in the whole table. Undefined where the fault is off or the position names the parcel itself.
 */
export function rowAtOwnIndex(app: FaultPointApp, carrier: string, parcel: StoredParcel): StoredParcel | undefined {
  if (!app.fault('sk-cancel-index-from-filtered-list')) return undefined;
  const row = app.state.parcels[app.state.parcelsOf(carrier).indexOf(parcel)];
  return row === parcel ? undefined : row;
}

/** Fault sk-consignee-null-stringified: the consignee as the form-encoded call to the contact service stores it. */
export function consigneeViaForm(
  app: Switches,
  consignee: JsonObject | null | undefined,
): JsonObject | null | undefined {
  if (!app.fault('sk-consignee-null-stringified') || !consignee) return consignee;
  // A member left out is null in the call's DTO; the encoder writes null as "null".
  const members = { name: consignee['name'] ?? null, email: consignee['email'] ?? null };
  const form = new URLSearchParams(members as unknown as Record<string, string>);
  return { ...consignee, name: form.get('name'), email: form.get('email') };
}

/** Fault sk-shipment-type-ordinal-reordered: the order each side's enum gives the shipment types. */
const WRITER_ORDER = ['LAST_MILE', 'ALTERNATIVE_DELIVERY', 'FIRST_MILE', 'RETURN'];
const READER_ORDER = ['LAST_MILE', 'FIRST_MILE', 'RETURN', 'ALTERNATIVE_DELIVERY'];

/** The view GET /parcels writes each record with; under the fault, shipmentType read back by the older ordinal. */
export function setKListView<T>(app: Switches, view: (item: T) => unknown): (item: T) => unknown {
  if (!app.fault('sk-shipment-type-ordinal-reordered')) return view;
  return (item) => {
    const record = view(item) as Editable | null;
    const ordinal = WRITER_ORDER.indexOf(record?.['shipmentType']);
    if (record && ordinal >= 0) record['shipmentType'] = READER_ORDER[ordinal];
    return record;
  };
}

/** Fault sk-push-suppressed-same-status-per-carrier: the last status pushed to each carrier. */
const lastStatusPerCarrier = new WeakMap<Switches, Map<string, unknown>>();

/** A ParcelUpdates as set K's faults send it; answers whether one of them took it (else it is sent as it is). */
export function setKParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const status = (body as Editable)['shipmentStatus'];
  if (app.fault('sk-push-suppressed-same-status-per-carrier')) {
    const last = lastStatusPerCarrier.get(app) ?? new Map<string, unknown>();
    lastStatusPerCarrier.set(app, last);
    if (last.has(owner.name) && last.get(owner.name) === status) return true;
    last.set(owner.name, status);
  }
  if (!app.fault('sk-push-content-length-in-chars')) return false;
  // Fault sk-push-content-length-in-chars: the receiver reads as many bytes as the text has UTF-16 code units.
  const text = JSON.stringify(body);
  const raw = Buffer.from(text, 'utf8').subarray(0, text.length).toString('utf8');
  if (raw === text) return false;
  app.outbox.send(owner, body, { raw });
  return true;
}

/** Variation ok-k-trigger-applied-async: how long the staging mock's queue holds an event. */
const QUEUE_MS = 250;

/**
 * A trigger event the request asked for: applied now (`apply`'s answer), or, under the variation, checked now
 * (`check` throws what the event would be refused for) and applied a moment later, answered 202.
 */
export function queuedEvent(
  app: Switches,
  event: { event_type: string; parcel_id: string },
  check: () => void,
  apply: () => Reply,
): Reply {
  if (!app.fault('ok-k-trigger-applied-async')) return apply();
  check();
  setTimeout(() => {
    try {
      apply();
    } catch {
      // the parcel changed meanwhile so that the event no longer applies (it was cancelled): the event is dropped
    }
  }, QUEUE_MS).unref();
  const message = `${event.event_type} queued for parcel ${event.parcel_id}`;
  return { status: 202, body: { message, event_type: event.event_type } };
}
