// Given a staging's list of years of records in each paging scheme a real service uses, want what a
// run reads flat in that history: every-record rules judged on a bounded sample, a window since a mark
// that survives a list lagging its writes, and paging without totals still followed.
import { expect, test } from '@playwright/test';
import { listAll } from '../../../../harness/records/lists/listing';
import { forgetLists, readsSince } from '../../../../harness/records/lists/list-since';
import { listEvery } from '../../../../harness/records/lists/list-sample';
import { byId, FakeList, ids, type Scheme } from '../../../support/fake-list';

test.beforeEach(() => forgetLists());

const NUMBERED: Scheme[] = ['page-size', 'spring', 'page-from-1', 'offset-limit'];

for (const scheme of NUMBERED) {
  for (const order of ['oldest-first', 'newest-first'] as const) {
    test(
      `every listed record of a ${scheme} list kept ${order}: the first page and the last two, whatever the ` +
        `history`,
      async () => {
        const costs: number[] = [];
        for (const history of [2_000, 20_000]) {
          const list = new FakeList(scheme, order);
          list.add(history);
          const [newest] = list.add(1, 'RUN');
          const sample = await listEvery(list.client(), 'listParcels', {});
          costs.push(list.requests);
          expect(sample.complete).toBe(false);
          expect(sample.sample).toMatch(
            new RegExp(
              `^pages 1, ${history / 20}, ${history / 20 + 1} of ${history / 20 + 1} \\(41 of ${history + 1} records`,
            ),
          );
          // The run's newest record is in the sample at either end the list keeps it.
          expect(ids(sample.items)).toContain(newest);
          expect(new Set(ids(sample.items)).size).toBe(41);
        }
        expect(costs).toEqual([3, 3]);
      },
    );
  }
}

test('a short list is read whole by the sample, and says nothing of a sample', async () => {
  const list = new FakeList('spring');
  list.add(45);
  const listing = await listEvery(list.client(), 'listParcels', {});
  expect(listing).toMatchObject({ complete: true, pages: 3 });
  expect(listing.sample).toBeUndefined();
  expect(ids(listing.items)).toEqual(ids(list.records));
});

for (const scheme of ['link', 'cursor', 'page-no-total'] as const) {
  test(
    `every listed record of a ${scheme} list: its first three pages, and the sample says its end cannot be ` +
      `reached`,
    async () => {
      const list = new FakeList(scheme);
      list.add(5_000);
      const listing = await listEvery(list.client(), 'listParcels', {});
      expect(list.requests).toBe(3);
      expect(listing.items).toHaveLength(60);
      expect(listing.complete).toBe(false);
      expect(listing.sample).toMatch(/^the first 3 pages \(the list is followed page by page/);
    },
  );
}

test(
  'numbered pages without totals are followed until a page falls short: a record on page 3 is found, not taken ' +
    'as missing',
  async () => {
    const list = new FakeList('page-no-total');
    list.add(50);
    const listing = await listAll(list.client(), 'listParcels', {}, undefined, byId('P000045'));
    expect(ids(listing.items)).toContain('P000045');
    const whole = await listAll(list.client(), 'listParcels', {});
    expect(whole).toMatchObject({ complete: true, pages: 3 });
    expect(whole.items).toHaveLength(50);
  },
);

test(
  'a page size capped at 5 whatever size asks: the window since a mark still reads the pages that can hold the ' +
    'run records',
  async () => {
    const list = new FakeList('spring', 'oldest-first', 5);
    list.cap = 5;
    list.add(2_000);
    const { since } = await list.marked();
    const added = list.add(7, 'RUN');
    list.requests = 0;
    const window = await since(added);
    expect(ids(window.items)).toEqual(expect.arrayContaining(added));
    // The first page (the length), the pages the seven can be on at the end, and as many at the start.
    expect(list.requests).toBeLessThanOrEqual(8);
  },
);

test(
  'a list that lags its writes: a window that misses the ' + 'new record is read through, and the end learnt is kept',
  async () => {
    const list = new FakeList('spring');
    list.add(2_000);
    const { since } = await list.marked();
    const [first] = list.add(1, 'RUN');
    // The end is learnt from a record the list shows.
    expect(ids((await since([first!])).items)).toContain(first);
    expect(readsSince('listParcels')).toBe(true);
    const [second] = list.add(1, 'RUN');
    list.hidden = 1;
    const lagging = await since([first!, second!]);
    expect(ids(lagging.items)).not.toContain(second);
    expect(readsSince('listParcels')).toBe(true);
    list.hidden = 0;
    list.requests = 0;
    const shown = await since([first!, second!]);
    expect(ids(shown.items)).toContain(second);
    expect(list.requests).toBeLessThanOrEqual(3);
  },
);

test(
  'a lagging list before any end is learnt: read through ' + 'once, and not taken for a list in another order',
  async () => {
    const list = new FakeList('spring');
    list.add(400);
    const { since } = await list.marked();
    const [mine] = list.add(1, 'RUN');
    list.hidden = 1;
    const missed = await since([mine!]);
    expect(missed.items).toHaveLength(400);
    list.hidden = 0;
    list.requests = 0;
    const window = await since([mine!]);
    expect(ids(window.items)).toContain(mine);
    expect(list.requests).toBeLessThanOrEqual(3);
    expect(readsSince('listParcels')).toBe(true);
  },
);

test(
  'a list seen lagging: the next window that misses is ' + 'read again until the record shows, not the history',
  async () => {
    const list = new FakeList('spring');
    list.add(400);
    const { since } = await list.marked();
    const [mine] = list.add(1, 'RUN');
    list.hidden = 1;
    expect((await since([mine!])).items).toHaveLength(400);
    const [next] = list.add(1, 'RUN');
    list.hidden = 2;
    list.requests = 0;
    setTimeout(() => (list.hidden = 0), 250);
    const shown = await since([mine!, next!]);
    expect(ids(shown.items)).toEqual(expect.arrayContaining([mine, next]));
    // A few window reads (the first page and the pages at either end) while it lags: fewer than the 21 pages of the
    // whole list.
    expect(list.requests).toBeLessThan(21);
    expect(readsSince('listParcels')).toBe(true);
  },
);
