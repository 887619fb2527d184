// Given a delivery as the listener recorded it, want the rules the run's end judges it by, each with
// what broke it: a record rule held on a webhook body is an evaluation at that webhook, not only a
// failure found there (§2.1: the locker record is "the body of the locker webhook" as well).
import { expect, test } from '@playwright/test';
import { judge as classify } from '../../../harness/webhooks/classify';
import { deliveryJudgements, rulesBroken } from '../../../harness/webhooks/delivery-judgements';
import type { Delivery } from '../../../harness/webhooks/types';

const LOCKER = {
  uid: 'u-1',
  carrier: { lockerName: 'A', lockerId: 'L1', activationDate: '2025-01-01T00:00:00Z', status: 'ACTIVE' },
  provider: { name: 'P', lockerModel: 'M', lockerVersion: '1' },
  location: { street: 'S', streetNumber: '1', postalCode: '1000', city: 'C', lon: 1, lat: 2, countryCode: 'BE' },
  openingHours: { accessMode: 'ALWAYS' },
  eventTimestamp: '2025-01-01T00:00:00Z',
};

/** A delivery of the body, its findings as the listener's inbox makes them. */
function delivered(body: unknown, raw = JSON.stringify(body)): Delivery {
  const verdict =
    body === undefined
      ? { findings: [{ rule: 'WH-DELIVERY-VALID', problem: 'the body is not JSON' }] }
      : classify(body);
  return {
    seq: 1,
    method: 'POST',
    path: '/webhooks/carrier-1',
    headers: {},
    credentials: [],
    body,
    raw,
    size: raw.length,
    receivedAt: 0,
    ...verdict,
    ownCarrierJudged: false,
    answered: 200,
  };
}

const rulesOf = (d: Delivery) => Object.fromEntries(deliveryJudgements(d).map((j) => [j.rule, j.problems]));

test('a valid LockerUpdates is judged by its body rule and every record rule its body met, all held', () => {
  const judged = rulesOf(delivered(LOCKER));
  expect(judged).toMatchObject({
    'WH-DELIVERY-VALID': [],
    'WH-DELIVERY-KNOWN': [],
    'WH-LOCKER-BODY': [],
    'LCK-RECORD-SHAPE': [],
    'LCK-OH-ALWAYS': [],
    'VER-REMOVED-FIELDS': [],
  });
  // openingHours is ALWAYS: the SCHEDULED rule met nothing to judge.
  expect(judged).not.toHaveProperty('LCK-OH-SCHEDULED');
  expect(judged).not.toHaveProperty('WH-OWN-CARRIER');
});

test('a LockerUpdates in an older record shape fails the record rules and VER-REMOVED-FIELDS there', () => {
  const older = {
    ...LOCKER,
    provider: { providerName: 'P', lockerModel: 'M', lockerVersion: '1' },
    openingHours: { accessMode: 'SCHEDULED' },
  };
  const judged = rulesOf(delivered(older));
  expect(judged['LCK-PROVIDER-FIELDS']!.length).toBeGreaterThan(0);
  expect(judged['LCK-OH-SCHEDULED']!.length).toBeGreaterThan(0);
  expect(judged['VER-REMOVED-FIELDS']).toEqual([
    'LockerUpdates /provider/providerName: expected no provider.providerName (removed, §9), got "P"',
  ]);
  expect(judged['WH-LOCKER-BODY']!.length).toBeGreaterThan(0);
});

test(
  'a body of no webhook is judged by WH-DELIVERY-VALID and WH-DELIVERY-KNOWN only; one that is no JSON by the ' +
    'first only',
  () => {
    expect(deliveryJudgements(delivered({ hello: 'world' })).map((j) => j.rule)).toEqual([
      'WH-DELIVERY-VALID',
      'WH-DELIVERY-KNOWN',
    ]);
    expect(rulesOf(delivered({ hello: 'world' }))['WH-DELIVERY-KNOWN']!.length).toBe(1);
    expect(deliveryJudgements(delivered(undefined, 'not json'))).toEqual([
      { rule: 'WH-DELIVERY-VALID', problems: ['the body is not JSON'] },
    ]);
  },
);

test('a CollectionNotification is judged by its body rule', () => {
  expect(rulesOf(delivered({ courierAccessCode: null, carrierLockerId: 'L1', eventTimestamp: 't' }))).toEqual({
    'WH-DELIVERY-VALID': [],
    'WH-DELIVERY-KNOWN': [],
    'WH-COLLECTION-BODY': [],
  });
});

test(
  'a ParcelUpdates is judged by the record rules beyond its schema too: accessCodes carries a ' +
    'consigneeCollectionCode object',
  () => {
    const parcel = {
      shipmentUid: 'S',
      carrierParcelId: 'P',
      shipmentStatus: 'BOOKED',
      consignee: null,
      events: [],
      allocationType: 'HARD_RESERVATION',
      dimensionsStatus: 'X',
      eventTimestamp: '2025-01-01T00:00:00Z',
    };
    expect(
      rulesOf(delivered({ ...parcel, accessCodes: { consigneeCollectionCode: { code: '1' } } }))['PCL-ACCESS-CODES'],
    ).toEqual([]);
    expect(
      rulesOf(delivered({ ...parcel, accessCodes: { consigneeCollectionCode: 'x' } }))['PCL-ACCESS-CODES']!.length,
    ).toBe(1);
    expect(rulesOf(delivered({ ...parcel, accessCodes: null }))).not.toHaveProperty('PCL-ACCESS-CODES');
  },
);

test('the rules deliveries broke: each rule any of them broke, once; none of a delivery refused for its key', () => {
  const noJson = delivered(undefined, '{"uid":');
  const older = delivered({ ...LOCKER, provider: { providerName: 'P', lockerModel: 'M', lockerVersion: '1' } });
  const given: [name: string, deliveries: Delivery[], want: string[]][] = [
    ['none', [], []],
    ['valid ones', [delivered(LOCKER), delivered(LOCKER)], []],
    ['one no JSON among valid ones', [delivered(LOCKER), noJson], ['WH-DELIVERY-VALID']],
    ['the same refused for its key', [{ ...noJson, keyRefused: true }], []],
  ];
  for (const [name, deliveries, want] of given) expect([...rulesBroken(deliveries)], name).toEqual(want);
  expect([...rulesBroken([older, older])]).toEqual(
    expect.arrayContaining(['WH-LOCKER-BODY', 'LCK-PROVIDER-FIELDS', 'VER-REMOVED-FIELDS']),
  );
});
