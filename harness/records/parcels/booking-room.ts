// Bookings spread over lockers as they fill. A parcel locker has so many compartments (§1), the spec
// states no number, and PRE_CHECK exists to ask whether a locker can take a parcel (§4.6): a target
// may refuse a BOOKING for a locker that is full. A test that books many parcels must not read that
// refusal as a valid request refused, nor may it let a refused valid request pass as "full".
import { isRefusal, type Exchange } from '../../http/exchange';
import type { Json } from '../../http/json';
import { observe } from '../../evidence/judge';

/** The body sent for another locker: the member that names the locker (lockerUid or carrierLockerId) names it. */
function onLocker(body: Json, locker: Json): Json {
  return {
    ...body,
    ...('lockerUid' in body ? { lockerUid: locker['uid'] } : {}),
    ...('carrierLockerId' in body ? { carrierLockerId: locker['carrier']?.['lockerId'] } : {}),
  };
}

const refusedForRoom = (exchange: Exchange) =>
  isRefusal(exchange) && exchange.status !== 401 && exchange.status !== 403;
const accepted = (exchange: Exchange) => exchange.status >= 200 && exchange.status < 300;

/**
 * A member value that says what compartment the parcel needs, so that a locker may not have one: a
 * number for a dimension or the weight (§2.1 compartmentTypes give sizes; §2.3 the parcel's), or
 * requiresAccessibleCompartment true. Null (§2.3 states it is accepted, and null means false for
 * requiresAccessibleCompartment) and text never are.
 */
function asksForRoom(pointer: string, value: unknown): boolean {
  if (/^\/(dimensions\/(depth|height|width)|weight)$/.test(pointer)) return typeof value === 'number';
  return pointer === '/requiresAccessibleCompartment' && value === true;
}

/** What the room needs of the parcels it books (ParcelFactory gives it), declared here so neither imports the other. */
export interface RoomParcels {
  newParcelId(): string;
  body(locker: Json, overrides: Json, path: 'uid' | 'tenant'): Json;
  publish(body: Json, path: 'uid' | 'tenant'): Promise<Exchange>;
}

export class BookingRoom {
  private locker: Json;
  /** Bookings the current locker took from this room (or held when the room began on it). */
  private held: number;
  /**
   * A locker this room made that holds no booking: where a refused booking is sent again to tell a full
   * locker from a refused request, and where a PRE_CHECK asks about the parcel, not about room left.
   * Kept while it stays empty, so each such question does not make another locker.
   */
  private spare: Promise<Json> | undefined;

  constructor(
    first: Json,
    private readonly parcels: RoomParcels,
    private readonly freshLocker: () => Promise<Json>,
    /** Parcels `first` holds already (a lent locker's, locker-pool.ts): a refused booking there is asked about too. */
    held = 0,
  ) {
    this.locker = first;
    this.held = held;
  }

  /**
   * Publishes the body. A BOOKING, or a PRE_CHECK (the question whether the parcel can be accepted in
   * the locker, §4.6, which a full locker may answer with a refusal), refused (4xx, not for the key)
   * while the locker holds bookings this room made is sent again, once, on a fresh locker: accepted
   * there, the first locker was full (the answer is the one from the fresh locker, and the room moves
   * there); refused there too, the refusal is the request's, and it is the answer returned.
   */
  async publish(body: Json, path: 'uid' | 'tenant' = 'uid'): Promise<{ exchange: Exchange; body: Json; locker: Json }> {
    const sent = onLocker(body, this.locker);
    const exchange = await this.parcels.publish(sent, path);
    const booking = sent['eventType'] === 'BOOKING';
    const asksForRoom = booking || sent['eventType'] === 'PRE_CHECK';
    if (booking && exchange.status >= 200 && exchange.status < 300) this.held++;
    if (!asksForRoom || !refusedForRoom(exchange) || this.held === 0)
      return { exchange, body: sent, locker: this.locker };
    const fresh = await (this.spare ??= this.freshLocker());
    const again = onLocker(body, fresh);
    const retried = await this.parcels.publish(again, path);
    if (retried.status < 200 || retried.status >= 300) return { exchange, body: sent, locker: this.locker };
    observe(
      'PCL-BOOKING-CREATES',
      `locker ${String(this.locker['uid'])} refused a ${booking ? 'booking' : 'PRE_CHECK'} after ` +
        `${this.held} booking(s) (${exchange.status}); a fresh locker took it: a full locker, not a refused ` +
        `request`,
    );
    this.spare = undefined;
    this.locker = fresh;
    this.held = booking ? 1 : 0;
    return { exchange: retried, body: again, locker: fresh };
  }

  /**
   * Whether a refused BOOKING whose `member` asks for a compartment (a dimension, the weight, an
   * accessible one) is the target's answer that the parcel cannot be accepted in a locker — the
   * question §4.6 lets a carrier ask with PRE_CHECK — rather than a refused value: the same parcel as a
   * PRE_CHECK, on a locker holding no booking, is not accepted (refused, or answered with another
   * status), while a plain parcel's PRE_CHECK there is. The reason, for an observation; undefined
   * where the target does not say so, and the refusal is judged as it is.
   */
  async cannotBeAccepted(
    body: Json,
    path: 'uid' | 'tenant',
    member: { pointer: string; value: unknown },
  ): Promise<string | undefined> {
    if (body['eventType'] !== 'BOOKING' || !asksForRoom(member.pointer, member.value)) return undefined;
    const locker = await (this.spare ??= this.freshLocker());
    const plain = this.parcels.body(locker, { eventType: 'PRE_CHECK' }, path);
    const asked = onLocker({ ...body, eventType: 'PRE_CHECK', carrierParcelId: this.parcels.newParcelId() }, locker);
    const [control, answer] = await Promise.all([this.parcels.publish(plain, path), this.parcels.publish(asked, path)]);
    if (!accepted(control)) return undefined;
    const status = (exchange: Exchange) => JSON.stringify((exchange.body as Json | undefined)?.['status']);
    if (refusedForRoom(answer))
      return (
        `its PRE_CHECK on a locker holding no booking was refused too (${answer.status}), while a plain ` +
        `parcel's was accepted`
      );
    if (accepted(answer) && status(answer) !== status(control))
      return (
        `its PRE_CHECK on a locker holding no booking answered status ${status(answer)}, a plain parcel's ` +
        `${status(control)}`
      );
    return undefined;
  }
}
