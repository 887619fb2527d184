// What the webhook suites judge a delivery's body by in the test that caused it: its body rule's
// problems, and its eventTimestamp against the time of the action.
import { judge } from '../evidence/judge';
import type { Json } from '../http/json';
import type { Delivery } from './types';

/**
 * Allowed clock difference between the target and the harness when comparing eventTimestamp (the
 * target's clock) with the time of the action (the harness's). Arrival times are the harness's own.
 */
const CLOCK_SKEW_MS = 5_000;

/** The delivery has no problem under its body rule (deprecated members are their own should rules). */
export function expectValid(delivery: Delivery, rule: string): void {
  const problems = delivery.findings.filter((f) => f.rule === rule).map((f) => f.problem);
  judge(rule, delivery)
    .expect(problems, `delivery #${delivery.seq} (${delivery.kind ?? 'unclassified'}) is invalid`)
    .toEqual([]);
}

export function timestampNote(delivery: Delivery, actionAt: number): string {
  const stamp = (delivery.body as Json)['eventTimestamp'];
  const parsed = typeof stamp === 'string' ? Date.parse(stamp) : NaN;
  if (Number.isNaN(parsed)) return `eventTimestamp ${JSON.stringify(stamp)} is not a date-time`;
  return parsed >= actionAt - CLOCK_SKEW_MS
    ? 'eventTimestamp is a date-time not earlier than the action'
    : `eventTimestamp ${stamp} is earlier than the action`;
}
