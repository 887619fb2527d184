// §4.9: cancel a booking, by carrierParcelId or shipmentUid.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { badRequest, notFound } from '../errors';
import type { StoredParcel } from '../model';
import { revokeAccessCode } from './parcel-faults';
import { hiddenFromCancel } from './spec-set-d-points';
import { refuseLockedCancel } from './set-f-faults';
import { cancelTarget } from './set-g-faults';
import { firstRowByParcelId } from './set-h-faults';
import { asCancelEvent, cancelAnswerBody, cancelForms, replicaStatus, unresolvedIdMatchesAll } from './set-i-faults';
import { refuseStaleVersion, rowAtOwnIndex } from './set-k-faults';
import { cancelledAsNewVersion, cancelQueued } from './set-m-faults';
import { refusalReason, releaseCompartment } from './set-o-faults';
import { joinsCarrierLocker } from './set-q-faults';
import { secondaryIdMatch } from './set-s-faults';
import { setUCancelAnswer, suffixPattern } from './set-u-faults';
import { cancelledHidden, cancelRequestAudited } from './set-x-faults';
import { coercedPathId, viaParcelId } from './set-z-faults';
import { cancelFormsOrder } from './set-z-variations';
import { cancelLocked, cancelledBeforeBooked, deliveredUnseen } from './set-ab-faults';
import { archivedParcel, formDecoded, rowIdFirst } from './set-ad-faults';
import * as setAF from './set-af-faults';

type CancelForm = 'carrierParcelId' | 'shipmentUid';

/**
 * The parcel a cancel path id names, and the form it was taken in. A carrierParcelId names the newest
 * booked parcel with it, else the newest with it; a shipmentUid names its one parcel.
 */
function parcelToCancel(
  app: ReferenceApp,
  carrier: string,
  id: string,
): { parcel: StoredParcel; form: CancelForm } | undefined {
  // Fault si-cancel-form-sniffed-by-prefix: an id that begins like a shipmentUid is looked up as one only.
  const forms = cancelForms<CancelForm>(
    app,
    id,
    // Variation ok-z-cancel-parcel-id-form-first: the carrierParcelId form tried first.
    app.choices.cancelPathId === 'either'
      ? cancelFormsOrder(app, ['shipmentUid', 'carrierParcelId'])
      : [app.choices.cancelPathId],
  );
  for (const form of forms) {
    // Fault sd-cancel-skips-trigger-parcels: a parcel the staging trigger made is not among those looked in.
    // Fault sq-cancel-joins-carrier-lockers: the query joins the caller's own lockers on the stored carrierLockerId.
    const named = (p: StoredParcel) =>
      p.record[form] === id && !hiddenFromCancel(app, p) && joinsCarrierLocker(app, carrier, p);
    // Faults sg-cancel-by-shipment-uid-any-carrier, sg-cancel-first-parcel-with-id: another lookup.
    // Fault sh-cancel-first-row-by-parcel-id: the first row the carrierParcelId matches, whatever its status.
    // Fault ss-cancel-id-matches-secondary-id: the carrierParcelId form also matches a booking's secondaryShipmentId.
    const parcel =
      secondaryIdMatch(app, carrier, form, id) ??
      cancelTarget(app, carrier, form, named) ??
      firstRowByParcelId(app, carrier, form, named) ??
      app.state.latestParcel(carrier, (p) => named(p) && p.record.shipmentStatus === 'BOOKED') ??
      app.state.latestParcel(carrier, named);
    if (parcel) return { parcel, form };
  }
  return undefined;
}

// §4.9 shows neither body nor response; the reference ignores any body and answers the parcel record.
export function cancelParcel(app: ReferenceApp, ctx: RequestContext): Reply {
  // Fault su-cancel-id-suffix-pattern: .xxx is a format; sad-cancel-path-form-decoded: decoded again as a form.
  const id = suffixPattern(app, formDecoded(app, ctx.params['parcelId']!));
  const kind = app.choices.cancelPathId;
  // Fault si-cancel-unknown-id-matches-all: an id naming no parcel leaves the query's criterion null.
  // Variation ok-x-cancelled-booking-not-found: the cancel's repository scope leaves soft-deleted (cancelled) rows out.
  // Faults sz-cancel-path-id-coerced-number (digits looked up as a number), sz-cancel-uid-resolved-via-parcel-id.
  // Fault sad-cancel-digits-as-row-id: an id of digits is tried first as the parcel table's row id.
  const lookup = () => parcelToCancel(app, ctx.carrier.name, coercedPathId(app, id));
  const lookedUp = viaParcelId(
    app,
    ctx.carrier.name,
    rowIdFirst(app, ctx.carrier.name, id, 'carrierParcelId') ?? lookup(),
  );
  const named = cancelledHidden(app, ctx.carrier.name, id, lookedUp);
  const found = named ?? unresolvedIdMatchesAll(app, ctx.carrier.name);
  if (!found && kind === 'shipmentUid' && !/^SHP-\d{8,}$/.test(id) && app.choices.malformedIdStatus === 400)
    throw badRequest('VALIDATION_FAILED', `"${id}" is not a shipmentUid (SHP- and digits)`);
  if (!found && app.fault('cancel-unknown-400')) throw badRequest('INVALID_PARCEL', `"${id}" is not a valid parcel id`);
  if (!found && app.fault('unknown-cancel-by-shipment-uid-200') && /^SHP-\d+$/.test(id))
    return { status: 200, body: { shipmentUid: id, shipmentStatus: 'CANCELLED' } };
  if (!found && app.fault('cancel-unknown-200'))
    return { status: 200, body: { carrierParcelId: id, shipmentStatus: 'CANCELLED' } };
  // Fault sab-cancel-unknown-tombstone: an unknown id kept as a cancelled parcel.
  const tombstone = found ? undefined : cancelledBeforeBooked(app, ctx.carrier.name, id);
  if (tombstone) return tombstone;
  if (!found) archivedParcel(app, id); // Fault sad-cancel-archive-lookup-502: the archive's 404 mapped to 502.
  if (!found)
    throw notFound(
      'PARCEL_NOT_FOUND',
      `no parcel of this carrier has ${kind === 'either' ? 'carrierParcelId or shipmentUid' : kind} "${id}"`,
    );
  const { parcel, form } = found;
  // Fault saf-cancel-body-dispatched-as-update: a PATCH with a body is the parcel update, not the cancel.
  const updated = setAF.cancelTakenAsUpdate(app, ctx, parcel);
  if (updated) return updated;
  cancelLocked(app, ctx.carrier.name, parcel); // Fault sab-cancel-lock-leaked: a lock released on success only.
  cancelRequestAudited(app, parcel); // Fault sx-cancel-request-audited-in-history: an audit entry before the guard.
  // Fault sk-cancel-stale-version-after-trigger: the write is conditional on the version the entity cache holds.
  refuseStaleVersion(app, parcel);
  // Fault si-cancel-guard-reads-replica: the status service reads a replica behind the primary.
  const status = replicaStatus(app, parcel) ?? parcel.record.shipmentStatus;
  if (app.fault('cancel-not-applied') && status === 'BOOKED') return { status: 200, body: app.parcelView(parcel) };
  if (app.choices.cancelNeedsReason && typeof (ctx.body as { reason?: unknown } | undefined)?.reason !== 'string') {
    throw badRequest('VALIDATION_FAILED', '/reason is required: a cancellation states its reason');
  }
  // Fault cancel-delivered-by-shipment-uid: the shipmentUid form, added to the path later, cancels a
  // delivered parcel; the carrierParcelId form still refuses it.
  const deliveredCancellable =
    app.fault('cancel-delivered') ||
    (form === 'shipmentUid' && app.fault('cancel-delivered-by-shipment-uid')) ||
    deliveredUnseen(app, parcel); // Fault sab-cancel-delivered-same-second: delivered_at > created_at, to the second.
  // §3: a parcel that has been delivered stays uncancellable whatever event came after; fault
  // cancel-checks-current-status looks at its status now only.
  const delivered =
    parcel.delivered === true && !app.fault('cancel-checks-current-status') && !replicaStatus(app, parcel);
  // Variation ok-f-cancel-again-idempotent: a cancelled parcel cancelled again is answered as it is, unchanged.
  if (status === 'CANCELLED' && !delivered && app.fault('ok-f-cancel-again-idempotent'))
    return app.choices.cancelAnswer === 'record' ? { status: 200, body: app.parcelView(parcel) } : { status: 204 };
  if (
    (status !== 'BOOKED' || (delivered && !deliveredCancellable)) &&
    !(status === 'DELIVERED' && deliveredCancellable)
  ) {
    // Fault cancel-refused-still-cancels: the refusal is answered after the change was made.
    if (status === 'DELIVERED' && app.fault('cancel-refused-still-cancels')) parcel.record.shipmentStatus = 'CANCELLED';
    // Fault so-cancel-refusal-message-table: the refusal's reason read from a table without COLLECTED.
    refusalReason(app, status);
    throw badRequest(
      'NOT_CANCELLABLE',
      `parcel "${id}" is ${status}; only a booked parcel that has not been delivered can be cancelled`,
    );
  }
  refuseLockedCancel(app, parcel, id);
  setAF.refuseCodCancelWithoutKey(app, ctx, parcel); // Fault saf-cod-cancel-needs-idempotency-key
  // Fault so-cancel-release-needs-active-locker: the provider's command API releases the compartment first.
  releaseCompartment(app, parcel);
  // Fault cancel-oldest-in-locker: the cancellation is written to "the locker's booked parcel of this
  // carrier" (the oldest, where it holds several), while the answer and the push are of the parcel named; fault
  // sk-cancel-index-from-filtered-list: to the row at the parcel's position among the carrier's, in the whole table.
  const oldest = app.fault('cancel-oldest-in-locker')
    ? app.state.parcels.find(
        (p) =>
          p.owner === ctx.carrier.name &&
          p.record.lockerUid === parcel.record.lockerUid &&
          p.record.shipmentStatus === 'BOOKED',
      )
    : rowAtOwnIndex(app, ctx.carrier.name, parcel);
  if (oldest && oldest !== parcel) {
    const at = app.now();
    oldest.record.shipmentStatus = 'CANCELLED';
    oldest.record.events.push({ type: 'CANCELLED', timestamp: at });
    const shown: StoredParcel = { owner: parcel.owner, record: structuredClone(parcel.record) };
    shown.record.shipmentStatus = 'CANCELLED';
    shown.record.events.push({ type: 'CANCELLED', timestamp: at });
    app.emitParcelUpdate(shown, 'cancel');
    return app.choices.cancelAnswer === 'record' ? { status: 200, body: app.parcelView(shown) } : { status: 204 };
  }
  // Variation ok-m-cancel-accepted-async: the cancellation is queued, answered 202 and applied 300 ms later.
  const queued = cancelQueued(app, parcel, () => app.emitParcelUpdate(parcel, 'cancel'));
  if (queued) return queued;
  parcel.record.shipmentStatus = 'CANCELLED';
  parcel.record.events.push({ type: 'CANCELLED', timestamp: app.now() });
  setAF.cancelReasonRecorded(app, ctx, parcel); // Variation ok-af-cancel-reason-in-history
  // Fault sm-cancel-new-version-row: the cancelled version is a new row, with a new shipmentUid.
  cancelledAsNewVersion(app, parcel);
  // Fault sb-cancel-write-by-parcel-id: the ownership check is made on the lookup, but the write is
  // `UPDATE ... WHERE carrierParcelId = ? AND status = BOOKED`: every booked parcel with that carrierParcelId, the
  // other carrier's too, is cancelled with it (no push for them).
  if (app.fault('sb-cancel-write-by-parcel-id'))
    for (const other of app.state.parcels)
      if (other.record.carrierParcelId === parcel.record.carrierParcelId && other.record.shipmentStatus === 'BOOKED') {
        other.record.shipmentStatus = 'CANCELLED';
        other.record.events.push({ type: 'CANCELLED', timestamp: app.now() });
      }
  revokeAccessCode(app, parcel);
  // Fault si-cancel-push-delta: the push goes out through the change-event publisher.
  if (!(form === 'shipmentUid' && app.fault('no-push-on-cancel-by-shipment-uid')))
    asCancelEvent(app, () => app.emitParcelUpdate(parcel, 'cancel'));
  // Variation ok-i-cancel-answer-summary: the answer names the parcel and its status (§4.9: body not shown).
  // Variation ok-af-cancel-by-uid-no-content: a cancellation by shipmentUid answered 204.
  if (app.choices.cancelAnswer !== 'record' || setAF.cancelAnsweredWithoutBody(app, form)) return { status: 204 };
  // Fault su-cancelled-spelled-twice: the answer from the parcel module's enum.
  return { status: 200, body: setUCancelAnswer(app, cancelAnswerBody(app, app.parcelView(parcel))) };
}
