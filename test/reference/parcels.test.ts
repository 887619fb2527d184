import { book, createLocker, parcelsOf, publishBody, triggerBody, unique } from '../support/bodies';
import { expect, test } from '../support/fixtures';

test.describe('POST /parcels/data', () => {
  test('BOOKING answers 200 with status, message and timestamp and creates a booking', async ({ api }) => {
    const locker = await createLocker(api);
    const body = publishBody(locker.uid, {
      allocationType: 'SOFT_RESERVATION',
      consignee: { name: 'Ann', email: null },
      codAmount: 2 ** 40,
      codCurrency: 'EUR',
      lockStatus: 'LOCKED',
    });
    const response = await api.post('parcels/data', { data: body });
    expect(response.status()).toBe(200);
    const answer = await response.json();
    expect(answer).toEqual({ status: 'BOOKED', message: expect.any(String), timestamp: expect.any(String) });
    expect(Number.isNaN(Date.parse(answer.timestamp))).toBe(false);
    const parcel = (await parcelsOf(api)).find((p) => p.carrierParcelId === body.carrierParcelId);
    expect(parcel).toMatchObject({
      lockerUid: locker.uid,
      carrierLockerId: locker.carrier.lockerId,
      allocationType: 'SOFT_RESERVATION',
      shipmentType: 'LAST_MILE',
      shipmentStatus: 'BOOKED',
      dimensionsStatus: 'DECLARED',
      consignee: { name: 'Ann', email: null },
      lockStatus: 'LOCKED',
      events: [{ type: 'BOOKING_CREATED', timestamp: expect.any(String) }],
    });
    expect(parcel!.accessCodes.consigneeCollectionCode.validUntil).toEqual(expect.any(String));
    expect(parcel!.accessCodes).not.toHaveProperty('consigneeCollection');
    expect(parcel).not.toHaveProperty('signature');
  });

  test('PRE_CHECK answers ACCEPTED and creates no booking', async ({ api }) => {
    const locker = await createLocker(api);
    const before = await parcelsOf(api);
    const response = await api.post('parcels/data', { data: publishBody(locker.uid, { eventType: 'PRE_CHECK' }) });
    expect(response.status()).toBe(200);
    expect((await response.json()).status).toBe('ACCEPTED');
    expect(await parcelsOf(api)).toEqual(before);
  });

  test('books into third-party lockers and accepts null members', async ({ api }) => {
    const body = publishBody('900002', {
      requiresAccessibleCompartment: null,
      consignee: null,
      dimensions: { depth: null, height: null, width: null },
    });
    expect((await api.post('parcels/data', { data: body })).status()).toBe(200);
    const parcel = (await parcelsOf(api)).find((p) => p.carrierParcelId === body.carrierParcelId);
    expect(parcel).toMatchObject({ lockerUid: '900002', dimensionsStatus: 'INCOMPLETE', consignee: null });
  });

  for (const field of ['eventType', 'lockerUid', 'carrierParcelId', 'dimensions']) {
    test(`rejects a request without ${field} with 400 and books nothing`, async ({ api }) => {
      const locker = await createLocker(api);
      const before = await parcelsOf(api);
      const body = publishBody(locker.uid);
      delete body[field];
      const response = await api.post('parcels/data', { data: body });
      expect(response.status()).toBe(400);
      expect(await response.json()).toEqual({
        errorCode: 'VALIDATION_FAILED',
        message: expect.stringContaining(field),
      });
      expect(await parcelsOf(api)).toEqual(before);
    });
  }

  for (const [name, patch] of [
    ['eventType CANCEL', { eventType: 'CANCEL' }],
    ['shipmentType FIRST_MILE', { shipmentType: 'FIRST_MILE' }],
    ['allocationType NONE', { allocationType: 'NONE' }],
    ['lockStatus OPEN', { lockStatus: 'OPEN' }],
    ['a fractional dimension', { dimensions: { depth: 1.5, height: 1, width: 1 } }],
    ['a string weight', { weight: '100' }],
    ['a fractional codAmount', { codAmount: 1.25 }],
    ['codCurrency "euro"', { codCurrency: 'euro' }],
    ['requiresAccessibleCompartment "yes"', { requiresAccessibleCompartment: 'yes' }],
    ['consignee as a string', { consignee: 'Ann' }],
    ['a numeric carrierParcelId', { carrierParcelId: 42 }],
    ['secondaryShipmentId equal to carrierParcelId', { carrierParcelId: 'SAME', secondaryShipmentId: 'SAME' }],
  ] as const) {
    test(`rejects ${name} with 400`, async ({ api }) => {
      const locker = await createLocker(api);
      const response = await api.post('parcels/data', { data: publishBody(locker.uid, patch) });
      expect(response.status()).toBe(400);
      expect(Object.keys(await response.json()).sort()).toEqual(['errorCode', 'message']);
    });
  }

  test("rejects an unknown locker and another carrier's locker with 400", async ({ api, api2 }) => {
    const theirs = await createLocker(api2);
    for (const uid of ['31337', theirs.uid]) {
      const response = await api.post('parcels/data', { data: publishBody(uid) });
      expect(response.status()).toBe(400);
      expect((await response.json()).errorCode).toBe('UNKNOWN_LOCKER');
    }
  });

  test('rejects a second booking of a parcel that is still booked', async ({ api }) => {
    const locker = await createLocker(api);
    const body = await book(api, locker.uid);
    const response = await api.post('parcels/data', { data: { ...body } });
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('ALREADY_BOOKED');
  });
});

test.describe('POST /parcels/data/by-tenant-locker-id', () => {
  test('books into the locker whose carrier.lockerId was sent', async ({ api }) => {
    const locker = await createLocker(api);
    const { lockerUid: _unused, ...body } = publishBody(locker.uid, { carrierLockerId: locker.carrier.lockerId });
    expect((await api.post('parcels/data/by-tenant-locker-id', { data: body })).status()).toBe(200);
    const parcel = (await parcelsOf(api)).find((p) => p.carrierParcelId === body['carrierParcelId']);
    expect(parcel?.lockerUid).toBe(locker.uid);
  });

  test('rejects a request without carrierLockerId, or with an unknown one, with 400', async ({ api }) => {
    const locker = await createLocker(api);
    const response = await api.post('parcels/data/by-tenant-locker-id', { data: publishBody(locker.uid) });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toContain('carrierLockerId');
    const { lockerUid: _unused, ...unknown } = publishBody('x', { carrierLockerId: unique('nope') });
    expect((await api.post('parcels/data/by-tenant-locker-id', { data: unknown })).status()).toBe(400);
  });
});

test.describe('GET /parcels', () => {
  test("returns only the calling carrier's parcels", async ({ api, api2 }) => {
    const locker = await createLocker(api);
    const mine = await book(api, locker.uid);
    const theirs = await book(api2, '900001');
    const ids1 = (await parcelsOf(api)).map((p) => p.carrierParcelId);
    const ids2 = (await parcelsOf(api2)).map((p) => p.carrierParcelId);
    expect(ids1).toContain(mine.carrierParcelId);
    expect(ids1).not.toContain(theirs.carrierParcelId);
    expect(ids2).toContain(theirs.carrierParcelId);
    expect(ids2).not.toContain(mine.carrierParcelId);
  });
});

test.describe('PATCH /parcels/{parcelId}', () => {
  test('cancels a booked parcel by carrierParcelId without a body', async ({ api }) => {
    const locker = await createLocker(api);
    const body = await book(api, locker.uid);
    const response = await api.patch(`parcels/${body.carrierParcelId}`);
    expect(response.status()).toBe(200);
    expect((await response.json()).shipmentStatus).toBe('CANCELLED');
    const parcel = (await parcelsOf(api)).find((p) => p.carrierParcelId === body.carrierParcelId);
    expect(parcel?.shipmentStatus).toBe('CANCELLED');
    expect(parcel?.events.map((e: any) => e.type)).toEqual(['BOOKING_CREATED', 'CANCELLED']);
  });

  test('accepts and ignores a JSON body', async ({ api }) => {
    const locker = await createLocker(api);
    const body = await book(api, locker.uid);
    expect((await api.patch(`parcels/${body.carrierParcelId}`, { data: { reason: 'customer' } })).status()).toBe(200);
  });

  test('refuses a second cancellation with 400', async ({ api }) => {
    const locker = await createLocker(api);
    const body = await book(api, locker.uid);
    await api.patch(`parcels/${body.carrierParcelId}`);
    const response = await api.patch(`parcels/${body.carrierParcelId}`);
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('NOT_CANCELLABLE');
  });

  test('refuses to cancel a delivered parcel and leaves it delivered', async ({ api, mock }) => {
    const locker = await createLocker(api, {
      provider: { name: 'PROVIDER_NAME_3', lockerModel: 'M300', lockerVersion: '1.0' },
    });
    const body = await book(api, locker.uid);
    const delivered = await mock.post('parcel/first-mile/event', {
      data: triggerBody({
        parcel_id: body.carrierParcelId,
        provider_locker_id: locker.provider.lockerUid,
        provider_name: 'PROVIDER_NAME_3',
        event_type: 'CONSIGNEE_DELIVERED',
      }),
    });
    expect(delivered.status()).toBe(200);
    const response = await api.patch(`parcels/${body.carrierParcelId}`);
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('NOT_CANCELLABLE');
    const parcel = (await parcelsOf(api)).find((p) => p.carrierParcelId === body.carrierParcelId);
    expect(parcel?.shipmentStatus).toBe('DELIVERED');
    expect(parcel?.signature).toEqual({ imageBase64: expect.any(String), format: 'PNG' });
  });

  test("answers 404 with an error body for an unknown parcel and for another carrier's parcel", async ({
    api,
    api2,
  }) => {
    const theirs = await book(api2, '900001');
    for (const id of [unique('ghost'), theirs.carrierParcelId]) {
      const response = await api.patch(`parcels/${encodeURIComponent(id)}`);
      expect(response.status()).toBe(404);
      expect((await response.json()).errorCode).toBe('PARCEL_NOT_FOUND');
    }
    expect((await parcelsOf(api2)).find((p) => p.carrierParcelId === theirs.carrierParcelId)?.shipmentStatus).toBe(
      'BOOKED',
    );
  });
});
