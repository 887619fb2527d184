// The reference as a long-lived staging: latency per answer, pages of a chosen size, thousands of
// seeded records, a stalled answer, and the reference-only stats route the staging bench reads.
import { expect, test } from '@playwright/test';
import { MAX_PAGE_SIZE, STAGING_LIKE_CHOICES } from '../../reference/choices';
import { operations } from '../../spec/operations';
import { ROUTES } from '../../reference/routes';
import { startReference, type ReferenceHandle } from '../../reference/server';
import { parseStall, STATS_PATH, type ReferenceStats } from '../../reference/staging';
import { lockerCreateBody } from '../support/bodies';

const KEY = 'reference-key-carrier-1';

function get(reference: ReferenceHandle, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${reference.baseUrl}/${path}`, { ...init, headers: { 'x-api-key': KEY, ...init.headers } });
}

async function stats(reference: ReferenceHandle): Promise<ReferenceStats> {
  return (await fetch(new URL(reference.baseUrl).origin + STATS_PATH)).json() as Promise<ReferenceStats>;
}

/** Whether the request is still unanswered when the client gives up after `ms`. */
async function unansweredWithin(request: (signal: AbortSignal) => Promise<Response>, ms: number): Promise<boolean> {
  try {
    const response = await request(AbortSignal.timeout(ms));
    await response.arrayBuffer();
    return false;
  } catch (error) {
    return (error as Error).name === 'TimeoutError';
  }
}

test.describe('latency', () => {
  test('every answer, an error too, is written at least the latency after the request', async () => {
    const reference = await startReference({ latencyMs: 250 });
    try {
      for (const key of [KEY, 'wrong-key']) {
        const started = performance.now();
        const response = await get(reference, 'lockers', { headers: { 'x-api-key': key } });
        await response.arrayBuffer();
        expect(performance.now() - started).toBeGreaterThanOrEqual(245);
        expect(response.status).toBe(key === KEY ? 200 : 401);
      }
      const started = performance.now();
      const mock = await fetch(`${reference.mockBaseUrl}/parcel/first-mile/event`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(mock.status).toBe(400);
      expect(performance.now() - started).toBeGreaterThanOrEqual(245);
    } finally {
      await reference.close();
    }
  });

  test('is waited on a timer: eight requests at once take about one latency, not eight', async () => {
    const reference = await startReference({ latencyMs: 300 });
    try {
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => get(reference, 'parcels').then((r) => r.status)),
      );
      expect(answers).toEqual(Array(8).fill(200));
      expect(performance.now() - started).toBeLessThan(4 * 300);
    } finally {
      await reference.close();
    }
  });
});

test.describe('pages of a chosen size', () => {
  test('a page size of 5 answers 5 records, the count of pages, and the next page on asking', async () => {
    const reference = await startReference({ choices: { ...STAGING_LIKE_CHOICES, pageSize: 5 } });
    try {
      const first = (await (await get(reference, 'lockers')).json()) as any;
      expect(first).toMatchObject({ page: 0, size: 5, totalElements: 147, totalPages: 30 });
      expect(first.items.map((l: any) => l.uid)).toEqual(['900001', '900002', '900003', '900004', '900005']);
      const second = (await (await get(reference, 'lockers?page=1')).json()) as any;
      expect(second.items.map((l: any) => l.uid)).toEqual(['900006', '900007', '900008', '900009', '900010']);
      const last = (await (await get(reference, 'lockers?page=29')).json()) as any;
      expect(last.items.map((l: any) => l.uid)).toEqual(['900146', '900147']);
      // A bigger size is clamped to the page size; a smaller one is kept.
      expect(((await (await get(reference, 'lockers?size=50')).json()) as any).items).toHaveLength(5);
      expect(((await (await get(reference, 'parcels?size=3')).json()) as any).items).toHaveLength(3);
      expect((await (await get(reference, 'lockers/providers')).json()) as any).toMatchObject({
        size: 5,
        totalElements: 14,
        totalPages: 3,
      });
    } finally {
      await reference.close();
    }
  });

  test('a size is honoured up to maxPageSize: pages of 20 unless asked, 100 at most', async () => {
    const reference = await startReference({
      choices: {
        ...STAGING_LIKE_CHOICES,
        listEnvelope: 'spring',
        pageSize: 20,
        maxPageSize: 100,
        seededThirdPartyLockers: 250,
      },
    });
    try {
      expect(((await (await get(reference, 'lockers')).json()) as any).page).toEqual({
        size: 20,
        number: 0,
        totalElements: 250,
        totalPages: 13,
      });
      const big = (await (await get(reference, 'lockers?size=100&page=2')).json()) as any;
      expect(big.page).toEqual({ size: 100, number: 2, totalElements: 250, totalPages: 3 });
      expect(big.content).toHaveLength(50);
      expect(((await (await get(reference, 'lockers?size=500')).json()) as any).content).toHaveLength(100);
    } finally {
      await reference.close();
    }
  });

  test(
    'seeded past parcels awaiting the courier make a CollectionNotification due per locker ' + 'holding one',
    async () => {
      const reference = await startReference({
        choices: { ...STAGING_LIKE_CHOICES, seededParcelsPerCarrier: 6, seededAwaitingCourier: true },
      });
      try {
        const parcels = reference.app.state.parcels.map((p) => p.record);
        expect(parcels.filter((p) => p.shipmentStatus === 'DELIVERED').map((p) => p.shipmentType)).toEqual(
          Array(6).fill('FIRST_MILE'),
        );
        expect(parcels.filter((p) => p.shipmentStatus === 'CANCELLED').map((p) => p.shipmentType)).toEqual(
          Array(6).fill('LAST_MILE'),
        );
        const sent: unknown[] = [];
        reference.app.outbox.send = (_carrier, body) => void sent.push(body);
        reference.collections.tick();
        // Three delivered parcels per carrier, each in a locker of its own.
        expect(sent).toHaveLength(6);
        expect(sent[0]).toMatchObject({
          carrierLockerId: expect.any(String),
          courierAccessCode: expect.stringMatching(/^\d{6}$/),
        });
      } finally {
        await reference.close();
      }
    },
  );

  test('the staging-like set keeps pages of 20 unless told otherwise', () => {
    expect(STAGING_LIKE_CHOICES).toMatchObject({ listEnvelope: 'paged', pageSize: MAX_PAGE_SIZE });
    expect(MAX_PAGE_SIZE).toBe(20);
  });
});

test.describe('seeded volume', () => {
  test('2,000 third-party lockers and 500 past parcels per carrier are valid records of 2025', async () => {
    const reference = await startReference({
      choices: { ...STAGING_LIKE_CHOICES, seededThirdPartyLockers: 2000, seededParcelsPerCarrier: 500 },
    });
    try {
      const held = await stats(reference);
      expect(held.lockers).toEqual({
        total: 2000,
        thirdParty: 2000,
        byCarrier: { CARRIER_NAME_1: 0, CARRIER_NAME_2: 0 },
      });
      expect(held.parcels).toEqual({ total: 1000, byCarrier: { CARRIER_NAME_1: 500, CARRIER_NAME_2: 500 } });
      const lockers = [...reference.app.state.lockers.values()].map((l) => l.record);
      expect(
        lockers.filter(
          (r) => Math.abs(r.location['lat'] as number) > 90 || Math.abs(r.location['lon'] as number) > 180,
        ),
      ).toEqual([]);
      expect(new Set(lockers.map((r) => r.carrier.lockerId)).size).toBe(2000);
      const last = (await (await get(reference, 'lockers?page=99')).json()) as any;
      expect(last).toMatchObject({ totalElements: 2000, totalPages: 100 });
      expect(last.items.at(-1).carrier.lockerId).toBe('TP-2000');
      const times = reference.app.state
        .parcelsOf('CARRIER_NAME_1')
        .flatMap((p) => p.record.events.map((e) => Date.parse(e.timestamp)));
      expect(times.every((t) => t >= Date.UTC(2025, 0, 1) && t < Date.UTC(2026, 0, 1))).toBe(true);
    } finally {
      await reference.close();
    }
  });
});

test.describe('a stalled answer', () => {
  test('holds exactly the Nth request to the operation, unanswered and not carried out', async () => {
    const reference = await startReference({ stalls: [parseStall('listParcels:2'), parseStall('createLocker')] });
    try {
      expect((await get(reference, 'parcels')).status).toBe(200);
      expect(await unansweredWithin((signal) => get(reference, 'parcels', { signal }), 600)).toBe(true);
      expect((await get(reference, 'parcels')).status).toBe(200);
      const create = (signal?: AbortSignal) =>
        get(reference, 'lockers', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(lockerCreateBody()),
          ...(signal ? { signal } : {}),
        });
      expect(await unansweredWithin(create, 600)).toBe(true);
      const afterStall = await stats(reference);
      expect(afterStall.lockers.byCarrier['CARRIER_NAME_1']).toBe(0);
      expect((await create()).status).toBe(201);
      const held = await stats(reference);
      expect(held.byOperation).toMatchObject({ listParcels: 3, createLocker: 2 });
      expect(held.lockers.byCarrier['CARRIER_NAME_1']).toBe(1);
    } finally {
      await reference.close();
    }
  });

  test('closes the held connection when the reference shuts down', async () => {
    const reference = await startReference({ stalls: [parseStall('listLockers')] });
    const held = get(reference, 'lockers').then(
      () => 'answered',
      () => 'connection closed',
    );
    // The request has reached the reference once the stats count it.
    await expect.poll(async () => (await stats(reference)).byOperation['listLockers'] ?? 0).toBe(1);
    await reference.close();
    expect(await held).toBe('connection closed');
  });

  test('names its operation by the OpenAPI document: every route has the operationId of its method and path', () => {
    expect(ROUTES.map((r) => r.operationId).sort()).toEqual(operations.map((o) => o.operationId).sort());
    expect(ROUTES.find((r) => r.method === 'GET' && r.path === '/parcels')!.operationId).toBe('listParcels');
  });

  for (const [text, message] of [
    ['deleteLocker', '"deleteLocker" is not OPERATION or OPERATION:N'],
    ['listParcels:0', "N counts the operation's requests from 1"],
    ['listParcels:x', 'is not OPERATION or OPERATION:N'],
  ] as const) {
    test(`refuses "${text}" with one message`, () => {
      expect(() => parseStall(text)).toThrow(message);
    });
  }
});

test.describe('the reference-only stats route', () => {
  test('answers without a key what was served and held, and does not count itself', async () => {
    const reference = await startReference();
    try {
      await get(reference, 'lockers');
      await get(reference, 'lockers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(lockerCreateBody()),
      });
      await fetch(`${reference.baseUrl}/nope`);
      const first = await stats(reference);
      expect(first).toMatchObject({
        requests: 3,
        byOperation: { listLockers: 1, createLocker: 1 },
        lockers: { total: 4, thirdParty: 3, byCarrier: { CARRIER_NAME_1: 1, CARRIER_NAME_2: 0 } },
        parcels: { total: 0 },
        networkEntries: 0,
      });
      expect((await stats(reference)).requests).toBe(3);
    } finally {
      await reference.close();
    }
  });
});
