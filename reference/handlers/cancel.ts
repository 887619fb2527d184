// §4.9: cancel a booking, by carrierParcelId or shipmentUid. cancelParcel() is the service the specification
// describes; `at` names each point where a fault may change it (cancel-points.ts).
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { badRequest, notFound } from '../errors';
import type { StoredParcel } from '../model';
import { cancelPoints, type CancelForm, type CancelPoints, type Found } from './cancel-points';
import {
  answeredOncePushed,
  cancelAnswerSnakeCase,
  cancelLookupDetachedCopy,
  passesDenylistGuard,
} from '../faults/behaviour/cancel';
import {
  cancelAgainRecorded,
  cancellableByEventBalance,
  notCancellableRefusal,
} from '../faults/behaviour/cancel-guard';
import { cancellationTopicFound, indexedUnderForm, legacyCancelRefusal } from '../faults/behaviour/value-combinations';
import { madeByMock } from '../faults/behaviour/trigger';
import { cancelAcknowledgedV10, cancelledInServiceTableOnly } from '../faults/behaviour/migration-leftovers';

/**
 * The parcel a cancel path id names, and the form it was taken in. A carrierParcelId names the newest
 * booked parcel with it, else the newest with it; a shipmentUid names its one parcel.
 */
function parcelToCancel(app: ReferenceApp, at: CancelPoints, carrier: string, id: string): Found | undefined {
  const path = app.choices.cancelPathId;
  const forms: CancelForm[] = path === 'either' ? ['shipmentUid', 'carrierParcelId'] : [path];
  for (const form of at.forms(id, forms)) {
    // Fault sbl-cancel-alt-delivery-by-shipment-uid-404: the shipmentUid index holds no ALTERNATIVE_DELIVERY booking.
    const named = (p: StoredParcel) => p.record[form] === id && at.among(p) && indexedUnderForm(app, p, form);
    const parcel = at.chosen(
      form,
      id,
      named,
      () =>
        app.state.latestParcel(carrier, (p) => named(p) && p.record.shipmentStatus === 'BOOKED') ??
        app.state.latestParcel(carrier, named),
    );
    // Fault sbc-cancel-by-parcel-id-mutates-copy: the carrierParcelId lookup returns a detached copy.
    if (parcel) return { parcel: cancelLookupDetachedCopy(app, form, parcel), form };
  }
  return undefined;
}

// §4.9 shows neither body nor response; the reference ignores any body and answers the parcel record.
export function cancelParcel(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  const at = cancelPoints(app, ctx);
  const id = at.id(ctx.params['parcelId']!);
  const kind = app.choices.cancelPathId;
  const found = at.found(id, (read) => parcelToCancel(app, at, ctx.carrier.name, read));
  if (!found && kind === 'shipmentUid' && !/^SHP-\d{8,}$/.test(id) && app.choices.malformedIdStatus === 400)
    throw badRequest('VALIDATION_FAILED', `"${id}" is not a shipmentUid (SHP- and digits)`);
  if (!found) {
    const answered = at.unknown(id);
    if (answered) return answered;
    throw notFound(
      'PARCEL_NOT_FOUND',
      `no parcel of this carrier has ${kind === 'either' ? 'carrierParcelId or shipmentUid' : kind} "${id}"`,
    );
  }
  const { parcel, form } = found;
  const before = at.before(parcel);
  if (before) return before;
  const status = at.status(parcel);
  const notApplied = at.notApplied(parcel, status);
  if (notApplied) return notApplied;
  if (app.choices.cancelNeedsReason && typeof (ctx.body as { reason?: unknown } | undefined)?.reason !== 'string') {
    throw badRequest('VALIDATION_FAILED', '/reason is required: a cancellation states its reason');
  }
  const deliveredCancellable = at.deliveredCancellable(parcel, form);
  // §3: a parcel that has been delivered stays uncancellable whatever event came after.
  const delivered = at.delivered(parcel);
  const again = at.again(parcel, status, delivered);
  if (again) return again;
  // Variation ok-bi-cancel-again-recorded: a cancel of a cancelled booking recorded in its history, answered 200.
  const recorded = cancelAgainRecorded(app, parcel, app.now(), () => app.parcelView(parcel));
  if (recorded) return recorded;
  if (
    !cancellableByEventBalance(app, parcel) && // Fault sbi-delivered-by-event-balance: delivered read as a balance
    !passesDenylistGuard(app, status) && // Fault saj-cancel-guard-denylist: DELIVERED and CANCELLED refused only
    (status !== 'BOOKED' || (delivered && !deliveredCancellable)) &&
    !(status === 'DELIVERED' && deliveredCancellable)
  ) {
    at.refused(parcel, status);
    const refusal = `parcel "${id}" is ${status}; only a booked parcel that has not been delivered can be cancelled`;
    // Fault sbl-cancel-refusal-by-shipment-uid-legacy-error: the 1.0 controller's refusal, an error member beside.
    const legacy = legacyCancelRefusal(app, form, refusal);
    if (legacy) return legacy;
    // Fault sbi-refusal-template-code-moved-to-log: one shared refusal, its errorCode taken by the audit hook.
    throw notCancellableRefusal(app, refusal);
  }
  at.allowed(parcel, id);
  const elsewhere = at.writtenElsewhere(parcel);
  if (elsewhere) return elsewhere;
  const queued = at.queued(parcel);
  if (queued) return queued;
  // Fault sbk-mock-parcel-cancel-old-status-column: the mock's document.
  cancelledInServiceTableOnly(app, parcel, madeByMock(parcel));
  parcel.record.shipmentStatus = 'CANCELLED';
  parcel.record.events.push({ type: 'CANCELLED', timestamp: app.now() });
  at.cancelled(parcel);
  // Fault sbl-cancel-first-mile-not-pushed: the notifier has no topic for a FIRST_MILE or RETURN cancellation.
  if (cancellationTopicFound(app, parcel)) at.pushed(parcel, form);
  else app.lag.written(parcel, parcel.record);
  // Variation ok-be-cancel-answer-snake-case: the answer in snake_case.
  // Fault sbh-cancel-answer-waits-for-push: answered once the endpoint acknowledged the push.
  return answeredOncePushed(
    app,
    parcel,
    cancelAnswerSnakeCase(
      app,
      // Variation ok-sbk-cancel-answer-v10-ack: the 1.0 cancel controller's acknowledgement.
      cancelAcknowledgedV10(
        app,
        parcel,
        at.answered(form, () =>
          app.choices.cancelAnswer === 'record' ? { status: 200, body: app.parcelView(parcel) } : { status: 204 },
        ),
      ),
    ),
  );
}
