// Given the evidence tests recorded, want each rule's verdict.
import { expect, test } from '@playwright/test';
import type { RuleEvidence, TestEvidence } from '../../harness/evidence/log';
import type { Rule } from '../../spec/catalogue';
import { cutShortTests, describeEvidence, judgeRules, summarize, type TestRecord } from '../../harness/reporters/verdicts';

const catalogue: Rule[] = [
  { id: 'AAA-ONE', section: '1', statement: 'One.', level: 'must', concerns: [], observable: '' },
  { id: 'AAA-TWO', section: '1', statement: 'Two.', level: 'must', concerns: [], observable: '' },
  { id: 'BBB-SEEN', section: '2', statement: 'Seen.', level: 'observe', concerns: [], observable: '' },
  { id: 'CCC-IMPLIED', section: '7', statement: 'Implied.', level: 'should', concerns: [], observable: '' },
];

const held = (n = 1, operations = ['op']): RuleEvidence => ({ passed: n, failed: 0, operations });
const broke = (message = 'AAA-ONE op: expected 201, got 200', curl?: string): RuleEvidence => ({
  passed: 0,
  failed: 1,
  operations: ['op'],
  firstFailure: { message, operation: 'op', ...(curl ? { curl } : {}) },
});

function evidence(over: Partial<TestEvidence> = {}): TestEvidence {
  return { rules: {}, observations: {}, notObservable: {}, ...over };
}

function record(over: Partial<TestRecord>): TestRecord {
  return { title: 'AAA-ONE a test', file: 'x', rules: ['AAA-ONE'], status: 'passed', errors: [], evidence: evidence(), webhookWaits: [], ...over };
}

const cases: [string, TestRecord[], Record<string, string>][] = [
  ['a rule evaluated and held passes', [record({ evidence: evidence({ rules: { 'AAA-ONE': held() } }) })], { 'AAA-ONE': 'passed' }],
  ['a test that passed but judged nothing passes nothing', [record({ rules: ['AAA-ONE', 'AAA-TWO'] })], { 'AAA-ONE': 'not observable', 'AAA-TWO': 'not observable', 'BBB-SEEN': 'not exercised' }],
  ['one failed evaluation among many fails the rule', [record({ evidence: evidence({ rules: { 'AAA-ONE': held(30) } }) }), record({ evidence: evidence({ rules: { 'AAA-ONE': broke() } }) })], { 'AAA-ONE': 'failed' }],
  [
    'a rule the test stopped before is not observable, not passed',
    [record({ rules: ['AAA-ONE', 'AAA-TWO'], status: 'failed', evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }) })],
    { 'AAA-ONE': 'failed', 'AAA-TWO': 'not observable' },
  ],
  ['a rule judged by a check in a test that does not name it has evidence', [record({ rules: ['AAA-ONE'], evidence: evidence({ rules: { 'AAA-TWO': held(3) } }) })], { 'AAA-TWO': 'passed', 'AAA-ONE': 'not observable' }],
  ['a harness error is no evidence either way', [record({ status: 'failed', errors: ['could not create a locker'] })], { 'AAA-ONE': 'not observable' }],
  ['all tests skipped: skipped', [record({ status: 'skipped', skipReason: 'CIS_API_KEY_2 is not set' })], { 'AAA-ONE': 'skipped' }],
  ['declared not observable: not observable', [record({ evidence: evidence({ notObservable: { 'AAA-ONE': ['groups not echoed'] } }) }), record({ status: 'skipped' })], { 'AAA-ONE': 'not observable' }],
  ['declared not observable in one test, held in another: passed', [record({ evidence: evidence({ notObservable: { 'AAA-ONE': ['groups not echoed'] } }) }), record({ evidence: evidence({ rules: { 'AAA-ONE': held() } }) })], { 'AAA-ONE': 'passed' }],
  ['an observe rule with observations passes', [record({ rules: ['BBB-SEEN'], evidence: evidence({ observations: { 'BBB-SEEN': ['a choice'] } }) })], { 'BBB-SEEN': 'passed' }],
  ['an observe rule whose evaluation failed is observed, never failed', [record({ rules: ['BBB-SEEN'], status: 'failed', evidence: evidence({ rules: { 'BBB-SEEN': broke('BBB-SEEN op: 409') } }) })], { 'BBB-SEEN': 'passed' }],
];

for (const [name, tests, want] of cases) {
  test(name, () => {
    const got = Object.fromEntries(judgeRules(catalogue, tests).map((v) => [v.id, v.verdict]));
    expect(got).toMatchObject(want);
  });
}

test('a rule not reached names the rule the test stopped at, or what stopped it', () => {
  const stopped = judgeRules(catalogue, [
    record({ title: 'first', rules: ['AAA-ONE', 'AAA-TWO'], status: 'failed', evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }) }),
    record({ title: 'second', rules: ['AAA-TWO'], status: 'timedOut' }),
  ]);
  expect(stopped.find((v) => v.id === 'AAA-TWO')!.reasons).toEqual(['not reached: the test stopped at AAA-ONE, which failed (first)', 'cut short: the test timed out (second)']);
});

test('CONFORMANT only when no must rule failed; observe rules never decide it', () => {
  const failing = judgeRules(catalogue, [record({ status: 'failed', evidence: evidence({ rules: { 'AAA-ONE': broke() } }) })]);
  expect(summarize(failing)).toMatchObject({ verdict: 'NOT CONFORMANT', failedMust: ['AAA-ONE'], mustNotExercised: ['AAA-TWO'] });
  const observing = judgeRules(catalogue, [record({ rules: ['AAA-ONE', 'AAA-TWO', 'BBB-SEEN'], evidence: evidence({ rules: { 'AAA-ONE': held(), 'AAA-TWO': held() }, observations: { 'BBB-SEEN': ['a choice'] } }) })]);
  expect(summarize(observing).verdict).toBe('CONFORMANT');
  expect(observing.find((v) => v.id === 'BBB-SEEN')!.observations).toEqual(['a choice']);
});

test('the failure is the first failing evaluation with its curl line, and the evidence is counted', () => {
  const [one] = judgeRules(catalogue, [
    record({ title: 't1', evidence: evidence({ rules: { 'AAA-ONE': held(36, ['createLocker', 'listLockers']) } }) }),
    record({ title: 't2', status: 'failed', evidence: evidence({ rules: { 'AAA-ONE': broke('AAA-ONE createLocker: expected 201, got 200', "curl -i -X POST 'http://t/v1/lockers'") } }) }),
  ]);
  expect(one).toMatchObject({
    verdict: 'failed',
    failure: 'AAA-ONE createLocker: expected 201, got 200',
    curl: "curl -i -X POST 'http://t/v1/lockers'",
    evidence: { evaluations: 37, failed: 1, tests: 2, operations: ['createLocker', 'listLockers', 'op'] },
  });
  expect(describeEvidence(one!)).toBe('1 of 37 evaluations failed in 2 tests, 3 operations');
  const [passed] = judgeRules(catalogue, [record({ evidence: evidence({ rules: { 'AAA-ONE': held(37, ['a', 'b', 'c']) } }) })]);
  expect(describeEvidence(passed!)).toBe('37 evaluations in 1 test, 3 operations');
});

test('a failed should rule is a warning: CONFORMANT, unless the run is strict', () => {
  // Every must rule judged and held: only the should rule's failure is left to decide.
  const verdicts = judgeRules(catalogue, [record({ rules: ['AAA-ONE', 'AAA-TWO', 'CCC-IMPLIED'], evidence: evidence({ rules: { 'AAA-ONE': held(), 'AAA-TWO': held(), 'CCC-IMPLIED': broke('CCC-IMPLIED op: expected 400, got 422') } }) })]);
  expect(verdicts.find((v) => v.id === 'CCC-IMPLIED')!.verdict).toBe('failed');
  expect(summarize(verdicts)).toMatchObject({ verdict: 'CONFORMANT', failedMust: [], warnings: ['CCC-IMPLIED'] });
  expect(summarize(verdicts, { strict: true })).toMatchObject({ verdict: 'NOT CONFORMANT', warnings: ['CCC-IMPLIED'] });
});

test('a test cut short because the run already knew is a reason, not a skip', () => {
  const verdicts = judgeRules(catalogue, [
    record({ title: 'first', rules: ['AAA-ONE'], status: 'failed', evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }) }),
    record({ title: 'second', rules: ['AAA-TWO'], status: 'skipped', skipReason: 'cut short: AAA-ONE failed and stopped 2 tests at this step before' }),
  ]);
  expect(verdicts.find((v) => v.id === 'AAA-TWO')).toMatchObject({ verdict: 'not observable', reasons: ['not reached: cut short: AAA-ONE failed and stopped 2 tests at this step before (second)'] });
});

// A test ended by its timeout, an interruption or an error of the harness did not judge all it was to:
// what it saw fails a rule, never passes one on its own.
const timedOut = (over: Partial<TestRecord> = {}) => record({ title: 'lifecycle', status: 'timedOut', timeoutMs: 120_000, errors: ['Test timeout of 120000ms exceeded.'], ...over });
/** Both must rules held in a test that ran to its end: only what the case adds is left to decide. */
const bothHeld = () => record({ title: 'whole', rules: ['AAA-ONE', 'AAA-TWO'], evidence: evidence({ rules: { 'AAA-ONE': held(), 'AAA-TWO': held() } }) });

const cutShortCases: [string, TestRecord[], Record<string, string>][] = [
  ['a rule evaluated only in a timed-out test is not observable', [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) })], { 'AAA-ONE': 'not observable' }],
  ['evaluated in a timed-out test and a passed test: passed', [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) }), bothHeld()], { 'AAA-ONE': 'passed' }],
  ['a failed evaluation in a timed-out test fails the rule', [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': broke() } }) }), bothHeld()], { 'AAA-ONE': 'failed' }],
  [
    'a failed test with no failed evaluation (a harness error) passes nothing it judged',
    [record({ status: 'failed', errors: ['TypeError: x is undefined'], evidence: evidence({ rules: { 'AAA-ONE': held(5) } }) })],
    { 'AAA-ONE': 'not observable' },
  ],
  ['an interrupted test passes nothing it judged', [record({ status: 'interrupted', durationMs: 900, evidence: evidence({ rules: { 'AAA-ONE': held(5) } }) })], { 'AAA-ONE': 'not observable' }],
  [
    'a rule judged only by a check in a timed-out test that does not name it is not observable, not unexercised',
    [timedOut({ rules: ['AAA-ONE'], evidence: evidence({ rules: { 'AAA-TWO': held(3) } }) })],
    { 'AAA-TWO': 'not observable' },
  ],
  [
    'a failed test whose must rule failed is a failed expectation, not a harness error: its other evaluations count',
    [record({ rules: ['AAA-ONE', 'AAA-TWO'], status: 'failed', evidence: evidence({ rules: { 'AAA-ONE': broke(), 'AAA-TWO': held() }, stoppedBy: 'AAA-ONE' }) })],
    { 'AAA-ONE': 'failed', 'AAA-TWO': 'passed' },
  ],
];

for (const [name, tests, want] of cutShortCases) {
  test(`cut short: ${name}`, () => {
    const got = Object.fromEntries(judgeRules(catalogue, tests).map((v) => [v.id, v.verdict]));
    expect(got).toMatchObject(want);
  });
}

test('a must rule whose only evidence came from a timed-out test: the reason names the test and its timeout, and the run is INCONCLUSIVE', () => {
  const tests = [timedOut({ rules: ['AAA-ONE'], evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) }), record({ title: 'two', rules: ['AAA-TWO'], evidence: evidence({ rules: { 'AAA-TWO': held() } }) })];
  const verdicts = judgeRules(catalogue, tests);
  const one = verdicts.find((v) => v.id === 'AAA-ONE')!;
  expect(one).toMatchObject({ verdict: 'not observable', reasons: ['cut short: the test timed out after 120000 ms (lifecycle)'], evidence: { evaluations: 20, cutShort: 20 } });
  expect(describeEvidence(one)).toBe('20 evaluations in 1 test, 1 operation; 20 in tests cut short');
  expect(summarize(verdicts, { cutShort: cutShortTests(tests) })).toMatchObject({
    verdict: 'INCONCLUSIVE',
    line: 'INCONCLUSIVE: 1 must rule in scope not observable (AAA-ONE); no must rule failed, 1 of 2 must rules passed; 1 test cut short',
    cutShort: [{ title: 'lifecycle', file: 'x', status: 'timedOut', reason: 'the test timed out after 120000 ms', rules: ['AAA-ONE'] }],
  });
});

test('a rule passed elsewhere stays passed, and the line still counts the test cut short', () => {
  const tests = [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) }), bothHeld()];
  expect(summarize(judgeRules(catalogue, tests), { cutShort: cutShortTests(tests) })).toMatchObject({
    verdict: 'CONFORMANT',
    line: 'CONFORMANT — full scope: 2 of 2 must rules passed; 1 test cut short',
  });
});

test('a harness error is named by its first error line; a failed expectation and a test the run skipped as decided are not cut short', () => {
  const tests = [
    record({ title: 'broken fixture', status: 'failed', errors: ['TypeError: x is undefined', 'later'], evidence: evidence({ rules: { 'AAA-TWO': held() } }) }),
    record({ title: 'failed on the target', status: 'failed', evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }) }),
    record({ title: 'skipped as decided', status: 'skipped', skipReason: 'cut short: AAA-ONE already failed earlier in the run' }),
    record({ title: 'ran to its end' }),
  ];
  expect(cutShortTests(tests)).toEqual([{ title: 'broken fixture', file: 'x', status: 'failed', reason: 'harness error: TypeError: x is undefined', rules: ['AAA-ONE', 'AAA-TWO'] }]);
  expect(judgeRules(catalogue, tests).find((v) => v.id === 'AAA-TWO')).toMatchObject({ verdict: 'not observable', reasons: ['cut short: harness error: TypeError: x is undefined (broken fixture)'] });
});

test('a test that failed softly and then timed out was ended by its timeout; an interrupted one says how far it got', () => {
  const verdicts = judgeRules(catalogue, [
    timedOut({ rules: ['AAA-ONE', 'AAA-TWO'], evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }) }),
    record({ title: 'stopped', rules: ['AAA-TWO'], status: 'interrupted', durationMs: 900 }),
  ]);
  expect(verdicts.find((v) => v.id === 'AAA-ONE')!.verdict).toBe('failed');
  expect(verdicts.find((v) => v.id === 'AAA-TWO')).toMatchObject({
    verdict: 'not observable',
    reasons: ['cut short: the test timed out after 120000 ms (lifecycle)', 'cut short: the run was interrupted 900 ms into the test (stopped)'],
  });
});
