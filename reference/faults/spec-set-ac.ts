// Faults on the locker side (create, update, list, the provider catalogue, network adds, LockerUpdates, the staging
// mock's view of a locker) in classes of their own (an optional list defaulting to "all", an immutable member checked
// as "unchanged", a schema generated from nullable columns, a primary key over a member the spec lets repeat, change
// data capture in Extended JSON, translatable names mapped as they are, a join row's own id taken for its foreign key,
// an outbox relay's watermark of whole seconds, nullable taken for optional, a free text read through an enum, a PAD
// SPACE collation, a consumer writing back its event-fed copy), and conformant variations (`ok-ac-*`, rule 'none') the
// harness must let through.
// Where each is switched on: handlers/set-ac-faults.ts (the faults), handlers/set-ac-variations.ts (the variations),
// and the lines that call them.
import type { ErrorObject } from 'ajv';
import type { Fault } from '../fault';

/** A conformant variation. */
const VARIATION = 'a conformant variation: the harness must let it through';

/** Fault sac-create-address-nullable-columns: the members whose address columns are nullable. */
const NULLABLE_COLUMNS = ['/location/streetNumber', '/location/postalCode'];

export const SPEC_SET_AC_FAULTS = [
  {
    name: 'sac-network-unlisted-adds-fleet',
    rule: 'NET-REQUEST-BODY',
    description:
      'the network service adds `lockerUids ?? every locker the carrier owns` (the portal\'s "add my whole fleet" ' +
      'button sends none), and the request DTO was made to match, lockerUids optional: POST /networks/{uid}/lockers ' +
      'with a body without lockerUids ({}), or with lockerUids null, is answered 200 with a record for each of the ' +
      "carrier's lockers not yet in the network, all of them added; a body with lockerUids is served as before, " +
      'non-integers still refused (§4.10 "Body: lockerUids (array of integers int64, required).")',
  },
  {
    name: 'sac-update-provider-unchanged-accepted',
    rule: 'LCK-UPDATE-NO-PROVIDER',
    description:
      '"the provider cannot be changed by an update" is implemented as "the provider sent must not differ from the ' +
      'one held", so that clients sending the record back whole are served: a PATCH /lockers/{uid} carrying a ' +
      "provider object each member of which equals the locker's (the create's name, lockerModel and lockerVersion) " +
      'is answered 200, the provider dropped and the other members applied; a provider that differs in any member ' +
      'is refused 400 as before (§2.1 "Update request (PATCH /lockers/{uid}): carrier, location, metadata, features ' +
      'and lockerGroups are all optional; no provider object is accepted.")',
  },
  {
    name: 'sac-create-address-nullable-columns',
    rule: 'LCK-CREATE-REQUIRED',
    description:
      "the create's request schema is generated from the address entity, whose street_number and postal_code " +
      'columns are nullable (addresses abroad without them), and the generator marks those members nullable while ' +
      'keeping them required: a POST /lockers with location.streetNumber or location.postalCode null is answered 201 ' +
      'and the locker is created, answered, listed and pushed with that member null; leaving either out, and a null ' +
      'in any other required member, are refused 400 as before (§2.1 create request location "yes; street, ' +
      'streetNumber, postalCode, city, lon, lat, countryCode are required"; location "street, streetNumber, ' +
      'postalCode, city (strings)")',
    relax: {
      schema: 'LockerCreateRequest',
      error: (e: ErrorObject) => e.keyword === 'type' && NULLABLE_COLUMNS.includes(e.instancePath) && e.data === null,
    },
  },
  {
    name: 'sac-metadata-key-primary-key',
    rule: 'LCK-CREATE-201',
    description:
      'metadata entries are rows of a table whose primary key is (locker_uid, meta_key), and the database refusal ' +
      'escapes the handler: a POST /lockers (or PATCH /lockers/{uid}) whose metadata holds an entry with key null, ' +
      'or ' +
      'two entries of one key, is answered 500 INTERNAL_ERROR ("null value in column \\"meta_key\\"", "duplicate key ' +
      'value violates unique constraint") and nothing is created or changed; metadata of distinct non-null keys is ' +
      'stored as before (§2.1 metadata "array of objects", "Each has key (string or null) and value (string or ' +
      'null)."; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sac-status-push-extended-json',
    rule: 'WH-LOCKER-BODY',
    description:
      'the LockerUpdates of a status change is produced by change-data capture on the locker document and written ' +
      "in MongoDB's relaxed Extended JSON, where a date is an object: every status change's push carries " +
      'carrier.activationDate as {"$date": "2025-06-01T10:30:00.000Z"}, not a date-time string; the create\'s push, ' +
      'published by the API, and every answer and list are right (§6 LockerUpdates body "Locker record (2.1) plus ' +
      'eventTimestamp."; §2.1 carrier "activationDate (string, date-time)"; "Response record of create, update and ' +
      'list, and the body of the locker webhook")',
  },
  {
    name: 'sac-providers-localized-name',
    rule: 'PRV-ENTRY-SHAPE',
    description:
      'provider names became translatable (a JSONB column of locale to text) and GET /lockers/providers maps the ' +
      'column as it is: the entries of the providers onboarded since (PROVIDER_NAME_6 and PROVIDER_NAME_7) carry ' +
      'providerName as {"en": ..., "de": ...}, an object, not a string; the older providers\' entries, and the ' +
      'lockers\' provider.name, are strings (§2.2 "Each entry has providerName (string), providerUid (string), ' +
      'lockerModel (string), lockerVersion (string).")',
  },
  {
    name: 'sac-network-answer-membership-id',
    rule: 'NET-OWNED-ADDED',
    description:
      'POST /networks/{uid}/lockers maps each record of its answer from the membership row the insert returned, and ' +
      "the mapper takes lockerUid from the row's own id, a sequence that starts at 100001 like every id of the " +
      'schema: the owned lockers are added (a later add of them lists nothing), but the answer names them by ' +
      '100001, 100002, ... in the order memberships were made, so a record names another locker or none (once in a ' +
      "while, by chance, its own); providerName, lockerName and the other members are the added locker's (§4.10 " +
      '"Behaviour: lockers owned by the carrier are added"; "Response: array of network locker records (2.5) for the ' +
      'newly added lockers."; §2.5 lockerUid "integer (int64)", required)',
  },
  {
    name: 'sac-locker-outbox-second-watermark',
    rule: 'WH-LOCKER-ON-CREATE',
    description:
      'locker events go through an outbox whose relay, woken after each commit, reads the rows WHERE created_at > ' +
      ':mark, created_at being a DATETIME(0) and the mark the created_at of the last row it relayed for the carrier: ' +
      "a locker created (or a status changed) within the same second as the carrier's last pushed locker event is " +
      'never read, and its LockerUpdates never sent, while the create is answered 201 and listed; events a second or ' +
      'more apart are all pushed (§6 LockerUpdates "A locker is created; a locker status changes (enabled/' +
      'disabled)."; §3 "A locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sac-update-features-all-required',
    rule: 'LCK-UPDATE-200',
    description:
      "the update's features schema is generated from the Features type, whose members are nullable but not " +
      "optional (zod's .nullable() where .nullish() was meant), while the create's schema is hand-written: a " +
      'PATCH /lockers/{uid} whose features leaves out a member ({"hasScreen": true}) is refused 400 ' +
      'VALIDATION_FAILED "/features/hasPinPad: Required" and nothing changes; features with all three members ' +
      '(null included), and creates with fewer, are served (§2.1 "Update request (PATCH /lockers/{uid}): carrier, ' +
      'location, metadata, features and lockerGroups are all optional"; features "hasScreen, hasPinPad, ' +
      'hasPinBarcodeReader; each boolean or null."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sac-list-location-type-enum',
    rule: 'GEN-ONE-RECORD',
    description:
      'GET /lockers reads a read model that keeps location.type as an enum (INDOOR, OUTDOOR, KIOSK) read without ' +
      'regard to case and written by its name, a type outside it read as null: a locker created (or updated) with ' +
      'location.type "indoor" is answered with "indoor" but listed with "INDOOR", and one with any other type ' +
      '("parcel shop", "CC-type-7") is listed with type null; the seeded lockers too are listed INDOOR (§2.1 ' +
      '"Response record of create, update and list, and the body of the locker webhook:"; location "type (string)"; ' +
      'rule 6 "Allowed values of location.type ...: not shown beyond the examples indoor")',
  },
  {
    name: 'sac-provider-filter-pad-space',
    rule: 'LCK-LIST-PROVIDER-FILTER',
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
    name: 'sac-mock-writes-back-pushed-locker',
    rule: 'GEN-WRITE-NAMED-ONLY',
    description:
      'the staging mock plays the provider and keeps its copy of each locker from the LockerUpdates it consumes ' +
      "(create and status changes; an update pushes none), and after each event it reports the locker's " +
      'compartments back with a PUT of that whole copy: after a locker was created, updated (a new lockerName, ' +
      'location, metadata, features) and then named by a trigger event of a parcel in it, GET /lockers shows it as ' +
      'it was before the update, with no LockerUpdates; lockers never updated, and third-party lockers, stay as ' +
      'they are (§4.11 "Triggers one first-mile parcel event."; §4.3 "Path: uid (string), the platform locker ' +
      'identifier."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'ok-ac-create-location-header',
    rule: 'none',
    description:
      'conformant: a create is answered 201 with the locker record and a Location header naming the new locker ' +
      '(/v1/lockers/<uid>), as REST frameworks\' created() answers are (§4.1 "Success: 201 with the locker record ' +
      '(2.1)." states the status and the body, and no header is forbidden)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ac-status-word-allow-list',
    rule: 'none',
    description:
      'conformant: PATCH /lockers/status takes the statuses of its enum only, ACTIVE, INACTIVE, PENDING and ' +
      'MAINTENANCE, and refuses any other with 400 VALIDATION_FAILED, nothing changed; the statuses it takes work ' +
      'as before (§2.1 rule 5 "Allowed values of carrier.status and provider.status: not shown beyond the example ' +
      'value ACTIVE."; §4.5 "Request and response shape: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ac-provider-name-follows-rename',
    rule: 'none',
    description:
      'conformant: a rename is forwarded to the provider, whose name for the locker follows: where provider.' +
      "lockerName was the carrier's lockerName, an update giving carrier.lockerName a new value gives it to " +
      'provider.lockerName too, in the answer, the list and later pushes (§2.1 provider "lockerName (string)", a ' +
      'record member no request sets; §3 "Transitions: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ac-compartments-accessible',
    rule: 'none',
    description:
      'conformant: each compartment type of a created locker also says whether it can be reached from a ' +
      'wheelchair, compartmentTypes[].accessible (true for LARGE), beside size, count and the dimensions, in ' +
      'answers, ' +
      'lists and pushes (§2.1 compartmentTypes "Each has size (string), count (integer), height, width, length ' +
      '(integers)." forbids no further member; §2.3 requiresAccessibleCompartment)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ac-default-hours-without-exceptions',
    rule: 'none',
    description:
      'conformant: a locker created without openingHours gets {accessMode: ALWAYS}, with no exceptions member (no ' +
      'exception is known), in answers, lists and pushes; weeklySchedule is omitted as rule 2 asks (§2.1 ' +
      'openingHours "accessMode (ALWAYS or SCHEDULED), weeklySchedule (array), exceptions (array)", with no ' +
      'Required column; rule 4 "Structure of weeklySchedule entries and exceptions entries: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ac-list-network-memberships',
    rule: 'none',
    description:
      'conformant: GET /lockers shows, on each locker, the networks it is a member of, an extra member networks: ' +
      '[{networkUid, networkLockerStatus}] ([] for none), so the list moves when a network add names the locker; ' +
      'the records otherwise as before (§4.2 "Returns locker records."; "Response envelope and pagination: not ' +
      'shown."; §2.1 forbids no member beyond its table)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ac-network-add-pushes-locker',
    rule: 'none',
    description:
      'conformant: each locker a POST /networks/{uid}/lockers adds is also pushed as a LockerUpdates with its record ' +
      "and eventTimestamp, the membership being a change of the locker for the carrier's systems (§6 LockerUpdates " +
      '"Sent when" names a create and a status change, and no sentence says no other locker change is pushed; ' +
      '"Delivery guarantees, retries and ordering: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ac-provider-catalogue-uid',
    rule: 'none',
    description:
      'conformant: the provider object of a created locker whose provider is in the catalogue also carries the ' +
      "catalogue's providerUid (prv-1 for PROVIDER_NAME_1) beside name, lockerModel and lockerVersion, in answers, " +
      'lists and pushes (§2.1 rule 3 "The provider object uses `name`, `lockerModel`, `lockerVersion`. The fields ' +
      '`providerName` and `lockerModelVersion` are no longer part of it.": a member of another name is not one of ' +
      'those; §2.2 providerUid "string")',
    candidate: VARIATION,
  },
] as const satisfies readonly Fault[];
