// The frame and one record in every place, on recorded traffic: a record a key made (a locker its create was
// answered with, a parcel it booked or triggered) and listed twice, with no write naming it between, is listed alike
// (GEN-WRITE-NAMED-ONLY); a create's or update's answer and that key's next list of the locker agree
// (GEN-ONE-RECORD). The judgements are the exploration's (model/frame.ts); what the traffic adds is what names a
// record: any write whose path, query or body carries one of its identifiers (a locker write names the parcels in
// the locker too), answered or not, refused or not, but a PRE_CHECK, which only checks (§1). A write that ended
// within the list settle time before the first read, or overlaps the two, leaves the pair unjudged: a list may lag.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { frameDifferences, oneRecordDifferences } from '../../model/frame';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { listedRecords } from '../recorded/whole-list';
import type { TrafficRule } from './traffic-rule';

/** Operations that act on a locker: they name the parcels in it too (what a parcel shows of its locker may follow). */
const LOCKER_WRITES = new Set(['updateLocker', 'updateLockerStatus', 'addNetworkLockers']);

interface Write {
  startedAt: number;
  endedAt: number;
  lockerWrite: boolean;
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
  rule: 'GEN-WRITE-NAMED-ONLY' | 'GEN-ONE-RECORD';
  kind: 'Locker' | 'Parcel';
  before: Shown;
  after: Shown;
  r: Recorded;
  entry: HarEntry;
  differences: string[];
  what: string;
}

/** Every text and number a request carries: in its path's parameters, its query and its body, at any depth. */
function mentions(r: Recorded): Set<string> {
  const found = new Set<string>([...Object.values(r.params), ...Object.values(r.query)]);
  const walk = (v: unknown): void => {
    const text = idText(v);
    if (text !== undefined) found.add(text);
    else if (v && typeof v === 'object') for (const inner of Object.values(v)) walk(inner);
  };
  walk(r.exchange.request.body);
  return found;
}

const lockerIds = (l: Json): string[] =>
  [l['uid'], l['carrier']?.['lockerId'], l['provider']?.['lockerUid']].flatMap((v) => idText(v) ?? []);
const parcelIds = (p: Json): string[] => [p['shipmentUid'], p['carrierParcelId']].flatMap((v) => idText(v) ?? []);

export class FrameReads implements TrafficRule {
  /** Every write, by each text it carries. */
  private readonly writes = new Map<string, Write[]>();
  /** `key\0uid` of the lockers each key's create was answered with; `key\0carrierParcelId` of the parcels it made. */
  private readonly madeLockers = new Set<string>();
  private readonly madeParcels = new Set<string>();
  /** `key\0kind\0id` → the record as that key was last shown it. */
  private readonly last = new Map<string, Shown>();
  /** Pairs waiting for the writes that began before their second showing ended (the traffic is in start order). */
  private pending: Pair[] = [];

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly settleMs: number,
  ) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    this.judgeUntil(r.startedAt);
    if (r.exchange.method !== 'GET') return this.written(r, op, entry, r.endedAt);
    if (!is2xx(r.exchange.status) || r.cut || !r.carrier) return;
    if (op.operationId === 'listLockers')
      for (const l of listedRecords(r.exchange)) this.shown(r, entry, 'Locker', idText(l['uid']), l);
    else if (op.operationId === 'listParcels')
      for (const p of listedRecords(r.exchange))
        if (this.madeParcels.has(`${r.carrier}\0${idText(p['carrierParcelId'])}`))
          this.shown(r, entry, 'Parcel', idText(p['shipmentUid']), p);
  }

  unanswered(r: Recorded, op: Operation, entry: HarEntry): void {
    this.judgeUntil(r.startedAt);
    // It may have been carried out at any time since.
    this.written(r, op, entry, Infinity);
  }

  finish(): void {
    this.judgeUntil(Infinity);
  }

  private written(r: Recorded, op: Operation, entry: HarEntry, endedAt: number): void {
    const sent = (r.exchange.request.body ?? {}) as Json;
    if (op.operationId === 'publishParcel' || op.operationId === 'publishParcelByCarrierLockerId') {
      if (sent['eventType'] === 'PRE_CHECK') return;
      if (r.carrier) this.madeParcels.add(`${r.carrier}\0${idText(sent['carrierParcelId'])}`);
    }
    if (op.operationId === 'triggerFirstMileEvent' && r.carrier)
      this.madeParcels.add(`${r.carrier}\0${idText(sent['parcel_id'])}`);
    const write: Write = { startedAt: r.startedAt, endedAt, lockerWrite: LOCKER_WRITES.has(op.operationId) };
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
    // The answer is what the next list must show.
    if (this.madeLockers.has(`${r.carrier}\0${uid}`))
      this.last.set(`${r.carrier}\0Locker\0${uid}`, {
        record: answer,
        startedAt: r.startedAt,
        endedAt: r.endedAt,
        own: { write, exchange: r.exchange },
      });
  }

  private shown(r: Recorded, entry: HarEntry, kind: 'Locker' | 'Parcel', id: string | undefined, record: Json): void {
    if (id === undefined || (kind === 'Locker' && !this.madeLockers.has(`${r.carrier}\0${id}`))) return;
    const key = `${r.carrier}\0${kind}\0${id}`;
    const before = this.last.get(key);
    const after = { record, startedAt: r.startedAt, endedAt: r.endedAt };
    this.last.set(key, after);
    if (!before) return;
    this.pending.push({
      rule: before.own ? 'GEN-ONE-RECORD' : 'GEN-WRITE-NAMED-ONLY',
      kind,
      before,
      after,
      r,
      entry,
      differences: before.own
        ? oneRecordDifferences(before.record, record)
        : frameDifferences(kind, before.record, record),
      what: `${kind.toLowerCase()} ${id}`,
    });
  }

  /** Whether a write other than the answer's own named the record between (or lately before) the two showings. */
  private namedBetween(pair: Pair): boolean {
    const ids = pair.kind === 'Locker' ? lockerIds : parcelIds;
    const texts = new Set([...ids(pair.before.record), ...ids(pair.after.record)]);
    const lockerUid = pair.kind === 'Parcel' ? idText(pair.after.record['lockerUid']) : undefined;
    const own = pair.before.own;
    const from = own ? own.write.startedAt : pair.before.startedAt - this.settleMs;
    const between = (w: Write) => w !== own?.write && w.startedAt < pair.after.endedAt && w.endedAt > from;
    return (
      [...texts].some((t) => (this.writes.get(t) ?? []).some(between)) ||
      (lockerUid !== undefined && (this.writes.get(lockerUid) ?? []).some((w) => w.lockerWrite && between(w)))
    );
  }

  /** Judges the pairs whose second showing ended before `now`: no write read later began before it ended. */
  private judgeUntil(now: number): void {
    if (!this.pending.length) return;
    const ready = this.pending.filter((p) => p.after.endedAt <= now);
    if (!ready.length) return;
    this.pending = this.pending.filter((p) => p.after.endedAt > now);
    for (const pair of ready) {
      const own = pair.before.own;
      // A list read within the settle time of the answer may not show it yet.
      if (own && pair.after.startedAt < own.write.endedAt + this.settleMs) continue;
      if (this.namedBetween(pair)) continue;
      const where = own ? `the ${own.exchange.operationId} answer, then the list` : 'listed twice';
      const problem = pair.differences.length
        ? `${pair.what}, ${where}, named by no write between: ${pair.differences.join('; ')}`
        : undefined;
      const entry = pair.differences.length ? { entry: pair.entry } : {};
      this.evidence.judge('across', pair.rule, { exchange: pair.r.exchange, ...entry }, problem);
      // The answer is a place of the rule too (GEN-ONE-RECORD concerns the create and the update).
      if (own) this.evidence.judge('across', pair.rule, { exchange: own.exchange }, problem);
    }
  }
}
