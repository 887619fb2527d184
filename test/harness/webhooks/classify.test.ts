// Delivery bodies are judged by the record rules that hold for them as for lists (§2.1, §2.4, §6):
// beyond the schema, PCL-ACCESS-CODES; a date-time without an offset is a should, as on answers.
import { expect, test } from '@playwright/test';
import { beyondSchema, judge } from '../../../harness/webhooks/classify';

const parcel = {
  shipmentUid: 'S',
  carrierParcelId: 'P',
  shipmentStatus: 'BOOKED',
  consignee: null,
  events: [],
  allocationType: 'HARD_RESERVATION',
  dimensionsStatus: 'X',
  eventTimestamp: '2026-01-01T00:00:00Z',
};
const locker = {
  uid: '1',
  carrier: { lockerName: 'A', lockerId: 'L1', activationDate: '2026-01-15T08:00:00Z' },
  provider: { name: 'P', lockerModel: 'M', lockerVersion: '1' },
  eventTimestamp: '2026-01-01T00:00:00Z',
};

const ACCESS_CODES: [string, unknown, string[], string[]][] = [
  ['with a consigneeCollectionCode object', { consigneeCollectionCode: { validUntil: 'x' } }, ['PCL-ACCESS-CODES'], []],
  ['with an empty object', {}, ['PCL-ACCESS-CODES'], ['PCL-ACCESS-CODES']],
  ['with the code as a string', { consigneeCollectionCode: '123' }, ['PCL-ACCESS-CODES'], ['PCL-ACCESS-CODES']],
  ['null (no access codes)', null, [], []],
];
for (const [name, accessCodes, judged, broken] of ACCESS_CODES) {
  test(
    `ParcelUpdates accessCodes ${name}: judged by ${judged.join(', ') || 'nothing beyond the schema'}, broken: ` +
      `${broken.join(', ') || 'none'}`,
    () => {
      const body = { ...parcel, accessCodes };
      expect(beyondSchema('ParcelUpdates', body).judged).toEqual(judged);
      const verdict = judge(body);
      expect(verdict.kind).toBe('ParcelUpdates');
      expect(verdict.findings.filter((f) => f.rule === 'PCL-ACCESS-CODES').length > 0).toBe(broken.length > 0);
    },
  );
}

test('a LockerUpdates body is judged by nothing beyond its schema', () => {
  expect(beyondSchema('LockerUpdates', { ...locker, accessCodes: {} })).toEqual({ judged: [], findings: [] });
});

test('an activationDate without an offset is GEN-DATE-TIME-ZONE (a should), not a broken locker record', () => {
  const verdict = judge({ ...locker, carrier: { ...locker.carrier, activationDate: '2026-01-15T08:00:00' } });
  expect(verdict.findings.map((f) => f.rule)).toEqual(['GEN-DATE-TIME-ZONE']);
  const broken = judge({ ...locker, carrier: { ...locker.carrier, activationDate: 'soon' } });
  expect(broken.findings.map((f) => f.rule)).toContain('WH-LOCKER-BODY');
});

test('a LockerUpdates with the older provider shape breaks LCK-PROVIDER-FIELDS and its body rule', () => {
  const verdict = judge({ ...locker, provider: { providerName: 'P', lockerModelVersion: 'M 1' } });
  expect(verdict.findings.map((f) => f.rule)).toEqual(
    expect.arrayContaining(['LCK-PROVIDER-FIELDS', 'WH-LOCKER-BODY']),
  );
});
