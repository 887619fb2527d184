// Whose records the recording shows, from what it shows and nothing this harness names. A record is a
// carrier's where a key's accepted request made it and the answer named its owner: a locker whose create
// was answered with an ownedByCarrier, a parcel booked by lockerUid into such a locker (named by the
// locker and its carrierParcelId: carriers choose their own ids, §2.3). Two keys are two carriers only
// where their creates were answered with different owners (a carrier may hold two keys, §5). Read by
// PCL-LIST-OWN (rules/own-parcels.ts), WH-OWN-CARRIER (rules/own-endpoints.ts) and the rules that tell carriers apart.
import type { Operation } from '../../../spec/operations';
import type { Json } from '../../http/json';
import { idText, is2xx, type Recorded } from '../recorded/recorded';
import type { TrafficRule } from '../rules/traffic-rule';

/** The id a parcel's owner is kept under: its locker and its carrierParcelId. */
export const parcelId = (lockerUid: unknown, carrierParcelId: unknown) =>
  idText(lockerUid) && idText(carrierParcelId)
    ? `parcel:${idText(lockerUid)}\u0000${idText(carrierParcelId)}`
    : undefined;

export class RecordOwners implements TrafficRule {
  /** id → the owner (ownedByCarrier) of the record, as the answers named it. */
  private readonly owners = new Map<string, string>();
  /** owner → how many of its parcels the recording tied to it so far. */
  private readonly parcels = new Map<string, number>();
  /** key → the owner its creates were answered with. */
  private readonly keyOwners = new Map<string, string>();

  /** The owner the key's creates were answered with (the one place this fact is learnt, for every rule that needs
   * it). */
  ownerOfKey(key: string): string | undefined {
    return this.keyOwners.get(key);
  }

  /** The owners other keys' creates were answered with, but the key's own. */
  otherOwners(key: string): Set<string> {
    const own = this.keyOwners.get(key);
    return new Set([...this.keyOwners.values()].filter((owner) => owner !== own));
  }

  /** Every owner some key's creates were answered with. */
  carriers(): Set<string> {
    return new Set(this.keyOwners.values());
  }

  /** The owner a locker's create answer named, where the recording holds that create. */
  lockerOwner(uid: string): string | undefined {
    return this.owners.get(`locker:${uid}`);
  }

  /** The owner of a record by its id (`locker:uid`, parcelId). */
  ownerOf(id: string): string | undefined {
    return this.owners.get(id);
  }

  /** The owners the recording tied parcels to so far. */
  parcelOwners(): string[] {
    return [...this.parcels.keys()];
  }

  /** An accepted request that made a record whose owner the answer named. */
  see(r: Recorded, op: Operation): void {
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
    }
  }
}
