// The webhook listener survives whatever a target sends and judges every delivery.
import { request } from 'undici';
import { expect, test } from '@playwright/test';
import { InboxClient } from '../../../harness/webhooks/inbox-client';
import { classify } from '../../../harness/webhooks/classify';
import { MAX_DELIVERY_BYTES, startListener, type ListenerHandle } from '../../../harness/webhooks/listener';
import { deliver, locker } from '../../support/listener-deliveries';

const parcel = {
  shipmentUid: 'S',
  carrierParcelId: 'P',
  shipmentStatus: 'BOOKED',
  accessCodes: null,
  consignee: null,
  events: [],
  allocationType: 'HARD_RESERVATION',
  dimensionsStatus: 'X',
  eventTimestamp: 't',
};
const collection = { courierAccessCode: null, carrierLockerId: 'L1', eventTimestamp: 't' };

let listener: ListenerHandle;
test.beforeEach(async () => {
  listener = await startListener({ host: '127.0.0.1', port: 0 });
});
test.afterEach(async () => listener.close());

test('classifies the three webhooks by shape and validates them', async () => {
  expect(classify(locker)).toBe('LockerUpdates');
  expect(classify(parcel)).toBe('ParcelUpdates');
  expect(classify(collection)).toBe('CollectionNotification');
  expect(classify({ hello: 'world' })).toBeUndefined();
  for (const body of [locker, parcel, collection]) expect(await deliver(listener, JSON.stringify(body))).toBe(200);
  const all = await new InboxClient(listener.controlUrl).all();
  expect(all.map((d) => [d.kind, d.findings])).toEqual([
    ['LockerUpdates', []],
    ['ParcelUpdates', []],
    ['CollectionNotification', []],
  ]);
});

test('an invalid body is recorded with the rule it breaks', async () => {
  await deliver(listener, JSON.stringify({ ...locker, provider: { providerName: 'old' }, eventTimestamp: undefined }));
  await deliver(listener, JSON.stringify({ ...parcel, signature: 'AAAA' }));
  const [lockerDelivery, parcelDelivery] = listener.inbox.deliveries;
  const rulesOf = (d: typeof lockerDelivery) => d!.findings.map((f) => f.rule);
  expect(rulesOf(lockerDelivery)).toEqual(expect.arrayContaining(['WH-LOCKER-BODY', 'LCK-PROVIDER-FIELDS']));
  expect(rulesOf(parcelDelivery)).toEqual(expect.arrayContaining(['WH-PARCEL-BODY', 'PCL-SIGNATURE-OBJECT']));
});

test(
  'keeps serving after malformed JSON, a wrong content type and an oversized body: the first two recorded as ' +
    'failures, the body past the limit refused (413) and not judged',
  async () => {
    expect(await deliver(listener, '{"uid": ')).toBe(200);
    expect(await deliver(listener, JSON.stringify(locker), { 'content-type': 'text/plain' })).toBe(200);
    expect(await deliver(listener, Buffer.alloc(MAX_DELIVERY_BYTES + 10, 'x'))).toBe(413);
    expect(await deliver(listener, JSON.stringify(locker))).toBe(200);
    const problems = listener.inbox.deliveries.map((d) => [
      [...new Set(d.findings.map((f) => f.rule))],
      d.findings[0]?.problem ?? '',
    ]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toEqual([['WH-DELIVERY-VALID'], 'the body is not valid JSON']);
    expect(problems[1]).toEqual([['WH-DELIVERY-VALID'], 'Content-Type is "text/plain", not application/json']);
    // Its JSON is still read: the push a test waits for, so that wait ends when it arrives.
    expect(listener.inbox.deliveries[1]?.kind).toBe('LockerUpdates');
    expect(problems[2]).toEqual([[], '']);
    expect(listener.refused()).toEqual({
      count: 1,
      first: [
        expect.objectContaining({
          answered: 413,
          reason: `a body of ${MAX_DELIVERY_BYTES + 10} bytes, over the listener's limit of ${MAX_DELIVERY_BYTES}`,
        }),
      ],
    });
  },
);

test('a worker waits for a delivery that arrives later, and gets nothing after its timeout', async () => {
  const client = new InboxClient(listener.controlUrl);
  const waiting = client.waitFor({ kind: 'LockerUpdates', where: { '/uid': '42' } }, 5000);
  await deliver(listener, JSON.stringify({ ...locker, uid: '41' }));
  await deliver(listener, JSON.stringify({ ...locker, uid: '42' }));
  expect((await waiting)?.seq).toBe(2);
  expect(await client.waitFor({ kind: 'ParcelUpdates' }, 50)).toBeUndefined();
});

test('answers 500 to a scripted delivery, then 200 to its retry', async () => {
  const client = new InboxClient(listener.controlUrl);
  await client.answer({ where: { '/uid': '7' } }, 500);
  expect(await deliver(listener, JSON.stringify({ ...locker, uid: '7' }))).toBe(500);
  expect(await deliver(listener, JSON.stringify({ ...locker, uid: '7' }))).toBe(200);
});

test('with a key expected, answers 401 to a delivery without it and keeps no credential value', async () => {
  const keyed = await startListener({ host: '127.0.0.1', port: 0, expectedKey: 'hook-secret' });
  try {
    expect(await deliver(keyed, JSON.stringify(locker))).toBe(401);
    expect(
      await deliver(keyed, JSON.stringify(locker), { 'content-type': 'application/json', 'x-api-key': 'hook-secret' }),
    ).toBe(200);
    expect(
      await deliver(keyed, JSON.stringify(locker), {
        'content-type': 'application/json',
        authorization: 'Bearer hook-secret',
      }),
    ).toBe(200);
    expect(keyed.inbox.deliveries.map((d) => d.credentials)).toEqual([[], ['x-api-key'], ['authorization']]);
    expect(JSON.stringify(keyed.inbox.deliveries)).not.toContain('hook-secret');
  } finally {
    await keyed.close();
  }
});

test(
  'with a key expected, a post without it is neither ' + 'judged nor taken for the delivery a test waits on',
  async () => {
    const keyed = await startListener({ host: '127.0.0.1', port: 0, expectedKey: 'hook-secret' });
    try {
      const client = new InboxClient(keyed.controlUrl);
      const waiting = client.waitFor({ kind: 'LockerUpdates', where: { '/uid': '7' } }, 3000);
      // Anyone on the network: a body that would fail every webhook rule, then one that would pass.
      expect(await deliver(keyed, '{"not":"a webhook"}')).toBe(401);
      expect(await deliver(keyed, JSON.stringify({ ...locker, uid: '7' }))).toBe(401);
      expect(
        await deliver(keyed, JSON.stringify({ ...locker, uid: '7' }), {
          'content-type': 'application/json',
          'x-api-key': 'hook-secret',
        }),
      ).toBe(200);
      const taken = await waiting;
      expect(taken?.seq).toBe(3);
      const refused = keyed.inbox.deliveries.filter((d) => d.keyRefused);
      expect(refused.map((d) => [d.seq, d.findings])).toEqual([
        [1, []],
        [2, []],
      ]);
    } finally {
      await keyed.close();
    }
  },
);

test('the control endpoint answers bad requests with a JSON error and keeps serving', async () => {
  const bad = await request(`${listener.controlUrl}/wait`, { method: 'POST', body: '{nope' });
  expect(bad.statusCode).toBe(400);
  await bad.body.dump();
  const unknown = await request(`${listener.controlUrl}/elsewhere`);
  expect(unknown.statusCode).toBe(404);
  await unknown.body.dump();
  expect(await new InboxClient(listener.controlUrl).all()).toEqual([]);
});

test('the listener gives each carrier its own URL below the one it listens on', async () => {
  expect(listener.registration).toEqual({
    primary: `${listener.deliveryUrl}/carrier-1`,
    secondary: `${listener.deliveryUrl}/carrier-2`,
  });
});
