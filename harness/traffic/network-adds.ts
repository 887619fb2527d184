// NET-NOT-OWNED-SKIPPED on a recording: a network add of the carrier naming a locker that the carrier's
// own locker list showed it does not own, before the add started (a third-party locker, ownedByCarrier
// null; or another carrier's, ownedByCarrier naming someone else than the key's creates showed) must
// not list that locker as added. Learnt from what the list and the creates answered, nothing else.
import type { Operation } from '../../spec/operations';
import { detectList } from '../http/envelope';
import type { Json } from '../http/json';
import type { TrafficEvidence } from './evidence';
import type { HarEntry } from './har-stream';
import type { Recorded } from './recorded';

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? String(v) : undefined);
const ok = (status: number) => status >= 200 && status < 300;

export class NetworkAdds {
  /** carrier → uid → when the carrier's list showed it not the carrier's. */
  private readonly notOwned = new Map<string, Map<string, number>>();
  /** carrier → the name its creates were answered as owned by. */
  private readonly ownName = new Map<string, string>();
  /** `carrier\0uid` of the lockers each key created: never another's. */
  private readonly created = new Set<string>();

  constructor(private readonly evidence: TrafficEvidence) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    const { exchange, carrier } = r;
    if (!carrier || !ok(exchange.status) || r.cut) return;
    if (op.operationId === 'createLocker') {
      const owner = str((exchange.body as Json | undefined)?.['ownedByCarrier']);
      if (owner && !this.ownName.has(carrier)) this.ownName.set(carrier, owner);
      const uid = str((exchange.body as Json | undefined)?.['uid']);
      if (uid) this.created.add(`${carrier}\u0000${uid}`);
    } else if (op.operationId === 'listLockers') {
      const own = this.ownName.get(carrier);
      // Another carrier's only under an owner name another key's creates were answered with.
      const others = new Set([...this.ownName].filter(([key]) => key !== carrier).map(([, name]) => name));
      const seen = this.notOwned.get(carrier) ?? this.notOwned.set(carrier, new Map()).get(carrier)!;
      for (const item of detectList(exchange.body)?.items ?? []) {
        const l = (item ?? {}) as Json;
        const uid = str(l['uid']);
        const owner = l['ownedByCarrier'];
        if (!uid || this.created.has(`${carrier}\u0000${uid}`)) continue;
        // A later list showing it the carrier's own (or another spelling) takes back what an earlier one showed.
        if (owner !== null && !(typeof owner === 'string' && owner !== own && others.has(owner))) seen.delete(uid);
        else if (!seen.has(uid)) seen.set(uid, r.endedAt || r.startedAt);
      }
    } else if (op.operationId === 'addNetworkLockers') {
      const sent = (exchange.request.body as Json | undefined)?.['lockerUids'];
      const seen = this.notOwned.get(carrier);
      const named = Array.isArray(sent) ? sent.map(str).filter((u): u is string => !!u && (seen?.get(u) ?? Infinity) <= r.startedAt) : [];
      if (!named.length) return;
      const added = new Set((detectList(exchange.body)?.items ?? []).map((rec) => str((rec as Json | null)?.['lockerUid'])));
      const listed = named.filter((u) => added.has(u));
      this.evidence.judge('across', 'NET-NOT-OWNED-SKIPPED', { exchange, entry, places: ['addNetworkLockers'] }, listed.length ? `lockers the carrier's own list showed it does not own skipped, got ${listed.join(', ')} listed as added` : undefined);
    }
  }
}
