// Locker status changes on a recording (§4.5, §6). Their request shape is not shown, so a change is read
// only where the traffic tells it: an accepted PATCH /lockers/status whose body names exactly one locker
// the key's answers showed (a member equal to its uid, int64 digits kept) and exactly one status in the
// words the service's records use (a member equal to a carrier.status some answer of the recording
// showed), other than the status the locker had in the key's view. Its record then shows it
// (LCK-STATUS-CHANGE: some answer showing the locker, begun the list settle time after the change and
// complete before the locker's next write, shows the status in the field that did not show it before,
// recorded/whole-list.ts); and, once a showing has confirmed it, a LockerUpdates about it follows
// (WH-LOCKER-ON-STATUS, caused-deliveries.ts). A body that tells less is not read; a write to the locker
// whose outcome is unknown (no answer, a 5xx) or an update sending carrier.status ends what is known.
import type { Operation } from '../../../spec/operations';
import { parseExact, type Json } from '../../http/json';
import type { CausedDeliveries } from './caused-deliveries';
import { statusShownJudgement } from '../../judgements/status-change';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import type { LockerShown, LockersShown } from '../learnt/lockers-shown';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import type { TrafficRule } from './traffic-rule';

interface Change {
  uid: string;
  /** The string members besides the uid: the status is the one in the words the records used, read at the end. */
  words: string[];
  r: Recorded;
  entry: HarEntry;
  /** What the key's last showing before the change said the carrier's and the provider's status were. */
  hadShown?: [unknown, unknown];
  /** Showings of the locker begun the settle time after the change and complete before the locker's next write. */
  shown: LockerShown[];
  /** A write whose outcome is unknown, or one that set the status some other way: what the locker had after it is not
   * known. */
  unknown?: boolean;
}

/** The request body with int64 digits kept: a uid beyond 2^53 must not round to a neighbour's. */
function bodyOf(r: Recorded): unknown {
  const raw = r.exchange.request.rawBody;
  return raw !== undefined ? parseExact(raw) : r.exchange.request.body;
}

/** The one member of the body that names a locker the key's answers showed, and the other string members. */
function readChange(
  body: unknown,
  lockers: LockersShown,
  carrier: string,
): { uid: string; words: string[] } | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const members = Object.entries(body as Json);
  const uids = members.filter(([, v]) => idText(v) !== undefined && lockers.last(idText(v)!, carrier) !== undefined);
  if (uids.length !== 1) return undefined;
  const words = members.filter(([k, v]) => k !== uids[0]![0] && typeof v === 'string').map(([, v]) => v as string);
  return { uid: idText(uids[0]![1])!, words };
}

export class StatusChanges implements TrafficRule {
  /** `key\0uid` → the status requests and other status writes of that key to the locker, in the traffic's order. */
  private readonly changes = new Map<string, Change[]>();
  /** Why each accepted status request was not read as a change, by reason: the certificate says so. */
  private readonly unread = new Map<string, number>();
  private judged = 0;

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly lockers: LockersShown,
    private readonly caused: CausedDeliveries,
    private readonly settleMs: number,
  ) {}

  /** Every exchange, with the lockers its answer showed (learnt/lockers-shown.ts has learnt them already). */
  see(r: Recorded, op: Operation, entry: HarEntry): void {
    this.seeShowing(r, op, entry, this.lockers.learnt);
  }

  /** A write with no answer showed no locker, but may have changed one. */
  unanswered(r: Recorded, op: Operation, entry: HarEntry): void {
    this.seeShowing(r, op, entry, []);
  }

  private seeShowing(r: Recorded, op: Operation, entry: HarEntry, shown: LockerShown[]): void {
    for (const s of shown) {
      const change = this.changes.get(`${r.carrier}\u0000${s.uid}`)?.at(-1);
      if (change && !change.unknown && s.startedAt >= (change.r.endedAt || change.r.startedAt) + this.settleMs)
        change.shown.push(s);
    }
    const known = is2xx(r.exchange.status);
    if (
      op.operationId === 'updateLocker' &&
      (!known || ((bodyOf(r) as Json | undefined)?.['carrier'] as Json | undefined)?.['status'] !== undefined)
    ) {
      const uid = r.params['uid'] ?? '';
      if (r.exchange.status >= 500 || r.exchange.status < 100 || known) this.boundary(r, uid, entry);
    }
    if (op.operationId !== 'updateLockerStatus' || !r.carrier) return;
    const read = readChange(bodyOf(r), this.lockers, r.carrier);
    if (!known) {
      // Refused with a 4xx, it changed nothing; unanswered or a 5xx, it may have.
      if (read && (r.exchange.status >= 500 || r.exchange.status < 100)) this.boundary(r, read.uid, entry);
      return;
    }
    if (!read) return this.skip("its body named no locker the key's answers showed (no member equal to one uid)");
    const last = this.lockers.last(read.uid, r.carrier);
    this.list(r.carrier, read.uid).push({
      ...read,
      r,
      entry,
      shown: [],
      ...(last && last.at <= r.startedAt
        ? { hadShown: [last.carrierStatus, last.providerStatus] as [unknown, unknown] }
        : {}),
    });
  }

  private list(carrier: string, uid: string): Change[] {
    const key = `${carrier}\u0000${uid}`;
    return this.changes.get(key) ?? this.changes.set(key, []).get(key)!;
  }

  /** A write that ends what is known of the locker's status: later showings belong to no earlier change. */
  private boundary(r: Recorded, uid: string, entry: HarEntry): void {
    this.list(r.carrier, uid).push({ uid, words: [], r, entry, shown: [], unknown: true });
  }

  /**
   * Each change read with the words the whole recording's records used: a status one of them showed,
   * other than the one the locker had (a settled showing after the change before, else what that change
   * set, else its last showing). Judged on its settled showings; once one confirms it, its push is due.
   */
  finish(): void {
    const words = this.lockers.carrierStatuses;
    for (const list of this.changes.values()) {
      let before: { status?: string; shown?: LockerShown; unknown?: boolean } | undefined;
      for (const [i, change] of list.entries()) {
        const next = list[i + 1]?.r.startedAt;
        const shown = change.shown.filter((s) => next === undefined || s.at <= next);
        const previous = before;
        const statuses = change.words.filter((w) => words.has(w));
        const status = statuses.length === 1 ? statuses[0] : undefined;
        before = {
          ...(status !== undefined ? { status } : {}),
          ...(shown.length ? { shown: shown.at(-1)! } : {}),
          ...(change.unknown ? { unknown: true } : {}),
        };
        if (change.unknown) continue;
        const was: [unknown, unknown] | undefined = previous
          ? previous.unknown
            ? undefined
            : previous.shown
              ? [previous.shown.carrierStatus, previous.shown.providerStatus]
              : [previous.status, undefined]
          : change.hadShown;
        if (status === undefined)
          this.skip(
            `its body named no status in the words the records used (${[...words].join(', ') || 'none shown'})`,
          );
        else if (was === undefined) this.skip('what status the locker had before it is not known');
        else if (was[0] === status) this.skip('it asked for the status the locker had');
        else if (!shown.length)
          this.skip('no answer showed the locker the list settle time after it, before its next write');
        if (status === undefined || was === undefined || was[0] === status || !shown.length) continue;
        // The field that changed shows it: one that already showed that status (the provider's side, say) proves
        // nothing.
        const showings = shown.map((s: LockerShown) => ({ carrier: s.carrierStatus, provider: s.providerStatus }));
        const held = statusShownJudgement(
          `locker ${change.uid}'s record, in answers begun the list settle time after,`,
          status,
          showings,
          { carrier: was[0], provider: was[1] },
        );
        const confirmed = held.failure === undefined;
        this.judged += 1;
        this.evidence.judge(
          'across',
          held.rule,
          { exchange: change.r.exchange, entry: change.entry, places: ['listLockers'] },
          held.failure,
        );
        if (confirmed)
          this.caused.cause('status', [change.uid], change.r.carrier, change.r.startedAt, 'updateLockerStatus', {
            shows: status,
            was,
            ...(next !== undefined ? { until: next } : {}),
          });
      }
    }
    // Status requests were recorded, and none could be judged: each reason, counted (§4.5 shows no shape).
    if (!this.judged && this.unread.size) {
      const reasons = [...this.unread].map(([why, n]) => `${n} of them: ${why}`).join('; ');
      this.evidence.notObserved(
        'across',
        'LCK-STATUS-CHANGE',
        `not observed: the recording holds accepted PATCH /lockers/status requests, none read as a change ` +
          `its record shows (§4.5 shows no request shape): ${reasons}`,
      );
    }
  }

  private skip(why: string): void {
    this.unread.set(why, (this.unread.get(why) ?? 0) + 1);
  }
}
