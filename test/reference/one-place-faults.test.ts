// The faults that keep a rule in one place and lose it in another (reference/README.md), each
// shown by requests: the place it is kept in, then the place it is lost in.
import { expect, test } from '@playwright/test';
import { createLocker, parcelsOf, publishBody } from '../support/bodies';
import { KEY, withReference } from '../support/reference';
import { testWithInbox } from './inbox-fixtures';

const byTenant = (locker: Record<string, any>, overrides: Record<string, unknown> = {}): Record<string, any> => {
  const { lockerUid: _lockerUid, ...body } = publishBody(locker.uid, overrides);
  return { ...body, carrierLockerId: locker.carrier.lockerId };
};

test(
  'fault publish-nulls-uid-only: nulls §2.3 allows are taken on /parcels/data and refused on the ' + 'by-tenant path',
  async () => {
    await withReference({ faults: ['publish-nulls-uid-only'] }, async ({ api }) => {
      const locker = await createLocker(api);
      for (const nulls of [
        { consignee: null },
        { requiresAccessibleCompartment: null },
        { dimensions: { depth: null, height: 10, width: 10 } },
      ]) {
        expect(
          (await api.post('parcels/data', { data: publishBody(locker.uid, nulls) })).status(),
          JSON.stringify(nulls),
        ).toBe(200);
        expect(
          (await api.post('parcels/data/by-tenant-locker-id', { data: byTenant(locker, nulls) })).status(),
          JSON.stringify(nulls),
        ).toBe(400);
      }
      expect((await api.post('parcels/data/by-tenant-locker-id', { data: byTenant(locker) })).status()).toBe(200);
    });
  },
);

test(
  'fault by-tenant-skips-type-check: a fractional weight is refused on /parcels/data and taken on the ' +
    'by-tenant path',
  async () => {
    await withReference({ faults: ['by-tenant-skips-type-check'] }, async ({ api }) => {
      const locker = await createLocker(api);
      expect((await api.post('parcels/data', { data: publishBody(locker.uid, { weight: 250.5 }) })).status()).toBe(400);
      expect(
        (await api.post('parcels/data/by-tenant-locker-id', { data: byTenant(locker, { weight: 250.5 }) })).status(),
      ).toBe(200);
      // A missing member is still refused there: only types go unchecked.
      const { dimensions: _dimensions, ...withoutDimensions } = byTenant(locker);
      expect((await api.post('parcels/data/by-tenant-locker-id', { data: withoutDimensions })).status()).toBe(400);
    });
  },
);

test(
  'fault unknown-cancel-by-shipment-uid-200: an unknown carrierParcelId is 404, an unknown shipmentUid is ' +
    'answered 200',
  async () => {
    await withReference({ faults: ['unknown-cancel-by-shipment-uid-200'] }, async ({ api }) => {
      const locker = await createLocker(api);
      const sent = publishBody(locker.uid);
      expect((await api.post('parcels/data', { data: sent })).status()).toBe(200);
      const parcel = (await parcelsOf(api)).find((p) => p.carrierParcelId === sent.carrierParcelId)!;
      expect((await api.patch(`parcels/${parcel.carrierParcelId}x`)).status()).toBe(404);
      expect((await api.patch(`parcels/${parcel.shipmentUid}0`)).status()).toBe(200);
      expect((await parcelsOf(api)).find((p) => p.carrierParcelId === sent.carrierParcelId)?.shipmentStatus).toBe(
        'BOOKED',
      );
    });
  },
);

for (const [fault, taken, refused] of [
  ['prefix-key-compare', KEY.slice(0, 5), [`${KEY}x`, KEY.toUpperCase(), 'wrong']],
  ['case-insensitive-key', KEY.toUpperCase(), [`${KEY}x`, KEY.slice(0, -1), 'wrong']],
] as const) {
  test(
    `fault ${fault}: ${taken === KEY.toUpperCase() ? 'the key in changed case' : 'a prefix of the key'} is ` +
      `taken as the carrier's; other near misses are refused`,
    async () => {
      await withReference({ faults: [fault] }, async ({ reference }) => {
        const status = async (key: string) =>
          (await fetch(`${reference.baseUrl}/parcels`, { headers: { 'x-api-key': key } })).status;
        expect(await status(taken)).toBe(200);
        for (const key of refused) expect(await status(key), key).toBe(401);
      });
    },
  );
}

const flatCodes = testWithInbox({ faults: ['webhook-access-codes-flat'] });
flatCodes(
  'fault webhook-access-codes-flat: GET /parcels shows consigneeCollectionCode, ParcelUpdates carry the code flat',
  async ({ api, inbox }) => {
    const locker = await createLocker(api);
    const sent = publishBody(locker.uid);
    expect((await api.post('parcels/data', { data: sent })).status()).toBe(200);
    const listed = (await parcelsOf(api)).find((p) => p.carrierParcelId === sent.carrierParcelId)!;
    expect(listed.accessCodes.consigneeCollectionCode).toEqual({
      code: expect.any(String),
      validUntil: expect.any(String),
    });
    const delivery = await inbox.waitFor((d) => d.body?.carrierParcelId === sent.carrierParcelId);
    expect(delivery.body.accessCodes).toEqual(listed.accessCodes.consigneeCollectionCode);
  },
);

const silentCancel = testWithInbox({ faults: ['no-push-on-cancel-by-shipment-uid'] });
silentCancel(
  'fault no-push-on-cancel-by-shipment-uid: a cancellation by carrierParcelId pushes ParcelUpdates, one by ' +
    'shipmentUid nothing',
  async ({ api, inbox }) => {
    const locker = await createLocker(api);
    const [byId, byUid] = [publishBody(locker.uid), publishBody(locker.uid)];
    for (const body of [byId, byUid]) expect((await api.post('parcels/data', { data: body })).status()).toBe(200);
    const parcels = await parcelsOf(api);
    const uid = parcels.find((p) => p.carrierParcelId === byUid.carrierParcelId)!.shipmentUid;
    expect((await api.patch(`parcels/${uid}`)).status()).toBe(200);
    expect((await api.patch(`parcels/${byId.carrierParcelId}`)).status()).toBe(200);
    await inbox.waitFor(
      (d) => d.body?.carrierParcelId === byId.carrierParcelId && d.body?.shipmentStatus === 'CANCELLED',
    );
    // Deliveries go out in order (the default choices): the earlier cancellation's push would have come first.
    expect(
      inbox.deliveries.filter(
        (d) => d.body?.carrierParcelId === byUid.carrierParcelId && d.body?.shipmentStatus === 'CANCELLED',
      ),
    ).toEqual([]);
  },
);
