// PCL-PRECHECK-NO-BOOKING from the deliveries (§4.6: a PRE_CHECK only checks; §6: ParcelUpdates is sent
// when a parcel's status changes): a PRE_CHECK accepted for a carrierParcelId that no request of the
// recording booked or triggered (whatever its answer) and that none of the carrier's whole parcel lists
// showed, though one was read after it, names no parcel whose status could change: a ParcelUpdates about
// that id after it shows a booking made. Judged where the deliveries were recorded the webhook wait past it.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { precheckNotPushedJudgement } from '../../judgements/bookings';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { validRequest } from '../../checks/request-defects';
import { CLOCK_SKEW_MS } from './caused-deliveries';
import { wholeList } from '../recorded/whole-list';
import type { RecordedDelivery } from '../recorded/delivery';
import type { TrafficRule } from './traffic-rule';

export class PrecheckPushes implements TrafficRule {
  /** carrierParcelId → when ParcelUpdates about it arrived. */
  private readonly pushed = new Map<string, number[]>();
  private lastDelivery = -Infinity;
  /** Ids a booking or a trigger of the recording carried, whatever its answer. */
  private readonly written = new Set<string>();
  /** `carrier\0id` of every parcel a whole list of the carrier showed. */
  private readonly listed = new Set<string>();
  /** carrier → when its last whole parcel list began. */
  private readonly lastList = new Map<string, number>();
  private readonly prechecks: { id: string; at: number; endedAt: number; r: Recorded; entry: HarEntry }[] = [];

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly waitMs: number,
  ) {}

  delivery({ received: { kind, body }, at }: RecordedDelivery): void {
    this.lastDelivery = Math.max(this.lastDelivery, at);
    const id = idText((body as Json | null)?.['carrierParcelId']);
    if (kind === 'ParcelUpdates' && id !== undefined)
      (this.pushed.get(id) ?? this.pushed.set(id, []).get(id)!).push(at);
  }

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    const body = r.exchange.request.body as Json | undefined;
    if (op.operationId === 'triggerFirstMileEvent' && idText(body?.['parcel_id']))
      this.written.add(idText(body!['parcel_id'])!);
    if (op.operationId === 'listParcels' && r.carrier) {
      const items = wholeList(r);
      if (items) {
        this.lastList.set(r.carrier, r.startedAt);
        for (const p of items)
          if (idText(p['carrierParcelId'])) this.listed.add(`${r.carrier}\u0000${idText(p['carrierParcelId'])}`);
      }
    }
    if (op.operationId !== 'publishParcel' && op.operationId !== 'publishParcelByCarrierLockerId') return;
    const id = idText(body?.['carrierParcelId']);
    if (!id) return;
    if (body?.['eventType'] !== 'PRE_CHECK') return void this.written.add(id);
    if (!r.carrier || !is2xx(r.exchange.status) || !validRequest(op, body)) return;
    this.prechecks.push({ id, at: r.startedAt, endedAt: r.endedAt || r.startedAt, r, entry });
  }

  /** A write with no answer carried its ids all the same. */
  unanswered(r: Recorded, op: Operation, entry: HarEntry): void {
    this.see(r, op, entry);
  }

  finish(): void {
    for (const p of this.prechecks) {
      const carrier = p.r.carrier;
      if (
        this.written.has(p.id) ||
        this.listed.has(`${carrier}\u0000${p.id}`) ||
        (this.lastList.get(carrier) ?? -Infinity) < p.endedAt ||
        p.at + this.waitMs > this.lastDelivery
      )
        continue;
      const after = (this.pushed.get(p.id) ?? []).filter((t) => t >= p.at - CLOCK_SKEW_MS);
      // Only pre-checked: no booking or trigger of it in the recording, none in the carrier's whole lists.
      const pushed = after.map((t) => `one at ${new Date(t).toISOString()}`);
      const held = precheckNotPushedJudgement([p.id], pushed);
      this.evidence.judge(
        'across',
        held.rule,
        { exchange: p.r.exchange, entry: p.entry, places: ['ParcelUpdates'] },
        held.failure,
      );
    }
  }
}
