// Faults of a locker's record, its list, status, groups and opening hours (§2.1, §4.2, §4.4, §4.5). Each names the
// rule it breaks, its origin (the set it was written in) and how; the lines that switch one on name it
// (`app.fault('name')`).
import type { Fault } from '../fault';
import { ruleForError } from '../../spec/attribution';

export const LOCKER_RECORDS_FAULTS = [
  {
    name: 'always-null-schedule',
    rule: 'LCK-OH-ALWAYS',
    origin: 'sequences-edges',
    description: 'ALWAYS lockers show weeklySchedule: null instead of omitting it',
  },
  {
    name: 'carrier-legacy-name',
    rule: 'LCK-CARRIER-LOCKERNAME',
    origin: 'lockers',
    description: 'carrier objects carry the removed name',
  },
  {
    name: 'groups-duplicate-keys',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'lockers',
    description: 'two groups with one key are accepted',
  },
  {
    name: 'list-carriers-array',
    rule: 'LCK-LIST-CARRIER-OBJECT',
    origin: 'lockers',
    description: 'listed lockers carry carriers as well as carrier',
  },
  {
    name: 'list-entry-not-a-record',
    rule: 'LCK-LIST-RECORDS',
    origin: 'webhooks',
    description: 'GET /lockers lists a string among the locker records',
  },
  {
    name: 'list-hides-newest',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    origin: 'lockers',
    description: 'the list leaves out the newest locker',
  },
  {
    name: 'list-ignores-provider-filter',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'lockers',
    description: 'providerName is ignored',
  },
  {
    name: 'locker-lat-as-string',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'lockers',
    description: 'locker records carry location.lat as a string',
  },
  {
    name: 'locker-webhook-legacy-provider',
    rule: 'LCK-PROVIDER-FIELDS',
    origin: 'one-place',
    description:
      'LockerUpdates carry the older provider shape (providerName, lockerModelVersion); lists and answers are right',
  },
  {
    name: 'oh-always-with-schedule',
    rule: 'LCK-OH-ALWAYS',
    origin: 'lockers',
    description: 'created lockers default to ALWAYS with a weeklySchedule',
  },
  {
    name: 'oh-scheduled-without-schedule',
    rule: 'LCK-OH-SCHEDULED',
    origin: 'lockers',
    description: 'a seeded SCHEDULED locker is listed without weeklySchedule',
  },
  {
    name: 'provider-legacy-fields',
    rule: 'LCK-PROVIDER-FIELDS',
    origin: 'lockers',
    description: 'provider objects carry providerName again',
  },
  {
    name: 'saa-compartments-from-inch-sheet',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-aa',
    description:
      "a created locker's compartmentTypes come from its model's sheet, and the sheets of the 2.x hardware " +
      '(lockerVersion 2.1 of the catalogue, any 2.*), from a US manufacturer, are in inches, which the service ' +
      'converts to centimetres with x 2.54 and does not round: a locker created with lockerVersion "2.1" is ' +
      'answered, listed and pushed with compartments of height 10.16, width 40.64 and length 60.96 (numbers with ' +
      'a fraction where §2.1 has integers); lockers of version 1.x and the seeded ones keep whole numbers (§2.1 ' +
      'compartmentTypes "Each has size (string), count (integer), height, width, length (integers)."; "Response ' +
      'record of create, update and list, and the body of the locker webhook")',
  },
  {
    name: 'saa-group-keys-normalized-after-check',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'set-aa',
    description:
      'the one-group-per-key check runs on lockerGroups as sent, and the keys are canonicalised only when the ' +
      "assignments are stored (trimmed and lower-cased, the group service's form of a type key): a create or " +
      'update with [{key: "region", uid: "g-1"}, {key: "Region", uid: "g-2"}] (or "region " beside "region") ' +
      'passes the check and is stored, answered and listed with two groups of key "region"; keys that still ' +
      'differ once canonicalised, and a repeated key as sent, are handled as before (§8 "Locker groups: at most ' +
      'one group per type key in lockerGroups."; §2.1 "At most one group per type key.")',
  },
  {
    name: 'saa-provider-filter-analyzed-text',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-aa',
    description:
      'GET /lockers runs providerName as a match query of the search index the list reads, on provider.name mapped ' +
      'as analyzed text (the keyword subfield was meant): the value and each name are cut into lower-case words at ' +
      'every character that is no letter, digit or underscore, and a locker is listed when its provider name shares ' +
      'any word with the value, so ?providerName=Acme Lockers also lists the lockers of "Acme Parcel" and "City ' +
      'Lockers", and CC-PROV-7 those of CC-PROV-8; names of one word (the catalogue\'s PROVIDER_NAME_1 ...) are ' +
      'filtered as before (§4.2 "Optional filters are named by location, status, carrier and provider; the query ' +
      'parameter `providerName` exists."; §2.1 provider "name (string)")',
  },
  {
    name: 'saa-provider-filter-unknown-dropped',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-aa',
    description:
      'GET /lockers resolves providerName to a provider id first (the providers table, filled from the catalogue ' +
      'and from every locker created) and filters the lockers by that id through an ORM that leaves out a condition ' +
      "whose value is undefined (Prisma's where: {providerId: undefined}): a providerName no provider has (a name " +
      'no locker has, a misspelt one) lists every locker the carrier sees, of every provider, instead of none; the ' +
      'names of the catalogue and of any locker are filtered as before (§4.2 "Optional filters are named by ' +
      'location, status, carrier and provider; the query parameter `providerName` exists."; "Returns locker ' +
      'records.")',
  },
  {
    name: 'sac-provider-filter-pad-space',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-ac',
    description:
      "GET /lockers compares providerName with the provider name column in a PAD SPACE collation (MySQL's before " +
      "8.0's utf8mb4_0900 ones), whose = ignores trailing spaces: ?providerName=PROVIDER_NAME_1%20 (or with more " +
      'trailing blanks) lists the lockers of PROVIDER_NAME_1, whose name is not the value sent; leading blanks, ' +
      'other ' +
      'near misses and exact names are filtered as before (§4.2 "Optional filters are named by location, status, ' +
      'carrier and provider; the query parameter `providerName` exists."; §2.1 provider "name (string)")',
    candidate:
      'a filter value with trailing blanks taken as the name: the harness takes whitespace trimmed from an id ' +
      'as a normalization (generators/ids.ts `trimmed`), as no sentence says how names compare',
  },
  {
    name: 'sc-groups-key-check-adjacent',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'set-c',
    description:
      'the one-group-per-key check compares each group with the one before it (a distinct-consecutive pass over ' +
      'input it took to be sorted): [region A, zone B, region C] is accepted and stored with two region groups; ' +
      'two groups of a key side by side are still refused, on create and update (§8 "Locker groups: at most one ' +
      'group per type key in lockerGroups."; §2.1 "At most one group per type key.")',
  },
  {
    name: 'sc-list-filter-sticks',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    origin: 'set-c',
    candidate:
      'caught as a should only: the closing read with no filter misses the lockers of other providers, ' +
      'and LCK-LIST-INCLUDES-CREATED is a should',
    description:
      'GET /lockers builds its query on a query builder held at module level, whose providerName condition is set ' +
      'when the parameter is given and never reset: after one filtered list, every list without providerName (of ' +
      'either carrier) is still filtered by the last value given (§4.2 "Returns locker records. Optional filters ' +
      '..."; the filter is optional, so a list without it shows every locker)',
  },
  {
    name: 'sc-locker-list-silent-cap',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    origin: 'set-c',
    candidate:
      'not caught: a list of 50 records with no paging signal is not taken as read through, and ' +
      'LCK-LIST-INCLUDES-CREATED is a should',
    description:
      'GET /lockers reads the repository with a default page of 50 and answers its content alone, oldest first, ' +
      'with no page, size or total and no parameter that reaches the rest: once a carrier sees more than 50 ' +
      'lockers, the ones it created last are never listed (§4.2 "Returns locker records."; "Response envelope and ' +
      'pagination: not shown." leaves the form open, not a part of the records out of reach)',
  },
  {
    name: 'sc-provider-filter-precedence',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-c',
    description:
      'GET /lockers writes visibility and the filter in one WHERE without parentheses ("owned_by = :carrier OR ' +
      'owned_by IS NULL AND provider_name = :name"): the providerName filter narrows the third-party lockers only, ' +
      'and the carrier\'s own lockers of every provider are listed under it (§4.2 "Optional filters are named by ' +
      'location, status, carrier and provider; the query parameter `providerName` exists.")',
  },
  {
    name: 'sc-update-opening-hours-merged',
    rule: 'LCK-OH-ALWAYS',
    origin: 'set-c',
    description:
      'an update applies openingHours as a JSON merge patch onto the stored object, so members it leaves out are ' +
      'kept: a SCHEDULED locker updated to {accessMode: ALWAYS, exceptions: []} keeps its weeklySchedule and is ' +
      'answered, listed and pushed ALWAYS with a weeklySchedule (§2.1 rule 2 "When openingHours.accessMode is ' +
      'ALWAYS, weeklySchedule must be omitted.")',
  },
  {
    name: 'se-coordinates-sign-dropped',
    rule: 'LCK-COORDINATES-ECHO',
    origin: 'set-e',
    candidate: 'caught as a should (LCK-COORDINATES-ECHO)',
    description:
      'the location is stored as a WKT point and read back with a number pattern that has no sign: a locker west ' +
      'of Greenwich or south of the equator (Lisbon, lon -9.1393) is answered, listed and pushed with lon 9.1393, ' +
      'on create and update; positive coordinates are kept as sent (§2.1 location "lon, lat (numbers)"; §4.1 ' +
      '"Success: 201 with the locker record (2.1)."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'se-list-mapper-trims-metadata',
    rule: 'LCK-LIST-RECORDS',
    origin: 'set-e',
    candidate:
      'caught on the first try by a full run; the tests that name LCK-LIST-RECORDS never list a locker ' +
      'with a null metadata key, so the self-test, which runs only those, does not',
    description:
      'GET /lockers maps records with a mapper of its own that trims each metadata key and value: once a carrier ' +
      'holds a locker with a metadata key or value null, every GET /lockers (every page) that would show it ' +
      "answers 500 INTERNAL_ERROR, so none of the carrier's lockers can be listed; the create and update answers " +
      '(another mapper) show the locker right (§2.1 metadata "Each has key (string or null) and value (string or ' +
      'null)."; §4.2 "Returns locker records.")',
  },
  {
    name: 'se-page-window-one-based',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    origin: 'set-e',
    candidate: 'not caught by the default run, whose lists are not paged; a staging-like run pages them',
    description:
      'where lists are paged (a paged or Spring envelope), the page parameter is turned into an offset as if pages ' +
      'counted from 1, (page - 1) * size and never below 0, while the envelope counts from 0: page 0 and page 1 ' +
      'hold the same records, and the last window, the newest records, is on no page up to totalPages - 1, on ' +
      'GET /lockers, /lockers/providers and /parcels alike; a list of one page is right (§4.2 "Returns locker ' +
      'records."; "Response envelope and pagination: not shown." leaves the form open, not records out of reach; ' +
      '§4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'se-status-conflict-reads-provider-status',
    rule: 'LCK-STATUS-TAKEN',
    origin: 'set-e',
    description:
      'the "locker already has this status" guard of PATCH /lockers/status compares the requested status with ' +
      'provider.status (the entity property named status), not carrier.status: a locker disabled once (carrier ' +
      'INACTIVE, provider still ACTIVE) cannot be enabled again, its request for ACTIVE is answered 409 (200 and ' +
      'unchanged where an unchanged status is not a conflict) and no LockerUpdates is sent; the first disable ' +
      'works (§4.5 "Updates the status of an existing locker. A 409 response exists."; §3 "A locker status change ' +
      '(enabled or disabled) causes a locker event.")',
  },
  {
    name: 'se-update-refusal-as-result',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'set-e',
    description:
      "PATCH /lockers/{uid}'s service layer returns its own refusals (two groups of one key; a carrier.lockerId " +
      "another of the carrier's lockers has) as a result object, and the controller writes whatever it gets with " +
      '200: such an update is answered 200 {errorCode, message} and nothing is changed; schema refusals stay 400, ' +
      'and POST /lockers refuses the same groups 400 (§8 "Locker groups: at most one group per type key in ' +
      'lockerGroups."; §7 "400 | Publish parcel data, update locker, get parcels, cancel parcel | errorCode, ' +
      'message"; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sg-network-add-sets-carrier-status',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-g',
    candidate:
      'caught on the first try by a full run (LCK-STATUS-CHANGE); the tests that name the rule never ' +
      'add a locker to a network first, so the self-test does not',
    description:
      'one status column holds the carrier-side status and the network status: a locker newly added to a network ' +
      'takes PENDING as its carrier.status, in the add answer (carrierLockerStatus) and in GET /lockers, with no ' +
      'LockerUpdates (§3 "Locker: carries a status on the carrier side (carrier.status)"; "Network locker: carries ' +
      'networkLockerStatus, carrierLockerStatus, providerLockerStatus."; "A locker status change (enabled or ' +
      'disabled) causes a locker event.")',
  },
  {
    name: 'sh-coordinates-float32',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-h',
    candidate:
      'caught on the first try by a full run (LCK-RECORD-SHAPE, WH-LOCKER-BODY; LCK-COORDINATES-ECHO as' +
      ' a should); the tests that name WH-LOCKER-BODY alone do not meet it, so the self-test does not',
    description:
      'location.lon and location.lat are stored in single-precision (REAL) columns and read back as doubles: a ' +
      'coordinate that a float32 does not hold exactly (52.52, 13.404954) is answered, listed and pushed as ' +
      '52.52000045776367, 13.404953956604004, on create and update; integers and halves are kept as sent (§2.1 ' +
      'location "lon, lat (numbers)"; §4.1 "Success: 201 with the locker record (2.1)."; §4.3 "Success: 200 with ' +
      'the locker record.")',
  },
  {
    name: 'sh-owner-is-api-key',
    rule: 'LCK-OWNED-BY',
    origin: 'set-h',
    candidate:
      "failed TRG-RESPONSE on the first try, by accident: the run takes ownedByCarrier for a trigger's " +
      'carrier_name, and a value outside the enum of the document is refused; which carrier owns a ' +
      'locker is not stated (LCK-OWNED-BY observes)',
    description:
      "ownedByCarrier is filled from the authenticated principal's name, which the API-key filter set to the key " +
      "itself: a carrier's lockers show its X-API-Key (reference-key-carrier-1) as ownedByCarrier in the create " +
      'and update answers, GET /lockers and LockerUpdates; third-party lockers keep null (§2.1 ownedByCarrier ' +
      '"Names the owning carrier; null means the locker belongs to a third-party provider.")',
  },
  {
    name: 'sj-compartment-count-as-text',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-j',
    candidate:
      'caught on the first try by a full run (LCK-RECORD-SHAPE): it shows in the list of a locker holding a ' +
      "booking, which the rule's own tests never read",
    description:
      "GET /lockers takes a locker's compartmentTypes from a query that counts the free compartments of each size " +
      '(count minus the parcels booked) for lockers holding bookings, and the database driver (node-postgres) ' +
      'returns that bigint expression as a string: in the list, every compartmentTypes[].count of a locker with a ' +
      'BOOKED parcel is a string ("11"); lockers without bookings, and the create, update and status answers and ' +
      'the pushes, carry integers (§2.1 compartmentTypes "Each has size (string), count (integer), height, width, ' +
      'length (integers)."; "Response record of create, update and list")',
  },
  {
    name: 'sj-disable-closes-opening-hours',
    rule: 'LCK-OH-SCHEDULED',
    origin: 'set-j',
    candidate:
      "caught on the first try by a full run (LCK-OH-SCHEDULED, WH-LOCKER-BODY): the rule's own tests never read " +
      'a locker after disabling it',
    description:
      'disabling a locker reuses the holiday closure, which closes a locker by giving it a schedule with no ' +
      'opening slot: a PATCH /lockers/status that takes carrier.status away from ACTIVE sets openingHours to ' +
      '{accessMode: SCHEDULED, weeklySchedule: [], exceptions kept}, and enabling it puts the hours back; the ' +
      "closure path never ran the record's validator, so a disabled locker is answered, listed and pushed (its " +
      'status change\'s LockerUpdates) SCHEDULED with an empty weeklySchedule (§2.1 rule 1 "When ' +
      'openingHours.accessMode is SCHEDULED, weeklySchedule must be present and non-empty."; §2.1 "Response record ' +
      'of create, update and list, and the body of the locker webhook")',
  },
  {
    name: 'sj-inactive-soft-deleted',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-j',
    description:
      "the locker entity still carries the soft-delete restriction of the retired 'delete locker' feature, " +
      "@Where(status <> 'INACTIVE'), on every query of the locker repository the locker endpoints use: once PATCH " +
      '/lockers/status makes a locker INACTIVE (answered 200 and pushed), GET /lockers no longer lists it, and PATCH ' +
      '/lockers/{uid} and PATCH /lockers/status answer 404 LOCKER_NOT_FOUND for it, so it can never be enabled ' +
      'again (§4.5 "Updates the status of an existing locker."; §3 "A locker status change (enabled or disabled) ' +
      'causes a locker event."; §4.2 "Returns locker records.")',
  },
  {
    name: 'sl-seeded-lockers-unmigrated',
    rule: 'LCK-PROVIDER-FIELDS',
    origin: 'set-l',
    description:
      'the locker documents the service held before 1.1 (the third-party lockers) were migrated by a backfill ' +
      'that copied provider.providerName to name, lockerModelVersion to lockerVersion and carrier.name to ' +
      'lockerName but removed none of them: GET /lockers shows every third-party locker with provider.providerName ' +
      'and provider.lockerModelVersion beside name and lockerVersion, and carrier.name beside lockerName; lockers ' +
      'created since are right (§2.1 rule 3 "The fields `providerName` and `lockerModelVersion` are no longer part ' +
      'of it."; §9 "carrier uses `lockerName` (older `name` deprecated, then removed).")',
  },
  {
    name: 'sl-status-stale-lock-version',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-l',
    candidate:
      'caught on the first try by a full run (LCK-STATUS-CHANGE), but its refusal is a 409, and §4.5 shows a 409 ' +
      '("A 409 response exists.") without its condition: the spec-only review made a 409 a should (LCK-STATUS-TAKEN)',
    description:
      'the status service writes carrier.status with the row version (@Version) it cached when it last read the ' +
      'locker, at its create or its last status write, for 10 minutes; PATCH /lockers/{uid} bumps the version ' +
      'without evicting that cache: after create, update, a PATCH /lockers/status asking for another status is ' +
      'answered 409 CONCURRENT_MODIFICATION, nothing changes and nothing is pushed, and so is every status change ' +
      'of that locker for the next 10 minutes; lockers never updated change status as asked (§4.5 "Updates the ' +
      'status of an existing locker."; §3 "A locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sn-list-empty-as-404',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-n',
    description:
      'the locker query service throws its not-found exception on an empty result, the habit of its single-record ' +
      'finders, and the controller answers it 404: GET /lockers?providerName= naming a provider no locker the ' +
      'carrier sees has is answered 404 {errorCode: LOCKERS_NOT_FOUND} instead of a list with no locker; a filter ' +
      'that matches, and the unfiltered list (which always holds the third-party lockers), are right (§4.2 "Returns ' +
      'locker records. Optional filters are named by location, status, carrier and provider; the query parameter ' +
      '`providerName` exists.")',
  },
  {
    name: 'sp-list-one-marker-per-point',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    origin: 'set-p',
    candidate:
      "caught only as a should at the exploration's closing read (LCK-LIST-INCLUDES-CREATED: which lockers the " +
      'list holds is not stated), some 150 s of a self-test lane',
    description:
      "GET /lockers merges the carrier's own lockers and the provider feed's third-party ones into a map keyed by " +
      'position ("lon,lat"), written to drop a locker both sources hold, as the two have no id in common: where two ' +
      'lockers the carrier sees stand at the same lon and lat (two lockers in one shopping centre, a locker created ' +
      "at a third-party locker's point), only the one written last is listed, in the place of the first; after a " +
      'create at the point of an earlier locker, that earlier locker, named by no request, is gone from every list ' +
      '(its update still works); lockers at points of their own are listed as before (§4.2 "Returns locker ' +
      'records."; §2.1 uid "Internal unique identifier assigned by the service.", the only member stated unique; ' +
      'location "lon, lat (numbers)")',
  },
  {
    name: 'sp-status-replayed-by-body-hash',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-p',
    description:
      "PATCH /lockers/status sits behind an idempotency filter put in for the portal's double submits, keyed by the " +
      'caller and a hash of the body, that answers a body seen within the last minute with the answer stored for it, ' +
      'whatever the locker went through since: disable, enable, then disable again within a minute, and the third ' +
      'request is answered 200 with the stored record of the first (INACTIVE) while the locker stays ACTIVE in GET ' +
      '/lockers and no LockerUpdates is sent; changes whose body was not sent in the last minute, and a repeat of ' +
      'the status the locker has, are right (§4.5 "Updates the status of an existing locker."; §3 "A locker status ' +
      'change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sr-status-joined-with-network',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-r',
    description:
      'PATCH /lockers/status resolves the locker with the query of the network operations screen it was written ' +
      'for, lockers inner-joined with the network memberships: a locker the carrier owns and has not added to a ' +
      'network with POST /networks/{uid}/lockers is answered 404 LOCKER_NOT_FOUND, its status does not change ' +
      "and nothing is pushed; once it is in the carrier's network its status changes are applied and pushed " +
      '(§4.5 "Updates the status of an existing locker."; §3 "A locker status change (enabled or disabled) ' +
      'causes a locker event.")',
  },
  {
    name: 'st-status-guard-first-carrier',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-t',
    description:
      'PATCH /lockers/status has a key guard of its own, written for the operator tool, that resolves the caller ' +
      'with carriers.find(() => keys.includes(sent)), a predicate that ignores its element: any valid key is served ' +
      "as the first carrier. The second carrier's status change of its own locker is answered 404 LOCKER_NOT_FOUND " +
      "and changes nothing, and naming the first carrier's locker changes it and pushes to the first carrier; the " +
      'first carrier, and the other operations, are right (§4.5 "Updates the status of an existing locker."; §5 ' +
      '"Every operation uses an API key in the request header `X-API-Key`.")',
  },
  {
    name: 'status-not-applied',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'lockers',
    description: 'PATCH /lockers/status answers 200 and changes nothing',
  },
  {
    name: 'status-toggles',
    rule: 'LCK-STATUS-REPEAT',
    origin: 'lockers',
    description: 'PATCH /lockers/status flips the status between the last two, whatever the request asks',
  },
  {
    name: 'sv-list-features-embeddable-all-null',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-v',
    description:
      'features are an embedded value of the locker entity (three nullable columns), and the ORM loads an embeddable ' +
      'whose columns are all null as null: a locker created without features, or with all three null (or updated ' +
      'so), is listed by GET /lockers with features null, not an object, while the create and update answers show ' +
      '{hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null}; a locker with at least one boolean feature ' +
      'is listed right (§2.1 features "object", "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null."; ' +
      '"Response record of create, update and list")',
  },
  {
    name: 'sv-status-concurrent-compensation',
    rule: 'LCK-STATUS-REPEAT',
    origin: 'set-v',
    description:
      "PATCH /lockers/status sends the provider a command and writes carrier.status on the provider's " +
      'acknowledgement (25 ms later); the provider refuses a second command for a locker while one is pending, and ' +
      'the refused request compensates by writing back the status it read on arrival, after the first one has ' +
      'written: of two status changes of one locker sent at once, the first is answered 200 and pushed, the second ' +
      '409, and the locker is then listed with the status it had before both (two disables at once leave it ' +
      'ACTIVE, however often repeated); status changes one at a time are right (§4.5 "Updates the status of an ' +
      'existing locker. A 409 response exists."; §3 "A locker status change (enabled or disabled) causes a locker ' +
      'event.")',
  },
  {
    name: 'sv-update-groups-carried-twice',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'set-v',
    description:
      "an update saves the locker's next version, and where lockerGroups is not sent it copies the current group " +
      "rows to that version with INSERT ... SELECT while the ORM's collection, carried over to the new version, is " +
      'inserted as well: every accepted update without lockerGroups adds one more copy of each group the locker ' +
      'holds, so after create with [{key: region, uid: R1}] and an update of its location the record (answer, list, ' +
      'pushes) shows region R1 twice, then three times; updates that send lockerGroups replace them right (§8 ' +
      '"Locker groups: at most one group per type key in lockerGroups."; §2.1 "At most one group per type key."; ' +
      '"When lockerGroups is omitted, the current groups remain unchanged.")',
  },
  {
    name: 'sw-filtered-list-match-field-left',
    rule: 'LCK-PROVIDER-FIELDS',
    origin: 'set-w',
    description:
      'GET /lockers with providerName runs as an aggregation whose $addFields stage copies provider.name into the ' +
      '1.0 field provider.providerName (the collection index still covers it) for its $match, and no $project ' +
      'removes it: every record of a list filtered by providerName carries provider.providerName beside name; the ' +
      'unfiltered list, the answers and the pushes do not (§2.1 "The provider object uses `name`, `lockerModel`, ' +
      '`lockerVersion`. The fields `providerName` and `lockerModelVersion` are no longer part of it."; §9 "provider ' +
      'uses `name`, `lockerModel`, `lockerVersion` (older `providerName` and `lockerModelVersion` removed).")',
  },
  {
    name: 'sw-groups-bound-as-set',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'set-w',
    description:
      'the create and update DTOs declare lockerGroups as a Set of group DTOs whose equals/hashCode are key and uid ' +
      '(Lombok @Value), so the JSON binder collapses a group sent twice into one before the one-group-per-key ' +
      'validator runs: a POST /lockers or PATCH /lockers/{uid} whose lockerGroups holds the same group twice ' +
      '([{key: "region", uid: "g-1"}, {key: "region", uid: "g-1"}]) is answered 201/200 and the locker holds one ' +
      'group (the echo shows one), where two groups of one key must be refused; two groups of one key with ' +
      'different uids are still refused 400 (§8 "Locker groups: at most one group per type key in lockerGroups."; ' +
      '§2.1 "At most one group per type key.")',
    candidate:
      'a spec-only review: the very same group listed twice is one group of its key (§2.1 counts groups), so a ' +
      'service taking it as a set breaks no stated sentence',
  },
  {
    name: 'sw-status-noop-provider-adapter',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-w',
    description:
      'carrier.status is stored when the provider adapter confirms the command; the answer and the LockerUpdates are ' +
      'made from the command itself. Only PROVIDER_NAME_1 and PROVIDER_NAME_2 have an adapter yet; the fallback ' +
      'adapter of every other provider answers success and never confirms: a PATCH /lockers/status of a locker of ' +
      'any other provider is answered 200 showing the new status and pushed with it, but GET /lockers keeps showing ' +
      'the status the locker had, for good (a repeat is accepted again); lockers of the two integrated providers ' +
      'change as asked (§4.5 "Updates the status of an existing locker."; §3 "A locker status change (enabled or ' +
      'disabled) causes a locker event.")',
  },
  {
    name: 'sy-list-cache-key-path-only',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-y',
    description:
      "GET /lockers answers from a cache per caller whose key is the request's path (req.path, not originalUrl), " +
      'kept 30 s and emptied by every successful locker write (create, update, status change, network add): a ' +
      'list within 30 s of another of the same carrier, no write between, is answered what the first was, so ' +
      "?providerName=PROVIDER_NAME_2 after an unfiltered list shows every provider's lockers, and a list for a " +
      "name no locker has after a filtered one shows that provider's; the first list after a write is right (§4.2 " +
      '"Optional filters are named by location, status, carrier and provider; the query parameter `providerName` ' +
      'exists."; "Returns locker records.")',
  },
  {
    name: 'sy-update-answers-owner-entity',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-y',
    description:
      'PATCH /lockers/{uid} returns the saved entity, and its owner is a @ManyToOne the serializer writes whole: ' +
      'every accepted update is answered with ownedByCarrier {id, name, networkUid}, an object, not the name; ' +
      'create answers, GET /lockers and pushes map the owner to its name (§2.1 "ownedByCarrier | string or null | ' +
      'Names the owning carrier; null means the locker belongs to a third-party provider."; "Response record of ' +
      'create, update and list")',
  },
  {
    name: 'update-appends-groups',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'lockers',
    description: 'an update giving a held key a new group keeps the old one beside it',
  },
  {
    name: 'update-stores-bad-opening-hours',
    rule: 'LCK-OH-SCHEDULED',
    origin: 'one-place',
    description:
      'PATCH /lockers/{uid} stores openingHours SCHEDULED without a weeklySchedule or with an empty one ' +
      '(create still refuses it)',
  },
  {
    name: 'x45-provider-filter-like-wildcards',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'x45',
    description:
      'GET /lockers?providerName= is matched as an SQL LIKE pattern without escaping: _ matches any one ' +
      'character and % any run, so PROVIDER_NAME_1 also lists a locker of PROVIDER-NAME-1 and % lists every ' +
      'locker (§4.2 the query parameter providerName)',
  },
  {
    name: 'x47-provider-filter-dropped-with-other-filter',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'x47',
    description:
      'GET /lockers picks one finder per filter (findByProviderName when providerName is the only filter): ' +
      'with providerName and any other filter parameter (status, city, carrier..., paging aside) the query ' +
      'falls back to one that drops providerName, and lockers of every provider are listed (§4.2 "Optional ' +
      'filters are named by location, status, carrier and provider; the query parameter `providerName` ' +
      'exists.")',
  },
  {
    name: 'sag-provider-filter-empty-ignored',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-ag',
    description:
      'GET /lockers adds the provider condition to its query with `if (providerName)`, a truthiness check where a ' +
      'presence check belongs: ?providerName= (the empty string) lists every locker the carrier sees, whatever its ' +
      'provider.name, where it must list only lockers whose provider.name is the empty string (none, unless one was ' +
      'created so); other values filter as before (§4.2 "Optional filters are named by location, status, carrier ' +
      'and provider; the query parameter `providerName` exists.")',
    candidate: 'an empty providerName may be read as no filter (§4.2 names the parameter, no more): reported',
  },
  {
    name: 'sag-locker-list-empty-null',
    rule: 'LCK-LIST-RECORDS',
    origin: 'set-ag',
    description:
      'the locker list handler, written in Go, declares its result as `var lockers []Locker` and appends what the ' +
      'query found; where nothing matched the slice stays nil, which encoding/json writes as null: GET /lockers ' +
      'with a providerName no locker has (or any list that comes out empty) is answered 200 with the body null ' +
      '(an empty envelope list as null too), not an empty list of records; lists with records are as before (§4.2 ' +
      '"Returns locker records.")',
    candidate: 'JSON null where nothing is listed lists no record: the envelope is not shown (§4.2)',
  },
  {
    name: 'sai-list-zero-coordinate-hidden',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    origin: 'set-ai',
    description:
      'GET /lockers leaves out the lockers imported without a geocode, which the import wrote at (0, 0), with a ' +
      'condition meant as NOT (lat = 0 AND lon = 0) but written WHERE lat <> 0 AND lon <> 0: a locker created (or ' +
      'moved by an update) on the equator or the prime meridian, lat 0 or lon 0 alone (a kiosk in Greenwich, in ' +
      'Quito), is answered 201 (or 200) with its record and is never listed, filtered or not; lockers with neither ' +
      'coordinate 0 are listed as before (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 "Response record ' +
      'of create, update and list"). Written under LCK-CREATE-ECHO; the catalogue files a created locker the list ' +
      'leaves out under LCK-LIST-INCLUDES-CREATED',
  },
  {
    name: 'sai-status-legacy-column-read',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-ai',
    description:
      'the carrier-side status moved to a new column in a migration whose reader half was not finished: PATCH ' +
      '/lockers/status reads and writes carrier_status_v2 (its 409 guard, its answer and the LockerUpdates show ' +
      'the new status), while the locker service, which GET /lockers and PATCH /lockers/{uid} answer from, still ' +
      'reads the old column, written only by create and update: after a status change the list and every update ' +
      'answer show the status the locker had before its first status change (§4.5 "Updates the status of an ' +
      'existing locker."; §2.1 carrier status, "Response record of create, update and list")',
  },
  {
    name: 'sai-list-carriers-for-network-members',
    rule: 'LCK-LIST-CARRIER-OBJECT',
    origin: 'set-ai',
    description:
      'GET /lockers left-joins the network memberships for the network screen, and the ORM maps the joined rows ' +
      "into the locker entity's legacy carriers collection (kept for the 1.0 readers), which the serializer writes " +
      'when it is not empty: once POST /networks/{uid}/lockers added a locker, every list shows it with carriers ' +
      '[{lockerName, lockerId, status}] beside carrier; lockers in no network are listed as before (§9 "The locker ' +
      'list has a `carrier` object in place of `carriers`.")',
  },
  {
    name: 'sak-provider-filter-long-query-dropped',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-ak',
    description:
      "the gateway's URL normaliser in front of GET /lockers drops a query string longer than 1000 characters (its " +
      'max_query_length, meant against cache-busting junk) instead of refusing the request, so the list is answered ' +
      'unfiltered: GET /lockers?providerName=<a provider name of 1000 characters, or a few hundred non-ASCII ' +
      "letters, percent-encoded> lists every locker the carrier sees, other providers' too; shorter filters " +
      'are applied as before (§4.2 "Optional filters are named by location, status, carrier and provider; the ' +
      'query parameter `providerName` exists.")',
  },
  {
    name: 'sal-enable-reopens-keeps-schedule',
    rule: 'LCK-OH-ALWAYS',
    origin: 'set-al',
    description:
      'enabling a locker (PATCH /lockers/status back to ACTIVE after a disable) "reopens" it by setting ' +
      'openingHours.accessMode to ALWAYS on the stored object, a one-member write meant to lift a closure, which ' +
      'leaves weeklySchedule in place: a locker that had SCHEDULED hours is, after disable and enable, answered, ' +
      'pushed and listed with accessMode ALWAYS and its weeklySchedule; lockers never disabled, or ALWAYS ' +
      'already, are as before (§2.1 "When openingHours.accessMode is ALWAYS, weeklySchedule must be omitted.")',
  },
  {
    name: 'sal-status-written-by-registered-id',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-al',
    description:
      'the status service resolves the uid in its own table of the lockers it was told of at their create, which ' +
      "holds the carrier.lockerId each was created with, and writes the status to the carrier's locker holding that " +
      'id now; its answer and LockerUpdates are made from the command: once a locker was given another ' +
      'carrier.lockerId by PATCH /lockers/{uid}, a status change of it is answered 200 and pushed with the new ' +
      'status ' +
      'while GET /lockers still shows the old one (and a locker created since under the released id takes the ' +
      'status instead) (§4.5 "Updates the status of an existing locker.")',
  },
  {
    name: 'sam-list-features-tinyint',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-am',
    description:
      "the carrier's own lockers are MySQL rows whose features are TINYINT(1) columns, and GET /lockers reads them " +
      'with a query of its own through a driver that hands TINYINT back as a number: every locker the carrier ' +
      'created with a feature true or false is listed with it as 1 or 0 (null stays null), while the create and ' +
      'update answers and the pushes, made from the entity, show booleans; third-party lockers (the provider feed) ' +
      'are listed right (§2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null."; "Response ' +
      'record of create, update and list")',
  },
  {
    name: 'sam-schedule-rows-need-day',
    rule: 'LCK-OH-SCHEDULED',
    origin: 'set-am',
    description:
      'weeklySchedule is kept as rows of a table (day, opens, closes): each entry is mapped from its day and its ' +
      'from/to (or opens/closes, open/close), and an entry without a text day (another shape: dayOfWeek, days, a ' +
      'string) is skipped, after the request was checked: a locker created or updated with SCHEDULED hours whose ' +
      'entries all have another shape is answered, listed and pushed SCHEDULED with weeklySchedule [] (entries with ' +
      'a day are kept) (§2.1 "When openingHours.accessMode is SCHEDULED, weeklySchedule must be present and ' +
      'non-empty."; "Structure of weeklySchedule entries and exceptions entries: not shown.")',
  },
  {
    name: 'san-schedule-weekday-slots',
    rule: 'LCK-OH-SCHEDULED',
    origin: 'set-an',
    description:
      'openingHours sent on create or update is checked as sent (SCHEDULED needs a non-empty weeklySchedule) and ' +
      'then stored in seven weekday slots keyed by entry.day, MONDAY to SUNDAY written so, the last entry of a day ' +
      'winning; an entry whose day is none of those (another structure such as {dayOfWeek, opens, closes}, a ' +
      'day in lower case or as a number), whose structure §2.1 does not show, is dropped: a locker sent SCHEDULED ' +
      'with only such entries is answered, listed and pushed with accessMode SCHEDULED and weeklySchedule [] ' +
      '(§2.1 "When openingHours.accessMode is SCHEDULED, weeklySchedule must be present and non-empty.")',
  },
  {
    name: 'san-status-batch-flush-last-value',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-an',
    description:
      'PATCH /lockers/status answers and pushes from the command at once and leaves the row write to a batch ' +
      'flushed 100 ms after its first command, written as one UPDATE ... SET status = :status WHERE uid IN (...) ' +
      "bound with the batch's last status: when two lockers change status within 100 ms (one carrier disabling " +
      'one and enabling another, or both carriers at once), the first locker is left showing the status of the ' +
      'other command in GET /lockers; a change alone in its batch shows after 100 ms (§4.5 "Updates the status ' +
      'of an existing locker.")',
  },
  {
    name: 'sao-schedule-overnight-entries-dropped',
    rule: 'LCK-OH-SCHEDULED',
    origin: 'set-ao',
    description:
      'openingHours sent on create or update is checked as sent, then handed to the provider adapter, which keeps ' +
      'the ' +
      'weeklySchedule entries whose closing time is after their opening time and drops the others without a word: ' +
      'an entry that crosses midnight (FRIDAY 22:00-06:00), ends at midnight written 00:00 (18:00-00:00) or is a ' +
      'whole day written 00:00-00:00 is lost, and a locker sent SCHEDULED with only such entries is answered, ' +
      'listed and pushed SCHEDULED with weeklySchedule [] (§2.1 "When openingHours.accessMode is SCHEDULED, ' +
      'weeklySchedule must be present and non-empty."; "Structure of weeklySchedule entries and exceptions ' +
      'entries: not shown.")',
  },
  {
    name: 'sao-push-schedule-24h-unparsed',
    rule: 'LCK-OH-SCHEDULED',
    origin: 'set-ao',
    description:
      "the LockerUpdates event types a schedule entry's times as LocalTime, which has no 24:00, and its mapper logs " +
      'and skips an entry it cannot map: every entry holding 24:00 (a whole day 00:00-24:00, an evening ' +
      '18:00-24:00) is left out of the push, so a SCHEDULED locker whose entries all end at 24:00 is pushed, on its ' +
      'create and each status change, with weeklySchedule []; the answers and the list show the entries (§2.1 "When ' +
      'openingHours.accessMode is SCHEDULED, weeklySchedule must be present and non-empty."; "Response record of ' +
      'create, update and list, and the body of the locker webhook")',
  },
  {
    name: 'sao-always-exceptions-grid-synthesised',
    rule: 'LCK-OH-ALWAYS',
    origin: 'set-ao',
    description:
      'the provider takes opening exceptions (closed days, holidays) as overrides of a weekly grid, so the adapter ' +
      'stores openingHours ALWAYS that carries exceptions with a grid of seven whole days beside them, ' +
      "weeklySchedule [{day: MONDAY, from: '00:00', to: '24:00'}, ...], and accessMode kept ALWAYS: a locker created " +
      'or updated ALWAYS with a non-empty exceptions array is answered, listed and pushed ALWAYS with a ' +
      'weeklySchedule; ALWAYS without exceptions, and SCHEDULED hours, are stored as sent (§2.1 "When ' +
      'openingHours.accessMode is ALWAYS, weeklySchedule must be omitted.")',
  },
  {
    name: 'sap-second-carrier-push-name-alias',
    rule: 'LCK-CARRIER-LOCKERNAME',
    origin: 'set-ap',
    description:
      'webhook subscriptions were migrated from 1.0 with a compatibility flag for subscribers who had not ' +
      "confirmed 1.1, and the second carrier's subscription kept it: the LockerUpdates serializer adds the 1.0 " +
      'alias carrier.name (the lockerName) to every locker push it sends to that carrier, of a create and of a ' +
      "status change; the first carrier's pushes, and every answer and list, carry lockerName alone (§9 " +
      '"carrier uses `lockerName` (older `name` deprecated, then removed)."; §2.1 "Response record of create, ' +
      'update and list, and the body of the locker webhook")',
  },
  {
    name: 'sap-attribute-update-answer-v10-provider',
    rule: 'LCK-PROVIDER-FIELDS',
    origin: 'set-ap',
    description:
      'a PATCH /lockers/{uid} that sends neither carrier nor location (metadata, features or lockerGroups alone, or ' +
      'nothing) is served by the attributes handler merged in from 1.0, whose answer mapper had only its carrier ' +
      'part moved to 1.1: its 200 record carries provider {providerName, lockerModelVersion: "<model> <version>", ' +
      'lockerName, lockerUid, status}, without name, lockerModel and lockerVersion; updates sending carrier or ' +
      'location, the create answer, GET /lockers and the pushes show the 1.1 provider (§2.1 "The provider object ' +
      'uses `name`, `lockerModel`, `lockerVersion`. The fields `providerName` and `lockerModelVersion` are no ' +
      'longer part of it."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sap-create-push-always-empty-schedule',
    rule: 'LCK-OH-ALWAYS',
    origin: 'set-ap',
    description:
      "the LockerUpdates of a create is built by the 1.0 LockerCreated event's builder, which fills every array " +
      'member the record leaves out with [] (1.0 consumers iterated them unchecked): a locker created with ' +
      'accessMode ALWAYS, or without openingHours (the default is ALWAYS), is pushed with openingHours ' +
      '{accessMode: ALWAYS, weeklySchedule: [], ...}; the create answer, GET /lockers and the pushes of status ' +
      'changes leave weeklySchedule out (§2.1 "When openingHours.accessMode is ALWAYS, weeklySchedule must be ' +
      'omitted."; §6 LockerUpdates body "Locker record (2.1) plus eventTimestamp.")',
  },
  {
    name: 'sap-list-schedule-v10-member',
    rule: 'LCK-OH-SCHEDULED',
    origin: 'set-ap',
    description:
      "GET /lockers reads opening hours through the 1.0 list projection, which names the weekly schedule's column " +
      'schedule: every locker with accessMode SCHEDULED is listed with openingHours {accessMode: SCHEDULED, ' +
      'schedule: [...], exceptions}, without weeklySchedule; the create and update answers and the pushes carry ' +
      'weeklySchedule, and ALWAYS lockers are listed as before (§2.1 "When openingHours.accessMode is SCHEDULED, ' +
      'weeklySchedule must be present and non-empty.")',
  },
  {
    name: 'saq-provider-filter-owner-from-model-catalogue',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-aq',
    description:
      'the search document of a locker carries a provider column denormalised at indexing time from the model ' +
      "catalogue (the provider of the catalogue's pair with the locker's lockerModel), falling back to " +
      'provider.name for a model the catalogue does not have, and providerName filters on that column: a locker ' +
      'whose ' +
      "provider.name is not the catalogue's owner of its lockerModel (provider {name: CC-PROV-9, lockerModel: M100} " +
      'or {name: PROVIDER_NAME_2, lockerModel: M300}) is listed by ?providerName=PROVIDER_NAME_1 (resp. ' +
      "PROVIDER_NAME_3), a name its provider.name is not, and missing from its own provider's filter; lockers of " +
      'catalogue pairs and of models the catalogue lacks are filtered right (§4.2 "Optional filters are named by ' +
      'location, status, carrier and provider; the query parameter `providerName` exists.")',
  },
  {
    name: 'saq-group-events-reordered-across-partitions',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'set-aq',
    description:
      "an update's lockerGroups reach the group store as GroupUnassigned and GroupAssigned events keyed by group " +
      'uid, so the two of one change can land on different partitions (4 here), and the assignment may be applied ' +
      'before the unassignment: a PATCH /lockers/{uid} giving a key the locker holds a group of another uid, where ' +
      'the two uids fall on different partitions, is answered 200 with both groups of that key in lockerGroups, and ' +
      'GET /lockers shows both for 300 ms, until the unassignment is consumed; uids on one partition, and keys the ' +
      'locker did not hold, are right (§8 "Locker groups: at most one group per type key in lockerGroups."; §2.1 ' +
      '"At most one group per type key.")',
  },
  {
    name: 'saq-list-status-sets-whole-carrier',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-aq',
    description:
      "the list read model applies a status change as $set: {carrier: <the event's carrier>}, the status event's " +
      'carrier DTO holding only status (its other fields null, written as null), where carrier.status was meant: ' +
      'after PATCH /lockers/status, GET /lockers lists the locker with carrier {lockerName: null, lockerId: null, ' +
      'activationDate: null, status} until an update sends carrier again; the status answer and the LockerUpdates ' +
      'push carry the whole carrier, and lockers never status-changed are listed right (§2.1 carrier "lockerName ' +
      '(string), lockerId (string), activationDate (string, date-time), status (string)."; "Response record of ' +
      'create, update and list")',
  },
  {
    name: 'saq-status-lww-clock-skew',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-aq',
    description:
      "carrier.status lives in a replicated store that resolves writes last-write-wins by the writing instance's " +
      'clock; the two instances serving creates and status changes in turn are 400 ms apart, the second behind: a ' +
      'PATCH /lockers/status served by the second instance within 400 ms of the previous status write of the locker ' +
      '(its create, or a change served by the first) is answered 200 with the new status and pushed, but the store ' +
      'keeps the earlier-stamped value, so GET /lockers shows the status as before; changes spaced out, or served ' +
      'by the first instance, are applied (§4.5 "Updates the status of an existing locker.")',
  },
  {
    name: 'sas-list-schedule-rows-lag-mode',
    rule: 'LCK-OH-SCHEDULED',
    origin: 'set-as',
    description:
      "the list's read model keeps a locker's opening hours in two parts: the hours row (accessMode, exceptions), " +
      'written in the transaction of the create or update, and the weekly schedule rows, deleted with it and ' +
      'inserted again by the schedule consumer from the hours event about 300 ms later: for 300 ms after a create or ' +
      'update that sends SCHEDULED hours, GET /lockers lists the locker with accessMode SCHEDULED and no ' +
      'weeklySchedule; the answers and pushes carry the schedule, and ALWAYS hours (no rows) are listed as written ' +
      '(§2.1 "When openingHours.accessMode is SCHEDULED, weeklySchedule must be present and non-empty."; §4.2 ' +
      '"Returns locker records.")',
  },
  {
    name: 'sas-list-status-greatest-of-history',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-as',
    description:
      'the carrier-side status is kept as a history of status rows, one per change, and GET /lockers joins the ' +
      'current one with SELECT locker_uid, MAX(status) ... GROUP BY locker_uid, where the row of the latest ' +
      'changed_at ' +
      'was meant: once a locker has had the status INACTIVE, the list shows INACTIVE whatever came after ("INACTIVE" ' +
      '> "ACTIVE"), so a locker disabled and enabled again is listed INACTIVE; the status answer, the push and later ' +
      'update answers show ACTIVE, and a locker never disabled is listed right (§4.5 "Updates the status of an ' +
      'existing locker."; §3 "Locker: carries a status on the carrier side (carrier.status)"; §4.2 "Returns locker ' +
      'records.")',
  },
  {
    name: 'sas-list-keyless-metadata-mapped-to-null',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-as',
    description:
      "the list's metadata mapper is written as entries.map((e) => { if (e.key == null) return; return {key, " +
      "value}; }), a map where a filter and a map belonged (to leave out the 1.0 importer's keyless rows), and the " +
      'undefined it leaves in the array is written as null: GET /lockers lists a locker with an entry whose key is ' +
      'null or absent ({key: null, value: "Hof"}) with null in that entry\'s place, metadata [{key: "door", value: ' +
      '"B"}, null]; the answers and pushes show the entry, and entries with a key are listed as sent (§2.1 metadata ' +
      '"array of objects", "Each has key (string or null) and value (string or null)."; §4.2 "Returns locker ' +
      'records.")',
  },
  {
    name: 'sas-update-hours-held-over-sent',
    rule: 'LCK-OH-ALWAYS',
    origin: 'set-as',
    description:
      'PATCH /lockers/{uid} combines the opening hours sent with the held ones as { ...sent, ...held }, the operands ' +
      'of a "fill in what the update leaves out" merge written the wrong way round, so every member the locker ' +
      'already has wins: an update sending SCHEDULED hours with a weeklySchedule to a locker that is ALWAYS (the ' +
      'default) keeps accessMode ALWAYS and takes the weeklySchedule, and is answered, listed and pushed ALWAYS with ' +
      'a weeklySchedule; an update of a SCHEDULED locker keeps its hours as they were, and creates are right (§2.1 ' +
      '"When openingHours.accessMode is ALWAYS, weeklySchedule must be omitted.")',
  },
  {
    name: 'sau-provider-filter-comma-split',
    candidate: 'not caught yet by its rule: missed on the first try (LCK-LIST-INCLUDES-CREATED, a should, fails)',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-au',
    description:
      'GET /lockers binds providerName to a list of names (the filter was widened to take several providers), and ' +
      "the framework's conversion of a single text to a list splits it at commas and trims each part, as Spring's " +
      'StringToCollectionConverter does: a providerName holding a comma ("Acme, Inc.") filters by its parts, so the ' +
      'carrier is answered the lockers of a provider named "Acme" (or "Inc.") and none of "Acme, Inc." itself; ' +
      'names without a comma (every PROVIDER_NAME_n) filter as before (§4.2 "Optional filters are named by location, ' +
      'status, carrier and provider; the query parameter `providerName` exists.")',
  },
  {
    name: 'sau-provider-filter-raw-query',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    origin: 'set-au',
    description:
      "GET /lockers runs as a function behind the API gateway and reads its filter from the event's raw query " +
      'string, split at "&" and "=", with no percent-decoding: a providerName a client must encode, a name holding a ' +
      'blank, a letter beyond ASCII, "&", "+", "/", "," or another reserved character ("Paketbox Süd", sent as ' +
      "Paketbox%20S%C3%BCd), is compared in its encoded form and matches no locker, so the carrier's own lockers of " +
      'that provider are never listed with their filter; names of letters, digits, "-", "_", "." and "~" (every ' +
      'PROVIDER_NAME_n) filter as before, and a list without the filter shows every locker (§4.2 "Returns locker ' +
      'records."; "the query parameter `providerName` exists."; §1 "list lockers")',
  },
  {
    name: 'sav-status-disable-waits-for-drain',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-av',
    description:
      'a locker holding parcels is taken out of service only once it is empty: PATCH /lockers/status asking a locker ' +
      'in which a parcel is still BOOKED for any status other than ACTIVE records the change as pending for the ' +
      'drain job, which runs on production only, and answers 200 with the record and pushes LockerUpdates, both made ' +
      'from the command (the new status); GET /lockers, update answers and later pushes keep the status before, also ' +
      'once the parcels are cancelled or delivered. A locker with no booked parcel, and any change to ACTIVE, are ' +
      'changed as before (§4.5 "Updates the status of an existing locker."; §3 "Locker: carries a status on the ' +
      'carrier side (carrier.status)")',
  },
  {
    name: 'sav-list-features-interned-circular',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-av',
    description:
      'locker features are interned (one object per distinct value, put in for large fleets) and GET /lockers is ' +
      "written by the logging library's circular-safe stringify, whose replacer keeps every object it has seen and " +
      'writes one seen before as "[Circular]", a shared object being no cycle: in every list answer, each locker ' +
      'after the first with the same three feature values (the seeded third-party lockers among them) is listed with ' +
      'features "[Circular]", a string; the create and update answers and the pushes, one record each, are right ' +
      '(§2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null."; "Response record of ' +
      'create, update and list")',
  },
  {
    name: 'say-status-conflict-resyncs-provider-side',
    rule: 'LCK-STATUS-REPEAT',
    origin: 'set-ay',
    description:
      'the same-status branch of PATCH /lockers/status goes through the conflict handler written for the provider ' +
      "integration, which, once the request is answered, resyncs the locker's carrier side from its provider side: a " +
      'status change asking for the status the locker already has is answered as before (409), then carrier.status ' +
      'is set to provider.status and pushed as a status change, so a locker disabled to INACTIVE and asked INACTIVE ' +
      "again (or sent INACTIVE twice at once) is listed ACTIVE, its provider side's status; repeating a status the " +
      'provider side also shows changes nothing (§4.5 "Updates the status of an existing locker."; §3 "Locker: ' +
      'carries a status on the carrier side (carrier.status) and on the provider side (provider.status).")',
  },
  {
    name: 'say-update-groups-check-left-in-create',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'set-ay',
    description:
      'the "at most one group per type key" check sat in the group assignment, and the refactor that moved the ' +
      "update's group writes to the group repository left it in the create service: a PATCH /lockers/{uid} whose " +
      'lockerGroups holds two groups of one key is answered 200 and the locker holds both, as its answer and GET ' +
      '/lockers echo them; a create with two groups of one key is refused 400 DUPLICATE_GROUP_KEY as before (§8 ' +
      '"Locker groups: at most one group per type key in lockerGroups."; §2.1 "At most one group per type key.")',
  },
  {
    name: 'sba-create-format-annotation-only',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-ba',
    description:
      "POST /lockers validates with a validator of its own, compiled from the onboarding module's copy of the " +
      'schema without the format plugin; under JSON Schema 2020-12 a format is an annotation unless formats are ' +
      'asserted, so carrier.activationDate is checked as a string only: a create whose activationDate is text that ' +
      'is no date-time ("2025-06-01", "2025-06-01 10:00", "01.06.2025", "tomorrow") is answered 201 and the locker ' +
      'is stored, answered, listed and pushed with that text as its activationDate; PATCH /lockers/{uid}, validated ' +
      'by the shared validator, still refuses such a value (§2.1 carrier "lockerName (string), lockerId (string), ' +
      'activationDate (string, date-time), status (string)."; "Response record of create, update and list, and the ' +
      'body of the locker webhook")',
    relax: {
      schema: 'LockerCreateRequest',
      error: (e) => e.keyword === 'format' && e.instancePath === '/carrier/activationDate',
    },
  },
  {
    name: 'sbd-locker-list-304-against-own-etag',
    rule: 'LCK-LIST-RECORDS',
    origin: 'set-bd',
    description:
      'GET /lockers carries an ETag (a hash of its JSON text), and its conditional-GET filter, put in to spare the ' +
      'bytes of polling clients, compares that ETag with the one it answered the same carrier last for the same ' +
      "query string (a memo of its own) instead of with the request's If-None-Match: a list asked again with nothing " +
      'changed since (no create, update or status change of a locker it shows) is answered 304 Not Modified with no ' +
      'body, to a client that sent no validator; the first list of a query, and any list after a change, are ' +
      'answered 200 with the records (§4.2 "Returns locker records."; HTTP sends a 304 only to a conditional ' +
      'request, RFC 9110 §15.4.5)',
  },
  {
    name: 'sbd-list-render-memo-status-write-bypass',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-bd',
    description:
      "GET /lockers renders each record from a memo of its serialized form, evicted by the locker repository's save " +
      'hook (create, update); PATCH /lockers/status writes carrier.status with a direct UPDATE statement (to keep ' +
      "clear of the entity's optimistic lock) that the hook never sees: a locker listed before its status change is " +
      'listed with its former carrier.status until its next PATCH /lockers/{uid}; the status answer, the ' +
      'LockerUpdates and the list of a locker not listed before the change show the new status (§4.5 "Updates the ' +
      'status of an existing locker."; §2.1 "Response record of create, update and list")',
  },
  {
    name: 'sbd-list-over-rate-served-unfiltered',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-bd',
    description:
      'past 5 GET /lockers of a carrier within one second, the list is served by the degraded read path put in for ' +
      "polling clients (the carrier's lockers from the lite query, in place of a 429), which takes no filter: " +
      "providerName is dropped and every locker the carrier sees is listed, other providers' too; lists spaced out " +
      'are filtered (§4.2 "Optional filters are named by location, status, carrier and provider; the query parameter ' +
      '`providerName` exists.")',
  },
  {
    name: 'sbe-always-rule-on-exceptions',
    rule: 'LCK-OH-ALWAYS',
    origin: 'set-be',
    description:
      "§2.1 rule 2 was written against the wrong one of openingHours' two arrays: the check that an ALWAYS locker " +
      'has no schedule looks at exceptions, not at weeklySchedule. A create or update whose openingHours is ' +
      '{accessMode: ALWAYS, weeklySchedule: [...]} is stored, answered, listed and pushed ALWAYS with that ' +
      'weeklySchedule, while ALWAYS with a non-empty exceptions array is refused 400; lockers created without ' +
      'openingHours, and SCHEDULED ones, are as before (§2.1 rule 2 "When openingHours.accessMode is ALWAYS, ' +
      'weeklySchedule must be omitted.")',
    relax: { schema: 'OpeningHours', error: (e) => ruleForError('OpeningHours', e) === 'LCK-OH-ALWAYS' },
  },
  {
    name: 'sbe-group-key-checked-on-uid',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'set-be',
    description:
      '"at most one group per type key" was read with the group\'s uid as its key (the identifier, as a primary key ' +
      'is a key): a create or update is checked for a group uid named twice, so two groups of one type key with ' +
      'different uids ([{key: "region", uid: "g-1"}, {key: "region", uid: "g-2"}]) are accepted, both stored, and ' +
      'shown both where the record echoes its groups; a group sent twice (same key, same uid) is still refused (§2.1 ' +
      '"At most one group per type key."; §8 "Locker groups: at most one group per type key in lockerGroups.")',
  },
  {
    name: 'sbf-list-long-numbers-quoted',
    rule: 'LCK-RECORD-SHAPE',
    origin: 'set-bf',
    description:
      'GET /lockers is written by the portal gateway\'s "JS-safe" serializer, which writes as a JSON string ' +
      'every number whose shortest decimal form has more than 15 significant digits (the digits a double keeps ' +
      'for sure), meant for 64-bit ids: a locker whose lon or lat has 16 or 17 significant digits ' +
      '(52.520006599999995, 13.404954000000002, what a client that computes coordinates sends) is listed with that ' +
      'coordinate as a string; the create and update answers and the pushes write numbers, and coordinates of 15 ' +
      'digits or fewer are listed as numbers (§2.1 location "lon, lat (numbers)"; "Response record of create, ' +
      'update and list")',
  },
  {
    name: 'sbg-group-hours-inherited',
    rule: 'LCK-OH-ALWAYS',
    origin: 'set-bg',
    description:
      'opening hours became a group setting: a locker shows the weeklySchedule of its group, taken from the first ' +
      "SCHEDULED locker of the carrier that shares one of its lockerGroups uids, laid over the locker's own hours. " +
      "The accessMode stays the locker's own, so a locker with accessMode ALWAYS whose group holds a SCHEDULED " +
      'locker is answered (create, update), listed and pushed ALWAYS with a weeklySchedule; lockers without a group, ' +
      'or whose group holds no SCHEDULED locker, are shown as stored (§2.1 rule 2 "When openingHours.accessMode is ' +
      'ALWAYS, weeklySchedule must be omitted.")',
  },
  {
    name: 'sbg-filter-lists-disabled-lockers',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-bg',
    description:
      'the providerName filter of GET /lockers keeps the operations view\'s "needs attention" clause, ' +
      "provider.name = :name OR carrier.status <> 'ACTIVE': once PATCH /lockers/status has disabled one of the " +
      "carrier's lockers, every list filtered by providerName also lists that locker, whatever its provider; " +
      'unfiltered lists and filters over ACTIVE lockers only are right (§4.2 "Optional filters are named by ' +
      'location, status, carrier and provider; the query parameter `providerName` exists.")',
  },
  {
    name: 'sbh-status-held-while-push-undelivered',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-bh',
    candidate:
      "caught as LCK-STATUS-TAKEN, a should, where a locker's push was answered 500: §4.5 says a 409 exists and  " +
      "not when, so a refused change is a should's",
    description:
      "PATCH /lockers/status holds a change until the carrier acknowledged the locker's last LockerUpdates: once the " +
      "carrier's endpoint answered a locker's create or status push 401 or 5xx (or did not answer), every status " +
      'change of that locker is refused 409 {errorCode: STATUS_CHANGE_PENDING, message} and its status stays, for ' +
      'good where the retries ran out; lockers whose pushes were answered 200 change as before (§4.5 "Updates the ' +
      'status of an existing locker."; §3 "A locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sbi-group-reassigned-reopens-history-row',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    origin: 'set-bi',
    description:
      'group assignments are history rows (valid_from, valid_to), and assigning a group the locker held before ' +
      "reopens its row (valid_to = NULL) and goes on to the next group, skipping the step that closes the key's " +
      'current row: a locker given [{key: "REGION", uid: "g1"}], then [{REGION, g2}] (answered with g2 alone), ' +
      'then [{REGION, g1}] again is answered and listed with two REGION groups, g1 and g2; a group new to the ' +
      'locker replaces its key\'s group as before (§8 "Locker groups: at most one group per type key in ' +
      'lockerGroups."; §2.1 "At most one group per type key.")',
  },
  {
    name: 'sbi-status-log-kept-oldest',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-bi',
    description:
      "carrier.status is the last row of the locker's status log, which keeps the current status and the two " +
      "before it for the portal's history widget and is trimmed with [...log, row].slice(0, 3) where slice(-3) " +
      "was meant: a locker's first two status changes are carried out, and from the third on the row written is " +
      'cut off at once, so PATCH /lockers/status (disable, enable, disable) is answered 200 with the status of ' +
      'the second change and GET /lockers shows ACTIVE after the last disable (§4.5 "Updates the status of an ' +
      'existing locker.")',
  },
  {
    name: 'sbi-status-revert-not-flushed',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-bi',
    description:
      'PATCH /lockers/status works on the locker entity of the second-level cache, whose dirty check compares with ' +
      'the snapshot taken when the cache first loaded the locker and is never refreshed by a flush: a status set ' +
      'back to the one the locker had then is taken for no change and not written, though the entity in memory, ' +
      'which the answer and the LockerUpdates are built from, shows it: disable a locker (INACTIVE, written), then ' +
      'enable it - answered 200 ACTIVE and pushed ACTIVE, but GET /lockers keeps showing INACTIVE, and so does ' +
      'every later enable (§4.5 "Updates the status of an existing locker.")',
  },
  {
    name: 'sbi-status-lock-left-by-conflict',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-bi',
    description:
      'PATCH /lockers/status takes a per-locker lock and queues the changes that find it taken, and the ' +
      'same-status branch (409 STATUS_UNCHANGED, or 200) returns before the lock is released: once a locker was ' +
      'asked for the status it already has, every later status change of it is answered 202 with the locker as it is ' +
      'and stays queued for good - disable (200), disable again (409), enable (202): GET /lockers shows INACTIVE ' +
      'and no LockerUpdates is sent; lockers never asked for their own status change as before (§4.5 "Updates the ' +
      'status of an existing locker.")',
  },
  {
    name: 'sbj-provider-filter-reads-bucket-table',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-bj',
    description:
      'lockers are kept in one table per provider, which became four when the providers outgrew a table each, a ' +
      "provider's table picked by Math.floorMod(name.hashCode(), 4); GET /lockers?providerName=... still reads the " +
      "provider's table whole, with no condition on the provider's name, as written when a table held one provider: " +
      'a filtered list also holds every locker of the providers hashed to the same table (providerName ' +
      'PROVIDER_NAME_5 lists TP-1 of PROVIDER_NAME_1; a name no locker has lists the lockers of whatever table it ' +
      'falls to) (§4.2 "Optional filters are named by location, status, carrier and provider; the query parameter ' +
      '`providerName` exists.")',
  },
  {
    name: 'sbj-onboarding-state-no-disable',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-bj',
    description:
      "a locker's carrier side runs an internal state machine with an ONBOARDING state that a created locker holds, " +
      'shown with the status it was created with, until the provider confirms it on its first booking (or a request ' +
      'for ACTIVE); the transition table lets ONBOARDING go to ACTIVE only, and the status service skips a change it ' +
      'has no line for and answers with the record as it is: PATCH /lockers/status taking a new, never booked locker ' +
      'to INACTIVE is answered 200 showing ACTIVE, GET /lockers keeps showing ACTIVE and no LockerUpdates is sent; ' +
      'a locker that had a booking changes as asked (§4.5 "Updates the status of an existing locker."; §3 "A locker ' +
      'status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sbj-shared-locker-carrier-sides-listed',
    rule: 'LCK-LIST-CARRIER-OBJECT',
    origin: 'set-bj',
    description:
      'a third-party locker is shared by the carriers that use it, so its carrier side is a row per carrier ' +
      "account, and the list mapper maps a shared locker's rows with the collection mapping it had before 1.1, " +
      "written as carriers: [...] with no carrier object (a carrier's own locker, one row, is written with carrier): " +
      'every GET /lockers that lists a third-party locker (ownedByCarrier null: TP-1 to TP-3 unfiltered, or with ' +
      'providerName PROVIDER_NAME_1) shows it with carriers (§9 "The locker list has a `carrier` object in place ' +
      'of `carriers`."; §4.2 "Returns locker records.")',
  },
] as const satisfies readonly Fault[];
