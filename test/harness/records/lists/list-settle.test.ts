// Given a list that shows a write a moment late and reads that are slow, want the verdict to rest on a
// read begun after the settle time: a read that used up the time while the list lagged is never the last.
import { expect, test } from '@playwright/test';
import { forgetLags, hasLagged } from '../../../../harness/records/lists/list-lag';
import { settle } from '../../../../harness/records/lists/settle';
import { closeLog, EvidenceLog, openLog } from '../../../../harness/evidence/log';

// settle observes how long a list took to show a write: under a log of its own.
let log: EvidenceLog;
test.beforeEach(() =>
  openLog(
    (log = new EvidenceLog(
      () => '',
      () => true,
    )),
  ),
);
test.afterEach(() => closeLog(log));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a first read slower than the settle time, begun before the write showed, is read again once', async () => {
  const shownAt = Date.now() + 300;
  let reads = 0;
  const value = await settle(
    async () => {
      reads += 1;
      const began = Date.now();
      await sleep(reads === 1 ? 700 : 10);
      return began >= shownAt;
    },
    (v) => v,
    500,
    'GET /lockers',
  );
  expect(value).toBe(true);
  expect(reads).toBe(2);
});

test('reads stop once one begun after the settle time still does not show it', async () => {
  const decisive: boolean[] = [];
  const started = Date.now();
  let lastBegan = 0;
  const value = await settle(
    async (last) => {
      decisive.push(last);
      lastBegan = Date.now();
      await sleep(30);
      return false;
    },
    (v) => v,
    300,
    'GET /lockers',
  );
  expect(value).toBe(false);
  expect(lastBegan - started).toBeGreaterThanOrEqual(300);
  expect(lastBegan - started).toBeLessThan(600);
  // Only the last read, begun after the settle time, is the decisive one.
  expect(decisive.slice(0, -1).every((d) => !d)).toBe(true);
  expect(decisive.at(-1)).toBe(true);
});

test('no settle time: one read', async () => {
  let reads = 0;
  await settle(
    async () => (reads += 1) > 5,
    (v) => v,
    0,
    'GET /parcels',
  );
  expect(reads).toBe(1);
});

test('a list that showed a write only when read again is known to lag, wherever it was read', async () => {
  forgetLags();
  let reads = 0;
  await settle(
    async () => (reads += 1) > 1,
    (v) => v,
    500,
    'GET /parcels',
  );
  // The frame and list-since read the fact here: a read an inner retry hid from the caller still teaches it.
  expect(hasLagged('GET /parcels')).toBe(true);
  expect(hasLagged('GET /lockers')).toBe(false);
  forgetLags();
});

test('a list that showed a write at once is not known to lag', async () => {
  forgetLags();
  await settle(
    async () => true,
    (v) => v,
    500,
    'GET /lockers',
  );
  expect(hasLagged('GET /lockers')).toBe(false);
});
