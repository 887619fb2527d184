// What the faults of several locker operations share: a soft delete, a row's version, a locker parked until listed, the
// last-changed stamps, the members a write sent, the list's render memo and entity cache an update reaches, a locker's
// group siblings, the updates each locker took, and the carrier's name rows a create and a rename write.
import { isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { LockerRecord, StoredLocker } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';

/** Fault sj-inactive-soft-deleted: the locker as the locker repository finds it, none where it is INACTIVE. */
export function unlessSoftDeleted<T extends StoredLocker | undefined>(app: FaultPointApp, locker: T): T | undefined {
  const hidden = app.fault('sj-inactive-soft-deleted') && locker?.record.carrier.status === 'INACTIVE';
  return hidden ? undefined : locker;
}

/** Fault sl-status-stale-lock-version: when each locker's row version was last bumped by PATCH /lockers/{uid}. */
export const versionBumpedAt = new WeakMap<StoredLocker, number>();

export const parked = new WeakMap<FaultPointApp, Map<string, (() => void)[]>>();

// --- Variation ok-al-lockers-last-changed-first ---

/** When each locker (by uid) was last created or changed, as a running number, per app. */
const lastChanged = new WeakMap<object, { count: number; stamps: Map<string, number> }>();

export function stampsOf(app: object): { count: number; stamps: Map<string, number> } {
  let held = lastChanged.get(app);
  if (!held) lastChanged.set(app, (held = { count: 0, stamps: new Map() }));
  return held;
}

/** A locker was created, updated or had its status changed. */
export function lockerChanged(app: Switches, locker: StoredLocker): void {
  const held = stampsOf(app);
  held.stamps.set(locker.record.uid, ++held.count);
}

/** Fault sas-list-schedule-rows-lag-mode: when each opening-hours object with SCHEDULED hours was written. */
export const scheduleWrittenAt = new WeakMap<object, number>();

/** A member of the request body as sent (before the members the tables do not list are dropped, where they are). */
export function sentMember(ctx: RequestContext, member: string): unknown {
  return isObject(ctx.body) ? ctx.body[member] : undefined;
}

// --- The list's render memo and entity cache (locker-list-records.ts), which an update reaches (locker-update.ts) ---

/** Fault sbd-list-render-memo-status-write-bypass: each locker's saves (creates, updates). */
const lockerSaves = new WeakMap<object, WeakMap<StoredLocker, number>>();
export const savesOf = (app: object) => perApp(lockerSaves, app, () => new WeakMap<StoredLocker, number>());

/** Fault sbd-attribute-update-based-on-list-cache: each locker's row as the list last read it (the entity cache). */
const listedRowTables = new WeakMap<object, WeakMap<StoredLocker, LockerRecord>>();
export const listedRowsOf = (app: object) =>
  perApp(listedRowTables, app, () => new WeakMap<StoredLocker, LockerRecord>());

// --- A locker's group siblings (views-lockers.ts, locker-update.ts) ---

/** The carrier's other lockers that share one of the locker's group uids. */
export function groupSiblings(app: FaultPointApp, locker: StoredLocker): StoredLocker[] {
  const owner = locker.record.ownedByCarrier;
  if (owner === null || locker.lockerGroups.length === 0) return [];
  const uids = new Set(locker.lockerGroups.map((g) => g.uid));
  return [...app.state.lockers.values()].filter(
    (l) => l !== locker && l.record.ownedByCarrier === owner && l.lockerGroups.some((g) => uids.has(g.uid)),
  );
}

// --- The updates each locker took (locker-update.ts), read by trigger.ts, publish-booking.ts, parcel-list.ts ---

/**
 * Fault sbg-trigger-after-update-locker-unknown: per reference, the lockers a PATCH /lockers/{uid} changed since they
 * were created (the mock's registry lost their provider id).
 */
const updatedLockers = new WeakMap<object, WeakSet<StoredLocker>>();
export const updatedLockersOf = (app: object) => perApp(updatedLockers, app, () => new WeakSet<StoredLocker>());

/** Fault sbg-parcels-of-updated-locker-unlisted: per reference, each locker's version (the updates it took). */
const lockerVersions = new WeakMap<object, WeakMap<StoredLocker, number>>();
export const lockerVersionsOf = (app: object) => perApp(lockerVersions, app, () => new WeakMap<StoredLocker, number>());

// --- The carrier's name rows, written by a create (lockers.ts createLocker) and a rename (locker-update.ts) ---

/** Fault sbi-create-name-row-upsert-200: the carrier's name rows, one per lockerName ever written. */
const nameRows = new WeakMap<object, Map<string, Set<string>>>();

const nameRowsOf = (app: object, carrier: string): Set<string> => {
  const rows = perApp(nameRows, app, () => new Map<string, Set<string>>());
  return rows.get(carrier) ?? rows.set(carrier, new Set<string>()).get(carrier)!;
};

/**
 * Fault sbi-create-name-row-upsert-200: a create writes the locker's name row with INSERT ... ON CONFLICT (carrier,
 * lockerName) DO UPDATE ... RETURNING (xmax = 0) AS inserted, and answers 201 only where the row was inserted, 200
 * otherwise; a rename adds a row and leaves the old one: a locker created under a lockerName any locker of the
 * carrier has or had before is answered 200. `reply`: the create's answer.
 */
export function createdStatusFromNameRow(app: FaultPointApp, carrier: string, name: string, reply: Reply): Reply {
  if (!app.fault('sbi-create-name-row-upsert-200')) return reply;
  const rows = nameRowsOf(app, carrier);
  const inserted = !rows.has(name);
  rows.add(name);
  return inserted || reply.status !== 201 ? reply : { ...reply, status: 200 };
}

/** Fault sbi-create-name-row-upsert-200: a rename's new name row (the old one stays). */
export function nameRowAdded(app: FaultPointApp, carrier: string, name: string): void {
  if (app.fault('sbi-create-name-row-upsert-200')) nameRowsOf(app, carrier).add(name);
}
