// The faults' behaviour of each locker record GET /lockers shows as read through the service's locker tables
// (lockers.ts listLockersFresh, after list-points.ts view): the metadata rows an update soft-deleted, the carrier-side
// rows an update left (both kept by locker-update.ts updateLocker), and a shared locker's rows per carrier account.
// With its fault off each point does what the service does.
import { type Editable, isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { Json, LockerRecord } from '../../model';
import type { FaultPointApp, RequestContext } from '../../request-types';

/** Fault sbj-list-reads-soft-deleted-metadata: each locker's metadata rows an update soft-deleted, oldest first. */
const softDeletedMetadata = new WeakMap<object, Map<string, Json[]>>();

/** An update that sends metadata marks the rows the locker had deleted (deleted_at) and inserts the ones sent. */
export function metadataRowsSoftDeleted(app: Switches, record: LockerRecord, sent: Json[] | undefined): void {
  if (!app.fault('sbj-list-reads-soft-deleted-metadata') || sent === undefined) return;
  const rows = perApp(softDeletedMetadata, app, () => new Map<string, Json[]>());
  rows.set(record.uid, [...(rows.get(record.uid) ?? []), ...structuredClone(record.metadata)]);
}

/** Fault sbj-carrier-side-row-keyed-by-locker-id: the first carrier-side row of each locker whose lockerId moved. */
const firstCarrierRows = new WeakMap<object, Map<string, LockerRecord['carrier']>>();

/**
 * An update that sends carrier merges the carrier-side row, whose key is (uid, lockerId): a new lockerId inserts a
 * row beside the one held, and a lockerId the first row has writes that row.
 */
export function carrierSideRowMerged(
  app: Switches,
  uid: string,
  before: LockerRecord['carrier'],
  after: LockerRecord['carrier'],
): void {
  if (!app.fault('sbj-carrier-side-row-keyed-by-locker-id')) return;
  const rows = perApp(firstCarrierRows, app, () => new Map<string, LockerRecord['carrier']>());
  const first = rows.get(uid);
  if (first === undefined) {
    if (before.lockerId !== after.lockerId) rows.set(uid, { ...before });
  } else if (first.lockerId === after.lockerId) rows.set(uid, { ...after });
}

/** Conformant or not, the carrier names that see a third-party locker. */
type ListApp = Switches & Pick<FaultPointApp, 'options'>;

/**
 * GET /lockers reads each record through the locker tables: the metadata rows (fault
 * sbj-list-reads-soft-deleted-metadata: deleted ones too), the carrier-side row (fault
 * sbj-carrier-side-row-keyed-by-locker-id: the first by row id), a shared locker's carrier-side rows (fault
 * sbj-shared-locker-carrier-sides-listed: one per carrier account; variation ok-bj-shared-locker-name-per-carrier:
 * the caller's own name of it). Correct: the record as stored.
 */
export function listedThroughLockerTables(app: ListApp, ctx: RequestContext, shown: unknown): unknown {
  if (!isObject(shown) || typeof shown['uid'] !== 'string') return shown;
  const uid = shown['uid'];
  let record: Editable = shown;
  const deleted = softDeletedMetadata.get(app)?.get(uid);
  if (app.fault('sbj-list-reads-soft-deleted-metadata') && deleted?.length && Array.isArray(record['metadata']))
    record = { ...record, metadata: [...structuredClone(deleted), ...record['metadata']] };
  const first = firstCarrierRows.get(app)?.get(uid);
  if (app.fault('sbj-carrier-side-row-keyed-by-locker-id') && first && isObject(record['carrier']))
    record = {
      ...record,
      carrier: {
        ...record['carrier'],
        lockerName: first.lockerName,
        lockerId: first.lockerId,
        activationDate: first.activationDate,
      },
    };
  const shared = record['ownedByCarrier'] === null && isObject(record['carrier']);
  const firstAccount = app.options.carriers[0]?.name;
  if (app.fault('ok-bj-shared-locker-name-per-carrier') && shared && ctx.carrier.name !== firstAccount) {
    const side = record['carrier'] as Editable;
    record = { ...record, carrier: { ...side, lockerName: `${side['lockerId']} ${record['location']?.['city']}` } };
  }
  if (app.fault('sbj-shared-locker-carrier-sides-listed') && shared) {
    const { carrier, ...rest } = record;
    record = { ...rest, carriers: app.options.carriers.map(() => ({ ...(carrier as Editable) })) };
  }
  return record;
}
