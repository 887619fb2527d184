// A booking in a lent locker (locker-pool.ts). A locker that holds parcels the run left there may be
// full: §1 gives a locker so many compartments and states no number. A valid booking it refuses goes
// to a fresh locker, which decides: accepted there, the lent one was full and is not lent again;
// refused there too, the refusal is the request's, judged as ParcelFactory.book judges it.
import { isRefusal } from '../http/exchange';
import type { Json } from '../http/json';
import type { PooledLocker } from './locker-pool';
import type { LockerFactory } from './locker-factory';
import type { ParcelFactory } from './parcel-factory';

export async function bookInLent(lockers: LockerFactory, parcels: ParcelFactory, lent: PooledLocker): Promise<{ locker: Json; body: Json }> {
  if (lent.held > 0) {
    const body = parcels.body(lent.record);
    const exchange = await parcels.publish(body);
    if (exchange.status >= 200 && exchange.status < 300) return { locker: lent.record, body };
    if (isRefusal(exchange) && exchange.status !== 401 && exchange.status !== 403) {
      const fresh = (await lockers.lendInstead(lent.record, lent.kind)).record;
      return { locker: fresh, body: await parcels.book(fresh) };
    }
  }
  return { locker: lent.record, body: await parcels.book(lent.record) };
}
