// A rule holds in every place the spec makes it hold: a delivered parcel refused by each cancel id
// form, and the choices that take one form or both.
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { DEFAULT_CHOICES } from '../../reference/choices';
import { book, createLocker, parcelsOf, publishBody, triggerBody } from '../support/bodies';
import { withReference } from '../support/reference';

/** Books a parcel into a created locker and has the trigger deliver it; answers the parcel as listed. */
async function deliveredParcel(api: APIRequestContext, mock: APIRequestContext): Promise<Record<string, any>> {
  const locker = await createLocker(api);
  const sent = await book(api, locker.uid);
  const delivered = await mock.post('parcel/first-mile/event', {
    data: triggerBody({
      parcel_id: sent.carrierParcelId,
      provider_locker_id: locker.provider.lockerUid,
      provider_name: locker.provider.name,
      event_type: 'CONSIGNEE_DELIVERED',
    }),
  });
  expect(delivered.status()).toBe(200);
  const parcel = (await parcelsOf(api)).find((p) => p.carrierParcelId === sent.carrierParcelId)!;
  expect(parcel.shipmentStatus).toBe('DELIVERED');
  return parcel;
}

const statusOf = async (api: APIRequestContext, carrierParcelId: string) =>
  (await parcelsOf(api)).find((p) => p.carrierParcelId === carrierParcelId)?.shipmentStatus;

base.describe('cancel id forms', () => {
  base('the default takes both forms, and refuses a delivered parcel in each', async () => {
    expect(DEFAULT_CHOICES.cancelPathId).toBe('either');
    await withReference({}, async ({ api, mock }) => {
      const locker = await createLocker(api);
      for (const form of ['carrierParcelId', 'shipmentUid'] as const) {
        const sent = await book(api, locker.uid);
        const parcel = (await parcelsOf(api)).find((p) => p.carrierParcelId === sent.carrierParcelId)!;
        const cancelled = await api.patch(`parcels/${parcel[form]}`);
        expect(cancelled.status(), form).toBe(200);
        expect(await cancelled.json()).toMatchObject({ shipmentUid: parcel.shipmentUid, shipmentStatus: 'CANCELLED' });
      }
      const delivered = await deliveredParcel(api, mock);
      for (const form of ['carrierParcelId', 'shipmentUid'] as const) {
        const refused = await api.patch(`parcels/${delivered[form]}`);
        expect(refused.status(), form).toBe(400);
        expect((await refused.json()).errorCode).toBe('NOT_CANCELLABLE');
      }
      expect(await statusOf(api, delivered.carrierParcelId)).toBe('DELIVERED');
    });
  });

  base(
    'fault cancel-delivered-by-shipment-uid: a delivered parcel is refused by its carrierParcelId and ' +
      'cancelled by its shipmentUid',
    async () => {
      await withReference({ faults: ['cancel-delivered-by-shipment-uid'] }, async ({ api, mock }) => {
        const delivered = await deliveredParcel(api, mock);
        expect((await api.patch(`parcels/${delivered.carrierParcelId}`)).status()).toBe(400);
        expect(await statusOf(api, delivered.carrierParcelId)).toBe('DELIVERED');
        const cancelled = await api.patch(`parcels/${delivered.shipmentUid}`);
        expect(cancelled.status()).toBe(200);
        expect(await statusOf(api, delivered.carrierParcelId)).toBe('CANCELLED');
      });
    },
  );

  for (const [set, taken, other] of [
    ['staging-like', 'carrierParcelId', 'shipmentUid'],
    ['alternative', 'shipmentUid', 'carrierParcelId'],
  ] as const) {
    base(`the ${set} choices take the ${taken} only: the ${other} is not found (404)`, async () => {
      // The list read at once after the booking: a staging-like lag of the lists is a test of its own.
      await withReference({ choices: set, only: { listLagMs: 0 } }, async ({ api }) => {
        const locker = await createLocker(api);
        const sent = publishBody(locker.uid);
        expect((await api.post('parcels/data', { data: sent })).ok()).toBe(true);
        const parcel = (await allParcels(api)).find((p) => p['carrierParcelId'] === sent['carrierParcelId'])!;
        const reason = { reason: 'CUSTOMER_REQUEST' };
        const miss = await api.patch(`parcels/${parcel[other]}`, { data: reason });
        expect(miss.status()).toBe(404);
        expect((await miss.json()).errorCode).toBe('PARCEL_NOT_FOUND');
        expect((await api.patch(`parcels/${parcel[taken]}`, { data: reason })).ok()).toBe(true);
      });
    });
  }
});

/** Every parcel of the carrier, whatever the list envelope (a bare array, `content`, or pages of `items`). */
async function allParcels(api: APIRequestContext): Promise<Record<string, any>[]> {
  const first = await (await api.get('parcels')).json();
  if (Array.isArray(first)) return first;
  if (first.content) return first.content;
  const items = [...first.items];
  for (let page = 1; page < first.totalPages; page++)
    items.push(...(await (await api.get('parcels', { params: { page } })).json()).items);
  return items;
}
