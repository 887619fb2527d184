// The points where faults change a locker's status change (§4.5), in the order locker-update.ts's
// updateLockerStatus() reaches them. With every fault off each point does what the specification has the service do,
// so updateLockerStatus() reads as the correct service; each fault is named at its point, its behaviour here or in
// faults/behaviour/locker-status.ts.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import type { LockerRecord, StoredLocker } from '../model';
import {
  checkInSomeNetwork,
  checkStatusRowVersion,
  closedWhileDisabled,
  disabledLockerBookingsCancelled,
  disableWaitsForDrain,
  nameFitsHeader,
  replayedByBody,
  sameStatusResyncsProvider,
  statusAnswer,
  statusBatchFlushed,
  statusCaller,
  statusChangeAnswer,
  statusForConflict,
  statusLockerByUidAlone,
  statusPushedToHistoryAndProvider,
  statusQueued,
  statusRowsKept,
  statusStoreBeforeWrite,
  statusWrittenByRegisteredId,
  statusWrittenSideEffects,
} from '../faults/behaviour/locker-status';

/** The change carried out for the caller the key names, at once. */
export function statusCarriedOut(
  app: ReferenceApp,
  ctx: RequestContext,
  change: (ctx: RequestContext) => Reply,
): Reply {
  // Fault sp-status-replayed-by-body-hash: a body the caller sent within a minute is answered from the replay store.
  // Fault st-status-guard-first-carrier: the status route's key guard serves any valid key as the first carrier.
  return replayedByBody(app, ctx, () => change(statusCaller(app, ctx)));
}

/** Where faults change a status change, for the caller the key names. */
export interface StatusPoints {
  /** The locker the change names, where it is found otherwise than as the caller's locker of the uid (never). */
  target(uid: string): StoredLocker | undefined;
  /** The locker found: checks it passes (none). */
  found(locker: StoredLocker): void;
  /** An answer given before the change is made (none: it is made at once). */
  deferred(locker: StoredLocker, status: string, again: () => Reply): Reply | undefined;
  /** The status the same-status guard compares with: the locker's. */
  current(record: LockerRecord): string;
  /** Whether the same-status guard runs: yes. */
  guarded(): boolean;
  /** The answer to a change to the status the locker has, where the target does not refuse it with 409. */
  unchanged(locker: StoredLocker): Reply;
  /** Checks before the write (none). */
  beforeWrite(locker: StoredLocker): void;
  /** An answer given in place of the write (none). */
  unwritten(locker: StoredLocker): Reply | undefined;
  /** The status written: the one asked for. */
  status(locker: StoredLocker, asked: string): string;
  /** Done once the status is written (nothing). */
  written(locker: StoredLocker, before: string, status: string): void;
  /** Whether the change is pushed: yes (§6). */
  pushed(locker: StoredLocker): boolean;
  /** Done once the change is pushed (nothing). */
  afterPush(locker: StoredLocker, before: string): void;
  /** The answer: the locker record (§4.5 shows no response; the reference answers the record). */
  answered(locker: StoredLocker, before: string): Reply;
}

/** Fault status-toggles: each locker's status before its last change. */
const previousStatus = new WeakMap<StoredLocker, string>();

export function statusPoints(app: ReferenceApp, ctx: RequestContext): StatusPoints {
  return {
    // Fault sh-status-unscoped-lookup: the locker found by uid alone, whichever carrier owns it.
    target: (uid) => statusLockerByUidAlone(app, uid),
    found: (locker) => checkInSomeNetwork(app, locker), // Fault sr-status-joined-with-network
    // Variation ok-n-status-applied-async: accepted with 202, applied (and pushed) 300 ms later.
    // Fault sav-status-disable-waits-for-drain: a locker holding bookings is taken out of service once drained.
    // Fault say-status-conflict-resyncs-provider-side: the status held asked again resyncs from the provider side.
    deferred: (locker, status, again) =>
      disableWaitsForDrain(app, locker, status) ??
      statusQueued(app, locker, status, again) ??
      sameStatusResyncsProvider(app, locker, status),
    // Fault se-status-conflict-reads-provider-status: the guard compares with the provider-side status.
    current: (record) => statusForConflict(app, record),
    guarded: () => !app.fault('status-toggles'),
    // Variation ok-e-status-answer-ack: an acknowledgement in place of the record.
    unchanged: (locker) => statusAnswer(app, locker.record, locker.record.carrier.status, () => app.lockerView(locker)),
    beforeWrite: (locker) => {
      // Fault saq-status-lww-clock-skew, variation ok-aq-status-409-while-provider-applies: the status store.
      statusStoreBeforeWrite(app, locker);
      // Fault sl-status-stale-lock-version: the write carries the row version cached before the last update.
      checkStatusRowVersion(app, locker);
    },
    unwritten: (locker) =>
      app.fault('status-not-applied') ? { status: 200, body: app.lockerView(locker) } : undefined,
    status: (locker, asked) => {
      // Fault status-toggles: a "change" flips between the status before and the current one, whatever was asked.
      const flipped =
        app.fault('status-toggles') && locker.record.carrier.status === asked
          ? (previousStatus.get(locker) ?? asked)
          : asked;
      previousStatus.set(locker, locker.record.carrier.status);
      return flipped;
    },
    written: (locker, before, status) => {
      // Fault sj-disable-closes-opening-hours: a locker taken away from ACTIVE is closed by its opening hours.
      closedWhileDisabled(app, locker);
      // Faults sal-enable-reopens-keeps-schedule, sal-status-change-resets-collection-mark, sal-reenabled-locker-...
      statusWrittenSideEffects(app, locker, before);
      statusRowsKept(app, locker, before, status); // Fault sas-list-status-greatest-of-history: a status row
      // Fault sa-status-by-locker-name: the write is keyed by (carrier, lockerName), so namesakes change too (no push).
      if (app.fault('sa-status-by-locker-name')) {
        for (const other of app.state.visibleLockers(ctx.carrier.name)) {
          const same = other.record.ownedByCarrier === ctx.carrier.name && other !== locker;
          if (!same || other.record.carrier.lockerName !== locker.record.carrier.lockerName) continue;
          other.record.carrier.status = status;
          app.lag.written(other, other.record);
        }
      }
      // Fault sg-disable-cascades-to-bookings: a bulk cancel of the locker's bookings, unpushed.
      disabledLockerBookingsCancelled(app, locker, status);
    },
    pushed: (locker) => nameFitsHeader(app, locker), // Fault st-status-push-name-header
    // Variations ok-al-locker-status-in-parcel-history, ok-al-provider-ack-second-push.
    afterPush: (locker, before) =>
      statusPushedToHistoryAndProvider(
        app,
        locker,
        before,
        (parcel) => app.emitParcelUpdate(parcel, 'trigger'),
        () => app.emitLockerUpdate(locker, 'status', before),
      ),
    // Variation ok-e-status-answer-ack: an acknowledgement in place of the record (§4.5: response shape not shown).
    // Variation ok-l-status-answer-204: a change carried out answered 204 with no body.
    // Fault sal-status-written-by-registered-id: the status written to the locker of the id it was created with.
    // Fault san-status-batch-flush-last-value: the row written by a batch, with the batch's last status.
    answered: (locker, before) =>
      statusBatchFlushed(
        app,
        locker,
        before,
        statusWrittenByRegisteredId(
          app,
          ctx.carrier.name,
          locker,
          before,
          statusChangeAnswer(
            app,
            statusAnswer(app, locker.record, before, () => app.lockerView(locker)),
          ),
        ),
      ),
  };
}
