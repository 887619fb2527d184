// The frame and one record in every place, on recorded traffic: a record a key made (a locker its create was
// answered with, a parcel it booked or triggered) and listed twice, with no write naming it between, is listed alike
// (GEN-WRITE-NAMED-ONLY); a create's or update's answer and that key's next list of the locker agree
// (GEN-ONE-RECORD). The judgements are the exploration's (model/frame.ts); what the traffic adds is what names a
// record: any write whose path, query or body carries one of its identifiers (a locker write names the parcels in
// the locker too), answered or not, but a PRE_CHECK, which only checks (§1), and a write refused for what it asked
// (400, 404, 409, 422), which changed nothing (GEN-REJECTED-NO-EFFECT). A list may lag a write
// by a time no recording states, so the traffic shows it: a read after a write's answer that still shows the record
// as before (an update's locker, a booking's parcel missing) is a lag seen. A read showing the record as it was
// before the last write that named it, within the longest lag seen (twice it, and a tenth of a second), is taken as
// not showing that write yet; an answer waits for the read that shows it. Where no read came soon after a write,
// nothing tells the lag, and a read showing an earlier form is never held to the frame.
import { validRequest } from '../../checks/request-defects';
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import {
  frameDifferences,
  frameJudgements,
  lockerReach,
  oneRecordJudgements,
  outsideReach,
  type Differences,
} from '../../judgements/frame';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { refusedChangeRule } from '../../judgements/no-effect';
import { lockerIds, mentions, parcelIds } from '../recorded/mentions';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { listedRecords, wholeList } from '../recorded/whole-list';
import type { ListLag } from '../learnt/list-lag';
import type { TrafficRule } from './traffic-rule';

/** Operations that act on a locker: they name the parcels in it too (what a parcel shows of its locker may follow). */
const LOCKER_WRITES = new Set(['updateLocker', 'updateLockerStatus', 'addNetworkLockers']);

interface Write {
  startedAt: number;
  endedAt: number;
  lockerWrite: boolean;
  /** Answered with a 4xx: it changed nothing (GEN-REJECTED-NO-EFFECT; for its key, AUTH-KEY-REQUIRED). */
  refused: boolean;
  /** Refused for its key: a 401 or 403, an empty key or a near miss of one. */
  byKey: boolean;
  /** A request the tables make invalid (GEN-REJECTED-NO-EFFECT's); a valid one refused is GEN-REFUSED-KEPT's. */
  invalid: boolean;
  /** `key\0carrierParcelId` of the parcel an answered booking made: the key had sent no booking of that id before. */
  created?: string;
  /** The locker members the write may change (judgements/frame.ts lockerReach); undefined: any member. */
  lockerReach?: readonly string[];
}

/** A record as one answer showed it; the answer itself is kept only where a judgement may name it. */
interface Shown {
  record: Json;
  startedAt: number;
  endedAt: number;
  /** The write whose answer this is (GEN-ONE-RECORD): it names the record, and is not counted between. */
  own?: { write: Write; exchange: Recorded['exchange'] };
}

/** Two showings of one record, to judge once every write that began before the second ended has been read. */
interface Pair {
  rule: Differences['rule'];
  kind: 'Locker' | 'Parcel';
  key: string;
  before: Shown;
  after: Shown;
  r: Recorded;
  entry: HarEntry;
  differences: string[];
  what: string;
}

export class FrameReads implements TrafficRule {
  /** Every write, by each text it carries. */
  private readonly writes = new Map<string, Write[]>();
  /** `key\0uid` of the lockers each key's create was answered with; `key\0carrierParcelId` of the parcels it made. */
  private readonly madeLockers = new Set<string>();
  private readonly madeParcels = new Set<string>();
  /** `key\0kind\0id` → the record as that key was last shown it. */
  private readonly last = new Map<string, Shown>();
  /** `key\0kind\0id` → every form that key's lists showed of the record, each with when it was first shown. */
  private readonly versions = new Map<string, { record: Json; at: number }[]>();
  /** Pairs waiting for the writes that began before their second showing ended (the traffic is in start order). */
  private pending: Pair[] = [];
  /** Pairs that differ: judged at the end, once the traffic has shown how long its lists lag. */
  private readonly differing: Pair[] = [];
  /** `key\0carrierParcelId` → when that key's booking was answered, until a parcel list shows it. */
  private readonly booked = new Map<string, number>();

  constructor(
    private readonly evidence: TrafficEvidence,
    /** What the reads of the recording showed of the lists' lag, learnt here and read by others. */
    private readonly lag: ListLag,
    /** How long a list may lag a write whatever the reads showed (TrafficContext lagFloorMs). */
    private readonly lagFloorMs = 0,
  ) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    this.judgeUntil(r.startedAt);
    // A write answered 202 Accepted is carried out after its answer, when the recording cannot tell: as one unanswered.
    if (r.exchange.method !== 'GET')
      return this.written(r, op, entry, r.exchange.status === 202 ? Infinity : r.endedAt);
    if (!is2xx(r.exchange.status) || r.cut || !r.carrier) return;
    if (op.operationId === 'listLockers')
      for (const l of listedRecords(r.exchange)) this.shown(r, entry, 'Locker', idText(l['uid']), l);
    else if (op.operationId === 'listParcels') {
      const items = listedRecords(r.exchange);
      this.bookingsSeen(r, items);
      for (const p of items)
        if (this.madeParcels.has(`${r.carrier}\0${idText(p['carrierParcelId'])}`))
          this.shown(r, entry, 'Parcel', idText(p['shipmentUid']), p);
    }
  }

  /** A whole parcel list read after a booking's answer: showing it is a chance the lag did not take; not showing it, a
   * lag seen. */
  private bookingsSeen(r: Recorded, items: Json[]): void {
    const shown = new Set(items.map((p) => `${r.carrier}\0${idText(p['carrierParcelId'])}`));
    // Only a whole list shows a parcel missing: a page or a filtered list is no chance to see a lag.
    if (wholeList(r) === undefined) return;
    for (const [key, answeredAt] of this.booked) {
      if (!key.startsWith(`${r.carrier}\0`) || r.startedAt < answeredAt) continue;
      this.lag.chance('Parcel', r.startedAt - answeredAt, shown.has(key));
      if (shown.has(key)) this.booked.delete(key);
    }
  }

  unanswered(r: Recorded, op: Operation, entry: HarEntry): void {
    this.judgeUntil(r.startedAt);
    // It may have been carried out at any time since.
    this.written(r, op, entry, Infinity);
  }

  finish(): void {
    this.judgeUntil(Infinity);
    for (const pair of this.differing) {
      const named = pair.before.own ? undefined : this.lastNamingBefore(pair, pair.before.startedAt);
      const window = Math.max(this.lag.window(pair.kind), this.lagFloorMs);
      const within = named !== undefined && named.endedAt > pair.before.startedAt - window;
      const between = within && this.unshownBetween(pair, named, window);
      if (
        named &&
        within &&
        !this.made(pair, named) &&
        (between || this.lag.unknown(pair.kind) || this.stale(pair.key, pair.kind, pair.before.record, named, true))
      )
        continue;
      this.judge(pair);
    }
  }

  private written(r: Recorded, op: Operation, entry: HarEntry, endedAt: number): void {
    const sent = (r.exchange.request.body ?? {}) as Json;
    let created: string | undefined;
    if (op.operationId === 'publishParcel' || op.operationId === 'publishParcelByCarrierLockerId') {
      if (sent['eventType'] === 'PRE_CHECK') return;
      const made = `${r.carrier}\0${idText(sent['carrierParcelId'])}`;
      const answered = r.carrier !== undefined && is2xx(r.exchange.status) && endedAt !== Infinity;
      // The first booking of an id makes its parcel: no list can show that parcel as it was before it.
      if (answered && !this.madeParcels.has(made)) created = made;
      if (r.carrier) this.madeParcels.add(made);
      if (answered) this.booked.set(made, endedAt);
    }
    if (op.operationId === 'triggerFirstMileEvent' && r.carrier)
      this.madeParcels.add(`${r.carrier}\0${idText(sent['parcel_id'])}`);
    const refused = endedAt !== Infinity && r.exchange.status >= 400 && r.exchange.status < 500;
    const write: Write = {
      startedAt: r.startedAt,
      endedAt,
      lockerWrite: LOCKER_WRITES.has(op.operationId),
      refused,
      byKey: [401, 403].includes(r.exchange.status) || r.key === '' || r.nearMiss !== undefined,
      // Validated for a refusal only: most writes of a recording are taken.
      invalid: refused && !validRequest(op, r.exchange.request.body),
      ...(created ? { created } : {}),
    };
    const reach = lockerReach(op.operationId, sent);
    if (reach) write.lockerReach = reach;
    for (const text of mentions(r)) {
      const writes = this.writes.get(text) ?? [];
      this.writes.set(text, writes);
      writes.push(write);
    }
    const answer = r.exchange.body as Json | undefined;
    if (!r.carrier || !is2xx(r.exchange.status) || r.cut || !answer || typeof answer !== 'object') return;
    if (op.operationId !== 'createLocker' && op.operationId !== 'updateLocker') return;
    const uid = idText(answer['uid']);
    if (uid === undefined) return;
    if (op.operationId === 'createLocker') this.madeLockers.add(`${r.carrier}\0${uid}`);
    const key = `${r.carrier}\0Locker\0${uid}`;
    if (!this.madeLockers.has(`${r.carrier}\0${uid}`)) return;
    // A form the locker had: a list lagging a later write may show it.
    this.versions.set(key, [...(this.versions.get(key) ?? []), { record: answer, at: r.startedAt }]);
    // The answer is what the next list must show.
    this.last.set(key, {
      record: answer,
      startedAt: r.startedAt,
      endedAt: r.endedAt,
      own: { write, exchange: r.exchange },
    });
  }

  private shown(r: Recorded, entry: HarEntry, kind: 'Locker' | 'Parcel', id: string | undefined, record: Json): void {
    if (id === undefined || (kind === 'Locker' && !this.madeLockers.has(`${r.carrier}\0${id}`))) return;
    const key = `${r.carrier}\0${kind}\0${id}`;
    const versions = this.versions.get(key) ?? [];
    this.versions.set(key, versions);
    const latest = versions[versions.length - 1];
    if (!latest || frameDifferences(kind, latest.record, record).length) versions.push({ record, at: r.startedAt });
    const before = this.last.get(key);
    const after = { record, startedAt: r.startedAt, endedAt: r.endedAt };
    if (!before) return void this.last.set(key, after);
    const own = before.own;
    // Two reads in flight together show the record in an order the recording cannot tell: neither is the other's
    // before. The one answered later stands for the next read.
    if (!own && r.startedAt < before.endedAt) {
      if (r.endedAt > before.endedAt) this.last.set(key, after);
      return;
    }
    // A read begun before the write was answered, or showing the locker as it was before it: the list has not shown
    // the write yet, and the answer waits for a later read.
    if (own && r.startedAt < own.write.endedAt) return;
    if (own) {
      const stale = this.stale(key, kind, record, own.write, false);
      this.lag.chance('Locker', r.startedAt - own.write.endedAt, !stale);
      if (stale) return;
    }
    this.last.set(key, after);
    const pair = { kind, key, before, after, r, entry, what: `${kind.toLowerCase()} ${id}` };
    if (own) {
      for (const judged of oneRecordJudgements(before.record, record)) this.pending.push({ ...pair, ...judged });
      return;
    }
    // What the client decided is GEN-WRITE-NAMED-ONLY's; the state the service manages, GEN-STATE-NAMED-ONLY's.
    for (const judged of frameJudgements(kind, before.record, record)) this.pending.push({ ...pair, ...judged });
  }

  /**
   * Whether `record` may be a list's view from before `write`: a form the record had before it began (a list or an
   * answer showed it), or, where nothing showed the record before it (`unknown`), any form: a record first listed
   * after a write that named it cannot be told from its form before.
   */
  private stale(key: string, kind: 'Locker' | 'Parcel', record: Json, write: Write, unknown: boolean): boolean {
    const earlier = (this.versions.get(key) ?? []).filter((v) => v.at < write.startedAt);
    if (!earlier.length) return unknown;
    return earlier.some((v) => frameDifferences(kind, v.record, record).length === 0);
  }

  /**
   * Whether another write named the record within the window, after the last form shown before `named`: the read may
   * show the record between the two, a form nothing showed.
   */
  private unshownBetween(pair: Pair, named: Write, window: number): boolean {
    const shownAt = (this.versions.get(pair.key) ?? []).filter((v) => v.at < named.startedAt).map((v) => v.at);
    const lastShown = Math.max(-Infinity, ...shownAt);
    // Writes that carried the record's own id (a locker's uid, a parcel's shipmentUid or carrierParcelId): an id
    // another record shares (a carrier.lockerId the other carrier holds too) names that record's writes as well.
    const record = pair.after.record;
    const own = pair.kind === 'Locker' ? [record['uid']] : [record['shipmentUid'], record['carrierParcelId']];
    const writes = own.flatMap((id) => this.writes.get(idText(id) ?? '') ?? []).filter((w) => !w.refused);
    const from = pair.before.startedAt;
    return writes.some((w) => w !== named && w.endedAt <= from && w.endedAt > from - window && w.startedAt > lastShown);
  }

  /** Whether `write` made the parcel: a read showing it at all shows it after that write, however long lists lag. */
  private made(pair: Pair, write: Write): boolean {
    if (pair.kind !== 'Parcel' || write.created === undefined) return false;
    const carrier = pair.key.slice(0, pair.key.indexOf('\0'));
    return write.created === `${carrier}\0${idText(pair.before.record['carrierParcelId'])}`;
  }

  /** The last write that named the record and was answered before `at`. */
  private lastNamingBefore(pair: Pair, at: number): Write | undefined {
    let last: Write | undefined;
    for (const w of this.namingWrites(pair)) if (w.endedAt <= at && (!last || w.endedAt > last.endedAt)) last = w;
    return last;
  }

  /** The writes that carried one of the record's identifiers (or, a locker write, its locker's uid). */
  private namingWrites(pair: Pair): Write[] {
    // A refused write changed nothing (GEN-REJECTED-NO-EFFECT): what changed after it was not its doing.
    return this.allNaming(pair).filter((w) => !w.refused);
  }

  /** The writes that named the record, refused ones among them. */
  private allNaming(pair: Pair): Write[] {
    const ids = pair.kind === 'Locker' ? lockerIds : parcelIds;
    const texts = new Set([...ids(pair.before.record), ...ids(pair.after.record)]);
    const lockerUid = pair.kind === 'Parcel' ? idText(pair.after.record['lockerUid']) : undefined;
    return [
      ...[...texts].flatMap((t) => this.writes.get(t) ?? []),
      ...(lockerUid === undefined ? [] : (this.writes.get(lockerUid) ?? []).filter((w) => w.lockerWrite)),
    ];
  }

  /**
   * The pair with the differences no write under way between the two showings (other than the answer's own) may have
   * made; none where one of them may have changed any member of the record, or the pair is not an answer's.
   */
  private outsideBetween(pair: Pair): Pair | undefined {
    const own = pair.before.own;
    const from = own ? own.write.startedAt : pair.before.startedAt;
    const between = this.namingWrites(pair).filter(
      (w) => w !== own?.write && w.startedAt < pair.after.endedAt && w.endedAt > from,
    );
    if (!between.length) return pair;
    // A record listed twice with a write naming it between is out of the frame's rule (GEN-WRITE-NAMED-ONLY holds the
    // records a write did not name); a write's answer and the next list are one record but for what a write between
    // may have changed (GEN-ONE-RECORD).
    // Only a locker write's answer is an own showing, so every reach here is a locker's.
    if (!own || between.some((w) => w.lockerReach === undefined)) return undefined;
    return {
      ...pair,
      differences: outsideReach(
        pair.differences,
        between.map((w) => w.lockerReach!),
      ),
    };
  }

  /** Judges the pairs whose second showing ended before `now`: no write read later began before it ended. */
  private judgeUntil(now: number): void {
    if (!this.pending.length) return;
    const ready = this.pending.filter((p) => p.after.endedAt <= now);
    if (!ready.length) return;
    this.pending = this.pending.filter((p) => p.after.endedAt > now);
    for (const pair of ready.flatMap((p) => this.outsideBetween(p) ?? [])) {
      if (pair.differences.length) this.differing.push(pair);
      else this.judge(pair);
    }
  }

  private judge(pair: Pair): void {
    const own = pair.before.own;
    const where = own ? `the ${own.exchange.operationId} answer, then the list` : 'listed twice';
    // What the client decided changed where only refused requests named the record: theirs, which had no effect.
    const from = pair.before.startedAt;
    const refused = this.allNaming(pair).filter(
      (w) => w.refused && w.startedAt < pair.after.endedAt && w.endedAt > from,
    );
    const byRefused = pair.rule === 'GEN-WRITE-NAMED-ONLY' && pair.differences.length > 0 && refused.length > 0;
    const [byKey, invalid] = [refused.every((w) => w.byKey), refused.some((w) => w.invalid)];
    const rule = byRefused ? refusedChangeRule(byKey, invalid) : pair.rule;
    const problem = pair.differences.length
      ? `${pair.what}, ${where}, named by no write between${byRefused ? ' but refused ones' : ''}: ` +
        pair.differences.join('; ')
      : undefined;
    const entry = pair.differences.length ? { entry: pair.entry } : {};
    this.evidence.judge('across', rule, { exchange: pair.r.exchange, ...entry }, problem);
    // The answer is a place of the rule too (GEN-ONE-RECORD and its should concern the create and the update).
    if (own) this.evidence.judge('across', pair.rule, { exchange: own.exchange }, problem);
  }
}
