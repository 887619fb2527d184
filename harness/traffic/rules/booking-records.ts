// What a carrier's later parcel list shows of its bookings, on a recording: the record carries the
// shipmentType, allocationType and consignee the booking sent, and on the by-tenant path the
// carrierLockerId (PCL-RECORD-AS-SENT); a by-tenant booking sits in the locker the recording last showed
// with that carrier.lockerId among the carrier's own (PCL-BY-TENANT-RESOLVES), and never in another
// carrier's locker that alone has it (PCL-BY-TENANT-OWN). Which lockers are whose, and their ids, come
// from what the answers showed (learnt/lockers-shown.ts, learnt/record-owners.ts), never from how ids are spelt.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { byTenantOwnJudgement, byTenantResolvesJudgement, recordAsSentJudgement } from '../../judgements/bookings';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import type { LockersShown } from '../learnt/lockers-shown';
import { idText, is2xx, REFUSALS, type Recorded } from '../recorded/recorded';
import type { RecordOwners } from '../learnt/record-owners';
import { validRequest } from '../../checks/request-defects';
import { listedRecords } from '../recorded/whole-list';
import type { TrafficRule } from './traffic-rule';

interface Booking {
  carrier: string;
  carrierParcelId: string;
  place: string;
  /** The members the record must show as sent. */
  sent: Json;
  /** By-tenant: the one locker of the carrier's the recording last showed with that carrier.lockerId. */
  expectedLocker?: { uid: string; lockerId: string };
  /** By-tenant: lockers only another carrier's answers showed with that carrier.lockerId. */
  foreign: string[];
  endedAt: number;
  /** A list of the carrier's showed a parcel with that id before: what a second BOOKING of it does is not stated. */
  existed: boolean;
}

const MEMBERS = ['shipmentType', 'allocationType', 'consignee'] as const;

export class BookingRecords implements TrafficRule {
  /** carrier → carrierParcelId → its booking not yet judged (undefined: booked twice, which record is which is not
   * told). */
  private readonly pending = new Map<string, Map<string, Booking | undefined>>();

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly lockers: LockersShown,
    private readonly owners: RecordOwners,
    /** A list begun sooner after a booking may not show it yet (recorded/whole-list.ts). */
    private readonly settleMs: number,
  ) {}

  /** `carrier\0carrierParcelId` of every parcel the carrier's lists showed. */
  private readonly seen = new Set<string>();

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    if (op.operationId === 'publishParcel' || op.operationId === 'publishParcelByCarrierLockerId')
      this.booked(r, op, entry);
    else if (op.operationId === 'listParcels' && is2xx(r.exchange.status) && !r.cut && r.carrier) this.listed(r, entry);
  }

  private booked(r: Recorded, op: Operation, entry: HarEntry): void {
    const body = r.exchange.request.body as Json | undefined;
    const id = idText(body?.['carrierParcelId']);
    if (!r.carrier || !id || body?.['eventType'] !== 'BOOKING' || !validRequest(op, body)) return;
    const tenant = op.operationId === 'publishParcelByCarrierLockerId';
    const lockerId = tenant ? idText(body['carrierLockerId']) : undefined;
    const { expectedLocker, foreign } = lockerId !== undefined ? this.resolve(r, lockerId) : { foreign: [] };
    if (!is2xx(r.exchange.status)) {
      // A refusal, with any 4xx, books nothing into another carrier's locker.
      if (foreign.length && REFUSALS.has(r.exchange.status)) {
        const held = byTenantOwnJudgement(id, lockerId, foreign, []);
        this.evidence.judge('across', held.rule, { exchange: r.exchange, entry }, held.failure);
      }
      return;
    }
    const sent: Json = {};
    for (const member of MEMBERS) if (body[member] !== undefined && body[member] !== null) sent[member] = body[member];
    if (lockerId !== undefined) sent['carrierLockerId'] = lockerId;
    const mine = this.pending.get(r.carrier) ?? this.pending.set(r.carrier, new Map()).get(r.carrier)!;
    const existed = this.seen.has(`${r.carrier}\u0000${id}`);
    mine.set(
      id,
      mine.has(id)
        ? undefined
        : {
            carrier: r.carrier,
            carrierParcelId: id,
            place: op.operationId,
            sent,
            ...(expectedLocker ? { expectedLocker } : {}),
            foreign,
            endedAt: r.endedAt || r.startedAt,
            existed,
          },
    );
  }

  /**
   * The lockers shown with this carrier.lockerId before the booking began: the carrier's own (its key's
   * create answered it, or the answers named its owner) and those only another carrier's key created.
   */
  private resolve(r: Recorded, lockerId: string): Pick<Booking, 'expectedLocker' | 'foreign'> {
    // The key's own view: the carrier object is the caller's, so only its answers show its lockerIds.
    const mine = [
      ...new Set(
        this.lockers
          .withLockerId(lockerId, r.carrier)
          .filter((l) => l.at <= r.startedAt)
          .map((l) => l.uid),
      ),
    ];
    if (mine.length)
      return mine.length === 1 ? { expectedLocker: { uid: mine[0]!, lockerId }, foreign: [] } : { foreign: [] };
    // None of its own: lockers another carrier's answers showed with that id, owned (as they said) by that other
    // carrier.
    const others = this.owners.otherOwners(r.carrier);
    const own = this.owners.ownerOfKey(r.carrier);
    const foreign = this.lockers
      .othersWithLockerId(lockerId, r.carrier)
      .filter(
        ({ locker }) =>
          locker.at <= r.startedAt &&
          typeof locker.ownedByCarrier === 'string' &&
          locker.ownedByCarrier !== own &&
          others.has(locker.ownedByCarrier),
      );
    return { foreign: own === undefined ? [] : [...new Set(foreign.map(({ locker }) => locker.uid))] };
  }

  /** Any page of the carrier's parcel list: each pending booking it shows is judged on what it shows. */
  private listed(r: Recorded, entry: HarEntry): void {
    const records = listedRecords(r.exchange);
    const mine = this.pending.get(r.carrier);
    if (mine?.size) this.judgeListed(r, entry, mine, records);
    for (const record of records)
      if (idText(record['carrierParcelId']) !== undefined)
        this.seen.add(`${r.carrier}\u0000${idText(record['carrierParcelId'])}`);
  }

  private judgeListed(r: Recorded, entry: HarEntry, mine: Map<string, Booking | undefined>, listed: Json[]): void {
    const at = (place: string) => ({ exchange: r.exchange, entry, places: [place] });
    const byId = new Map<string, Json[]>();
    for (const record of listed) {
      const id = idText(record['carrierParcelId']);
      if (id !== undefined && mine.has(id)) byId.set(id, [...(byId.get(id) ?? []), record]);
    }
    for (const [id, records] of byId) {
      const b = mine.get(id);
      if (!b) {
        mine.delete(id);
        continue;
      }
      // An earlier parcel of the same carrierParcelId (cancelled, of before the recording) may be listed too: one
      // record as sent is the booking's.
      const asSent = recordAsSentJudgement(b.sent, records, `the record of ${id}`);
      const lockerUids = records.map((record) => idText(record['lockerUid']));
      const resolves = b.expectedLocker
        ? byTenantResolvesJudgement(id, b.expectedLocker.lockerId, b.expectedLocker.uid, lockerUids)
        : undefined;
      const asSentOk = asSent.failure === undefined;
      const inPlace = resolves?.failure === undefined;
      // Only the earlier parcel listed, by a list that may lag the booking: a later list decides.
      if ((!asSentOk || !inPlace) && r.startedAt < b.endedAt + this.settleMs) continue;
      mine.delete(id);
      // A parcel of that id listed before the booking may be the one listed still (what a second BOOKING does is not
      // stated).
      if (b.existed && (!asSentOk || !inPlace)) continue;
      if (Object.keys(b.sent).length) this.evidence.judge('across', asSent.rule, at(b.place), asSent.failure);
      if (resolves) this.evidence.judge('across', resolves.rule, at(b.place), resolves.failure);
      if (b.foreign.length && !b.existed) {
        const own = byTenantOwnJudgement(id, b.sent['carrierLockerId'], b.foreign, lockerUids);
        this.evidence.judge('across', own.rule, at(b.place), own.failure);
      }
    }
  }
}
