// The conformant variation of a service whose JSON binder coerces scalars, as common frameworks do by default
// (GEN-TYPES-COERCED, a should: "common frameworks do by default"): a publish member given, in another JSON type, a
// value coercion turns into its type is taken as that value.
import { validatorFor } from '../../../spec/ajv';
import type { FaultPointApp } from '../../request-types';
import type { RequestSchema } from '../../validation';

const PUBLISH: readonly RequestSchema[] = ['PublishByLockerUidRequest', 'PublishByCarrierLockerIdRequest'];

/** The value a binder's coercion makes of `value` for one of `types`, or undefined where it makes none. */
function coerced(value: unknown, types: string[]): unknown {
  if (types.includes('string') && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
  if (types.includes('integer') && typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return undefined;
}

/** Variation ok-publish-binder-coerces-scalars: the body with every coercible value coerced, on both publish paths. */
export function scalarsCoerced(app: FaultPointApp, schema: RequestSchema, body: unknown): unknown {
  if (!app.fault('ok-publish-binder-coerces-scalars') || !PUBLISH.includes(schema)) return body;
  const validate = validatorFor(schema);
  if (validate(body)) return body;
  const copy = structuredClone(body) as Record<string, unknown>;
  for (const e of validate.errors ?? []) {
    if (e.keyword !== 'type') continue;
    const value = coerced(e.data, [e.params['type']].flat().map(String));
    if (value === undefined) continue;
    const path = e.instancePath.split('/').slice(1);
    const last = path.pop();
    if (last === undefined) continue;
    let node: unknown = copy;
    for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
    if (node && typeof node === 'object') (node as Record<string, unknown>)[last] = value;
  }
  return copy;
}
