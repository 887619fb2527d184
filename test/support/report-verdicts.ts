// Verdicts for the report's tests (report-view*.test.ts): a rule's verdict, passed unless told otherwise, and
// a check that marks come in the order given.
import { expect } from '@playwright/test';
import type { RuleVerdict } from '../../harness/verdict/verdicts';

export function verdict(id: string, over: Partial<RuleVerdict> = {}): RuleVerdict {
  return {
    id,
    section: '4.1',
    statement: `${id} holds.`,
    level: 'must',
    verdict: 'passed',
    reasons: [],
    tests: [],
    evidence: { evaluations: 1, failed: 0, tests: 1, operations: ['op'] },
    observations: [],
    places: [],
    ...over,
  };
}

/** Each mark found after the one before it: the marks that are missing or out of order. */
export function inOrder(text: string, marks: readonly string[]): void {
  let at = 0;
  const astray = marks.filter((m) => {
    const found = text.indexOf(m, at);
    if (found >= 0) at = found + m.length;
    return found < 0;
  });
  expect(astray, `${marks.join(' < ')}`).toEqual([]);
}
