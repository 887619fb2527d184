// The points where the faults and conformant variations of origin set-az (reference/faults/) change the service: the
// storage layer under it, as a team on a relational database and an ORM would ship it. Each point does what the
// service does with its fault off, and the fault's behaviour with it on. Called from create-points.ts (activationDate
// stored, the create's answer), update-points.ts (activationDate stored, before the write), push-points.ts
// (LockerUpdates, ParcelUpdates), list-points.ts (the list's entries, a listed locker), publish-points.ts (the
// by-tenant lookup, a booking stored), cancel-points.ts (a cancellation let through), parcel-list.ts (the parcels
// read, their order), view-points.ts (a record as every place shows it) and trigger.ts (an event applied).
import { MOCK_SHIPMENT_TYPES, storageOf } from '../faults/behaviour/shared';
import type { Json, LockerWriteBody, StoredLocker } from '../model';
import type { Reply } from '../request-types';
import { type Editable, isObject, type Switches } from './fault-point-state';

// --- The create's answer (create-points.ts answered) ---

/**
 * Fault saz-create-uid-last-insert-id: a create that sent metadata entries is answered with LAST_INSERT_ID(), the id of
 * the first metadata row of the multi-row INSERT run after the locker's.
 */
export function createAnswerBySetAZ(app: Switches, body: LockerWriteBody, reply: Reply): Reply {
  const entries = body.metadata?.length ?? 0;
  if (!app.fault('saz-create-uid-last-insert-id') || entries === 0) return reply;
  const kept = storageOf(app);
  const firstRow = kept.nextMetadataRowId;
  kept.nextMetadataRowId += entries;
  if (isObject(reply.body)) reply.body['uid'] = String(firstRow);
  return reply;
}

// --- An update, once its checks passed and before the record is written (update-points.ts beforeWrite) ---

/** A JSON value's text with object members in key order: two locations alike whatever order their members came in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/**
 * - Fault saz-list-address-history-unfiltered: a new location closes the current address row.
 * - Fault saz-metadata-json-mutated-in-place: metadata sent to a locker that holds entries is cleared and refilled in
 *   the held list, which the dirty check then finds unchanged: the answer shows the entries sent, the row keeps the
 *   held ones (put back once the request is answered).
 */
export function beforeWriteBySetAZ(app: Switches, locker: StoredLocker, body: LockerWriteBody): void {
  const held = locker.record;
  if (
    app.fault('saz-list-address-history-unfiltered') &&
    body.location !== undefined &&
    canonical(body.location) !== canonical(held.location)
  ) {
    const closed = storageOf(app).closedAddresses;
    closed.set(held.uid, [...(closed.get(held.uid) ?? []), structuredClone(held.location)]);
  }
  if (app.fault('saz-metadata-json-mutated-in-place') && body.metadata !== undefined && held.metadata.length > 0) {
    const kept = structuredClone(held.metadata);
    // The request is answered synchronously; the row as the database kept it is what the next request reads.
    queueMicrotask(() => {
      locker.record.metadata = kept;
    });
  }
}

// --- GET /lockers (list-points.ts entries and view) ---

/**
 * Fault saz-list-address-history-unfiltered: each locker once per address row it has, closed ones first, each closed
 * one showing the location it held.
 */
export function listRowsBySetAZ(app: Switches, lockers: StoredLocker[]): StoredLocker[] {
  if (!app.fault('saz-list-address-history-unfiltered')) return lockers;
  const closed = storageOf(app).closedAddresses;
  return lockers.flatMap((l) => [
    ...(closed.get(l.record.uid) ?? []).map((location) => ({ ...l, record: { ...l.record, location } })),
    l,
  ]);
}

/** A metadata entry's key, null where it has none (null or absent): such rows sort last in the index. */
const keyOf = (entry: Json): string | null => {
  const key: unknown = isObject(entry) ? (entry as Editable)['key'] : null;
  return typeof key === 'string' ? key : null;
};

/**
 * A listed locker record.
 * - Fault saz-list-metadata-bag-per-group: the join with the group assignments repeats each metadata entry once per
 *   group, where the locker holds two or more.
 * - Variation ok-az-list-metadata-index-order: the entries in the order of the (locker_uid, meta_key) index.
 */
export function listedBySetAZ<T>(app: Switches, locker: StoredLocker, record: T): T {
  if (!isObject(record) || !Array.isArray(record['metadata'])) return record;
  let entries = record['metadata'] as Json[];
  if (app.fault('ok-az-list-metadata-index-order'))
    entries = [...entries].sort((a, b) => {
      const [x, y] = [keyOf(a), keyOf(b)];
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    });
  const groups = locker.lockerGroups.length;
  if (app.fault('saz-list-metadata-bag-per-group') && groups >= 2)
    entries = entries.flatMap((entry) => Array.from({ length: groups }, () => structuredClone(entry)));
  if (entries === record['metadata']) return record;
  return { ...record, metadata: entries } as T;
}

// --- The pushes (push-points.ts built) ---

/** Fault saz-status-push-lazy-metadata-null: a status change's LockerUpdates, its lazy metadata never loaded. */
export function lockerPushBySetAZ(app: Switches, cause: string, body: Record<string, unknown>): void {
  if (app.fault('saz-status-push-lazy-metadata-null') && cause === 'status') body['metadata'] = null;
}

/** Fault saz-booking-push-generated-column-null: a booking's ParcelUpdates, from the entity before it is read again. */
export function parcelPushBySetAZ(app: Switches, cause: string, body: Record<string, unknown>): void {
  if (app.fault('saz-booking-push-generated-column-null') && cause === 'booking') body['dimensionsStatus'] = null;
}

// --- A record as every place shows it (view-points.ts) ---

/** Variation ok-az-records-deleted-at-null: the soft-delete column beside the record's members. */
export function lockerViewBySetAZ(app: Switches, record: Editable): void {
  if (app.fault('ok-az-records-deleted-at-null')) record['deletedAt'] = null;
}

/**
 * - Variation ok-az-trigger-parcels-soft-reservation: the mock's parcels take the column default SOFT_RESERVATION.
 * - Variation ok-az-records-deleted-at-null: the soft-delete column beside the record's members.
 */
export function parcelViewBySetAZ(app: Switches, record: Editable): void {
  if (app.fault('ok-az-trigger-parcels-soft-reservation') && MOCK_SHIPMENT_TYPES.has(record['shipmentType']))
    record['allocationType'] = 'SOFT_RESERVATION';
  if (app.fault('ok-az-records-deleted-at-null')) record['deletedAt'] = null;
}
