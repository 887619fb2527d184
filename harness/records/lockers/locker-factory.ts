// Lockers a test acts on: created from valid, uniquely tagged requests (they cannot be deleted, so the
// run's tag is in carrier.lockerId and metadata) with a provider/model pair the target lists.
import { SPELLINGS } from '../../../generators';
import type { CisClient } from '../../http/client';
import { hold, judge } from '../../evidence/judge';
import { answeredJudgement } from '../../judgements/answered';
import type { Exchange } from '../../http/exchange';
import type { Json } from '../../http/json';
import { listAll, listed, type Listing } from '../lists/listing';
import { listSince, markList, readsSince, type ListMark } from '../lists/list-since';
import { listEvery } from '../lists/list-sample';
import type { TargetProfile } from '../../target/profile';
import { forgetPairs, knownPairs, pairInTurn, type ProviderPair } from './provider-pair';
import { RUN_TAG_KEY, tagPrefix, type CarrierSide, type Tagger } from './tagging';
import { DEFAULT_SETTLE_MS, settle } from '../lists/settle';
import { Lending, poolProviderName } from './locker-lending';
import type { LockerPool, PooledLocker, PoolKind } from './locker-pool';
import type { ParcelsLeft } from '../parcels/parcels-left';

/** The last locker this worker created: the record an unknown list order is learnt from. */
let lastCreated: { record: Json; client: CisClient } | undefined;

/** What this worker learnt of the target's providers, forgotten: the self-test's batches judge one reference after
 * another. */
export function forgetProviders(): void {
  forgetPairs();
  lastCreated = undefined;
}

/**
 * The names the run's lockers take in turn: one of its own, and text that spells another JSON value (a number with a
 * leading zero, null), which §2.1 allows a lockerName (a string) and a numeric or literal reading of a string changes.
 * Plain ASCII letters and digits, which no service has a reason to refuse: every test's create must be taken. A test's
 * lockers take them in this order, so each test that makes two has one named so. Every place that shows a locker shows
 * its name as a string, as sent.
 */
const LOCKER_NAMES: readonly ((lockerId: string) => string)[] = [
  (lockerId) => `Conformance ${lockerId}`,
  ...SPELLINGS.map((name) => () => name),
];

export class LockerFactory {
  /** How many lockers this test's factory has named (LOCKER_NAMES, in turn). */
  private named = 0;
  constructor(
    private readonly api: CisClient,
    private readonly tag: Tagger,
    private readonly profile: TargetProfile,
    /** Cuts the test short before a step whose rule keeps stopping tests (a broken build). */
    private readonly precondition: (rule: string) => void = () => undefined,
    /** How long a list may lag a write (CIS_LIST_SETTLE_MS). */
    private readonly settleMs = DEFAULT_SETTLE_MS,
    /** The run's locker pool and the carrier key whose lockers it lends: without it every lent locker is fresh. */
    pool?: { pool: LockerPool; apiKey: string },
  ) {
    const make = async (overrides: Json) => (await this.create(overrides)).record;
    const leftIn = (record: Json) => this.left?.heldIn(record) ?? 0;
    this.lending =
      pool &&
      new Lending(pool.pool, {
        api,
        apiKey: pool.apiKey,
        runId: tag.runId,
        now: () => new Date(),
        paging: profile.pagination,
        pairs: () => this.providers(),
        make,
        leftIn,
      });
  }

  private readonly lending: Lending | undefined;

  /**
   * A locker for a test that does not need a fresh one (locker-pool.ts says which kind does what):
   * the test's own while it runs, given back after it. Its record as last known. `again`: the one of
   * the kind the test already borrowed, if any.
   */
  async lend(kind: PoolKind, options: { again?: boolean } = {}): Promise<PooledLocker> {
    if (this.lending) return this.lending.lend(kind, options);
    return { kind, record: (await this.create()).record, held: 0, earlier: [], origin: 'made' };
  }

  /** A fresh locker in place of a lent one that a booking found full, which is not lent again. */
  async lendInstead(full: Json, kind: PoolKind): Promise<PooledLocker> {
    this.lending?.retire(full['uid']);
    return this.lending ? this.lending.lend(kind, { fresh: true }) : this.lend(kind);
  }

  private left: ParcelsLeft | undefined;

  /** What the test's parcels left in lockers (the parcels fixture's record of it). */
  leftBy(left: ParcelsLeft): void {
    this.left = left;
  }

  /** After the test (the lockers fixture): lent lockers go back with the parcels the test left in them; a test cut
   * short retires them. */
  giveBack(cutShort = false): void {
    const left = this.left;
    this.lending?.giveBack(
      (record) => left?.heldIn(record) ?? 0,
      (record) => left?.bookedIn(record) ?? [],
      cutShort,
    );
  }

  /** Parcel ids earlier borrowers of the test's lent lockers booked there: not this test's. */
  earlierParcels(): Set<string> {
    return this.lending?.earlierParcels() ?? new Set();
  }

  async providers(): Promise<ProviderPair[]> {
    return knownPairs(this.api);
  }

  /**
   * The next provider/model pair the target lists, in turn: the run's lockers spread over providers,
   * so a list filtered by providerName (how a test finds its locker) stays short on a long run.
   */
  async nextProvider(): Promise<ProviderPair> {
    return (await this.providerTurns())();
  }

  /** The pairs nextProvider takes, one per call of what this answers: for bodies made many at a time (a property's). */
  async providerTurns(): Promise<() => ProviderPair> {
    const pairs = await this.pairsInTurn();
    return () => pairInTurn(pairs);
  }

  /** The pairs the tests' lockers take in turn: as many bodies in a row name each once. */
  async pairsInTurn(): Promise<ProviderPair[]> {
    const all = await this.providers();
    // The pool's provider is left to the pool's lockers, so its list ends with them (locker-lending.ts).
    const reserved = this.lending && poolProviderName(all);
    return all.filter((p) => p.name !== reserved);
  }

  /** A valid create request, tagged, with a provider/model pair the target lists. */
  async body(overrides: Json = {}, side: CarrierSide | string = 'primary'): Promise<Json> {
    const pair = await this.nextProvider();
    const lockerId = this.tag.next(tagPrefix('CC', side));
    return {
      carrier: {
        lockerName: LOCKER_NAMES[this.named++ % LOCKER_NAMES.length]!(lockerId),
        lockerId,
        activationDate: '2026-01-15T08:00:00Z',
      },
      provider: { ...pair },
      location: {
        street: 'Harbour Street',
        streetNumber: '12',
        postalCode: '20457',
        city: 'Hamburg',
        lon: 9.99,
        lat: 53.54,
        countryCode: 'DE',
        type: 'indoor',
      },
      metadata: [{ key: RUN_TAG_KEY, value: this.tag.runId }],
      ...overrides,
    };
  }

  /** The carrier's lockers of one provider (the filter keeps a large target's list short), every page. */
  list(providerName?: string, client: CisClient = this.api, found?: (locker: Json) => boolean): Promise<Listing> {
    return listAll(
      client,
      'listLockers',
      providerName !== undefined ? { providerName } : {},
      this.profile.pagination,
      found,
    );
  }

  /**
   * The carrier's lockers on a bounded sample of its list, for rules about every listed record: a staging's history
   * is not read (harness/records/lists/list-sample.ts); the listing says what was. `beside`: more of the query.
   */
  everyListed(providerName?: string, client: CisClient = this.api, beside: Record<string, string> = {}) {
    return listEvery(
      client,
      'listLockers',
      { ...(providerName !== undefined ? { providerName } : {}), ...beside },
      this.profile.pagination,
    );
  }

  /** Where the carrier's whole locker list stands: withLockerIds then reads only what was added since. */
  mark(client: CisClient = this.api): Promise<ListMark | undefined> {
    return markList(client, 'listLockers', {}, this.profile.pagination);
  }

  /** The locker's current record as the list shows it. */
  async find(record: Json, client: CisClient = this.api): Promise<Json | undefined> {
    return (await this.lookup(record, client)).listed;
  }

  /** A locker this run made, searched for from the end of its provider's list (where it teaches where records are
   * added). */
  private search(record: Json, client: CisClient, decisive = true): Promise<Listing> {
    const name = record['provider']?.['name'];
    return listAll(
      client,
      'listLockers',
      typeof name === 'string' ? { providerName: name } : {},
      this.profile.pagination,
      (l) => l['uid'] === record['uid'],
      true,
      !decisive,
    );
  }

  /** The locker's current record as the list shows it, and the answer that read it: a judgement of it is made at
   * listLockers. */
  async lookup(record: Json, client: CisClient = this.api): Promise<{ listed: Json | undefined; exchange: Exchange }> {
    const read = async (decisive: boolean) => {
      const { items, exchange, complete } = await this.search(record, client, decisive);
      return { listed: items.find((l) => l['uid'] === record['uid']), exchange, complete };
    };
    // Missing from a list read through, it is read again: the list may show the create a moment later.
    return settle(read, (r) => r.listed !== undefined || !r.complete, this.settleMs, 'GET /lockers');
  }

  /**
   * The locker's record as the list shows it, read again for a moment while it does not yet agree with
   * what the test expects (a change may reach the list after it was answered): the last record read,
   * or undefined when the list does not show the locker (that is LCK-LIST-INCLUDES-CREATED's).
   */
  async settled(
    record: Json,
    agrees: (listed: Json) => boolean,
    client: CisClient = this.api,
  ): Promise<Json | undefined> {
    return (await this.settledRead(record, agrees, client)).listed;
  }

  /** As settled, with the answer of the last read. */
  async settledRead(
    record: Json,
    agrees: (listed: Json) => boolean,
    client: CisClient = this.api,
  ): Promise<{ listed: Json | undefined; exchange: Exchange }> {
    return settle(
      () => this.lookup(record, client),
      (read) => read.listed !== undefined && agrees(read.listed),
      this.settleMs,
      'GET /lockers',
    );
  }

  /**
   * The locker as the list shows it, judged under `rule` to be there. Where the list could not be read
   * through (paging the harness does not know), its absence proves nothing: the rule is not observable.
   */
  async expectListed(rule: string, record: Json, client: CisClient = this.api): Promise<Json> {
    const listing = await settle(
      (decisive) => this.search(record, client, decisive),
      (l) => !l.complete || l.items.some((x) => x['uid'] === record['uid']),
      this.settleMs,
      'GET /lockers',
    );
    return listed(rule, listing, (l) => l['uid'] === record['uid'], `locker ${String(record['uid'])}`);
  }

  /**
   * Lockers with each request's carrier.lockerId, in the order of the requests, as the list shows them,
   * the list read once per provider named:
   * checked after all of a property's refused creates rather than after each (a read per case made the
   * property quadratic in the lockers the carrier has; a locker cannot be deleted, so one made by a
   * refused create is still listed after the last case).
   */
  async withLockerIds(requests: { lockerId: string; providerName?: unknown }[], since?: ListMark): Promise<Json[][]> {
    return (await this.readWithLockerIds(requests, since)).map((r) => r.lockers);
  }

  /**
   * As withLockerIds, each with the list answer it was read from: a judgement of what it shows is made
   * at listLockers. `created`: the lockerIds of those the target answered as created, which a read
   * since the mark must show (and so may learn where lockers are added from).
   */
  async readWithLockerIds(
    requests: { lockerId: string; providerName?: unknown }[],
    since?: ListMark,
    created: string[] = [],
  ): Promise<{ lockers: Json[]; exchange: Exchange; listing: Listing }[]> {
    const withId = (listing: Listing, lockerId: string) => ({
      lockers: listing.items.filter((l) => l['carrier']?.['lockerId'] === lockerId),
      exchange: listing.exchange,
      listing,
    });
    // Where lockers are added, unknown in this worker yet, is learnt from the last locker it created,
    // found at an end of its list: a read since the mark then skips the history.
    if (since && !readsSince('listLockers', {}) && !created.length && lastCreated) {
      const uid = lastCreated.record['uid'];
      await listAll(lastCreated.client, 'listLockers', {}, this.profile.pagination, (l) => l['uid'] === uid, true);
    }
    // Since a mark, where the run knows where lockers are added: the pages that can hold them, whatever their provider.
    if (since && (readsSince('listLockers', {}) || created.length)) {
      const added = created.map((lockerId) => (l: Json) => l['carrier']?.['lockerId'] === lockerId);
      const listing = await settle(
        () => listSince(this.api, 'listLockers', {}, this.profile.pagination, since, added, undefined, this.settleMs),
        (l) => !l.complete || added.every((isAdded) => l.items.some(isAdded)),
        this.settleMs,
        'GET /lockers',
      );
      return requests.map(({ lockerId }) => withId(listing, lockerId));
    }
    // A mutated request may carry a provider name that is no string: the whole list is read for it.
    const filterOf = (name: unknown) => (typeof name === 'string' ? name : undefined);
    const providers = [...new Set(requests.map((r) => filterOf(r.providerName)))];
    const lists = new Map(await Promise.all(providers.map(async (name) => [name, await this.list(name)] as const)));
    return requests.map(({ lockerId, providerName }) => withId(lists.get(filterOf(providerName))!, lockerId));
  }

  /**
   * Two valid creates sent at once, alike but for their carrier.lockerId and lockerName: one under `lockerId`, one (the
   * control) under a fresh id; answered as they come, for the caller to judge.
   */
  async createUnderAndFresh(lockerId: string): Promise<[under: Exchange, fresh: Exchange]> {
    const body = await this.body();
    const under = { ...body, carrier: { ...body['carrier'], lockerId, lockerName: `Conformance ${lockerId}` } };
    return Promise.all([this.api.call('createLocker', { body: under }), this.api.call('createLocker', { body })]);
  }

  /**
   * Creates a locker from a valid request: its answer is evidence for LCK-CREATE-201 (and the record
   * for LCK-CREATE-ECHO's uid), and the test stops there when the target does not create it.
   */
  async create(
    overrides: Json = {},
    client: CisClient = this.api,
  ): Promise<{ record: Json; body: Json; exchange: Exchange }> {
    this.precondition('LCK-CREATE-201');
    const body = await this.body(overrides, client.key);
    const exchange = await client.call('createLocker', { body });
    judge('LCK-CREATE-201', exchange).expect(exchange.status, 'a valid create request is answered 201').toBe(201);
    judge('LCK-CREATE-ECHO', exchange)
      .expect(typeof (exchange.body as Json | undefined)?.['uid'], 'the created record carries a uid string')
      .toBe('string');
    if (exchange.status === 201 && typeof (exchange.body as Json | undefined)?.['uid'] === 'string')
      lastCreated = { record: exchange.body as Json, client };
    return { record: exchange.body as Json, body, exchange };
  }

  /**
   * A locker changed by a valid update since its create (renamed, a metadata entry more): what a refused request
   * leaves is then told from what the create made, as a refusal that puts back an earlier form shows only so.
   */
  async changed(client: CisClient = this.api): Promise<{ record: Json; exchange: Exchange }> {
    const { record } = await this.create({}, client);
    const { status: _status, ...carrier } = record['carrier'] as Json;
    const body = {
      carrier: { ...carrier, lockerName: `${String(carrier['lockerName'])} (changed)` },
      metadata: [...((record['metadata'] as Json[] | undefined) ?? []), { key: 'changed', value: 'since its create' }],
    };
    const exchange = await client.call('updateLocker', { params: { uid: record['uid'] }, body });
    hold([answeredJudgement(exchange, 'a valid update of a locker just made')], exchange);
    // Until the list shows it: a list that lags the update would show a refusal after it the update's own change.
    const name = body.carrier.lockerName;
    await this.settled(record, (l) => l['carrier']?.['lockerName'] === name, client);
    return { record: exchange.body as Json, exchange };
  }
}
