// The points where the faults and variations of set L change the locker, provider, network, key and
// push paths: each function does what the service does when its fault is off (nothing, or the value as given) and the
// fault's behaviour when it is on. The lines that call them are in server.ts, app.ts, lockers.ts, locker-update.ts,
// networks.ts and providers.ts.
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';

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
