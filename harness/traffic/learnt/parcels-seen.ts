// What the traffic showed of parcels, for the correlations (rules/correlations.ts) and the rules that ask
// after them: both identifiers of a parcel, the state the latest whole list showed, the bookings, trigger
// events and cancels accepted, and the ParcelUpdates that may show a parcel delivered.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { idText, type Recorded } from '../recorded/recorded';
import { looksDelivered } from '../../records/parcels/delivered';
import type { RecordedDelivery } from '../recorded/delivery';

export interface Parcel {
  shipmentUid?: string;
  carrierParcelId?: string;
  status?: unknown;
  events?: unknown[];
  signature?: unknown;
  /** When the answer that showed the state was complete: a request started before then may have been served first. */
  shownUntil?: number;
}

/**
 * A parcel id as one carrier's: carriers choose their own carrierParcelIds (§2.3), so two carriers'
 * parcels may share one. What a delivery showed is kept under no carrier ('') and read for any.
 */
export const scoped = (carrier: string, id: string) => `${carrier}\u0000${id}`;

export class ParcelsSeen {
  /** carrier → carrierParcelIds it booked (any path). */
  protected readonly booked = new Map<string, Set<string>>();
  /** Parcel ids (either identifier) whose cancel was accepted. */
  protected readonly cancelledIds = new Set<string>();
  /**
   * Parcel id → the last trigger event accepted for it, and when its answer was complete: delivered is
   * only what CONSIGNEE_DELIVERED left last (§3 shows no other transition).
   */
  protected readonly lastEvent = new Map<
    string,
    { event: unknown; startedAt: number; at: number; bookedStatus?: unknown }
  >();
  /** Either identifier → the ParcelUpdates recorded that may show it delivered: when each arrived, and what it
   * showed. */
  private readonly pushes = new Map<string, { at: number; shown: Json }[]>();
  /** Either identifier → what the latest whole list or delivery showed of the parcel. */
  protected readonly parcels = new Map<string, Parcel>();
  protected readonly carrierParcelIds = new Set<string>();
  /** Either identifier → what was last seen of a parcel of any carrier: which form a cancel's path id is. */
  private readonly byAnyCarrier = new Map<string, Parcel>();

  /** A carrier's shipmentUid (scoped) → every status the carrier's whole lists showed of the parcel. */
  private readonly statusesShown = new Map<string, Set<string>>();
  /**
   * Told when a carrier's whole list shows a parcel in a status its lists never showed it in, after one that showed
   * it in another (`after`: when that answer was complete; `by`: when this one was): that change is pushed (§6). A
   * status shown before is not told: a list that lags may show an earlier one again.
   */
  onMoved?: (moved: { ids: string[]; carrier: string; after: number; by: number; shows: string; from: string }) => void;

  constructor(
    /** One recorder kept the deliveries too: a push's time may be compared with the traffic's. */
    private readonly sameRecorder: boolean,
  ) {}

  /** A ParcelUpdates tells both identifiers of its parcel, and when it may have shown it delivered. */
  delivery({ received: { kind, body }, at }: RecordedDelivery): void {
    if (kind === 'ParcelUpdates') this.learn(body, false);
    if (kind === 'ParcelUpdates' && this.sameRecorder) this.pushed(body, at);
  }

  /** A cancel's record names which identifier its path gave (FORMS of spec/catalogue.ts), where the traffic tells. */
  annotate(r: Recorded, op: Operation): void {
    if (op.operationId !== 'cancelParcel') return;
    const id = r.params['parcelId'] ?? '';
    const shown = this.byAnyCarrier.get(id);
    const byCarrierParcelId = this.carrierParcelIds.has(id) || shown?.carrierParcelId === id;
    const form = byCarrierParcelId ? 'by carrierParcelId' : shown?.shipmentUid === id ? 'by shipmentUid' : undefined;
    if (form) r.exchange.form = form;
  }

  /**
   * A parcel record seen: both its identifiers are known from now on. Its state only from a whole list
   * read in the traffic's order (`state`); a delivery's is not, since deliveries are read first.
   */
  protected learn(record: unknown, state = true, shownUntil?: number, carrier = ''): void {
    const p = record as Json | null;
    const shipmentUid = idText(p?.['shipmentUid']);
    const carrierParcelId = idText(p?.['carrierParcelId']);
    const known = this.parcels.get(scoped(carrier, shipmentUid ?? carrierParcelId ?? ''));
    if (!state && known) return;
    const parcel: Parcel = {
      ...(shipmentUid ? { shipmentUid } : {}),
      ...(carrierParcelId ? { carrierParcelId } : {}),
      ...(state
        ? {
            status: p?.['shipmentStatus'],
            signature: p?.['signature'] ?? null,
            ...(Array.isArray(p?.['events']) ? { events: p['events'] as unknown[] } : {}),
            ...(shownUntil !== undefined ? { shownUntil } : {}),
          }
        : {}),
    };
    if (state && carrier) this.moved(carrier, known, parcel, shownUntil);
    for (const id of [shipmentUid, carrierParcelId]) if (id) this.byAnyCarrier.set(id, parcel);
    if (shipmentUid) this.parcels.set(scoped(carrier, shipmentUid), parcel);
    if (carrierParcelId) this.parcels.set(scoped(carrier, carrierParcelId), parcel);
  }

  /** A status a whole list showed the parcel move to, told where its lists never showed it before. */
  private moved(carrier: string, known: Parcel | undefined, now: Parcel, by: number | undefined): void {
    // Only a record with its shipmentUid: a carrierParcelId may be booked again as another shipment.
    if (typeof now.status !== 'string' || now.shipmentUid === undefined) return;
    const key = scoped(carrier, now.shipmentUid);
    const shown = this.statusesShown.get(key) ?? this.statusesShown.set(key, new Set()).get(key)!;
    if (shown.has(now.status)) return;
    shown.add(now.status);
    if (typeof known?.status !== 'string' || known.status === now.status) return;
    if (known.shownUntil === undefined || by === undefined) return;
    const ids = [now.carrierParcelId, now.shipmentUid].filter((id): id is string => id !== undefined);
    this.onMoved?.({ ids, carrier, after: known.shownUntil, by, shows: now.status, from: known.status });
  }

  /** A ParcelUpdates recorded (deliveries are read before the traffic): kept where it may show the parcel delivered. */
  private pushed(body: unknown, at: number): void {
    const p = body as Json | null;
    // Whatever its booking showed, a push that does not say delivered at all is no evidence of it.
    if (!p || !looksDelivered(p, undefined)) return;
    for (const id of [idText(p['carrierParcelId']), idText(p['shipmentUid'])]) {
      if (id) this.pushes.set(scoped('', id), [...(this.pushes.get(scoped('', id)) ?? []), { at, shown: p }]);
    }
  }

  /** What the carrier's lists showed of the parcel, else what a delivery showed. */
  private shownOf(carrier: string, id: string): Parcel | undefined {
    return this.parcels.get(scoped(carrier, id)) ?? this.parcels.get(scoped('', id));
  }

  /** Both identifiers of the carrier's parcel, where the traffic or its deliveries showed them; the one given
   * otherwise. */
  idsOf(id: string, carrier: string): string[] {
    const known = this.shownOf(carrier, id);
    return [...new Set([id, known?.carrierParcelId, known?.shipmentUid].filter((x): x is string => x !== undefined))];
  }

  /** One of these identifiers was booked in the traffic by this carrier (by any, where no key was recorded). */
  bookedHere(ids: string[], carrier: string): boolean {
    const sets = carrier === '' ? [...this.booked.values()] : [this.booked.get(carrier) ?? new Set<string>()];
    return ids.some((id) => sets.some((set) => set.has(id)));
  }

  /** What the carrier's last whole list answered in full before `startedAt` showed of the parcel. */
  shownBefore(carrier: string, id: string, startedAt: number): Parcel | undefined {
    const known = this.parcels.get(scoped(carrier, id));
    return known?.shownUntil !== undefined && known.shownUntil <= startedAt ? known : undefined;
  }

  /** A cancel of one of these identifiers of the carrier's was accepted already. */
  cancelled(ids: string[], carrier: string): boolean {
    return ids.some((id) => this.cancelledIds.has(scoped(carrier, id)));
  }

  /**
   * A booking of this carrier (any, where no key was recorded: carriers choose their own parcel ids)
   * whose last accepted trigger event, by either identifier, was CONSIGNEE_DELIVERED, answered before the
   * cancel started — unless a whole list answered after the trigger and before the cancel shows it not
   * delivered, as a run reads it (looksDelivered): a trigger may be applied later than it is answered.
   * A ParcelUpdates that showed it delivered in between, or such a list, settles it the other way.
   * `shown`: what the last whole list before the cancel showed.
   */
  isDelivered(id: string, carrier: string, shown: Parcel | undefined, startedAt: number): boolean {
    const ids = this.idsOf(id, carrier);
    if (!this.bookedHere(ids, carrier)) return false;
    return ids.some((x) => {
      const last = this.lastEvent.get(scoped(carrier, x));
      if (last?.event !== 'CONSIGNEE_DELIVERED' || last.at > startedAt) return false;
      const pushed = ids.some((y) =>
        (this.pushes.get(scoped('', y)) ?? []).some(
          (push) => push.at >= last.startedAt && push.at <= startedAt && looksDelivered(push.shown, last.bookedStatus),
        ),
      );
      const listedAfter = shown?.shownUntil !== undefined && shown.shownUntil >= last.at;
      return (
        pushed ||
        !listedAfter ||
        looksDelivered(
          { shipmentStatus: shown.status, events: shown.events ?? [], signature: shown.signature ?? null } as Json,
          last.bookedStatus,
        )
      );
    });
  }
}
