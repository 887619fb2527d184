// The webhook listener survives whatever a target sends and judges every delivery.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { expect, test } from '@playwright/test';
import { InboxClient } from '../../harness/webhooks/inbox-client';
import { classify } from '../../harness/webhooks/classify';
import { KEPT_REFUSALS, MAX_DELIVERY_BYTES, startListener, type ListenerHandle } from '../../harness/webhooks/listener';

const locker = {
  uid: '1',
  carrier: { lockerName: 'A', lockerId: 'L1', activationDate: '2025-01-01T00:00:00Z' },
  eventTimestamp: '2025-01-01T00:00:00Z',
};
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

async function deliver(
  listener: ListenerHandle,
  body: string | Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' },
): Promise<number> {
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

test('with a key expected, a post without it is neither judged nor taken for the delivery a test waits on', async () => {
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

/** A connection speaking raw bytes to the delivery port, for what no HTTP client sends. */
async function rawConnection(listener: ListenerHandle) {
  const url = new URL(listener.deliveryUrl);
  const socket: Socket = connect(Number(url.port), url.hostname);
  // A reset by the listener is an outcome these tests look at, not an error of the test.
  socket.on('error', () => undefined);
  const closed = once(socket, 'close');
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  return {
    socket,
    closed,
    received: () => received,
    /** Resolves once what arrived matches. */
    until: (pattern: RegExp) =>
      new Promise<string>((resolve) => {
        const check = () => {
          if (!pattern.test(received)) return;
          socket.off('data', check);
          resolve(received);
        };
        socket.on('data', check);
        check();
      }),
  };
}

/** A body of `size` bytes sent in pieces with no Content-Length (chunked): its size is only known as it arrives. */
const streamed = (size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(size / (256 * 1024)) }, (_, i) =>
      Buffer.alloc(Math.min(256 * 1024, size - i * 256 * 1024), 'x'),
    ),
  );

test.describe('what cannot be a delivery is refused, counted apart and never judged', () => {
  test('a body of exactly the limit is a delivery; one byte more is refused with 413', async () => {
    const head = JSON.stringify({ ...locker, pad: '' });
    const atLimit = head.replace('"pad":""', `"pad":"${'x'.repeat(MAX_DELIVERY_BYTES - head.length)}"`);
    expect(Buffer.byteLength(atLimit)).toBe(MAX_DELIVERY_BYTES);
    expect(await deliver(listener, atLimit)).toBe(200);
    expect(await deliver(listener, `${atLimit} `)).toBe(413);
    expect(listener.inbox.deliveries.map((d) => [d.size, d.kind])).toEqual([[MAX_DELIVERY_BYTES, 'LockerUpdates']]);
    expect(listener.refused().count).toBe(1);
  });

  test('a body past the limit with no Content-Length is refused as it passes it, not read to its end', async () => {
    const response = await request(listener.deliveryUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamed(8 * MAX_DELIVERY_BYTES),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['connection']).toBe('close');
    expect(await response.body.json()).toEqual({
      errorCode: 'NOT_A_DELIVERY',
      message: `a body of more than ${MAX_DELIVERY_BYTES} bytes, the listener's limit`,
    });
    expect(listener.inbox.deliveries).toEqual([]);
    expect(await deliver(listener, JSON.stringify(locker))).toBe(200);
  });

  test(
    'a client that asks first (Expect: 100-continue) is refused before sending an oversized body, and let on ' +
      'with a small one',
    async () => {
      const big = await rawConnection(listener);
      big.socket.write(
        `POST /webhooks/carrier-1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ` +
          `${10 * MAX_DELIVERY_BYTES}\r\nExpect: 100-continue\r\n\r\n`,
      );
      await big.closed;
      expect(big.received()).toMatch(/^HTTP\/1\.1 413 /);
      expect(big.received()).not.toContain('100 Continue');

      const small = await rawConnection(listener);
      const body = JSON.stringify(locker);
      small.socket.write(
        `POST /webhooks/carrier-1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ` +
          `${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
      );
      await small.until(/100 Continue\r\n\r\n/);
      small.socket.write(body);
      expect(await small.until(/HTTP\/1\.1 200 [^]*\{"received":1\}/)).toContain('200 OK');
      small.socket.destroy();
      expect(listener.inbox.deliveries.map((d) => d.kind)).toEqual(['LockerUpdates']);
      expect(listener.refused().count).toBe(1);
    },
  );

  test('a method that carries no body is refused with 405 and Allow; PUT and PATCH are taken as deliveries', async () => {
    for (const method of ['GET', 'HEAD', 'DELETE', 'OPTIONS'] as const) {
      const response = await request(`${listener.deliveryUrl}/carrier-1`, { method });
      expect(response.statusCode, method).toBe(405);
      expect(response.headers['allow']).toBe('POST, PUT, PATCH');
      await response.body.dump();
    }
    for (const method of ['PUT', 'PATCH'] as const) {
      const response = await request(`${listener.deliveryUrl}/carrier-1`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(locker),
      });
      expect(response.statusCode, method).toBe(200);
      await response.body.dump();
    }
    expect(listener.inbox.deliveries.map((d) => [d.method, d.kind])).toEqual([
      ['PUT', 'LockerUpdates'],
      ['PATCH', 'LockerUpdates'],
    ]);
    expect(listener.refused().first.map((r) => [r.method, r.answered, r.reason])).toEqual(
      ['GET', 'HEAD', 'DELETE', 'OPTIONS'].map((m) => [m, 405, `${m} carries no delivery (POST, PUT, PATCH do)`]),
    );
  });

  test('a client that leaves mid-body is counted, not judged, and the listener keeps serving', async () => {
    const leaving = await rawConnection(listener);
    leaving.socket.write(
      'POST /webhooks/carrier-1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ' +
        '1000\r\n\r\n{"uid": "1"',
    );
    leaving.socket.destroy();
    await expect.poll(() => listener.refused().count).toBe(1);
    expect(listener.refused().first[0]).toEqual({
      method: 'POST',
      path: '/webhooks/carrier-1',
      reason: expect.stringMatching(/^the client left after \d+ bytes of the body$/),
      receivedAt: expect.any(Number),
    });
    expect(await deliver(listener, JSON.stringify(locker))).toBe(200);
    expect(listener.inbox.deliveries).toHaveLength(1);
  });

  test('a request that is not HTTP gets 400 and the connection closed; the listener keeps serving', async () => {
    const garbage = await rawConnection(listener);
    garbage.socket.write('HELLO THERE\r\n\r\n');
    await garbage.closed;
    expect(garbage.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(await deliver(listener, JSON.stringify(locker))).toBe(200);
    expect(listener.inbox.deliveries).toHaveLength(1);
  });

  test(
    'a flood of oversized bodies, declared and streamed, is refused body by body while deliveries go on being ' +
      'taken',
    async () => {
      const oversized = Array.from({ length: 16 }, (_, i) =>
        request(listener.deliveryUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: i % 2 ? streamed(3 * MAX_DELIVERY_BYTES) : Buffer.alloc(3 * MAX_DELIVERY_BYTES, 'x'),
        }).then(
          async (response) => {
            await response.body.dump();
            return response.statusCode;
          },
          // A client still sending when the refused connection closes may see the close before the 413;
          // the listener's count below says each was refused all the same.
          (error: Error) =>
            /other side closed|ECONNRESET|EPIPE|socket/i.test(error.message) ? 'closed' : error.message,
        ),
      );
      const valid = Array.from({ length: 4 }, (_, i) =>
        deliver(listener, JSON.stringify({ ...locker, uid: String(i) })),
      );
      expect((await Promise.all(oversized)).filter((outcome) => outcome !== 413 && outcome !== 'closed')).toEqual([]);
      expect(await Promise.all(valid)).toEqual([200, 200, 200, 200]);
      expect(listener.refused().count).toBe(16);
      expect(listener.inbox.deliveries.map((d) => d.kind)).toEqual(Array(4).fill('LockerUpdates'));
    },
  );

  test(`past ${KEPT_REFUSALS} refusals the rest are counted, not kept`, async () => {
    for (let i = 0; i < KEPT_REFUSALS + 5; i++) {
      const response = await request(`${listener.deliveryUrl}/probe-${i}`);
      expect(response.statusCode).toBe(405);
      await response.body.dump();
    }
    const refused = listener.refused();
    expect(refused.count).toBe(KEPT_REFUSALS + 5);
    expect(refused.first).toHaveLength(KEPT_REFUSALS);
    expect(refused.first.at(-1)!.path).toBe(`/webhooks/probe-${KEPT_REFUSALS - 1}`);
  });

  test('a failure of the listener itself on a delivery is answered 500 and counted, and does not end it', async () => {
    const receive = listener.inbox.receive.bind(listener.inbox);
    let failures = 1;
    listener.inbox.receive = (arrival) => {
      if (failures-- > 0) throw new Error('judging broke');
      return receive(arrival);
    };
    expect(await deliver(listener, JSON.stringify(locker))).toBe(500);
    expect(await deliver(listener, JSON.stringify(locker))).toBe(200);
    expect(listener.refused().first).toEqual([
      expect.objectContaining({ answered: 500, reason: 'the listener failed on it: judging broke' }),
    ]);
  });

  test('workers read the refusals on the control port', async () => {
    const response = await request(listener.deliveryUrl, { method: 'GET' });
    await response.body.dump();
    const control = await request(`${listener.controlUrl}/refused`);
    expect(control.statusCode).toBe(200);
    expect(await control.body.json()).toEqual({
      count: 1,
      first: [expect.objectContaining({ method: 'GET', answered: 405 })],
    });
  });
});

test('the listener gives each carrier its own URL below the one it listens on', async () => {
  expect(listener.registration).toEqual({
    primary: `${listener.deliveryUrl}/carrier-1`,
    secondary: `${listener.deliveryUrl}/carrier-2`,
  });
});
