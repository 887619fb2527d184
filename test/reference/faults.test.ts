import { expect, test } from '@playwright/test';
import { catalogue } from '../../spec/catalogue';
import { checkFaultNames, FAULTS } from '../../reference/faults';
import { startReference } from '../../reference/server';
import { createLocker, parcelsOf, publishBody } from '../support/bodies';
import { withReference } from '../support/reference';

test('at least 40 named faults, each breaking a rule of the catalogue', () => {
  expect(FAULTS.length).toBeGreaterThanOrEqual(40);
  expect(new Set(FAULTS.map((f) => f.name)).size).toBe(FAULTS.length);
  for (const fault of FAULTS)
    expect(
      catalogue.map((r) => r.id),
      fault.name,
    ).toContain(fault.rule);
});

test('every must rule has at least one fault', () => {
  const broken = new Set(FAULTS.map((f) => f.rule));
  expect(catalogue.filter((r) => r.level === 'must' && !broken.has(r.id)).map((r) => r.id)).toEqual([]);
});

test('an unknown fault name is refused with the list of known ones', async () => {
  expect(() => checkFaultNames(['create-answers-200', 'no-such-fault'])).toThrow(
    /unknown fault no-such-fault; known faults: access-codes-legacy, always-null-schedule, .*locker-lat-as-string/,
  );
  await expect(startReference({ faults: ['no-such-fault'] })).rejects.toThrow('unknown fault no-such-fault');
});

test('a fault changes only what it names', async () => {
  const faulty = await startReference({ faults: ['create-answers-200'] });
  try {
    const headers = { 'x-api-key': faulty.app.options.carriers[0]!.apiKey, 'content-type': 'application/json' };
    const body = {
      carrier: { lockerName: 'A', lockerId: 'F1', activationDate: '2025-01-01T00:00:00Z' },
      provider: { name: 'PROVIDER_NAME_1', lockerModel: 'M100', lockerVersion: '1.0' },
      location: { street: 's', streetNumber: '1', postalCode: '1', city: 'c', lon: 1, lat: 2, countryCode: 'DE' },
    };
    const created = await fetch(`${faulty.baseUrl}/lockers`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(created.status).toBe(200);
    const refused = await fetch(`${faulty.baseUrl}/lockers`, { method: 'POST', headers, body: JSON.stringify({}) });
    expect(refused.status).toBe(400);
  } finally {
    await faulty.close();
  }
});

test(
  'fault publish-optional-dimensions: a publish without dimensions is booked, never answered 5xx, and the ' +
    'by-tenant path still refuses it',
  async () => {
    // It answered 500 (the booking read the dimensions it had let go missing): the run then failed
    // GEN-NO-5XX where its rule is PCL-PUBLISH-REQUIRED, and judged passively it missed that rule.
    await withReference({ faults: ['publish-optional-dimensions'] }, async ({ api }) => {
      const locker = await createLocker(api);
      const { dimensions: _dimensions, ...sent } = publishBody(locker.uid);
      expect((await api.post('parcels/data', { data: sent })).status()).toBe(200);
      expect((await parcelsOf(api)).find((p) => p.carrierParcelId === sent['carrierParcelId'])?.dimensionsStatus).toBe(
        'INCOMPLETE',
      );
      const byTenant: Record<string, unknown> = {
        ...sent,
        carrierLockerId: locker.carrier.lockerId,
        carrierParcelId: `${String(sent['carrierParcelId'])}-t`,
      };
      delete byTenant['lockerUid'];
      expect((await api.post('parcels/data/by-tenant-locker-id', { data: byTenant })).status()).toBe(400);
    });
  },
);
