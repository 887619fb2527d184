// LCK-UPDATE-GROUPS-KEPT on a recording, where the service shows lockerGroups in its answers (they are no
// member of §2.1's record, so only there): an accepted update that did not send lockerGroups is answered
// with the groups the locker was last shown with before it.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { groupsKeptJudgement } from '../../judgements/locker-groups';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import type { LockersShown } from '../learnt/lockers-shown';
import { is2xx, type Recorded } from '../recorded/recorded';
import type { TrafficRule } from './traffic-rule';

export class GroupsKept implements TrafficRule {
  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly lockers: LockersShown,
  ) {}

  /**
   * Called before learnt/lockers-shown.ts learns the update's answer: what the locker was shown as is
   * still the earlier showing.
   */
  see(r: Recorded, op: Operation, entry: HarEntry): void {
    if (op.operationId !== 'updateLocker' || !is2xx(r.exchange.status) || r.cut) return;
    const sent = r.exchange.request.body as Json | undefined;
    const answered = r.exchange.body as Json | undefined;
    if (!sent || typeof sent !== 'object' || 'lockerGroups' in sent || !Array.isArray(answered?.['lockerGroups']))
      return;
    const uid = r.params['uid'] ?? '';
    const before = this.lockers.last(uid, r.carrier);
    // Groups shown empty prove nothing kept: a service that stores none would pass.
    if (!before || !Array.isArray(before.lockerGroups) || before.lockerGroups.length === 0 || before.at > r.startedAt)
      return;
    const held = groupsKeptJudgement(uid, before.lockerGroups, answered['lockerGroups']);
    this.evidence.judge('across', held.rule, { exchange: r.exchange, entry }, held.failure);
  }
}
