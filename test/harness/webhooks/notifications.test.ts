// A resent CollectionNotification counts once; a second one within the period counts twice.
import { expect, test } from '@playwright/test';
import { distinctNotifications, isRedelivery, redeliveryWindowMs } from '../../../harness/webhooks/notifications';
import type { Delivery } from '../../../harness/webhooks/types';

const PERIOD = 300;
let seq = 0;
function delivery(
  receivedAt: number,
  eventTimestamp: number,
  extra: Record<string, unknown> = {},
  answered = 200,
): Delivery {
  const body = {
    courierAccessCode: '123456',
    carrierLockerId: 'CC-1',
    eventTimestamp: new Date(eventTimestamp).toISOString(),
    ...extra,
  };
  return {
    seq: ++seq,
    method: 'POST',
    path: '/webhooks/carrier-1',
    headers: {},
    credentials: [],
    body,
    raw: JSON.stringify(body),
    size: 0,
    receivedAt,
    kind: 'CollectionNotification',
    findings: [],
    ownCarrierJudged: true,
    answered,
  };
}

const T = 1_700_000_000_000;
const cases: [string, Delivery, Delivery, boolean][] = [
  ['the same body again, however late', delivery(T + 5000, T), delivery(T, T), true],
  [
    'built anew with a fresh eventTimestamp, at once (an at-least-once copy)',
    delivery(T + 3, T + 3),
    delivery(T, T),
    true,
  ],
  [
    'built anew at once, received later than the window (a busy listener): stamped a moment after the first',
    delivery(T + 150, T + 1),
    delivery(T, T),
    true,
  ],
  [
    'built anew after the listener refused the first (a retry), later than the window',
    delivery(T + 250, T + 250),
    delivery(T, T, {}, 500),
    true,
  ],
  [
    'the same content half a period later, the first answered 200: a second notification',
    delivery(T + PERIOD / 2, T + PERIOD / 2),
    delivery(T, T),
    false,
  ],
  [
    'another courierAccessCode at once: another notification',
    delivery(T + 3, T + 3, { courierAccessCode: '654321' }),
    delivery(T, T),
    false,
  ],
  ['another locker: another notification', delivery(T + 3, T + 3, { carrierLockerId: 'CC-2' }), delivery(T, T), false],
];
for (const [name, later, earlier, want] of cases) {
  test(`isRedelivery: ${name} → ${want}`, () => {
    expect(isRedelivery(later, earlier, PERIOD)).toBe(want);
  });
}

test('the redelivery window is a third of the period, at most a minute', () => {
  expect(redeliveryWindowMs(300)).toBe(100);
  expect(redeliveryWindowMs(24 * 60 * 60 * 1000)).toBe(60_000);
});

test('distinctNotifications keeps the first of each chain of resends, in arrival order', () => {
  const first = delivery(T, T);
  const copy = delivery(T + 2, T + 2);
  const retryOfCopy = delivery(T + 60, T + 60);
  const second = delivery(T + PERIOD, T + PERIOD);
  expect(distinctNotifications([second, retryOfCopy, copy, first], PERIOD).map((d) => d.seq)).toEqual([
    first.seq,
    second.seq,
  ]);
});
