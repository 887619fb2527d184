// TRG-PROVIDER-LOCKER-ID on a recording: provider_locker_id is the provider-side id, not interchangeable
// with the platform uid (§4.11), so a trigger accepted with a locker's platform uid there (one the recording
// showed as a locker's uid, whose provider.lockerUid it showed as another value) acts on no parcel of that
// locker. Judged on the carrier's next whole parcel list begun the list settle time after it: the parcel
// it names, if the list before it showed it, is as it was (status and events); if not, it is not listed in
// that locker. Another accepted trigger or cancel of that parcel in between leaves it unjudged. Refused, it
// acted on nothing.
import type { Operation } from '../../spec/operations';
import type { Json } from '../http/json';
import type { TrafficEvidence } from './evidence';
import type { HarEntry } from './har-stream';
import type { LockersShown } from './lockers-shown';
import { idText, is2xx, type Recorded } from './recorded';
import { wholeList } from './whole-list';

interface Pending {
  carrier: string;
  parcel: string;
  lockerUid: string;
  endedAt: number;
  /** What the carrier's last whole list before the trigger showed of the parcel, if it did. */
  before?: string;
  r: Recorded;
  entry: HarEntry;
}

const stateOf = (p: Json) => JSON.stringify([p['shipmentStatus'], p['events']]);

export class TriggerLockers {
  /** carrier → parcel id (either identifier) → its state as the carrier's last whole list showed it. */
  private readonly shown = new Map<string, Map<string, string>>();
  private pending: Pending[] = [];

  constructor(
    private readonly evidence: TrafficEvidence,
    private readonly lockers: LockersShown,
    private readonly settleMs: number,
  ) {}

  see(r: Recorded, op: Operation, entry: HarEntry): void {
    if (!r.carrier) return;
    if (op.operationId === 'triggerFirstMileEvent') return this.triggered(r, entry);
    if (!is2xx(r.exchange.status)) return;
    if (op.operationId === 'cancelParcel') {
      const id = decodeURIComponent(new URL(r.exchange.url).pathname.split('/').pop() ?? '');
      this.pending = this.pending.filter((p) => !(p.carrier === r.carrier && p.parcel === id));
    }
    if (op.operationId === 'listParcels') this.listed(r);
  }

  private triggered(r: Recorded, entry: HarEntry): void {
    const body = r.exchange.request.body as Json | undefined;
    const parcel = idText(body?.['parcel_id']);
    const given = idText(body?.['provider_locker_id']);
    if (!parcel || !given || r.exchange.status >= 500) return;
    const locker = this.lockers.last(given);
    const platformUid = locker !== undefined && locker.providerLockerUid !== undefined && locker.providerLockerUid !== given;
    if (platformUid) {
      // Refused, it acted on nothing (and TRG-PROVIDER-LOCKER-ID-REJECTED, a should, holds); accepted, the list decides.
      const refused = r.exchange.status >= 400;
      if (refused) this.evidence.judge('across', 'TRG-PROVIDER-LOCKER-ID', { exchange: r.exchange, entry });
      this.evidence.judge('across', 'TRG-PROVIDER-LOCKER-ID-REJECTED', { exchange: r.exchange, entry }, refused ? undefined : `a 4xx refusal of a trigger giving locker ${given}'s platform uid as provider_locker_id (its provider.lockerUid is ${locker.providerLockerUid}), got ${r.exchange.status}`);
    }
    if (!is2xx(r.exchange.status)) return;
    // A later trigger of the parcel changes it by right: what the earlier one did can no longer be told.
    this.pending = this.pending.filter((p) => !(p.carrier === r.carrier && p.parcel === parcel));
    if (!platformUid) return;
    const before = this.shown.get(r.carrier)?.get(parcel);
    this.pending.push({ carrier: r.carrier, parcel, lockerUid: given, endedAt: r.endedAt || r.startedAt, ...(before !== undefined ? { before } : {}), r, entry });
  }

  private listed(r: Recorded): void {
    const items = wholeList(r);
    if (!items) return;
    const byId = new Map<string, Json>();
    for (const p of items) for (const key of ['carrierParcelId', 'shipmentUid']) if (idText(p[key])) byId.set(idText(p[key])!, p);
    for (const p of this.pending.filter((x) => x.carrier === r.carrier && r.startedAt >= x.endedAt + this.settleMs)) {
      this.pending.splice(this.pending.indexOf(p), 1);
      const now = byId.get(p.parcel);
      const acted = p.before !== undefined ? now !== undefined && stateOf(now) !== p.before : now !== undefined && idText(now['lockerUid']) === p.lockerUid;
      this.evidence.judge('across', 'TRG-PROVIDER-LOCKER-ID', { exchange: p.r.exchange, entry: p.entry, places: ['listParcels'] }, acted ? `no parcel of locker ${p.lockerUid} acted on by a trigger that gave its platform uid as provider_locker_id (its provider.lockerUid is ${this.lockers.last(p.lockerUid)?.providerLockerUid}), got ${p.parcel} ${p.before !== undefined ? 'changed' : 'listed in it'} in a list begun ${((r.startedAt - p.endedAt) / 1000).toFixed(1)} s after` : undefined);
    }
    this.shown.set(r.carrier, new Map([...byId].map(([id, p]) => [id, stateOf(p)])));
  }
}
