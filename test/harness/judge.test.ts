// Given a judgement, want one evaluation of its rule, held or failed, with the message and curl line.
import { test as base } from '@playwright/test';
import type { Exchange } from '../../harness/exchange';
import { expect, judge, notObservable, observe } from '../../harness/evidence/judge';
import { closeLog, EvidenceLog, openLog } from '../../harness/evidence/log';

const test = base.extend<{ log: EvidenceLog }>({
  log: async ({}, use) => {
    const log = new EvidenceLog((e) => `curl -i -X ${e.method} '${e.url}'`);
    openLog(log);
    await use(log);
    closeLog(log);
  },
});

function exchange(status: number, text = ''): Exchange {
  return { operationId: 'createLocker', method: 'POST', url: 'http://t/v1/lockers', request: { headers: {} }, status, headers: {}, text, body: undefined };
}

const statusCases: [string, () => void, boolean][] = [
  ['toSucceed holds on a 201', () => expect(exchange(201)).toSucceed('AAA-ONE'), true],
  ['toSucceed fails on a 500', () => expect(exchange(500, '{"errorCode":"X"}')).toSucceed('AAA-ONE'), false],
  ['toBeRejected holds on any 4xx', () => expect(exchange(422)).toBeRejected('AAA-ONE'), true],
  ['toBeRejected fails on a 2xx', () => expect(exchange(201)).toBeRejected('AAA-ONE'), false],
  ['toBeRejected with a status wants exactly it', () => expect(exchange(422)).toBeRejected('AAA-ONE', 400), false],
];

for (const [name, act, holds] of statusCases) {
  test(name, ({ log }) => {
    let thrown: unknown;
    try {
      act();
    } catch (error) {
      thrown = error;
    }
    const recorded = log.toJSON().rules['AAA-ONE']!;
    base.expect({ passed: recorded.passed, failed: recorded.failed }).toEqual(holds ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
    base.expect(thrown === undefined).toBe(holds);
    if (!holds) {
      base.expect(recorded.firstFailure).toMatchObject({ operation: 'createLocker', curl: "curl -i -X POST 'http://t/v1/lockers'" });
      base.expect(recorded.firstFailure!.message).toMatch(/^AAA-ONE createLocker: expected /);
      base.expect(String((thrown as Error).message)).toContain("reproduce: curl -i -X POST 'http://t/v1/lockers'");
    }
  });
}

test('judge records any matcher under its rule, held and failed', ({ log }) => {
  judge('AAA-TWO', exchange(201)).expect([1, 2]).toHaveLength(2);
  judge('AAA-TWO').expect(3, 'three is three').not.toBe(4);
  base.expect(() => judge('AAA-TWO', exchange(201)).expect({ a: 1 }, 'the record echoes the request').toEqual({ a: 2 })).toThrow(/AAA-TWO createLocker: the record echoes the request/);
  const two = log.toJSON().rules['AAA-TWO']!;
  base.expect(two).toMatchObject({ passed: 2, failed: 1, operations: ['createLocker'] });
  base.expect(two.firstFailure!.message).toContain('the record echoes the request');
  base.expect(log.toJSON().firstFailedRule).toBe('AAA-TWO');
});

test('an async matcher is recorded when it settles', async ({ log }) => {
  await judge('AAA-TWO').expect(Promise.resolve(5)).resolves.toBe(5);
  await base.expect(judge('AAA-TWO').expect(Promise.resolve(5)).resolves.toBe(6)).rejects.toThrow(/AAA-TWO/);
  base.expect(log.toJSON().rules['AAA-TWO']).toMatchObject({ passed: 1, failed: 1 });
});

test('observations and reasons are kept per rule, not as evaluations', ({ log }) => {
  observe('BBB-SEEN', 'bare arrays');
  observe('BBB-SEEN', 'bare arrays');
  notObservable('AAA-ONE', 'groups are not echoed');
  base.expect(log.toJSON()).toEqual({ rules: {}, observations: { 'BBB-SEEN': ['bare arrays'] }, notObservable: { 'AAA-ONE': ['groups are not echoed'] } });
});

test('a soft failure is recorded and the test goes on, failed', ({ log }) => {
  test.fail();
  judge('AAA-ONE').soft(1).toBe(2);
  base.expect(log.toJSON().rules['AAA-ONE']).toMatchObject({ passed: 0, failed: 1 });
});
