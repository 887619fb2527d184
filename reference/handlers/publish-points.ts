// The points where faults change a publish (§4.6), in the order parcels.ts's publish() reaches them. With every fault
// off each point does what the specification has the service do, so publish() reads as the correct service; each
// fault is named at its point, its behaviour here or in faults/behaviour/publish-*.ts.
import type { ErrorObject } from 'ajv';
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { badRequest } from '../errors';
import type { JsonObject, ParcelRecord, PublishBody, StoredLocker, StoredParcel } from '../model';
import type { RequestSchema } from '../validation';
import { dimensionsWord } from '../faults/behaviour/parcels';
import { ownerCheckedAfterBooking } from '../faults/behaviour/publish';
import {
  bookingTimestampAliased,
  codPrecheckAnswerV10,
  handWrittenPublishReply,
  nodeClockAndReleaseStatus,
  precheckBooleanAndDateString,
  publishMessageEmpty,
  publishStatusWord,
  timestampFromClientClock,
  timestampWholeSeconds,
} from '../faults/behaviour/publish-answer';
import {
  bookingInFlight,
  byTenantAnswer,
  eitherLockerIdAndProposals,
  guardsAndProviderAdapter,
  precheckDefaultArgAndCoercion,
  publishThroughBreaker,
} from '../faults/behaviour/publish-around';
import {
  accessibleBookingRetried,
  accessibleHardAndDroppedLockerId,
  activeBookingOf,
  batchStoredAndCounted,
  bookedAtLockerVersion,
  bookedIndexHas,
  bookedShipmentUid,
  bookingCached,
  bookingEventIds,
  bookingHistory,
  byTenantConsigneeArgsSwapped,
  byTenantPrecheckConstant,
  byTenantRegisteredId,
  byTenantTopicUnsubscribed,
  byTenantUidFromBody,
  canonicalConsignee,
  codeValidUntil,
  consigneeContactUpsert,
  consigneeNameLabelWidth,
  consigneeRowsByParcelId,
  deliveredMarkClearedByRebook,
  enumNotWidenedAndCounter,
  escapedConsignee,
  idTakenForGood,
  lockStateShared,
  lockStatusUnanchoredRegex,
  lockWrittenToLocker,
  mojibake,
  oldPodsAndSecondCarrierDefaults,
  omittedAllocationType,
  parcelDataKept,
  precheckBatchedWithBooking,
  precheckHoldTimer,
  precheckLeavesProposal,
  precheckParkedAsBooking,
  rebookReactivatesShipment,
  shipmentNumberFromLiveCount,
  softHoldAndLockerIndex,
  storedBooking,
} from '../faults/behaviour/publish-booking';
import {
  allocationPatternAlternation,
  bookDespiteRejection,
  byTenantIndex,
  byTenantLockerIdMap,
  byTenantSecondaryIdCheckInverted,
  codCurrencyAndWeightExcused,
  currencyInListText,
  dimensionsAllNullRefused,
  domainShipmentType,
  lockerIdIndexLookup,
  networkPooledLocker,
  nfcIndexRawLookup,
  ownerDescNullsFirst,
  parcelIdNullAsEmpty,
  parcelOriented,
  providerRegistryFallback,
  softReservationNullDimensionRefused,
  tenantLocker,
  typeaheadLocker,
  weightOverCompartmentRefused,
} from '../faults/behaviour/publish-checks';
import { publishPoint } from '../faults/behaviour/publish-request';

export const [BY_UID, BY_TENANT] = ['PublishByLockerUidRequest', 'PublishByCarrierLockerIdRequest'] as const;

/** Where a publish may be changed, each point named for what the service does there. */
export interface PublishPoints {
  /** The body as the binder reads it, before validation. */
  read(body: unknown): unknown;
  /** A validation error the validator lets through. */
  excused(error: ErrorObject): boolean;
  /** What a request validation refused did anyway. */
  refused(locate: (body: PublishBody) => StoredLocker | undefined): void;
  /** Checks of a valid body that the specification does not make: each throws the refusal it answers. */
  checked(body: PublishBody): void;
  /** The locker the request addresses; `located` is the service's own lookup. */
  locker(body: PublishBody, located: () => StoredLocker | undefined): StoredLocker | undefined;
  /** The parcel measured before it is fitted to a compartment. */
  measured(body: PublishBody): void;
  /** The record a booking of the body makes, from the one the specification describes. */
  mapped(record: ParcelRecord, body: PublishBody): ParcelRecord;
  /** Whether the request only asks (a PRE_CHECK), and what asking did; `record` makes the booking it asks about. */
  onlyAsks(body: PublishBody, record: () => ParcelRecord): boolean;
  /** Whether an active booking of the body's carrierParcelId refuses its BOOKING. */
  alreadyBooked(body: PublishBody): boolean;
  /** What a BOOKING confirms before its record is made. */
  confirmed(body: PublishBody): void;
  /** The shipmentUid a new booking is stored under. */
  shipmentUid(drawn: string): string;
  /** An earlier parcel the BOOKING is written onto instead of a new one (answered as its booking), if any. */
  rewritten(record: ParcelRecord, body: PublishBody): StoredParcel | undefined;
  /** Stores the new booking. */
  stored(parcel: StoredParcel, body: PublishBody): void;
  /** Members of its ParcelUpdates push that differ from the stored record's. */
  pushed(body: PublishBody): Record<string, unknown>;
  /** The answer as sent, from the answer the specification describes; `kind` is the outcome (ACCEPTED or BOOKED). */
  answered(kind: string, reply: Reply): Reply;
}

/** Fault publish-nulls-uid-only: the first member §2.3 lets be null that is null. */
function nullMember(body: PublishBody): string | undefined {
  const members: [string, unknown][] = [
    ['/requiresAccessibleCompartment', body.requiresAccessibleCompartment],
    ['/consignee', body.consignee],
    ['/consignee/name', body.consignee?.name],
    ['/consignee/email', body.consignee?.email],
    ...(['depth', 'height', 'width'] as const).map((d): [string, unknown] => [
      `/dimensions/${d}`,
      body.dimensions?.[d],
    ]),
  ];
  return members.find(([, value]) => value === null)?.[0];
}

/** Fault x45-publish-enums-case-insensitive: the enum members §2.3 lists, read in any letter case. */
const PUBLISH_ENUMS: Record<string, readonly string[]> = {
  eventType: ['PRE_CHECK', 'BOOKING'],
  shipmentType: ['LAST_MILE', 'ALTERNATIVE_DELIVERY'],
  allocationType: ['HARD_RESERVATION', 'SOFT_RESERVATION'],
  lockStatus: ['LOCKED', 'UNLOCKED'],
};

function enumsUpperCased(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...body };
  for (const [member, values] of Object.entries(PUBLISH_ENUMS)) {
    const sent = copy[member];
    if (typeof sent === 'string' && values.includes(sent.toUpperCase())) copy[member] = sent.toUpperCase();
  }
  return copy;
}

/** Fault x45-consignee-shared-object: the one consignee object every booking's record holds, per reference. */
const sharedConsignee = new WeakMap<ReferenceApp, JsonObject>();

function storedConsignee(app: ReferenceApp, sent: JsonObject | null | undefined): JsonObject | null {
  if (!sent || !app.fault('x45-consignee-shared-object')) return sent ?? null;
  const shared = sharedConsignee.get(app) ?? {};
  sharedConsignee.set(app, Object.assign(shared, sent));
  return shared;
}

/** Removes, in place, the items that match. */
function removeWhere<T>(items: T[], match: (item: T) => boolean): void {
  for (let i = items.length - 1; i >= 0; i--) if (match(items[i]!)) items.splice(i, 1);
}

/** The points of one publish request. */
export function publishPoints(app: ReferenceApp, ctx: RequestContext, schema: RequestSchema): PublishPoints {
  const carrier = ctx.carrier.name;
  // Fault x47-precheck-soft-reservation-held: a PRE_CHECK asking for a soft reservation holds a compartment, which the
  // carrier's next PRE_CHECK or BOOKING of the id gives back.
  const holding = app.fault('x47-precheck-soft-reservation-held');
  const holdsOf = (body: PublishBody) => (p: StoredParcel) =>
    p.owner === carrier && p.record.carrierParcelId === body.carrierParcelId && p.record.shipmentStatus === 'RESERVED';
  // Fault saj-by-tenant-owner-checked-after-booking: its points of this request.
  const ownerCheck = ownerCheckedAfterBooking(app, carrier, schema === BY_TENANT);
  return {
    // Fault sah-parcel-id-null-as-empty: the binder reads a null carrierParcelId as "".
    read: (body) =>
      parcelIdNullAsEmpty(app, app.fault('x45-publish-enums-case-insensitive') ? enumsUpperCased(body) : body),
    // Fault sm-shipment-type-domain-enum: the domain's enum, the trigger's too; saf-currency-list-substring-match.
    // Fault sah-allocation-pattern-alternation: allocationType checked with an unbracketed alternation.
    // Faults saj-cod-currency-checked-with-amount-only, saj-weight-quantity-object: the validation.
    excused: (e) =>
      domainShipmentType(app, e) ||
      currencyInListText(app, e, ctx.body) ||
      allocationPatternAlternation(app, e, ctx.body) ||
      codCurrencyAndWeightExcused(app, e, ctx.body),
    refused: (locate) => {
      if (app.fault('rejected-publish-books')) bookDespiteRejection(app, ctx, locate);
    },
    checked: (body) => {
      if (app.fault('publish-rejects-null-consignee') && body.consignee === null)
        throw badRequest('VALIDATION_FAILED', '/consignee must be an object');
      if (app.fault('publish-requires-lock-status') && body.lockStatus === undefined)
        throw badRequest('VALIDATION_FAILED', '/lockStatus is required');
      const nullAt = schema === BY_TENANT && app.fault('publish-nulls-uid-only') ? nullMember(body) : undefined;
      if (nullAt) throw badRequest('VALIDATION_FAILED', `${nullAt} must not be null`);
      if (app.fault('cod-amount-int32') && typeof body.codAmount === 'number' && body.codAmount > 2 ** 31 - 1)
        throw badRequest('VALIDATION_FAILED', '/codAmount must be at most 2147483647');
      dimensionsAllNullRefused(app, body); // Fault saj-dimensions-all-null-refused
      // Fault sbc-by-tenant-secondary-id-check-inverted: the by-tenant copy of the guard compares with !==.
      byTenantSecondaryIdCheckInverted(app, schema === BY_TENANT, body);
      weightOverCompartmentRefused(app, body); // Fault sbe-weight-read-as-kilograms, variation ok-be-weight-limit-grams
      softReservationNullDimensionRefused(app, body); // Fault sbg-soft-reservation-null-dimension
    },
    // Faults sab-by-tenant-former-id-alias, sab-tenant-id-nfkc-match: the by-tenant lookup, before this path's.
    // Fault sad-by-tenant-binary-search-collation, variation ok-ad-by-tenant-own-lockers-only: the by-tenant
    // index.
    // Fault saj-by-tenant-owner-checked-after-booking: the platform-wide index where the caller's lockers have none.
    // Fault sbg-by-tenant-network-pooled: a by-tenant BOOKING into a network member allocated by the network's pool.
    locker: (body, located) =>
      networkPooledLocker(
        app,
        carrier,
        schema === BY_TENANT,
        body,
        ownerCheck.locker(body, () =>
          tenantLocker(app, carrier, schema, body, () => byTenantIndex(app, carrier, schema, body, located)),
        ),
      ),
    // Fault sab-zero-dimension-500: the chooser's int division by a side.
    measured: (body) => parcelOriented(app, body.dimensions),
    mapped: (record, body) => {
      // Fault sb-secondary-id-as-parcel-id: the mapper prefers the label's second id where one is sent.
      if (app.fault('sb-secondary-id-as-parcel-id') && body.secondaryShipmentId)
        record.carrierParcelId = body.secondaryShipmentId;
      if (app.fault('by-tenant-wrong-shipment-type') && body.carrierLockerId !== undefined)
        record.shipmentType = 'LAST_MILE';
      // Variation ok-af-dimensions-status-three-levels: DECLARED, PARTIAL or MISSING.
      record.dimensionsStatus = dimensionsWord(app, body.dimensions) ?? record.dimensionsStatus;
      if (app.fault('booking-ignores-allocation')) record.allocationType = 'HARD_RESERVATION';
      // Fault sh-allocation-type-null-when-omitted: no default for an allocationType left out.
      else if (body.allocationType === undefined) record.allocationType = omittedAllocationType(app);
      const code = record.accessCodes?.consigneeCollectionCode;
      // Variation ok-ab-access-code-end-of-day.
      if (code) code.validUntil = codeValidUntil(app, Date.parse(code.validUntil));
      record.consignee = app.fault('consignee-mojibake')
        ? mojibake(body.consignee ?? null)
        : // Fault sb-consignee-without-name-dropped: "has a consignee" is tested as `consignee?.name`.
          app.fault('sb-consignee-without-name-dropped') && !body.consignee?.['name']
          ? null
          : storedConsignee(app, escapedConsignee(app, canonicalConsignee(app, body.consignee)));
      // Variation ok-ab-booking-history-two-entries.
      record.events = bookingHistory(app, record.events[0]!.timestamp);
      // Faults sah-accessible-forces-hard-reservation, sah-by-tenant-delegation-drops-locker-id: the mapper.
      accessibleHardAndDroppedLockerId(app, record, body);
      consigneeNameLabelWidth(app, record); // Fault saj-consignee-name-label-width
      byTenantRegisteredId(app, record, body); // Fault sal-by-tenant-record-registered-id
      // Fault saw-by-tenant-record-lockeruid-from-body: dto.lockerUid ?? the locker's
      byTenantUidFromBody(app, record, body);
      lockStatusUnanchoredRegex(app, record, body); // Fault sba-lock-status-unanchored-regex
      // An old pod's, a carrier's default
      oldPodsAndSecondCarrierDefaults(app, carrier, schema === BY_TENANT, record, body);
      // Fault sbc-by-tenant-consignee-args-swapped: consignee(dto.email, dto.name) on the by-tenant path.
      byTenantConsigneeArgsSwapped(app, schema === BY_TENANT, record, body);
      return record;
    },
    onlyAsks: (body, record) => {
      // Fault say-by-tenant-precheck-1-0-constant: the by-tenant controller's check branch tests the 1.0 constant.
      if (body.eventType !== 'PRE_CHECK' || byTenantPrecheckConstant(app, schema === BY_TENANT)) return false;
      precheckParkedAsBooking(app, carrier, body, record); // Fault sbg-precheck-disabled-locker-parked: the backlog
      // Fault sb-precheck-saves-parcel-data: the parcel data is upserted onto the carrier's booking of that
      // carrierParcelId before the eventType is looked at, so a PRE_CHECK rewrites the booked record (no push).
      if (app.fault('sb-precheck-saves-parcel-data')) {
        const booked = app.state.latestParcel(
          carrier,
          (p) => p.record.carrierParcelId === body.carrierParcelId && p.record.shipmentStatus === 'BOOKED',
        );
        if (booked) {
          const { shipmentType, allocationType, dimensionsStatus, consignee } = record();
          Object.assign(booked.record, { shipmentType, allocationType, dimensionsStatus, consignee });
        }
      }
      if (app.fault('precheck-books')) return false;
      if (holding) removeWhere(app.state.parcels, holdsOf(body));
      if (holding && body.allocationType === 'SOFT_RESERVATION')
        app.state.parcels.push({ owner: carrier, record: { ...record(), shipmentStatus: 'RESERVED' } });
      // Fault x45-precheck-pushes-parcel-update: the check runs the booking as a dry run that is rolled back, but the
      // event it published is not: a ParcelUpdates for a parcel that was never stored.
      if (app.fault('x45-precheck-pushes-parcel-update'))
        app.emitParcelUpdate({ owner: carrier, record: record() }, 'booking');
      precheckLeavesProposal(app, carrier, body); // Fault sal-cancel-releases-precheck-allocation: a proposal left
      // Fault san-precheck-batch-written-as-booking: the draft written with a BOOKING's batch.
      precheckHoldTimer(app, carrier, body); // Fault sat-precheck-hold-timer-not-cleared: the hold's release timer
      precheckBatchedWithBooking(app, () => {
        const parcel = { owner: carrier, record: record() };
        app.state.parcels.push(parcel);
        app.emitParcelUpdate(parcel, 'booking');
      });
      return true;
    },
    alreadyBooked: (body) => {
      // Fault parcel-ids-across-carriers: an active booking of any carrier with the carrierParcelId counts; fault
      // sf-rebook-after-cancel-refused: any parcel of the carrier with it, whatever its status.
      // Fault sk-parcel-id-unique-prefix-index: the rule's unique index holds the id's first 12 characters.
      const isActive = (p: StoredParcel) => activeBookingOf(app, p, body.carrierParcelId, idTakenForGood(app));
      const active = app.fault('parcel-ids-across-carriers')
        ? app.state.parcels.find(isActive)
        : app.state.latestParcel(carrier, isActive);
      // Fault saf-booked-index-prototype-keys: the guard's plain-object index finds Object.prototype's members too.
      return active !== undefined || bookedIndexHas(app, carrier, body.carrierParcelId);
    },
    // Fault sk-shipment-uid-sequence-per-carrier: a sequence per carrier; variation ok-k-shipment-uid-uuid: a UUID.
    // Fault sav-shipment-number-from-live-count: the live table's row count plus one.
    shipmentUid: (drawn) => shipmentNumberFromLiveCount(app, bookedShipmentUid(app, carrier, drawn)),
    // The booking confirms the hold its PRE_CHECK made (fault x47-precheck-soft-reservation-held).
    confirmed: (body) => {
      if (holding) removeWhere(app.state.parcels, holdsOf(body));
    },
    rewritten: (record, body) => {
      // Fault x47-rebook-keeps-cancelled-locker: an upsert on (carrier, carrierParcelId) whose SET list leaves out the
      // locker columns reactivates the cancelled parcel of that id in its old locker.
      // Variation ok-ar-rebook-reactivates-shipment: the cancelled shipment of the id reactivated as sent.
      if (!app.fault('x47-rebook-keeps-cancelled-locker')) return rebookReactivatesShipment(app, carrier, record, body);
      const cancelled = app.state.latestParcel(
        carrier,
        (p) => p.record.carrierParcelId === body.carrierParcelId && p.record.shipmentStatus === 'CANCELLED',
      );
      if (!cancelled) return undefined;
      const { shipmentUid, lockerUid, carrierLockerId, events } = cancelled.record;
      cancelled.record = { ...record, shipmentUid, lockerUid, carrierLockerId, events: [...events, ...record.events] };
      return cancelled;
    },
    stored: (parcel, body) => {
      // Faults sad-shipment-uid-derived-from-parcel-id, sad-list-dimensions-status-case-no-else.
      storedBooking(app, parcel, body);
      // Faults sg-lock-state-per-locker, sh-lock-state-per-locker: a lock flag kept per (carrier, locker), per locker;
      // sk-cancel-stale-version-after-trigger: the stored booking's entity and its version are cached.
      lockStateShared(app, parcel);
      lockWrittenToLocker(app, parcel);
      bookingCached(app, parcel);
      parcelDataKept(app, parcel, body); // Variation ok-ah-parcel-record-echoes-parcel-data
      // Fault saj-consignee-contact-upsert-by-email, variation ok-aj-cancel-by-secondary-shipment-id.
      consigneeContactUpsert(app, parcel, body);
      // Fault sal-delivered-mark-cleared-by-rebook: the id leaves the delivered set
      deliveredMarkClearedByRebook(app, parcel);
      // Faults san-precheck-batch-written-as-booking (the batch's drafts), san-cancel-release-occupancy-counter.
      batchStoredAndCounted(app, parcel);
      // Fault sam-consignee-rows-by-parcel-id: the consignee upserted by carrierParcelId
      consigneeRowsByParcelId(app, parcel);
      // Fault sar-accessible-booking-retried-twice: a committed first attempt kept
      accessibleBookingRetried(app, parcel, body);
      // A soft hold's lapse past the timer limit; the locker's booking index
      softHoldAndLockerIndex(app, parcel);
      enumNotWidenedAndCounter(app, parcel); // An ENUM not widened; the locker row's counter taken
      // Fault say-by-tenant-booking-topic-unsubscribed: its topic
      byTenantTopicUnsubscribed(app, parcel, schema === BY_TENANT);
      bookedAtLockerVersion(app, parcel); // Fault sbg-parcels-of-updated-locker-unlisted: its locker's version
    },
    pushed: (body) => ({
      // Fault sg-booking-push-uid-generated-twice: the event's mapper draws a shipmentUid of its own.
      ...bookingEventIds(app),
      // Fault sb-by-tenant-push-locker-uid: the event mapped from the request, its carrierLockerId in lockerUid.
      ...(app.fault('sb-by-tenant-push-locker-uid') && body.carrierLockerId !== undefined
        ? { lockerUid: body.carrierLockerId }
        : {}),
    }),
    answered: (kind, reply) => {
      const body = reply.body as { status: string; timestamp?: string };
      if (app.fault('publish-no-timestamp')) delete body.timestamp;
      // Variation ok-h-publish-status-words: other words for the outcome (§2.3 states no value of status).
      body.status = publishStatusWord(app, body.status);
      // Fault publish-timestamp-hour-off: local time (an hour east of UTC) written as UTC.
      if (app.fault('publish-timestamp-hour-off') && body.timestamp)
        body.timestamp = new Date(Date.parse(body.timestamp) + 3_600_000).toISOString();
      // Fault publish-timestamp-no-zone: a LocalDateTime taken in UTC, serialized without its offset.
      if (app.fault('publish-timestamp-no-zone') && body.timestamp) body.timestamp = body.timestamp.replace(/Z$/, '');
      bookingTimestampAliased(app, kind, reply); // Fault sat-booking-timestamp-date-aliased: the Date validUntil moved
      nodeClockAndReleaseStatus(app, reply); // sbb-publish-node-clock-behind; ok-bb-publish-status-per-release
      publishMessageEmpty(app, reply); // Variation ok-bc-publish-message-empty
      // Faults sah-precheck-status-boolean, sah-by-tenant-timestamp-date-string; ok-ah-publish-timestamp-microseconds.
      // Fault saj-by-tenant-owner-checked-after-booking: the controller's owner check, after the booking.
      // Variation ok-am-publish-timestamp-whole-seconds: processed_at kept to the second.
      // Fault sap-cod-precheck-answer-v10: a PRE_CHECK with codAmount answered by the 1.0 COD check; a variation.
      // Fault saw-publish-timestamp-client-clock: the timestamp the body carries, as the time of processing.
      return codPrecheckAnswerV10(
        app,
        ctx.body,
        schema === BY_TENANT,
        kind,
        ownerCheck.answered(
          precheckBooleanAndDateString(
            app,
            schema === BY_TENANT,
            kind,
            handWrittenPublishReply(
              app,
              kind,
              timestampWholeSeconds(app, timestampFromClientClock(app, ctx.body, reply)),
            ),
          ),
        ),
      );
    },
  };
}

/**
 * What a publish goes through around publish(), outermost first: a booking lost in flight (fault
 * booking-lost-in-flight), the provider adapter's guards (guardsAndProviderAdapter), the request as bound, checked
 * and replayed (publishPoint), a check's proposal a booking confirms (eitherLockerIdAndProposals), the check module's
 * answer (precheckDefaultArgAndCoercion) inside them, and the by-tenant answer form (fault
 * sm-by-tenant-generic-api-response).
 */
export function aroundPublish(
  app: ReferenceApp,
  ctx: RequestContext,
  schema: typeof BY_UID | typeof BY_TENANT,
  publishNow: () => Reply,
): Reply | Promise<Reply> {
  const inner = () =>
    eitherLockerIdAndProposals(app, ctx, schema, () =>
      // Fault sbf-publish-breaker-per-carrier-counts-refusals: a breaker keyed by the caller around the publish.
      precheckDefaultArgAndCoercion(app, ctx, () => publishThroughBreaker(app, ctx.carrier.name, publishNow)),
    );
  const now = schema === BY_TENANT ? () => byTenantAnswer(app, inner()) : inner;
  return bookingInFlight(app, ctx, () => guardsAndProviderAdapter(app, ctx, schema, () => publishPoint(app, ctx, now)));
}

/**
 * The by-tenant path's lookup of a carrierLockerId: the carrier's own or a third party's locker holding it.
 * Faults by-tenant-first-locker, by-tenant-stale-after-rename, tenant-id-ignores-case, by-tenant-other-carrier
 * (among every carrier's lockers), so-by-tenant-like-prefix (a LIKE prefix).
 */
export function byTenantLocker(app: ReferenceApp, carrier: string, carrierLockerId: string): StoredLocker | undefined {
  const moved = lockerIdIndexLookup(app, carrier, carrierLockerId); // Fault sbh-by-tenant-index-moved-by-refused-update
  if (moved) return moved;
  const mapped = byTenantLockerIdMap(app, carrier, carrierLockerId); // Fault sbd-by-tenant-map-same-id-dropped
  if (mapped) return mapped.locker;
  const indexed = nfcIndexRawLookup(app, carrier, carrierLockerId); // Fault sax-by-tenant-index-nfc-raw-lookup
  if (indexed) return indexed.locker;
  // Fault saz-by-tenant-owner-desc-nulls-first: ORDER BY owned_by DESC puts a third party's locker first.
  const nullsFirst = ownerDescNullsFirst(app, carrier, carrierLockerId);
  if (nullsFirst) return nullsFirst;
  if (app.fault('by-tenant-first-locker'))
    return app.state.visibleLockers(carrier).find((l) => l.record.ownedByCarrier === carrier);
  return (
    app.state.lockerByCarrierLockerId(
      carrier,
      carrierLockerId,
      app.fault('by-tenant-stale-after-rename'),
      app.fault('tenant-id-ignores-case'),
    ) ??
    (app.fault('by-tenant-other-carrier')
      ? [...app.state.lockers.values()].find((l) => l.record.carrier.lockerId === carrierLockerId)
      : // Fault saw-by-tenant-provider-registry-fallback: the provider registry's ids, owner aside.
        (providerRegistryFallback(app, carrierLockerId) ?? typeaheadLocker(app, carrier, carrierLockerId)))
  );
}
