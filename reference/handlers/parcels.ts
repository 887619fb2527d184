// §4.6–4.9: publish by lockerUid or carrierLockerId, list parcels, cancel a booking.
import { randomInt } from 'node:crypto';
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { badRequest, notFound } from '../errors';
import type { ParcelRecord, PublishBody, StoredLocker, StoredParcel } from '../model';
import { validateBody, type RequestSchema } from '../validation';

const ACCESS_CODE_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

function dimensionsStatus(d: PublishBody['dimensions']): string {
  return [d.depth, d.height, d.width].every((v) => typeof v === 'number') ? 'DECLARED' : 'INCOMPLETE';
}

function publish(app: ReferenceApp, ctx: RequestContext, schema: RequestSchema, locate: (b: PublishBody) => StoredLocker | undefined): Reply {
  validateBody(schema, ctx.body);
  const body = ctx.body as PublishBody;
  if (body.secondaryShipmentId !== undefined && body.secondaryShipmentId === body.carrierParcelId) {
    throw badRequest('VALIDATION_FAILED', '/secondaryShipmentId must differ from carrierParcelId');
  }
  const locker = locate(body);
  if (!locker) throw badRequest('UNKNOWN_LOCKER', 'no locker of this carrier or of a third party matches the request');
  const timestamp = app.now();
  if (body.eventType === 'PRE_CHECK') {
    return {
      status: app.choices.publishSuccessStatus,
      body: { status: 'ACCEPTED', message: `Parcel can be accepted in locker ${locker.record.uid}`, timestamp },
    };
  }
  const active = app.state.latestParcel(
    ctx.carrier.name,
    (p) => p.record.carrierParcelId === body.carrierParcelId && p.record.shipmentStatus === 'BOOKED',
  );
  if (active) throw badRequest('ALREADY_BOOKED', `parcel "${body.carrierParcelId}" already has an active booking`);

  const record: ParcelRecord = {
    shipmentUid: app.state.newShipmentUid(),
    lockerUid: locker.record.uid,
    carrierParcelId: body.carrierParcelId,
    carrierLockerId: locker.record.carrier.lockerId,
    shipmentType: body.shipmentType ?? 'LAST_MILE',
    shipmentStatus: 'BOOKED',
    dimensionsStatus: dimensionsStatus(body.dimensions),
    allocationType: body.allocationType ?? 'HARD_RESERVATION',
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
  const parcel: StoredParcel = { owner: ctx.carrier.name, record };
  app.state.parcels.push(parcel);
  app.emitParcelUpdate(parcel);
  return {
    status: app.choices.publishSuccessStatus,
    body: { status: 'BOOKED', message: `Booking ${record.shipmentUid} created`, timestamp },
  };
}

export function publishByLockerUid(app: ReferenceApp, ctx: RequestContext): Reply {
  return publish(app, ctx, 'PublishByLockerUidRequest', (b) => app.state.visibleLocker(ctx.carrier.name, b.lockerUid!));
}

export function publishByCarrierLockerId(app: ReferenceApp, ctx: RequestContext): Reply {
  return publish(app, ctx, 'PublishByCarrierLockerIdRequest', (b) =>
    app.state.lockerByCarrierLockerId(ctx.carrier.name, b.carrierLockerId!),
  );
}

export function listParcels(app: ReferenceApp, ctx: RequestContext): Reply {
  return app.list(app.state.parcelsOf(ctx.carrier.name).map((p) => app.parcelView(p)));
}

// §4.9 shows neither body nor response; the reference ignores any body and answers the parcel record.
export function cancelParcel(app: ReferenceApp, ctx: RequestContext): Reply {
  const id = ctx.params['parcelId']!;
  const kind = app.choices.cancelPathId;
  const parcel =
    app.state.latestParcel(ctx.carrier.name, (p) => p.record[kind] === id && p.record.shipmentStatus === 'BOOKED') ??
    app.state.latestParcel(ctx.carrier.name, (p) => p.record[kind] === id);
  if (!parcel) throw notFound('PARCEL_NOT_FOUND', `no parcel of this carrier has ${kind} "${id}"`);
  const status = parcel.record.shipmentStatus;
  if (status !== 'BOOKED') {
    throw badRequest('NOT_CANCELLABLE', `parcel "${id}" is ${status}; only a booked parcel that has not been delivered can be cancelled`);
  }
  parcel.record.shipmentStatus = 'CANCELLED';
  parcel.record.events.push({ type: 'CANCELLED', timestamp: app.now() });
  app.emitParcelUpdate(parcel);
  return { status: 200, body: app.parcelView(parcel) };
}
