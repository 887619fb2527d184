// Set AM: faults and conformant variations written from the spec alone, in how an implementation stores and shows
// what it keeps: columns and their types, nullable and default values, arrays kept as JSON or as rows, numbers,
// dates and times with and without zones, text, letter case, whitespace and empty values, and what a write, a read,
// a list, a push and an error answer each make of a value; seeded and other carriers' records beside new ones.
// Behaviour in handlers/set-am-faults.ts and handlers/set-am-variations.ts.
import type { Fault } from '../fault';

const VARIATION = 'a conformant variation: the harness must let it through';

export const SET_AM_FAULTS = [
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
    name: 'sam-push-keyless-metadata-dropped',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-am',
    description:
      "the LockerUpdates event schema types a metadata entry's key as a string that is not null, and the event " +
      'mapper leaves out the entries whose key is null or absent so that the event passes it: a locker with the ' +
      'entries [{key: null, value: "Hof"}, {key: "door", value: "B"}] is pushed, on its create and on each status ' +
      'change, with the door entry alone, while the answers and GET /lockers show both (§6 LockerUpdates body ' +
      '"Locker record (2.1) plus eventTimestamp."; §2.1 metadata "Each has key (string or null) and value (string ' +
      'or null).")',
  },
  {
    name: 'sam-parcel-locker-id-own-lockers-join',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-am',
    description:
      "a parcel row keeps no locker identifier of the carrier's: GET /parcels, the cancel answer and ParcelUpdates " +
      "take carrierLockerId from a LEFT JOIN with the carrier's own lockers (carrier_lockers), and a third-party " +
      'locker is only in the provider feed: a BOOKING on /parcels/data/by-tenant-locker-id with carrierLockerId ' +
      'TP-1 (the carrier.lockerId the carrier sees on third-party locker 900001) is booked there and listed and ' +
      "pushed with carrierLockerId null; parcels in the carrier's own lockers show their locker's carrier.lockerId " +
      '(§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; §2.3 carrierLockerId "The carrier\'s locker ' +
      'identifier."; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sam-update-unique-violation-no-message',
    rule: 'ERR-BODY',
    origin: 'set-am',
    description:
      "PATCH /lockers/{uid} leaves its two uniqueness checks to the database's unique indexes, (owner, locker_id) " +
      "and (locker_uid, group_key), and answers the driver's error with the fields of the PostgreSQL driver it was " +
      "first written for, {errorCode: err.code, message: err.detail}; the MySQL driver's error carries sqlMessage, " +
      "not detail: an update giving the locker a carrier.lockerId another of the carrier's lockers holds, or " +
      'sending two lockerGroups of one key, is refused 400 {"errorCode": "ER_DUP_ENTRY"} without message; the ' +
      'update\'s other refusals, and creates, are answered as before (§7 400 "Publish parcel data, update locker, ' +
      'get parcels, cancel parcel" "errorCode, message"; "The error body has the fields `errorCode` and `message`")',
  },
  {
    name: 'sam-metadata-rows-by-position',
    rule: 'LCK-UPDATE-200',
    origin: 'set-am',
    description:
      'metadata entries are rows keyed by (locker, position), and PATCH /lockers/{uid} writes each sent entry onto ' +
      'the row of its position (an upsert), deleting rows only where it sends no entry at all: an update sending ' +
      "one entry to a locker that has three is answered and listed with the sent entry followed by the locker's " +
      'second and third; an update sending as many entries or more, or [], is right, and so is every create (§4.3 ' +
      '"Success: 200 with the locker record."; §2.1 metadata "array of objects"; "Response record of create, update ' +
      'and list")',
  },
  {
    name: 'sam-list-activation-datetime0-rounded',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-am',
    description:
      "GET /lockers reads the carrier's own lockers back from MySQL, where carrier.activationDate is a DATETIME(0) " +
      'column, and MySQL rounds a fraction of a second it cannot keep: a locker created or updated with ' +
      'activationDate 2025-06-01T10:30:00.600Z is answered with it and listed as 2025-06-01T10:30:01.000Z ' +
      '(10:30:00.200Z as 10:30:00.000Z), another instant; date-times in whole seconds, and third-party lockers, are ' +
      'listed right (§2.1 "Response record of create, update and list, and the body of the locker webhook"; ' +
      'activationDate "string, date-time")',
  },
  {
    name: 'sam-rename-collation-dirty-check',
    rule: 'LCK-UPDATE-200',
    origin: 'set-am',
    description:
      'PATCH /lockers/{uid} sends a rename to the provider and writes carrier.lockerName only when the name changed, ' +
      "compared as the provider's collation compares names (letter case and accents aside, localeCompare with " +
      'sensitivity base): an update from "Kiosk am Markt" to "KIOSK AM MARKT", or from "Cafe Nord" to "Café Nord", ' +
      'is answered 200 and listed with the name the locker had; a rename to another name is applied (§4.3 "Success: ' +
      '200 with the locker record."; §2.1 carrier "lockerName (string)")',
  },
  {
    name: 'sam-consignee-rows-by-parcel-id',
    rule: 'ISO-CARRIER-IDS',
    origin: 'set-am',
    description:
      'consignees are rows of a table keyed by carrier_parcel_id alone (the carrier is not part of the key), ' +
      'upserted by each BOOKING and joined on carrierParcelId wherever a parcel is shown: once the other carrier ' +
      "books a parcel under a carrierParcelId the first carrier booked, the first carrier's parcel is listed, " +
      "answered on cancel and pushed with the other carrier's consignee (or null where it sent none), though no " +
      'request of the first carrier named it; parcel ids only one carrier uses are shown right (§2.3 ' +
      'carrierParcelId "Parcel identifier in the carrier system."; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier")',
  },
  {
    name: 'sam-refused-create-metadata-orphans',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-am',
    description:
      'POST /lockers writes its metadata rows first, each in its own statement, under the uid it drew as the next ' +
      'one (MAX(uid) + 1), then the group rows, whose unique (locker, key) index refuses a request with two groups ' +
      'of one key; the locker row is never written, so the uid is not taken: the refusal is answered 400 and the ' +
      'lists do not change, but the next locker created, by either carrier, gets that uid and the refused ' +
      'request\'s metadata entries before its own, in its answer, the list and its push (§8 "Locker groups: at most ' +
      'one group per type key in lockerGroups."; §2.1 "At most one group per type key."; a rejected request ' +
      'creates and changes nothing)',
  },
  {
    name: 'sam-activation-offset-of-today',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-am',
    description:
      'carrier.activationDate of a locker in a country on Central European time (countryCode DE, AT, FR, NL, PL, ' +
      '...) is written in local time, the wall-clock time of its own date in Europe/Berlin labelled with the offset ' +
      "Berlin has today (the formatter's offset token reads the zone's current offset): in a winter run, " +
      '2025-06-01T10:30:00Z is answered, listed and pushed as 2025-06-01T12:30:00+01:00, an hour later (in a summer ' +
      'run, winter dates an hour earlier); dates of the current season, and lockers elsewhere, are right (§4.1 ' +
      '"Success: 201 with the locker record (2.1)."; §2.1 activationDate "string, date-time")',
  },
  {
    name: 'sam-address-xml-attribute-whitespace',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-am',
    description:
      "a locker's address is registered with the provider registry, a SOAP service that keeps it as attributes of " +
      'an XML element, and the service stores what the registry confirms: XML attribute-value normalisation has ' +
      'made each tab, line feed and carriage return (a CRLF pair once) a space, so a create or update with street ' +
      '"Hof 3\\nHinterhaus" or city "Nord\\tstadt" is answered, listed and pushed with "Hof 3 Hinterhaus" and ' +
      '"Nord stadt"; text without such characters is kept as sent (§4.1 "Success: 201 with the locker record ' +
      '(2.1)."; §2.1 location "street, streetNumber, postalCode, city (strings)")',
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
    name: 'sam-mock-history-jsonb-set-last',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-am',
    description:
      "the staging mock writes a parcel's history, a JSONB array, with jsonb_set(events, '{-1}', :event), which " +
      'replaces the last element (jsonb_insert with insert_after was meant): each trigger event takes the place of ' +
      'the entry before it, so a booked parcel that gets CONSIGNEE_DELIVERED is listed with that one entry and no ' +
      'BOOKING_CREATED, and a first-mile parcel keeps one entry whatever happens to it; cancellations, which the ' +
      'service writes, add theirs (§4.11 "Triggers one first-mile parcel event."; §2.4 events "History of events of ' +
      'the parcel."; §4.8 "with status and event history")',
  },
  {
    name: 'sam-list-metadata-all-null-entry-filtered',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-am',
    description:
      "GET /lockers aggregates each locker's metadata over a LEFT JOIN with FILTER (WHERE meta_key IS NOT NULL OR " +
      "meta_value IS NOT NULL), meant to drop the join's empty row (WHERE m.id IS NOT NULL was meant): a locker " +
      'created or updated with an entry {key: null, value: null} (or {}) is answered with it and listed without ' +
      'it; entries with a key or a value are listed (§2.1 metadata "Each has key (string or null) and value (string ' +
      'or null)."; "Response record of create, update and list"; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  // --- Conformant variations ---
  {
    name: 'ok-am-third-party-sparse-records',
    rule: 'none',
    origin: 'set-am',
    candidate: VARIATION,
    description:
      'conformant: a third-party locker (ownedByCarrier null) is shown with what the provider feed carries and no ' +
      'more: no features, openingHours, metadata or compartmentTypes, and an extra member source PROVIDER_FEED; ' +
      'the carrier\'s own lockers as before (§2.1 Locker record; the OpenAPI Locker: "Which members a record ' +
      'always carries is not specified."; extra members are not forbidden)',
  },
  {
    name: 'ok-am-decimal-columns-scale-text',
    rule: 'none',
    origin: 'set-am',
    candidate: VARIATION,
    description:
      'conformant: GET /lockers is written from DECIMAL columns, their text spliced in as number tokens: lon and ' +
      'lat with at least six decimal places (13.4 as 13.400000, more digits as sent) and the compartment numbers ' +
      'with one (12 as 12.0); the same numbers in other JSON text (§2.1 "lon, lat (numbers)", "count (integer), ' +
      'height, width, length (integers)"; JSON Schema counts 12.0 an integer)',
  },
  {
    name: 'ok-am-locker-push-nulls-omitted',
    rule: 'none',
    origin: 'set-am',
    candidate: VARIATION,
    description:
      "conformant: the LockerUpdates publisher's JSON mapper leaves out null members at every depth (a feature " +
      'null, a metadata key or value null, compartmentTypes null); answers and the list show them null (§6 ' +
      'LockerUpdates body "Locker record (2.1) plus eventTimestamp."; the OpenAPI Locker: "Which members a record ' +
      'always carries is not specified.")',
  },
  {
    name: 'ok-am-list-activation-date-utc-micros',
    rule: 'none',
    origin: 'set-am',
    candidate: VARIATION,
    description:
      'conformant: GET /lockers reads carrier.activationDate back from a timestamptz(6) column and writes it in UTC ' +
      'with six fraction digits (the digits sent kept), 2025-06-01T12:30:00+02:00 as 2025-06-01T10:30:00.000000Z, ' +
      'while create and update answers and pushes show it as sent: one instant, two texts (§2.1 activationDate ' +
      '"string, date-time"; no format beyond date-time is stated)',
  },
  {
    name: 'ok-am-record-columns-complete',
    rule: 'none',
    origin: 'set-am',
    candidate: VARIATION,
    description:
      'conformant: features and each metadata entry are nullable columns always written, so every record shows all ' +
      'their members, null where none was given: features {hasScreen: true} as {hasScreen: true, hasPinPad: null, ' +
      'hasPinBarcodeReader: null}, an entry {value: "x"} as {key: null, value: "x"} (§2.1 features "each boolean or ' +
      'null"; metadata "Each has key (string or null) and value (string or null).")',
  },
  {
    name: 'ok-am-consignee-null-members-omitted',
    rule: 'none',
    origin: 'set-am',
    candidate: VARIATION,
    description:
      'conformant: a parcel\'s consignee is written without its null members, {name: "X"} where the email is null ' +
      'and {} where both are, in GET /parcels, the cancel answer and ParcelUpdates; a consignee that is null stays ' +
      'null (§2.4 consignee "object or null", "name (string or null), email (string or null)"; no member of it is ' +
      'required)',
  },
  {
    name: 'ok-am-publish-timestamp-whole-seconds',
    rule: 'none',
    origin: 'set-am',
    candidate: VARIATION,
    description:
      "conformant: a publish answer's timestamp is the event store's processed_at, a TIMESTAMP(0) column, written " +
      'to the whole second (truncated), 2026-03-05T10:15:30Z, on either path (§2.3 "timestamp (string, date-time; ' +
      'time the event was processed)"; no precision is stated)',
  },
  {
    name: 'ok-am-locker-row-timestamps',
    rule: 'none',
    origin: 'set-am',
    candidate: VARIATION,
    description:
      "conformant: every locker record carries its row's createdAt and updatedAt (DEFAULT CURRENT_TIMESTAMP, ON " +
      'UPDATE CURRENT_TIMESTAMP), updatedAt moved by each write that changed the locker (an update, a status ' +
      'change), in answers, the list and pushes; third-party lockers carry their import time (extra members; §2.1 ' +
      "lists the record's members and forbids no other)",
  },
] as const satisfies readonly Fault[];
