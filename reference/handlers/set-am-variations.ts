// The points where the conformant variations of set AM (`ok-am-*`) change the service: each does what the service
// does with its variation off. Called through set-am-faults.ts from app.ts (the locker and parcel views, the
// LockerUpdates push) and lockers.ts (each listed record, the list's answer), and from publish-points.ts (a publish
// answered).
import { FEATURES } from '../faults/behaviour/shared';
import type { StoredLocker } from '../model';
import { type Editable, isObject, type Switches } from './fault-point-state';

/** Variation ok-am-third-party-sparse-records: what the provider feed does not carry of a third-party locker. */
const NOT_IN_FEED = ['features', 'openingHours', 'metadata', 'compartmentTypes'] as const;

/** When the carrier's seeded lockers were imported (variation ok-am-locker-row-timestamps). */
const SEED_IMPORTED = '2025-01-01T00:00:00.000Z';

/** Variation ok-am-locker-row-timestamps: each locker's row as last seen and its two timestamps, by uid, per app. */
const rowStamps = new WeakMap<object, Map<string, { row: string; createdAt: string; updatedAt: string }>>();

/**
 * A locker as every answer, list and push shows it (`record`, a copy app.ts made).
 * - Variation ok-am-third-party-sparse-records: a third-party locker (ownedByCarrier null) shows what the provider feed
 *   carries and no more (no features, openingHours, metadata or compartmentTypes), and where it comes from, source
 *   PROVIDER_FEED.
 * - Variation ok-am-record-columns-complete: features and each metadata entry carry every member, null where none was
 *   given (nullable columns, always written).
 * - Variation ok-am-locker-row-timestamps: the row's createdAt and updatedAt (DEFAULT CURRENT_TIMESTAMP, ON UPDATE
 *   CURRENT_TIMESTAMP), updatedAt moved by every write that changed the locker.
 */
export function lockerViewByAMVariations(
  app: Switches & { now(): string },
  locker: StoredLocker,
  record: Editable,
): void {
  if (app.fault('ok-am-third-party-sparse-records') && locker.record.ownedByCarrier === null) {
    for (const member of NOT_IN_FEED) delete record[member];
    record['source'] = 'PROVIDER_FEED';
  }
  if (app.fault('ok-am-record-columns-complete')) {
    if (isObject(record['features'])) for (const member of FEATURES) record['features'][member] ??= null;
    if (Array.isArray(record['metadata']))
      record['metadata'] = record['metadata'].map((entry: unknown) =>
        isObject(entry) ? { ...entry, key: entry['key'] ?? null, value: entry['value'] ?? null } : entry,
      );
  }
  if (app.fault('ok-am-locker-row-timestamps')) {
    let stamps = rowStamps.get(app);
    if (!stamps) rowStamps.set(app, (stamps = new Map()));
    const row = JSON.stringify(locker.record);
    const held = stamps.get(locker.record.uid);
    const now = app.now();
    const first = locker.record.ownedByCarrier === null ? SEED_IMPORTED : now;
    const next = held
      ? held.row === row
        ? held
        : { ...held, row, updatedAt: now }
      : { row, createdAt: first, updatedAt: first };
    stamps.set(locker.record.uid, next);
    record['createdAt'] = next.createdAt;
    record['updatedAt'] = next.updatedAt;
  }
}

/** Removes the null members of objects at every depth (arrays keep their items). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/**
 * A LockerUpdates body before it is sent. Variation ok-am-locker-push-nulls-omitted: the event publisher's JSON mapper
 * leaves out null members at every depth (a feature null, a metadata key or value null, compartmentTypes null).
 */
export function lockerPushByAMVariations(app: Switches, body: Record<string, unknown>): void {
  if (!app.fault('ok-am-locker-push-nulls-omitted')) return;
  const bare = withoutNulls(body) as Record<string, unknown>;
  for (const member of Object.keys(body)) delete body[member];
  Object.assign(body, bare);
}

/**
 * A parcel as the list, the cancel answer and the push show it. Variation ok-am-consignee-null-members-omitted: the
 * consignee is written without its null members ({name: "X"} where the email is null, {} where both are); a consignee
 * that is null stays null.
 */
export function parcelViewByAMVariations(app: Switches, record: Editable): void {
  if (!app.fault('ok-am-consignee-null-members-omitted') || !isObject(record['consignee'])) return;
  record['consignee'] = Object.fromEntries(Object.entries(record['consignee']).filter(([, v]) => v !== null));
}
