// createLocker's refused-request tests share a worker's control (harness/records/lockers/create-base.ts): one
// accepted in the last minutes stands; one refused, or older, is sent again by the test that needs it.
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../../../harness/http/exchange';
import { createBase, retagged, sharedControl } from '../../../../harness/records/lockers/create-base';
import { Tagger } from '../../../../harness/records/lockers/tagging';

const answer = (status: number) => ({ status }) as Exchange;

test("an accepted control is sent once and stands for the worker's later tests", async () => {
  const base = createBase('run-1', () => ({ carrier: { lockerId: 'X' } }));
  let sent = 0;
  const send = async () => {
    sent++;
    return answer(201);
  };
  expect((await sharedControl(base, send)).status).toBe(201);
  expect((await sharedControl(base, send)).status).toBe(201);
  expect(sent).toBe(1);
  // The same base for the run, another for another run.
  expect(createBase('run-1', () => ({}))).toBe(base);
  expect(createBase('run-2', () => ({}))).not.toBe(base);
});

test('a refused control is not kept: the next test sends its own', async () => {
  const base = createBase('run-3', () => ({}));
  const statuses = [429, 201];
  let sent = 0;
  const send = async () => answer(statuses[sent++]!);
  expect((await sharedControl(base, send)).status).toBe(429);
  expect((await sharedControl(base, send)).status).toBe(201);
  expect(sent).toBe(2);
});

test("each test's body differs from the base in its carrier.lockerId alone", () => {
  const tag = new Tagger('r', 0);
  const body = { carrier: { lockerName: 'n', lockerId: 'BASE' }, provider: { name: 'P' } };
  const mine = retagged(body, tag);
  expect(mine['carrier']['lockerId']).not.toBe('BASE');
  expect({ ...mine, carrier: { ...mine['carrier'], lockerId: 'BASE' } }).toEqual(body);
  expect(retagged({ provider: {} }, tag)).toEqual({ provider: {} });
});
