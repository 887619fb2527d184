// The rules' one judgement functions (harness/judgements/), each with given/want tables: what a driver observed, and
// the judgements it must record.
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../../harness/http/exchange';
import { providerFilterJudgement, unauthorizedBodyJudgement } from '../../../harness/judgements/answers';
import { networkAddJudgements, type SentKind } from '../../../harness/judgements/network-add';

const add = (status: number, listed: string[]): Exchange => {
  const text = JSON.stringify(
    listed.map((uid) => ({ lockerUid: Number(uid), providerName: 'P', providerLockerStatus: 'A' })),
  );
  return {
    operationId: 'addNetworkLockers',
    method: 'POST',
    url: 'u',
    request: { headers: {} },
    status,
    headers: { 'content-type': 'application/json' },
    text: status < 300 ? text : '{"errorCode":"X","message":"m"}',
    body: status < 300 ? JSON.parse(text) : { errorCode: 'X', message: 'm' },
  };
};

const cases: {
  given: string;
  sent: [string, SentKind][];
  status: number;
  listed: string[];
  want: Record<string, boolean>;
}[] = [
  {
    given: 'own new listed, not-owned and unknown skipped',
    sent: [
      ['1', 'new'],
      ['2', 'notOwned'],
      ['3', 'unknown'],
    ],
    status: 200,
    listed: ['1'],
    want: { 'NET-OWNED-ADDED': true, 'NET-NOT-OWNED-SKIPPED': true, 'NET-UNKNOWN-SKIPPED': true },
  },
  { given: 'own new not listed', sent: [['1', 'new']], status: 200, listed: [], want: { 'NET-OWNED-ADDED': false } },
  {
    given: 'one already there listed again',
    sent: [['1', 'already']],
    status: 200,
    listed: ['1'],
    want: { 'NET-ONLY-NEW': false },
  },
  {
    given: "another's listed as added",
    sent: [
      ['1', 'new'],
      ['2', 'notOwned'],
    ],
    status: 200,
    listed: ['1', '2'],
    want: { 'NET-OWNED-ADDED': true, 'NET-NOT-OWNED-SKIPPED': false },
  },
  {
    given: 'a uid no locker has listed',
    sent: [['9', 'unknown']],
    status: 200,
    listed: ['9'],
    want: { 'NET-UNKNOWN-SKIPPED': false },
  },
  {
    given: 'the add refused: every rule it concerned fails',
    sent: [
      ['1', 'new'],
      ['2', 'notOwned'],
    ],
    status: 400,
    listed: [],
    want: { 'NET-OWNED-ADDED': false, 'NET-NOT-OWNED-SKIPPED': false },
  },
];

for (const { given, sent, status, listed, want } of cases)
  test(`networkAddJudgements: ${given}`, () => {
    const judgements = networkAddJudgements(add(status, listed), new Map(sent), listed);
    expect(Object.fromEntries(judgements.map((j) => [j.rule, j.failure === undefined]))).toEqual(want);
    for (const j of judgements) if (j.failure) expect(j.failure).toMatch(/expected|got/);
  });

const answer = (status: number, body: unknown): Exchange => ({
  operationId: 'listLockers',
  method: 'GET',
  url: 'u',
  request: { headers: {} },
  status,
  headers: {},
  text: body === undefined ? '' : JSON.stringify(body),
  body,
});

for (const { given, body, holds } of [
  { given: 'errorCode and message', body: { errorCode: 'UNAUTHORIZED', message: 'm' }, holds: true },
  { given: 'no message', body: { errorCode: 'UNAUTHORIZED' }, holds: false },
  { given: 'a bare string', body: 'Unauthorized', holds: false },
  { given: 'no body', body: undefined, holds: false },
])
  test(`unauthorizedBodyJudgement: ${given}`, () => {
    expect(unauthorizedBodyJudgement(answer(401, body)).failure === undefined).toBe(holds);
  });

for (const { given, names, holds } of [
  { given: 'only the provider asked', names: ['PROVIDER_NAME_3', 'PROVIDER_NAME_3'], holds: true },
  { given: 'none listed', names: [], holds: true },
  { given: 'another provider among them', names: ['PROVIDER_NAME_3', 'PROVIDER_NAME_4'], holds: false },
  { given: 'the name in other letter case (how it matches is not stated)', names: ['provider_name_3'], holds: true },
  { given: 'a locker with no provider name', names: [undefined], holds: false },
])
  test(`providerFilterJudgement: ${given}`, () => {
    const items = names.map((name, i) => ({ uid: String(i), provider: name === undefined ? {} : { name } }));
    expect(providerFilterJudgement('PROVIDER_NAME_3', items).failure === undefined).toBe(holds);
  });
