// Whether a locker record says the carrier owns it, for the tests that need an owned locker (network
// adds, §4.10: only the carrier's own lockers are added).
import type { Json } from '../../http/json';

/**
 * Whether the record says the carrier owns the locker: who owns a created locker is not stated
 * (LCK-OWNED-BY), so only a locker the carrier created whose ownedByCarrier names a carrier counts;
 * null marks a third-party locker (§2.1).
 */
export const namesAnOwner = (record: Json | undefined) =>
  typeof record?.['ownedByCarrier'] === 'string' && record['ownedByCarrier'] !== '';

export const NOT_OWNED =
  "the created locker's ownedByCarrier names no carrier, and who owns a created locker is not stated (LCK-OWNED-BY)";
