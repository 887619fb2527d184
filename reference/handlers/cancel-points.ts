// The points where faults change a cancel (§4.9), in the order cancel.ts's cancelParcel() reaches them. With every
// fault off each point does what the specification has the service do, so cancelParcel() reads as the correct
// service; each fault is named at its point, its behaviour here or in faults/behaviour/cancel.ts.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { badRequest } from '../errors';
import type { StoredParcel } from '../model';
import {
  accentFoldedCancelTarget,
  archivedParcel,
  asCancelEvent,
  bySecondaryId,
  cancelAnswerBody,
  cancelAnsweredPerRelease,
  cancelAnsweredWithoutBody,
  cancelAnswerEmptyObject,
  cancelAnswerOfParcelModule,
  cancelExpiresAccessCode,
  cancelForms,
  cancelFormsOrder,
  cancelGuardStatus,
  cancelIdMapWithoutCarrier,
  cancelledAgain,
  cancelledAsNewVersion,
  cancelledBeforeBooked,
  cancelledHidden,
  cancelledSameSecondGuard,
  cancelLocked,
  cancelNotFoundFromEdgeCache,
  cancelPushedWithPathForm,
  cancelQueued,
  cancelReasonRecorded,
  cancelRequestAudited,
  cancelRewritesOthers,
  cancelTakenAsUpdate,
  cancelTarget,
  cancelVersionCompared,
  codesRevokedByParcelId,
  coercedPathId,
  deliveredMarkCleared,
  deliveredTakenAsDropOff,
  deliveredUnseen,
  firstRowByParcelId,
  foreignIdRefusal,
  formDecoded,
  hiddenFromCancel,
  joinsCarrierLocker,
  occupancyReleasedByCancel,
  refusalPushedFromFinally,
  refusalReason,
  refuseCancelBeforeNetworkJoin,
  refuseCodCancelWithoutKey,
  refuseLockedCancel,
  refuseReannouncedCancel,
  refuseStaleVersion,
  releaseCompartment,
  replicaStatus,
  reservationReleased,
  rowAtOwnIndex,
  rowIdFirst,
  secondaryIdMatch,
  suffixPattern,
  unknownCancelReleasesProposal,
  unresolvedIdMatchesAll,
  viaParcelId,
} from '../faults/behaviour/cancel';
import { revokeAccessCode } from '../faults/behaviour/parcels';

export type CancelForm = 'carrierParcelId' | 'shipmentUid';

/** The parcel a cancel names, and the form of the id it was named by. */
export interface Found {
  parcel: StoredParcel;
  form: CancelForm;
}

/** Where a cancel may be changed, each point named for what the service does there. */
export interface CancelPoints {
  /** The path id as the service reads it. */
  id(raw: string): string;
  /** The forms an id is looked up in, in order; `forms` the service's own. */
  forms(id: string, forms: CancelForm[]): CancelForm[];
  /** Whether a parcel of the carrier is among those the lookup reads. */
  among(parcel: StoredParcel): boolean;
  /** The parcel an id of a form names; `named` says which parcels carry it, `found` is the service's own choice. */
  chosen(
    form: CancelForm,
    id: string,
    named: (p: StoredParcel) => boolean,
    found: () => StoredParcel | undefined,
  ): StoredParcel | undefined;
  /** The parcel the request names; `lookup` is the service's own, by the id as read. */
  found(id: string, lookup: (id: string) => Found | undefined): Found | undefined;
  /** What an id naming no parcel is answered, where not the 404 of §7; throws a refusal it answers instead. */
  unknown(id: string): Reply | undefined;
  /** What the request did before the guard, and an answer where it did not go on to it. */
  before(parcel: StoredParcel): Reply | undefined;
  /** The status the guard reads. */
  status(parcel: StoredParcel): string;
  /** A booked parcel answered as if cancelled, unchanged. */
  notApplied(parcel: StoredParcel, status: string): Reply | undefined;
  /** Whether the guard lets a delivered parcel be cancelled (never, by §4.9). */
  deliveredCancellable(parcel: StoredParcel, form: CancelForm): boolean;
  /** Whether the parcel has been delivered, whatever came after (§3). */
  delivered(parcel: StoredParcel): boolean;
  /** A cancelled parcel cancelled again, answered without a refusal (a conformant choice). */
  again(parcel: StoredParcel, status: string, delivered: boolean): Reply | undefined;
  /** What a refused cancel did besides refusing. */
  refused(parcel: StoredParcel, status: string): void;
  /** Refusals of a cancellable parcel, and what the cancel does first (releasing the compartment). */
  allowed(parcel: StoredParcel, id: string): void;
  /** The parcel the cancellation is written to, where another than the one named, and the answer it gets. */
  writtenElsewhere(parcel: StoredParcel): Reply | undefined;
  /** A cancellation answered before it is applied. */
  queued(parcel: StoredParcel): Reply | undefined;
  /** What cancelling the parcel changes besides its status and its CANCELLED event. */
  cancelled(parcel: StoredParcel): void;
  /** The ParcelUpdates push of the cancellation. */
  pushed(parcel: StoredParcel, form: CancelForm): void;
  /** The answer, from the one the specification has the service give (`spec`). */
  answered(form: CancelForm, spec: () => Reply): Reply;
}

/** The points of one cancel request. */
export function cancelPoints(app: ReferenceApp, ctx: RequestContext): CancelPoints {
  const carrier = ctx.carrier.name;
  const answer = (parcel: StoredParcel): Reply =>
    app.choices.cancelAnswer === 'record' ? { status: 200, body: app.parcelView(parcel) } : { status: 204 };
  return {
    // Fault su-cancel-id-suffix-pattern: .xxx is a format; sad-cancel-path-form-decoded: decoded again as a form.
    id: (raw) => suffixPattern(app, formDecoded(app, raw)),
    // Fault si-cancel-form-sniffed-by-prefix: an id that begins like a shipmentUid is looked up as one only.
    // Variation ok-z-cancel-parcel-id-form-first: the carrierParcelId form tried first.
    forms: (id, forms) =>
      cancelForms<CancelForm>(app, id, app.choices.cancelPathId === 'either' ? cancelFormsOrder(app, forms) : forms),
    // Fault sd-cancel-skips-trigger-parcels: a parcel the staging trigger made is not among those looked in.
    // Fault sq-cancel-joins-carrier-lockers: the query joins the caller's own lockers on the stored carrierLockerId.
    among: (parcel) => !hiddenFromCancel(app, parcel) && joinsCarrierLocker(app, carrier, parcel),
    // Faults sg-cancel-by-shipment-uid-any-carrier, sg-cancel-first-parcel-with-id: another lookup.
    // Fault sh-cancel-first-row-by-parcel-id: the first row the carrierParcelId matches, whatever its status.
    // Fault ss-cancel-id-matches-secondary-id: the carrierParcelId form also matches a booking's secondaryShipmentId.
    // Fault saw-cancel-id-accent-insensitive: the carrierParcelId compared under an accent-insensitive collation.
    // Fault sbd-cancel-id-map-without-carrier: a carrierParcelId resolved first through a map without the carrier.
    chosen: (form, id, named, found) =>
      cancelIdMapWithoutCarrier(
        app,
        carrier,
        form,
        id,
        () =>
          accentFoldedCancelTarget(app, carrier, form, id) ??
          secondaryIdMatch(app, carrier, form, id) ??
          cancelTarget(app, carrier, form, named) ??
          firstRowByParcelId(app, carrier, form, named) ??
          found(),
      ),
    // Fault si-cancel-unknown-id-matches-all: an id naming no parcel leaves the query's criterion null.
    // Variation ok-x-cancelled-booking-not-found: the cancel's repository scope leaves soft-deleted (cancelled) rows
    // out.
    // Faults sz-cancel-path-id-coerced-number (digits looked up as a number), sz-cancel-uid-resolved-via-parcel-id.
    // Fault sad-cancel-digits-as-row-id: an id of digits is tried first as the parcel table's row id.
    found: (id, lookup) => {
      codesRevokedByParcelId(app, id); // Fault sbh-cancel-revokes-codes-by-parcel-id: before the lookup
      const lookedUp = viaParcelId(
        app,
        carrier,
        rowIdFirst(app, carrier, id, 'carrierParcelId') ?? lookup(coercedPathId(app, id)),
      );
      // Variation ok-aj-cancel-by-secondary-shipment-id: an id no parcel has in either form, as a secondaryShipmentId.
      return (
        cancelledHidden(app, carrier, id, lookedUp) ??
        unresolvedIdMatchesAll(app, carrier) ??
        bySecondaryId(app, carrier, id)
      );
    },
    unknown: (id) => {
      const cached = cancelNotFoundFromEdgeCache(app, carrier, id); // Fault sbd-not-found-cached-without-body
      if (cached) return cached;
      if (app.fault('cancel-unknown-400')) throw badRequest('INVALID_PARCEL', `"${id}" is not a valid parcel id`);
      if (app.fault('unknown-cancel-by-shipment-uid-200') && /^SHP-\d+$/.test(id))
        return { status: 200, body: { shipmentUid: id, shipmentStatus: 'CANCELLED' } };
      if (app.fault('cancel-unknown-200'))
        return { status: 200, body: { carrierParcelId: id, shipmentStatus: 'CANCELLED' } };
      // Fault sal-cancel-releases-precheck-allocation: a pre-checked id's allocation proposal released.
      const released = unknownCancelReleasesProposal(app, carrier, id);
      if (released) return released;
      // Fault sab-cancel-unknown-tombstone: an unknown id kept as a cancelled parcel.
      const tombstone = cancelledBeforeBooked(app, carrier, id);
      if (tombstone) return tombstone;
      archivedParcel(app, id); // Fault sad-cancel-archive-lookup-502: the archive's 404 mapped to 502.
      return foreignIdRefusal(app, carrier, id); // Fault sbh-cancel-foreign-id-legacy-403: the ownership filter
    },
    before: (parcel) => {
      // Fault saf-cancel-body-dispatched-as-update: a PATCH with a body is the parcel update, not the cancel.
      const updated = cancelTakenAsUpdate(app, ctx, parcel);
      if (updated) return updated;
      cancelLocked(app, carrier, parcel); // Fault sab-cancel-lock-leaked: a lock released on success only.
      cancelRequestAudited(app, parcel); // Fault sx-cancel-request-audited-in-history: an audit entry before the guard.
      // Fault sk-cancel-stale-version-after-trigger: the write is conditional on the version the entity cache holds.
      refuseStaleVersion(app, parcel);
      return undefined;
    },
    // Fault si-cancel-guard-reads-replica: the status service reads a replica behind the primary.
    // Variation ok-ar-collected-undelivered-cancellable: a parcel collected, never delivered, read as booked.
    status: (parcel) => cancelGuardStatus(app, parcel, replicaStatus(app, parcel) ?? parcel.record.shipmentStatus),
    notApplied: (parcel, status) =>
      app.fault('cancel-not-applied') && status === 'BOOKED'
        ? { status: 200, body: app.parcelView(parcel) }
        : undefined,
    // Fault cancel-delivered-by-shipment-uid: the shipmentUid form, added to the path later, cancels a delivered
    // parcel; the carrierParcelId form still refuses it. Fault sab-cancel-delivered-same-second: delivered_at >
    // created_at, to the second.
    deliveredCancellable: (parcel, form) =>
      app.fault('cancel-delivered') ||
      (form === 'shipmentUid' && app.fault('cancel-delivered-by-shipment-uid')) ||
      deliveredUnseen(app, parcel) ||
      deliveredTakenAsDropOff(app, parcel) || // Fault sah-cancel-delivered-guard-last-mile-only
      deliveredMarkCleared(app, parcel), // Fault sal-delivered-mark-cleared-by-rebook
    // Fault cancel-checks-current-status looks at the status now only.
    delivered: (parcel) =>
      parcel.delivered === true && !app.fault('cancel-checks-current-status') && !replicaStatus(app, parcel),
    // Variation ok-f-cancel-again-idempotent: a cancelled parcel cancelled again is answered as it is, unchanged.
    // Fault sah-cancel-again-400-with-record: answered as it is, with the refusal's status.
    again: (parcel, status, delivered) =>
      status === 'CANCELLED' && !delivered && app.fault('ok-f-cancel-again-idempotent')
        ? answer(parcel)
        : cancelledAgain(app, status, () => app.parcelView(parcel)),
    refused: (parcel, status) => {
      // Fault cancel-refused-still-cancels: the refusal is answered after the change was made.
      if (status === 'DELIVERED' && app.fault('cancel-refused-still-cancels'))
        parcel.record.shipmentStatus = 'CANCELLED';
      // Fault so-cancel-refusal-message-table: the refusal's reason read from a table without COLLECTED.
      refusalReason(app, status);
      refusalPushedFromFinally(app, parcel, status); // Fault sbh-refused-cancel-pushed-from-finally
    },
    allowed: (parcel, id) => {
      refuseLockedCancel(app, parcel, id);
      refuseCodCancelWithoutKey(app, ctx, parcel); // Fault saf-cod-cancel-needs-idempotency-key
      // Fault so-cancel-release-needs-active-locker: the provider's command API releases the compartment first.
      releaseCompartment(app, parcel);
      // Fault sah-cancel-soft-reservation-release-404: the provider's reservation of a soft one is null.
      reservationReleased(app, parcel);
      // Fault san-cancel-release-occupancy-counter: the locker's counter must hold one
      occupancyReleasedByCancel(app, parcel);
      // Fault sar-reannounced-booking-not-cancellable: announced twice, handed over
      refuseReannouncedCancel(app, parcel);
      refuseCancelBeforeNetworkJoin(app, parcel); // Fault sbg-cancel-before-network-join: the network's allocator
      cancelVersionCompared(app, parcel); // The locker row's counter given back; a version compared to NULL
    },
    writtenElsewhere: (parcel) => {
      // Fault cancel-oldest-in-locker: the cancellation is written to "the locker's booked parcel of this carrier" (the
      // oldest, where it holds several), while the answer and the push are of the parcel named; fault
      // sk-cancel-index-from-filtered-list: to the row at the parcel's position among the carrier's, in the whole
      // table.
      const oldest = app.fault('cancel-oldest-in-locker')
        ? app.state.parcels.find(
            (p) =>
              p.owner === carrier &&
              p.record.lockerUid === parcel.record.lockerUid &&
              p.record.shipmentStatus === 'BOOKED',
          )
        : rowAtOwnIndex(app, carrier, parcel);
      if (!oldest || oldest === parcel) return undefined;
      const at = app.now();
      oldest.record.shipmentStatus = 'CANCELLED';
      oldest.record.events.push({ type: 'CANCELLED', timestamp: at });
      const shown: StoredParcel = { owner: parcel.owner, record: structuredClone(parcel.record) };
      shown.record.shipmentStatus = 'CANCELLED';
      shown.record.events.push({ type: 'CANCELLED', timestamp: at });
      app.emitParcelUpdate(shown, 'cancel');
      return answer(shown);
    },
    // Variation ok-m-cancel-accepted-async: the cancellation is queued, answered 202 and applied 300 ms later.
    queued: (parcel) => cancelQueued(app, parcel, () => app.emitParcelUpdate(parcel, 'cancel')),
    cancelled: (parcel) => {
      cancelReasonRecorded(app, ctx, parcel); // Variation ok-af-cancel-reason-in-history
      // Fault sm-cancel-new-version-row: the cancelled version is a new row, with a new shipmentUid.
      cancelledAsNewVersion(app, parcel);
      // Fault sb-cancel-write-by-parcel-id: the ownership check is made on the lookup, but the write is
      // `UPDATE ... WHERE carrierParcelId = ? AND status = BOOKED`: every booked parcel with that carrierParcelId, the
      // other carrier's too, is cancelled with it (no push for them).
      if (app.fault('sb-cancel-write-by-parcel-id'))
        for (const other of app.state.parcels)
          if (
            other.record.carrierParcelId === parcel.record.carrierParcelId &&
            other.record.shipmentStatus === 'BOOKED'
          ) {
            other.record.shipmentStatus = 'CANCELLED';
            other.record.events.push({ type: 'CANCELLED', timestamp: app.now() });
          }
      revokeAccessCode(app, parcel);
      cancelExpiresAccessCode(app, parcel); // Variation ok-al-cancel-expires-access-code
      // Fault sao-cancel-same-second-status-guard: a status write guarded to the second
      cancelledSameSecondGuard(app, parcel);
      // A soft reservation promoted, a consignee erased, a pick-up flag put down
      cancelRewritesOthers(app, parcel);
    },
    // Fault si-cancel-push-delta: the push goes out through the change-event publisher.
    pushed: (parcel, form) => {
      if (!(form === 'shipmentUid' && app.fault('no-push-on-cancel-by-shipment-uid')))
        // Fault sap-cancel-by-parcel-id-push-v10-timestamp: the push knows the form the cancellation took.
        asCancelEvent(app, () => cancelPushedWithPathForm(app, form, () => app.emitParcelUpdate(parcel, 'cancel')));
    },
    // Variation ok-i-cancel-answer-summary: the answer names the parcel and its status (§4.9: body not shown).
    // Variation ok-af-cancel-by-uid-no-content: a cancellation by shipmentUid answered 204.
    // Fault su-cancelled-spelled-twice: the answer from the parcel module's enum.
    answered: (form, spec) => {
      // Variation ok-bb-cancel-answer-per-release: the release before's pods answer 204.
      if (cancelAnsweredWithoutBody(app, form) || cancelAnsweredPerRelease(app)) return { status: 204 };
      const reply = cancelAnswerEmptyObject(app, spec()); // Variation ok-bc-cancel-answer-empty-object: 200 {}
      return reply.status === 200
        ? { status: 200, body: cancelAnswerOfParcelModule(app, cancelAnswerBody(app, reply.body as never)) }
        : reply;
    },
  };
}
