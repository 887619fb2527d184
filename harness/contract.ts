// The contract, loaded once per process: operations index, one ajv instance with every validator
// compiled from the OpenAPI document, and the rule catalogue. Suites and checks ask here; nothing
// else parses the spec.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { OpenAPIV3_1 } from 'openapi-types';
import YAML from 'yaml';
import { componentValidator, createAjv, loadOpenApi, rewriteRefs, SCHEMA_BASE, type JsonSchema } from '../spec/openapi';

export type Base = 'service' | 'mock';
export type Level = 'must' | 'observe';

export interface Rule {
  id: string;
  section: string;
  statement: string;
  level: Level;
  concerns: string[];
  observable: string;
  needs?: string[];
}

export interface ResponseSpec {
  /** '201', '2XX', '4XX', ... as the document writes it. */
  code: string;
  /** Component name of the body schema, when the body is a $ref to one. */
  schemaName?: string;
  /** The body is JSON (a content entry exists), whatever its schema. */
  json: boolean;
  /** Whether a schema constrains the body at all. */
  hasSchema: boolean;
}

export interface Operation {
  operationId: string;
  method: string;
  /** Path template relative to the base, e.g. /lockers/{uid}. */
  path: string;
  base: Base;
  pathParams: OpenAPIV3_1.ParameterObject[];
  queryParams: OpenAPIV3_1.ParameterObject[];
  /** Component name of the request body schema, when it is a $ref to one. */
  requestSchema?: string;
  requestBody: 'required' | 'optional' | 'none';
  responses: ResponseSpec[];
  /** The rules the operation's generic cases prove (`x-rules` of the document). */
  rules: OperationRules;
}

export interface OperationRules {
  success?: string;
  missing?: string;
  wrongType?: string;
  enum?: string;
}

export interface WebhookSpec {
  name: string;
  schemaName: string;
}

const doc = loadOpenApi();
/** The one ajv instance of the harness. */
export const ajv = createAjv(doc);

function refName(schema: unknown): string | undefined {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  return ref?.startsWith('#/components/schemas/') ? ref.slice('#/components/schemas/'.length) : undefined;
}

function resolveResponse(response: OpenAPIV3_1.ResponseObject | OpenAPIV3_1.ReferenceObject): OpenAPIV3_1.ResponseObject {
  if ('$ref' in response) {
    const name = response.$ref.slice('#/components/responses/'.length);
    return doc.components!.responses![name] as OpenAPIV3_1.ResponseObject;
  }
  return response;
}

function indexOperations(): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item?.[method];
      if (!op?.operationId) continue;
      const params = (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      const bodySchema = body?.content?.['application/json']?.schema;
      const requestSchema = refName(bodySchema);
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        base: op.servers?.length ? 'mock' : 'service',
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        ...(requestSchema ? { requestSchema } : {}),
        requestBody: !body ? 'none' : body.required ? 'required' : 'optional',
        rules: ((op as Record<string, unknown>)['x-rules'] ?? {}) as OperationRules,
        responses: Object.entries(op.responses ?? {}).map(([code, raw]) => {
          const response = resolveResponse(raw);
          const schema = response.content?.['application/json']?.schema as JsonSchema | undefined;
          const schemaName = refName(schema);
          const hasSchema = !!schema && (!!schemaName || 'type' in schema || 'items' in schema);
          return { code, json: !!response.content?.['application/json'], hasSchema, ...(schemaName ? { schemaName } : {}) };
        }),
      });
    }
  }
  return operations;
}

export const operations: readonly Operation[] = indexOperations();

export function operation(operationId: string): Operation {
  const op = operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`operation ${operationId} is not in the OpenAPI document`);
  return op;
}

/** The documented response for a status: the exact code first, then its range (4XX), then default. */
export function documentedResponse(op: Operation, status: number): ResponseSpec | undefined {
  const exact = op.responses.find((r) => r.code === String(status));
  const range = op.responses.find((r) => r.code.toUpperCase() === `${String(status)[0]}XX`);
  return exact ?? range ?? op.responses.find((r) => r.code === 'default');
}

export function successResponses(op: Operation): ResponseSpec[] {
  return op.responses.filter((r) => r.code.startsWith('2'));
}

/** The validator of a component schema, compiled on first use and kept (by ajv). */
export function validatorFor(schemaName: string): ValidateFunction {
  return componentValidator(ajv, schemaName);
}

/** Inline response schemas have no $id, so their compiled validators are kept here. */
const inlineValidators = new Map<string, ValidateFunction>();

/** Validator of an inline response schema of an operation (e.g. the network add array). */
export function inlineResponseValidator(op: Operation, code: string): ValidateFunction | undefined {
  const key = `${op.operationId}:${code}`;
  const known = inlineValidators.get(key);
  if (known) return known;
  const pathItem = doc.paths?.[op.path] as Record<string, OpenAPIV3_1.OperationObject>;
  const raw = pathItem[op.method.toLowerCase()]!.responses?.[code];
  if (!raw) return undefined;
  const schema = resolveResponse(raw).content?.['application/json']?.schema;
  if (!schema || refName(schema)) return undefined;
  const fn = ajv.compile(rewriteRefs(schema as JsonSchema));
  inlineValidators.set(key, fn);
  return fn;
}

/**
 * Where the document lists an array or an envelope object (§4.2, §4.8: envelope not shown), the
 * component name of the array items, so a harness validates each record it finds.
 */
export function listItemSchema(schemaName: string): string | undefined {
  const schema = doc.components?.schemas?.[schemaName] as { anyOf?: JsonSchema[] } | undefined;
  const arrayBranch = schema?.anyOf?.find((s) => s['type'] === 'array');
  return arrayBranch ? refName(arrayBranch['items']) : undefined;
}

export const webhooks: readonly WebhookSpec[] = Object.entries(doc.webhooks ?? {}).map(([name, item]) => {
  const post = (item as OpenAPIV3_1.PathItemObject).post!;
  const body = post.requestBody as OpenAPIV3_1.RequestBodyObject;
  return { name, schemaName: refName(body.content['application/json']?.schema)! };
});

/** The document's schema object for a component (read-only). */
export function componentSchema(name: string): JsonSchema {
  const schema = doc.components?.schemas?.[name];
  if (!schema) throw new Error(`schema ${name} is not in the OpenAPI document`);
  return schema as JsonSchema;
}

/**
 * The rule a validation error breaks: the nearest `x-rule` on the way from the root of the component
 * holding the failing keyword down to it, else the rule of the schema that was validated.
 */
export function ruleForError(validated: string, error: ErrorObject): string | undefined {
  const own = (error.parentSchema as JsonSchema | undefined)?.['x-rule'];
  if (typeof own === 'string') return own;
  let component = validated;
  let path = error.schemaPath.replace(/^#\/?/, '');
  if (error.schemaPath.startsWith(SCHEMA_BASE)) {
    const rest = error.schemaPath.slice(SCHEMA_BASE.length);
    component = rest.split(/[/#]/)[0]!;
    path = rest.slice(component.length).replace(/^#?\/?/, '');
  }
  let node: unknown = doc.components?.schemas?.[component];
  let found = (node as JsonSchema | undefined)?.['x-rule'] as string | undefined;
  for (const segment of path.split('/').filter(Boolean)) {
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    const rule = (node as JsonSchema | undefined)?.['x-rule'];
    if (typeof rule === 'string') found = rule;
  }
  return found ?? (componentSchema(validated)['x-rule'] as string | undefined);
}

type Resolvable = JsonSchema & { $ref?: string; allOf?: Resolvable[]; properties?: Record<string, JsonSchema>; required?: string[] };

/** Follows $refs (including deep ones such as .../Parcel/properties/events) and merges allOf. */
export function resolveSchema(schema: Resolvable): Resolvable {
  if (schema.$ref) {
    const [name = '', ...rest] = schema.$ref.replace('#/components/schemas/', '').split('/');
    let node = componentSchema(name) as Resolvable;
    for (const part of rest) node = (node as Record<string, Resolvable>)[part]!;
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
  return Object.keys(resolveSchema({ $ref: `#/components/schemas/${componentName}` }).properties ?? {});
}

export const SPEC_VERSION = doc.info.version;

function loadRules(): Rule[] {
  const text = readFileSync(join(__dirname, '..', 'spec', 'rules.yaml'), 'utf8');
  return (YAML.parse(text) as { rules: Rule[] }).rules;
}

export const rules: readonly Rule[] = loadRules();

export function rule(id: string): Rule {
  const found = rules.find((r) => r.id === id);
  if (!found) throw new Error(`rule ${id} is not in spec/rules.yaml`);
  return found;
}
