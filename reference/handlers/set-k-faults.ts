// The points where the faults and variations of set K change the parcel paths: each function does what
// the service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are in parcels.ts, cancel.ts, parcel-list.ts, trigger.ts, spec-set-d-points.ts and app.ts.
import { ApiError } from '../errors';
import { cachedVersions, rowVersions } from '../faults/behaviour/parcels';
import { historiesInSets } from '../faults/behaviour/shared';
import type { ParcelEvent, StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply } from '../request-types';
import type { Editable, Switches } from './fault-point-state';
import { setMParcelView } from './set-m-faults';

/** The staging mock wrote an event to an existing parcel: the row's version moves on, the cache does not see it. */
export function writtenByMock(app: Switches, parcel: StoredParcel): void {
  if (app.fault('sk-cancel-stale-version-after-trigger')) rowVersions.set(parcel, (rowVersions.get(parcel) ?? 1) + 1);
}

/** The cancel's conditional write: refused where the cached version is not the row's. */
export function refuseStaleVersion(app: Switches, parcel: StoredParcel): void {
  const cached = app.fault('sk-cancel-stale-version-after-trigger') ? cachedVersions.get(parcel) : undefined;
  if (cached !== undefined && cached !== rowVersions.get(parcel))
    throw new ApiError(
      409,
      'CONCURRENT_MODIFICATION',
      `parcel ${parcel.record.shipmentUid} was changed by another transaction (version ${cached} is stale)`,
    );
}

/** Fault sk-trigger-event-on-last-inserted-parcel: the history an event row is written to (currval's parcel). */
export function eventRowsOf(app: FaultPointApp, parcel: StoredParcel): ParcelEvent[] {
  if (!app.fault('sk-trigger-event-on-last-inserted-parcel')) return parcel.record.events;
  return (app.state.parcels.at(-1) ?? parcel).record.events;
}

export function historyKeptAsSet(app: Switches, parcel: StoredParcel): void {
  if (app.fault('sk-trigger-history-as-set')) historiesInSets.add(parcel);
}

/** A parcel record as every place shows it, once the other views are applied: set K's view faults. */
export function setKParcelView(app: Switches, parcel: StoredParcel, record: Editable): void {
  // Fault sk-trigger-history-as-set: JSON.stringify writes a Set as {}, whatever it holds.
  if (app.fault('sk-trigger-history-as-set') && historiesInSets.has(parcel))
    record['events'] = JSON.parse(JSON.stringify(new Set(record['events'])));
  // Variation ok-m-dimensions-status-measured: NOT_MEASURED until delivered, MEASURED from then on.
  setMParcelView(app, parcel, record);
}

/**
 * Fault sk-cancel-index-from-filtered-list: the row a cancel writes, the one at the parcel's position in the caller's
 * parcels taken in the whole table. Undefined where the fault is off or the position names the parcel itself.
 */
export function rowAtOwnIndex(app: FaultPointApp, carrier: string, parcel: StoredParcel): StoredParcel | undefined {
  if (!app.fault('sk-cancel-index-from-filtered-list')) return undefined;
  const row = app.state.parcels[app.state.parcelsOf(carrier).indexOf(parcel)];
  return row === parcel ? undefined : row;
}

/** Fault sk-shipment-type-ordinal-reordered: the order each side's enum gives the shipment types. */
const WRITER_ORDER = ['LAST_MILE', 'ALTERNATIVE_DELIVERY', 'FIRST_MILE', 'RETURN'];
const READER_ORDER = ['LAST_MILE', 'FIRST_MILE', 'RETURN', 'ALTERNATIVE_DELIVERY'];

/** The view GET /parcels writes each record with; under the fault, shipmentType read back by the older ordinal. */
export function setKListView<T>(app: Switches, view: (item: T) => unknown): (item: T) => unknown {
  if (!app.fault('sk-shipment-type-ordinal-reordered')) return view;
  return (item) => {
    const record = view(item) as Editable | null;
    const ordinal = WRITER_ORDER.indexOf(record?.['shipmentType']);
    if (record && ordinal >= 0) record['shipmentType'] = READER_ORDER[ordinal];
    return record;
  };
}

/** Fault sk-push-suppressed-same-status-per-carrier: the last status pushed to each carrier. */
const lastStatusPerCarrier = new WeakMap<Switches, Map<string, unknown>>();

/** A ParcelUpdates as set K's faults send it; answers whether one of them took it (else it is sent as it is). */
export function setKParcelPush(app: FaultPointApp, owner: CarrierAccount, body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const status = (body as Editable)['shipmentStatus'];
  if (app.fault('sk-push-suppressed-same-status-per-carrier')) {
    const last = lastStatusPerCarrier.get(app) ?? new Map<string, unknown>();
    lastStatusPerCarrier.set(app, last);
    if (last.has(owner.name) && last.get(owner.name) === status) return true;
    last.set(owner.name, status);
  }
  if (!app.fault('sk-push-content-length-in-chars')) return false;
  // Fault sk-push-content-length-in-chars: the receiver reads as many bytes as the text has UTF-16 code units.
  const text = JSON.stringify(body);
  const raw = Buffer.from(text, 'utf8').subarray(0, text.length).toString('utf8');
  if (raw === text) return false;
  app.outbox.send(owner, body, { raw });
  return true;
}

/** Variation ok-k-trigger-applied-async: how long the staging mock's queue holds an event. */
const QUEUE_MS = 250;

/**
 * A trigger event the request asked for: applied now (`apply`'s answer), or, under the variation, checked now
 * (`check` throws what the event would be refused for) and applied a moment later, answered 202.
 */
export function queuedEvent(
  app: Switches,
  event: { event_type: string; parcel_id: string },
  check: () => void,
  apply: () => Reply,
): Reply {
  if (!app.fault('ok-k-trigger-applied-async')) return apply();
  check();
  setTimeout(() => {
    try {
      apply();
    } catch {
      // the parcel changed meanwhile so that the event no longer applies (it was cancelled): the event is dropped
    }
  }, QUEUE_MS).unref();
  const message = `${event.event_type} queued for parcel ${event.parcel_id}`;
  return { status: 202, body: { message, event_type: event.event_type } };
}
