// Given the evidence tests recorded, want each rule's verdict.
import { expect, test } from '@playwright/test';
import { describeEvidence, judgeRules } from '../../../harness/verdict/verdicts';
import type { TestRecord } from '../../../harness/verdict/test-record';
import { summarize } from '../../../harness/verdict/summary';
import { broke, catalogue, evidence, held, record } from '../../support/verdict-records';

const cases: [string, TestRecord[], Record<string, string>][] = [
  [
    'a rule evaluated and held passes',
    [record({ evidence: evidence({ rules: { 'AAA-ONE': held() } }) })],
    { 'AAA-ONE': 'passed' },
  ],
  [
    'a test that passed but judged nothing passes nothing',
    [record({ rules: ['AAA-ONE', 'AAA-TWO'] })],
    { 'AAA-ONE': 'not observable', 'AAA-TWO': 'not observable', 'BBB-SEEN': 'not exercised' },
  ],
  [
    'one failed evaluation among many fails the rule',
    [
      record({ evidence: evidence({ rules: { 'AAA-ONE': held(30) } }) }),
      record({ evidence: evidence({ rules: { 'AAA-ONE': broke() } }) }),
    ],
    { 'AAA-ONE': 'failed' },
  ],
  [
    'a rule the test stopped before is not observable, not passed',
    [
      record({
        rules: ['AAA-ONE', 'AAA-TWO'],
        status: 'failed',
        evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }),
      }),
    ],
    { 'AAA-ONE': 'failed', 'AAA-TWO': 'not observable' },
  ],
  [
    'a rule judged by a check in a test that does not name it has evidence',
    [record({ rules: ['AAA-ONE'], evidence: evidence({ rules: { 'AAA-TWO': held(3) } }) })],
    { 'AAA-TWO': 'passed', 'AAA-ONE': 'not observable' },
  ],
  [
    'a harness error is no evidence either way',
    [record({ status: 'failed', errors: ['could not create a locker'] })],
    { 'AAA-ONE': 'not observable' },
  ],
  [
    'all tests skipped: skipped',
    [record({ status: 'skipped', skipReason: 'CIS_API_KEY_2 is not set' })],
    { 'AAA-ONE': 'skipped' },
  ],
  [
    'declared not observable: not observable',
    [
      record({ evidence: evidence({ notObservable: { 'AAA-ONE': ['groups not echoed'] } }) }),
      record({ status: 'skipped' }),
    ],
    { 'AAA-ONE': 'not observable' },
  ],
  [
    'declared not observable in one test, held in another: passed',
    [
      record({ evidence: evidence({ notObservable: { 'AAA-ONE': ['groups not echoed'] } }) }),
      record({ evidence: evidence({ rules: { 'AAA-ONE': held() } }) }),
    ],
    { 'AAA-ONE': 'passed' },
  ],
  [
    'an observe rule with observations passes',
    [record({ rules: ['BBB-SEEN'], evidence: evidence({ observations: { 'BBB-SEEN': ['a choice'] } }) })],
    { 'BBB-SEEN': 'passed' },
  ],
  [
    'an observe rule whose evaluation failed is observed, never failed',
    [
      record({
        rules: ['BBB-SEEN'],
        status: 'failed',
        evidence: evidence({ rules: { 'BBB-SEEN': broke('BBB-SEEN op: 409') } }),
      }),
    ],
    { 'BBB-SEEN': 'passed' },
  ],
];

for (const [name, tests, want] of cases) {
  test(name, () => {
    const got = Object.fromEntries(judgeRules(catalogue, tests).map((v) => [v.id, v.verdict]));
    expect(got).toMatchObject(want);
  });
}

test('a rule not reached names the rule the test stopped at, or what stopped it', () => {
  const stopped = judgeRules(catalogue, [
    record({
      title: 'first',
      rules: ['AAA-ONE', 'AAA-TWO'],
      status: 'failed',
      evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }),
    }),
    record({ title: 'second', rules: ['AAA-TWO'], status: 'timedOut' }),
  ]);
  expect(stopped.find((v) => v.id === 'AAA-TWO')!.reasons).toEqual([
    'not reached: the test stopped at AAA-ONE, which failed (first)',
    'cut short: the test timed out (second)',
  ]);
});

test('CONFORMANT only when no must rule failed; observe rules never decide it', () => {
  const failing = judgeRules(catalogue, [
    record({ status: 'failed', evidence: evidence({ rules: { 'AAA-ONE': broke() } }) }),
  ]);
  expect(summarize(failing)).toMatchObject({
    verdict: 'NOT CONFORMANT',
    failedMust: ['AAA-ONE'],
    mustNotExercised: ['AAA-TWO'],
  });
  const observing = judgeRules(catalogue, [
    record({
      rules: ['AAA-ONE', 'AAA-TWO', 'BBB-SEEN'],
      evidence: evidence({
        rules: { 'AAA-ONE': held(), 'AAA-TWO': held() },
        observations: { 'BBB-SEEN': ['a choice'] },
      }),
    }),
  ]);
  expect(summarize(observing).verdict).toBe('CONFORMANT');
  expect(observing.find((v) => v.id === 'BBB-SEEN')!.observations).toEqual(['a choice']);
});

test('the failure is the first failing evaluation with its curl line, and the evidence is counted', () => {
  const [one] = judgeRules(catalogue, [
    record({ title: 't1', evidence: evidence({ rules: { 'AAA-ONE': held(36, ['createLocker', 'listLockers']) } }) }),
    record({
      title: 't2',
      status: 'failed',
      evidence: evidence({
        rules: {
          'AAA-ONE': broke('AAA-ONE createLocker: expected 201, got 200', "curl -i -X POST 'http://t/v1/lockers'"),
        },
      }),
    }),
  ]);
  expect(one).toMatchObject({
    verdict: 'failed',
    failure: 'AAA-ONE createLocker: expected 201, got 200',
    curl: "curl -i -X POST 'http://t/v1/lockers'",
    evidence: { evaluations: 37, failed: 1, tests: 2, operations: ['createLocker', 'listLockers', 'op'] },
  });
  expect(describeEvidence(one!)).toBe('1 of 37 evaluations failed in 2 tests, 3 operations');
  const [passed] = judgeRules(catalogue, [
    record({ evidence: evidence({ rules: { 'AAA-ONE': held(37, ['a', 'b', 'c']) } }) }),
  ]);
  expect(describeEvidence(passed!)).toBe('37 evaluations in 1 test, 3 operations');
});

test('a failed should rule is a warning: CONFORMANT, unless the run is strict', () => {
  // Every must rule judged and held: only the should rule's failure is left to decide.
  const verdicts = judgeRules(catalogue, [
    record({
      rules: ['AAA-ONE', 'AAA-TWO', 'CCC-IMPLIED'],
      evidence: evidence({
        rules: { 'AAA-ONE': held(), 'AAA-TWO': held(), 'CCC-IMPLIED': broke('CCC-IMPLIED op: expected 400, got 422') },
      }),
    }),
  ]);
  expect(verdicts.find((v) => v.id === 'CCC-IMPLIED')!.verdict).toBe('failed');
  expect(summarize(verdicts)).toMatchObject({ verdict: 'CONFORMANT', failedMust: [], warnings: ['CCC-IMPLIED'] });
  expect(summarize(verdicts, { strict: true })).toMatchObject({ verdict: 'NOT CONFORMANT', warnings: ['CCC-IMPLIED'] });
});

test('a test cut short because the run already knew is a reason, not a skip', () => {
  const verdicts = judgeRules(catalogue, [
    record({
      title: 'first',
      rules: ['AAA-ONE'],
      status: 'failed',
      evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }),
    }),
    record({
      title: 'second',
      rules: ['AAA-TWO'],
      status: 'skipped',
      skipReason: 'cut short: AAA-ONE failed and stopped 2 tests at this step before',
    }),
  ]);
  expect(verdicts.find((v) => v.id === 'AAA-TWO')).toMatchObject({
    verdict: 'not observable',
    reasons: ['not reached: cut short: AAA-ONE failed and stopped 2 tests at this step before (second)'],
  });
});
