// "Invalid by exactly one rule": from a valid body, one required member removed or null, one member given a
// value of another type (none a coercion reads as its own, and apart its coerced form), or one enum or pattern
// broken. The list is derived from the schema, so every required member and every typed member of the document gets
// its case. Members the request tables do not list (`readOnly` in the document) are never mutated: a target may
// refuse, ignore or store them.
import fc from 'fast-check';
import { fromSchema, isSendable, resolve, types } from './from-schema';
import type { JsonSchema } from '../spec/document';

/**
 * `null` is a required member sent as JSON null: a service that takes null as omitted refuses it as
 * missing, one that reads its type refuses it as not a string: refused either way, under the rule of
 * a missing member.
 */
export type MutationKind = 'missing' | 'null' | 'emptied' | 'wrongType' | 'coerced' | 'enum' | 'pattern';

/**
 * The kind a rule table names: a null required member, and an object sent empty (every required member of it
 * missing at once: a binder that takes an empty object as not sent lets it through), are judged as a missing one.
 */
export const ruledAs = (kind: MutationKind): Exclude<MutationKind, 'null' | 'emptied'> =>
  kind === 'null' || kind === 'emptied' ? 'missing' : kind;

export interface Mutation {
  kind: MutationKind;
  /** Member path from the body root, e.g. ['carrier', 'lockerId']. */
  path: string[];
  /** The value put there (none for 'missing'). */
  value?: unknown;
  /** e.g. "without carrier.lockerId", "carrier.lockerId as an object". */
  description: string;
  /** The `x-rule` of the member's own schema, when it has one. */
  memberRule?: string;
  /**
   * A value of another type made from the valid one: wrapped in an array of one, or an array's first item alone (a
   * binder that takes a single value for an array, or unwraps an array of one, takes it). `value` where there is none.
   */
  wrap?: 'inArray' | 'firstItem';
  /**
   * The defect is in an item of the array at `path`: `value` is the array put there, one valid item of the array's
   * schema with the defect in it (a binder checks an item's members as it checks the body's).
   */
  inItem?: true;
  /**
   * The array at `path` keeps the valid body's first item, the defective item (`value`'s) after it: a binder that
   * checks the first item alone, as a tuple, lets it through.
   */
  afterValid?: true;
}

// Values no reasonable coercion turns into the expected type (a JSON number for a string field is
// converted by some frameworks, so strings get an object instead).
const WRONG_VALUE: Record<string, { value: unknown; label: string }> = {
  string: { value: { not: 'a string' }, label: 'an object' },
  integer: { value: 'not-a-number', label: 'a string' },
  number: { value: 'not-a-number', label: 'a string' },
  boolean: { value: 'not-a-boolean', label: 'a string' },
  object: { value: 'not-an-object', label: 'a string' },
  array: { value: 'not-an-array', label: 'a string' },
};

/**
 * The other JSON types beside WRONG_VALUE's, where no coercion reads them as the declared type either: an object where
 * a number or a boolean belongs (a quantity, a flag as {value}), an array where an object does (both are "object" to
 * some runtimes), an object or a number where an array does (an array-like, a count). With WRONG_VALUE and the array
 * wrap, each typed member is sent as every JSON type it is not, null apart (its own case where the member is required).
 */
const OTHER_VALUES: Record<string, { value: unknown; label: string }[]> = {
  // A fraction too: a number, in the complement of integer within it (§2.3's integer members).
  integer: [
    { value: { value: 1 }, label: 'an object' },
    { value: 1.5, label: 'a fraction (1.5)' },
  ],
  number: [{ value: { value: 1.5 }, label: 'an object' }],
  boolean: [{ value: { value: true }, label: 'an object' }],
  object: [
    { value: [], label: 'an empty array' },
    { value: 1, label: 'a number' },
  ],
  array: [
    { value: {}, label: 'an empty object' },
    { value: 1, label: 'a number' },
  ],
};

/** An array's item sent alone where the valid array is empty: a value of the item's type. */
const ITEM_ALONE: Record<string, unknown> = { object: {}, string: 'x', integer: 1, number: 1, boolean: true };

/**
 * A scalar's value in the JSON type a framework's coercion reads as the member's own (GEN-TYPES-COERCED, a should):
 * an integer's digits as a string, a number or boolean as a string's, "true" as a boolean.
 */
const COERCED_VALUE: Record<string, { value: unknown; label: string }> = {
  string: { value: 4711, label: 'a number (4711)' },
  integer: { value: '1', label: 'its digits as a string ("1")' },
  number: { value: '1', label: 'its digits as a string ("1")' },
  boolean: { value: 'true', label: 'the string "true"' },
};

/** Whether `value`, of another JSON type than `type`, is a form coercion reads as one of `type`. */
export function isCoercedForm(value: unknown, type: string): boolean {
  if (type === 'string') return typeof value === 'number' || typeof value === 'boolean';
  if (type === 'integer') return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value);
  if (type === 'number') return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
  if (type === 'boolean') return value === 'true' || value === 'false';
  return false;
}

type Schema = JsonSchema & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
};

/** The value a member with listed values is given outside its list (mutationsOf). */
const NOT_LISTED = 'NOT_A_LISTED_VALUE';

const walked = new Map<string, Mutation[]>();

/**
 * Mutations of a component schema. Members of optional objects are used only with `withOptional`,
 * for bodies generated with every member present (see fromSchema's `everyMember`), so a mutation
 * always lands where it says.
 */
export function mutationsOf(componentName: string, withOptional = false): Mutation[] {
  // The same in every call (the near misses and items are drawn with fixed seeds): walked once per schema.
  const key = `${componentName}:${withOptional}`;
  const known = walked.get(key);
  if (known) return known;
  const found = sendableMembers(componentName, withOptional).flatMap(memberMutations);
  walked.set(key, found);
  return found;
}

/** A member the mutations reach: its schema, its path, whether required, and whether its own members are reached. */
interface Reached {
  member: Schema;
  at: string[];
  required: boolean;
  descend: boolean;
}

/**
 * Every sendable member of a component the mutations reach, each before its own members: those at the top, and the
 * members of an object that is required (or at the top, `withOptional`), at any depth.
 */
function sendableMembers(componentName: string, withOptional: boolean): Reached[] {
  const found: Reached[] = [];
  const walk = (raw: JsonSchema, path: string[]) => {
    const schema = resolve(raw) as Schema;
    const required = new Set(schema.required ?? []);
    for (const [name, rawMember] of Object.entries(schema.properties ?? {})) {
      const member = resolve(rawMember) as Schema;
      if (!isSendable(member)) continue;
      const at = [...path, name];
      const declared = types(member).filter((k) => k !== 'null');
      const descend =
        (required.has(name) || (withOptional && path.length === 0)) &&
        declared.length === 1 &&
        declared[0] === 'object';
      found.push({ member, at, required: required.has(name), descend });
      if (descend) walk(member, at);
    }
  };
  walk({ $ref: `#/components/schemas/${componentName}` }, []);
  return found;
}

/** The mutations of one member: missing or null where required, other types, its list's or pattern's near misses. */
function memberMutations({ member, at, required, descend }: Reached): Mutation[] {
  const found: Mutation[] = [];
  const dotted = at.join('.');
  const memberRule = typeof member['x-rule'] === 'string' ? { memberRule: member['x-rule'] } : {};
  const kinds = types(member);
  if (required) found.push({ kind: 'missing', path: at, description: `without ${dotted}` });
  if (required && !kinds.includes('null'))
    found.push({ kind: 'null', path: at, value: null, description: `with ${dotted} null` });
  const declared = kinds.filter((k) => k !== 'null');
  const items = member['items'] ? (resolve(member['items'] as JsonSchema) as Schema) : undefined;
  const itemKinds = items ? types(items) : [];
  if (declared.length === 1) {
    const wrong = WRONG_VALUE[declared[0]!];
    if (wrong)
      found.push({ kind: 'wrongType', path: at, value: wrong.value, description: `${dotted} as ${wrong.label}` });
    for (const other of OTHER_VALUES[declared[0]!] ?? [])
      found.push({ kind: 'wrongType', path: at, value: other.value, description: `${dotted} as ${other.label}` });
    // The valid value in the neighbouring type, the array: no default coercion reads one as the other.
    if (declared[0] === 'array')
      found.push({
        kind: 'wrongType',
        path: at,
        value: ITEM_ALONE[itemKinds.find((k) => k !== 'null') ?? 'object'] ?? {},
        wrap: 'firstItem',
        description: `${dotted} as one item alone, not in an array`,
      });
    else if (wrong)
      found.push({ kind: 'wrongType', path: at, wrap: 'inArray', description: `${dotted} wrapped in an array of one` });
    // A string constrained to a list or a pattern is refused for its value whatever its type: no coercion to judge.
    const coerced = member.enum || member.pattern ? undefined : COERCED_VALUE[declared[0]!];
    if (coerced)
      found.push({ kind: 'coerced', path: at, value: coerced.value, description: `${dotted} as ${coerced.label}` });
  }
  if (member.enum)
    found.push({
      kind: 'enum',
      path: at,
      value: NOT_LISTED,
      description: `${dotted} outside its listed values`,
      ...memberRule,
    });
  // A listed value's position in its list, which an enum read by ordinal takes (a coerced form: GEN-TYPES-COERCED).
  if (member.enum?.length)
    found.push({
      kind: 'coerced',
      path: at,
      value: '0',
      description: `${dotted} as "0", the position of its first value`,
    });
  // Near misses of a listed value are outside the list too (a case-folding or trimming enum reader takes them).
  for (const near of enumNearMisses(member.enum ?? []))
    found.push({
      kind: 'enum',
      path: at,
      value: near.value,
      description: `${dotted} as ${JSON.stringify(near.value)}, ${near.what}`,
      ...memberRule,
    });
  for (const near of member.pattern ? patternNearMisses(member.pattern) : [])
    found.push({
      kind: 'pattern',
      path: at,
      value: near.value,
      description: `${dotted} as ${JSON.stringify(near.value)}, ${near.what}: not matching ${member.pattern}`,
      ...memberRule,
    });
  const itemComponent = componentOf(member['items']);
  if (declared[0] === 'array' && itemKinds.length === 1 && itemKinds[0] === 'object' && itemComponent)
    found.push(...itemMutations(itemComponent, at));
  if (declared[0] === 'array' && itemKinds.length === 1) found.push(...itemTypeMutations(itemKinds[0]!, at));
  if (descend && member.required?.length)
    found.push({
      kind: 'emptied',
      path: at,
      value: {},
      description: `${dotted} as an empty object (without ${member.required.join(', ')})`,
    });
  return found;
}

/** The component an array's items are, where they are one (`$ref: '#/components/schemas/NAME'`). */
function componentOf(items: unknown): string | undefined {
  const ref = (items as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? ref.split('/').pop() : undefined;
}

/**
 * The mutations of an array's items, each put in an array of one item of the array's schema (drawn with a fixed seed,
 * so every run sends the same), the item's own mutation applied: the array as the walk reaches any other member.
 */
function itemMutations(component: string, at: string[]): Mutation[] {
  const [item = {}] = fc.sample(fromSchema(component), { seed: 4711, numRuns: 1 });
  const alone = mutationsOf(component).map((m) => ({
    ...m,
    path: at,
    value: [applyMutation(item, m)],
    description: `${at.join('.')} with an item ${m.description}`,
    inItem: true as const,
    wrap: undefined,
  }));
  return [...alone, ...alone.filter((m) => TYPE_DEFECTS.has(m.kind)).map(secondItem)];
}

/** The defects a binder checking items by position (a tuple) misses past the first: of type, null where none is. */
const TYPE_DEFECTS = new Set<MutationKind>(['wrongType', 'null']);

/** The mutation with its defective item second, after the valid body's first. */
const secondItem = (m: Mutation): Mutation => ({
  ...m,
  afterValid: true,
  description: `${m.description}, second after a valid one`,
});

/**
 * An array's item as each JSON type it is not (null included, where the items are not nullable): WRONG_VALUE's alone,
 * and it, OTHER_VALUES' and null second after a valid item (a binder that lets one through alone lets it through
 * there too).
 */
function itemTypeMutations(itemKind: string, at: string[]): Mutation[] {
  const wrong = WRONG_VALUE[itemKind];
  if (!wrong) return [];
  const item = (o: { value: unknown; label: string }): Mutation => ({
    kind: 'wrongType',
    path: at,
    value: [o.value],
    description: `${at.join('.')} with an item as ${o.label}`,
    inItem: true,
  });
  const others = [wrong, ...(OTHER_VALUES[itemKind] ?? []), { value: null, label: 'null' }];
  return [item(wrong), ...others.map((o) => secondItem(item(o)))];
}

/** Strings outside a format, each in a notation some client writes (a date-time as a date, in local notation). */
const FORMAT_NEAR_MISSES: Record<string, { value: string; what: string }[]> = {
  'date-time': [
    { value: '2025-06-01', what: 'a date without a time' },
    { value: '01.06.2025 10:00', what: 'a date and time in local notation' },
  ],
};

/**
 * The members of a component with a `format` the document gives (date-time), each with strings outside it: the
 * format's complement within the member's type. Whether a service refuses them is not stated; taken, the record it
 * shows still has the member in its format, which the checks judge.
 */
export function formatNearMisses(componentName: string, withOptional = false): Mutation[] {
  return sendableMembers(componentName, withOptional).flatMap(({ member, at }) =>
    (FORMAT_NEAR_MISSES[(member as { format?: string }).format ?? ''] ?? []).map((near): Mutation => ({
      kind: 'wrongType',
      path: at,
      value: near.value,
      description: `${at.join('.')} as ${JSON.stringify(near.value)}, ${near.what}: not a ${String(member.format)}`,
    })),
  );
}

/**
 * Near misses of a pattern: strings the pattern refuses, made from one value it takes (drawn with a fixed seed, so
 * every run sends the same): empty, a character short or long, with a comma inside, digits, lower-case letters. Not in
 * another letter case (where letter case is a rule of its own, a currency code's, it is judged there), nor between
 * blanks (a service may trim them, as it may trim any text).
 * A value the pattern takes is not among them.
 */
export function patternNearMisses(pattern: string): { value: string; what: string }[] {
  const matches = new RegExp(pattern, 'u');
  const [taken = ''] = fc.sample(fc.stringMatching(matches), { seed: 4711, numRuns: 1 });
  const shown = JSON.stringify(taken);
  const candidates = [
    { value: '', what: 'empty' },
    { value: taken.slice(0, -1), what: `${shown} a character short` },
    { value: taken + taken.slice(-1), what: `${shown} a character long` },
    { value: `${taken.slice(0, 1)},${taken.slice(2)}`, what: `${shown} with a comma inside` },
    { value: '123', what: 'digits' },
    { value: 'abc', what: 'lower-case letters' },
  ];
  const kept = new Set<string>();
  return candidates.filter((c) => !matches.test(c.value) && !kept.has(c.value) && Boolean(kept.add(c.value)));
}

/**
 * Near misses of an enum's first string value that no listed value equals: another letter case, a trailing space.
 */
export function enumNearMisses(listed: unknown[]): { value: string; what: string }[] {
  const first = listed.find((v): v is string => typeof v === 'string');
  if (first === undefined) return [];
  const candidates = [
    { value: first.toLowerCase(), what: `${first} in lower case` },
    { value: `${first} `, what: `${first} with a trailing space` },
  ];
  return candidates.filter((c) => !listed.includes(c.value));
}

/** The member schema at `path` of a component. */
function memberAt(componentName: string, path: readonly string[]): Schema {
  return path.reduce<Schema>((schema, name) => resolve(resolve(schema).properties?.[name] ?? {}) as Schema, {
    $ref: `#/components/schemas/${componentName}`,
  } as Schema);
}

/**
 * Each word a target shows in its own records (a status, an event's name: harness/records/parcels/parcel-words.ts)
 * given to each member with listed values that does not list it, where mutationsOf gives one a value outside its list:
 * outside the list all the same, and the value a validator checking the member against another of the service's lists
 * takes. Not where the listed values stand for names the spec does not give (x-placeholders): a word may be a real one.
 */
export function wordMutations(componentName: string, words: readonly string[]): Mutation[] {
  return mutationsOf(componentName)
    .filter((m) => m.kind === 'enum' && m.value === NOT_LISTED)
    .flatMap((m) => {
      const member = memberAt(componentName, m.path);
      if (member['x-placeholders'] === true) return [];
      return words
        .filter((word) => !member.enum?.includes(word))
        .map((word) => ({
          ...m,
          value: word,
          description: `${m.path.join('.')} as ${word}, a word the target shows in its own records`,
        }));
    });
}

/** The body with the mutation applied; the input is not changed. */
export function applyMutation<T>(body: T, mutation: Mutation): T {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  // A member inside an object the valid body holds null or left out (a nullable consignee): the object is there.
  for (const key of mutation.path.slice(0, -1)) {
    const inner = node[key];
    if (inner === null || typeof inner !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = mutation.path[mutation.path.length - 1]!;
  const held = node[last];
  if (mutation.afterValid && Array.isArray(held) && held.length)
    node[last] = [structuredClone(held[0]), ...(structuredClone(mutation.value) as unknown[])];
  else if (mutation.inItem) node[last] = structuredClone(mutation.value);
  else if (mutation.kind === 'missing') delete node[last];
  else if (mutation.wrap === 'inArray') node[last] = [held];
  else if (mutation.wrap === 'firstItem' && Array.isArray(held) && held.length) node[last] = held[0];
  else node[last] = structuredClone(mutation.value);
  return copy as T;
}

/** A valid body from the arbitrary, invalid by exactly the one mutation. */
export function invalidByOne<T>(
  valid: fc.Arbitrary<T>,
  mutations: Mutation[],
): fc.Arbitrary<{ body: T; mutation: Mutation; valid: T }> {
  // The valid body goes along: the same request without the defect is the refusal's positive control.
  return fc
    .tuple(valid, fc.constantFrom(...mutations))
    .map(([body, mutation]) => ({ body: applyMutation(body, mutation), mutation, valid: body }));
}
