// What a network add (§4.10, §8) answers, judged once for every driver: the suites, the exploration and `judge` on
// recorded traffic each say which kind each sent uid is, as far as they know it, and read the same verdicts here.
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';
import { asSent } from '../model/as-sent';
import { successShortfall } from '../http/success-answer';
import { answerText, type Judgement } from './judgement';

/**
 * What a sent uid is, as the driver knows it: the carrier's own locker not yet in the network (`new`), its own already
 * added by an accepted add (`already`), another carrier's or a third party's (`notOwned`), or no locker's (`unknown`).
 */
export type SentKind = 'new' | 'already' | 'notOwned' | 'unknown';

const RULES: Record<SentKind, { rule: string; listed: boolean; what: string }> = {
  new: { rule: 'NET-OWNED-ADDED', listed: true, what: "the carrier's lockers not yet in the network listed as added" },
  already: { rule: 'NET-ONLY-NEW', listed: false, what: 'nothing listed for lockers already in the network' },
  notOwned: { rule: 'NET-NOT-OWNED-SKIPPED', listed: false, what: 'lockers the carrier does not own skipped' },
  unknown: { rule: 'NET-UNKNOWN-SKIPPED', listed: false, what: 'a uid no locker has skipped' },
};

/**
 * One judgement per kind the add sent: the add is accepted with the answer §4.10 documents, and each uid of a kind
 * the answer lists (`listed`, its lockerUids as digits) or not as its rule says. `said` names the uids as the driver
 * knows them, for the message; kinds not sent judge nothing.
 */
export function networkAddJudgements(
  exchange: Exchange,
  sent: ReadonlyMap<string, SentKind>,
  listed: readonly string[],
  said = '',
): Judgement[] {
  const accepted = exchange.status >= 200 && exchange.status < 300;
  const shortfall = accepted ? successShortfall(exchange) : 'a 2xx answer';
  const answered = new Set(listed);
  const judgements: Judgement[] = [];
  const prefix = said ? `sent ${said}; ` : '';
  for (const kind of Object.keys(RULES) as SentKind[]) {
    const uids = [...sent].filter(([, k]) => k === kind).map(([uid]) => uid);
    if (!uids.length) continue;
    const { rule, listed: wanted, what } = RULES[kind];
    if (shortfall !== undefined) {
      judgements.push({ rule, failure: `${prefix}expected ${shortfall}, got ${answerText(exchange, 200)}` });
      continue;
    }
    const wrong = uids.filter((u) => answered.has(u) !== wanted);
    judgements.push({
      rule,
      ...(wrong.length
        ? {
            failure:
              `${prefix}${what}, got ${wrong.join(', ')} ${wanted ? 'not listed' : 'listed as added'} ` +
              `(the answer lists ${listed.join(', ') || 'none'})`,
          }
        : {}),
    });
  }
  return judgements;
}

/**
 * A network record that names its locker names it by the carrier.lockerName the locker has now (§2.5), after every
 * rename; nothing where the record names none (a "where present" rule). `how` says where the name was last seen.
 */
export function networkRecordNameJudgement(record: Json, lockerName: unknown, how: string): Judgement | undefined {
  if (record['lockerName'] === undefined) return undefined;
  const differences = asSent({ lockerName }, { lockerName: record['lockerName'] }).differences;
  return {
    rule: 'NET-RECORD-LOCKER-NAME',
    ...(differences.length
      ? {
          failure:
            `locker ${String(record['lockerUid'])}'s network record named by its carrier.lockerName ` +
            `${JSON.stringify(lockerName)}, ${how}, got lockerName ${JSON.stringify(record['lockerName'])}`,
        }
      : {}),
  };
}
