import { book, createLocker, parcelsOf, triggerBody } from '../support/bodies';
import { expect, test } from '../support/fixtures';

test.describe('POST {mock_base_url}/parcel/first-mile/event', () => {
  test('moves a first-mile parcel through BOOKING_CREATED, CONSIGNEE_DELIVERED and COURIER_COLLECTED', async ({
    api,
    mock,
  }) => {
    const body = triggerBody();
    for (const [event, status] of [
      ['BOOKING_CREATED', 'BOOKED'],
      ['CONSIGNEE_DELIVERED', 'DELIVERED'],
      ['COURIER_COLLECTED', 'COLLECTED'],
    ]) {
      const response = await mock.post('parcel/first-mile/event', { data: { ...body, event_type: event } });
      expect(response.status(), event).toBe(200);
      expect(await response.json()).toEqual({ message: expect.any(String), event_type: event });
      const parcel = (await parcelsOf(api)).find((p) => p.carrierParcelId === body.parcel_id);
      expect(parcel).toMatchObject({ shipmentStatus: status, shipmentType: 'FIRST_MILE', lockerUid: '900001' });
    }
  });

  for (const field of [
    'parcel_id',
    'provider_locker_id',
    'event_type',
    'carrier_name',
    'provider_name',
    'shipment_type',
  ]) {
    test(`rejects a request without ${field} with 400`, async ({ mock }) => {
      const body = triggerBody();
      delete body[field];
      const response = await mock.post('parcel/first-mile/event', { data: body });
      expect(response.status()).toBe(400);
      expect((await response.json()).message).toContain(field);
    });
  }

  for (const [field, value] of [
    ['event_type', 'PARCEL_LOST'],
    ['carrier_name', 'CARRIER_NAME_11'],
    ['provider_name', 'PROVIDER_NAME_8'],
    ['shipment_type', 'LAST_MILE'],
    ['labelless', 'yes'],
  ] as const) {
    test(`rejects ${field} ${value} with 400`, async ({ mock }) => {
      expect((await mock.post('parcel/first-mile/event', { data: triggerBody({ [field]: value }) })).status()).toBe(
        400,
      );
    });
  }

  test('rejects the platform lockerUid given as provider_locker_id', async ({ api, mock }) => {
    const locker = await createLocker(api, {
      provider: { name: 'PROVIDER_NAME_4', lockerModel: 'M400', lockerVersion: '1.0' },
    });
    const response = await mock.post('parcel/first-mile/event', {
      data: triggerBody({ provider_locker_id: locker.uid, provider_name: 'PROVIDER_NAME_4' }),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('UNKNOWN_PROVIDER_LOCKER');
  });

  test('rejects a provider_name that does not run the locker and a carrier_name of another carrier', async ({
    mock,
  }) => {
    expect(
      (
        await (
          await mock.post('parcel/first-mile/event', { data: triggerBody({ provider_name: 'PROVIDER_NAME_2' }) })
        ).json()
      ).errorCode,
    ).toBe('PROVIDER_MISMATCH');
    expect(
      (
        await (
          await mock.post('parcel/first-mile/event', { data: triggerBody({ carrier_name: 'CARRIER_NAME_2' }) })
        ).json()
      ).errorCode,
    ).toBe('CARRIER_MISMATCH');
  });

  test('answers 404 for an event on an unknown parcel and 400 for an event on a cancelled one', async ({
    api,
    mock,
  }) => {
    expect(
      (await mock.post('parcel/first-mile/event', { data: triggerBody({ event_type: 'COURIER_COLLECTED' }) })).status(),
    ).toBe(404);
    const locker = await createLocker(api);
    const parcel = await book(api, locker.uid);
    await api.patch(`parcels/${parcel.carrierParcelId}`);
    const response = await mock.post('parcel/first-mile/event', {
      data: triggerBody({
        parcel_id: parcel.carrierParcelId,
        provider_locker_id: locker.provider.lockerUid,
        provider_name: locker.provider.name,
        event_type: 'CONSIGNEE_DELIVERED',
      }),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('PARCEL_CANCELLED');
  });

  test('is not served under the service base path', async ({ api }) => {
    expect((await api.post('parcel/first-mile/event', { data: triggerBody() })).status()).toBe(404);
  });
});
