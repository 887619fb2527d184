// A locker's status change (§4.5 "Updates the status of an existing locker."), judged once for the suites, the
// exploration and `judge` on recorded traffic (LCK-STATUS-CHANGE): it is accepted, and the record then shows the status
// set, on the carrier's side or the provider's (§3 gives a status on both and says not which one a change moves).
import type { Exchange } from '../http/exchange';
import { acceptedShortfall, answerText, type Judgement } from './judgement';

const RULE = 'LCK-STATUS-CHANGE';

/** The statuses a showing of a locker carries: the carrier's side's and the provider's. */
export interface StatusShown {
  carrier: unknown;
  provider: unknown;
}

/** Whether a status change was refused with the 409 whose condition §4.5 does not show ("A 409 response exists."). */
export const refused409 = (exchange: Exchange): boolean => exchange.status === 409;

/**
 * A status change to a status the locker does not show (`what` names it) is accepted: under LCK-STATUS-CHANGE, but
 * a 409, whose condition is not shown, under LCK-STATUS-TAKEN (a should) alone.
 */
export function statusChangeAcceptedJudgements(exchange: Exchange, what: string): Judgement[] {
  if (refused409(exchange))
    return [{ rule: 'LCK-STATUS-TAKEN', failure: `${what} accepted, got ${answerText(exchange)}` }];
  const shortfall = acceptedShortfall(exchange);
  const failure = shortfall ? `${what} accepted: expected ${shortfall}, got ${answerText(exchange)}` : undefined;
  return [{ rule: RULE, ...(failure ? { failure } : {}) }, { rule: 'LCK-STATUS-TAKEN' }];
}

/** Whether a showing carries `status` in a side that did not show it before (`was`, where known). */
export const statusMoved = (shown: StatusShown, status: unknown, was?: StatusShown): boolean =>
  (shown.carrier === status && was?.carrier !== status) || (shown.provider === status && was?.provider !== status);

/**
 * After an accepted change to `status`, a showing of the locker carries it (`shown`: the showings read after it,
 * settled), in a side that did not show it before (`was`, where known: a side that already did proves nothing).
 */
export function statusShownJudgement(
  what: string,
  status: unknown,
  shown: readonly StatusShown[],
  was?: StatusShown,
): Judgement {
  const last = shown.at(-1);
  return {
    rule: RULE,
    ...(shown.some((s) => statusMoved(s, status, was))
      ? {}
      : {
          failure:
            `${what} to show status ${String(status)} after its change to it was accepted, got carrier.status ` +
            `${JSON.stringify(last?.carrier)} (provider.status ${JSON.stringify(last?.provider)}) in ` +
            `${shown.length} showing(s)`,
        }),
  };
}
