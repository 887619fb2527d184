// §4.6: publish by lockerUid or carrierLockerId (the parcel list is parcel-list.ts, the cancel cancel.ts). publish() is
// the service the specification describes; `at` names each point where a fault may change it (publish-points.ts).
import { randomInt } from 'node:crypto';
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { badRequest } from '../errors';
import type { JsonObject, ParcelRecord, PublishBody, StoredLocker } from '../model';
import type { RequestSchema } from '../validation';
import { awaitsCourier } from '../collections';
import { aroundPublish, byTenantLocker, BY_TENANT, BY_UID, publishPoints, type PublishPoints } from './publish-points';
import {
  errorCodeTableRefusal,
  lockerLastEventTime,
  precheckAnswerCached,
  publishMessageInLockerLanguage,
} from '../faults/behaviour/publish-answer';
import {
  byTenantExpressAnyOwner,
  checkNotSuspended,
  currencyCheckRolledOut,
  currentPartitionOnly,
  lockerUidMatchedProviderSide,
  uidThroughNetworkInt64,
} from '../faults/behaviour/publish-checks';
import { refuseUnknownCurrency } from '../currencies';
import { alreadyBookedAfterAllocation, claimedBeforeLockerLookup } from '../faults/behaviour/publish-booking';
import { lockerWentLive } from '../faults/behaviour/locker-status-write';
import {
  allocationColumnDefaulted,
  parcelDataFirstWritten,
  precheckReallocatesCancelled,
  rebookHistoryContinued,
  rebookKeepsCollectionCode,
  rebookNamesPreviousShipment,
  statusJoinedWithCancellations,
} from '../faults/behaviour/publish-booking-rows';
import {
  allocationByPolicy,
  dimensionsStatusByWeight,
  fractionBesideNullDimension,
  lockedBookingWord,
  precheckTimestamp,
} from '../faults/behaviour/value-combinations';
import { precheckDimensionsUnboxed, unknownShipmentTypeDefaulted } from '../faults/behaviour/migration-leftovers';

const ACCESS_CODE_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

function dimensionsStatus(d: PublishBody['dimensions']): string {
  return [d?.depth, d?.height, d?.width].every((v) => typeof v === 'number') ? 'DECLARED' : 'INCOMPLETE';
}

/**
 * Choice compartmentFit: whether the parcel, turned as it best goes in, fits one of the compartment
 * types; a dimension not stated (null) asks for nothing, and a locker that shows no compartments takes it.
 */
function fitsACompartment(d: PublishBody['dimensions'], compartments: JsonObject[] | null): boolean {
  if (!compartments?.length) return true;
  const ascending = (values: unknown[]) => values.map((v) => (typeof v === 'number' ? v : 0)).sort((a, b) => a - b);
  const parcel = ascending([d?.depth, d?.height, d?.width]);
  return compartments.some((c) =>
    ascending([c['height'], c['width'], c['length']]).every((room, i) => parcel[i]! <= room),
  );
}

/** The parcel record a BOOKING makes (§2.4). */
function bookingRecord(app: ReferenceApp, body: PublishBody, locker: StoredLocker, timestamp: string): ParcelRecord {
  return {
    shipmentUid: app.state.newShipmentUid(),
    lockerUid: locker.record.uid,
    carrierParcelId: body.carrierParcelId,
    carrierLockerId: locker.record.carrier.lockerId,
    shipmentType: body.shipmentType ?? 'LAST_MILE',
    shipmentStatus: 'BOOKED',
    // Variation ok-sbl-dimensions-status-estimated-by-weight; fault sbl-alt-delivery-soft-reservation-hardened.
    dimensionsStatus: dimensionsStatusByWeight(app, body, dimensionsStatus(body.dimensions)),
    allocationType: allocationByPolicy(app, body, body.allocationType ?? 'HARD_RESERVATION'),
    accessCodes: {
      consigneeCollectionCode: {
        code: String(randomInt(100000, 1000000)),
        validUntil: new Date(Date.now() + ACCESS_CODE_VALIDITY_MS).toISOString(),
      },
    },
    consignee: body.consignee ?? null,
    events: [{ type: 'BOOKING_CREATED', timestamp }],
    lockStatus: body.lockStatus ?? 'UNLOCKED',
  };
}

function publish(
  app: ReferenceApp,
  ctx: RequestContext,
  schema: RequestSchema,
  locate: (b: PublishBody) => StoredLocker | undefined,
): Reply {
  const at = publishPoints(app, ctx, schema);
  let body: PublishBody;
  try {
    // Fault sbk-by-tenant-shipment-type-unknown-default: the by-tenant path's 1.0 mapper defaults an unknown type.
    const read = unknownShipmentTypeDefaulted(app, schema === BY_TENANT, at.read(ctx.body));
    // Fault sbl-dimension-fraction-beside-null: the integer check of a partly declared parcel's dimensions skipped.
    body = app.validate(
      schema,
      read,
      '',
      (e) => at.excused(e) || fractionBesideNullDimension(app, e, read),
    ) as PublishBody;
    currencyCheckRolledOut(app, () => refuseUnknownCurrency(app, body)); // Fault sbf-currency-flag-...-per-request
    precheckDimensionsUnboxed(app, body); // Fault sbk-precheck-v10-dto-null-dimensions: the 1.0 check DTO
  } catch (error) {
    at.refused(locate);
    throw errorCodeTableRefusal(app, schema, ctx.body, error); // Fault saj-error-code-table-no-pattern
  }
  at.checked(body);
  if (body.secondaryShipmentId !== undefined && body.secondaryShipmentId === body.carrierParcelId) {
    throw badRequest('VALIDATION_FAILED', '/secondaryShipmentId must differ from carrierParcelId');
  }
  const locker = at.locker(body, () => locate(body));
  claimedBeforeLockerLookup(app, ctx.carrier.name, body, locker); // Fault sbh-unknown-locker-booking-claims-id
  if (!locker) throw badRequest('UNKNOWN_LOCKER', 'no locker of this carrier or of a third party matches the request');
  checkNotSuspended(app, locker); // Fault sal-reenabled-locker-still-suspended: the allocation's suspended lockers
  at.measured(body);
  if (app.choices.compartmentFit && !fitsACompartment(body.dimensions, locker.record.compartmentTypes))
    throw badRequest('VALIDATION_ERROR', 'no compartment fits the parcel');
  // A full locker cannot accept the parcel: a BOOKING is refused, and so is the PRE_CHECK that asks (§4.6).
  const capacity = app.choices.lockerCapacity;
  const held = app.state.parcels.filter(
    (p) =>
      p.record.lockerUid === locker.record.uid && (p.record.shipmentStatus === 'BOOKED' || awaitsCourier(p.record)),
  ).length;
  if (capacity !== null && held >= capacity)
    throw badRequest('LOCKER_FULL', `locker ${locker.record.uid} has no free compartment (${capacity} held)`);
  const timestamp = app.now();
  // Fault sao-publish-timestamp-locker-last-event: the locker row's last_event_at as read before it is moved.
  const answeredAt = lockerLastEventTime(app, locker, timestamp);
  const booking = () => at.mapped(bookingRecord(app, body, locker, timestamp), body);
  if (at.onlyAsks(body, booking)) {
    // Variation ok-bf-publish-message-in-locker-language: the message in the locker's language.
    const message = publishMessageInLockerLanguage(
      app,
      locker,
      `Parcel can be accepted in locker ${locker.record.uid}`,
    );
    // Fault sbi-precheck-reallocates-cancelled-shipment: the check re-runs the allocation of the id's shipment.
    precheckReallocatesCancelled(app, ctx.carrier.name, body.carrierParcelId);
    // Variation ok-bi-precheck-answer-cached: the same check within 30 s answered as it was.
    return precheckAnswerCached(app, ctx.carrier.name, schema, ctx.body, () =>
      // Fault sbl-precheck-soft-timestamp-hold-expiry: the soft allocator's hold end as the answer's timestamp.
      published(app, at, { status: 'ACCEPTED', message, timestamp: precheckTimestamp(app, body, answeredAt) }),
    );
  }
  // One active booking per carrierParcelId of a carrier (§3).
  // Faults sbh-refused-rebooking-moves-held-booking, sbh-unknown-locker-booking-claims-id: the allocation, a claim.
  if (alreadyBookedAfterAllocation(app, ctx.carrier.name, locker, body, at.alreadyBooked(body)))
    throw badRequest('ALREADY_BOOKED', `parcel "${body.carrierParcelId}" already has an active booking`);
  at.confirmed(body);
  // Faults sbi-parcel-data-insert-if-absent (the parcel data row), sbi-rebook-status-joined-with-cancellation (the
  // cancellations joined); variation ok-bi-rebook-keeps-collection-code (a code per carrierParcelId).
  const record = rebookKeepsCollectionCode(
    app,
    ctx.carrier.name,
    statusJoinedWithCancellations(app, ctx.carrier.name, parcelDataFirstWritten(app, ctx.carrier.name, booking())),
  );
  rebookHistoryContinued(app, ctx.carrier.name, record); // Variation ok-bi-rebook-history-continued
  rebookNamesPreviousShipment(app, ctx.carrier.name, record); // Variation ok-bi-rebook-names-previous-shipment
  allocationColumnDefaulted(app, schema === BY_TENANT, record); // Fault sbj-by-tenant-insert-hard-default
  record.shipmentUid = at.shipmentUid(record.shipmentUid);
  const rewritten = at.rewritten(record, body);
  const parcel = rewritten ?? { owner: ctx.carrier.name, record };
  if (!rewritten) at.stored(parcel, body);
  app.emitParcelUpdate(parcel, 'booking', rewritten ? {} : at.pushed(body));
  lockerWentLive(app, locker); // Fault sbj-onboarding-state-no-disable: the provider confirms it on first use
  // Variation ok-bf-publish-message-in-locker-language: the message in the locker's language.
  const message = publishMessageInLockerLanguage(app, locker, `Booking ${parcel.record.shipmentUid} created`);
  // Variation ok-sbl-locked-booking-status-word: a LOCKED booking answered BOOKED_LOCKED.
  return lockedBookingWord(app, body, published(app, at, { status: 'BOOKED', message, timestamp: answeredAt }));
}

function published(
  app: ReferenceApp,
  at: PublishPoints,
  body: { status: string; message: string; timestamp?: string },
): Reply {
  return at.answered(body.status, {
    status: app.choices.publishSuccessStatus,
    body: app.choices.extraFields ? { ...body, requestId: `req-${Date.now()}` } : body,
  });
}

export function publishByLockerUid(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  return aroundPublish(app, ctx, BY_UID, () =>
    // Fault say-publish-uid-through-network-int64: the lockerUid normalised by the network module's uid helper.
    // Fault sbe-publish-lockeruid-provider-side: the provider-side lockerUid matched too.
    publish(app, ctx, BY_UID, (b) =>
      lockerUidMatchedProviderSide(app, ctx.carrier.name, b.lockerUid!, () =>
        app.state.visibleLocker(ctx.carrier.name, uidThroughNetworkInt64(app, b.lockerUid!)),
      ),
    ),
  );
}

export function publishByCarrierLockerId(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  return aroundPublish(app, ctx, BY_TENANT, () =>
    // Fault sbd-by-tenant-express-path-any-owner: a request of the required members alone takes the express path.
    publish(app, ctx, BY_TENANT, (b) =>
      // Fault sbf-by-tenant-current-partition-only: the by-tenant query names the current partition only.
      byTenantExpressAnyOwner(app, b, () =>
        currentPartitionOnly(app, byTenantLocker(app, ctx.carrier.name, b.carrierLockerId!)),
      ),
    ),
  );
}
