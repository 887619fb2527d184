// Faults of the locker operations: records, create, update, list, providers and status.
import { at, requiredMember, type Fault } from '../fault';

export const LOCKER_FAULTS = [
  // Locker records
  {
    name: 'locker-lat-as-string',
    rule: 'LCK-RECORD-SHAPE',
    description: 'locker records carry location.lat as a string',
  },
  {
    name: 'oh-scheduled-without-schedule',
    rule: 'LCK-OH-SCHEDULED',
    description: 'a seeded SCHEDULED locker is listed without weeklySchedule',
  },
  {
    name: 'oh-always-with-schedule',
    rule: 'LCK-OH-ALWAYS',
    description: 'created lockers default to ALWAYS with a weeklySchedule',
  },
  {
    name: 'provider-legacy-fields',
    rule: 'LCK-PROVIDER-FIELDS',
    description: 'provider objects carry providerName again',
  },
  {
    name: 'carrier-legacy-name',
    rule: 'LCK-CARRIER-LOCKERNAME',
    description: 'carrier objects carry the removed name',
  },
  {
    name: 'list-carriers-array',
    rule: 'LCK-LIST-CARRIER-OBJECT',
    description: 'listed lockers carry carriers as well as carrier',
  },
  {
    name: 'update-legacy-carriers',
    rule: 'VER-REMOVED-FIELDS',
    description: 'the update answer carries the removed carriers',
  },
  // Locker create
  { name: 'create-answers-200', rule: 'LCK-CREATE-201', description: 'POST /lockers answers 200 instead of 201' },
  {
    name: 'create-echo-lockername',
    rule: 'LCK-CREATE-ECHO',
    description: 'the created record replaces carrier.lockerName',
  },
  {
    name: 'create-optional-country-code',
    rule: 'LCK-CREATE-REQUIRED',
    description: 'a create request without location.countryCode is accepted',
    relax: { schema: 'LockerCreateRequest', error: requiredMember('countryCode') },
  },
  {
    name: 'create-string-lat',
    rule: 'LCK-CREATE-TYPES',
    description: 'a create request with location.lat as a string is accepted',
    relax: { schema: 'LockerCreateRequest', error: at('/location/lat') },
  },
  {
    name: 'create-requires-location-type',
    rule: 'LCK-CREATE-LOCATION-TYPE-OPTIONAL',
    description: 'a create request without location.type is refused',
  },
  { name: 'groups-duplicate-keys', rule: 'LCK-GROUPS-UNIQUE-KEY', description: 'two groups with one key are accepted' },
  {
    name: 'update-appends-groups',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    description:
      'an update giving a held key a new group keeps the old one beside it (written from the spec alone by a helper)',
  },
  // Locker update
  { name: 'update-requires-carrier', rule: 'LCK-UPDATE-OPTIONAL', description: 'an update without carrier is refused' },
  {
    name: 'update-accepts-provider',
    rule: 'LCK-UPDATE-NO-PROVIDER',
    description: 'an update with a provider object is accepted',
    relax: { schema: 'LockerUpdateRequest', error: at('/provider') },
  },
  {
    name: 'update-partial-location',
    rule: 'LCK-UPDATE-REQUIRED-MEMBERS',
    description: 'an update with a location missing members is accepted',
    relax: { schema: 'LockerUpdateRequest', error: (e) => e.keyword === 'required' && e.instancePath === '/location' },
  },
  {
    name: 'update-string-features',
    rule: 'LCK-UPDATE-TYPES',
    description: 'an update with features of the wrong type is accepted',
    relax: { schema: 'LockerUpdateRequest', error: at('/features') },
  },
  {
    name: 'update-clears-groups',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    description: 'an update without lockerGroups clears the groups',
  },
  {
    name: 'update-not-applied',
    rule: 'LCK-UPDATE-200',
    description: 'an update answers 200 but leaves location as it was',
  },
  {
    name: 'lenient-locker-uid',
    rule: 'GEN-ID-EXACT',
    description: 'a path uid is read up to its first non-digit, so 100123x updates locker 100123',
  },
  {
    name: 'status-toggles',
    rule: 'LCK-STATUS-REPEAT',
    description: 'PATCH /lockers/status flips the status between the last two, whatever the request asks',
  },
  { name: 'update-unknown-400', rule: 'LCK-UPDATE-404-STATUS', description: 'an update of an unknown uid answers 400' },
  // Locker list, providers, status
  {
    name: 'list-hides-newest',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    description: 'the list leaves out the newest locker',
  },
  { name: 'list-ignores-provider-filter', rule: 'LCK-LIST-PROVIDER-FILTER', description: 'providerName is ignored' },
  {
    name: 'status-not-applied',
    rule: 'LCK-STATUS-CHANGE',
    description: 'PATCH /lockers/status answers 200 and changes nothing',
  },
  {
    name: 'providers-not-a-list',
    rule: 'PRV-LIST',
    description: 'GET /lockers/providers answers a count, not the pairs',
  },
  { name: 'providers-numeric-uid', rule: 'PRV-ENTRY-SHAPE', description: 'providerUid is a number' },
] as const satisfies readonly Fault[];
