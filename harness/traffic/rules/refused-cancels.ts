// CAN-NOT-DELIVERED on a recording, where a cancel was refused: §4.9 "Cancels the booking of the parcel. Only a parcel
// that has not been delivered can be cancelled." A cancel is held to it where the recording shows the parcel booked
// and not delivered, as the suites' cancel of a fresh booking does: the carrier booked it in the recording (a
// carrierParcelId once only, by either carrier); the refusal is a 400, 404, 409 or 422; no trigger but BOOKING_CREATED
// ever named it, and no accepted cancel touched it before the refusal ended; the last whole list before the cancel
// showed it in the status it was first listed with after its booking, not one that looks delivered; the next whole
// list, if any, shows it so still (§3: a parcel is delivered by its provider's event, which staging triggers); the
// cancel's body is one the document allows; and the recording shows the service taking a cancel by the same form of
// id, with a body of the same shape, of a parcel in the same status (a form it does not take is no failure,
// harness/target/cancel-path.ts; §4.9 shows no body). What else a refusal may rightly answer (a wrong key, a body
// refused, another form, a status cancels are not taken in) is left out so.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { cancelAcceptedJudgement } from '../../judgements/cancels';
import { looksDelivered } from '../../records/parcels/delivered';
import { validRequest } from '../../checks/request-defects';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { scoped, type ParcelsSeen } from '../learnt/parcels-seen';
import { idText, is2xx, REFUSALS, type Recorded } from '../recorded/recorded';
import { wholeList } from '../recorded/whole-list';
import type { TrafficRule } from './traffic-rule';

interface Refused {
  r: Recorded;
  entry: HarEntry;
  carrier: string;
  ids: string[];
  form: string;
  status: unknown;
  /** What the first whole list after it showed: that status still (true), or not; undefined for no such list. */
  confirmed?: boolean;
}

/** The body's shape: its members and their JSON types, whatever their values. */
function shapeOf(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(shapeOf);
  if (body !== null && typeof body === 'object')
    return Object.fromEntries(
      Object.entries(body as Json)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, shapeOf(v)]),
    );
  return body === null ? 'null' : typeof body;
}

/** A cancel by a form of id with a body of a shape: the service takes it where one such was accepted. */
const taken = (form: string, body: unknown) => `${form} ${JSON.stringify(shapeOf(body)) ?? ''}`;

export class RefusedCancels implements TrafficRule {
  /** A carrier's parcel id (scoped) → the status its first whole list after its booking showed. */
  private readonly bookedStatus = new Map<string, unknown>();
  private readonly refused: Refused[] = [];
  /** The forms of id (by carrierParcelId, by shipmentUid) and shapes of body the recording shows a cancel accepted
   * with. */
  private readonly formsTaken = new Set<string>();
  /** carrierParcelId → how many BOOKINGs of any carrier carried it. */
  private readonly timesBooked = new Map<string, number>();
  /** Parcel ids (of any carrier) a trigger event other than BOOKING_CREATED named. */
  private readonly triggered = new Set<string>();

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly parcels: ParcelsSeen,
  ) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    const { exchange } = r;
    if (op.operationId === 'cancelParcel') this.cancel(r, op, entry);
    else if (op.operationId === 'triggerFirstMileEvent') {
      // A trigger in flight with a refused cancel may have delivered the parcel first.
      const body = exchange.request.body as Json | undefined;
      const parcel = idText(body?.['parcel_id']);
      if (!parcel) return;
      this.drop((c) => c.ids.includes(parcel) && r.startedAt <= c.r.endedAt);
      // Whatever its answer: a parcel delivered once is never cancellable again, whatever it shows later.
      if (body?.['event_type'] !== 'BOOKING_CREATED') this.triggered.add(parcel);
    } else if (op.operationId === 'listParcels' && r.carrier) this.list(r);
    else if (op.operationId === 'publishParcel' || op.operationId === 'publishParcelByCarrierLockerId') {
      const body = exchange.request.body as Json | undefined;
      const id = idText(body?.['carrierParcelId']);
      // Any answer: a booking unanswered or refused may have been made all the same.
      if (id !== undefined && body?.['eventType'] === 'BOOKING')
        this.timesBooked.set(id, (this.timesBooked.get(id) ?? 0) + 1);
    }
  }

  private cancel(r: Recorded, op: Operation, entry: HarEntry): void {
    const { exchange, carrier } = r;
    const form = exchange.form;
    if (is2xx(exchange.status)) {
      // Taken by this form and body for a parcel in this status: one refused in the same status is held to it.
      const status = this.parcels.shownBefore(carrier, r.params['parcelId'] ?? '', r.startedAt)?.status;
      if (form) this.formsTaken.add(`${taken(form, exchange.request.body)} ${JSON.stringify(status ?? null)}`);
      const ids = this.parcels.idsOf(r.params['parcelId'] ?? '', carrier);
      this.drop((c) => c.carrier === carrier && c.ids.some((id) => ids.includes(id)) && r.startedAt <= c.r.endedAt);
      return;
    }
    // A refusal of what the request asks: not a 5xx (GEN-NO-5XX's), nor a key's or a rate's (401, 403, 429).
    if (!form || !carrier || !REFUSALS.has(exchange.status)) return;
    if (!validRequest(op, exchange.request.body)) return;
    const asTaken = taken(form, exchange.request.body);
    const id = r.params['parcelId'] ?? '';
    const ids = this.parcels.idsOf(id, carrier);
    // A carrierParcelId booked twice (again after a cancel, or by the other carrier) may name either booking.
    if (form === 'by carrierParcelId' && (this.timesBooked.get(id) ?? 0) !== 1) return;
    if (!this.parcels.bookedHere(ids, carrier) || this.parcels.cancelled(ids, carrier)) return;
    if (ids.some((x) => this.triggered.has(x))) return;
    const shown = this.parcels.shownBefore(carrier, id, r.startedAt);
    if (!shown || this.parcels.isDelivered(id, carrier, shown, r.startedAt)) return;
    const booked = ids.map((x) => this.bookedStatus.get(scoped(carrier, x))).find((s) => s !== undefined);
    const record = { shipmentStatus: shown.status, events: shown.events ?? [], signature: shown.signature ?? null };
    if (booked === undefined || shown.status !== booked || looksDelivered(record as Json, undefined)) return;
    this.refused.push({
      r,
      entry,
      carrier,
      ids,
      form: `${asTaken} ${JSON.stringify(shown.status ?? null)}`,
      status: shown.status,
    });
  }

  private list(r: Recorded): void {
    const items = wholeList(r);
    if (!items) return;
    for (const item of items) {
      const ids = ['carrierParcelId', 'shipmentUid'].map((k) => idText(item[k])).filter((x) => x !== undefined);
      if (!this.parcels.bookedHere(ids, r.carrier)) continue;
      for (const id of ids)
        if (!this.bookedStatus.has(scoped(r.carrier, id)))
          this.bookedStatus.set(scoped(r.carrier, id), item['shipmentStatus']);
      for (const c of this.refused)
        if (
          !c.confirmed &&
          c.carrier === r.carrier &&
          r.startedAt >= c.r.endedAt &&
          c.ids.some((id) => ids.includes(id))
        )
          c.confirmed = item['shipmentStatus'] === c.status;
    }
  }

  private drop(match: (c: Refused) => boolean): void {
    for (let i = this.refused.length - 1; i >= 0; i--) if (match(this.refused[i]!)) this.refused.splice(i, 1);
  }

  finish(): void {
    for (const { r, entry, ids, form, confirmed } of this.refused.splice(0)) {
      if (confirmed === false || !this.formsTaken.has(form)) continue;
      if (form.startsWith('by carrierParcelId') && ids.some((id) => (this.timesBooked.get(id) ?? 1) > 1)) continue;
      const held = cancelAcceptedJudgement(r.exchange, `parcel ${ids.join(' / ')}, booked and never delivered`);
      this.evidence.judge('across', held.rule, { exchange: r.exchange, entry }, held.failure);
    }
  }
}
