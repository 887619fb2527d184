// GEN-REJECTED-NO-EFFECT on a recording: a booking or a create the service refused leaves no record. Judged where the
// recording shows the record did not exist before: the carrier's whole list (parcels, or lockers) answered before the
// refused request showed none with that carrierParcelId or carrier.lockerId, and no other request in the recording
// carried that id (a create, an update's carrier.lockerId, a booking, a trigger's parcel_id, whatever its answer: one
// unanswered may have made it). A later list of that carrier showing one then fails; a whole list begun the settle
// time after the refusal, showing none, holds. A list is judged once every request begun before it ended has been
// read: a booking of the id sent while the list was answered may be in it. Nor does a rejected create hold the
// carrier.lockerId it carried: a valid create under an id only creates the tables make invalid carried before, refused
// (not for its key or a rate), fails where the recording shows the key's create of the same body under another
// lockerId and name taken (what else a service refuses a create for is not shown, §7).
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { idNotHeldJudgement, noEffectJudgement } from '../../judgements/no-effect';
import { refusedForContent } from '../../judgements/judgement';
import { canonical } from '../../judgements/record-fidelity';
import { validRequest } from '../../checks/request-defects';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { listedRecords, settledAfter, wholeList } from '../recorded/whole-list';
import type { TrafficRule } from './traffic-rule';

type Kind = 'parcel' | 'locker';

/** A refusal a list is to judge: by the id it shows, or by a whole list settled after it showing none. */
interface Pending {
  f: Refused;
  listed: boolean;
}

interface Refused {
  kind: Kind;
  carrier: string;
  id: string;
  endedAt: number;
  place: string;
  status: number;
}

/** The identifier a carrier chose for the record a request writes, and the list that shows it. */
const idOf: Record<Kind, (record: Json | undefined) => string | undefined> = {
  parcel: (record) => idText(record?.['carrierParcelId']),
  locker: (record) => idText(((record?.['carrier'] ?? {}) as Json | null)?.['lockerId']),
};

export class RejectedWrites implements TrafficRule {
  /** `kind\0carrier` → the ids the carrier's last whole list showed, and when it was complete. */
  private readonly lastWhole = new Map<string, { ids: Set<string>; at: number }>();
  /** `kind\0id` of records an accepted request made or a list showed before a refusal: not the refusal's to judge. */
  private readonly madeOrShown = new Set<string>();
  /** `carrier\0carrier.lockerId` of creates the service rejected, invalid by the tables. */
  private readonly rejectedIds = new Set<string>();
  /** `carrier\0body` of the creates taken, their carrier.lockerId and lockerName aside. */
  private readonly takenShapes = new Set<string>();
  /** Valid creates refused under an id only rejected creates carried, awaiting a create of their shape taken. */
  private readonly heldIds: { r: Recorded; entry: HarEntry; id: string; shape: string }[] = [];
  /** `kind\0carrier` → refusals awaiting a list of that carrier. */
  private readonly refused = new Map<string, Refused[]>();
  /** `kind\0id` of records a request made, or may have, whatever its time: what a list still to judge may show. */
  private readonly written = new Set<string>();
  /** Lists that show a refusal's id, or not, judged once no request still to read began before they ended. */
  private readonly toJudge: { endedAt: number; r: Recorded; entry: HarEntry; checks: Pending[] }[] = [];

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly settleMs: number,
  ) {}

  /** A write with no answer may have been applied: seen as any other, by its status 0. */
  unanswered(r: Recorded, op: Operation, entry: HarEntry): void {
    this.see(r, op, entry);
  }

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    this.judgeListsEndedBefore(r.startedAt);
    this.carried(r, op);
    const kind: Kind | undefined =
      op.operationId === 'createLocker'
        ? 'locker'
        : (op.operationId === 'publishParcel' || op.operationId === 'publishParcelByCarrierLockerId') &&
            (r.exchange.request.body as Json | undefined)?.['eventType'] === 'BOOKING'
          ? 'parcel'
          : undefined;
    if (kind === 'locker') this.idHeld(r, op, entry);
    if (kind) return this.write(kind, r, op);
    const listed: Kind | undefined =
      op.operationId === 'listParcels' ? 'parcel' : op.operationId === 'listLockers' ? 'locker' : undefined;
    if (listed && r.carrier && is2xx(r.exchange.status) && !r.cut) this.list(listed, r, entry);
  }

  private write(kind: Kind, r: Recorded, op: Operation): void {
    const id = idOf[kind](r.exchange.request.body as Json | undefined);
    if (id === undefined) return;
    const key = `${kind}\u0000${id}`;
    // Anything but a 4xx made it, or may have (a 5xx, no answer): no later record with the id is a refusal's.
    if (r.exchange.status < 400 || r.exchange.status >= 500) {
      this.madeOrShown.add(key);
      this.written.add(key);
      return;
    }
    const before = this.lastWhole.get(`${kind}\u0000${r.carrier}`);
    if (!r.carrier || this.madeOrShown.has(key) || !before || before.at > r.startedAt || before.ids.has(id)) return;
    const pending =
      this.refused.get(`${kind}\u0000${r.carrier}`) ??
      this.refused.set(`${kind}\u0000${r.carrier}`, []).get(`${kind}\u0000${r.carrier}`)!;
    pending.push({
      kind,
      carrier: r.carrier,
      id,
      endedAt: r.endedAt || r.startedAt,
      place: op.operationId,
      status: r.exchange.status,
    });
  }

  /** A create's carrier.lockerId as rejected, taken or held by a rejection (see above). */
  private idHeld(r: Recorded, op: Operation, entry: HarEntry): void {
    const body = r.exchange.request.body as Json | undefined;
    const id = idOf.locker(body);
    if (!r.carrier || id === undefined || !body) return;
    const { lockerId: _id, lockerName: _name, ...carrier } = (body['carrier'] ?? {}) as Json;
    const shape = `${r.carrier}\u0000${canonical({ ...body, carrier })}`;
    const status = r.exchange.status;
    if (is2xx(status)) this.takenShapes.add(shape);
    if (!refusedForContent(status)) return;
    const key = `${r.carrier}\u0000${id}`;
    // Rejected as the tables make it invalid: a valid create refused may have met a locker holding its id unseen.
    if (!validRequest(op, body)) this.rejectedIds.add(key);
    else if (this.rejectedIds.has(key) && !this.madeOrShown.has(`locker\u0000${id}`))
      this.heldIds.push({ r, entry, id, shape });
  }

  finish(): void {
    this.judgeListsEndedBefore(Infinity);
    for (const { r, entry, id, shape } of this.heldIds.splice(0)) {
      if (!this.takenShapes.has(shape) || this.madeOrShown.has(`locker\u0000${id}`)) continue;
      const held = idNotHeldJudgement(id, r.exchange.status);
      this.evidence.judge('across', held.rule, { exchange: r.exchange, entry }, held.failure);
    }
  }

  /** Ids other requests carry that name a record of either kind: a later record with one is theirs, maybe. */
  private carried(r: Recorded, op: Operation): void {
    const body = (r.exchange.request.body ?? {}) as Json;
    const ids: [Kind, unknown][] =
      op.operationId === 'updateLocker'
        ? [['locker', ((body['carrier'] ?? {}) as Json)['lockerId']]]
        : op.operationId === 'triggerFirstMileEvent'
          ? [['parcel', body['parcel_id']]]
          : [];
    for (const [kind, id] of ids)
      if (idText(id) !== undefined && (r.exchange.status < 400 || r.exchange.status >= 500)) {
        this.madeOrShown.add(`${kind}\u0000${idText(id)}`);
        this.written.add(`${kind}\u0000${idText(id)}`);
      }
  }

  private list(kind: Kind, r: Recorded, entry: HarEntry): void {
    const records = listedRecords(r.exchange);
    const ids = new Set(records.map((record) => idOf[kind](record)).filter((id): id is string => id !== undefined));
    const whole = wholeList(r) !== undefined;
    const pending = this.refused.get(`${kind}\u0000${r.carrier}`) ?? [];
    const checks: Pending[] = [];
    for (const f of pending.filter((x) => x.endedAt <= r.startedAt)) {
      if (this.madeOrShown.has(`${kind}\u0000${f.id}`)) continue;
      const listed = ids.has(f.id);
      if (!listed && !(whole && settledAfter(f.endedAt, r, this.settleMs))) continue;
      pending.splice(pending.indexOf(f), 1);
      checks.push({ f, listed });
    }
    if (checks.length) this.toJudge.push({ endedAt: r.endedAt || r.startedAt, r, entry, checks });
    for (const id of ids) this.madeOrShown.add(`${kind}\u0000${id}`);
    if (whole && Object.keys(r.query).length === 0)
      this.lastWhole.set(`${kind}\u0000${r.carrier}`, { ids, at: r.endedAt || r.startedAt });
  }

  /** The lists that ended before `at`: a request made in the meantime under a refusal's id may be what they show. */
  private judgeListsEndedBefore(at: number): void {
    for (const list of this.toJudge.filter((l) => l.endedAt < at)) {
      this.toJudge.splice(this.toJudge.indexOf(list), 1);
      for (const { f, listed } of list.checks)
        if (!this.written.has(`${f.kind}\u0000${f.id}`)) this.judge(f, list.r, list.entry, listed);
    }
  }

  private judge(f: Refused, r: Recorded, entry: HarEntry, listed: boolean): void {
    // Listed or not: nothing of that id was made or shown before the refusal, so none is listed after it either.
    const held = noEffectJudgement(`${f.kind}s with the id of a refused ${f.place}`, [], listed ? [f.id] : []);
    this.evidence.judge('across', held.rule, { exchange: r.exchange, entry, places: [f.place] }, held.failure);
  }
}
