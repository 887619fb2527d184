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
const lagging = { lagFloorMs: 60_000 };

test('soon after two status changes a list may show the locker between them; after one, only before it', async () => {
  const opening = [created('100', 'north'), lockers([showing('ACTIVE')])];
  const twice = [...opening, status('INACTIVE'), status('ACTIVE')];
  expect(
    (
      await verdict(
        'GEN-STATE-NAMED-ONLY',
        [...twice, lockers([showing('INACTIVE')]), lockers([showing('ACTIVE')])],
        lagging,
      )
    ).verdict,
  ).not.toBe('failed');
  // One change: a list showing its status, then the one before it, changed with no write between.
  const once = [...opening, status('INACTIVE')];
  expect(
    (
      await verdict(
        'GEN-STATE-NAMED-ONLY',
        [...once, lockers([showing('INACTIVE')]), lockers([showing('ACTIVE')])],
        lagging,
      )
    ).verdict,
  ).toBe('failed');
  // A write after both reads names the locker later: it is no write the first read may show the locker after.
  const later = [...once, lockers([showing('INACTIVE')]), lockers([showing('ACTIVE')]), status('INACTIVE')];
  expect((await verdict('GEN-STATE-NAMED-ONLY', later, lagging)).verdict).toBe('failed');
});
