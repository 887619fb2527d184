// A list read since a mark: only the pages that can hold what a test added since, once the run knows
// which end of the list records are added at (list-order.ts); the history is read through otherwise,
// and a list seen lagging its writes has its window read again for the settle time first.
import type { CisClient } from '../../http/client';
import { detectList } from '../../http/envelope';
import type { Exchange } from '../../http/exchange';
import type { Json } from '../../http/json';
import { pagePlan, readPage, type PagingProfile } from '../../http/pages';
import { DEFAULT_SETTLE_MS } from './settle';
import { forgetLags, hasLagged, listLagged, listOf } from './list-lag';
import { forgetListOrders, learnOrder, orderKnown, orderOf, type AddedAt } from './list-order';
import { askPages, listAll, listFrom, ok, type Found, type Listing } from './listing';

/** Where a numbered list stood at a moment: its length then. */
export interface ListMark {
  total: number;
}

/** The list's length now, from its first page; undefined where the answer does not number its pages. */
export async function markList(
  client: CisClient,
  operationId: string,
  query: Record<string, string>,
  paging?: PagingProfile,
): Promise<ListMark | undefined> {
  const first = await client.call(operationId, { query });
  const plan = ok(first) ? pagePlan(first, query, paging) : undefined;
  return plan ? { total: plan.total } : undefined;
}

/** Whether a read since a mark can skip the history of this list: where its records are added is known. */
export function readsSince(operationId: string, query: Record<string, string> = {}): boolean {
  const known = orderKnown(orderOf(operationId, query));
  return known === 'start' || known === 'end' || known === 'either';
}

/** What this worker learnt of the lists and the pages it read, forgotten (the own tests start each case afresh). */
export function forgetLists(): void {
  forgetListOrders();
  forgetLags();
}

/**
 * The records added since `mark`, and whatever else shares their pages: where the list numbers its
 * pages, only the pages that can hold them — as many records as were added, at the end of the list
 * (kept oldest first) and at its start (newest first), or the one end learnt — are read. `added` are
 * the records the caller knows it added since: a window that misses one says the list is kept in
 * another order, and the list is read through. `settleMs`: how long the target's lists may lag a write.
 */
export async function listSince(
  client: CisClient,
  operationId: string,
  query: Record<string, string>,
  paging: PagingProfile | undefined,
  mark: ListMark | undefined,
  added: Found[],
  found?: Found,
  settleMs = DEFAULT_SETTLE_MS,
): Promise<Listing> {
  const list = orderOf(operationId, query);
  const known = orderKnown(list);
  // Where no window can be trusted (nothing learnt, nothing to look for: a list kept sorted would hide a
  // record a refused request made mid-list), the list is read through, or searched for the record wanted.
  if (!mark || known === 'neither' || (known === undefined && added.length === 0))
    return listAll(client, operationId, query, paging, found);
  let window = await readWindow(client, operationId, query, paging, mark, known);
  if ('fallback' in window) return listFrom(client, operationId, query, paging, window.fallback, found);
  const holds = (w: Window, at = [...w.pages.keys()]) =>
    added.every((isAdded) => at.some((index) => w.pages.get(index)!.some(isAdded)));
  // A list seen lagging its writes (a replica, an index) has its window read again for the time a list
  // may lag (the target's settle time), before the history is read through: what the run just wrote shows there in a
  // moment.
  const lagged = hasLagged(listOf(operationId));
  const started = Date.now();
  let again = 0;
  for (const until = started + settleMs; lagged && !holds(window) && Date.now() < until; again += 1) {
    await new Promise((resolve) => setTimeout(resolve, LAG_POLL_MS));
    window = await readWindow(client, operationId, query, paging, mark, known);
    if ('fallback' in window) return listFrom(client, operationId, query, paging, window.fallback, found);
  }
  if (again && holds(window)) listLagged(listOf(operationId), Date.now() - started);
  if (!holds(window)) {
    // A window that misses a record is read through (a record rebooked under its id stays where it was
    // listed first); only a record found there, outside the window, says the window cannot be trusted:
    // one in neither is a list lagging its writes, and the end learnt is kept.
    const pages = window.pages;
    const through = await listFrom(client, operationId, query, paging, window.first, found);
    const missed = added.filter((isAdded) => ![...pages.values()].some((page) => page.some(isAdded)));
    // On a page the window did not read (a record that showed between the two reads is on one it did);
    // a search that stopped at its record holds no page numbers, and any record found there counts.
    const size = window.size;
    const outside = (isAdded: Found) =>
      through.items.some((item, at) => isAdded(item) && (found !== undefined || !pages.has(Math.floor(at / size))));
    if (through.complete && missed.some(outside)) learnOrder(list, 'neither');
    else if (through.complete && !(found && through.items.some(found))) listLagged(listOf(operationId), 0);
    return through;
  }
  if (added.length && (known === undefined || known === 'either')) {
    const atEnd = holds(window, window.tail.length ? window.tail : [0]);
    const atStart = holds(window, [0, ...window.head]);
    learnOrder(list, atEnd && atStart ? 'either' : atEnd ? 'end' : 'start');
  }
  const items = [...window.pages.entries()].sort(([a], [b]) => a - b).flatMap(([, page]) => page);
  return {
    items,
    complete: true,
    envelope: detectList(window.first.body)?.envelope ?? 'none',
    exchange: window.first,
    pages: window.pages.size,
  };
}

/** Between two reads of the window of a list seen lagging. */
const LAG_POLL_MS = 100;

type Window = { first: Exchange; pages: Map<number, Json[]>; head: number[]; tail: number[]; size: number };

/** The first page and the pages that can hold what was added since `mark`, at the end learnt or at both; or the first
 * answer to fall back from. */
async function readWindow(
  client: CisClient,
  operationId: string,
  query: Record<string, string>,
  paging: PagingProfile | undefined,
  mark: ListMark,
  known: AddedAt | undefined,
): Promise<Window | { fallback: Exchange }> {
  const first = await client.call(operationId, { query });
  const plan = ok(first) ? pagePlan(first, query, paging) : undefined;
  if (!plan || plan.total < mark.total) return { fallback: first };
  const count = plan.rest.length + 1;
  const span = Math.ceil((plan.total - mark.total) / plan.size) + 1;
  const head = known === 'end' ? [] : Array.from({ length: Math.max(0, Math.min(span, count) - 1) }, (_, i) => i + 1);
  const tailFrom = Math.max(1, Math.floor(mark.total / plan.size));
  const tail = known === 'start' ? [] : Array.from({ length: Math.max(0, count - tailFrom) }, (_, i) => tailFrom + i);
  const indices = [...new Set([...head, ...tail])].sort((a, b) => a - b);
  const answers = await askPages(client, operationId, query, plan, indices);
  if (answers.some((a) => !ok(a))) return { fallback: first };
  const pages = new Map<number, Json[]>([
    [0, readPage(first, query).items as Json[]],
    ...answers.map((a, k): [number, Json[]] => [indices[k]!, readPage(a, {}).items as Json[]]),
  ]);
  return { first, pages, head, tail, size: plan.size };
}
