// The records verdict tests judge (verdicts*.test.ts, verdict-places.test.ts): a four-rule catalogue, the
// evidence a rule held or broke with, and a test's record with what it saw.
import type { RuleEvidence, TestEvidence } from '../../harness/evidence/log';
import type { Rule } from '../../spec/catalogue';
import type { TestRecord } from '../../harness/verdict/test-record';

export const catalogue: Rule[] = [
  { id: 'AAA-ONE', section: '1', statement: 'One.', level: 'must', concerns: [], observable: '' },
  { id: 'AAA-TWO', section: '1', statement: 'Two.', level: 'must', concerns: [], observable: '' },
  { id: 'BBB-SEEN', section: '2', statement: 'Seen.', level: 'observe', concerns: [], observable: '' },
  { id: 'CCC-IMPLIED', section: '7', statement: 'Implied.', level: 'should', concerns: [], observable: '' },
];

export const held = (n = 1, operations = ['op']): RuleEvidence => ({
  passed: n,
  failed: 0,
  operations,
  places: Object.fromEntries(operations.map((o) => [o, { passed: n, failed: 0 }])),
});
export const broke = (message = 'AAA-ONE op: expected 201, got 200', curl?: string): RuleEvidence => ({
  passed: 0,
  failed: 1,
  operations: ['op'],
  places: { op: { passed: 0, failed: 1 } },
  firstFailure: { message, operation: 'op', ...(curl ? { curl } : {}) },
});

export function evidence(over: Partial<TestEvidence> = {}): TestEvidence {
  return { rules: {}, observations: {}, notObservable: {}, ...over };
}

export function record(over: Partial<TestRecord>): TestRecord {
  return {
    title: 'AAA-ONE a test',
    file: 'x',
    rules: ['AAA-ONE'],
    status: 'passed',
    errors: [],
    evidence: evidence(),
    webhookWaits: [],
    ...over,
  };
}
