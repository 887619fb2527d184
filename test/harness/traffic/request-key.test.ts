// Which key a recorded request carried where it was not a carrier's (harness/traffic/recorded/request-key.ts).
import { expect, test } from '@playwright/test';
import type { Recorded } from '../../../harness/traffic/recorded/recorded';
import { wrongKeyOf } from '../../../harness/traffic/recorded/request-key';
import { failedRules } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { BASE, entry, file, har } from '../../support/traffic-entries';

const recorded = (over: Partial<Recorded> & { headers?: Record<string, string> }): Recorded =>
  ({
    exchange: { request: { headers: over.headers ?? {} } },
    query: {},
    carrier: '',
    ...over,
  }) as unknown as Recorded;

const ACCEPTED = new Map([
  ['real-key-abc1', 40],
  ['real-key-abc0', 12],
  ['$CIS_API_KEY', 30],
]);

test('a request is told to carry a wrong key only where the recording relates it to a carrier key', () => {
  const given: [what: string, r: Recorded, want: string | undefined][] = [
    ['a carrier key', recorded({ key: 'real-key-abc1' }), undefined],
    ['no key anywhere', recorded({}), undefined],
    ['an empty header', recorded({ key: '' }), 'near miss'],
    [
      'a near miss the recording names',
      recorded({ key: 'REDACTED (...)', nearMiss: 'a prefix of the key (all but its last character)' }),
      'near miss',
    ],
    [
      'a changed case the recording names',
      recorded({ key: 'REDACTED (...)', nearMiss: 'the key in changed letter case' }),
      'normalised',
    ],
    [
      'whitespace, reported only',
      recorded({ key: 'REDACTED (...)', nearMiss: 'the key with surrounding whitespace' }),
      undefined,
    ],
    ['a prefix of a key seen accepted more', recorded({ key: 'real-key-abc' }), 'near miss'],
    ['a changed case of one', recorded({ key: 'REAL-KEY-ABC1' }), 'normalised'],
    // Two carriers' keys may differ in their last character: that is no near miss to judge.
    ['the last character replaced', recorded({ key: 'real-key-abc0' }), undefined],
    ['the key in the query', recorded({ query: { apiKey: '$CIS_API_KEY' } }), 'elsewhere'],
    ['a real key as a bearer token', recorded({ headers: { authorization: 'Bearer real-key-abc1' } }), 'elsewhere'],
  ];
  for (const [what, r, want] of given) expect(wrongKeyOf(r, ACCEPTED)?.kind, what).toBe(want);
});

test('judge fails a near miss of the key that a service took, and holds one it refused', async () => {
  const providers = (status: number, key: string) =>
    entry('GET', '/lockers/providers', status, status === 200 ? [] : { errorCode: 'X', message: 'no' }, { key });
  const miss = 'REDACTED (near miss of $CIS_API_KEY: a prefix of the key (all but its last character))';
  const judge = async (entries: unknown[]) =>
    failedRules(await judgeTraffic({ traffic: file(har(entries)), baseUrl: BASE }));
  expect(await judge([providers(200, '$CIS_API_KEY'), providers(200, miss)])).toEqual(['AUTH-KEY-REQUIRED']);
  expect(await judge([providers(200, '$CIS_API_KEY'), providers(401, miss)])).toEqual([]);
  // The key in changed case taken as the carrier's is the should's warning, not the must's failure.
  const cased = 'REDACTED (near miss of $CIS_API_KEY: the key in changed letter case)';
  expect(await judge([providers(200, '$CIS_API_KEY'), providers(200, cased)])).toEqual(['AUTH-KEY-CASE']);
});
