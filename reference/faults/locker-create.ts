// Faults of creating a locker (§4.1). Each names the rule it breaks, its origin (the set it was written in) and how;
// the lines that switch one on name it (`app.fault('name')`).
import type { ErrorObject } from 'ajv';
import { at, isEntryPair, requiredMember, valueAt, type Fault } from '../fault';

/** Fault sac-create-address-nullable-columns: the members whose address columns are nullable. */
const NULLABLE_COLUMNS = ['/location/streetNumber', '/location/postalCode'];

export const LOCKER_CREATE_FAULTS = [
  {
    name: 'create-answers-200',
    rule: 'LCK-CREATE-201',
    origin: 'lockers',
    description: 'POST /lockers answers 200 instead of 201',
  },
  {
    name: 'create-echo-lockername',
    rule: 'LCK-CREATE-ECHO',
    origin: 'lockers',
    description: 'the created record replaces carrier.lockerName',
  },
  {
    name: 'create-long-lockername-500',
    rule: 'LCK-CREATE-201',
    origin: 'fidelity',
    description: 'POST /lockers answers 500 when carrier.lockerName is longer than 255 characters',
  },
  {
    name: 'create-non-ascii-city-500',
    rule: 'LCK-CREATE-201',
    origin: 'fidelity',
    description: 'POST /lockers answers 500 when location.city has a non-ASCII character',
  },
  {
    name: 'create-null-type-stored',
    rule: 'LCK-CREATE-ECHO',
    origin: 'parcels',
    description:
      'a create with location.type null is accepted and the record shows type null (a null taken for a ' +
      'value, not as omitted)',
    relax: {
      schema: 'LockerCreateRequest',
      error: (e, body) =>
        e.instancePath === '/location/type' &&
        (body as { location?: { type?: unknown } } | null)?.location?.type === null,
    },
  },
  {
    name: 'create-optional-country-code',
    rule: 'LCK-CREATE-REQUIRED',
    origin: 'lockers',
    description: 'a create request without location.countryCode is accepted',
    relax: { schema: 'LockerCreateRequest', error: requiredMember('countryCode') },
  },
  {
    name: 'create-requires-location-type',
    rule: 'LCK-CREATE-LOCATION-TYPE-OPTIONAL',
    origin: 'lockers',
    description: 'a create request without location.type is refused',
  },
  {
    name: 'create-string-lat',
    rule: 'LCK-CREATE-TYPES',
    origin: 'lockers',
    description: 'a create request with location.lat as a string is accepted',
    relax: { schema: 'LockerCreateRequest', error: at('/location/lat') },
  },
  {
    name: 'duplicate-uid-concurrent',
    rule: 'LCK-CREATE-ECHO',
    origin: 'one-place',
    description:
      'the uid is read before the awaited write of the record, so creates in flight together get the same ' +
      'uid (the last write wins)',
  },
  {
    name: 'list-ascii-folding',
    rule: 'LCK-CREATE-ECHO',
    origin: 'sequences-edges',
    description: 'GET /lockers writes text as ASCII: accents dropped, other letters as ?',
  },
  {
    name: 'lockername-cut-at-255',
    rule: 'LCK-CREATE-ECHO',
    origin: 'explored',
    description:
      'carrier.lockerName is stored in 255 code points (a VARCHAR(255) that cuts silently); the create ' +
      'answer echoes the request in full',
  },
  {
    name: 'sa-location-deduped-by-address',
    // The listed coordinates are another locker's: no lower precision of the ones sent, so the echo fails first.
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-a',
    description:
      'locations are stored in an address table deduplicated on (street, streetNumber, postalCode, city, ' +
      'countryCode) with insert-or-reuse: a locker created at the address of an existing one is stored with ' +
      "that locker's lon, lat and type; the create answer echoes the request, GET /lockers shows the other's " +
      'coordinates and type (§2.1 location lon, lat; §4.1 "201 with the locker record"; §4.2 "Returns locker ' +
      'records.")',
  },
  {
    name: 'sa-metadata-map-by-key',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-a',
    description:
      'metadata is stored as a map keyed by key: entries sharing a key collapse into one (first position, last ' +
      'value), on create and update, in the answer and every list (§2.1 metadata "array of objects; Each has key ' +
      '(string or null) and value (string or null)"; §4.1 "201 with the locker record")',
  },
  {
    name: 'saa-activation-year-below-100',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-aa',
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
    name: 'sac-create-address-nullable-columns',
    rule: 'LCK-CREATE-REQUIRED',
    origin: 'set-ac',
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
    origin: 'set-ac',
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
    name: 'sc-postal-code-leading-zero',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-c',
    description:
      'a postal code of digits only is kept in a numeric column (the address normaliser parses it to check its ' +
      'range): 01067 is stored, answered, listed and pushed as "1067", on create and update; codes with letters ' +
      'or spaces and codes not starting with 0 are kept as sent (§2.1 location "street, streetNumber, postalCode, ' +
      'city (strings)"; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'se-activation-leap-day-refused',
    rule: 'LCK-CREATE-201',
    origin: 'set-e',
    candidate: 'not caught: no activationDate sent falls on 29 February',
    description:
      'carrier.activationDate is checked by hand against a days-per-month table that gives February 28 days: a ' +
      'valid date-time on 29 February of a leap year (2028-02-29T08:00:00Z) is refused 400 VALIDATION_FAILED on ' +
      'create and on update; every other date is taken (§2.1 carrier "activationDate (string, date-time)"; create ' +
      'request "its lockerName, lockerId, activationDate are required"; §4.1 "Success: 201 with the locker record ' +
      '(2.1).")',
  },
  {
    name: 'se-metadata-text-column',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-e',
    candidate: 'not caught: no metadata key or value sent holds ; or =',
    description:
      'metadata is kept in one text column as key=value entries joined by ";" and read back by splitting on ";" ' +
      'and "=": an entry whose key or value holds either (a URL with a query, "ring twice; knock") comes back cut ' +
      '("https://x.example/?id=7" as "https://x.example/?id"; "ring twice; knock" as "ring twice" and a second ' +
      'entry {key: " knock", value: null}), in the create and update answers, the list and the pushes; metadata ' +
      'without either character is kept as sent ' +
      '(§2.1 metadata "array of objects", "Each has key (string or null) and value (string or null)."; §4.1 ' +
      '"Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sg-activation-offset-sign-inverted',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-g',
    description:
      'carrier.activationDate is normalised to UTC by adding its offset instead of subtracting it: ' +
      '2025-06-01T10:30:00+02:00 is stored, answered, listed and pushed as 2025-06-01T12:30:00.000Z, four hours off, ' +
      'on create and update; a value in Z or +00:00 is kept as sent (§2.1 carrier "activationDate (string, ' +
      'date-time)"; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sg-metadata-empty-string-null',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-g',
    candidate:
      'missed on the first try; not caught: whether an empty metadata key or value may be shown as null' +
      ' is open (§2.1 types them "string or null"; a spec-only review left it open)',
    description:
      'the metadata table treats an empty string as NULL (an Oracle VARCHAR2 column): a metadata key or value "" is ' +
      'answered, listed and pushed as null, on create and update; other text is kept (§2.1 metadata "Each has key ' +
      '(string or null) and value (string or null)."; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sh-metadata-empty-string-null',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-h',
    candidate:
      'missed on the first try; not caught: whether an empty metadata key or value may be stored as ' +
      'null is open (§2.1 types them "string or null"; a spec-only review left it open)',
    description:
      "metadata is kept in a database that stores an empty string as NULL (Oracle's '' IS NULL): an entry whose " +
      'key or value is "" is answered, listed and pushed with null there, on create and update; non-empty text ' +
      'and nulls are kept as sent (§2.1 metadata "Each has key (string or null) and value (string or null)."; ' +
      '§4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sj-create-get-or-create-by-locker-id',
    rule: 'LCK-CREATE-ID-TAKEN',
    origin: 'set-j',
    description:
      "POST /lockers was made idempotent on the carrier's own locker identifier (get-or-create by carrier.lockerId, " +
      "so that a retried create does not fail): a create whose carrier.lockerId one of the carrier's lockers " +
      "already has is answered 201 with that locker's record, its uid, name, location and the rest, whatever the " +
      'body says, and nothing is created or pushed (§2.1 uid "Internal unique identifier assigned by the service."; ' +
      '§4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sl-list-inner-join-metadata',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-l',
    candidate:
      'missed on the first try; lockers with no metadata and with metadata emptied are sent now, and a list ' +
      'without them fails LCK-LIST-INCLUDES-CREATED, a should: which lockers GET /lockers holds is not stated (§4.2)',
    description:
      'GET /lockers reads each locker with its metadata aggregated in one query over an inner join with the ' +
      'metadata table: a locker created without metadata (or with []) is answered 201 but never listed, and a ' +
      'locker whose metadata an update empties drops out of the list; lockers with at least one metadata entry, ' +
      'the seeded ones among them, are listed (§2.1 create request metadata "no" (not required); §4.2 "Returns ' +
      'locker records."; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sn-barcode-reader-unmapped',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-n',
    description:
      'the locker entity names the member hasPinBarCodeReader, the request DTO hasPinBarcodeReader, and the mapper ' +
      'ignores unmapped targets, so the stored locker never gets it; the create answer is built from the request and ' +
      'the new uid: a create sending features.hasPinBarcodeReader true (or false) is answered 201 with it, but GET ' +
      '/lockers, its LockerUpdates and every update answer show hasPinBarcodeReader null, and an update sending it ' +
      'changes nothing; hasScreen and hasPinPad are right (§2.1 "Response record of create, update and list, and the ' +
      'body of the locker webhook"; features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null.")',
  },
  {
    name: 'sn-locker-name-unique-index',
    rule: 'LCK-CREATE-201',
    origin: 'set-n',
    description:
      'a migration put a unique index on (owner, locker_name), the column the old status screen keyed on, and its ' +
      "violation is answered 409: a create whose carrier.lockerName another of the carrier's lockers already has (a " +
      'second "Kiosk Central Station") is refused 409 LOCKER_NAME_TAKEN and nothing is created or pushed, and an ' +
      'update renaming a locker to a held name is refused the same way; a name the other carrier uses, and a name ' +
      'new to the carrier, are taken (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 uid "Internal unique ' +
      'identifier assigned by the service." is the only member stated unique; carrier "lockerName (string)")',
  },
  {
    name: 'sn-metadata-five-slots',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-n',
    description:
      "metadata is kept in the legacy locker table's five column pairs, meta_key_1/meta_value_1 to _5, and the " +
      'mapper fills the slots it has: a create or update with more than five metadata entries is answered 201 or ' +
      '200, listed and pushed with the first five, the others silently dropped; five entries or fewer are kept as ' +
      'sent (§2.1 metadata "array of objects", "Each has key (string or null) and value (string or null)."; §4.1 ' +
      '"Success: 201 with the locker record (2.1)."; §8 "Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'sn-strings-trimmed-on-bind',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-n',
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
    name: 'sp-create-null-features-from-model',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-p',
    description:
      "POST /lockers fills each feature sent null, or not sent, from the spec sheet of the provider's model (sent ?? " +
      "sheet; the catalogue's M100-M700 have a screen and a pin pad, a barcode reader on odd providers; other models " +
      'get the platform default, no screen, a pin pad, no reader): a create sending features {hasScreen: null, ' +
      'hasPinPad: null, hasPinBarcodeReader: null} (a locker whose features are not known yet) is answered, listed ' +
      'and pushed with true and false in their place; booleans sent are kept, and updates store features as sent ' +
      '(§2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null."; §4.1 "Success: 201 with ' +
      'the locker record (2.1).")',
  },
  {
    name: 'sr-activation-date-int32-epoch',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-r',
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
    name: 'sr-address-astral-cut',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-r',
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
    name: 'sr-legacy-alias-last-wins',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-r',
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
    name: 'st-features-bound-by-position',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-t',
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
    name: 'st-list-view-predates-location-type',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-t',
    description:
      'GET /lockers reads v_locker_list, a view created as SELECT l.*, a.* before the migration that added the ' +
      'address type column; PostgreSQL expands * when a view is created, so the view never got the column: every ' +
      'listed locker (the seeded third-party ones, "indoor", among them) lacks location.type, while the create and ' +
      'update answers and the LockerUpdates carry the type sent (§2.1 location "type (string)"; "Response record ' +
      'of create, update and list, and the body of the locker webhook"; §4.2 "Returns locker records.")',
  },
  {
    name: 'st-locker-name-uniquified',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-t',
    description:
      "POST /lockers passes carrier.lockerName through the carrier portal's display-name uniquifier before it is " +
      "stored: a create whose lockerName one of the carrier's lockers already has is answered 201, listed and " +
      'pushed as "Kiosk (2)" (then "Kiosk (3)"); names new to the carrier, names only the other carrier uses, and ' +
      'updates are kept as sent (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 carrier "lockerName ' +
      '(string)"; uid "Internal unique identifier assigned by the service.", the only member stated unique)',
  },
  {
    name: 'sv-activation-date-wall-clock-as-utc',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-v',
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
    name: 'sv-list-country-code-char3-padded',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-v',
    description:
      'the address table keeps countryCode in a CHAR(3) column, sized for ISO 3166 alpha-3 codes, and a fixed-length ' +
      'CHAR is read back blank-padded: GET /lockers, which reads the address back, lists every locker with a ' +
      'two-letter countryCode as "DE " (a trailing blank), the seeded third-party ones too, while the create and ' +
      'update answers and the LockerUpdates, built from the entity in memory, carry "DE" as sent; three-letter ' +
      'codes are listed as sent (§2.1 location "countryCode (string)"; "Response record of create, update and ' +
      'list"; §4.2 "Returns locker records.")',
  },
  {
    name: 'sw-create-address-standardized',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-w',
    description:
      'the onboarding flow passes the sent address through the postal address verification service and stores the ' +
      'standardized form it returns, each word of street, streetNumber and city in title case ("hauptstrasse" as ' +
      '"Hauptstrasse", "12a" as "12A", "BERLIN" as "Berlin", "cc-street-x7" as "Cc-Street-X7"): the 201 answer, the ' +
      'list and the LockerUpdates show the standardized address, not the one sent; an address already written so, ' +
      'and every update (which skips the verification), is kept as sent (§4.1 "Success: 201 with the locker record ' +
      '(2.1)."; §2.1 "Response record of create, update and list", location "street, streetNumber, postalCode, ' +
      'city (strings)")',
  },
  {
    name: 'sy-activation-date-future-or-present',
    rule: 'LCK-CREATE-201',
    origin: 'set-y',
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
    name: 'sy-create-guard-before-validation',
    rule: 'LCK-CREATE-REQUIRED',
    origin: 'set-y',
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
    name: 'sy-features-go-plain-bools',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-y',
    description:
      'the locker service is written in Go and its Features struct has plain bool fields (no *bool), so ' +
      'encoding/json leaves a null or absent member at its zero value: a POST /lockers or PATCH /lockers/{uid} ' +
      'sending features {hasScreen: true, hasPinPad: null} is answered, listed and pushed with hasPinPad false, and ' +
      'a create without features has all three false; true and false sent are kept, an update without features ' +
      'keeps them (§2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null."; §4.1 ' +
      '"Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sy-locker-version-semver-coerced',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-y',
    description:
      'the model registry the create goes through keeps provider.lockerVersion as semver.coerce gives it back, so ' +
      'a version of one or two parts gets three: a POST /lockers with lockerVersion "1.0" (the catalogue\'s own ' +
      'spelling) is answered 201, listed and pushed with "1.0.0", "2.1" with "2.1.0", "v3" with "3.0.0"; a version ' +
      'already of three parts, or with no digit, is kept (§2.1 provider "name (string), lockerModel (string), ' +
      'lockerVersion (string)"; §4.1 "Success: 201 with the locker record (2.1)."; §2.1 "Response record of ' +
      'create, update and list")',
  },
  {
    name: 'sy-single-value-as-array',
    rule: 'LCK-CREATE-TYPES',
    origin: 'set-y',
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
    name: 'x45-activation-date-truncated-to-day',
    rule: 'LCK-CREATE-ECHO',
    origin: 'x45',
    description:
      'carrier.activationDate is stored in a DATE column: 2025-06-01T10:30:00Z is answered and listed as ' +
      '2025-06-01T00:00:00Z, on create and update (§2.1 activationDate string, date-time)',
  },
  {
    name: 'x45-features-false-as-null',
    rule: 'LCK-CREATE-ECHO',
    origin: 'x45',
    description:
      'features are stored as `sent || null` (a falsy check where a null check belongs), so hasScreen: false ' +
      'is answered and listed as null (§2.1 features: each boolean or null; §4.1 201 with the locker record)',
  },
  {
    name: 'sae-create-pool-exhausted-503',
    rule: 'LCK-CREATE-201',
    origin: 'set-ae',
    description:
      'POST /lockers runs in a transaction on a database pool of 4 connections, each create holding its connection ' +
      "through the commit round trip (40 ms), and a request that cannot get a connection within the pool's " +
      'acquire timeout (20 ms) is answered 503 SERVICE_UNAVAILABLE "timeout acquiring a connection": of eight ' +
      'valid creates sent at once (of one carrier or both) four are answered 201 and four 503, nothing made for ' +
      'these; creates one after another are all answered 201 (§4.1 "Success: 201 with the locker record (2.1)."; ' +
      '§7 lists no 5xx for create locker: "500 | Same operations as 400")',
  },
  {
    name: 'sae-activation-offset-minutes-dropped',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-ae',
    description:
      'POST /lockers normalises carrier.activationDate to UTC for the provider registry by hand, reading the ' +
      'offset with parseInt of its hours part and dropping its minutes: a date-time with an offset that is not a ' +
      'whole number of hours (India +05:30, Nepal +05:45, Newfoundland -03:30, Adelaide +09:30) is stored, ' +
      'answered, listed and pushed 30 or 45 minutes off, 2025-06-01T10:30:00+05:30 as 2025-06-01T05:30:00.000Z ' +
      '(the instant is 05:00Z); whole-hour offsets come out as the same instant in UTC, Z is kept as sent, and ' +
      'PATCH /lockers/{uid} keeps the date as sent (§2.1 carrier "activationDate (string, date-time)"; §4.1 ' +
      '"Success: 201 with the locker record (2.1)."; §2.1 "Response record of create, update and list")',
  },
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
    name: 'sai-create-fills-locker-version',
    rule: 'LCK-CREATE-REQUIRED',
    origin: 'set-ai',
    description:
      "POST /lockers fills a provider.lockerVersion left out or null with the catalogue's newest version of the " +
      "model (a convenience of the carriers' SDK moved into the service), before the request is validated: a " +
      'create whose provider names a catalogue pair (PROVIDER_NAME_1, M100) without lockerVersion is answered 201 ' +
      'with lockerVersion "2.1"; a model the catalogue does not have is refused as before (§2.1 provider "yes; its ' +
      'name, lockerModel, lockerVersion are required")',
  },
  {
    name: 'sak-create-body-decoded-per-chunk',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-ak',
    description:
      'POST /lockers sits behind the request-signing audit hook, which collects the body as `body += chunk` (each ' +
      'Buffer turned into text on its own, no StringDecoder) and hands that text to the JSON parser, and the ' +
      'sidecar proxy in front streams request bodies in 1 KiB frames: a multi-byte UTF-8 character (é, ß, a CJK ' +
      'letter, an emoji) that straddles a 1024-byte boundary of the body becomes two or more U+FFFD, so a create ' +
      'over 1 KiB whose long non-ASCII lockerName, street, city or metadata value crosses a boundary is answered 201 ' +
      'and listed with replacement characters where the letter was; bodies under 1 KiB and ASCII text are not ' +
      'touched, nor is any other operation (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 "Response record ' +
      'of create, update and list")',
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
  {
    name: 'san-create-batch-ids-zipped-by-arrival',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-an',
    candidate: 'not caught yet: missed on the first try',
    description:
      'POST /lockers requests are gathered for 25 ms and inserted as one batch; the batch writer groups the rows ' +
      'by carrier (one insert per tenant schema) and the uids the inserts return are handed back to the requests ' +
      "in their order of arrival: when both carriers' creates arrive within 25 ms, interleaved, some answers carry " +
      "the uid of another request's locker (of the other carrier too) beside their own members, so the 201 " +
      'record names a locker the list shows with other members; one carrier creating alone, or creates 25 ms ' +
      'apart, are answered as before (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 uid "Internal unique ' +
      'identifier assigned by the service.")',
  },
  {
    name: 'sao-create-activation-lowercase-z-local',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-ao',
    description:
      "POST /lockers reads carrier.activationDate with the provider registration's hand-written parser, which knows " +
      'the UTC designator as "Z" only: a date-time ending in a lower-case "z" (RFC 3339 §5.6 allows "t" and "z" in ' +
      "either case) is taken for a wall-clock time of the service's zone, Europe/Berlin, and stored as that instant " +
      'in UTC: 2025-06-01T10:30:00z is answered, listed and pushed as 2025-06-01T08:30:00Z (09:30:00Z in winter), ' +
      'two ' +
      'hours or one off; "Z" and numeric offsets are kept as sent, and PATCH /lockers/{uid} keeps the date as sent ' +
      '(§2.1 carrier "activationDate (string, date-time)"; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sao-create-activation-leap-second-500',
    rule: 'GEN-NO-5XX',
    origin: 'set-ao',
    description:
      'POST /lockers hands carrier.activationDate to the provider registry as new Date(sent).toISOString(), and ' +
      "JavaScript's Date has no leap second: a valid create whose activationDate is a leap second " +
      '(2016-12-31T23:59:60Z, a date-time RFC 3339 allows and the document\'s format takes) throws "RangeError: ' +
      'Invalid time value", answered 500 INTERNAL_ERROR with nothing created; every other date-time is registered ' +
      'and the locker created as before, and PATCH /lockers/{uid} takes the leap second (§4.1 "Success: 201 with the ' +
      'locker record (2.1)."; §2.1 carrier "activationDate (string, date-time)")',
  },
  {
    name: 'saq-list-consumer-offset-reset-latest',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-aq',
    candidate:
      'not caught as a must: a created locker missing from the list is a should (LCK-LIST-INCLUDES-CREATED: §4.2 ' +
      'does not state which lockers the list holds), which fails',
    description:
      'the list read model has one consumer per carrier, started by the first locker event of that carrier after ' +
      "the service starts, with the client library's default auto.offset.reset=latest: it joins at the end of the " +
      'topic, after the event that woke it, so the first locker each carrier creates after a start is answered ' +
      '201 but never listed by GET /lockers (filtered or not) until its next write (an update, a status change); ' +
      'every later create is listed at once (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 "Response ' +
      'record of create, update and list"; §4.2 "Returns locker records.")',
  },
  {
    name: 'saq-create-compensated-after-201',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-aq',
    candidate:
      "not caught: no create names a catalogue provider with a model it does not make, and no read at the run's end " +
      'looks for a created locker gone',
    description:
      'POST /lockers is a saga answered 201 once the locker is stored, its last step the registration at the ' +
      "provider, which refuses a model or version the provider does not make; the saga's compensation then " +
      'deletes the locker: a locker of a catalogue provider with a lockerModel/lockerVersion pair that provider ' +
      'does not have (PROVIDER_NAME_1 with M100 3.0, or with M200) is answered 201 and pushed, and 150 ms later ' +
      'is gone (GET /lockers no longer lists it, PATCH answers 404, network adds skip it); lockers of catalogue ' +
      'pairs and of providers outside the catalogue stay (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 ' +
      '"Response record of create, update and list")',
  },
  {
    name: 'sas-list-bulk-query-aliases-lowercased',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-as',
    description:
      'GET /lockers switches from the ORM to a hand-written bulk query once the carrier holds more than 20 lockers ' +
      'of ' +
      "its own (put in when the list's one-read-per-locker got slow), and that query selects the location and " +
      'feature columns under unquoted camel-case aliases (a.street_number AS streetNumber), which PostgreSQL folds ' +
      'to ' +
      'lower case: from then on every locker that carrier lists shows location.streetnumber, postalcode and ' +
      'countrycode and features.hasscreen, haspinpad and haspinbarcodereader in place of the members sent; lists of ' +
      'a carrier with 20 lockers or fewer, the answers and the pushes are right (§4.1 "Success: 201 with the locker ' +
      'record (2.1)."; §2.1 "Response record of create, update and list"; location "street, streetNumber, ' +
      'postalCode, city (strings)")',
  },
  {
    name: 'sau-create-expect-continue-417',
    candidate: 'not caught yet: missed on the first try',
    rule: 'LCK-CREATE-201',
    origin: 'set-au',
    description:
      'POST /lockers is routed through the provider-onboarding proxy, an HTTP/1.0 proxy that cannot honour ' +
      '"Expect: 100-continue" and answers 417 {errorCode: EXPECTATION_FAILED, message}, as Squid 2 did: a valid ' +
      "create sent with that header, which curl adds to larger bodies and .NET's HttpClient to every POST by " +
      'default, is refused and creates nothing; the same create without the header is answered 201, and the other ' +
      'operations take the header (§4.1 "Success: 201 with the locker record (2.1)."; the header is HTTP/1.1\'s, ' +
      'RFC 9110 §10.1.1)',
  },
  {
    name: 'sav-list-merge-drops-own-tail',
    candidate: 'not caught yet by its rule: missed on the first try (LCK-LIST-INCLUDES-CREATED, a should, fails)',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-av',
    description:
      "GET /lockers merges two streams sorted by carrier.lockerName, the carrier's own fleet and the provider feed " +
      '(every other locker it sees), and the merge loop stops when either stream runs out and then appends the rest ' +
      "of the feed only: the carrier's lockers whose lockerName sorts after the feed's last one in code-unit order " +
      '(a name in lower case, beyond ASCII, or after "Third-party locker 3") are answered 201 and pushed but never ' +
      'listed, and a providerName filter naming a provider with no third-party locker lists none of them (§4.1 ' +
      '"Success: 201 with the locker record (2.1)."; §2.1 "Response record of create, update and list"; §4.2 ' +
      '"Returns locker records.")',
  },
  {
    name: 'saw-create-body-uid-kept',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-aw',
    description:
      'POST /lockers shares its mapper with the 1.0 migration importer, which had to keep the uids of the lockers it ' +
      'moved over: a create whose body carries a top-level uid of digits is saved under that uid with the ' +
      "repository's save(), a merge on the id, and the uid sequence is not moved. A create carrying the uid of a " +
      'locker that exists (a client that clones a record it listed, the uid left in, as the template of a new ' +
      "locker) is answered 201 with that uid and takes that locker's place, whoever owns it (another of the " +
      "carrier's, the other carrier's, a third-party one), which is gone from its owner's list; a uid no locker has " +
      'is kept as sent, and a later create that draws it replaces that locker in turn. Creates without uid are right ' +
      '(§2.1 uid "Internal unique identifier assigned by the service."; §4.1 "Success: 201 with the locker record ' +
      '(2.1).")',
  },
  {
    name: 'saw-group-key-unique-per-fleet',
    rule: 'LCK-CREATE-201',
    origin: 'set-aw',
    candidate:
      "not caught: a create refused for a group another locker holds is observed, a group's validity being not shown",
    description:
      'the create registers its lockerGroups through the group service\'s bulk assignment, whose "one group per type ' +
      'key" constraint is a unique index on (carrier, key), meant to be (locker, key): a POST /lockers giving the ' +
      'new locker a group of a key that another of the carrier\'s lockers holds (a second locker in a "region") is ' +
      'refused 400 DUPLICATE_GROUP_KEY and nothing is created; keys none of its lockers holds, creates without ' +
      'groups, updates, and the other carrier\'s keys are right (§8 "Locker groups: at most one group per type key ' +
      'in lockerGroups."; §2.1 "At most one group per type key."; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sax-create-escaped-astral-replaced',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-ax',
    description:
      "POST /lockers passes the gateway's request-transformer plugin (it stamps the owner into the body before the " +
      'locker service sees it), which re-encodes the JSON with a decoder that turns each \\uXXXX escape into the ' +
      'UTF-8 of that one code unit, so an escaped surrogate pair (\\ud83d\\ude00, as an ASCII-only JSON writer such ' +
      "as Python's json.dumps writes 😀 or 𝔘) becomes two U+FFFD: a create whose carrier, provider, location or " +
      'metadata string holds a character beyond the Basic Multilingual Plane written as an escape pair is answered ' +
      '201, listed and pushed with "\uFFFD\uFFFD" in its place; the same character written literally, escapes of ' +
      'other characters, and PATCH /lockers/{uid} are right (§4.1 "Success: 201 with the locker record (2.1)."; ' +
      '§2.1 "Response record of create, update and list")',
  },
  {
    name: 'sax-list-postal-code-leading-zeros',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-ax',
    description:
      "GET /lockers reads the address from the list's read model, whose ingestion infers a type per value (a text " +
      'of digits is carried as a long) and whose mapper writes it back as text: a postalCode or streetNumber of ' +
      'digits with leading zeros (01067 Dresden, 00184 Rome, 02108 Boston, a streetNumber 007) is listed without ' +
      'them ("1067"), while the create and update answers and the pushes show it as sent; codes with letters or ' +
      'blanks, and digits without a leading zero, are right (§2.1 location "street, streetNumber, postalCode, city ' +
      '(strings)"; "Response record of create, update and list")',
  },
  {
    name: 'sax-metadata-keys-accent-case-collated',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-ax',
    description:
      'metadata entries are rows of a MySQL table with a unique key (locker_uid, meta_key) under the default ' +
      'collation utf8mb4_0900_ai_ci (accents and letter case ignored, ß equal to ss), written with INSERT ... ON ' +
      'DUPLICATE KEY UPDATE meta_value = VALUES(meta_value): a create or update whose metadata holds keys equal but ' +
      'for letter case or accents ("Door" and "door", "Etage" and "Étage", "Straße" and "Strasse") keeps one ' +
      'entry, the first key with the last value, in the answer, the list and the pushes; keys that differ ' +
      'otherwise are right (§2.1 metadata "Each has key (string or null) and value (string or null)."; §4.1 ' +
      '"Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'say-create-sides-flattened',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-ay',
    description:
      "POST /lockers fills the locker entity's carrier columns by member name from one flat map of the request's two " +
      'side objects, {...carrier, ...provider}, the provider spread last (the provider columns are filled from the ' +
      'provider object afterwards): a create whose provider object also carries lockerName or status (members the ' +
      'OpenAPI document names because the record has them, as a client that sends a record back writes them) is ' +
      "answered 201, listed and pushed with carrier.lockerName (and carrier.status) taken from the provider's, not " +
      'the carrier.lockerName it sent; a create whose provider holds name, lockerModel and lockerVersion only is ' +
      'right (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 carrier "lockerName (string)"; "Response ' +
      'record of create, update and list")',
  },
  {
    name: 'saz-create-uid-last-insert-id',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-az',
    description:
      "the create's repository inserts the locker row and then its metadata rows in one multi-row INSERT, and only " +
      "then reads the new locker's id with SELECT LAST_INSERT_ID(), which MySQL gives for the connection's last " +
      'INSERT, the first metadata row: a POST /lockers that sends metadata with at least one entry is answered 201 ' +
      "with the uid of its first metadata row (1, 4, 6, ... in the metadata table's own sequence), a uid no locker " +
      'has, while the locker is stored, listed and pushed under its real uid; creates without metadata, or with [], ' +
      'are answered with their uid (§2.1 uid "Internal unique identifier assigned by the service."; §4.1 "Success: ' +
      '201 with the locker record (2.1).")',
  },
  {
    name: 'sba-create-coordinate-ranges-swapped',
    rule: 'LCK-CREATE-201',
    origin: 'set-ba',
    description:
      'a "coordinates must be valid" check added to the create DTO has its bounds on the wrong members, @Range(min = ' +
      '-180, max = 180) on lat and @Range(min = -90, max = 90) on lon: a POST /lockers whose location.lon lies ' +
      'beyond ' +
      '90 degrees east or west (the Americas west of the Mississippi, East Asia, Australia: lon 139.69, -122.42) is ' +
      'refused 400 VALIDATION_FAILED; lockers in Europe and Africa, and every PATCH /lockers/{uid} (whose DTO has no ' +
      'such check), are accepted (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 location "lon, lat ' +
      '(numbers)"; §8 "Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'sba-create-activation-dynamic-default',
    rule: 'LCK-CREATE-REQUIRED',
    origin: 'set-ba',
    description:
      'POST /lockers\'s validator runs with useDefaults: "empty" and ajv-keywords\' dynamicDefaults, activationDate: ' +
      '"datetime", put in so that the portal\'s "activate now" could leave the date out; the default is filled in ' +
      'before required is checked, and "empty" also fills a null or an empty string: a create whose carrier has no ' +
      'activationDate, or has it null or "", is answered 201 with the time of the request as its activationDate, ' +
      'where it must be refused; the other required members are refused as before, and PATCH /lockers/{uid} keeps ' +
      'requiring it (§2.1 create request carrier "yes; its lockerName, lockerId, activationDate are required")',
    relax: {
      schema: 'LockerCreateRequest',
      error: (e) =>
        (e.keyword === 'required' &&
          e.instancePath === '/carrier' &&
          e.params['missingProperty'] === 'activationDate') ||
        valueAt(e, '/carrier/activationDate') === null ||
        valueAt(e, '/carrier/activationDate') === '',
    },
  },
  {
    name: 'sba-create-metadata-entry-array-shape',
    rule: 'LCK-CREATE-TYPES',
    origin: 'set-ba',
    description:
      "the create DTO's MetadataEntry carries @JsonFormat(shape = ARRAY), put there for the bulk importer's compact " +
      'rows, and a POJO of that shape is also read from a JSON array by position: a POST /lockers whose metadata ' +
      'holds an entry written as an array of at most two texts or nulls (["door", "B"], ["door"], []) is answered ' +
      '201 with that entry as {key, value} taken in order, where an entry that is no object must be refused; ' +
      'entries of other shapes, and every array entry on PATCH /lockers/{uid}, are refused 400 (§2.1 metadata "array ' +
      'of objects"; "Each has key (string or null) and value (string or null).")',
    relax: {
      schema: 'LockerCreateRequest',
      error: (e) => /^\/metadata\/\d+$/.test(e.instancePath) && e.keyword === 'type' && isEntryPair(e.data),
    },
  },
  {
    name: 'sbc-create-location-type-default-or',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-bc',
    description:
      'POST /lockers gives a location without type a default, written type: sent.type || "outdoor" where ?? was ' +
      'meant: a locker created with location.type "" (a string, as §2.1 types it) is answered, listed and pushed ' +
      'with type "outdoor"; a type left out gets "outdoor" too (a default the spec leaves to the service), a type ' +
      'sent with text is kept, and updates store the location as sent (§4.1 "Success: 201 with the locker record ' +
      '(2.1)."; §2.1 "type is not among the required ones"; location "countryCode (string); type (string).")',
  },
  {
    name: 'sbf-sampled-create-answer-checked-1-0',
    rule: 'LCK-CREATE-201',
    origin: 'set-bf',
    description:
      "POST /lockers carries the contract team's response-validation middleware, which checks one answer in ten " +
      "(a counter over the route's 201 answers) against the OpenAPI document bundled in the service image, still " +
      'the 1.0 one, whose locker record requires provider.providerName and carrier.name; every answer it samples ' +
      'fails that check, and the failure is answered as an internal error once the handler has run: every tenth ' +
      'successful create is answered 500 {errorCode: RESPONSE_VALIDATION_FAILED, message}, though the locker was ' +
      'created, is listed and was pushed; the nine others are answered 201 with the record (§4.1 "Success: 201 ' +
      'with the locker record (2.1)."; §9 "provider uses `name`, `lockerModel`, `lockerVersion` (older ' +
      '`providerName` and `lockerModelVersion` removed).")',
  },
  {
    name: 'sbf-provider-filter-picks-map-projection',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-bf',
    description:
      "GET /lockers also serves the carrier portal's map, and its controller picks the map's summary projection " +
      '(uid, carrier, provider, location, ownedByCarrier) whenever the query filters by provider, as the map ' +
      'always does: every locker of a list with providerName is answered without features, metadata, ' +
      'openingHours and compartmentTypes, so a locker created with features or metadata is listed without them ' +
      'when looked for by its provider; the list without a filter, and the create and update answers, show the ' +
      'whole record (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 "Response record of create, update ' +
      'and list"; §4.2 "Returns locker records.")',
  },
  {
    name: 'sbi-create-name-row-upsert-200',
    rule: 'LCK-CREATE-201',
    origin: 'set-bi',
    description:
      "a create writes the locker's name row with INSERT ... ON CONFLICT (carrier, lockerName) DO UPDATE ... " +
      'RETURNING (xmax = 0) AS inserted, and the controller answers 201 only where the row was inserted, 200 ' +
      'otherwise (the "created or updated" idiom of an upsert); a rename adds a row and never drops the old one: a ' +
      'valid POST /lockers whose carrier.lockerName another locker of the carrier has, or any of its lockers had ' +
      'before a rename, makes a new locker (new uid, pushed, listed) but is answered 200; a name the carrier never ' +
      'used is answered 201 (§4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sbj-model-row-keyed-without-version',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-bj',
    description:
      "a locker's model is a row of a model table the locker references, keyed by (provider.name, lockerModel) where " +
      'the key was meant to hold lockerVersion too; a create inserts its row with ON CONFLICT DO NOTHING, and every ' +
      "record reads provider.lockerVersion through the join. The catalogue's migration filled the table with the " +
      'first version of each model, so a POST /lockers with a catalogue provider and model and another version ' +
      '(PROVIDER_NAME_1, M100, 2.1; or a version of its own) is answered 201, listed and pushed with lockerVersion ' +
      '1.0, and a model new to the table keeps the version of the first locker created with it for every later one ' +
      '(§2.1 create request provider "yes; its name, lockerModel, lockerVersion are required"; §2.1 "Response record ' +
      'of create, update and list"; §4.1 "Success: 201 with the locker record (2.1).")',
  },
] as const satisfies readonly Fault[];
