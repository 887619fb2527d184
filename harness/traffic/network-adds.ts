// Network adds on a recording (§4.10), learnt from what the lists and the creates answered, nothing else:
// a locker the carrier's own list showed it does not own (ownedByCarrier null, or another carrier's) is
// not listed as added; one the carrier created in the recording is listed the first time it is sent to
// a network, and not again after.
import type { Operation } from '../../spec/operations';
import { detectList } from '../http/envelope';
import { parseExact, type Json } from '../http/json';
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
  /** `network\0uid` of the own lockers an accepted add sent there. */
  private readonly inNetwork = new Set<string>();

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
    } else if (op.operationId === 'addNetworkLockers') this.added(r, entry);
  }

  /**
   * An accepted network add: what the carrier's own list showed not its own is skipped
   * (NET-NOT-OWNED-SKIPPED); a locker this key created in the recording, sent to the network for the
   * first time, is listed (NET-OWNED-ADDED: it cannot have been there before it existed); one sent
   * again after an accepted add is not listed again (NET-ONLY-NEW).
   */
  private added(r: Recorded, entry: HarEntry): void {
    const { exchange, carrier } = r;
    // int64 uids read from their digits: two uids beyond 2^53 may round to one double (§2.5, §4.10).
    const sent = ((exchange.request.rawBody !== undefined ? parseExact(exchange.request.rawBody) : exchange.request.body) as Json | undefined)?.['lockerUids'];
    const uids = Array.isArray(sent) ? sent.map(str).filter((u): u is string => !!u) : [];
    const network = /\/networks\/([^/?]+)\/lockers/.exec(exchange.url)?.[1] ?? '';
    const at = { exchange, entry, places: ['addNetworkLockers'] };
    const answered = new Set((detectList(parseExact(exchange.text) ?? exchange.body)?.items ?? []).map((rec) => str((rec as Json | null)?.['lockerUid'])));
    const seen = this.notOwned.get(carrier);
    const foreign = uids.filter((u) => (seen?.get(u) ?? Infinity) <= r.startedAt);
    const listedForeign = foreign.filter((u) => answered.has(u));
    if (foreign.length) this.evidence.judge('across', 'NET-NOT-OWNED-SKIPPED', at, listedForeign.length ? `lockers the carrier's own list showed it does not own skipped, got ${listedForeign.join(', ')} listed as added` : undefined);
    const own = uids.filter((u) => this.created.has(`${carrier}\u0000${u}`));
    const first = own.filter((u) => !this.inNetwork.has(`${network}\u0000${u}`));
    const missing = first.filter((u) => !answered.has(u));
    if (first.length) this.evidence.judge('across', 'NET-OWNED-ADDED', at, missing.length ? `the carrier's own lockers ${missing.join(', ')} (created in the recording, sent to network ${network} for the first time) listed as added, got ${[...answered].join(', ') || 'none'}` : undefined);
    const again = own.filter((u) => this.inNetwork.has(`${network}\u0000${u}`));
    const relisted = again.filter((u) => answered.has(u));
    if (again.length) this.evidence.judge('across', 'NET-ONLY-NEW', at, relisted.length ? `nothing listed for lockers added to network ${network} by an earlier accepted request, got ${relisted.join(', ')} listed again` : undefined);
    for (const u of own) this.inNetwork.add(`${network}\u0000${u}`);
  }
}
