// A locker's groups, judged once for the suites and `judge` on recorded traffic (§2.1: lockerGroups is request-only,
// "omitted on update = unchanged"): an accepted update that did not send lockerGroups leaves the groups as they were.
import type { Json } from '../http/json';
import type { Judgement } from './judgement';

/** Groups as a set: §2.1 states no order of a locker's groups. */
const asSet = (groups: unknown): string[] =>
  Array.isArray(groups)
    ? groups.map((g) => JSON.stringify([(g as Json | null)?.['key'], (g as Json | null)?.['uid']])).sort()
    : [];

/**
 * LCK-UPDATE-GROUPS-KEPT: the groups locker `uid` shows after an update that sent no lockerGroups (`after`) are the
 * ones it was shown with before it (`before`), in any order.
 */
export function groupsKeptJudgement(uid: unknown, before: unknown, after: unknown): Judgement {
  const [had, has] = [asSet(before), asSet(after)];
  const kept = Array.isArray(after) && had.length === has.length && had.every((g, i) => g === has[i]);
  return {
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    ...(kept
      ? {}
      : {
          failure:
            `locker ${String(uid)}'s groups kept by an update that sent no lockerGroups ` +
            `(${JSON.stringify(before)}, as it was shown before), got ${JSON.stringify(after)}`,
        }),
  };
}
