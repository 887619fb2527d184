// Where a list adds records is the run's fact (harness/records/lists/list-order.ts): what one worker learns,
// every other reads in the run's scratch directory; a window that could not be trusted stays so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  forgetListOrders,
  learnOrder,
  orderKnown,
  shareListOrders,
  type AddedAt,
} from '../../../../harness/records/lists/list-order';

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'list-order-'));
  forgetListOrders();
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Another worker of the same run: nothing in memory, the same scratch directory. */
const anotherWorker = () => {
  forgetListOrders();
  shareListOrders(dir);
};

test('what one worker learns of a list, another worker of the run knows', () => {
  shareListOrders(dir);
  learnOrder('listLockers {}', 'end');
  anotherWorker();
  expect(orderKnown('listLockers {}')).toBe('end');
  // Per list as asked for: a filtered list is another list.
  expect(orderKnown('listLockers {"providerName":"P1"}')).toBeUndefined();
});

test('another run (another scratch directory) knows nothing of it', () => {
  shareListOrders(dir);
  learnOrder('listLockers {}', 'end');
  const other = mkdtempSync(join(tmpdir(), 'list-order-'));
  shareListOrders(other);
  expect(orderKnown('listLockers {}')).toBeUndefined();
  rmSync(other, { recursive: true, force: true });
});

const cases: [AddedAt[], AddedAt][] = [
  [['either', 'end'], 'end'],
  [['either', 'start'], 'start'],
  [['either'], 'either'],
  [['end', 'neither'], 'neither'],
  [['neither', 'end'], 'neither'],
  // One worker saw records added at the end, another at the start: no end can be trusted.
  [['end', 'start'], 'neither'],
];
for (const [given, want] of cases) {
  test(`learnt ${given.join(' then ')} across workers: ${want}`, () => {
    shareListOrders(dir);
    for (const value of given) {
      anotherWorker();
      learnOrder('listParcels {}', value);
    }
    anotherWorker();
    expect(orderKnown('listParcels {}')).toBe(want);
  });
}

test('without a scratch directory a worker keeps what it learnt to itself', () => {
  learnOrder('listLockers {}', 'start');
  expect(orderKnown('listLockers {}')).toBe('start');
});
