// LCK-UPDATE-GROUPS-KEPT on a recording, where the service shows lockerGroups in its answers (they are no
// member of §2.1's record, so only there): an accepted update that did not send lockerGroups is answered
// with the groups the locker was last shown with before it. An update in flight with another write to the
// locker (either begun before the other was answered) is left unjudged: the service may apply the two in
// either order, and the recording cannot say which. A write begun later is seen later, so each update waits
// for the end of the recording. What a network add or a status change does to groups is not shown: the groups held
// are those shown by an answer begun after the last of them that named the locker was answered.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { groupsKeptJudgement } from '../../judgements/locker-groups';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import type { LockersShown } from '../learnt/lockers-shown';
import { is2xx, type Recorded } from '../recorded/recorded';
import type { TrafficRule } from './traffic-rule';

interface Kept {
  uid: string;
  before: unknown[];
  answered: unknown;
  r: Recorded;
  entry: HarEntry;
  /** Another write to the locker was in flight with it. */
  overlapped: boolean;
}

export class GroupsKept implements TrafficRule {
  /** Each locker's updates that sent no groups, awaiting the end of the recording. */
  private readonly waiting = new Map<string, Kept[]>();
  /** Each locker's latest answer to an update so far (Infinity: one was never answered, and may land any time). */
  private readonly lastWriteEnd = new Map<string, number>();
  /** Each locker's latest answer to a network add or a status change that named it. */
  private readonly otherWriteEnd = new Map<string, number>();

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly lockers: LockersShown,
  ) {}

  /** An update with no answer may have been applied: it is in flight with every update begun after it. */
  unanswered(r: Recorded, op: Operation): void {
    if (op.operationId === 'updateLocker') this.wrote(r.params['uid'] ?? '', r);
    if (op.operationId === 'addNetworkLockers' || op.operationId === 'updateLockerStatus') this.named(r);
  }

  /**
   * Called before learnt/lockers-shown.ts learns the update's answer: what the locker was shown as is
   * still the earlier showing.
   */
  see(r: Recorded, op: Operation, entry: HarEntry): void {
    // A refused write changed nothing; any other (accepted, a 5xx) may have.
    if (r.exchange.status >= 400 && r.exchange.status < 500) return;
    if (op.operationId === 'addNetworkLockers' || op.operationId === 'updateLockerStatus') return this.named(r);
    if (op.operationId !== 'updateLocker') return;
    const uid = r.params['uid'] ?? '';
    const inFlight = this.wrote(uid, r);
    if (!is2xx(r.exchange.status) || r.cut) return;
    const sent = r.exchange.request.body as Json | undefined;
    const answered = r.exchange.body as Json | undefined;
    if (!sent || typeof sent !== 'object' || 'lockerGroups' in sent || !Array.isArray(answered?.['lockerGroups']))
      return;
    const before = this.lockers.last(uid, r.carrier);
    // Groups shown empty prove nothing kept: a service that stores none would pass.
    if (!before || !Array.isArray(before.lockerGroups) || before.lockerGroups.length === 0 || before.at > r.startedAt)
      return;
    if (before.startedAt < (this.otherWriteEnd.get(uid) ?? -Infinity)) return;
    const kept: Kept = {
      uid,
      before: before.lockerGroups,
      answered: answered['lockerGroups'],
      r,
      entry,
      overlapped: inFlight,
    };
    (this.waiting.get(uid) ?? this.waiting.set(uid, []).get(uid)!).push(kept);
  }

  /** A network add or a status change: the uids its body names (any member or item that reads as one). */
  private named(r: Recorded): void {
    const body = (r.exchange.request.body ?? {}) as Json;
    const values = Object.values(body).flatMap((v) => (Array.isArray(v) ? v : [v]));
    const end = r.exchange.status === 0 ? Infinity : r.endedAt || Infinity;
    for (const value of values)
      if (typeof value === 'string' || typeof value === 'number')
        this.otherWriteEnd.set(String(value), Math.max(this.otherWriteEnd.get(String(value)) ?? -Infinity, end));
  }

  finish(): void {
    for (const kept of [...this.waiting.values()].flat()) {
      if (kept.overlapped) continue;
      const held = groupsKeptJudgement(kept.uid, kept.before, kept.answered);
      this.evidence.judge('across', held.rule, { exchange: kept.r.exchange, entry: kept.entry }, held.failure);
    }
    this.waiting.clear();
  }

  /**
   * A write to the locker, seen in the traffic's order: whether it was in flight with an earlier one; the earlier
   * updates still being answered when it began were in flight with it.
   */
  private wrote(uid: string, r: Recorded): boolean {
    const end = r.exchange.status === 0 ? Infinity : r.endedAt || Infinity;
    for (const kept of this.waiting.get(uid) ?? [])
      if (kept.r !== r && r.startedAt < (kept.r.endedAt || Infinity)) kept.overlapped = true;
    const before = this.lastWriteEnd.get(uid) ?? -Infinity;
    this.lastWriteEnd.set(uid, Math.max(before, end));
    return r.startedAt < before;
  }
}
