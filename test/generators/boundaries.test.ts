// Boundary values: each member gets the edges its type allows and its schema does not forbid, and
// every edge (alone, or packed with edges of other members) keeps a valid body valid.
import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import {
  boundaries,
  boundariesOf,
  edgeApplied,
  fromSchema,
  MARKUP_TEXT,
  nullsAsOmitted,
  packed,
  type Edge,
} from '../../generators';
import { validatorFor } from '../../spec/ajv';

// m required: its own edges only (left out, it has none of its own: see the presence tests below).
const object = (member: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  required: ['m'],
  properties: { m: member },
  ...extra,
});
const NON_ASCII = 'non-ASCII text (accents, CJK, emoji, combining mark, right-to-left)';
const LONG_1000 = 'long (1000 characters)';

const CASES: { given: string; schema: Record<string, unknown>; want: [string, unknown][] }[] = [
  {
    given: 'free text',
    schema: { type: 'string' },
    want: [
      ['empty', ''],
      [LONG_1000, 'x'.repeat(1000)],
      [NON_ASCII, 'Zürich Straße 東京都 📦🚚 e\u0301 שלום'],
      ['whitespace only', '   '],
      ['control whitespace (tab, line feed, carriage return)', 'Hof 3\tNord\nHinterhaus\r\n2. OG'],
      ['markup characters', MARKUP_TEXT],
    ],
  },
  {
    given: 'nullable text',
    schema: { type: ['string', 'null'], minLength: 4 },
    want: [
      ['null', null],
      [LONG_1000, 'x'.repeat(1000)],
      [NON_ASCII, 'Zürich Straße 東京都 📦🚚 e\u0301 שלום'],
      ['control whitespace (tab, line feed, carriage return)', 'Hof 3\tNord\nHinterhaus\r\n2. OG'],
      ['markup characters', MARKUP_TEXT],
    ],
  },
  {
    given: 'text with maxLength 3',
    schema: { type: 'string', maxLength: 3 },
    want: [
      ['empty', ''],
      ['long (3 characters)', 'xxx'],
      ['whitespace only', '   '],
      ['CJK', '東京都'],
      ['emoji', '📦🚚'],
      ['combining mark', 'e\u0301'],
    ],
  },
  {
    given: 'a date-time',
    schema: { type: 'string', format: 'date-time' },
    want: [
      ['epoch', '1970-01-01T00:00:00Z'],
      ['far future', '9999-12-31T23:59:59Z'],
      ['offset and fraction', '2026-06-30T23:59:59.999+14:00'],
      ['an offset with minutes', '2026-06-30T05:15:00-09:30'],
      ['year one', '0001-01-01T00:00:00Z'],
      ['a two-digit year', '0099-12-31T23:59:59Z'],
      ['one fraction digit', '2026-06-30T12:00:00.5Z'],
      ["lower-case 't' and 'z'", '2026-06-30t12:00:00z'],
      ['nine fraction digits', '2026-06-30T12:00:00.123456789-03:00'],
      ['a leap second', '2016-12-31T23:59:60Z'],
    ],
  },
  { given: 'a pattern', schema: { type: 'string', pattern: '^[A-Z]{3}$' }, want: [] },
  {
    given: 'values shown only by example',
    schema: { type: 'string', examples: ['indoor'] },
    want: [['example indoor', 'indoor']],
  },
  {
    given: 'an enum',
    schema: { type: 'string', enum: ['A', 'B'] },
    want: [
      ['enum A', 'A'],
      ['enum B', 'B'],
    ],
  },
  {
    given: 'an integer',
    schema: { type: 'integer' },
    want: [
      ['zero', 0],
      ['negative', -1],
      ['int32 min', -2147483648],
      ['int32 max', 2147483647],
    ],
  },
  {
    given: 'an int64',
    schema: { type: 'integer', format: 'int64' },
    want: [
      ['zero', 0],
      ['negative', -1],
      ['int64 safe min', Number.MIN_SAFE_INTEGER],
      ['int64 safe max', Number.MAX_SAFE_INTEGER],
    ],
  },
  {
    given: 'an integer from 0 to 10',
    schema: { type: 'integer', minimum: 0, maximum: 10 },
    want: [
      ['zero', 0],
      ['maximum', 10],
    ],
  },
  {
    given: 'a number',
    schema: { type: 'number' },
    want: [
      ['zero', 0],
      ['negative', -1.5],
      ['double min', -Number.MAX_VALUE],
      ['double max', Number.MAX_VALUE],
    ],
  },
  {
    given: 'a nullable boolean',
    schema: { type: ['boolean', 'null'] },
    want: [
      ['null', null],
      ['true', true],
      ['false', false],
    ],
  },
];

for (const { given, schema, want } of CASES) {
  test(`boundaries of ${given}`, () => {
    const edges = boundariesOf(object(schema));
    expect(edges.map((e) => [e.label, e.value])).toEqual(want);
    expect(new Set(edges.map((e) => e.pointer))).toEqual(new Set(want.length ? ['/m'] : []));
  });
}

test('members a request may not carry get no edges; nested members are named by their pointer', () => {
  const schema = object({
    type: 'object',
    properties: { 'a/b': { type: 'boolean' }, gone: { not: {} }, recordOnly: { type: 'string', readOnly: true } },
  });
  expect(boundariesOf(schema).map((e) => [e.pointer, e.label])).toEqual([
    ['/m', 'empty object'],
    ['/m/a~1b', 'omitted'],
    ['/m/a~1b', 'true'],
    ['/m/a~1b', 'false'],
  ]);
});

test("arrays: empty where minItems allows, 100 entries with distinct strings, and the first item's own edges", () => {
  const groups = {
    type: 'array',
    items: { type: 'object', required: ['key'], properties: { key: { type: 'string' }, on: { type: 'boolean' } } },
  };
  const edges = boundariesOf(object(groups));
  expect(edges.slice(0, 2).map((e) => e.label)).toEqual(['empty array', '100 entries']);
  const long = edges[1]!.value as { key: string }[];
  expect(new Set(long.map((g) => g.key)).size).toBe(100);
  const itemEdge = edges.find((e) => e.pointer === '/m/0/on' && e.label === 'true')!;
  expect(itemEdge.item).toEqual({ pointer: '/m/0', value: { key: 'key-1', on: false } });
  // The item goes in where the body has none, so its required key is there.
  expect(edgeApplied({}, itemEdge)).toEqual({ m: [{ key: 'key-1', on: true }] });
  expect(boundariesOf(object({ ...groups, minItems: 1 })).map((e) => e.label)).not.toContain('empty array');
});

test('arrays of objects: two entries whose free text differs in letter case alone, enums as they are', () => {
  const items = {
    type: 'object',
    properties: { key: { type: 'string' }, kind: { type: 'string', enum: ['a'] }, n: { type: 'integer' } },
  };
  const edge = (schema: Record<string, unknown>) =>
    boundariesOf(object(schema)).find((e) => e.label === 'two entries that differ in letter case alone');
  expect(edge({ type: 'array', items })?.value).toEqual([
    { key: 'key-1', kind: 'a', n: 1 },
    { key: 'KEY-1', kind: 'a', n: 1 },
  ]);
  expect(edge({ type: 'array', items, maxItems: 1 })).toBeUndefined();
  expect(edge({ type: 'array', items: { type: 'object', properties: { n: { type: 'integer' } } } })).toBeUndefined();
});

test('a long list of plain values repeats the value the body gives', () => {
  const edges = boundariesOf(object({ type: 'array', items: { type: 'integer', format: 'int64' } }), { m: [42] });
  expect(edges[1]!.value).toEqual(Array(100).fill(42));
});

test('the combined non-ASCII text carries its kinds as parts', () => {
  const edge = boundariesOf(object({ type: 'string' })).find((e) => e.label === NON_ASCII)!;
  expect(edge.parts!.map((p) => p.label)).toEqual(['accents', 'CJK', 'emoji', 'combining mark', 'right-to-left']);
});

test('edgeApplied creates what a null parent lacks and leaves the input as it was', () => {
  const body = { consignee: null, keep: 1 };
  const edge: Edge = { pointer: '/consignee/name', value: '東京都', label: 'CJK' };
  expect(edgeApplied(body, edge)).toEqual({ consignee: { name: '東京都' }, keep: 1 });
  expect(body).toEqual({ consignee: null, keep: 1 });
});

test('packed puts one edge per member in a group, and members that contain each other apart', () => {
  const edge = (pointer: string, label: string): Edge => ({ pointer, label, value: null });
  const groups = packed([
    edge('/a', 'null'),
    edge('/a', 'zero'),
    edge('/a/b', 'null'),
    edge('/c', 'null'),
    edge('/ab', 'null'),
  ]);
  expect(groups.map((g) => g.map((e) => `${e.pointer} ${e.label}`))).toEqual([
    ['/a null', '/c null', '/ab null'],
    ['/a zero'],
    ['/a/b null'],
  ]);
});

test(
  'presence: an optional member is left out, stated so where its object has a Required column; an object with ' +
    'nothing required is also sent empty',
  () => {
    const stated = {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', enum: ['x'] }, note: { type: 'string', enum: ['y'] } },
    };
    expect(boundariesOf(stated).map((e) => [e.pointer, e.label, e.stated ?? false])).toEqual([
      ['/id', 'enum x', false],
      ['/note', 'omitted', true],
      ['/note', 'enum y', false],
    ]);
    const unstated = { type: 'object', properties: { d: { type: ['integer', 'null'], minimum: 0, maximum: 0 } } };
    expect(boundariesOf(unstated).map((e) => [e.pointer, e.label, e.stated ?? false])).toEqual([
      ['', 'empty object', false],
      ['/d', 'omitted', false],
      ['/d', 'null', false],
      ['/d', 'zero', false],
    ]);
    const omitted = boundariesOf(stated).find((e) => e.omitted)!;
    expect(edgeApplied({ id: 'x', note: 'y' }, omitted)).toEqual({ id: 'x' });
  },
);

test(
  'nulls: each optional member the schema gives no null, nested ones too; required members and nullable ones ' +
    'are not among them',
  () => {
    const edges = nullsAsOmitted('LockerCreateRequest').map((e) => e.pointer);
    expect(edges).toEqual(expect.arrayContaining(['/metadata', '/features', '/lockerGroups', '/location/type']));
    expect(edges).not.toContain('/carrier');
    expect(edges).not.toContain('/carrier/lockerName');
    expect(edges).not.toContain('/features/hasScreen');
    expect(nullsAsOmitted('PublishByLockerUidRequest').map((e) => e.pointer)).toEqual(
      expect.arrayContaining(['/weight', '/codAmount', '/shipmentType']),
    );
    expect(nullsAsOmitted('PublishByLockerUidRequest').map((e) => e.pointer)).not.toContain(
      '/requiresAccessibleCompartment',
    );
    // The update request states every member optional: each of them.
    expect(nullsAsOmitted('LockerUpdateRequest').map((e) => e.pointer)).toEqual(
      expect.arrayContaining(['/carrier', '/location', '/metadata', '/features', '/lockerGroups']),
    );
    for (const edge of nullsAsOmitted('PublishByLockerUidRequest'))
      expect(edge).toMatchObject({ value: null, refusable: true });
  },
);

const REQUESTS = [
  'LockerCreateRequest',
  'LockerUpdateRequest',
  'PublishByLockerUidRequest',
  'PublishByCarrierLockerIdRequest',
  'AddNetworkLockersRequest',
  'TriggerRequest',
];

for (const name of REQUESTS) {
  test(`${name}: every edge, alone or packed, keeps a valid body valid`, () => {
    const validate = validatorFor(name);
    fc.assert(
      fc.property(fromSchema(name, true), (body) => {
        const edges = boundaries(name, body);
        const invalid: string[] = [];
        for (const edge of [...edges, ...edges.flatMap((e) => e.parts ?? [])]) {
          if (!validate(edgeApplied(body, edge)))
            invalid.push(`${edge.pointer} = ${edge.label}: ${JSON.stringify(validate.errors)}`);
        }
        for (const group of packed(edges)) {
          if (!validate(group.reduce((b, e) => edgeApplied(b, e), body)))
            invalid.push(
              `${group.map((e) => `${e.pointer} = ${e.label}`).join(', ')}: ${JSON.stringify(validate.errors)}`,
            );
        }
        if (invalid.length) throw new Error(`edges that make a valid ${name} invalid:\n${invalid.join('\n')}`);
        return edges.length > 0;
      }),
      { numRuns: 10 },
    );
  });
}

test("a date-time's corners the spec leaves open are marked open; its other edges are not", () => {
  const edges = boundariesOf(object({ type: 'string', format: 'date-time' }));
  expect(edges.filter((e) => e.open).map((e) => e.label)).toEqual([
    "lower-case 't' and 'z'",
    'nine fraction digits',
    'a leap second',
  ]);
  expect(edges.filter((e) => !e.open)).toHaveLength(7);
});
