// Given a judgement, want one evaluation of its rule, held or failed, with the message and curl line.
import { test as base } from '@playwright/test';
import type { Exchange } from '../../harness/exchange';
import { ruleById } from '../../spec/catalogue';
import { expect, judge, notObservable, observe } from '../../harness/evidence/judge';
import { closeLog, EvidenceLog, openLog } from '../../harness/evidence/log';

const test = base.extend<{ log: EvidenceLog }>({
  log: async ({}, use) => {
    const log = new EvidenceLog((e) => `curl -i -X ${e.method} '${e.url}'`, (rule) => ruleById(rule).level === 'must');
    openLog(log);
    await use(log);
    closeLog(log);
  },
});

function exchange(status: number, text = '{"uid":"u-1"}'): Exchange {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { operationId: 'createLocker', method: 'POST', url: 'http://t/v1/lockers', request: { headers: {} }, status, headers: { 'content-type': 'application/json' }, text, body };
}

const statusCases: [string, () => void, boolean][] = [
  ['toSucceed holds on a 201', () => expect(exchange(201)).toSucceed('LCK-CREATE-201'), true],
  ['toSucceed fails on a 500', () => expect(exchange(500, '{"errorCode":"X"}')).toSucceed('LCK-CREATE-201'), false],
  ['toSucceed fails on a 200 login page where a record is documented', () => expect(exchange(200, '<html>sign in</html>')).toSucceed('LCK-CREATE-201'), false],
  ['toSucceed fails on a 201 without the record', () => expect(exchange(201, '')).toSucceed('LCK-CREATE-201'), false],
  ['toSucceed fails on a 201 with a JSON string for a record', () => expect(exchange(201, '"ok"')).toSucceed('LCK-CREATE-201'), false],
  ['toBeRejected holds on any 4xx', () => expect(exchange(422)).toBeRejected('LCK-CREATE-201'), true],
  ['toBeRejected fails on a 2xx', () => expect(exchange(201)).toBeRejected('LCK-CREATE-201'), false],
  ['toBeRejected with a status wants exactly it', () => expect(exchange(422)).toBeRejected('LCK-CREATE-201', 400), false],
];

for (const [name, act, holds] of statusCases) {
  test(name, ({ log }) => {
    let thrown: unknown;
    try {
      act();
    } catch (error) {
      thrown = error;
    }
    const recorded = log.toJSON().rules['LCK-CREATE-201']!;
    base.expect({ passed: recorded.passed, failed: recorded.failed }).toEqual(holds ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
    base.expect(thrown === undefined).toBe(holds);
    if (!holds) {
      base.expect(recorded.firstFailure).toMatchObject({ operation: 'createLocker', curl: "curl -i -X POST 'http://t/v1/lockers'" });
      base.expect(recorded.firstFailure!.message).toMatch(/^LCK-CREATE-201 createLocker: expected /);
      base.expect(String((thrown as Error).message)).toContain("reproduce: curl -i -X POST 'http://t/v1/lockers'");
    }
  });
}

test('judge records any matcher under its rule, held and failed', ({ log }) => {
  judge('LCK-CREATE-ECHO', exchange(201)).expect([1, 2]).toHaveLength(2);
  judge('LCK-CREATE-ECHO').expect(3, 'three is three').not.toBe(4);
  base.expect(() => judge('LCK-CREATE-ECHO', exchange(201)).expect({ a: 1 }, 'the record echoes the request').toEqual({ a: 2 })).toThrow(/LCK-CREATE-ECHO createLocker: the record echoes the request/);
  const two = log.toJSON().rules['LCK-CREATE-ECHO']!;
  base.expect(two).toMatchObject({ passed: 2, failed: 1, operations: ['createLocker'] });
  base.expect(two.firstFailure!.message).toContain('the record echoes the request');
  base.expect(log.toJSON().stoppedBy).toBe('LCK-CREATE-ECHO');
});

test('an async matcher is recorded when it settles', async ({ log }) => {
  await judge('LCK-CREATE-ECHO').expect(Promise.resolve(5)).resolves.toBe(5);
  await base.expect(judge('LCK-CREATE-ECHO').expect(Promise.resolve(5)).resolves.toBe(6)).rejects.toThrow(/LCK-CREATE-ECHO/);
  base.expect(log.toJSON().rules['LCK-CREATE-ECHO']).toMatchObject({ passed: 1, failed: 1 });
});

test('observations and reasons are kept per rule, not as evaluations', ({ log }) => {
  observe('LCK-OWNED-BY', 'bare arrays');
  observe('LCK-OWNED-BY', 'bare arrays');
  notObservable('LCK-CREATE-201', 'groups are not echoed');
  base.expect(log.toJSON()).toEqual({ rules: {}, observations: { 'LCK-OWNED-BY': ['bare arrays'] }, notObservable: { 'LCK-CREATE-201': ['groups are not echoed'] } });
});

test('a soft failure is recorded and the test goes on, failed', ({ log }) => {
  test.fail();
  judge('LCK-CREATE-201').soft(1).toBe(2);
  base.expect(log.toJSON().rules['LCK-CREATE-201']).toMatchObject({ passed: 0, failed: 1 });
});

test('a should rule that fails is recorded as failed but does not fail the test', ({ log }) => {
  judge('GEN-STATUS-DOCUMENTED', exchange(418)).expect(418, 'a status the contract lists').toBe(200);
  expect(exchange(422)).toBeRejected('LCK-UPDATE-400-STATUS', 400);
  base.expect(log.toJSON().rules['GEN-STATUS-DOCUMENTED']).toMatchObject({ passed: 0, failed: 1 });
  base.expect(log.toJSON().rules['LCK-UPDATE-400-STATUS']).toMatchObject({ passed: 0, failed: 1 });
  base.expect(log.toJSON().stoppedBy).toBeUndefined();
});
