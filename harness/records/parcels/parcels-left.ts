// What a test left in the lockers it booked into: every BOOKING it sent that was not refused, and
// which of them the target let it cancel. A lent locker goes back to the pool with it
// (locker-lending.ts), so the next borrower knows the room it may lack and which parcels are not its.
import type { Json } from '../../http/json';

/** A scalar as the text a service that coerces would store; undefined for what is no scalar. */
export const asText = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined;

export class ParcelsLeft {
  private readonly sent: { carrierParcelId: string; lockerUid: unknown; carrierLockerId: unknown }[] = [];
  /** Cancellations the target accepted, per parcel id: a booking made again under a cancelled id is held again. */
  private readonly cancelled = new Map<string, number>();

  /**
   * A BOOKING sent (recorded before its answer: one never answered may still have booked). An id or locker sent as a
   * number or boolean counts as its text: a service that coerces scalars (GEN-TYPES-COERCED, a should) books it so.
   */
  booked(body: Json): void {
    const id = asText(body['carrierParcelId']);
    if (id !== undefined)
      this.sent.push({
        carrierParcelId: id,
        lockerUid: asText(body['lockerUid']) ?? body['lockerUid'],
        carrierLockerId: asText(body['carrierLockerId']) ?? body['carrierLockerId'],
      });
  }

  /** A BOOKING the target refused (4xx): it booked nothing. */
  refused(body: Json): void {
    const at = this.sent.map((s) => s.carrierParcelId).lastIndexOf(asText(body['carrierParcelId']) ?? '');
    if (at >= 0) this.sent.splice(at, 1);
  }

  /** A cancellation the target accepted (2xx). */
  cancelledOk(carrierParcelId: string): void {
    this.cancelled.set(carrierParcelId, (this.cancelled.get(carrierParcelId) ?? 0) + 1);
  }

  private inLocker(locker: Json) {
    const uid = locker['uid'];
    const lockerId = locker['carrier']?.['lockerId'];
    return this.sent.filter(
      (s) =>
        (s.lockerUid !== undefined && s.lockerUid === uid) ||
        (s.carrierLockerId !== undefined && s.carrierLockerId === lockerId),
    );
  }

  /** Every parcel id the test booked in the locker, by its uid or its carrier.lockerId. */
  bookedIn(locker: Json): string[] {
    return [...new Set(this.inLocker(locker).map((s) => s.carrierParcelId))];
  }

  /** Bookings in the locker not cancelled (delivered, refused their cancellation, or booked again): room the locker may
   * lack. */
  heldIn(locker: Json): number {
    const perId = new Map<string, number>();
    for (const { carrierParcelId } of this.inLocker(locker))
      perId.set(carrierParcelId, (perId.get(carrierParcelId) ?? 0) + 1);
    return [...perId].reduce((sum, [id, n]) => sum + Math.max(0, n - (this.cancelled.get(id) ?? 0)), 0);
  }
}
