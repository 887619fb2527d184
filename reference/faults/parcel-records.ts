// Faults of a parcel's record and the parcel list (§2.4, §4.8). Each names the rule it breaks, its origin (the set it
// was written in) and how; the lines that switch one on name it (`app.fault('name')`).
import type { Fault } from '../fault';

export const PARCEL_RECORDS_FAULTS = [
  {
    name: 'access-codes-legacy',
    rule: 'PCL-ACCESS-CODES',
    origin: 'parcels',
    description: 'accessCodes carries consigneeCollection',
  },
  {
    name: 'by-tenant-wrong-shipment-type',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'fidelity',
    description: 'a by-tenant booking is stored as LAST_MILE whatever shipmentType was sent',
  },
  {
    name: 'consignee-mojibake',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'recorded-day',
    description:
      "a booking stores the consignee's text as UTF-8 bytes read back as Latin-1: Zoë is listed and pushed " +
      'as ZoÃ«',
  },
  {
    name: 'parcel-locker-id-number',
    rule: 'PCL-RECORD-SHAPE',
    origin: 'parcels',
    description: 'carrierLockerId is a number in parcel records',
  },
  {
    name: 'parcels-all-carriers',
    rule: 'PCL-LIST-OWN',
    origin: 'parcels',
    description: "GET /parcels lists every carrier's parcels",
  },
  {
    name: 'parcels-without-events',
    rule: 'PCL-LIST-STATUS-EVENTS',
    origin: 'parcels',
    description: 'listed parcels have no events',
  },
  {
    name: 'sab-booking-confirms-check-snapshot',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-ab',
    description:
      "a booking is two-phase: a PRE_CHECK stores its allocation proposal, with the check's delivery details " +
      '(shipmentType, consignee), for 5 minutes, and a BOOKING of the same carrierParcelId into the same locker on ' +
      'the same path confirms that proposal: the booking is stored, listed and pushed with the shipmentType and ' +
      'consignee the PRE_CHECK sent (none, where it sent none), not those of the BOOKING; a BOOKING without a check ' +
      'before it is right (§4.6 "with eventType BOOKING a locker booking is created; with PRE_CHECK the service ' +
      'checks whether the parcel can be accepted in the locker"; §2.3 shipmentType, consignee; §4.8 "Returns parcel ' +
      'records (2.4)")',
  },
  {
    name: 'sad-list-dimensions-status-case-no-else',
    rule: 'PCL-RECORD-SHAPE',
    origin: 'set-ad',
    description:
      "GET /parcels reads dimensionsStatus from the list's view, CASE WHEN depth, height and width are all set THEN " +
      "'DECLARED' WHEN none is THEN 'INCOMPLETE' END, written without ELSE: a parcel booked on either path with one " +
      'or two dimensions given and the others null or left out is listed with dimensionsStatus null; the cancel ' +
      'answer and ParcelUpdates (from the entity) show INCOMPLETE, and parcels with all or no dimensions are listed ' +
      'right (§2.4 dimensionsStatus "string"; §4.8 "Returns parcel records (2.4) of the calling carrier, with status ' +
      'and event history."; §2.3 dimensions "depth, height, width; each integer or null.")',
  },
  {
    name: 'sb-consignee-without-name-dropped',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-b',
    description:
      '"has a consignee" is tested as consignee?.name: a consignee with name null (or left out) and an email is ' +
      'stored as consignee null, its email lost (§2.3 consignee "name (string or null), email (string or null)"; ' +
      '§2.4 consignee)',
  },
  {
    name: 'sb-list-events-joined-by-parcel-id',
    candidate:
      'caught by a full run (GEN-WRITE-NAMED-ONLY, on a cancelled id booked again), not by its own ' +
      "rule's tests: a booking under a cancelled parcel's id names that parcel too (PCL-AFTER-CANCEL)",
    rule: 'PCL-LIST-STATUS-EVENTS',
    origin: 'set-b',
    description:
      "GET /parcels joins the events on carrierParcelId, not the parcel's own key: two parcels of one carrier with " +
      "one carrierParcelId (cancelled and booked again, or a trigger's first-mile parcel) each list the events of " +
      'both; answers and pushes are right (§2.4 events "History of events of the parcel."; §4.8)',
  },
  {
    name: 'sb-precheck-saves-parcel-data',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-b',
    description:
      'the parcel data is upserted before the eventType is read: a PRE_CHECK for a carrierParcelId the carrier has ' +
      "booked rewrites that booking's consignee, shipmentType, allocationType and dimensionsStatus (no push) (§4.6 " +
      '"with PRE_CHECK the service checks whether the parcel can be accepted in the locker")',
  },
  {
    name: 'sd-consignee-email-lowercased',
    candidate:
      'not caught: consignee emails now come from a pool of cases, but no run yet showed one ' +
      'lower-cased against PCL-RECORD-AS-SENT',
    rule: 'PCL-EMAIL-AS-SENT',
    origin: 'set-d',
    description:
      "a booking's consignee email is canonicalized on store (trimmed and lower-cased, local part too, as an " +
      'email normalizer does): Jane.Doe@Example.com is listed and pushed as jane.doe@example.com; the name is kept ' +
      'as sent (§2.3 consignee "name (string or null), email (string or null)"; §2.4 consignee of the parcel ' +
      'record; §4.6 a locker booking is created from the parcel data)',
  },
  {
    name: 'sf-consignee-html-escaped',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-f',
    candidate:
      'caught by a full run (PCL-RECORD-AS-SENT, a name with markup characters booked in the ' +
      "exploration), not by its own rule's tests",
    description:
      "an anti-XSS input filter HTML-escapes the consignee's text on store: O'Brien & Sons is listed and pushed as " +
      "O&#x27;Brien &amp; Sons, an email o'brien@example.com as o&#x27;brien@example.com; text without & < > \" ' is " +
      'kept as sent (§2.3 consignee "name (string or null), email (string or null)"; §2.4 consignee of the parcel ' +
      'record; §4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sf-list-drops-cancelled',
    rule: 'PCL-LIST-STATUS-EVENTS',
    origin: 'set-f',
    candidate:
      'caught as a should only (WH-PARCEL-CONSISTENT): a cancelled parcel missing from the list is ' +
      'read as a list that dropped it',
    description:
      'a cancelled parcel is moved to an archive table that GET /parcels does not read: from its cancel on, the ' +
      'parcel (its CANCELLED status and its history) is missing from the list, while the cancel answer and its ' +
      'ParcelUpdates show it; booked, delivered and collected parcels are listed (§4.8 "Returns parcel records ' +
      '(2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'sf-rebook-after-cancel-refused',
    rule: 'PCL-AFTER-CANCEL',
    origin: 'set-f',
    candidate:
      "not caught: a booking again under a cancelled parcel's id is PCL-AFTER-CANCEL's, observed only " +
      '(what follows a cancel is not stated)',
    description:
      'the duplicate check of a BOOKING is a unique key on (carrier, carrierParcelId) that leaves the status out: ' +
      'once a parcel was cancelled (or delivered), a BOOKING under its carrierParcelId, into any locker and on ' +
      'either path, is refused 400 ALREADY_BOOKED, so a cancelled parcel can never be booked again; the first ' +
      'booking of an id is made (§4.6 "with eventType BOOKING a locker booking is created"; §4.9 "Cancels the ' +
      'booking of the parcel.")',
  },
  {
    name: 'sf-signature-data-url',
    rule: 'PCL-SIGNATURE-OBJECT',
    origin: 'set-f',
    candidate: 'not caught: that imageBase64 holds bare base64 is implied by its name only',
    description:
      'signature.imageBase64 holds the data URL the signature pad produced, "data:image/png;base64,iVBOR...", not ' +
      'the base64 text of the image, in GET /parcels, the cancel answer and ParcelUpdates (§2.4 signature ' +
      '"imageBase64 (string), format (string)"; §9 "signature is an object with imageBase64 and format.")',
  },
  {
    name: 'sh-allocation-type-null-when-omitted',
    rule: 'PCL-RECORD-SHAPE',
    origin: 'set-h',
    description:
      'the booking mapper copies allocationType from the request into a nullable column with no default: a BOOKING ' +
      'on either path that leaves allocationType out (§2.3: not required) is listed, answered on cancel and pushed ' +
      'with allocationType null; a BOOKING that sends it, and trigger-made parcels, are right (§2.4 allocationType ' +
      '"string"; §9 "eventTimestamp and allocationType were added to webhook and parcel records."; §6 ParcelUpdates ' +
      '"including ... allocationType")',
  },
  {
    name: 'sh-lock-state-per-locker',
    rule: 'PCL-RECORD-EXTRA-AS-SENT',
    origin: 'set-h',
    description:
      'the lock state is kept in a column of the locker (the compartment controller locks the door, not the ' +
      'parcel): every BOOKING writes it, and every parcel in that locker shows the last one written, so a parcel ' +
      'booked LOCKED shows UNLOCKED once another parcel is booked UNLOCKED (or without lockStatus) into the same ' +
      'locker, in GET /parcels, the cancel answer and ParcelUpdates (§3 "A booking carries a lock state LOCKED or ' +
      'UNLOCKED set at booking time."; §2.3 lockStatus)',
  },
  {
    name: 'sh-parcels-scoped-by-locker',
    rule: 'PCL-LIST-OWN',
    origin: 'set-h',
    description:
      'GET /parcels selects the parcels of the lockers the caller may see (its own and the third-party ones), not ' +
      "the parcels it booked: a carrier's list also shows the other carrier's parcels in a shared third-party " +
      'locker, with their consignee and access codes; parcels in lockers of its own are only its own (§4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier, with status and event history."; §1 "list the parcels ' +
      'of the carrier")',
  },
  {
    name: 'si-list-events-batch-fetch-limit',
    rule: 'PCL-LIST-STATUS-EVENTS',
    origin: 'set-i',
    candidate:
      'caught on the first try by a full run (PCL-LIST-STATUS-EVENTS, TRG-EVENT-HISTORY): it shows past the 25th ' +
      "parcel of a carrier, which only a whole run books; the rule's own tests never list so many",
    description:
      "GET /parcels loads each parcel's events lazily, and one batch fetch (batch size 25) initializes them: the " +
      "records the answer writes after the 25th (oldest first, so a carrier's newest parcels once it has more " +
      'than 25) are written after the session closed, with events null; the first 25, the cancel answer and the ' +
      'pushes carry the history (§4.8 "Returns parcel records (2.4) of the calling carrier, with status and event ' +
      'history."; §2.4 events "array", "History of events of the parcel.")',
  },
  {
    name: 'signature-string',
    rule: 'PCL-SIGNATURE-OBJECT',
    origin: 'parcels',
    description: 'signature is a base64 string',
  },
  {
    name: 'sk-consignee-null-stringified',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-k',
    description:
      "a booking's consignee is stored through the contact service's form-encoded call (new URLSearchParams({name, " +
      'email})), which writes null as the text "null": a consignee sent with name or email null, or left out, is ' +
      'listed, answered on cancel and pushed with that member "null", a four-letter string; a consignee null and ' +
      'members given as text are kept (§2.3 consignee "name (string or null), email (string or null)."; §2.4 ' +
      'consignee "name (string or null), email (string or null)."; §4.6 "with eventType BOOKING a locker booking ' +
      'is created")',
  },
  {
    name: 'sk-shipment-type-ordinal-reordered',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-k',
    description:
      'shipmentType is persisted by its enum ordinal: the booking service writes it with ALTERNATIVE_DELIVERY ' +
      'added second (LAST_MILE, ALTERNATIVE_DELIVERY, FIRST_MILE, RETURN), while the service behind GET /parcels ' +
      'still reads it with the older order (LAST_MILE, FIRST_MILE, RETURN, ALTERNATIVE_DELIVERY): an ' +
      'ALTERNATIVE_DELIVERY booking is listed FIRST_MILE, a first-mile parcel RETURN and a return ' +
      'ALTERNATIVE_DELIVERY; LAST_MILE, the cancel ' +
      'answer and the pushes are right (§2.3 shipmentType "LAST_MILE or ALTERNATIVE_DELIVERY."; §4.8 "Returns ' +
      'parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sm-list-log-masking-in-place',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-m',
    description:
      'GET /parcels passes its answer through the response-logging interceptor, which masks personal data for the ' +
      'log on the answer object itself before it is written: every listed consignee email is masked to its first ' +
      'character, *** and its domain (jane.doe@example.com as j***@example.com); the name, the cancel answer and ' +
      'ParcelUpdates keep the address as sent (§2.3 consignee "name (string or null), email (string or null)."; ' +
      '§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier")',
  },
  {
    name: 'sm-mock-access-code-bare-pin',
    rule: 'PCL-ACCESS-CODES',
    origin: 'set-m',
    description:
      'the staging mock shares the accessCodes column with the service and writes the collection code in its own ' +
      'form, the bare PIN, whenever it applies an event to a parcel that holds a code: once a trigger event ' +
      '(BOOKING_CREATED confirming a booking, CONSIGNEE_DELIVERED, COURIER_COLLECTED) reached a booking, GET ' +
      '/parcels, the cancel answer and ParcelUpdates show accessCodes {"consigneeCollectionCode": "482913"}, a ' +
      'string; bookings no trigger event reached carry the object (§2.4 accessCodes "consigneeCollectionCode ' +
      '(object; its validUntil is optional).")',
  },
  {
    name: 'sm-push-signature-buffer',
    rule: 'PCL-SIGNATURE-OBJECT',
    origin: 'set-m',
    description:
      'the signature image is held as bytes (a bytea column read into a Buffer), and the webhook publisher writes ' +
      'its body with JSON.stringify, which writes a Buffer as {"type": "Buffer", "data": [137, 80, 78, 71, ...]}: ' +
      'the ParcelUpdates of a delivered parcel (its CONSIGNEE_DELIVERED, and every push of it after) carry ' +
      'signature.imageBase64 as that object, not a string; GET /parcels and the cancel answer, written by the API ' +
      'serializer, carry the base64 text (§2.4 signature "imageBase64 (string), format (string)."; §9 "signature is ' +
      'an object with imageBase64 and format."; §6 ParcelUpdates body "Parcel record (2.4), including ... ' +
      'signature")',
  },
  {
    name: 'so-consignee-name-split-rejoined',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-o',
    description:
      "the contact service keeps a consignee's name as givenName and familyName, split at the first blank, and the " +
      'parcel record shows `${givenName} ${familyName}`: a name without a blank (Madonna, a name in a script written ' +
      'without spaces, an empty name) is listed, answered on cancel and pushed with a trailing blank ("Madonna "); ' +
      'names with a blank, a null name and the email are kept as sent (§2.3 consignee "name (string or null), email ' +
      '(string or null)."; §2.4 consignee "name (string or null), email (string or null)."; §4.6 "with eventType ' +
      'BOOKING a locker booking is created")',
  },
  {
    name: 'sq-access-codes-list-unwrapped',
    rule: 'PCL-ACCESS-CODES',
    origin: 'set-q',
    description:
      'collection codes are rows of a code table keyed by (carrier, carrierParcelId), each booking adding one, read ' +
      'into a list that the JSON mapper writes with single-element arrays unwrapped (a setting switched on for the ' +
      'provider feed): a carrierParcelId booked once shows consigneeCollectionCode as its object, but after book X, ' +
      'cancel X, book X again, both parcels of X show consigneeCollectionCode as an array of the two codes, in GET ' +
      '/parcels, the cancel answer and ParcelUpdates (§2.4 accessCodes "consigneeCollectionCode (object; its ' +
      'validUntil is optional)."; §9 "accessCodes.consigneeCollectionCode replaces the deprecated ' +
      'consigneeCollection.")',
  },
  {
    name: 'sq-courier-signature-overwrites',
    rule: 'PCL-SIGNATURE-OBJECT',
    origin: 'set-q',
    description:
      "a COURIER_COLLECTED writes the courier's hand-over signature into the parcel's signature, and the courier " +
      "app's event carries the image without a format: once the courier collected a parcel (after its delivery or " +
      'not), GET /parcels, the cancel answer and its ParcelUpdates show signature {imageBase64, format: null}; ' +
      'delivered parcels the courier has not collected show {imageBase64, format: "PNG"} (§2.4 signature ' +
      '"imageBase64 (string), format (string)."; §9 "signature is an object with imageBase64 and format.")',
  },
  {
    name: 'ss-cancel-clears-locker-uid',
    rule: 'PCL-RECORD-SHAPE',
    origin: 'set-s',
    description:
      "the parcel's lockerUid is read through its compartment (parcel -> compartment -> locker), and the " +
      "compartment is released, the parcel's compartment reference set to null, when the parcel leaves it by a " +
      'cancellation or a COURIER_COLLECTED: from then on GET /parcels, the cancel answer and the ParcelUpdates of ' +
      'the cancel or the collection show lockerUid null; booked and delivered parcels show their locker (§2.4 ' +
      'lockerUid "string", carrierLockerId "string or null"; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier"; §6 ParcelUpdates body "Parcel record (2.4)")',
  },
  {
    name: 'ss-shipment-type-derived-from-consignee',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-s',
    description:
      "the parcel entity's shipmentType getter, written when an alternative delivery meant a parcel redirected " +
      'to a locker without a known consignee, derives a last-mile type from the consignee (ALTERNATIVE_DELIVERY ' +
      'where it is null, LAST_MILE where there is one) and the column the request fills is no longer read: a ' +
      'booking sent LAST_MILE with consignee null or left out is listed, answered on cancel and pushed ' +
      'ALTERNATIVE_DELIVERY, and one sent ALTERNATIVE_DELIVERY with a consignee is shown LAST_MILE; first-mile ' +
      'and return parcels, and bookings whose type agrees with the rule, are right (§2.3 shipmentType "LAST_MILE ' +
      'or ALTERNATIVE_DELIVERY.", consignee "object or null", not required; §4.8 "Returns parcel records (2.4) of ' +
      'the calling carrier")',
  },
  {
    name: 'ss-third-party-allocation-provider-words',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-s',
    description:
      "a parcel in a third-party locker is booked through the provider's allocation API, which takes HARD or " +
      "SOFT, and the record keeps the allocation type as the provider's confirmation echoes it: every parcel in a " +
      'third-party locker (ownedByCarrier null; the seeded TP lockers) is listed by GET /parcels, answered on ' +
      'cancel and pushed with allocationType HARD or SOFT, not HARD_RESERVATION or SOFT_RESERVATION as sent (or as ' +
      "defaulted); parcels in the carrier's own lockers, allocated by the service itself, keep the words sent " +
      '(§4.6 "with eventType BOOKING a locker booking is created"; §2.3 allocationType "HARD_RESERVATION or ' +
      'SOFT_RESERVATION."; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'su-signature-empty-composite',
    rule: 'PCL-SIGNATURE-OBJECT',
    origin: 'set-u',
    description:
      'the signature is an embedded value object of the parcel entity (two columns), and the ORM is set to ' +
      'create empty composites (hibernate.create_empty_composites.enabled, switched on for the address ' +
      'embeddable) so an embedded value whose columns are all NULL is read as an object of nulls: every ' +
      'parcel not delivered (booked, cancelled, made by the trigger) is listed, answered on cancel and ' +
      'pushed with signature {imageBase64: null, format: null}; delivered parcels show their image and ' +
      '"PNG" (§2.4 signature "imageBase64 (string), format (string)."; §9 "signature is an object with ' +
      'imageBase64 and format.")',
  },
  {
    name: 'sx-locked-code-withheld-inner-null',
    rule: 'PCL-ACCESS-CODES',
    origin: 'set-x',
    description:
      'the parcel mapper withholds the collection code of a LOCKED parcel ("LOCKED blocks the consignee from ' +
      'collecting") by setting consigneeCollectionCode to null, and the serializer writes null members: every ' +
      'parcel booked with lockStatus LOCKED, on either path, is listed by GET /parcels, answered on cancel and ' +
      'pushed with accessCodes {"consigneeCollectionCode": null}, an object without the code object; UNLOCKED ' +
      'parcels, and parcels without lockStatus, carry the code (§2.4 accessCodes "consigneeCollectionCode ' +
      '(object; its validUntil is optional)."; §2.3 lockStatus)',
  },
  {
    name: 'sz-parcel-push-locker-uid-number',
    rule: 'PCL-RECORD-SHAPE',
    origin: 'set-z',
    description:
      'the ParcelUpdates publisher builds its event from the parcel row joined with its locker, whose uid column ' +
      'is a BIGINT the database driver returns as a JavaScript number: every ParcelUpdates (booking, cancel, ' +
      'trigger) carries lockerUid as a number (100001), where GET /parcels, built from the API DTO, shows the ' +
      'string "100001" (§2.4 lockerUid "string"; §6 ParcelUpdates body "Parcel record (2.4)")',
  },
  {
    name: 'webhook-access-codes-flat',
    rule: 'PCL-ACCESS-CODES',
    origin: 'one-place',
    description:
      'ParcelUpdates carry accessCodes flat ({code, validUntil}, no consigneeCollectionCode object); GET ' +
      '/parcels is right',
  },
  {
    name: 'x45-consignee-shared-object',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'x45',
    description:
      "bookings copy the consignee into one object every record then holds (a singleton's field): each " +
      'booking that sends a consignee rewrites it, so earlier parcels are listed and pushed with the latest ' +
      "booking's consignee (§2.4 consignee of the parcel; §4.6 a locker booking is created)",
  },
  {
    name: 'x45-parcels-cache-shared-across-carriers',
    rule: 'PCL-LIST-OWN',
    origin: 'x45',
    description:
      'GET /parcels answers from a response cache keyed by the query string, not by the caller (cleared on ' +
      'every parcel write, kept 30 s): a carrier listing after another, with no write between, gets the ' +
      "other carrier's parcels (§4.8 parcel records of the calling carrier)",
  },
  {
    name: 'x47-revoked-access-code-dropped',
    rule: 'PCL-ACCESS-CODES',
    origin: 'x47',
    description:
      'a cancellation or CONSIGNEE_DELIVERED revokes the collection code by setting consigneeCollectionCode ' +
      'to null, and the serializer leaves null members out: GET /parcels and ParcelUpdates show accessCodes ' +
      'as {}, an object without consigneeCollectionCode, not accessCodes null (§2.4 "consigneeCollectionCode ' +
      '(object; its validUntil is optional).")',
  },
  {
    name: 'saf-list-consignee-json-refs',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-af',
    description:
      'consignees are contact entities found or created by name and email, so bookings that send the same ' +
      'consignee share one, and GET /parcels is written by a serializer set to preserve object references for the ' +
      'Contact type (Json.NET IsReference / @JsonIdentityInfo): within one list answer the first parcel of a ' +
      'consignee shows it with an extra "$id", and every later parcel with the same name and email shows consignee ' +
      '{"$ref": "<id>"}, without name or email; the cancel answer and ParcelUpdates hold one record and show it ' +
      'whole, and consignees that differ are listed as sent (§4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier"; §2.4 consignee "object or null", "name (string or null), email (string or null).")',
  },
  {
    name: 'saf-paged-list-drops-owner',
    rule: 'PCL-LIST-OWN',
    origin: 'set-af',
    description:
      'GET /parcels has two repository calls: findByOwner(carrier) for a plain list, and findAll(pageable) once ' +
      'the query carries a paging parameter (page, size, limit, offset, pageSize or per_page), a method written ' +
      "for the operators' screen that has no owner criterion: a carrier that asks for a page is answered the page " +
      "of every carrier's parcels, oldest first (20 a page unless size asks for up to 100), the other carrier's " +
      'bookings with their consignees and access codes among them; a list without paging parameters is the ' +
      'carrier\'s own as before (§4.8 "Returns parcel records (2.4) of the calling carrier"; "Query parameters and ' +
      'exact response envelope: not shown.")',
  },
  {
    name: 'sah-by-tenant-delegation-drops-locker-id',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-ah',
    description:
      'the by-tenant controller resolves the carrierLockerId to its locker, then delegates to the lockerUid ' +
      "path's service with the request rebuilt as a lockerUid request (carrierLockerId taken out, as that request " +
      "has no such member), and the service fills the record's carrierLockerId from the request, " +
      '`body.carrierLockerId ?? null`: every booking made on /parcels/data/by-tenant-locker-id is listed, answered ' +
      'on cancel and pushed with carrierLockerId null (bookings on /parcels/data too, which the spec leaves open ' +
      'there); lockerUid and the other members are right (§4.7 "Same as 4.6, with carrierLockerId in place of ' +
      'lockerUid."; §1 "publish parcel data addressed by the carrier\'s own locker identifier"; §4.8 "Returns ' +
      'parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'saj-consignee-name-label-width',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-aj',
    description:
      "the consignee's name is stored in the column of the provider label's name line, VARCHAR(35) in a MySQL in " +
      'non-strict mode, which cuts a longer name to 35 characters without an error: a BOOKING on either path ' +
      'whose consignee name is longer (a full name with titles, a company name, a 1,000-character text) is ' +
      'answered 2xx and listed, answered on cancel and pushed with its first 35 characters (§2.3 consignee "name ' +
      '(string or null)"; §2.4 consignee; §8 "Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'sak-consignee-email-validated-to-null',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-ak',
    description:
      "a booking's consignee goes through the contact service, which runs the email through its address validator " +
      '(a local part of 1 to 64 characters, an @, a domain of dot-separated labels of at most 63 characters) and ' +
      'keeps null for an email it does not take, so that a typo does not fail the booking: a BOOKING on either path ' +
      'with a consignee email whose local part runs over 64 characters, whose domain has no dot, or that is no ' +
      'address at all ' +
      '(an empty or blank string, a name) is answered as booked and GET /parcels and ParcelUpdates show email null ' +
      '(§2.3 consignee "name (string or null), email (string or null)."; §4.8 "Returns parcel records (2.4) of the ' +
      'calling carrier")',
  },
  {
    name: 'sal-by-tenant-record-registered-id',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-al',
    description:
      "the by-tenant path resolves carrierLockerId by the locker's current carrier.lockerId, but the booking mapper " +
      "fills the parcel's carrierLockerId from the locker registry row written at the locker's create: a BOOKING on " +
      '/parcels/data/by-tenant-locker-id naming a locker by the carrier.lockerId an update gave it is booked into ' +
      'the right locker and listed with carrierLockerId the id it was created with, not the one sent (§4.7 "Same as ' +
      '4.6, with carrierLockerId in place of lockerUid."; §2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'sam-parcel-locker-id-own-lockers-join',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-am',
    candidate: 'not caught yet: missed on the first try',
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
    name: 'sap-alt-delivery-code-v10-member',
    rule: 'PCL-ACCESS-CODES',
    origin: 'set-ap',
    description:
      'the collection code of an ALTERNATIVE_DELIVERY booking is issued by the redirection adapter, written ' +
      'against 1.0, and the parcel mapper copies its accessCodes as it comes: every booking sent with shipmentType ' +
      'ALTERNATIVE_DELIVERY, on either path, is listed by GET /parcels, answered on cancel and pushed with ' +
      'accessCodes {"consigneeCollection": {code, validUntil}}, an object without consigneeCollectionCode; ' +
      'LAST_MILE bookings and bookings without shipmentType carry consigneeCollectionCode (§2.4 accessCodes ' +
      '"consigneeCollectionCode (object; its validUntil is optional). The field consigneeCollection is ' +
      'deprecated."; §9 "accessCodes.consigneeCollectionCode replaces the deprecated consigneeCollection.")',
  },
  {
    name: 'sap-return-signature-string',
    rule: 'PCL-SIGNATURE-OBJECT',
    origin: 'set-ap',
    description:
      'returns were built on 1.0 and their delivery handler still keeps the consignee signature as the 1.0 ' +
      'string, the base64 text alone: a RETURN parcel the staging trigger delivered (CONSIGNEE_DELIVERED) is ' +
      'listed by GET /parcels, answered on cancel and pushed with signature "iVBOR...", a string; a FIRST_MILE ' +
      'parcel delivered the same way carries {imageBase64, format} (§2.4 signature "imageBase64 (string), format ' +
      '(string)."; §9 "signature is an object with imageBase64 and format.")',
  },
  {
    name: 'sar-reannounce-resets-booking-defaults',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-ar',
    description:
      "a BOOKING_CREATED trigger event for a parcel the carrier booked through the API is an upsert of the mock's " +
      'parcel row, which writes the columns its DTO lacks with their defaults: from then on the booking is listed, ' +
      'answered on cancel and pushed with consignee null and allocationType HARD_RESERVATION, whatever the BOOKING ' +
      'sent; parcels the trigger made, other events, and bookings no trigger touched keep what was sent (§4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier"; §4.6 "with eventType BOOKING a locker booking is ' +
      'created"; §2.3 consignee, allocationType)',
  },
  {
    name: 'sav-consignee-retention-from-booking',
    candidate: 'not caught yet: missed on the first try',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-av',
    description:
      "the retention job erases a consignee's personal data once the retention has passed (staging keeps it 10 s, " +
      "production 7 days), counted from the booking where the end of the parcel's life was meant: a parcel booked " +
      'more than 10 s ago, still booked or not, is listed by GET /parcels, answered on cancel and pushed with ' +
      'consignee null; younger parcels show the consignee sent (§2.4 consignee "object or null"; §2.3 consignee ' +
      '"name (string or null), email (string or null)."; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'saw-second-key-operator-scope',
    rule: 'PCL-LIST-OWN',
    origin: 'set-aw',
    description:
      "the second carrier's key was issued by the onboarding script from the operator key's template and carries " +
      "its parcels:read-all scope, which GET /parcels honours (the operators' console reads through it) by leaving " +
      "the owner out of its query: the second carrier's GET /parcels lists both carriers' parcels, the first " +
      "carrier's consignees and access codes with them; the first carrier's list, and every other operation of " +
      'either key, are scoped as before (§4.8 "Returns parcel records (2.4) of the calling carrier, with status and ' +
      'event history.")',
  },
  {
    name: 'sax-parcel-list-empty-consignee-array',
    rule: 'PCL-RECORD-SHAPE',
    origin: 'set-ax',
    description:
      "GET /parcels is served by the portal's PHP backend, which reads the consignee through array_filter (dropping " +
      'null contact fields) and answers json_encode: a consignee that is {} or whose members are all null ({name: ' +
      'null, email: null}) is an empty PHP array, which json_encode writes as [], a list, not an object: a booking ' +
      'sent with such a consignee is listed with consignee [], while its ParcelUpdates shows it as sent; a ' +
      'consignee with a name or an email, and a null one, are right (§2.4 consignee "object or null"; §4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'saz-shipment-type-enum-not-widened',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-az',
    description:
      "the parcel table's shipment_type is a MySQL ENUM('LAST_MILE','FIRST_MILE','RETURN') created in 1.0, which " +
      'the migration that brought ALTERNATIVE_DELIVERY never widened, and the session is not in strict mode, so a ' +
      "value outside the ENUM is stored as the ENUM's error value '' with a warning: a BOOKING on either path with " +
      'shipmentType ALTERNATIVE_DELIVERY is answered BOOKED, but GET /parcels, the cancel answer and every ' +
      'ParcelUpdates show it with shipmentType ""; LAST_MILE bookings, bookings that leave shipmentType out, and ' +
      'the first-mile parcels of the trigger are right (§2.3 shipmentType "LAST_MILE or ALTERNATIVE_DELIVERY."; ' +
      '§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier")',
  },
  {
    name: 'sba-lock-status-unanchored-regex',
    rule: 'PCL-RECORD-EXTRA-AS-SENT',
    origin: 'set-ba',
    description:
      "the booking mapper keeps the lock state as the compartment controller's boolean, locked = " +
      '/LOCKED/.test(dto.lockStatus ?? ""), a pattern without anchors, and "UNLOCKED" contains "LOCKED": a BOOKING ' +
      'on either path that sends lockStatus UNLOCKED is stored and shown (GET /parcels, the cancel answer, ' +
      'ParcelUpdates) with lockStatus LOCKED; LOCKED is kept, and a booking that leaves lockStatus out is UNLOCKED ' +
      'as ' +
      'before (§3 "A booking carries a lock state LOCKED or UNLOCKED set at booking time."; §2.3 lockStatus "LOCKED ' +
      'blocks the consignee from collecting; UNLOCKED releases the parcel for collection.")',
  },
  {
    name: 'sba-parcel-list-null-as-empty-string',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-ba',
    description:
      "GET /parcels is written by a schema-compiled serializer (fast-json-stringify, from the route's response " +
      'schema), and that schema types consignee.name and consignee.email as "string", not ["string", "null"]; such a ' +
      'serializer writes a null where a string is declared as the empty string: a parcel booked with a consignee ' +
      'whose name or email is null is listed with "" there, while the cancel answer and ParcelUpdates, written by ' +
      'the generic JSON writer, show null; a consignee null and consignees of two strings are listed right (§2.3 ' +
      'consignee "name (string or null), email (string or null)."; §2.4 consignee "object or null"; §4.8 "Returns ' +
      'parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sbb-second-carrier-alternative-default',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-bb',
    description:
      'the second carrier has alternative delivery switched on in its carrier settings (§4.12), and the booking ' +
      "mapper applies that carrier's default shipment type where the request DTO holds LAST_MILE, the value the " +
      'DTO fills in for a shipmentType left out: a BOOKING of the second carrier (either path) sent with ' +
      "shipmentType LAST_MILE is stored, listed and pushed as ALTERNATIVE_DELIVERY; the first carrier's, and " +
      'ALTERNATIVE_DELIVERY sent, are right (§2.3 shipmentType "LAST_MILE or ALTERNATIVE_DELIVERY."; §4.8 "Returns ' +
      'parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sbb-lock-state-flag-off-in-list',
    rule: 'PCL-RECORD-EXTRA-AS-SENT',
    origin: 'set-bb',
    description:
      'the flag lock-state-v2 (the lock state moved to the compartment reservation) is on for the publish API and ' +
      'off in the list service, whose flag client was never given the flag\'s key and falls back to "off": bookings ' +
      'write the lock state to the new table, and GET /parcels reads the old column, which they leave at its ' +
      'default: ' +
      'a booking sent with lockStatus LOCKED is listed UNLOCKED, while its push and the cancel answer show LOCKED ' +
      '(§3 "A booking carries a lock state LOCKED or UNLOCKED set at booking time."; §2.3 lockStatus "LOCKED blocks ' +
      'the consignee from collecting")',
  },
  {
    name: 'sbb-old-pods-list-collected-null',
    rule: 'PCL-RECORD-SHAPE',
    origin: 'set-bb',
    description:
      'the release is rolled out in stages, and GET /parcels is taken in turn by a pod of the release before, whose ' +
      'status enum has no COLLECTED (first-mile pick-ups came with this release) and reads a value it does not know ' +
      'as null: every second GET /parcels lists a parcel a COURIER_COLLECTED moved with shipmentStatus null; other ' +
      'statuses, the other reads and the pushes are right (§2.4 shipmentStatus "string"; §4.8 "Returns parcel ' +
      'records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'sbc-parcel-list-history-reverse-loop',
    rule: 'PCL-HISTORY-KEPT',
    origin: 'set-bc',
    description:
      "GET /parcels writes each parcel's history newest first with a hand-written loop, for (let i = " +
      'events.length - 1; i > 0; i--), whose bound stops before index 0: every listed parcel lacks its oldest ' +
      'entry (a booking its BOOKING_CREATED, so a parcel only booked is listed with events []), while the cancel ' +
      'answer and ParcelUpdates carry the whole history; the order itself is free (§4.8 "Returns parcel records ' +
      '(2.4) of the calling carrier, with status and event history."; §2.4 events "History of events of the ' +
      'parcel.")',
  },
  {
    name: 'sbc-by-tenant-consignee-args-swapped',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-bc',
    description:
      'the booking mapper builds the consignee with a positional helper, consignee(name, email), and the by-tenant ' +
      'path calls it as consignee(dto.email, dto.name): a BOOKING on POST /parcels/data/by-tenant-locker-id with a ' +
      'consignee is stored, listed, answered on cancel and pushed with name and email exchanged ({name: ' +
      '"a@example.org", email: "Alice"}); bookings on /parcels/data, and by-tenant bookings whose consignee is null ' +
      'or has neither member, are as before (§2.3 consignee "name (string or null), email (string or null)."; §4.6 ' +
      '"with eventType BOOKING a locker booking is created"; §4.7 "Same as 4.6, with carrierLockerId in place of ' +
      'lockerUid.")',
  },
  {
    name: 'sbe-push-signature-null-before-delivery',
    rule: 'PCL-SIGNATURE-OBJECT',
    origin: 'set-be',
    description:
      '§6\'s body cell "Parcel record (2.4), including accessCodes, consignee, events, allocationType, ' +
      'dimensionsStatus, signature, eventTimestamp" was read as the members every push carries, so the ' +
      'ParcelUpdates mapper writes signature null where the parcel has none yet: every push before a ' +
      'CONSIGNEE_DELIVERED (a booking, a cancellation, BOOKING_CREATED, a COURIER_COLLECTED of a parcel not ' +
      'delivered) carries "signature": null; GET /parcels and the cancel answer leave it out, and pushes of a ' +
      'delivered parcel carry the object (§2.4 signature "object | imageBase64 (string), format (string)."; §9 ' +
      '"signature is an object with imageBase64 and format.")',
  },
  {
    name: 'sbi-parcel-data-insert-if-absent',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-bi',
    description:
      "a booking's consignee and shipmentType are kept in a parcel data table keyed by (carrier, carrierParcelId), " +
      'written with INSERT ... ON CONFLICT DO NOTHING (the label data of a parcel written once), and every record ' +
      'of that id shows the row: a BOOKING of P with consignee Ann, cancelled, then a BOOKING of P with consignee ' +
      'Bob and shipmentType ALTERNATIVE_DELIVERY is answered BOOKED and listed (and pushed) with Ann and LAST_MILE; ' +
      'first bookings of an id are shown as sent (§4.6 "with eventType BOOKING a locker booking is created"; §4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sbj-return-received-state-unmapped',
    rule: 'PCL-LIST-STATUS-EVENTS',
    origin: 'set-bj',
    description:
      'the parcel lifecycle is an internal state machine with more states than the statuses §2.4 shows (ANNOUNCED, ' +
      "IN_LOCKER, RECEIVED, ...), mapped down by a table when a record is written; the return flow's RECEIVED " +
      'state, which a RETURN parcel takes when the consignee drops it off, came with return shipments and was never ' +
      'given a line in that table, and the serializer leaves the unmapped member out: after POST ' +
      '{mock_base_url}/parcel/first-mile/event BOOKING_CREATED then CONSIGNEE_DELIVERED for a shipment_type RETURN, ' +
      'GET /parcels lists the parcel without shipmentStatus (its events as before) and its ParcelUpdates carries ' +
      'none; FIRST_MILE parcels and bookings are right (§4.8 "Returns parcel records (2.4) of the calling carrier, ' +
      'with status and event history.")',
  },
  {
    name: 'sbj-by-tenant-insert-hard-default',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-bj',
    description:
      'the allocation is kept as a boolean column hard_reservation DEFAULT true, and the by-tenant publish stores ' +
      'its booking with an INSERT of its own, copied from the path of 1.0 before allocationType existed, that leaves ' +
      'the column out: every BOOKING through POST /parcels/data/by-tenant-locker-id takes the default, so one sent ' +
      'with allocationType SOFT_RESERVATION is listed by GET /parcels (and pushed, and answered on cancel) as ' +
      'HARD_RESERVATION; bookings through POST /parcels/data keep what was sent (§4.7 "Same as 4.6, with ' +
      'carrierLockerId in place of lockerUid."; §4.6 "with eventType BOOKING a locker booking is created"; §4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sbj-dropoff-code-kind-unmapped',
    rule: 'PCL-ACCESS-CODES',
    origin: 'set-bj',
    description:
      'access codes are rows of a code table with a kind, and the parcel mapper turns them into accessCodes by ' +
      'kind, consigneeCollectionCode for COLLECTION, leaving out kinds it has no member for, while it writes ' +
      'accessCodes as an object whenever the parcel has a code row; the staging mock issues a DROP_OFF code to each ' +
      'first-mile or return parcel its BOOKING_CREATED makes, so GET /parcels and the ParcelUpdates of those parcels ' +
      'show accessCodes {}, an object without consigneeCollectionCode; bookings are right (§2.4 accessCodes "object ' +
      'or null", "consigneeCollectionCode (object; its validUntil is optional).")',
  },
] as const satisfies readonly Fault[];
