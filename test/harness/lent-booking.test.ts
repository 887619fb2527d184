// A booking in a lent locker that holds parcels the run left (harness/records/lent-booking.ts): a
// refusal for room moves it to a fresh locker and the full one is retired; a refusal for the key, or
// a locker that holds nothing, is judged where it is. What a test left is counted per locker
// (parcels-left.ts).
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../harness/http/exchange';
import type { Json } from '../../harness/http/json';
import { bookInLent } from '../../harness/records/lent-booking';
import type { LockerFactory } from '../../harness/records/locker-factory';
import type { PooledLocker } from '../../harness/records/locker-pool';
import type { ParcelFactory } from '../../harness/records/parcel-factory';
import { ParcelsLeft } from '../../harness/records/parcels-left';
import { closeLog, EvidenceLog, openLog } from '../../harness/evidence/log';

let evidence: EvidenceLog;
test.beforeEach(() => openLog((evidence = new EvidenceLog(() => '', () => true))));
test.afterEach(() => closeLog(evidence));

const answer = (status: number): Exchange => ({ operationId: 'publishParcel', method: 'post', url: 'u', request: { headers: {} }, status, headers: {}, text: '', body: undefined }) as unknown as Exchange;

function fakes(status: number) {
  const log: string[] = [];
  const parcels = {
    left: new ParcelsLeft(),
    body: (locker: Json) => ({ eventType: 'BOOKING', lockerUid: locker['uid'], carrierParcelId: 'P' }),
    publish: async (body: Json) => {
      log.push(`publish ${body['lockerUid']}`);
      return answer(status);
    },
    book: async (locker: Json) => {
      log.push(`book ${locker['uid']}`);
      return { carrierParcelId: 'P', lockerUid: locker['uid'] };
    },
  } as unknown as ParcelFactory;
  const lockers = {
    lendInstead: async (full: Json) => {
      log.push(`retire ${full['uid']}`);
      return { record: { uid: 'FRESH' } };
    },
  } as unknown as LockerFactory;
  return { parcels, lockers, log };
}

const lent = (held: number): PooledLocker => ({ kind: 'deliveries', record: { uid: 'LENT' }, held, earlier: [], origin: 'made' });

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
  expect(log).toEqual(['publish LENT', 'retire LENT', 'book FRESH']);
  expect(JSON.stringify(evidence.toJSON())).toContain('a full locker, not a refused request');
});

test('a refusal for the key is no full locker: the booking is judged on the lent one', async () => {
  const { parcels, lockers, log } = fakes(401);
  expect((await bookInLent(lockers, parcels, lent(2))).locker).toEqual({ uid: 'LENT' });
  expect(log).toEqual(['publish LENT', 'book LENT']);
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
