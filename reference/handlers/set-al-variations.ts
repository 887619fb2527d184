// The points where the conformant variations of set AL (`ok-al-*`) change the service: each does what the service does
// with its variation off. Called from app.ts (the locker and parcel views), lockers.ts (the list's order),
// locker-update.ts (an update, a status change once pushed), network-points.ts (a new member's status),
// cancel-points.ts (a cancellation) and collections.ts (a notification), some through set-al-faults.ts.
import { changedBySetAL, stampsOf } from '../faults/behaviour/lockers';
import type { StoredLocker, StoredParcel } from '../model';
import { type Editable, isObject, type StateApp, type Switches } from './fault-point-state';

/** Variation ok-al-provider-ack-second-push: how long the provider takes to acknowledge a status change. */
const PROVIDER_ACK_MS = 150;

/** Variation ok-al-lockers-last-changed-first: the lockers changed last first, then those never changed. */
export function lastChangedFirst<T extends StoredLocker>(app: Switches, lockers: T[]): T[] {
  if (!app.fault('ok-al-lockers-last-changed-first')) return lockers;
  const { stamps } = stampsOf(app);
  return lockers
    .map((l, i) => ({ l, i, at: stamps.get(l.record.uid) ?? 0 }))
    .sort((a, b) => b.at - a.at || a.i - b.i)
    .map((e) => e.l);
}

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

// --- A status change, a network add, a cancel, a collection ---

/**
 * A status change once answered and pushed (`before`: the status the locker had).
 * - Variation ok-al-locker-status-in-parcel-history: each parcel booked in the locker gets a history entry and a
 *   ParcelUpdates (`pushParcel`).
 * - Variation ok-al-provider-ack-second-push: the provider's acknowledgement sets provider.status and is pushed
 *   (`pushLocker`).
 */
export function statusPushedBySetAL(
  app: StateApp & { now(): string },
  locker: StoredLocker,
  before: string,
  pushParcel: (parcel: StoredParcel) => void,
  pushLocker: () => void,
): void {
  const status = locker.record.carrier.status;
  if (status === before) return;
  changedBySetAL(app, locker);
  if (app.fault('ok-al-locker-status-in-parcel-history')) {
    const type = status === 'ACTIVE' ? 'LOCKER_ENABLED' : 'LOCKER_DISABLED';
    for (const parcel of app.state.parcels) {
      if (parcel.record.lockerUid !== locker.record.uid || parcel.record.shipmentStatus !== 'BOOKED') continue;
      parcel.record.events.push({ type, timestamp: app.now() });
      pushParcel(parcel);
    }
  }
  if (app.fault('ok-al-provider-ack-second-push'))
    setTimeout(() => {
      if (locker.record.carrier.status !== status) return;
      locker.record.provider.status = status;
      pushLocker();
    }, PROVIDER_ACK_MS).unref();
}

/** Variation ok-al-network-status-suspended: a locker not ACTIVE joins a network SUSPENDED. */
export function networkStatusBySetAL(app: Switches, locker: StoredLocker, status: string): string {
  return app.fault('ok-al-network-status-suspended') && locker.record.carrier.status !== 'ACTIVE'
    ? 'SUSPENDED'
    : status;
}
