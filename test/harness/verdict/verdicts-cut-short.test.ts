// Given the evidence of tests cut short (a timeout, an interruption, an error of the harness), want each
// rule's verdict: what such a test saw fails a rule, never passes one on its own.
import { expect, test } from '@playwright/test';
import { describeEvidence, judgeRules } from '../../../harness/verdict/verdicts';
import { cutShortTests } from '../../../harness/verdict/cut-short';
import type { TestRecord } from '../../../harness/verdict/test-record';
import { summarize } from '../../../harness/verdict/summary';
import { broke, catalogue, evidence, held, record } from '../../support/verdict-records';

// A test ended by its timeout, an interruption or an error of the harness did not judge all it was to:
// what it saw fails a rule, never passes one on its own.
const timedOut = (over: Partial<TestRecord> = {}) =>
  record({
    title: 'lifecycle',
    status: 'timedOut',
    timeoutMs: 120_000,
    errors: ['Test timeout of 120000ms exceeded.'],
    ...over,
  });
/** Both must rules held in a test that ran to its end: only what the case adds is left to decide. */
const bothHeld = () =>
  record({
    title: 'whole',
    rules: ['AAA-ONE', 'AAA-TWO'],
    evidence: evidence({ rules: { 'AAA-ONE': held(), 'AAA-TWO': held() } }),
  });

const cutShortCases: [string, TestRecord[], Record<string, string>][] = [
  [
    'a rule evaluated only in a timed-out test is not observable',
    [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) })],
    { 'AAA-ONE': 'not observable' },
  ],
  [
    'evaluated in a timed-out test and a passed test: passed',
    [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) }), bothHeld()],
    { 'AAA-ONE': 'passed' },
  ],
  [
    'a failed evaluation in a timed-out test fails the rule',
    [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': broke() } }) }), bothHeld()],
    { 'AAA-ONE': 'failed' },
  ],
  [
    'a failed test with no failed evaluation (a harness error) passes nothing it judged',
    [
      record({
        status: 'failed',
        errors: ['TypeError: x is undefined'],
        evidence: evidence({ rules: { 'AAA-ONE': held(5) } }),
      }),
    ],
    { 'AAA-ONE': 'not observable' },
  ],
  [
    'an interrupted test passes nothing it judged',
    [record({ status: 'interrupted', durationMs: 900, evidence: evidence({ rules: { 'AAA-ONE': held(5) } }) })],
    { 'AAA-ONE': 'not observable' },
  ],
  [
    'a rule judged only by a check in a timed-out test that does not name it is not observable, not unexercised',
    [timedOut({ rules: ['AAA-ONE'], evidence: evidence({ rules: { 'AAA-TWO': held(3) } }) })],
    { 'AAA-TWO': 'not observable' },
  ],
  [
    'a failed test whose must rule failed is a failed expectation, not a harness error: its other evaluations count',
    [
      record({
        rules: ['AAA-ONE', 'AAA-TWO'],
        status: 'failed',
        evidence: evidence({ rules: { 'AAA-ONE': broke(), 'AAA-TWO': held() }, stoppedBy: 'AAA-ONE' }),
      }),
    ],
    { 'AAA-ONE': 'failed', 'AAA-TWO': 'passed' },
  ],
];

for (const [name, tests, want] of cutShortCases) {
  test(`cut short: ${name}`, () => {
    const got = Object.fromEntries(judgeRules(catalogue, tests).map((v) => [v.id, v.verdict]));
    expect(got).toMatchObject(want);
  });
}

test(
  'a must rule whose only evidence came from a timed-out test: the reason names the test and its timeout, and ' +
    'the run is INCONCLUSIVE',
  () => {
    const tests = [
      timedOut({ rules: ['AAA-ONE'], evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) }),
      record({ title: 'two', rules: ['AAA-TWO'], evidence: evidence({ rules: { 'AAA-TWO': held() } }) }),
    ];
    const verdicts = judgeRules(catalogue, tests);
    const one = verdicts.find((v) => v.id === 'AAA-ONE')!;
    expect(one).toMatchObject({
      verdict: 'not observable',
      reasons: ['cut short: the test timed out after 120000 ms (lifecycle)'],
      evidence: { evaluations: 20, cutShort: 20 },
    });
    expect(describeEvidence(one)).toBe('20 evaluations in 1 test, 1 operation; 20 in tests cut short');
    expect(summarize(verdicts, { cutShort: cutShortTests(tests) })).toMatchObject({
      verdict: 'INCONCLUSIVE',
      line:
        'INCONCLUSIVE: 1 must rule in scope not observable (AAA-ONE); no must rule failed, 1 of 2 must rules ' +
        'passed; 1 test cut short',
      cutShort: [
        {
          title: 'lifecycle',
          file: 'x',
          status: 'timedOut',
          reason: 'the test timed out after 120000 ms',
          rules: ['AAA-ONE'],
        },
      ],
    });
  },
);

test('a rule passed elsewhere stays passed, and the line still counts the test cut short', () => {
  const tests = [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) }), bothHeld()];
  expect(summarize(judgeRules(catalogue, tests), { cutShort: cutShortTests(tests) })).toMatchObject({
    verdict: 'CONFORMANT',
    line: 'CONFORMANT — full scope: 2 of 2 must rules passed; 1 test cut short',
  });
});

test(
  'a harness error is named by its first error line; a failed expectation and a test the run skipped as ' +
    'decided are not cut short',
  () => {
    const tests = [
      record({
        title: 'broken fixture',
        status: 'failed',
        errors: ['TypeError: x is undefined', 'later'],
        evidence: evidence({ rules: { 'AAA-TWO': held() } }),
      }),
      record({
        title: 'failed on the target',
        status: 'failed',
        evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }),
      }),
      record({
        title: 'skipped as decided',
        status: 'skipped',
        skipReason: 'cut short: AAA-ONE already failed earlier in the run',
      }),
      record({ title: 'ran to its end' }),
    ];
    expect(cutShortTests(tests)).toEqual([
      {
        title: 'broken fixture',
        file: 'x',
        status: 'failed',
        reason: 'harness error: TypeError: x is undefined',
        rules: ['AAA-ONE', 'AAA-TWO'],
      },
    ]);
    expect(judgeRules(catalogue, tests).find((v) => v.id === 'AAA-TWO')).toMatchObject({
      verdict: 'not observable',
      reasons: ['cut short: harness error: TypeError: x is undefined (broken fixture)'],
    });
  },
);

test(
  'a test that failed softly and then timed out was ended by its timeout; an interrupted one says how far it ' + 'got',
  () => {
    const verdicts = judgeRules(catalogue, [
      timedOut({
        rules: ['AAA-ONE', 'AAA-TWO'],
        evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }),
      }),
      record({ title: 'stopped', rules: ['AAA-TWO'], status: 'interrupted', durationMs: 900 }),
    ]);
    expect(verdicts.find((v) => v.id === 'AAA-ONE')!.verdict).toBe('failed');
    expect(verdicts.find((v) => v.id === 'AAA-TWO')).toMatchObject({
      verdict: 'not observable',
      reasons: [
        'cut short: the test timed out after 120000 ms (lifecycle)',
        'cut short: the run was interrupted 900 ms into the test (stopped)',
      ],
    });
  },
);
