// Given one answer of a list operation, want its records and how to ask for the next page.
import { expect, test } from '@playwright/test';
import type { Exchange } from '../../../harness/http/exchange';
import { pagePlan, readPage, type NextPage, type PagingProfile } from '../../../harness/http/pages';

function answer(body: unknown, headers: Record<string, string> = {}): Exchange {
  return {
    operationId: 'listParcels',
    method: 'GET',
    url: 'http://t.invalid/v1/parcels?x=1',
    request: { headers: {} },
    status: 200,
    headers,
    text: JSON.stringify(body),
    body,
  };
}

const two = [{ a: 1 }, { a: 2 }];
const table: [string, Exchange, Record<string, string>, NextPage | undefined, PagingProfile?][] = [
  ['a bare array is one page', answer(two), {}, undefined],
  [
    'page/size/totalPages asks for the next page',
    answer({ items: two, page: 0, size: 2, totalPages: 3 }),
    {},
    { query: { page: '1', size: '2' } },
  ],
  [
    'the last page of page/size/totalPages is the end',
    answer({ items: two, page: 2, size: 2, totalPages: 3 }),
    {},
    undefined,
  ],
  [
    'Spring-style page object with number and totalElements',
    answer({ content: two, number: 0, size: 2, totalElements: 5 }),
    {},
    { query: { page: '1', size: '2' } },
  ],
  [
    'pageSize names its own parameter',
    answer({ data: two, page: 1, pageSize: 2, total: 10 }),
    {},
    { query: { page: '2', pageSize: '2' } },
  ],
  [
    'offset/limit with a total',
    answer({ results: two, offset: 0, limit: 2, total: 3 }),
    {},
    { query: { offset: '2' } },
  ],
  ['offset/limit at the end', answer({ results: two, offset: 2, limit: 2, total: 3 }), {}, undefined],
  [
    'nextPageToken goes back as pageToken',
    answer({ parcels: two, nextPageToken: 'abc' }),
    {},
    { query: { pageToken: 'abc' } },
  ],
  [
    'a next URL is followed',
    answer({ items: two, next: 'http://t.invalid/v1/parcels?cursor=z' }),
    {},
    { url: 'http://t.invalid/v1/parcels?cursor=z' },
  ],
  [
    'a next path is resolved against the request',
    answer({ items: two, next: '/v1/parcels?page=2' }),
    {},
    { url: 'http://t.invalid/v1/parcels?page=2' },
  ],
  [
    'HAL _links.next.href',
    answer({ _embedded: { parcels: two }, _links: { next: { href: '/v1/parcels?page=1' } } }),
    {},
    { url: 'http://t.invalid/v1/parcels?page=1' },
  ],
  [
    'JSON:API links.next',
    answer({ data: two, links: { self: '/v1/parcels', next: '/v1/parcels?page[number]=2' } }),
    {},
    { url: 'http://t.invalid/v1/parcels?page[number]=2' },
  ],
  [
    'links.next as an object with href',
    answer({ data: two, links: { next: { href: 'http://t.invalid/v1/parcels?after=9' } } }),
    {},
    { url: 'http://t.invalid/v1/parcels?after=9' },
  ],
  ['links.next null is the end', answer({ data: two, links: { next: null } }), {}, undefined],
  [
    'a Link header with rel="next"',
    answer(two, {
      link: '<http://t.invalid/v1/parcels?page=2>; rel="next", <http://t.invalid/v1/parcels?page=9>; rel="last"',
    }),
    {},
    { url: 'http://t.invalid/v1/parcels?page=2' },
  ],
  ['an empty page is the end', answer({ items: [], page: 3, size: 2, totalPages: 9 }), {}, undefined],
  [
    'the profile names the parameters',
    answer({ items: two, currentPage: 1, pages: 4 }),
    { p: '1' },
    { query: { p: '2', n: '2' } },
    { pageParam: 'p', sizeParam: 'n', size: 2, firstPage: 1 },
  ],
];

for (const [name, given, query, want, profile] of table) {
  test(name, () => {
    const page = readPage(given, query, profile);
    expect(page.items).toHaveLength(
      Array.isArray(given.body)
        ? 2
        : ((Object.values(given.body as object).find(Array.isArray) as unknown[] | undefined)?.length ?? 2),
    );
    expect(page.next).toEqual(want);
  });
}

test('a total the page does not reach, without a way to page, is said to be unreadable, not the end', () => {
  expect(readPage(answer({ items: two, total: 300 }), {}).unrecognised).toMatch(/300 records/);
  expect(readPage(answer(two, { 'x-total-count': '40' }), {}).unrecognised).toMatch(/X-Total-Count says 40/);
  expect(readPage(answer({ items: two, last: false }), {}).unrecognised).toMatch(/more/);
  expect(readPage(answer({ items: two, total: 2 }), {}).unrecognised).toBeUndefined();
});

test('hasMore without a way to ask for more is said to be unreadable, not the end', () => {
  expect(readPage(answer({ items: two, hasMore: true }), {}).unrecognised).toMatch(/hasMore/);
});

test('a next-page token under a name whose parameter is not known is said to be unreadable, not the end', () => {
  expect(readPage(answer({ items: two, nextToken: 'k1' }), {}).unrecognised).toMatch(/nextToken/);
  expect(readPage(answer({ value: two, continuationToken: 'c' }), {}).unrecognised).toMatch(/continuationToken/);
  expect(readPage(answer({ items: two, response_metadata: { next_cursor: 'dXNlcjpV' } }), {}).unrecognised).toMatch(
    /next_cursor/,
  );
  expect(readPage(answer({ items: two, response_metadata: { next_cursor: '' } }), {}).unrecognised).toBeUndefined();
});

test('the first page of a numbered list of known length plans every other page; other answers plan none', () => {
  expect(pagePlan(answer({ items: two, page: 0, size: 2, totalPages: 3, totalElements: 6 }), {})).toEqual({
    rest: [
      { page: '1', size: '2' },
      { page: '2', size: '2' },
    ],
    size: 2,
    total: 6,
  });
  expect(pagePlan(answer({ results: two, offset: 0, limit: 2, total: 5 }), {})).toEqual({
    rest: [{ offset: '2' }, { offset: '4' }],
    size: 2,
    total: 5,
  });
  expect(
    pagePlan(
      answer({ items: two, currentPage: 1, pages: 2 }),
      {},
      { pageParam: 'p', sizeParam: 'n', size: 2, firstPage: 1 },
    ),
  ).toEqual({ rest: [{ p: '2', n: '2' }], size: 2, total: 4 });
  // Not a first page, no length, or a link to follow: read page by page.
  expect(pagePlan(answer({ items: two, page: 1, size: 2, totalPages: 3 }), { page: '1' })).toBeUndefined();
  expect(pagePlan(answer({ items: two, nextCursor: 'c' }), {})).toBeUndefined();
  expect(pagePlan(answer(two, { link: '<http://t.invalid/v1/parcels?page=2>; rel="next"' }), {})).toBeUndefined();
  expect(pagePlan(answer(two), {})).toBeUndefined();
});
