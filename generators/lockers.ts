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
// Times of any order: a range within a day, one that ends at midnight (24:00, or 00:00), a whole day, one that crosses
// midnight into the next day (22:00-06:00), ranges of one day that touch or overlap. Which a service takes is its own.
const dayEntry = fc.record({
  day: fc.constantFrom(...DAYS),
  from: fc.constantFrom('00:00', '06:00', '08:00', '10:00', '12:00', '22:00'),
  to: fc.constantFrom('00:00', '06:00', '12:00', '18:00', '20:00', '22:00', '24:00'),
});
const scheduleEntry = fc.oneof(
  dayEntry,
  fc.record({
    dayOfWeek: fc.constantFrom('MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'),
    opens: fc.constantFrom('07:00', '09:00', '21:00'),
    closes: fc.constantFrom('05:00', '19:00', '21:00', '00:00'),
  }),
  fc.record({
    days: fc.subarray([...DAYS], { minLength: 1 }),
    hours: fc.constantFrom('08:00-20:00', '00:00-24:00', '22:00-06:00'),
  }),
  fc.constantFrom('Mo-Fr 08:00-20:00', 'Sa 10:00-18:00', 'Fr 22:00-06:00'),
);
const weeklySchedule = fc.array(scheduleEntry, { minLength: 1, maxLength: 7 });
// The structure of exceptions entries is not shown either (§2.1 rule 4): a day closed, a day's own hours, several
// dates at once, a line of text; or none.
const exceptionEntry = fc.oneof(
  fc.record({ date: fc.constantFrom('2026-12-24', '2026-12-25', '2027-01-01'), closed: fc.constant(true) }),
  fc.record({
    date: fc.constantFrom('2026-12-31', '2027-04-05'),
    from: fc.constantFrom('00:00', '10:00'),
    to: fc.constantFrom('14:00', '24:00'),
  }),
  fc.record({ dates: fc.subarray(['2026-12-24', '2026-12-31'], { minLength: 1 }), hours: fc.constant('10:00-14:00') }),
  fc.constantFrom('2026-12-25 closed', '2027-01-01 12:00-18:00'),
);
const exceptions = fc.option(fc.array(exceptionEntry, { maxLength: 3 }), { nil: undefined });

function withExceptions<T extends Record<string, unknown>>(value: T, extra: unknown[] | undefined): T {
  return extra === undefined ? value : { ...value, exceptions: extra };
}

/** One entry of each form and each kind of range: within a day, across midnight, a whole day, up to midnight. */
export const SCHEDULE_ENTRY_FORMS: readonly unknown[] = [
  { day: 'MONDAY', from: '08:00', to: '20:00' },
  { day: 'FRIDAY', from: '22:00', to: '06:00' },
  { day: 'SATURDAY', from: '00:00', to: '24:00' },
  { day: 'SUNDAY', from: '18:00', to: '00:00' },
  { dayOfWeek: 'TUE', opens: '09:00', closes: '21:00' },
  { dayOfWeek: 'WED', opens: '21:00', closes: '05:00' },
  { days: ['THURSDAY', 'FRIDAY'], hours: '08:00-20:00' },
  { days: ['SATURDAY'], hours: '00:00-24:00' },
  { days: ['SUNDAY'], hours: '22:00-06:00' },
  'Mo-Fr 08:00-20:00',
  'Fr 22:00-06:00',
  'Sa 00:00-24:00',
];
/** One exceptions entry of each form: a day closed, a day's own hours, a whole day, several dates, a line of text. */
export const EXCEPTION_ENTRY_FORMS: readonly unknown[] = [
  { date: '2026-12-25', closed: true },
  { date: '2026-12-31', from: '10:00', to: '14:00' },
  { date: '2027-01-01', from: '00:00', to: '24:00' },
  { dates: ['2026-12-24', '2026-12-31'], hours: '10:00-14:00' },
  '2026-12-25 closed',
];

/**
 * Valid opening hours walked form by form, as the boundary pass walks a request's members: a schedule of each entry
 * form alone (the least rule 1 allows), all of them at once, ranges of one day that touch and overlap; ALWAYS with each
 * exceptions form, with none and with an empty list; SCHEDULED with every exceptions form.
 */
export const OPENING_HOURS_FORMS: readonly Record<string, unknown>[] = [
  ...SCHEDULE_ENTRY_FORMS.map((entry) => ({ accessMode: 'SCHEDULED', weeklySchedule: [entry] })),
  { accessMode: 'SCHEDULED', weeklySchedule: [...SCHEDULE_ENTRY_FORMS] },
  {
    accessMode: 'SCHEDULED',
    weeklySchedule: [
      { day: 'MONDAY', from: '08:00', to: '12:00' },
      { day: 'MONDAY', from: '12:00', to: '18:00' },
      { day: 'MONDAY', from: '10:00', to: '14:00' },
    ],
  },
  ...EXCEPTION_ENTRY_FORMS.map((entry) => ({ accessMode: 'ALWAYS', exceptions: [entry] })),
  { accessMode: 'ALWAYS' },
  { accessMode: 'ALWAYS', exceptions: [] },
  { accessMode: 'SCHEDULED', weeklySchedule: [SCHEDULE_ENTRY_FORMS[0]], exceptions: [...EXCEPTION_ENTRY_FORMS] },
];

/** ALWAYS without weeklySchedule, or SCHEDULED with a non-empty one of entries of any form; exceptions or not. */
export const openingHours = fc.oneof(
  exceptions.map((e) => withExceptions({ accessMode: 'ALWAYS' }, e)),
  fc
    .tuple(weeklySchedule, exceptions)
    .map(([w, e]) => withExceptions({ accessMode: 'SCHEDULED', weeklySchedule: w }, e)),
);

// What a probe sends: a day and a range within it, no exceptions or an empty list.
const plainDayEntry = fc.record({
  day: fc.constantFrom(...DAYS),
  from: fc.constantFrom('06:00', '08:00', '10:00'),
  to: fc.constantFrom('18:00', '20:00', '22:00'),
});
const noExceptions = fc.option(fc.constant([] as unknown[]), { nil: undefined });

/** Valid opening hours a target is most likely to take: SCHEDULED entries of a day and a time range. */
export const openingHoursOfDays = fc.oneof(
  noExceptions.map((e) => withExceptions({ accessMode: 'ALWAYS' }, e)),
  fc
    .tuple(fc.array(plainDayEntry, { minLength: 1, maxLength: 7 }), noExceptions)
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
