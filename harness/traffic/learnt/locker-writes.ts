// When each locker was last written, as the recording shows it: a create (by the uid it was answered with), an update
// (by its path), a status change or a network add (by every text its request carries). A write refused with a 4xx
// changed nothing and is not one; a 5xx or a write never answered may have landed at any time (its end is Infinity).
// The one place `judge` learns which writes to a locker were in flight together: a module asks before this one sees
// the exchange (the registry lists it after them), so what it answers is of the writes before.
import type { Operation } from '../../../spec/operations';
import { mentions } from '../recorded/mentions';
import { idText, type Recorded } from '../recorded/recorded';
import type { TrafficRule } from '../rules/traffic-rule';

const NAMING = new Set(['updateLockerStatus', 'addNetworkLockers']);

/** The lockers a write names, where it is a write to lockers (none for a refused one). */
export function writtenLockers(r: Recorded, op: Operation): string[] {
  const status = r.exchange.status;
  if (status >= 400 && status < 500) return [];
  if (op.operationId === 'updateLocker') return [r.params['uid'] ?? ''];
  if (op.operationId === 'createLocker') {
    const uid = idText((r.exchange.body as { uid?: unknown } | undefined)?.uid);
    return uid === undefined ? [] : [uid];
  }
  return NAMING.has(op.operationId) ? [...mentions(r)] : [];
}

/** When a write was answered: Infinity where it never was, or its outcome is unknown. */
const endOf = (r: Recorded): number =>
  r.exchange.status === 0 || r.exchange.status >= 500 ? Infinity : r.endedAt || Infinity;

export class LockerWrites implements TrafficRule {
  /** operationId → locker uid → the latest answer of such a write to it so far. */
  private readonly ends = new Map<string, Map<string, number>>();

  see(r: Recorded, op: Operation): void {
    const ends = this.ends.get(op.operationId) ?? this.ends.set(op.operationId, new Map()).get(op.operationId)!;
    for (const uid of writtenLockers(r, op)) ends.set(uid, Math.max(ends.get(uid) ?? -Infinity, endOf(r)));
  }

  unanswered(r: Recorded, op: Operation): void {
    this.see(r, op);
  }

  /** The latest answer of a write to the locker so far, of the operations named (every one where none is). */
  lastEnd(uid: string, operations?: readonly string[]): number {
    let last = -Infinity;
    for (const [op, ends] of this.ends)
      if (!operations || operations.includes(op)) last = Math.max(last, ends.get(uid) ?? -Infinity);
    return last;
  }

  /** Whether `r` began before an earlier write to the locker was answered: the two may land in either order. */
  inFlight(uid: string, r: Recorded): boolean {
    return r.startedAt < this.lastEnd(uid);
  }
}
