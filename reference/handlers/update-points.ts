// The points where faults change a locker update (§4.3), in the order locker-update.ts's updateLocker() reaches them,
// and the lookup of a carrier's locker by uid it shares with a status change. With every fault off each point does
// what the specification has the service do, so updateLocker() reads as the correct service; each fault is named at
// its point, its behaviour here or in faults/behaviour/locker-update.ts (what a create does alike,
// locker-writes.ts).
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { ApiError, badRequest } from '../errors';
import { staleWrite } from '../in-flight';
import type { JsonObject, LockerGroup, LockerRecord, LockerWriteBody, StoredLocker } from '../model';
import { listedMembersOnly } from '../request-members';
import { everyRefusedMember } from '../validation';
import {
  NO_FEATURES,
  storedActivationDate,
  storedFeatures,
  storedMetadata,
  takeGroupsFromOthers,
} from './locker-stored';
import {
  addressAndMetadataRowsWritten,
  attributeUpdateFromListCache,
  barcodeReaderFromPinPad,
  checkNotMovedWithBookings,
  checkSomethingToUpdate,
  checkStillInOwnerSet,
  checkUidAsLong,
  dateConcatenated,
  dualWritten,
  featuresJsonbSetNoCreate,
  featuresMerged,
  featuresMergedOnUpdate,
  featuresSkippedBesideMetadata,
  foreignHidden,
  frameworkError,
  groupEventsAcrossPartitions,
  groupRefusalRestoresSnapshot,
  groupRowsWithMetadata,
  groupsAuditFails,
  groupsCarriedForward,
  groupUidsHeld,
  locationAsUpdated,
  locationCheckedAsRecord,
  locationKept,
  locationMovedIfCoordinatesTruthy,
  lockerForUpdate,
  membershipCascaded,
  metadataChunkedOffByOne,
  metadataItemsAsTuple,
  metadataRowsByPosition,
  metadataToStore,
  networkMemberLocationOnly,
  nullMembersOmitted,
  providerRederived,
  pushedOnUpdate,
  rebaseOnRegistration,
  refusedAsResult,
  renameCollationDirtyCheck,
  rowsRewritten,
  rowVersionBumped,
  selfExcluded,
  shardLookupByCount,
  uniqueViolationRefusal,
  updateAnswerByCreateAssembler,
  updateAnsweredFromEdgeCache,
  updateAnswerHalfDayClock,
  updateAnswerLazyFeatures,
  updateAnswerOverride,
  updateAnswerRawBodySpread,
  updateAnswerV10Provider,
  updateBaseline,
  updateBodyUidOverPath,
  updatedActivationColumns,
  updatedFeatures,
  updatedHoursHeldOverSent,
  updateInstanceCache,
  updateNotFoundKeptByEdge,
  updateSaveHook,
  upsertAnswer,
  versionCountedAndMetadataToSiblings,
} from '../faults/behaviour/locker-update';
import {
  activationAsFloatEpoch,
  addressColumns,
  addressXmlNormalised,
  aliasesBound,
  checkFixedPointCoordinates,
  checkMetadataRows,
  checkNameFree,
  epochSeconds32,
  fleetDocumentWritten,
  hoursOvernightAndGrid,
  scheduleInWeekdayOrder,
  scheduleRowsNeedDay,
  scheduleWeekdaySlots,
  storedGroups,
  storedLocation,
} from '../faults/behaviour/locker-writes';
import { lockerChanged, unlessSoftDeleted } from '../faults/behaviour/lockers';

type Metadata = LockerRecord['metadata'];
type Features = LockerRecord['features'];

/** Where faults change how a carrier's locker is found by the uid a request names (§4.3, §4.5). */
export interface LookupPoints {
  /** The carrier's locker of `uid`, as the store finds it. */
  byUid(uid: string): StoredLocker | undefined;
  /** No locker of the carrier has `uid`: the refusal, where it is not the 404 of §7. */
  unknown(uid: string): void;
  /** The locker found: checks it passes (none). */
  found(locker: StoredLocker, uid: string): void;
}

export function lookupPoints(app: ReferenceApp, ctx: RequestContext): LookupPoints {
  const carrier = ctx.carrier.name;
  return {
    byUid: (uid) => {
      // Fault sa-update-uid-or-locker-id: WHERE locker_id = :id OR uid = :id, the lockerId row first.
      if (app.fault('sa-update-uid-or-locker-id')) {
        const byLockerId = app.state
          .visibleLockers(carrier)
          .find((l) => l.record.ownedByCarrier === carrier && l.record.carrier.lockerId === uid);
        if (byLockerId) return byLockerId;
      }
      // Fault sj-uid-parsed-as-int64: the uid parsed as a Long before the lookup.
      checkUidAsLong(app, uid);
      // Fault lenient-locker-uid: the uid is read as far as it is digits, as parseInt would.
      // Fault sj-inactive-soft-deleted: the repository finds no INACTIVE locker.
      const read = app.fault('lenient-locker-uid') ? (/^\d+/.exec(uid)?.[0] ?? uid) : uid;
      return unlessSoftDeleted(app, app.state.ownedLocker(carrier, read));
    },
    unknown: (uid) => {
      updateNotFoundKeptByEdge(app, ctx, uid); // Fault sbd-not-found-cached-without-body: the edge keeps the 404
      if (app.fault('update-unknown-400')) throw badRequest('INVALID_UID', `uid "${uid}" is not valid`);
    },
    // Fault sr-renamed-locker-unreachable: a hash set keyed by the old name.
    found: (locker, uid) => checkStillInOwnerSet(app, locker, uid),
  };
}

export interface UpdatePoints {
  /** The update carried out, at once (fault update-lost-in-flight: over an awaited write). */
  carriedOut(apply: () => Reply): Reply | Promise<Reply>;
  /** An answer given before the locker is looked up (none). */
  answeredBefore(): Reply | undefined;
  /** The locker the update names, where it is found otherwise than as the carrier's locker of the uid (never). */
  target(): StoredLocker | undefined;
  /** The locker the update acts on: the one found. */
  served(locker: StoredLocker): StoredLocker;
  /** The locker as found, before the body is read. */
  read(locker: StoredLocker): void;
  /** The body as validated. */
  validated(): LockerWriteBody;
  /** Checks beyond the schema's, before the opening hours are; an answer given in their place (none). */
  checked(locker: StoredLocker, body: LockerWriteBody): Reply | undefined;
  /** The groups the unique-key check is given: those sent. */
  groupsChecked(locker: StoredLocker, body: LockerWriteBody): LockerGroup[] | undefined;
  /** The locker the lockerId check leaves out: the one updated. */
  selfUid(locker: StoredLocker): string | undefined;
  /** The group and lockerId checks run, a refusal thrown as it is. */
  refusals(locker: StoredLocker, check: () => void): Reply | undefined;
  /** Checks and steps once the refusals passed, before the record is written (none). */
  beforeWrite(locker: StoredLocker, body: LockerWriteBody): void;
  // --- the record, member by member, as the update writes it ---
  lockerName(held: string, sent: string): string;
  activationDate(held: string, sent: string): string;
  /** The status a carrier object sent without one leaves: the one held. */
  status(held: string, sent: string | undefined): string;
  /** Done once the carrier object is written (nothing). */
  carrierWritten(record: LockerRecord): void;
  /** The location written: the one sent, or the one held where none was sent. */
  location(held: JsonObject, sent: JsonObject | undefined): JsonObject;
  /** The metadata written: the entries sent, or those held where none were sent. */
  metadata(locker: StoredLocker, sent: Metadata | undefined): Metadata;
  /** The features the body sends for writing: its own. */
  featuresSent(body: LockerWriteBody): Features | undefined;
  /** The features written: those sent, or those held where none were sent. */
  features(held: Features, sent: Features | undefined): Features;
  /** The opening hours written: those sent, or those held where none were sent. */
  openingHours(held: JsonObject, sent: JsonObject | undefined): JsonObject;
  /** The groups written: those sent, or those held where none were sent (§2.1). */
  groups(locker: StoredLocker, sent: LockerGroup[] | undefined): LockerGroup[];
  /** Done once every member is written (nothing). */
  written(locker: StoredLocker, body: LockerWriteBody, nameBefore: string): void;
  /** Whether an update that changed no status is pushed: no (§6 pushes a create and a status change). */
  pushed(): boolean;
  /** The answer: 200 with the record (§4.3). */
  answered(locker: StoredLocker, body: LockerWriteBody): Reply;
}

export function updatePoints(app: ReferenceApp, ctx: RequestContext, find: () => StoredLocker): UpdatePoints {
  const carrier = ctx.carrier.name;
  // What the points read before the write and use at the answer.
  let baseline: StoredLocker | undefined;
  let heldGroups: Set<string> | undefined;
  return {
    carriedOut: (apply) => {
      if (!app.fault('update-lost-in-flight')) return apply();
      // Fault update-lost-in-flight: the record is read, the write awaited, and the record as read written
      // back with this update's change: what another request changed meanwhile (a member, the status) is lost.
      const locker = find();
      return staleWrite(
        () => structuredClone(locker.record),
        (record) => (locker.record = record),
        apply,
      );
    },
    answeredBefore: () => {
      if (app.fault('update-unknown-200') && !app.state.ownedLocker(carrier, ctx.params['uid']!))
        return { status: 200, body: { uid: ctx.params['uid'], ...(ctx.body as object) } };
      // Fault sn-update-foreign-404-no-body: the method-security denial of another's locker is a 404 with no body.
      // Fault sav-update-shard-modulus-grows: the row looked up in the shard the current shard count gives.
      // Fault sbd-not-found-cached-without-body: a 404 the edge keeps, answered without its body.
      return foreignHidden(app, ctx)
        ? { status: 404 }
        : (updateAnsweredFromEdgeCache(app, ctx) ?? shardLookupByCount(app, ctx));
    },
    // Fault sg-update-owner-checked-with-carrier-only: without a carrier object, any locker of the uid.
    target: () => lockerForUpdate(app, ctx),
    // Fault saq-update-instance-local-cache: the locker as the instance serving the update knows it.
    // Fault saw-update-body-uid-over-path: the command { ...params, ...body } applied to the body's uid.
    served: (locker) => updateBodyUidOverPath(app, ctx, updateInstanceCache(app, locker)),
    read: (locker) => {
      baseline = updateBaseline(app, locker); // Faults sr-update-unchanged-304, sr-update-answers-before-image
      heldGroups = groupUidsHeld(app, locker); // Fault st-update-group-upsert-201: the groups before the upsert
    },
    validated: () => nullMembersOmitted(app, validatedUpdate(app, ctx)), // Variation ok-ba-update-null-members-omitted
    checked: (locker, body) => {
      aliasesBound(app, body); // Fault sr-legacy-alias-last-wins: a 1.0 name written later in the body is bound
      checkNotMovedWithBookings(app, locker, body); // Fault sr-update-location-refused-with-bookings
      // Fault sp-update-empty-groups-unhandled: the audit hook reads lockerGroups[0].key, and [] throws past the
      // filter.
      if (groupsAuditFails(app, body)) return frameworkError();
      // Fault sj-coordinates-exponent-refused: lon and lat read from their raw tokens as fixed-point decimals.
      checkFixedPointCoordinates(app, ctx.raw);
      // Fault sl-update-groups-only-refused: the DTO's at-least-one constraint does not name lockerGroups.
      checkSomethingToUpdate(app, body);
      locationCheckedAsRecord(app, body); // Fault say-update-location-checked-as-record: the record's Location model
      if (app.fault('update-requires-carrier') && !body.carrier)
        throw badRequest('VALIDATION_FAILED', '/carrier is required');
      return undefined;
    },
    groupsChecked: (locker, body) => {
      // Fault sc-update-group-key-checked-against-held: the new assignments inserted before the old ones are deleted,
      // the unique (locker, key) index checked in between: the held groups not sent again count with the ones sent.
      if (!body.lockerGroups || !app.fault('sc-update-group-key-checked-against-held')) return body.lockerGroups;
      const resent = new Set(body.lockerGroups.map((g) => g.uid));
      return [...locker.lockerGroups.filter((g) => !resent.has(g.uid)), ...body.lockerGroups];
    },
    // Fault sp-update-lockerid-self-collision: the locker itself excluded by a uid parsed to a number (never equal).
    selfUid: (locker) => selfExcluded(app, locker.record.uid),
    // Fault se-update-refusal-as-result: the service layer's refusals come back as a result the controller answers
    // 200. Fault sam-update-unique-violation-no-message: the uniqueness refusals answered with the driver error's
    // fields. Fault sal-group-refusal-restores-create-snapshot: a refusal restores the locker as the cache took it.
    refusals: (locker, check) =>
      uniqueViolationRefusal(app, () => refusedAsResult(app, () => groupRefusalRestoresSnapshot(app, locker, check))),
    beforeWrite: (locker, body) => {
      // Fault sn-locker-name-unique-index: a unique index on (owner, carrier.lockerName).
      checkNameFree(app, carrier, body.carrier?.lockerName, locker.record.uid);
      checkMetadataRows(app, body.metadata); // Fault sac-metadata-key-primary-key: a (locker, key) primary key
      // Fault se-update-rebased-on-registration: the members not sent are taken from the locker as it was created.
      rebaseOnRegistration(app, locker, body as Record<string, unknown>);
      // Fault st-update-features-jsonb-set-no-create, ok-t-location-type-...
      featuresJsonbSetNoCreate(app, locker.record, body);
      addressAndMetadataRowsWritten(app, locker, body); // An address row closed; metadata refilled in place
      // Fault sbd-attribute-update-based-on-list-cache: the cached row as base.
      attributeUpdateFromListCache(app, locker, body);
      networkMemberLocationOnly(app, locker, body); // Fault sbg-network-member-update-location-only
    },
    // Fault sam-rename-collation-dirty-check: a name equal but for letter case and accents is not written.
    lockerName: (held, sent) => renameCollationDirtyCheck(app, held, sent),
    // Fault sr-activation-date-int32-epoch: read back from a signed 32-bit count of seconds since 1970.
    // Faults sao-update-activation-keeps-created-offset, sao-update-activation-fraction-as-millis.
    // Fault saz-activation-float-epoch: DOUBLE epoch seconds.
    activationDate: (held, sent) =>
      activationAsFloatEpoch(
        app,
        epochSeconds32(app, updatedActivationColumns(app, held, storedActivationDate(app, sent))),
      ),
    // Fault update-enables-locker: a carrier object sent without a status makes the locker ACTIVE again.
    status: (held, sent) => sent ?? (app.fault('update-enables-locker') ? 'ACTIVE' : held),
    carrierWritten: (record) => {
      // Fault sh-update-rederives-provider-ids: the create's provider mapper runs again, with no provider sent.
      providerRederived(app, record);
      // Fault sn-update-activation-date-to-string: the update's parameter is '' + new Date(sent).
      dateConcatenated(app, record);
      dualWritten(app, record); // Fault sv-update-dual-write-v10-members: the 1.0 members written beside
    },
    location: (held, sent) => {
      if (!sent || app.fault('update-not-applied')) return held;
      // Fault sbc-update-zero-coordinate-kept: the point moved only `if (sent.lon && sent.lat)`.
      return locationMovedIfCoordinatesTruthy(app, held, sent, {
        // Variation ok-g-update-location-merged: the members the sent location leaves out are kept.
        ...locationKept(app, held),
        // Fault sl-update-coordinates-swapped: the update's point written with lon and lat swapped.
        // Fault sr-address-astral-cut: utf8mb3 columns. Fault sam-address-xml-attribute-whitespace: the address as
        // the provider registry's XML attributes confirm it.
        ...locationAsUpdated(app, addressXmlNormalised(app, addressColumns(app, storedLocation(app, sent)))),
        ...(app.fault('update-ignores-nested') ? { city: held['city'] } : {}),
      });
    },
    metadata: (locker, sent) => {
      // Fault x45-update-empty-metadata-ignored: metadata applied only when it has entries, so [] changes nothing.
      const emptyIgnored = app.fault('x45-update-empty-metadata-ignored') && sent?.length === 0;
      // Fault sn-metadata-rows-interned: the entry rows shared with other lockers rewritten in place.
      rowsRewritten(app, locker, sent);
      const held = locker.record.metadata;
      // Fault sal-metadata-null-value-coalesced: value = COALESCE(:value, value) for an entry of a key held.
      // Fault san-update-metadata-chunk-off-by-one: the rows written in chunks of 25, each cut at 24. Fault
      // sam-metadata-rows-by-position: rows written by position, those past the entries sent kept.
      if (sent && !emptyIgnored)
        return storedMetadata(
          app,
          metadataChunkedOffByOne(
            app,
            metadataRowsByPosition(app, held, metadataToStore(app, held, metadataItemsAsTuple(app, sent))),
          ),
        );
      return app.fault('update-drops-metadata') ? [] : held;
    },
    // Fault sas-update-features-skipped-beside-metadata: features sent beside metadata are not applied.
    // Fault say-update-barcode-reader-from-pin-pad: the update's hand-written features mapper.
    featuresSent: (body) => barcodeReaderFromPinPad(app, featuresSkippedBesideMetadata(app, body)),
    features: (held, sent) => {
      // Fault sj-features-or-merged: the sent features OR-ed onto the stored bits.
      // Fault sal-default-features-shared-instance: the sent features applied member by member onto the held object.
      // Variation ok-ba-update-features-merged: the sent features copied onto the held ones.
      if (sent)
        return updatedFeatures(
          app,
          held,
          featuresMerged(app, held, storedFeatures(app, featuresMergedOnUpdate(app, held, sent))),
        );
      return app.fault('update-drops-features') ? { ...NO_FEATURES } : held;
    },
    openingHours: (held, sent) => {
      if (!sent) return held;
      // Fault sc-update-opening-hours-merged: openingHours applied as a JSON merge patch, members left out kept.
      const merged = app.fault('sc-update-opening-hours-merged') ? held : {};
      // Fault san-schedule-weekday-slots: a weeklySchedule kept in seven weekday slots. Fault
      // sam-schedule-rows-need-day: kept as (day, opens, closes) rows, entries without a day skipped. Faults
      // sao-schedule-overnight-entries-dropped, sao-always-exceptions-grid-synthesised: the provider adapter's form of
      // the hours.
      const written = hoursOvernightAndGrid(
        app,
        scheduleWeekdaySlots(app, scheduleRowsNeedDay(app, { ...merged, ...structuredClone(sent) })),
      ) as JsonObject;
      // Fault sas-update-hours-held-over-sent: { ...sent, ...held }. Fault sas-list-schedule-rows-lag-mode: rows later.
      // Variation ok-bc-schedule-entries-by-weekday: the entries kept in weekday order.
      return scheduleInWeekdayOrder(app, updatedHoursHeldOverSent(app, held, sent, written));
    },
    groups: (locker, sent) => {
      // Fault update-appends-groups: the assignments are inserted (on conflict of group uid, nothing) and the
      // ones not sent are not deleted: a new group for a key already held sits beside the old one.
      if (sent && app.fault('update-appends-groups')) {
        const held = new Set(locker.lockerGroups.map((g) => g.uid));
        return [...locker.lockerGroups, ...structuredClone(sent).filter((g) => !held.has(g.uid))];
      }
      // Fault saa-group-keys-normalized-after-check: keys recased as the groups are stored.
      // Fault saq-group-events-reordered-across-partitions: an unassignment applied after the assignment.
      if (sent) return groupEventsAcrossPartitions(app, locker, storedGroups(app, sent));
      return app.fault('update-clears-groups') ? [] : locker.lockerGroups;
    },
    written: (locker, body, nameBefore) => {
      fleetDocumentWritten(app, carrier, locker); // The carrier's fleet document, the locker's event snapshots
      takeGroupsFromOthers(app, carrier, locker, body.lockerGroups); // Fault sa-groups-move-between-lockers
      groupRowsWithMetadata(app, locker, body); // Fault saa-groups-kept-in-metadata-rows: deleted with the metadata
      groupsCarriedForward(app, locker, body); // Fault sv-update-groups-carried-twice: group rows copied to the version
      // Fault update-name-not-stored: the answer shows the lockerName sent, the stored record keeps the one before.
      if (body.carrier?.lockerName !== undefined && app.fault('update-name-not-stored'))
        locker.record.carrier.lockerName = nameBefore;
      // Fault sj-update-replace-drops-membership: the REPLACE INTO's delete cascades to the network membership.
      membershipCascaded(app, locker);
      lockerChanged(app, locker); // Variation ok-al-lockers-last-changed-first
      // Fault sl-status-stale-lock-version: the update bumps the row version the status service has cached.
      rowVersionBumped(app, locker);
      updateSaveHook(app, locker, body); // The save hook: a render memo evicted, groups reloaded, a lockerId map kept
      versionCountedAndMetadataToSiblings(app, locker, body); // Fault sbg-group-metadata-to-siblings; its version
    },
    pushed: () => pushedOnUpdate(app), // Variation ok-j-locker-push-on-update: an accepted update is pushed too.
    answered: (locker, body) => {
      // Faults sr-update-unchanged-304 (no change: 304, no body) and sr-update-answers-before-image.
      const overridden = updateAnswerOverride(app, locker, baseline, (l) => app.lockerView(l));
      if (overridden) return overridden;
      const upserted = upsertAnswer(heldGroups, body, () => app.lockerView(locker)); // Fault st-update-group-upsert-201
      if (upserted) return upserted;
      const view = app.lockerView(locker);
      const sentName = body.carrier?.lockerName;
      if (sentName !== undefined && app.fault('update-name-not-stored')) view.carrier.lockerName = sentName;
      updateAnswerV10Provider(app, body, view); // Fault sap-attribute-update-answer-v10-provider; a variation
      updateAnswerHalfDayClock(app, view); // Fault sax-update-answer-activation-hh-clock: the DTO's hh pattern
      // Fault say-update-answer-create-defaults (the create's assembler), variation ok-ay-update-answer-groups-by-key.
      updateAnswerByCreateAssembler(app, body, view);
      // Fault sba-update-answer-raw-body-spread: { ...record, ...req.body }
      updateAnswerRawBodySpread(app, ctx.body, view);
      updateAnswerLazyFeatures(app, body, view); // Fault sbd-update-answer-lazy-features-default: a lazy embeddable
      return { status: 200, body: app.fault('update-legacy-carriers') ? { ...view, carriers: [view.carrier] } : view };
    },
  };
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
