// A list operation read across its pages. A staging keeps every record earlier runs made (nothing can
// be deleted), so what a run looks for must not cost a read of that whole history: where the answer
// numbers its pages and gives the list's length, pages are asked for at once and the last first (a
// list kept oldest first holds the run's records at its end; one kept newest first, on its first
// page); a list named page by page (cursors, Link headers) is followed in turn, up to a bound.
import type { CisClient } from '../../http/client';
import { detectList } from '../../http/envelope';
import { judge, notObservable } from '../../evidence/judge';
import { test } from '@playwright/test';
import type { Exchange } from '../../http/exchange';
import { inParallel } from '../../http/in-parallel';
import { learnOrder, orderKnown, orderOf } from './list-order';
import type { Json } from '../../http/json';
import { firstPageOf, pagePlan, readPage, type PagePlan, type PagingProfile } from '../../http/pages';

/** Pages at the end of a list a search for a just-written record reads before the settle time is over. */
const END_PAGES = 2;
/** Pages followed one after another: enough for a staging carrier's parcels at 20 a page. */
const MAX_PAGES = 50;
/** Pages of a numbered list of known length, read in parallel: a long staging history is still read through. */
const MAX_PLANNED_PAGES = 2_000;

export interface Listing {
  items: Json[];
  /** Every page was read (or the record was found): a record not among the items is not in the list. */
  complete: boolean;
  /** Why the list was not read through, when it was not. */
  incomplete?: string;
  envelope: string;
  exchange: Exchange;
  pages: number;
  /** What part of the list a bounded sample (listEvery) read, where it was not all of it. */
  sample?: string;
}

export type Found = (item: Json) => boolean;

export const ok = (exchange: Exchange) => exchange.status >= 200 && exchange.status < 300;

/**
 * The list read through, or until `found` matches a record. Items are in list order (the latest
 * record of an id last), whichever order the pages were read in.
 */
export async function listAll(
  client: CisClient,
  operationId: string,
  query: Record<string, string>,
  paging?: PagingProfile,
  found?: Found,
  recent = false,
  endOnly = false,
): Promise<Listing> {
  return listFrom(
    client,
    operationId,
    query,
    paging,
    await client.call(operationId, { query }),
    found,
    recent,
    MAX_PAGES,
    endOnly,
  );
}

/** As listAll, from a first page already read (a window read that falls back to a whole read asks for it once). */
export async function listFrom(
  client: CisClient,
  operationId: string,
  query: Record<string, string>,
  paging: PagingProfile | undefined,
  first: Exchange,
  found?: Found,
  recent = false,
  maxInTurn = MAX_PAGES,
  endOnly = false,
): Promise<Listing> {
  const envelope = detectList(first.body)?.envelope ?? 'none';
  if (!ok(first))
    return {
      items: [],
      complete: false,
      incomplete: `page 1 was answered ${first.status}`,
      envelope,
      exchange: first,
      pages: 1,
    };
  const plan = pagePlan(first, query, paging);
  return plan
    ? readPlanned(client, operationId, query, first, plan, envelope, found, recent, endOnly)
    : readInTurn(client, operationId, query, paging, first, envelope, found, maxInTurn);
}

async function readPlanned(
  client: CisClient,
  operationId: string,
  query: Record<string, string>,
  first: Exchange,
  plan: PagePlan,
  envelope: string,
  found?: Found,
  recent = false,
  endOnly = false,
): Promise<Listing> {
  const pages: (Json[] | undefined)[] = [readPage(first, query).items as Json[]];
  const listing = (complete: boolean, incomplete?: string): Listing => {
    const read = pages.filter((p): p is Json[] => p !== undefined);
    return {
      items: read.flat(),
      complete,
      ...(incomplete ? { incomplete } : {}),
      envelope,
      exchange: first,
      pages: read.length,
    };
  };
  const last = plan.rest.length;
  // A record the run made a moment ago, found on the last page or the first of several, says where records are added.
  const learn = (index: number) => {
    if (recent && last > 0 && orderKnown(orderOf(operationId, query)) === undefined && (index === 0 || index === last))
      learnOrder(orderOf(operationId, query), index === 0 ? 'start' : 'end');
  };
  if (found && pages[0]!.some(found)) {
    learn(0);
    return listing(true);
  }
  // Looking for a record: the last pages first, where a list kept oldest first holds the newest records.
  const indices = plan.rest.map((_, i) => i + 1);
  const order = found ? indices.reverse() : indices;
  // A record just written, looked for before the settle time is over, where the list is known to add
  // records: its end only (a lagging list shows it there in a moment); the decisive read goes on.
  const known = orderKnown(orderOf(operationId, query));
  if (found && endOnly && (known === 'start' || known === 'end'))
    order.splice(known === 'start' ? 0 : END_PAGES, order.length);
  const bounded = order.slice(0, MAX_PLANNED_PAGES);
  const most = Math.max(1, client.concurrency);
  // A search asks for the last page alone, then twice as many pages each time: a record near the end
  // costs a request or two, one further in a few round trips. A whole read asks for all it may at once.
  let batch = found ? 1 : most;
  for (let at = 0; at < bounded.length; at += batch, batch = Math.min(most, batch * 2)) {
    const slice = bounded.slice(at, at + batch);
    const answers = await askPages(client, operationId, query, plan, slice);
    for (const [k, answer] of answers.entries()) {
      if (!ok(answer)) return listing(false, `page ${slice[k]! + 1} was answered ${answer.status}`);
      pages[slice[k]!] = readPage(answer, {}).items as Json[];
    }
    const hit = found ? slice.find((index) => pages[index]!.some(found)) : undefined;
    if (hit !== undefined) {
      learn(hit);
      return listing(true);
    }
  }
  if (bounded.length < order.length) return listing(false, `more than ${MAX_PLANNED_PAGES} pages`);
  return listing(true);
}

async function readInTurn(
  client: CisClient,
  operationId: string,
  query: Record<string, string>,
  paging: PagingProfile | undefined,
  first: Exchange,
  envelope: string,
  found?: Found,
  maxPages = MAX_PAGES,
): Promise<Listing> {
  const items: Json[] = [];
  let exchange = first;
  let pageQuery = query;
  // Later pages are read knowing what the first one was numbered (0 or 1), as the first answer showed.
  const firstPage = paging?.firstPage ?? firstPageOf(first, query, paging);
  if (firstPage !== undefined) paging = { ...paging, firstPage };
  for (let pages = 1; ; pages++) {
    if (!ok(exchange))
      return {
        items,
        complete: false,
        incomplete: `page ${pages} was answered ${exchange.status}`,
        envelope,
        exchange: first,
        pages,
      };
    const page = readPage(exchange, pageQuery, paging);
    items.push(...(page.items as Json[]));
    if (found && (page.items as Json[]).some(found)) return { items, complete: true, envelope, exchange: first, pages };
    if (page.unrecognised)
      return { items, complete: false, incomplete: page.unrecognised, envelope, exchange: first, pages };
    if (!page.next) return { items, complete: true, envelope, exchange: first, pages };
    if (pages >= maxPages)
      return { items, complete: false, incomplete: `more than ${maxPages} pages`, envelope, exchange: first, pages };
    if ('url' in page.next) {
      exchange = await client.call(operationId, { url: page.next.url });
    } else {
      pageQuery = { ...query, ...page.next.query };
      exchange = await client.call(operationId, { query: pageQuery });
    }
  }
}

/** The numbered pages of `indices` (1: the second page), asked for together, CIS_CONCURRENCY at a time. */
export function askPages(
  client: CisClient,
  operationId: string,
  query: Record<string, string>,
  plan: PagePlan,
  indices: readonly number[],
): Promise<Exchange[]> {
  return inParallel(indices, client.concurrency, (index) =>
    client.call(operationId, { query: { ...query, ...plan.rest[index - 1]! } }),
  );
}

/**
 * The record the listing found, judged under `rule` to be listed. A record missing from a list read
 * through fails the rule; missing from one the harness could not read through, it proves nothing:
 * the rule is not observable and the test stops there.
 */
export function listed(rule: string, listing: Listing, match: (item: Json) => boolean, what: string): Json {
  const found = listing.items.filter(match).pop();
  if (!found && !listing.complete) {
    const reason = `${what} was not on the ${listing.pages} page(s) read: ${listing.incomplete}`;
    notObservable(rule, reason);
    test.skip(true, `${rule} not observable: ${reason}`);
  }
  judge(rule, listing.exchange).expect(found, `${what} is listed`).toBeDefined();
  return found!;
}
