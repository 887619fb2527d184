// Request bodies are checked against the request schemas of the shared OpenAPI document;
// rules a schema cannot state (unique group keys, distinct identifiers) live in the handlers.
import type { ErrorObject } from 'ajv';
import { validatorFor } from '../spec/ajv';
import { isWrapperError } from '../spec/attribution';
import { ApiError } from './errors';

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

export interface ValidateOptions {
  /** JSON pointer of the body inside the request, for the message. */
  at?: string;
  /** Errors let through (faults only). */
  ignore?: (e: ErrorObject) => boolean;
  /** Status of the refusal; 400 unless a choice says otherwise. */
  status?: number;
}

/** Every refused member's message, one per member (fault sa-update-multi-error-envelope). */
export function everyRefusedMember(name: RequestSchema, body: unknown): string[] {
  const fn = validatorFor(name);
  if (fn(body)) return [];
  const byMember = new Map<string, string>();
  for (const e of (fn.errors ?? []).filter((e) => !isWrapperError(e))) {
    const member =
      e.keyword === 'required' ? `${e.instancePath}/${String(e.params['missingProperty'])}` : e.instancePath;
    if (!byMember.has(member)) byMember.set(member, describe(e, ''));
  }
  return [...byMember.values()];
}

/** Throws an error answer naming the first offending member. */
export function validateBody(
  name: RequestSchema,
  body: unknown,
  { at = '', ignore = () => false, status = 400 }: ValidateOptions = {},
): void {
  const fn = validatorFor(name);
  if (fn(body)) return;
  const errors = (fn.errors ?? []).filter((e) => !ignore(e) && !isWrapperError(e));
  if (errors.length === 0) return;
  // Prefer the error deepest in the body: it names the member, not the object holding it.
  const first = [...errors].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
  throw new ApiError(status, 'VALIDATION_FAILED', first ? describe(first, at) : 'body is invalid');
}
