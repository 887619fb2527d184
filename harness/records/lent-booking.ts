// A booking in a lent locker (locker-pool.ts). A locker that holds parcels the run left there may be
// full: §1 gives a locker so many compartments and states no number. A valid booking it refuses goes
// to a fresh locker, which decides: accepted there, the lent one was full and is not lent again;
// refused there too, the refusal is the request's, judged as ParcelFactory.book judges it.
import { isRefusal } from '../http/exchange';
import { observe } from '../evidence/judge';
import type { Json } from '../http/json';
import type { PooledLocker } from './locker-pool';
import type { LockerFactory } from './locker-factory';
import type { ParcelFactory } from './parcel-factory';

export async function bookInLent(lockers: LockerFactory, parcels: ParcelFactory, lent: PooledLocker): Promise<{ locker: Json; body: Json }> {
  // What earlier borrowers left, and what this test booked there so far.
  const held = lent.held + parcels.left.heldIn(lent.record);
  if (held > 0) {
    const body = parcels.body(lent.record);
    const exchange = await parcels.publish(body);
    if (exchange.status >= 200 && exchange.status < 300) return { locker: lent.record, body };
    if (isRefusal(exchange) && exchange.status !== 401 && exchange.status !== 403) {
      const fresh = (await lockers.lendInstead(lent.record, lent.kind)).record;
      const booked = await parcels.book(fresh);
      observe('PCL-BOOKING-CREATES', `lent locker ${String(lent.record['uid'])} refused a booking while holding ${held} parcel(s) the run left there (${exchange.status}); a fresh locker took it: a full locker, not a refused request`);
      return { locker: fresh, body: booked };
    }
  }
  return { locker: lent.record, body: await parcels.book(lent.record) };
}
