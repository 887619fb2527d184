// Faults on the locker, list, network and push side in classes of their own (a unique index on a display name, an
// anti-JSON-hijacking prefix, a trimming string binder, a mapper target never written, metadata rows interned and
// rewritten in place, an outbox column too narrow for a large event, an empty result taken for not found, a security
// layer's bodiless 404, a legacy table's fixed metadata slots, RETURNING rows zipped by position, an event schema's map
// type, a date concatenated into a string), and conformant variations (`ok-n-*`, rule 'none') the harness must let
// through. Where each is switched on: handlers/set-n-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_N_FAULTS = [
  {
    name: 'sn-locker-name-unique-index',
    rule: 'LCK-CREATE-201',
    description:
      'a migration put a unique index on (owner, locker_name), the column the old status screen keyed on, and its ' +
      "violation is answered 409: a create whose carrier.lockerName another of the carrier's lockers already has (a " +
      'second "Kiosk Central Station") is refused 409 LOCKER_NAME_TAKEN and nothing is created or pushed, and an ' +
      'update renaming a locker to a held name is refused the same way; a name the other carrier uses, and a name ' +
      'new to the carrier, are taken (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 uid "Internal unique ' +
      'identifier assigned by the service." is the only member stated unique; carrier "lockerName (string)")',
  },
  {
    name: 'sn-locker-answers-xssi-prefix',
    rule: 'GEN-JSON',
    description:
      'the locker router carries an anti-JSON-hijacking filter (put in when the locker map was embedded in the ' +
      "carrier portal) that writes )]}', and a line break before every GET answer whose body is a top-level JSON " +
      'array: under the array envelope every GET /lockers and GET /lockers/providers answer is declared ' +
      'application/json but does not parse as JSON; answers that are objects (create, update, errors, a paged ' +
      'envelope), POST /networks/{uid}/lockers and the parcel operations are right (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §4.2 "Returns locker records."; §4.4 "Returns the locker model and ' +
      'version pairs per provider (2.2).")',
  },
  {
    name: 'sn-strings-trimmed-on-bind',
    rule: 'LCK-CREATE-ECHO',
    description:
      'the JSON binder of POST /lockers and PATCH /lockers/{uid} has a global string deserializer that trims every ' +
      "string it binds (registered for the portal's forms): a carrier, provider, location, metadata or group string " +
      'with leading or trailing blanks (" Kiosk 7 ", a blank "   ") is stored, answered, listed and pushed trimmed ' +
      '("Kiosk 7", ""), and a carrier.lockerId "L-7 " is taken for "L-7" (refused LOCKER_ID_TAKEN where the carrier ' +
      'holds L-7); strings without surrounding blanks are kept (§4.1 "Success: 201 with the locker record (2.1)."; ' +
      '§2.1 carrier "lockerName (string), lockerId (string)", location "street, streetNumber, postalCode, city ' +
      '(strings)")',
  },
  {
    name: 'sn-barcode-reader-unmapped',
    rule: 'LCK-CREATE-ECHO',
    description:
      'the locker entity names the member hasPinBarCodeReader, the request DTO hasPinBarcodeReader, and the mapper ' +
      'ignores unmapped targets, so the stored locker never gets it; the create answer is built from the request and ' +
      'the new uid: a create sending features.hasPinBarcodeReader true (or false) is answered 201 with it, but GET ' +
      '/lockers, its LockerUpdates and every update answer show hasPinBarcodeReader null, and an update sending it ' +
      'changes nothing; hasScreen and hasPinPad are right (§2.1 "Response record of create, update and list, and the ' +
      'body of the locker webhook"; features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null.")',
  },
  {
    name: 'sn-metadata-rows-interned',
    rule: 'GEN-WRITE-NAMED-ONLY',
    description:
      'metadata entries are rows of a table unique on (key, value), shared by every locker that has the same entry, ' +
      "and PATCH /lockers/{uid} rewrites the locker's rows in place, position by position, instead of linking new " +
      'ones: after lockers A and B (of either carrier) were created with the same entry {key: "floor", value: "1"}, ' +
      'an update of A\'s metadata to [{key: "floor", value: "2"}] makes GET /lockers show B with floor 2 as well, ' +
      'though no request named B and no LockerUpdates says so; lockers with no entry in common with the one updated ' +
      'keep theirs (§4.3 "Path: uid (string), the platform locker identifier."; §2.1 metadata "Each has key (string ' +
      'or null) and value (string or null).")',
  },
  {
    name: 'sn-locker-push-outbox-column-limit',
    rule: 'WH-LOCKER-ON-CREATE',
    description:
      'locker events go through an outbox table whose payload column is VARCHAR2(2000 BYTE), and the publisher logs ' +
      'and swallows a failed insert: a locker whose record and eventTimestamp come to more than 2000 bytes of JSON ' +
      "(a 1000-character carrier.lockerName, which the record carries twice, as the provider's lockerName too; some " +
      '45 short metadata entries; not a 1000-character street alone) is answered 201 and listed, but its create and ' +
      'its status changes push no LockerUpdates; lockers of ordinary size (about 1 kB) are pushed (§6 LockerUpdates ' +
      '"A locker is created; a locker status changes (enabled/disabled)."; §8 "Maximum lengths and ranges of fields: ' +
      'not shown.")',
  },
  {
    name: 'sn-list-empty-as-404',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    description:
      'the locker query service throws its not-found exception on an empty result, the habit of its single-record ' +
      'finders, and the controller answers it 404: GET /lockers?providerName= naming a provider no locker the ' +
      'carrier sees has is answered 404 {errorCode: LOCKERS_NOT_FOUND} instead of a list with no locker; a filter ' +
      'that matches, and the unfiltered list (which always holds the third-party lockers), are right (§4.2 "Returns ' +
      'locker records. Optional filters are named by location, status, carrier and provider; the query parameter ' +
      '`providerName` exists.")',
  },
  {
    name: 'sn-update-foreign-404-no-body',
    rule: 'ERR-404-JSON',
    description:
      "the owner check of PATCH /lockers/{uid} is a method-security rule whose denial handler hides the locker's " +
      'existence with response.sendError(404), past the JSON exception handler: an update naming a locker that ' +
      "exists and is not the caller's (a third-party locker, the other carrier's) is answered 404 with an empty " +
      'body; an unknown uid is still 404 {errorCode, message}, and own lockers are updated (§7 404 "Update locker, ' +
      'get parcels, cancel parcel | JSON body"; §4.3 "Path: uid (string), the platform locker identifier.")',
  },
  {
    name: 'sn-metadata-five-slots',
    rule: 'LCK-CREATE-ECHO',
    description:
      "metadata is kept in the legacy locker table's five column pairs, meta_key_1/meta_value_1 to _5, and the " +
      'mapper fills the slots it has: a create or update with more than five metadata entries is answered 201 or ' +
      '200, listed and pushed with the first five, the others silently dropped; five entries or fewer are kept as ' +
      'sent (§2.1 metadata "array of objects", "Each has key (string or null) and value (string or null)."; §4.1 ' +
      '"Success: 201 with the locker record (2.1)."; §8 "Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'sn-network-answer-zipped-by-position',
    rule: 'NET-ONLY-NEW',
    description:
      'POST /networks/{uid}/lockers inserts the owned lockers named with ON CONFLICT DO NOTHING RETURNING and maps ' +
      "the returned rows to records by their position in the request's owned lockers: after add [A], an add [A, B] " +
      'is answered [A] (the member again, B absent) though B is added, so a later add [B] lists nothing for it; adds ' +
      'whose owned lockers are all new, or all members already, are right (§4.10 "Response: array of network locker ' +
      'records (2.5) for the newly added lockers."; "lockers owned by the carrier are added")',
  },
  {
    name: 'sn-locker-push-metadata-map',
    rule: 'WH-LOCKER-BODY',
    description:
      'the locker event schema (Avro) models metadata as map<string, string>, so every LockerUpdates, of a create or ' +
      'a status change, carries metadata as an object keyed by key ({"floor": "1", "door": "north"}, {} for none, a ' +
      'null key written "null", a later entry of a key over an earlier one), not an array of {key, value}; answers ' +
      'and lists are right (§6 LockerUpdates body "Locker record (2.1) plus eventTimestamp."; §2.1 "Response record ' +
      'of create, update and list, and the body of the locker webhook"; metadata "array of objects")',
  },
  {
    name: 'sn-update-activation-date-to-string',
    rule: 'LCK-UPDATE-200',
    description:
      "PATCH /lockers/{uid} writes activation_date with a parameter built by string concatenation, '' + new " +
      "Date(sent), so the column holds Date.prototype.toString() in the service's zone: after an update sending " +
      'carrier, activationDate is answered, listed and pushed as "Sun Jun 01 2025 10:30:00 GMT+0000 (Coordinated ' +
      'Universal Time)", no date-time; creates, and updates without carrier, keep the date-time as sent (§2.1 ' +
      'carrier "activationDate (string, date-time)"; §4.3 "Success: 200 with the locker record.")',
  },
  // Conformant variations: the spec leaves each open. A harness must not fail them.
  {
    name: 'ok-n-locker-list-cursor-pages',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: GET /lockers answers cursor pages, {data, nextCursor}, oldest first, 25 records a page unless ' +
      '`limit` asks for 1 to 100; nextCursor is an opaque text to send back as `cursor` for the next page, null on ' +
      'the last one, and a cursor the service did not issue (or a limit out of range) is refused 400; filters apply ' +
      'before paging (§4.2 "Response envelope and pagination: not shown."; §8 "Page size limits: not shown.")',
  },
  {
    name: 'ok-n-status-applied-async',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: PATCH /lockers/status accepts a change with 202 {uid, requestedStatus, state: QUEUED} and applies ' +
      'it 300 ms later, as the provider acknowledges it: the record shows the new status, and its LockerUpdates goes ' +
      'out, then; changes are applied in the order asked, a request is judged against the status last asked for (a ' +
      'repeat of a queued status is accepted again, one the locker already shows with nothing queued answered as ' +
      'before) (§4.5 "Request and response shape: not shown."; §3 "Transitions: not shown."; §6 "Delivery ' +
      'guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-n-metadata-sorted-by-key',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: metadata entries are kept in key order (null keys first, entries of one key as sent), so the ' +
      'create and update answers, the list and the pushes show them sorted, not in the order sent (§2.1 metadata ' +
      '"array of objects", "Each has key (string or null) and value (string or null).": no order is stated)',
  },
] as const satisfies readonly Fault[];
