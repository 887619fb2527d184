// What a list's rule asks of each entry beyond the list's shape, judged once for every driver (a suite, the
// exploration, `judge` on recorded traffic): a locker record with a uid (LCK-LIST-RECORDS), a parcel with its
// shipmentStatus and events array (PCL-LIST-STATUS-EVENTS; across places its history kept, PCL-HISTORY-KEPT), a
// provider/model pair as an object (PRV-LIST; §2.2 makes none of its members required).
import { detectList } from '../http/envelope';
import type { Exchange } from '../http/exchange';
import type { Judgement } from './judgement';

type Entry = { [member: string]: unknown } | null;

const ENTRIES: Record<string, { rule: string; holds: (entry: Entry) => boolean; not: string }> = {
  listLockers: {
    rule: 'LCK-LIST-RECORDS',
    holds: (l) => typeof l?.['uid'] === 'string',
    not: 'a locker record with a uid',
  },
  listParcels: {
    rule: 'PCL-LIST-STATUS-EVENTS',
    holds: (p) => typeof p?.['shipmentStatus'] === 'string' && Array.isArray(p?.['events']),
    not: 'a parcel with a shipmentStatus and an events array',
  },
  listProviders: {
    rule: 'PRV-LIST',
    holds: (e) => e !== null && typeof e === 'object' && !Array.isArray(e),
    not: 'a provider/model pair (an object)',
  },
};

/** Each entry of a list answer as its rule asks; nothing for an operation that is no such list. */
export function listEntriesJudgement(exchange: Exchange): Judgement | undefined {
  const asked = ENTRIES[exchange.operationId];
  if (!asked) return undefined;
  const items = (detectList(exchange.body)?.items ?? []) as Entry[];
  const at = items.findIndex((entry) => !asked.holds(entry));
  if (at < 0) return { rule: asked.rule };
  return { rule: asked.rule, failure: `entry /${at} ${JSON.stringify(items[at])?.slice(0, 80)} is no ${asked.not}` };
}

/**
 * PRV-LIST-KEPT (a should): the catalogue no operation changes (§4.4 only reads it) is listed at the run's start
 * (`atStart` pairs, the preflight's read) and now (`now`) alike, both with pairs or both without. Nothing where the
 * start was not counted.
 */
export function catalogueKeptJudgement(atStart: number | undefined, now: number): Judgement | undefined {
  if (atStart === undefined) return undefined;
  const kept = (atStart === 0) === (now === 0);
  return {
    rule: 'PRV-LIST-KEPT',
    ...(kept
      ? {}
      : {
          failure:
            `GET /lockers/providers listed ${atStart} pairs at the run's start and ${now} now: the pairs per ` +
            'provider the service has, which no operation changes',
        }),
  };
}

/**
 * PCL-HISTORY-KEPT: a history keeps its entries (§2.4 "History of events of the parcel"): a list begun once an earlier
 * place had shown the parcel with `seen.count` events (a list, a ParcelUpdates) shows at least as many.
 * Counted, not compared entry by entry: §2.4 leaves an entry's fields open, and two places may write them apart.
 */
export function historyKeptJudgement(what: string, seen: { count: number; where: string }, listed: unknown): Judgement {
  const count = Array.isArray(listed) ? listed.length : undefined;
  const kept = count !== undefined && count >= seen.count;
  return {
    rule: 'PCL-HISTORY-KEPT',
    ...(kept
      ? {}
      : {
          failure:
            `${what}: its events keep the ${seen.count} ${seen.where} showed, got ` +
            `${count === undefined ? JSON.stringify(listed) : count}`,
        }),
  };
}
