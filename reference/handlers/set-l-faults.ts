// The points where the faults and variations of set L change the locker, provider, network, key and
// push paths: each function does what the service does when its fault is off (nothing, or the value as given) and the
// fault's behaviour when it is on. The lines that call them are in server.ts, app.ts, lockers.ts, locker-update.ts,
// networks.ts and providers.ts.
import { ApiError, badRequest } from '../errors';
import { versionBumpedAt } from '../faults/behaviour/lockers';
import type { JsonObject, LockerWriteBody, Network, ProviderModel, StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply } from '../request-types';
import type { Editable } from './fault-point-state';

/** Fault sl-key-cache-by-key-id: how many leading characters of a key the cache takes for its id part. */
const KEY_ID_LENGTH = 8;
const verifiedKeyIds = new WeakMap<FaultPointApp, Map<string, CarrierAccount>>();

/**
 * The carrier a key belongs to. Fault sl-key-cache-by-key-id: a verified key is cached under its id part (its first
 * 8 characters, as in sk_live_...), and a key whose id part is cached is served as that carrier without its secret
 * part being compared.
 */
export function carrierOfKey(
  app: FaultPointApp,
  apiKey: string,
  verify: (key: string) => CarrierAccount | undefined,
): CarrierAccount | undefined {
  if (!app.fault('sl-key-cache-by-key-id')) return verify(apiKey);
  const cache = verifiedKeyIds.get(app) ?? new Map<string, CarrierAccount>();
  verifiedKeyIds.set(app, cache);
  const keyId = apiKey.slice(0, KEY_ID_LENGTH);
  const cached = apiKey ? cache.get(keyId) : undefined;
  if (cached) return cached;
  const carrier = verify(apiKey);
  if (carrier && apiKey) cache.set(keyId, carrier);
  return carrier;
}

/** Fault sl-locker-push-provider-topic: the carriers subscribed to each provider's locker topic. */
const providerTopics = new WeakMap<FaultPointApp, Map<string, Set<string>>>();

/** A value with every member name in snake_case (fault sl-status-push-snake-case), arrays item by item. */
function snakeCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCased);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeCased(v)]),
  );
}

/** Variation ok-l-locker-push-offset-timestamp: the service's zone, two hours east of UTC. */
const ZONE_OFFSET_MS = 2 * 60 * 60 * 1000;

/**
 * A LockerUpdates body as set L's faults and variations write it, before it goes to its owner; answers the other
 * carriers it also goes to.
 * Fault sl-locker-push-provider-topic: events are published on the topic of the locker's provider, to which a carrier
 * is subscribed by its first create of a locker of that provider: every other carrier subscribed to it gets them too.
 * Fault sl-status-push-snake-case: status changes are published by the module shared with the staging mock, whose
 * JSON mapper writes snake_case member names (§2.6); creates are published by the locker module.
 * Variation ok-l-locker-push-offset-timestamp: eventTimestamp written in the service's zone, +02:00.
 */
export function setLLockerPush(
  app: FaultPointApp,
  locker: StoredLocker,
  owner: CarrierAccount,
  cause: string,
  body: Record<string, unknown>,
): CarrierAccount[] {
  const stamp = body['eventTimestamp'];
  if (app.fault('ok-l-locker-push-offset-timestamp') && typeof stamp === 'string' && !Number.isNaN(Date.parse(stamp)))
    body['eventTimestamp'] = new Date(Date.parse(stamp) + ZONE_OFFSET_MS).toISOString().replace('Z', '+02:00');
  if (app.fault('sl-status-push-snake-case') && cause === 'status') {
    const written = snakeCased(body) as Record<string, unknown>;
    for (const member of Object.keys(body)) delete body[member];
    Object.assign(body, written);
  }
  if (!app.fault('sl-locker-push-provider-topic')) return [];
  const topics = providerTopics.get(app) ?? new Map<string, Set<string>>();
  providerTopics.set(app, topics);
  const provider = locker.record.provider.name;
  const subscribed = topics.get(provider) ?? new Set<string>();
  topics.set(provider, subscribed);
  if (cause === 'create') subscribed.add(owner.name);
  return app.options.carriers.filter((c) => c !== owner && subscribed.has(c.name));
}

/** Fault sl-update-coordinates-swapped: the update writes the point as ST_MakePoint(:lat, :lon), lon and lat turned. */
export function locationAsUpdated(app: FaultPointApp, location: JsonObject): JsonObject {
  if (!app.fault('sl-update-coordinates-swapped') || !('lon' in location) || !('lat' in location)) return location;
  return { ...location, lon: location['lat']!, lat: location['lon']! };
}

/** Fault sl-status-stale-lock-version: how long the status service keeps a locker's row version. */
const VERSION_CACHE_MS = 10 * 60 * 1000;

/** Fault sl-status-stale-lock-version: an accepted update bumps the locker's row version (@Version). */
export function rowVersionBumped(app: FaultPointApp, locker: StoredLocker): void {
  if (app.fault('sl-status-stale-lock-version')) versionBumpedAt.set(locker, Date.now());
}

/**
 * Fault sl-status-stale-lock-version: the status service writes with the row version it cached when it last read the
 * locker (at its create or its last status write, kept 10 minutes), which an update since has made stale: the
 * optimistic-lock failure is answered 409.
 */
export function checkStatusRowVersion(app: FaultPointApp, locker: StoredLocker): void {
  const bumped = versionBumpedAt.get(locker);
  if (!app.fault('sl-status-stale-lock-version') || bumped === undefined || Date.now() - bumped > VERSION_CACHE_MS)
    return;
  throw new ApiError(409, 'CONCURRENT_MODIFICATION', `locker "${locker.record.uid}" was modified by another request`);
}

/** Fault sl-network-path-uid-ignored: the network an add acts on, the caller's own under the fault. */
export function networkOfPath(app: FaultPointApp, raw: string, caller: string): Network | undefined {
  if (!app.fault('sl-network-path-uid-ignored')) return app.state.networks.get(Number(raw));
  return [...app.state.networks.values()].find((n) => n.owner === caller);
}

/** Fault sl-network-membership-by-locker-id: the carrier.lockerIds each network's membership rows are keyed by. */
const membershipKeys = new WeakMap<Network, Set<string>>();

/**
 * Whether a locker is already a member of the network. Fault sl-network-membership-by-locker-id: the membership rows
 * are keyed by (network, carrier.lockerId) and looked up by the locker's current carrier.lockerId.
 */
export function memberAlready(app: FaultPointApp, network: Network, locker: StoredLocker | undefined, held: boolean) {
  if (!app.fault('sl-network-membership-by-locker-id') || !locker) return held;
  return membershipKeys.get(network)?.has(locker.record.carrier.lockerId) ?? false;
}

/** Fault sl-network-membership-by-locker-id: the membership row written under the locker's carrier.lockerId. */
export function membershipWritten(app: FaultPointApp, network: Network, locker: StoredLocker): void {
  if (!app.fault('sl-network-membership-by-locker-id')) return;
  const keys = membershipKeys.get(network) ?? new Set<string>();
  membershipKeys.set(network, keys);
  keys.add(locker.record.carrier.lockerId);
}

/** Fault sl-uid-sequence-per-carrier: the first uid of every carrier's sequence, and how many each has drawn. */
const carrierSequences = new WeakMap<FaultPointApp, { first: bigint; drawn: Map<string, number> }>();

/**
 * The uid a create takes, undefined for the service's own sequence. Fault sl-uid-sequence-per-carrier: uids are drawn
 * from a sequence per carrier (the tenant-partitioned schema's), each starting at the first uid, while the locker
 * table is keyed by uid alone and the repository's save with an assigned id merges into the row that has it.
 */
export function uidOfCarrierSequence(app: FaultPointApp, carrier: string): string | undefined {
  if (!app.fault('sl-uid-sequence-per-carrier')) return undefined;
  const sequences = carrierSequences.get(app) ?? { first: BigInt(app.state.peekLockerUid()), drawn: new Map() };
  carrierSequences.set(app, sequences);
  const drawn = sequences.drawn.get(carrier) ?? 0;
  sequences.drawn.set(carrier, drawn + 1);
  return String(sequences.first + BigInt(drawn));
}

/**
 * Fault sl-list-inner-join-metadata: GET /lockers reads each locker with its metadata aggregated by an inner join on
 * the metadata table, so a locker without metadata entries has no row and is not listed.
 */
export function listedByJoin(app: FaultPointApp, locker: StoredLocker): boolean {
  return !app.fault('sl-list-inner-join-metadata') || locker.record.metadata.length > 0;
}

/**
 * A locker record as every place shows it: set L's view points. Fault sl-seeded-lockers-unmigrated: the records the
 * service held before 1.1 (the third-party lockers) keep the members 1.1 removed, beside the new ones: the backfill
 * copied providerName to name and lockerModelVersion to lockerVersion, and removed neither.
 */
export function setLLockerView(app: FaultPointApp, record: Editable): void {
  if (!app.fault('sl-seeded-lockers-unmigrated') || record['ownedByCarrier'] !== null) return;
  const provider = record['provider'] as Editable | undefined;
  const carrier = record['carrier'] as Editable | undefined;
  if (provider)
    Object.assign(provider, { providerName: provider['name'], lockerModelVersion: provider['lockerVersion'] });
  if (carrier) carrier['name'] = carrier['lockerName'];
}

/** Fault sl-update-groups-only-refused: the members the update DTO's class-level @AtLeastOneOf names. */
const AT_LEAST_ONE_OF = ['carrier', 'location', 'metadata', 'features'] as const;

/**
 * Fault sl-update-groups-only-refused: the update DTO's "at least one member" constraint was written before
 * lockerGroups was added to the update, and never given it: an update sending only lockerGroups, or nothing, is
 * refused.
 */
export function checkSomethingToUpdate(app: FaultPointApp, body: LockerWriteBody): void {
  if (!app.fault('sl-update-groups-only-refused') || AT_LEAST_ONE_OF.some((m) => body[m] !== undefined)) return;
  throw badRequest('VALIDATION_FAILED', `an update must give at least one of ${AT_LEAST_ONE_OF.join(', ')}`);
}

/**
 * Fault sl-providers-unversioned-model-null: the catalogue is read as providers LEFT JOIN models LEFT JOIN versions,
 * so a model onboarded before any of its versions (PROVIDER_NAME_7's M750) is an entry with lockerVersion null.
 */
export function catalogueJoined(app: FaultPointApp, catalogue: readonly ProviderModel[]): readonly ProviderModel[] {
  if (!app.fault('sl-providers-unversioned-model-null')) return catalogue;
  const announced = { providerName: 'PROVIDER_NAME_7', providerUid: 'prv-7', lockerModel: 'M750', lockerVersion: null };
  return [...catalogue, announced as unknown as ProviderModel];
}

/** Variation ok-l-created-locker-pending: a created locker waits for its installation, PENDING on both sides. */
export function initialStatus(app: FaultPointApp, sent: string | undefined): string {
  return app.fault('ok-l-created-locker-pending') ? 'PENDING' : (sent ?? 'ACTIVE');
}

/** Variation ok-l-status-answer-204: a status change carried out is answered 204 with no body. */
export function statusChangeAnswer(app: FaultPointApp, reply: Reply): Reply {
  return app.fault('ok-l-status-answer-204') ? { status: 204 } : reply;
}
