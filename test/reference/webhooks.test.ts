import { request, expect } from '@playwright/test';
import { DEFAULT_CARRIERS } from '../../reference/options';
import { startReference } from '../../reference/server';
import { createLocker, book, triggerBody } from '../support/bodies';
import { testWithInbox } from './inbox-fixtures';

const test = testWithInbox({ webhookKey: 'hook-key' });

test('a created locker is pushed as LockerUpdates with eventTimestamp and the webhook key', async ({ api, inbox }) => {
  const locker = await createLocker(api);
  const delivery = await inbox.waitFor((d) => d.body.uid === locker.uid);
  expect(delivery.body).toEqual({ ...locker, eventTimestamp: expect.any(String) });
  expect(delivery.headers['x-api-key']).toBe('hook-key');
  expect(delivery.headers['content-type']).toBe('application/json');
});

test('a status change is pushed with the new status; an update that keeps the status is not', async ({
  api,
  inbox,
  reference,
}) => {
  const locker = await createLocker(api);
  await api.patch(`lockers/${locker.uid}`, { data: { metadata: [] } });
  await api.patch('lockers/status', { data: { uid: locker.uid, status: 'DISABLED' } });
  await inbox.waitFor((d) => d.body.uid === locker.uid && d.body.carrier.status === 'DISABLED');
  await reference.app.outbox.idle();
  expect(inbox.deliveries.filter((d) => d.body.uid === locker.uid).map((d) => d.body.carrier.status)).toEqual([
    'ACTIVE',
    'DISABLED',
  ]);
});

test('booking, trigger events and cancellation are pushed as ParcelUpdates in order', async ({
  api,
  mock,
  inbox,
  reference,
}) => {
  const locker = await createLocker(api);
  const parcel = await book(api, locker.uid);
  await mock.post('parcel/first-mile/event', {
    data: triggerBody({
      parcel_id: parcel.carrierParcelId,
      provider_locker_id: locker.provider.lockerUid,
      provider_name: locker.provider.name,
      event_type: 'BOOKING_CREATED',
    }),
  });
  await api.patch(`parcels/${parcel.carrierParcelId}`);
  await inbox.waitFor(
    (d) => d.body.carrierParcelId === parcel.carrierParcelId && d.body.shipmentStatus === 'CANCELLED',
  );
  await reference.app.outbox.idle();
  const updates = inbox.deliveries.filter((d) => d.body.carrierParcelId === parcel.carrierParcelId).map((d) => d.body);
  expect(updates.map((u) => u.shipmentStatus)).toEqual(['BOOKED', 'BOOKED', 'CANCELLED']);
  for (const update of updates) {
    expect(Object.keys(update)).toEqual(
      expect.arrayContaining([
        'accessCodes',
        'consignee',
        'events',
        'allocationType',
        'dimensionsStatus',
        'eventTimestamp',
      ]),
    );
  }
});

test('a delivery answered 500 is retried until it is answered 200', async ({ api, inbox, reference }) => {
  inbox.script.push(500, 503);
  const locker = await createLocker(api);
  await inbox.waitFor((d) => d.body.uid === locker.uid && d.answered === 200);
  await reference.app.outbox.idle();
  expect(inbox.deliveries.map((d) => d.answered)).toEqual([500, 503, 200]);
  expect(reference.app.outbox.log[0]!.statuses).toEqual([500, 503, 200]);
});

test('a delivery answered 401 is not retried', async ({ api, inbox, reference }) => {
  inbox.script.push(401);
  await createLocker(api);
  await reference.app.outbox.idle();
  expect(inbox.deliveries.map((d) => d.answered)).toEqual([401]);
});

test('a locker holding a first-mile parcel awaiting the courier is notified once per period', async ({
  mock,
  inbox,
  reference,
}) => {
  const body = triggerBody();
  await mock.post('parcel/first-mile/event', { data: body });
  await mock.post('parcel/first-mile/event', { data: { ...body, event_type: 'CONSIGNEE_DELIVERED' } });
  const now = Date.now();
  reference.collections.tick(now);
  reference.collections.tick(now + 1000);
  const notification = await inbox.waitFor((d) => 'courierAccessCode' in d.body);
  await reference.app.outbox.idle();
  expect(notification.body).toEqual({
    courierAccessCode: expect.stringMatching(/^\d{6}$/),
    carrierLockerId: 'TP-1',
    eventTimestamp: new Date(now).toISOString(),
  });
  expect(inbox.deliveries.filter((d) => 'courierAccessCode' in d.body)).toHaveLength(1);
  reference.collections.tick(now + 60_000);
  await reference.app.outbox.idle();
  expect(inbox.deliveries.filter((d) => 'courierAccessCode' in d.body)).toHaveLength(2);
});

test('a tick a moment short of a period still notifies, stamped a whole period after the last', async ({
  mock,
  inbox,
  reference,
}) => {
  const body = triggerBody();
  await mock.post('parcel/first-mile/event', { data: body });
  await mock.post('parcel/first-mile/event', { data: { ...body, event_type: 'CONSIGNEE_DELIVERED' } });
  const period = reference.app.options.collectionPeriodMs;
  const now = Date.now();
  reference.collections.tick(now);
  reference.collections.tick(now + period - 10);
  reference.collections.tick(now + period + 1000);
  await reference.app.outbox.idle();
  const stamps = inbox.deliveries
    .filter((d) => 'courierAccessCode' in d.body)
    .map((d) => (d.body as { eventTimestamp: string }).eventTimestamp);
  expect(stamps).toEqual([new Date(now).toISOString(), new Date(now + period).toISOString()]);
});

test('no notification once the courier has collected', async ({ mock, inbox, reference }) => {
  const body = triggerBody();
  for (const event_type of ['BOOKING_CREATED', 'CONSIGNEE_DELIVERED', 'COURIER_COLLECTED']) {
    await mock.post('parcel/first-mile/event', { data: { ...body, event_type } });
  }
  reference.collections.tick();
  await reference.app.outbox.idle();
  expect(inbox.deliveries.filter((d) => 'courierAccessCode' in d.body)).toHaveLength(0);
});

test('the notification timer runs on its own with a short period', async ({ inbox }) => {
  const carriers = DEFAULT_CARRIERS.map((c) => ({ ...c, webhookUrl: inbox.url }));
  const handle = await startReference({ carriers, collectionPeriodMs: 50 });
  const mock = await request.newContext({
    baseURL: handle.mockBaseUrl + '/',
    extraHTTPHeaders: { 'x-api-key': DEFAULT_CARRIERS[0]!.apiKey },
  });
  const body = triggerBody();
  await mock.post('parcel/first-mile/event', { data: body });
  await mock.post('parcel/first-mile/event', { data: { ...body, event_type: 'CONSIGNEE_DELIVERED' } });
  await inbox.waitFor((d) => 'courierAccessCode' in d.body);
  await mock.dispose();
  await handle.close();
});
