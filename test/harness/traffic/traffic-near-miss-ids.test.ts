// `carrier-conformance judge` on identifiers (harness/traffic/rules/near-miss-ids.ts): an id names only the record
// whose id it equals, so a near miss of a shown id that no record had is refused, and an update answers its own locker.
import { expect, test } from '@playwright/test';
import { failedRules } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { BASE, entry, file, har } from '../../support/traffic-entries';

const locker = (uid: string) => ({
  uid,
  carrier: { lockerId: `L-${uid}`, lockerName: 'n', status: 'ACTIVE', activationDate: '2026-01-05T10:00:00Z' },
});
const listed = (...uids: string[]) => entry('GET', '/lockers', 200, uids.map(locker));
const update = (path: string, status: number, answered?: string) =>
  entry(
    'PATCH',
    `/lockers/${encodeURIComponent(path)}`,
    status,
    answered ? locker(answered) : { errorCode: 'X', message: 'no' },
    {
      body: { metadata: [] },
    },
  );

const judge = async (entries: unknown[]) =>
  failedRules(await judgeTraffic({ traffic: file(har(entries)), baseUrl: BASE }));

test('an update by a near miss of a shown uid is refused; an update answers the locker its path names', async () => {
  const given: [what: string, entries: unknown[], fails: boolean][] = [
    ['a letter appended, refused', [listed('100001'), update('100001x', 404)], false],
    ['a letter appended, answered with the exact record', [listed('100001'), update('100001x', 200, '100001')], true],
    // A success that shows no record, or a 5xx (GEN-NO-5XX's), tells nothing of which record the id named.
    ['a letter appended, answered 200 without a record', [listed('100001'), update('100001x', 200)], false],
    ['a letter appended, answered 500', [listed('100001'), update('100001x', 500)], false],
    ['answered with another shown locker', [listed('100001', '100002'), update('100002', 200, '100001')], true],
    ['answered with a locker never shown', [listed('100002'), update('100002', 200, '100009')], false],
    ['answered with its own locker', [listed('100001'), update('100001', 200, '100001')], false],
    ['a leading zero of a numeric uid, the same locker', [listed('100001'), update('0100001', 200, '100001')], false],
    ['an id no record near', [listed('100001'), update('777', 200)], false],
    ['a near miss that is itself a shown uid', [listed('100001', '100001x'), update('100001x', 200, '100001x')], false],
  ];
  for (const [what, entries, fails] of given) expect((await judge(entries)).includes('GEN-ID-EXACT'), what).toBe(fails);
});
