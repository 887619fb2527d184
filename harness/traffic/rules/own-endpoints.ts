// WH-OWN-CARRIER on a recording: each carrier's endpoint is the one path most of its records' deliveries
// reached (whose records they are: learnt/record-owners.ts); a delivery about one carrier's record at
// another carrier's endpoint fails. Where a carrier's deliveries split evenly over paths (every event to
// every URL, one URL for all), whose path is whose cannot be told: not judged.
import type { Json } from '../../http/json';
import { ownCarrierJudgement } from '../../judgements/isolation';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { parcelId, type RecordOwners } from '../learnt/record-owners';
import type { RecordedDelivery } from '../recorded/delivery';
import { idText } from '../recorded/recorded';
import type { TrafficRule } from './traffic-rule';

interface Delivered {
  path: string;
  id: string;
  places: string[];
  entry: HarEntry;
}

/** The one identifier a delivery names its record by, where it names one the traffic can tie to a key. */
function idOfDelivery(kind: string | undefined, body: unknown): string | undefined {
  const b = (body ?? {}) as Json;
  if (kind === 'LockerUpdates') return idText(b['uid']) && `locker:${idText(b['uid'])}`;
  if (kind === 'ParcelUpdates') return parcelId(b['lockerUid'], b['carrierParcelId']);
  return undefined;
}

export class OwnEndpoints implements TrafficRule {
  private readonly deliveries: Delivered[] = [];

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly owners: RecordOwners,
  ) {}

  /** Kept until the traffic has told whose records and endpoints they are. */
  delivery({ received: { kind, body }, path, entry }: RecordedDelivery): void {
    const id = idOfDelivery(kind, body);
    if (id) this.deliveries.push({ path: path.split('?')[0]!, id, places: kind ? [kind] : [], entry });
  }

  /** Judges every delivery whose carrier and endpoint the recording tells. */
  finish(): void {
    const evidence = this.evidence;
    const carriers = this.owners.carriers();
    const counts = new Map<string, Map<string, number>>();
    const judged = this.deliveries.flatMap((d) => {
      const owner = this.owners.ownerOf(d.id);
      if (owner === undefined) return [];
      const paths = counts.get(owner) ?? counts.set(owner, new Map()).get(owner)!;
      paths.set(d.path, (paths.get(d.path) ?? 0) + 1);
      return [{ d, owner }];
    });
    // Each carrier's one endpoint: the path most of its deliveries reached, where one path leads.
    const endpoint = new Map<string, string>();
    for (const [owner, paths] of counts) {
      const [first, second] = [...paths].sort((a, b) => b[1] - a[1]);
      if (first && (!second || second[1] < first[1])) endpoint.set(owner, first[0]);
    }
    const ownerAt = new Map([...endpoint].map(([owner, path]) => [path, owner]));
    // Two carriers whose endpoints are one path: nothing tells whose it is.
    if (ownerAt.size < endpoint.size) return;
    for (const { d, owner } of judged) {
      const at = ownerAt.get(d.path);
      if (at === undefined || !endpoint.has(owner) || carriers.size < 2) continue;
      const held = ownCarrierJudgement(d.path, at, owner, endpoint.get(owner));
      evidence.judge('deliveries', held.rule, { places: d.places, entry: d.entry }, held.failure);
    }
  }
}
