// The lockers a network add answered as added (§4.10: network locker records, §2.5: lockerUid int64),
// read from the answer's digits: a uid beyond 2^53 read as a double names another locker.
import type { Exchange } from '../../http/exchange';
import { parseExact, type Json } from '../../http/json';

/** The answer's network locker records, int64s exact (BigInt beyond 2^53). */
export function addedRecords(exchange: Exchange): Json[] {
  const body = parseExact(exchange.text);
  return Array.isArray(body) ? (body as Json[]).filter((r) => r !== null && typeof r === 'object') : [];
}

/** The lockerUids the answer lists as added, each as its digits: compare them with a locker record's uid as a
 * string. */
export function addedUids(exchange: Exchange): string[] {
  return addedRecords(exchange).map((r) => String(r['lockerUid']));
}
