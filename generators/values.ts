// Reasonable primitive values: what any conformant target accepts where the spec shows no maximum
// lengths or ranges (§8), so a rejection means a rule, not a limit the spec never stated.
import fc from 'fast-check';
import { colliding } from './collide';

export const word = fc.stringMatching(/^[A-Za-z0-9]{1,10}$/);
const wideText = fc.tuple(word, fc.option(word, { nil: undefined })).map(([a, b]) => (b ? `${a} ${b}` : a));
/**
 * Free text, mostly one of a few values: generated records then share a name, a street, a city, a metadata value (§2.1
 * makes none of them unique), and a write or a constraint keyed by one shows on the collision.
 */
export const text = colliding(['Packstation', 'Kiosk 7', 'Hauptstraße'], wideText);
// Degrees with six decimals, as coordinates are written, not denormal doubles.
const degrees = (max: number) => fc.integer({ min: -max * 1e6, max: max * 1e6 }).map((n) => n / 1e6);
// Mostly one of two points' coordinates: generated lockers then stand at one point now and then (§2.1 makes no place
// unique), and a list or a write keyed by the point shows on the collision.
export const latitude = colliding([53.55, 52.52], degrees(89.9));
export const longitude = colliding([10.01, 13.405], degrees(179.9));
export const decimal = degrees(1000);
export const countryCode = fc.constantFrom('DE', 'NL', 'PL', 'FR', 'GB', 'BE', 'AT');
/**
 * Postal codes as countries write them (§2.1 types the member a string): digits with a leading zero (DE 01067),
 * digits and letters with a space (NL, GB), a hyphen (PL). A service that reads one as a number changes it.
 */
export const POSTAL_FORMS = ['01067', '1012 AB', 'SW1A 1AA', '00-950'] as const;
export const postalCode = colliding(POSTAL_FORMS, fc.stringMatching(/^[0-9]{5}$/));
export const streetNumber = fc
  .tuple(fc.integer({ min: 1, max: 250 }), fc.constantFrom('', 'a', 'b'))
  .map(([n, s]) => `${n}${s}`);
export const currency = fc.constantFrom('EUR', 'PLN', 'GBP', 'CHF', 'SEK', 'CZK', 'DKK', 'USD');
/** The instant written at an offset of `minutes` east of UTC, as RFC 3339 writes one: Z at none, else ±hh:mm. */
export function atOffset(instant: Date, minutes: number): string {
  if (minutes === 0) return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const local = new Date(instant.getTime() + minutes * 60_000).toISOString().slice(0, 19);
  const [sign, size] = [minutes < 0 ? '-' : '+', Math.abs(minutes)];
  return `${local}${sign}${String(Math.floor(size / 60)).padStart(2, '0')}:${String(size % 60).padStart(2, '0')}`;
}
// At any offset RFC 3339 writes, hours and minutes (shrinking to Z): a client sends its own local time; in whole
// seconds or milliseconds, the forms every date-time parser reads (the precision a service keeps is not stated, §8, so
// a record shows the instant at its own: harness/judgements/instants.ts). The spec never names RFC 3339: its corners (a
// lower-case 't', a leap second, nine fraction digits) are the boundary pass's, where a refusal is only a warning.
export const dateTime = fc
  .tuple(
    fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
    fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
    fc.option(fc.stringMatching(/^[0-9]{3}$/), { nil: '' }),
  )
  .map(([instant, minutes, millis]) =>
    atOffset(instant, minutes).replace(/(?=Z$|[+-]\d{2}:\d{2}$)/, millis ? `.${millis}` : ''),
  );
export const email = fc.tuple(word, word).map(([user, host]) => `${user.toLowerCase()}@${host.toLowerCase()}.example`);
export const smallCount = fc.integer({ min: 0, max: 1000 });
export const int64Amount = fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constant(2 ** 40 + 7));

/** The values a walk of the request (from-schema.ts) gives a member by name: every form the name takes, once. */
export const FORMS_BY_NAME: Record<string, readonly unknown[]> = { postalCode: POSTAL_FORMS };

/** Realistic values by member name, where the name says more than the type. */
export const BY_NAME: Record<string, fc.Arbitrary<unknown>> = {
  lat: latitude,
  lon: longitude,
  countryCode,
  postalCode,
  streetNumber,
  codCurrency: currency,
  codAmount: int64Amount,
  email,
  // A parcel a real locker can take: small enough for any compartment, no accessible compartment
  // asked for. Capacity is not in the spec, so a refusal for it must not be provoked.
  weight: fc.integer({ min: 1, max: 5_000 }),
  depth: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
  height: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
  width: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
  requiresAccessibleCompartment: fc.constantFrom(false, null),
};
