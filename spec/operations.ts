// The document's operations and webhooks as an index a harness can iterate, built once per process.
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadOpenApi, type JsonSchema } from './document';
import { componentRef } from './schemas';

export type Base = 'service' | 'mock';

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
  /** A scalar given in the JSON type a framework's coercion reads as its own. */
  coerced?: string;
  enum?: string;
}

export interface WebhookSpec {
  name: string;
  schemaName: string;
}

function resolveResponse(
  response: OpenAPIV3_1.ResponseObject | OpenAPIV3_1.ReferenceObject,
): OpenAPIV3_1.ResponseObject {
  if ('$ref' in response) {
    const name = response.$ref.slice('#/components/responses/'.length);
    return loadOpenApi().components!.responses![name] as OpenAPIV3_1.ResponseObject;
  }
  return response;
}

function indexOperations(): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(loadOpenApi().paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item?.[method];
      if (!op?.operationId) continue;
      const params = (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      const requestSchema = componentRef(body?.content?.['application/json']?.schema);
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
          const schemaName = componentRef(schema);
          const hasSchema = !!schema && (!!schemaName || 'type' in schema || 'items' in schema);
          return {
            code,
            json: !!response.content?.['application/json'],
            hasSchema,
            ...(schemaName ? { schemaName } : {}),
          };
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

/** The body schema of a response written in place rather than as a $ref to a component. */
export function inlineResponseSchema(op: Operation, code: string): JsonSchema | undefined {
  const pathItem = loadOpenApi().paths?.[op.path] as Record<string, OpenAPIV3_1.OperationObject>;
  const raw = pathItem[op.method.toLowerCase()]!.responses?.[code];
  if (!raw) return undefined;
  const schema = resolveResponse(raw).content?.['application/json']?.schema;
  return !schema || componentRef(schema) ? undefined : (schema as JsonSchema);
}

export const webhooks: readonly WebhookSpec[] = Object.entries(loadOpenApi().webhooks ?? {}).map(([name, item]) => {
  const post = (item as OpenAPIV3_1.PathItemObject).post!;
  const body = post.requestBody as OpenAPIV3_1.RequestBodyObject;
  return { name, schemaName: componentRef(body.content['application/json']?.schema)! };
});
