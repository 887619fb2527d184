// A booking in a lent locker that holds parcels the run left (harness/records/parcels/lent-booking.ts): a
// refusal for room moves it to a fresh locker and the full one is retired; a refusal for the key, or
// a locker that holds nothing, is judged where it is. What a test left is counted per locker
// (parcels-left.ts).
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../../../harness/http/exchange';
import type { Json } from '../../../../harness/http/json';
import { bookInLent } from '../../../../harness/records/parcels/lent-booking';
import type { LockerFactory } from '../../../../harness/records/lockers/locker-factory';
import type { PooledLocker } from '../../../../harness/records/lockers/locker-pool';
import type { ParcelFactory } from '../../../../harness/records/parcels/parcel-factory';
import { ParcelsLeft } from '../../../../harness/records/parcels/parcels-left';
import { BookingRoom } from '../../../../harness/records/parcels/booking-room';
import { closeLog, EvidenceLog, openLog } from '../../../../harness/evidence/log';

let evidence: EvidenceLog;
test.beforeEach(() =>
  openLog(
    (evidence = new EvidenceLog(
      () => '',
      () => true,
    )),
  ),
);
test.afterEach(() => closeLog(evidence));

/** A publish answer: a PublishResponse where it is a success (§2.3), no body otherwise. */
const answer = (status: number): Exchange => {
  const body =
    status < 300 ? { status: 'BOOKED', message: 'Booking created', timestamp: new Date().toISOString() } : undefined;
  return {
    operationId: 'publishParcel',
    method: 'post',
    url: 'u',
    request: { headers: {} },
    status,
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify(body ?? null),
    body,
  } as unknown as Exchange;
};

/** A target answering `status` on the lent locker and `fresh` on any other; the booking room is the real one. */
function fakes(status: number, fresh = 200) {
  const log: string[] = [];
  const parcels = {
    left: new ParcelsLeft(),
    body: (locker: Json) => ({ eventType: 'BOOKING', lockerUid: locker['uid'], carrierParcelId: 'P' }),
    publish: async (body: Json) => {
      log.push(`publish ${body['lockerUid']}`);
      return answer(body['lockerUid'] === 'LENT' ? status : fresh);
    },
    book: async (locker: Json) => {
      log.push(`book ${locker['uid']}`);
      return { carrierParcelId: 'P', lockerUid: locker['uid'] };
    },
    room: (first: Json, freshLocker: () => Promise<Json>, held: number) =>
      new BookingRoom(first, parcels, freshLocker, held),
  } as unknown as ParcelFactory;
  const lockers = {
    lendInstead: async (full: Json) => {
      log.push(`retire ${full['uid']}`);
      return { record: { uid: 'FRESH' } };
    },
  } as unknown as LockerFactory;
  return { parcels, lockers, log };
}

const lent = (held: number): PooledLocker => ({
  kind: 'deliveries',
  record: { uid: 'LENT' },
  held,
  earlier: [],
  origin: 'made',
});
const failed = () =>
  Object.entries(evidence.toJSON().rules)
    .filter(([, r]) => r.failed > 0)
    .map(([rule]) => rule);

test('a locker holding nothing the run left books as any locker does: judged there', async () => {
  const { parcels, lockers, log } = fakes(400);
  expect((await bookInLent(lockers, parcels, lent(0))).locker).toEqual({ uid: 'LENT' });
  expect(log).toEqual(['book LENT']);
});

test('a locker holding parcels that takes the booking keeps it', async () => {
  const { parcels, lockers, log } = fakes(201);
  expect((await bookInLent(lockers, parcels, lent(2))).locker).toEqual({ uid: 'LENT' });
  expect(log).toEqual(['publish LENT']);
});

test('a locker holding parcels that refuses the booking is retired, and a fresh one decides', async () => {
  const { parcels, lockers, log } = fakes(400);
  expect((await bookInLent(lockers, parcels, lent(2))).locker).toEqual({ uid: 'FRESH' });
  expect(log).toEqual(['publish LENT', 'retire LENT', 'publish FRESH']);
  expect(JSON.stringify(evidence.toJSON())).toContain('a full locker, not a refused request');
});

test("a booking refused on the fresh locker too is the request's: judged a failure", async () => {
  const { parcels, lockers, log } = fakes(400, 400);
  await expect(bookInLent(lockers, parcels, lent(2))).rejects.toThrow();
  expect(log).toEqual(['publish LENT', 'retire LENT', 'publish FRESH']);
  expect(failed()).toContain('PCL-BOOKING-CREATES');
});

test('a refusal for the key is no full locker: judged a failure on the lent one', async () => {
  const { parcels, lockers, log } = fakes(401);
  await expect(bookInLent(lockers, parcels, lent(2))).rejects.toThrow();
  expect(log).toEqual(['publish LENT']);
  expect(failed()).toContain('PCL-BOOKING-CREATES');
});

test('what a test left is counted per locker, by its uid or its carrier.lockerId, less what it cancelled', () => {
  const left = new ParcelsLeft();
  left.booked({ carrierParcelId: 'P1', lockerUid: 'L1' });
  left.booked({ carrierParcelId: 'P2', carrierLockerId: 'CC-1' });
  left.booked({ carrierParcelId: 'P3', lockerUid: 'L2' });
  left.booked({ lockerUid: 'L1' });
  left.cancelledOk('P1');
  const l1 = { uid: 'L1', carrier: { lockerId: 'CC-1' } };
  expect(left.bookedIn(l1)).toEqual(['P1', 'P2']);
  expect(left.heldIn(l1)).toBe(1);
  expect(left.heldIn({ uid: 'L3', carrier: { lockerId: 'CC-3' } })).toBe(0);
});

test('a booking made again under a cancelled id is held again', () => {
  const left = new ParcelsLeft();
  const locker = { uid: 'L1', carrier: { lockerId: 'CC-1' } };
  left.booked({ carrierParcelId: 'P1', lockerUid: 'L1' });
  left.cancelledOk('P1');
  expect(left.heldIn(locker)).toBe(0);
  left.booked({ carrierParcelId: 'P1', lockerUid: 'L1' });
  expect(left.heldIn(locker)).toBe(1);
  // A refused booking booked nothing.
  left.booked({ carrierParcelId: 'P2', lockerUid: 'L1' });
  left.refused({ carrierParcelId: 'P2' });
  expect(left.heldIn(locker)).toBe(1);
  expect(left.bookedIn(locker)).toEqual(['P1']);
});
