// Conformant choices which the harness must neither warn about nor read as
// INCONCLUSIVE: a parcel no compartment fits refused as one that cannot be accepted there (§4.6), and
// provider entries without any of the members §2.2 makes optional.
import { test, expect } from '@playwright/test';
import { CHOICE_SETS } from '../../reference/choices';
import { book, createLocker, lockerCreateBody, parcelsOf, publishBody, triggerBody } from '../support/bodies';
import { withReference } from '../support/reference';

const INT32_MAX = 2 ** 31 - 1;
const NO_FIT = { errorCode: 'VALIDATION_ERROR', message: 'no compartment fits the parcel' };

test(
  'the independent choices refuse a parcel no compartment fits, as a BOOKING and as a PRE_CHECK, and take one ' +
    'that fits or states no size',
  async () => {
    expect(CHOICE_SETS.independent.compartmentFit).toBe(true);
    await withReference({ choices: 'independent' }, async ({ api }) => {
      const locker = await createLocker(api);
      for (const eventType of ['BOOKING', 'PRE_CHECK']) {
        for (const dimensions of [
          { depth: INT32_MAX, height: 10, width: 10 },
          { depth: 41, height: 41, width: 10 },
        ]) {
          const refused = await api.post('parcels/data', { data: publishBody(locker.uid, { eventType, dimensions }) });
          expect(refused.status(), `${eventType} ${JSON.stringify(dimensions)}`).toBe(400);
          expect(await refused.json()).toEqual(NO_FIT);
        }
      }
      // Turned as it best goes in: 60 long, 40 wide, 40 high is the LARGE compartment.
      for (const dimensions of [
        { depth: 60, height: 40, width: 40 },
        { depth: null, height: null, width: null },
        { depth: 10, height: 20, width: 30 },
      ]) {
        expect(
          (
            await api.post('parcels/data', { data: publishBody(locker.uid, { eventType: 'PRE_CHECK', dimensions }) })
          ).status(),
          JSON.stringify(dimensions),
        ).toBe(200);
      }
    });
  },
);

test('the default choices compare no dimensions: a parcel of int32-max depth is booked', async () => {
  await withReference({}, async ({ api }) => {
    const locker = await createLocker(api);
    expect(
      (
        await api.post('parcels/data', {
          data: publishBody(locker.uid, { dimensions: { depth: INT32_MAX, height: 10, width: 10 } }),
        })
      ).status(),
    ).toBe(200);
  });
});

test(
  'the independent choices list provider entries with none of providerName, providerUid, lockerModel, ' +
    'lockerVersion, and take a create naming a pair',
  async () => {
    expect(CHOICE_SETS.independent.providerEntries).toBe('own-members');
    await withReference({ choices: 'independent' }, async ({ api }) => {
      const entries = (await (await api.get('lockers/providers')).json()) as Record<string, unknown>[];
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries)
        for (const member of ['providerName', 'providerUid', 'lockerModel', 'lockerVersion'])
          expect(entry).not.toHaveProperty(member);
      expect(
        (
          await api.post('lockers', {
            data: lockerCreateBody({
              provider: { name: 'PROVIDER_NAME_1', lockerModel: 'M100', lockerVersion: '1.0' },
            }),
          })
        ).status(),
      ).toBe(201);
    });
  },
);

test(
  'a full locker of the independent choices refuses a BOOKING and the PRE_CHECK that asks; a cancelled parcel ' +
    'frees its compartment, a first-mile parcel waiting for the courier does not',
  async () => {
    const capacity = CHOICE_SETS.independent.lockerCapacity!;
    await withReference({ choices: 'independent' }, async ({ api, mock }) => {
      const locker = await createLocker(api);
      // A first-mile parcel the consignee put in the locker, waiting for the courier.
      const firstMile = triggerBody({
        provider_locker_id: locker.provider.lockerUid,
        provider_name: locker.provider.name,
      });
      expect((await mock.post('parcel/first-mile/event', { data: firstMile })).status()).toBe(200);
      expect(
        (
          await mock.post('parcel/first-mile/event', { data: { ...firstMile, event_type: 'CONSIGNEE_DELIVERED' } })
        ).status(),
      ).toBe(200);
      const booked: Record<string, any>[] = [];
      for (let i = 1; i < capacity; i++) booked.push(await book(api, locker.uid));
      for (const eventType of ['BOOKING', 'PRE_CHECK']) {
        const full = await api.post('parcels/data', { data: publishBody(locker.uid, { eventType }) });
        expect(full.status(), eventType).toBe(400);
        expect((await full.json()).errorCode).toBe('LOCKER_FULL');
      }
      // The independent choices cancel by shipmentUid.
      const shipmentUid = (await parcelsOf(api)).find(
        (p) => p.carrierParcelId === booked[0]!.carrierParcelId,
      )?.shipmentUid;
      expect((await api.patch(`parcels/${shipmentUid}`)).status()).toBeLessThan(300);
      expect(
        (await api.post('parcels/data', { data: publishBody(locker.uid, { eventType: 'PRE_CHECK' }) })).status(),
      ).toBe(200);
      expect((await api.post('parcels/data', { data: publishBody(locker.uid) })).status()).toBe(200);
    });
  },
);
