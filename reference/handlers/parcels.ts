// §4.6: publish by lockerUid or carrierLockerId (the parcel list is parcel-list.ts, the cancel cancel.ts).
import { bookDespiteRejection, bookingInFlight, mojibake } from './parcel-faults';
import { randomInt } from 'node:crypto';
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { badRequest } from '../errors';
import type { JsonObject, ParcelRecord, PublishBody, StoredLocker, StoredParcel } from '../model';
import type { RequestSchema } from '../validation';
import { awaitsCourier } from '../collections';
import { canonicalConsignee, publishPoint, typeaheadLocker } from './spec-set-d-points';
import { escapedConsignee, idTakenForGood } from './set-f-faults';
import { bookingEventIds, lockStateShared } from './set-g-faults';
import { lockWrittenToLocker, omittedAllocationType, publishStatusWord } from './set-h-faults';
import * as setK from './set-k-faults';
import { byTenantAnswer, domainShipmentType } from './set-m-faults';
import { bookingHistory, codeValidUntil, parcelOriented, setABPublish, tenantLocker } from './set-ab-faults';
import { byTenantIndex, setADPublish, storedBooking } from './set-ad-faults';

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

/** The parcel record a BOOKING makes. */
function bookingRecord(app: ReferenceApp, body: PublishBody, locker: StoredLocker, timestamp: string): ParcelRecord {
  return {
    shipmentUid: app.state.newShipmentUid(),
    lockerUid: locker.record.uid,
    // Fault sb-secondary-id-as-parcel-id: the mapper prefers the label's second id where one is sent.
    carrierParcelId: (app.fault('sb-secondary-id-as-parcel-id') && body.secondaryShipmentId) || body.carrierParcelId,
    carrierLockerId: locker.record.carrier.lockerId,
    shipmentType:
      app.fault('by-tenant-wrong-shipment-type') && body.carrierLockerId !== undefined
        ? 'LAST_MILE'
        : (body.shipmentType ?? 'LAST_MILE'),
    shipmentStatus: 'BOOKED',
    dimensionsStatus: dimensionsStatus(body.dimensions),
    allocationType: app.fault('booking-ignores-allocation')
      ? 'HARD_RESERVATION'
      : // Fault sh-allocation-type-null-when-omitted: no default for an allocationType left out.
        (body.allocationType ?? omittedAllocationType(app)),
    accessCodes: {
      consigneeCollectionCode: {
        code: String(randomInt(100000, 1000000)),
        validUntil: codeValidUntil(app, Date.now() + ACCESS_CODE_VALIDITY_MS), // Variation ok-ab-access-code-end-of-day
      },
    },
    consignee: app.fault('consignee-mojibake')
      ? mojibake(body.consignee ?? null)
      : // Fault sb-consignee-without-name-dropped: "has a consignee" is tested as `consignee?.name`.
        app.fault('sb-consignee-without-name-dropped') && !body.consignee?.['name']
        ? null
        : storedConsignee(app, escapedConsignee(app, canonicalConsignee(app, body.consignee))),
    events: bookingHistory(app, timestamp), // Variation ok-ab-booking-history-two-entries
    lockStatus: body.lockStatus ?? 'UNLOCKED',
  };
}

function publish(
  app: ReferenceApp,
  ctx: RequestContext,
  schema: RequestSchema,
  locate: (b: PublishBody) => StoredLocker | undefined,
): Reply {
  let body: PublishBody;
  try {
    body = app.validate(
      schema,
      app.fault('x45-publish-enums-case-insensitive') ? enumsUpperCased(ctx.body) : ctx.body,
      '',
      (e) => domainShipmentType(app, e), // Fault sm-shipment-type-domain-enum: the domain's enum, the trigger's too.
    ) as PublishBody;
  } catch (error) {
    if (app.fault('rejected-publish-books')) bookDespiteRejection(app, ctx, locate);
    throw error;
  }
  if (app.fault('publish-rejects-null-consignee') && body.consignee === null)
    throw badRequest('VALIDATION_FAILED', '/consignee must be an object');
  if (app.fault('publish-requires-lock-status') && body.lockStatus === undefined)
    throw badRequest('VALIDATION_FAILED', '/lockStatus is required');
  const nullAt =
    schema === 'PublishByCarrierLockerIdRequest' && app.fault('publish-nulls-uid-only') ? nullMember(body) : undefined;
  if (nullAt) throw badRequest('VALIDATION_FAILED', `${nullAt} must not be null`);
  if (body.secondaryShipmentId !== undefined && body.secondaryShipmentId === body.carrierParcelId) {
    throw badRequest('VALIDATION_FAILED', '/secondaryShipmentId must differ from carrierParcelId');
  }
  if (app.fault('cod-amount-int32') && typeof body.codAmount === 'number' && body.codAmount > 2 ** 31 - 1)
    throw badRequest('VALIDATION_FAILED', '/codAmount must be at most 2147483647');
  // Faults sab-by-tenant-former-id-alias, sab-tenant-id-nfkc-match: set AB's by-tenant lookup, before this path's.
  // Fault sad-by-tenant-binary-search-collation, variation ok-ad-by-tenant-own-lockers-only: set AD's by-tenant index.
  const locker = tenantLocker(app, ctx.carrier.name, schema, body, () =>
    byTenantIndex(app, ctx.carrier.name, schema, body, () => locate(body)),
  );
  if (!locker) throw badRequest('UNKNOWN_LOCKER', 'no locker of this carrier or of a third party matches the request');
  parcelOriented(app, body.dimensions); // Fault sab-zero-dimension-500: the chooser's int division by a side.
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
  // Fault x47-precheck-soft-reservation-held: a PRE_CHECK asking for a soft reservation holds a compartment.
  const holdsOf = (p: StoredParcel) =>
    p.owner === ctx.carrier.name &&
    p.record.carrierParcelId === body.carrierParcelId &&
    p.record.shipmentStatus === 'RESERVED';
  const holding = app.fault('x47-precheck-soft-reservation-held');
  // Fault sb-precheck-saves-parcel-data: the parcel data is upserted onto the carrier's booking of that
  // carrierParcelId before the eventType is looked at, so a PRE_CHECK rewrites the booked record (no push).
  if (body.eventType === 'PRE_CHECK' && app.fault('sb-precheck-saves-parcel-data')) {
    const booked = app.state.latestParcel(
      ctx.carrier.name,
      (p) => p.record.carrierParcelId === body.carrierParcelId && p.record.shipmentStatus === 'BOOKED',
    );
    if (booked) {
      const { shipmentType, allocationType, dimensionsStatus, consignee } = bookingRecord(app, body, locker, timestamp);
      Object.assign(booked.record, { shipmentType, allocationType, dimensionsStatus, consignee });
    }
  }
  if (body.eventType === 'PRE_CHECK' && !app.fault('precheck-books')) {
    if (holding) removeWhere(app.state.parcels, holdsOf);
    if (holding && body.allocationType === 'SOFT_RESERVATION') {
      const hold = bookingRecord(app, body, locker, timestamp);
      app.state.parcels.push({ owner: ctx.carrier.name, record: { ...hold, shipmentStatus: 'RESERVED' } });
    }
    // Fault x45-precheck-pushes-parcel-update: the check runs the booking as a dry run that is rolled back,
    // but the event it published is not: a ParcelUpdates for a parcel that was never stored.
    if (app.fault('x45-precheck-pushes-parcel-update'))
      app.emitParcelUpdate({ owner: ctx.carrier.name, record: bookingRecord(app, body, locker, timestamp) }, 'booking');
    return published(app, {
      status: 'ACCEPTED',
      message: `Parcel can be accepted in locker ${locker.record.uid}`,
      timestamp,
    });
  }
  // Fault parcel-ids-across-carriers: an active booking of any carrier with the carrierParcelId counts; fault
  // sf-rebook-after-cancel-refused: any parcel of the carrier with it, whatever its status.
  // Fault sk-parcel-id-unique-prefix-index: the rule's unique index holds the id's first 12 characters.
  const isActive = (p: StoredParcel) => setK.activeBookingOf(app, p, body.carrierParcelId, idTakenForGood(app));
  const active = app.fault('parcel-ids-across-carriers')
    ? app.state.parcels.find(isActive)
    : app.state.latestParcel(ctx.carrier.name, isActive);
  if (active) throw badRequest('ALREADY_BOOKED', `parcel "${body.carrierParcelId}" already has an active booking`);
  // The booking confirms the hold its PRE_CHECK made (fault x47-precheck-soft-reservation-held).
  if (holding) removeWhere(app.state.parcels, holdsOf);

  const record = bookingRecord(app, body, locker, timestamp);
  // Fault sk-shipment-uid-sequence-per-carrier: a sequence per carrier; variation ok-k-shipment-uid-uuid: a UUID.
  record.shipmentUid = setK.bookedShipmentUid(app, ctx.carrier.name, record.shipmentUid);
  // Fault x47-rebook-keeps-cancelled-locker: an upsert on (carrier, carrierParcelId) whose SET list leaves out the
  // locker columns reactivates the cancelled parcel of that id in its old locker.
  const cancelled = app.fault('x47-rebook-keeps-cancelled-locker')
    ? app.state.latestParcel(
        ctx.carrier.name,
        (p) => p.record.carrierParcelId === body.carrierParcelId && p.record.shipmentStatus === 'CANCELLED',
      )
    : undefined;
  if (cancelled) {
    const { shipmentUid, lockerUid, carrierLockerId, events } = cancelled.record;
    cancelled.record = { ...record, shipmentUid, lockerUid, carrierLockerId, events: [...events, ...record.events] };
    app.emitParcelUpdate(cancelled, 'booking');
    return published(app, { status: 'BOOKED', message: `Booking ${shipmentUid} created`, timestamp });
  }
  const parcel: StoredParcel = { owner: ctx.carrier.name, record };
  storedBooking(app, parcel, body); // Faults sad-shipment-uid-derived-from-parcel-id, sad-list-dimensions-status-...
  // Fault sb-by-tenant-push-locker-uid: the event mapped from the request, its carrierLockerId landing in lockerUid.
  const fromRequest = app.fault('sb-by-tenant-push-locker-uid') && body.carrierLockerId !== undefined;
  // Faults sg-lock-state-per-locker, sh-lock-state-per-locker: a lock flag kept per (carrier, locker), per locker;
  // sk-cancel-stale-version-after-trigger: the stored booking's entity and its version are cached.
  lockStateShared(app, parcel);
  lockWrittenToLocker(app, parcel);
  setK.bookingCached(app, parcel);
  // Fault sg-booking-push-uid-generated-twice: the event's mapper draws a shipmentUid of its own.
  const eventIds = bookingEventIds(app);
  app.emitParcelUpdate(parcel, 'booking', { ...eventIds, ...(fromRequest ? { lockerUid: body.carrierLockerId } : {}) });
  return published(app, { status: 'BOOKED', message: `Booking ${record.shipmentUid} created`, timestamp });
}

function published(app: ReferenceApp, body: { status: string; message: string; timestamp?: string }): Reply {
  const kind = body.status;
  if (app.fault('publish-no-timestamp')) delete body.timestamp;
  // Variation ok-h-publish-status-words: other words for the outcome (§2.3 states no value of status).
  body.status = publishStatusWord(app, body.status);
  // Fault publish-timestamp-hour-off: local time (an hour east of UTC) written as UTC.
  if (app.fault('publish-timestamp-hour-off') && body.timestamp)
    body.timestamp = new Date(Date.parse(body.timestamp) + 3_600_000).toISOString();
  // Fault publish-timestamp-no-zone: a LocalDateTime taken in UTC, serialized without its offset.
  if (app.fault('publish-timestamp-no-zone') && body.timestamp) body.timestamp = body.timestamp.replace(/Z$/, '');
  return setK.setKPublishReply(app, kind, {
    status: app.choices.publishSuccessStatus,
    body: app.choices.extraFields ? { ...body, requestId: `req-${Date.now()}` } : body,
  });
}

export function publishByLockerUid(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  // Set AB's faults and variations next to the publish: set-ab-faults.ts setABPublish.
  // Set AD's faults and variations inside AB's: set-ad-faults.ts setADPublish.
  const now = () => setABPublish(app, ctx, BY_UID, () => setADPublish(app, ctx, () => publishByLockerUidNow(app, ctx)));
  return bookingInFlight(app, ctx, () => publishPoint(app, ctx, now));
}

export function publishByCarrierLockerId(app: ReferenceApp, ctx: RequestContext): Reply | Promise<Reply> {
  // Fault sm-by-tenant-generic-api-response: this controller answers the team's generic ApiResponse.
  const now = () =>
    byTenantAnswer(
      app,
      setABPublish(app, ctx, BY_TENANT, () => setADPublish(app, ctx, () => publishByCarrierLockerIdNow(app, ctx))),
    );
  return bookingInFlight(app, ctx, () => publishPoint(app, ctx, now));
}

const [BY_UID, BY_TENANT] = ['PublishByLockerUidRequest', 'PublishByCarrierLockerIdRequest'] as const;

function publishByLockerUidNow(app: ReferenceApp, ctx: RequestContext): Reply {
  return publish(app, ctx, BY_UID, (b) => app.state.visibleLocker(ctx.carrier.name, b.lockerUid!));
}

function publishByCarrierLockerIdNow(app: ReferenceApp, ctx: RequestContext): Reply {
  return publish(app, ctx, BY_TENANT, (b) =>
    app.fault('by-tenant-first-locker')
      ? app.state.visibleLockers(ctx.carrier.name).find((l) => l.record.ownedByCarrier === ctx.carrier.name)
      : (app.state.lockerByCarrierLockerId(
          ctx.carrier.name,
          b.carrierLockerId!,
          app.fault('by-tenant-stale-after-rename'),
          app.fault('tenant-id-ignores-case'),
        ) ??
        // Faults by-tenant-other-carrier: among every carrier's lockers; so-by-tenant-like-prefix: a LIKE prefix.
        (app.fault('by-tenant-other-carrier')
          ? [...app.state.lockers.values()].find((l) => l.record.carrier.lockerId === b.carrierLockerId)
          : typeaheadLocker(app, ctx.carrier.name, b.carrierLockerId!))),
  );
}

/** Removes, in place, the items that match. */
function removeWhere<T>(items: T[], match: (item: T) => boolean): void {
  for (let i = items.length - 1; i >= 0; i--) if (match(items[i]!)) items.splice(i, 1);
}
