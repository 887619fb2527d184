// Faults and conformant variations of set AG: each names the rule it breaks (or 'none' for a conformant
// variation), its origin and how; the lines that switch one on name it (`app.fault('name')`).
import type { Fault } from '../fault';

/** A conformant variation's `candidate`: the self-test does not gate on it, the harness must let it through. */
const VARIATION = 'a conformant variation: the harness must let it through';

export const SET_AG_FAULTS = [
  {
    name: 'sag-strings-html-escaped-on-bind',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-ag',
    description:
      'after a penetration test found the carrier portal rendering locker names unescaped, the fix went in on input: ' +
      'the create and update binders pass the free-text members the portal shows (carrier.lockerName, ' +
      "location.street, streetNumber and city, each metadata value) through validator.js's escape(), so " +
      '& " \' < > / \\ ` are stored, answered, listed and pushed as HTML entities: a locker created at street ' +
      '"Rue de l\'Église", streetNumber "12/3", named "Kiosk <Nord> & Süd" shows "Rue de l&#x27;Église", ' +
      '"12&#x2F;3" and "Kiosk &lt;Nord&gt; &amp; Süd"; text without those characters is kept as sent ' +
      '(§4.1 "Success: 201 with ' +
      'the locker record (2.1)."; §2.1 "Response record of create, update and list"; street, streetNumber, ' +
      'postalCode, city "(strings)", metadata value "(string or null)")',
  },
  {
    name: 'sag-update-metadata-keyless-dropped',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ag',
    description:
      'PATCH /lockers/{uid} writes metadata with an upsert keyed by (locker, key), INSERT ... ON CONFLICT ' +
      '(locker_uid, meta_key), and its writer filters out the entries it cannot key, those whose key is null or ' +
      'left out: an ' +
      'update sending metadata [{key: null, value: "Hof"}, {key: "door", value: "B"}] is answered 200 with, and ' +
      'lists, the door entry alone; the create, which saves the entries through the ORM, keeps such entries (§4.3 ' +
      '"Success: 200 with the locker record."; §2.1 metadata "Each has key (string or null) and value (string or ' +
      'null).")',
  },
  {
    name: 'sag-refused-create-keeps-id-reservation',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-ag',
    description:
      "POST /lockers first reserves the carrier's carrier.lockerId in a reservation table, in a transaction of its " +
      'own (to close the race between two creates of one id), then validates and checks the request; only the ' +
      "reservation's own refusal (LOCKER_ID_TAKEN) releases it, so a create refused for anything else (a required " +
      'member missing, a member of another type, two groups of one key) leaves its id reserved for good: the ' +
      "carrier's next create under that id, a valid one no locker holds the id of, is refused 400 LOCKER_ID_TAKEN " +
      '"already reserved" and nothing can ever be created under it; other ids are not affected (§2.1 "yes; its ' +
      'lockerName, lockerId, activationDate are required": a request without them is no create and changes nothing; ' +
      '§4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sag-trigger-provider-name-against-locker',
    rule: 'TRG-ENUMS',
    origin: 'set-ag',
    description:
      'the staging mock dropped its fixed list of provider names when the provider catalogue moved to the database, ' +
      'checking provider_name only against the provider of the locker provider_locker_id names, which looked ' +
      'stricter: a trigger for a locker whose provider.name is none of the seven (a carrier may create a locker for ' +
      'any provider name, PROVIDER_NAME_8 or "Acme Lockers") is accepted with that name as provider_name; a name ' +
      "outside the list that is not the locker's provider is still refused 400 PROVIDER_MISMATCH (§4.11 " +
      'provider_name "One of 7 fixed provider names")',
    relax: {
      schema: 'TriggerRequest',
      error: (e) => e.instancePath === '/provider_name' && e.keyword === 'enum',
    },
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
    name: 'sag-update-uid-cast-to-bigint',
    rule: 'GEN-ID-EXACT',
    origin: 'set-ag',
    description:
      'PATCH /lockers/{uid} binds the path uid as text against the BIGINT uid column (WHERE uid = $1::bigint), and ' +
      "PostgreSQL's cast takes blanks around, a sign and leading zeros: 0100001, +100001 and %20100001 update " +
      'locker 100001, answered 200 with its record, where a uid no locker has must be refused and change nothing; ' +
      'a uid that casts to no locker, or is no number, is 404 as before (§4.3 "Path: uid (string), the platform ' +
      'locker identifier."; §2.1 uid "string")',
    candidate:
      'a numeric uid read as the int64 §2.5 and §4.10 make it: leading zeros, a sign or blanks around it may name ' +
      'the same locker (generators/ids.ts, reported only, never failed)',
  },
  {
    name: 'sag-network-fraction-uids-truncated',
    rule: 'NET-REQUEST-BODY',
    origin: 'set-ag',
    description:
      "POST /networks/{uid}/lockers binds lockerUids to a List<Long> with Jackson's ACCEPT_FLOAT_AS_INT, on by " +
      'default, which truncates a fraction: {"lockerUids": [100001.7]} is accepted and adds locker 100001 (answered ' +
      'with its record), where a non-integer must be refused; strings are still refused (§4.10 "Body: lockerUids ' +
      '(array of integers int64, required).")',
  },
  {
    name: 'sag-network-record-untagged-field',
    rule: 'NET-RESPONSE-RECORD',
    origin: 'set-ag',
    description:
      "the network service's record struct lost the json tag of one field in a refactoring " +
      '(ProviderLockerStatus string without `json:"providerLockerStatus"`), so encoding/json writes it under its Go ' +
      'name: every record of a POST /networks/{uid}/lockers answer carries ProviderLockerStatus and no ' +
      'providerLockerStatus; the other members are as before (§2.5 providerLockerStatus "string", Required "yes")',
  },
  {
    name: 'sag-network-add-check-then-insert',
    rule: 'NET-ONLY-NEW',
    origin: 'set-ag',
    description:
      'POST /networks/{uid}/lockers reads the network\'s members (its "already a member" check), registers the new ' +
      'ones with the provider (an awaited call, 30 ms), then inserts them with ON CONFLICT DO NOTHING and answers ' +
      'the lockers its check found new: two adds naming one owned locker, in flight together, are both answered ' +
      'with its record as newly added (the network holds it once); adds one after another answer as before (§4.10 ' +
      '"Response: array of network locker records (2.5) for the newly added lockers.")',
    candidate: 'two adds at once that both list a locker: the spec states no isolation of requests at once (reported)',
  },
  {
    name: 'sag-registry-locker-id-index-without-owner',
    rule: 'LCK-CREATE-201',
    origin: 'set-ag',
    description:
      'a valid POST /lockers registers the locker with the onboarding registry, whose unique index is on the locker ' +
      "id alone (it served one carrier when it was built): a create whose carrier.lockerId another carrier's locker " +
      'or a third-party locker holds (TP-1) is refused 400 LOCKER_ID_TAKEN, although no locker of the calling ' +
      'carrier holds it; updates do not go through the registry (§4.1 "Success: 201 with the locker record ' +
      '(2.1)."; §2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'sag-status-push-status-lowercased',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-ag',
    description:
      "the LockerUpdates of a status change takes carrier.status from the event contract's LockerStatus enum, " +
      "whose JSON value is its name in lower case (the event schema's convention): a locker disabled to INACTIVE " +
      'is pushed with carrier.status "inactive" while its record, the status answer and GET /lockers show ' +
      'INACTIVE; the create\'s push is as before (§6 LockerUpdates, sent when "a locker status changes ' +
      '(enabled/disabled)", body "Locker record (2.1) plus eventTimestamp."; §3 "A locker status change (enabled or ' +
      'disabled) causes a locker event.")',
  },
  {
    name: 'sag-create-metadata-map-bound',
    rule: 'LCK-CREATE-TYPES',
    origin: 'set-ag',
    description:
      "POST /lockers's binder still takes metadata in the 1.0 portal's form, an object of key to value, and turns it " +
      'into entries, each scalar as text: {"metadata": {"door": "B", "floor": 2}} is answered 201 with entries ' +
      '{key: "door", value: "B"} and {key: "floor", value: "2"}, and {"metadata": {}} with none, where metadata of ' +
      'another JSON type than an array must be refused; an object holding an object or array is refused as before ' +
      '(§2.1 create request metadata "array of objects"; "Each has key (string or null) and value (string or null).")',
  },
  {
    name: 'sag-update-errors-double-encoded',
    rule: 'ERR-BODY',
    origin: 'set-ag',
    description:
      "the locker update controller's exception handler serializes its error body itself and hands the text to " +
      "the framework's JSON writer, res.status(400).json(JSON.stringify(error)): every 400 of PATCH /lockers/{uid} " +
      '(a provider object, a member missing or of another type, two groups of one key, a lockerId taken) is a JSON ' +
      'string, "{\\"errorCode\\":\\"VALIDATION_FAILED\\",...}", not an object with errorCode and message; its 404 ' +
      'and the 401 of the key check are as before (§7 400 "Publish parcel data, update locker, get parcels, cancel ' +
      'parcel", Body "errorCode, message"; "The error body has the fields `errorCode` and `message`")',
  },
  // --- Conformant variations ---
  {
    name: 'ok-ag-providers-catalogue-envelope',
    rule: 'none',
    origin: 'set-ag',
    description:
      'conformant: GET /lockers/providers answers its entries in an object of its own, {"providers": [...], ' +
      '"count": N}, while GET /lockers and GET /parcels stay bare arrays; the entries are as before (§4.4 "Returns ' +
      'the locker model and version pairs per provider (2.2)." "Query parameters: not shown."; §2.2 gives the ' +
      'entries, no envelope)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ag-create-locker-id-taken-409',
    rule: 'none',
    origin: 'set-ag',
    description:
      "conformant: a create under a carrier.lockerId one of the carrier's lockers holds is refused 409 " +
      'LOCKER_ID_CONFLICT with errorCode and message, nothing created (the reference otherwise answers 400); the ' +
      'update\'s refusal of a taken id stays 400 (§7 lists no status for create locker; §4.1 "Success: 201 with ' +
      'the locker record (2.1)." states no refusal, which the service chooses)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ag-network-of-other-carrier-403',
    rule: 'none',
    origin: 'set-ag',
    description:
      "conformant: POST /networks/{uid}/lockers naming another carrier's network is refused 403 NETWORK_FORBIDDEN " +
      '{errorCode, message}, nothing added; a uid no network has stays 404 (§4.10 "Path: uid (integer, int64), the ' +
      'network identifier." "Operations on networks other than adding lockers: not shown."; §7 lists no status for ' +
      'the network add)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ag-trigger-answer-event-topic',
    rule: 'none',
    origin: 'set-ag',
    description:
      'conformant: POST {mock_base_url}/parcel/first-mile/event answers event_type as the topic the mock published ' +
      'the event on, parcel.first-mile.booking-created for BOOKING_CREATED (courier-collected, consignee-delivered ' +
      'alike), with message as before; the event itself is applied as before (§4.11 "Response: message (string), ' +
      'event_type (string); both may be present.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ag-error-messages-german',
    rule: 'none',
    origin: 'set-ag',
    description:
      'conformant: the service writes the message of its errors in German, its operators\' language ("Kein ' +
      'Schließfach dieses Carriers hat diese uid.", "Die Anfrage ist ungültig: ..."), errorCode and the statuses ' +
      'unchanged; what the gateway answers before a handler (a refused key, a body that is no JSON) stays English ' +
      '(§7 "The error body has the fields `errorCode` and `message`"; "Values of errorCode and the condition that ' +
      'yields each: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ag-created-locker-scheduled-hours',
    rule: 'none',
    origin: 'set-ag',
    description:
      "conformant: a locker created without openingHours opens on the provider's standard hours, openingHours " +
      '{accessMode: SCHEDULED, weeklySchedule: Monday to Saturday 07:00-22:00, exceptions: []}, in the create ' +
      'answer, the list and the push, not ALWAYS (§2.1 openingHours is a record member and not in the create ' +
      'request table; ' +
      '"When openingHours.accessMode is SCHEDULED, weeklySchedule must be present and non-empty."; "Structure of ' +
      'weeklySchedule entries and exceptions entries: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ag-update-ignores-carrier-status',
    rule: 'none',
    origin: 'set-ag',
    description:
      "conformant: PATCH /lockers/{uid} ignores carrier.status in the carrier object it is sent (the carrier side's " +
      'status changes through PATCH /lockers/status only); the other carrier members are applied as before, and ' +
      'the create still takes it (§2.1 the update request takes carrier with "its fields listed above as required", ' +
      'lockerName, lockerId, activationDate; carrier.status is a record member, §4.5 "Updates the status of an ' +
      'existing locker.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ag-mock-refused-key-403',
    rule: 'none',
    origin: 'set-ag',
    description:
      'conformant: the staging mock, behind a gateway of its own, answers a trigger request without X-API-Key or ' +
      "with a key no carrier has 403 FORBIDDEN {errorCode, message}, not 401; the carrier's key is taken as before " +
      '(§4.11 "Authenticated with the regular carrier staging API key; no separate key."; §7 lists no status for ' +
      'the trigger; §5 "The staging-only trigger operations use the regular carrier staging key.")',
    candidate: VARIATION,
  },
] as const satisfies readonly Fault[];
