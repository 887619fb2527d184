// The points where faults change the parcel paths (parcels.ts, cancel.ts, trigger.ts): what a broken service books
// although it refuses, how it loses a booking in flight, how it revokes an access code, how it garbles a consignee's
// text.
import type { ReferenceApp, RequestContext } from '../app';
import { staleWrite } from '../in-flight';
import type { JsonObject, PublishBody, StoredLocker } from '../model';
import type { Reply } from '../request-types';

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

/** Fault consignee-mojibake: each text's UTF-8 bytes read back as Latin-1. */
export function mojibake(consignee: JsonObject | null): JsonObject | null {
  if (!consignee) return consignee;
  return Object.fromEntries(
    Object.entries(consignee).map(([k, v]) => [
      k,
      typeof v === 'string' ? Buffer.from(v, 'utf8').toString('latin1') : v,
    ]),
  );
}

/**
 * Fault booking-lost-in-flight: a BOOKING reads the parcels, awaits its write, and writes the parcels as
 * read plus its own: a booking answered meanwhile (into any locker, of any carrier) is lost.
 */
export function bookingInFlight(
  app: ReferenceApp,
  ctx: RequestContext,
  publishIt: () => Reply,
): Reply | Promise<Reply> {
  if (!app.fault('booking-lost-in-flight') || (ctx.body as { eventType?: unknown } | null)?.eventType !== 'BOOKING')
    return publishIt();
  const parcels = app.state.parcels;
  return staleWrite(
    () => [...parcels],
    (read) => parcels.splice(0, parcels.length, ...read),
    publishIt,
  );
}
