// The writes to each locker, as the recording shows them, and when each was last written: a create (by the uid it
// was answered with), an update (by its path), a status change or a network add (by every text its request carries).
// A write refused with a 4xx changed nothing and is not one; a 5xx or a write never answered may have landed at any
// time (its end is Infinity). The one place `judge` learns which writes to a locker were in flight together: a module
// asks before this one sees the exchange (the registry lists it after them), so what it answers is of the writes
// before; pushes-shown.ts reads them all once the recording is over.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { mentions } from '../recorded/mentions';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
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

/** A write to a locker, as the recording shows it. */
export interface LockerWrite {
  startedAt: number;
  /** When it was answered (Infinity where never, or with a 5xx: it may have landed at any time). */
  endedAt: number;
  /** The member paths it may move (`m.` for every member under m). */
  moves: string[];
  /** Whether its answer showed the record it left (an update's 200 record). */
  shown: boolean;
}

/** What a status change may move (§4.5; which of the two statuses is not stated). */
const STATUS_MEMBERS = ['carrier.status', 'provider.status'];

const objectOf = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** What a write may move: an update's members sent, a status change's statuses (a create or a network add: none). */
function movesOf(r: Recorded, op: Operation): string[] {
  if (op.operationId === 'updateLockerStatus') return STATUS_MEMBERS;
  if (op.operationId !== 'updateLocker') return [];
  return Object.keys(objectOf(r.exchange.request.body) ?? {}).flatMap((m) => [m, `${m}.`]);
}

export class LockerWrites implements TrafficRule {
  /** operationId → locker uid → the latest answer of such a write to it so far. */
  private readonly ends = new Map<string, Map<string, number>>();
  /** Locker uid → every write naming it, in the order seen. */
  private readonly byLocker = new Map<string, LockerWrite[]>();

  see(r: Recorded, op: Operation): void {
    const ends = this.ends.get(op.operationId) ?? this.ends.set(op.operationId, new Map()).get(op.operationId)!;
    const lockers = writtenLockers(r, op);
    if (!lockers.length) return;
    const write: LockerWrite = {
      startedAt: r.startedAt,
      endedAt: endOf(r),
      moves: movesOf(r, op),
      shown: op.operationId === 'updateLocker' && is2xx(r.exchange.status) && objectOf(r.exchange.body) !== undefined,
    };
    for (const uid of lockers) {
      ends.set(uid, Math.max(ends.get(uid) ?? -Infinity, write.endedAt));
      (this.byLocker.get(uid) ?? this.byLocker.set(uid, []).get(uid)!).push(write);
    }
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

  /** Every write naming the locker seen so far. */
  writesTo(uid: string): readonly LockerWrite[] {
    return this.byLocker.get(uid) ?? [];
  }

  /** Whether `r` began before an earlier write to the locker was answered: the two may land in either order. */
  inFlight(uid: string, r: Recorded): boolean {
    return r.startedAt < this.lastEnd(uid);
  }
}
