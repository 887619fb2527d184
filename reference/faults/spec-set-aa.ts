// Faults on the locker side (the list's provider filter, create and update, locker groups, the network add's answer)
// in classes of their own (a full-text analyzer where a keyword belongs, an ORM that drops an undefined condition, a
// date parser that reads only its own output, canonicalisation after validation, empty sections dropped as absent, an
// asynchronous answer where a synchronous one is stated, a not-found cache keyed without the tenant, two collections in
// one table, PHP's array_filter keeping keys, a unit conversion without rounding, Date.UTC's two-digit years, a read
// model that lags behind its command log), and conformant variations (`ok-aa-*`, rule 'none') the harness must let
// through. Where each is switched on: handlers/set-aa-faults.ts (the faults), handlers/set-aa-variations.ts (the
// variations), and the lines that call them.
import type { Fault } from '../fault';

/** A conformant variation. */
const VARIATION = 'a conformant variation: the harness must let it through';

export const SPEC_SET_AA_FAULTS = [
  {
    name: 'saa-provider-filter-analyzed-text',
    rule: 'LCK-LIST-PROVIDER-FILTER',
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
    name: 'saa-activation-isoformat-subset',
    // A valid value refused is a should's (GEN-BOUNDARY-ACCEPTED): §8 shows no ranges of fields.
    rule: 'GEN-BOUNDARY-ACCEPTED',
    description:
      'POST /lockers hands carrier.activationDate to the provider registry client, which parses it with ' +
      'datetime.fromisoformat of Python before 3.11 (it reads only what isoformat() writes) after replacing "Z" by ' +
      '"+00:00": a valid date-time whose fraction of a second has other than 3 or 6 digits (10:30:00.5Z, a Java ' +
      "client's nanoseconds .123456789Z), that ends in a lower-case z, or that falls on a leap second (23:59:60Z) " +
      'is refused 400 VALIDATION_FAILED "Invalid isoformat string" and nothing is created; whole seconds, 3 or 6 ' +
      'digits and offsets are taken, and PATCH /lockers/{uid}, which does not call the registry, takes every ' +
      'form (§2.1 carrier "activationDate (string, date-time)"; create request "yes; its lockerName, lockerId, ' +
      'activationDate are required"; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'saa-group-keys-normalized-after-check',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    description:
      'the one-group-per-key check runs on lockerGroups as sent, and the keys are canonicalised only when the ' +
      "assignments are stored (trimmed and lower-cased, the group service's form of a type key): a create or " +
      'update with [{key: "region", uid: "g-1"}, {key: "Region", uid: "g-2"}] (or "region " beside "region") ' +
      'passes the check and is stored, answered and listed with two groups of key "region"; keys that still ' +
      'differ once canonicalised, and a repeated key as sent, are handled as before (§8 "Locker groups: at most ' +
      'one group per type key in lockerGroups."; §2.1 "At most one group per type key.")',
  },
  {
    name: 'saa-update-empty-section-skipped',
    rule: 'LCK-UPDATE-REQUIRED-MEMBERS',
    description:
      'PATCH /lockers/{uid} drops the sections of its body that are empty objects before validating it ' +
      "(omitBy(body, isEmptyObject), put in for the carrier portal's forms, which post an untouched fieldset as " +
      '{}): an update with carrier {} or location {} is answered 200 with the locker unchanged instead of being ' +
      'refused for the lockerName, lockerId and activationDate, or the street ... countryCode, it lacks; a carrier ' +
      'or location that lacks only some of them is refused 400 as before (§2.1 "When carrier or location is sent, ' +
      'its fields listed above as required are required.")',
  },
  {
    name: 'saa-update-location-answered-202',
    rule: 'LCK-UPDATE-200',
    description:
      'an accepted PATCH /lockers/{uid} that sends location also queues the locker for geocoding, and the ' +
      "controller answers it as the service's asynchronous operations are answered, 202 {requestId, uid, status: " +
      'ACCEPTED, message}, not 200 with the locker record; the change is made at once and GET /lockers shows it; ' +
      'updates without location are answered 200 with the record (§4.3 "Success: 200 with the locker ' +
      'record."; §2.1 "Response record of create, update and list")',
  },
  {
    name: 'saa-update-not-found-cached',
    rule: 'LCK-UPDATE-200',
    description:
      'PATCH /lockers/{uid} sits behind a not-found cache (a minute, put in against clients walking the uids) keyed ' +
      "by the path uid alone, and the 404 the owner check gives a carrier naming another carrier's locker is " +
      "cached like an unknown uid's: once the second carrier's update of a locker of the first is answered 404, " +
      "the first carrier's own valid updates of it are answered 404 LOCKER_NOT_FOUND for a minute and change " +
      'nothing, and so are those of a locker whose uid was answered 404 before it was created; every other update ' +
      'is right (§4.3 "Path: uid (string), the platform locker identifier.", "Success: 200 with the locker ' +
      'record.")',
  },
  {
    name: 'saa-groups-kept-in-metadata-rows',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    description:
      "the lockerGroups assignments are rows of the locker's attribute table beside its metadata entries (key " +
      '"group:<key>", value the group uid, left out of metadata when read), and an update that sends metadata ' +
      'replaces the rows with DELETE ... WHERE locker_uid = ? before inserting the entries sent: an update sending ' +
      'metadata and no lockerGroups leaves the locker with no groups, answered and listed so; updates without ' +
      'metadata keep the groups, and lockerGroups sent are stored as before (§2.1 "When lockerGroups is omitted, ' +
      'the current groups remain unchanged.")',
  },
  {
    name: 'saa-network-answer-sparse-keys',
    rule: 'NET-OWNED-ADDED',
    description:
      'POST /networks/{uid}/lockers is served by a PHP service that maps each lockerUid named to its new record, ' +
      'or null where it was skipped or is a member already, and answers json_encode(array_filter($records)); ' +
      'array_filter keeps the keys, so where a skipped or member uid comes before a newly added one the answer is ' +
      'a JSON object keyed by position ({"1": {record}}), not an array; adds whose new lockers are the first ' +
      'ones named are arrays (§4.10 "Response: array of network locker records (2.5) for the newly added ' +
      'lockers."; "lockers owned by the carrier are added")',
  },
  {
    name: 'saa-compartments-from-inch-sheet',
    rule: 'LCK-RECORD-SHAPE',
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
    name: 'saa-activation-year-below-100',
    rule: 'LCK-CREATE-ECHO',
    description:
      'POST /lockers normalises carrier.activationDate to UTC by its components, new Date(Date.UTC(year, month - ' +
      "1, day, ...)) less the offset, and JavaScript's Date.UTC takes the years 0 to 99 for 1900 to 1999: an " +
      'activationDate of the first century (0001-01-01T00:00:00Z, the earliest RFC 3339 writes, or ' +
      '0099-12-31T23:59:59Z) is stored, answered, listed and pushed in 1901 or 1999; every other date is kept as ' +
      'the same instant, written in UTC, and PATCH /lockers/{uid} keeps the date as sent (§2.1 carrier ' +
      '"activationDate (string, date-time)"; §4.1 "Success: 201 with the locker record (2.1)."; §2.1 "Response ' +
      'record of create, update and list")',
  },
  {
    name: 'saa-list-newest-from-command-log',
    rule: 'GEN-ONE-RECORD-MEMBERS',
    description:
      'GET /lockers reads a read model that a projector builds from the command log, and the projector catches ' +
      "up when the carrier's next locker write arrives (a create, an update, a status change, a network add), not " +
      'after a create; so that a carrier sees its new locker at once, the list shows the locker of its newest ' +
      'create from the command itself, the create request as sent with the uid: without the ownedByCarrier (and ' +
      'compartmentTypes, openingHours, carrier.status, provider-side members) the create answer has; after the ' +
      'carrier\'s next locker write it is listed whole (§2.1 "Response record of create, update and list, and the ' +
      'body of the locker webhook:"; ownedByCarrier "Names the owning carrier"; §4.2 "Returns locker records.")',
  },
  {
    name: 'ok-aa-missing-key-400',
    rule: 'none',
    description:
      'conformant: a request without the X-API-Key header to an operation for which §7 lists no 401 (POST and GET ' +
      '/lockers, GET /lockers/providers, PATCH /lockers/status, POST /networks/{uid}/lockers) is refused by the ' +
      "locker gateway's required-header check, 400 {errorCode: MISSING_API_KEY, message}; a wrong key is refused " +
      'as before, and the operations §7 lists 401 for answer 401 (§7 lists 401 for "Publish parcel data, update ' +
      'locker, get parcels, cancel parcel" only; §5 "Every operation uses an API key in the request header ' +
      '`X-API-Key`." states no status for a refusal)',
    candidate: VARIATION,
  },
  {
    name: 'ok-aa-answers-pretty-printed',
    rule: 'none',
    description:
      'conformant: every successful answer of the locker, catalogue, status and network operations is written ' +
      'pretty-printed, each member on a line of its own indented by two spaces, with a final line break, as a ' +
      "serializer's indent option writes it; the same JSON values under Content-Type application/json (preamble " +
      '"All bodies are JSON (`Content-Type: application/json`)."; whitespace between JSON tokens means nothing, ' +
      'RFC 8259 §2)',
    candidate: VARIATION,
  },
  {
    name: 'ok-aa-update-404-json-string',
    rule: 'none',
    description:
      "conformant: PATCH /lockers/{uid} of a uid that names none of the caller's lockers is answered 404 with a " +
      'JSON string, the message alone ("no locker of this carrier has uid ..."), Content-Type application/json, ' +
      'not an object (§7 "404 | Update locker, get parcels, cancel parcel | JSON body": the shape of a 404 body is ' +
      'not shown, where 400, 401 and 500 have "errorCode, message")',
    candidate: VARIATION,
  },
  {
    name: 'ok-aa-network-provider-unconfirmed',
    rule: 'none',
    description:
      'conformant: POST /networks/{uid}/lockers answers providerLockerStatus UNCONFIRMED for each locker it adds, ' +
      'the provider not having confirmed the locker for the network yet; networkLockerStatus PENDING and the other ' +
      'members as before (§2.5 providerLockerStatus "string", "Allowed values of the three status fields: not ' +
      'shown beyond the examples ACTIVE and PENDING."; §3 network locker "Transitions: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-aa-providers-newest-version-first',
    rule: 'none',
    description:
      "conformant: GET /lockers/providers lists each provider's pairs newest version first (M100 2.1 before M100 " +
      '1.0), the providers in the catalogue\'s order; the entries as before (§4.4 "Returns the locker model and ' +
      'version pairs per provider (2.2).", "Query parameters: not shown."; no order is stated)',
    candidate: VARIATION,
  },
  {
    name: 'ok-aa-provider-locker-uid-uuid',
    rule: 'none',
    description:
      "conformant: a created locker's provider-side id, provider.lockerUid, is the one the provider's registry " +
      'issues, a random UUID, not PL-<uid>, unless the create sends one; answers, lists, pushes, network records ' +
      '(providerLockerId) and the staging trigger\'s provider_locker_id all use it (§2.1 provider "lockerUid ' +
      '(string)", a record member the create request table does not list; §4.11 provider_locker_id "The ' +
      'provider-side locker identifier; not interchangeable with the platform lockerUid.")',
    candidate: VARIATION,
  },
] as const satisfies readonly Fault[];
