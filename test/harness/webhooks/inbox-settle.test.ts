// The run's end reads the deliveries once the listener has been quiet: a delivery that follows the one a
// test waited for (a target pushes after it answered) must be in what the run's end judges.
import { request } from 'undici';
import { expect, test } from '@playwright/test';
import { InboxClient } from '../../../harness/webhooks/inbox-client';
import { startListener, type ListenerHandle } from '../../../harness/webhooks/listener';

let listener: ListenerHandle;
test.beforeEach(async () => {
  listener = await startListener({ host: '127.0.0.1', port: 0 });
});
test.afterEach(async () => listener.close());

const deliver = async (body: string) =>
  (
    await request(listener.deliveryUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  ).body.dump();

test('settle returns once no delivery arrived for the quiet time, with the late ones in', async () => {
  const client = new InboxClient(listener.controlUrl);
  const settled = client.settle(300, 10_000);
  // Deliveries keep arriving, each within the quiet time of the one before: settle waits them out.
  for (let i = 0; i < 3; i++) await client.waitFor({ after: Date.now() + 10_000 }, 150).then(() => deliver('{"uid": '));
  const started = Date.now();
  await settled;
  expect(Date.now() - started).toBeLessThan(1_000);
  expect((await client.all()).length).toBe(3);
});

test(
  'settle ends at its bound however busy the listener is, ' + 'and at once when the quiet time passes with nothing',
  async () => {
    const client = new InboxClient(listener.controlUrl);
    const quietStart = Date.now();
    await client.settle(100, 5_000);
    expect(Date.now() - quietStart).toBeLessThan(1_000);
    let busy = true;
    const flood = (async () => {
      while (busy) await client.waitFor({ after: Date.now() + 10_000 }, 20).then(() => deliver('{}'));
    })();
    const started = Date.now();
    await client.settle(200, 600);
    busy = false;
    await flood;
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(Date.now() - started).toBeLessThan(2_000);
  },
);

test(
  'settle does not wait out CollectionNotifications: a target sends them on its own period, which may be a ' +
    'fraction of a second',
  async () => {
    const client = new InboxClient(listener.controlUrl);
    const collection = JSON.stringify({
      courierAccessCode: null,
      carrierLockerId: 'L1',
      eventTimestamp: '2026-01-01T00:00:00Z',
    });
    let busy = true;
    const period = (async () => {
      while (busy) await client.waitFor({ after: Date.now() + 10_000 }, 50).then(() => deliver(collection));
    })();
    // A malformed delivery is no notification on a period: it is waited for like a LockerUpdates. Sent
    // well inside the quiet time, so a slow machine cannot make it miss the window the test is about.
    const late = client.waitFor({ after: Date.now() + 10_000 }, 100).then(() => deliver('{"uid": '));
    const started = Date.now();
    await client.settle(800, 10_000);
    const settledAt = Date.now();
    busy = false;
    await Promise.all([period, late]);
    // Ended by a quiet time after the malformed delivery, not by the bound, whatever the notifications did.
    expect(settledAt - started).toBeLessThan(5_000);
    const all = await client.all();
    const malformed = all.find((d) => d.kind === undefined);
    expect(malformed, 'the malformed delivery was received before settle returned').toBeDefined();
    expect(malformed!.receivedAt).toBeLessThanOrEqual(settledAt);
    expect(settledAt - malformed!.receivedAt).toBeGreaterThanOrEqual(700);
    expect(all.filter((d) => d.kind === 'CollectionNotification').length).toBeGreaterThan(3);
  },
);
