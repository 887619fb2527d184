// §4.11 (staging only): simulate one first-mile parcel event.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { badRequest, notFound } from '../errors';
import type { ShipmentStatus, StoredLocker, StoredParcel, TriggerBody } from '../model';
import { SIGNATURE_PNG } from '../seed';
import { dimensionsWord, newParcelUid, revokeAccessCode } from '../faults/behaviour/parcels';
import {
  boundTrigger,
  byTransitionTable,
  camelCaseMembersBound,
  cancelEventForwarded,
  carriedOutAsFirstCaller,
  carrierNameCharClass,
  dropOffLoggedBeforeChecks,
  forwardedUnknown,
  inMockLocker,
  knownToMock,
  labellessOutsideConfirmedRefused,
  lenientFlagString,
  lockerFallbackLastEvent,
  madeByMock,
  mockCarrierNameNewline,
  mockLockerColumn,
  mockParcel,
  mockShipmentUidPrefix,
  parcelIdChecked,
  parcelIdEchoHeader,
  providerNameAsPattern,
  providerTableOffByOne,
  queuedEvent,
  refuseSecondCarrierKey,
  refuseUnconfirmedLabelless,
  returnReannounceInserts,
  tenantFromCarrierName,
  triggerParcelId,
  triggerTarget,
  unannouncedDropOff,
  updatedLockerUnknownToMock,
} from '../faults/behaviour/trigger';
import {
  createdAnswer,
  deliveredOnPrimary,
  deliveryGuardReturnedBeforePush,
  eventMappedOnto,
  eventRecorded,
  eventRewritesParcel,
  eventRowsOf,
  eventsFromMockCopy,
  historyJsonbSetLast,
  historyKeptAsSet,
  madeByTrigger,
  mockAccessCode,
  mockClockAhead,
  mockClockLocalOffset,
  mockReportedOccupancy,
  occupancyDownOnDelivery,
  pickupCounterDrift,
  publishedByMock,
  pushedAfterCommit,
  reannounceReplacesHistory,
  recordedIfUnlocked,
  repeatedDropOffRefused,
  signatureAndPickupFlag,
  signatureImage,
  statusAuditEntry,
  triggerAnswer,
  triggerAnswerEmptyObject,
  triggerAnswerEventCount,
  triggerAnswerEventType,
  triggerAnswerNamesParcel,
  triggerMessageOfNotes,
  viaMockEventBus,
  writtenByMock,
} from '../faults/behaviour/trigger-events';
import { awaitsCourier, collectionOnDropoff } from '../collections';
import { pushedOnStateColumn } from '../faults/behaviour/pushes-parcels-sent';
import { historyKindKnown, mockContractChecked, returnEntryMarked } from '../faults/behaviour/value-combinations';

const STATUS_AFTER: Record<TriggerBody['event_type'], ShipmentStatus> = {
  BOOKING_CREATED: 'BOOKED',
  CONSIGNEE_DELIVERED: 'DELIVERED',
  COURIER_COLLECTED: 'COLLECTED',
};

export function triggerFirstMileEvent(app: ReferenceApp, ctx: RequestContext): Reply {
  refuseSecondCarrierKey(app, ctx);
  // Faults sx-trigger-scalars-coerced, sx-trigger-event-type-enum-keys, sx-trigger-provider-name-from-locker: the
  // mock's binder, before the schema's check.
  // Fault sbe-trigger-camel-case-members: a camelCase member bound as its snake_case one.
  const body = app.validate('TriggerRequest', camelCaseMembersBound(app, boundTrigger(app, ctx))) as TriggerBody;
  ctx = tenantFromCarrierName(app, ctx, body); // Fault saw-trigger-tenant-from-carrier-name: carrier_name's tenant
  parcelIdChecked(app, body); // Fault su-trigger-parcel-id-sticky-regex: a g-flagged pattern keeps its lastIndex.
  carrierNameCharClass(app, body.carrier_name); // Fault sba-trigger-carrier-name-char-class: [1-10]
  // Fault sq-trigger-labelless-presence-checked: any labelless sent, false too, is checked against the mock's table.
  refuseUnconfirmedLabelless(app, body);
  labellessOutsideConfirmedRefused(app, body); // Variation ok-be-labelless-unconfirmed-refused
  // Fault san-trigger-provider-table-off-by-one: the mock's provider adapters, PROVIDER_NAME_0 to PROVIDER_NAME_6.
  providerTableOffByOne(app, body.provider_name);
  // Fault trigger-refuses-return: the mock was built for first-mile parcels only; RETURN, a listed value, is refused.
  if (app.fault('trigger-refuses-return') && body.shipment_type === 'RETURN') {
    throw badRequest('UNSUPPORTED_SHIPMENT_TYPE', 'shipment_type RETURN is not supported');
  }
  // Fault sbb-mock-second-carrier-name-newline: the name as the mock's table holds it.
  if (body.carrier_name !== mockCarrierNameNewline(app, ctx.carrier)) {
    throw badRequest('CARRIER_MISMATCH', `carrier_name "${body.carrier_name}" is not the carrier of this API key`);
  }
  mockContractChecked(app, body.carrier_name, body.provider_name); // Fault sbl-mock-contract-table-hole
  carriedOutAsFirstCaller(app, ctx); // Fault ss-mock-client-first-caller: the mock's client keeps its first key.
  const found =
    app.state.lockerByProviderLockerId(ctx.carrier.name, body.provider_locker_id) ??
    (app.fault('trigger-accepts-platform-uid')
      ? app.state.visibleLocker(ctx.carrier.name, body.provider_locker_id)
      : undefined);
  // Fault sax-trigger-locker-fallback-last-event: the registry's miss falls back to the previous trigger's locker.
  // Fault sbg-trigger-after-update-locker-unknown: the mock's registry row of a locker updated since its create.
  const locker = lockerFallbackLastEvent(app, updatedLockerUnknownToMock(app, found));
  if (!locker) {
    throw badRequest('UNKNOWN_PROVIDER_LOCKER', `no locker has the provider-side id "${body.provider_locker_id}"`);
  }
  dropOffLoggedBeforeChecks(app, ctx.carrier.name, body, locker); // Fault sbh-refused-dropoff-marks-delivered
  // Fault saw-trigger-provider-name-regex: provider_name tested as an unanchored pattern.
  // Fault sbb-mock-lenient-flag-false-string: a name outside the fixed list passed through.
  if (
    !providerNameAsPattern(app, locker.record.provider.name, body.provider_name) &&
    !lenientFlagString(app, body.provider_name)
  ) {
    throw badRequest('PROVIDER_MISMATCH', `locker "${body.provider_locker_id}" is not run by ${body.provider_name}`);
  }
  // Fault sm-trigger-api-booking-forwarded: the mock looks parcel_id up among the parcels it made.
  // Fault ss-mock-parcel-provider-locker-column: the mock reads its own parcels' locker column as the provider-side id.
  const inLocker = (p: StoredParcel) => inMockLocker(app, p, locker) && knownToMock(app, madeByMock(p));
  // Fault so-trigger-parcel-keyed-by-provider-locker: the mock finds (locker, parcel_id) among every carrier's parcels.
  const named = () =>
    mockParcel(app, ctx.carrier.name, (p) => p.record.carrierParcelId === body.parcel_id && inLocker(p));
  const forwarded = forwardedUnknown(app, body, named());
  if (forwarded) return forwarded;
  // Variation ok-k-trigger-applied-async: the mock checks the event now and applies it from its queue.
  // Variation ok-u-trigger-dropoff-creates-parcel: a drop-off of a parcel nobody announced makes it.
  // Fault saj-trigger-parcel-id-echo-header: the answer traced with parcel_id in a header, after the event.
  // Fault say-trigger-event-type-history-enum: an event CANCELLED forwarded to the platform's cancel.
  return parcelIdEchoHeader(
    app,
    body.parcel_id,
    cancelEventForwarded(app, body, named) ??
      unannouncedDropOff(app, ctx, body, locker, named()) ??
      queuedEvent(
        app,
        body,
        () => refuseEvent(body, named()),
        // Variations ok-x-trigger-reannounces-cancelled-id, ok-x-trigger-collect-needs-dropoff (the parcel an event
        // acts on); fault sz-trigger-transition-table-silent: the mock's table of transitions.
        () =>
          // Fault sar-return-reannounce-inserts: a RETURN announced again opens a new shipment.
          byTransitionTable(app, body, triggerTarget(app, body, returnReannounceInserts(app, body, named())), (p) =>
            applyEvent(app, ctx, body, locker, p),
          ),
      ),
  );
}

/** Refuses an event the parcel it names (none: a BOOKING_CREATED makes one) cannot take. */
function refuseEvent(body: TriggerBody, parcel: StoredParcel | undefined): void {
  if (!parcel && body.event_type !== 'BOOKING_CREATED')
    throw notFound('PARCEL_NOT_FOUND', `no parcel "${body.parcel_id}" in locker "${body.provider_locker_id}"`);
  if (parcel?.record.shipmentStatus === 'CANCELLED')
    throw badRequest('PARCEL_CANCELLED', `parcel "${body.parcel_id}" was cancelled`);
}

function applyEvent(
  app: ReferenceApp,
  ctx: RequestContext,
  body: TriggerBody,
  locker: StoredLocker,
  found: StoredParcel | undefined,
): Reply {
  refuseEvent(body, found);
  repeatedDropOffRefused(app, body, found); // Variation ok-bh-trigger-repeat-delivery-refused
  // Fault sao-trigger-events-future-hidden, variation ok-ao-history-ordered-by-mock-clock: the mock's clock.
  // Fault sat-list-status-by-event-text-order, variation ok-at-mock-times-local-offset: the mock's zone, +01:00.
  const timestamp = mockClockLocalOffset(app, mockClockAhead(app, app.now()));
  const stalePush: Record<string, unknown> = {};
  let parcel = found;
  const statusBefore = parcel?.record.shipmentStatus;
  if (!parcel) {
    parcel = madeByTrigger(
      // Fault ss-mock-parcel-provider-locker-column: the mock writes the provider-side id into the locker column.
      firstMileParcel(
        app,
        ctx.carrier.name,
        body,
        mockLockerColumn(app, locker),
        locker.record.carrier.lockerId,
        timestamp,
      ),
    );
    app.state.parcels.push(parcel);
    // Fault sk-trigger-history-as-set: the mock holds the new parcel's history in a Set.
    historyKeptAsSet(app, parcel);
  } else {
    // Fault sk-cancel-stale-version-after-trigger: the mock's write moves the row's version on.
    writtenByMock(app, parcel);
    // Fault sb-trigger-push-stale-events: the push is built from the copy cached at the parcel's last write, its
    // status set anew but its events as they were before this event.
    if (app.fault('sb-trigger-push-stale-events')) stalePush.events = structuredClone(parcel.record.events);
    // Fault sb-trigger-collected-empties-locker: COURIER_COLLECTED is taken as "the courier emptied the locker":
    // every other delivered first-mile or return parcel of the carrier in that locker is marked collected too.
    if (body.event_type === 'COURIER_COLLECTED' && app.fault('sb-trigger-collected-empties-locker'))
      for (const other of app.state.parcelsOf(ctx.carrier.name))
        if (other !== parcel && other.record.lockerUid === locker.record.uid && awaitsCourier(other.record)) {
          other.record.shipmentStatus = 'COLLECTED';
          other.record.events.push({ type: 'COURIER_COLLECTED', timestamp });
        }
    parcel.record.shipmentStatus = STATUS_AFTER[body.event_type];
    // Fault sm-mock-access-code-bare-pin: the mock writes the collection code as its bare PIN.
    mockAccessCode(app, parcel);
    // Fault si-trigger-event-mass-assigned: the event's members are copied onto the parcel, shipment_type too.
    eventMappedOnto(app, parcel, body.shipment_type);
    // Fault x47-events-keyed-by-type: the history is upserted per (parcel, event type); a type already there is
    // given the new timestamp instead of a new entry.
    const sameType = app.fault('x47-events-keyed-by-type')
      ? parcel.record.events.find((e) => e.type === body.event_type)
      : undefined;
    if (sameType) sameType.timestamp = timestamp;
    // Fault sk-trigger-event-on-last-inserted-parcel: the entry goes to the parcel currval names.
    // Fault sah-trigger-event-same-second-dropped: the history's key holds whole seconds (ON CONFLICT DO NOTHING).
    // Fault sam-mock-history-jsonb-set-last: jsonb_set(events, '{-1}', ...) replaces the last entry.
    // Fault sbg-locked-parcel-trigger-history: the consignee timeline's writer skips a LOCKED parcel.
    // Fault sbl-return-collected-history-unrecorded: the writer's (shipmentType, event) table lacks a cell.
    else if (
      !app.fault('trigger-no-event') &&
      eventRecorded(app, parcel, timestamp) &&
      recordedIfUnlocked(app, parcel) &&
      historyKindKnown(app, parcel, body.event_type)
    )
      historyJsonbSetLast(app, eventRowsOf(app, parcel), { type: body.event_type, timestamp });
    // Fault si-cancel-guard-reads-replica: the delivery is on the primary; the replica shows it 2 s later.
    if (body.event_type === 'CONSIGNEE_DELIVERED') deliveredOnPrimary(app, parcel, statusBefore);
    if (body.event_type === 'CONSIGNEE_DELIVERED') parcel.delivered = true;
    // Fault san-cancel-release-occupancy-counter: a delivery lowers the locker's occupancy counter.
    if (body.event_type === 'CONSIGNEE_DELIVERED') occupancyDownOnDelivery(app, parcel);
    if (body.event_type === 'CONSIGNEE_DELIVERED') revokeAccessCode(app, parcel);
    // A choice: a service may show no signature (§2.4 requires none).
    if (body.event_type === 'CONSIGNEE_DELIVERED' && !app.choices.requiredMembersOnly)
      parcel.record.signature = signatureImage(app, SIGNATURE_PNG); // Variation ok-ab-signature-svg: an SVG.
  }
  returnEntryMarked(app, parcel, body.event_type, timestamp); // Variation ok-sbl-return-entries-direction
  // Variation ok-az-trigger-status-audit-entry: the audit trigger's entry after a status change.
  statusAuditEntry(app, parcel, statusBefore, timestamp);
  // Fault sal-reannounce-replaces-history: a BOOKING_CREATED saves a parcel the mock had with a fresh history.
  reannounceReplacesHistory(app, parcel, body.event_type, statusBefore !== undefined);
  // Fault si-trigger-history-from-mock-copy: the mock writes its own copy of the history over the parcel's.
  eventsFromMockCopy(app, parcel, statusBefore === undefined);
  // Faults sq-courier-signature-overwrites, sq-collection-flag-cleared-by-any-pickup: the event points.
  signatureAndPickupFlag(app, ctx.carrier.name, parcel, body.event_type);
  pickupCounterDrift(app, ctx.carrier.name, parcel, body.event_type); // Fault sav-collection-waiting-counter-drift
  // Label-less parcels, a re-announce's defaults, the history's timestamps, a soft reservation released.
  eventRewritesParcel(app, body, parcel, statusBefore !== undefined, timestamp);
  if (body.event_type === 'CONSIGNEE_DELIVERED') collectionOnDropoff(app, ctx.carrier, parcel);
  // Variation ok-d-unchanged-status-not-pushed: an event that leaves the status as it was is not pushed.
  // Fault sh-trigger-push-epoch-timestamp: the push goes out through the mock's event bus and its mapper.
  const changed = parcel;
  // Fault sq-mock-push-schema-v10: the push is published by the mock's publisher, pinned to the 1.0 schema.
  publishedByMock(app, stalePush);
  // Fault sad-collected-push-outside-transaction: an after-commit listener drops the event of a handler without one.
  const unchanged = app.fault('ok-d-unchanged-status-not-pushed') && statusBefore === changed.record.shipmentStatus;
  // Fault sbc-delivery-guard-returns-before-push: the code-revoking step returns where the parcel has no codes.
  if (!unchanged && pushedAfterCommit(app, body.event_type) && !deliveryGuardReturnedBeforePush(app, body, changed))
    // Fault sbj-consignee-pickup-as-timestamp-column: the outbox fires on the state column.
    viaMockEventBus(app, () =>
      pushedOnStateColumn(app, body.event_type, changed, () => app.emitParcelUpdate(changed, 'trigger', stalePush)),
    );
  mockReportedOccupancy(app, locker); // Fault sac-mock-writes-back-pushed-locker: the mock's stale copy put back
  // Fault sbi-trigger-messages-accumulated: the message taken from the parcel's notes, a list once there are two.
  const message = triggerMessageOfNotes(
    app,
    changed,
    app.fault('trigger-numeric-message') ? 1 : `${body.event_type} applied to parcel ${body.parcel_id}`,
  );
  // Variation ok-h-trigger-answer-message-only: event_type left out (§4.11: both may be present).
  // Variation ok-ad-trigger-answer-names-parcel: the answer also names the parcel the event acted on.
  const answer = {
    status: 200,
    // Variation ok-an-trigger-answer-event-count: the number of entries in the parcel's history too.
    body: triggerAnswerEventCount(
      app,
      triggerAnswerNamesParcel(app, triggerAnswer(app, message, body.event_type), changed),
      changed,
    ),
  };
  answer.body = triggerAnswerEmptyObject(app, answer.body); // Variation ok-bc-trigger-answer-empty-object: {}
  // Fault sbe-trigger-created-event-type-null, variation ok-be-trigger-answer-camel-case.
  answer.body = triggerAnswerEventType(app, answer.body, statusBefore === undefined);
  // Variation ok-q-trigger-created-201: a BOOKING_CREATED that made a parcel is answered 201.
  return createdAnswer(app, statusBefore === undefined ? changed : undefined, answer);
}

function firstMileParcel(
  app: ReferenceApp,
  owner: string,
  body: TriggerBody,
  lockerUid: string,
  carrierLockerId: string,
  timestamp: string,
): StoredParcel {
  return {
    owner,
    record: {
      // Variation ok-k-shipment-uid-uuid: a random UUID. Variation ok-ay-mock-shipment-uid-prefix: FM-.
      shipmentUid: newParcelUid(app, mockShipmentUidPrefix(app, app.state.newShipmentUid())),
      lockerUid,
      carrierParcelId: triggerParcelId(app, body.parcel_id, body.labelless),
      // Variation ok-f-trigger-parcel-no-locker-id: the mock knows the locker by its provider-side id only.
      carrierLockerId: app.fault('ok-f-trigger-parcel-no-locker-id') ? null : carrierLockerId,
      shipmentType: body.shipment_type,
      shipmentStatus: 'BOOKED',
      // Variation ok-af-dimensions-status-three-levels: MISSING, none being known.
      dimensionsStatus: dimensionsWord(app, undefined) ?? 'INCOMPLETE',
      allocationType: 'HARD_RESERVATION',
      accessCodes: null,
      consignee: null,
      events: [{ type: 'BOOKING_CREATED', timestamp }],
      lockStatus: 'UNLOCKED',
    },
  };
}
