// WH-OWN-CARRIER and PCL-LIST-OWN on a recording, from what it shows and nothing this harness names. A record
// is a carrier's where a key's accepted request made it and the answer named its owner: a locker whose
// create was answered with an ownedByCarrier, a parcel booked by lockerUid into such a locker (named by
// the locker and its carrierParcelId: carriers choose their own ids, §2.3). Two keys are two carriers
// only where their creates were answered with different owners (a carrier may hold two keys, §5). Each
// carrier's endpoint is the one path most of its records' deliveries reached; a delivery about one
// carrier's record at another carrier's endpoint fails. Where a carrier's deliveries split evenly over
// paths (every event to every URL, one URL for all), whose path is whose cannot be told: not judged.
import type { Operation } from '../../../spec/operations';
import { detectList } from '../../http/envelope';
import type { Json } from '../../http/json';
import type { TrafficEvidence } from '../evidence';
import type { HarEntry } from '../har/har-stream';
import { idText, is2xx, type Recorded } from '../recorded/recorded';

interface Delivered {
  path: string;
  id: string;
  places: string[];
  entry: HarEntry;
}

const parcelId = (lockerUid: unknown, carrierParcelId: unknown) => (idText(lockerUid) && idText(carrierParcelId) ? `parcel:${idText(lockerUid)}\u0000${idText(carrierParcelId)}` : undefined);

/** The one identifier a delivery names its record by, where it names one the traffic can tie to a key. */
function idOfDelivery(kind: string | undefined, body: unknown): string | undefined {
  const b = (body ?? {}) as Json;
  if (kind === 'LockerUpdates') return idText(b['uid']) && `locker:${idText(b['uid'])}`;
  if (kind === 'ParcelUpdates') return parcelId(b['lockerUid'], b['carrierParcelId']);
  return undefined;
}

export class RecordOwners {
  /** id → the owner (ownedByCarrier) of the record, as the answers named it. */
  private readonly owners = new Map<string, string>();
  /** owner → how many of its parcels the recording tied to it so far. */
  private readonly parcels = new Map<string, number>();
  /** key → the owner its creates were answered with. */
  private readonly keyOwners = new Map<string, string>();
  private readonly deliveries: Delivered[] = [];

  constructor(private readonly evidence: TrafficEvidence) {}

  /** The owner the key's creates were answered with (the one place this fact is learnt, for every rule that needs it). */
  ownerOfKey(key: string): string | undefined {
    return this.keyOwners.get(key);
  }

  /** The owners other keys' creates were answered with, but the key's own. */
  otherOwners(key: string): Set<string> {
    const own = this.keyOwners.get(key);
    return new Set([...this.keyOwners.values()].filter((owner) => owner !== own));
  }

  /** The owner a locker's create answer named, where the recording holds that create. */
  lockerOwner(uid: string): string | undefined {
    return this.owners.get(`locker:${uid}`);
  }

  delivered(path: string, kind: string | undefined, body: unknown, entry: HarEntry): void {
    const id = idOfDelivery(kind, body);
    if (id) this.deliveries.push({ path: path.split('?')[0]!, id, places: kind ? [kind] : [], entry });
  }

  /** An accepted request that made a record whose owner the answer named, or a parcel list to judge by them. */
  see(r: Recorded, op: Operation, entry: HarEntry): void {
    if (!r.carrier || !is2xx(r.exchange.status)) return;
    const sent = (r.exchange.request.body ?? {}) as Json;
    const answered = (r.exchange.body ?? {}) as Json;
    if (op.operationId === 'createLocker') {
      const owner = idText(answered['ownedByCarrier']);
      const uid = idText(answered['uid']);
      if (!owner || !uid) return;
      this.owners.set(`locker:${uid}`, owner);
      if (!this.keyOwners.has(r.carrier)) this.keyOwners.set(r.carrier, owner);
    } else if (op.operationId === 'publishParcel' && sent['eventType'] === 'BOOKING') {
      const owner = this.owners.get(`locker:${idText(sent['lockerUid'])}`);
      const id = parcelId(sent['lockerUid'], sent['carrierParcelId']);
      // Only into a locker this key's own create named as its carrier's: that booking is that carrier's.
      if (id && owner !== undefined && owner === this.keyOwners.get(r.carrier) && !this.owners.has(id)) {
        this.owners.set(id, owner);
        this.parcels.set(owner, (this.parcels.get(owner) ?? 0) + 1);
      }
    } else if (op.operationId === 'listParcels' && !r.cut) this.listed(r, entry);
  }

  /**
   * PCL-LIST-OWN: a carrier's parcel list (any page of it) shows none of another carrier's parcels, where
   * the recording tied parcels to another carrier already. Looked up by the listed records: a list costs
   * its length, not the recording's.
   */
  private listed(r: Recorded, entry: HarEntry): void {
    const own = this.keyOwners.get(r.carrier);
    if (own === undefined || ![...this.parcels.keys()].some((owner) => owner !== own)) return;
    const items = (detectList(r.exchange.body)?.items ?? []).filter((p): p is Json => p !== null && typeof p === 'object');
    const leaked = items.find((p) => {
      const owner = this.owners.get(parcelId(p['lockerUid'], p['carrierParcelId']) ?? '');
      return owner !== undefined && owner !== own;
    });
    this.evidence.judge('across', 'PCL-LIST-OWN', { exchange: r.exchange, entry, places: ['listParcels'] }, leaked && `only ${own}'s parcels, got ${String(leaked['carrierParcelId'])} in locker ${String(leaked['lockerUid'])}, booked by ${this.owners.get(parcelId(leaked['lockerUid'], leaked['carrierParcelId'])!)} into a locker of its own`);
  }

  /** Judges every delivery whose carrier and endpoint the recording tells. */
  finish(): void {
    const evidence = this.evidence;
    const carriers = new Set(this.keyOwners.values());
    const counts = new Map<string, Map<string, number>>();
    const judged = this.deliveries.flatMap((d) => {
      const owner = this.owners.get(d.id);
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
      const problem = at === owner ? undefined : `a delivery to ${d.path}, the endpoint of ${at}'s events, is about a record of ${owner}, whose own events go to ${endpoint.get(owner)}`;
      evidence.judge('deliveries', 'WH-OWN-CARRIER', { places: d.places, entry: d.entry }, problem);
    }
  }
}
