// Given a delivery's path and body, want whether it reached the carrier it concerns.
import { expect, test } from '@playwright/test';
import { judgeIsolation } from '../../../harness/webhooks/isolation';

const cases: [string, string, unknown, { judged: boolean; problem?: RegExp }][] = [
  [
    "the first carrier's locker at its URL",
    '/webhooks/carrier-1',
    { uid: 'u', carrier: { lockerId: 'CC-run-w0-1' } },
    { judged: true },
  ],
  [
    "the second carrier's parcel at its URL",
    '/webhooks/carrier-2',
    { carrierParcelId: 'CCP2-run-w0-2' },
    { judged: true },
  ],
  [
    "the second carrier's parcel at the first carrier's URL",
    '/webhooks/carrier-1',
    { carrierParcelId: 'CCP2-run-w0-2' },
    { judged: true, problem: /carrier-1 .*secondary carrier's key/ },
  ],
  [
    "a collection notice for the first carrier's locker at the second's URL",
    '/webhooks/carrier-2/',
    { carrierLockerId: 'CC-run-w1-3', courierAccessCode: null },
    { judged: true, problem: /primary/ },
  ],
  ['a path that names no carrier', '/webhooks', { carrierParcelId: 'CCP2-x' }, { judged: false }],
  ['a record the run did not make', '/webhooks/carrier-1', { carrierParcelId: 'SEED-1' }, { judged: false }],
];

for (const [name, path, body, want] of cases) {
  test(name, () => {
    const got = judgeIsolation(path, body);
    expect(got.judged).toBe(want.judged);
    if (want.problem) expect(got.problem).toMatch(want.problem);
    else expect(got.problem).toBeUndefined();
  });
}
