// LCK-UPDATE-200 on a recording, where an update was not taken: §4.3 "Success: 200 with the locker record."; §2.1
// "carrier, location, metadata, features and lockerGroups are all optional". An update answered other than 2xx is held
// to it where the recording shows nothing the spec leaves a service free to refuse it for:
// - the body is one the document allows, to a locker the same key's create was answered with;
// - every value it sends, at its place, is one the service took before from that key (an accepted create or update),
//   so no length, range, group or text the service may not take (§8 "Maximum lengths and ranges of fields: not
//   shown"; §2.1 "the allowed key values: not shown"): a number, a boolean, a null, a date-time and a group as taken;
//   other text no longer than text taken there and of the kinds of character taken there (letters of either case,
//   digits, spaces, ASCII punctuation; any other character itself; blanks at an end, or none at all, only where taken);
//   carrier.lockerId the locker's own, which no other locker was taken with (§2.1 makes no member unique); no two
//   groups of one type key (§8);
// - no booking named the locker before the answer (what a service refuses a locker holding a parcel is not shown,
//   §7), and no other write to it was in flight with the update.
// A key's, a rate's or a gateway's answer (401, 403, 407, 408, 429, 502-504) is not the update's to judge.
import type { Operation } from '../../../spec/operations';
import { answeredJudgement } from '../../judgements/answered';
import { validRequest } from '../../checks/request-defects';
import type { Json } from '../../http/json';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { writtenLockers, type LockerWrites } from '../learnt/locker-writes';
import { mentions } from '../recorded/mentions';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import type { TrafficRule } from './traffic-rule';

/** Answers that say nothing of the update: the key's, a rate limit's, a proxy's or a gateway's. */
const NOT_THE_UPDATES = new Set([401, 403, 407, 408, 429, 502, 503, 504]);
const PUBLISHES = new Set(['publishParcel', 'publishParcelByCarrierLockerId']);

/** JSON text with the members of every object in one order: the same value, whatever order a client wrote it in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Json)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Each value a body sends, at its place: a primitive, or a group (an item of lockerGroups) as a whole. */
export function sentValues(body: unknown, at = ''): [place: string, value: unknown][] {
  if (Array.isArray(body))
    return at === 'lockerGroups'
      ? body.map((item) => [`${at}[]`, canonical(item)])
      : body.flatMap((item) => sentValues(item, `${at}[]`));
  if (body !== null && typeof body === 'object')
    return Object.entries(body as Json).flatMap(([k, v]) => sentValues(v, at ? `${at}.${k}` : k));
  return [[at, body]];
}

const DATE_TIME = /^\d{4}-\d\d-\d\d[Tt ]/;

/** The kinds of character a text holds: letters of either case, digits, space, ASCII punctuation, others each alone. */
function kindsOf(text: string): string[] {
  return [...text].map((c) =>
    /[a-z]/.test(c) ? 'a' : /[A-Z]/.test(c) ? 'A' : /[0-9]/.test(c) ? '0' : /[!-/:-@[-`{-~]/.test(c) ? '.' : c,
  );
}

/** What the service took at one place from one key. */
class TakenAt {
  private readonly exact = new Set<string>();
  private longest = -1;
  private readonly kinds = new Set<string>();
  private blankEnds = false;
  private empty = false;

  add(value: unknown): void {
    const text = typeof value === 'string' ? value : canonical(value);
    this.exact.add(text);
    if (typeof value !== 'string' || DATE_TIME.test(value)) return;
    this.longest = Math.max(this.longest, [...value].length);
    for (const k of kindsOf(value)) this.kinds.add(k);
    if (value !== value.trim()) this.blankEnds = true;
    if (value === '') this.empty = true;
  }

  /** Whether a value is one taken there, or text of a form taken there (above). */
  has(value: unknown): boolean {
    if (typeof value !== 'string') return this.exact.has(canonical(value));
    if (this.exact.has(value)) return true;
    if (DATE_TIME.test(value) || (value === '' && !this.empty) || (value !== value.trim() && !this.blankEnds))
      return false;
    return [...value].length <= this.longest && kindsOf(value).every((k) => this.kinds.has(k));
  }
}

interface Made {
  carrier: string;
  /** The carrier.lockerId its last accepted write sent. */
  lockerId?: string;
}

interface Waiting {
  r: Recorded;
  entry: HarEntry;
  uid: string;
  lockerId?: string;
}

export class RefusedUpdates implements TrafficRule {
  /** `carrier\0place` → what an accepted create or update of that key sent there. */
  private readonly taken = new Map<string, TakenAt>();
  /** uid → the key whose create was answered with it, and its carrier.lockerId as last taken. */
  private readonly made = new Map<string, Made>();
  /** carrier.lockerId → the uids a write that may have landed sent it for. */
  private readonly holders = new Map<string, Set<string>>();
  /** Texts a booking (not refused) carried, with when it began: a locker it named may hold a parcel. */
  private readonly booked = new Map<string, number>();
  private waiting: Waiting[] = [];

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly writes: LockerWrites,
  ) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    this.settle(r);
    const status = r.exchange.status;
    const refused = status >= 400 && status < 500;
    if (PUBLISHES.has(op.operationId)) {
      const body = r.exchange.request.body as Json | undefined;
      if (body?.['eventType'] === 'BOOKING' && !refused)
        for (const text of mentions(r)) this.booked.set(text, Math.min(this.booked.get(text) ?? Infinity, r.startedAt));
      return;
    }
    if (op.operationId !== 'createLocker' && op.operationId !== 'updateLocker') return;
    if (is2xx(status)) return this.learn(r, op);
    if (status >= 500 || status === 0) return this.landedMaybe(r, op);
    if (op.operationId === 'updateLocker') this.refused(r, op, entry);
  }

  unanswered(r: Recorded, op: Operation): void {
    this.settle(r);
    if (op.operationId === 'createLocker' || op.operationId === 'updateLocker') this.landedMaybe(r, op);
    const body = r.exchange.request.body as Json | undefined;
    if (PUBLISHES.has(op.operationId) && body?.['eventType'] === 'BOOKING')
      for (const text of mentions(r)) this.booked.set(text, Math.min(this.booked.get(text) ?? Infinity, r.startedAt));
  }

  /** A write begun before a waiting update was answered may have been what it was refused for. */
  private settle(r: Recorded): void {
    this.waiting = this.waiting.filter((w) => {
      if (r.startedAt >= w.r.endedAt) {
        this.judge(w);
        return false;
      }
      return r.exchange.method === 'GET' || !mentions(r).has(w.uid);
    });
  }

  /** An accepted create or update: what it sent was taken, and the lockerId is the locker's. */
  private learn(r: Recorded, op: Operation): void {
    const body = r.exchange.request.body;
    if (!r.carrier || body === null || typeof body !== 'object' || Array.isArray(body)) return;
    for (const [place, value] of sentValues(body)) {
      const key = `${r.carrier}\0${place}`;
      (this.taken.get(key) ?? this.taken.set(key, new TakenAt()).get(key)!).add(value);
    }
    const uid =
      op.operationId === 'createLocker' ? idText((r.exchange.body as Json | undefined)?.['uid']) : r.params['uid'];
    if (uid === undefined) return;
    const lockerId = idText((body as Json)['carrier']?.['lockerId']);
    if (op.operationId === 'createLocker')
      this.made.set(uid, { carrier: r.carrier, ...(lockerId ? { lockerId } : {}) });
    const made = this.made.get(uid);
    if (lockerId === undefined) return;
    if (made && op.operationId === 'updateLocker') made.lockerId = lockerId;
    (this.holders.get(lockerId) ?? this.holders.set(lockerId, new Set()).get(lockerId)!).add(uid);
  }

  /** A write whose outcome is unknown: the lockerId it sent may be held now by the locker it named. */
  private landedMaybe(r: Recorded, op: Operation): void {
    const lockerId = idText((r.exchange.request.body as Json | undefined)?.['carrier']?.['lockerId']);
    if (lockerId === undefined) return;
    const holders = this.holders.get(lockerId) ?? this.holders.set(lockerId, new Set()).get(lockerId)!;
    for (const uid of writtenLockers(r, op)) holders.add(uid);
    // A create never answered holds it under a uid the recording does not show.
    if (op.operationId === 'createLocker') holders.add('\0unknown');
  }

  private refused(r: Recorded, op: Operation, entry: HarEntry): void {
    const uid = r.params['uid'];
    const body = r.exchange.request.body;
    const made = uid === undefined ? undefined : this.made.get(uid);
    if (uid === undefined || !made || !r.carrier || made.carrier !== r.carrier) return;
    if (r.key === '' || r.nearMiss !== undefined || NOT_THE_UPDATES.has(r.exchange.status)) return;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || !validRequest(op, body)) return;
    if (this.writes.inFlight(uid, r)) return;
    const sent = body as Json;
    const lockerId = idText(sent['carrier']?.['lockerId']);
    if (lockerId !== undefined) {
      const holders = this.holders.get(lockerId) ?? new Set();
      if (lockerId !== made.lockerId || [...holders].some((h) => h !== uid)) return;
    }
    const groups = Array.isArray(sent['lockerGroups']) ? (sent['lockerGroups'] as Json[]) : [];
    if (new Set(groups.map((g) => canonical(g?.['key']))).size !== groups.length) return;
    const known = sentValues(sent).every(
      ([place, value]) => place === 'carrier.lockerId' || this.taken.get(`${r.carrier}\0${place}`)?.has(value) === true,
    );
    if (!known) return;
    this.waiting.push({ r, entry, uid, ...(lockerId ? { lockerId } : {}) });
  }

  private judge(w: Waiting): void {
    const { r, entry, uid, lockerId } = w;
    const bookedAt = Math.min(
      this.booked.get(uid) ?? Infinity,
      lockerId === undefined ? Infinity : (this.booked.get(lockerId) ?? Infinity),
      this.booked.get(this.made.get(uid)?.lockerId ?? '\0') ?? Infinity,
    );
    if (bookedAt < r.endedAt) return;
    const members = Object.keys((r.exchange.request.body ?? {}) as Json).join(', ') || 'no member';
    const held = answeredJudgement(
      r.exchange,
      `a valid update of locker ${uid} (${members}), every value of it one the service took from this key before,`,
      false,
    );
    this.evidence.judge('across', held.rule, { exchange: r.exchange, entry }, held.failure);
  }

  finish(): void {
    for (const w of this.waiting.splice(0)) this.judge(w);
  }
}
