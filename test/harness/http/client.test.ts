// The checked client: paths from the document, keys by kind, checks on every answer, 429 paced.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { CisClient, retryAfterMs } from '../../../harness/http/client';
import { NoAnswerError, undiciTransport, type Transport } from '../../../harness/http/transport';
import { placeOf, type Exchange } from '../../../harness/http/exchange';
import type { Failure } from '../../../harness/checks';
import type { RunSettings } from '../../../harness/target/run-settings';

function targetAt(baseUrl: string): RunSettings {
  return { baseUrl, apiKey: 'key-1', timeoutMs: 5000 } as RunSettings;
}

test('Retry-After is honoured in seconds or as a date, else the wait doubles, and never exceeds 10 s', () => {
  expect(retryAfterMs('2', 1)).toBe(2000);
  expect(retryAfterMs(undefined, 1)).toBe(500);
  expect(retryAfterMs(undefined, 3)).toBe(2000);
  expect(retryAfterMs('3600', 1)).toBe(10_000);
  expect(retryAfterMs(new Date(Date.now() + 1500).toUTCString(), 1)).toBeGreaterThan(0);
  expect(retryAfterMs('soon', 2)).toBe(1000);
});

test('a 429 is retried and reported as pacing, not judged; the answer after it is', async () => {
  let calls = 0;
  const server = createServer((req, res) => {
    calls += 1;
    if (calls === 1) {
      res
        .writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' })
        .end('{"errorCode":"SLOW_DOWN","message":"later"}');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify([{ providerName: 'P', providerUid: 'u', lockerModel: 'M', lockerVersion: '1' }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const failures: Failure[] = [];
  const client = new CisClient(undiciTransport(), targetAt(base), 'primary', (judged) =>
    failures.push(...judged.flatMap((j) => (j.failure ? [j.failure] : []))),
  );
  const paced: number[] = [];
  client.onRateLimited = (_op, ms) => paced.push(ms);
  const exchange = await client.call('listProviders');
  expect(exchange.status).toBe(200);
  expect(exchange.request.headers['x-api-key']).toBe('key-1');
  expect(exchange.url).toBe(`${base}/lockers/providers`);
  expect(paced).toEqual([0]);
  expect(failures).toEqual([]);
  server.close();
});

test('every answer passes the checks, and a failure names its rule', async () => {
  const server = createServer((_req, res) =>
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"uid": 7}'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const failures: Failure[] = [];
  const client = new CisClient(undiciTransport(), targetAt(base), 'none', (judged) =>
    failures.push(...judged.flatMap((j) => (j.failure ? [j.failure] : []))),
  );
  const exchange = await client.call('updateLocker', { params: { uid: 'a/b' }, body: {} });
  expect(exchange.url).toBe(`${base}/lockers/a%2Fb`);
  expect(exchange.request.headers).not.toHaveProperty('x-api-key');
  expect(failures.map((f) => f.rule)).toEqual(['GEN-STATUS-DOCUMENTED']);
  server.close();
});

test('a target that gives no answer is named with the reason, not a stack of the transport', async () => {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const client = new CisClient(undiciTransport(), { ...targetAt(base), timeoutMs: 300 }, 'primary', () => undefined);
  const error = await client.call('listProviders').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NoAnswerError);
  expect((error as Error).message).toBe(`GET ${base}/lockers/providers: no answer within 0.3 s`);
  server.closeAllConnections();
  server.close();
});

test(
  'a form given with a call is copied onto the exchange, ' + 'and one the operation does not have is a harness error',
  async () => {
    const answer: Transport = async () => ({
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'application/json' },
      text: '{}',
    });
    const exchanges: Exchange[] = [];
    const client = new CisClient(answer, targetAt('http://t.invalid/v1'), 'primary', (_judged, exchange) =>
      exchanges.push(exchange),
    );
    const byUid = await client.call('cancelParcel', { params: { parcelId: 's-1' }, form: 'by shipmentUid' });
    expect(byUid.form).toBe('by shipmentUid');
    expect(placeOf(byUid)).toBe('cancelParcel by shipmentUid');
    expect(exchanges.map(placeOf)).toEqual(['cancelParcel by shipmentUid']);
    const plain = await client.call('listParcels');
    expect(plain).not.toHaveProperty('form');
    expect(placeOf(plain)).toBe('listParcels');
    await expect(client.call('cancelParcel', { params: { parcelId: 's-1' }, form: 'by uid' })).rejects.toThrow(
      'cancelParcel has no form "by uid" (spec/catalogue.ts FORMS: by carrierParcelId, by shipmentUid)',
    );
    await expect(client.call('listParcels', { form: 'by shipmentUid' })).rejects.toThrow(
      'listParcels has no form "by shipmentUid"',
    );
  },
);
