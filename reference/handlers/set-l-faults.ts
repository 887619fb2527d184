// The points where the faults and variations of set L change the locker, provider, network, key and
// push paths: each function does what the service does when its fault is off (nothing, or the value as given) and the
// fault's behaviour when it is on. The lines that call them are in server.ts, app.ts, lockers.ts, locker-update.ts,
// networks.ts and providers.ts.
import type { StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';
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
