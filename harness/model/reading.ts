// One read of a list against the model: what it found, under which rule, and at which places; read again within
// the settle time (CIS_LIST_SETTLE_MS) while it finds something, then judged at the read that showed it.
import { judge, notObservable, stops } from '../evidence/judge';
import type { Exchange } from '../http/exchange';
import type { Listing } from '../records/lists/listing';
import { knownNotLag, listLagged, outlastedSettle } from '../records/lists/list-lag';
import { settle } from '../records/lists/settle';
import { REFUSED_KEPT } from '../judgements/no-effect';
import type { World } from './world';

export interface Finding {
  rule: string;
  problem: string;
}

/** What one read of a list showed against the model: the findings, the rules it judged, and what it could not see. */
export interface Reading {
  findings: Finding[];
  judged: Set<string>;
  unseen: { rule: string; reason: string }[];
  /** Exchanges besides the list read a rule was judged at (the write answer a list read is compared with). */
  places?: Map<string, Exchange[]>;
}

/**
 * Findings a list that lags cannot explain, so reading it again is no use: the frame compares only reads begun a settle
 * time after a command named the record (frame.ts), an email's case is no write's, and a lagging list shows a record
 * as it was, never as a refused request sent it. A service that moves a state by itself, or kept a refused write,
 * would otherwise cost the settle time at every later read.
 */
const NOT_LAG: ReadonlySet<string> = new Set([
  'GEN-WRITE-NAMED-ONLY',
  'GEN-STATE-NAMED-ONLY',
  'PCL-EMAIL-AS-SENT',
  REFUSED_KEPT,
]);

/**
 * Reads until `check` finds nothing or the settle time is over, and judges what the last read found.
 * The settle time is waited only where a read disagreed: a target that lists at once costs one read.
 */
export async function settled(
  world: World,
  list: string,
  trail: string,
  read: () => Promise<Listing>,
  check: (listing: Listing) => Reading,
  /** What the model learns of the read, before any judgement of it can stop the sequence. */
  learn: (listing: Listing) => void,
): Promise<Listing> {
  const started = Date.now();
  let reads = 0;
  const readAndCheck = async () => {
    reads += 1;
    const listing = await read();
    return { listing, reading: check(listing) };
  };
  const { listing, reading } = await settle(
    readAndCheck,
    (r) => r.reading.findings.every((f) => NOT_LAG.has(f.rule) || knownNotLag(list, f.rule)),
    world.settleMs,
    list,
  );
  if (reads > 1 && !reading.findings.length) listLagged(list, Date.now() - started);
  if (Date.now() - started >= world.settleMs) for (const f of reading.findings) outlastedSettle(list, f.rule);
  learn(listing);
  for (const { rule, reason } of reading.unseen) notObservable(rule, reason);
  // Every rule the reading judged is recorded before a failed must stops the sequence: the rules that held, the
  // failed ones softly, the last failed must (they come after the shoulds) stopping it. Two rules may find one
  // difference (an allocationType sent is PCL-BOOKING-CREATES's and PCL-RECORD-AS-SENT's): each is recorded.
  const problemsOf = (rule: string) => reading.findings.filter((f) => f.rule === rule).map((f) => f.problem);
  const rank = (rule: string) => (!problemsOf(rule).length ? 0 : stops(rule) ? 2 : 1);
  const ordered = [...reading.judged].sort((a, b) => rank(a) - rank(b));
  ordered.forEach((rule, i) => {
    const j = judge(rule, listing.exchange, ...(reading.places?.get(rule) ?? []));
    const said = `after ${trail}${world.settleMs ? ` (read again for ${world.settleMs} ms)` : ''}`;
    (i === ordered.length - 1 ? j.expect : j.soft)(problemsOf(rule), said).toEqual([]);
  });
  return listing;
}

/** The rule is judged at `exchange` too: the write answer a list read is compared with. */
export function judgeAlso(reading: Reading, rule: string, exchange: Exchange): void {
  reading.judged.add(rule);
  reading.places ??= new Map();
  reading.places.set(rule, [...(reading.places.get(rule) ?? []), exchange]);
}
