// What a request's key decides, judged once for the suites, the exploration and `judge` on recorded traffic: a
// request without X-API-Key is refused (§5 "All endpoints require an X-API-Key header"), the staging trigger too
// (§4.11 "Authenticated with the regular carrier staging API key"), and a trigger sent with a carrier's own key is
// never refused for its key.
import type { Exchange } from '../http/exchange';
import { answerText, is2xx, is4xx, type Judgement } from './judgement';

/**
 * A request sent without X-API-Key: refused with a 4xx, under AUTH-KEY-REQUIRED, and the trigger under TRG-STAGING-KEY
 * too. A redirect or another status that is neither a success nor a 5xx tells nothing, and judges nothing.
 */
export function keylessJudgements(exchange: Exchange): Judgement[] {
  const status = exchange.status;
  if (!is4xx(status) && !is2xx(status) && status < 500) return [];
  const rules =
    exchange.operationId === 'triggerFirstMileEvent' ? ['AUTH-KEY-REQUIRED', 'TRG-STAGING-KEY'] : ['AUTH-KEY-REQUIRED'];
  const failure = is4xx(status)
    ? undefined
    : `a 4xx refusal of a request without X-API-Key, got ${answerText(exchange)}`;
  return rules.map((rule) => ({ rule, ...(failure ? { failure } : {}) }));
}

/** How a request's key was not the carrier's: a near miss of it, a normalised form of it (case, separators), or the
 * key elsewhere. */
export type WrongKeyKind = 'near miss' | 'normalised' | 'elsewhere';

/**
 * The rule each wrong key is judged under: a near miss is a key that is not valid (§5); a normalised form of the key
 * (its case, its separators) and the key only elsewhere than X-API-Key are refused by implication (shoulds:
 * AUTH-KEY-CASE, AUTH-KEY-HEADER-ONLY).
 */
const WRONG_KEY_RULES: Record<WrongKeyKind, string> = {
  'near miss': 'AUTH-KEY-REQUIRED',
  normalised: 'AUTH-KEY-CASE',
  elsewhere: 'AUTH-KEY-HEADER-ONLY',
};

/**
 * A request whose key was not the carrier's (`what` says how): refused with a 4xx; a success or a 5xx fails, other
 * statuses tell nothing. suites/near-miss-keys.spec.ts sends them on purpose; `judge` reads them from a recording.
 */
export function wrongKeyJudgement(exchange: Exchange, kind: WrongKeyKind, what: string): Judgement | undefined {
  const status = exchange.status;
  const rule = WRONG_KEY_RULES[kind];
  if (!is4xx(status) && !is2xx(status) && status < 500) return undefined;
  return is4xx(status)
    ? { rule }
    : { rule, failure: `a 4xx refusal of a request with ${what}, got ${answerText(exchange)}` };
}

/**
 * TRG-STAGING-KEY: a trigger sent with a carrier's own key (`carrier` names it) is not refused for its key: a 401
 * fails; a 403 may be the carrier's rights over that provider or locker, and other refusals are the body's.
 */
export function stagingKeyTakenJudgement(exchange: Exchange, carrier: string): Judgement {
  return {
    rule: 'TRG-STAGING-KEY',
    ...(exchange.status === 401
      ? { failure: `a trigger with carrier ${carrier}'s own key refused for its key: ${answerText(exchange)}` }
      : {}),
  };
}
