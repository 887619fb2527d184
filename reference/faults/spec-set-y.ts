// Faults on the locker side (create, update, list and its filter, provider catalogue, network add, how an answer
// leaves) in classes of their own (a version normaliser, a "today or later" date constraint, a route parameter
// pattern, a binder taking a single value for an array, Go's plain bools, a guard run before validation, a map key
// read as another type, a cache keyed without the query string, a checked exception that commits, a locale's number
// format, an entity relation serialized whole, a cache filled without awaiting), and conformant variations (`ok-y-*`,
// rule 'none') the harness must let through. Where each is switched on: handlers/set-y-faults.ts (the faults),
// handlers/set-y-variations.ts (the variations), and the lines that call them.
import type { Fault } from '../fault';

/** A conformant variation. */
const VARIATION = 'a conformant variation: the harness must let it through';

export const SPEC_SET_Y_FAULTS = [
  {
    name: 'sy-locker-version-semver-coerced',
    rule: 'LCK-CREATE-ECHO',
    description:
      'the model registry the create goes through keeps provider.lockerVersion as semver.coerce gives it back, so ' +
      'a version of one or two parts gets three: a POST /lockers with lockerVersion "1.0" (the catalogue\'s own ' +
      'spelling) is answered 201, listed and pushed with "1.0.0", "2.1" with "2.1.0", "v3" with "3.0.0"; a version ' +
      'already of three parts, or with no digit, is kept (§2.1 provider "name (string), lockerModel (string), ' +
      'lockerVersion (string)"; §4.1 "Success: 201 with the locker record (2.1)."; §2.1 "Response record of ' +
      'create, update and list")',
  },
  {
    name: 'sy-activation-date-future-or-present',
    rule: 'LCK-CREATE-201',
    description:
      'carrier.activationDate carries a "today or later" constraint (@FutureOrPresent on its date, in UTC), put in ' +
      'so that no one schedules an activation in the past: a POST /lockers, otherwise valid, whose activationDate ' +
      'falls on an earlier day than today (2025-06-01T10:30:00Z, a locker that has been running for a year) is ' +
      'refused 400 VALIDATION_FAILED and nothing is created; PATCH /lockers/{uid} sending such a carrier is refused ' +
      'alike; today or a later day is taken (§2.1 carrier "activationDate (string, date-time)", "yes; its ' +
      'lockerName, lockerId, activationDate are required"; §4.1 "Success: 201 with the locker record (2.1)."; §8 ' +
      '"Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'sy-update-uid-route-pattern',
    rule: 'ERR-404-JSON',
    description:
      'the update route is declared PATCH /lockers/:uid(\\d+), the uids the service makes being digits, so a uid ' +
      "with any other character (100001x, a near miss of a real one) matches no route and the framework's " +
      'final handler answers 404 with its HTML page, Content-Type text/html, "<pre>Cannot PATCH ' +
      '/v1/lockers/100001x</pre>", no errorCode or message; an unknown uid of digits is answered the JSON 404 as ' +
      'before (§7 "404 | Update locker, get parcels, cancel parcel | JSON body"; preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §4.3 "Path: uid (string), the platform locker identifier.")',
  },
  {
    name: 'sy-single-value-as-array',
    rule: 'LCK-CREATE-TYPES',
    description:
      "the request binder is set to accept a single value as an array (Jackson's ACCEPT_SINGLE_VALUE_AS_ARRAY, " +
      'switched on for a partner that sends one-element lists unwrapped): a POST /lockers or PATCH /lockers/{uid} ' +
      'whose metadata is one object ({key, value}) instead of an array, or whose lockerGroups is one group object, ' +
      'is answered 201/200 and stored as an array of it; POST /networks/{uid}/lockers with lockerUids one integer ' +
      'adds that locker; other values of another type are still refused (§2.1 create request "metadata | array of ' +
      'objects", "lockerGroups | array of group objects"; §4.10 "Body: lockerUids (array of integers int64, ' +
      'required).")',
  },
  {
    name: 'sy-features-go-plain-bools',
    rule: 'LCK-CREATE-ECHO',
    description:
      'the locker service is written in Go and its Features struct has plain bool fields (no *bool), so ' +
      'encoding/json leaves a null or absent member at its zero value: a POST /lockers or PATCH /lockers/{uid} ' +
      'sending features {hasScreen: true, hasPinPad: null} is answered, listed and pushed with hasPinPad false, and ' +
      'a create without features has all three false; true and false sent are kept, an update without features ' +
      'keeps them (§2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null."; §4.1 ' +
      '"Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sy-create-guard-before-validation',
    rule: 'LCK-CREATE-REQUIRED',
    description:
      'a guard checking that carrier.lockerId is still free reads req.body.carrier.lockerId, and guards run before ' +
      'the validation pipe: a POST /lockers without carrier, with carrier null, or whose body is no object (null, ' +
      'an array) throws a TypeError the exception filter answers 500 INTERNAL_ERROR "Cannot read properties of ' +
      "undefined (reading 'lockerId')\" instead of refusing the request with a 4xx; a carrier present but missing " +
      'a member, and every other refusal, are 400 as before (§2.1 create request "carrier | object | yes; its ' +
      'lockerName, lockerId, activationDate are required"; §7 lists no 500 for create locker: "500 | Same ' +
      'operations as 400")',
  },
  {
    name: 'sy-network-member-key-type',
    rule: 'NET-ONLY-NEW',
    description:
      "network memberships are kept in a map keyed by the lockerUid as the request's JSON number, while the " +
      '"already a member" check looks the locker up by the uid string the locker record holds (Map.has("100001") ' +
      'against the key 100001): no locker is ever found a member, so POST /networks/{uid}/lockers naming an owned ' +
      'locker the network holds adds it again and lists its record again, PENDING anew, every time (§4.10 ' +
      '"Response: array of network locker records (2.5) for the newly added lockers."; "lockers owned by the ' +
      'carrier are added")',
  },
  {
    name: 'sy-list-cache-key-path-only',
    rule: 'LCK-LIST-PROVIDER-FILTER',
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
    name: 'sy-update-checked-exception-commits',
    rule: 'GEN-REFUSED-KEPT',
    description:
      'PATCH /lockers/{uid} maps the request onto the managed entity, then checks carrier.lockerId, and its ' +
      'LockerIdTakenException is a checked exception, on which @Transactional does not roll back: an update whose ' +
      "carrier.lockerId another of the carrier's lockers holds is answered 400 LOCKER_ID_TAKEN, yet every other " +
      'member it sent (carrier.lockerName and activationDate, location, metadata, features, lockerGroups) is ' +
      'committed and listed; the locker keeps its own lockerId; other refusals change nothing (§7 "400 | Publish ' +
      'parcel data, update locker, get parcels, cancel parcel | errorCode, message"; §4.3 "Success: 200 with the ' +
      'locker record.")',
  },
  {
    name: 'sy-list-coordinates-locale-parsed',
    rule: 'GEN-ONE-RECORD',
    description:
      "GET /lockers reads lon and lat from the legacy address view's text columns with NumberFormat.getInstance(), " +
      'the JVM default locale, de_DE on the hosts (LANG=de_DE.UTF-8), where "." groups digits: a locker created at ' +
      'lon 13.404954, lat 52.520008 is answered 201 with them but listed with 13404954 and 52520008 (the seeded ' +
      'ones with 1341 and 5251), every list; the create and update answers map the entity from the request (§2.1 ' +
      '"Response record of create, update and list, and the body of the locker webhook"; location "lon, lat ' +
      '(numbers)")',
  },
  {
    name: 'sy-update-answers-owner-entity',
    rule: 'LCK-RECORD-SHAPE',
    description:
      'PATCH /lockers/{uid} returns the saved entity, and its owner is a @ManyToOne the serializer writes whole: ' +
      'every accepted update is answered with ownedByCarrier {id, name, networkUid}, an object, not the name; ' +
      'create answers, GET /lockers and pushes map the owner to its name (§2.1 "ownedByCarrier | string or null | ' +
      'Names the owning carrier; null means the locker belongs to a third-party provider."; "Response record of ' +
      'create, update and list")',
  },
  {
    name: 'sy-providers-cold-cache-empty',
    rule: 'PRV-LIST-KEPT',
    description:
      'GET /lockers/providers reads the catalogue from a cache filled from the provider registry on first use, ' +
      'and the fill is started without being awaited: the first request after start, and the first after each ' +
      "expiry (5 min), is answered 200 with no entry, while lockers of the catalogue's pairs are listed; the next " +
      'requests get the 14 pairs (§4.4 "Returns the locker model and version pairs per provider (2.2)."; §1 "list ' +
      'the locker model and version pairs that exist per provider")',
  },
  {
    name: 'ok-y-provider-filter-ignores-case',
    rule: 'none',
    description:
      'conformant: GET /lockers matches providerName as a case-insensitive collation does, ?providerName=' +
      "provider_name_1 lists PROVIDER_NAME_1's lockers (names equal but for letter case each listed); the records " +
      'as before (§4.2 "the query parameter `providerName` exists. Names of the remaining query parameters: not ' +
      'shown.": how the filter compares is not stated)',
    candidate: VARIATION,
  },
  {
    name: 'ok-y-list-every-carriers-lockers',
    rule: 'none',
    description:
      "conformant: GET /lockers lists every locker of the platform, the other carriers' too, each with the " +
      'ownedByCarrier naming its owner, in creation order; updates, status changes, bookings and network adds ' +
      'still take only the caller\'s own (and third-party) lockers (§4.2 "Returns locker records."; §2.1 ' +
      'ownedByCarrier "Names the owning carrier": which lockers a carrier\'s list holds is not stated)',
    candidate: VARIATION,
  },
  {
    name: 'ok-y-provider-side-name-assigned',
    rule: 'none',
    description:
      'conformant: the provider names a new locker on its side itself, provider.lockerName "<lockerModel>-<uid>" ' +
      '(M100-100001), whatever the create sends for it, in the answers, lists and pushes (§2.1 create request ' +
      'provider "yes; its name, lockerModel, lockerVersion are required": lockerName is a record member, not a ' +
      'create member; §3 "Transitions: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-y-compartments-in-millimetres',
    rule: 'none',
    description:
      "conformant: compartmentTypes' height, width and length are written in millimetres, ten times the numbers " +
      'the reference otherwise writes (SMALL 100 x 400 x 600), for every locker, seeded or created, in answers, ' +
      'lists and pushes (§2.1 rule 7 "Units of lon/lat aside, units of compartment dimensions: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-y-locker-unknown-members-refused',
    rule: 'none',
    description:
      'conformant: the create and update DTOs fail on members they do not declare: a POST /lockers or PATCH ' +
      '/lockers/{uid} carrying a member the §2.1 request tables do not list (openingHours, ownedByCarrier, uid, ' +
      'carrier.status, provider.lockerName, provider.status, location.floor, metadata[0].id) is refused 400 ' +
      'VALIDATION_FAILED {errorCode, message}, nothing changed (§2.1 the create table lists carrier, provider, ' +
      'location, metadata, features, lockerGroups and their members; "Update request (PATCH /lockers/{uid}): ' +
      'carrier, location, metadata, features and lockerGroups are all optional")',
    candidate: VARIATION,
  },
  {
    name: 'ok-y-gzip-when-accepted',
    rule: 'none',
    description:
      "conformant: the locker service's reverse proxy compresses answers of 1 KiB or more of the locker, catalogue " +
      "and network operations with gzip (Content-Encoding: gzip, Vary: Accept-Encoding) where the request's " +
      'Accept-Encoding takes gzip, as nginx with gzip on does; Content-Type application/json as before, the ' +
      'representation still JSON (preamble "All bodies are JSON (`Content-Type: application/json`)."; a content ' +
      'coding the client asked for is HTTP, RFC 9110 §8.4)',
    candidate: VARIATION,
  },
] as const satisfies readonly Fault[];
