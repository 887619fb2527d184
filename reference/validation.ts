// Request bodies are checked against the request schemas of the shared OpenAPI document;
// rules a schema cannot state (unique group keys, distinct identifiers) live in the handlers.
import type { ErrorObject } from 'ajv';
import { validatorFor } from '../spec/ajv';
import { isWrapperError } from '../spec/attribution';
import { badRequest } from './errors';

export type RequestSchema =
  | 'LockerCreateRequest'
  | 'LockerUpdateRequest'
  | 'OpeningHours'
  | 'PublishByLockerUidRequest'
  | 'PublishByCarrierLockerIdRequest'
  | 'AddNetworkLockersRequest'
  | 'TriggerRequest';

function describe(error: ErrorObject, at: string): string {
  const pointer = at + error.instancePath;
  if (error.keyword === 'required') return `${pointer}/${String(error.params['missingProperty'])} is required`;
  const where = pointer || 'the body';
  if (error.keyword === 'not' && error.schemaPath.endsWith('/not')) return `${where} is not accepted`;
  return `${where} ${error.message ?? 'is invalid'}`;
}

/** Throws a 400 naming the first offending member; `ignore` lets errors through (faults only). */
export function validateBody(name: RequestSchema, body: unknown, at = '', ignore: (e: ErrorObject) => boolean = () => false): void {
  const fn = validatorFor(name);
  if (fn(body)) return;
  const errors = (fn.errors ?? []).filter((e) => !ignore(e) && !isWrapperError(e));
  if (errors.length === 0) return;
  // Prefer the error deepest in the body: it names the member, not the object holding it.
  const first = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  throw badRequest('VALIDATION_FAILED', first ? describe(first, at) : 'body is invalid');
}
