// Rules about every listed record, judged on a bounded sample of the list: a staging keeps years of
// records and nothing can be deleted, so reading them all makes every run cost more than the last.
import type { CisClient } from '../../http/client';
import { detectList } from '../../http/envelope';
import { observe } from '../../evidence/judge';
import type { Json } from '../../http/json';
import { pagePlan, readPage, type PagingProfile } from '../../http/pages';
import { askPages, listFrom, ok, type Listing } from './listing';

/** Pages at the end of a numbered list a sample reads besides the first: where a list kept oldest first holds the run's
 * records. */
const SAMPLE_END_PAGES = 2;
/** Pages a sample follows in turn where the list cannot be skipped through (cursors, Link headers, no totals). */
const SAMPLE_PAGES_IN_TURN = 3;

/**
 * A bounded sample of the records the list shows, for rules that hold for every listed record: a
 * staging keeps years of records and nothing can be deleted, so reading them all makes every run cost
 * more than the last. Where the list numbers its pages, its first page and its last pages (a list
 * kept oldest first holds the run's newest records there, one kept newest first on its first page);
 * where it is followed page by page, its first pages. `complete` only where that was every page;
 * `sample` says what was read otherwise, for the certificate (sampleScope).
 */
export async function listEvery(
  client: CisClient,
  operationId: string,
  query: Record<string, string>,
  paging?: PagingProfile,
): Promise<Listing> {
  const first = await client.call(operationId, { query });
  const envelope = detectList(first.body)?.envelope ?? 'none';
  const plan = ok(first) ? pagePlan(first, query, paging) : undefined;
  if (!plan) {
    const listing = await listFrom(client, operationId, query, paging, first, undefined, false, SAMPLE_PAGES_IN_TURN);
    return listing.incomplete !== `more than ${SAMPLE_PAGES_IN_TURN} pages`
      ? listing
      : {
          ...listing,
          sample:
            `the first ${listing.pages} pages (the list is followed page by page: its end cannot be reached ` +
            `without reading all of it)`,
        };
  }
  const count = plan.rest.length + 1;
  const indices = Array.from({ length: Math.min(SAMPLE_END_PAGES, count - 1) }, (_, i) => count - 1 - i).reverse();
  const answers = await askPages(client, operationId, query, plan, indices);
  const refused = answers.findIndex((a) => !ok(a));
  if (refused >= 0)
    return {
      items: [],
      complete: false,
      incomplete: `page ${indices[refused]! + 1} was answered ${answers[refused]!.status}`,
      envelope,
      exchange: first,
      pages: 1,
    };
  const items = [readPage(first, query).items as Json[], ...answers.map((a) => readPage(a, {}).items as Json[])].flat();
  const complete = indices.length === count - 1;
  const pages = [1, ...indices.map((i) => i + 1)];
  return {
    items,
    complete,
    ...(complete
      ? {}
      : {
          incomplete: 'a sample',
          sample:
            `pages ${pages.join(', ')} of ${count} (${items.length} of ${plan.total} records: the first page ` +
            `and the last)`,
        }),
    envelope,
    exchange: first,
    pages: pages.length,
  };
}

/** Says, under each rule judged on it, what part of the list a sample read (a verdict states its scope); the listing,
 * to judge on. */
export function sampleScope(listing: Listing, ...rules: string[]): Listing {
  if (listing.sample)
    for (const rule of rules)
      observe(rule, `${listing.exchange.operationId}: every listed record judged on a sample, ${listing.sample}`);
  return listing;
}
