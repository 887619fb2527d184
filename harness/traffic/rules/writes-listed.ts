// "And the list then shows that record", on a recording, for a locker's writes: a valid create (LCK-CREATE-ECHO) or
// update (LCK-UPDATE-200) accepted, then the next list answer of the same key (any page or filter: the carrier object
// is the caller's view) showing the locker, begun after the write was answered by the lag the recording's lists showed
// (learnt/list-lag.ts; the list settle time where no read showed one, or where it is shorter), shows every
// member the write sent as sent, compared as Unicode text (§8 states no character set, so another normalization form
// is no change). A later write to the locker before that list (an update, a status change, one whose answer is
// unknown) leaves the earlier write to no list; so does a write in flight with it (begun before the other was
// answered): the service may apply two writes in flight in either order, and the recording cannot say which. The
// members an update did not send are as its answer showed them (updateListedJudgement, as the run judges it), and
// its answer shows them as the key's last write to the locker, with none since, answered them
// (LCK-UPDATE-OMITTED-KEPT).
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import {
  omittedKeptJudgement,
  replacedJudgement,
  updateListedJudgement,
  updateShownJudgement,
} from '../../judgements/answered';
import { createdAsSentJudgement } from '../../judgements/created';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { listedPart, schemaValidRequest } from '../../checks/request-defects';
import { listedRecords } from '../recorded/whole-list';
import type { ListLag } from '../learnt/list-lag';
import { writtenLockers, type LockerWrites } from '../learnt/locker-writes';
import type { TrafficRule } from './traffic-rule';

interface Write {
  /** A create's, judged as sent alone; or an update's, whose unsent members are also as its answer showed them. */
  kind: 'create' | 'update';
  sent: Json;
  /** The record the update answered, where it answered one. */
  answered: Json | undefined;
  endedAt: number;
  r: Recorded;
  entry: HarEntry;
  /** The key's lists that showed the locker since the write was answered, before the next write to it. */
  lists: { record: Json; startedAt: number }[];
}

const answeredRecord = (body: unknown): Json | undefined =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : undefined;

export class WritesListed implements TrafficRule {
  /** Every key's pending write of the locker closes: a write by any key may have moved what it set. */
  private forget(uid: string): void {
    for (const [key, write] of [...this.pending])
      if (key.endsWith(`\u0000${uid}`)) {
        this.pending.delete(key);
        this.closed.push(write);
      }
  }

  /** `key\0uid` → its last accepted write, and the lists since. */
  private readonly pending = new Map<string, Write>();
  /** Writes another write to the locker came after: judged on the lists before it. */
  private readonly closed: Write[] = [];
  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly settleMs: number,
    /** How long this recording's lists lagged a write (frame-reads.ts learns it). */
    private readonly lag: ListLag,
    /** Which writes to a locker were in flight together (asked before it notes this exchange). */
    private readonly writes: LockerWrites,
  ) {}

  /** A write with no answer may have been applied: seen as any other, by its status 0. */
  unanswered(r: Recorded, op: Operation, entry: HarEntry): void {
    this.see(r, op, entry);
  }

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    // A refused write changed nothing; any other (accepted, a 5xx, unanswered) may have.
    const wrote = r.exchange.status < 400 || r.exchange.status >= 500;
    if (op.operationId === 'updateLocker' && wrote) {
      const uid = r.params['uid'] ?? '';
      const body = r.exchange.request.body;
      // The key's last write to the locker, with none since: the record just before this one is what it answered.
      const previous = this.pending.get(`${r.carrier}\u0000${uid}`);
      this.forget(uid);
      const inFlight = this.writes.inFlight(uid, r);
      if (!inFlight && is2xx(r.exchange.status) && body && typeof body === 'object' && schemaValidRequest(op, body)) {
        const sent = listedPart(op, body) as Json;
        const answered = answeredRecord(r.exchange.body);
        if (previous?.answered && answered) {
          const where = `locker ${uid} as its update was answered, against its ${previous.kind}'s answer`;
          // Every member sent counts as sent, listed or not: a service may take one the document does not list.
          for (const judged of [
            omittedKeptJudgement(body as Json, previous.answered, answered, where),
            replacedJudgement(body as Json, previous.answered, answered, where),
          ])
            this.evidence.judge('across', judged.rule, { exchange: r.exchange, entry }, judged.failure);
        }
        this.pending.set(`${r.carrier}\u0000${uid}`, {
          kind: 'update',
          sent,
          answered,
          endedAt: r.endedAt || r.startedAt,
          r,
          entry,
          lists: [],
        });
      }
    } else if (op.operationId === 'createLocker' && is2xx(r.exchange.status) && !r.cut) {
      // A new locker: its uid is the answer's (a create with no answer made none the recording can name).
      const body = r.exchange.request.body;
      const answered = answeredRecord(r.exchange.body);
      const uid = idText(answered?.['uid']);
      if (uid === undefined || !body || typeof body !== 'object' || !schemaValidRequest(op, body)) return;
      this.forget(uid);
      if (!this.writes.inFlight(uid, r))
        this.pending.set(`${r.carrier}\u0000${uid}`, {
          kind: 'create',
          sent: listedPart(op, body) as Json,
          answered,
          endedAt: r.endedAt || r.startedAt,
          r,
          entry,
          lists: [],
        });
    } else if (op.operationId !== 'listLockers') {
      // A status change or a network add may move what a write set (§4.5's shape is not shown, nor what a network does
      // to a locker): that write is left to the lists before it.
      for (const uid of writtenLockers(r, op)) this.forget(uid);
    } else if (is2xx(r.exchange.status) && !r.cut && this.pending.size) {
      for (const record of listedRecords(r.exchange)) {
        const uid = idText(record['uid']);
        const write = uid !== undefined ? this.pending.get(`${r.carrier}\u0000${uid}`) : undefined;
        if (!write || r.startedAt < write.endedAt) continue;
        // Past the settle time, later lists would not be judged: collecting stops there.
        const last = write.lists[write.lists.length - 1];
        if (!last || last.startedAt < write.endedAt + this.settleMs)
          write.lists.push({ record, startedAt: r.startedAt });
      }
    }
  }

  /**
   * Each write is judged on the first list begun the lag this recording's lists showed after its answer (the settle
   * time where that is longer, or where no read showed a lag's chance): known only once the whole recording is read.
   */
  finish(): void {
    const window = this.lag.window('Locker');
    const wait = Math.min(this.settleMs, window);
    for (const write of [...this.closed, ...this.pending.values()]) {
      const list = write.lists.find((l) => l.startedAt >= write.endedAt + wait);
      if (list) this.judge(write, list.record, list.startedAt);
    }
    this.closed.length = 0;
    this.pending.clear();
  }

  private judge(write: Write, record: Json, startedAt: number): void {
    const uid = idText(record['uid']);
    const after = `${((startedAt - write.endedAt) / 1000).toFixed(1)} s after`;
    const where = `locker ${uid} in a list begun ${after} its ${write.kind} was answered ${write.r.exchange.status}`;
    const at = { exchange: write.r.exchange, entry: write.entry, places: ['listLockers'] };
    if (write.kind === 'create') {
      const shown = createdAsSentJudgement(write.sent, record, where);
      return this.evidence.judge('across', shown.rule, at, shown.failure);
    }
    // What it sent, as sent; every other member a client decides, as its answer showed it.
    const shown = updateShownJudgement(write.sent, record, where);
    const listed = write.answered && updateListedJudgement(write.answered, record, uid);
    this.evidence.judge('across', shown.rule, at, shown.failure ?? (listed?.failure && `${listed.failure} (${where})`));
  }
}
