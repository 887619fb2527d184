// The points where the faults and variations of set AR change the service: each does what the service does with its
// fault off, and the fault's behaviour with it on. The parcel side, its lifecycles and their consequences: what a
// cancel, a booking or a staging event does to records it did not name, a job's selection, a record's history, and
// what a push carries against what a read shows. Called from publish-points.ts (a booking stored, a booking written
// onto an earlier parcel), cancel-points.ts (the status the guard reads, the checks of a cancellable parcel, what a
// cancel changes besides), trigger.ts (the parcel an event acts on, what an event changes besides), collections.ts
// (the parcels the job reads, a notification's body), parcel-list.ts (a listed record) and push-points.ts (the
// ParcelUpdates push).
import { badRequest } from '../errors';
import { labelless, pickupFlagDown, rewritten, waitsForCourier, type WriteApp } from '../faults/behaviour/parcels';
import type { StoredParcel, TriggerBody } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
import { type Editable, perApp, type Switches } from './fault-point-state';

// --- A cancel (cancel-points.ts) ---

/**
 * The status the cancel's guard reads. Variation ok-ar-collected-undelivered-cancellable: a parcel the courier
 * collected without its ever being delivered is still in the carrier's hands to cancel, read as booked.
 */
export function guardStatusBySetAR(app: Switches, parcel: StoredParcel, status: string): string {
  return app.fault('ok-ar-collected-undelivered-cancellable') && status === 'COLLECTED' && parcel.delivered !== true
    ? 'BOOKED'
    : status;
}

/**
 * The checks of a cancellable parcel. Fault sar-reannounced-booking-not-cancellable: a parcel whose history holds a
 * second BOOKING_CREATED (the provider announced it again) is taken as handed over to the provider's flow, and its
 * cancellation refused.
 */
export function cancellableBySetAR(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('sar-reannounced-booking-not-cancellable')) return;
  const announced = parcel.record.events.filter((e) => e.type === 'BOOKING_CREATED').length;
  if (announced > 1)
    throw badRequest(
      'NOT_CANCELLABLE',
      `parcel "${parcel.record.carrierParcelId}" was handed over to the provider and can no longer be cancelled`,
    );
}

/**
 * What a cancel changes besides the parcel's status and its CANCELLED entry.
 * - Fault sar-cancel-promotes-soft-reservation: the compartment a HARD_RESERVATION booking released goes to the
 *   carrier's oldest SOFT_RESERVATION booking in that locker, which is made HARD_RESERVATION (no push).
 * - Fault sar-cancel-erases-consignee-by-email: the cancel erases the consignee's personal data from the carrier's
 *   contact store, keyed by the e-mail address in lower case; the cancelled parcel keeps an archived copy, but every
 *   other parcel of the carrier joined to that contact shows consignee null.
 * - Fault sar-cancel-recomputes-pickup-flag: the locker's pick-up flag is recomputed from the carrier's booked parcels
 *   the cancel leaves there, none of which waits for a courier: the flag goes down, and the collection job, which reads
 *   flags, passes over the parcels delivered there before it.
 */
export function cancelledBySetAR(app: WriteApp, parcel: StoredParcel): void {
  const { owner, record } = parcel;
  const sameLocker = (p: StoredParcel) => p !== parcel && p.owner === owner && p.record.lockerUid === record.lockerUid;
  if (app.fault('sar-cancel-promotes-soft-reservation') && record.allocationType === 'HARD_RESERVATION') {
    const soft = app.state.parcels.find(
      (p) => sameLocker(p) && p.record.shipmentStatus === 'BOOKED' && p.record.allocationType === 'SOFT_RESERVATION',
    );
    if (soft) {
      soft.record.allocationType = 'HARD_RESERVATION';
      rewritten(app, soft);
    }
  }
  const email = record.consignee?.['email'];
  if (app.fault('sar-cancel-erases-consignee-by-email') && typeof email === 'string') {
    for (const other of app.state.parcelsOf(owner)) {
      const theirs = other.record.consignee?.['email'];
      if (other !== parcel && typeof theirs === 'string' && theirs.toLowerCase() === email.toLowerCase()) {
        other.record.consignee = null;
        rewritten(app, other);
      }
    }
  }
  if (app.fault('sar-cancel-recomputes-pickup-flag'))
    perApp(pickupFlagDown, app, () => new Map<string, number>()).set(`${owner} ${record.lockerUid}`, Date.now());
}

/**
 * The parcel a staging event acts on, `found` the mock's own lookup. Fault sar-return-reannounce-inserts: the mock's
 * return flow opens a new return shipment on each BOOKING_CREATED with shipment_type RETURN, so a parcel_id it holds
 * (not cancelled) in that locker gets a second parcel, and the one it had keeps its history unchanged.
 */
export function eventTargetBySetAR(
  app: Switches,
  body: TriggerBody,
  found: StoredParcel | undefined,
): StoredParcel | undefined {
  const reopens =
    app.fault('sar-return-reannounce-inserts') &&
    body.event_type === 'BOOKING_CREATED' &&
    body.shipment_type === 'RETURN' &&
    found !== undefined &&
    found.record.shipmentStatus !== 'CANCELLED';
  return reopens ? undefined : found;
}

/**
 * What a staging event changes besides the parcel's status and its new history entry; `existed` whether the parcel
 * was there before the event.
 * - Fault sar-collection-skips-labelless: a parcel made label-less is recorded so (the job's selection reads it).
 * - Fault sar-reannounce-resets-booking-defaults: a BOOKING_CREATED for a parcel that exists is an upsert of the mock's
 *   parcel row, which writes the columns its DTO lacks with their defaults: consignee null, HARD_RESERVATION.
 * - Fault sar-history-touched-on-save: the event is saved through the parcel aggregate, whose history entries carry
 *   an update timestamp: every entry the parcel had is stamped with this event's time.
 * - Fault sar-dropoff-bumps-soft-reservation: a first-mile or return parcel dropped off takes a compartment, and the
 *   allocator, overbooked, releases the carrier's oldest SOFT_RESERVATION booking in that locker in its own table
 *   (status CANCELLED, a CANCELLED entry), with no ParcelUpdates for it.
 */
export function eventAppliedBySetAR(
  app: WriteApp,
  body: TriggerBody,
  parcel: StoredParcel,
  existed: boolean,
  timestamp: string,
): void {
  const { record } = parcel;
  if (!existed && body.labelless === true) labelless.add(parcel);
  if (app.fault('sar-reannounce-resets-booking-defaults') && existed && body.event_type === 'BOOKING_CREATED') {
    record.consignee = null;
    record.allocationType = 'HARD_RESERVATION';
  }
  if (app.fault('sar-history-touched-on-save') && existed)
    record.events = record.events.map((e) => ({ ...e, timestamp }));
  if (
    app.fault('sar-dropoff-bumps-soft-reservation') &&
    body.event_type === 'CONSIGNEE_DELIVERED' &&
    waitsForCourier(record)
  ) {
    const soft = app.state.parcels.find(
      (p) =>
        p !== parcel &&
        p.owner === parcel.owner &&
        p.record.lockerUid === record.lockerUid &&
        p.record.shipmentStatus === 'BOOKED' &&
        p.record.allocationType === 'SOFT_RESERVATION',
    );
    if (soft) {
      soft.record.shipmentStatus = 'CANCELLED';
      soft.record.events.push({ type: 'CANCELLED', timestamp });
      rewritten(app, soft);
    }
  }
}

// --- The collection job (collections.ts) ---

/** Fault sar-collection-job-first-page-only: the rows the job's one query reads. */
const JOB_PAGE = 20;

/** When the parcel was last dropped off (its last CONSIGNEE_DELIVERED entry), 0 where never. */
function droppedOffAt(parcel: StoredParcel): number {
  const entry = [...parcel.record.events].reverse().find((e) => e.type === 'CONSIGNEE_DELIVERED');
  return entry ? Date.parse(entry.timestamp) || 0 : 0;
}

/**
 * The carrier's parcels the collection job reads, `parcels` the service's own selection.
 * - Fault sar-collection-skips-labelless: the job joins the parcels' labels (the courier's pick-up list prints them),
 *   so a parcel the mock made label-less is not read.
 * - Fault sar-cancel-recomputes-pickup-flag: a parcel dropped off before a cancel put its locker's flag down is not
 *   read (a drop-off after it puts the flag up again).
 * - Fault sar-collection-job-first-page-only: the job reads the carrier's waiting parcels in one query, oldest first,
 *   LIMIT 20, and never asks for the next page.
 */
export function collectableBySetAR(app: Switches, carrier: string, parcels: StoredParcel[]): StoredParcel[] {
  let read = parcels;
  if (app.fault('sar-collection-skips-labelless')) read = read.filter((p) => !labelless.has(p));
  const down = pickupFlagDown.get(app);
  if (app.fault('sar-cancel-recomputes-pickup-flag') && down)
    read = read.filter((p) => {
      const at = down.get(`${carrier} ${p.record.lockerUid}`);
      return at === undefined || droppedOffAt(p) > at;
    });
  if (app.fault('sar-collection-job-first-page-only')) {
    let rows = 0;
    read = read.filter((p) => waitsForCourier(p.record) && rows++ < JOB_PAGE);
  }
  return read;
}

/** Variation ok-ar-collection-daily-code-per-carrier: each carrier's courier code of each period. */
const dailyCodes = new WeakMap<object, Map<string, { period: number; code: string }>>();

/**
 * A CollectionNotification naming the carrier's locker `lockerUid`, its body before it is sent.
 * - Variation ok-ar-collection-daily-code-per-carrier: the courier gets one access code per carrier and day, the same
 *   in every notification of that day's round.
 * - Variation ok-ar-parcel-push-on-collection-round: each waiting parcel the notification is about is announced by a
 *   ParcelUpdates of its own (the pick-up was scheduled), its record unchanged.
 */
export function collectionBySetAR(
  app: WriteApp,
  carrier: string,
  lockerUid: string,
  now: number,
  body: Record<string, unknown>,
): void {
  if (app.fault('ok-ar-parcel-push-on-collection-round'))
    for (const parcel of app.state.parcelsOf(carrier))
      if (parcel.record.lockerUid === lockerUid && waitsForCourier(parcel.record))
        app.emitParcelUpdate(parcel, 'trigger');
  if (!app.fault('ok-ar-collection-daily-code-per-carrier') || typeof body['courierAccessCode'] !== 'string') return;
  const codes = perApp(dailyCodes, app, () => new Map<string, { period: number; code: string }>());
  const period = Math.floor(now / app.options.collectionPeriodMs);
  const held = codes.get(carrier);
  if (held?.period === period) body['courierAccessCode'] = held.code;
  else codes.set(carrier, { period, code: body['courierAccessCode'] });
}

// --- GET /parcels (parcel-list.ts) ---

/**
 * The view of each listed parcel, from the service's own. Variation ok-ar-list-signature-left-out: the list's query
 * does not read the signature image (a blob column); the cancel answer and ParcelUpdates still carry it.
 */
export function listViewBySetAR<T>(app: Switches, view: (p: T) => unknown): (p: T) => unknown {
  if (!app.fault('ok-ar-list-signature-left-out')) return view;
  return (p: T) => {
    const shown = view(p);
    if (shown === null || typeof shown !== 'object' || !('signature' in shown)) return shown;
    const { signature: _left, ...rest } = shown as Editable;
    return rest;
  };
}

// --- The ParcelUpdates push (push-points.ts, parcelPushPoints) ---

/** The staging mock's event bus relays its pushes this long after the event (ok-ar-mock-pushes-relayed-late). */
const MOCK_RELAY_MS = 1500;

/**
 * A ParcelUpdates about to be sent to `owner`; true where this point has sent it.
 * - Fault sar-second-carrier-push-consignee-minimised: the second carrier has e-mail notifications off in its
 *   settings, and the webhook mapper, minimising personal data for carriers that send no notification, writes the
 *   consignee null in its pushes; GET /parcels shows it.
 * - Variation ok-ar-mock-pushes-relayed-late: a push caused by a staging event goes out through the mock's event bus,
 *   1.5 s after the event.
 */
export function parcelPushBySetAR(
  app: Pick<FaultPointApp, 'fault' | 'options' | 'outbox'>,
  owner: CarrierAccount,
  cause: 'booking' | 'cancel' | 'trigger',
  body: Record<string, unknown>,
): boolean {
  if (app.fault('sar-second-carrier-push-consignee-minimised') && owner.name === app.options.carriers[1]?.name)
    body['consignee'] = null;
  if (!app.fault('ok-ar-mock-pushes-relayed-late') || cause !== 'trigger') return false;
  app.outbox.send(owner, body, { delayMs: MOCK_RELAY_MS });
  return true;
}
