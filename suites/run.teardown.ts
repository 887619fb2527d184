// The run's end, after every suite: verdicts over all the webhook deliveries of the run.
import type { Delivery } from '../harness/webhooks/types';
import { expect, notObservable, observe, rules, test, type Json } from '../harness/fixtures';

test.beforeEach(({ requires }) => requires('webhooks'));

test('WH-DELIVERY-VALID every delivery received during the run was valid JSON of one of the three webhooks', rules('WH-DELIVERY-VALID', 'WH-LOCKER-BODY', 'WH-PARCEL-BODY', 'WH-COLLECTION-BODY'), async ({ webhooks }) => {
  const deliveries = await webhooks.client.all();
  const counts = new Map<string, number>();
  for (const d of deliveries) counts.set(d.kind ?? 'unclassified', (counts.get(d.kind ?? 'unclassified') ?? 0) + 1);
  observe('WH-DELIVERY-VALID', `${deliveries.length} deliveries: ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
  for (const delivery of deliveries.filter((d) => d.problems.length > 0)) {
    for (const rule of delivery.problemRules) {
      test.info().annotations.push({ type: 'violation', description: `${rule} delivery #${delivery.seq}: ${delivery.problems.join('; ')}` });
    }
    expect.soft(delivery.problems, `${delivery.problemRules[0]} delivery #${delivery.seq} (${delivery.kind ?? 'unclassified'}, ${delivery.size} bytes to ${delivery.path})`).toEqual([]);
  }
  if (deliveries.length === 0) notObservable('WH-DELIVERY-VALID', 'no delivery arrived during the run');
});

function eventTime(delivery: Delivery): number {
  const stamp = Date.parse(String((delivery.body as Json | undefined)?.['eventTimestamp']));
  return Number.isNaN(stamp) ? delivery.receivedAt : stamp;
}

test('WH-COLLECTION-DAILY no locker was named in more than one CollectionNotification per period', rules('WH-COLLECTION-DAILY'), async ({ webhooks }) => {
  const notifications = (await webhooks.client.all()).filter((d) => d.kind === 'CollectionNotification' && d.problems.length === 0);
  if (notifications.length === 0) {
    notObservable('WH-COLLECTION-DAILY', 'no CollectionNotification arrived during the run');
    return;
  }
  // A retried delivery repeats the same notification; count each (locker, eventTimestamp) once.
  const byLocker = new Map<string, Map<string, number>>();
  for (const d of notifications) {
    const body = d.body as Json;
    const times = byLocker.get(body['carrierLockerId']) ?? new Map<string, number>();
    times.set(String(body['eventTimestamp']), eventTime(d));
    byLocker.set(body['carrierLockerId'], times);
  }
  const period = webhooks.collectionPeriodMs;
  for (const [locker, times] of byLocker) {
    const sorted = [...times.values()].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) {
      const gap = sorted[i]! - sorted[i - 1]!;
      expect(gap, `WH-COLLECTION-DAILY: locker ${locker} was notified twice within ${gap} ms (period ${period} ms)`).toBeGreaterThanOrEqual(period * 0.9);
    }
  }
  observe('WH-COLLECTION-DAILY', `${notifications.length} notifications for ${byLocker.size} lockers; period ${period} ms`);
});

test('WH-AUTH reports the credentials deliveries carried and the listener\'s answers', rules('WH-AUTH', 'WH-RESPONSES'), async ({ webhooks }) => {
  const deliveries = await webhooks.client.all();
  const credentials = new Set(deliveries.flatMap((d) => d.credentials));
  observe('WH-AUTH', credentials.size ? `deliveries carried ${[...credentials].join(', ')}` : 'deliveries carried no credential header');
  const answers = new Map<number, number>();
  for (const d of deliveries) answers.set(d.answered, (answers.get(d.answered) ?? 0) + 1);
  observe('WH-RESPONSES', `the listener answered ${[...answers].map(([s, n]) => `${s}×${n}`).join(', ') || 'nothing'}`);
});
