// `carrier-conformance judge` on a push about a record the traffic showed: it shows one form the record was shown in
// (WH-LOCKER-BODY, WH-PARCEL-BODY), whatever the write that caused it; what a write no answer showed may have moved
// is excused.
import { expect, test } from '@playwright/test';
import { create, entry, judgedRules, record } from '../../support/traffic-entries';

const at = '2026-01-05T10:00:00Z';
const hook = (body: object) =>
  entry('POST', '/carrier-1', 200, { received: 1 }, { base: 'https://hooks.example', key: null, body });
const created = () => entry('POST', '/lockers', 201, record, { body: create });
const listed = (records: object[]) => entry('GET', '/lockers', 200, records);
const parcel = {
  shipmentUid: 'S-1',
  lockerUid: '100',
  carrierParcelId: 'P-1',
  shipmentStatus: 'BOOKED',
  dimensionsStatus: 'OK',
  allocationType: 'HARD_RESERVATION',
  accessCodes: null,
  events: [],
};
const consignee = { name: 'Ann', email: 'ann@example.com' };

async function verdicts(traffic: unknown[], deliveries: unknown[]) {
  const rules = await judgedRules(traffic, deliveries);
  return (id: string) => rules.find((r) => r.id === id)!;
}

const cases: { name: string; traffic: () => unknown[]; push: object; rule: string; want: string; says?: string }[] = [
  {
    name: 'a LockerUpdates showing the form the create answered with',
    traffic: () => [created(), listed([record])],
    push: { ...record, eventTimestamp: at },
    rule: 'WH-LOCKER-BODY',
    want: 'passed',
  },
  {
    name: 'a LockerUpdates showing a city no answer showed',
    traffic: () => [created(), listed([record])],
    push: { ...record, location: { ...record.location, city: 'Elsewhere' }, eventTimestamp: at },
    rule: 'WH-LOCKER-BODY',
    want: 'failed',
    says: 'location.city',
  },
  {
    name: 'a LockerUpdates leaving out a member every form showed',
    traffic: () => [created()],
    push: { ...record, location: { ...record.location, postalCode: undefined }, eventTimestamp: at },
    rule: 'WH-LOCKER-BODY',
    want: 'failed',
    says: 'location.postalCode',
  },
  {
    name: 'a LockerUpdates showing the status a change no later answer showed moved',
    traffic: () => [
      created(),
      entry('PATCH', '/lockers/status', 200, {}, { body: { lockerUids: ['100'], status: 'INACTIVE' } }),
    ],
    push: { ...record, carrier: { ...record.carrier, status: 'INACTIVE' }, eventTimestamp: at },
    rule: 'WH-LOCKER-BODY',
    want: 'passed',
  },
  {
    name: 'a ParcelUpdates showing the consignee the list showed',
    traffic: () => [entry('GET', '/parcels', 200, [{ ...parcel, consignee }])],
    push: { ...parcel, consignee, shipmentStatus: 'CANCELLED', eventTimestamp: at },
    rule: 'WH-PARCEL-BODY',
    want: 'passed',
  },
  {
    name: 'a ParcelUpdates showing another consignee than the list',
    traffic: () => [entry('GET', '/parcels', 200, [{ ...parcel, consignee }])],
    push: { ...parcel, consignee: { ...consignee, name: 'Bob' }, eventTimestamp: at },
    rule: 'WH-PARCEL-BODY',
    want: 'failed',
    says: 'consignee',
  },
];

for (const c of cases)
  test(`given ${c.name}, want ${c.rule} ${c.want}`, async () => {
    const verdict = (await verdicts(c.traffic(), [hook(c.push)]))(c.rule);
    expect(verdict.verdict, verdict.failure).toBe(c.want);
    if (c.says) expect(verdict.failure).toContain(c.says);
  });
