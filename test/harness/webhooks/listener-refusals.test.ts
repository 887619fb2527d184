// The webhook listener refuses what cannot be a delivery (too large, no body, cut off, not HTTP), counts it
// apart and never judges it, and keeps serving.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { expect, test } from '@playwright/test';
import {
  KEPT_REFUSALS,
  MAX_DELIVERY_BYTES,
  startListener,
  type ListenerHandle,
} from '../../../harness/webhooks/listener';
import { deliver, locker } from '../../support/listener-deliveries';

let listener: ListenerHandle;
test.beforeEach(async () => {
  listener = await startListener({ host: '127.0.0.1', port: 0 });
});
test.afterEach(async () => listener.close());

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
    // On a raw connection: an HTTP client writing the rest of the body may fail with EPIPE once the listener has
    // answered and closed, before it reads that answer; here what the listener answered is read whatever the writes do.
    const raw = await rawConnection(listener);
    raw.socket.write(
      'POST /webhooks/carrier-1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = 'x'.repeat(256 * 1024);
    let open = true;
    void raw.closed.then(() => (open = false));
    for (let sent = 0; open && sent < 8 * MAX_DELIVERY_BYTES; sent += chunk.length) {
      raw.socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await raw.until(/\r\n\r\n[^]*\}/);
    const [head, body] = raw.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head!.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body!)).toEqual({
      errorCode: 'NOT_A_DELIVERY',
      message: `a body of more than ${MAX_DELIVERY_BYTES} bytes, the listener's limit`,
    });
    raw.socket.destroy();
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

  test(
    'a method that carries no body is refused with 405 ' + 'and Allow; PUT and PATCH are taken as deliveries',
    async () => {
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
    },
  );

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
