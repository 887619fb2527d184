// How a test names the rules it proves, and how it records what is not a pass or a fail.
import { test, type TestDetails } from '@playwright/test';
import { ruleById } from '../spec/catalogue';

export const ANNOTATION = {
  rule: 'rule',
  violation: 'violation',
  observed: 'observed',
  notObservable: 'not-observable',
} as const;

/**
 * Details for test(): one `rule` annotation and one `@RULE-ID` tag per id (so `--grep @LCK-OH-ALWAYS`
 * and Allure's tags find them); an unknown id is a harness error at load time.
 */
export function rules(...ids: string[]): TestDetails {
  for (const id of ids) ruleById(id);
  return { annotation: ids.map((id) => ({ type: ANNOTATION.rule, description: id })), tag: ids.map((id) => `@${id}`) };
}

/** What the target chose where the spec leaves it open, or what an observe rule saw. */
export function observe(ruleId: string, text: string): void {
  ruleById(ruleId);
  test.info().annotations.push({ type: ANNOTATION.observed, description: `${ruleId}: ${text}` });
}

/** The target gives nothing to judge the rule by; the test passes and the rule is reported as such. */
export function notObservable(ruleId: string, reason: string): void {
  ruleById(ruleId);
  test.info().annotations.push({ type: ANNOTATION.notObservable, description: `${ruleId}: ${reason}` });
}
