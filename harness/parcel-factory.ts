// Parcels a test acts on: booked from valid requests, cancelled after the test when still booked, and
// the staging trigger for them.
import type { CisClient } from './client';
import { expect } from './evidence/judge';
import type { Exchange } from './exchange';
import type { Json } from './json';
import { listAll, listed } from './listing';
import type { TargetProfile } from './profile';
import type { Tagger } from './tagging';

export class ParcelFactory {
  private readonly booked: { client: CisClient; carrierParcelId: string }[] = [];
  private readonly cancelled = new Set<string>();

  constructor(
    private readonly api: CisClient,
    private readonly tag: Tagger,
    private readonly profile: TargetProfile,
    /** Cuts the test short before a step whose rule keeps stopping tests (a broken build). */
    private readonly precondition: (rule: string) => void = () => undefined,
  ) {}

  private get cancelPathId(): 'carrierParcelId' | 'shipmentUid' {
    return this.profile.cancel.pathId;
  }

  newParcelId(): string {
    return this.tag.next('CCP');
  }

  /** A valid publish body for the locker uid (path 'uid') or carrier.lockerId (path 'tenant'). */
  body(locker: Json, overrides: Json = {}, path: 'uid' | 'tenant' = 'uid'): Json {
    return {
      eventType: 'BOOKING',
      ...(path === 'uid' ? { lockerUid: locker['uid'] } : { carrierLockerId: locker['carrier']?.['lockerId'] }),
      carrierParcelId: this.newParcelId(),
      dimensions: { depth: 20, height: 15, width: 30 },
      ...overrides,
    };
  }

  publish(body: Json, path: 'uid' | 'tenant' = 'uid', client: CisClient = this.api): Promise<Exchange> {
    const exchange = client.call(path === 'uid' ? 'publishParcel' : 'publishParcelByCarrierLockerId', { body });
    if (body['eventType'] === 'BOOKING') this.booked.push({ client, carrierParcelId: body['carrierParcelId'] });
    return exchange;
  }

  /** Books a parcel with a valid request (PCL-BOOKING-CREATES); the test stops there when it is refused. */
  async book(locker: Json, overrides: Json = {}, client: CisClient = this.api): Promise<Json> {
    this.precondition('PCL-BOOKING-CREATES');
    const body = this.body(locker, overrides);
    const exchange = await this.publish(body, 'uid', client);
    expect(exchange).toSucceed('PCL-BOOKING-CREATES');
    return body;
  }

  /** The carrier's parcels, from whatever envelope the target uses, every page. */
  async list(client: CisClient = this.api): Promise<Json[]> {
    return (await listAll(client, 'listParcels', {}, this.profile.pagination)).items;
  }

  async find(carrierParcelId: string, client: CisClient = this.api): Promise<Json | undefined> {
    const mine = (p: Json) => p['carrierParcelId'] === carrierParcelId;
    const matching = (await listAll(client, 'listParcels', {}, this.profile.pagination, mine)).items.filter(mine);
    return matching[matching.length - 1];
  }

  /**
   * The parcel as GET /parcels shows it, judged under `rule` to be there; not observable where the list
   * could not be read through.
   */
  async expectListed(rule: string, carrierParcelId: string, client: CisClient = this.api): Promise<Json> {
    const mine = (p: Json) => p['carrierParcelId'] === carrierParcelId;
    const listing = await listAll(client, 'listParcels', {}, this.profile.pagination, mine);
    return listed(rule, listing, mine, `parcel ${carrierParcelId}`);
  }

  /** Cancels by the id kind the profile names (carrierParcelId by default). */
  async cancel(carrierParcelId: string, client: CisClient = this.api): Promise<Exchange> {
    this.cancelled.add(carrierParcelId);
    let id = carrierParcelId;
    if (this.cancelPathId === 'shipmentUid') {
      id = (await this.find(carrierParcelId, client))?.['shipmentUid'] ?? carrierParcelId;
    }
    const body = this.profile.cancel.body;
    return client.call('cancelParcel', { params: { parcelId: id }, ...(body ? { body } : {}) });
  }

  /** A trigger request (§4.11) for a parcel in the locker: the provider-side id and provider name of the locker. */
  triggerBody(locker: Json, parcelId: string, eventType: string): Json {
    return {
      parcel_id: parcelId,
      provider_locker_id: locker['provider']?.['lockerUid'],
      event_type: eventType,
      carrier_name: this.profile.trigger?.carrierName ?? locker['ownedByCarrier'],
      provider_name: locker['provider']?.['name'],
      shipment_type: 'FIRST_MILE',
    };
  }

  /** Sends one staging trigger event for the parcel. */
  trigger(locker: Json, parcelId: string, eventType: string, client: CisClient = this.api): Promise<Exchange> {
    return client.call('triggerFirstMileEvent', { body: this.triggerBody(locker, parcelId, eventType) });
  }

  /**
   * After the test: cancel what it booked and did not cancel itself, so staging does not fill with
   * bookings. A parcel the test delivered is refused, as it should be.
   */
  async cleanUp(): Promise<void> {
    for (const { client, carrierParcelId } of this.booked.splice(0)) {
      if (this.cancelled.has(carrierParcelId)) continue;
      await this.cancel(carrierParcelId, client).catch(() => undefined);
    }
  }
}
