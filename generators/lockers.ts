// Locker request arbitraries: create and update bodies from the document's schemas, lockerGroups
// (distinct keys, or one key repeated) and openingHours (every valid combination, every violating one).
import fc from 'fast-check';
import { fromSchema } from './from-schema';
import { word } from './values';

export const lockerCreateRequest = fromSchema('LockerCreateRequest');
export const lockerUpdateRequest = fromSchema('LockerUpdateRequest');

// The members the walk of a locker request (everyMemberOnce) leaves: groups a target may refuse (§2.1 shows no allowed
// key; LCK-UPDATE-GROUPS-KEPT's on update), the provider pair the target lists, and the carrier.lockerId that keeps a
// locker the carrier's own (a fixed walked one would name last run's locker on a staging).
export const WALK_LEAVES_CREATE: ReadonlySet<string> = new Set(['lockerGroups', 'provider', 'carrier.lockerId']);
export const WALK_LEAVES_UPDATE: ReadonlySet<string> = new Set(['lockerGroups', 'carrier.lockerId']);

// Allowed keys are not shown (§2.1); these read like the type keys a provider would use.
export const groupKey = fc.constantFrom('REGION', 'TIER', 'ROUTE', 'DEPOT', 'ZONE', 'CLUSTER');
export const lockerGroup = fc.record({ key: groupKey, uid: word });

/** At most one group per type key (§8). */
export const lockerGroups = fc.uniqueArray(lockerGroup, { selector: (g) => g.key, minLength: 1, maxLength: 4 });

/** Valid groups plus one more group whose key one of them already has. */
export const lockerGroupsWithRepeatedKey = fc.tuple(lockerGroups, fc.nat(), word).map(([groups, pick, uid]) => {
  const repeated = groups[pick % groups.length]!;
  return [...groups, { key: repeated.key, uid: `${uid}-again` }];
});

// The entry structure is not shown (§2.1 rule 4). A day and a time range is what one would send; a client may as well
// name them otherwise, give several days at once, or write a line of text: each is an entry the document allows.
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const dayEntry = fc.record({
  day: fc.constantFrom(...DAYS),
  from: fc.constantFrom('06:00', '08:00', '10:00'),
  to: fc.constantFrom('18:00', '20:00', '22:00'),
});
const scheduleEntry = fc.oneof(
  dayEntry,
  fc.record({
    dayOfWeek: fc.constantFrom('MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'),
    opens: fc.constantFrom('07:00', '09:00'),
    closes: fc.constantFrom('19:00', '21:00'),
  }),
  fc.record({
    days: fc.subarray([...DAYS], { minLength: 1 }),
    hours: fc.constantFrom('08:00-20:00', '00:00-24:00'),
  }),
  fc.constantFrom('Mo-Fr 08:00-20:00', 'Sa 10:00-18:00'),
);
const weeklySchedule = fc.array(scheduleEntry, { minLength: 1, maxLength: 7 });
const exceptions = fc.option(fc.constant([] as unknown[]), { nil: undefined });

function withExceptions<T extends Record<string, unknown>>(value: T, extra: unknown[] | undefined): T {
  return extra === undefined ? value : { ...value, exceptions: extra };
}

/** ALWAYS without weeklySchedule, or SCHEDULED with a non-empty one of entries of any form; exceptions or not. */
export const openingHours = fc.oneof(
  exceptions.map((e) => withExceptions({ accessMode: 'ALWAYS' }, e)),
  fc
    .tuple(weeklySchedule, exceptions)
    .map(([w, e]) => withExceptions({ accessMode: 'SCHEDULED', weeklySchedule: w }, e)),
);

/** Valid opening hours a target is most likely to take: SCHEDULED entries of a day and a time range. */
export const openingHoursOfDays = fc.oneof(
  exceptions.map((e) => withExceptions({ accessMode: 'ALWAYS' }, e)),
  fc
    .tuple(fc.array(dayEntry, { minLength: 1, maxLength: 7 }), exceptions)
    .map(([w, e]) => withExceptions({ accessMode: 'SCHEDULED', weeklySchedule: w }, e)),
);

export interface Violation<T> {
  value: T;
  rule: 'LCK-OH-SCHEDULED' | 'LCK-OH-ALWAYS';
  description: string;
}

/** Every way to break §2.1 rules 1 and 2, each labelled with the rule it breaks. */
export const openingHoursViolation: fc.Arbitrary<Violation<Record<string, unknown>>> = fc.oneof(
  fc.constant({
    value: { accessMode: 'SCHEDULED' },
    rule: 'LCK-OH-SCHEDULED' as const,
    description: 'SCHEDULED without weeklySchedule',
  }),
  fc.constant({
    value: { accessMode: 'SCHEDULED', weeklySchedule: [] },
    rule: 'LCK-OH-SCHEDULED' as const,
    description: 'SCHEDULED with an empty weeklySchedule',
  }),
  weeklySchedule.map((w) => ({
    value: { accessMode: 'ALWAYS', weeklySchedule: w },
    rule: 'LCK-OH-ALWAYS' as const,
    description: 'ALWAYS with a weeklySchedule',
  })),
  fc.constant({
    value: { accessMode: 'ALWAYS', weeklySchedule: [] },
    rule: 'LCK-OH-ALWAYS' as const,
    description: 'ALWAYS with an empty weeklySchedule',
  }),
);
