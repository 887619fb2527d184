// The webhook listener survives whatever a target sends and judges every delivery.
import { request } from 'undici';
import { expect, test } from '@playwright/test';
import { InboxClient } from '../../harness/webhooks/inbox-client';
import { classify } from '../../harness/webhooks/classify';
import { MAX_DELIVERY_BYTES, startListener, type ListenerHandle } from '../../harness/webhooks/listener';

const locker = { uid: '1', carrier: { lockerName: 'A', lockerId: 'L1', activationDate: '2025-01-01T00:00:00Z' }, eventTimestamp: '2025-01-01T00:00:00Z' };
const parcel = { shipmentUid: 'S', carrierParcelId: 'P', shipmentStatus: 'BOOKED', accessCodes: null, consignee: null, events: [], allocationType: 'HARD_RESERVATION', dimensionsStatus: 'X', eventTimestamp: 't' };
const collection = { courierAccessCode: null, carrierLockerId: 'L1', eventTimestamp: 't' };

async function deliver(listener: ListenerHandle, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<number> {
  const response = await request(listener.deliveryUrl, { method: 'POST', headers, body });
  await response.body.dump();
  return response.statusCode;
}

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
  expect(all.map((d) => [d.kind, d.findings])).toEqual([['LockerUpdates', []], ['ParcelUpdates', []], ['CollectionNotification', []]]);
});

test('an invalid body is recorded with the rule it breaks', async () => {
  await deliver(listener, JSON.stringify({ ...locker, provider: { providerName: 'old' }, eventTimestamp: undefined }));
  await deliver(listener, JSON.stringify({ ...parcel, signature: 'AAAA' }));
  const [lockerDelivery, parcelDelivery] = listener.inbox.deliveries;
  const rulesOf = (d: typeof lockerDelivery) => d!.findings.map((f) => f.rule);
  expect(rulesOf(lockerDelivery)).toEqual(expect.arrayContaining(['WH-LOCKER-BODY', 'LCK-PROVIDER-FIELDS']));
  expect(rulesOf(parcelDelivery)).toEqual(expect.arrayContaining(['WH-PARCEL-BODY', 'PCL-SIGNATURE-OBJECT']));
});

test('keeps serving after malformed JSON, a wrong content type and an oversized body, recording each as a failure', async () => {
  expect(await deliver(listener, '{"uid": ')).toBe(200);
  expect(await deliver(listener, JSON.stringify(locker), { 'content-type': 'text/plain' })).toBe(200);
  expect(await deliver(listener, Buffer.alloc(MAX_DELIVERY_BYTES + 10, 'x'))).toBe(200);
  expect(await deliver(listener, JSON.stringify(locker))).toBe(200);
  const problems = listener.inbox.deliveries.map((d) => [[...new Set(d.findings.map((f) => f.rule))], d.findings[0]?.problem ?? '']);
  expect(problems[0]).toEqual([['WH-DELIVERY-VALID'], 'the body is not valid JSON']);
  expect(problems[1]).toEqual([['WH-DELIVERY-VALID'], 'Content-Type is "text/plain", not application/json']);
  expect(problems[2]![1]).toContain('over the listener');
  expect(problems[3]).toEqual([[], '']);
});

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
    expect(await deliver(keyed, JSON.stringify(locker), { 'content-type': 'application/json', 'x-api-key': 'hook-secret' })).toBe(200);
    expect(await deliver(keyed, JSON.stringify(locker), { 'content-type': 'application/json', authorization: 'Bearer hook-secret' })).toBe(200);
    expect(keyed.inbox.deliveries.map((d) => d.credentials)).toEqual([[], ['x-api-key'], ['authorization']]);
    expect(JSON.stringify(keyed.inbox.deliveries)).not.toContain('hook-secret');
  } finally {
    await keyed.close();
  }
});

test('the control endpoint answers bad requests with a JSON error and keeps serving', async () => {
  const bad = await request(`${listener.controlUrl}/wait`, { method: 'POST', body: '{nope' });
  expect(bad.statusCode).toBe(400);
  await bad.body.dump();
  const unknown = await request(`${listener.controlUrl}/elsewhere`);
  expect(unknown.statusCode).toBe(404);
  await unknown.body.dump();
  expect(await new InboxClient(listener.controlUrl).all()).toEqual([]);
});
