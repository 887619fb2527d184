// How a locker's sent members are stored, create and update alike (and the faults that store them otherwise).
import type { ReferenceApp } from '../app';
import type { Json, LockerGroup, LockerRecord, StoredLocker } from '../model';
import {
  activationDateNormalised,
  boundByPosition,
  checkActivationCalendar,
  emptyTextAsNull,
  inMetadataSlots,
  metadataAsReadBack,
  metadataKeysCollated,
  metadataSortedByKey,
  readerUnmapped,
  throughTextColumn,
  utcDateTime,
  wallClockAsUtc,
} from '../faults/behaviour/locker-stored';

export const NO_FEATURES = { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null };

/** Fault x45-features-false-as-null: each feature stored as `sent || null`, so false becomes null. */
export function storedFeatures(app: ReferenceApp, features: LockerRecord['features']): LockerRecord['features'] {
  const copy = structuredClone(boundByPosition(app, features)); // Fault st-features-bound-by-position
  // Fault sn-barcode-reader-unmapped: the entity's hasPinBarCodeReader is no target of the mapper: never stored.
  readerUnmapped(app, copy);
  return app.fault('x45-features-false-as-null')
    ? Object.fromEntries(Object.entries(copy).map(([k, v]) => [k, v || null]))
    : copy;
}

/** Fault x45-activation-date-truncated-to-day: the date-time kept in a DATE column, read back as midnight UTC. */
export function storedActivationDate(app: ReferenceApp, given: string): string {
  // Fault sg-activation-offset-sign-inverted: normalised to UTC with the offset's sign the wrong way.
  // Fault sv-activation-date-wall-clock-as-utc: written as Berlin wall-clock time, read back as UTC.
  const sent = wallClockAsUtc(app, activationDateNormalised(app, given));
  // Fault se-activation-leap-day-refused: a hand-written calendar check without leap years.
  checkActivationCalendar(app, sent);
  // Conformant variation ok-c-activation-date-utc: the same instant, written in UTC.
  if (app.fault('ok-c-activation-date-utc')) return utcDateTime(sent) ?? sent;
  if (!app.fault('x45-activation-date-truncated-to-day') || Number.isNaN(Date.parse(sent))) return sent;
  return `${new Date(Date.parse(sent)).toISOString().slice(0, 10)}T00:00:00Z`;
}

/** Fault sa-metadata-map-by-key: metadata kept as a map keyed by key, so entries sharing a key collapse into one. */
export function storedMetadata(app: ReferenceApp, metadata: Json[]): Json[] {
  // Fault se-metadata-text-column: written to and read back from one delimited text column.
  // Fault sg-metadata-empty-string-null: an empty key or value read back as null.
  // Fault sh-metadata-empty-string-null: an empty key or value is stored as NULL.
  // Fault sn-metadata-five-slots: written to the legacy table's five key/value column pairs.
  const slotted = inMetadataSlots(app, metadata);
  // Fault sax-metadata-keys-accent-case-collated: a unique key under an accent- and case-blind collation.
  const copy = metadataKeysCollated(
    app,
    emptyTextAsNull(app, metadataAsReadBack(app, throughTextColumn(app, structuredClone(slotted)))),
  );
  // Variation ok-n-metadata-sorted-by-key: the entries kept in key order.
  metadataSortedByKey(app, copy);
  if (!app.fault('sa-metadata-map-by-key')) return copy;
  const byKey = new Map<unknown, { key?: Json; value?: Json }>();
  const kept: Json[] = [];
  for (const entry of copy) {
    const e = entry as { key?: Json; value?: Json };
    const held = e.key !== undefined ? byKey.get(e.key) : undefined;
    if (held) {
      held.value = e.value;
      continue;
    }
    if (e.key !== undefined) byKey.set(e.key, e);
    kept.push(entry);
  }
  return kept;
}

/**
 * Fault sa-groups-move-between-lockers: an assignment table unique on the group uid, so the groups a locker is given
 * are taken from any other locker of the carrier that held them.
 */
export function takeGroupsFromOthers(
  app: ReferenceApp,
  carrier: string,
  locker: StoredLocker | undefined,
  groups: LockerGroup[] | undefined,
): void {
  if (!groups?.length || !app.fault('sa-groups-move-between-lockers')) return;
  const assigned = new Set(groups.map((g) => g.uid));
  for (const other of app.state.visibleLockers(carrier)) {
    if (other === locker || other.record.ownedByCarrier !== carrier) continue;
    if (!other.lockerGroups.some((g) => assigned.has(g.uid))) continue;
    other.lockerGroups = other.lockerGroups.filter((g) => !assigned.has(g.uid));
  }
}
