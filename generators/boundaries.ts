// Boundary values, in the spirit of Schemathesis's coverage phase: for every member of a request
// schema, the edges its type allows and the schema does not forbid, each as one {pointer, value, label}.
// Values the schema forbids (past maxLength, outside an enum, off a pattern) are the rejection tests'
// business, never an edge here. Deterministic: the same schema always gives the same list.
import type { JsonSchema } from '../spec/document';
import { isSendable, MARKUP_TEXT, resolve, types } from './from-schema';

export interface Edge {
  /** JSON pointer (RFC 6901) of the member in the request body. */
  pointer: string;
  value: unknown;
  /** What the edge is, for failure messages: "emoji", "int32 max", "enum BOOKING". */
  label: string;
  /**
   * Where the pointer goes through an array item: a valid item for that place, put there first when
   * the body has none (an item of lockerGroups needs its key and uid to be valid).
   */
  item?: { pointer: string; value: unknown };
  /**
   * Edges this one combines (one text of every non-ASCII kind, to keep the pass short): sent one by
   * one only when the combined edge is not accepted, to name the kind that was not.
   */
  parts?: Edge[];
  /** The member left out of the body (`value` is undefined). */
  omitted?: true;
  /**
   * The table gives the member's object a Required column (`required` in the document), so its
   * omission is stated as allowed: a refusal of it is no odd value refused but the operation failing.
   */
  stated?: true;
  /** A value the schema does not allow that the spec lets a service refuse or take as omitted (nulls.ts). */
  refusable?: true;
  /**
   * A value the format allows whose validity the spec's own words leave open: the spec says "date-time" and never names
   * RFC 3339, whose corners (a lower-case 't', a leap second, nine fraction digits) many parsers refuse. Refused, a
   * warning as any edge; answered 5xx, GEN-NO-5XX's only; accepted, its echo is judged as any other.
   */
  open?: true;
}

type Schema = JsonSchema & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

export const LONG_TEXT = 1_000;
export const LONG_ARRAY = 100;

// Texts a careless service mangles: encodings, normalisation, direction, width.
const NON_ASCII: [string, string][] = [
  ['accents', 'Zürich Straße'],
  ['CJK', '東京都'],
  ['emoji', '📦🚚'],
  ['combining mark', 'e\u0301'],
  ['right-to-left', 'שלום'],
];
const NON_ASCII_LABEL = `non-ASCII text (${NON_ASCII.map(([label]) => label).join(', ')})`;
const NON_ASCII_TEXT = NON_ASCII.map(([, text]) => text).join(' ');
// Whitespace a JSON string carries escaped and a careless store folds into blanks (an XML attribute, a CSV cell).
const CONTROL_WHITESPACE = 'Hof 3\tNord\nHinterhaus\r\n2. OG';

// Only values the format allows: an edge of the format, never a break of it.
// A third element 'open': a value whose validity the spec's words leave open (Edge.open).
const FORMATTED: Record<string, [label: string, value: string, open?: 'open'][]> = {
  // RFC 3339's forms of a date-time too: a year of four digits from 0000, a fraction of any length, 't' and 'z' in
  // lower case (its section 5.6 note), a leap second (one that was: a clock that has none shows it as the second
  // before or after, harness/judgements/instants.ts).
  'date-time': [
    ['epoch', '1970-01-01T00:00:00Z'],
    ['far future', '9999-12-31T23:59:59Z'],
    ['offset and fraction', '2026-06-30T23:59:59.999+14:00'],
    ['an offset with minutes', '2026-06-30T05:15:00-09:30'],
    ['year one', '0001-01-01T00:00:00Z'],
    ['a two-digit year', '0099-12-31T23:59:59Z'],
    ['one fraction digit', '2026-06-30T12:00:00.5Z'],
    ["lower-case 't' and 'z'", '2026-06-30t12:00:00z', 'open'],
    ['nine fraction digits', '2026-06-30T12:00:00.123456789-03:00', 'open'],
    ['a leap second', '2016-12-31T23:59:60Z', 'open'],
  ],
  date: [
    ['epoch', '1970-01-01'],
    ['far future', '9999-12-31'],
  ],
  email: [['plus and subdomain', 'first.last+tag@mail.example.com']],
  uri: [['query and fragment', 'https://example.com/a%20b?q=1#f']],
  uuid: [
    ['nil', '00000000-0000-0000-0000-000000000000'],
    ['upper case', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF'],
  ],
};

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
// int64 goes beyond what a JSON number holds exactly in JavaScript (and in many clients): the
// safe-integer limits are the largest int64 values that survive a round trip, so they are the edges.
const INT64 = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

function inRange(schema: Schema, n: number): boolean {
  return (
    (schema.minimum === undefined || n >= schema.minimum) &&
    (schema.maximum === undefined || n <= schema.maximum) &&
    (schema.exclusiveMinimum === undefined || n > schema.exclusiveMinimum) &&
    (schema.exclusiveMaximum === undefined || n < schema.exclusiveMaximum)
  );
}

function numberEdges(schema: Schema, integer: boolean): [string, number][] {
  const limits = integer
    ? schema.format === 'int64'
      ? INT64
      : INT32
    : { min: -Number.MAX_VALUE, max: Number.MAX_VALUE };
  const width = integer ? (schema.format === 'int64' ? 'int64 safe' : 'int32') : 'double';
  const candidates: [string, number][] = [
    ['zero', 0],
    ['negative', integer ? -1 : -1.5],
    [`${width} min`, limits.min],
    [`${width} max`, limits.max],
    ...(schema.minimum !== undefined ? ([['minimum', schema.minimum]] as [string, number][]) : []),
    ...(schema.maximum !== undefined ? ([['maximum', schema.maximum]] as [string, number][]) : []),
  ];
  const seen = new Set<number>();
  return candidates.filter(([, n]) => inRange(schema, n) && !seen.has(n) && !!seen.add(n));
}

function stringEdges(schema: Schema): [label: string, value: string, open?: 'open'][] {
  // "Not shown beyond the example" (§2.1): the examples are the values known to be allowed.
  if (Array.isArray(schema.examples) && schema.examples.every((e) => typeof e === 'string')) {
    return (schema.examples as string[]).map((e) => [`example ${e}`, e]);
  }
  if (schema.format) return FORMATTED[schema.format] ?? [];
  // No pattern-valid edge can be told from the pattern itself without a generator for it.
  if (schema.pattern) return [];
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const long = schema.maxLength !== undefined ? 'x'.repeat(schema.maxLength) : 'x'.repeat(LONG_TEXT);
  const candidates: [string, string][] = [
    ['empty', ''],
    [`long (${long.length} characters)`, long],
    [NON_ASCII_LABEL, NON_ASCII_TEXT],
    ['whitespace only', '   '],
    ['control whitespace (tab, line feed, carriage return)', CONTROL_WHITESPACE],
    ['markup characters', MARKUP_TEXT],
  ];
  // Length as a schema counts it: in code points.
  return candidates.filter(([, s]) => [...s].length >= min && [...s].length <= max);
}

/** The kinds of non-ASCII text one by one, where the member is free text whose length allows each. */
function nonAsciiParts(schema: Schema): [string, string][] {
  if (Array.isArray(schema.examples) || schema.format || schema.pattern) return [];
  return NON_ASCII.filter(
    ([, s]) => [...s].length >= (schema.minLength ?? 0) && [...s].length <= (schema.maxLength ?? Infinity),
  );
}

/** An object item (longItem's) with its free text, no enum's or format's, in upper case. */
function upperCased(schema: Schema, item: unknown): unknown {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const free = (name: string) => {
    const member = resolve(schema.properties?.[name] ?? {}) as Schema;
    return !member.enum && !member.format && !member.pattern;
  };
  return Object.fromEntries(
    Object.entries(item).map(([k, v]) => [k, typeof v === 'string' && free(k) ? v.toUpperCase() : v]),
  );
}

/** Item `index` of a long array: distinct wherever items have strings, so unique keys stay unique. */
function longItem(schema: Schema, index: number, baseItem: unknown): unknown {
  const kinds = types(schema).filter((k) => k !== 'null');
  if (kinds[0] === 'object' || (!kinds.length && schema.properties)) {
    const item: Record<string, unknown> = {};
    for (const [name, raw] of Object.entries(schema.properties ?? {})) {
      const member = resolve(raw) as Schema;
      if (!isSendable(member)) continue;
      const kind = types(member).filter((k) => k !== 'null')[0];
      if (member.enum) item[name] = member.enum[0];
      else if (kind === 'string' && !member.format && !member.pattern) item[name] = `${name}-${index + 1}`;
      else if (kind === 'integer' || kind === 'number') item[name] = index + 1;
      else if (kind === 'boolean') item[name] = false;
    }
    return item;
  }
  if (baseItem !== undefined && !schema.uniqueItems) return baseItem;
  if (kinds[0] === 'string') return `item-${index + 1}`;
  return index + 1;
}

type Item = Edge['item'];

function walk(raw: Schema, pointer: string, base: unknown, edges: Edge[], item: Item): void {
  const schema = resolve(raw) as Schema;
  const kinds = types(schema);
  if (!kinds.length && schema.properties) kinds.push('object');
  const edge = (label: string, value: unknown): Edge => ({ pointer, value, label, ...(item ? { item } : {}) });
  const add = (label: string, value: unknown) => edges.push(edge(label, value));
  if (kinds.includes('null')) add('null', null);
  if (kinds.includes('object') && !schema.required?.length && Object.keys(schema.properties ?? {}).length)
    add('empty object', {});
  if (schema.enum) {
    for (const value of schema.enum) add(`enum ${String(value)}`, value);
    return;
  }
  for (const kind of kinds) {
    if (kind === 'string') {
      const strings = stringEdges(schema);
      const parts = nonAsciiParts(schema).map(([label, value]) => edge(label, value));
      for (const [label, value, open] of strings)
        edges.push({
          ...edge(label, value),
          ...(label === NON_ASCII_LABEL && parts.length ? { parts } : {}),
          ...(open ? { open: true as const } : {}),
        });
      // Where the combined text is too long for the member, each kind that fits is an edge of its own.
      if (!strings.some(([label]) => label === NON_ASCII_LABEL)) edges.push(...parts);
    }
    if (kind === 'integer' || kind === 'number')
      for (const [label, value] of numberEdges(schema, kind === 'integer')) add(label, value);
    if (kind === 'boolean') for (const value of [true, false]) add(String(value), value);
    if (kind === 'object') {
      const stated = Array.isArray(schema.required);
      for (const [name, member] of Object.entries(schema.properties ?? {})) {
        if (!isSendable(resolve(member) as Schema)) continue;
        const at = `${pointer}/${escape(name)}`;
        if (!schema.required?.includes(name))
          edges.push({
            pointer: at,
            value: undefined,
            label: 'omitted',
            omitted: true,
            ...(stated ? { stated: true as const } : {}),
            ...(item ? { item } : {}),
          });
        walk(member, at, (base as Record<string, unknown> | undefined)?.[name], edges, item);
      }
    }
    if (kind === 'array') arrayEdges(schema, pointer, base, edges, item);
  }
}

function arrayEdges(schema: Schema, pointer: string, base: unknown, edges: Edge[], outer: Item): void {
  const items = resolve(schema.items ?? {}) as Schema;
  const baseItems = Array.isArray(base) ? base : [];
  const add = (label: string, value: unknown) =>
    edges.push({ pointer, value, label, ...(outer ? { item: outer } : {}) });
  if ((schema.minItems ?? 0) === 0) add('empty array', []);
  const count = Math.max(Math.min(LONG_ARRAY, schema.maxItems ?? LONG_ARRAY), schema.minItems ?? 0);
  add(
    `${count} entries`,
    Array.from({ length: count }, (_, i) => longItem(items, i, baseItems[0])),
  );
  // Two items whose text differs in letter case alone (a key case-folded after a uniqueness check makes them one).
  const lower = longItem(items, 0, baseItems[0]);
  const upper = upperCased(items, lower);
  if (JSON.stringify(lower) !== JSON.stringify(upper) && (schema.maxItems ?? 2) >= 2)
    add('two entries that differ in letter case alone', [lower, upper]);
  if (!schema.items) return;
  // The first item's own edges, on the body's first item or, where it has none, on a valid one.
  const first = baseItems[0] ?? longItem(items, 0, undefined);
  walk(schema.items, `${pointer}/0`, first, edges, outer ?? { pointer: `${pointer}/0`, value: first });
}

/**
 * Every edge of a schema. `base`, a valid body of it, gives long arrays of plain values their item
 * (a list of identifiers repeats the one the body names, rather than inventing others).
 */
export function boundariesOf(schema: JsonSchema, base?: unknown): Edge[] {
  const edges: Edge[] = [];
  walk(schema as Schema, '', base, edges, undefined);
  return edges;
}

/** Every edge of a component schema of the document. */
export function boundaries(componentName: string, base?: unknown): Edge[] {
  return boundariesOf({ $ref: `#/components/schemas/${componentName}` }, base);
}
