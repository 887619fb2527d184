// The carrier's parcels as GET /parcels shows them to a test: read since the mark taken before its first
// write, looked up one by one or many at once, and judged there; ParcelFactory (parcel-factory.ts) writes them.
import type { CisClient } from '../../http/client';
import type { Exchange } from '../../http/exchange';
import type { Json } from '../../http/json';
import { judge } from '../../evidence/judge';
import { listAll, listed, type Listing } from '../lists/listing';
import { listSince, markList, type ListMark } from '../lists/list-since';
import { listEvery } from '../lists/list-sample';
import type { CancelPathId, TargetProfile } from '../../target/profile';
import { DEFAULT_SETTLE_MS, settle } from '../lists/settle';

/** Where GET /parcels stood for one carrier, and how many bookings the test had made by then. */
export interface ParcelMark {
  client: CisClient;
  list: ListMark | undefined;
  accepted: number;
}

export class ParcelLists {
  /** Bookings the target accepted (2xx), in order: what a window read of the list must show. */
  protected readonly accepted: { client: CisClient; carrierParcelId: string }[] = [];
  /** shipmentUid by carrierParcelId, as the lists read so far showed them: a cancel by shipmentUid needs no search. */
  private readonly shipmentUids = new Map<string, string>();
  /** Per carrier, where its parcel list stood before this test's first publish. */
  private readonly marks = new Map<CisClient, Promise<ParcelMark | undefined>>();

  constructor(
    protected readonly api: CisClient,
    protected readonly profile: TargetProfile,
    private readonly settleMs = DEFAULT_SETTLE_MS,
    /** Parcel ids earlier borrowers of the test's lent lockers booked there: a read since the mark does not count them
     * as the test's. */
    private readonly earlier: () => Set<string> = () => new Set(),
  ) {}

  /** Keeps the shipmentUid each listed parcel shows (an id the service assigns once). */
  private seen<T extends Json[]>(items: T): T {
    const uidOf = (uid: unknown) => (typeof uid === 'string' || typeof uid === 'number' ? String(uid) : undefined);
    for (const parcel of items)
      if (typeof parcel?.['carrierParcelId'] === 'string' && uidOf(parcel['shipmentUid']))
        this.shipmentUids.set(parcel['carrierParcelId'], uidOf(parcel['shipmentUid'])!);
    return items;
  }

  /** The carrier's parcels on a bounded sample of its list (lists/list-sample.ts), not its whole history. */
  async everyListed(client: CisClient = this.api): Promise<Json[]> {
    return (await this.everyListing(client)).items;
  }

  /** As everyListed, with the answer that read it: a judgement of the listed records is made at listParcels. */
  async everyListing(client: CisClient = this.api): Promise<Listing> {
    const listing = await listEvery(client, 'listParcels', {}, this.profile.pagination);
    this.seen(listing.items);
    return listing;
  }

  /** Marks where the carrier's parcel list stands, for listSince: one request. */
  async mark(client: CisClient = this.api): Promise<ParcelMark> {
    return {
      client,
      list: await markList(client, 'listParcels', {}, this.profile.pagination),
      accepted: this.accepted.length,
    };
  }

  /**
   * The carrier's parcels booked since the mark, and any others on the pages that hold them, not the
   * whole history (listing.ts); the test's own bookings since the mark among them, or the list read through.
   */
  async listSince(mark: ParcelMark): Promise<Json[]> {
    return (await this.listingSince(mark)).items;
  }

  /** As listSince, with the answer that read it; a lent locker's earlier borrower's booking (a lagging list shows it
   * late) left out. */
  async listingSince(mark: ParcelMark): Promise<Listing> {
    const listing = await listSince(
      mark.client,
      'listParcels',
      {},
      this.profile.pagination,
      mark.list,
      this.addedSince(mark),
      undefined,
      this.settleMs,
    );
    this.seen(listing.items);
    const earlier = this.earlier();
    return { ...listing, items: listing.items.filter((p) => !earlier.has(p['carrierParcelId'])) };
  }

  /**
   * GET /parcels read for a parcel: since the mark taken before the test's first write, the pages that can
   * hold what the test booked, triggered or had refused (and booked all the same), not the carrier's
   * history; without a mark (no write by this test), searched for from the list's end.
   */
  private async search(carrierParcelId: string, client: CisClient, mine: (p: Json) => boolean): Promise<Listing> {
    const mark = await this.marks.get(client);
    if (!mark) return listAll(client, 'listParcels', {}, this.profile.pagination, mine, true);
    return listSince(
      client,
      'listParcels',
      {},
      this.profile.pagination,
      mark.list,
      this.addedSince(mark),
      mine,
      this.settleMs,
    );
  }

  /** The bookings the target accepted from this carrier since the mark: what a read since it must show. */
  private addedSince(mark: ParcelMark): ((p: Json) => boolean)[] {
    return this.accepted
      .slice(mark.accepted)
      .filter((entry) => entry.client === mark.client)
      .map(
        ({ carrierParcelId }) =>
          (p: Json) =>
            p['carrierParcelId'] === carrierParcelId,
      );
  }

  async find(carrierParcelId: string, client: CisClient = this.api): Promise<Json | undefined> {
    return (await this.lookup(carrierParcelId, client)).parcel;
  }

  /** The parcel as GET /parcels shows it (its latest record), and the answer that read it: a judgement of it is made at
   * listParcels. */
  /** `until`: the list shows the test's last write; read again while not, within the settle time (without it, one
   * read). It is given the latest record and every record listed under the id (a booking again under a cancelled
   * parcel's id may list both, in an order not stated). */
  async lookup(
    carrierParcelId: string,
    client: CisClient = this.api,
    until?: (parcel: Json | undefined, all: Json[]) => boolean,
  ): Promise<{ parcel: Json | undefined; all: Json[]; exchange: Exchange; listing: Listing }> {
    const mine = (p: Json) => p['carrierParcelId'] === carrierParcelId;
    const read = async () => {
      const listing = await this.search(carrierParcelId, client, mine);
      const matching = this.seen(listing.items).filter(mine);
      return { parcel: matching[matching.length - 1], all: matching, exchange: listing.exchange, listing };
    };
    if (!until) return read();
    return settle(
      read,
      (r) => until(r.parcel, r.all) || (r.parcel === undefined && !r.listing.complete),
      this.settleMs,
      'GET /parcels',
    );
  }

  /**
   * The parcel as GET /parcels shows it, judged under `rule` to be there; not observable where the list
   * could not be read through.
   */
  async expectListed(rule: string, carrierParcelId: string, client: CisClient = this.api): Promise<Json> {
    return (await this.expectListedAt(rule, carrierParcelId, client)).parcel;
  }

  /** As expectListed, with the answer that read it: what the test judges of the parcel is judged at listParcels too. */
  async expectListedAt(
    rule: string,
    carrierParcelId: string,
    client: CisClient = this.api,
  ): Promise<{ parcel: Json; exchange: Exchange }> {
    const mine = (p: Json) => p['carrierParcelId'] === carrierParcelId;
    const listing = await settle(
      () => this.search(carrierParcelId, client, mine),
      (l) => !l.complete || l.items.some(mine),
      this.settleMs,
      'GET /parcels',
    );
    this.seen(listing.items);
    return { parcel: listed(rule, listing, mine, `parcel ${carrierParcelId}`), exchange: listing.exchange };
  }

  /**
   * GET /parcels read once for many parcels (a property's bookings), each judged under `rule` to be
   * listed as expectListed does for one; the listing comes along for what else the test looks up in it.
   */
  async expectEachListed(
    rule: string,
    carrierParcelIds: string[],
    since?: ParcelMark,
  ): Promise<{ byId: Map<string, Json>; listing: Listing }> {
    const client = since?.client ?? this.api;
    const ids = new Set(carrierParcelIds);
    // Since a mark, the pages that can hold the bookings are read (lists/listing.ts); all of them must be there.
    const read = () =>
      since
        ? listSince(
            client,
            'listParcels',
            {},
            this.profile.pagination,
            since.list,
            [...ids].map((id) => (p: Json) => p['carrierParcelId'] === id),
            undefined,
            this.settleMs,
          )
        : listAll(client, 'listParcels', {}, this.profile.pagination);
    const listing = await settle(
      read,
      (l) => !l.complete || [...ids].every((id) => l.items.some((p) => p['carrierParcelId'] === id)),
      this.settleMs,
      'GET /parcels',
    );
    this.seen(listing.items);
    const byId = new Map(
      carrierParcelIds.map((id) => [id, listed(rule, listing, (p) => p['carrierParcelId'] === id, `parcel ${id}`)]),
    );
    // Each a fresh id booked once: "a locker booking is created" (§4.6), one record. Told apart by shipmentUid, as a
    // record that moved between pages read one after the other may show twice.
    for (const id of ids) {
      const booked = carrierParcelIds.filter((one) => one === id).length;
      const records = new Set(
        listing.items.filter((p) => p['carrierParcelId'] === id).map((p) => JSON.stringify(p['shipmentUid'])),
      );
      judge(rule, listing.exchange)
        .expect(records.size, `parcel ${id}, booked ${booked === 1 ? 'once' : `${booked} times`}, listed as that many`)
        .toBeLessThanOrEqual(booked);
    }
    return { byId, listing };
  }

  /** The parcel's id of the kind given: carrierParcelId as booked, the shipmentUid as GET /parcels lists it. */
  async pathIdOf(
    kind: CancelPathId,
    carrierParcelId: string,
    client: CisClient = this.api,
  ): Promise<string | undefined> {
    if (kind === 'carrierParcelId') return carrierParcelId;
    const known = this.shipmentUids.get(carrierParcelId);
    if (known !== undefined) return known;
    const id = (await this.lookup(carrierParcelId, client, (p) => p !== undefined)).parcel?.['shipmentUid'];
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  }

  /** Where the carrier's parcel list stands before the test's first write to it, taken once per test and key. */
  async markFirst(client: CisClient = this.api): Promise<void> {
    if (!this.marks.has(client))
      this.marks.set(
        client,
        this.mark(client).catch(() => undefined),
      );
    await this.marks.get(client);
  }
}
