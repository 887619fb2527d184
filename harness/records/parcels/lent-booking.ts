// A booking in a lent locker (locker-pool.ts). A locker that holds parcels the run left there may be
// full: §1 gives a locker so many compartments and states no number. A valid booking it refuses goes
// to a fresh locker, which decides: accepted there, the lent one was full and is not lent again;
// refused there too, the refusal is the request's, judged as ParcelFactory.book judges it.
import { expect } from '../../evidence/judge';
import type { Json } from '../../http/json';
import type { PooledLocker } from '../lockers/locker-pool';
import type { LockerFactory } from '../lockers/locker-factory';
import type { ParcelFactory } from './parcel-factory';

export async function bookInLent(
  lockers: LockerFactory,
  parcels: ParcelFactory,
  lent: PooledLocker,
  overrides: Json = {},
): Promise<{ locker: Json; body: Json }> {
  // What earlier borrowers left, and what this test booked there so far.
  const held = lent.held + parcels.left.heldIn(lent.record);
  if (held === 0) return { locker: lent.record, body: await parcels.book(lent.record, overrides) };
  // The booking room tells a full locker from a refused request (booking-room.ts); the full one is retired.
  const room = parcels.room(lent.record, async () => (await lockers.lendInstead(lent.record, lent.kind)).record, held);
  const { exchange, body, locker } = await room.publish(parcels.body(lent.record, overrides));
  expect(exchange).toSucceed('PCL-BOOKING-CREATES');
  return { locker, body };
}
