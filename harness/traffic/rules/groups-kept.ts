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
import { writtenLockers, type LockerWrites } from '../learnt/locker-writes';
import type { LockersShown } from '../learnt/lockers-shown';
import { is2xx, type Recorded } from '../recorded/recorded';
import type { TrafficRule } from './traffic-rule';

/** What these do to a locker's groups is not shown: groups are held only to a showing since the last of them. */
const NAMING_GROUPS_UNKNOWN = ['addNetworkLockers', 'updateLockerStatus'];

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

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly lockers: LockersShown,
    private readonly writes: LockerWrites,
  ) {}

  /** A write with no answer may have been applied: it is in flight with every update begun after it. */
  unanswered(r: Recorded, op: Operation): void {
    this.laterWrite(r, op);
  }

  /**
   * Called before learnt/lockers-shown.ts learns the update's answer (what the locker was shown as is still the
   * earlier showing), and before learnt/locker-writes.ts notes the write (what it tells is of the writes before).
   */
  see(r: Recorded, op: Operation, entry: HarEntry): void {
    this.laterWrite(r, op);
    if (op.operationId !== 'updateLocker' || !is2xx(r.exchange.status) || r.cut) return;
    const uid = r.params['uid'] ?? '';
    const sent = r.exchange.request.body as Json | undefined;
    const answered = r.exchange.body as Json | undefined;
    if (!sent || typeof sent !== 'object' || 'lockerGroups' in sent || !Array.isArray(answered?.['lockerGroups']))
      return;
    const before = this.lockers.last(uid, r.carrier);
    if (!before || !Array.isArray(before.lockerGroups) || before.at > r.startedAt) return;
    // Groups a list showed empty prove nothing (a list may leave out what only answers show); a write's answer showing
    // none, then an update's answer showing some, shows groups that came back.
    if (before.lockerGroups.length === 0 && (before.listed || answered['lockerGroups'].length === 0)) return;
    if (before.startedAt < this.writes.lastEnd(uid, NAMING_GROUPS_UNKNOWN)) return;
    const kept: Kept = {
      uid,
      before: before.lockerGroups,
      answered: answered['lockerGroups'],
      r,
      entry,
      overlapped: this.writes.inFlight(uid, r),
    };
    (this.waiting.get(uid) ?? this.waiting.set(uid, []).get(uid)!).push(kept);
  }

  finish(): void {
    for (const kept of [...this.waiting.values()].flat()) {
      if (kept.overlapped) continue;
      const held = groupsKeptJudgement(kept.uid, kept.before, kept.answered);
      this.evidence.judge('across', held.rule, { exchange: kept.r.exchange, entry: kept.entry }, held.failure);
    }
    this.waiting.clear();
  }

  /** A write to lockers, seen in the traffic's order: the updates still being answered when it began were in flight
   * with it. */
  private laterWrite(r: Recorded, op: Operation): void {
    for (const uid of writtenLockers(r, op))
      for (const kept of this.waiting.get(uid) ?? [])
        if (kept.r !== r && r.startedAt < (kept.r.endedAt || Infinity)) kept.overlapped = true;
  }
}
