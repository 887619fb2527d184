import type { Operation } from '../../spec/operations';
import type { Exchange } from '../http/exchange';
import { check, failure } from './types';

/**
 * LCK-GROUPS-UNIQUE-KEY on what a locker holds: §2.1 makes lockerGroups request-only, but a record that
 * shows them shows the locker's groups, and those hold at most one group per key (§8). An update naming
 * a key the locker holds must not leave two groups of it, as an insert that deletes nothing does.
 */
const applies = (exchange: Exchange, op: Operation) =>
  (op.operationId === 'createLocker' || op.operationId === 'updateLocker') && exchange.status >= 200 && exchange.status < 300 && Array.isArray((exchange.body as { lockerGroups?: unknown } | undefined)?.lockerGroups);

export const groupsUniqueKey = check(
  (exchange, op) => {
    if (!applies(exchange, op)) return undefined;
    const keys = ((exchange.body as { lockerGroups: unknown[] }).lockerGroups).map((g) => (g as { key?: unknown } | null)?.key);
    const repeated = keys.findIndex((k, i) => typeof k === 'string' && keys.indexOf(k) !== i);
    if (repeated < 0) return undefined;
    return failure('LCK-GROUPS-UNIQUE-KEY', op, `/lockerGroups/${repeated}`, `at most one group of key ${JSON.stringify(keys[repeated])}`, `${keys.filter((k) => k === keys[repeated]).length} groups of it`);
  },
  (exchange, op) => (applies(exchange, op) ? ['LCK-GROUPS-UNIQUE-KEY'] : []),
);
