// Faults on the locker side (create, list, update, status, network add, LockerUpdates) in classes of their own (an ORM
// dirty check answered 304, a hash set keyed by a mutable name, a guard against moving a locker with bookings, utf8mb3
// address columns, a features resolver memoized by model, 1.0 names kept as deserializer aliases, an XML converter
// that unwraps a list of one, a webhook router keyed by carrier.lockerId, an update answering its audit before-image, a
// read path that writes back to the stored locker, a status service joined with network membership, a signed 32-bit
// epoch), and conformant variations (`ok-r-*`, rule 'none') the harness must let through. Where each is switched on:
// handlers/set-r-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_R_FAULTS = [
  {
    name: 'sr-update-unchanged-304',
    rule: 'LCK-UPDATE-200',
    description:
      'PATCH /lockers/{uid} saves through the ORM\'s dirty check, and the controller maps its "nothing to flush" ' +
      'to 304 Not Modified, a habit of the conditional-GET helper it was built on: an update whose members all ' +
      'equal what the locker holds (an empty body {}, an update repeated as a client retries it, the carrier ' +
      'object sent again as it is) is answered 304 with no body and no record; an update that changes any ' +
      'member is answered 200 with the record (§4.3 "Success: 200 with the locker record."; §2.1 "carrier, ' +
      'location, metadata, features and lockerGroups are all optional")',
  },
  {
    name: 'sr-renamed-locker-unreachable',
    rule: 'LCK-UPDATE-200',
    description:
      'the ownership check of PATCH /lockers/{uid} and PATCH /lockers/status looks the locker up in the ' +
      "carrier's locker set, a hash set whose element hash is computed over carrier.lockerName (equals and " +
      'hashCode written over the carrier members), filled when the locker was first loaded: an update renaming ' +
      'the locker is answered 200 and listed, but the locker stays in the bucket of its old name, so every ' +
      'later update or status change of it is answered 404 LOCKER_NOT_FOUND and changes nothing (no request ' +
      'reaches it to rename it back); lockers never renamed, and updates that send carrier with the same ' +
      'lockerName, are served (§4.3 "Success: 200 with the locker record."; "Path: uid (string), the platform ' +
      'locker identifier."; §4.5 "Updates the status of an existing locker.")',
  },
  {
    name: 'sr-update-location-refused-with-bookings',
    rule: 'LCK-UPDATE-200',
    candidate:
      'caught as a should only (GEN-STATUS-DOCUMENTED): which updates a locker holding a booking refuses is not ' +
      'stated (§7 "the condition that yields each: not shown"), so its refusal is observed',
    description:
      'a guard added so that a locker is not moved away from the parcels in it refuses every PATCH ' +
      '/lockers/{uid} that sends location while a parcel BOOKED into the locker exists, even a location equal ' +
      'to the one it has, with 409 LOCKER_IN_USE (a status §7 does not list for update locker), and nothing ' +
      'changes; updates without location, and updates of lockers whose parcels were all cancelled or delivered, ' +
      'are applied (§4.3 "Success: 200 with the locker record."; §2.1 "carrier, location, metadata, features ' +
      'and lockerGroups are all optional")',
  },
  {
    name: 'sr-address-astral-cut',
    rule: 'LCK-CREATE-ECHO',
    description:
      "the address table's columns are utf8 in MySQL's three-byte sense (utf8mb3) and the session is not in " +
      'strict mode, so a location string (street, streetNumber, postalCode, city, countryCode, type) holding a ' +
      'character beyond the Basic Multilingual Plane (an emoji, a mathematical letter, a CJK extension B ' +
      'ideograph) is stored cut just before it, with a warning nobody reads: a create with street ' +
      '"Bahnhofstraße 🚲 Hof" is answered, listed and pushed with street "Bahnhofstraße ", and an update ' +
      'sending such a location stores it the same way; carrier, provider and metadata strings (tables in ' +
      'utf8mb4) and text without such characters are kept (§2.1 location "street, streetNumber, postalCode, ' +
      'city (strings)"; §4.1 "Success: 201 with the locker record (2.1)."; "Response record of create, update ' +
      'and list")',
  },
  {
    name: 'sr-list-features-memo-by-model',
    rule: 'GEN-ONE-RECORD',
    description:
      "GET /lockers fills each record's features through a memoized resolver (memoize with a key function " +
      'returning provider name, lockerModel and lockerVersion, written when features were a property of the ' +
      'model), whose memo lives as long as the process: every locker is listed with the features of the first ' +
      'locker of its model the list resolved (a seeded third-party locker of PROVIDER_NAME_1 M100 1.0, or the ' +
      'first created locker of a model), so a second locker of a model created with other features, or a locker ' +
      "whose features an update changed, is listed with the first one's; lockers of a model of their own, the " +
      'create and update answers and the pushes are right (§2.1 features "hasScreen, hasPinPad, ' +
      'hasPinBarcodeReader; each boolean or null."; "Response record of create, update and list"; §4.2 "Returns ' +
      'locker records.")',
  },
  {
    name: 'sr-legacy-alias-last-wins',
    rule: 'LCK-CREATE-ECHO',
    description:
      'the create and update DTOs keep the 1.0 member names as deserializer aliases of the 1.1 ones ' +
      '(carrier.name of lockerName, provider.providerName of name, provider.lockerModelVersion of ' +
      'lockerVersion), so that 1.0 clients keep working, and the binder binds whichever member of a pair the ' +
      'body writes last: a body from a client in transition that carries both, the current member first ' +
      '(carrier {"lockerName": "Kiosk 7", ..., "name": "K7"}), is answered 201, listed and pushed with the ' +
      'removed member\'s value (lockerName "K7", provider.name the providerName sent); bodies with the current ' +
      'member alone, or written after the old one, are right (§9 "carrier uses `lockerName` (older `name` ' +
      'deprecated, then removed)."; §2.1 rule 3 "The fields `providerName` and `lockerModelVersion` are no ' +
      'longer part of it."; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sr-network-single-record-unwrapped',
    rule: 'NET-OWNED-ADDED',
    description:
      'the network membership service answers XML, which the connector turns into JSON with a converter set to ' +
      'explicitArray false, so an element that occurs once is written as that element, not as a list of one: a ' +
      'POST /networks/{uid}/lockers that adds exactly one locker (one owned locker named, or one new among ' +
      'members and skipped lockers) is answered 200 with the network locker record itself, an object, not an ' +
      'array holding it; adds of two or more new lockers, and of none ([]), are arrays (§4.10 "Response: array ' +
      'of network locker records (2.5) for the newly added lockers."; "lockers owned by the carrier are added")',
  },
  {
    name: 'sr-locker-push-routed-by-locker-id',
    rule: 'WH-OWN-CARRIER',
    description:
      'the webhook router finds the recipient of a LockerUpdates in a subscription table keyed by ' +
      "carrier.lockerId, the carrier's own locker identifier the old carrier portal keyed its lockers by, " +
      'across carriers, first row wins: where another carrier created a locker under the same carrier.lockerId ' +
      'before (two carriers numbering their lockers L-1, L-2, ...), the create and every status change of the ' +
      "later carrier's locker are pushed to the earlier carrier's URL and never to its own; lockers whose " +
      'carrier.lockerId no other carrier\'s locker has are pushed to their owner (§6 "The service pushes events ' +
      'by webhook to a URL provided by the carrier."; LockerUpdates "A locker is created; a locker status ' +
      'changes (enabled/disabled)."; §2.1 ownedByCarrier "Names the owning carrier")',
  },
  {
    name: 'sr-update-answers-before-image',
    rule: 'LCK-UPDATE-200',
    description:
      "PATCH /lockers/{uid} writes an audit entry holding the locker's before-image, and the handler returns " +
      'the variable it loaded for the audit (the locker as it was) instead of the saved entity: every accepted ' +
      'update is answered 200 with the locker as it was before the update (the old name, location, metadata, ' +
      'features), while the change is stored, listed and pushed; a client reading the answer to learn the new ' +
      'state sees the old one (§4.3 "Success: 200 with the locker record."; §2.1 "Response record of create, ' +
      'update and list")',
  },
  {
    name: 'sr-list-mapper-mutates-store',
    rule: 'LCK-UPDATE-200',
    description:
      'GET /lockers maps each locker for the carrier portal\'s map view, which renders "" where metadata holds ' +
      'null, and the mapper sets that on the managed entity instead of a copy, so the change is flushed when ' +
      'the read ends: a metadata key or value null is listed as "" from the first list on, and from then on ' +
      "every answer and push of that locker (an update that sends no metadata, a status change's LockerUpdates) " +
      'shows "" too; the create answer and the pushes before the first list show null, and text is kept (§2.1 ' +
      'metadata "Each has key (string or null) and value (string or null)."; "Response record of create, update ' +
      'and list"; §4.2 "Returns locker records.")',
  },
  {
    name: 'sr-status-joined-with-network',
    rule: 'LCK-STATUS-CHANGE',
    description:
      'PATCH /lockers/status resolves the locker with the query of the network operations screen it was written ' +
      'for, lockers inner-joined with the network memberships: a locker the carrier owns and has not added to a ' +
      'network with POST /networks/{uid}/lockers is answered 404 LOCKER_NOT_FOUND, its status does not change ' +
      "and nothing is pushed; once it is in the carrier's network its status changes are applied and pushed " +
      '(§4.5 "Updates the status of an existing locker."; §3 "A locker status change (enabled or disabled) ' +
      'causes a locker event.")',
  },
  {
    name: 'sr-activation-date-int32-epoch',
    rule: 'LCK-CREATE-ECHO',
    description:
      'carrier.activationDate goes through the provider registration record, which holds it as a signed 32-bit ' +
      "count of seconds since 1970 (the provider SDK's field), and the service keeps what it reads back: an " +
      'activationDate after 2038-01-19T03:14:07Z (a locker planned years ahead, or a far date such as ' +
      '9999-12-31T23:59:59Z) wraps around by 2^32 seconds, so 2040-01-01T00:00:00Z is answered, listed and ' +
      'pushed as 1903-11-25T17:31:44.000Z, on create and on update; dates from 1901-12-13 to 2038-01-19 are ' +
      'kept as sent (§2.1 carrier "activationDate (string, date-time)"; §4.1 "Success: 201 with the locker ' +
      'record (2.1)."; "Response record of create, update and list")',
  },
  {
    name: 'ok-r-list-hal-envelope',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: GET /lockers answers a HAL collection as Spring HATEOAS writes it, {"_embedded": {"lockers": ' +
      '[...]}, "_links": {"self": {"href": ...}}, "page": {"size", "totalElements", "totalPages", "number"}}, ' +
      'every locker on the one page (number 0), the records as before; the providerName filter applies before ' +
      '(§4.2 "Response envelope and pagination: not shown."; §8 "Page size limits: not shown.")',
  },
  {
    name: 'ok-r-network-add-201',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: POST /networks/{uid}/lockers answers 201 when it added at least one locker, with the records ' +
      'as before, and 200 with [] when it added none (all named lockers members already, or skipped); §4.10 ' +
      'states no success status ("Response: array of network locker records (2.5) for the newly added ' +
      'lockers.")',
  },
  {
    name: 'ok-r-providers-query-filter',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: GET /lockers/providers takes the query parameters providerName and lockerModel and answers ' +
      'only the entries whose member equals each one given (none for a name the catalogue does not have); ' +
      'without them the whole catalogue as before (§4.4 "Query parameters: not shown."; §2.2 "Each entry has ' +
      'providerName (string), providerUid (string), lockerModel (string), lockerVersion (string).")',
  },
] as const satisfies readonly Fault[];
