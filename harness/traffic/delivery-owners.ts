// WH-OWN-CARRIER on a recording, from what the recording shows and nothing this harness names: a
// record's carrier is the key of the request that created it (a locker create, a booking, a first-mile
// trigger) or gave it its carrier.lockerId; an endpoint's carrier is the key whose records most of the
// deliveries to it concern. A delivery about one key's record at another key's endpoint is a leak, but
// only where that key has an endpoint of its own in the recording: two carriers may have registered
// one URL, and then the recording cannot tell whose it is. Ids two keys both used (carriers choose
// their own carrierParcelIds and lockerIds) tell nothing, so a delivery named only by them is not judged.
import type { Operation } from '../../spec/operations';
import type { Json } from '../http/json';
import type { TrafficEvidence } from './evidence';
import type { HarEntry } from './har-stream';
import type { Recorded } from './recorded';

interface Delivered {
  path: string;
  ids: string[];
  places: string[];
  entry: HarEntry;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
const ok = (status: number) => status >= 200 && status < 300;

/** The identifiers a delivery names its record by, each tagged with what it identifies, the surest first. */
function idsOfDelivery(kind: string | undefined, body: unknown): string[] {
  const b = (body ?? {}) as Json;
  const ids: (string | undefined)[] =
    kind === 'LockerUpdates' ? [str(b['uid']) && `locker:${str(b['uid'])}`, str(b['carrier']?.['lockerId']) && `lockerId:${str(b['carrier']?.['lockerId'])}`] : kind === 'ParcelUpdates' ? [str(b['carrierParcelId']) && `parcel:${str(b['carrierParcelId'])}`] : [];
  return ids.filter((id): id is string => !!id);
}

export class DeliveryOwners {
  /** id → the keys whose requests created or named it. */
  private readonly creators = new Map<string, Set<string>>();
  private readonly deliveries: Delivered[] = [];
  /** Keys in the order the recording first showed them, named so ("the 1st key"): never their value. */
  private readonly keys: string[] = [];

  private named(key: string): string {
    const n = this.keys.indexOf(key) + 1;
    return `the ${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'} key's`;
  }

  delivered(path: string, kind: string | undefined, body: unknown, entry: HarEntry): void {
    const ids = idsOfDelivery(kind, body);
    if (ids.length) this.deliveries.push({ path: path.split('?')[0]!, ids, places: kind ? [kind] : [], entry });
  }

  /** An accepted request that created a record, or named it for its key. */
  see(r: Recorded, op: Operation): void {
    if (!r.carrier || !ok(r.exchange.status)) return;
    if (!this.keys.includes(r.carrier)) this.keys.push(r.carrier);
    const sent = (r.exchange.request.body ?? {}) as Json;
    const answered = (r.exchange.body ?? {}) as Json;
    const add = (id: string | undefined) => id && (this.creators.get(id) ?? this.creators.set(id, new Set()).get(id)!).add(r.carrier);
    switch (op.operationId) {
      case 'createLocker':
        add(str(answered['uid']) && `locker:${str(answered['uid'])}`);
        add(str(sent['carrier']?.['lockerId']) && `lockerId:${str(sent['carrier']?.['lockerId'])}`);
        return;
      case 'updateLocker':
        add(str(sent['carrier']?.['lockerId']) && `lockerId:${str(sent['carrier']?.['lockerId'])}`);
        return;
      case 'publishParcel':
      case 'publishParcelByCarrierLockerId':
        if (sent['eventType'] === 'BOOKING') add(str(sent['carrierParcelId']) && `parcel:${str(sent['carrierParcelId'])}`);
        return;
      case 'triggerFirstMileEvent':
        add(str(sent['parcel_id']) && `parcel:${str(sent['parcel_id'])}`);
        return;
    }
  }

  /**
   * The one key a delivery concerns: by its first id the traffic knows (a locker's uid before the
   * lockerId a carrier chose), where that id is one key's alone.
   */
  private concerned(d: Delivered): string | undefined {
    const keys = d.ids.map((id) => this.creators.get(id)).find((k) => k !== undefined);
    return keys?.size === 1 ? [...keys][0] : undefined;
  }

  /** Judges every delivery whose key and endpoint the recording tells. */
  finish(evidence: TrafficEvidence): void {
    const byPath = new Map<string, Map<string, number>>();
    const judged = this.deliveries.flatMap((d) => {
      const key = this.concerned(d);
      if (key === undefined) return [];
      const counts = byPath.get(d.path) ?? byPath.set(d.path, new Map()).get(d.path)!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return [{ d, key }];
    });
    const owner = new Map<string, string>();
    for (const [path, counts] of byPath) {
      const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
      if (first && (!second || second[1] < first[1])) owner.set(path, first[0]);
    }
    const endpointsOf = new Set(owner.values());
    for (const { d, key } of judged) {
      const at = owner.get(d.path);
      if (at === undefined || (at !== key && !endpointsOf.has(key))) continue;
      const problem = at === key ? undefined : `a delivery to ${d.path}, where the deliveries about ${this.named(at)} records go, concerns a record of ${this.named(key)} requests (whose own deliveries go to another path)`;
      evidence.judge('deliveries', 'WH-OWN-CARRIER', { places: d.places, entry: d.entry }, problem);
    }
  }
}
