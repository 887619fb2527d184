// Network adds on a recording (§4.10), learnt from what the lists and the creates answered, nothing else:
// a locker the carrier's own list showed it does not own (ownedByCarrier null, or another carrier's) is
// not listed as added; one the carrier created in the recording is listed the first time it is sent to
// a network, and not again after. A record the add answered names the locker by the carrier.lockerName
// the recording last showed it with (NET-RECORD-LOCKER-NAME).
import type { Operation } from '../../../spec/operations';
import { detectList } from '../../http/envelope';
import { parseExact, type Json } from '../../http/json';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import type { RecordOwners } from '../learnt/record-owners';
import { writtenLockers } from '../learnt/locker-writes';
import type { LockersShown } from '../learnt/lockers-shown';
import { networkAddJudgements, networkRecordNameJudgement, type SentKind } from '../../judgements/network-add';
import type { TrafficRule } from './traffic-rule';

/** The network an add names and the uids it sent, int64 uids read from their digits: two uids beyond 2^53 may round to
 * one double (§2.5, §4.10). */
function sentTo(r: Recorded): { network: string; uids: string[] } {
  const { request, url } = r.exchange;
  const sent = ((request.rawBody !== undefined ? parseExact(request.rawBody) : request.body) as Json | undefined)?.[
    'lockerUids'
  ];
  return {
    network: /\/networks\/([^/?]+)\/lockers/.exec(url)?.[1] ?? '',
    uids: Array.isArray(sent) ? sent.map(idText).filter((u): u is string => !!u) : [],
  };
}

export class NetworkAdds implements TrafficRule {
  /** carrier → uid → when the carrier's list showed it not the carrier's. */
  private readonly notOwned = new Map<string, Map<string, number>>();
  /** `network\0uid` of the own lockers an accepted add sent there, and no write named since. */
  private readonly inNetwork = new Set<string>();
  /** `network\0uid` of those a write named after they joined: sent again, NET-MEMBERSHIP-KEPT's (not judged here). */
  private readonly namedSince = new Set<string>();
  /** Accepted adds, judged at the end: another add naming a locker in flight with one is seen later. */
  private readonly adds: { r: Recorded; entry: HarEntry; network: string; kinds: Map<string, SentKind> }[] = [];

  /** Whose lockers they are comes from `owners` (what the creates answered), which sees every request first. */
  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly owners: RecordOwners,
    private readonly lockers: LockersShown,
  ) {}

  /** A locker a create in the recording named as the key's carrier's: never another's, never in a network before it
   * existed. */
  private isOwn(carrier: string, uid: string): boolean {
    const own = this.owners.ownerOfKey(carrier);
    return own !== undefined && this.owners.lockerOwner(uid) === own;
  }

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    const { exchange, carrier } = r;
    // A write that names a locker in a network (accepted, or its outcome unknown) leaves its membership to
    // NET-MEMBERSHIP-KEPT, as the exploration does: an add sending it again is no longer NET-ONLY-NEW's.
    if (op.operationId === 'updateLocker' || op.operationId === 'updateLockerStatus') this.named(writtenLockers(r, op));
    // An add whose answer is cut, or whose outcome is unknown (never answered, a 5xx), may have added any locker it
    // named: which of them are in the network after it is not known, so a later add of them judges none as new.
    if (op.operationId === 'addNetworkLockers' && carrier && (r.cut || exchange.status === 0 || exchange.status >= 500))
      this.unknownAfter(r);
    if (!carrier || !is2xx(exchange.status) || r.cut) return;
    if (op.operationId === 'listLockers') {
      const own = this.owners.ownerOfKey(carrier);
      // Another carrier's only under an owner name another key's creates were answered with.
      const others = this.owners.otherOwners(carrier);
      const seen = this.notOwned.get(carrier) ?? this.notOwned.set(carrier, new Map()).get(carrier)!;
      for (const item of detectList(exchange.body)?.items ?? []) {
        const l = (item ?? {}) as Json;
        const uid = idText(l['uid']);
        const owner = l['ownedByCarrier'];
        if (!uid || this.isOwn(carrier, uid)) continue;
        // A later list showing it the carrier's own (or another spelling) takes back what an earlier one showed.
        if (owner !== null && !(typeof owner === 'string' && owner !== own && others.has(owner))) seen.delete(uid);
        else if (!seen.has(uid)) seen.set(uid, r.endedAt || r.startedAt);
      }
    } else if (op.operationId === 'addNetworkLockers') this.added(r, entry);
  }

  /** A write named these lockers: each network holding one leaves it to NET-MEMBERSHIP-KEPT. */
  private named(uids: string[]): void {
    for (const key of this.inNetwork)
      if (uids.includes(key.slice(key.indexOf('\u0000') + 1))) {
        this.inNetwork.delete(key);
        this.namedSince.add(key);
      }
  }

  /** The key's own lockers an add named, each of unknown membership in its network after it. */
  private unknownAfter(r: Recorded): void {
    const { network, uids } = sentTo(r);
    for (const u of uids)
      if (this.isOwn(r.carrier!, u)) {
        this.inNetwork.delete(`${network}\u0000${u}`);
        this.namedSince.add(`${network}\u0000${u}`);
      }
  }

  /** A write with no answer may have been applied. */
  unanswered(r: Recorded, op: Operation, entry: HarEntry): void {
    this.see(r, op, entry);
  }

  /**
   * An accepted network add: what the carrier's own list showed not its own is skipped
   * (NET-NOT-OWNED-SKIPPED); a locker this key created in the recording, sent to the network for the
   * first time, is listed (NET-OWNED-ADDED: it cannot have been there before it existed); one sent
   * again after an accepted add is not listed again (NET-ONLY-NEW).
   */
  private added(r: Recorded, entry: HarEntry): void {
    const { exchange, carrier } = r;
    const { network, uids } = sentTo(r);
    const records = (detectList(parseExact(exchange.text) ?? exchange.body)?.items ?? []) as (Json | null)[];
    this.names(r, entry, records);
    const seen = this.notOwned.get(carrier);
    const own = uids.filter((u) => this.isOwn(carrier, u));
    // What the recording shows of each uid before the add: a locker the carrier's list showed not its own, one of
    // its own created in the recording and sent to this network for the first time, or again.
    const kinds = new Map<string, SentKind>([
      ...uids.filter((u) => (seen?.get(u) ?? Infinity) <= r.startedAt).map((u) => [u, 'notOwned'] as const),
      ...own
        .filter((u) => !this.namedSince.has(`${network}\u0000${u}`))
        .map((u) => [u, this.inNetwork.has(`${network}\u0000${u}`) ? 'already' : 'new'] as const),
    ]);
    this.adds.push({ r, entry, network, kinds });
    for (const u of own) {
      this.inNetwork.add(`${network}\u0000${u}`);
      this.namedSince.delete(`${network}\u0000${u}`);
    }
  }

  /**
   * Each accepted add against what the recording showed before it, but the lockers another add to the network named
   * while both were in flight: which of the two the service applied first is not known.
   */
  finish(): void {
    const overlap = (a: Recorded, b: Recorded) =>
      a.startedAt < (b.endedAt || Infinity) && b.startedAt < (a.endedAt || Infinity);
    for (const add of this.adds) {
      const { r, entry, network } = add;
      const together = this.adds.filter((o) => o !== add && o.network === network && overlap(o.r, r));
      const kinds = new Map([...add.kinds].filter(([u]) => !together.some((o) => sentTo(o.r).uids.includes(u))));
      const records = (detectList(parseExact(r.exchange.text) ?? r.exchange.body)?.items ?? []) as (Json | null)[];
      const answered = records.map((rec) => idText(rec?.['lockerUid'])).filter((u): u is string => !!u);
      const said = `network ${network}, lockers as the recording showed them before`;
      const at = { exchange: r.exchange, entry, places: ['addNetworkLockers'] };
      for (const j of networkAddJudgements(r.exchange, kinds, answered, said))
        this.evidence.judge('across', j.rule, at, j.failure);
    }
    this.adds.length = 0;
  }

  /** Each answered record that names its locker, against the name the locker was last shown with before the add. */
  private names(r: Recorded, entry: HarEntry, records: (Json | null)[]): void {
    for (const record of records) {
      const uid = idText(record?.['lockerUid']);
      const shown = uid !== undefined ? this.lockers.last(uid, r.carrier) : undefined;
      if (
        !record ||
        record['lockerName'] === undefined ||
        !shown ||
        shown.at > r.startedAt ||
        typeof shown.lockerName !== 'string'
      )
        continue;
      const named = networkRecordNameJudgement(record, shown.lockerName, 'as the recording last showed it');
      if (named)
        this.evidence.judge(
          'across',
          named.rule,
          { exchange: r.exchange, entry, places: ['addNetworkLockers'] },
          named.failure,
        );
    }
  }
}
