// LCK-UPDATE-200 on a recording, where an update was not taken: §4.3 "Success: 200 with the locker record."; §2.1
// "carrier, location, metadata, features and lockerGroups are all optional". An update answered other than 2xx is held
// to it where it sends the locker back what the service took for that locker before, so that nothing the spec leaves
// a service free to refuse explains the refusal (§8 "Maximum lengths and ranges of fields: not shown"; §7 the
// conditions of its errors, not shown):
// - the body is one the document allows, to a locker the same key's create was answered with;
// - each object it sends (carrier, location, features) is one an accepted create or update of this locker sent,
//   whole, so no value or combination of values is new to it, but carrier.lockerName, which may be any text no longer
//   than a name taken from that key anywhere in the recording and of the kinds of character taken there (letters of
//   either case, digits, spaces, ASCII punctuation; any other character itself; blanks at an end, or none at all, only
//   where taken); each item of an array (a metadata entry, a group) is one sent for this locker before;
// - the carrier.lockerId it sends is the locker's own, which no other locker was sent (§2.1 makes no member unique);
// - no booking named the locker and no status change was taken for it before the answer (what a service refuses a
//   locker holding a parcel or in another status is not shown, §3, §7), and no other write to it was in flight.
// A key's, a rate's or a gateway's answer (401, 403, 407, 408, 429, 502-504) is not the update's to judge.
import type { Operation } from '../../../spec/operations';
import { answeredJudgement } from '../../judgements/answered';
import { validRequest } from '../../checks/request-defects';
import { NOT_ABOUT_THE_REQUEST } from '../../judgements/judgement';
import { canonical } from '../../judgements/record-fidelity';
import type { Json } from '../../http/json';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { writtenLockers, type LockerWrites } from '../learnt/locker-writes';
import { mentions } from '../recorded/mentions';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import type { TrafficRule } from './traffic-rule';

const PUBLISHES = new Set(['publishParcel', 'publishParcelByCarrierLockerId']);
/** A write to a locker a later refusal may rightly follow: a booking in it, a status change of it. */
const STATE_WRITES = new Set([...PUBLISHES, 'updateLockerStatus']);

/** What an update sends at each of its places: an object whole (the carrier's without its name), an array by items. */
function sentParts(body: Json): [place: string, value: string][] {
  return Object.entries(body).flatMap(([member, value]): [string, string][] => {
    if (Array.isArray(value)) return value.map((item) => [`${member}[]`, canonical(item)]);
    if (member === 'carrier' && value !== null && typeof value === 'object') {
      const { lockerName: _name, ...rest } = value as Json;
      return [[member, canonical(rest)]];
    }
    return [[member, canonical(value)]];
  });
}

/** The kinds of character a text holds: letters of either case, digits, space, ASCII punctuation, others each alone. */
function kindsOf(text: string): string[] {
  return [...text].map((c) =>
    /[a-z]/.test(c) ? 'a' : /[A-Z]/.test(c) ? 'A' : /[0-9]/.test(c) ? '0' : /[!-/:-@[-`{-~]/.test(c) ? '.' : c,
  );
}

/** The names the service took from one key: a name of their length at most and of their kinds of character is one. */
class NamesTaken {
  private longest = -1;
  private readonly kinds = new Set<string>();
  private blankEnds = false;
  private empty = false;

  add(name: string): void {
    this.longest = Math.max(this.longest, [...name].length);
    for (const k of kindsOf(name)) this.kinds.add(k);
    if (name !== name.trim()) this.blankEnds = true;
    if (name === '') this.empty = true;
  }

  has(name: string): boolean {
    if ((name === '' && !this.empty) || (name !== name.trim() && !this.blankEnds)) return false;
    return [...name].length <= this.longest && kindsOf(name).every((k) => this.kinds.has(k));
  }
}

interface Made {
  carrier: string;
  /** The carrier.lockerId its last accepted write sent. */
  lockerId?: string;
  /** `place\0value` of what an accepted create or update of it sent (sentParts). */
  sent: Set<string>;
}

interface Waiting {
  r: Recorded;
  entry: HarEntry;
  uid: string;
  lockerId?: string;
}

export class RefusedUpdates implements TrafficRule {
  /** key → the lockerNames an accepted create or update of that key sent. */
  private readonly names = new Map<string, NamesTaken>();
  /** uid → the key whose create was answered with it, and what was taken for it. */
  private readonly made = new Map<string, Made>();
  /** carrier.lockerId → the uids a write that may have landed sent it for. */
  private readonly holders = new Map<string, Set<string>>();
  /** Texts a booking or a status change (not refused) carried, with when the first began. */
  private readonly stateWritten = new Map<string, number>();
  private waiting: Waiting[] = [];

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly writes: LockerWrites,
  ) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    this.settle(r);
    const status = r.exchange.status;
    if (STATE_WRITES.has(op.operationId)) return this.stateWrite(r, op, status >= 400 && status < 500);
    if (op.operationId !== 'createLocker' && op.operationId !== 'updateLocker') return;
    if (is2xx(status)) return this.learn(r, op);
    if (status >= 500 || status === 0) return this.landedMaybe(r, op);
    if (op.operationId === 'updateLocker') this.refused(r, op, entry);
  }

  unanswered(r: Recorded, op: Operation): void {
    this.settle(r);
    if (op.operationId === 'createLocker' || op.operationId === 'updateLocker') this.landedMaybe(r, op);
    if (STATE_WRITES.has(op.operationId)) this.stateWrite(r, op, false);
  }

  private stateWrite(r: Recorded, op: Operation, refused: boolean): void {
    const body = r.exchange.request.body as Json | undefined;
    if (refused || (PUBLISHES.has(op.operationId) && body?.['eventType'] !== 'BOOKING')) return;
    for (const text of mentions(r))
      this.stateWritten.set(text, Math.min(this.stateWritten.get(text) ?? Infinity, r.startedAt));
  }

  /** A write begun before a waiting update was answered may have been what it was refused for. */
  private settle(r: Recorded): void {
    this.waiting = this.waiting.filter(
      (w) => r.startedAt >= w.r.endedAt || r.exchange.method === 'GET' || !mentions(r).has(w.uid),
    );
  }

  /** An accepted create or update: what it sent was taken for the locker, and the lockerId is the locker's. */
  private learn(r: Recorded, op: Operation): void {
    const body = r.exchange.request.body;
    if (!r.carrier || body === null || typeof body !== 'object' || Array.isArray(body)) return;
    const sent = body as Json;
    const name = sent['carrier']?.['lockerName'];
    if (typeof name === 'string')
      (this.names.get(r.carrier) ?? this.names.set(r.carrier, new NamesTaken()).get(r.carrier)!).add(name);
    const uid =
      op.operationId === 'createLocker' ? idText((r.exchange.body as Json | undefined)?.['uid']) : r.params['uid'];
    if (uid === undefined) return;
    if (op.operationId === 'createLocker') this.made.set(uid, { carrier: r.carrier, sent: new Set() });
    const made = this.made.get(uid);
    if (made) for (const [place, value] of sentParts(sent)) made.sent.add(`${place}\0${value}`);
    const lockerId = idText(sent['carrier']?.['lockerId']);
    if (lockerId === undefined) return;
    if (made) made.lockerId = lockerId;
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
    if (r.key === '' || r.nearMiss !== undefined || NOT_ABOUT_THE_REQUEST.has(r.exchange.status)) return;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || !validRequest(op, body)) return;
    if (this.writes.inFlight(uid, r)) return;
    const sent = body as Json;
    const lockerId = idText(sent['carrier']?.['lockerId']);
    if (lockerId !== undefined) {
      const holders = this.holders.get(lockerId) ?? new Set();
      if (lockerId !== made.lockerId || [...holders].some((h) => h !== uid)) return;
    }
    const name = sent['carrier']?.['lockerName'];
    if (name !== undefined && typeof name !== 'string') return;
    if (!sentParts(sent).every(([place, value]) => made.sent.has(`${place}\0${value}`))) return;
    this.waiting.push({ r, entry, uid, ...(lockerId ? { lockerId } : {}) });
  }

  private judge(w: Waiting): void {
    const { r, entry, uid, lockerId } = w;
    const texts = [uid, lockerId, this.made.get(uid)?.lockerId].filter((t): t is string => t !== undefined);
    if (texts.some((t) => (this.stateWritten.get(t) ?? Infinity) < r.endedAt)) return;
    // A name of the lengths and characters the key's names took anywhere in the recording: what limits a service sets
    // on them is the same before and after.
    const name = (r.exchange.request.body as Json)['carrier']?.['lockerName'];
    if (typeof name === 'string' && !this.names.get(r.carrier!)?.has(name)) return;
    const members = Object.keys((r.exchange.request.body ?? {}) as Json).join(', ') || 'no member';
    const held = answeredJudgement(
      r.exchange,
      `a valid update of locker ${uid} (${members}) sending what the service took for it before, a new name aside,`,
      false,
    );
    this.evidence.judge('across', held.rule, { exchange: r.exchange, entry }, held.failure);
  }

  finish(): void {
    for (const w of this.waiting.splice(0)) this.judge(w);
  }
}
