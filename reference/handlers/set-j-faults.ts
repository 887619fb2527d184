// The points where the faults and variations of set J change the locker, network and push paths: each
// function does what the service does when its fault is off (nothing, or the value as given) and the fault's behaviour
// when it is on. The lines that call them are in lockers.ts, locker-update.ts, networks.ts and app.ts.
import { freeCompartments } from '../faults/behaviour/shared';
import type { JsonObject, StoredLocker } from '../model';
import type { FaultPointApp } from '../request-types';
import type { Editable } from './fault-point-state';
import { lockerPushBySetV } from './set-v-faults';
import { setWLockerPush } from './set-w-faults';
import { setWLockerView } from './set-w-variations';
import { setYLockerView } from './set-y-variations';

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

/** A locker record as every place shows it (answers, lists, pushes): set J's view points. */
export function setJLockerView(app: FaultPointApp, locker: StoredLocker, record: Editable): void {
  setWLockerView(app, locker, record); // Variations of set W: metadata row ids, features, offsets, a version
  setYLockerView(app, record); // Variation ok-y-compartments-in-millimetres
  // Variation ok-j-compartments-free-count: count is what is free of each compartment type.
  if (app.fault('ok-j-compartments-free-count') && Array.isArray(record['compartmentTypes']))
    record['compartmentTypes'] = freeCompartments(app, locker, record['compartmentTypes']);
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
