// The points where the faults of set AD change the parcel side and its webhooks: each does what the
// service does with its fault off, and the fault's behaviour with it on; its variations are set-ad-variations.ts.
// Called from parcels.ts (the publish, the by-tenant lookup, the booking's row), parcel-list.ts, cancel.ts, trigger.ts,
// spec-set-d-points.ts (the ParcelUpdates sender) and collections.ts.
import { gzipSync } from 'node:zlib';
import { ApiError } from '../errors';
import { DIMENSIONS, partlyDeclared } from '../faults/behaviour/parcels';
import { heldBy } from '../faults/behaviour/shared';
import type { PublishBody, StoredLocker, StoredParcel } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import type { RequestSchema } from '../validation';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { ownLockerOnly, setADPublishAnswer } from './set-ad-variations';

/**
 * Fault sad-dimensions-number-coerced: the dimensions validator checks Number.isInteger(Number(v)) and the mapper
 * stores Number(v), so a dimension sent as "12", "", true, [] or [7] is taken as the integer it coerces to.
 */
function coercedDimensions(app: Switches, body: unknown): unknown {
  if (!app.fault('sad-dimensions-number-coerced') || !isObject(body) || !isObject(body['dimensions'])) return body;
  const dimensions: Editable = { ...body['dimensions'] };
  for (const side of DIMENSIONS) {
    const sent: unknown = dimensions[side];
    if (sent !== null && sent !== undefined && typeof sent !== 'number' && Number.isInteger(Number(sent)))
      dimensions[side] = Number(sent);
  }
  return { ...body, dimensions };
}

/** Fault sad-precheck-timestamp-default-arg: the check answer's default timestamp, evaluated once. */
const checkAnswerDefault = new WeakMap<Switches, string>();

/**
 * A publish as set AD's faults and variations run it. Fault sad-precheck-timestamp-default-arg: the check's answer is
 * made by a helper of the check module (imported lazily, at the first PRE_CHECK) whose timestamp parameter defaults to
 * datetime.now(), a default Python evaluates once: every PRE_CHECK answers the time of the first one.
 */
export function setADPublish(app: FaultPointApp, ctx: RequestContext, publish: () => Reply): Reply {
  ctx.body = coercedDimensions(app, ctx.body);
  const sent: Editable = isObject(ctx.body) ? ctx.body : {};
  const reply = publish();
  const answer = reply.status < 300 && isObject(reply.body) ? reply.body : undefined;
  const stamp: unknown = answer?.['timestamp'];
  if (
    !app.fault('sad-precheck-timestamp-default-arg') ||
    sent['eventType'] !== 'PRE_CHECK' ||
    typeof stamp !== 'string'
  )
    return setADPublishAnswer(app, ctx.carrier.name, sent, reply);
  const first = heldBy(checkAnswerDefault, app, () => stamp);
  return setADPublishAnswer(app, ctx.carrier.name, sent, {
    ...reply,
    body: { ...answer, timestamp: first },
  });
}

/** The order of a text column under the database's default collation (en_US.UTF-8): case and punctuation ignored. */
const collation = new Intl.Collator('en', { sensitivity: 'base', ignorePunctuation: true });
const inDatabaseOrder = (a: string, b: string) => collation.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The locker a publish names. Fault sad-by-tenant-binary-search-collation: the by-tenant path keeps the carrier's
 * lockers as the database returns them, ORDER BY locker_id under its collation, and binary-searches carrierLockerId in
 * them comparing code points: where the two orders disagree, an id a locker has is not found. Variation
 * ok-ad-by-tenant-own-lockers-only: only the carrier's own lockers.
 */
export function byTenantIndex(
  app: FaultPointApp,
  carrier: string,
  schema: RequestSchema,
  sent: PublishBody,
  lookup: () => StoredLocker | undefined,
): StoredLocker | undefined {
  const id = sent.carrierLockerId;
  if (schema !== 'PublishByCarrierLockerIdRequest' || typeof id !== 'string') return lookup();
  if (!app.fault('sad-by-tenant-binary-search-collation')) return ownLockerOnly(app, carrier, lookup());
  const index = app.state
    .visibleLockers(carrier)
    .sort((a, b) => inDatabaseOrder(a.record.carrier.lockerId, b.record.carrier.lockerId));
  for (let [lo, hi] = [0, index.length - 1]; lo <= hi;) {
    const mid = (lo + hi) >> 1;
    const at = index[mid]!.record.carrier.lockerId;
    if (at === id) {
      const same = index.filter((l) => l.record.carrier.lockerId === id);
      return same.find((l) => l.record.ownedByCarrier === carrier) ?? same[0];
    }
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** A 32-bit FNV-1a hash of the text's UTF-8 bytes. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
}

/**
 * Stores a new booking's row. Fault sad-shipment-uid-derived-from-parcel-id: the shipmentUid is derived from the
 * booking's natural key, a hash of lockerUid and carrierParcelId (the carrier left out), and the row is upserted on it:
 * a booking whose uid a stored parcel has replaces that row, another carrier's too.
 */
export function storedBooking(app: FaultPointApp, parcel: StoredParcel, sent: PublishBody): void {
  const { record } = parcel;
  if (app.fault('sad-shipment-uid-derived-from-parcel-id')) {
    const hash = fnv1a(`${record.lockerUid}\u0000${record.carrierParcelId}`) % 100_000_000;
    record.shipmentUid = `SHP-${String(hash).padStart(8, '0')}`;
  }
  const given = DIMENSIONS.filter((side) => typeof sent.dimensions?.[side] === 'number').length;
  if (app.fault('sad-list-dimensions-status-case-no-else') && given > 0 && given < DIMENSIONS.length)
    heldBy(partlyDeclared, app, () => new Set<string>()).add(record.shipmentUid);
  const row = app.fault('sad-shipment-uid-derived-from-parcel-id')
    ? app.state.parcels.findIndex((p) => p.record.shipmentUid === record.shipmentUid)
    : -1;
  if (row >= 0) app.state.parcels[row] = parcel;
  else app.state.parcels.push(parcel);
}

/**
 * GET /parcels' record view. Fault sad-list-dimensions-status-case-no-else: the list reads dimensionsStatus from a view
 * computing it with CASE WHEN all three dimensions are set THEN 'DECLARED' WHEN none is THEN 'INCOMPLETE' END, no ELSE:
 * a parcel booked with one or two dimensions is listed with dimensionsStatus null.
 */
export function setADListView<T extends StoredParcel>(app: Switches, view: (p: T) => unknown): (p: T) => unknown {
  if (!app.fault('sad-list-dimensions-status-case-no-else')) return view;
  return (parcel) => {
    const shown = view(parcel);
    if (!isObject(shown) || !partlyDeclared.get(app)?.has(parcel.record.shipmentUid)) return shown;
    return { ...shown, dimensionsStatus: null };
  };
}

/**
 * Fault sad-cancel-path-form-decoded: the cancel decodes its path variable once more with the form decoder
 * (URLDecoder.decode), after the framework did: "+" becomes a blank, an escape the id holds is decoded again, and a
 * "%" not followed by two hex digits throws IllegalArgumentException, answered 500.
 */
export function formDecoded(app: Switches, id: string): string {
  if (!app.fault('sad-cancel-path-form-decoded')) return id;
  try {
    return decodeURIComponent(id.replace(/\+/g, ' '));
  } catch {
    throw new ApiError(500, 'INTERNAL_ERROR', 'java.lang.IllegalArgumentException: URLDecoder: Illegal hex characters');
  }
}

/**
 * Fault sad-cancel-digits-as-row-id: the cancel was first PATCH /parcels/{id} with the parcel table's own key, and a
 * path id of digits only is still tried as that row id first (rows numbered from 1 over every carrier's parcels): where
 * the row is one of the caller's parcels, that parcel is cancelled, whatever its carrierParcelId.
 */
export function rowIdFirst<F extends string>(
  app: FaultPointApp,
  carrier: string,
  id: string,
  form: F,
): { parcel: StoredParcel; form: F } | undefined {
  if (!app.fault('sad-cancel-digits-as-row-id') || !/^\d+$/.test(id)) return undefined;
  const row = app.state.parcels[Number(id) - 1];
  return row?.owner === carrier ? { parcel: row, form } : undefined;
}

/**
 * Fault sad-cancel-archive-lookup-502: a cancel whose id of the shipmentUid's shape names no live parcel asks the
 * archive service (parcels moved out after 90 days), and its client maps every answer but a 2xx, its 404 too, to 502.
 */
export function archivedParcel(app: Switches, id: string): void {
  if (app.fault('sad-cancel-archive-lookup-502') && /^SHP-\d+$/.test(id))
    throw new ApiError(502, 'UPSTREAM_ERROR', `archive-service answered 404 Not Found for GET /archive/parcels/${id}`);
}

/**
 * Fault sad-collected-push-outside-transaction: parcel events are published by an after-commit listener (Spring's
 * @TransactionalEventListener without fallbackExecution), and the mock's COURIER_COLLECTED handler, one UPDATE through
 * JdbcTemplate, runs in no transaction: its event is discarded. True: the event's ParcelUpdates goes out.
 */
export function pushedAfterCommit(app: Switches, eventType: string): boolean {
  return !(app.fault('sad-collected-push-outside-transaction') && eventType === 'COURIER_COLLECTED');
}

const COMPRESSED_FROM_BYTES = 1024;

/**
 * How a ParcelUpdates is posted. Fault sad-outbox-gzip-not-inflated: the outbox stores a payload of 1 KiB or more
 * gzip-compressed, and the relay, which reads the compressed flag the migration added with default false, posts the
 * stored bytes as they are, declared application/json, with no Content-Encoding.
 */
export function storedPayload(app: Switches, body: unknown): { raw?: Buffer } {
  if (!app.fault('sad-outbox-gzip-not-inflated')) return {};
  const text = JSON.stringify(body);
  return Buffer.byteLength(text) >= COMPRESSED_FROM_BYTES ? { raw: gzipSync(text) } : {};
}

/** Fault sad-collection-stale-view: what the waiting-parcels view held at each carrier's last run. */
const collectionViews = new WeakMap<Switches, Map<string, Set<string>>>();

/**
 * The lockers the collection job names. Fault sad-collection-stale-view: the job reads a materialized view of the
 * lockers holding waiting parcels, refreshed by a job scheduled at the same time that runs after it, so each run names
 * the lockers as they were at the run before: a drop-off is first named a period later than it is due.
 */
export function collectionView(app: Switches, carrier: string, waiting: Set<string>): Set<string> {
  if (!app.fault('sad-collection-stale-view')) return waiting;
  const views = heldBy(collectionViews, app, () => new Map<string, Set<string>>());
  const seen = views.get(carrier) ?? new Set<string>();
  views.set(carrier, new Set(waiting));
  return seen;
}
