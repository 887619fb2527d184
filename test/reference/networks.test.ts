import { createLocker } from '../support/bodies';
import { expect, test } from '../support/fixtures';

test.describe('POST /networks/{uid}/lockers', () => {
  test('adds owned lockers, silently skips the rest and lists only the newly added', async ({ api, api2 }) => {
    const mine = await createLocker(api);
    const theirs = await createLocker(api2);
    const response = await api.post('networks/1001/lockers', {
      data: { lockerUids: [Number(mine.uid), 900001, 987654321, Number(theirs.uid)] },
    });
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual([
      {
        lockerUid: Number(mine.uid),
        providerName: mine.provider.name,
        lockerName: mine.carrier.lockerName,
        providerLockerStatus: 'ACTIVE',
        carrierLockerStatus: 'ACTIVE',
        networkLockerStatus: 'PENDING',
        carrierLockerId: mine.carrier.lockerId,
        providerLockerId: mine.provider.lockerUid,
      },
    ]);
    const again = await api.post('networks/1001/lockers', { data: { lockerUids: [Number(mine.uid)] } });
    expect(await again.json()).toEqual([]);
  });

  test('lists a locker sent twice in one request once', async ({ api }) => {
    const mine = await createLocker(api);
    const response = await api.post('networks/1001/lockers', { data: { lockerUids: [Number(mine.uid), Number(mine.uid)] } });
    expect((await response.json()).length).toBe(1);
  });

  for (const [name, data] of [
    ['no lockerUids', {}],
    ['string uids', { lockerUids: ['100001'] }],
    ['fractional uids', { lockerUids: [1.5] }],
    ['lockerUids as an object', { lockerUids: { a: 1 } }],
  ] as const) {
    test(`rejects a body with ${name} with 400`, async ({ api }) => {
      const response = await api.post('networks/1001/lockers', { data });
      expect(response.status()).toBe(400);
      expect((await response.json()).errorCode).toBe('VALIDATION_FAILED');
    });
  }

  test('answers 404 for another carrier\'s network and 400 for a non-integer network uid', async ({ api }) => {
    expect((await api.post('networks/2001/lockers', { data: { lockerUids: [] } })).status()).toBe(404);
    expect((await api.post('networks/abc/lockers', { data: { lockerUids: [] } })).status()).toBe(400);
  });
});
