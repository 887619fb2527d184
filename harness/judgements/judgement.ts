// A rule's judgement, made once by a pure function of what was observed (harness/judgements/*) and recorded by
// whichever driver observed it: a suite or the exploration (evidence/judge.ts `hold`) or `judge` on recorded traffic
// (traffic/evidence.ts).
import type { Exchange } from '../http/exchange';
import { successShortfall } from '../http/success-answer';
import { abbreviate } from '../http/text';

/** One evaluation of a rule: held, or failed with what was expected and what came. */
export interface Judgement {
  rule: string;
  failure?: string;
}

/** An answer as a failure shows what came: its status and the start of its body. */
export const answerText = (exchange: Exchange, length = 120): string =>
  `${exchange.status} ${abbreviate(exchange.text, length)}`.trim();

export const is2xx = (status: number): boolean => status >= 200 && status < 300;
export const is4xx = (status: number): boolean => status >= 400 && status < 500;

/** Answers that say nothing of what a request carried: a key's, a proxy's, a timeout's, a rate limit's, a gateway's. */
export const NOT_ABOUT_THE_REQUEST: ReadonlySet<number> = new Set([401, 403, 407, 408, 429, 502, 503, 504]);

/** A 4xx refusing what the request carried, not its key, a timeout or a rate. */
export const refusedForContent = (status: number): boolean => is4xx(status) && !NOT_ABOUT_THE_REQUEST.has(status);

/** Why an answer is no acceptance: not a 2xx, or a 2xx short of the answer its operation documents (toSucceed's). */
export const acceptedShortfall = (exchange: Exchange): string | undefined =>
  is2xx(exchange.status) ? successShortfall(exchange) : 'a 2xx answer';

/**
 * Whether a request that may be refused for what the spec leaves open (a capacity §8 does not state) failed to be
 * taken: not accepted, and, where a `control` was sent (the same request otherwise named, accepted), only beside it.
 */
export const notTaken = (answer: Exchange, control?: Exchange): boolean =>
  !is2xx(answer.status) && (control === undefined || is2xx(control.status));

/** `rule` held where what a write did not name (`what`) shows after it as before it (`before`, `after`). */
export function asItWas(rule: string, what: string, before: unknown, after: unknown): Judgement {
  return {
    rule,
    ...(after === before
      ? {}
      : { failure: `${what} as it was (${JSON.stringify(before)}), got ${JSON.stringify(after)}` }),
  };
}
