// The staging-like choice set's webhooks (every delivery twice) and how run/embedded.ts starts it.
import { CHOICE_SET_NAMES } from '../../reference/choices';
import { expect } from '@playwright/test';
import { ConfigError } from '../../harness/target/config';
import { STAGING_LIKE_CHOICES } from '../../reference/choices';
import { startEmbeddedTarget } from '../../run/embedded';
import { createLocker, publishBody, triggerBody } from '../support/bodies';
import { testWithInbox } from './inbox-fixtures';

const test = testWithInbox({ choices: STAGING_LIKE_CHOICES });

test('every LockerUpdates and ParcelUpdates delivery is sent twice with the same body, in order', async ({
  api,
  inbox,
  reference,
}) => {
  const locker = await createLocker(api);
  const sent = publishBody(locker.uid);
  expect((await api.post('parcels/data', { data: sent })).status()).toBe(201);
  await reference.app.outbox.idle();
  const bodies = inbox.deliveries.map((d) => d.body);
  expect(bodies).toHaveLength(4);
  expect(bodies[0]).toEqual({ ...locker, eventTimestamp: expect.any(String) });
  expect(bodies[1]).toEqual(bodies[0]);
  expect(bodies[2]).toMatchObject({ carrierParcelId: sent.carrierParcelId, shipmentStatus: 'BOOKED' });
  expect(bodies[3]).toEqual(bodies[2]);
});

test('each copy is retried on its own', async ({ api, inbox, reference }) => {
  inbox.script.push(500);
  await createLocker(api);
  await reference.app.outbox.idle();
  expect(inbox.deliveries.map((d) => d.answered)).toEqual([500, 200, 200]);
});

test('past parcels make no CollectionNotification due; a new waiting one is notified twice', async ({
  mock,
  inbox,
  reference,
}) => {
  reference.collections.tick();
  await reference.app.outbox.idle();
  expect(inbox.deliveries).toEqual([]);
  const body = triggerBody();
  await mock.post('parcel/first-mile/event', { data: body });
  await mock.post('parcel/first-mile/event', { data: { ...body, event_type: 'CONSIGNEE_DELIVERED' } });
  reference.collections.tick();
  await reference.app.outbox.idle();
  const notifications = inbox.deliveries.filter((d) => 'courierAccessCode' in d.body).map((d) => d.body);
  expect(notifications).toHaveLength(2);
  expect(notifications[1]).toEqual(notifications[0]);
});

test.describe('run/embedded.ts', () => {
  async function withChoices<T>(name: string | undefined, run: () => Promise<T>): Promise<T> {
    const before = process.env['CIS_REFERENCE_CHOICES'];
    if (name === undefined) delete process.env['CIS_REFERENCE_CHOICES'];
    else process.env['CIS_REFERENCE_CHOICES'] = name;
    try {
      return await run();
    } finally {
      if (before === undefined) delete process.env['CIS_REFERENCE_CHOICES'];
      else process.env['CIS_REFERENCE_CHOICES'] = before;
    }
  }

  for (const [name, period, profile] of [
    [undefined, 250, 'target-profile.json'],
    ['alternative', 250, 'target-profile.alternative.json'],
    ['staging-like', 1000, 'target-profile.staging-like.json'],
  ] as const) {
    test(`${name ?? 'no'} choice set: its profile, and the collection period the reference runs with`, async ({
      inbox,
    }) => {
      const target = await withChoices(name, () => startEmbeddedTarget({ webhookUrl: inbox.url }));
      try {
        expect(target.collectionPeriodMs).toBe(period);
        expect(target.profile.profilePath.endsWith(profile)).toBe(true);
      } finally {
        await target.close();
      }
    });
  }

  test('an unknown choice set is one configuration error naming the allowed ones', async ({ inbox }) => {
    const started = withChoices('staging', () => startEmbeddedTarget({ webhookUrl: inbox.url }));
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toMatchObject({
      problems: [`CIS_REFERENCE_CHOICES: "staging" is not a choice set; use one of ${CHOICE_SET_NAMES.join(', ')}`],
    });
  });
});
