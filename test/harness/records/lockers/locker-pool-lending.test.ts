// Lending over a target (harness/records/lockers/locker-lending.ts): a locker made for the pool carries its mark,
// `again` and a deliveries locker's parcels decide what is lent, a test cut short retires what it borrowed, and
// another run's recent claim is left alone.
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { CisClient } from '../../../../harness/http/client';
import type { Exchange } from '../../../../harness/http/exchange';
import type { Json } from '../../../../harness/http/json';
import { claimed, Lending, poolMark } from '../../../../harness/records/lockers/locker-lending';
import {
  HELD_AT_MOST,
  LockerPool,
  POOL_CLAIM_KEY,
  POOL_KEY,
  type PoolKind,
} from '../../../../harness/records/lockers/locker-pool';
import { dirs, locker, scratch } from '../../../support/pool-lockers';

test.afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const NOW = new Date('2026-11-26T12:00:00Z');
/** Lockers the fake targets made, over all tests: each has a uid of its own. */
let madeEver = 0;

/** A Lending over a fake target whose pool provider's list shows `listed`, making lockers L1, L2, …; updates answered
 * `claimStatus`. */
function lending(dir: string, listed: Json[], { key = 'key-1', runId = 'run-b', claimStatus = 200 } = {}) {
  const made: Json[] = [];
  const reads: string[] = [];
  const claims: { uid: string; metadata: Json[] }[] = [];
  const api = {
    concurrency: 2,
    call: async (
      operationId: string,
      options: { query?: Record<string, string>; params?: Record<string, string>; body?: Json },
    ) => {
      if (operationId === 'updateLocker')
        claims.push({ uid: options.params!['uid']!, metadata: options.body!['metadata'] as Json[] });
      else reads.push(`${operationId} ${JSON.stringify(options.query ?? {})}`);
      const status = operationId === 'updateLocker' ? claimStatus : 200;
      return {
        operationId,
        method: 'get',
        url: 'u',
        request: { headers: {} },
        status,
        headers: {},
        text: '',
        body: operationId === 'updateLocker' ? {} : listed,
      } as unknown as Exchange;
    },
  } as unknown as CisClient;
  const pairs = async () => [
    { name: 'PROVIDER_NAME_1', lockerModel: 'M', lockerVersion: '1' },
    { name: 'PROVIDER_NAME_7', lockerModel: 'M', lockerVersion: '1' },
  ];
  const make = async (overrides: Json) => {
    madeEver += 1;
    const record = { uid: `L${madeEver}`, carrier: { lockerId: `CC-${madeEver}` }, ...overrides };
    made.push(record);
    return record;
  };
  const deps = { api, apiKey: key, runId, now: () => NOW, paging: undefined, pairs, make };
  return { lending: new Lending(new LockerPool(dir), deps), made, reads, claims, deps };
}
const depsOf = (dir: string) => lending(dir, []).deps;

/** A pooled locker of this key as listed, claimed by `run` at `at`. */
const claimedBy = (uid: string, kind: PoolKind, run: string, at: string): Json => ({
  ...locker(uid, kind),
  metadata: [...(locker(uid, kind)['metadata'] as Json[]), { key: POOL_CLAIM_KEY, value: `${run} ${at}` }],
});

test("a locker made for the pool uses the pool's provider and carries the mark for its kind and key", async () => {
  const { lending: l, made } = lending(scratch(), []);
  const lent = await l.lend('bookings');
  expect(lent.origin).toBe('made');
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({
    provider: { name: 'PROVIDER_NAME_7' },
    metadata: [
      { key: 'carrier-conformance-run', value: 'run-b' },
      { key: POOL_KEY, value: poolMark('bookings', 'key-1') },
      { key: POOL_CLAIM_KEY, value: 'run-b 2026-11-26T12:00:00.000Z' },
    ],
  });
});

test(
  "an earlier run's pooled updates and network lockers for this key are found once per run, claimed, and lent " +
    'before any is made',
  async () => {
    const dir = scratch();
    const listed = [
      locker('OLD-U', 'updates'),
      locker('OLD-N', 'network'),
      locker('OLD-B', 'bookings'),
      locker('OLD-D', 'deliveries'),
      locker('OTHER', 'updates', 'key-2'),
      locker('PLAIN'),
    ];
    const first = lending(dir, listed);
    const second = lending(dir, listed);
    expect(await first.lending.lend('updates')).toMatchObject({ record: { uid: 'OLD-U' }, origin: 'earlier', held: 0 });
    expect(first.reads).toEqual(['listLockers {"providerName":"PROVIDER_NAME_7"}']);
    // Claimed for this run before it is lent: a run starting later leaves it alone.
    expect(first.claims.map((c) => c.uid).sort()).toEqual(['OLD-N', 'OLD-U']);
    expect(first.claims[0]!.metadata).toContainEqual({ key: POOL_CLAIM_KEY, value: 'run-b 2026-11-26T12:00:00.000Z' });
    // An earlier run's parcels in a bookings or deliveries locker are not known: those are made afresh, as is a locker
    // of another key.
    expect(second.reads).toEqual([]);
    expect(await second.lending.lend('network')).toMatchObject({ record: { uid: 'OLD-N' }, origin: 'earlier' });
    expect((await second.lending.lend('bookings')).origin).toBe('made');
    expect((await second.lending.lend('deliveries')).origin).toBe('made');
    expect((await second.lending.lend('updates')).origin).toBe('made');
  },
);

test(
  'lent lockers go back with what the test left: parcels held, and the ids booked there for the next borrower ' +
    'to skip',
  async () => {
    const dir = scratch();
    const { lending: l } = lending(dir, []);
    const bookings = await l.lend('bookings');
    const deliveries = await l.lend('deliveries');
    expect(l.earlierParcels()).toEqual(new Set());
    l.giveBack(
      (record) => (record === bookings.record ? 0 : 0),
      (record) => (record === bookings.record ? ['P1', 'P2'] : []),
    );
    const next = lending(dir, []).lending;
    expect(await next.lend('bookings')).toMatchObject({
      record: { uid: bookings.record['uid'] },
      held: 0,
      earlier: ['P1', 'P2'],
    });
    expect(next.earlierParcels()).toEqual(new Set(['P1', 'P2']));
    // A deliveries borrower's events may leave parcels no booking shows: it goes back holding one at least.
    expect(await next.lend('deliveries')).toMatchObject({ record: { uid: deliveries.record['uid'] }, held: 1 });
  },
);

test("`again` gives the test the locker of the kind it already holds while it is within the kind's limit", async () => {
  const dir = scratch();
  const { lending: l } = lending(dir, []);
  const first = await l.lend('updates');
  expect(await l.lend('updates', { again: true })).toBe(first);
  expect((await l.lend('updates')).record['uid']).not.toBe(first.record['uid']);
  // A bookings locker again while the test left nothing in it; once it holds one, another.
  const held = new Map<string, number>();
  const withLeft = new Lending(new LockerPool(dir), { ...depsOf(dir), leftIn: (r) => held.get(String(r['uid'])) ?? 0 });
  const bookings = await withLeft.lend('bookings');
  expect(await withLeft.lend('bookings', { again: true })).toBe(bookings);
  held.set(String(bookings.record['uid']), 1);
  expect((await withLeft.lend('bookings', { again: true })).record['uid']).not.toBe(bookings.record['uid']);
});

test(
  'a deliveries locker is lent while it holds few ' + 'parcels: each borrower counts as leaving one at least',
  async () => {
    const dir = scratch();
    const first = lending(dir, []).lending;
    const lent = await first.lend('deliveries');
    first.giveBack(
      () => 0,
      () => [],
    );
    let uses = 1;
    for (let tries = 0; tries < 10; tries++) {
      const next = lending(dir, []).lending;
      const again = await next.lend('deliveries');
      if (again.record['uid'] !== lent.record['uid']) break;
      uses++;
      next.giveBack(
        () => 0,
        () => [],
      );
    }
    expect(uses).toBe(HELD_AT_MOST.deliveries + 1);
  },
);

test('a test cut short by its timeout retires what it borrowed', async () => {
  const dir = scratch();
  const { lending: l } = lending(dir, []);
  await l.lend('updates');
  l.giveBack(
    () => 0,
    () => [],
    true,
  );
  expect((await lending(dir, []).lending.lend('updates')).origin).toBe('made');
});

test('a retired lent locker is not given back', async () => {
  const dir = scratch();
  const { lending: l } = lending(dir, []);
  const lent = await l.lend('deliveries');
  l.retire(lent.record['uid']);
  l.giveBack(
    () => 0,
    () => [],
  );
  const next = lending(dir, []);
  expect((await next.lending.lend('deliveries')).origin).toBe('made');
  expect(next.made).toHaveLength(1);
});

test(
  'a pooled locker this run claimed, or another run within ' + 'the last hours, is left alone; an older claim is not',
  async () => {
    const listed = [
      claimedBy('BUSY', 'updates', 'run-a', '2026-11-26T09:00:00Z'),
      claimedBy('OLD', 'updates', 'run-a', '2026-11-25T09:00:00Z'),
      claimedBy('MINE', 'updates', 'run-b', '2026-11-25T11:00:00Z'),
    ];
    expect(listed.map((r) => claimed(r, 'run-b', NOW))).toEqual([true, false, true]);
    expect(claimed({ metadata: [{ key: POOL_CLAIM_KEY, value: 'run-a not-a-time' }] }, 'run-b', NOW)).toBe(false);
    const { lending: l, claims } = lending(scratch(), listed);
    expect((await l.lend('updates')).record['uid']).toBe('OLD');
    expect(claims.map((c) => c.uid)).toEqual(['OLD']);
    expect((await l.lend('updates')).origin).toBe('made');
  },
);

test('a pooled locker whose claim the target refuses is not lent', async () => {
  const { lending: l, claims } = lending(scratch(), [locker('OLD-U', 'updates')], { claimStatus: 400 });
  expect((await l.lend('updates')).origin).toBe('made');
  expect(claims).toHaveLength(1);
});
