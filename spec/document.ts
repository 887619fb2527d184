// The OpenAPI document, parsed once per process. The harness and the reference both read it from
// here, so neither imports the other to agree on the contract.
import { join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { readYamlFile } from './yaml-file';
import { ROOT } from './root';

const OPENAPI_PATH = join(ROOT, 'spec', 'carrier-integration.openapi.yaml');

export type OpenApiDocument = OpenAPIV3_1.Document;
export type JsonSchema = Record<string, unknown>;

let cached: OpenApiDocument | undefined;

export function loadOpenApi(): OpenApiDocument {
  cached ??= readYamlFile(OPENAPI_PATH) as OpenApiDocument;
  return cached;
}

export const SPEC_VERSION = loadOpenApi().info.version;

/** Component schema names, in document order. */
export function componentSchemaNames(doc: OpenApiDocument = loadOpenApi()): string[] {
  return Object.keys(doc.components?.schemas ?? {});
}
