// Where a publish's carrierParcelId comes from, and the new ids it makes beyond a tag: one a path must encode, one
// with marks a path carries as they are, one shaped as the target's shipmentUids, one of digits only.
import type { ServiceModel } from '../model';

/**
 * Where the carrierParcelId comes from: a new one, the other carrier's, one of the carrier's cancelled parcels (the
 * first, or the one cancelled last), one of its parcels booked now (a PRE_CHECK must leave it
 * as it is; a BOOKING is taken or refused, not stated), or (a BOOKING only) one it pre-checked: the check, then the
 * booking (§1), every id the run used in one role taken in the others; or a new one of a form of its own (spelled,
 * dotted, lookalike, digits).
 */
/** Every source of a carrierParcelId a publish takes (Publish's parcelId). */
export const PARCEL_ID_FROM = [
  'fresh',
  'shared',
  'reused',
  'lastCancelled',
  'held',
  'checked',
  'spelled',
  'dotted',
  'lookalike',
  'digits',
] as const;

export type ParcelIdFrom = (typeof PARCEL_ID_FROM)[number];

/**
 * What a new carrierParcelId may hold that a path carries as it is (RFC 3986's unreserved marks): an underscore, a
 * tilde, a dot before a last few letters that a route reading file extensions cuts. Cancelled by it as any other id
 * (§4.9 "Path: parcelId"), with nothing to encode.
 */
export const DOTTED = '_~.v1';

/** Whether an id is one digitsOf made: no tag of the run is digits only. */
export const isDigitsId = (id: string): boolean => /^00\d{16}$/.test(id);

/**
 * A new carrierParcelId of digits only, with leading zeros: a string (§2.3) a binder or a path reading numbers takes
 * for one and loses its zeros. A hash of a tag of the run, 16 digits: another run's id only by a rare chance.
 */
export function digitsOf(tag: string): string {
  let hash = 0n;
  for (const c of tag) hash = (hash * 131n + BigInt(c.codePointAt(0)!)) % 10n ** 16n;
  return `00${hash.toString().padStart(16, '0')}`;
}

/**
 * What a new carrierParcelId may hold besides letters and digits: §2.3 types it as a string, and the cancel path
 * takes it (§4.9), so each of these goes out encoded there (a slash, a space, a percent sign, a plus, a hash, a
 * question mark, a letter beyond ASCII), and what a path carries as it is (a dot, an underscore, a tilde: a route
 * reading the last dot as a file extension shows).
 */
export const SPELLED = '/Zü 1%+#?_~.v1';

/** The alphabets a character keeps to as it moves (a hex letter stays one). */
const KINDS = ['0123456789', 'abcdef', 'ABCDEF', 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/** Each character moved to the next of its kind, the kind kept; any other left as it is. */
const shifted = (c: string): string => {
  const kind = KINDS.find((k) => k.includes(c));
  return kind ? kind[(kind.indexOf(c) + 1) % kind.length]! : c;
};

/**
 * A carrierParcelId no record holds, shaped as a shipmentUid the target gave (its prefix and form, its last
 * characters moved): carriers choose their ids (§2.3), and one that looks like the service's own is still the
 * carrier's, whichever id form a path takes.
 */
export function lookalikeOf(model: Readonly<ServiceModel>): string | undefined {
  const taken = new Set(model.parcels.flatMap((p) => [p.carrierParcelId, p.shipmentUid]));
  for (const uid of model.parcels.flatMap((p) => (p.shipmentUid === undefined ? [] : [p.shipmentUid]))) {
    // The first characters of its trailing run moved: far from the ids a counter or a clock gives next, so it names no
    // record of another test either.
    const at = uid.length - (/[0-9A-Za-z]*$/.exec(uid)?.[0].length ?? 0);
    let id = uid;
    for (let round = 0; round < 9 && taken.has(id); round++)
      id = id.slice(0, at) + [...id.slice(at, at + 4)].map(shifted).join('') + id.slice(at + 4);
    if (!taken.has(id)) return id;
  }
  return undefined;
}
