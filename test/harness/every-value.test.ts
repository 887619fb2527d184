// The walk of a request schema's optional members (generators/from-schema.ts everyValueOnce): every member in every
// instance, every value each member's schema allows taken once, free strings once an id another record holds, and the
// instances valid against the document once that id is put in.
import { expect, test } from '@playwright/test';
import { everyValueOnce, freeStringsOf, HELD_ELSEWHERE } from '../../generators';
import { validatorFor } from '../../spec/ajv';

const NAMED = new Set(['eventType', 'carrierParcelId', 'lockerUid', 'carrierLockerId', 'consignee', 'dimensions']);

const cases: { given: string; member: string; want: unknown[] }[] = [
  { given: 'an enum', member: 'lockStatus', want: ['LOCKED', 'UNLOCKED'] },
  { given: 'an enum', member: 'shipmentType', want: ['LAST_MILE', 'ALTERNATIVE_DELIVERY'] },
  { given: 'an enum', member: 'allocationType', want: ['HARD_RESERVATION', 'SOFT_RESERVATION'] },
  // The generator for the member keeps to what any locker takes (no accessible compartment asked for).
  { given: 'boolean or null, narrowed by name', member: 'requiresAccessibleCompartment', want: [false, null] },
  { given: 'a free string', member: 'secondaryShipmentId', want: [HELD_ELSEWHERE] },
];

const instances = everyValueOnce('PublishFields', NAMED);

for (const { given, member, want } of cases)
  test(`everyValueOnce: ${given} (${member}) takes each of its values`, () => {
    const taken = instances.map((i) => i[member]);
    for (const value of want) expect(taken).toContainEqual(value);
  });

test('everyValueOnce: every instance carries every optional member but those left, and only those', () => {
  const optional = ['shipmentType', 'weight', 'allocationType', 'requiresAccessibleCompartment'];
  for (const instance of instances) {
    expect(Object.keys(instance)).toEqual(expect.arrayContaining([...optional, 'lockStatus', 'codCurrency']));
    for (const left of NAMED) expect(instance).not.toHaveProperty(left);
  }
});

test('everyValueOnce: the same instances in every run', () => {
  expect(everyValueOnce('PublishFields', NAMED)).toEqual(instances);
});

test('everyValueOnce: each instance is a valid publish once the held id is put in', () => {
  const validate = validatorFor('PublishByLockerUidRequest');
  for (const instance of instances) {
    const options = Object.fromEntries(Object.entries(instance).map(([k, v]) => [k, v === HELD_ELSEWHERE ? 'P-1' : v]));
    const body = { eventType: 'BOOKING', lockerUid: '1', carrierParcelId: 'P-2', dimensions: {}, ...options };
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  }
});

test('freeStringsOf: strings no enum, pattern, format or example narrows', () => {
  expect([...freeStringsOf('PublishFields')].sort()).toEqual(['carrierParcelId', 'secondaryShipmentId']);
  expect([...freeStringsOf('LocationInput')]).not.toContain('type');
});
