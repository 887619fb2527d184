// Given a judgement, want one evaluation of its rule, held or failed, with the message and curl line.
import { test as base } from '@playwright/test';
import type { Exchange } from '../../../harness/http/exchange';
import { ruleById } from '../../../spec/catalogue';
import { expect, judge, notObservable, observe } from '../../../harness/evidence/judge';
import { closeLog, EvidenceLog, openLog, UNPLACED } from '../../../harness/evidence/log';
import type { Delivery } from '../../../harness/webhooks/types';

const test = base.extend<{ log: EvidenceLog }>({
  log: async ({}, use) => {
    const log = new EvidenceLog(
      (e) => `curl -i -X ${e.method} '${e.url}'`,
      (rule) => ruleById(rule).level === 'must',
    );
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
  return {
    operationId: 'createLocker',
    method: 'POST',
    url: 'http://t/v1/lockers',
    request: { headers: {} },
    status,
    headers: { 'content-type': 'application/json' },
    text,
    body,
  };
}

const statusCases: [string, () => void, boolean][] = [
  ['toSucceed holds on a 201', () => expect(exchange(201)).toSucceed('LCK-CREATE-201'), true],
  ['toSucceed fails on a 500', () => expect(exchange(500, '{"errorCode":"X"}')).toSucceed('LCK-CREATE-201'), false],
  [
    'toSucceed fails on a 200 login page where a record is documented',
    () => expect(exchange(200, '<html>sign in</html>')).toSucceed('LCK-CREATE-201'),
    false,
  ],
  ['toSucceed fails on a 201 without the record', () => expect(exchange(201, '')).toSucceed('LCK-CREATE-201'), false],
  [
    'toSucceed fails on a 201 with a JSON string for a record',
    () => expect(exchange(201, '"ok"')).toSucceed('LCK-CREATE-201'),
    false,
  ],
  ['toBeRejected holds on any 4xx', () => expect(exchange(422)).toBeRejected('LCK-CREATE-201'), true],
  ['toBeRejected fails on a 2xx', () => expect(exchange(201)).toBeRejected('LCK-CREATE-201'), false],
  [
    'toBeRejected with a status wants exactly it',
    () => expect(exchange(422)).toBeRejected('LCK-CREATE-201', 400),
    false,
  ],
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
    base
      .expect({ passed: recorded.passed, failed: recorded.failed })
      .toEqual(holds ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
    base.expect(thrown === undefined).toBe(holds);
    if (!holds) {
      base
        .expect(recorded.firstFailure)
        .toMatchObject({ operation: 'createLocker', curl: "curl -i -X POST 'http://t/v1/lockers'" });
      base.expect(recorded.firstFailure!.message).toMatch(/^LCK-CREATE-201 createLocker: expected /);
      base.expect(String((thrown as Error).message)).toContain("reproduce: curl -i -X POST 'http://t/v1/lockers'");
    }
  });
}

test('judge records any matcher under its rule, held and failed', ({ log }) => {
  judge('LCK-CREATE-ECHO', exchange(201)).expect([1, 2]).toHaveLength(2);
  judge('LCK-CREATE-ECHO').expect(3, 'three is three').not.toBe(4);
  base
    .expect(() =>
      judge('LCK-CREATE-ECHO', exchange(201)).expect({ a: 1 }, 'the record echoes the request').toEqual({ a: 2 }),
    )
    .toThrow(/LCK-CREATE-ECHO createLocker: the record echoes the request/);
  const two = log.toJSON().rules['LCK-CREATE-ECHO']!;
  base.expect(two).toMatchObject({ passed: 2, failed: 1, operations: ['createLocker'] });
  base.expect(two.firstFailure!.message).toContain('the record echoes the request');
  base.expect(log.toJSON().stoppedBy).toBe('LCK-CREATE-ECHO');
});

test('an async matcher is recorded when it settles', async ({ log }) => {
  await judge('LCK-CREATE-ECHO').expect(Promise.resolve(5)).resolves.toBe(5);
  await base
    .expect(judge('LCK-CREATE-ECHO').expect(Promise.resolve(5)).resolves.toBe(6))
    .rejects.toThrow(/LCK-CREATE-ECHO/);
  base.expect(log.toJSON().rules['LCK-CREATE-ECHO']).toMatchObject({ passed: 1, failed: 1 });
});

test('observations and reasons are kept per rule, not as evaluations', ({ log }) => {
  observe('LCK-OWNED-BY', 'bare arrays');
  observe('LCK-OWNED-BY', 'bare arrays');
  notObservable('LCK-CREATE-201', 'groups are not echoed');
  base.expect(log.toJSON()).toEqual({
    rules: {},
    observations: { 'LCK-OWNED-BY': ['bare arrays'] },
    notObservable: { 'LCK-CREATE-201': ['groups are not echoed'] },
  });
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

const delivery = (kind?: Delivery['kind']): Delivery => ({
  seq: 1,
  method: 'POST',
  path: '/webhooks/carrier-1',
  headers: {},
  credentials: [],
  body: {},
  raw: '{}',
  size: 2,
  receivedAt: 0,
  ...(kind ? { kind } : {}),
  findings: [],
  ownCarrierJudged: false,
  answered: 200,
});
const cancel = (form?: string): Exchange => ({
  ...exchange(200, '{}'),
  operationId: 'cancelParcel',
  method: 'PATCH',
  url: 'http://t/v1/parcels/p-1',
  ...(form ? { form } : {}),
});

test("every judgement records its place: the exchange's operation and form, the delivery's webhook, a webhook named", ({
  log,
}) => {
  expect(cancel('by shipmentUid')).toSucceed('CAN-NOT-DELIVERED');
  judge('CAN-NOT-DELIVERED', cancel('by carrierParcelId')).expect(1).toBe(1);
  judge('CAN-NOT-DELIVERED', cancel()).expect(1).toBe(1);
  judge('WH-LOCKER-BODY', delivery('LockerUpdates')).expect([]).toEqual([]);
  judge('WH-LOCKER-BODY', { webhook: 'LockerUpdates' }).expect(1).toBe(1);
  judge('WH-LOCKER-BODY', delivery()).expect(1).toBe(1);
  judge('WH-LOCKER-BODY').expect(1).toBe(1);
  judge('WH-LOCKER-BODY', undefined).expect(1).toBe(1);
  const rules = log.toJSON().rules;
  base.expect(rules['CAN-NOT-DELIVERED']!.places).toEqual({
    'cancelParcel by shipmentUid': { passed: 1, failed: 0 },
    'cancelParcel by carrierParcelId': { passed: 1, failed: 0 },
    cancelParcel: { passed: 1, failed: 0 },
  });
  base.expect(rules['CAN-NOT-DELIVERED']!.operations).toEqual(['cancelParcel']);
  base
    .expect(rules['WH-LOCKER-BODY']!.places)
    .toEqual({ LockerUpdates: { passed: 2, failed: 0 }, [UNPLACED]: { passed: 3, failed: 0 } });
});

test('a judgement of an action and the delivery it causes is one evaluation, counted at both places', ({ log }) => {
  const created = exchange(201);
  judge('WH-LOCKER-ON-CREATE', created, delivery('LockerUpdates')).expect(1).toBe(1);
  base
    .expect(() =>
      judge('WH-LOCKER-ON-CREATE', created, { webhook: 'LockerUpdates' })
        .expect(undefined, 'no LockerUpdates arrived')
        .toBeDefined(),
    )
    .toThrow(/^WH-LOCKER-ON-CREATE createLocker, LockerUpdates: no LockerUpdates arrived/);
  const recorded = log.toJSON().rules['WH-LOCKER-ON-CREATE']!;
  base.expect(recorded).toMatchObject({
    passed: 1,
    failed: 1,
    places: { createLocker: { passed: 1, failed: 1 }, LockerUpdates: { passed: 1, failed: 1 } },
  });
  base
    .expect(recorded.firstFailure)
    .toMatchObject({ operation: 'createLocker', curl: "curl -i -X POST 'http://t/v1/lockers'" });
});

test('a failure at a form names the form, and one at a webhook names the webhook', ({ log }) => {
  base
    .expect(() => expect(cancel('by shipmentUid')).toBeRejected('CAN-DELIVERED-REFUSED'))
    .toThrow(/^CAN-DELIVERED-REFUSED cancelParcel by shipmentUid: expected a 4xx answer, got 200/);
  base
    .expect(() => judge('WH-PARCEL-BODY', delivery('ParcelUpdates')).expect(['bad'], 'the body').toEqual([]))
    .toThrow(/^WH-PARCEL-BODY ParcelUpdates: the body/);
  base.expect(log.toJSON().rules['WH-PARCEL-BODY']!.places).toEqual({ ParcelUpdates: { passed: 0, failed: 1 } });
});

test(
  "given an evaluation with an operation and no places, want it at the operation's place; with neither, at no " +
    'place',
  () => {
    const log = new EvidenceLog(() => '');
    log.record({ rule: 'LCK-CREATE-201', passed: true, operation: 'createLocker' });
    log.record({ rule: 'LCK-CREATE-201', passed: false, places: ['createLocker', 'LockerUpdates', 'createLocker'] });
    log.record({ rule: 'LCK-CREATE-201', passed: true });
    base.expect(log.toJSON().rules['LCK-CREATE-201']).toMatchObject({
      passed: 2,
      failed: 1,
      places: {
        createLocker: { passed: 1, failed: 1 },
        LockerUpdates: { passed: 0, failed: 1 },
        [UNPLACED]: { passed: 1, failed: 0 },
      },
    });
  },
);

base(
  'a test cut short may still judge after its end: what it judges then is dropped, never a harness error; ' +
    'outside any test it is one',
  () => {
    const log = new EvidenceLog(
      (e) => `curl -i -X ${e.method} '${e.url}'`,
      (rule) => ruleById(rule).level === 'must',
    );
    openLog(log);
    closeLog(log, true);
    // The timed-out test's body goes on and judges: no throw ("a rule was judged outside a test").
    judge('LCK-CREATE-201', exchange(201)).expect(1).toBe(1);
    const other = new EvidenceLog(
      (e) => `curl -i -X ${e.method} '${e.url}'`,
      (rule) => ruleById(rule).level === 'must',
    );
    openLog(other);
    closeLog(other);
    expect(() => judge('LCK-CREATE-201', exchange(201)).expect(1).toBe(1)).toThrow(/a rule was judged outside a test/);
  },
);
