// The point where faults change how a request's X-API-Key is matched to a carrier (§5: "Every operation uses an API
// key in the request header X-API-Key"). With every fault off a key is a carrier's when it is that carrier's key,
// character for character.
import type { FaultName } from './faults';
import type { CarrierAccount } from './options';

/** The carrier whose key `apiKey` is, as the key check finds it. */
export function carrierOfKey(
  app: { fault(name: FaultName): boolean },
  carriers: readonly CarrierAccount[],
  apiKey: string,
): CarrierAccount | undefined {
  // Fault partial-key-compare: the key is compared as sent.startsWith(stored), a check meant for keys
  // sent with a suffix, so the real key with anything appended is taken as that carrier's.
  if (app.fault('partial-key-compare')) return carriers.find((c) => apiKey.startsWith(c.apiKey));
  // Fault prefix-key-compare: the other way round, so any non-empty beginning of a key is taken.
  if (app.fault('prefix-key-compare') && apiKey) return carriers.find((c) => c.apiKey.startsWith(apiKey));
  // Fault empty-key-accepted: a header present but empty is taken as the first carrier's (a default key of a test
  // set-up).
  if (app.fault('empty-key-accepted') && apiKey === '') return carriers[0];
  if (app.fault('case-insensitive-key')) return carriers.find((c) => c.apiKey.toLowerCase() === apiKey.toLowerCase());
  return carriers.find((c) => c.apiKey === apiKey);
}
