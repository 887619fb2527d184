// A list operation read across its pages, up to a bound, stopping once the record looked for is found.
import type { CisClient } from './client';
import { detectList } from './envelope';
import { judge, notObservable } from './evidence/judge';
import { test } from '@playwright/test';
import type { Exchange } from './exchange';
import type { Json } from './json';
import { readPage, type PagingProfile } from './pages';

/** Enough for a staging carrier's parcels at 20 a page; a longer list is reported as not read through. */
const MAX_PAGES = 50;

export interface Listing {
  items: Json[];
  /** Every page was read (or the record was found): a record not among the items is not in the list. */
  complete: boolean;
  /** Why the list was not read through, when it was not. */
  incomplete?: string;
  envelope: string;
  exchange: Exchange;
  pages: number;
}

export async function listAll(
  client: CisClient,
  operationId: string,
  query: Record<string, string>,
  paging?: PagingProfile,
  found?: (item: Json) => boolean,
): Promise<Listing> {
  const first = await client.call(operationId, { query });
  const envelope = detectList(first.body)?.envelope ?? 'none';
  const items: Json[] = [];
  let exchange = first;
  let pageQuery = query;
  for (let pages = 1; ; pages++) {
    if (exchange.status < 200 || exchange.status >= 300) return { items, complete: false, incomplete: `page ${pages} was answered ${exchange.status}`, envelope, exchange: first, pages };
    const page = readPage(exchange, pageQuery, paging);
    items.push(...(page.items as Json[]));
    if (found && (page.items as Json[]).some(found)) return { items, complete: true, envelope, exchange: first, pages };
    if (page.unrecognised) return { items, complete: false, incomplete: page.unrecognised, envelope, exchange: first, pages };
    if (!page.next) return { items, complete: true, envelope, exchange: first, pages };
    if (pages >= MAX_PAGES) return { items, complete: false, incomplete: `more than ${MAX_PAGES} pages`, envelope, exchange: first, pages };
    if ('url' in page.next) {
      exchange = await client.call(operationId, { url: page.next.url });
    } else {
      pageQuery = { ...query, ...page.next.query };
      exchange = await client.call(operationId, { query: pageQuery });
    }
  }
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
