// A rule's judgement, made once by a pure function of what was observed (harness/judgements/*) and recorded by
// whichever driver observed it: a suite or the exploration (evidence/judge.ts `hold`) or `judge` on recorded traffic
// (traffic/evidence.ts).
import type { Exchange } from '../http/exchange';
import { abbreviate } from '../http/text';

/** One evaluation of a rule: held, or failed with what was expected and what came. */
export interface Judgement {
  rule: string;
  failure?: string;
}

/** An answer as a failure shows what came: its status and the start of its body. */
export const answerText = (exchange: Exchange, length = 120): string =>
  `${exchange.status} ${abbreviate(exchange.text, length)}`.trim();
