// A list read in whole on a recording: answered 2xx, not cut short by the recorder, asked with no query
// (no filter, no page) and showing no next page. Only such a list proves a record missing from it; any
// list, whole or not, shows what its records are. A list may lag the writes before it (§4.2, §4.8 state
// nothing of when a write shows), so what a write left missing or as before is a failure only in a list
// begun `settleMs` after the write was answered: an earlier one leaves the write to a later list.
import type { Exchange } from '../../http/exchange';
import { detectList } from '../../http/envelope';
import type { Json } from '../../http/json';
import { readPage } from '../../http/pages';
import { is2xx, type Recorded } from './recorded';

// Several rules read each list answer: it is read once, for all of them.
const records = new WeakMap<Exchange, Json[]>();
const whole = new WeakMap<Recorded, Json[] | null>();

/** The records a list answer shows (any page, filtered or not), or none where it shows no list. */
export function listedRecords(exchange: Exchange): Json[] {
  const known = records.get(exchange);
  if (known) return known;
  const read = (detectList(exchange.body)?.items ?? []).filter(
    (p): p is Json => p !== null && typeof p === 'object' && !Array.isArray(p),
  );
  records.set(exchange, read);
  return read;
}

/** The records of a list read in whole, or undefined where the answer is not the whole list. */
export function wholeList(r: Recorded): Json[] | undefined {
  const known = whole.get(r);
  if (known !== undefined) return known ?? undefined;
  let read: Json[] | null = null;
  if (is2xx(r.exchange.status) && !r.cut && Object.keys(r.query).length === 0) {
    const page = readPage(r.exchange, {});
    if (!page.next && !page.unrecognised) read = listedRecords(r.exchange);
  }
  whole.set(r, read);
  return read ?? undefined;
}

/** A list begun this long after a write was answered shows it, on a service whose lists lag no longer. */
export const settledAfter = (writeEndedAt: number, list: Recorded, settleMs: number): boolean =>
  list.startedAt >= writeEndedAt + settleMs;
