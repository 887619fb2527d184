// Faults of the publish path kept apart from it: what a broken service books although it refuses.
import type { ReferenceApp, RequestContext } from '../app';
import type { PublishBody, StoredLocker } from '../model';

// Fault rejected-publish-books: the booking is made before validation refuses the request.
export function bookDespiteRejection(
  app: ReferenceApp,
  ctx: RequestContext,
  locate: (b: PublishBody) => StoredLocker | undefined,
): void {
  const body = ctx.body as Partial<PublishBody> | null;
  if (!body || typeof body !== 'object' || typeof body.carrierParcelId !== 'string') return;
  const locker = locate(body as PublishBody);
  if (!locker) return;
  app.state.parcels.push({
    owner: ctx.carrier.name,
    record: {
      shipmentUid: app.state.newShipmentUid(),
      lockerUid: locker.record.uid,
      carrierParcelId: body.carrierParcelId,
      carrierLockerId: locker.record.carrier.lockerId,
      shipmentType: 'LAST_MILE',
      shipmentStatus: 'BOOKED',
      dimensionsStatus: 'INCOMPLETE',
      allocationType: 'HARD_RESERVATION',
      accessCodes: null,
      consignee: null,
      events: [{ type: 'BOOKING_CREATED', timestamp: app.now() }],
      lockStatus: 'UNLOCKED',
    },
  });
}
