import { expect, test } from '@playwright/test';
import { detectList } from '../../../harness/http/envelope';
import { toCurl } from '../../../harness/http/exchange';

test('a curl line reproduces the request and names keys by variable', () => {
  const curl = toCurl(
    {
      operationId: 'publishParcel',
      method: 'POST',
      url: 'https://staging.example/v1/parcels/data',
      request: { headers: { 'x-api-key': 'secret-1', 'content-type': 'application/json' }, body: { a: "it's" } },
      status: 400,
      headers: {},
      text: '',
      body: undefined,
    },
    { $CIS_API_KEY: 'secret-1' },
  );
  expect(curl).toBe(
    `curl -i -X POST 'https://staging.example/v1/parcels/data' -H "x-api-key: $CIS_API_KEY" -H ` +
      `'content-type: application/json' --data-raw '{"a":"it'\\''s"}'`,
  );
  expect(curl).not.toContain('secret-1');
});

test('an unknown secret is redacted, never printed', () => {
  const curl = toCurl({
    operationId: 'listParcels',
    method: 'GET',
    url: 'u',
    request: { headers: { 'X-API-Key': 'other' } },
    status: 401,
    headers: {},
    text: '',
    body: undefined,
  });
  expect(curl).toContain('X-API-Key: REDACTED');
  expect(curl).not.toContain('other');
});

const envelopes: [string, unknown, string | undefined, number][] = [
  ['a bare array', [1, 2], 'array', 2],
  ['content', { content: [1], totalElements: 1 }, '/content', 1],
  ['items beside paging', { page: { size: 1 }, items: [1, 2, 3] }, '/items', 3],
  ['the only array under any name', { lockerList: [1] }, '/lockerList', 1],
  ['nested data.items', { data: { items: [1] } }, '/data/items', 1],
  ['a string', 'x', undefined, 0],
  [
    'an empty Spring Data REST page, with no _embedded',
    { _links: { self: { href: '/v1/parcels' } }, page: { size: 20, totalElements: 0, totalPages: 0, number: 0 } },
    '(no array: an empty page)',
    0,
  ],
  ['a count of none and no array', { total: 0 }, '(no array: an empty page)', 0],
  ['a count of some and no array is no list', { count: 5 }, undefined, 0],
  ['a summary with a count of none is no list', { providerName: 'P', count: 0 }, undefined, 0],
];
for (const [name, body, envelope, count] of envelopes) {
  test(`the list envelope is detected: ${name}`, () => {
    const found = detectList(body);
    expect(found?.envelope).toBe(envelope);
    expect(found?.items.length ?? 0).toBe(count);
  });
}

test('a key sent elsewhere than its header (a query parameter, another header) is named, never printed', () => {
  const curl = toCurl(
    {
      operationId: 'listLockers',
      method: 'GET',
      url: 'https://staging.example/v1/lockers?apiKey=secret-1',
      request: { headers: { api_key: 'secret-1', cookie: 'X-API-Key=secret-1' } },
      status: 401,
      headers: {},
      text: '',
      body: undefined,
    },
    { $CIS_API_KEY: 'secret-1' },
  );
  expect(curl).not.toContain('secret-1');
  expect(curl).toContain('apiKey=$CIS_API_KEY');
});
