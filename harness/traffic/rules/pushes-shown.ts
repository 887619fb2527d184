// WH-LOCKER-BODY and WH-PARCEL-BODY across places on a recording: every LockerUpdates or ParcelUpdates about a record
// the traffic showed (in a create's or an update's answer, in any list's records, whole or not) shows one form the
// record was shown in, every member but those the rules excuse: the judgement the exploration makes of every delivery
// of a run (model/pushes.ts). A push may come late (§6 states no order), so every form shown in the whole recording
// counts. What a write may have moved that no later answer showed is excused: a push may show its outcome, which the
// recording never did (a status change's status members; an update's members sent); so is what a write begun within the
// push wait before the push moved (the push may show it or not), and a locker's carrier and location members where two
// writes to it were in flight together, as the exploration excuses them.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { lockerPushJudgement } from '../../judgements/locker-push';
import { parcelPushRecordJudgement } from '../../judgements/parcel-push';
import type { Judgement } from '../../judgements/judgement';
import type { TrafficEvidence } from '../evidence';
import type { LockerWrites } from '../learnt/locker-writes';
import type { RecordedDelivery } from '../recorded/delivery';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { listedRecords } from '../recorded/whole-list';
import type { TrafficRule } from './traffic-rule';

interface Shown {
  record: Json;
  /** When the request of the answer that showed it began. */
  startedAt: number;
}

const objectOf = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

export class PushesShown implements TrafficRule {
  private readonly pushes: RecordedDelivery[] = [];
  /** Locker uid → each form an answer showed, by its text. */
  private readonly lockers = new Map<string, Map<string, Shown>>();
  /** shipmentUid → each form a list showed, by its text. */
  private readonly parcels = new Map<string, Map<string, Shown>>();

  constructor(
    private readonly evidence: TrafficEvidence,
    /** The writes to each locker (learnt/locker-writes.ts), read once the recording is over. */
    private readonly writes: LockerWrites,
    /** How long a list may lag a write: a form shown sooner after it may be the one before. */
    private readonly settleMs: number,
    /** How long after its cause a push may come: writes begun so long before it may or may not show in it. */
    private readonly waitMs: number,
  ) {}

  delivery(d: RecordedDelivery): void {
    const { kind, body } = d.received;
    if (!d.cut && (kind === 'LockerUpdates' || kind === 'ParcelUpdates') && objectOf(body)) this.pushes.push(d);
  }

  see(r: Recorded, op: Operation): void {
    if (!is2xx(r.exchange.status) || r.cut) return;
    const id = op.operationId;
    const records =
      id === 'listLockers' || id === 'listParcels'
        ? listedRecords(r.exchange)
        : id === 'createLocker' || id === 'updateLocker'
          ? [objectOf(r.exchange.body)].filter((b): b is Json => b !== undefined)
          : [];
    const into = id === 'listParcels' ? this.parcels : this.lockers;
    const key = id === 'listParcels' ? 'shipmentUid' : 'uid';
    for (const record of records) {
      const uid = idText(record[key]);
      if (uid === undefined) continue;
      // Each form once, with the last time it was shown: a long recording lists the same form again and again.
      const forms = into.get(uid) ?? into.set(uid, new Map()).get(uid)!;
      const text = JSON.stringify(record);
      const known = forms.get(text);
      if (known) known.startedAt = Math.max(known.startedAt, r.startedAt);
      else forms.set(text, { record, startedAt: r.startedAt });
    }
  }

  finish(): void {
    for (const d of this.pushes) {
      const body = objectOf(d.received.body)!;
      const kind = d.received.kind === 'LockerUpdates' ? 'LockerUpdates' : 'ParcelUpdates';
      const judged = kind === 'LockerUpdates' ? this.lockerPush(body, d.at) : this.parcelPush(body);
      if (judged) this.evidence.judge('across', judged.rule, { places: [kind], entry: d.entry }, judged.failure);
    }
  }

  private lockerPush(body: Json, at: number): Judgement | undefined {
    const uid = idText(body['uid']);
    const shown = uid === undefined ? [] : [...(this.lockers.get(uid)?.values() ?? [])];
    if (!uid || !shown.length) return undefined;
    return lockerPushJudgement(
      body,
      shown.map((s) => s.record),
      `the LockerUpdates delivery about locker ${uid}`,
      this.unsettled(uid, shown, at),
    );
  }

  /**
   * What writes to the locker may have moved that no answer showed: writes no form was shown settled after, writes in
   * flight together, and writes begun within the push wait before the push came (a sender reads the record at some
   * moment between its cause and its delivery, so the push may show one such write and not another: a form no answer
   * showed).
   */
  private unsettled(uid: string, shown: readonly Shown[], at: number): string[] {
    const writes = this.writes.writesTo(uid);
    const near = writes.filter((w) => w.startedAt <= at && w.startedAt >= at - this.waitMs);
    const unseen = [
      ...writes.filter((w) => !w.shown && !shown.some((s) => s.startedAt >= w.endedAt + this.settleMs)),
      ...near,
    ];
    const together = writes.some((w, i) =>
      writes.some((o, j) => i !== j && o.startedAt < w.endedAt && w.startedAt < o.endedAt),
    );
    return [...new Set([...unseen.flatMap((w) => w.moves), ...(together ? ['carrier.', 'location.'] : [])])];
  }

  private parcelPush(body: Json): Judgement | undefined {
    const uid = idText(body['shipmentUid']);
    const shown = uid === undefined ? [] : [...(this.parcels.get(uid)?.values() ?? [])];
    if (!uid || !shown.length) return undefined;
    // The form shown last is the list's now.
    const last = shown.reduce((a, b) => (b.startedAt >= a.startedAt ? b : a));
    return parcelPushRecordJudgement(
      body,
      last.record,
      shown.map((s) => s.record),
      `the ParcelUpdates delivery about ${uid}`,
    );
  }
}
