// What the faults of several parcel operations share (publish, cancel, trigger, collections, the parcel list): row
// versions, occupancy counters, the parcels the staging mock made, pickup flags, a booking's second label id, the
// version of its locker a booking was stored against, and the bookings a locker held when it joined a network.
import { randomUUID } from 'node:crypto';
import type { ReferenceApp } from '../../app';
import { isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { ParcelRecord, PublishBody, ShipmentStatus, StoredParcel } from '../../model';
import type { FaultPointApp } from '../../request-types';
import { MOCK_SHIPMENT_TYPES } from './shared';

/** The parcels a staging BOOKING_CREATED made (not a publish). */
export const triggerMade = new WeakSet<StoredParcel>();

export const onPrimaryOnly = new WeakMap<StoredParcel, { at: number; status: ShipmentStatus }>();

/** Variation ok-k-shipment-uid-uuid: the shipmentUid a new parcel gets. */
export function newParcelUid(app: Switches, drawn: string): string {
  return app.fault('ok-k-shipment-uid-uuid') ? randomUUID() : drawn;
}

/** Fault sk-cancel-stale-version-after-trigger: each parcel's row version, and the version the entity cache holds. */
export const rowVersions = new WeakMap<StoredParcel, number>();
export const cachedVersions = new WeakMap<StoredParcel, number>();

/** Fault sq-collection-flag-cleared-by-any-pickup: each (carrier, locker)'s "parcels to pick up" flag. */
export const pickupFlags = new WeakMap<FaultPointApp, Map<string, boolean>>();

/** Fault ss-cancel-id-matches-secondary-id: the secondaryShipmentId each booking was sent with. */
export const secondaryIdRows = new WeakMap<StoredParcel, string>();

/** Fault su-cancelled-spelled-twice: the parcel module's enum spells the status CANCELED. */
export function spelled(app: FaultPointApp, record: unknown): unknown {
  if (app.fault('su-cancelled-spelled-twice') && isObject(record) && record['shipmentStatus'] === 'CANCELLED')
    record['shipmentStatus'] = 'CANCELED';
  return record;
}

export const DIMENSIONS = ['depth', 'height', 'width'] as const;

/** Fault sad-list-dimensions-status-case-no-else: the shipmentUids of bookings that gave one or two dimensions. */
export const partlyDeclared = new WeakMap<Switches, Set<string>>();

/** Fault saf-cod-cancel-needs-idempotency-key: the bookings made with a codAmount (their payment is pending). */
export const cashOnDelivery = new WeakSet<StoredParcel>();

/**
 * Variation ok-af-dimensions-status-three-levels: dimensionsStatus by how many of the three dimensions were given
 * (none known: a parcel the staging trigger made). Undefined with the variation off.
 */
export function dimensionsWord(app: Switches, sent: PublishBody['dimensions'] | undefined): string | undefined {
  if (!app.fault('ok-af-dimensions-status-three-levels')) return undefined;
  const given = DIMENSIONS.filter((side) => typeof sent?.[side] === 'number').length;
  return given === DIMENSIONS.length ? 'DECLARED' : given === 0 ? 'MISSING' : 'PARTIAL';
}

/** Variation ok-aj-cancel-by-secondary-shipment-id: each booking's secondaryShipmentId, where it sent one. */
export const secondaryIdsForCancel = new WeakMap<StoredParcel, string>();

// --- A publish ---

/** Fault sal-cancel-releases-precheck-allocation: the allocation proposals PRE_CHECKs left, per carrier. */
export const proposals = new WeakMap<object, Set<string>>();
/** Fault sal-delivered-mark-cleared-by-rebook: delivered parcels whose carrierParcelId a BOOKING took off the set. */
export const marksCleared = new WeakSet<StoredParcel>();

export const carrierKey = (carrier: string, id: string) => `${carrier}\u0000${id}`;

const occupancies = new WeakMap<object, Map<string, number>>();

export const occupancyOf = (app: object) => perApp(occupancies, app, () => new Map<string, number>());

/** What a point that writes records, pushes or reads the carriers needs of the app. */
export type WriteApp = Pick<FaultPointApp, 'fault' | 'state' | 'lag' | 'options' | 'outbox'> & {
  emitParcelUpdate(
    parcel: StoredParcel,
    cause: 'booking' | 'cancel' | 'trigger',
    patch?: Record<string, unknown>,
  ): void;
};

/** A parcel waiting in its compartment for the courier: a delivered first-mile or return parcel. */
export const waitsForCourier = (record: ParcelRecord): boolean =>
  record.shipmentStatus === 'DELIVERED' && (record.shipmentType === 'FIRST_MILE' || record.shipmentType === 'RETURN');

/** A record changed by a fault's write: the lists catch up with it as with any write (choice listLagMs). */
export function rewritten(app: WriteApp, parcel: StoredParcel): void {
  app.lag.written(parcel, parcel.record);
}

/** Fault sar-cancel-recomputes-pickup-flag: when each (carrier, locker) pick-up flag was last put down by a cancel. */
export const pickupFlagDown = new WeakMap<object, Map<string, number>>();

// --- A staging event (trigger.ts) ---

/** Fault sar-collection-skips-labelless: the parcels the mock made label-less (no label id). */
export const labelless = new WeakSet<StoredParcel>();

/** Fault sat-locker-index-rewritten-by-booker: the bookings each locker's index entry holds, per reference. */
interface BookingIndex {
  byLocker: Map<string, Set<StoredParcel>>;
  /** Parcels the booking service made (a trigger's parcels are read from the table). */
  booked: WeakSet<StoredParcel>;
}
const bookingIndexes = new WeakMap<object, BookingIndex>();
export const bookingIndex = (app: object) =>
  perApp(bookingIndexes, app, (): BookingIndex => ({ byLocker: new Map(), booked: new WeakSet() }));

/** Fault sav-collection-waiting-counter-drift: per carrier, each locker's count of parcels waiting for the courier. */
export const waitingCounts = new WeakMap<object, Map<string, Map<string, number>>>();

/** What a point that also stamps a time needs of the app. */
export type ClockedApp = StateApp & { now(): string };

export const madeByMock = (parcel: StoredParcel): boolean => MOCK_SHIPMENT_TYPES.has(parcel.record.shipmentType);

// --- A locker row's free-compartment counter, moved by a booking and a cancellation ---

/** Fault saz-activation-first-timestamp-auto-updated: the native UPDATE moves activation_date to now. */
export function counterWritten(app: ClockedApp, parcel: StoredParcel): void {
  if (!app.fault('saz-activation-first-timestamp-auto-updated')) return;
  const locker = app.state.lockers.get(parcel.record.lockerUid);
  if (locker) locker.record.carrier.activationDate = app.now();
}

/** The second carrier of the deployment, where there is one. */
export const secondCarrierName = (app: Pick<FaultPointApp, 'options'>): string | undefined =>
  app.options.carriers[1]?.name;

/**
 * Fault x47-revoked-access-code-dropped: a cancellation or delivery revokes the collection code by nulling
 * consigneeCollectionCode, and the serializer leaves null members out, so accessCodes shows as {}.
 */
export function revokeAccessCode(app: ReferenceApp, parcel: StoredParcel): void {
  if (!app.fault('x47-revoked-access-code-dropped') || !parcel.record.accessCodes) return;
  parcel.record.accessCodes = {};
}

// --- A booking's locker version (publish-booking.ts), read by GET /parcels (parcel-list.ts) ---

/** Fault sbg-parcels-of-updated-locker-unlisted: the version of its locker each booking was stored against. */
const bookedAtVersions = new WeakMap<object, WeakMap<StoredParcel, number>>();
export const bookedAtVersionsOf = (app: object) =>
  perApp(bookedAtVersions, app, () => new WeakMap<StoredParcel, number>());

// --- The bookings a locker held when it joined a network (networks.ts), read by a cancel (cancel.ts) ---

/**
 * Fault sbg-cancel-before-network-join: per reference, the bookings held in a locker when it joined a network: their
 * compartments are the locker's own allocator's.
 */
const heldBeforeJoins = new WeakMap<object, WeakSet<StoredParcel>>();
export const heldBeforeJoinOf = (app: object) => perApp(heldBeforeJoins, app, () => new WeakSet<StoredParcel>());
