// §4.3 and §4.5: update a locker, change its status. Faults change both at named points (update-points.ts,
// status-points.ts); with every fault off each point does what the specification says.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { ApiError, badRequest, notFound } from '../errors';
import type { StoredLocker } from '../model';
import { checkGroups, checkLockerIdFree, checkOpeningHours } from './locker-checks';
import { statusCarriedOut, statusPoints } from './status-points';
import { lookupPoints, updatePoints } from './update-points';
import { carrierSideRowMerged, metadataRowsSoftDeleted } from '../faults/behaviour/locker-list-tables';
import {
  onboardingHasNoTransition,
  sameStatusRepushed,
  statusDirtyCheckedAgainstFirstLoad,
  statusFromLog,
  statusLockLeftTaken,
  statusQueuedBehindLock,
} from '../faults/behaviour/locker-status-write';
import {
  groupsStagedOnArrival,
  groupsThroughCache,
  reassignedGroupReopened,
  stagedGroupsApplied,
} from '../faults/behaviour/locker-update-groups';
import {
  activationKeptForSameInstant,
  formerLockerIdKept,
  formerLockerIdsReserved,
  metadataResentKeepsPosition,
  metadataRowsKeptInPlace,
  removedKeysNotRevived,
  renameSkippedAtProviderName,
  updateAnswerReplayedByBody,
} from '../faults/behaviour/locker-update-members';
import { nameRowAdded } from '../faults/behaviour/lockers';
import { renameEventConsumed, withdrawnOnDisable } from '../faults/behaviour/networks-members';
import { statusChangeNotFlap, statusPublisherPasses } from '../faults/behaviour/pushes-lockers-publisher';
import { formerLockerIdListed, localityRowUpserted } from '../faults/behaviour/views-lockers-joined';
import {
  auditRedacted,
  groupsCheckLeftInCreate,
  lockerIdIndexedBeforeCheck,
  unchangedStatusPerRelease,
} from '../faults/behaviour/locker-update';
import { statusHeldForUnacknowledgedPush } from '../faults/behaviour/locker-status';
import {
  incompleteSectionFilled,
  locationTypeKeptAtSameAddress,
  nameKeptOnRekey,
} from '../faults/behaviour/value-combinations';
import {
  groupsFromV1OnAddressResave,
  networkMemberStatusRouted,
  removedMemberRefused,
  v10CarrierMapperActivation,
} from '../faults/behaviour/migration-leftovers';

/** The carrier's locker of `uid`, or a 404 (§7: update locker, 404, JSON body). */
function ownedLockerOr404(app: ReferenceApp, ctx: RequestContext, uid: string): StoredLocker {
  const at = lookupPoints(app, ctx);
  const locker = at.byUid(uid);
  if (!locker && !/^\d+$/.test(uid) && app.choices.malformedIdStatus === 400)
    throw badRequest('VALIDATION_FAILED', `uid "${uid}" is not a locker uid (digits)`);
  if (!locker) at.unknown(uid);
  if (!locker) throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
  at.found(locker, uid);
  return locker;
}

export function updateLocker(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  const at = updatePoints(app, ctx, () => ownedLockerOr404(app, ctx, ctx.params['uid']!));
  return at.carriedOut(() => {
    const before = at.answeredBefore();
    if (before) return before;
    const locker = at.served(at.target() ?? ownedLockerOr404(app, ctx, ctx.params['uid']!));
    at.read(locker);
    // Fault sbi-refused-update-groups-applied-later: the group service stages the groups sent, before validation.
    groupsStagedOnArrival(app, locker, ctx.body);
    removedMemberRefused(app, ctx.body); // Fault sbk-update-removed-member-deprecation-body: the deprecation filter
    // Fault sbf-update-audit-redacts-key-members. Fault sbl-update-anyof-lets-incomplete-sibling: an incomplete
    // section beside a complete one, filled from the stored locker.
    const body = incompleteSectionFilled(app, locker, auditRedacted(app, at.validated()));
    const answered = at.checked(locker, body);
    if (answered) return answered;
    checkOpeningHours(app, body, 'update');
    // §8: at most one group per type key; a carrier.lockerId held by another of the carrier's lockers is refused.
    const refused = at.refusals(locker, () => {
      // Fault say-update-groups-check-left-in-create: the update's groups assigned unchecked.
      checkGroups(app, groupsCheckLeftInCreate(app, at.groupsChecked(locker, body)));
      // Fault sbh-by-tenant-index-moved-by-refused-update: the index entry written before the check.
      if (body.carrier)
        lockerIdIndexedBeforeCheck(app, ctx.carrier.name, locker, body.carrier.lockerId, () =>
          checkLockerIdFree(app, ctx.carrier!.name, body.carrier!.lockerId, at.selfUid(locker)),
        );
      // Fault sbi-former-locker-id-reserved: the ids the carrier's lockers held before count as taken.
      formerLockerIdsReserved(app, ctx.carrier.name, locker, body.carrier?.lockerId);
    });
    if (refused) return refused;
    at.beforeWrite(locker, body);

    // What the body names is written; what it leaves out stays as it was (§4.3).
    const record = locker.record;
    const statusBefore = record.carrier.status;
    const nameBefore = record.carrier.lockerName;
    const idBefore = record.carrier.lockerId;
    if (body.carrier) {
      const sent = body.carrier;
      const sideBefore = record.carrier;
      record.carrier = {
        // Fault sbi-rename-skipped-at-provider-name: written only where it differs from the provider's name.
        // Fault sbl-update-rekey-and-rename-name-kept: a new lockerId and a new name at once keep the old name.
        lockerName: nameKeptOnRekey(
          app,
          sideBefore,
          sent,
          renameSkippedAtProviderName(
            app,
            record,
            at.lockerName(record.carrier.lockerName, sent.lockerName),
            sent.lockerName,
          ),
        ),
        lockerId: sent.lockerId,
        // Variation ok-bi-activation-kept-for-same-instant: the same instant leaves the stored text.
        // Fault sbk-update-carrier-v10-mapper-activation: the 1.0 carrier mapper has no activationDate.
        activationDate: v10CarrierMapperActivation(
          app,
          record.carrier.activationDate,
          activationKeptForSameInstant(
            app,
            record.carrier.activationDate,
            sent.activationDate,
            at.activationDate(record.carrier.activationDate, sent.activationDate),
          ),
        ),
        status: at.status(record.carrier.status, sent.status),
      };
      at.carrierWritten(record);
      // Fault sbj-carrier-side-row-keyed-by-locker-id: a new lockerId is a new carrier-side row.
      carrierSideRowMerged(app, record.uid, sideBefore, record.carrier);
    }
    // Variation ok-sbl-update-location-type-kept-same-address: type kept where the address sent is the one held.
    record.location = locationTypeKeptAtSameAddress(
      app,
      record.location,
      body.location,
      at.location(record.location, body.location),
    );
    if (body.location) localityRowUpserted(app, record.location); // Fault sbj-city-from-postal-code-row
    metadataRowsSoftDeleted(app, record, body.metadata); // Fault sbj-list-reads-soft-deleted-metadata
    // Fault sbi-metadata-removed-key-not-revived: deleted rows never revived; variations
    // ok-bi-metadata-resent-keeps-position and ok-bj-metadata-rows-kept-in-place: rows sent again keep their places.
    record.metadata = metadataResentKeepsPosition(
      app,
      record.metadata,
      body.metadata,
      removedKeysNotRevived(
        app,
        locker,
        body.metadata,
        at.metadata(locker, metadataRowsKeptInPlace(app, record.metadata, body.metadata)),
      ),
    );
    record.features = at.features(record.features, at.featuresSent(body));
    record.openingHours = at.openingHours(record.openingHours, body.openingHours);
    // Faults sbi-groups-cache-kept-when-cleared, sbi-group-reassigned-reopens-history-row: the group store.
    // Fault sbi-refused-update-groups-applied-later: groups a refused update staged, where none are sent.
    // Fault sbk-address-resave-groups-from-v1: a location update re-saves the locker with the v1 document's groups.
    locker.lockerGroups = groupsFromV1OnAddressResave(
      app,
      body,
      stagedGroupsApplied(
        app,
        locker,
        body.lockerGroups,
        reassignedGroupReopened(
          app,
          locker,
          body.lockerGroups,
          groupsThroughCache(app, locker, body.lockerGroups, at.groups(locker, body.lockerGroups)),
        ),
      ),
    );
    at.written(locker, body, nameBefore);
    // Fault sbi-former-locker-id-reserved, variation ok-bi-former-locker-ids-member: the id replaced.
    formerLockerIdKept(app, ctx.carrier.name, idBefore, record.carrier.lockerId);
    formerLockerIdListed(app, locker, idBefore, record.carrier.lockerId);
    renameEventConsumed(app, locker, nameBefore); // Fault sbi-network-name-rename-dedup: the network service's name
    nameRowAdded(app, ctx.carrier.name, record.carrier.lockerName); // Fault sbi-create-name-row-upsert-200
    // §6: a status change is pushed; an update that changed none is not.
    // Fault sbi-status-push-singleton-last-status: the publisher skips the status it published last.
    if (record.carrier.status !== statusBefore && statusPublisherPasses(app, record.carrier.status))
      app.emitLockerUpdate(locker, 'status', statusBefore);
    else if (record.carrier.status === statusBefore && at.pushed()) app.emitLockerUpdate(locker, 'update');
    else app.lag.written(locker, record);
    // Fault sbi-update-answer-replayed-by-body: a body answered before gets the answer kept for it.
    return updateAnswerReplayedByBody(app, ctx, at.answered(locker, body));
  });
}

// §4.5 shows neither request nor response; the reference takes {uid, status} and answers the
// locker record, and answers 409 when the locker already has that status.
export function updateLockerStatus(app: ReferenceApp, ctx: RequestContext): Reply {
  return statusCarriedOut(app, ctx, (caller) => changeLockerStatus(app, caller));
}

function changeLockerStatus(app: ReferenceApp, ctx: RequestContext): Reply {
  const at = statusPoints(app, ctx);
  const body = ctx.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('VALIDATION_FAILED', 'body must be an object with uid and status');
  }
  const [uidMember, statusMember] = (
    {
      'uid-status': ['uid', 'status'],
      'lockerUid-newStatus': ['lockerUid', 'newStatus'],
      'uid-active': ['uid', 'active'],
    } as const
  )[app.choices.statusBody];
  const uid = (body as Record<string, unknown>)[uidMember];
  const given = (body as Record<string, unknown>)[statusMember];
  if (typeof uid !== 'string') throw badRequest('VALIDATION_FAILED', `/${uidMember} is required and must be a string`);
  if (statusMember === 'active' && typeof given !== 'boolean')
    throw badRequest('VALIDATION_FAILED', '/active is required and must be a boolean');
  const status = typeof given === 'boolean' ? (given ? 'ACTIVE' : 'INACTIVE') : given;
  if (typeof status !== 'string' || status === '') {
    throw badRequest('VALIDATION_FAILED', `/${statusMember} is required and must be a non-empty string`);
  }
  const locker = at.target(uid) ?? ownedLockerOr404(app, ctx, uid);
  at.found(locker);
  // Fault sbk-status-network-member-v10-route: a network member's change goes to the network service's 1.0 route.
  const routed = networkMemberStatusRouted(app, locker, status, () => app.lockerView(locker));
  if (routed) return routed;
  statusHeldForUnacknowledgedPush(app, locker); // Fault sbh-status-held-while-push-undelivered
  // Fault sbi-status-lock-left-by-conflict: a change queued behind the lock a same-status request left taken.
  const queued = statusQueuedBehindLock(app, locker, () => app.lockerView(locker));
  if (queued) return queued;
  const deferred = at.deferred(locker, status, () => updateLockerStatus(app, ctx));
  if (deferred) return deferred;
  if (at.current(locker.record) === status && at.guarded()) {
    statusLockLeftTaken(app, locker); // Fault sbi-status-lock-left-by-conflict: returned past the lock's release
    // Variation ok-bi-same-status-repushed: carried out as any other, pushed again.
    const repushed = sameStatusRepushed(
      app,
      () => app.emitLockerUpdate(locker, 'status', status),
      () => at.unchanged(locker),
    );
    if (repushed) return repushed;
    // Variation ok-bb-status-unchanged-per-release: the new release's pods answer 200.
    if (!app.choices.conflictOnSameStatus || unchangedStatusPerRelease(app)) return at.unchanged(locker);
    throw new ApiError(409, 'STATUS_UNCHANGED', `locker "${uid}" already has status "${status}"`);
  }
  // Fault sbj-onboarding-state-no-disable: a change the state machine has no transition for is skipped.
  if (onboardingHasNoTransition(app, locker, status)) return at.unchanged(locker);
  at.beforeWrite(locker);
  const unwritten = at.unwritten(locker);
  if (unwritten) return unwritten;
  const before = locker.record.carrier.status;
  // Fault sbi-status-log-kept-oldest: the status is the last row of a log trimmed at the wrong end.
  locker.record.carrier.status = statusFromLog(app, locker, at.status(locker, status));
  at.written(locker, before, locker.record.carrier.status);
  withdrawnOnDisable(app, locker, locker.record.carrier.status); // Fault sbi-network-reenabled-still-withdrawn
  // Fault sbi-status-flap-push-dropped: a change undoing the one before within a minute is taken for a flap.
  if (at.pushed(locker) && statusChangeNotFlap(app, locker, before, locker.record.carrier.status)) {
    // Fault sbi-status-push-singleton-last-status: the publisher skips the status it published last.
    if (statusPublisherPasses(app, locker.record.carrier.status)) app.emitLockerUpdate(locker, 'status', before);
    else app.lag.written(locker, locker.record);
  }
  at.afterPush(locker, before);
  // Fault sbi-status-revert-not-flushed: a status back to the first loaded one is not written.
  return statusDirtyCheckedAgainstFirstLoad(app, locker, before, at.answered(locker, before));
}
