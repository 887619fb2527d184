// The document's component schemas read as plain data: by name, with $refs followed and allOf
// merged, and with their refs rewritten to the $ids ajv knows them by.
import { loadOpenApi, type JsonSchema } from './document';
import { valueAt } from './json-pointer';

export const SCHEMA_BASE = 'https://carrier-conformance.invalid/schemas/';
const COMPONENT_PREFIX = '#/components/schemas/';

export function schemaId(componentName: string): string {
  return SCHEMA_BASE + componentName;
}

/** The component a schema is a plain $ref to, if it is one. */
export function componentRef(schema: unknown): string | undefined {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  return ref?.startsWith(COMPONENT_PREFIX) ? ref.slice(COMPONENT_PREFIX.length) : undefined;
}

// '#/components/schemas/Parcel/properties/events' → '<base>Parcel#/properties/events'
function toSchemaId(ref: string): string {
  const [name = '', ...rest] = ref.slice(COMPONENT_PREFIX.length).split('/');
  return schemaId(name) + (rest.length ? `#/${rest.join('/')}` : '');
}

// The document's refs point into itself (#/components/schemas/X); ajv knows each component by its own $id.
export function rewriteRefs<T>(schema: T): T {
  return JSON.parse(
    JSON.stringify(schema, (key, value: unknown) =>
      key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_PREFIX) ? toSchemaId(value) : value,
    ),
  ) as T;
}

/** The document's schema object for a component (read-only). */
export function componentSchema(name: string): JsonSchema {
  const schema = loadOpenApi().components?.schemas?.[name];
  if (!schema) throw new Error(`schema ${name} is not in the OpenAPI document`);
  return schema as JsonSchema;
}

type Resolvable = JsonSchema & {
  $ref?: string;
  allOf?: Resolvable[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Follows $refs (including deep ones such as .../Parcel/properties/events) and merges allOf. */
export function resolveSchema(schema: Resolvable): Resolvable {
  if (schema.$ref) {
    const [name = '', ...rest] = schema.$ref.replace(COMPONENT_PREFIX, '').split('/');
    const node = valueAt(componentSchema(name), rest.map((part) => `/${part}`).join('')) as Resolvable;
    const { $ref: _ref, ...siblings } = schema;
    return resolveSchema({ ...node, ...siblings });
  }
  if (schema.allOf) {
    const { allOf, ...own } = schema;
    const parts: Resolvable[] = [own, ...allOf.map(resolveSchema)];
    return {
      ...Object.assign({}, ...parts),
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: [...new Set(parts.flatMap((p) => p.required ?? []))],
    };
  }
  return schema;
}

/** Top-level member names of a component schema, after $refs and allOf. */
export function memberNames(componentName: string): string[] {
  return Object.keys(resolveSchema({ $ref: `${COMPONENT_PREFIX}${componentName}` }).properties ?? {});
}

/** The values the document lists for a top-level member of a component schema (its `enum`); none if none. */
export function memberEnum(componentName: string, member: string): string[] {
  const properties = resolveSchema({ $ref: `${COMPONENT_PREFIX}${componentName}` }).properties ?? {};
  return ((properties[member] as { enum?: string[] } | undefined)?.enum ?? []).slice();
}

/**
 * Where the document lists an array or an envelope object (§4.2, §4.8: envelope not shown), the
 * component name of the array items, so a harness validates each record it finds.
 */
export function listItemSchema(schemaName: string): string | undefined {
  const schema = loadOpenApi().components?.schemas?.[schemaName] as { anyOf?: JsonSchema[] } | undefined;
  const arrayBranch = schema?.anyOf?.find((s) => s['type'] === 'array');
  return arrayBranch ? componentRef(arrayBranch['items']) : undefined;
}
