// What the faults' behaviour of several areas shares: the state a reference keeps of the mechanisms several points
// simulate together (a list read model, a search index, a storage layer, two instances and their releases, a lockerId
// map and index, an edge cache of 404s, a projection of closed parcels, request counters and a rollout's buckets, when
// a thing was first seen), the network holding a locker, a body's last delivery, the clock and time-zone helpers, a
// country's language, and a route handler's type.
import { createHash } from 'node:crypto';
import { CANDIDATE_FAULTS, type FaultName, FAULTS } from '../../faults';
import { type Editable, isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { Json, JsonObject, LockerRecord, Network, ParcelRecord, StoredLocker, StoredParcel } from '../../model';
import type { CarrierAccount } from '../../options';
import type { DeliveryRecord, Outbox } from '../../outbox';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';

/** Fault se-caller-in-shared-field: the caller as a field of the (singleton) locker service, set by every request. */
export const lastCaller = new WeakMap<Switches, CarrierAccount>();

/** Fault sh-trigger-push-epoch-timestamp: the apps whose staging mock is publishing a push right now. */
export const mockPublishing = new WeakSet<FaultPointApp>();

/** Fault sh-lock-state-per-locker: the lock column of each locker, written by every booking into it. */
export const lockerLocks = new WeakMap<FaultPointApp, Map<string, string>>();

/** Fault si-cancel-push-delta: the apps whose cancellation is publishing its event right now. */
export const cancelPublishing = new WeakSet<Switches>();

/** Each compartment type with the count free: every BOOKED parcel of the locker takes one, smallest type first. */
export function freeCompartments(app: FaultPointApp, locker: StoredLocker, types: JsonObject[]): JsonObject[] {
  const uid = locker.record.uid;
  let booked = app.state.parcels.filter(
    (p) => p.record.lockerUid === uid && p.record.shipmentStatus === 'BOOKED',
  ).length;
  return types.map((type) => {
    const count = Number(type['count']);
    const taken = Math.min(booked, Math.max(count, 0));
    booked -= taken;
    return { ...type, count: count - taken };
  });
}

/** Fault sk-trigger-history-as-set: the parcels the staging mock made, whose history it holds in a Set. */
export const historiesInSets = new WeakSet<StoredParcel>();

/** Fault sp-status-replayed-by-body-hash: how long the idempotency filter keeps an answer. */
export const REPLAY_MS = 60_000;

/** Fault sq-mock-push-schema-v10: marks a push the staging mock publishes (a member JSON does not write). */
export const MOCK_PUBLISHED = Symbol('published by the staging mock');

/** Variation ok-q-booking-pending-confirmation: how long a new parcel waits for the provider's confirmation. */
export const CONFIRMATION_MS = 300;

/** When the parcel's first BOOKING_CREATED happened, in epoch milliseconds (NaN without one). */
export const bookedAt = (record: Editable): number =>
  Date.parse((record['events'] as Editable[] | undefined)?.find((e) => e['type'] === 'BOOKING_CREATED')?.['timestamp']);

/** Per app: bookings' dimensions and consignees sent null by shipmentUid, rolled-back inserts, the mock's pattern. */
interface Kept {
  dimensions: Map<string, Editable>;
  nullConsignee: Set<string>;
  rollingBack: Set<string>;
  parcelIdPattern: RegExp;
}
const kept = new WeakMap<FaultPointApp, Kept>();

export function keptOf(app: FaultPointApp): Kept {
  // Fault su-trigger-parcel-id-sticky-regex: one module-level pattern, written with the g flag.
  const held = kept.get(app) ?? { dimensions: new Map(), nullConsignee: new Set(), rollingBack: new Set() };
  return kept.set(app, { parcelIdPattern: /^(?!\s*$).+/gsu, ...held }).get(app)!;
}

// Generic over the app, so this file needs no import of app.ts (an import circle).
export type Handler<A extends FaultPointApp> = (app: A, ctx: RequestContext) => Reply | Promise<Reply>;

export const HOUR_MS = 3_600_000;

/** Fault sx-lock-status-free-text: the text a publish in flight sent as lockStatus, and for which carrierParcelId. */
export const freeLockText = new WeakMap<Switches, { carrierParcelId: unknown; text: string }>();

/** Variation ok-z-parcel-locker-id-null-on-uid-path: the carrierParcelId of a BOOKING by lockerUid in flight. */
export const bookingByUid = new WeakMap<Switches, unknown>();

export const FEATURES = ['hasScreen', 'hasPinPad', 'hasPinBarcodeReader'] as const;

/** Fault sac-mock-writes-back-pushed-locker: each locker as the staging mock last consumed it from LockerUpdates. */
export const consumedByMock = new WeakMap<StoredLocker, LockerRecord>();

/** Per app, what a fault keeps between requests. */
export function heldBy<T>(store: WeakMap<Switches, T>, app: Switches, make: () => T): T {
  const held = store.get(app) ?? make();
  store.set(app, held);
  return held;
}

/** Fault sad-webhook-client-per-origin: the notifier's HTTP clients, by origin, each with the URL it was made for. */
const originClients = new WeakMap<Switches, Map<string, string>>();

/**
 * Where a ParcelUpdates or CollectionNotification goes. Fault sad-webhook-client-per-origin: the notifier pools one
 * HTTP client per origin, made with the first webhook URL of that origin as its base URL and posting to it, so every
 * carrier whose URL shares that origin is posted to the first one's path.
 */
export function viaOriginClient(app: Switches, carrier: CarrierAccount): CarrierAccount {
  const url = carrier.webhookUrl;
  if (!app.fault('sad-webhook-client-per-origin') || !url || !URL.canParse(url)) return carrier;
  const clients = heldBy(originClients, app, () => new Map<string, string>());
  const origin = new URL(url).origin;
  if (!clients.has(origin)) clients.set(origin, url);
  return { ...carrier, webhookUrl: clients.get(origin)! };
}

/** The wall clock of the service's zone, Europe/Berlin (variation ok-ad-publish-timestamp-local-offset). */
export const BERLIN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export const pairKey = (name: string, model: string, version: string) => JSON.stringify([name, model, version]);

/** Variation ok-ah-parcel-record-echoes-parcel-data: the parcel data each booking sent, by app and shipmentUid. */
export const parcelData = new WeakMap<object, Map<string, Editable>>();

// --- A status change ---

/** Fault sal-status-change-resets-collection-mark: lockers whose "last notified" column a status change reset. */
export const collectionMarksReset = new WeakMap<object, Set<string>>();
/** Fault sal-reenabled-locker-still-suspended: the allocation service's suspended lockers. */
export const suspendedLockers = new WeakMap<object, Set<string>>();

// --- Parcels ---

/** Fault sam-consignee-rows-by-parcel-id: the consignee rows, by carrierParcelId alone, per app. */
export const consigneeRows = new WeakMap<object, Map<string, Json>>();

/** A timer that does not keep the process alive on its own (the server does while it runs). */
export function later(ms: number, run: () => void): NodeJS.Timeout {
  const timer = setTimeout(run, ms);
  timer.unref();
  return timer;
}

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant written to the whole second, cut (10:15:30Z for 10:15:30.734Z), as a TIMESTAMP(0) column keeps it. */
export const toWholeSecond = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** The offset of an IANA zone at an instant, in minutes east of UTC. */
export function zoneOffsetMinutes(zone: string, at: number): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The zone the service's hosts run in. */
export const SERVICE_ZONE = 'Europe/Berlin';

// --- Instants, read and written as text ---

/** A date-time of RFC 3339 (either letter case of T and Z), as its parts. */
export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** The fraction's digits as written ('' where none). */
  fraction: string;
  /** The offset as written: 'Z', 'z', '+02:00', '-05:30'. */
  offset: string;
  /** The offset in minutes east of UTC. */
  offsetMinutes: number;
}

const DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(?:\.(\d+))?([Zz]|[+-]\d\d:?\d\d)$/;

export function dateTimeParts(text: string): DateTimeParts | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const offset = m[8]!;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.replace(/[^\d]/g, '');
  const offsetMinutes = /^[Zz]$/.test(offset) ? 0 : sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  return {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6]),
    fraction: m[7] ?? '',
    offset,
    offsetMinutes,
  };
}

/** The epoch milliseconds of the wall-clock fields read as UTC (no Date.UTC: it takes years 0 to 99 for 19xx). */
export function wallClockAsUtcMs(p: Pick<DateTimeParts, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'>) {
  const d = new Date(0);
  d.setUTCFullYear(p.year, p.month - 1, p.day);
  d.setUTCHours(p.hour, p.minute, p.second, 0);
  return d.getTime();
}

/** The UTC text of epoch milliseconds whole to the second, with the fraction digits given; undefined beyond 0..9999. */
export function utcText(ms: number, fraction: string): string | undefined {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (Number.isNaN(ms) || year < 0 || year > 9999) return undefined;
  const date = `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${date}T${time}${fraction ? `.${fraction}` : ''}Z`;
}

// --- A cancellation's push (cancel-points.ts) and the ParcelUpdates push (app.ts emitParcelUpdate) ---

/** The form of the path id of the cancellation whose push is being built, per app. */
export const cancelPathForm = new WeakMap<object, 'shipmentUid' | 'carrierParcelId'>();

export type App = FaultPointApp;

/** Fault saq-status-lww-clock-skew: how far the second instance's clock is behind the first's. */
export const CLOCK_SKEW_MS = 400;

/** Fault saq-network-ownership-bloom-filter: the filter's size in bits (two hashes). */
export const BLOOM_BITS = 256;

/**
 * What the faults of a list read model, a status store and two instances keep of one reference (one reference, one
 * set of tables).
 */
export interface ReadModelState {
  /** Each locker created since the start: when, its name as created, the instance (0 or 1) that served it. */
  created: WeakMap<StoredLocker, { at: number; name: string; instance: number }>;
  /** When an update of the locker was last served. */
  updatedAt: WeakMap<StoredLocker, number>;
  /** The list read model's document of each locker, and the record it last saw. */
  projection: WeakMap<StoredLocker, { shown: LockerRecord; seen: string }>;
  /** Carriers whose list consumer has started. */
  consumers: Set<string>;
  /** Lockers the list consumer never saw, with the record as created: hidden until written again. */
  hidden: WeakMap<StoredLocker, string>;
  /** Lockers whose listed carrier was replaced by a status event's, with their carrier (status aside) at that time. */
  carrierSet: WeakMap<StoredLocker, string>;
  /** Each carrier's Bloom filter of its locker uids. */
  bloom: Map<string, Uint8Array>;
  /** Writes of the status store so far (creates and status changes), which alternate between the instances. */
  statusWrites: number;
  /** The stamp of the status value the store holds for each locker. */
  stamp: WeakMap<StoredLocker, number>;
  /** Creates and updates so far, which alternate between the instances. */
  creates: number;
  updates: number;
  /** Each locker's last status change: when, and the status before it. */
  statusChanged: WeakMap<StoredLocker, { at: number; before: string }>;
}

const readModelStates = new WeakMap<object, ReadModelState>();
export const readModelOf = (app: App): ReadModelState =>
  perApp(readModelStates, app, () => ({
    created: new WeakMap(),
    updatedAt: new WeakMap(),
    projection: new WeakMap(),
    consumers: new Set(),
    hidden: new WeakMap(),
    carrierSet: new WeakMap(),
    bloom: new Map(),
    statusWrites: 0,
    stamp: new WeakMap(),
    creates: 0,
    updates: 0,
    statusChanged: new WeakMap(),
  }));

/** The faults and variations of the read model, by their origin: none changes anything while all are off. */
const READ_MODEL_FAULTS: readonly FaultName[] = [...FAULTS, ...CANDIDATE_FAULTS]
  .filter((f) => f.origin === 'set-aq')
  .map((f) => f.name as FaultName);

/** Whether any fault or variation of the read model is on (none changes anything otherwise). */
const anyOn = new WeakMap<object, boolean>();
export const readModelFaultsOn = (app: App): boolean =>
  perApp(anyOn, app, () => READ_MODEL_FAULTS.some((name) => app.fault(name)));

/** A string's hash (FNV-1a, 32 bits), `seed` mixed in first. */
function hash(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The partition a message keyed `key` goes to, of `count`. */
export const partitionOf = (key: string, count: number): number => hash(key) % count;

export const bloomBits = (uid: string): number[] => [hash(uid) % BLOOM_BITS, hash(uid, 0x5bd1e995) % BLOOM_BITS];

/** The carrier object of a record, its status left out, as text. */
export const carrierBesidesStatus = (record: LockerRecord): string =>
  JSON.stringify({ ...record.carrier, status: null });

/** What the faults of a search index keep of one reference (one reference, one set of tables). */
interface SearchIndexState {
  /** Fault sas-filtered-list-partial-reindex: the attributes each locker's search document was last written with. */
  indexed: Map<string, { metadata: Json[]; features: JsonObject }>;
  /** Fault sas-list-status-greatest-of-history: every carrier-side status each locker has had. */
  statusRows: Map<string, Set<string>>;
}

const searchIndexStates = new WeakMap<object, SearchIndexState>();
export const searchIndexOf = (app: object): SearchIndexState =>
  perApp(searchIndexStates, app, () => ({ indexed: new Map(), statusRows: new Map() }));

// --- The staging mock's clock (trigger.ts) ---

/** The mock's zone: one hour east of UTC, written with its offset. */
export function atMockOffset(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms + 60 * 60_000).toISOString().replace(/Z$/, '+01:00');
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Fault sau-provider-filter-raw-query: each request's query string as it was sent, by its parsed form. */
export const rawQueries = new WeakMap<URLSearchParams, string>();

// --- What the carrier's endpoint answers (push-points.ts, collections.ts, a cancel, a status change, a view) ---

/** What the answer points need of the app. */
export type AnswerApp = Pick<FaultPointApp, 'fault' | 'state' | 'outbox'>;

/** How long a point looks for the delivery of a body (it is logged as it is handed over), and waits for its answer. */
const FIND_WAIT_MS = 2000;
const ANSWER_WAIT_MS = 60_000;

/**
 * Calls `then` with the first answer the carrier's endpoint gave the delivery of `body` (a status, or 'no answer'),
 * once it is in; nothing where no delivery of it is made.
 */
export async function firstAnswer(
  outbox: Outbox,
  body: unknown,
  then: (status: number | 'no answer') => void,
): Promise<void> {
  const started = Date.now();
  let record: Outbox['log'][number] | undefined;
  while (!record && Date.now() - started < FIND_WAIT_MS) {
    for (let i = outbox.log.length - 1; i >= 0 && !record; i--)
      if (outbox.log[i]!.body === body) record = outbox.log[i];
    if (!record) await pause(20);
  }
  while (record && Date.now() - started < ANSWER_WAIT_MS) {
    const first = record.statuses[0];
    if (first !== undefined) return then(first);
    await pause(20);
  }
}

/** What a point that reads the outbox's log needs of the app. */
export type LogApp = Pick<FaultPointApp, 'fault' | 'outbox'>;

/** The newest delivery of the outbox's log whose body matches. */
export function lastDelivery(
  app: LogApp,
  match: (body: Record<string, unknown>) => boolean,
): DeliveryRecord | undefined {
  const log = app.outbox.log;
  for (let i = log.length - 1; i >= 0; i--) {
    const body = log[i]!.body;
    if (isObject(body) && match(body)) return log[i];
  }
  return undefined;
}

/** Whether a delivery attempt failed: no answer, or a status of 300 or more. */
export const attemptFailed = (status: DeliveryRecord['statuses'][number] | undefined) =>
  status === 'no answer' || (typeof status === 'number' && status >= 300);

/** What a point that also reads the carriers needs of the app. */
export type CarriersApp = Switches & { readonly options: { readonly carriers: readonly CarrierAccount[] } };

/** Whether `carrier` is the second carrier configured (the one onboarded later). */
export const isSecondCarrier = (app: CarriersApp, carrier: string): boolean =>
  carrier === app.options.carriers[1]?.name;

/** Fault say-by-tenant-booking-topic-unsubscribed: per app, the bookings the by-tenant path made. */
export const byTenantBookings = new WeakMap<object, WeakSet<StoredParcel>>();

/** Shipment types only the staging mock makes (§4.11): its first-mile parcels, kept in its own table. */
export const MOCK_SHIPMENT_TYPES = new Set(['FIRST_MILE', 'RETURN']);

/** What the faults of a storage layer keep, per reference (one reference, one set of tables). */
interface StorageState {
  /** Fault saz-create-uid-last-insert-id: the next id of the metadata table's AUTO_INCREMENT. */
  nextMetadataRowId: number;
  /** Fault saz-list-address-history-unfiltered: the closed address rows of each locker, by uid, oldest first. */
  closedAddresses: Map<string, JsonObject[]>;
  /** Variation ok-az-parcels-synchronized-scan-order: where the next sequential scan starts. */
  scans: number;
}
const storageStates = new WeakMap<object, StorageState>();
export const storageOf = (app: object): StorageState =>
  perApp(storageStates, app, () => ({ nextMetadataRowId: 1, closedAddresses: new Map(), scans: 0 }));

/**
 * What a deployment's faults keep per reference: the turns of the simulated instances, the jobs' timers, the caches.
 */
interface DeploymentState {
  /** Requests taken so far by each pair of instances (the instance of a request is its turn, modulo 2). */
  turns: Map<string, number>;
  /** The timers of the scheduled jobs, cleared when the reference stops. */
  timers: NodeJS.Timeout[];
  /** Fault sbb-parcel-outbox-copytruncate: the bytes written to the parcel outbox log since its last rotation. */
  outboxBytes: number;
  /** Fault sbb-create-push-subscription-lazy-load: when each carrier's subscription was resolved. */
  subscriptions: Map<string, number>;
  /** Fault sbb-network-pending-lost-on-cold-start: when the network endpoint was last called. */
  networkCalledAt?: number;
}
const deploymentStates = new WeakMap<object, DeploymentState>();
export const deploymentOf = (app: object): DeploymentState =>
  perApp(deploymentStates, app, () => ({ turns: new Map(), timers: [], outboxBytes: 0, subscriptions: new Map() }));

/** Whether this request of `kind` is taken by the second instance of two that take such requests in turn. */
export function secondInstance(app: object, kind: string): boolean {
  const { turns } = deploymentOf(app);
  const turn = turns.get(kind) ?? 0;
  turns.set(kind, turn + 1);
  return turn % 2 === 1;
}

// --- The by-tenant lockerId map, kept by an update (locker-update.ts), read by a publish (publish-checks.ts) ---

/** Fault sbd-by-tenant-map-same-id-dropped: the id each locker is held under in the lockerId map (null: none). */
const lockerIdMaps = new WeakMap<object, WeakMap<StoredLocker, { indexed: string | null; last: string }>>();
export const lockerIdMapOf = (app: object) =>
  perApp(lockerIdMaps, app, () => new WeakMap<StoredLocker, { indexed: string | null; last: string }>());

/**
 * Fault sbh-by-tenant-index-moved-by-refused-update: the by-tenant index as the update writes it, per reference:
 * (carrier, carrier.lockerId) to the locker uid.
 */
export const lockerIdIndex = new WeakMap<object, Map<string, string>>();

// --- The network holding a locker (locker-list-records.ts, locker-update.ts, publish-checks.ts, collections.ts) ---

/** The network of `carrier` holding the locker of `uid`, if any. */
export function networkHolding(app: FaultPointApp, uid: string, carrier?: string | null): Network | undefined {
  for (const network of app.state.networks.values())
    if ((carrier === undefined || network.owner === carrier) && network.members.has(uid)) return network;
  return undefined;
}

// --- The edge cache of 404s in front of the PATCH routes (locker-update.ts, cancel.ts) ---

/** Fault sbd-not-found-cached-without-body: how long the edge keeps a 404. */
export const NOT_FOUND_TTL_MS = 60_000;

/** Fault sbd-not-found-cached-without-body: when each request was last answered 404. */
const notFoundTimes = new WeakMap<object, Map<string, number>>();
export const notFoundAtOf = (app: object) => perApp(notFoundTimes, app, () => new Map<string, number>());

// --- The closed-parcels projection, written by the parcel events (pushes-parcels.ts), read by GET /parcels ---

/** The statuses a parcel is closed in. */
export const CLOSED = new Set(['CANCELLED', 'DELIVERED', 'COLLECTED']);

/** Fault sbd-closed-parcel-projection-written-once: each closed parcel's row of the projection. */
const closedRowTables = new WeakMap<object, WeakMap<StoredParcel, ParcelRecord>>();
export const closedRowsOf = (app: object) =>
  perApp(closedRowTables, app, () => new WeakMap<StoredParcel, ParcelRecord>());

// --- A request counter, a rollout's buckets, when a thing was first seen, a country's language ---

/**
 * A request counter per reference (the ids the flag client and the sampler see). Faults
 * sbf-sampled-create-answer-checked-1-0, sbf-currency-flag-bucketed-per-request; variations
 * ok-bf-locker-list-order-per-request, ok-bf-sampled-locker-pushes-late.
 */
const requestCounters = new WeakMap<object, Map<string, number>>();

/** The number of this request of `name` (1, 2, …), per reference: see requestCounters for the faults. */
export function nextRequestNumber(app: object, name: string): number {
  const held = perApp(requestCounters, app, () => new Map<string, number>());
  const n = (held.get(name) ?? 0) + 1;
  held.set(name, n);
  return n;
}

/**
 * The bucket (0 to 99) a flag client puts a key in: a hash of the key, as percentage rollouts do. Fault
 * sbf-currency-flag-bucketed-per-request, variation ok-bf-locker-list-order-per-request.
 */
export function rolloutBucketOf(key: string): number {
  return createHash('sha1').update(key).digest().readUInt16BE(0) % 100;
}

/**
 * When `key` was first seen (now, if never), per reference. Faults sbf-by-tenant-current-partition-only,
 * sbf-group-sweeper-unknown-types, sbf-country-code-repair-job.
 */
export function firstSeenAt(store: WeakMap<object, WeakMap<object, number>>, app: object, key: object): number {
  const seen = perApp(store, app, () => new WeakMap<object, number>());
  const at = seen.get(key);
  if (at !== undefined) return at;
  const now = Date.now();
  seen.set(key, now);
  return now;
}

/** Fault sbf-by-tenant-current-partition-only: when each locker was first seen. */
export const lockersSeen = new WeakMap<object, WeakMap<object, number>>();

/**
 * Fault sbf-list-location-type-localised, variation ok-bf-publish-message-in-locker-language: the language of a
 * locker's country.
 */
export const LANGUAGE_OF: Record<string, string> = { DE: 'de', AT: 'de', CH: 'de', LI: 'de', FR: 'fr', NL: 'nl' };
