// Given what tests did, want each rule's verdict.
import { expect, test } from '@playwright/test';
import type { Rule } from '../../spec/catalogue';
import { judgeRules, rulesInMessage, summarize, type TestRecord } from '../../harness/reporters/verdicts';

const catalogue: Rule[] = [
  { id: 'AAA-ONE', section: '1', statement: 'One.', level: 'must', concerns: [], observable: '' },
  { id: 'AAA-TWO', section: '1', statement: 'Two.', level: 'must', concerns: [], observable: '' },
  { id: 'BBB-SEEN', section: '2', statement: 'Seen.', level: 'observe', concerns: [], observable: '' },
];

function record(over: Partial<TestRecord>): TestRecord {
  return { title: 'AAA-ONE a test', file: 'x', rules: ['AAA-ONE'], status: 'passed', errors: [], violations: [], observations: [], notObservable: [], webhookWaits: [], ...over };
}

const cases: [string, TestRecord[], Record<string, string>][] = [
  ['a passing test passes its rules', [record({ rules: ['AAA-ONE', 'AAA-TWO'] })], { 'AAA-ONE': 'passed', 'AAA-TWO': 'passed', 'BBB-SEEN': 'not exercised' }],
  ['an error naming no rule fails the title\'s rule only', [record({ rules: ['AAA-ONE', 'AAA-TWO'], status: 'failed', errors: ['Error: could not create a locker'] })], { 'AAA-ONE': 'failed', 'AAA-TWO': 'passed' }],
  ['an error naming a rule fails that rule', [record({ rules: ['AAA-ONE', 'AAA-TWO'], status: 'failed', errors: ['Error: AAA-TWO op: expected 200, got 500'] })], { 'AAA-ONE': 'passed', 'AAA-TWO': 'failed' }],
  ['a property failure is judged by the message inside it', [record({ status: 'failed', errors: ['Error: Property failed after 2 run(s)\nCounterexample: [1]\nAAA-TWO op: expected 1'] })], { 'AAA-ONE': 'passed', 'AAA-TWO': 'failed' }],
  ['a check violation fails its own rule, not the test\'s', [record({ status: 'failed', violations: ['AAA-TWO op: expected x, got y (at /)\ncurl -i'], errors: ['Error: AAA-TWO op: expected x, got y (at /)\n  reproduce: curl -i'] })], { 'AAA-ONE': 'passed', 'AAA-TWO': 'failed' }],
  ['all tests skipped: skipped', [record({ status: 'skipped', skipReason: 'CIS_API_KEY_2 is not set' })], { 'AAA-ONE': 'skipped' }],
  ['not observable in every test that ran: not observable', [record({ notObservable: ['AAA-ONE: groups not echoed'] }), record({ status: 'skipped' })], { 'AAA-ONE': 'not observable' }],
  ['observable in one test: passed', [record({ notObservable: ['AAA-ONE: groups not echoed'] }), record({})], { 'AAA-ONE': 'passed' }],
  ['an observe rule whose test failed is not observable, never failed', [record({ title: 'BBB-SEEN x', rules: ['BBB-SEEN'], status: 'failed', errors: ['Error: could not create a locker'] })], { 'BBB-SEEN': 'not observable' }],
];

for (const [name, tests, want] of cases) {
  test(name, () => {
    const got = Object.fromEntries(judgeRules(catalogue, tests).map((v) => [v.id, v.verdict]));
    expect(got).toMatchObject(want);
  });
}

test('CONFORMANT only when no must rule failed; observe rules never decide it', () => {
  const failing = judgeRules(catalogue, [record({ status: 'failed', errors: ['Error: AAA-ONE broke'] })]);
  expect(summarize(failing)).toMatchObject({ verdict: 'NOT CONFORMANT', failedMust: ['AAA-ONE'], mustNotExercised: ['AAA-TWO'] });
  const observing = judgeRules(catalogue, [record({ rules: ['AAA-ONE', 'AAA-TWO', 'BBB-SEEN'], observations: ['BBB-SEEN: a choice'] })]);
  expect(summarize(observing).verdict).toBe('CONFORMANT');
  expect(observing.find((v) => v.id === 'BBB-SEEN')!.observations).toEqual(['a choice']);
});

test('the failure names the first failing check and its curl line', () => {
  const [one] = judgeRules(catalogue, [record({ status: 'failed', errors: ["Error: AAA-ONE op: expected 201, got 200 (at /)\n  reproduce: curl -i -X POST 'http://t/v1/lockers'"] })]);
  expect(one).toMatchObject({ verdict: 'failed', failure: 'AAA-ONE op: expected 201, got 200 (at /) (AAA-ONE a test)', curl: "curl -i -X POST 'http://t/v1/lockers'" });
});

test('rule ids are read at the start of a line only', () => {
  expect(rulesInMessage('Error: AAA-ONE x\n  AAA-TWO y\nsee AAA-ONE', new Set(['AAA-ONE', 'AAA-TWO']))).toEqual(['AAA-ONE', 'AAA-TWO']);
});
