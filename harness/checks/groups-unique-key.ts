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

/** The position of the first group whose key an earlier group had (§8), or -1: for requests and records alike. */
export function repeatedGroupAt(groups: unknown): number {
  if (!Array.isArray(groups)) return -1;
  const keys = groups.map((g) => (g as { key?: unknown } | null)?.key);
  return keys.findIndex((k, i) => typeof k === 'string' && keys.indexOf(k) !== i);
}

const keyAt = (groups: unknown[], i: number) => (groups[i] as { key: string }).key;

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
