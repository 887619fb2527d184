// Bookings spread over lockers as they fill. A parcel locker has so many compartments (§1), the spec
// states no number, and PRE_CHECK exists to ask whether a locker can take a parcel (§4.6): a target
// may refuse a BOOKING for a locker that is full. A test that books many parcels must not read that
// refusal as a valid request refused, nor may it let a refused valid request pass as "full".
import { isRefusal, type Exchange } from './exchange';
import type { Json } from './json';
import { observe } from './evidence/judge';
import type { ParcelFactory } from './parcel-factory';

/** The body sent for another locker: the member that names the locker (lockerUid or carrierLockerId) names it. */
function onLocker(body: Json, locker: Json): Json {
  return {
    ...body,
    ...('lockerUid' in body ? { lockerUid: locker['uid'] } : {}),
    ...('carrierLockerId' in body ? { carrierLockerId: locker['carrier']?.['lockerId'] } : {}),
  };
}

const refusedForRoom = (exchange: Exchange) => isRefusal(exchange) && exchange.status !== 401 && exchange.status !== 403;

export class BookingRoom {
  private locker: Json;
  /** Bookings the current locker took from this room. */
  private held = 0;

  constructor(
    first: Json,
    private readonly parcels: ParcelFactory,
    private readonly freshLocker: () => Promise<Json>,
  ) {
    this.locker = first;
  }

  /**
   * Publishes the body. A BOOKING refused (4xx, not for the key) while the locker holds bookings this
   * room made is sent again, once, on a fresh locker: accepted there, the first locker was full (the
   * answer is the one from the fresh locker, and the room moves there); refused there too, the refusal
   * is the request's, and it is the answer returned.
   */
  async publish(body: Json, path: 'uid' | 'tenant' = 'uid'): Promise<{ exchange: Exchange; body: Json; locker: Json }> {
    const sent = onLocker(body, this.locker);
    const exchange = await this.parcels.publish(sent, path);
    const booking = sent['eventType'] === 'BOOKING';
    if (booking && exchange.status >= 200 && exchange.status < 300) this.held++;
    if (!booking || !refusedForRoom(exchange) || this.held === 0) return { exchange, body: sent, locker: this.locker };
    const fresh = await this.freshLocker();
    const again = onLocker(body, fresh);
    const retried = await this.parcels.publish(again, path);
    if (retried.status < 200 || retried.status >= 300) return { exchange, body: sent, locker: this.locker };
    observe('PCL-BOOKING-CREATES', `locker ${String(this.locker['uid'])} refused a booking after ${this.held} (${exchange.status}); a fresh locker took it: a full locker, not a refused request`);
    this.locker = fresh;
    this.held = 1;
    return { exchange: retried, body: again, locker: fresh };
  }
}
