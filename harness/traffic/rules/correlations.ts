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
import { cancelShownJudgement, deliveredCancelJudgement } from '../../judgements/cancels';
import { bookingListedJudgement, precheckNotListedJudgement } from '../../judgements/bookings';
import { freshUidJudgement } from '../../judgements/created';
import { eventHistoryJudgement } from '../../judgements/event-history';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { validRequest } from '../../checks/request-defects';
import { wholeList } from '../recorded/whole-list';
import { ParcelsSeen, scoped } from '../learnt/parcels-seen';
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

export class Correlations extends ParcelsSeen implements TrafficRule {
  private readonly bookings: Booking[] = [];
  private readonly prechecks: (Pending & { carrierParcelId: string })[] = [];
  /** `again`: an earlier cancel of the parcel was accepted; what a second one does is not stated (CAN-TWICE). */
  private readonly cancels: (Pending & { parcel: string; before?: unknown; again: boolean })[] = [];
  private readonly triggers: (Pending & { parcel: string; before?: unknown[] })[] = [];
  /** Locker uid → the create that was answered it first: when, whose, and the carrier's lockerId it sent. */
  private readonly lockerUids = new Map<string, { when: string; carrier: string; lockerId?: string }>();

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly settleMs: number,
    sameRecorder: boolean,
  ) {
    super(sameRecorder);
  }

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    const { exchange } = r;
    const carrier = r.carrier;
    const body = exchange.request.body as Json | undefined;
    const at = { carrier, at: r.endedAt || r.startedAt, place: op.operationId };
    // The state a request changes is known only from a list answered in full before it started: one
    // still being answered when it started (requests in flight together) may show it served already.
    const stateBefore = (id: string) => this.shownBefore(carrier, id, r.startedAt);
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
        const fresh = freshUidJudgement(
          uid,
          other ? `an earlier create of another locker (${earlier.when})` : undefined,
        );
        this.evidence.judge('across', fresh.rule, { exchange, entry }, fresh.failure);
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
        // A trigger taken names a parcel that is, or is made by it (a first-mile BOOKING_CREATED): listed under the id,
        // it is no booking a pre-check made.
        this.booked.set(carrier, (this.booked.get(carrier) ?? new Set<string>()).add(parcel));
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
          const held = deliveredCancelJudgement(exchange, `${id} (an accepted CONSIGNEE_DELIVERED trigger earlier)`);
          this.evidence.judge(
            'across',
            held.rule,
            { exchange, entry, places: ['triggerFirstMileEvent'] },
            held.failure,
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
    // Every record of an id: a carrierParcelId cancelled and booked again is listed twice, each its own booking.
    const allById = new Map<string, Json[]>();
    for (const item of items) {
      const p = item as Json | null;
      for (const key of ['carrierParcelId', 'shipmentUid']) {
        const id = idText(p?.[key]);
        if (id) allById.set(id, [...(allById.get(id) ?? []), p!]);
      }
    }
    // The one record of an id, where it is one: which of several a cancel or a trigger named the list cannot tell.
    const byId = new Map([...allById].flatMap(([id, records]) => (records.length === 1 ? [[id, records[0]!]] : [])));
    const after = (p: Pending) => p.carrier === carrier && p.at <= r.startedAt;
    const at = (place: string) => ({ exchange: r.exchange, entry, places: [place] });
    // Shown missing or as before by a list that may lag the write still: back to wait for a later list.
    const early = <T extends Pending>(list: T[], p: T) => r.startedAt < p.at + this.settleMs && list.push(p) > 0;
    for (const b of take(this.bookings, after)) {
      const records = allById.get(b.carrierParcelId) ?? [];
      // With no key recorded the carriers cannot be told apart: another carrier's booking is missing from this list by
      // right.
      if (!records.length && carrier === '') continue;
      // Nor need a parcel whose cancel was accepted before the list still be listed (§4.8 does not say it is).
      if (!records.length && this.cancelled(this.idsOf(b.carrierParcelId, carrier), carrier)) continue;
      if (!records.length && early(this.bookings, b)) continue;
      const held = bookingListedJudgement(b.carrierParcelId, b.lockerUid, b.allocationType, records);
      this.evidence.judge('across', held.rule, at(b.place), held.failure);
    }
    for (const p of take(this.prechecks, after)) {
      if (this.booked.get(carrier)?.has(p.carrierParcelId)) continue;
      const held = precheckNotListedJudgement(
        p.carrierParcelId,
        allById.has(p.carrierParcelId) ? [p.carrierParcelId] : [],
      );
      this.evidence.judge('across', held.rule, at(p.place), held.failure);
    }
    for (const c of take(this.cancels, after)) {
      const record = byId.get(c.parcel);
      if (!record || c.before === undefined || c.again) continue;
      if (record['shipmentStatus'] === c.before && early(this.cancels, c)) continue;
      const held = cancelShownJudgement(`parcel ${c.parcel}`, c.before, record['shipmentStatus']);
      this.evidence.judge('across', held.rule, at(c.place), held.failure);
    }
    for (const t of take(this.triggers, after)) {
      const events = byId.get(t.parcel)?.['events'];
      if (!t.before || !Array.isArray(events)) continue;
      if (events.length <= t.before.length && early(this.triggers, t)) continue;
      const held = eventHistoryJudgement(`${t.parcel} after an accepted trigger`, t.before, events);
      this.evidence.judge('across', held.rule, at('triggerFirstMileEvent'), held.failure);
    }
    for (const item of items) this.learn(item, true, r.endedAt || r.startedAt, carrier);
  }
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
