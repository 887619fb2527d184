// A parcel's history of events (§2.4 "events | array | History of events of the parcel"; §4.11 an accepted event is
// applied to the parcel), judged once for the suites, the exploration and `judge` on recorded traffic.
import type { Judgement } from './judgement';

/**
 * Every earlier entry is still in the history, in any order: §2.4 states no order of events ("History of events of
 * the parcel").
 */
function keptAll(before: readonly unknown[], now: readonly unknown[]): boolean {
  const left = new Map<string, number>();
  for (const key of now.map((e) => JSON.stringify(e))) left.set(key, (left.get(key) ?? 0) + 1);
  return before.every((e) => {
    const key = JSON.stringify(e);
    const n = left.get(key) ?? 0;
    left.set(key, n - 1);
    return n > 0;
  });
}

/**
 * TRG-EVENT-HISTORY: after an accepted trigger event, the parcel's events (`after`) grew past what the list showed
 * before it (`before`: the entries, or where only their number is known, the number), every earlier entry kept.
 * `what` names the event and the parcel.
 */
export function eventHistoryJudgement(what: string, before: readonly unknown[] | number, after: unknown): Judgement {
  const events = Array.isArray(after) ? (after as unknown[]) : [];
  const count = typeof before === 'number' ? before : before.length;
  const grew = events.length > count;
  const kept = typeof before === 'number' || keptAll(before, events);
  return {
    rule: 'TRG-EVENT-HISTORY',
    ...(grew && kept
      ? {}
      : {
          failure:
            `${what}: the events grow past the ${count} listed before${kept ? '' : ', earlier ones kept'}, got ` +
            `${Array.isArray(after) ? events.length : JSON.stringify(after)}`,
        }),
  };
}
