// A rule's judgement, made once by a pure function of what was observed (harness/judgements/*) and recorded by
// whichever driver observed it: a suite or the exploration (evidence/judge.ts `hold`) or `judge` on recorded traffic
// (traffic/evidence.ts).

/** One evaluation of a rule: held, or failed with what was expected and what came. */
export interface Judgement {
  rule: string;
  failure?: string;
}
