import type { Operation } from '../../spec/operations';
import type { Exchange } from '../http/exchange';
import { check, failure } from './types';

/**
 * LCK-GROUPS-UNIQUE-KEY on what a locker holds: §2.1 makes lockerGroups request-only, but a record that
 * shows them shows the locker's groups, and those hold at most one group per key (§8). An update naming
 * a key the locker holds must not leave two groups of it, as an insert that deletes nothing does.
 */
const applies = (exchange: Exchange, op: Operation) =>
  (op.operationId === 'createLocker' || op.operationId === 'updateLocker') &&
  exchange.status >= 200 &&
  exchange.status < 300 &&
  Array.isArray((exchange.body as { lockerGroups?: unknown } | undefined)?.lockerGroups);

/**
 * The position of the first group whose key an earlier group had (§8), or -1. In a request (`sent`), the very same
 * group listed twice is one group of its key, as a set of groups takes it; a record shows each group once.
 */
export function repeatedGroupAt(groups: unknown, sent = false): number {
  if (!Array.isArray(groups)) return -1;
  const pairs = groups.map((g) => [(g as { key?: unknown } | null)?.key, (g as { uid?: unknown } | null)?.uid]);
  return pairs.findIndex(
    ([k, u], i) => typeof k === 'string' && pairs.some(([k2, u2], j) => j < i && k2 === k && (!sent || u2 !== u)),
  );
}

const keyAt = (groups: unknown[], i: number) => (groups[i] as { key: string }).key;

/** What is wrong with a request body, under the rule that says such a request is refused. */
export interface Defect {
  rule: string;
  /** `lacks /location/countryCode`, `gives /location/lat a string` */
  what: string;
}

/** Two groups of one key in a request (§2.1, §8): no schema keyword states it. */
export function repeatedGroupKey(body: unknown): Defect | undefined {
  const groups = (body as { lockerGroups?: unknown } | null)?.lockerGroups;
  const at = repeatedGroupAt(groups, true);
  return at < 0
    ? undefined
    : {
        rule: 'LCK-GROUPS-UNIQUE-KEY',
        what: `gives two lockerGroups of key ${JSON.stringify(keyAt(groups as unknown[], at))}`,
      };
}

export const groupsUniqueKey = check(
  (exchange, op) => {
    if (!applies(exchange, op)) return undefined;
    const groups = (exchange.body as { lockerGroups: unknown[] }).lockerGroups;
    const repeated = repeatedGroupAt(groups);
    if (repeated < 0) return undefined;
    const key = keyAt(groups, repeated);
    return failure(
      'LCK-GROUPS-UNIQUE-KEY',
      op,
      `/lockerGroups/${repeated}`,
      `at most one group of key ${JSON.stringify(key)}`,
      `${groups.filter((_, i) => keyAt(groups, i) === key).length} groups of it`,
    );
  },
  (exchange, op) => (applies(exchange, op) ? ['LCK-GROUPS-UNIQUE-KEY'] : []),
);
