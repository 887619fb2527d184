// TRG-PROVIDER-LOCKER-ID on a recording: provider_locker_id is the provider-side id, not interchangeable
// with the platform uid (§4.11), so a trigger giving a locker's platform uid there (a uid the key's answers
// showed for a locker whose provider.lockerUid they showed as another value, and no locker's
// provider.lockerUid) is refused (TRG-PROVIDER-LOCKER-ID-REJECTED, a should) and acts on no parcel of that
// locker (judgements/trigger-lockers.ts). Refused or accepted, it is judged where the carrier's last whole
// parcel list before it, begun the list settle time after any write to the parcel, showed the parcel in that
// locker (the next such list must show it as it was: status and events) or showed no parcel of that id (the
// next must not show one in that locker). Another trigger or a cancel of the parcel, by either identifier, in
// between leaves it unjudged.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import {
  platformUidNoEffectJudgement,
  platformUidRefusedJudgement,
  platformUidRefusedNothingJudgement,
} from '../../judgements/trigger-lockers';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import type { LockersShown } from '../learnt/lockers-shown';
import { idText, is2xx, REFUSALS, type Recorded } from '../recorded/recorded';
import { wholeList } from '../recorded/whole-list';
import type { TrafficRule } from './traffic-rule';

interface Pending {
  lockerUid: string;
  endedAt: number;
  /** What the last whole list before the trigger showed of the parcel in that locker; absent: it showed none of that
   * id. */
  before?: Json;
  r: Recorded;
  entry: HarEntry;
}

export class TriggerLockers implements TrafficRule {
  /** carrier → the last whole parcel list: each id's record, and when it began. */
  private readonly lastList = new Map<string, { byId: Map<string, Json>; startedAt: number }>();
  /** `carrier\0parcel id` (either identifier) → when a write to it last ended: a list sooner may not show it yet. */
  private readonly written = new Map<string, number>();
  /** `carrier\0parcel id` → the accepted trigger awaiting the next settled whole list. */
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly lockers: LockersShown,
    private readonly settleMs: number,
  ) {}

  /** A write with no answer may have been applied: seen as any other, by its status 0. */
  unanswered(r: Recorded, op: Operation, entry: HarEntry): void {
    this.see(r, op, entry);
  }

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    if (!r.carrier) return;
    if (op.operationId === 'triggerFirstMileEvent') return this.triggered(r, entry);
    if (op.operationId === 'cancelParcel') return this.touched(r.carrier, r.params['parcelId'] ?? '', r);
    if (op.operationId === 'publishParcel' || op.operationId === 'publishParcelByCarrierLockerId') {
      const id = idText((r.exchange.request.body as Json | undefined)?.['carrierParcelId']);
      if (id) this.touched(r.carrier, id, r);
    }
    if (op.operationId === 'listParcels' && is2xx(r.exchange.status)) this.listed(r);
  }

  /** A write to the parcel (any answer, or none): what a trigger before it did can no longer be told apart. */
  private touched(carrier: string, id: string, r: Recorded): void {
    const record = this.lastList.get(carrier)?.byId.get(id);
    const ids = [id, idText(record?.['carrierParcelId']), idText(record?.['shipmentUid'])].filter(
      (x): x is string => x !== undefined,
    );
    for (const x of ids) {
      this.pending.delete(`${carrier}\u0000${x}`);
      this.written.set(`${carrier}\u0000${x}`, r.endedAt || r.startedAt);
    }
  }

  private triggered(r: Recorded, entry: HarEntry): void {
    const body = r.exchange.request.body as Json | undefined;
    const parcel = idText(body?.['parcel_id']);
    const given = idText(body?.['provider_locker_id']);
    if (!parcel || !given) return;
    const status = r.exchange.status;
    const wroteAt = this.written.get(`${r.carrier}\u0000${parcel}`);
    this.touched(r.carrier, parcel, r);
    const locker = this.lockers.last(given, r.carrier);
    const platformUid =
      locker !== undefined &&
      locker.providerLockerUid !== undefined &&
      locker.providerLockerUid !== given &&
      !this.lockers.isProviderLockerUid(given);
    if (!platformUid || status < 100 || status >= 500) return;
    if (!is2xx(status) && !REFUSALS.has(status)) return;
    const refused = platformUidRefusedJudgement(r.exchange, given, locker.providerLockerUid);
    for (const held of [refused, platformUidRefusedNothingJudgement(r.exchange)])
      if (held) this.evidence.judge('across', held.rule, { exchange: r.exchange, entry }, held.failure);
    // Judged only against a whole list begun the settle time after any write to the parcel before the trigger.
    const list = this.lastList.get(r.carrier);
    if (!list || (wroteAt !== undefined && list.startedAt < wroteAt + this.settleMs)) return;
    const shown = list.byId.get(parcel);
    if (shown && idText(shown['lockerUid']) !== given) return;
    this.pending.set(`${r.carrier}\u0000${parcel}`, {
      lockerUid: given,
      endedAt: r.endedAt || r.startedAt,
      ...(shown ? { before: shown } : {}),
      r,
      entry,
    });
  }

  private listed(r: Recorded): void {
    const items = wholeList(r);
    if (!items) return;
    const byId = new Map<string, Json>();
    for (const p of items)
      for (const key of ['carrierParcelId', 'shipmentUid']) if (idText(p[key])) byId.set(idText(p[key])!, p);
    for (const [key, p] of this.pending) {
      const [carrier, parcel] = key.split('\u0000') as [string, string];
      if (carrier !== r.carrier || r.startedAt < p.endedAt + this.settleMs) continue;
      this.pending.delete(key);
      const now = byId.get(parcel);
      // Shown before: the next list shows it as it was (a parcel the list no longer shows tells nothing). Not shown
      // before: the next shows none of that id in the locker.
      const after = p.before ? [now ?? p.before] : now && idText(now['lockerUid']) === p.lockerUid ? [now] : [];
      const where = `a list begun ${((r.startedAt - p.endedAt) / 1000).toFixed(1)} s after`;
      const held = platformUidNoEffectJudgement(p.lockerUid, p.before ? [p.before] : [], after, where);
      this.evidence.judge(
        'across',
        held.rule,
        { exchange: p.r.exchange, entry: p.entry, places: ['listParcels'] },
        held.failure,
      );
    }
    this.lastList.set(r.carrier, { byId, startedAt: r.startedAt });
  }
}
