// PCL-LIST-OWN on a recording: a carrier's parcel list (any page of it) shows none of another carrier's
// parcels, where the recording tied parcels to another carrier already (learnt/record-owners.ts).
// Looked up by the listed records: a list costs its length, not the recording's.
import type { Operation } from '../../../spec/operations';
import { detectList } from '../../http/envelope';
import type { Json } from '../../http/json';
import type { TrafficEvidence } from '../evidence';
import { ownParcelsJudgement } from '../../judgements/isolation';
import type { HarEntry } from '../har/har-stream';
import { parcelId, type RecordOwners } from '../learnt/record-owners';
import { is2xx, type Recorded } from '../recorded/recorded';
import type { TrafficRule } from './traffic-rule';

export class OwnParcels implements TrafficRule {
  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly owners: RecordOwners,
  ) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    if (!r.carrier || !is2xx(r.exchange.status) || op.operationId !== 'listParcels' || r.cut) return;
    const own = this.owners.ownerOfKey(r.carrier);
    if (own === undefined || !this.owners.parcelOwners().some((owner) => owner !== own)) return;
    const ownerOf = (p: Json) => this.owners.ownerOf(parcelId(p['lockerUid'], p['carrierParcelId']) ?? '');
    const held = ownParcelsJudgement(detectList(r.exchange.body)?.items ?? [], own, ownerOf);
    this.evidence.judge('across', held.rule, { exchange: r.exchange, entry, places: ['listParcels'] }, held.failure);
  }
}
