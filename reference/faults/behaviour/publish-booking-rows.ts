// The faults' behaviour of a booking's record as the service's rows make it (parcels.ts publish, around
// publish-points.ts confirmed and shipmentUid): the parcel data row and the cancellations of its carrierParcelId, the
// code, history and shipment of an earlier booking under the id, the by-tenant insert's column default, and what a
// PRE_CHECK writes on the id's shipment. With its fault off each point does what the service does.
import { perApp, type Switches } from '../../handlers/fault-point-state';
import type { ParcelRecord } from '../../model';
import type { FaultPointApp } from '../../request-types';

// --- The booking's rows ---

/** Fault sbi-parcel-data-insert-if-absent: per reference, the parcel data rows, by carrier and carrierParcelId. */
const parcelDataRows = new WeakMap<
  object,
  Map<string, { consignee: ParcelRecord['consignee']; shipmentType: string }>
>();

/**
 * Fault sbi-parcel-data-insert-if-absent: a booking's consignee and shipmentType are kept in a parcel data table keyed
 * by (carrier, carrierParcelId), written with INSERT ... ON CONFLICT DO NOTHING, and every record of that id shows the
 * row: a parcel booked again under an id once cancelled shows the consignee and shipmentType of its first booking.
 */
export function parcelDataFirstWritten(app: FaultPointApp, carrier: string, record: ParcelRecord): ParcelRecord {
  if (!app.fault('sbi-parcel-data-insert-if-absent')) return record;
  const rows = perApp(parcelDataRows, app, () => new Map());
  const key = `${carrier}\u0000${record.carrierParcelId}`;
  const row = rows.get(key);
  if (!row) {
    rows.set(key, { consignee: structuredClone(record.consignee), shipmentType: record.shipmentType });
    return record;
  }
  record.consignee = structuredClone(row.consignee);
  record.shipmentType = row.shipmentType;
  return record;
}

/**
 * Fault sbi-rebook-status-joined-with-cancellation: cancellations are rows keyed by (carrier, carrierParcelId), and a
 * parcel's status is read as CANCELLED where such a row exists: a BOOKING under the id of a parcel the carrier
 * cancelled is answered BOOKED but stored, listed and pushed CANCELLED, and its cancel is refused.
 */
export function statusJoinedWithCancellations(app: FaultPointApp, carrier: string, record: ParcelRecord): ParcelRecord {
  if (!app.fault('sbi-rebook-status-joined-with-cancellation')) return record;
  const cancelled = app.state.latestParcel(
    carrier,
    (p) => p.record.carrierParcelId === record.carrierParcelId && p.record.shipmentStatus === 'CANCELLED',
  );
  if (cancelled) record.shipmentStatus = 'CANCELLED';
  return record;
}

/** Fault sbj-by-tenant-insert-hard-default: the by-tenant insert leaves hard_reservation to its default, true. */
export function allocationColumnDefaulted(app: Switches, byTenant: boolean, record: { allocationType: string }): void {
  if (app.fault('sbj-by-tenant-insert-hard-default') && byTenant) record.allocationType = 'HARD_RESERVATION';
}

// --- An earlier booking under the id ---

/**
 * Variation ok-bi-rebook-keeps-collection-code: the consignee's collection code is issued per carrierParcelId, so a
 * parcel booked again under the id of an earlier booking of the carrier keeps that booking's code (validUntil anew).
 */
export function rebookKeepsCollectionCode(app: FaultPointApp, carrier: string, record: ParcelRecord): ParcelRecord {
  if (!app.fault('ok-bi-rebook-keeps-collection-code')) return record;
  const earlier = app.state.latestParcel(
    carrier,
    (p) =>
      p.record.carrierParcelId === record.carrierParcelId &&
      p.record.accessCodes?.consigneeCollectionCode !== undefined,
  );
  const code = earlier?.record.accessCodes?.consigneeCollectionCode?.code;
  const issued = record.accessCodes?.consigneeCollectionCode;
  if (code !== undefined && issued) issued.code = code;
  return record;
}

/**
 * Variation ok-bi-rebook-history-continued: a BOOKING of a carrierParcelId whose last parcel of the carrier was
 * cancelled is a new shipment whose history continues the id's (the cancelled parcel's entries first).
 */
export function rebookHistoryContinued(app: FaultPointApp, carrier: string, record: ParcelRecord): void {
  if (!app.fault('ok-bi-rebook-history-continued')) return;
  const last = app.state.latestParcel(carrier, (p) => p.record.carrierParcelId === record.carrierParcelId);
  if (last?.record.shipmentStatus === 'CANCELLED')
    record.events = [...structuredClone(last.record.events), ...record.events];
}

/**
 * Variation ok-bi-rebook-names-previous-shipment: a BOOKING of a carrierParcelId whose last parcel of the carrier
 * was cancelled names that shipment in an extra member previousShipmentUid of its record (list and pushes).
 */
export function rebookNamesPreviousShipment(app: FaultPointApp, carrier: string, record: ParcelRecord): void {
  if (!app.fault('ok-bi-rebook-names-previous-shipment')) return;
  const last = app.state.latestParcel(carrier, (p) => p.record.carrierParcelId === record.carrierParcelId);
  if (last?.record.shipmentStatus === 'CANCELLED')
    (record as ParcelRecord & { previousShipmentUid?: string }).previousShipmentUid = last.record.shipmentUid;
}

// --- A PRE_CHECK ---

/**
 * Fault sbi-precheck-reallocates-cancelled-shipment: a PRE_CHECK of a carrierParcelId the carrier has a shipment of
 * re-runs the allocation on that shipment (shipment.reallocate(), which sets it BOOKED) in the check's transaction,
 * which is rolled back, but the cancelled shipment came from the entity cache and its change is written all the same:
 * the parcel cancelled before shows BOOKED again (no push).
 */
export function precheckReallocatesCancelled(app: FaultPointApp, carrier: string, carrierParcelId: string): void {
  if (!app.fault('sbi-precheck-reallocates-cancelled-shipment')) return;
  const cancelled = app.state.latestParcel(
    carrier,
    (p) => p.record.carrierParcelId === carrierParcelId && p.record.shipmentStatus === 'CANCELLED',
  );
  if (!cancelled) return;
  cancelled.record.shipmentStatus = 'BOOKED';
  app.lag.written(cancelled, cancelled.record);
}
