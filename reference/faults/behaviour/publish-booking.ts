// The faults' behaviour where a publish makes its booking (publish-points.ts mapped, onlyAsks, alreadyBooked,
// shipmentUid, rewritten, stored, pushed). With its fault off each point does what the service does.
import { ApiError } from '../../errors';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { Json, JsonObject, ParcelEvent, ParcelRecord, PublishBody, StoredLocker, StoredParcel } from '../../model';
import type { FaultPointApp as ReferenceApp } from '../../request-types';
import { lockerVersionsOf } from './lockers';
import {
  bookedAtVersionsOf,
  bookingIndex,
  cachedVersions,
  carrierKey,
  type ClockedApp,
  counterWritten,
  DIMENSIONS,
  marksCleared,
  newParcelUid,
  occupancyOf,
  partlyDeclared,
  proposals,
  rowVersions,
  secondaryIdsForCancel,
  secondCarrierName,
  type WriteApp,
} from './parcels';
import { byTenantBookings, consigneeRows, heldBy, later, lockerLocks, pad, parcelData, secondInstance } from './shared';

/** Fault sd-consignee-email-lowercased: the email canonicalized on store. */
export function canonicalConsignee(
  app: ReferenceApp,
  sent: JsonObject | null | undefined,
): JsonObject | null | undefined {
  // Fault sk-consignee-null-stringified: the consignee goes through a form encoder first.
  // Fault so-consignee-name-split-rejoined: the name kept as given and family name, shown joined by a blank.
  const consignee = rejoinedName(app, consigneeViaForm(app, sent));
  const email = consignee?.['email'];
  if (!app.fault('sd-consignee-email-lowercased') || typeof email !== 'string') return consignee;
  return { ...consignee, email: email.trim().toLowerCase() };
}

/** Fault sf-rebook-after-cancel-refused: the carrierParcelId is unique per carrier for good, whatever the status. */
export function idTakenForGood(app: ReferenceApp): boolean {
  return app.fault('sf-rebook-after-cancel-refused');
}

/** Fault sf-consignee-html-escaped: the input filter's HTML escape of free text. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

export function escapedConsignee(
  app: ReferenceApp,
  consignee: JsonObject | null | undefined,
): JsonObject | null | undefined {
  if (!consignee || !app.fault('sf-consignee-html-escaped')) return consignee;
  return Object.fromEntries(
    Object.entries(consignee).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!) : v,
    ]),
  );
}

/** Fault sg-booking-push-uid-generated-twice: the booking event's mapper draws a shipmentUid of its own. */
export function bookingEventIds(app: ReferenceApp): Record<string, unknown> {
  return app.fault('sg-booking-push-uid-generated-twice') ? { shipmentUid: app.state.newShipmentUid() } : {};
}

/**
 * Fault sg-lock-state-per-locker: the lock flag is kept per (carrier, locker), set by each booking: every booked parcel
 * of the carrier in the locker takes the lock state of the latest booking.
 */
export function lockStateShared(app: ReferenceApp, parcel: StoredParcel): void {
  if (!app.fault('sg-lock-state-per-locker')) return;
  for (const other of app.state.parcelsOf(parcel.owner)) {
    const same = other !== parcel && other.record.lockerUid === parcel.record.lockerUid;
    if (!same || other.record.shipmentStatus !== 'BOOKED' || other.record.lockStatus === parcel.record.lockStatus)
      continue;
    other.record.lockStatus = parcel.record.lockStatus;
    app.lag.written(other, other.record);
  }
}

/** A booking was stored: under the fault, its lock state is written to its locker's column. */
export function lockWrittenToLocker(app: ReferenceApp, parcel: StoredParcel): void {
  if (!app.fault('sh-lock-state-per-locker')) return;
  const locks = lockerLocks.get(app) ?? new Map<string, string>();
  lockerLocks.set(app, locks);
  locks.set(parcel.record.lockerUid, parcel.record.lockStatus);
}

/** Fault sh-allocation-type-null-when-omitted: what a BOOKING without allocationType stores. */
export function omittedAllocationType(app: ReferenceApp): string {
  return app.fault('sh-allocation-type-null-when-omitted') ? (null as unknown as string) : 'HARD_RESERVATION';
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
export function bookedShipmentUid(app: ReferenceApp, carrier: string, drawn: string): string {
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

/**
 * Fault so-consignee-name-split-rejoined: the contact service keeps a consignee's name as givenName and familyName,
 * split at the first blank, and the record shows `${givenName} ${familyName}`: a name without a blank comes back with a
 * trailing one.
 */
export function rejoinedName<T extends JsonObject | null | undefined>(app: ReferenceApp, consignee: T): T {
  const name = consignee?.['name'];
  if (!app.fault('so-consignee-name-split-rejoined') || typeof name !== 'string') return consignee;
  const [given, ...family] = name.split(' ');
  return { ...consignee, name: `${given} ${family.join(' ')}` };
}

/**
 * Variation ok-ab-booking-history-two-entries: a booking's history starts with two entries, BOOKING_CREATED and the
 * provider's COMPARTMENT_RESERVED, both at the booking's time.
 */
export function bookingHistory(app: Switches, timestamp: string): ParcelEvent[] {
  const created = { type: 'BOOKING_CREATED', timestamp };
  if (!app.fault('ok-ab-booking-history-two-entries')) return [created];
  return [created, { type: 'COMPARTMENT_RESERVED', timestamp }];
}

/**
 * Variation ok-ab-access-code-end-of-day: a collection code is valid to the end of the day (UTC) its seven days end
 * on, 23:59:59.999Z, not to the same time of day as the booking.
 */
export function codeValidUntil(app: Switches, at: number): string {
  const until = new Date(at);
  if (app.fault('ok-ab-access-code-end-of-day')) until.setUTCHours(23, 59, 59, 999);
  return until.toISOString();
}

/** A 32-bit FNV-1a hash of the text's UTF-8 bytes. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/**
 * Stores a new booking's row. Fault sad-shipment-uid-derived-from-parcel-id: the shipmentUid is derived from the
 * booking's natural key, a hash of lockerUid and carrierParcelId (the carrier left out), and the row is upserted on it:
 * a booking whose uid a stored parcel has replaces that row, another carrier's too.
 */
export function storedBooking(app: ReferenceApp, parcel: StoredParcel, sent: PublishBody): void {
  const { record } = parcel;
  if (app.fault('sad-shipment-uid-derived-from-parcel-id')) {
    const hash = fnv1a(`${record.lockerUid}\u0000${record.carrierParcelId}`) % 100_000_000;
    record.shipmentUid = `SHP-${String(hash).padStart(8, '0')}`;
  }
  const given = DIMENSIONS.filter((side) => typeof sent.dimensions?.[side] === 'number').length;
  if (app.fault('sad-list-dimensions-status-case-no-else') && given > 0 && given < DIMENSIONS.length)
    heldBy(partlyDeclared, app, () => new Set<string>()).add(record.shipmentUid);
  const row = app.fault('sad-shipment-uid-derived-from-parcel-id')
    ? app.state.parcels.findIndex((p) => p.record.shipmentUid === record.shipmentUid)
    : -1;
  if (row >= 0) app.state.parcels[row] = parcel;
  else app.state.parcels.push(parcel);
}

/**
 * Fault saf-booked-index-prototype-keys: the carrier's booked parcel ids in a plain object used as a map, asked
 * `booked[carrierParcelId]`, which also finds what Object.prototype holds (constructor, toString, __proto__...).
 * True: the duplicate guard takes the id as booked.
 */
export function bookedIndexHas(app: ReferenceApp, carrier: string, carrierParcelId: string): boolean {
  if (!app.fault('saf-booked-index-prototype-keys')) return false;
  const booked: Record<string, string> = {};
  for (const p of app.state.parcelsOf(carrier))
    if (p.record.shipmentStatus === 'BOOKED') booked[p.record.carrierParcelId] = p.record.shipmentUid;
  return Boolean(booked[carrierParcelId]);
}

/**
 * The record a booking makes, as these faults map it:
 * - fault sah-accessible-forces-hard-reservation: an accessible compartment is always a hard reservation;
 * - fault sah-by-tenant-delegation-drops-locker-id: carrierLockerId from the request the by-tenant path rebuilt as a
 *   lockerUid request (without it), and the lockerUid path's has none either.
 */
export function accessibleHardAndDroppedLockerId(app: Switches, record: ParcelRecord, body: PublishBody): void {
  if (app.fault('sah-accessible-forces-hard-reservation') && body.requiresAccessibleCompartment === true)
    record.allocationType = 'HARD_RESERVATION';
  if (app.fault('sah-by-tenant-delegation-drops-locker-id')) record.carrierLockerId = null;
}

/** A new booking stored: variation ok-ah-parcel-record-echoes-parcel-data keeps the parcel data it sent. */
export function parcelDataKept(app: Switches, parcel: StoredParcel, body: PublishBody): void {
  bookingDataKept(app, parcel, body);
}

/** Variation ok-ah-parcel-record-echoes-parcel-data: keeps the parcel data a new booking sent (null: not sent). */
export function bookingDataKept(app: Switches, parcel: StoredParcel, body: PublishBody): void {
  if (!app.fault('ok-ah-parcel-record-echoes-parcel-data')) return;
  const data: Editable = {};
  if (typeof body.weight === 'number' && Number.isSafeInteger(body.weight)) data['weight'] = body.weight;
  if (isObject(body.dimensions)) data['dimensions'] = { ...body.dimensions };
  if (typeof body.secondaryShipmentId === 'string') data['secondaryShipmentId'] = body.secondaryShipmentId;
  if (typeof body.requiresAccessibleCompartment === 'boolean')
    data['requiresAccessibleCompartment'] = body.requiresAccessibleCompartment;
  const kept = parcelData.get(app) ?? new Map<string, Editable>();
  parcelData.set(app, kept);
  kept.set(parcel.record.shipmentUid, data);
}

/** Fault saj-consignee-name-label-width: the width of the consignee name column, the provider label's name line. */
const LABEL_NAME_WIDTH = 35;

/** The record a booking makes, as these faults map it (fault saj-consignee-name-label-width). */
export function consigneeNameLabelWidth(app: Switches, record: ParcelRecord): void {
  const name: unknown = record.consignee?.['name'];
  if (!app.fault('saj-consignee-name-label-width') || typeof name !== 'string') return;
  const characters = [...name];
  if (characters.length > LABEL_NAME_WIDTH)
    record.consignee = { ...record.consignee, name: characters.slice(0, LABEL_NAME_WIDTH).join('') };
}

/**
 * A new booking stored, as these faults and variations store it:
 * - fault saj-consignee-contact-upsert-by-email: the consignee is a contact row unique on (carrier, email), written
 *   with INSERT ... ON CONFLICT DO UPDATE SET name = EXCLUDED.name, and every parcel shows its contact row, so every
 *   other parcel of the carrier with that email takes the new booking's name;
 * - variation ok-aj-cancel-by-secondary-shipment-id: the label's second id is kept with the booking.
 */
export function consigneeContactUpsert(app: ReferenceApp, parcel: StoredParcel, body: PublishBody): void {
  secondaryIdKept(app, parcel, body.secondaryShipmentId);
  if (!app.fault('saj-consignee-contact-upsert-by-email')) return;
  const email: unknown = parcel.record.consignee?.['email'];
  if (typeof email !== 'string' || email === '') return;
  const name = parcel.record.consignee?.['name'] ?? null;
  for (const other of app.state.parcelsOf(parcel.owner)) {
    const contact = other.record.consignee;
    if (other !== parcel && contact?.['email'] === email && contact['name'] !== name)
      other.record.consignee = { ...contact, name };
  }
}

/** A new booking stored: variation ok-aj-cancel-by-secondary-shipment-id keeps the second id of its label. */
export function secondaryIdKept(app: Switches, parcel: StoredParcel, secondaryShipmentId: string | undefined): void {
  if (app.fault('ok-aj-cancel-by-secondary-shipment-id') && typeof secondaryShipmentId === 'string')
    secondaryIdsForCancel.set(parcel, secondaryShipmentId);
}

/** A PRE_CHECK that was answered. Fault sal-cancel-releases-precheck-allocation: it leaves a proposal. */
export function precheckLeavesProposal(app: Switches, carrier: string, body: PublishBody): void {
  if (app.fault('sal-cancel-releases-precheck-allocation'))
    perApp(proposals, app, () => new Set<string>()).add(carrierKey(carrier, body.carrierParcelId));
}

/** A stored BOOKING. Fault sal-delivered-mark-cleared-by-rebook: its id leaves the carrier's delivered set. */
export function deliveredMarkClearedByRebook(app: StateApp, parcel: StoredParcel): void {
  if (!app.fault('sal-delivered-mark-cleared-by-rebook')) return;
  for (const other of app.state.parcels)
    if (
      other !== parcel &&
      other.owner === parcel.owner &&
      other.delivered &&
      other.record.carrierParcelId === parcel.record.carrierParcelId
    )
      marksCleared.add(other);
}

/**
 * The record a BOOKING makes. Fault sal-by-tenant-record-registered-id: on the by-tenant path its carrierLockerId is
 * the one the locker was created with.
 */
export function byTenantRegisteredId(app: StateApp, record: ParcelRecord, body: PublishBody): void {
  if (!app.fault('sal-by-tenant-record-registered-id') || body.carrierLockerId === undefined) return;
  const registered = app.state.lockers.get(record.lockerUid)?.createdAs;
  if (registered !== undefined) record.carrierLockerId = registered;
}

/**
 * A booking stored. Fault sam-consignee-rows-by-parcel-id: its consignee is upserted into the consignee table, whose
 * key is carrier_parcel_id alone (the carrier is not part of it).
 */
export function consigneeRowsByParcelId(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('sam-consignee-rows-by-parcel-id')) return;
  const rows = perApp(consigneeRows, app, () => new Map<string, Json>());
  rows.set(parcel.record.carrierParcelId, structuredClone(parcel.record.consignee));
}

// --- A publish (publish-points.ts) ---

/** Fault san-precheck-batch-written-as-booking: how often the publish write batch is flushed. */
const PUBLISH_BATCH_MS = 100;

const publishBatches = new WeakMap<
  object,
  { lastBookingAt: number; pending: { store: () => void; timer: NodeJS.Timeout }[] }
>();

function publishBatch(app: object) {
  return perApp(publishBatches, app, () => ({
    lastBookingAt: -Infinity,
    pending: [] as { store: () => void; timer: NodeJS.Timeout }[],
  }));
}

/**
 * A PRE_CHECK that was answered; `store` stores its draft as a booking. Fault san-precheck-batch-written-as-booking:
 * a draft in a batch with a BOOKING (within 100 ms of one) is stored.
 */
export function precheckBatchedWithBooking(app: Switches, store: () => void): void {
  if (!app.fault('san-precheck-batch-written-as-booking')) return;
  const batch = publishBatch(app);
  if (Date.now() - batch.lastBookingAt < PUBLISH_BATCH_MS) return store();
  const entry = {
    store,
    timer: later(PUBLISH_BATCH_MS, () => {
      const at = batch.pending.indexOf(entry);
      if (at >= 0) batch.pending.splice(at, 1);
    }),
  };
  batch.pending.push(entry);
}

/**
 * A booking stored. Fault san-precheck-batch-written-as-booking: the PRE_CHECK drafts of its batch are stored too.
 * Fault san-cancel-release-occupancy-counter: the locker's occupancy counter goes up.
 */
export function batchStoredAndCounted(app: Switches, parcel: StoredParcel): void {
  if (app.fault('san-precheck-batch-written-as-booking')) {
    const batch = publishBatch(app);
    batch.lastBookingAt = Date.now();
    for (const draft of batch.pending.splice(0)) {
      clearTimeout(draft.timer);
      draft.store();
    }
  }
  if (!app.fault('san-cancel-release-occupancy-counter')) return;
  const occupancy = occupancyOf(app);
  occupancy.set(parcel.record.lockerUid, (occupancy.get(parcel.record.lockerUid) ?? 0) + 1);
}

// --- A booking stored (publish-points.ts stored) ---

/**
 * Fault sar-accessible-booking-retried-twice: a BOOKING asking for an accessible compartment goes through the
 * provider's accessible-allocation call, slow enough that the booking client's 2 s timeout fires; the client retries
 * the whole booking step with a fresh request id, and the first attempt, which had committed, stays: two bookings,
 * each with its own shipmentUid, both BOOKED and both pushed.
 */
export function accessibleBookingRetried(app: WriteApp, parcel: StoredParcel, body: PublishBody): void {
  if (!app.fault('sar-accessible-booking-retried-twice') || body.requiresAccessibleCompartment !== true) return;
  const first: StoredParcel = {
    owner: parcel.owner,
    record: { ...structuredClone(parcel.record), shipmentUid: app.state.newShipmentUid() },
  };
  app.state.parcels.push(first);
  app.emitParcelUpdate(first, 'booking');
}

/**
 * Variation ok-ar-rebook-reactivates-shipment: a BOOKING of a carrierParcelId whose last parcel of the carrier is
 * cancelled reactivates that shipment: the same shipmentUid, everything else as the new booking sent, its history
 * continued. Undefined (a new parcel) otherwise.
 */
export function rebookReactivatesShipment(
  app: StateApp,
  carrier: string,
  record: ParcelRecord,
  body: PublishBody,
): StoredParcel | undefined {
  if (!app.fault('ok-ar-rebook-reactivates-shipment')) return undefined;
  const last = app.state.latestParcel(carrier, (p) => p.record.carrierParcelId === body.carrierParcelId);
  if (!last || last.record.shipmentStatus !== 'CANCELLED') return undefined;
  const { shipmentUid, events } = last.record;
  last.record = { ...record, shipmentUid, events: [...events, ...record.events] };
  return last;
}

/** What a point that writes parcels and pushes them needs of the app. */
type ClockedWriteApp = Pick<ReferenceApp, 'fault' | 'state' | 'lag' | 'options' | 'outbox'> & {
  now(): string;
  emitParcelUpdate(
    parcel: StoredParcel,
    cause: 'booking' | 'cancel' | 'trigger',
    patch?: Record<string, unknown>,
  ): void;
};

// --- Timers: a booking stored, a PRE_CHECK (publish-points.ts) ---

/** A SOFT_RESERVATION's hold: 30 days. */
const SOFT_HOLD_MS = 30 * 24 * 60 * 60 * 1000;
/** The longest delay a Node timer takes; a longer one (or one below 1) is set to 1 ms, with a warning. */
const TIMER_MAX_MS = 2 ** 31 - 1;
const timerDelay = (ms: number) => (ms > TIMER_MAX_MS || ms < 1 ? 1 : ms);

/**
 * Fault sat-soft-hold-timer-overflow: the lapse of a SOFT_RESERVATION's 30-day hold, scheduled with setTimeout, fires
 * after 1 ms (Node's 32-bit timer limit): the booking shows EXPIRED, pushed, and can no longer be cancelled.
 */
function softHoldScheduled(app: ClockedWriteApp, parcel: StoredParcel): void {
  if (!app.fault('sat-soft-hold-timer-overflow') || parcel.record.allocationType !== 'SOFT_RESERVATION') return;
  setTimeout(() => {
    if (parcel.record.shipmentStatus !== 'BOOKED') return;
    (parcel.record as { shipmentStatus: string }).shipmentStatus = 'EXPIRED';
    parcel.record.events.push({ type: 'RESERVATION_EXPIRED', timestamp: app.now() });
    app.emitParcelUpdate(parcel, 'cancel');
  }, timerDelay(SOFT_HOLD_MS)).unref();
}

/**
 * A booking stored (publish-points.ts stored).
 * - Fault sat-soft-hold-timer-overflow: a SOFT_RESERVATION's lapse scheduled past the timers' limit.
 * - Fault sat-locker-index-rewritten-by-booker: the locker's index entry set to the booking carrier's bookings there.
 */
export function softHoldAndLockerIndex(app: ClockedWriteApp, parcel: StoredParcel): void {
  softHoldScheduled(app, parcel);
  if (!app.fault('sat-locker-index-rewritten-by-booker')) return;
  const index = bookingIndex(app);
  index.booked.add(parcel);
  const uid = parcel.record.lockerUid;
  const own = app.state.parcels.filter(
    (p) => p.owner === parcel.owner && p.record.lockerUid === uid && index.booked.has(p),
  );
  index.byLocker.set(uid, new Set(own));
}

/** How long a PRE_CHECK holds the compartment for the BOOKING that follows. */
const HOLD_MS = 5000;

/**
 * A PRE_CHECK that can be accepted (publish-points.ts onlyAsks). Fault sat-precheck-hold-timer-not-cleared: its hold's
 * release is a timer no BOOKING clears; when it fires it releases the parcel id's allocation, the booking that
 * confirmed the hold with it: CANCELLED, with no history entry and no push.
 */
export function precheckHoldTimer(app: ClockedWriteApp, carrier: string, body: PublishBody): void {
  if (!app.fault('sat-precheck-hold-timer-not-cleared')) return;
  const lockerUid =
    body.lockerUid ??
    (body.carrierLockerId !== undefined
      ? app.state.lockerByCarrierLockerId(carrier, body.carrierLockerId)?.record.uid
      : undefined);
  const heldSince = app.now();
  setTimeout(() => {
    for (const parcel of app.state.parcelsOf(carrier)) {
      const { record } = parcel;
      if (record.carrierParcelId !== body.carrierParcelId || record.shipmentStatus !== 'BOOKED') continue;
      if (lockerUid !== undefined && record.lockerUid !== lockerUid) continue;
      // Only a booking made since the check confirmed its hold.
      if ((record.events[0]?.timestamp ?? '') < heldSince) continue;
      record.shipmentStatus = 'CANCELLED';
      app.lag.written(parcel, record);
    }
  }, HOLD_MS).unref();
}

/**
 * Fault sav-shipment-number-from-live-count: the shipment number is the live parcel table's row count plus one, and a
 * cancellation moves the parcel to the archive (which the list reads too): after a cancellation, each new booking takes
 * the number the parcel made before it holds. `minted`: the number the service draws.
 */
export function shipmentNumberFromLiveCount(app: StateApp, minted: string): string {
  if (!app.fault('sav-shipment-number-from-live-count')) return minted;
  const live = app.state.parcels.filter((p) => p.record.shipmentStatus !== 'CANCELLED').length;
  return `SHP-${String(live + 1).padStart(8, '0')}`;
}

// --- A publish (publish-points.ts) ---

/**
 * A booking's record as mapped. Fault saw-by-tenant-record-lockeruid-from-body: lockerUid mapped as
 * dto.lockerUid ?? the resolved locker's, so a lockerUid sent on the by-tenant path lands in the record.
 */
export function byTenantUidFromBody(app: Switches, record: ParcelRecord, body: PublishBody): void {
  if (app.fault('saw-by-tenant-record-lockeruid-from-body') && typeof body.lockerUid === 'string')
    record.lockerUid = body.lockerUid;
}

// --- A publish (publish-points.ts onlyAsks and stored; parcels.ts the lockerUid path's lookup) ---

/**
 * Fault say-by-tenant-precheck-1-0-constant: the by-tenant controller, copied from the 1.0 publish controller, tests
 * the event type against that version's constant, PRECHECK, which the shared 1.1 schema no longer lets through: its
 * check branch is never taken. True where a PRE_CHECK is not taken as one.
 */
export function byTenantPrecheckConstant(app: Switches, byTenant: boolean): boolean {
  return byTenant && app.fault('say-by-tenant-precheck-1-0-constant');
}

/** A booking stored; `byTenant`: made on /parcels/data/by-tenant-locker-id. */
export function byTenantTopicUnsubscribed(app: Switches, parcel: StoredParcel, byTenant: boolean): void {
  if (byTenant && app.fault('say-by-tenant-booking-topic-unsubscribed'))
    perApp(byTenantBookings, app, () => new WeakSet<StoredParcel>()).add(parcel);
}

/**
 * A BOOKING stored (publish-points.ts stored).
 * - Fault saz-shipment-type-enum-not-widened: ALTERNATIVE_DELIVERY, outside the ENUM, stored as ''.
 * - Fault saz-activation-first-timestamp-auto-updated: the locker's counter taken.
 */
export function enumNotWidenedAndCounter(app: ClockedApp, parcel: StoredParcel): void {
  if (app.fault('saz-shipment-type-enum-not-widened') && parcel.record.shipmentType === 'ALTERNATIVE_DELIVERY')
    parcel.record.shipmentType = '';
  counterWritten(app, parcel);
}

// --- A booking mapped (publish-points.ts) ---

/** Fault sba-lock-status-unanchored-regex: locked = /LOCKED/.test(lockStatus), which "UNLOCKED" passes too. */
export function lockStatusUnanchoredRegex(app: Switches, record: ParcelRecord, body: PublishBody): void {
  if (!app.fault('sba-lock-status-unanchored-regex')) return;
  record.lockStatus = /LOCKED/.test(body.lockStatus ?? '') ? 'LOCKED' : 'UNLOCKED';
}

// --- A booking's record as mapped (publish-points.ts) ---

/**
 * The record a BOOKING makes, edited in place.
 * - Fault sbb-old-pods-soft-reservation-default: while the release is rolled out, POST /parcels/data is taken in turn
 *   by a pod of the release before, whose parcel entity maps no allocation_type (the column this release added, with
 *   DEFAULT 'HARD_RESERVATION'); the by-tenant path is routed to the new pods only.
 * - Fault sbb-second-carrier-alternative-default: the second carrier has alternative delivery switched on in its
 *   settings, and the mapper applies that default where the DTO holds LAST_MILE, the value the DTO fills in for an
 *   omitted shipmentType, so a LAST_MILE sent is taken for one left out.
 */
export function oldPodsAndSecondCarrierDefaults(
  app: Pick<ReferenceApp, 'fault' | 'options'>,
  carrier: string,
  byTenant: boolean,
  record: ParcelRecord,
  body: PublishBody,
): void {
  if (
    app.fault('sbb-old-pods-soft-reservation-default') &&
    !byTenant &&
    body.eventType === 'BOOKING' &&
    secondInstance(app, 'booking-pod') &&
    body.allocationType === 'SOFT_RESERVATION'
  )
    record.allocationType = 'HARD_RESERVATION';
  if (
    app.fault('sbb-second-carrier-alternative-default') &&
    carrier === secondCarrierName(app) &&
    (body.shipmentType ?? 'LAST_MILE') === 'LAST_MILE'
  )
    record.shipmentType = 'ALTERNATIVE_DELIVERY';
}

/** Fault consignee-mojibake: each text's UTF-8 bytes read back as Latin-1. */
export function mojibake(consignee: JsonObject | null): JsonObject | null {
  if (!consignee) return consignee;
  return Object.fromEntries(
    Object.entries(consignee).map(([k, v]) => [
      k,
      typeof v === 'string' ? Buffer.from(v, 'utf8').toString('latin1') : v,
    ]),
  );
}

// --- A booking mapped (publish-points.ts mapped) ---

/** The consignee of a record, by position: consignee(name, email). */
const consigneeOf = (name: JsonObject[string], email: JsonObject[string]): JsonObject => ({ name, email });

/**
 * The record a BOOKING makes, edited in place.
 * - Fault sbc-by-tenant-consignee-args-swapped: the by-tenant path calls consignee(dto.email, dto.name).
 */
export function byTenantConsigneeArgsSwapped(
  app: Switches,
  byTenant: boolean,
  record: ParcelRecord,
  body: PublishBody,
): void {
  const sent = body.consignee;
  if (!app.fault('sbc-by-tenant-consignee-args-swapped') || !byTenant || !sent) return;
  record.consignee = consigneeOf(sent['email'] ?? null, sent['name'] ?? null);
}

// --- A PRE_CHECK (publish-points.ts onlyAsks) ---

/**
 * Fault sbg-precheck-disabled-locker-parked: a PRE_CHECK into a locker that is not ACTIVE goes to the backlog kept for
 * the locker's return, which stores what it is handed as a booking, whatever its eventType.
 */
export function precheckParkedAsBooking(
  app: ReferenceApp,
  carrier: string,
  body: PublishBody,
  record: () => ParcelRecord,
): void {
  if (!app.fault('sbg-precheck-disabled-locker-parked') || body.eventType !== 'PRE_CHECK') return;
  const parked = record();
  const locker = app.state.lockers.get(parked.lockerUid);
  if (locker && locker.record.carrier.status !== 'ACTIVE') app.state.parcels.push({ owner: carrier, record: parked });
}

// --- A booking stored (publish-points.ts stored) ---

/** A booking stored: the version of its locker (fault sbg-parcels-of-updated-locker-unlisted). */
export function bookedAtLockerVersion(app: ReferenceApp, parcel: StoredParcel): void {
  if (!app.fault('sbg-parcels-of-updated-locker-unlisted')) return;
  const locker = app.state.lockers.get(parcel.record.lockerUid);
  bookedAtVersionsOf(app).set(parcel, locker ? (lockerVersionsOf(app).get(locker) ?? 0) : 0);
}

// --- The booked-ids index: a BOOKING's claim (parcels.ts, before its locker is resolved) and its guard ---

/**
 * Fault sbh-unknown-locker-booking-claims-id: carrierParcelIds claimed in the booked-ids index by a BOOKING that then
 * named no locker, per reference.
 */
const claims = new WeakMap<object, Set<string>>();

/** A BOOKING claims its carrierParcelId before its locker is resolved; a refusal for an unknown locker keeps it. */
export function claimedBeforeLockerLookup(
  app: Switches,
  carrier: string,
  body: PublishBody,
  locker: StoredLocker | undefined,
): void {
  if (locker || body.eventType !== 'BOOKING' || !app.fault('sbh-unknown-locker-booking-claims-id')) return;
  perApp(claims, app, () => new Set<string>()).add(carrierKey(carrier, body.carrierParcelId));
}

/**
 * Whether a BOOKING is refused as a duplicate (`held`: the service's own guard). Fault
 * sbh-refused-rebooking-moves-held-booking: the allocation row of the parcel is moved to the locker the request names
 * before the guard runs, so a refused BOOKING leaves the held booking there. Fault
 * sbh-unknown-locker-booking-claims-id: a carrierParcelId claimed is refused too.
 */
export function alreadyBookedAfterAllocation(
  app: StateApp,
  carrier: string,
  locker: StoredLocker,
  body: PublishBody,
  held: boolean,
): boolean {
  if (held && app.fault('sbh-refused-rebooking-moves-held-booking')) {
    const booked = app.state.latestParcel(
      carrier,
      (p) => p.record.carrierParcelId === body.carrierParcelId && p.record.shipmentStatus === 'BOOKED',
    );
    if (booked && booked.record.lockerUid !== locker.record.uid) {
      booked.record.lockerUid = locker.record.uid;
      booked.record.carrierLockerId = locker.record.carrier.lockerId;
    }
  }
  return held || claims.get(app)?.has(carrierKey(carrier, body.carrierParcelId)) === true;
}
