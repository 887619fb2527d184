// The points where the conformant variations of set AL (`ok-al-*`) change the service: each does what the service does
// with its variation off. Called from app.ts (the locker and parcel views), lockers.ts (the list's order),
// locker-update.ts (an update, a status change once pushed), network-points.ts (a new member's status),
// cancel-points.ts (a cancellation) and collections.ts (a notification), some through set-al-faults.ts.
import type { StoredLocker } from '../model';
import { type Editable, isObject, type StateApp, type Switches } from './fault-point-state';

// --- The locker and parcel views ---

/** Variation ok-al-locker-active-bookings-count: the number of parcels booked in a carrier's own locker. */
export function lockerViewBySetAL(app: StateApp, locker: StoredLocker, record: Editable): void {
  if (!app.fault('ok-al-locker-active-bookings-count') || locker.record.ownedByCarrier === null) return;
  record['activeBookings'] = app.state.parcels.filter(
    (p) => p.record.lockerUid === locker.record.uid && p.record.shipmentStatus === 'BOOKED',
  ).length;
}

/** Variation ok-al-event-entries-locker-context: each history entry names the locker the parcel was in. */
export function parcelViewBySetAL(app: Switches, record: Editable): void {
  if (!app.fault('ok-al-event-entries-locker-context') || !Array.isArray(record['events'])) return;
  record['events'] = record['events'].map((entry: unknown) =>
    isObject(entry) ? { ...entry, lockerUid: record['lockerUid'], carrierLockerId: record['carrierLockerId'] } : entry,
  );
}
