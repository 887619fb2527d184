// `judge`'s frame on lists that lag (harness/traffic/rules/frame-reads.ts): a read soon after two writes that named a
// record may show it between them, a form no answer showed; soon after one write, only a form from before it.
import { expect, test } from '@playwright/test';
import { entry } from '../../support/traffic-entries';
import { created, locker, verdict } from '../../support/traffic-records';

const lockers = (items: unknown[]) => entry('GET', '/lockers', 200, items);
const status = (newStatus: string) =>
  entry('PATCH', '/lockers/status', 200, {}, { body: { lockerUid: '100', newStatus } });
const showing = (carrierStatus: string) => {
  const shown = locker('100', 'north');
  return { ...shown, carrier: { ...shown.carrier, status: carrierStatus } };
};
// Lists may lag a write by a minute.
const judged = async (entries: unknown[]) =>
  (await verdict('GEN-STATE-NAMED-ONLY', entries, { lagFloorMs: 60_000 })).verdict;

test('soon after two status changes a list may show the locker between them; after one, only before it', async () => {
  const opening = [created('100', 'north'), lockers([showing('ACTIVE')])];
  // Listed as the first change left it, then as the second did (made in order: each entry takes the next second).
  const shownThen = () => [lockers([showing('INACTIVE')]), lockers([showing('ACTIVE')])];
  expect(await judged([...opening, status('INACTIVE'), status('ACTIVE'), ...shownThen()])).not.toBe('failed');
  // One change: a list showing its status, then the one before it, changed with no write between.
  const once = [...opening, status('INACTIVE'), ...shownThen()];
  expect(await judged(once)).toBe('failed');
  // A write after both reads names the locker later: it is no write the first read may show the locker after.
  expect(await judged([...once, status('INACTIVE')])).toBe('failed');
});
