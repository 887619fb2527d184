// Values drawn from small pools, often: records then share what the spec does not make unique (a name, an
// address, a point), and a write or a lookup keyed by the wrong column shows on the collision (§2.1 makes
// only uid the service's identifier).
import fc from 'fast-check';

/** Strings that spell another JSON value: a number with a leading zero, and null. */
export const SPELLINGS = ['0042', 'null'] as const;

/** Mostly one of `pool`, now and then what `wide` draws; shrinks towards the pool's first value. */
export function colliding<T>(pool: readonly [T, ...T[]], wide: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 2, arbitrary: wide });
}

/** Names two lockers or two consignees may share: nothing in §2.1 or §2.3 makes a name unique. */
export const SHARED_NAMES = [
  'Schließfach Ærøskøbing',
  'Paczkomat Łódź',
  // What markup, a query or a CSV would take for its own: text a client may send (§2.1, §2.3 type these as strings).
  `O'Brien & Söhne <Lager> "Nord"; 50%`,
  // Another's name in other letter case, and with its accents folded: other names all the same (§2.1 and §2.3 type
  // them as strings), which a comparison that ignores case or accents takes for the one before.
  'PACZKOMAT ŁÓDŹ',
  'Paczkomat Lodz',
  // Text spelling another JSON value: a numeric or literal reading of a string (a serializer's "numeric check")
  // changes it, where §2.1 and §2.3 type it as a string.
  ...SPELLINGS,
] as const;

/**
 * The activationDate a created locker takes (§2.1: a date-time): the factory's own (past), or one to come, written
 * with an offset: what a service does before that moment is not stated, but the locker is created now (§6).
 */
export const ACTIVATIONS = [undefined, '2031-06-01T00:00:00+02:00'] as const;

/**
 * Where a locker stands, at one address: two points, and location.type as the spec's one example or none
 * (§2.1: type "is not among the required ones"; other values are not shown, so not sent).
 */
export interface Place {
  lon: number;
  lat: number;
  type?: 'indoor';
}
export const PLACES: readonly Place[] = [
  { lon: 9.99, lat: 53.54, type: 'indoor' },
  { lon: 10.01, lat: 53.55 },
  { lon: 10.01, lat: 53.55, type: 'indoor' },
];
export const place = fc.nat(PLACES.length - 1);

/**
 * The consignee a publish sends, in each form §2.3 allows: optional, "object or null", its name and email each
 * "string or null".
 */
export type ConsigneeForm = 'name' | 'email' | 'both' | 'null' | 'absent';
export const consigneeForm = fc.constantFrom<ConsigneeForm>('name', 'name', 'email', 'both', 'null', 'absent');

/**
 * The email of the consignee named `name`, made of the name as written (§2.3 types email as a string and says nothing
 * of its case): its letters without their marks, its case kept, words joined by dots, at a domain of mixed case.
 * Consignees who share a name share it.
 */
export function emailOf(name: string): string {
  const local = name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ._+-]/g, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .join('.')
    .slice(0, 64);
  return `${local || 'Consignee'}@Example.org`;
}

/**
 * The consignee member of a publish request in `form`, named `name` (undefined: the member is left out), its email the
 * one of `emailName`: by default its own, or another consignee's (a household sharing an address: §2.3 makes no email
 * a consignee's own, so two bookings may give one email with two names).
 */
export function consigneeIn(
  form: ConsigneeForm,
  name: string,
  emailName = name,
): { name: string | null; email: string | null } | null | undefined {
  switch (form) {
    case 'name':
      return { name, email: null };
    case 'email':
      return { name: null, email: emailOf(emailName) };
    case 'both':
      return { name, email: emailOf(emailName) };
    case 'null':
      return null;
    case 'absent':
      return undefined;
  }
}
