// The points where the conformant variations of set W (`ok-w-*`) change the locker records and the
// locker list: each does nothing with its variation off. Called from set-j-faults.ts (the locker view's hook) and
// lockers.ts; the catalogue's variation is in set-w-faults.ts, with the catalogue's fault.
import { HOUR_MS } from '../faults/behaviour/shared';
import type { StoredLocker } from '../model';
import type { FaultPointApp } from '../request-types';
import { type Editable, isObject } from './fault-point-state';

/** Countries whose lockers the record shows in Central European time (variation ok-w-activation-date-local-offset). */
const CET = new Set(['AT', 'BE', 'CH', 'CZ', 'DE', 'DK', 'ES', 'FR', 'IT', 'LU', 'NL', 'NO', 'PL', 'SE']);

/** The UTC time of the last Sunday of a month (0-based), 01:00: when EU summer time begins or ends. */
function lastSundayOneAm(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay()) + HOUR_MS;
}

/** The same instant written in Central European (summer) time: 2025-06-01T12:30:00+02:00 for 10:30Z. */
function inCentralEuropeanTime(sent: string): string {
  const at = Date.parse(sent);
  if (Number.isNaN(at)) return sent;
  const year = new Date(at).getUTCFullYear();
  const summer = at >= lastSundayOneAm(year, 2) && at < lastSundayOneAm(year, 9);
  const local = new Date(at + (summer ? 2 : 1) * HOUR_MS).toISOString().replace(/\.000Z$|Z$/, '');
  return `${local}${summer ? '+02:00' : '+01:00'}`;
}

/** Per app: each locker's metadata row ids by the entries' text, and its row version with the text it was at. */
const metadataRows = new WeakMap<object, { next: number; byLocker: Map<string, Map<string, number[]>> }>();
const rowVersions = new WeakMap<object, Map<string, { text: string; version: number }>>();

/** Variation ok-w-metadata-entry-ids: the row id of each metadata entry, kept while the entries stay as they are. */
function metadataIds(app: FaultPointApp, locker: StoredLocker): number[] {
  const rows = metadataRows.get(app) ?? { next: 1, byLocker: new Map<string, Map<string, number[]>>() };
  metadataRows.set(app, rows);
  const text = JSON.stringify(locker.record.metadata);
  const held = rows.byLocker.get(locker.record.uid) ?? new Map<string, number[]>();
  rows.byLocker.set(locker.record.uid, held);
  const ids = held.get(text) ?? locker.record.metadata.map(() => rows.next++);
  held.set(text, ids);
  return ids;
}

/** Variation ok-w-locker-version-member: the row version, one more each time the stored locker changed. */
function rowVersion(app: FaultPointApp, locker: StoredLocker): number {
  const versions = rowVersions.get(app) ?? new Map<string, { text: string; version: number }>();
  rowVersions.set(app, versions);
  const text = JSON.stringify([locker.record, locker.lockerGroups]);
  const held = versions.get(locker.record.uid);
  const version = !held ? 0 : held.text === text ? held.version : held.version + 1;
  versions.set(locker.record.uid, { text, version });
  return version;
}

/**
 * The locker record as set W's variations write it (answers, lists and pushes alike). ok-w-metadata-entry-ids: each
 * metadata entry with its row id. ok-w-features-null-members-omitted: features serialized without null members.
 * ok-w-activation-date-local-offset: activationDate in the locker's Central European time, the same instant.
 * ok-w-locker-version-member: the row version as a member `version`.
 */
export function setWLockerView(app: FaultPointApp, locker: StoredLocker, record: Editable): void {
  if (app.fault('ok-w-metadata-entry-ids') && Array.isArray(record['metadata'])) {
    const ids = metadataIds(app, locker);
    record['metadata'] = record['metadata'].map((e: unknown, i) => (isObject(e) ? { id: ids[i], ...e } : e));
  }
  const features = record['features'];
  if (app.fault('ok-w-features-null-members-omitted') && isObject(features)) {
    for (const [member, value] of Object.entries(features)) if (value === null) delete features[member];
  }
  const country = isObject(record['location']) ? record['location']['countryCode'] : undefined;
  if (app.fault('ok-w-activation-date-local-offset') && CET.has(country) && isObject(record['carrier'])) {
    const carrier = record['carrier'];
    if (typeof carrier['activationDate'] === 'string')
      carrier['activationDate'] = inCentralEuropeanTime(carrier['activationDate']);
  }
  if (app.fault('ok-w-locker-version-member')) record['version'] = rowVersion(app, locker);
}
