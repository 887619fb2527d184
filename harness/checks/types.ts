import type { Operation } from '../../spec/operations';
import type { Exchange } from '../http/exchange';
import { abbreviate } from '../http/text';

/** What a check found wrong, in the words of its rule. */
export interface Failure {
  rule: string;
  operation: string;
  /** JSON pointer into the response body ('' for the response as a whole). */
  pointer: string;
  expected: string;
  received: string;
}

/** One check of a response: a failure, or nothing. Checks never call the target. */
export type Find = (exchange: Exchange, op: Operation) => Failure | undefined;

/**
 * A check, and the rules it judges on an answer: each is one evaluation, held unless the check's
 * failure names it. An answer the check does not apply to judges nothing, so proves nothing.
 */
export type Check = Find & { judges: (exchange: Exchange, op: Operation) => string[] };

export function check(find: Find, judges: Check['judges']): Check {
  return Object.assign(find, { judges });
}

export function failure(rule: string, op: Operation, pointer: string, expected: string, received: string): Failure {
  return { rule, operation: op.operationId, pointer, expected, received };
}

/** `RULE-ID operation: expected …, got … (at /pointer)` */
export function describeFailure(f: Failure): string {
  return `${f.rule} ${f.operation}: expected ${f.expected}, got ${f.received} (at ${f.pointer || '/'})`;
}

/** A value as it reads in a failure message: short, JSON. */
export function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return abbreviate(text, 120);
}
