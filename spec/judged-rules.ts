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
  return Object.entries(properties).every(([member, sub]) => isObject(sub) && 'const' in sub && instance[member] === sub['const']);
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

function collect(raw: JsonSchema, instance: unknown, found: Set<string>, depth: number): void {
  if (instance === undefined || depth > MAX_DEPTH) return;
  const schema = follow(raw);
  // A value of another type than the node describes is a failure of it (the validation says so), never evidence.
  if (!typeMatches(schema['type'], instance)) return;
  // An object with none of the members its schema describes ({} for a locker) is no record of it.
  const properties = schema['properties'];
  if (isObject(properties) && isObject(instance) && !Object.keys(properties).some((member) => member in instance)) return;
  const rule = schema['x-rule'];
  if (typeof rule === 'string') found.add(rule);
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const sub of (schema[keyword] as JsonSchema[] | undefined) ?? []) collect(sub, instance, found, depth + 1);
  }
  if (schema['if'] && isObject(schema['then']) && conditionHolds(schema['if'], instance)) collect(schema['then'] as JsonSchema, instance, found, depth + 1);
  if (isObject(properties) && isObject(instance)) {
    for (const [member, sub] of Object.entries(properties) as [string, JsonSchema][]) {
      const rule = sub['x-rule'];
      if (isForbiddenMember(sub) && typeof rule === 'string') found.add(rule);
      else collect(sub, instance[member], found, depth + 1);
    }
  }
  const items = schema['items'];
  if (isObject(items) && Array.isArray(instance)) for (const item of instance) collect(items as JsonSchema, item, found, depth + 1);
}

/** The rules of the component schema that met a value of `instance` (evidence only if it was valid). */
export function rulesJudged(componentName: string, instance: unknown): string[] {
  const found = new Set<string>();
  collect(componentSchema(componentName), instance, found, 0);
  return [...found];
}

/** The same for an inline schema (e.g. an array of a component). */
export function rulesJudgedBy(schema: JsonSchema, instance: unknown): string[] {
  const found = new Set<string>();
  collect(schema, instance, found, 0);
  return [...found];
}
