// THE ajv instance of a process: every component schema is added by $id when this module loads, and
// ajv keeps what it compiles, so each validator is compiled once however many tests ask for it.
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { loadOpenApi, type JsonSchema, type OpenApiDocument } from './document';
import { inlineResponseSchema, type Operation } from './operations';
import { rewriteRefs, schemaId } from './schemas';

/**
 * A strict ajv 2020-12 instance with formats and every component schema added by $id. Exported for
 * tests that want one of their own; everything else shares `ajv`.
 * `x-rule` is an annotation: it names the rule a schema node encodes and never changes a verdict.
 * checkSchemas validates each schema against the 2020-12 meta-schema as it is added: the contract
 * tests do (test/contract/openapi.test.ts); the shared instance does not, since compiling the
 * meta-schema cost every runner and worker start ~100 ms, and the document is the same one the
 * contract tests checked.
 */
export function createAjv(doc: OpenApiDocument = loadOpenApi(), { checkSchemas = false } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    allowUnionTypes: true,
    verbose: true,
    validateSchema: checkSchemas,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-rule', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-placeholders', schemaType: 'boolean' });
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    ajv.addSchema({ ...rewriteRefs(schema as JsonSchema), $id: schemaId(name) });
  }
  return ajv;
}

export const ajv = createAjv();

/** The validator of a component schema; ajv compiles it on first use and keeps it. */
export function validatorFor(componentName: string): ValidateFunction {
  const validate = ajv.getSchema(schemaId(componentName));
  if (!validate) throw new Error(`schema ${componentName} is not in the OpenAPI document`);
  return validate;
}

// Inline response schemas have no $id for ajv to keep their validators by, so they are kept here.
const inlineValidators = new Map<string, ValidateFunction>();

/** Validator of an inline response schema of an operation (e.g. the network add array). */
export function inlineResponseValidator(op: Operation, code: string): ValidateFunction | undefined {
  const key = `${op.operationId}:${code}`;
  const known = inlineValidators.get(key);
  if (known) return known;
  const schema = inlineResponseSchema(op, code);
  if (!schema) return undefined;
  const validate = ajv.compile(rewriteRefs(schema));
  inlineValidators.set(key, validate);
  return validate;
}
