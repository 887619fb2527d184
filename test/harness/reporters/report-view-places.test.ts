// Given rule verdicts with places, want the report's rule × place matrix in its order, and each must place
// not judged counted in the line and named, with why, in Markdown and HTML.
import { expect, test } from '@playwright/test';
import type { ConformanceReport } from '../../../harness/reporters/report-shape';
import { toHtml } from '../../../harness/reporters/html';
import { toMarkdown } from '../../../harness/reporters/markdown';
import { scopeFact } from '../../../harness/reporters/report-view';
import { placeCellText, placeMatrix } from '../../../harness/reporters/place-matrix';
import type { PlaceVerdict } from '../../../harness/verdict/places';
import { summarize } from '../../../harness/verdict/summary';
import { inOrder, verdict } from '../../support/report-verdicts';

test('the rule × place matrix: rows with a place not judged first, and in each row the places not judged first', () => {
  const p = (place: string, evaluations: number, extra: Partial<PlaceVerdict> = {}): PlaceVerdict => ({
    place,
    evaluations,
    failed: 0,
    ...extra,
  });
  const rules = [
    verdict('F-SHOULD', { level: 'should', places: [p('createLocker', 0)] }),
    verdict('A-ALL', { places: [p('createLocker', 3)] }),
    verdict('B-GAP', {
      places: [
        p('createLocker', 2),
        p('setUpOp', 0, { setUp: true }),
        p('(no place)', 4, { concerned: false }),
        p('updateLocker', 0, { reason: 'no evaluation recorded at this place' }),
      ],
    }),
    verdict('C-NONE', { places: [] }),
    verdict('D-OUT', {
      verdict: 'skipped',
      reasons: ['CIS_API_KEY_2 is not set'],
      places: [p('listParcels', 0, { reason: 'skipped: CIS_API_KEY_2 is not set' })],
    }),
    verdict('E-FAIL', {
      verdict: 'failed',
      places: [
        p('listLockers', 5, { failed: 1 }),
        p('LockerUpdates', 0, {
          outOfScope: 'selection',
          reason: 'out of scope: not in the suites selected (lockers)',
        }),
      ],
    }),
  ];
  const summary = summarize(rules, {
    capabilities: { secondKey: { available: false, reason: 'CIS_API_KEY_2 is not set' } },
  });
  const matrix = placeMatrix({ rules, summary });
  expect(matrix.map((r) => r.id)).toEqual(['B-GAP', 'F-SHOULD', 'A-ALL', 'D-OUT', 'E-FAIL']);
  expect(matrix[0]!.cells.map((c) => [c.state, placeCellText(c)])).toEqual([
    ['not judged', 'updateLocker'],
    ['judged', 'createLocker 2'],
    ['set-up', 'setUpOp (set-up)'],
    ['elsewhere', '(no place) 4'],
  ]);
  expect(matrix[3]!.cells.map((c) => c.state)).toEqual(['out of scope']);
  expect(matrix[4]!.cells.map((c) => [c.state, placeCellText(c)])).toEqual([
    ['out of scope', 'LockerUpdates'],
    ['failed', 'listLockers 1 of 5 failed'],
  ]);
});

test(
  'where a place of a must rule has no evaluation, the line counts it and Markdown and HTML name the pair and ' + 'why',
  () => {
    const rules = [
      verdict('LCK-OH', {
        places: [
          { place: 'createLocker', evaluations: 3, failed: 0 },
          { place: 'updateLocker', evaluations: 0, failed: 0, reason: 'no evaluation recorded at this place' },
        ],
      }),
    ];
    const report: ConformanceReport = {
      header: {
        baseUrl: 'http://t.invalid/v1',
        specVersion: '1.1.0',
        openapiDigest: 'aaaaaaaaaaaa',
        rulesDigest: 'bbbbbbbbbbbb',
        harnessVersion: '0.1.0',
        date: '2026-01-01T00:00:00Z',
        durationSeconds: 1,
      },
      summary: summarize(rules),
      rules,
      observedChoices: [],
      webhooks: { medianWaitMs: {} },
    };
    expect(report.summary.line).toBe('CONFORMANT — full scope: 1 of 1 must rules passed; 1 of 2 places judged');
    expect(scopeFact(report.summary)).toBe('1 of 1 must rules, 1 of 2 places judged; as given (no --full-scope)');
    inOrder(toMarkdown(report), [
      '; 1 of 2 places judged',
      'What weakens it',
      '1 place of must rules in scope has no evaluation (a gap, not a failure): listed under Places.',
      '## Places',
      '1 of 2 places of must rules judged',
      '- **LCK-OH** at `updateLocker` — no evaluation recorded at this place',
      '| LCK-OH | must | updateLocker | — | createLocker 3 | — |',
      '§4.1',
    ]);
    inOrder(toHtml(report), [
      '; 1 of 2 places judged',
      'What weakens it',
      'href="#places"',
      'id="places"',
      '<a href="#rule-LCK-OH">LCK-OH</a> at <code>updateLocker</code>: no evaluation recorded at this place',
      'class="pl p-not-judged"',
      'updateLocker</span> <span class="pl p-judged"',
      '§4.1',
    ]);
  },
);
