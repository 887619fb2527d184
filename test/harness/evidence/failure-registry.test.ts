// Given what failed so far in a run, want which tests are cut short and why.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  cutShortReason,
  FailureRegistry,
  preconditionReason,
  STOPS_BEFORE_CUTTING,
} from '../../../harness/evidence/failure-registry';

test('workers share what failed through the scratch directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-registry-'));
  const one = new FailureRegistry(dir);
  const two = new FailureRegistry(dir);
  one.failed('AAA-ONE');
  one.failed('AAA-ONE');
  two.failedIn('AAA-ONE');
  two.failedIn('CCC-ELSEWHERE');
  two.stopped('AAA-ONE');
  two.stopped('AAA-ONE');
  const seen = new FailureRegistry(dir).read();
  expect([...seen.failed]).toEqual(['AAA-ONE']);
  expect([...seen.failedSomewhere]).toEqual(['AAA-ONE', 'CCC-ELSEWHERE']);
  expect(seen.stops.get('AAA-ONE')).toBe(2);
});

// CCC-ELSEWHERE failed only in a test that does not name it: its own tests still run, a run asked about it is over.
const failures = {
  failed: new Set(['AAA-ONE', 'AAA-TWO']),
  failedSomewhere: new Set(['AAA-ONE', 'AAA-TWO', 'CCC-ELSEWHERE']),
  stops: new Map([['AAA-ONE', STOPS_BEFORE_CUTTING]]),
};
const cases: [string, string | undefined][] = [
  ['a test whose rules all failed already', cutShortReason(['AAA-ONE', 'AAA-TWO'], failures)],
  ['a test with a rule still open runs', cutShortReason(['AAA-ONE', 'BBB-OPEN'], failures)],
  ['a test naming no must rule runs', cutShortReason([], failures)],
  ['a test of a rule that failed only in tests not naming it runs', cutShortReason(['CCC-ELSEWHERE'], failures)],
  ['--max-failures reached', cutShortReason(['BBB-OPEN'], failures, 2)],
  [
    'every rule the run was asked about (--rules) failed already',
    cutShortReason(['BBB-OPEN'], failures, undefined, ['AAA-ONE']),
  ],
  [
    'a rule the run was asked about failed in a test not naming it',
    cutShortReason(['BBB-OPEN'], failures, undefined, ['CCC-ELSEWHERE']),
  ],
  [
    'a rule the run was asked about is still open',
    cutShortReason(['BBB-OPEN'], failures, undefined, ['AAA-ONE', 'BBB-OPEN']),
  ],
  ['a step whose rule stopped tests before', preconditionReason('AAA-ONE', failures)],
  ['a step whose rule failed but stopped fewer tests', preconditionReason('AAA-TWO', failures)],
];
const want = [
  /^cut short: AAA-ONE, AAA-TWO already failed/,
  undefined,
  undefined,
  undefined,
  /^cut short: --max-failures 2 reached/,
  /^cut short: every selected rule \(AAA-ONE\) failed already/,
  /^cut short: every selected rule \(CCC-ELSEWHERE\) failed already/,
  undefined,
  /^cut short: AAA-ONE failed and stopped 2 tests/,
  undefined,
];

cases.forEach(([name, got], i) => {
  test(name, () => {
    if (want[i] === undefined) expect(got).toBeUndefined();
    else expect(got).toMatch(want[i]!);
  });
});
