// The points where the faults of set AD change the parcel side and its webhooks: each does what the
// service does with its fault off, and the fault's behaviour with it on; its variations are set-ad-variations.ts.
// Called from parcels.ts (the publish, the by-tenant lookup, the booking's row), parcel-list.ts, cancel.ts, trigger.ts,
// spec-set-d-points.ts (the ParcelUpdates sender) and collections.ts.
import { gzipSync } from 'node:zlib';
import { ApiError } from '../errors';
import { partlyDeclared } from '../faults/behaviour/parcels';
import { heldBy } from '../faults/behaviour/shared';
import type { StoredParcel } from '../model';
import type { FaultPointApp } from '../request-types';
import { isObject, type Switches } from './fault-point-state';

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
