// An arbitrary derived from a component schema of the OpenAPI document: every required member, any
// subset of the optional ones, enums from the schema, realistic primitives. Members forbidden by the
// document (`not: {}`) and members the request tables do not list (`readOnly: true`, e.g. carrier.status,
// provider.lockerUid: a target may refuse them) are never generated. Built with fc.record and map, so
// shrinking works.
import fc from 'fast-check';
import type { JsonSchema } from '../spec/document';
import { resolveSchema } from '../spec/schemas';
import { SPELLINGS } from './collide';
import { BY_NAME, dateTime, decimal, FORMS_BY_NAME, smallCount, text } from './values';

export const resolve = (schema: Schema): Schema => resolveSchema(schema) as Schema;

export type Schema = JsonSchema & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minItems?: number;
  not?: Schema;
  readOnly?: boolean;
};

/** A member is forbidden when its schema is `not: {}` (a removed field). */
export function isForbidden(schema: Schema): boolean {
  return !!schema.not && Object.keys(schema.not).length === 0;
}

/**
 * A member the request tables of the specification do not list (§2.1): the document marks it
 * `readOnly`, a record member only. It is never generated, so no request is ever judged by it (unlistedMembersOf lays
 * them over a request the run judges as without them).
 */
function isUnlisted(schema: Schema): boolean {
  return schema.readOnly === true;
}

/** Neither forbidden nor unlisted: a member a request may carry and a test may judge it by. */
export function isSendable(schema: Schema): boolean {
  return !isForbidden(schema) && !isUnlisted(schema);
}

export function types(schema: Schema): string[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
}

function primitive(type: string, schema: Schema, name: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  // "Not shown beyond the example" (§2.1 rules 5, 6): the example is the one value known to be accepted.
  if (Array.isArray(schema['examples']) && type === 'string')
    return fc.constantFrom(...(schema['examples'] as string[]));
  const named = BY_NAME[name];
  if (named) return named;
  switch (type) {
    case 'string':
      return schema.format === 'date-time' ? dateTime : text;
    case 'integer':
      return smallCount;
    case 'number':
      return decimal;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant(null);
  }
}

function build(raw: Schema, name: string, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  const kinds = types(schema);
  if (kinds.length === 0 && schema.properties) kinds.push('object');
  if (kinds.length === 0) return fc.constant('unspecified');
  const arbitraries = kinds.map((kind) => {
    if (kind === 'object') return object(schema, depth);
    if (kind === 'array') {
      const item = schema.items ? build(schema.items, name, depth + 1) : text;
      return fc.array(item, {
        minLength: Math.max(schema.minItems ?? 0, 0),
        maxLength: Math.max(schema.minItems ?? 0, 2),
      });
    }
    return primitive(kind, schema, name);
  });
  // Prefer the non-null variant: null is one choice among the types, not half of all values.
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
}

function object(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const members: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, member] of Object.entries(schema.properties ?? {})) {
    if (!isSendable(member)) continue;
    if (!required.has(name) && depth > 3) continue;
    members[name] = build(member, name, depth + 1);
  }
  return fc.record(members, { requiredKeys: [...required].filter((k) => k in members) });
}

const cache = new Map<string, fc.Arbitrary<Record<string, unknown>>>();

/**
 * A valid instance of a component schema of the document. With `everyMember`, every top-level member
 * is present, so mutations inside optional objects have a place to land.
 */
export function fromSchema(componentName: string, everyMember = false): fc.Arbitrary<Record<string, unknown>> {
  const key = `${componentName}:${everyMember}`;
  let arbitrary = cache.get(key);
  if (!arbitrary) {
    const root = resolve({ $ref: `#/components/schemas/${componentName}` });
    const schema = everyMember
      ? { ...root, required: Object.keys(root.properties ?? {}).filter((k) => isSendable(root.properties![k]!)) }
      : root;
    arbitrary = build(schema, componentName, 0) as fc.Arbitrary<Record<string, unknown>>;
    cache.set(key, arbitrary);
  }
  return arbitrary;
}

/**
 * A value another record of the run holds in another role (an id it was given), put where the document takes a free
 * string: the command that sends it resolves it to such a value when it runs. Ids kept apart by role collide only so
 * (a store or a lookup keyed by the wrong column shows on the collision).
 */
export class HeldElsewhere {
  toString = () => 'an id another record holds';
}
export const HELD_ELSEWHERE = new HeldElsewhere();

/** A string the document leaves free: no enum, pattern, format or example narrows it. */
function isFreeString(schema: Schema): boolean {
  return (
    types(schema).includes('string') &&
    !schema.enum &&
    !schema.pattern &&
    !schema.format &&
    !Array.isArray(schema['examples'])
  );
}

/** Text with the characters an HTML, SQL or URL encoder rewrites: kept as sent, it is shown as sent. */
export const MARKUP_TEXT = `L'Église <Nord> & "Süd" 1/2`;

/** The values of a member one instance each: every enum value, every type, what its arbitrary draws apart. */
function valuesOf(schema: Schema, name: string): unknown[] {
  if (schema.enum) return schema.enum;
  const forms = FORMS_BY_NAME[name];
  if (forms) return [...forms];
  return [...new Set([...drawnValues(schema, name), ...falsyValues(schema)])];
}

/**
 * The values of its type JSON readers take for false, where the schema allows them: 0 and the empty string. A service
 * that reads a member with `||` or `if (member)` takes them for absent; sent, a record shows them as any other value.
 */
function falsyValues(schema: Schema): unknown[] {
  const bound = (key: 'minimum' | 'exclusiveMinimum' | 'maximum' | 'exclusiveMaximum', none: number) =>
    typeof schema[key] === 'number' ? schema[key] : none;
  const zero =
    types(schema).some((kind) => kind === 'integer' || kind === 'number') &&
    bound('minimum', -1) <= 0 &&
    bound('exclusiveMinimum', -1) < 0 &&
    bound('maximum', 1) >= 0 &&
    bound('exclusiveMaximum', 1) > 0;
  // Any string the document leaves open (one with only examples too): no list, pattern, format or minimum length.
  const open = types(schema).includes('string') && !schema.enum && !schema.pattern && !schema.format;
  return [...(zero ? [0] : []), ...(open && !schema.minLength ? [''] : [])];
}

function drawnValues(schema: Schema, name: string): unknown[] {
  const named = BY_NAME[name];
  const kinds = types(schema);
  // A boolean's whole domain besides what its name draws: a value kept out of bodies that must be taken (an
  // accessible compartment asked for) is one a client may send, and a walk sends it.
  // And null where the type takes it: what a name draws is that member's usual values, not its type's.
  if (named)
    return [
      ...new Set([
        ...[...new Set(fc.sample(named, { seed: 1, numRuns: 30 }))].slice(0, 3),
        ...(kinds.includes('boolean') ? [true, false] : []),
        ...(kinds.includes('null') ? [null] : []),
      ]),
    ];
  const drawn = kinds.flatMap((kind) =>
    kind === 'boolean' ? [true, false] : [fc.sample(primitive(kind, schema, name), { seed: 1, numRuns: 1 })[0]],
  );
  // A free string is any text: one spelling another JSON value too (null, a number a numeric reading would change),
  // and one of the characters markup, a query or a path give a meaning to, which a service must keep as text.
  return isFreeString(schema) ? [...drawn, HELD_ELSEWHERE, ...SPELLINGS, MARKUP_TEXT] : drawn;
}

/** A member whose values are a closed set: an enum, or booleans (and null). */
const closed = (schema: Schema) =>
  Boolean(schema.enum) ||
  (types(schema).includes('boolean') && types(schema).every((t) => t === 'boolean' || t === 'null'));

/**
 * Rows that between them hold every pair of values of any two of the members (all-pairs, greedy): each row starts from
 * a pair none holds yet, and each other member takes the value that completes the most pairs not held yet. The same
 * rows in every run.
 */
export function everyPair(members: readonly (readonly [string, readonly unknown[]])[]): Record<string, unknown>[] {
  if (members.length < 2) return (members[0]?.[1] ?? []).map((v) => ({ [members[0]![0]]: v }));
  const pair = (a: number, i: number, b: number, j: number) => `${a}:${i}|${b}:${j}`;
  const open = new Set<string>();
  members.forEach(([, va], a) =>
    members.forEach(([, vb], b) => {
      if (a < b) va.forEach((_, i) => vb.forEach((_, j) => open.add(pair(a, i, b, j))));
    }),
  );
  const rows: number[][] = [];
  while (open.size) {
    const [a, i, b, j] = [...open][0]!.split(/[:|]/).map(Number) as [number, number, number, number];
    const row = members.map(() => -1);
    row[a] = i;
    row[b] = j;
    members.forEach(([, values], m) => {
      if (row[m] !== -1) return;
      const gain = (v: number) =>
        row.filter((x, k) => x !== -1 && open.has(k < m ? pair(k, x, m, v) : pair(m, v, k, x))).length;
      row[m] = values.reduce<number>((best, _, v) => (gain(v) > gain(best) ? v : best), 0);
    });
    row.forEach((x, k) => row.forEach((y, l) => k < l && open.delete(pair(k, x, l, y))));
    rows.push(row);
  }
  return rows.map((row) => Object.fromEntries(row.map((v, m) => [members[m]![0], members[m]![1][v]])));
}

/**
 * Every optional member of a component schema, walked: instances that each carry every sendable member but `leave`,
 * and between them every value `valuesOf` gives each member (all of an enum, each type, a free string set to an id
 * another record holds), the members of a closed set of values (enums, booleans) in every pair of their values (a
 * service that mixes two up shows only where they meet). As many instances as that takes; the same in every run.
 */
export function everyValueOnce(componentName: string, leave: ReadonlySet<string>): Record<string, unknown>[] {
  const root = resolve({ $ref: `#/components/schemas/${componentName}` });
  const members = Object.entries(root.properties ?? {})
    .filter(([name, member]) => !leave.has(name) && isSendable(member) && !(root.required ?? []).includes(name))
    .map(([name, member]) => [name, valuesOf(resolve(member), name), closed(resolve(member))] as const);
  const pairs = everyPair(members.filter(([, , isClosed]) => isClosed).map(([name, values]) => [name, values]));
  const count = Math.max(1, pairs.length, ...members.map(([, values]) => values.length));
  return Array.from({ length: count }, (_, i) =>
    Object.fromEntries(
      members.map(([name, values, isClosed]) => [
        name,
        isClosed ? pairs[i % pairs.length]![name] : values[i % values.length],
      ]),
    ),
  );
}

/**
 * The members of a request schema a record schema does not list (`record`), with an enum, but `leave`: instances that
 * between them carry each value of each once, and last one that leaves them all out. For requests sent side by side,
 * where what one decides must not show on another's record. The same in every run.
 */
export function enumsBeyond(
  componentName: string,
  record: string,
  leave: ReadonlySet<string>,
): Record<string, unknown>[] {
  const root = resolve({ $ref: `#/components/schemas/${componentName}` });
  const shown = new Set(Object.keys(resolve({ $ref: `#/components/schemas/${record}` }).properties ?? {}));
  const members = Object.entries(root.properties ?? {})
    .filter(([name]) => !leave.has(name) && !shown.has(name))
    .map(([name, member]) => [name, (resolve(member).enum ?? []) as unknown[]] as const)
    .filter(([, values]) => values.length > 0);
  const count = Math.max(0, ...members.map(([, values]) => values.length));
  return Array.from({ length: count + 1 }, (_, i) =>
    Object.fromEntries(members.filter(([, values]) => i < values.length).map(([name, values]) => [name, values[i]])),
  );
}

/** A member a walked instance leaves out, where the base request carries it. */
export class Absent {
  toString = () => 'absent';
}
export const ABSENT = new Absent();

/**
 * The values one member takes in the walk of a whole request (`everyMemberOnce`): an object's are the walks of its own
 * members; an array of objects, one walked item each, and no item at all; a primitive, `valuesOf`'s; and each left out
 * where optional. A required primitive takes its values too (the postal code, the street), never left out.
 */
function walkedValues(member: Schema, path: string, optional: boolean, leave: ReadonlySet<string>): unknown[] {
  const schema = resolve(member);
  const name = path.slice(path.lastIndexOf('.') + 1);
  const left = optional ? [ABSENT] : [];
  if (schema.properties) return [...walkObject(schema, leave, path), ...left];
  const items = schema.items ? resolve(schema.items) : undefined;
  if (types(schema).includes('array') && items?.properties)
    return [...walkObject(items, leave, path).map((item) => [item]), ...(schema.minItems ? [] : [[]]), ...left];
  return [...valuesOf(schema, name), ...left];
}

/** `leave`: members not walked, by their dotted path from the root (an identity the base keeps its own). */
function walkObject(schema: Schema, leave: ReadonlySet<string>, at = ''): Record<string, unknown>[] {
  const required = new Set(schema.required ?? []);
  const path = (name: string) => (at ? `${at}.${name}` : name);
  const members = Object.entries(schema.properties ?? {})
    .filter(([name, member]) => !leave.has(path(name)) && isSendable(member))
    .map(([name, member]) => [name, walkedValues(member, path(name), !required.has(name), leave)] as const)
    .filter(([, values]) => values.length > 0);
  const count = Math.max(1, ...members.map(([, values]) => values.length));
  // Each member a step further along its values than the one before it: siblings of one kind (three booleans) differ
  // within an instance, so a store that binds them by position shows; each still takes every value once.
  return Array.from({ length: count }, (_, i) =>
    Object.fromEntries(members.map(([name, values], j) => [name, values[(i + j) % values.length]])),
  );
}

/**
 * The walk of a whole request, nested members too: instances to lay over a valid base request (`laidOver`), between
 * them every value of every member at any depth (every enum value, each type, a free string set to an id another
 * record holds, an optional member left out) and each item shape of an array of objects. `leave`: dotted paths not
 * walked. The same in every run.
 */
export function everyMemberOnce(componentName: string, leave: ReadonlySet<string>): Record<string, unknown>[] {
  return walkObject(resolve({ $ref: `#/components/schemas/${componentName}` }), leave);
}

/**
 * A walked instance laid over a base request: objects merged member by member, an array's walked items after the
 * base's own (a base's tags stay) but an empty one, which is sent empty, ABSENT dropping the base's member, `put`
 * resolving what stands for a value.
 */
export function laidOver(base: unknown, walked: unknown, put: (value: unknown) => unknown = (v) => v): unknown {
  if (Array.isArray(walked) && walked.length === 0) return [];
  if (Array.isArray(walked)) return [...(Array.isArray(base) ? base : []), ...walked.map((w) => laidOver({}, w, put))];
  if (walked === null || typeof walked !== 'object' || walked instanceof HeldElsewhere) return put(walked);
  const merged: Record<string, unknown> = { ...(base !== null && typeof base === 'object' ? base : {}) };
  for (const [name, value] of Object.entries(walked)) {
    if (value instanceof Absent) delete merged[name];
    else merged[name] = laidOver(merged[name], value, put);
  }
  return merged;
}

/**
 * The members of a component schema `pick` gives a value, at their paths (two levels down at most), as a body to lay
 * over a request (laidOver); a member picked is not walked into.
 */
function membersPicked(
  componentName: string,
  pick: (name: string, member: Schema) => unknown,
): Record<string, unknown> {
  const walk = (schema: Schema, depth: number): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(resolve(schema).properties ?? {}).flatMap(([name, member]): [string, unknown][] => {
        const value = pick(name, member);
        if (value !== undefined) return [[name, value]];
        const inner = depth < 2 && resolve(member).properties ? walk(member, depth + 1) : {};
        return Object.keys(inner).length ? [[name, inner]] : [];
      }),
    );
  return walk({ $ref: `#/components/schemas/${componentName}` }, 0);
}

/**
 * The members the document marks removed from a record (`not: {}`, §9), at their paths, each with a text an older
 * client sent there: laid over a request, what the record must then not show (the request schemas do not forbid a
 * client to send them).
 */
export const removedMembersOf = (componentName: string): Record<string, unknown> =>
  membersPicked(componentName, (name, member) => (isForbidden(member) ? `retired ${name}` : undefined));

/**
 * The members of a request schema the request tables do not list (`readOnly`: a record member only, e.g.
 * provider.lockerName), at their paths, each with its one example where the document gives one, else a text that
 * names it: laid over a request on the wire, a target may refuse, ignore or store them, and what the tables list is
 * taken as without them.
 */
export const unlistedMembersOf = (componentName: string): Record<string, unknown> =>
  membersPicked(componentName, (name, raw) => {
    const member = resolve(raw);
    if (!isUnlisted(member)) return undefined;
    const examples = member['examples'];
    return Array.isArray(examples) && examples.length ? examples[0] : `unlisted ${name}`;
  });

/** The top-level members of a component schema the document leaves free strings (HELD_ELSEWHERE may stand there). */
export function freeStringsOf(componentName: string): Set<string> {
  const root = resolve({ $ref: `#/components/schemas/${componentName}` });
  return new Set(
    Object.entries(root.properties ?? {})
      .filter(([, member]) => isSendable(member) && isFreeString(resolve(member)))
      .map(([name]) => name),
  );
}
