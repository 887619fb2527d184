// The rules one exchange cannot show and the traffic's order can: a booking then a later list of the
// same carrier, a pre-check then a list, a cancel then a list, a trigger that delivered a parcel then
// its cancel, a trigger event then the parcel's history, the same uid answered to two creates.
// Requests are tied by their identifiers and their times (startedDateTime); a carrier is the key its
// requests carried (one carrier where the recording kept no key). Only a whole list is read: one not
// filtered or paged, and not cut short by the recorder, since a record missing from part of a list
// proves nothing; and a list begun within the settle time of a write may not show it yet (recorded/whole-list.ts):
// what such a list shows missing or as before is left to a later list.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { validRequest } from '../recorded/request-defects';
import { wholeList } from '../recorded/whole-list';
import { looksDelivered } from '../../records/delivered';
import type { RecordedDelivery } from '../recorded/delivery';
import type { TrafficRule } from './traffic-rule';

interface Pending {
  carrier: string;
  at: number;
  place: string;
}

interface Booking extends Pending {
  carrierParcelId: string;
  lockerUid: string;
  allocationType?: unknown;
}

interface Parcel {
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
const scoped = (carrier: string, id: string) => `${carrier}\u0000${id}`;

export class Correlations implements TrafficRule {
  private readonly bookings: Booking[] = [];
  private readonly prechecks: (Pending & { carrierParcelId: string })[] = [];
  /** carrier → carrierParcelIds it booked (any path). */
  private readonly booked = new Map<string, Set<string>>();
  /** `again`: an earlier cancel of the parcel was accepted; what a second one does is not stated (CAN-TWICE). */
  private readonly cancels: (Pending & { parcel: string; before?: unknown; again: boolean })[] = [];
  /** Parcel ids (either identifier) whose cancel was accepted. */
  private readonly cancelledIds = new Set<string>();
  private readonly triggers: (Pending & { parcel: string; before?: unknown[] })[] = [];
  /**
   * Parcel id → the last trigger event accepted for it, and when its answer was complete: delivered is
   * only what CONSIGNEE_DELIVERED left last (§3 shows no other transition).
   */
  private readonly lastEvent = new Map<
    string,
    { event: unknown; startedAt: number; at: number; bookedStatus?: unknown }
  >();
  /** Either identifier → the ParcelUpdates recorded that may show it delivered: when each arrived, and what it
   * showed. */
  private readonly pushes = new Map<string, { at: number; shown: Json }[]>();
  /** Either identifier → what the latest whole list or delivery showed of the parcel. */
  private readonly parcels = new Map<string, Parcel>();
  private readonly carrierParcelIds = new Set<string>();
  /** Either identifier → what was last seen of a parcel of any carrier: which form a cancel's path id is. */
  private readonly byAnyCarrier = new Map<string, Parcel>();
  /** Locker uid → the create that was answered it first: when, whose, and the carrier's lockerId it sent. */
  private readonly lockerUids = new Map<string, { when: string; carrier: string; lockerId?: string }>();

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly settleMs: number,
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
  private learn(record: unknown, state = true, shownUntil?: number, carrier = ''): void {
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
    for (const id of [shipmentUid, carrierParcelId]) if (id) this.byAnyCarrier.set(id, parcel);
    if (shipmentUid) this.parcels.set(scoped(carrier, shipmentUid), parcel);
    if (carrierParcelId) this.parcels.set(scoped(carrier, carrierParcelId), parcel);
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
  private isDelivered(id: string, carrier: string, shown: Parcel | undefined, startedAt: number): boolean {
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

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    const { exchange } = r;
    const carrier = r.carrier;
    const body = exchange.request.body as Json | undefined;
    const at = { carrier, at: r.endedAt || r.startedAt, place: op.operationId };
    // The state a request changes is known only from a list answered in full before it started: one
    // still being answered when it started (requests in flight together) may show it served already.
    const stateBefore = (id: string) => {
      const known = this.parcels.get(scoped(carrier, id));
      return known?.shownUntil !== undefined && known.shownUntil <= r.startedAt ? known : undefined;
    };
    const ok = is2xx(exchange.status);
    switch (op.operationId) {
      case 'publishParcel':
      case 'publishParcelByCarrierLockerId': {
        const id = idText(body?.['carrierParcelId']);
        if (!id || !ok || !validRequest(op, body)) return;
        this.carrierParcelIds.add(id);
        if (body?.['eventType'] === 'BOOKING') {
          const ids = this.booked.get(carrier) ?? new Set<string>();
          this.booked.set(carrier, ids.add(id));
          if (op.operationId === 'publishParcel')
            this.bookings.push({
              ...at,
              carrierParcelId: id,
              lockerUid: idText(body['lockerUid']) ?? '',
              allocationType: body['allocationType'],
            });
        } else if (body?.['eventType'] === 'PRE_CHECK') this.prechecks.push({ ...at, carrierParcelId: id });
        return;
      }
      case 'createLocker': {
        const uid = idText((exchange.body as Json | undefined)?.['uid']);
        if (!ok || r.cut || !uid) return;
        const lockerId = idText((body?.['carrier'] as Json | undefined)?.['lockerId']);
        const earlier = this.lockerUids.get(uid);
        // The same locker sent again by the same carrier (a client's retry) may rightly be answered the uid
        // it was given; carriers choose their own lockerIds, so another carrier's is another locker.
        const other =
          earlier &&
          (earlier.lockerId === undefined ||
            lockerId === undefined ||
            earlier.lockerId !== lockerId ||
            earlier.carrier !== carrier);
        this.evidence.judge(
          'across',
          'LCK-CREATE-ECHO',
          { exchange, entry },
          other
            ? `a uid no other locker has, got ${uid}, answered to an earlier create of another locker too ` +
                `(${earlier.when})`
            : undefined,
        );
        if (!earlier)
          this.lockerUids.set(uid, {
            when: entry.startedDateTime ?? '',
            carrier,
            ...(lockerId !== undefined ? { lockerId } : {}),
          });
        return;
      }
      case 'triggerFirstMileEvent': {
        const parcel = idText(body?.['parcel_id']);
        if (!parcel || !ok) return;
        const shown = stateBefore(parcel);
        this.lastEvent.set(scoped(carrier, parcel), {
          event: body?.['event_type'],
          startedAt: r.startedAt,
          at: r.endedAt || r.startedAt,
          bookedStatus: shown?.status,
        });
        this.triggers.push({ ...at, parcel, ...(shown?.events ? { before: shown.events } : {}) });
        return;
      }
      case 'cancelParcel': {
        const parcel = exchange.url.split('/').pop()!.split('?')[0]!;
        const id = decodeURIComponent(parcel);
        const place = exchange.form ? `cancelParcel ${exchange.form}` : 'cancelParcel';
        if (this.isDelivered(id, carrier, stateBefore(id), r.startedAt) && exchange.status < 500) {
          this.evidence.judge(
            'across',
            'CAN-DELIVERED-REFUSED',
            { exchange, entry, places: ['triggerFirstMileEvent'] },
            ok
              ? `a 4xx refusal to cancel ${id}, which an accepted CONSIGNEE_DELIVERED trigger delivered ` +
                  `earlier, got ${exchange.status}`
              : undefined,
          );
        } else if (ok) {
          const ids = this.idsOf(id, carrier);
          const shown = stateBefore(id);
          this.cancels.push({
            ...at,
            place,
            parcel: id,
            again: this.cancelled(ids, carrier),
            ...(shown ? { before: shown.status } : {}),
          });
          for (const x of ids) this.cancelledIds.add(scoped(carrier, x));
        }
        return;
      }
      case 'listParcels':
        if (ok) {
          const items = wholeList(r);
          if (items) this.wholeParcelList(r, carrier, entry, items);
        }
        return;
    }
  }

  private wholeParcelList(r: Recorded, carrier: string, entry: HarEntry, items: Json[]): void {
    const byId = new Map<string, Json>();
    for (const item of items) {
      const p = item as Json | null;
      for (const key of ['carrierParcelId', 'shipmentUid']) if (idText(p?.[key])) byId.set(idText(p![key])!, p!);
    }
    const after = (p: Pending) => p.carrier === carrier && p.at <= r.startedAt;
    const at = (place: string) => ({ exchange: r.exchange, entry, places: [place] });
    // Shown missing or as before by a list that may lag the write still: back to wait for a later list.
    const early = <T extends Pending>(list: T[], p: T) => r.startedAt < p.at + this.settleMs && list.push(p) > 0;
    for (const b of take(this.bookings, after)) {
      const record = byId.get(b.carrierParcelId);
      // With no key recorded the carriers cannot be told apart: another carrier's booking is missing from this list by
      // right.
      if (!record && carrier === '') continue;
      // Nor need a parcel whose cancel was accepted before the list still be listed (§4.8 does not say it is).
      if (!record && this.cancelled(this.idsOf(b.carrierParcelId, carrier), carrier)) continue;
      if (!record && early(this.bookings, b)) continue;
      const wrong = !record
        ? 'no record of it'
        : idText(record['lockerUid']) !== b.lockerUid
          ? `lockerUid ${JSON.stringify(record['lockerUid'])}`
          : b.allocationType !== undefined && record['allocationType'] !== b.allocationType
            ? `allocationType ${JSON.stringify(record['allocationType'])}`
            : undefined;
      this.evidence.judge(
        'across',
        'PCL-BOOKING-CREATES',
        at(b.place),
        wrong &&
          `the booking of ${b.carrierParcelId} (lockerUid ` +
            `${b.lockerUid}${b.allocationType !== undefined ? `, ${String(b.allocationType)}` : ''}) listed, ` +
            `got ${wrong}`,
      );
    }
    for (const p of take(this.prechecks, after)) {
      if (this.booked.get(carrier)?.has(p.carrierParcelId)) continue;
      this.evidence.judge(
        'across',
        'PCL-PRECHECK-NO-BOOKING',
        at(p.place),
        byId.has(p.carrierParcelId)
          ? `no booking of ${p.carrierParcelId}, which was only pre-checked, got one listed`
          : undefined,
      );
    }
    for (const c of take(this.cancels, after)) {
      const record = byId.get(c.parcel);
      if (!record || c.before === undefined || c.again) continue;
      if (record['shipmentStatus'] === c.before && early(this.cancels, c)) continue;
      this.evidence.judge(
        'across',
        'CAN-NOT-DELIVERED',
        at(c.place),
        record['shipmentStatus'] === c.before
          ? `a changed status for ${c.parcel} after its cancel was accepted, got ${JSON.stringify(c.before)} still`
          : undefined,
      );
    }
    for (const t of take(this.triggers, after)) {
      const events = byId.get(t.parcel)?.['events'];
      if (!t.before || !Array.isArray(events)) continue;
      const kept = keptAll(t.before, events);
      if (events.length <= t.before.length && early(this.triggers, t)) continue;
      this.evidence.judge(
        'across',
        'TRG-EVENT-HISTORY',
        at('triggerFirstMileEvent'),
        events.length > t.before.length && kept
          ? undefined
          : `${t.parcel}'s events to grow past the ${t.before.length} listed before the accepted trigger, ` +
              `earlier ones kept, got ${events.length}`,
      );
    }
    for (const item of items) this.learn(item, true, r.endedAt || r.startedAt, carrier);
  }
}

/** Every earlier entry is still in the history, in any order: §2.4 states no order of events ("History of events of the
 * parcel"). */
function keptAll(before: unknown[], now: unknown[]): boolean {
  const left = new Map<string, number>();
  for (const key of now.map((e) => JSON.stringify(e))) left.set(key, (left.get(key) ?? 0) + 1);
  return before.every((e) => {
    const key = JSON.stringify(e);
    const n = left.get(key) ?? 0;
    left.set(key, n - 1);
    return n > 0;
  });
}

/** Removes and returns the entries that match. */
function take<T>(list: T[], match: (t: T) => boolean): T[] {
  const taken: T[] = [];
  let kept = 0;
  for (const t of list) {
    if (match(t)) taken.push(t);
    else list[kept++] = t;
  }
  list.length = kept;
  return taken;
}
