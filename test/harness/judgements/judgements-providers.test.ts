// The providers list held to what the run's start listed (PRV-LIST-KEPT), and how the start's read is counted.
import { expect, test } from '@playwright/test';
import { catalogueKeptJudgement } from '../../../harness/judgements/list-entries';
import { pairsListed } from '../../../harness/target/providers-at-start';

test('a providers read lists pairs where the start did, and none where it listed none', () => {
  const cases: [atStart: number | undefined, now: number, fails: boolean | undefined][] = [
    [14, 14, false],
    [14, 3, false],
    [0, 0, false],
    [0, 14, true],
    [14, 0, true],
    [undefined, 0, undefined],
  ];
  for (const [atStart, now, fails] of cases) {
    const judged = catalogueKeptJudgement(atStart, now);
    expect(judged && judged.failure !== undefined, `${atStart} then ${now}`).toBe(fails);
    if (judged) expect(judged.rule).toBe('PRV-LIST-KEPT');
  }
});

test("the start's read is counted only where it is a whole 2xx list", () => {
  const cases: [status: number, text: string, cut: boolean, want: number | undefined][] = [
    [200, '[{"providerName":"P"},{"providerName":"Q"}]', false, 2],
    [200, '{"items":[]}', false, 0],
    [200, '[{"providerName":"P"}', true, undefined],
    [200, '<html>', false, undefined],
    [500, '[]', false, undefined],
  ];
  for (const [status, text, cut, want] of cases) expect(pairsListed(status, text, cut), text).toBe(want);
});
