// Given requests in flight, want the test's timeout grown by the time spent waiting on the target
// (parallel requests counted once), up to a bound, and never for an answer still awaited.
import { expect, test } from '@playwright/test';
import { inParallel } from '../../../harness/http/in-parallel';
import { timeoutExtender, waitingTransport } from '../../../harness/target/target-wait';
import type { ReceivedAnswer, Transport } from '../../../harness/http/transport';

const answer: ReceivedAnswer = { status: 200, statusText: 'OK', headers: {}, text: '' };

/** A transport whose answers come when the test says. */
function controlled(): { transport: Transport; release: () => void } {
  const waiting: (() => void)[] = [];
  return {
    transport: () => new Promise((resolve) => waiting.push(() => resolve(answer))),
    release: () => waiting.splice(0).forEach((go) => go()),
  };
}

test('requests in flight together count once towards the wait', async () => {
  const waits: number[] = [];
  const { transport, release } = controlled();
  const timed = waitingTransport(transport, (ms) => waits.push(ms));
  const sent = [1, 2, 3].map(() => timed({ url: 'http://t.invalid/', method: 'GET', headers: {}, timeoutMs: 1000 }));
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(waits).toEqual([]);
  release();
  await Promise.all(sent);
  expect(waits).toHaveLength(1);
  expect(waits[0]).toBeGreaterThanOrEqual(25);
});

test('an answer never given adds nothing: a stalled target still meets the timeout', async () => {
  const waits: number[] = [];
  const timed = waitingTransport(controlled().transport, (ms) => waits.push(ms));
  void timed({ url: 'http://t.invalid/', method: 'GET', headers: {}, timeoutMs: 1000 });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(waits).toEqual([]);
});

const table: [string, number, number[], number, number][] = [
  ['each wait is added', 60_000, [100, 250], 1_000_000, 60_350],
  ['the extensions stop at the bound', 60_000, [400, 400, 400], 1_000, 61_000],
  ['no timeout (0) stays none', 0, [500], 1_000, 0],
];
for (const [name, start, waits, max, want] of table) {
  test(`timeoutExtender: ${name}`, () => {
    let timeout = start;
    const extend = timeoutExtender({ get: () => timeout, set: (ms) => (timeout = ms) }, max);
    for (const ms of waits) extend(ms);
    expect(timeout).toBe(want);
  });
}

test('inParallel keeps the order of its items and never exceeds its limit', async () => {
  let inFlight = 0;
  let most = 0;
  const results = await inParallel([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setTimeout(resolve, n));
    inFlight -= 1;
    return n * 10;
  });
  expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
  expect(most).toBe(3);
  expect(await inParallel([], 4, async () => 1)).toEqual([]);
});
