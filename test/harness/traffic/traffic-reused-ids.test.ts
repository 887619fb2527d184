// `carrier-conformance judge` on a create under a carrier.lockerId a rejected create carried
// (harness/traffic/rules/rejected-writes.ts): the rejection held nothing, so the create is taken where the same
// create under another lockerId is.
import { expect, test } from '@playwright/test';
import { failedRules } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { BASE, create, entry, file, har, record } from '../../support/traffic-entries';

const refusal = { errorCode: 'VALIDATION_FAILED', message: 'no' };
const under = (lockerId: string) => ({
  ...create,
  carrier: { ...create.carrier, lockerId, lockerName: `N ${lockerId}` },
});
const { location: _left, ...invalid } = under('C-9');

/** The entries, made in the recording's order: does GEN-REJECTED-NO-EFFECT fail? */
async function fails(...made: (() => unknown)[]): Promise<boolean> {
  const entries = made.map((make) => make());
  return failedRules(await judgeTraffic({ traffic: file(har(entries)), baseUrl: BASE })).includes(
    'GEN-REJECTED-NO-EFFECT',
  );
}

const rejected = () => entry('POST', '/lockers', 400, refusal, { body: invalid });
const again = (status: number) => () =>
  entry('POST', '/lockers', status, status < 300 ? record : refusal, { body: under('C-9') });
const control = () => entry('POST', '/lockers', 201, { ...record, uid: '101' }, { body: under('C-10') });

test('a valid create under the id only a rejected create carried is taken where one under another id is', async () => {
  expect(await fails(rejected, again(409), control)).toBe(true);
  expect(await fails(rejected, control, again(400))).toBe(true);
  // Taken: nothing held.
  expect(await fails(rejected, again(201), control)).toBe(false);
});

test('a create refused under such an id is not held where nothing shows the same create taken', async () => {
  // No control: what else a service refuses a create for is not shown (§7).
  expect(await fails(rejected, again(409))).toBe(false);
  // The first refusal was of a valid create: the id may be held by a locker the recording never showed.
  const refusedValid = () => entry('POST', '/lockers', 409, refusal, { body: under('C-9') });
  expect(await fails(refusedValid, again(409), control)).toBe(false);
  // Refused for its key: not a refusal of what it carried.
  const keyless = () => entry('POST', '/lockers', 401, refusal, { body: invalid, key: 'wrong' });
  expect(await fails(keyless, again(409), control)).toBe(false);
});
