// Which rule of the catalogue a validation error breaks, read from the `x-rule` annotations of the
// document, so a failure names the rule rather than the schema keyword.
import type { ErrorObject } from 'ajv';
import { loadOpenApi, type JsonSchema } from './document';
import { nodesAlong, valueAt } from './json-pointer';
import { componentSchema, SCHEMA_BASE } from './schemas';

const WRAPPER_KEYWORDS = new Set(['if', 'anyOf', 'oneOf', 'allOf']);

/** An error that only says a sub-schema failed; the sub-schema's own error is the precise one. */
export function isWrapperError(error: ErrorObject): boolean {
  return WRAPPER_KEYWORDS.has(error.keyword);
}

function xRule(node: unknown): string | undefined {
  const rule = (node as JsonSchema | undefined)?.['x-rule'];
  return typeof rule === 'string' ? rule : undefined;
}

/**
 * The rule a validation error breaks: the nearest `x-rule` on the way from the root of the component
 * holding the failing keyword down to it, else the rule of the schema that was validated.
 */
export function ruleForError(validated: string, error: ErrorObject): string | undefined {
  const own = xRule(error.parentSchema);
  if (own) return own;
  let component = validated;
  let pointer = error.schemaPath.replace(/^#/, '');
  // A keyword reached through a $ref reports the $id of the component it lives in.
  if (error.schemaPath.startsWith(SCHEMA_BASE)) {
    const rest = error.schemaPath.slice(SCHEMA_BASE.length);
    component = rest.split(/[/#]/)[0]!;
    pointer = rest.slice(component.length).replace(/^#/, '');
  }
  return ruleAlong(loadOpenApi().components?.schemas?.[component], pointer) ?? xRule(componentSchema(validated));
}

/**
 * The nearest `x-rule` from `root` down to `pointer`. A keyword the pointer does not find in `root` itself comes from a
 * component `root` takes in by `allOf` (a webhook body that is a record, ParcelUpdatesEvent of Parcel): that
 * component's rule, as the keyword reads there.
 */
function ruleAlong(root: unknown, pointer: string): string | undefined {
  if (valueAt(root, pointer) === undefined) {
    const schemas = loadOpenApi().components?.schemas ?? {};
    for (const part of (root as { allOf?: { $ref?: string }[] } | undefined)?.allOf ?? []) {
      const merged = part.$ref?.startsWith(COMPONENT) ? schemas[part.$ref.slice(COMPONENT.length)] : undefined;
      if (merged && valueAt(merged, pointer) !== undefined) return ruleAlong(merged, pointer);
    }
  }
  return nodesAlong(root, pointer)
    .map(xRule)
    .filter((rule) => rule !== undefined)
    .pop();
}

const COMPONENT = '#/components/schemas/';
