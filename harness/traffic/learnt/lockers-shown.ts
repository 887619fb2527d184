// What a recording showed of each locker, from the answers that carry its record (a create's, an
// update's, any list's) and nothing this harness names: its carrier.lockerId and lockerName, its statuses,
// whose key's create was answered with it, and when the answer showing it was complete. The one place
// these facts are learnt on a recording; every traffic rule that reads a locker's name, id or status asks here.
// Each key's answers are its own view: the carrier object is the caller's (§9: one carrier, no longer
// carriers), so a third-party locker two carriers use may show each its own lockerId, name and status.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import { listedRecords } from '../recorded/whole-list';
import type { TrafficRule } from '../rules/traffic-rule';

export interface LockerShown {
  uid: string;
  lockerId?: string;
  lockerName?: unknown;
  carrierStatus?: unknown;
  providerStatus?: unknown;
  /** provider.lockerUid: the provider-side identifier a staging trigger names the locker by (§4.11). */
  providerLockerUid?: string;
  ownedByCarrier?: unknown;
  /** The lockerGroups the answer showed, where the service shows them (they are no member of §2.1's record). */
  lockerGroups?: unknown;
  /** When the answer that showed this was complete, and when its request began. */
  at: number;
  startedAt: number;
  /** Shown by a list, which may lag the writes before it (recorded/whole-list.ts), rather than by a write's answer. */
  listed: boolean;
}

const carrierOf = (record: Json) => (record['carrier'] ?? {}) as Json;

export class LockersShown implements TrafficRule {
  /** `settleMs`: how long a list may lag a write (the judge's list settle time). */
  constructor(private readonly settleMs: number) {}

  /** `key\0uid` → what that key's answers last showed of the locker. */
  private readonly shown = new Map<string, LockerShown>();
  /** `key\0carrier.lockerId` → the uids that key's answers last showed with it: a lookup costs its answer, not the
   * recording. */
  private readonly byLockerId = new Map<string, Set<string>>();
  /** uid → the key whose accepted create was answered with it. */
  private readonly creators = new Map<string, string>();
  /** Every carrier.status a locker was shown with: the words this service's statuses are written in. */
  readonly carrierStatuses = new Set<string>();
  private readonly knownKeys = new Set<string>();
  private readonly providerIds = new Set<string>();
  /** The lockers the last exchange's answer showed. */
  learnt: LockerShown[] = [];

  see(r: Recorded, op: Operation): void {
    this.learnt = this.learn(r, op);
  }

  /** A write with no answer: an update's outcome is unknown. */
  unanswered(r: Recorded, op: Operation): void {
    this.see(r, op);
  }

  /** The lockers the exchange's answer showed (a create's, an update's, a list's records), learnt in the traffic's
   * order. */
  private learn(r: Recorded, op: Operation): LockerShown[] {
    const status = r.exchange.status;
    if (op.operationId === 'updateLocker' && (status < 100 || status >= 500)) {
      // An update whose outcome is unknown: no key's earlier view of the locker is sure any more.
      const uid = r.params['uid'] ?? '';
      for (const key of this.knownKeys) this.forget(key, uid);
      return [];
    }
    if (!is2xx(status) || r.cut) return [];
    const body = r.exchange.body as Json | undefined;
    const records =
      op.operationId === 'listLockers'
        ? listedRecords(r.exchange)
        : op.operationId === 'createLocker' || op.operationId === 'updateLocker'
          ? body && typeof body === 'object' && !Array.isArray(body)
            ? [body]
            : []
          : [];
    const learnt: LockerShown[] = [];
    this.knownKeys.add(r.carrier);
    for (const record of records) {
      const uid = idText(record['uid']) ?? (op.operationId === 'updateLocker' ? (r.params['uid'] ?? '') : undefined);
      if (!uid) continue;
      const carrier = carrierOf(record);
      const provider = (record['provider'] ?? {}) as Json;
      const shown: LockerShown = {
        uid,
        ...(idText(carrier['lockerId']) !== undefined ? { lockerId: idText(carrier['lockerId'])! } : {}),
        ...('lockerName' in carrier ? { lockerName: carrier['lockerName'] } : {}),
        ...('status' in carrier ? { carrierStatus: carrier['status'] } : {}),
        ...('status' in provider ? { providerStatus: provider['status'] } : {}),
        ...(idText(provider['lockerUid']) !== undefined ? { providerLockerUid: idText(provider['lockerUid'])! } : {}),
        ...('ownedByCarrier' in record ? { ownedByCarrier: record['ownedByCarrier'] } : {}),
        ...(Array.isArray(record['lockerGroups']) ? { lockerGroups: record['lockerGroups'] } : {}),
        at: r.endedAt || r.startedAt,
        startedAt: r.startedAt,
        listed: op.operationId === 'listLockers',
      };
      if (typeof shown.carrierStatus === 'string') this.carrierStatuses.add(shown.carrierStatus);
      if (shown.providerLockerUid !== undefined) this.providerIds.add(shown.providerLockerUid);
      if (op.operationId === 'createLocker' && r.carrier && !this.creators.has(uid)) this.creators.set(uid, r.carrier);
      // Answers complete out of order (requests in flight together): the later answer is the newer showing,
      // but for a list begun within the settle time of a write's answer, which may show the locker as before it.
      const key = `${r.carrier}\u0000${uid}`;
      const before = this.shown.get(key);
      const stale = before && !before.listed && shown.listed && shown.startedAt < before.at + this.settleMs;
      if (!before || (before.at <= shown.at && !stale)) this.set(r.carrier, uid, shown, before);
      learnt.push(shown);
    }
    return learnt;
  }

  private set(carrier: string, uid: string, shown: LockerShown | undefined, before: LockerShown | undefined): void {
    if (before?.lockerId !== undefined) this.byLockerId.get(`${carrier}\u0000${before.lockerId}`)?.delete(uid);
    if (!shown) {
      this.shown.delete(`${carrier}\u0000${uid}`);
      return;
    }
    const id = `${carrier}\u0000${shown.lockerId}`;
    if (shown.lockerId !== undefined) (this.byLockerId.get(id) ?? this.byLockerId.set(id, new Set()).get(id)!).add(uid);
    this.shown.set(`${carrier}\u0000${uid}`, shown);
  }

  /**
   * A write to the locker whose outcome the recording does not tell (no answer, a 5xx): what the key's
   * answers showed before it may no longer be so, and is forgotten until a later answer shows it again.
   */
  forget(carrier: string, uid: string): void {
    this.set(carrier, uid, undefined, this.shown.get(`${carrier}\u0000${uid}`));
  }

  /** What the key's answers last showed of the locker. */
  last(uid: string, carrier: string): LockerShown | undefined {
    return this.shown.get(`${carrier}\u0000${uid}`);
  }

  /** A provider.lockerUid some key's answers showed: a provider-side locker id (§4.11). */
  isProviderLockerUid(id: string): boolean {
    return this.providerIds.has(id);
  }

  /** The lockers the key's answers last showed with this carrier.lockerId. */
  withLockerId(lockerId: string, carrier: string): LockerShown[] {
    return [...(this.byLockerId.get(`${carrier}\u0000${lockerId}`) ?? [])].map((uid) =>
      this.shown.get(`${carrier}\u0000${uid}`)!,
    );
  }

  /** The lockers other keys' answers last showed with this carrier.lockerId, each with the key that saw it. */
  othersWithLockerId(lockerId: string, carrier: string): { key: string; locker: LockerShown }[] {
    return [...this.knownKeys]
      .filter((k) => k !== carrier)
      .flatMap((key) => this.withLockerId(lockerId, key).map((locker) => ({ key, locker })));
  }
}
