// The points where the faults and variations of set J change the locker, network and push paths: each
// function does what the service does when its fault is off (nothing, or the value as given) and the fault's behaviour
// when it is on. The lines that call them are in lockers.ts, locker-update.ts, networks.ts and app.ts.
import { ApiError } from '../errors';
import { freeCompartments } from '../faults/behaviour/shared';
import type { JsonObject, LockerRecord, LockerWriteBody, Network, StoredLocker } from '../model';
import type { FaultPointApp } from '../request-types';
import type { Editable } from './fault-point-state';
import { lockerPushBySetV } from './set-v-faults';
import { setWLockerPush } from './set-w-faults';
import { setWLockerView } from './set-w-variations';
import { setYLockerView } from './set-y-variations';

/** Fault sj-disable-closes-opening-hours: the opening hours each closed (disabled) locker had while it was open. */
const hoursWhileOpen = new WeakMap<StoredLocker, JsonObject>();

/**
 * Fault sj-disable-closes-opening-hours: a status change away from ACTIVE closes the locker the way the holiday
 * closure does, with a schedule of no opening slot; back to ACTIVE, the hours it had are put back.
 */
export function closedWhileDisabled(app: FaultPointApp, locker: StoredLocker): void {
  if (!app.fault('sj-disable-closes-opening-hours')) return;
  const record = locker.record;
  if (record.carrier.status !== 'ACTIVE' && !hoursWhileOpen.has(locker)) {
    hoursWhileOpen.set(locker, record.openingHours);
    const exceptions = structuredClone(record.openingHours['exceptions'] ?? []);
    record.openingHours = { accessMode: 'SCHEDULED', weeklySchedule: [], exceptions };
    return;
  }
  const open = hoursWhileOpen.get(locker);
  if (record.carrier.status === 'ACTIVE' && open) {
    record.openingHours = open;
    hoursWhileOpen.delete(locker);
  }
}

/** Fault sj-update-replace-drops-membership: REPLACE INTO deletes the locker row, and the delete cascades. */
export function membershipCascaded(app: FaultPointApp, locker: StoredLocker): void {
  if (!app.fault('sj-update-replace-drops-membership')) return;
  for (const network of app.state.networks.values()) network.members.delete(locker.record.uid);
}

/**
 * A LockerUpdates body as set J's faults write it, before it is sent; false where no push goes out.
 * Fault sj-status-push-via-network-topic: a status change is published on the topics of the networks holding the
 * locker, so one in no network reaches nobody. Fault sj-status-push-delta-only: the status change's body is the
 * captured change (uid and carrier.status), not the record.
 */
export function setJLockerPush(
  app: FaultPointApp,
  locker: StoredLocker,
  cause: string,
  body: Record<string, unknown>,
): boolean {
  // Fault sv-create-push-features-npe, variation ok-v-locker-push-event-kind (set V).
  if (!lockerPushBySetV(app, cause, body)) return false;
  if (!setWLockerPush(app, locker, cause, body)) return false; // Faults of set W: no push on enabling, Latin-1 bytes
  if (cause !== 'status') return true;
  const uid = locker.record.uid;
  const inANetwork = [...app.state.networks.values()].some((n) => n.members.has(uid));
  if (app.fault('sj-status-push-via-network-topic') && !inANetwork) return false;
  if (app.fault('sj-status-push-delta-only')) {
    const { uid: shownUid, eventTimestamp } = body;
    const status = (body['carrier'] as Editable | undefined)?.['status'];
    for (const member of Object.keys(body)) delete body[member];
    Object.assign(body, { uid: shownUid ?? uid, carrier: { status }, eventTimestamp });
  }
  return true;
}

/** Fault sj-network-owner-from-path: the carrier a network add acts as, the network's owner under the fault. */
export function networkActor(app: FaultPointApp, network: Network | undefined, caller: string): string {
  return app.fault('sj-network-owner-from-path') && network ? network.owner : caller;
}

/** Fault sj-features-or-merged: the features an update stores, OR-ed onto the stored bits (true stays true). */
export function featuresMerged(app: FaultPointApp, held: JsonObject, sent: JsonObject): JsonObject {
  if (!app.fault('sj-features-or-merged')) return sent;
  const merged = { ...sent };
  for (const [feature, value] of Object.entries(held)) if (value === true && feature in merged) merged[feature] = true;
  return merged;
}

/** A locker record as every place shows it (answers, lists, pushes): set J's view points. */
export function setJLockerView(app: FaultPointApp, locker: StoredLocker, record: Editable): void {
  setWLockerView(app, locker, record); // Variations of set W: metadata row ids, features, offsets, a version
  setYLockerView(app, record); // Variation ok-y-compartments-in-millimetres
  // Variation ok-j-compartments-free-count: count is what is free of each compartment type.
  if (app.fault('ok-j-compartments-free-count') && Array.isArray(record['compartmentTypes']))
    record['compartmentTypes'] = freeCompartments(app, locker, record['compartmentTypes']);
}

/**
 * Fault sj-compartment-count-as-text: GET /lockers counts the free compartments of a locker holding bookings in
 * SQL, and the driver returns that bigint as a string.
 */
export function countsAsListed<T>(app: FaultPointApp, locker: StoredLocker, view: T): T {
  const types = (view as Editable)['compartmentTypes'];
  if (!app.fault('sj-compartment-count-as-text') || !Array.isArray(types)) return view;
  const uid = locker.record.uid;
  if (!app.state.parcels.some((p) => p.record.lockerUid === uid && p.record.shipmentStatus === 'BOOKED')) return view;
  const counted = freeCompartments(app, locker, types).map((t) => ({ ...t, count: String(t['count']) }));
  return { ...view, compartmentTypes: counted };
}

/** Fault sj-create-keeps-unknown-members: the create keeps the carrier and provider objects as sent. */
export function keptAsSent(app: FaultPointApp, record: LockerRecord, body: LockerWriteBody): void {
  if (!app.fault('sj-create-keeps-unknown-members')) return;
  for (const part of ['carrier', 'provider'] as const) {
    const held = record[part] as Editable;
    for (const [member, value] of Object.entries(body[part] ?? {}))
      if (!(member in held)) held[member] = structuredClone(value);
  }
}

/** Fault sj-create-get-or-create-by-locker-id: the carrier's locker a create of this carrier.lockerId answers with. */
export function lockerCreatedBefore(app: FaultPointApp, carrier: string, lockerId: string): StoredLocker | undefined {
  if (!app.fault('sj-create-get-or-create-by-locker-id')) return undefined;
  return app.state
    .visibleLockers(carrier)
    .find((l) => l.record.ownedByCarrier === carrier && l.record.carrier.lockerId === lockerId);
}

const LONG_MAX = 2n ** 63n - 1n;

/** Fault sj-uid-parsed-as-int64: the uid parsed with Long.parseLong; an overflow escapes as a 500. */
export function checkUidAsLong(app: FaultPointApp, uid: string): void {
  if (!app.fault('sj-uid-parsed-as-int64') || !/^\d+$/.test(uid) || BigInt(uid) <= LONG_MAX) return;
  throw new ApiError(500, 'INTERNAL_ERROR', `java.lang.NumberFormatException: For input string: "${uid}"`);
}

/** Variation ok-j-locker-push-on-update: every accepted update is pushed as a LockerUpdates too. */
export function pushedOnUpdate(app: FaultPointApp): boolean {
  return app.fault('ok-j-locker-push-on-update');
}

/** Variation ok-j-groups-echo-extra-members: when each group of each locker was first shown assigned. */
const assignedAt = new WeakMap<StoredLocker, Map<string, string>>();

/** The lockerGroups a record echoes (the reference's choice): key and uid, and assignedAt under the variation. */
export function echoedGroups(app: FaultPointApp, locker: StoredLocker): JsonObject[] {
  if (!app.fault('ok-j-groups-echo-extra-members')) return locker.lockerGroups.map((g) => ({ ...g }));
  const times = assignedAt.get(locker) ?? new Map<string, string>();
  assignedAt.set(locker, times);
  return locker.lockerGroups.map((g) => {
    if (!times.has(g.uid)) times.set(g.uid, new Date().toISOString());
    return { ...g, assignedAt: times.get(g.uid)! };
  });
}
