// Faults on the locker side (create, list, update, status, provider catalogue, network add, LockerUpdates, keys,
// versioning) in classes of their own (a gateway retrying a slow POST, an event mapper's null dereference, a CHAR(3)
// column, an embeddable loaded as null, a response cache before the key check, a wall-clock timestamp read as UTC, a
// per-member PATCH dispatcher, group rows copied to a new version, a 1.0 dual write, a provider command's
// compensation, a cache-aside reader that does not parse, a unique index missing its network column), and conformant
// variations (`ok-v-*`, rule 'none') the harness must let through. Where each is switched on:
// handlers/set-v-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

/** Written from the spec alone: not gated until measured. */
const CANDIDATE = 'written from the spec alone; not yet measured';

export const SPEC_SET_V_FAULTS = [
  {
    name: 'sv-create-gateway-retry-conflict',
    rule: 'GEN-REJECTED-NO-EFFECT',
    description:
      "a create that sends lockerGroups waits on the group service (its assignment call) past the API gateway's 1 s " +
      'upstream timeout, and the gateway, configured to retry on timeout for every method, sends the POST again: ' +
      "the first attempt has stored the locker, the retry is refused LOCKER_ID_TAKEN, and the retry's answer is " +
      'the one the client gets. A valid POST /lockers with one or more lockerGroups is answered 400 LOCKER_ID_TAKEN ' +
      'though the locker is created (listed, pushed, its uid usable); creates without lockerGroups, or with [], are ' +
      'answered 201 (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 lockerGroups "an array of group ' +
      'objects, each with `key` (string) and `uid` (string).", create request lockerGroups required "no")',
  },
  {
    name: 'sv-create-push-features-npe',
    rule: 'WH-LOCKER-ON-CREATE',
    description:
      "the create's LockerUpdates is built by an event mapper that reads the request DTO, request.features.hasScreen " +
      'and the rest, with no null check, and the event listener logs the TypeError and drops the event: a POST ' +
      '/lockers that leaves features out (an optional member) is answered 201 and listed, but no LockerUpdates is ' +
      'ever sent for its creation; creates that send features (booleans or nulls) are pushed, and so are later ' +
      'status changes of every locker (§6 LockerUpdates "Sent when: A locker is created; a locker status changes ' +
      '(enabled/disabled)."; §2.1 create request features required "no")',
  },
  {
    name: 'sv-list-country-code-char3-padded',
    rule: 'LCK-CREATE-ECHO',
    description:
      'the address table keeps countryCode in a CHAR(3) column, sized for ISO 3166 alpha-3 codes, and a fixed-length ' +
      'CHAR is read back blank-padded: GET /lockers, which reads the address back, lists every locker with a ' +
      'two-letter countryCode as "DE " (a trailing blank), the seeded third-party ones too, while the create and ' +
      'update answers and the LockerUpdates, built from the entity in memory, carry "DE" as sent; three-letter ' +
      'codes are listed as sent (§2.1 location "countryCode (string)"; "Response record of create, update and ' +
      'list"; §4.2 "Returns locker records.")',
  },
  {
    name: 'sv-list-features-embeddable-all-null',
    rule: 'LCK-RECORD-SHAPE',
    description:
      'features are an embedded value of the locker entity (three nullable columns), and the ORM loads an embeddable ' +
      'whose columns are all null as null: a locker created without features, or with all three null (or updated ' +
      'so), is listed by GET /lockers with features null, not an object, while the create and update answers show ' +
      '{hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null}; a locker with at least one boolean feature ' +
      'is listed right (§2.1 features "object", "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null."; ' +
      '"Response record of create, update and list")',
  },
  {
    name: 'sv-list-gateway-cache-before-auth',
    rule: 'AUTH-KEY-REQUIRED',
    description:
      "the API gateway's response cache plugin was put in front of its key-check plugin (plugin order), keyed by the " +
      'URL alone (30 s): a GET /lockers without X-API-Key, or with a wrong key, of a URL (path and query) a carrier ' +
      "listed with its key within the last 30 s is answered 200 with that carrier's lockers instead of being " +
      'refused; a URL nobody listed lately is refused 401 as before, and the other operations check the key (§5 ' +
      '"Every operation uses an API key in the request header `X-API-Key`."; §4 "All operations need the API key ' +
      'header (section 5).")',
  },
  {
    name: 'sv-activation-date-wall-clock-as-utc',
    rule: 'LCK-CREATE-ECHO',
    description:
      'carrier.activationDate is kept in a timestamp-without-time-zone column written by a session set to ' +
      "Europe/Berlin (the instant's wall-clock time there) and read back by a driver that takes the wall-clock time " +
      'for UTC: every activationDate, Z or with an offset, is answered, listed and pushed an hour later than sent ' +
      '(two hours for dates in Berlin summer time): 2025-06-01T10:30:00Z as 2025-06-01T12:30:00.000Z, ' +
      '2025-01-15T10:30:00Z as 2025-01-15T11:30:00.000Z, on create and on update (§2.1 carrier "activationDate ' +
      '(string, date-time)"; §4.1 "Success: 201 with the locker record (2.1)."; §4.3 "Success: 200 with the locker ' +
      'record.")',
  },
  {
    name: 'sv-update-applied-member-by-member',
    rule: 'GEN-REJECTED-NO-EFFECT',
    description:
      'PATCH /lockers/{uid} dispatches each member of the body to a handler of its own in the order the body writes ' +
      'them (carrier, location, metadata, ...), each validating and saving its member, with no transaction around ' +
      'the loop: an update refused 400 (a provider object, a location or carrier missing a required member, a value ' +
      'of another type, a repeated group key) keeps the valid members written before the refused one, e.g. ' +
      '{"carrier": {...a new lockerName}, "provider": {...}} is answered 400 and the locker is listed renamed; a ' +
      'refused member written first changes nothing (§2.1 "no provider object is accepted"; "When carrier or ' +
      'location is sent, its fields listed above as required are required."; §7 "400 | Publish parcel data, update ' +
      'locker, get parcels, cancel parcel | errorCode, message")',
  },
  {
    name: 'sv-update-groups-carried-twice',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
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
    name: 'sv-update-dual-write-v10-members',
    rule: 'VER-REMOVED-FIELDS',
    description:
      'for the 1.1 migration window an update that sends carrier also writes the 1.0 members into the same locker ' +
      'document (a dual write kept for the 1.0 readers), and the 1.1 reader passes unknown members through: once a ' +
      'locker was updated with a carrier object, its answer, GET /lockers and its later LockerUpdates carry ' +
      'carrier.name, provider.providerName and provider.lockerModelVersion ("M100 1.0") beside the 1.1 members; ' +
      'lockers never updated, or updated without carrier, are right (§9 "carrier uses `lockerName` (older `name` ' +
      'deprecated, then removed)."; "provider uses `name`, `lockerModel`, `lockerVersion` (older `providerName` and ' +
      '`lockerModelVersion` removed).")',
  },
  {
    name: 'sv-status-concurrent-compensation',
    rule: 'LCK-STATUS-REPEAT',
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
    name: 'sv-providers-cache-entries-unparsed',
    rule: 'PRV-LIST',
    description:
      'GET /lockers/providers is cached aside for 5 minutes, the cache writer storing each entry as its JSON text (a ' +
      'Redis list of strings) and the reader returning the list it reads without parsing the entries: the first ' +
      'call after a start (or after the entry expired) is answered with the pairs, every later one, of either ' +
      'carrier, with an array of strings such as "{\\"providerName\\":\\"PROVIDER_NAME_1\\",...}" in place of the ' +
      'entry objects (§4.4 "Returns the locker model and version pairs per provider (2.2)."; §2.2 "Each entry has ' +
      'providerName (string), providerUid (string), lockerModel (string), lockerVersion (string).")',
  },
  {
    name: 'sv-network-member-index-without-network',
    rule: 'NET-OWNED-ADDED',
    description:
      "the network membership table's unique index, meant to be on (network, carrier's locker id), was created on " +
      'the carrier locker id alone, and the add inserts with ON CONFLICT DO NOTHING and answers the rows it ' +
      'inserted: a locker the carrier owns whose carrier.lockerId is held by a member of any network (the other ' +
      "carrier's locker numbered alike, L-1, added to that carrier's network) is silently not added and not listed, " +
      'answered 200 without it, however often it is sent; lockers whose carrier.lockerId no member holds are added ' +
      '(§4.10 "Behaviour: lockers owned by the carrier are added"; "Response: array of network locker records (2.5) ' +
      'for the newly added lockers."; §2.1 uid "Internal unique identifier assigned by the service.", the only ' +
      'member stated unique)',
  },
  {
    name: 'ok-v-locker-push-event-kind',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: every LockerUpdates names its event in an extra member beside the record and eventTimestamp, ' +
      'eventType LOCKER_CREATED or LOCKER_STATUS_CHANGED, as one webhook carrying two kinds of event often does; ' +
      'the record members as before (§6 LockerUpdates "Sent when: A locker is created; a locker status changes ' +
      '(enabled/disabled)."; body "Locker record (2.1) plus eventTimestamp.": no sentence forbids a member naming ' +
      'the event, and §2.1 does not say which members a record always carries)',
  },
  {
    name: 'ok-v-list-own-first',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      "conformant: GET /lockers lists the caller's own lockers first, in creation order, then the third-party " +
      'lockers (ownedByCarrier null), in theirs; the records and the providerName filter as before (§4.2 "Response ' +
      'envelope and pagination: not shown."; no order is stated)',
  },
  {
    name: 'ok-v-provider-status-follows',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      "conformant: a status change is forwarded to the provider, whose side follows on the provider's " +
      'acknowledgement, just after the answer and the LockerUpdates: from then on provider.status equals the new ' +
      'carrier.status in GET /lockers, later answers and pushes (§3 "Locker: carries a status on the carrier side ' +
      '(carrier.status) and on the provider side (provider.status)."; "Transitions: not shown."; §2.1 rule 5 ' +
      '"Allowed values of carrier.status and provider.status: not shown beyond the example value ACTIVE.")',
  },
] as const satisfies readonly Fault[];
