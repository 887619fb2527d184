// §4.3 and §4.5: update a locker, change its status.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { ApiError, badRequest, notFound } from '../errors';
import { staleWrite } from '../in-flight';
import { everyRefusedMember } from '../validation';
import { listedMembersOnly } from '../request-members';
import type { LockerWriteBody, StoredLocker } from '../model';
import { checkGroups, checkLockerIdFree, checkOpeningHours } from './locker-checks';
import {
  NO_FEATURES,
  storedActivationDate,
  storedFeatures,
  storedMetadata,
  takeGroupsFromOthers,
} from './locker-stored';
import { storedLocation } from './set-c-faults';
import { rebaseOnRegistration, refusedAsResult, statusAnswer, statusForConflict } from './set-e-faults';
import { disabledLockerBookingsCancelled, lockerForUpdate, locationKept } from './set-g-faults';
import { providerRederived, statusLockerByUidAlone } from './set-h-faults';
import {
  checkFixedPointCoordinates,
  checkUidAsLong,
  closedWhileDisabled,
  featuresMerged,
  membershipCascaded,
  pushedOnUpdate,
  unlessSoftDeleted,
} from './set-j-faults';
import {
  checkSomethingToUpdate,
  checkStatusRowVersion,
  locationAsUpdated,
  rowVersionBumped,
  statusChangeAnswer,
} from './set-l-faults';
import { checkNameFree, dateConcatenated, foreignHidden, rowsRewritten, statusQueued } from './set-n-faults';
import { frameworkError, groupsAuditFails, replayedByBody, selfExcluded } from './set-p-faults';
import {
  addressColumns,
  aliasesBound,
  checkInSomeNetwork,
  checkNotMovedWithBookings,
  checkStillInOwnerSet,
  epochSeconds32,
  updateAnswerOverride,
  updateBaseline,
} from './set-r-faults';
import { groupUidsHeld, nameFitsHeader, statusCaller, updatedBySetT, upsertAnswer } from './set-t-faults';
import { dualWritten, groupsCarriedForward } from './set-v-faults';
import { groupRowsWithMetadata, storedGroups } from './set-aa-faults';
import { checkMetadataRows } from './set-ac-faults';
import {
  groupsCheckedBySetAL,
  metadataToStore,
  statusAnsweredBySetAL,
  statusWrittenBySetAL,
  updatedFeatures,
} from './set-al-faults';
import { changedBySetAL, statusPushedBySetAL } from './set-al-variations';
import { chunkedBySetAN, slottedBySetAN, statusFlushedBySetAN } from './set-an-faults';
import {
  locationBySetAM,
  lockerNameBySetAM,
  metadataBySetAM,
  openingHoursBySetAM,
  updateRefusalBySetAM,
} from './set-am-faults';
import { hoursBySetAO, updatedActivationBySetAO } from './set-ao-faults';
import { updateAnswerBySetAP } from './set-ap-faults';

function ownedLockerOr404(app: ReferenceApp, ctx: RequestContext, uid: string): StoredLocker {
  // Fault sa-update-uid-or-locker-id: WHERE locker_id = :id OR uid = :id, the lockerId row first.
  if (app.fault('sa-update-uid-or-locker-id')) {
    const byLockerId = app.state
      .visibleLockers(ctx.carrier.name)
      .find((l) => l.record.ownedByCarrier === ctx.carrier.name && l.record.carrier.lockerId === uid);
    if (byLockerId) return byLockerId;
  }
  // Fault sj-uid-parsed-as-int64: the uid parsed as a Long before the lookup.
  checkUidAsLong(app, uid);
  // Fault lenient-locker-uid: the uid is read as far as it is digits, as parseInt would.
  // Fault sj-inactive-soft-deleted: the repository finds no INACTIVE locker.
  const locker = unlessSoftDeleted(
    app,
    app.state.ownedLocker(ctx.carrier.name, app.fault('lenient-locker-uid') ? (/^\d+/.exec(uid)?.[0] ?? uid) : uid),
  );
  if (!locker && !/^\d+$/.test(uid) && app.choices.malformedIdStatus === 400)
    throw badRequest('VALIDATION_FAILED', `uid "${uid}" is not a locker uid (digits)`);
  if (!locker && app.fault('update-unknown-400')) throw badRequest('INVALID_UID', `uid "${uid}" is not valid`);
  if (!locker) throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
  checkStillInOwnerSet(app, locker, uid); // Fault sr-renamed-locker-unreachable: a hash set keyed by the old name
  return locker;
}

/** The update body; under fault sa-update-multi-error-envelope a refusal carries every refused member. */
function validatedUpdate(app: ReferenceApp, ctx: RequestContext): LockerWriteBody {
  try {
    return app.validate('LockerUpdateRequest', ctx.body) as LockerWriteBody;
  } catch (error) {
    if (!(error instanceof ApiError) || !app.fault('sa-update-multi-error-envelope')) throw error;
    const sent =
      app.choices.unknownRequestMembers === 'ignored' ? listedMembersOnly('LockerUpdateRequest', ctx.body) : ctx.body;
    const all = everyRefusedMember('LockerUpdateRequest', sent);
    throw all.length > 1 ? new ApiError(error.status, error.errorCode, error.message, all) : error;
  }
}

export function updateLocker(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  if (!app.fault('update-lost-in-flight')) return applyUpdate(app, ctx);
  // Fault update-lost-in-flight: the record is read, the write awaited, and the record as read written
  // back with this update's change: what another request changed meanwhile (a member, the status) is lost.
  const locker = ownedLockerOr404(app, ctx, ctx.params['uid']!);
  return staleWrite(
    () => structuredClone(locker.record),
    (record) => (locker.record = record),
    () => applyUpdate(app, ctx),
  );
}

function applyUpdate(app: ReferenceApp, ctx: RequestContext): Reply {
  if (app.fault('update-unknown-200') && !app.state.ownedLocker(ctx.carrier.name, ctx.params['uid']!)) {
    return { status: 200, body: { uid: ctx.params['uid'], ...(ctx.body as object) } };
  }
  // Fault sn-update-foreign-404-no-body: the method-security denial of another's locker is a 404 with no body.
  if (foreignHidden(app, ctx)) return { status: 404 };
  // Fault sg-update-owner-checked-with-carrier-only: without a carrier object, any locker of the uid.
  const locker = lockerForUpdate(app, ctx) ?? ownedLockerOr404(app, ctx, ctx.params['uid']!);
  const baseline = updateBaseline(app, locker); // Faults sr-update-unchanged-304, sr-update-answers-before-image
  const heldGroups = groupUidsHeld(app, locker); // Fault st-update-group-upsert-201: the groups before the upsert
  const body = validatedUpdate(app, ctx);
  aliasesBound(app, body); // Fault sr-legacy-alias-last-wins: a 1.0 name written later in the body is bound
  checkNotMovedWithBookings(app, locker, body); // Fault sr-update-location-refused-with-bookings
  // Fault sp-update-empty-groups-unhandled: the audit hook reads lockerGroups[0].key, and [] throws past the filter.
  if (groupsAuditFails(app, body)) return frameworkError();
  // Fault sj-coordinates-exponent-refused: lon and lat read from their raw tokens as fixed-point decimals.
  checkFixedPointCoordinates(app, ctx.raw);
  // Fault sl-update-groups-only-refused: the DTO's at-least-one constraint does not name lockerGroups.
  checkSomethingToUpdate(app, body);
  if (app.fault('update-requires-carrier') && !body.carrier)
    throw badRequest('VALIDATION_FAILED', '/carrier is required');
  checkOpeningHours(app, body, 'update');
  // Fault sc-update-group-key-checked-against-held: the new assignments inserted before the old ones are deleted, the
  // unique (locker, key) index checked in between: the held groups not sent again count with the ones sent.
  const resent = new Set(body.lockerGroups?.map((g) => g.uid));
  const insertedFirst = body.lockerGroups && app.fault('sc-update-group-key-checked-against-held');
  // Fault se-update-refusal-as-result: the service layer's refusals come back as a result the controller answers 200.
  // Fault sam-update-unique-violation-no-message: the uniqueness refusals answered with the driver error's fields.
  const refused = updateRefusalBySetAM(app, () =>
    refusedAsResult(app, () => {
      // Fault sal-group-refusal-restores-create-snapshot: a refusal restores the locker as the cache took it.
      groupsCheckedBySetAL(app, locker, () =>
        checkGroups(
          app,
          insertedFirst
            ? [...locker.lockerGroups.filter((g) => !resent.has(g.uid)), ...body.lockerGroups!]
            : body.lockerGroups,
        ),
      );
      // Fault sp-update-lockerid-self-collision: the locker itself excluded by a uid parsed to a number (never equal).
      if (body.carrier)
        checkLockerIdFree(app, ctx.carrier.name, body.carrier.lockerId, selfExcluded(app, locker.record.uid));
    }),
  );
  if (refused) return refused;
  // Fault sn-locker-name-unique-index: a unique index on (owner, carrier.lockerName).
  checkNameFree(app, ctx.carrier.name, body.carrier?.lockerName, locker.record.uid);
  checkMetadataRows(app, body.metadata); // Fault sac-metadata-key-primary-key: a (locker, key) primary key
  // Fault se-update-rebased-on-registration: the members not sent are taken from the locker as it was created.
  rebaseOnRegistration(app, locker, body as Record<string, unknown>);
  updatedBySetT(app, locker.record, body); // Fault st-update-features-jsonb-set-no-create, ok-t-location-type-unknown

  const record = locker.record;
  const statusBefore = record.carrier.status;
  const nameBefore = record.carrier.lockerName;
  if (body.carrier) {
    const sent = body.carrier;
    record.carrier = {
      // Fault sam-rename-collation-dirty-check: a name equal but for letter case and accents is not written.
      lockerName: lockerNameBySetAM(app, record.carrier.lockerName, sent.lockerName),
      lockerId: sent.lockerId,
      // Fault sr-activation-date-int32-epoch: read back from a signed 32-bit count of seconds since 1970.
      // Faults sao-update-activation-keeps-created-offset, sao-update-activation-fraction-as-millis.
      activationDate: epochSeconds32(
        app,
        updatedActivationBySetAO(app, record.carrier.activationDate, storedActivationDate(app, sent.activationDate)),
      ),
      // Fault update-enables-locker: a carrier object sent without a status makes the locker ACTIVE again.
      status: sent.status ?? (app.fault('update-enables-locker') ? 'ACTIVE' : record.carrier.status),
    };
    // Fault sh-update-rederives-provider-ids: the create's provider mapper runs again, with no provider sent.
    providerRederived(app, record);
    // Fault sn-update-activation-date-to-string: the update's parameter is '' + new Date(sent).
    dateConcatenated(app, record);
    dualWritten(app, record); // Fault sv-update-dual-write-v10-members: the 1.0 members written beside
  }
  if (body.location && !app.fault('update-not-applied')) {
    record.location = {
      // Variation ok-g-update-location-merged: the members the sent location leaves out are kept.
      ...locationKept(app, record.location),
      // Fault sl-update-coordinates-swapped: the update's point written with lon and lat swapped.
      // Fault sr-address-astral-cut: utf8mb3 columns. Fault sam-address-xml-attribute-whitespace: the address as the
      // provider registry's XML attributes confirm it.
      ...locationAsUpdated(app, locationBySetAM(app, addressColumns(app, storedLocation(app, body.location)))),
      ...(app.fault('update-ignores-nested') ? { city: record.location.city } : {}),
    };
  }
  // Fault x45-update-empty-metadata-ignored: metadata applied only when it has entries, so [] changes nothing.
  const emptyIgnored = app.fault('x45-update-empty-metadata-ignored') && body.metadata?.length === 0;
  // Fault sn-metadata-rows-interned: the entry rows shared with other lockers rewritten in place.
  rowsRewritten(app, locker, body.metadata);
  // Fault sal-metadata-null-value-coalesced: value = COALESCE(:value, value) for an entry of a key held.
  if (body.metadata && !emptyIgnored)
    // Fault san-update-metadata-chunk-off-by-one: the rows written in chunks of 25, each cut at 24. Fault
    // sam-metadata-rows-by-position: rows written by position, those past the entries sent kept.
    record.metadata = storedMetadata(
      app,
      chunkedBySetAN(app, metadataBySetAM(app, record.metadata, metadataToStore(app, record.metadata, body.metadata))),
    );
  else if (app.fault('update-drops-metadata')) record.metadata = [];
  // Fault sj-features-or-merged: the sent features OR-ed onto the stored bits.
  // Fault sal-default-features-shared-instance: the sent features applied member by member onto the held object.
  if (body.features)
    record.features = updatedFeatures(
      app,
      record.features,
      featuresMerged(app, record.features, storedFeatures(app, body.features)),
    );
  else if (app.fault('update-drops-features')) record.features = { ...NO_FEATURES };
  // Fault sc-update-opening-hours-merged: openingHours applied as a JSON merge patch, members left out kept.
  const merged = app.fault('sc-update-opening-hours-merged') ? record.openingHours : {};
  // Fault san-schedule-weekday-slots: a weeklySchedule kept in seven weekday slots. Fault sam-schedule-rows-need-day:
  // kept as (day, opens, closes) rows, entries without a day skipped.
  if (body.openingHours)
    // Set AO: the provider adapter's form of the hours.
    record.openingHours = hoursBySetAO(
      app,
      slottedBySetAN(app, openingHoursBySetAM(app, { ...merged, ...structuredClone(body.openingHours) })),
    );
  // §2.1: groups stay as they are unless lockerGroups is sent (saa-group-keys-normalized-after-check: keys recased).
  // Fault update-appends-groups: the assignments are inserted (on conflict of group uid, nothing) and the
  // ones not sent are not deleted: a new group for a key already held sits beside the old one.
  if (body.lockerGroups && app.fault('update-appends-groups')) {
    const held = new Set(locker.lockerGroups.map((g) => g.uid));
    locker.lockerGroups = [
      ...locker.lockerGroups,
      ...structuredClone(body.lockerGroups).filter((g) => !held.has(g.uid)),
    ];
  } else if (body.lockerGroups) locker.lockerGroups = storedGroups(app, body.lockerGroups);
  else if (app.fault('update-clears-groups')) locker.lockerGroups = [];
  takeGroupsFromOthers(app, ctx.carrier.name, locker, body.lockerGroups);
  groupRowsWithMetadata(app, locker, body); // Fault saa-groups-kept-in-metadata-rows: deleted with the metadata
  groupsCarriedForward(app, locker, body); // Fault sv-update-groups-carried-twice: group rows copied to the version
  // Fault update-name-not-stored: the answer shows the lockerName sent, the stored record keeps the one before.
  const sentName = body.carrier?.lockerName;
  if (sentName !== undefined && app.fault('update-name-not-stored')) record.carrier.lockerName = nameBefore;
  // Fault sj-update-replace-drops-membership: the REPLACE INTO's delete cascades to the network membership.
  membershipCascaded(app, locker);
  changedBySetAL(app, locker); // Variation ok-al-lockers-last-changed-first
  // Fault sl-status-stale-lock-version: the update bumps the row version the status service has cached.
  rowVersionBumped(app, locker);
  if (record.carrier.status !== statusBefore) app.emitLockerUpdate(locker, 'status', statusBefore);
  // Variation ok-j-locker-push-on-update: an accepted update is pushed too.
  else if (pushedOnUpdate(app)) app.emitLockerUpdate(locker, 'update');
  else app.lag.written(locker, record);
  // Faults sr-update-unchanged-304 (no change: 304, no body) and sr-update-answers-before-image.
  const overridden = updateAnswerOverride(app, locker, baseline, (l) => app.lockerView(l));
  if (overridden) return overridden;
  const upserted = upsertAnswer(heldGroups, body, () => app.lockerView(locker)); // Fault st-update-group-upsert-201
  if (upserted) return upserted;
  const view = app.lockerView(locker);
  if (sentName !== undefined && app.fault('update-name-not-stored')) view.carrier.lockerName = sentName;
  updateAnswerBySetAP(app, body, view); // Fault sap-attribute-update-answer-v10-provider; a variation
  return { status: 200, body: app.fault('update-legacy-carriers') ? { ...view, carriers: [view.carrier] } : view };
}

/** Fault status-toggles: each locker's status before its last change. */
const previousStatus = new WeakMap<StoredLocker, string>();

// §4.5 shows neither request nor response; the reference takes {uid, status} and answers the
// locker record, and answers 409 when the locker already has that status.
export function updateLockerStatus(app: ReferenceApp, ctx: RequestContext): Reply {
  // Fault sp-status-replayed-by-body-hash: a body the caller sent within a minute is answered from the replay store.
  // Fault st-status-guard-first-carrier: the status route's key guard serves any valid key as the first carrier.
  return replayedByBody(app, ctx, () => changeLockerStatus(app, statusCaller(app, ctx)));
}

function changeLockerStatus(app: ReferenceApp, ctx: RequestContext): Reply {
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
  // Fault sh-status-unscoped-lookup: the locker found by uid alone, whichever carrier owns it.
  const locker = statusLockerByUidAlone(app, uid) ?? ownedLockerOr404(app, ctx, uid);
  checkInSomeNetwork(app, locker); // Fault sr-status-joined-with-network: found through its network membership
  // Variation ok-n-status-applied-async: accepted with 202, applied (and pushed) 300 ms later.
  const queued = statusQueued(app, locker, status, () => updateLockerStatus(app, ctx));
  if (queued) return queued;
  // Fault se-status-conflict-reads-provider-status: the guard compares with the provider-side status.
  if (statusForConflict(app, locker.record) === status && !app.fault('status-toggles')) {
    if (!app.choices.conflictOnSameStatus)
      return statusAnswer(app, locker.record, locker.record.carrier.status, () => app.lockerView(locker));
    throw new ApiError(409, 'STATUS_UNCHANGED', `locker "${uid}" already has status "${status}"`);
  }
  // Fault sl-status-stale-lock-version: the write carries the row version cached before the last update.
  checkStatusRowVersion(app, locker);
  if (app.fault('status-not-applied')) return { status: 200, body: app.lockerView(locker) };
  // Fault status-toggles: a "change" flips between the status before and the current one, whatever was asked.
  const flipped =
    app.fault('status-toggles') && locker.record.carrier.status === status
      ? (previousStatus.get(locker) ?? status)
      : status;
  const before = locker.record.carrier.status;
  previousStatus.set(locker, before);
  locker.record.carrier.status = flipped;
  // Fault sj-disable-closes-opening-hours: a locker taken away from ACTIVE is closed by its opening hours.
  closedWhileDisabled(app, locker);
  // Faults sal-enable-reopens-keeps-schedule, sal-status-change-resets-collection-mark, sal-reenabled-locker-...
  statusWrittenBySetAL(app, locker, before);
  // Fault sa-status-by-locker-name: the write is keyed by (carrier, lockerName), so namesakes change too (no push).
  if (app.fault('sa-status-by-locker-name')) {
    for (const other of app.state.visibleLockers(ctx.carrier.name)) {
      const same = other.record.ownedByCarrier === ctx.carrier.name && other !== locker;
      if (!same || other.record.carrier.lockerName !== locker.record.carrier.lockerName) continue;
      other.record.carrier.status = flipped;
      app.lag.written(other, other.record);
    }
  }
  // Fault sg-disable-cascades-to-bookings: a bulk cancel of the locker's bookings, unpushed.
  disabledLockerBookingsCancelled(app, locker, flipped);
  if (nameFitsHeader(app, locker)) app.emitLockerUpdate(locker, 'status', before); // Fault st-status-push-name-header
  // Variations ok-al-locker-status-in-parcel-history, ok-al-provider-ack-second-push.
  statusPushedBySetAL(
    app,
    locker,
    before,
    (parcel) => app.emitParcelUpdate(parcel, 'trigger'),
    () => app.emitLockerUpdate(locker, 'status', before),
  );
  // Variation ok-e-status-answer-ack: an acknowledgement in place of the record (§4.5: response shape not shown).
  // Variation ok-l-status-answer-204: a change carried out answered 204 with no body.
  // Fault sal-status-written-by-registered-id: the status written to the locker of the id it was created with.
  // Fault san-status-batch-flush-last-value: the row written by a batch, with the batch's last status.
  return statusFlushedBySetAN(
    app,
    locker,
    before,
    statusAnsweredBySetAL(
      app,
      ctx.carrier.name,
      locker,
      before,
      statusChangeAnswer(
        app,
        statusAnswer(app, locker.record, before, () => app.lockerView(locker)),
      ),
    ),
  );
}
