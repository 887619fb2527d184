// The staging-like choice set: pages of at most 20 oldest first over many seeded records, 422 for
// refused members, unlisted request members dropped, cancel by carrierParcelId only.
import { test as base, expect, request, type APIRequestContext } from '@playwright/test';
import { MAX_PAGE_SIZE, STAGING_LIKE_CHOICES } from '../../reference/choices';
import { startReference, type ReferenceHandle } from '../../reference/server';
import { createLocker, lockerCreateBody, publishBody, triggerBody, unique } from '../support/bodies';

const test = base.extend<
  { api: APIRequestContext; api2: APIRequestContext; mock: APIRequestContext },
  { reference: ReferenceHandle }
>({
  reference: [
    async ({}, use) => {
      // These tests read their writes at once; the lists' lag (listLagMs) is tested on its own, below.
      const handle = await startReference({ choices: { ...STAGING_LIKE_CHOICES, listLagMs: 0 } });
      await use(handle);
      await handle.close();
    },
    { scope: 'worker' },
  ],
  api: async ({ reference }, use) => withClient(reference.baseUrl, reference, 0, use),
  api2: async ({ reference }, use) => withClient(reference.baseUrl, reference, 1, use),
  mock: async ({ reference }, use) => withClient(reference.mockBaseUrl, reference, 0, use),
});

async function withClient(
  baseUrl: string,
  reference: ReferenceHandle,
  carrier: number,
  use: (c: APIRequestContext) => Promise<void>,
): Promise<void> {
  const ctx = await request.newContext({
    baseURL: baseUrl + '/',
    extraHTTPHeaders: { 'x-api-key': reference.app.options.carriers[carrier]!.apiKey },
  });
  await use(ctx);
  await ctx.dispose();
}

/** Every page of a list, in the order the pages give them. */
async function allPages(api: APIRequestContext, path: string, params: Record<string, string> = {}): Promise<any[]> {
  const first = await (await api.get(path, { params })).json();
  const items = [...first.items];
  for (let page = 1; page < first.totalPages; page++)
    items.push(...(await (await api.get(path, { params: { ...params, page } })).json()).items);
  return items;
}

async function book(api: APIRequestContext, lockerUid: string): Promise<Record<string, any>> {
  const body = publishBody(lockerUid);
  const response = await api.post('parcels/data', { data: body });
  expect(response.status()).toBe(201);
  return body;
}

test.describe('seeded volume', () => {
  test("holds 147 third-party lockers, 21 per provider, before any of the run's", async ({ api }) => {
    const first = await (await api.get('lockers')).json();
    expect(first).toMatchObject({
      page: 0,
      size: MAX_PAGE_SIZE,
      totalElements: expect.any(Number),
      totalPages: expect.any(Number),
    });
    expect(first.totalElements).toBeGreaterThanOrEqual(147);
    expect(first.items.map((l: any) => l.uid)).toEqual(Array.from({ length: 20 }, (_, i) => String(900001 + i)));
    for (let p = 1; p <= 7; p++) {
      const filtered = await (await api.get('lockers', { params: { providerName: `PROVIDER_NAME_${p}` } })).json();
      expect(
        filtered.items.every((l: any) => l.ownedByCarrier === null && l.provider.name === `PROVIDER_NAME_${p}`),
      ).toBe(true);
      expect(filtered.items).toHaveLength(20);
    }
  });

  test('gives each carrier 30 delivered or cancelled last-mile parcels from before the run', async ({ api2 }) => {
    const parcels = (await allPages(api2, 'parcels')).filter((p) => p.carrierParcelId.startsWith('SEED-'));
    expect(parcels.map((p) => p.carrierParcelId)).toEqual(Array.from({ length: 30 }, (_, i) => `SEED-2-${i + 1}`));
    for (const parcel of parcels) {
      expect(['DELIVERED', 'CANCELLED']).toContain(parcel.shipmentStatus);
      expect(parcel.shipmentType).toBe('LAST_MILE');
      expect(Date.parse(parcel.events.at(-1).timestamp)).toBeLessThan(Date.now());
    }
  });
});

test.describe('pages', () => {
  test("list every visible locker once, oldest first, with the run's own past the first page", async ({ api }) => {
    const mine = await createLocker(api, {
      provider: { name: 'PROVIDER_NAME_4', lockerModel: 'M400', lockerVersion: '1.0' },
    });
    const first = await (await api.get('lockers', { params: { providerName: 'PROVIDER_NAME_4' } })).json();
    expect(first.items.map((l: any) => l.uid)).not.toContain(mine.uid);
    const all = await allPages(api, 'lockers');
    const uids = all.map((l) => Number(l.uid));
    expect(new Set(uids).size).toBe(uids.length);
    expect(uids).toContain(Number(mine.uid));
    // Seeded uids (900001…) come before created ones (100001…): order is creation, not uid.
    const seeded = uids.filter((u) => u >= 900001);
    const created = uids.filter((u) => u < 900001);
    expect(uids).toEqual([...seeded, ...created]);
    expect(seeded).toEqual([...seeded].sort((a, b) => a - b));
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  test('count from 0, clamp size to 20, answer an empty page past the last', async ({ api }) => {
    const first = await (await api.get('lockers')).json();
    expect(first.totalPages).toBe(Math.ceil(first.totalElements / 20));
    expect(await (await api.get('lockers', { params: { page: 0 } })).json()).toEqual(first);
    const small = await (await api.get('lockers', { params: { page: 1, size: 5 } })).json();
    expect(small).toMatchObject({ page: 1, size: 5, totalPages: Math.ceil(first.totalElements / 5) });
    expect(small.items.map((l: any) => l.uid)).toEqual(first.items.slice(5, 10).map((l: any) => l.uid));
    const big = await (await api.get('lockers', { params: { size: 1000 } })).json();
    expect(big.size).toBe(20);
    expect(big.items).toHaveLength(20);
    const past = await api.get('lockers', { params: { page: first.totalPages } });
    expect(past.status()).toBe(200);
    expect((await past.json()).items).toEqual([]);
  });

  for (const params of [
    { page: '-1' },
    { page: 'first' },
    { size: '0' },
    { size: '2.5' },
    { page: '99999999999999999999' },
  ] as Record<string, string>[]) {
    test(`refuse ${JSON.stringify(params)} with 400 and an error body`, async ({ api }) => {
      const response = await api.get('parcels', { params });
      expect(response.status()).toBe(400);
      expect(await response.json()).toEqual({
        errorCode: 'VALIDATION_FAILED',
        message: expect.stringContaining(Object.keys(params)[0]!),
      });
    });
  }

  test('the provider catalogue fits on one page', async ({ api }) => {
    expect(await (await api.get('lockers/providers')).json()).toMatchObject({
      page: 0,
      size: 20,
      totalPages: 1,
      totalElements: 14,
    });
  });

  test("a carrier's new parcel is on a later page, after its 30 past ones; the other carrier does not see it", async ({
    api,
    api2,
  }) => {
    const sent = await book(api, '900002');
    const first = await (await api.get('parcels')).json();
    expect(first.items.map((p: any) => p.carrierParcelId)).not.toContain(sent.carrierParcelId);
    const all = await allPages(api, 'parcels');
    expect(all.slice(0, 30).map((p) => p.carrierParcelId)).toEqual(
      Array.from({ length: 30 }, (_, i) => `SEED-1-${i + 1}`),
    );
    expect(all.at(-1).carrierParcelId).toBe(sent.carrierParcelId);
    expect((await allPages(api2, 'parcels')).map((p) => p.carrierParcelId)).not.toContain(sent.carrierParcelId);
  });
});

test.describe('refused members answer 422 on create only', () => {
  test('on create 422; update and both publish paths keep the 400 §7 lists, and nothing is created', async ({
    api,
  }) => {
    const missing = lockerCreateBody();
    delete missing.carrier.lockerId;
    const create = await api.post('lockers', { data: missing });
    expect(create.status()).toBe(422);
    expect(await create.json()).toEqual({
      errorCode: 'VALIDATION_FAILED',
      message: expect.stringContaining('lockerId'),
    });
    const locker = await createLocker(api);
    const update = await api.patch(`lockers/${locker.uid}`, {
      data: { location: { ...locker.location, lat: 'north' } },
    });
    expect(update.status()).toBe(400);
    expect((await api.patch(`lockers/${locker.uid}`, { data: { provider: locker.provider } })).status()).toBe(400);
    const before = (await (await api.get('parcels')).json()).totalElements;
    expect((await api.post('parcels/data', { data: publishBody(locker.uid, { eventType: 'CANCEL' }) })).status()).toBe(
      400,
    );
    const byId = { eventType: 'BOOKING', carrierLockerId: locker.carrier.lockerId, carrierParcelId: unique('P') };
    expect((await api.post('parcels/data/by-tenant-locker-id', { data: byId })).status()).toBe(400);
    expect((await (await api.get('parcels')).json()).totalElements).toBe(before);
  });

  test("refusals of another kind, and the trigger's, stay 400", async ({ api, mock }) => {
    const locker = await createLocker(api);
    expect((await api.post('lockers', { data: lockerCreateBody({ carrier: locker.carrier }) })).status()).toBe(400);
    expect((await api.post('parcels/data', { data: publishBody('no-such-locker') })).status()).toBe(400);
    expect(
      (
        await api.post('parcels/data', { data: Buffer.from('{'), headers: { 'content-type': 'application/json' } })
      ).status(),
    ).toBe(400);
    expect((await mock.post('parcel/first-mile/event', { data: triggerBody({ event_type: 'LOST' }) })).status()).toBe(
      400,
    );
  });
});

test.describe('unlisted request members', () => {
  test('are dropped on create: neither checked nor stored nor echoed', async ({ api }) => {
    const body = lockerCreateBody({ madeUp: { deep: true }, openingHours: { accessMode: 'SCHEDULED' } });
    Object.assign(body.carrier, { status: 42 });
    Object.assign(body.provider, { status: 'BROKEN', lockerName: 7, lockerUid: 'MINE' });
    Object.assign(body.location, { floor: 3 });
    const response = await api.post('lockers', { data: body });
    expect(response.status()).toBe(201);
    const record = await response.json();
    expect(record).not.toHaveProperty('madeUp');
    expect(record.carrier.status).toBe('ACTIVE');
    expect(record.provider).toMatchObject({
      status: 'ACTIVE',
      lockerName: body.carrier.lockerName,
      lockerUid: `PL-${record.uid}`,
    });
    expect(record.location).not.toHaveProperty('floor');
    expect(record.openingHours).toEqual({ accessMode: 'ALWAYS', exceptions: [] });
  });

  test('are dropped on update, publish and trigger', async ({ api, mock }) => {
    const locker = await createLocker(api);
    const update = await api.patch(`lockers/${locker.uid}`, {
      data: { carrier: { ...locker.carrier, status: 'INACTIVE' }, colour: 'red' },
    });
    expect(update.status()).toBe(200);
    expect(await update.json()).toMatchObject({ carrier: { status: 'ACTIVE' } });
    const sent = publishBody(locker.uid, { priority: 'HIGH', consignee: { name: 'Ann', email: null, phone: 5 } });
    expect((await api.post('parcels/data', { data: sent })).status()).toBe(201);
    const parcel = (await allPages(api, 'parcels')).find((p) => p.carrierParcelId === sent.carrierParcelId);
    expect(parcel).not.toHaveProperty('priority');
    expect(parcel.consignee).toEqual({ name: 'Ann', email: null });
    const trigger = await mock.post('parcel/first-mile/event', {
      data: triggerBody({ colour: 'red', parcel_id: unique('FM') }),
    });
    expect(trigger.status()).toBe(200);
  });
});

test.describe('cancel and authentication', () => {
  test(
    'cancel takes the carrierParcelId only (a shipmentUid is not found), needs no body and answers 200 with ' +
      'the record',
    async ({ api }) => {
      const sent = await book(api, '900003');
      const parcel = (await allPages(api, 'parcels')).find((p) => p.carrierParcelId === sent.carrierParcelId);
      const byShipmentUid = await api.patch(`parcels/${parcel.shipmentUid}`);
      expect(byShipmentUid.status()).toBe(404);
      expect((await byShipmentUid.json()).errorCode).toBe('PARCEL_NOT_FOUND');
      const response = await api.patch(`parcels/${sent.carrierParcelId}`);
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({ shipmentUid: parcel.shipmentUid, shipmentStatus: 'CANCELLED' });
    },
  );

  test('a refused key answers 403 where §7 lists no 401, and 401 where it does', async ({ reference }) => {
    expect((await fetch(`${reference.baseUrl}/lockers`)).status).toBe(403);
    expect((await fetch(`${reference.baseUrl}/parcels`, { headers: { 'x-api-key': 'wrong' } })).status).toBe(401);
  });
});

base('the staging-like lists show a write a second after it was answered: a new locker, then its rename', async () => {
  expect(STAGING_LIKE_CHOICES.listLagMs).toBe(1000);
  const reference = await startReference({ choices: STAGING_LIKE_CHOICES });
  await withClient(reference.baseUrl, reference, 0, async (api) => {
    const body = lockerCreateBody();
    const created = await api.post('lockers', { data: body });
    expect(created.status()).toBe(201);
    const uid = (await created.json())['uid'];
    const shown = async () =>
      (await allPages(api, 'lockers', { providerName: body.provider.name })).find((l) => l.uid === uid)?.carrier
        .lockerName;
    expect(await shown()).toBeUndefined();
    await expect.poll(shown, { timeout: 3000 }).toBe(body.carrier.lockerName);
    expect(
      (await api.patch(`lockers/${uid}`, { data: { carrier: { ...body.carrier, lockerName: 'Renamed' } } })).status(),
    ).toBe(200);
    expect(await shown()).toBe(body.carrier.lockerName);
    await expect.poll(shown, { timeout: 3000 }).toBe('Renamed');
  });
  await reference.close();
});
