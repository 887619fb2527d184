// ISO-CARRIER-IDS on a recording: a carrierParcelId another carrier booked names that carrier's parcel only,
// so a carrier's booking under it is not refused for it. An accepted one holds. A refusal (400, 404, 409,
// 422) fails where the recording shows the id alone was refused: the carrier's very next publish is the
// same booking under another carrierParcelId, into the same locker, and is accepted, with no cancel of that
// carrier's in between (room freed would explain it); and no earlier request of that carrier carried the id
// (its own booking of it, answered or not, would explain it). Carriers are told apart by the owners their
// creates were answered with.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { sharedIdTakenJudgement } from '../../judgements/shared-ids';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { idText, is2xx, REFUSALS, type Recorded } from '../recorded/recorded';
import type { RecordOwners } from '../learnt/record-owners';
import { validRequest } from '../../checks/request-defects';
import { canonical } from '../../judgements/record-fidelity';
import type { TrafficRule } from './traffic-rule';

interface Refused {
  owner: string;
  id: string;
  twin: string;
  r: Recorded;
  entry: HarEntry;
}

/** The booking without the ids a carrier chooses per parcel, members in one order: two bookings alike but for them. */
function twinOf(op: Operation, body: Json): string {
  const { carrierParcelId: _id, secondaryShipmentId: _second, ...rest } = body;
  return `${op.operationId} ${canonical(rest)}`;
}

export class SharedIds implements TrafficRule {
  /** carrierParcelId → the owners whose accepted bookings used it. */
  private readonly bookedBy = new Map<string, Set<string>>();
  /** owner → its refusal awaiting its next publish. */
  private readonly refused = new Map<string, Refused>();
  /** `owner\0carrierParcelId` of every publish an owner sent, whatever its answer. */
  private readonly sent = new Set<string>();

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly owners: RecordOwners,
  ) {}

  /** A write with no answer may have been applied: seen as any other, by its status 0. */
  unanswered(r: Recorded, op: Operation, entry: HarEntry): void {
    this.see(r, op, entry);
  }

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    const owner = r.carrier ? this.owners.ownerOfKey(r.carrier) : undefined;
    if (owner === undefined) return;
    if (op.operationId === 'cancelParcel' && is2xx(r.exchange.status)) this.refused.delete(owner);
    if (op.operationId !== 'publishParcel' && op.operationId !== 'publishParcelByCarrierLockerId') return;
    const body = r.exchange.request.body as Json | undefined;
    const id = idText(body?.['carrierParcelId']);
    const waiting = this.refused.get(owner);
    this.refused.delete(owner);
    const before = this.sent.has(`${owner}\u0000${id}`);
    if (id) this.sent.add(`${owner}\u0000${id}`);
    if (!body || !id || body['eventType'] !== 'BOOKING' || !validRequest(op, body)) return;
    const others = [...(this.bookedBy.get(id) ?? [])].filter((o) => o !== owner);
    const twin = twinOf(op, body);
    if (is2xx(r.exchange.status)) {
      if (others.length) {
        const held = sharedIdTakenJudgement(r.exchange, id);
        this.evidence.judge('across', held.rule, { exchange: r.exchange, entry }, held.failure);
      }
      const x = waiting?.twin === twin && waiting.id !== id ? waiting : undefined;
      if (x) {
        const held = sharedIdTakenJudgement(x.r.exchange, x.id, r.exchange);
        this.evidence.judge('across', held.rule, { exchange: x.r.exchange, entry: x.entry }, held.failure);
      }
      (this.bookedBy.get(id) ?? this.bookedBy.set(id, new Set()).get(id)!).add(owner);
    } else if (REFUSALS.has(r.exchange.status) && others.length && !before)
      this.refused.set(owner, { owner, id, twin, r, entry });
  }
}
