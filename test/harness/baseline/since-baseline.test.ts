// The page's "since the baseline" block stays above the fold whatever the runs compared: given the
// changes, want one line per kind of change, each rule with its level and its states.
import { expect, test } from '@playwright/test';
import type { RuleChange } from '../../../harness/baseline/compare';
import { sinceBaseline } from '../../../harness/reporters/html-header';

const lost = (id: string): RuleChange => ({
  id,
  level: 'must',
  kind: 'scope lost',
  from: 'passed',
  to: 'out of scope',
});
const block = (changes: RuleChange[], regressions: string[] = []) =>
  sinceBaseline({
    file: 'baseline.json',
    passed: regressions.length === 0,
    line: 'gate: passed',
    regressions,
    known: [],
    fixed: [],
    notes: [],
    changes,
  });
const lines = (html: string) => html.match(/<li>/g)?.length ?? 0;

for (const [given, changes, regressions, want] of [
  ['no change', [], [], 1],
  ['one rule lost from scope', [lost('A')], [], 1],
  ['twelve rules lost from scope', 'ABCDEFGHIJKL'.split('').map(lost), [], 1],
  [
    'a regression and two rules lost',
    [{ ...lost('R'), kind: 'newly failed', to: 'failed' }, lost('A'), lost('B')],
    ['R'],
    2,
  ],
] as [string, RuleChange[], string[], number][]) {
  test(`since the baseline, ${given}: ${want} line(s)`, () => {
    const html = block(changes, regressions);
    expect(lines(html)).toBe(want);
    for (const c of changes.filter((c) => !regressions.includes(c.id)))
      expect(html).toContain(`(${c.level}, ${c.from} → ${c.to})`);
  });
}
