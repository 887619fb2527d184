// Two carriers under one carrierParcelId (§5 "Each API key belongs to one carrier"; §2.3: carrierParcelId is the
// carrier's own id), judged once for the suites, the exploration and `judge` on recorded traffic (ISO-CARRIER-IDS):
// a carrier's booking under an id the other carrier uses is taken, and each carrier's parcel of it is its own.
import type { Exchange } from '../http/exchange';
import { answerText, asItWas, notTaken, type Judgement } from './judgement';

const RULE = 'ISO-CARRIER-IDS';

/**
 * A booking under carrierParcelId `id`, which the other carrier uses, is accepted; where `control` is given (the same
 * booking under another id, accepted), a refusal fails only next to it.
 */
export function sharedIdTakenJudgement(
  exchange: Exchange,
  id: unknown,
  control?: Exchange,
  what = 'booking',
): Judgement {
  return {
    rule: RULE,
    ...(notTaken(exchange, control)
      ? {
          failure:
            `a ${what} under ${String(id)} (a carrierParcelId the other carrier uses) accepted, got ` +
            `${answerText(exchange)}${control ? `, where the same under another id was (${control.status})` : ''}`,
        }
      : {}),
  };
}

/** One carrier's write to its parcel of the shared id left the other carrier's as it was (`before`, `after`). */
export function sharedIdKeptJudgement(what: string, before: unknown, after: unknown): Judgement {
  return asItWas(RULE, what, before, after);
}

/** A carrier's list shows its own parcel of the shared id only: none in the other carrier's locker (`theirs`). */
export function sharedIdListedJudgement(
  listedLockerUids: readonly unknown[],
  theirs: unknown,
  whose: string,
): Judgement {
  const leaked = listedLockerUids.some((u) => String(u) === String(theirs));
  return {
    rule: RULE,
    ...(leaked
      ? { failure: `${whose} list shows its own parcel of the id only, got one in locker ${String(theirs)}` }
      : {}),
  };
}
