// What a test left in the lockers it booked into: every BOOKING it sent that was not refused, and
// which of them the target let it cancel. A lent locker goes back to the pool with it
// (locker-lending.ts), so the next borrower knows the room it may lack and which parcels are not its.
import type { Json } from '../http/json';

export class ParcelsLeft {
  private readonly sent: { carrierParcelId: string; lockerUid: unknown; carrierLockerId: unknown }[] = [];
  private readonly cancelled = new Set<string>();

  /** A BOOKING the target did not refuse (accepted, or never answered). */
  booked(body: Json): void {
    if (typeof body['carrierParcelId'] === 'string') this.sent.push({ carrierParcelId: body['carrierParcelId'], lockerUid: body['lockerUid'], carrierLockerId: body['carrierLockerId'] });
  }

  /** A cancellation the target accepted (2xx). */
  cancelledOk(carrierParcelId: string): void {
    this.cancelled.add(carrierParcelId);
  }

  /** Every parcel id the test booked in the locker, by its uid or its carrier.lockerId. */
  bookedIn(locker: Json): string[] {
    const uid = locker['uid'];
    const lockerId = locker['carrier']?.['lockerId'];
    const inLocker = (s: (typeof this.sent)[number]) => (s.lockerUid !== undefined && s.lockerUid === uid) || (s.carrierLockerId !== undefined && s.carrierLockerId === lockerId);
    return this.sent.filter(inLocker).map((s) => s.carrierParcelId);
  }

  /** Booked in the locker and not cancelled (delivered, or its cancellation refused): room the locker may lack. */
  heldIn(locker: Json): number {
    return this.bookedIn(locker).filter((id) => !this.cancelled.has(id)).length;
  }
}
