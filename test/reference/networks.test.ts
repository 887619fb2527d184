import { createLocker } from '../support/bodies';
import { expect, test } from '../support/fixtures';
import { withReference } from '../support/reference';

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
    const response = await api.post('networks/1001/lockers', {
      data: { lockerUids: [Number(mine.uid), Number(mine.uid)] },
    });
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

  test("answers 404 for another carrier's network and 400 for a non-integer network uid", async ({ api }) => {
    expect((await api.post('networks/2001/lockers', { data: { lockerUids: [] } })).status()).toBe(404);
    expect((await api.post('networks/abc/lockers', { data: { lockerUids: [] } })).status()).toBe(400);
  });
});

test(
  'the alternative choices give uids beyond 2^53: a network add reads them from their digits and answers them ' + 'so',
  async () => {
    await withReference({ choices: 'alternative' }, async ({ api }) => {
      const mine = await createLocker(api);
      expect(BigInt(mine.uid)).toBeGreaterThan(2n ** 53n);
      // Written from its digits: a double would name the locker one below or above.
      const response = await api.post('networks/1001/lockers', {
        data: `{"lockerUids":[${mine.uid}]}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status()).toBe(200);
      // Its digits as a number, whatever member follows it (the alternative set writes members in reverse).
      expect(await response.text()).toMatch(new RegExp(`"lockerUid":${mine.uid}[,}]`));
      const rounded = String(Number(mine.uid));
      if (rounded !== mine.uid)
        expect(
          await (
            await api.post('networks/1001/lockers', {
              data: `{"lockerUids":[${rounded}]}`,
              headers: { 'content-type': 'application/json' },
            })
          ).json(),
        ).toEqual([]);
    });
  },
);
