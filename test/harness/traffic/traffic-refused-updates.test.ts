// `carrier-conformance judge` on an update not taken (harness/traffic/rules/refused-updates.ts): held to LCK-UPDATE-200
// where the body is valid and sends the locker what the service took for it before, a new name aside; left where the
// spec leaves a service free to refuse it.
import { expect, test } from '@playwright/test';
import { failedRules } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { BASE, bookingEntry, create, entry, file, har, record } from '../../support/traffic-entries';

const refusal = { errorCode: 'VALIDATION_FAILED', message: 'no' };
const update = (body: unknown, status = 400, uid = '100') =>
  entry('PATCH', `/lockers/${uid}`, status, status < 300 ? record : refusal, { body });
const second = { ...create, carrier: { ...create.carrier, lockerId: 'C-2', lockerName: 'South' } };

/** A create of locker 100 and what `then` makes, in the recording's order: does LCK-UPDATE-200 fail? */
async function fails(...then: (() => unknown)[]): Promise<boolean> {
  const entries = [entry('POST', '/lockers', 201, record, { body: create }), ...then.map((make) => make())];
  const failed = failedRules(await judgeTraffic({ traffic: file(har(entries)), baseUrl: BASE }));
  return failed.includes('LCK-UPDATE-200');
}

test('a valid update sending what the service took for the locker before is taken again', async () => {
  expect(await fails(() => update({ location: create.location }))).toBe(true);
  expect(await fails(() => update({ carrier: create.carrier, location: create.location }, 404))).toBe(true);
  expect(await fails(() => update({}, 409))).toBe(true);
  expect(await fails(() => update({ carrier: create.carrier }, 304))).toBe(true);
  // Another name, no longer than one taken and of the kinds of character taken there.
  expect(await fails(() => update({ carrier: { ...create.carrier, lockerName: 'Nor' } }))).toBe(true);
  // Taken: nothing for this module to hold.
  expect(await fails(() => update({ location: create.location }, 200))).toBe(false);
});

test('an update refused for what the spec leaves open is not held', async () => {
  // A value never taken before: a length or a range the service may not take (§8).
  expect(await fails(() => update({ carrier: { ...create.carrier, lockerName: 'N'.repeat(300) } }))).toBe(false);
  // A character of a kind never taken there (a service may take a narrower set of characters, §8), or blanks at an
  // end, or a date-time never taken (its range is not shown).
  expect(await fails(() => update({ carrier: { ...create.carrier, lockerName: 'Nö' } }))).toBe(false);
  expect(await fails(() => update({ carrier: { ...create.carrier, lockerName: 'No ' } }))).toBe(false);
  const dated = { ...create.carrier, activationDate: '2026-01-02T00:00:00Z' };
  expect(await fails(() => update({ carrier: dated }))).toBe(false);
  // A location, or an entry, never sent for this locker: its combination may be one the service checks (§7).
  expect(await fails(() => update({ location: { ...create.location, city: 'Bruges' } }))).toBe(false);
  expect(await fails(() => update({ metadata: [{ key: 'door', value: 'B' }] }))).toBe(false);
  // After a status change of the locker: what a service refuses a locker in another status is not shown (§3).
  expect(
    await fails(
      () => entry('PATCH', '/lockers/status', 200, {}, { body: { uids: ['100'], status: 'DISABLED' } }),
      () => update({ location: create.location }),
    ),
  ).toBe(false);
  // Another locker's carrier.lockerId (no member is unique, §2.1).
  const other = { ...record, uid: '101', carrier: { ...record.carrier, lockerId: 'C-2' } };
  expect(
    await fails(
      () => entry('POST', '/lockers', 201, other, { body: second }),
      () => update({ carrier: { ...create.carrier, lockerId: 'C-2' } }),
    ),
  ).toBe(false);
  // A locker a booking named (what a service refuses a locker holding a parcel is not shown, §7).
  expect(
    await fails(
      () => bookingEntry('P-1'),
      () => update({ location: create.location }),
    ),
  ).toBe(false);
  // Invalid by the document; the key's or a rate's answer; the other carrier's update.
  expect(await fails(() => update({ location: { ...create.location, lon: 'east' } }))).toBe(false);
  expect(await fails(() => update({ location: create.location }, 429))).toBe(false);
  expect(
    await fails(() =>
      entry('PATCH', '/lockers/100', 404, refusal, { body: { location: create.location }, key: 'other-key' }),
    ),
  ).toBe(false);
});

test('an update with another write to the locker in flight is not held', async () => {
  expect(
    await fails(
      () => ({ ...update({ location: create.location }), time: 3000 }),
      () => entry('PATCH', '/lockers/status', 200, {}, { body: { uids: ['100'], status: 'DISABLED' } }),
    ),
  ).toBe(false);
});
