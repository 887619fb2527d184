// The contract as data: the OpenAPI document parsed once, and its schemas registered in ajv by $id.
// Shared by the harness and the reference so both read the same document; neither imports the other.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import YAML from 'yaml';

export const OPENAPI_PATH = join(__dirname, 'carrier-integration.openapi.yaml');
export const SCHEMA_BASE = 'https://carrier-conformance.invalid/schemas/';

export type OpenApiDocument = OpenAPIV3_1.Document;
export type JsonSchema = Record<string, unknown>;

let cached: OpenApiDocument | undefined;

export function loadOpenApi(): OpenApiDocument {
  cached ??= YAML.parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument;
  return cached;
}

export function schemaId(componentName: string): string {
  return SCHEMA_BASE + componentName;
}

/** Component schema names, in document order. */
export function componentSchemaNames(doc: OpenApiDocument = loadOpenApi()): string[] {
  return Object.keys(doc.components?.schemas ?? {});
}

const COMPONENT_PREFIX = '#/components/schemas/';

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

/**
 * A strict ajv 2020-12 instance with formats and every component schema added by $id.
 * `x-rule` is an annotation: it names the rule a schema node encodes and never changes a verdict.
 */
export function createAjv(doc: OpenApiDocument = loadOpenApi()): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, verbose: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-rule', schemaType: 'string' });
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    ajv.addSchema({ ...rewriteRefs(schema as JsonSchema), $id: schemaId(name) });
  }
  return ajv;
}

/** The validator of a component schema; ajv compiles it on first use and keeps it. */
export function componentValidator(ajv: Ajv2020, componentName: string): ValidateFunction {
  const validate = ajv.getSchema(schemaId(componentName));
  if (!validate) throw new Error(`schema ${componentName} is not in the OpenAPI document`);
  return validate;
}

const WRAPPER_KEYWORDS = new Set(['if', 'anyOf', 'oneOf', 'allOf']);

/** An error that only says a sub-schema failed; the sub-schema's own error is the precise one. */
export function isWrapperError(error: ErrorObject): boolean {
  return WRAPPER_KEYWORDS.has(error.keyword);
}
