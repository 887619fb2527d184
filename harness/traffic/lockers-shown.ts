// What a recording showed of each locker, from the answers that carry its record (a create's, an
// update's, any list's) and nothing this harness names: its carrier.lockerId and lockerName, its statuses,
// whose key's create was answered with it, and when the answer showing it was complete. The one place
// these facts are learnt on a recording; every traffic rule that reads a locker's name, id or status asks here.
import type { Operation } from '../../spec/operations';
import type { Json } from '../http/json';
import { idText, is2xx, type Recorded } from './recorded';
import { listedRecords } from './whole-list';

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
  /** Shown by a list, which may lag the writes before it (whole-list.ts), rather than by a write's answer. */
  listed: boolean;
}

const carrierOf = (record: Json) => ((record['carrier'] ?? {}) as Json | null) ?? {};

export class LockersShown {
  /** `settleMs`: how long a list may lag a write (the judge's list settle time). */
  constructor(private readonly settleMs: number) {}

  private readonly shown = new Map<string, LockerShown>();
  /** carrier.lockerId → the uids last shown with it: a lookup costs its answer, not the recording. */
  private readonly byLockerId = new Map<string, Set<string>>();
  /** uid → the key whose accepted create was answered with it. */
  private readonly creators = new Map<string, string>();
  /** Every carrier.status a locker was shown with: the words this service's statuses are written in. */
  readonly carrierStatuses = new Set<string>();

  /** The lockers the exchange's answer showed (a create's, an update's, a list's records), learnt in the traffic's order. */
  see(r: Recorded, op: Operation): LockerShown[] {
    if (!is2xx(r.exchange.status) || r.cut) return [];
    const body = r.exchange.body as Json | undefined;
    const records = op.operationId === 'listLockers' ? listedRecords(r.exchange) : op.operationId === 'createLocker' || op.operationId === 'updateLocker' ? (body && typeof body === 'object' && !Array.isArray(body) ? [body] : []) : [];
    const learnt: LockerShown[] = [];
    for (const record of records) {
      const uid = idText(record['uid']) ?? (op.operationId === 'updateLocker' ? decodeURIComponent(new URL(r.exchange.url).pathname.split('/').pop() ?? '') : undefined);
      if (!uid) continue;
      const carrier = carrierOf(record);
      const provider = ((record['provider'] ?? {}) as Json | null) ?? {};
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
      if (op.operationId === 'createLocker' && r.carrier && !this.creators.has(uid)) this.creators.set(uid, r.carrier);
      // Answers complete out of order (requests in flight together): the later answer is the newer showing,
      // but for a list begun within the settle time of a write's answer, which may show the locker as before it.
      const before = this.shown.get(uid);
      const stale = before && !before.listed && shown.listed && shown.startedAt < before.at + this.settleMs;
      if (!before || (before.at <= shown.at && !stale)) {
        if (before?.lockerId !== undefined) this.byLockerId.get(before.lockerId)?.delete(uid);
        if (shown.lockerId !== undefined) (this.byLockerId.get(shown.lockerId) ?? this.byLockerId.set(shown.lockerId, new Set()).get(shown.lockerId)!).add(uid);
        this.shown.set(uid, shown);
      }
      learnt.push(shown);
    }
    return learnt;
  }

  /** What the recording last showed of the locker. */
  last(uid: string): LockerShown | undefined {
    return this.shown.get(uid);
  }

  /** The key whose accepted create was answered with the locker, where the recording holds that create. */
  creatorOf(uid: string): string | undefined {
    return this.creators.get(uid);
  }

  /** The lockers last shown with this carrier.lockerId (any carrier's). */
  withLockerId(lockerId: string): LockerShown[] {
    return [...(this.byLockerId.get(lockerId) ?? [])].map((uid) => this.shown.get(uid)!);
  }
}
