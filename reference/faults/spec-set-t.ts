// Faults on the locker side (create, list, update, status, provider catalogue, network add, LockerUpdates, keys) in
// classes of their own (an upsert's "created" flag answered 201, jsonb_set without create_missing, array_agg in the
// catalogue query, json_agg over a LEFT JOIN, a view frozen before a migration, features bound by position, a
// display-name uniquifier, a portal display formatter, a batch-result DTO, an entity listener publishing before the
// unique constraint, a find predicate that ignores its element, a header the HTTP client refuses), and conformant
// variations (`ok-t-*`, rule 'none') the harness must let through. Where each is switched on: handlers/set-t-faults.ts,
// and the lines that call it.
import type { Fault } from '../fault';

/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_T_FAULTS = [
  {
    name: 'st-update-group-upsert-201',
    rule: 'LCK-UPDATE-200',
    description:
      'PATCH /lockers/{uid} saves the lockerGroups assignments with an upsert whose result tells whether it inserted ' +
      'rows, and the controller, written on a save helper shared with the create, answers `created ? 201 : 200`: an ' +
      'update that gives the locker a group it did not hold (its first group, or a group of a new uid for a key) is ' +
      'answered 201 with the record, the change made; updates without lockerGroups, or sending the groups the locker ' +
      'holds, are answered 200 (§4.3 "Success: 200 with the locker record."; §2.1 "carrier, location, metadata, ' +
      'features and lockerGroups are all optional")',
  },
  {
    name: 'st-update-features-jsonb-set-no-create',
    rule: 'LCK-UPDATE-200',
    description:
      'features are a JSONB document written through jsonb_strip_nulls (to keep documents small), and PATCH ' +
      '/lockers/{uid} writes each sent member with jsonb_set(features, path, value, false), create_missing false, ' +
      'so a member absent from the document is never written: a feature the locker holds null (a create without ' +
      'features, or sending it null) keeps null whatever boolean an update sends, in the 200 answer, the list and ' +
      'later pushes, while features created as booleans change as sent (§4.3 "Success: 200 with the locker record."; ' +
      '§2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null.")',
  },
  {
    name: 'st-providers-versions-aggregated',
    rule: 'PRV-ENTRY-SHAPE',
    description:
      'GET /lockers/providers reads the catalogue with a query rewritten to be compact, GROUP BY provider, model ' +
      'with array_agg(version): each model is one entry whose lockerVersion is an array of its versions (["1.0", ' +
      '"2.1"]), not a string, and the pairs are no longer one entry each (§2.2 "Each entry has providerName ' +
      '(string), providerUid (string), lockerModel (string), lockerVersion (string)."; §4.4 "Returns the locker ' +
      'model and version pairs per provider (2.2).")',
  },
  {
    name: 'st-list-metadata-json-agg-null',
    rule: 'GEN-ONE-RECORD',
    description:
      'GET /lockers reads each locker with its metadata aggregated in one query, json_agg(m) over a LEFT JOIN with ' +
      'the metadata table and no FILTER (WHERE m.id IS NOT NULL): a locker with no metadata row (created without ' +
      'metadata or with [], or emptied by an update) is listed with metadata [null], an array holding null, not an ' +
      'entry object; the create and update answers show [], and lockers with entries are listed right (§2.1 ' +
      'metadata "array of objects", "Each has key (string or null) and value (string or null)."; §4.2 "Returns ' +
      'locker records.")',
  },
  {
    name: 'st-network-add-batch-outcomes',
    rule: 'NET-NOT-OWNED-SKIPPED',
    description:
      'POST /networks/{uid}/lockers answers the batch result of the membership service as it is, one record per ' +
      'named locker that exists, in the order named, its outcome in networkLockerStatus: the lockers added as ' +
      "before (PENDING), a locker already in the network ALREADY_MEMBER, a third-party or other carrier's locker " +
      'NOT_OWNED with its providerName, lockerName and statuses; nothing is added that should not be, and a request ' +
      'naming only new owned lockers is answered right (§4.10 "lockers not owned by the carrier are silently ' +
      'skipped."; "Response: array of network locker records (2.5) for the newly added lockers."; §8 "Adding ' +
      'lockers to a network skips, without error, lockers the carrier does not own.")',
  },
  {
    name: 'st-network-name-display-label',
    rule: 'NET-RECORD-LOCKER-NAME',
    description:
      "the network add's answer writes lockerName with the carrier portal's display formatter, which tells apart " +
      "two of the carrier's lockers of one carrier.lockerName by appending the carrier.lockerId: once a carrier " +
      'holds two lockers named "Kiosk", adding either to its network answers lockerName "Kiosk (L-7)", a name no ' +
      'locker has; lockers whose name no other locker of the carrier shares are answered with their name (§2.5 ' +
      'lockerName "the carrier-assigned name"; §2.1 carrier "lockerName (string)"; §4.10 "Response: array of ' +
      'network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'st-refused-create-pushed',
    rule: 'GEN-REJECTED-NO-EFFECT',
    description:
      "the create's LockerUpdates is published by an entity listener that runs when the insert is flushed, before " +
      'the unique (owner, carrier.lockerId) constraint refuses the row and the transaction rolls back: a POST ' +
      "/lockers refused 400 LOCKER_ID_TAKEN (a carrier.lockerId another of the carrier's lockers has) still pushes " +
      'a LockerUpdates of a created locker, under a uid drawn from the sequence, that no list shows and every update ' +
      'of answers 404; accepted creates are pushed once as before (§6 LockerUpdates "Sent when: A locker is ' +
      'created; a locker status changes (enabled/disabled)."; §2.1 uid "Internal unique identifier assigned by the ' +
      'service.")',
  },
  {
    name: 'st-status-guard-first-carrier',
    rule: 'LCK-STATUS-CHANGE',
    description:
      'PATCH /lockers/status has a key guard of its own, written for the operator tool, that resolves the caller ' +
      'with carriers.find(() => keys.includes(sent)), a predicate that ignores its element: any valid key is served ' +
      "as the first carrier. The second carrier's status change of its own locker is answered 404 LOCKER_NOT_FOUND " +
      "and changes nothing, and naming the first carrier's locker changes it and pushes to the first carrier; the " +
      'first carrier, and the other operations, are right (§4.5 "Updates the status of an existing locker."; §5 ' +
      '"Every operation uses an API key in the request header `X-API-Key`.")',
  },
  {
    name: 'st-locker-name-uniquified',
    rule: 'LCK-CREATE-ECHO',
    description:
      "POST /lockers passes carrier.lockerName through the carrier portal's display-name uniquifier before it is " +
      "stored: a create whose lockerName one of the carrier's lockers already has is answered 201, listed and " +
      'pushed as "Kiosk (2)" (then "Kiosk (3)"); names new to the carrier, names only the other carrier uses, and ' +
      'updates are kept as sent (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 carrier "lockerName ' +
      '(string)"; uid "Internal unique identifier assigned by the service.", the only member stated unique)',
  },
  {
    name: 'st-features-bound-by-position',
    rule: 'LCK-CREATE-ECHO',
    description:
      'features are written with INSERT ... (has_screen, has_pin_pad, has_pin_barcode_reader) VALUES (?, ?, ?) bound ' +
      'to Object.values(features), the members in the order the body wrote them: on create and update, a features ' +
      'object written in another member order ({"hasPinPad": true, "hasScreen": false, ...}) or leaving a member out ' +
      '({"hasPinPad": true} lands in hasScreen) is answered, listed and pushed with its values in the wrong members; ' +
      'the three written in the table\'s order are right (§2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; ' +
      'each boolean or null."; §4.1 "Success: 201 with the locker record (2.1)."; §4.3 "Success: 200 with the locker ' +
      'record.")',
  },
  {
    name: 'st-status-push-name-header',
    rule: 'WH-LOCKER-ON-STATUS',
    description:
      "the status event publisher adds an X-Locker-Name header (carrier.lockerName, for the carriers' delivery " +
      'logs) to the delivery, and the HTTP client throws ERR_INVALID_CHAR for a header value holding a character ' +
      'beyond Latin-1 or a control character, which the publisher logs and drops: a status change of a locker named ' +
      '"Łódź Kiosk", "Kiosk 🚲" or "東京" is answered 200 and listed, but no LockerUpdates is sent; names in ' +
      'Latin-1 ("Zoë Kiosk") are pushed, and so is every create (§3 "A locker status change (enabled or disabled) ' +
      'causes a locker event."; §6 LockerUpdates "Sent when: A locker is created; a locker status changes ' +
      '(enabled/disabled).")',
  },
  {
    name: 'st-list-view-predates-location-type',
    rule: 'LCK-CREATE-ECHO',
    description:
      'GET /lockers reads v_locker_list, a view created as SELECT l.*, a.* before the migration that added the ' +
      'address type column; PostgreSQL expands * when a view is created, so the view never got the column: every ' +
      'listed locker (the seeded third-party ones, "indoor", among them) lacks location.type, while the create and ' +
      'update answers and the LockerUpdates carry the type sent (§2.1 location "type (string)"; "Response record ' +
      'of create, update and list, and the body of the locker webhook"; §4.2 "Returns locker records.")',
  },
  {
    name: 'ok-t-location-type-unknown',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: the address column type has the default UNKNOWN: a create or update whose location leaves type ' +
      'out is stored, answered, listed and pushed with location.type "UNKNOWN"; a type sent is kept (§2.1 ' +
      '"type is not among the required ones"; rule 6 "Allowed values of location.type ...: not shown beyond the ' +
      'examples indoor")',
  },
  {
    name: 'ok-t-list-sorted-by-name',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: GET /lockers lists the lockers ordered by carrier.lockerName, letter case aside, then by uid, ' +
      'not in creation order; the records and the filter as before (§4.2 "Response envelope and pagination: not ' +
      'shown."; no order is stated)',
  },
  {
    name: 'ok-t-provider-uids-uuid',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      "conformant: GET /lockers/providers writes each provider's providerUid as the platform's provider registry " +
      'gives it, a UUID (the same for every pair of a provider), not prv-N (§2.2 providerUid "(string)"; "None of ' +
      'these is required to be present in a response.")',
  },
] as const satisfies readonly Fault[];
