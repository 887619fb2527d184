// Which rules a valid answer is evidence for: the `x-rule` nodes of its schema that actually met a
// value of the answer. A rule about openingHours is not proven by a record without openingHours, nor
// one about provider members by a body without a provider.
import type { JsonSchema } from './document';
import { componentSchema } from './schemas';

const COMPONENT_PREFIX = '#/components/schemas/';
const MAX_DEPTH = 12;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function follow(schema: JsonSchema): JsonSchema {
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith(COMPONENT_PREFIX)) return schema;
  const [name = '', ...path] = ref.slice(COMPONENT_PREFIX.length).split('/');
  let node: unknown = componentSchema(name);
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  return (node as JsonSchema | undefined) ?? {};
}

/** A member the document marks as removed (`not: {}`): its rule speaks whenever its parent is there. */
function isForbiddenMember(schema: JsonSchema): boolean {
  const not = schema['not'];
  return isObject(not) && Object.keys(not).length === 0;
}

// The document's conditions are "accessMode is X": only those are read; any other `if` proves nothing.
function conditionHolds(condition: unknown, instance: unknown): boolean {
  if (!isObject(condition) || !isObject(instance)) return false;
  const properties = condition['properties'];
  if (!isObject(properties)) return false;
  return Object.entries(properties).every(
    ([member, sub]) => isObject(sub) && 'const' in sub && instance[member] === sub['const'],
  );
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(declared: unknown, instance: unknown): boolean {
  if (declared === undefined) return true;
  const types = Array.isArray(declared) ? declared : [declared];
  const actual = jsonType(instance);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

type Walker = (instance: unknown, found: Set<string>, depth: number) => void;

// Each schema node is turned into a walker once, its $ref followed and its members listed then: a list
// of a thousand records is walked a thousand times per answer, and many answers are lists.
const walkers = new WeakMap<JsonSchema, Walker>();

function walkerFor(raw: JsonSchema): Walker {
  const known = walkers.get(raw);
  if (known) return known;
  const schema = follow(raw);
  const type = schema['type'];
  const properties = isObject(schema['properties']) ? (schema['properties'] as Record<string, JsonSchema>) : undefined;
  const names = properties ? Object.keys(properties) : [];
  const rule = typeof schema['x-rule'] === 'string' ? schema['x-rule'] : undefined;
  const branches = (['allOf', 'anyOf', 'oneOf'] as const).flatMap(
    (keyword) => (schema[keyword] as JsonSchema[] | undefined) ?? [],
  );
  const condition =
    schema['if'] && isObject(schema['then']) ? { if: schema['if'], then: schema['then'] as JsonSchema } : undefined;
  // A member the document marks as removed speaks whenever its parent is there.
  const removed = Object.values(properties ?? {}).flatMap((sub) =>
    isForbiddenMember(sub) && typeof sub['x-rule'] === 'string' ? [sub['x-rule']] : [],
  );
  const members = Object.entries(properties ?? {}).filter(
    ([, sub]) => !(isForbiddenMember(sub) && typeof sub['x-rule'] === 'string'),
  );
  const items = isObject(schema['items']) ? (schema['items'] as JsonSchema) : undefined;
  const walk: Walker = (instance, found, depth) => {
    if (instance === undefined || depth > MAX_DEPTH) return;
    // A value of another type than the node describes is a failure of it (the validation says so), never evidence.
    if (!typeMatches(type, instance)) return;
    // An object with none of the members its schema describes ({} for a locker) is no record of it.
    if (properties && isObject(instance) && !names.some((member) => member in instance)) return;
    if (rule) found.add(rule);
    for (const branch of branches) walkerFor(branch)(instance, found, depth + 1);
    if (condition && conditionHolds(condition.if, instance)) walkerFor(condition.then)(instance, found, depth + 1);
    if (properties && isObject(instance)) {
      for (const r of removed) found.add(r);
      for (const [member, sub] of members) walkerFor(sub)(instance[member], found, depth + 1);
    }
    if (items && Array.isArray(instance)) {
      const item = walkerFor(items);
      for (const value of instance) item(value, found, depth + 1);
    }
  };
  walkers.set(raw, walk);
  return walk;
}

/** Every rule a value could meet under the schema: once all are found, the rest of a list adds nothing. */
function reachableRules(raw: JsonSchema, into = new Set<string>(), seen = new Set<JsonSchema>()): Set<string> {
  if (seen.has(raw)) return into;
  seen.add(raw);
  const schema = follow(raw);
  if (typeof schema['x-rule'] === 'string') into.add(schema['x-rule']);
  const children = [
    ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((keyword) => (schema[keyword] as JsonSchema[] | undefined) ?? []),
    ...(isObject(schema['then']) ? [schema['then'] as JsonSchema] : []),
    ...Object.values((isObject(schema['properties']) ? schema['properties'] : {}) as Record<string, JsonSchema>),
    ...(isObject(schema['items']) ? [schema['items'] as JsonSchema] : []),
  ];
  for (const child of children) reachableRules(child, into, seen);
  return into;
}

const reachable = new Map<string, number>();

/** The rules of the component schema that met a value of `instance` (evidence only if it was valid). */
export function rulesJudged(componentName: string, instance: unknown): string[] {
  const found = new Set<string>();
  walkerFor(componentSchema(componentName))(instance, found, 0);
  return [...found];
}

/** The rules the records of a list met under their component schema, every record read until no rule is left to
 * meet. */
export function rulesJudgedByItems(componentName: string, items: unknown[]): string[] {
  const schema = componentSchema(componentName);
  const walk = walkerFor(schema);
  let all = reachable.get(componentName);
  if (all === undefined) reachable.set(componentName, (all = reachableRules(schema).size));
  const found = new Set<string>();
  for (const item of items) {
    walk(item, found, 0);
    if (found.size >= all) break;
  }
  return [...found];
}

/** The same for an inline schema (e.g. an array of a component). */
export function rulesJudgedBy(schema: JsonSchema, instance: unknown): string[] {
  const found = new Set<string>();
  walkerFor(schema)(instance, found, 0);
  return [...found];
}
