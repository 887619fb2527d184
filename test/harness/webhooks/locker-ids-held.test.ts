// Which lockers held a carrier.lockerId: from a write's answer, from a LockerUpdates delivery, per carrier.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../../harness/http/exchange';
import {
  heldBy,
  LockerIdsHeld,
  lockerIdsOfRun,
  lockersHolding,
  type LockerIdHeld,
} from '../../../harness/webhooks/locker-ids-held';
import type { Delivery } from '../../../harness/webhooks/types';

function exchange(operationId: string, status: number, lockerId: unknown, answer: unknown, uid = 'U-9'): Exchange {
  return {
    operationId,
    method: operationId === 'createLocker' ? 'POST' : 'PATCH',
    url: `http://cis.test/v1/lockers${operationId === 'createLocker' ? '' : `/${uid}`}`,
    request: { headers: {}, body: { carrier: { lockerId, lockerName: 'n' } } },
    status,
    headers: {},
    text: JSON.stringify(answer),
    body: answer,
  };
}

const cases: [string, Exchange, LockerIdHeld | undefined][] = [
  [
    'a create answered with its record',
    exchange('createLocker', 201, 'CC-1', { uid: 'U-1' }),
    {
      side: 'primary',
      lockerId: 'CC-1',
      uid: 'U-1',
    },
  ],
  [
    'an update: the uid its path names',
    exchange('updateLocker', 200, 'CC-2', {}, 'U 2'),
    {
      side: 'primary',
      lockerId: 'CC-2',
      uid: 'U 2',
    },
  ],
  ['a refused create', exchange('createLocker', 400, 'CC-1', { uid: 'U-1' }), undefined],
  ['a create answered without a uid', exchange('createLocker', 201, 'CC-1', {}), undefined],
  ['an update naming no carrier.lockerId', exchange('updateLocker', 200, undefined, {}), undefined],
  ['a list', exchange('listLockers', 200, 'CC-1', { uid: 'U-1' }), undefined],
];

for (const [given, ex, want] of cases)
  test(`heldBy: ${given}`, () => {
    expect(heldBy(ex, 'primary')).toEqual(want);
  });

const pushed = (path: string, uid: string, lockerId: string): Delivery =>
  ({ path, kind: 'LockerUpdates', body: { uid, carrier: { lockerId } } }) as unknown as Delivery;

test('lockersHolding counts the lockers of one carrier shown holding an id, at least one', () => {
  const held: LockerIdHeld[] = [
    { side: 'primary', lockerId: 'CC-1', uid: 'U-1' },
    { side: 'primary', lockerId: 'CC-1', uid: 'U-1' },
    { side: 'primary', lockerId: 'CC-1', uid: 'U-2' },
    { side: 'secondary', lockerId: 'CC-1', uid: 'U-3' },
  ];
  expect(lockersHolding(held, 'CC-1', 'primary')).toBe(2);
  expect(lockersHolding(held, 'CC-1', 'secondary')).toBe(1);
  expect(lockersHolding(held, 'CC-1')).toBe(3);
  expect(lockersHolding(held, 'CC-9', 'primary')).toBe(1);
});

test("lockerIdsOfRun reads every worker's file and the run's LockerUpdates deliveries", () => {
  const stopFile = join(mkdtempSync(join(tmpdir(), 'ids-held-')), '.target-stopped.json');
  new LockerIdsHeld(stopFile).note(exchange('createLocker', 201, 'CC-1', { uid: 'U-1' }), 'primary');
  new LockerIdsHeld(stopFile).note(exchange('updateLocker', 200, 'CC-1', {}, 'U-2'), 'primary');
  const deliveries = [pushed('/webhooks/carrier-1', 'U-3', 'CC-1'), pushed('/webhooks/carrier-2', 'U-4', 'CC-1')];
  const held = lockerIdsOfRun(deliveries, stopFile);
  expect(lockersHolding(held, 'CC-1', 'primary')).toBe(3);
  expect(lockersHolding(held, 'CC-1', 'secondary')).toBe(1);
});
