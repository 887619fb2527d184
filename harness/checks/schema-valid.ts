import type { ErrorObject, ValidateFunction } from 'ajv';
import { inlineResponseValidator, validatorFor } from '../../spec/ajv';
import { isWrapperError, ruleForError } from '../../spec/attribution';
import { valueAt } from '../../spec/json-pointer';
import { documentedResponse, type Operation } from '../../spec/operations';
import { rulesJudged, rulesJudgedBy, rulesJudgedByItems } from '../../spec/judged-rules';
import { inlineResponseSchema } from '../../spec/operations';
import { listItemSchema } from '../../spec/schemas';
import type { Exchange } from '../http/exchange';
import { detectList } from '../http/envelope';
import { check, failure, shown, type Failure } from './types';
import { expectedBy } from '../../spec/schema-words';

// A date-time without an offset is still a date-time; that RFC 3339 wants the offset is implied only.
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

function ruleOf(schemaName: string, error: ErrorObject, value: unknown): string {
  if (
    error.keyword === 'format' &&
    error.params['format'] === 'date-time' &&
    typeof value === 'string' &&
    LOCAL_DATE_TIME.test(value)
  )
    return 'GEN-DATE-TIME-ZONE';
  return ruleForError(schemaName, error) ?? 'GEN-STATUS-DOCUMENTED';
}

function firstFailure(
  validate: ValidateFunction,
  schemaName: string,
  value: unknown,
  op: Operation,
  prefix = '',
): Failure | undefined {
  if (validate(value)) return undefined;
  const errors = (validate.errors ?? []).filter((e) => !isWrapperError(e));
  const error = errors[0] ?? validate.errors![0]!;
  const pointer = prefix + error.instancePath;
  const received = error.keyword === 'required' ? 'no such member' : shown(valueAt(value, error.instancePath));
  return failure(
    ruleOf(schemaName, error, valueAt(value, error.instancePath)),
    op,
    pointer,
    expectedBy(error),
    received,
  );
}

/** The rule that states what a list returns, where an answer is no list at all (`null`, a bare record). */
const NOT_A_LIST_RULE: Record<string, string> = { listProviders: 'PRV-LIST', listLockers: 'LCK-LIST-RECORDS' };

/**
 * The body is valid against the schema the document gives for the operation and status; a list is
 * validated record by record inside whatever envelope it came in. Error bodies are errorBody's.
 */
function judgedResponse(exchange: Exchange, op: Operation) {
  const response = documentedResponse(op, exchange.status);
  return !response || exchange.body === undefined || response.schemaName === 'ErrorBody' ? undefined : response;
}

/** The rules whose schema nodes met a value of the body: a list proves its item rules once per record. */
function judges(exchange: Exchange, op: Operation): string[] {
  const response = judgedResponse(exchange, op);
  if (!response) return [];
  if (!response.schemaName) {
    const inline = inlineResponseSchema(op, response.code);
    return inline ? rulesJudgedBy(inline, exchange.body) : [];
  }
  const itemSchema = listItemSchema(response.schemaName);
  if (!itemSchema) return rulesJudged(response.schemaName, exchange.body);
  return rulesJudgedByItems(itemSchema, detectList(exchange.body)?.items ?? []);
}

function find(exchange: Exchange, op: Operation): Failure | undefined {
  const response = judgedResponse(exchange, op);
  if (!response) return undefined;
  if (!response.schemaName) {
    const inline = inlineResponseValidator(op, response.code);
    if (!inline) return undefined;
    if (inline(exchange.body)) return undefined;
    const error = inline.errors![0]!;
    // Inline schemas are arrays of a component: the component's x-rule names the rule, and the array's own names it
    // where the answer is no such array at all.
    const item = /\/schemas\/(\w+)/.exec(error.schemaPath)?.[1];
    const own = inlineResponseSchema(op, response.code)?.['x-rule'];
    return failure(
      (item && ruleForError(item, error)) ?? (typeof own === 'string' ? own : 'GEN-STATUS-DOCUMENTED'),
      op,
      error.instancePath,
      expectedBy(error),
      shown(valueAt(exchange.body, error.instancePath)),
    );
  }
  const itemSchema = listItemSchema(response.schemaName);
  if (!itemSchema) return firstFailure(validatorFor(response.schemaName), response.schemaName, exchange.body, op);
  const list = detectList(exchange.body);
  if (!list)
    return failure(
      NOT_A_LIST_RULE[op.operationId] ?? 'GEN-JSON',
      op,
      '',
      'an array of records, bare or in an envelope',
      shown(exchange.body),
    );
  const validate = validatorFor(itemSchema);
  const base = list.envelope === 'array' ? '' : list.envelope;
  for (let i = 0; i < list.items.length; i++) {
    const found = firstFailure(validate, itemSchema, list.items[i], op, `${base}/${i}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * The date-times §2.1 and §2.3 give an answer (a locker record's carrier.activationDate, the publish
 * timestamp): each one the schema met is a GEN-DATE-TIME-ZONE evaluation, failed above where it has no
 * offset, held otherwise; an answer without one says nothing of the rule.
 */
function carriesDateTime(exchange: Exchange, op: Operation): boolean {
  const body = exchange.body as Record<string, unknown> | undefined;
  if (op.operationId === 'publishParcel' || op.operationId === 'publishParcelByCarrierLockerId')
    return typeof body?.['timestamp'] === 'string';
  if (!['createLocker', 'updateLocker', 'listLockers'].includes(op.operationId)) return false;
  const records = op.operationId === 'listLockers' ? (detectList(body)?.items ?? []) : [body];
  return records.some(
    (r) => typeof (r as { carrier?: { activationDate?: unknown } } | null)?.carrier?.activationDate === 'string',
  );
}

export const schemaValid = check(find, (exchange, op) => {
  const rules = judges(exchange, op);
  return judgedResponse(exchange, op) && carriesDateTime(exchange, op) && !rules.includes('GEN-DATE-TIME-ZONE')
    ? [...rules, 'GEN-DATE-TIME-ZONE']
    : rules;
});
