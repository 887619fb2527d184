// The walk of a request schema's optional members (generators/from-schema.ts everyValueOnce): every member in every
// instance, every value each member's schema allows taken once, free strings once an id another record holds, and the
// instances valid against the document once that id is put in.
import { expect, test } from '@playwright/test';
import {
  ABSENT,
  everyMemberOnce,
  everyPair,
  everyValueOnce,
  freeStringsOf,
  HELD_ELSEWHERE,
  laidOver,
  MARKUP_TEXT,
  POSTAL_FORMS,
} from '../../generators';
import { validatorFor } from '../../spec/ajv';

const NAMED = new Set(['eventType', 'carrierParcelId', 'lockerUid', 'carrierLockerId', 'consignee', 'dimensions']);

const cases: { given: string; member: string; want: unknown[] }[] = [
  { given: 'an enum', member: 'lockStatus', want: ['LOCKED', 'UNLOCKED'] },
  { given: 'an enum', member: 'shipmentType', want: ['LAST_MILE', 'ALTERNATIVE_DELIVERY'] },
  { given: 'an enum', member: 'allocationType', want: ['HARD_RESERVATION', 'SOFT_RESERVATION'] },
  // The generator for the member keeps to what any locker takes (no accessible compartment asked for).
  { given: 'boolean or null, narrowed by name', member: 'requiresAccessibleCompartment', want: [false, null] },
  { given: 'a free string', member: 'secondaryShipmentId', want: [HELD_ELSEWHERE] },
  // The values a reader with `||` or `if (member)` takes for absent, where the schema allows them.
  { given: 'a free string, the empty one too', member: 'secondaryShipmentId', want: [''] },
  { given: 'an integer without a minimum, zero too', member: 'weight', want: [0] },
  { given: 'an int64 amount, zero too', member: 'codAmount', want: [0] },
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

test('everyValueOnce: every two members of a closed set of values meet in every pair of their values', () => {
  const closedMembers = ['shipmentType', 'allocationType', 'requiresAccessibleCompartment', 'lockStatus'];
  const domain = (m: string) => [...new Set(instances.map((i) => JSON.stringify(i[m])))];
  for (const a of closedMembers)
    for (const b of closedMembers.filter((m) => m > a))
      for (const va of domain(a))
        for (const vb of domain(b))
          expect(
            instances.some((i) => JSON.stringify(i[a]) === va && JSON.stringify(i[b]) === vb),
            `${a} ${va} with ${b} ${vb}`,
          ).toBe(true);
});

for (const { given, members, pairs } of [
  { given: 'no member', members: [] as [string, unknown[]][], pairs: 0 },
  { given: 'one member: its values', members: [['a', [1, 2, 3]]] as [string, unknown[]][], pairs: 3 },
  {
    given: 'two members: their product',
    members: [
      ['a', [1, 2]],
      ['b', ['x', 'y', 'z']],
    ] as [string, unknown[]][],
    pairs: 6,
  },
  {
    given: 'three of two values: fewer rows than their product',
    members: [
      ['a', [0, 1]],
      ['b', [0, 1]],
      ['c', [0, 1]],
    ] as [string, unknown[]][],
    pairs: 4,
  },
])
  test(`everyPair: ${given}`, () => {
    const rows = everyPair(members);
    expect(rows.length).toBeLessThanOrEqual(pairs);
    for (const [a, va] of members)
      for (const [b, vb] of members.filter(([m]) => m > a))
        for (const x of va) for (const y of vb) expect(rows.some((r) => r[a] === x && r[b] === y)).toBe(true);
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

const walked = everyMemberOnce('LockerCreateRequest', new Set(['lockerGroups']));

test('everyMemberOnce: nested optional members take each of their values, and are left out once', () => {
  const features = walked.map((w) => (w['features'] as Record<string, unknown>)['hasScreen']);
  for (const value of [true, false, null, ABSENT]) expect(features).toContainEqual(value);
  expect(walked.map((w) => (w['location'] as Record<string, unknown>)['type'])).toContainEqual(ABSENT);
  // An array of objects: one walked item each, its members walked as any object's; and no item, and left out.
  const items = walked.map((w) => w['metadata']).filter((m): m is Record<string, unknown>[] => Array.isArray(m));
  const keys = items.filter((m) => m.length).map((m) => m[0]!['key']);
  for (const value of [null, HELD_ELSEWHERE, ABSENT]) expect(keys).toContainEqual(value);
  expect(items.filter((m) => m.length === 0)).toHaveLength(1);
  expect(walked.map((w) => w['metadata'])).toContainEqual(ABSENT);
  // An optional object is left out once too.
  expect(walked.map((w) => w['features'])).toContainEqual(ABSENT);
  for (const w of walked) expect(w).not.toHaveProperty('lockerGroups');
});

test('everyMemberOnce: required members take their values too, never left out; a path left is not walked', () => {
  const leaving = everyMemberOnce('LockerCreateRequest', new Set(['lockerGroups', 'carrier.lockerId']));
  const location = leaving.map((w) => w['location'] as Record<string, unknown>);
  // Every form a postal code takes (values.ts POSTAL_FORMS), a leading zero among them; never left out.
  for (const form of POSTAL_FORMS) expect(location.map((l) => l['postalCode'])).toContainEqual(form);
  expect(location.map((l) => l['postalCode'])).not.toContainEqual(ABSENT);
  // A free string spells another JSON value too: null, and a number a numeric reading would change; and markup.
  for (const value of ['null', '0042', MARKUP_TEXT, '']) expect(location.map((l) => l['street'])).toContainEqual(value);
  // A number whose range holds zero takes it (a falsy value), as a coordinate may be.
  for (const member of ['lat', 'lon']) expect(location.map((l) => l[member])).toContainEqual(0);
  // A string the document shows only an example of is open too: its example, and the empty string.
  for (const value of ['indoor', '']) expect(location.map((l) => l['type'])).toContainEqual(value);
  for (const w of leaving) expect(w['carrier']).not.toHaveProperty('lockerId');
  expect(leaving.map((w) => (w['carrier'] as Record<string, unknown>)['lockerName'])).toContainEqual('0042');
});

test('everyMemberOnce: laid over a valid base, every instance is a valid request once the held id is put in', () => {
  const validate = validatorFor('LockerCreateRequest');
  const base = {
    carrier: { lockerName: 'N', lockerId: 'L', activationDate: '2026-01-15T08:00:00Z' },
    provider: { name: 'PROVIDER_NAME_1', lockerModel: 'M', lockerVersion: '1' },
    location: { street: 's', streetNumber: '1', postalCode: '1', city: 'c', lon: 1, lat: 1, countryCode: 'DE' },
    metadata: [{ key: 'run', value: 'r' }],
  };
  for (const instance of walked) {
    const body = laidOver(base, instance, (v) => (v === HELD_ELSEWHERE ? 'P-1' : v)) as Record<string, unknown>;
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // The base's own entries stay, the walked one comes after; no item walked sends none, and left out, none is sent.
    const sent = instance['metadata'];
    if (sent === ABSENT) expect(body).not.toHaveProperty('metadata');
    else if (Array.isArray(sent) && sent.length === 0) expect(body['metadata']).toEqual([]);
    else expect((body['metadata'] as unknown[])[0]).toEqual({ key: 'run', value: 'r' });
  }
});

test('laidOver: objects merged member by member, ABSENT drops, arrays append, the base is not changed', () => {
  const base = { a: { x: 1, y: 2 }, list: [1], kept: 'k' };
  const over = laidOver(base, { a: { y: ABSENT, z: 3 }, list: [{ b: HELD_ELSEWHERE }] }, (v) =>
    v === HELD_ELSEWHERE ? 'held' : v,
  );
  expect(over).toEqual({ a: { x: 1, z: 3 }, list: [1, { b: 'held' }], kept: 'k' });
  expect(base).toEqual({ a: { x: 1, y: 2 }, list: [1], kept: 'k' });
});
