// The faults' behaviour of the lockerGroups an update writes (locker-update.ts updateLocker, after update-points.ts
// groups): the group cache, the groups' history rows, the groups the group service stages. With its fault off each
// point does what the service does.
import { isObject, perApp } from '../../handlers/fault-point-state';
import type { LockerGroup, StoredLocker } from '../../model';
import type { FaultPointApp } from '../../request-types';

/** Fault sbi-groups-cache-kept-when-cleared: per reference, the group cache, written only with a non-empty list. */
const groupCaches = new WeakMap<object, WeakMap<StoredLocker, LockerGroup[]>>();

/**
 * Fault sbi-groups-cache-kept-when-cleared: a locker's groups are read through a cache that a write fills only
 * `if (groups.length)` (an empty list taken for "nothing to cache") and a read fills where it is empty: an update
 * giving the locker no groups ([]) leaves the former groups cached, and the next update without lockerGroups carries
 * them over from the cache.
 */
export function groupsThroughCache(
  app: FaultPointApp,
  locker: StoredLocker,
  sent: LockerGroup[] | undefined,
  stored: LockerGroup[],
): LockerGroup[] {
  if (!app.fault('sbi-groups-cache-kept-when-cleared')) return stored;
  const cache = perApp(groupCaches, app, () => new WeakMap<StoredLocker, LockerGroup[]>());
  if (!cache.has(locker) && locker.lockerGroups.length) cache.set(locker, structuredClone(locker.lockerGroups));
  if (sent !== undefined) {
    if (stored.length) cache.set(locker, structuredClone(stored));
    return stored;
  }
  const cached = cache.get(locker);
  return cached ? structuredClone(cached) : stored;
}

/** Fault sbi-group-reassigned-reopens-history-row: per reference, every group uid a locker held, with its key. */
const groupHistories = new WeakMap<object, WeakMap<StoredLocker, Map<string, string>>>();

/**
 * Fault sbi-group-reassigned-reopens-history-row: group assignments are history rows, and assigning a group the
 * locker held before reopens its row (valid_to = NULL) and goes on to the next group, skipping the step that closes
 * the key's current row: a locker given group A of a key, then B, then A again holds A and B of that key.
 */
export function reassignedGroupReopened(
  app: FaultPointApp,
  locker: StoredLocker,
  sent: LockerGroup[] | undefined,
  stored: LockerGroup[],
): LockerGroup[] {
  if (!app.fault('sbi-group-reassigned-reopens-history-row')) return stored;
  const histories = perApp(groupHistories, app, () => new WeakMap<StoredLocker, Map<string, string>>());
  const history = histories.get(locker) ?? new Map<string, string>();
  histories.set(locker, history);
  const current = locker.lockerGroups;
  for (const g of current) history.set(g.uid, g.key);
  let result = stored;
  if (sent !== undefined) {
    result = [...stored];
    for (const g of sent) {
      if (!history.has(g.uid) || current.some((c) => c.uid === g.uid)) continue;
      for (const c of current)
        if (c.key === g.key && c.uid !== g.uid && !result.some((r) => r.uid === c.uid)) result.push({ ...c });
    }
  }
  for (const g of result) history.set(g.uid, g.key);
  return result;
}

/** Fault sbi-refused-update-groups-applied-later: per reference, the groups the group service staged per locker. */
const stagedGroupsOf = new WeakMap<object, WeakMap<StoredLocker, LockerGroup[]>>();

const stagedOf = (app: object) => perApp(stagedGroupsOf, app, () => new WeakMap<StoredLocker, LockerGroup[]>());

/** lockerGroups as a request sent them, where they are a list of {key, uid} texts with one group per key. */
function sentGroups(body: unknown): LockerGroup[] | undefined {
  const groups = isObject(body) ? body['lockerGroups'] : undefined;
  if (!Array.isArray(groups)) return undefined;
  const valid = groups.every((g) => isObject(g) && typeof g['key'] === 'string' && typeof g['uid'] === 'string');
  const keys = valid ? groups.map((g) => (g as Record<string, unknown>)['key']) : [];
  return valid && new Set(keys).size === keys.length ? (structuredClone(groups) as LockerGroup[]) : undefined;
}

/**
 * Fault sbi-refused-update-groups-applied-later: the group service is handed an update's lockerGroups as it arrives,
 * checks their keys itself and stages them for the locker, to be applied at the locker's next save; the locker
 * service refuses the update afterwards (a provider object, a missing member), and the staging is never dropped.
 * Called with the body as sent, before the locker service validates it.
 */
export function groupsStagedOnArrival(app: FaultPointApp, locker: StoredLocker, body: unknown): void {
  if (!app.fault('sbi-refused-update-groups-applied-later')) return;
  const groups = sentGroups(body);
  if (groups) stagedOf(app).set(locker, groups);
}

/**
 * Fault sbi-refused-update-groups-applied-later: the groups an accepted update writes: the ones it sent, or, where it
 * sent none, those still staged by a refused update; `written` are the groups as the update writes them.
 */
export function stagedGroupsApplied(
  app: FaultPointApp,
  locker: StoredLocker,
  sent: LockerGroup[] | undefined,
  written: LockerGroup[],
): LockerGroup[] {
  if (!app.fault('sbi-refused-update-groups-applied-later')) return written;
  const staged = stagedOf(app);
  const held = staged.get(locker);
  staged.delete(locker);
  return sent === undefined && held ? held : written;
}
