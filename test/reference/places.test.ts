// A rule holds in every place the spec makes it hold (issue 29): the reference's faults that keep a
// rule in one place only, each shown by a request, and the conformant choices next to them (openingHours
// refused on update, one cancel id form or both, a near miss of a key answered 403).
import { connect } from 'node:net';
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { CHOICE_SETS, DEFAULT_CHOICES } from '../../reference/choices';
import { DEFAULT_CARRIERS } from '../../reference/options';
import type { ReferenceHandle } from '../../reference/server';
import { book, createLocker, lockerCreateBody, parcelsOf, publishBody, triggerBody } from '../support/bodies';
import { KEY, withReference } from '../support/reference';
import { testWithInbox } from './inbox-fixtures';

const SCHEDULED_WITHOUT_SCHEDULE = [
  { accessMode: 'SCHEDULED', exceptions: [] },
  { accessMode: 'SCHEDULED', weeklySchedule: [], exceptions: [] },
];
const SCHEDULED = {
  accessMode: 'SCHEDULED',
  weeklySchedule: [{ day: 'MONDAY', from: '08:00', to: '20:00' }],
  exceptions: [],
};

async function listed(api: APIRequestContext, uid: string): Promise<Record<string, any> | undefined> {
  return ((await (await api.get('lockers')).json()) as Record<string, any>[]).find((l) => l['uid'] === uid);
}

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

base.describe('openingHours on update', () => {
  base(
    "the default holds an update's openingHours to §2.1 rules 1 and 2, as on create, and stores a valid one",
    async () => {
      await withReference({}, async ({ api }) => {
        const locker = await createLocker(api);
        for (const openingHours of SCHEDULED_WITHOUT_SCHEDULE) {
          const refused = await api.patch(`lockers/${locker.uid}`, { data: { openingHours } });
          expect(refused.status()).toBe(400);
          expect((await refused.json()).message).toContain('/openingHours/weeklySchedule');
        }
        const stored = await api.patch(`lockers/${locker.uid}`, { data: { openingHours: SCHEDULED } });
        expect(stored.status()).toBe(200);
        expect((await stored.json()).openingHours).toEqual(SCHEDULED);
        expect((await listed(api, locker.uid))?.['openingHours']).toEqual(SCHEDULED);
      });
    },
  );

  base(
    'fault update-stores-bad-opening-hours: an update stores SCHEDULED without a schedule, a create still refuses it',
    async () => {
      await withReference({ faults: ['update-stores-bad-opening-hours'] }, async ({ api }) => {
        const locker = await createLocker(api);
        for (const openingHours of SCHEDULED_WITHOUT_SCHEDULE) {
          expect((await api.post('lockers', { data: lockerCreateBody({ openingHours }) })).status()).toBe(400);
          const updated = await api.patch(`lockers/${locker.uid}`, { data: { openingHours } });
          expect(updated.status()).toBe(200);
          expect((await updated.json()).openingHours).toEqual(openingHours);
          expect((await listed(api, locker.uid))?.['openingHours']).toEqual(openingHours);
        }
        // Only §2.1 rule 1 is lost: ALWAYS with a schedule, or a wrong type, is still refused on update.
        expect(
          (
            await api.patch(`lockers/${locker.uid}`, { data: { openingHours: { ...SCHEDULED, accessMode: 'ALWAYS' } } })
          ).status(),
        ).toBe(400);
        expect(
          (
            await api.patch(`lockers/${locker.uid}`, {
              data: { openingHours: { accessMode: 'SCHEDULED', weeklySchedule: 'daily' } },
            })
          ).status(),
        ).toBe(400);
      });
    },
  );

  base(
    'the independent choices refuse openingHours on update (400 VALIDATION_FAILED, nothing changed), and ' +
      'take it on create',
    async () => {
      expect(CHOICE_SETS.independent.openingHoursOnUpdate).toBe('refused');
      await withReference({ choices: 'independent' }, async ({ api }) => {
        const locker = await createLocker(api, { openingHours: SCHEDULED });
        expect(locker['openingHours']).toEqual(SCHEDULED);
        for (const openingHours of [{ accessMode: 'ALWAYS', exceptions: [] }, SCHEDULED]) {
          const refused = await api.patch(`lockers/${locker.uid}`, {
            data: { openingHours, metadata: [{ key: 'k', value: 'v' }] },
          });
          expect(refused.status()).toBe(400);
          expect(await refused.json()).toEqual({
            errorCode: 'VALIDATION_FAILED',
            message: expect.stringContaining('/openingHours'),
          });
        }
        expect(await listed(api, locker.uid)).toEqual(locker);
        expect(
          (await api.patch(`lockers/${locker.uid}`, { data: { metadata: [{ key: 'k', value: 'v' }] } })).status(),
        ).toBe(200);
      });
    },
  );
});

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

const inboxTest = testWithInbox({ faults: ['locker-webhook-legacy-provider'] });

inboxTest(
  'fault locker-webhook-legacy-provider: LockerUpdates carry providerName and lockerModelVersion, the answer ' +
    'and the list do not',
  async ({ api, inbox }) => {
    const locker = await createLocker(api);
    expect(Object.keys(locker['provider'])).not.toContain('providerName');
    expect((await listed(api, locker['uid']))?.['provider']).toEqual(locker['provider']);
    const delivery = await inbox.waitFor((d) => d.body.uid === locker['uid']);
    const { name, lockerVersion, ...rest } = locker['provider'];
    expect(delivery.body.provider).toEqual({ ...rest, providerName: name, lockerModelVersion: lockerVersion });
    expect(delivery.body).toEqual({ ...locker, provider: delivery.body.provider, eventTimestamp: expect.any(String) });
  },
);

/** The status a request with this X-API-Key header (or none) gets. */
async function statusWithKey(
  reference: ReferenceHandle,
  path: string,
  key: string | undefined,
  method = 'GET',
): Promise<number> {
  const response = await fetch(`${reference.baseUrl}/${path}`, {
    method,
    headers: key === undefined ? {} : { 'x-api-key': key },
  });
  await response.arrayBuffer();
  return response.status;
}

const NEAR_MISSES = [`${KEY}x`, KEY.slice(0, -1), KEY.slice(0, 8), KEY.toUpperCase()];

base.describe('near misses of a real key', () => {
  base('the default refuses each near miss as any wrong key (401)', async () => {
    await withReference({}, async ({ reference }) => {
      for (const key of [undefined, 'wrong', ...NEAR_MISSES]) {
        expect(await statusWithKey(reference, 'lockers', key), String(key)).toBe(401);
        expect(await statusWithKey(reference, 'parcels', key), String(key)).toBe(401);
      }
    });
  });

  base(
    "fault partial-key-compare: the key with a character appended is taken as that carrier's; other near " +
      'misses are refused',
    async () => {
      await withReference({ faults: ['partial-key-compare'] }, async ({ reference, api }) => {
        const sent = await book(api, '900001');
        const response = await fetch(`${reference.baseUrl}/parcels`, { headers: { 'x-api-key': `${KEY}x` } });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { carrierParcelId: string }[]).map((p) => p.carrierParcelId)).toContain(
          sent.carrierParcelId,
        );
        expect(await statusWithKey(reference, 'parcels', `${DEFAULT_CARRIERS[1]!.apiKey}-and-more`)).toBe(200);
        for (const key of [undefined, 'wrong', KEY.slice(0, -1), KEY.toUpperCase()])
          expect(await statusWithKey(reference, 'parcels', key), String(key)).toBe(401);
      });
    },
  );

  base(
    'the independent choices answer a near miss 403 where §7 lists no 401; a missing or unrelated key is ' +
      '401, and 401 stays where §7 lists it',
    async () => {
      expect(CHOICE_SETS.independent.nearMissKeyStatus).toBe(403);
      await withReference({ choices: 'independent' }, async ({ reference }) => {
        for (const key of NEAR_MISSES) {
          expect(await statusWithKey(reference, 'lockers', key), key).toBe(403);
          expect(await statusWithKey(reference, 'lockers/providers', key), key).toBe(403);
          expect(await statusWithKey(reference, 'parcels', key), key).toBe(401);
          expect(await statusWithKey(reference, 'lockers/100001', key, 'PATCH'), key).toBe(401);
        }
        const body = await (
          await fetch(`${reference.baseUrl}/lockers`, { headers: { 'x-api-key': `${KEY}x` } })
        ).json();
        expect(body).toEqual({ errorCode: 'FORBIDDEN', message: expect.any(String) });
        for (const key of [undefined, 'wrong', '', 'carrier-conformance-wrong-key'])
          expect(await statusWithKey(reference, 'lockers', key), String(key)).toBe(401);
        expect(await statusWithKey(reference, 'lockers', KEY)).toBe(200);
      });
    },
  );

  base(
    "a key with whitespace around it reaches the service trimmed (HTTP drops a field value's surrounding " +
      'whitespace), so it is the key',
    async () => {
      await withReference({ choices: 'independent' }, async ({ reference }) => {
        // Written on a socket: fetch would trim the value itself before sending it.
        const statusLine = await new Promise<string>((resolve, reject) => {
          const socket = connect(reference.port, '127.0.0.1');
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk.toString()));
          socket.on('end', () => resolve(answer.split('\r\n')[0]!));
          socket.on('error', reject);
          socket.write(
            `GET ${new URL(reference.baseUrl).pathname}/lockers HTTP/1.1\r\nHost: reference\r\nX-API-Key:  ` +
              `\t${KEY} \t\r\nConnection: close\r\n\r\n`,
          );
        });
        expect(statusLine).toBe('HTTP/1.1 200 OK');
      });
    },
  );
});

base.describe('creates in flight together', () => {
  const together = async (api: APIRequestContext, n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        api
          .post('lockers', { data: lockerCreateBody() })
          .then(async (r) => ({ status: r.status(), record: await r.json() })),
      ),
    );

  base('the default gives every one of them its own uid, each listed as sent', async () => {
    await withReference({}, async ({ api }) => {
      const created = await together(api, 6);
      expect(created.map((c) => c.status)).toEqual(Array(6).fill(201));
      expect(new Set(created.map((c) => c.record.uid)).size).toBe(6);
      for (const { record } of created) expect((await listed(api, record.uid))?.['carrier']).toEqual(record.carrier);
    });
  });

  base(
    'fault duplicate-uid-concurrent: creates in flight together get the same uid and the list keeps the ' +
      'last; one at a time they differ',
    async () => {
      await withReference({ faults: ['duplicate-uid-concurrent'] }, async ({ api }) => {
        const a = await createLocker(api);
        const b = await createLocker(api);
        expect(a.uid).not.toBe(b.uid);
        const created = await together(api, 4);
        expect(created.map((c) => c.status)).toEqual(Array(4).fill(201));
        const uids = created.map((c) => c.record.uid);
        expect(new Set(uids).size).toBeLessThan(4);
        const shown = await listed(api, uids[0]);
        const sameUid = created.filter((c) => c.record.uid === uids[0]);
        expect(sameUid.length).toBeGreaterThan(1);
        // One of those answered with the uid is listed under it; the others are gone.
        expect(sameUid.filter((c) => c.record.carrier.lockerId === shown?.['carrier']['lockerId'])).toHaveLength(1);
      });
    },
  );
});
