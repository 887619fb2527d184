// Given a list kept by a fake target in one paging scheme and order, want the records looked for at
// the cost of the pages that can hold them: not the whole history of a long-lived staging.
import { expect, test } from '@playwright/test';
import { listAll } from '../../../../harness/records/lists/listing';
import { forgetLists, readsSince } from '../../../../harness/records/lists/list-since';
import { byId, FakeList, ids } from '../../../support/fake-list';

test.beforeEach(() => forgetLists());

test('a record at the end of a long numbered list kept oldest first costs two requests, not the history', async () => {
  const list = new FakeList('page-size');
  list.add(3000);
  const [mine] = list.add(1, 'RUN');
  const listing = await listAll(list.client(), 'listParcels', {}, undefined, byId(mine!));
  expect(listing.complete).toBe(true);
  expect(ids(listing.items)).toContain(mine);
  expect(list.requests).toBe(2);
});

test('a record on the first page of a list kept newest first costs one request', async () => {
  const list = new FakeList('offset-limit', 'newest-first');
  list.add(3000);
  const [mine] = list.add(1, 'RUN');
  await listAll(list.client(), 'listParcels', {}, undefined, byId(mine!));
  expect(list.requests).toBe(1);
});

test('a record in the middle is still found, and one in no page is not: the list was read through', async () => {
  const list = new FakeList('page-size');
  list.add(1000);
  const found = await listAll(list.client(), 'listParcels', {}, undefined, byId('P000500'));
  expect(ids(found.items)).toContain('P000500');
  const missing = await listAll(list.client(), 'listParcels', {}, undefined, byId('NOPE'));
  expect(missing).toMatchObject({ complete: true });
  expect(missing.items).toHaveLength(1000);
});

for (const scheme of ['page-size', 'offset-limit', 'link', 'cursor', 'array'] as const) {
  test(`a whole read of a ${scheme} list gives every record once, in list order`, async () => {
    const list = new FakeList(scheme);
    list.add(45);
    const listing = await listAll(list.client(), 'listParcels', {});
    expect(listing.complete).toBe(true);
    expect(ids(listing.items)).toEqual(ids(list.records));
  });
}

test('pages of a numbered list go out together, never more at once than the concurrency set', async () => {
  const list = new FakeList('page-size');
  list.add(20 * 40);
  const listing = await listAll(list.client(5), 'listParcels', {});
  expect(listing.items).toHaveLength(800);
  expect(list.requests).toBe(40);
  expect(list.mostInFlight).toBe(5);
});

test('a numbered list longer than the 50 pages followed one by one is still read through', async () => {
  const numbered = new FakeList('page-size');
  numbered.add(20 * 120);
  expect(await listAll(numbered.client(), 'listParcels', {})).toMatchObject({ complete: true, pages: 120 });
  const linked = new FakeList('link');
  linked.add(20 * 120);
  // Followed page by page, a longer list is said to be unread, never taken as complete.
  expect(await listAll(linked.client(), 'listParcels', {})).toMatchObject({
    complete: false,
    incomplete: 'more than 50 pages',
  });
});

for (const order of ['oldest-first', 'newest-first'] as const) {
  test(`since a mark, a list kept ${order} is read at the pages that can hold what was added`, async () => {
    const list = new FakeList('page-size', order);
    list.add(5000);
    const { since } = await list.marked();
    const added = list.add(7, 'RUN');
    list.requests = 0;
    const first = await since(added);
    expect(ids(first.items)).toEqual(expect.arrayContaining(added));
    expect(list.requests).toBeLessThanOrEqual(4);
    // The end learnt, a later window reads that end only, even with nothing known to look for.
    const more = list.add(3, 'RUN2');
    list.requests = 0;
    const second = await since([]);
    expect(ids(second.items)).toEqual(expect.arrayContaining(more));
    expect(list.requests).toBeLessThanOrEqual(3);
  });
}

test('since a mark, a list kept in another order is read through: the window missed a record added', async () => {
  const list = new FakeList('page-size', 'by-id');
  list.add(200);
  const { since } = await list.marked();
  // Ids that sort into the middle of the list, where no end's window looks.
  const added = list.add(3, 'P0001');
  const listing = await since(added);
  expect(listing.items).toHaveLength(203);
  expect(ids(listing.items)).toEqual(expect.arrayContaining(added));
});

test(
  'without a record known to be added, and nothing learnt, since a mark is a whole read: a list kept sorted ' +
    'hides a new record mid-list',
  async () => {
    const list = new FakeList('page-size', 'by-id');
    list.add(100);
    const { since } = await list.marked();
    const [stray] = list.add(1, 'P00005');
    const read = await since([]);
    expect(read.items).toHaveLength(101);
    expect(ids(read.items)).toContain(stray);
  },
);

for (const order of ['oldest-first', 'newest-first'] as const) {
  test(
    `a record the run just made, found at the ${order === 'oldest-first' ? 'end' : 'start'} of a list kept ` +
      `${order}, teaches where records are added`,
    async () => {
      const list = new FakeList('page-size', order);
      list.add(1000);
      const { client, since } = await list.marked();
      const [mine] = list.add(1, 'RUN');
      // An old record found tells nothing; the run's own record does.
      await listAll(client, 'listParcels', {}, undefined, byId('P000000'), false);
      expect(readsSince('listParcels')).toBe(false);
      await listAll(client, 'listParcels', {}, undefined, byId(mine!), true);
      expect(readsSince('listParcels')).toBe(true);
      // A record no test knew it added (a refused request's booking) is then read from the one end, and found.
      const [stray] = list.add(1, 'STRAY');
      list.requests = 0;
      expect(ids((await since([])).items)).toContain(stray);
      expect(list.requests).toBeLessThanOrEqual(2);
    },
  );
}
