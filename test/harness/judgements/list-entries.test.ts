// The entries a list's rule asks for (harness/judgements/list-entries.ts), given and wanted.
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../../harness/http/exchange';
import { listEntriesJudgement } from '../../../harness/judgements/list-entries';

const answer = (operationId: string, body: unknown): Exchange => ({
  operationId,
  method: 'GET',
  url: 'http://target/v1/x',
  request: { headers: {} },
  status: 200,
  headers: { 'content-type': 'application/json' },
  text: JSON.stringify(body),
  body,
});

const rows: { given: string; operationId: string; body: unknown; rule?: string; fails: boolean }[] = [
  {
    given: 'providers as objects',
    operationId: 'listProviders',
    body: [{ providerName: 'P' }],
    rule: 'PRV-LIST',
    fails: false,
  },
  {
    given: 'providers as JSON text',
    operationId: 'listProviders',
    body: ['{"providerName":"P"}'],
    rule: 'PRV-LIST',
    fails: true,
  },
  {
    given: 'providers in an envelope, one null',
    operationId: 'listProviders',
    body: { items: [{}, null] },
    rule: 'PRV-LIST',
    fails: true,
  },
  {
    given: 'lockers with uids',
    operationId: 'listLockers',
    body: [{ uid: 'L1' }],
    rule: 'LCK-LIST-RECORDS',
    fails: false,
  },
  {
    given: 'a locker without a uid',
    operationId: 'listLockers',
    body: [{ carrier: {} }],
    rule: 'LCK-LIST-RECORDS',
    fails: true,
  },
  {
    given: 'a parcel without events',
    operationId: 'listParcels',
    body: [{ shipmentStatus: 'BOOKED' }],
    rule: 'PCL-LIST-STATUS-EVENTS',
    fails: true,
  },
  { given: 'an empty list', operationId: 'listProviders', body: [], rule: 'PRV-LIST', fails: false },
];

for (const { given, operationId, body, rule, fails } of rows)
  test(`listEntriesJudgement: ${given}`, () => {
    const judged = listEntriesJudgement(answer(operationId, body));
    expect(judged?.rule).toBe(rule);
    expect(judged?.failure !== undefined).toBe(fails);
  });

test('listEntriesJudgement: an operation that is no such list is not judged', () => {
  expect(listEntriesJudgement(answer('createLocker', { uid: 'L1' }))).toBeUndefined();
});
