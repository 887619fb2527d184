// How a test names the rules it proves, and how it records what is not a pass or a fail.
import { test, type TestDetails } from '@playwright/test';
import { ruleById } from '../../spec/catalogue';
import { SELECTION_REASONS } from '../verdict/verdicts';
import { notApplicable as markNotApplicable, notObservable as markNotObservable, observe as record } from './judge';

export const RULE_ANNOTATION = 'rule';

/**
 * Details for test(): one `rule` annotation and one `@RULE-ID` tag per id (so `--grep @LCK-OH-ALWAYS`
 * and Allure's tags find them); an unknown id is a harness error at load time. Naming a rule is no
 * evidence for it: only its evaluations are.
 */
export function rules(...ids: string[]): TestDetails {
  for (const id of ids) ruleById(id);
  return { annotation: ids.map((id) => ({ type: RULE_ANNOTATION, description: id })), tag: ids.map((id) => `@${id}`) };
}

/** What the target chose where the spec leaves it open, or what an observe rule saw. */
export function observe(ruleId: string, text: string): void {
  ruleById(ruleId);
  record(ruleId, text);
}

/** The target gives nothing to judge the rule by, and why; the rule is reported as such, never passed. */
export function notObservable(ruleId: string, reason: string): void {
  ruleById(ruleId);
  markNotObservable(ruleId, reason);
}

/**
 * The rule applies only where the target shows what it is about, and this target chooses not to (a
 * choice the spec leaves it, named in the reason): not observable, and no gap in the run's scope.
 */
export function notApplicable(ruleId: string, reason: string): void {
  ruleById(ruleId);
  markNotApplicable(ruleId, reason);
}

/**
 * The records `where` names were there to judge, and none carried the optional member a "where present" rule is
 * stated for (rules.yaml `wherePresent`): the target's choice, not a gap. Only such a rule may be excused so.
 */
export function memberNeverPresent(ruleId: string, where: string): void {
  const optional = ruleById(ruleId).wherePresent;
  if (!optional) throw new Error(`${ruleId} is not stated for an optional member (rules.yaml wherePresent)`);
  markNotApplicable(
    ruleId,
    `${where}: none carries ${optional.member}, which the spec does not require (${optional.why})`,
  );
}

/**
 * A run narrowed to some suites (--only) left out the test that waits for what the rule needs, and the run's end saw
 * nothing to judge it by: the selection's doing, not the target's. The test is skipped with a reason that puts its
 * rules out of the run's scope (not selected), as if no test of the run had named them.
 */
export function leftOutBySelection(suites: string, why: string): void {
  test.skip(true, `${SELECTION_REASONS[1]} (${suites}): ${why}`);
}
