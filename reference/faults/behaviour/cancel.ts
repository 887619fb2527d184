// The faults' behaviour of a cancel (cancel-points.ts, cancel.ts). With its fault off each point does what the service
// does.
import { ApiError, badRequest, notFound } from '../../errors';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { ShipmentStatus, StoredParcel } from '../../model';
import type { FaultPointApp as ReferenceApp, Reply, RequestContext } from '../../request-types';
import {
  cachedVersions,
  carrierKey,
  cashOnDelivery,
  type ClockedApp,
  counterWritten,
  heldBeforeJoinOf,
  madeByMock,
  marksCleared,
  occupancyOf,
  onPrimaryOnly,
  pickupFlagDown,
  proposals,
  rewritten,
  rowVersions,
  secondaryIdRows,
  secondaryIdsForCancel,
  spelled,
  triggerMade,
  type WriteApp,
} from './parcels';
import {
  attemptFailed,
  cancelPathForm,
  cancelPublishing,
  lastDelivery,
  type LogApp,
  NOT_FOUND_TTL_MS,
  notFoundAtOf,
  secondInstance,
} from './shared';

/** Fault sd-cancel-skips-trigger-parcels: the cancel looks in the bookings the publish operations wrote. */
export function hiddenFromCancel(app: ReferenceApp, parcel: StoredParcel): boolean {
  return app.fault('sd-cancel-skips-trigger-parcels') && triggerMade.has(parcel);
}

/** Fault sf-locked-parcel-not-cancellable: lockStatus LOCKED taken as a lock against changes. */
export function refuseLockedCancel(app: ReferenceApp, parcel: StoredParcel, id: string): void {
  if (app.fault('sf-locked-parcel-not-cancellable') && parcel.record.lockStatus === 'LOCKED')
    throw badRequest('PARCEL_LOCKED', `parcel "${id}" is locked and cannot be changed`);
}

/**
 * The parcel a cancel path id names where a fault looks it up otherwise; undefined where the service's own lookup is
 * to run. Fault sg-cancel-by-shipment-uid-any-carrier: a shipmentUid, unique across carriers, is looked up without the
 * owner. Fault sg-cancel-first-parcel-with-id: a carrierParcelId names the first parcel stored with it (no ORDER BY).
 */
export function cancelTarget(
  app: ReferenceApp,
  carrier: string,
  form: 'carrierParcelId' | 'shipmentUid',
  named: (p: StoredParcel) => boolean,
): StoredParcel | undefined {
  if (form === 'shipmentUid' && app.fault('sg-cancel-by-shipment-uid-any-carrier'))
    return app.state.parcels.find(named);
  if (form === 'carrierParcelId' && app.fault('sg-cancel-first-parcel-with-id'))
    return app.state.parcels.find((p) => p.owner === carrier && named(p));
  return undefined;
}

/**
 * Fault sh-cancel-first-row-by-parcel-id: the parcel a carrierParcelId names is the first row it matches, the oldest,
 * whatever its status. Undefined where the fault is off (the cancel's own choice stands) or the form is another.
 */
export function firstRowByParcelId(
  app: ReferenceApp,
  carrier: string,
  form: string,
  named: (p: StoredParcel) => boolean,
): StoredParcel | undefined {
  if (!app.fault('sh-cancel-first-row-by-parcel-id') || form !== 'carrierParcelId') return undefined;
  return app.state.parcelsOf(carrier).find(named);
}

/** Runs a cancellation's push through the change-event publisher (fault si-cancel-push-delta). */
export function asCancelEvent(app: Switches, push: () => void): void {
  cancelPublishing.add(app);
  try {
    push();
  } finally {
    cancelPublishing.delete(app);
  }
}

/** Fault si-cancel-form-sniffed-by-prefix: the id forms a cancel path id is looked up as. */
export function cancelForms<T extends string>(app: Switches, id: string, forms: T[]): T[] {
  if (!app.fault('si-cancel-form-sniffed-by-prefix') || !/^SHP-/i.test(id)) return forms;
  return forms.filter((form) => form === 'shipmentUid');
}

/** Fault si-cancel-guard-reads-replica: how long the replica the status service reads lags the primary. */
const REPLICA_LAG_MS = 2000;

/** The status the cancel's delivery check reads where it differs from the parcel's (the replica is behind). */
export function replicaStatus(app: Switches, parcel: StoredParcel): ShipmentStatus | undefined {
  const write = app.fault('si-cancel-guard-reads-replica') ? onPrimaryOnly.get(parcel) : undefined;
  return write && Date.now() - write.at < REPLICA_LAG_MS ? write.status : undefined;
}

/**
 * Fault si-cancel-unknown-id-matches-all: an id that resolves to no parcel leaves the query's optional criterion null,
 * and `(:id IS NULL OR carrier_parcel_id = :id)` matches every booked parcel of the carrier: the newest is taken.
 */
export function unresolvedIdMatchesAll(
  app: ReferenceApp,
  carrier: string,
): { parcel: StoredParcel; form: 'carrierParcelId' } | undefined {
  if (!app.fault('si-cancel-unknown-id-matches-all')) return undefined;
  const parcel = app.state.latestParcel(carrier, (p) => p.record.shipmentStatus === 'BOOKED');
  return parcel && { parcel, form: 'carrierParcelId' };
}

/** Variation ok-i-cancel-answer-summary: the cancel answer names the parcel and its new status, not the record. */
export function cancelAnswerBody(app: Switches, record: Editable): unknown {
  if (!app.fault('ok-i-cancel-answer-summary')) return record;
  const events = record['events'] as { timestamp?: unknown }[] | undefined;
  return {
    shipmentUid: record['shipmentUid'],
    carrierParcelId: record['carrierParcelId'],
    shipmentStatus: record['shipmentStatus'],
    cancelledAt: events?.at(-1)?.timestamp ?? new Date().toISOString(),
  };
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

/**
 * Fault sk-cancel-index-from-filtered-list: the row a cancel writes, the one at the parcel's position in the caller's
 * parcels taken in the whole table. Undefined where the fault is off or the position names the parcel itself.
 */
export function rowAtOwnIndex(app: ReferenceApp, carrier: string, parcel: StoredParcel): StoredParcel | undefined {
  if (!app.fault('sk-cancel-index-from-filtered-list')) return undefined;
  const row = app.state.parcels[app.state.parcelsOf(carrier).indexOf(parcel)];
  return row === parcel ? undefined : row;
}

/**
 * Fault sm-cancel-new-version-row: parcels are stored append-only: a cancellation inserts the parcel's next version
 * and deletes the current row, and the new row takes a fresh shipmentUid from the sequence, its surrogate key.
 */
export function cancelledAsNewVersion(app: ReferenceApp, parcel: StoredParcel): void {
  if (app.fault('sm-cancel-new-version-row')) parcel.record.shipmentUid = app.state.newShipmentUid();
}

/** Variation ok-m-cancel-accepted-async: how long a cancellation waits in the queue, and the ones waiting. */
const CANCEL_QUEUE_MS = 300;
const pendingCancels = new WeakSet<StoredParcel>();

/**
 * Variation ok-m-cancel-accepted-async: a cancellation the checks let through is queued and answered 202; it is
 * applied 300 ms later (status, history entry, ParcelUpdates through `pushed`), unless the parcel was delivered or
 * changed meanwhile. Undefined where the variation is off: the cancellation is applied now.
 */
export function cancelQueued(app: ReferenceApp, parcel: StoredParcel, pushed: () => void): Reply | undefined {
  if (!app.fault('ok-m-cancel-accepted-async')) return undefined;
  const { shipmentUid, carrierParcelId } = parcel.record;
  const answer = { status: 202, body: { shipmentUid, carrierParcelId, status: 'CANCELLATION_REQUESTED' } };
  if (pendingCancels.has(parcel)) return answer;
  pendingCancels.add(parcel);
  setTimeout(() => {
    pendingCancels.delete(parcel);
    if (parcel.record.shipmentStatus !== 'BOOKED' || parcel.delivered) return;
    parcel.record.shipmentStatus = 'CANCELLED';
    parcel.record.events.push({ type: 'CANCELLED', timestamp: new Date().toISOString() });
    pushed();
  }, CANCEL_QUEUE_MS).unref();
  return answer;
}

/**
 * Fault so-cancel-release-needs-active-locker: a cancellation releases the compartment through the provider's locker
 * command API before it is written, and the API refuses commands for a locker whose status is not ACTIVE; the refusal
 * is answered 400 and the parcel stays booked.
 */
export function releaseCompartment(app: ReferenceApp, parcel: StoredParcel): void {
  const locker = app.state.lockers.get(parcel.record.lockerUid);
  if (app.fault('so-cancel-release-needs-active-locker') && locker && locker.record.carrier.status !== 'ACTIVE')
    throw badRequest('COMPARTMENT_RELEASE_FAILED', `locker ${locker.record.uid} does not accept commands`);
}

/** Fault so-cancel-refusal-message-table: the refusal's reason per status, written before COLLECTED existed. */
const NOT_CANCELLABLE_REASON: Record<string, string> = {
  CANCELLED: 'parcel {id} is already cancelled',
  DELIVERED: 'parcel {id} has been delivered',
};

/**
 * Fault so-cancel-refusal-message-table: the refusal's message is REASONS[status].replace('{id}', id), and the table
 * has no COLLECTED: the refusal of a collected parcel throws a TypeError, answered 500.
 */
export function refusalReason(app: ReferenceApp, status: string): void {
  if (app.fault('so-cancel-refusal-message-table') && NOT_CANCELLABLE_REASON[status] === undefined)
    throw new ApiError(500, 'INTERNAL_ERROR', "Cannot read properties of undefined (reading 'replace')");
}

/**
 * Fault sq-cancel-joins-carrier-lockers: the cancel's query joins the parcel to the caller's own lockers on the
 * carrierLockerId stored with it (written when carriers booked into their own lockers only): a parcel whose
 * carrierLockerId no locker of the caller has now is not found.
 */
export function joinsCarrierLocker(app: ReferenceApp, carrier: string, parcel: StoredParcel): boolean {
  if (!app.fault('sq-cancel-joins-carrier-lockers')) return true;
  return app.state.lockerRecordsOwnedBy(carrier).some((l) => l.carrier.lockerId === parcel.record.carrierLockerId);
}

/**
 * Fault ss-cancel-id-matches-secondary-id: the cancel by carrierParcelId runs "... WHERE carrier = ? AND status =
 * BOOKED AND (carrierParcelId = :id OR secondaryShipmentId = :id) LIMIT 1" (any id on the label), the first row in
 * table order. Undefined where the fault is off or nothing matches.
 */
export function secondaryIdMatch(
  app: ReferenceApp,
  carrier: string,
  form: string,
  id: string,
): StoredParcel | undefined {
  if (!app.fault('ss-cancel-id-matches-secondary-id') || form !== 'carrierParcelId') return undefined;
  return app.state.parcels.find(
    (p) =>
      p.owner === carrier &&
      p.record.shipmentStatus === 'BOOKED' &&
      (p.record.carrierParcelId === id || secondaryIdRows.get(p) === id),
  );
}

/** Fault su-cancelled-spelled-twice: the cancel answer comes from the parcel module too. */
export function cancelAnswerOfParcelModule(app: ReferenceApp, body: unknown): unknown {
  return spelled(app, body);
}

/**
 * Fault su-cancel-id-suffix-pattern: the cancel route matches with suffix pattern matching on (Spring MVC's
 * useSuffixPatternMatch), so the last ".xxx" of the path segment is taken as a format extension, not part of the id.
 */
export function suffixPattern(app: ReferenceApp, id: string): string {
  const dot = id.lastIndexOf('.');
  return app.fault('su-cancel-id-suffix-pattern') && dot > 0 ? id.slice(0, dot) : id;
}

type CancelForm = 'carrierParcelId' | 'shipmentUid';

/**
 * Variation ok-x-cancelled-booking-not-found: a cancelled booking is soft-deleted, and the cancel's repository scope
 * leaves soft-deleted rows out: a cancelled parcel is not found (404), another of the id that is not cancelled is.
 */
export function cancelledHidden(
  app: ReferenceApp,
  carrier: string,
  id: string,
  found: { parcel: StoredParcel; form: CancelForm } | undefined,
): { parcel: StoredParcel; form: CancelForm } | undefined {
  if (!app.fault('ok-x-cancelled-booking-not-found') || found?.parcel.record.shipmentStatus !== 'CANCELLED')
    return found;
  const { form } = found;
  const other = app.state.latestParcel(
    carrier,
    (p) => p.record[form] === id && p.record.shipmentStatus !== 'CANCELLED',
  );
  return other ? { parcel: other, form } : undefined;
}

/**
 * Fault sx-cancel-request-audited-in-history: every cancel request is written to the parcel's history as an audit
 * entry before the guard runs, in a transaction of its own (REQUIRES_NEW), so a refused cancel keeps it.
 */
export function cancelRequestAudited(app: ReferenceApp, parcel: StoredParcel): void {
  if (!app.fault('sx-cancel-request-audited-in-history')) return;
  parcel.record.events.push({ type: 'CANCEL_REQUESTED', timestamp: new Date().toISOString() });
  app.lag.written(parcel, parcel.record);
}

/**
 * Fault sz-cancel-path-id-coerced-number: the route declares parcelId as an integer or a string (shipment numbers
 * were integers once) and the validator coerces, so an id of digits only is looked up as the number it reads as.
 */
export function coercedPathId(app: Switches, id: string): string {
  return app.fault('sz-cancel-path-id-coerced-number') && /^\d+$/.test(id) ? String(Number(id)) : id;
}

/**
 * Fault sz-cancel-uid-resolved-via-parcel-id: the cancel turns a shipmentUid into the carrierParcelId the booking
 * service keys on, and cancels that id's active booking: the newest booked parcel with it, else the one named.
 */
export function viaParcelId(
  app: ReferenceApp,
  carrier: string,
  found: { parcel: StoredParcel; form: CancelForm } | undefined,
): { parcel: StoredParcel; form: CancelForm } | undefined {
  if (!app.fault('sz-cancel-uid-resolved-via-parcel-id') || found?.form !== 'shipmentUid') return found;
  const id = found.parcel.record.carrierParcelId;
  const active = app.state.latestParcel(
    carrier,
    (p) => p.record.carrierParcelId === id && p.record.shipmentStatus === 'BOOKED',
  );
  return active ? { parcel: active, form: found.form } : found;
}

/**
 * Variation ok-z-cancel-parcel-id-form-first: where the cancel takes either form, an id is looked up as a
 * carrierParcelId first and as a shipmentUid second (the reference: shipmentUid first).
 */
export function cancelFormsOrder<T>(app: Switches, forms: T[]): T[] {
  return app.fault('ok-z-cancel-parcel-id-form-first') ? [...forms].reverse() : forms;
}

/** Where a cancel answers with the parcel record. */
interface CancelApp extends ReferenceApp {
  parcelView(parcel: StoredParcel): unknown;
}

/**
 * Fault sab-cancel-unknown-tombstone: a cancel is an upsert on (carrier, carrierParcelId), kept so that a cancel
 * arriving before its booking is not lost: an id no parcel of the carrier has becomes a CANCELLED parcel of that id.
 */
export function cancelledBeforeBooked(app: CancelApp, carrier: string, id: string): Reply | undefined {
  if (!app.fault('sab-cancel-unknown-tombstone')) return undefined;
  const timestamp = new Date().toISOString();
  const parcel: StoredParcel = {
    owner: carrier,
    record: {
      shipmentUid: app.state.newShipmentUid(),
      lockerUid: '',
      carrierParcelId: id,
      carrierLockerId: null,
      shipmentType: 'LAST_MILE',
      shipmentStatus: 'CANCELLED',
      dimensionsStatus: 'INCOMPLETE',
      allocationType: 'HARD_RESERVATION',
      accessCodes: null,
      consignee: null,
      events: [{ type: 'CANCELLED', timestamp }],
      lockStatus: 'UNLOCKED',
    },
  };
  app.state.parcels.push(parcel);
  app.lag.written(parcel, parcel.record);
  return app.options.choices.cancelAnswer === 'record'
    ? { status: 200, body: app.parcelView(parcel) }
    : { status: 204 };
}

/** Fault sab-cancel-lock-leaked: the cancel locks held, by carrier and carrierParcelId. */
const cancelLocks = new WeakMap<Switches, Set<string>>();

/**
 * Fault sab-cancel-lock-leaked: a cancel takes a lock named by (carrier, carrierParcelId) before its guard and
 * releases it on its success path only: a refused cancel (a cancelled or delivered parcel) leaves it held, and every
 * later cancel of that id, a new booking of it too, is answered 409 CANCEL_IN_PROGRESS.
 */
export function cancelLocked(app: Switches, carrier: string, parcel: StoredParcel): void {
  if (!app.fault('sab-cancel-lock-leaked')) return;
  const held = cancelLocks.get(app) ?? new Set<string>();
  cancelLocks.set(app, held);
  const key = JSON.stringify([carrier, parcel.record.carrierParcelId]);
  if (held.has(key))
    throw new ApiError(409, 'CANCEL_IN_PROGRESS', `a cancellation of parcel "${parcel.record.carrierParcelId}" runs`);
  held.add(key);
  const before = parcel.record.shipmentStatus;
  // Released where the cancellation was written, after the handler: the refusal's path never gets there.
  queueMicrotask(() => {
    if (before === 'BOOKED' && parcel.record.shipmentStatus === 'CANCELLED') held.delete(key);
  });
}

const second = (timestamp: string) => Math.floor(Date.parse(timestamp) / 1000);

/**
 * Fault sab-cancel-delivered-same-second: "delivered" is stored as delivered_at > created_at, delivered_at a NOT NULL
 * DATETIME(0) whose default is the row's creation time: a parcel delivered within the second it was created counts
 * as not delivered, and its cancel is carried out. True: the delivered parcel may be cancelled.
 */
export function deliveredUnseen(app: Switches, parcel: StoredParcel): boolean {
  if (!app.fault('sab-cancel-delivered-same-second') || !parcel.delivered) return false;
  const created = parcel.record.events[0]?.timestamp;
  const delivered = [...parcel.record.events].reverse().find((e) => e.type === 'CONSIGNEE_DELIVERED')?.timestamp;
  return created !== undefined && delivered !== undefined && second(delivered) <= second(created);
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
  app: ReferenceApp,
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
 * Fault saf-cod-cancel-needs-idempotency-key: the cancel of a cash-on-delivery parcel reverses its payment, and the
 * payment client requires the Idempotency-Key header the cancel passes on.
 */
export function refuseCodCancelWithoutKey(app: Switches, ctx: RequestContext, parcel: StoredParcel): void {
  if (!app.fault('saf-cod-cancel-needs-idempotency-key') || !cashOnDelivery.has(parcel)) return;
  const key = ctx.headers?.['idempotency-key'];
  if (typeof key === 'string' && key.trim() !== '') return;
  throw badRequest(
    'IDEMPOTENCY_KEY_REQUIRED',
    'payment-service: an Idempotency-Key header is required to reverse a cash-on-delivery payment',
  );
}

/**
 * Fault saf-cancel-body-dispatched-as-update: PATCH /parcels/{parcelId} with a body is the parcel update, which applies
 * lockStatus, ignores other members and answers the record; a parcel no longer booked is not editable. Undefined: no
 * body, the cancel goes on.
 */
export function cancelTakenAsUpdate(
  app: Switches & { parcelView(parcel: StoredParcel): unknown },
  ctx: RequestContext,
  parcel: StoredParcel,
): Reply | undefined {
  if (!app.fault('saf-cancel-body-dispatched-as-update') || ctx.body === undefined) return undefined;
  const status = parcel.record.shipmentStatus;
  if (status !== 'BOOKED')
    throw badRequest('PARCEL_NOT_EDITABLE', `parcel "${ctx.params['parcelId']}" is ${status}; it cannot be updated`);
  const lock: unknown = isObject(ctx.body) ? ctx.body['lockStatus'] : undefined;
  if (lock === 'LOCKED' || lock === 'UNLOCKED') parcel.record.lockStatus = lock;
  return { status: 200, body: app.parcelView(parcel) };
}

/** Variation ok-af-cancel-reason-in-history: a reason the cancel's body gives is kept in its CANCELLED entry. */
export function cancelReasonRecorded(app: Switches, ctx: RequestContext, parcel: StoredParcel): void {
  if (!app.fault('ok-af-cancel-reason-in-history') || !isObject(ctx.body)) return;
  const reason: unknown = ctx.body['reason'];
  const entry = parcel.record.events.at(-1);
  if (typeof reason === 'string' && entry?.type === 'CANCELLED') Object.assign(entry, { reason });
}

/** Variation ok-af-cancel-by-uid-no-content: a cancellation by shipmentUid is answered 204. */
export function cancelAnsweredWithoutBody(app: Switches, form: string): boolean {
  return app.fault('ok-af-cancel-by-uid-no-content') && form === 'shipmentUid';
}

/**
 * Fault sah-cancel-soft-reservation-release-404: the cancel releases the compartment reservation at the provider
 * first; a soft reservation has none (its id is null), and the provider's 404 for /reservations/null is passed on.
 */
export function reservationReleased(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('sah-cancel-soft-reservation-release-404')) return;
  if (parcel.record.allocationType !== 'SOFT_RESERVATION') return;
  throw notFound('RESERVATION_NOT_FOUND', 'the provider has no compartment reservation "null" to release');
}

/** Fault sah-cancel-delivered-guard-last-mile-only: the parcel types whose CONSIGNEE_DELIVERED the guard reads. */
const DELIVERED_TO_CONSIGNEE = new Set(['LAST_MILE', 'ALTERNATIVE_DELIVERY']);

/**
 * Fault sah-cancel-delivered-guard-last-mile-only: whether the guard lets a delivered parcel be cancelled because it
 * is no booking (a first-mile or return parcel the consignee dropped off is taken as on its way). False with it off.
 */
export function deliveredTakenAsDropOff(app: Switches, parcel: StoredParcel): boolean {
  return (
    app.fault('sah-cancel-delivered-guard-last-mile-only') &&
    parcel.delivered === true &&
    !DELIVERED_TO_CONSIGNEE.has(parcel.record.shipmentType)
  );
}

/**
 * Fault sah-cancel-again-400-with-record: a cancelled parcel cancelled again is answered as it is, with the status of
 * the refusal the guard computed. Undefined with it off: the guard refuses it with its error body.
 */
export function cancelledAgain(app: Switches, status: string, record: () => unknown): Reply | undefined {
  if (!app.fault('sah-cancel-again-400-with-record') || status !== 'CANCELLED') return undefined;
  return { status: 400, body: record() };
}

/**
 * Fault saj-cancel-guard-denylist: whether the cancel's guard lets the parcel through because it is written as a deny
 * list, `if (status in (DELIVERED, CANCELLED)) refuse`, which a delivered parcel the courier then collected (COLLECTED)
 * passes. False with the fault off: the guard is the service's own.
 */
export function passesDenylistGuard(app: Switches, status: string): boolean {
  return app.fault('saj-cancel-guard-denylist') && status !== 'DELIVERED' && status !== 'CANCELLED';
}

/**
 * Variation ok-aj-cancel-by-secondary-shipment-id: a path id that names none of the carrier's parcels by its
 * carrierParcelId or shipmentUid names the carrier's parcel booked with it as secondaryShipmentId (the newest booked
 * one, else the newest), the label's second barcode. Undefined with the variation off.
 */
export function bySecondaryId(
  app: ReferenceApp,
  carrier: string,
  id: string,
): { parcel: StoredParcel; form: 'carrierParcelId' } | undefined {
  if (!app.fault('ok-aj-cancel-by-secondary-shipment-id')) return undefined;
  const named = (p: StoredParcel) => secondaryIdsForCancel.get(p) === id;
  const parcel =
    app.state.latestParcel(carrier, (p) => named(p) && p.record.shipmentStatus === 'BOOKED') ??
    app.state.latestParcel(carrier, named);
  return parcel ? { parcel, form: 'carrierParcelId' } : undefined;
}

// --- A cancel ---

/** Fault sal-delivered-mark-cleared-by-rebook: whether the delivered guard lets the parcel be cancelled. */
export function deliveredMarkCleared(app: Switches, parcel: StoredParcel): boolean {
  return app.fault('sal-delivered-mark-cleared-by-rebook') && marksCleared.has(parcel);
}

/**
 * What an id naming no parcel is answered, where not 404. Fault sal-cancel-releases-precheck-allocation: the
 * allocation proposal of a pre-checked id is released, answered 200.
 */
export function unknownCancelReleasesProposal(app: Switches, carrier: string, id: string): Reply | undefined {
  if (!app.fault('sal-cancel-releases-precheck-allocation')) return undefined;
  const held = perApp(proposals, app, () => new Set<string>());
  if (!held.delete(carrierKey(carrier, id))) return undefined;
  return { status: 200, body: { carrierParcelId: id, status: 'ALLOCATION_RELEASED' } };
}

/** Variation ok-al-cancel-expires-access-code: the collection code ends at the cancellation. */
export function cancelExpiresAccessCode(app: Switches & { now(): string }, parcel: StoredParcel): void {
  const code = parcel.record.accessCodes?.consigneeCollectionCode;
  if (app.fault('ok-al-cancel-expires-access-code') && code) code.validUntil = app.now();
}

// --- A cancel (cancel-points.ts), a trigger event (trigger.ts) ---

/**
 * The compartment a cancellation releases. Fault san-cancel-release-occupancy-counter: the locker's counter goes down,
 * and a counter not above 0 refuses the cancellation.
 */
export function occupancyReleasedByCancel(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('san-cancel-release-occupancy-counter')) return;
  const occupancy = occupancyOf(app);
  const held = occupancy.get(parcel.record.lockerUid) ?? 0;
  if (held <= 0)
    throw new ApiError(409, 'NOTHING_TO_RELEASE', `locker ${parcel.record.lockerUid} holds no compartment to release`);
  occupancy.set(parcel.record.lockerUid, held - 1);
}

// --- A cancellation written (cancel-points.ts) ---

/**
 * A cancelled parcel, its status and CANCELLED entry just written. Fault sao-cancel-same-second-status-guard: the
 * status is written with "... WHERE status_changed_at < :now" (so that a late message never overwrites a newer state),
 * both DATETIME(0): a cancellation within the same second as the parcel's last change (its booking) updates no row and
 * leaves it BOOKED, while the history entry, written apart, is added.
 */
export function cancelledSameSecondGuard(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('sao-cancel-same-second-status-guard')) return;
  const events = parcel.record.events;
  const [before, now] = [events[events.length - 2], events[events.length - 1]];
  if (!before || !now) return;
  const second = (t: string) => Math.floor(Date.parse(t) / 1000);
  if (second(now.timestamp) <= second(before.timestamp)) parcel.record.shipmentStatus = 'BOOKED';
}

/** Pushes a cancellation made by `form` (fault sap-cancel-by-parcel-id-push-v10-timestamp reads it). */
export function cancelPushedWithPathForm(
  app: Switches,
  form: 'shipmentUid' | 'carrierParcelId',
  push: () => void,
): void {
  cancelPathForm.set(app, form);
  try {
    push();
  } finally {
    cancelPathForm.delete(app);
  }
}

// --- A cancel (cancel-points.ts) ---

/**
 * The status the cancel's guard reads. Variation ok-ar-collected-undelivered-cancellable: a parcel the courier
 * collected without its ever being delivered is still in the carrier's hands to cancel, read as booked.
 */
export function cancelGuardStatus(app: Switches, parcel: StoredParcel, status: string): string {
  return app.fault('ok-ar-collected-undelivered-cancellable') && status === 'COLLECTED' && parcel.delivered !== true
    ? 'BOOKED'
    : status;
}

/**
 * The checks of a cancellable parcel. Fault sar-reannounced-booking-not-cancellable: a parcel whose history holds a
 * second BOOKING_CREATED (the provider announced it again) is taken as handed over to the provider's flow, and its
 * cancellation refused.
 */
export function refuseReannouncedCancel(app: Switches, parcel: StoredParcel): void {
  if (!app.fault('sar-reannounced-booking-not-cancellable')) return;
  const announced = parcel.record.events.filter((e) => e.type === 'BOOKING_CREATED').length;
  if (announced > 1)
    throw badRequest(
      'NOT_CANCELLABLE',
      `parcel "${parcel.record.carrierParcelId}" was handed over to the provider and can no longer be cancelled`,
    );
}

/**
 * What a cancel changes besides the parcel's status and its CANCELLED entry.
 * - Fault sar-cancel-promotes-soft-reservation: the compartment a HARD_RESERVATION booking released goes to the
 *   carrier's oldest SOFT_RESERVATION booking in that locker, which is made HARD_RESERVATION (no push).
 * - Fault sar-cancel-erases-consignee-by-email: the cancel erases the consignee's personal data from the carrier's
 *   contact store, keyed by the e-mail address in lower case; the cancelled parcel keeps an archived copy, but every
 *   other parcel of the carrier joined to that contact shows consignee null.
 * - Fault sar-cancel-recomputes-pickup-flag: the locker's pick-up flag is recomputed from the carrier's booked parcels
 *   the cancel leaves there, none of which waits for a courier: the flag goes down, and the collection job, which reads
 *   flags, passes over the parcels delivered there before it.
 */
export function cancelRewritesOthers(app: WriteApp, parcel: StoredParcel): void {
  const { owner, record } = parcel;
  const sameLocker = (p: StoredParcel) => p !== parcel && p.owner === owner && p.record.lockerUid === record.lockerUid;
  if (app.fault('sar-cancel-promotes-soft-reservation') && record.allocationType === 'HARD_RESERVATION') {
    const soft = app.state.parcels.find(
      (p) => sameLocker(p) && p.record.shipmentStatus === 'BOOKED' && p.record.allocationType === 'SOFT_RESERVATION',
    );
    if (soft) {
      soft.record.allocationType = 'HARD_RESERVATION';
      rewritten(app, soft);
    }
  }
  const email = record.consignee?.['email'];
  if (app.fault('sar-cancel-erases-consignee-by-email') && typeof email === 'string') {
    for (const other of app.state.parcelsOf(owner)) {
      const theirs = other.record.consignee?.['email'];
      if (other !== parcel && typeof theirs === 'string' && theirs.toLowerCase() === email.toLowerCase()) {
        other.record.consignee = null;
        rewritten(app, other);
      }
    }
  }
  if (app.fault('sar-cancel-recomputes-pickup-flag'))
    perApp(pickupFlagDown, app, () => new Map<string, number>()).set(`${owner} ${record.lockerUid}`, Date.now());
}

// --- A cancel (cancel-points.ts) ---

/** An id as an accent-insensitive, case-sensitive collation compares it: without its combining marks. */
const accentFolded = (id: string) => id.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/**
 * Fault saw-cancel-id-accent-insensitive: the carrierParcelId form looked up under an accent-insensitive collation,
 * the newest booked parcel of those that fold alike, else the newest. Undefined (the service's own lookup) otherwise.
 */
export function accentFoldedCancelTarget(
  app: StateApp,
  carrier: string,
  form: 'carrierParcelId' | 'shipmentUid',
  id: string,
): StoredParcel | undefined {
  if (!app.fault('saw-cancel-id-accent-insensitive') || form !== 'carrierParcelId') return undefined;
  const key = accentFolded(id);
  const named = (p: StoredParcel) => accentFolded(p.record.carrierParcelId) === key;
  return (
    app.state.latestParcel(carrier, (p) => named(p) && p.record.shipmentStatus === 'BOOKED') ??
    app.state.latestParcel(carrier, named)
  );
}

/**
 * A cancellation let through, before it is written (cancel-points.ts allowed).
 * - Fault saz-activation-first-timestamp-auto-updated: the locker's counter given back.
 * - Fault saz-cancel-version-null-compare: a parcel the mock inserted has version NULL, so the conditional UPDATE
 *   changes no row; the answer and the push are built from the entity, and the row is as it was once the request is
 *   answered.
 */
export function cancelVersionCompared(app: ClockedApp, parcel: StoredParcel): void {
  counterWritten(app, parcel);
  if (!app.fault('saz-cancel-version-null-compare') || !madeByMock(parcel)) return;
  const status = parcel.record.shipmentStatus;
  const entries = parcel.record.events.length;
  queueMicrotask(() => {
    parcel.record.shipmentStatus = status;
    parcel.record.events.length = Math.min(parcel.record.events.length, entries);
  });
}

/**
 * Whether a cancellation is answered 204 without a body. Variation ok-bb-cancel-answer-per-release: the pods of the
 * release before, taking every second cancellation, answer 204; the new ones answer as the service does.
 */
export function cancelAnsweredPerRelease(app: Switches): boolean {
  return app.fault('ok-bb-cancel-answer-per-release') && secondInstance(app, 'cancel-release');
}

// --- The parcel a cancel names (cancel.ts, cancel-points.ts chosen) ---

/**
 * The parcel a cancel path id names, as the lookup of its form returns it.
 * - Fault sbc-cancel-by-parcel-id-mutates-copy: the carrierParcelId lookup returns a detached copy, which the handler
 *   still changes as if it were the stored parcel.
 */
export function cancelLookupDetachedCopy(app: Switches, form: string, parcel: StoredParcel): StoredParcel {
  if (!app.fault('sbc-cancel-by-parcel-id-mutates-copy') || form !== 'carrierParcelId') return parcel;
  return { ...parcel, record: structuredClone(parcel.record) };
}

/**
 * The parcel a cancel's id names in a form; `chosen` is the service's own lookup. Fault
 * sbd-cancel-id-map-without-carrier: a carrierParcelId is first resolved through the booking service's id map
 * (carrierParcelId to shipment, the booking written last wins), keyed without the carrier; the shipment it gives is
 * then checked for the caller, and one of another carrier is answered as not found: once the other carrier booked the
 * same carrierParcelId after the caller, the caller's cancel of its own booking by that id is refused 404 and its
 * parcel stays booked.
 */
export function cancelIdMapWithoutCarrier(
  app: StateApp,
  carrier: string,
  form: 'carrierParcelId' | 'shipmentUid',
  id: string,
  chosen: () => StoredParcel | undefined,
): StoredParcel | undefined {
  if (!app.fault('sbd-cancel-id-map-without-carrier') || form !== 'carrierParcelId') return chosen();
  const parcels = app.state.parcels;
  for (let i = parcels.length - 1; i >= 0; i--) {
    const parcel = parcels[i]!;
    if (parcel.record.carrierParcelId !== id || madeByMock(parcel)) continue;
    return parcel.owner === carrier ? chosen() : undefined;
  }
  return chosen();
}

// --- A cancel of an unknown id, as the edge keeps it (cancel-points.ts unknown) ---

/**
 * Fault sbd-not-found-cached-without-body: the edge cache in front of the PATCH routes keeps a 404 answer for a minute
 * (against clients walking ids), storing its status and headers but not its body; the same request again (carrier,
 * route, id) while the id still names nothing is answered from it, 404 with an empty body. Records that the request
 * `key` was answered 404 now, and says whether it was within the last minute.
 */
function notFoundAgain(app: Switches, key: string): boolean {
  if (!app.fault('sbd-not-found-cached-without-body')) return false;
  const at = notFoundAtOf(app);
  const last = at.get(key);
  const now = Date.now();
  if (last !== undefined && now - last < NOT_FOUND_TTL_MS) return true;
  at.set(key, now);
  return false;
}

/** A cancel whose id names no parcel of the carrier: 404 without a body the second time within a minute. */
export function cancelNotFoundFromEdgeCache(app: Switches, carrier: string, id: string): Reply | undefined {
  return notFoundAgain(app, `cancel ${carrier} ${id}`) ? { status: 404 } : undefined;
}

// --- A cancellation's answer (cancel-points.ts answered) ---

/**
 * The answer of an accepted cancellation.
 * - Variation ok-bc-cancel-answer-empty-object: 200 {}.
 */
export function cancelAnswerEmptyObject(app: Switches, reply: Reply): Reply {
  return app.fault('ok-bc-cancel-answer-empty-object') && reply.status === 200 ? { status: 200, body: {} } : reply;
}

// --- A cancellation's answer (cancel.ts) ---

/** Variation ok-be-cancel-answer-snake-case: a member name in snake_case. */
const snakeName = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Variation ok-be-cancel-answer-snake-case: a value with its members' names in snake_case, at every depth. */
function snakeCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCased);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([name, member]) => [snakeName(name), snakeCased(member)]));
}

/** Variation ok-be-cancel-answer-snake-case: the cancel's answer written in snake_case. */
export function cancelAnswerSnakeCase(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-be-cancel-answer-snake-case') || !isObject(reply.body)) return reply;
  return { ...reply, body: snakeCased(reply.body) };
}

// --- The parcel a cancel names (cancel-points.ts found) ---

/** Fault sbh-cancel-foreign-id-legacy-403: an id only another carrier holds, refused by the ownership filter. */
export function foreignIdRefusal(app: StateApp, carrier: string, id: string): Reply | undefined {
  if (!app.fault('sbh-cancel-foreign-id-legacy-403')) return undefined;
  const other = app.state.parcels.find(
    (p) => p.owner !== carrier && (p.record.carrierParcelId === id || p.record.shipmentUid === id),
  );
  if (!other) return undefined;
  return { status: 403, body: { error: 'FORBIDDEN', message: `parcel "${id}" belongs to another carrier` } };
}

/** Fault sbh-cancel-revokes-codes-by-parcel-id: the provider's code revocation, by label id, before the lookup. */
export function codesRevokedByParcelId(app: StateApp, id: string): void {
  if (!app.fault('sbh-cancel-revokes-codes-by-parcel-id')) return;
  for (const parcel of app.state.parcels)
    if (parcel.record.carrierParcelId === id && parcel.record.shipmentStatus === 'BOOKED')
      parcel.record.accessCodes = null;
}

// --- A cancellation written, and allowed (cancel-points.ts cancelled, allowed) ---

/** Fault sbh-refused-cancel-pushed-from-finally: the cancellation event is published in a finally block. */
export function refusalPushedFromFinally(
  app: WriteApp & { now(): string },
  parcel: StoredParcel,
  status: string,
): void {
  if (!app.fault('sbh-refused-cancel-pushed-from-finally') || status === 'CANCELLED') return;
  const shown: StoredParcel = { owner: parcel.owner, record: structuredClone(parcel.record) };
  shown.record.shipmentStatus = 'CANCELLED';
  shown.record.events.push({ type: 'CANCELLED', timestamp: app.now() });
  app.emitParcelUpdate(shown, 'cancel');
}

/** Fault sbg-cancel-before-network-join: the network allocator knows no reservation made before the locker joined. */
export function refuseCancelBeforeNetworkJoin(app: ReferenceApp, parcel: StoredParcel): void {
  if (app.fault('sbg-cancel-before-network-join') && heldBeforeJoinOf(app).has(parcel))
    throw new ApiError(
      409,
      'RESERVATION_NOT_FOUND',
      `the network allocator holds no reservation for parcel "${parcel.record.carrierParcelId}"`,
    );
}

// --- A cancellation's answer, once pushed (cancel.ts) ---

/**
 * Fault sbh-cancel-answer-waits-for-push: the cancel is answered once the carrier's endpoint has acknowledged its
 * ParcelUpdates; a first attempt refused (401, 5xx), or not answered within a second, answers 502.
 */
export function answeredOncePushed(app: LogApp, parcel: StoredParcel, reply: Reply): Reply | Promise<Reply> {
  if (!app.fault('sbh-cancel-answer-waits-for-push')) return reply;
  const delivery = lastDelivery(app, (b) => b['shipmentUid'] === parcel.record.shipmentUid);
  if (!delivery) return reply;
  const refused: Reply = {
    status: 502,
    body: { errorCode: 'NOTIFICATION_FAILED', message: 'the carrier endpoint did not acknowledge the cancellation' },
  };
  const deadline = delivery.dueAt + 1000;
  return new Promise((resolve) => {
    const look = () => {
      const first = delivery.statuses[0];
      if (first !== undefined) return resolve(attemptFailed(first) ? refused : reply);
      if (Date.now() >= deadline) return resolve(refused);
      setTimeout(look, 20);
    };
    look();
  });
}
