// Lent lockers (harness/records/lockers/locker-pool.ts, locker-lending.ts): a locker is one test's own while
// lent, whichever worker asks; it goes back with what the test left in it; a bookings locker holding
// parcels is not lent again; an earlier run's pooled lockers are found by their mark for this key.
// Lending over a fake target: locker-pool-lending.test.ts.
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { markedKind, poolMark, poolProviderName } from '../../../../harness/records/lockers/locker-lending';
import { HELD_AT_MOST, LockerPool } from '../../../../harness/records/lockers/locker-pool';
import { dirs, locker, pooled, scratch } from '../../../support/pool-lockers';

test.afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

test('a free locker is claimed by one worker alone, and lent again only once given back', () => {
  const dir = scratch();
  const [one, two] = [new LockerPool(dir), new LockerPool(dir)];
  one.give(pooled('L1', 'bookings'));
  expect(one.claim('bookings')?.record['uid']).toBe('L1');
  expect(two.claim('bookings')).toBeUndefined();
  one.give(pooled('L1', 'bookings'));
  expect(two.claim('bookings')?.record['uid']).toBe('L1');
});

test('kinds are kept apart: an updates locker is never lent for bookings', () => {
  const pool = new LockerPool(scratch());
  pool.give(pooled('U1', 'updates'));
  expect(pool.claim('bookings')).toBeUndefined();
  expect(pool.claim('deliveries')).toBeUndefined();
  expect(pool.claim('updates')?.record['uid']).toBe('U1');
});

test(
  'a bookings locker given back holding parcels is not lent again; a deliveries one is while it holds few, ' +
    'saying how many',
  () => {
    const pool = new LockerPool(scratch());
    pool.give(pooled('B1', 'bookings', 1));
    pool.give(pooled('D1', 'deliveries', HELD_AT_MOST.deliveries));
    pool.give(pooled('D2', 'deliveries', HELD_AT_MOST.deliveries + 1));
    expect(pool.claim('bookings')).toBeUndefined();
    expect(pool.claim('bookings')).toBeUndefined();
    expect(pool.claim('deliveries')).toMatchObject({ record: { uid: 'D1' }, held: HELD_AT_MOST.deliveries });
    expect(pool.claim('deliveries')).toBeUndefined();
  },
);

test('a retired locker is not lent again', () => {
  const pool = new LockerPool(scratch());
  pool.give(pooled('D1', 'deliveries'));
  const lent = pool.claim('deliveries')!;
  pool.retire(lent);
  expect(pool.claim('deliveries')).toBeUndefined();
});

test('a uid with characters no file name takes is kept all the same', () => {
  const pool = new LockerPool(scratch());
  pool.give(pooled('../a/b c..', 'updates'));
  expect(pool.claim('updates')?.record['uid']).toBe('../a/b c..');
});

test('a one-time task goes to the first caller of the run, in any worker', () => {
  const dir = scratch();
  expect(new LockerPool(dir).once('discover')).toBe(true);
  expect(new LockerPool(dir).once('discover')).toBe(false);
  expect(new LockerPool(scratch()).once('discover')).toBe(true);
});

test('the mark names the kind and a digest of the key, never the key', () => {
  const mark = poolMark('bookings', 'secret-key');
  expect(mark).toMatch(/^bookings:[0-9a-f]{12}$/);
  expect(mark).not.toContain('secret');
  expect(markedKind(locker('L', 'deliveries', 'secret-key'), 'secret-key')).toBe('deliveries');
  // Another carrier's pooled locker, or one without the mark, is not this key's.
  expect(markedKind(locker('L', 'deliveries', 'other-key'), 'secret-key')).toBeUndefined();
  expect(markedKind(locker('L'), 'secret-key')).toBeUndefined();
  expect(markedKind({ uid: 'L', metadata: 'none' }, 'secret-key')).toBeUndefined();
});

test('the pool keeps the last provider name to itself, and none when the target lists one name', () => {
  const pair = (name: string) => ({ name, lockerModel: 'M', lockerVersion: '1' });
  expect(poolProviderName([pair('B'), pair('A'), pair('C'), pair('A')])).toBe('C');
  expect(poolProviderName([pair('A'), pair('A')])).toBeUndefined();
});
