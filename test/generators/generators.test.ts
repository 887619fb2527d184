// Generators produce values their schema accepts (valid) or rejects for exactly the named reason
// (invalid), and shrinking works through them.
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import {
  applyMutation,
  distinctNearMissesOf,
  fromSchema,
  idNearMissesOf,
  lockerGroups,
  lockerGroupsWithRepeatedKey,
  mutationsOf,
  patternNearMisses,
  openingHours,
  openingHoursViolation,
  ruledAs,
} from '../../generators';
import { validatorFor } from '../../spec/ajv';
import { ruleForError } from '../../spec/attribution';

const REQUESTS = [
  'LockerCreateRequest',
  'LockerUpdateRequest',
  'PublishByLockerUidRequest',
  'PublishByCarrierLockerIdRequest',
  'TriggerRequest',
  'AddNetworkLockersRequest',
];

for (const name of REQUESTS) {
  test(`${name}: generated values are valid`, () => {
    const validate = validatorFor(name);
    fc.assert(
      fc.property(fromSchema(name), (value) => validate(value) || fc.pre(false) || false),
      { numRuns: 200 },
    );
  });

  test(`${name}: each mutation makes a valid value invalid`, () => {
    const validate = validatorFor(name);
    const mutations = mutationsOf(name, name === 'LockerUpdateRequest');
    expect(mutations.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(
        fromSchema(name, name === 'LockerUpdateRequest'),
        fc.constantFrom(...mutations),
        (value, mutation) => {
          expect(validate(value)).toBe(true);
          const broken = applyMutation(value, mutation);
          expect(validate(broken), `${name} ${mutation.description}`).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
}

test('lockerGroups have distinct keys; the repeated variant repeats exactly one', () => {
  fc.assert(fc.property(lockerGroups, (groups) => new Set(groups.map((g) => g.key)).size === groups.length));
  fc.assert(
    fc.property(lockerGroupsWithRepeatedKey, (groups) => {
      expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length - 1);
    }),
  );
});

test('opening hours: valid values pass the record schema, violations fail it for their rule', () => {
  const validate = validatorFor('OpeningHours');
  fc.assert(fc.property(openingHours, (value) => validate(value) === true));
  fc.assert(
    fc.property(openingHoursViolation, ({ value, rule }) => {
      expect(validate(value)).toBe(false);
      expect(validate.errors!.map((e) => ruleForError('OpeningHours', e))).toContain(rule);
    }),
  );
});

test('a failing property shrinks to a minimal locker create request', () => {
  const result = fc.check(
    fc.property(fromSchema('LockerCreateRequest'), (value) => !('metadata' in value)),
    { seed: 7 },
  );
  expect(result.failed).toBe(true);
  const counterexample = result.counterexample![0] as Record<string, unknown>;
  expect(counterexample['metadata']).toEqual([]);
  expect(Object.keys(counterexample).sort()).toEqual(['carrier', 'location', 'metadata', 'provider']);
});

test('the neighbouring type: an array sent as its first item alone, another member wrapped in an array', () => {
  const mutations = mutationsOf('LockerCreateRequest');
  const wrapped = (path: string) => mutations.find((m) => m.wrap && m.path.join('.') === path)!;
  const body = {
    carrier: { lockerName: 'N', lockerId: 'L', activationDate: '2026-01-01T00:00:00Z' },
    metadata: [{ key: 'k', value: 'v' }],
  };
  const cases: [path: string, want: unknown][] = [
    ['metadata', { key: 'k', value: 'v' }],
    ['carrier', [body.carrier]],
  ];
  for (const [path, want] of cases) {
    const broken = applyMutation(body, wrapped(path)) as Record<string, unknown>;
    expect(broken[path], path).toEqual(want);
  }
  // An empty array has no first item: a value of the item's type goes alone.
  expect(applyMutation({ ...body, metadata: [] }, wrapped('metadata')).metadata).toEqual({});
});

test('a keyword of a record merged into a webhook body by allOf breaks the record rule', () => {
  const validate = validatorFor('ParcelUpdatesEvent');
  const body = {
    shipmentUid: 'S-1',
    lockerUid: 100001,
    carrierParcelId: 'C-1',
    shipmentStatus: 'BOOKED',
    dimensionsStatus: 'DECLARED',
    allocationType: 'HARD_RESERVATION',
    accessCodes: null,
    consignee: null,
    events: [],
    eventTimestamp: '2026-01-01T00:00:00Z',
  };
  expect(validate(body)).toBe(false);
  expect(validate.errors!.map((e) => ruleForError('ParcelUpdatesEvent', e))).toEqual(['PCL-RECORD-SHAPE']);
});

test('an object with required members sent empty is a missing member, at every object the walk enters', () => {
  const emptied = (schema: string, withOptional = false) =>
    mutationsOf(schema, withOptional)
      .filter((m) => m.kind === 'emptied')
      .map((m) => m.path.join('.'));
  expect(emptied('LockerCreateRequest')).toEqual(['carrier', 'provider', 'location']);
  expect(emptied('LockerUpdateRequest', true)).toEqual(['carrier', 'location']);
  const carrier = mutationsOf('LockerCreateRequest').find((m) => m.kind === 'emptied')!;
  expect(ruledAs(carrier.kind)).toBe('missing');
  expect(applyMutation({ carrier: { lockerName: 'N' }, uid: 'u' }, carrier)).toEqual({ carrier: {}, uid: 'u' });
});

test('near misses of an id: a word appended, and its full-width form that NFKC folds back to it', () => {
  const misses = new Map(idNearMissesOf('LK-1').map((m) => [m.what, m] as const));
  expect(misses.get('with a word appended')?.value).toBe('LK-1 x');
  const wide = misses.get('in full-width characters (NFKC folds them to the id)')!;
  expect(wide.value).toBe('ＬＫ－１');
  expect(wide.value.normalize('NFKC')).toBe('LK-1');
  expect(wide.equivalent).toBeUndefined();
  expect(distinctNearMissesOf('LK-1').map((m) => m.value)).toContain('ＬＫ－１');
});

test('near misses of an id: an accent added, and taken away where the id has one; reported, not failed', () => {
  const of = (id: string) => new Map(idNearMissesOf(id).map((m) => [m.what, m] as const));
  expect(of('LK-1').get('with an accent added to a letter')?.value).toBe('ĹK-1');
  expect(of('LK-1').has('with its accents taken away')).toBe(false);
  expect(of('Müller-7').get('with its accents taken away')?.value).toBe('Muller-7');
  expect(of('Müller-7').get('with its accents taken away')?.equivalent).toBe(true);
  expect(distinctNearMissesOf('Müller-7').map((m) => m.value)).not.toContain('Muller-7');
});

test('near misses of a pattern: strings it refuses, made from one it takes, the same in every run', () => {
  const pattern = '^[A-Z]{3}$';
  const near = patternNearMisses(pattern);
  expect(near).toEqual(patternNearMisses(pattern));
  for (const { value } of near) expect(new RegExp(pattern).test(value)).toBe(false);
  const values = near.map((n) => n.value);
  expect(values).toContain('');
  expect(values.some((v) => /^[A-Z]{2}$/.test(v))).toBe(true);
  expect(values.some((v) => /^[A-Z]{4}$/.test(v))).toBe(true);
});

test("an array of objects: its item's members mutated, each in an array of one valid item", () => {
  const inItems = mutationsOf('LockerUpdateRequest', true).filter((m) => m.inItem);
  const value = inItems.find((m) => m.description === 'metadata with an item value as an object');
  expect(value).toMatchObject({ kind: 'wrongType', path: ['metadata'] });
  expect(value?.value).toEqual([{ key: expect.any(String), value: { not: 'a string' } }]);
  expect(applyMutation({ metadata: [] }, value!)).toEqual({ metadata: value!.value });
  expect(inItems.some((m) => m.path[0] === 'lockerGroups' && m.kind === 'missing')).toBe(true);
});
