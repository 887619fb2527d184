// PCL-HISTORY-KEPT: a parcel's history keeps its entries, so a list begun once another place had
// shown the parcel with some events (an earlier list, a ParcelUpdates received) shows at least as many. A list may
// lag a write (the settle time), so only a list begun that long after the other place showed it is held to it; a
// delivery's time is compared with a request's only where one recorder kept both.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { historyKeptJudgement } from '../../judgements/list-entries';
import type { Judgement } from '../../judgements/judgement';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import type { RecordedDelivery } from '../recorded/delivery';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { listedRecords } from '../recorded/whole-list';
import type { TrafficRule } from './traffic-rule';

/** Where a parcel was shown with how many events, and by when. */
interface Shown {
  count: number;
  at: number;
  where: string;
}

export class HistoriesKept implements TrafficRule {
  /**
   * shipmentUid → the most events shown of it a settle time before the list being read (`settled`), and what was shown
   * since (`recent`): a long recording lists a parcel thousands of times, and only these can judge the next list.
   */
  private readonly shown = new Map<string, { settled?: Shown; recent: Shown[] }>();
  /** shipmentUid → its first list that kept fewer events than an earlier place showed, else the first to keep all. */
  private readonly judged = new Map<string, Judgement & { entry: HarEntry }>();
  /** The records a booking under their carrierParcelId may have taken up again: their lists alone are compared. */
  private readonly retaken = new Set<string>();
  /** carrierParcelId → the shipmentUids listed under it. */
  private readonly ids = new Map<string, Set<string>>();
  /** The ParcelUpdates not yet counted among what was shown, in the order they arrived. */
  private deliveries: RecordedDelivery[] = [];
  private sorted = false;

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly settleMs: number,
    private readonly sameRecorder: boolean,
  ) {}

  delivery(d: RecordedDelivery): void {
    if (this.sameRecorder && !d.cut && d.received.kind === 'ParcelUpdates') this.deliveries.push(d);
  }

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    if (!is2xx(r.exchange.status) || r.cut) return;
    // A write naming the parcel starts its history anew for this judgement: a booking under its carrierParcelId may
    // take its record up again (what it makes is not stated), a cancel's and a trigger's effect on the history is the
    // target's own (the rule is a should). What was shown of the records it may name counts no more.
    const body = r.exchange.request.body as Json | undefined;
    const named = op.operationId.startsWith('publishParcel')
      ? body?.['carrierParcelId']
      : op.operationId === 'cancelParcel'
        ? r.params['parcelId']
        : op.operationId === 'triggerFirstMileEvent'
          ? body?.['parcel_id']
          : undefined;
    if (typeof named === 'string')
      for (const uid of [...(this.ids.get(named) ?? []), named]) {
        this.shown.delete(uid);
        // A push about the parcel before may come after: its record's pushes are not told apart from the new one's.
        this.retaken.add(uid);
      }
    if (op.operationId !== 'listParcels') return;
    this.takeDeliveries(r.startedAt);
    const where = `the list begun ${iso(r.startedAt)}`;
    for (const record of listedRecords(r.exchange)) {
      const uid = idText(record['shipmentUid']);
      if (uid === undefined) continue;
      const id = record['carrierParcelId'];
      if (typeof id === 'string') (this.ids.get(id) ?? this.ids.set(id, new Set()).get(id)!).add(uid);
      const events = record['events'];
      const most = this.settledBy(uid, r.startedAt);
      if (most && most.count > 0) {
        const judged = historyKeptJudgement(`parcel ${uid} in ${where}`, most, events);
        const known = this.judged.get(uid);
        if (judged.failure ? !known?.failure : !known) this.judged.set(uid, { ...judged, entry });
      }
      if (Array.isArray(events)) this.add(uid, { count: events.length, at: r.endedAt || r.startedAt, where });
    }
  }

  finish(): void {
    for (const { rule, failure, entry } of this.judged.values())
      this.evidence.judge('across', rule, { places: ['listParcels'], entry }, failure);
  }

  /** The deliveries received by `until` join what was shown (all were read before the traffic). */
  private takeDeliveries(until: number): void {
    if (!this.sorted) this.deliveries.sort((a, b) => a.at - b.at);
    this.sorted = true;
    let taken = 0;
    for (const d of this.deliveries) {
      if (d.at > until) break;
      taken++;
      const body = d.received.body as Json | undefined;
      const uid = idText(body?.['shipmentUid']);
      const events = body?.['events'];
      if (uid !== undefined && !this.retaken.has(uid) && Array.isArray(events))
        this.add(uid, { count: events.length, at: d.at, where: `the ParcelUpdates received ${iso(d.at)}` });
    }
    this.deliveries = this.deliveries.slice(taken);
  }

  private add(uid: string, shown: Shown): void {
    (this.shown.get(uid) ?? this.shown.set(uid, { recent: [] }).get(uid)!).recent.push(shown);
  }

  /** The most events shown of the parcel a settle time before `at`: what was shown since moves in as it settles. */
  private settledBy(uid: string, at: number): Shown | undefined {
    const known = this.shown.get(uid);
    if (!known) return undefined;
    const settled = known.recent.filter((s) => s.at + this.settleMs <= at);
    known.recent = known.recent.filter((s) => s.at + this.settleMs > at);
    for (const s of settled) if (!known.settled || s.count > known.settled.count) known.settled = s;
    return known.settled;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
