// Locker status changes on a recording (§4.5, §6). Their request shape is not shown, so a change is read
// only where the traffic tells it: an accepted PATCH /lockers/status whose body names exactly one locker
// the recording showed (a member equal to its uid) and exactly one status in the words the service's
// records use (a member equal to a carrier.status some answer of the recording showed), different from
// the status the locker had. Then the locker's record shows it (LCK-STATUS-CHANGE: judged on the last showing begun the
// settle time after the change and before the next one, whole-list.ts) and a LockerUpdates about it follows
// (WH-LOCKER-ON-STATUS, caused-deliveries.ts). A body that tells less is not read.
import type { Operation } from '../../spec/operations';
import type { Json } from '../http/json';
import type { CausedDeliveries } from './caused-deliveries';
import type { TrafficEvidence } from './evidence';
import type { HarEntry } from './har-stream';
import type { LockerShown, LockersShown } from './lockers-shown';
import { idText, is2xx, type Recorded } from './recorded';

interface Change {
  uid: string;
  /** The string members besides the uid: the status is the one in the words the records used, read at the end. */
  words: string[];
  r: Recorded;
  entry: HarEntry;
  /** What the locker's last showing before the change said its carrier.status and provider.status were. */
  hadShown?: unknown;
  providerHad?: unknown;
  /** The last showing of the locker begun the settle time after the change was answered, before the next change. */
  shown?: LockerShown;
}

/** The one member of the body that names a locker the recording showed, and the other string members. */
function readChange(body: unknown, lockers: LockersShown): { uid: string; words: string[] } | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const members = Object.entries(body as Json);
  const uids = members.filter(([, v]) => idText(v) !== undefined && lockers.last(idText(v)!) !== undefined);
  if (uids.length !== 1) return undefined;
  const words = members.filter(([k, v]) => k !== uids[0]![0] && typeof v === 'string').map(([, v]) => v as string);
  return { uid: idText(uids[0]![1])!, words };
}

export class StatusChanges {
  /** uid → its accepted status requests, in the traffic's order. */
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

  /** Every exchange, with the lockers its answer showed (lockers-shown.ts has learnt them already). */
  see(r: Recorded, op: Operation, entry: HarEntry, shown: LockerShown[]): void {
    for (const s of shown) {
      const change = this.changes.get(s.uid)?.at(-1);
      if (change && s.startedAt >= (change.r.endedAt || change.r.startedAt) + this.settleMs) change.shown = s;
    }
    if (op.operationId !== 'updateLockerStatus' || !is2xx(r.exchange.status) || !r.carrier) return;
    const read = readChange(r.exchange.request.body, this.lockers);
    if (!read) return this.skip('its body named no locker the recording showed (no member equal to one uid)');
    const last = this.lockers.last(read.uid);
    const list = this.changes.get(read.uid) ?? this.changes.set(read.uid, []).get(read.uid)!;
    list.push({ ...read, r, entry, ...(last && last.at <= r.startedAt ? { hadShown: last.carrierStatus, providerHad: last.providerStatus } : {}) });
  }

  /**
   * Each change read with the words the whole recording's records used: a status one of them showed,
   * other than the one the locker had (what a settled showing after the change before showed, else what
   * that change set, else its last showing). Its push is then due, and its record judged.
   */
  finish(): void {
    const words = this.lockers.carrierStatuses;
    for (const list of this.changes.values()) {
      let before: { status?: string; shown?: LockerShown } | undefined;
      for (const [i, change] of list.entries()) {
        const statuses = change.words.filter((w) => words.has(w));
        const status = statuses.length === 1 ? statuses[0] : undefined;
        const had = before ? (before.shown?.carrierStatus ?? before.status) : change.hadShown;
        const previous = before;
        before = { ...(status !== undefined ? { status } : {}), ...(change.shown ? { shown: change.shown } : {}) };
        if (status === undefined) this.skip(`its body named no status in the words the records used (${[...words].join(', ') || 'none shown'})`);
        else if (had === undefined) this.skip('the locker was shown with no status before it');
        else if (had === status) this.skip('it asked for the status the locker had');
        if (status === undefined || had === undefined || had === status) continue;
        const next = list[i + 1]?.r.startedAt;
        // The field that changed shows it: one that already showed that status (the provider's side, say) proves nothing.
        const was = [had, previous?.shown?.providerStatus ?? change.providerHad];
        this.caused.cause('status', [change.uid], change.r.carrier, change.r.startedAt, 'updateLockerStatus', { shows: status, was, ...(next !== undefined ? { until: next } : {}) });
        const s = change.shown;
        if (!s) {
          this.skip('no answer showed the locker the list settle time after it, before its next change');
          continue;
        }
        const ok = (s.carrierStatus === status && was[0] !== status) || (s.providerStatus === status && was[1] !== status);
        this.judged += 1;
        this.evidence.judge('across', 'LCK-STATUS-CHANGE', { exchange: change.r.exchange, entry: change.entry, places: ['listLockers'] }, ok ? undefined : `locker ${change.uid}'s record to show status ${status} after its status change to it was accepted, got carrier.status ${JSON.stringify(s.carrierStatus)} (provider.status ${JSON.stringify(s.providerStatus)}) in an answer begun ${((s.startedAt - (change.r.endedAt || change.r.startedAt)) / 1000).toFixed(1)} s after`);
      }
    }
    // Status requests were recorded, and none could be judged: each reason, counted (§4.5 shows no shape).
    if (!this.judged && this.unread.size) {
      const reasons = [...this.unread].map(([why, n]) => `${n} of them: ${why}`).join('; ');
      this.evidence.notObserved('across', 'LCK-STATUS-CHANGE', `not observed: the recording holds accepted PATCH /lockers/status requests, none read as a change its record shows (§4.5 shows no request shape): ${reasons}`);
    }
  }

  private skip(why: string): void {
    this.unread.set(why, (this.unread.get(why) ?? 0) + 1);
  }
}
