// Every check applied to every response a suite receives, in the order their failures are reported.
import { errorBody } from './error-body';
import { groupsUniqueKey } from './groups-unique-key';
import { itemsOnce } from './items-once';
import { jsonContentType } from './json-content-type';
import { noLegacyError } from './no-legacy-error';
import { noServerError } from './no-server-error';
import { notFoundJson } from './not-found-json';
import { notModifiedUnasked } from './not-modified-unasked';
import { processingTime } from './processing-time';
import { removedFields } from './removed-fields';
import { schemaValid } from './schema-valid';
import { statusDocumented } from './status-documented';
import type { Operation } from '../../spec/operations';
import type { Exchange } from '../http/exchange';
import type { Check, Failure } from './types';

export const CHECKS: Record<string, Check> = {
  noServerError,
  statusDocumented,
  jsonContentType,
  notFoundJson,
  notModifiedUnasked,
  errorBody,
  noLegacyError,
  removedFields,
  schemaValid,
  processingTime,
  groupsUniqueKey,
  itemsOnce,
};

export interface Judgement {
  rule: string;
  failure?: Failure;
}

/**
 * Every check on one answer: one judgement per rule a check judged, failed where its failure names
 * the rule. A failure of a rule the check did not expect to judge still counts against that rule.
 * `checks`: only some, where the answer is known only in part (a recorded body cut short).
 */
export function judgeAnswer(
  exchange: Exchange,
  op: Operation,
  checks: readonly Check[] = Object.values(CHECKS),
): Judgement[] {
  const judgements: Judgement[] = [];
  for (const check of checks) {
    const failure = check(exchange, op);
    const rules = check.judges(exchange, op);
    for (const rule of rules) judgements.push(failure?.rule === rule ? { rule, failure } : { rule });
    if (failure && !rules.includes(failure.rule)) judgements.push({ rule: failure.rule, failure });
  }
  return judgements;
}

export { describeFailure, type Check, type Failure } from './types';
