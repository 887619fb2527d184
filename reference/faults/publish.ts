// Faults of publishing a parcel event on either path (§4.6, §4.7). Each names the rule it breaks, its origin (the set
// it was written in) and how; the lines that switch one on name it (`app.fault('name')`).
import { requiredMember, type Fault } from '../fault';

export const PUBLISH_FAULTS = [
  {
    name: 'booking-ignores-allocation',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'parcels',
    description: 'bookings are listed with HARD_RESERVATION whatever was sent',
  },
  {
    name: 'booking-lost-in-flight',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'explored',
    description:
      'a BOOKING reads the parcels, awaits its write and writes them as read plus its own: a booking ' +
      'answered meanwhile is lost',
  },
  {
    name: 'by-tenant-first-locker',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'parcels',
    description: "the by-tenant path books into the carrier's first locker",
  },
  {
    name: 'by-tenant-other-carrier',
    rule: 'PCL-BY-TENANT-OWN',
    origin: 'webhooks',
    description: "a publish by carrierLockerId finds another carrier's locker by its carrier.lockerId",
  },
  {
    name: 'by-tenant-skips-type-check',
    rule: 'PCL-PUBLISH-TYPES',
    origin: 'one-place',
    description:
      'the by-tenant path checks no member types (a fraction or text where an integer belongs is taken); ' +
      '/parcels/data still checks them',
    // dimensions itself keeps its check: a record cannot be made of a parcel with no dimensions object.
    relax: {
      schema: 'PublishByCarrierLockerIdRequest',
      error: (e) => e.keyword === 'type' && e.instancePath !== '/dimensions',
    },
  },
  {
    name: 'by-tenant-stale-after-rename',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'sequences-edges',
    description: 'the by-tenant path looks lockers up by the carrier.lockerId they were created with',
  },
  {
    name: 'precheck-books',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    origin: 'parcels',
    description: 'PRE_CHECK creates a booking',
  },
  {
    name: 'publish-any-allocation-type',
    rule: 'PCL-PUBLISH-ENUMS',
    origin: 'parcels',
    description: 'any allocationType is accepted',
    relax: {
      schema: 'PublishByLockerUidRequest',
      error: (e) => e.keyword === 'enum' && e.instancePath === '/allocationType',
    },
  },
  {
    name: 'publish-any-currency',
    rule: 'PCL-PUBLISH-CURRENCY',
    origin: 'parcels',
    description: 'any codCurrency string is accepted',
    relax: {
      schema: 'PublishByLockerUidRequest',
      error: (e) => e.keyword === 'pattern' && e.instancePath === '/codCurrency',
    },
  },
  {
    name: 'publish-fractional-weight',
    rule: 'PCL-PUBLISH-TYPES',
    origin: 'parcels',
    description: 'a fractional weight is accepted',
    relax: {
      schema: 'PublishByLockerUidRequest',
      error: (e) => e.instancePath === '/weight' && typeof e.data === 'number',
    },
  },
  {
    name: 'publish-no-timestamp',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'parcels',
    description: 'the publish answer has no timestamp',
  },
  {
    name: 'publish-null-dimensions',
    rule: 'PCL-PUBLISH-REQUIRED',
    origin: 'parcels',
    description:
      'a publish with dimensions null is booked as a parcel of unknown size (null taken as omitted, and ' +
      'omitted taken as allowed)',
    relax: {
      schema: 'PublishByCarrierLockerIdRequest',
      error: (e, body) =>
        e.instancePath === '/dimensions' && (body as { dimensions?: unknown } | null)?.dimensions === null,
    },
  },
  {
    name: 'publish-nulls-uid-only',
    rule: 'PCL-PUBLISH-NULLS',
    origin: 'one-place',
    description:
      'the by-tenant path refuses a null consignee, consignee member, dimension member or ' +
      'requiresAccessibleCompartment; /parcels/data takes them',
  },
  {
    name: 'publish-optional-dimensions',
    rule: 'PCL-PUBLISH-REQUIRED',
    origin: 'parcels',
    description: 'a publish without dimensions is accepted',
    relax: { schema: 'PublishByLockerUidRequest', error: requiredMember('dimensions') },
  },
  {
    name: 'publish-rejects-null-consignee',
    rule: 'PCL-PUBLISH-NULLS',
    origin: 'parcels',
    description: 'a null consignee is refused',
  },
  {
    name: 'publish-requires-lock-status',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'parcels',
    description: 'a publish without lockStatus, which §2.3 does not require, is refused',
  },
  {
    name: 'publish-timestamp-hour-off',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    origin: 'sequences-edges',
    description: 'the publish timestamp is an hour ahead of the time the event was processed',
  },
  {
    name: 'sab-by-tenant-former-id-alias',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-ab',
    description:
      'a locker keeps the carrier.lockerId it was created with as an alias when an update gives it another (so that ' +
      'labels printed with the old id still book), and the by-tenant lookup matches "current id or alias", the ' +
      'oldest locker first: after locker A is created as X and updated to Y, a PRE_CHECK or BOOKING by ' +
      'carrierLockerId X books into A (listed with carrierLockerId X, the id the request named), also once ' +
      'another locker B has been created with X (B never gets it); ' +
      'lookups by Y and by ids never renamed are right (§4.7 "Same as 4.6, with carrierLockerId in place of ' +
      'lockerUid."; §2.3 carrierLockerId "The carrier\'s locker identifier."; §2.1 update request carrier)',
  },
  {
    name: 'sab-publish-either-locker-id',
    rule: 'PCL-PUBLISH-REQUIRED',
    origin: 'set-ab',
    description:
      'both publish paths bind one request DTO with a class-level "at least one of lockerUid, carrierLockerId" ' +
      'constraint (written when the by-tenant path was added) and resolve the locker from whichever is there: a ' +
      'PRE_CHECK or BOOKING on POST /parcels/data without lockerUid (or with it null) but with the carrierLockerId ' +
      'of a locker the carrier sees is answered 2xx and booked into that locker, and one on ' +
      '/parcels/data/by-tenant-locker-id without carrierLockerId but with a lockerUid likewise; with neither it is ' +
      'refused as before (§2.3 lockerUid "yes (on /parcels/data)", carrierLockerId "yes (on ' +
      '/parcels/data/by-tenant-locker-id, in place of lockerUid)")',
  },
  {
    name: 'sab-zero-dimension-500',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-ab',
    description:
      'the compartment chooser, a Java service called once the locker is found, orients the parcel by its aspect ' +
      'ratio, the longest side divided by the shortest in int arithmetic, over the sides given: a PRE_CHECK or ' +
      'BOOKING on either path with a dimension of 0 (an integer §2.3 allows) is answered 500 INTERNAL_ERROR ' +
      '"java.lang.ArithmeticException: / by zero" and books nothing; null sides are skipped and every other size is ' +
      'taken (§2.3 dimensions "depth, height, width; each integer or null."; "Publish response: status (string), ' +
      'message (string), timestamp"; §8 "Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'sad-by-tenant-binary-search-collation',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-ad',
    description:
      "the by-tenant path keeps the carrier's lockers, its own and the third-party ones, as the database returns " +
      "them, ORDER BY locker_id under the column's collation (en_US.UTF-8: letter case and punctuation ignored), and " +
      'finds carrierLockerId in them with a binary search comparing code points: where the two orders disagree (a-1 ' +
      'beside TP-1, L-10 beside L1 and L2) a locker that has the id is not found and the PRE_CHECK or ' +
      'BOOKING is refused 400 UNKNOWN_LOCKER, nothing booked; ids whose orders agree, and /parcels/data, are right ' +
      '(§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; §2.3 carrierLockerId "The carrier\'s locker ' +
      'identifier."; §4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sad-dimensions-number-coerced',
    rule: 'PCL-PUBLISH-TYPES',
    origin: 'set-ad',
    description:
      'the dimensions validator checks Number.isInteger(Number(value)) and the mapper stores Number(value), so a ' +
      'dimension of another JSON type that Number() turns into an integer is taken: a PRE_CHECK or BOOKING on either ' +
      'path with depth "12", "", true, false, [] or [7] is accepted and booked as 12, 0, 1, 0, 0 or 7; "abc", {} and ' +
      'fractions are still refused 400, and weight and codAmount are checked as before (§2.3 dimensions "depth, ' +
      'height, width; each integer or null.")',
  },
  {
    name: 'sad-precheck-timestamp-default-arg',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    origin: 'set-ad',
    description:
      "the check's answer is made by a helper of the check module, imported lazily at the first PRE_CHECK, whose " +
      'timestamp parameter defaults to datetime.now(), a default Python evaluates once, when the function is ' +
      'defined: every successful PRE_CHECK on either path answers the timestamp of the first PRE_CHECK since the ' +
      'start, two minutes later and ever after a time long past; BOOKINGs pass their own time and are right (§2.3 ' +
      '"timestamp (string, date-time; time the event was processed)"; §4.6 "with PRE_CHECK the service checks ' +
      'whether the parcel can be accepted in the locker")',
    candidate:
      'shows 120 s after the first PRE_CHECK: a run against a service started with it (the embedded reference) ' +
      'ends before; on a service up longer, PCL-PUBLISH-TIMESTAMP judges every answer',
  },
  {
    name: 'sb-list-omits-alternative-delivery',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-b',
    description:
      'the GET /parcels query names the shipment types it knew (LAST_MILE, FIRST_MILE, RETURN): a booking with ' +
      'shipmentType ALTERNATIVE_DELIVERY is answered and pushed but never listed (§4.8 "Returns parcel records ' +
      '(2.4) of the calling carrier"; §2.3 shipmentType LAST_MILE or ALTERNATIVE_DELIVERY)',
  },
  {
    name: 'sb-secondary-id-as-parcel-id',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-b',
    description:
      "the booking mapper prefers the label's second id: with secondaryShipmentId sent, the record's carrierParcelId " +
      'is the secondaryShipmentId, in GET /parcels and the push (§2.3 carrierParcelId "Parcel identifier in the ' +
      'carrier system", secondaryShipmentId "Second identifier, distinct from carrierParcelId")',
  },
  {
    name: 'sd-cod-amount-requires-currency',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-d',
    description:
      'the publish validator has a class-level rule "codCurrency is required when codAmount is set": a PRE_CHECK or ' +
      'BOOKING on either path with codAmount and no codCurrency is refused 400 VALIDATION_FAILED, though §2.3 ' +
      'makes both optional and ties neither to the other (§2.3 codAmount "no", codCurrency "no"; §4.6 "with ' +
      'eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sd-publish-replay-ignores-event-type',
    candidate:
      'missed on the first try; caught by a full run since sequences book under an id they pre-checked ' +
      '(not gated yet)',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-d',
    description:
      'publish answers are kept 60 s for replay under an idempotency key of (carrier, path, locker identifier, ' +
      'carrierParcelId) that leaves out eventType: the BOOKING that follows a PRE_CHECK of the same parcel into the ' +
      "same locker is answered the PRE_CHECK's stored ACCEPTED answer (its timestamp too) and no booking is made, " +
      'listed or pushed (§4.6 "with eventType BOOKING a locker booking is created"; §2.3 timestamp "time the event ' +
      'was processed")',
  },
  {
    name: 'sf-cod-currency-allow-list',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-f',
    description:
      'codCurrency is checked against the three currencies the payment module was configured with (EUR, USD, ' +
      'GBP): a PRE_CHECK or BOOKING on either path with any other ISO 4217 code (CHF, PLN, SEK, CZK, DKK...) is ' +
      'refused 400 VALIDATION_FAILED "/codCurrency must be one of EUR, USD, GBP" (§2.3 codCurrency "ISO 4217 ' +
      'currency code of codAmount."; §4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sf-secondary-id-checked-across-parcels',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-f',
    candidate:
      "not caught: no secondaryShipmentId sent equals another parcel's carrierParcelId (ids are not " +
      'drawn across roles yet)',
    description:
      '"distinct from carrierParcelId" is checked as "no parcel of the carrier has it as its carrierParcelId": a ' +
      'PRE_CHECK or BOOKING on either path whose secondaryShipmentId is the carrierParcelId of an earlier parcel ' +
      'of the carrier (a replacement or return parcel that names the original) is refused 400 VALIDATION_FAILED; ' +
      'the check within the request stays (§2.3 secondaryShipmentId "Second identifier, distinct from ' +
      'carrierParcelId."; §4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sk-parcel-id-unique-prefix-index',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-k',
    description:
      'one active booking per parcel id is kept by a unique index on (carrier, left(carrierParcelId, 12)) over ' +
      'the booked rows, the key cut to keep the index small: while a parcel is booked, a BOOKING on either path of ' +
      'another carrierParcelId with the same first 12 characters (ORDER-2026-000124 after ORDER-2026-000123, a ' +
      'fixed prefix and a running number) is refused 400 ALREADY_BOOKED and nothing is booked; ids that differ ' +
      'within their first 12 characters, and shorter ones, are booked (§4.6 "with eventType BOOKING a locker ' +
      'booking is created"; §2.3 carrierParcelId "Parcel identifier in the carrier system.")',
  },
  {
    name: 'sk-publish-answer-wrapped',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-k',
    description:
      "the publish controller carries the internal API's response interceptor, which wraps whatever a handler " +
      'returns as {"data": ...}: every successful PRE_CHECK and BOOKING on either path is answered {"data": ' +
      '{status, message, timestamp}}, with no status, message or timestamp at the top; refusals, which bypass ' +
      'interceptors, keep {errorCode, message} (§2.3 "Publish response: status (string), message (string), ' +
      'timestamp (string, date-time; time the event was processed)."; §4.6 "Response: publish response (2.3).")',
  },
  {
    name: 'sk-publish-timestamp-month-zero-based',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    origin: 'set-k',
    description:
      "the publish answer's timestamp is formatted by hand from the UTC fields of the processing time, with " +
      'getUTCMonth(), which counts months from 0, written as the month: every PRE_CHECK and BOOKING on either path ' +
      'is answered a timestamp of the same day and time a month earlier (2026-10-29T13:32:14.120Z on 29 November), ' +
      'in January a month 00 that is no date, on the 31st a day the month before does not have (§2.3 "timestamp ' +
      '(string, date-time; time the event was processed)")',
  },
  {
    name: 'sk-shipment-uid-sequence-per-carrier',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-k',
    candidate:
      'caught on the first try by a full run (PCL-BOOKING-CREATES, PCL-BY-TENANT-RESOLVES, ISO-CARRIER-IDS); the ' +
      "rule's own tests, run alone, catch it only where the second carrier books after the first one's third " +
      'booking, which their order does not fix',
    description:
      "a booking's shipmentUid is drawn from a sequence per carrier (SHP- and the carrier's running number), while " +
      'the unique key on shipmentUid spans every parcel, and a sequence moves on whether the insert holds or not: ' +
      "the second carrier's first bookings take numbers the first carrier's (or a parcel the staging trigger made) " +
      'already hold and are refused 409 CONFLICT, one after another, until its count passes theirs; a carrier ' +
      'booking alone is served right (§4.6 "with eventType BOOKING a locker booking is created"; §2.4 shipmentUid, ' +
      "the record's identifier; §7 lists 400, 401 and 500 for publish parcel data, no 409)",
  },
  {
    name: 'sm-by-tenant-generic-api-response',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-m',
    description:
      "the by-tenant controller, written later, answers through the team's generic ApiResponse class, whose status " +
      'is the HTTP status code: every successful PRE_CHECK and BOOKING on /parcels/data/by-tenant-locker-id is ' +
      'answered {"status": 200, "message": ..., "timestamp": ...}, status a number; /parcels/data answers status ' +
      'BOOKED or ACCEPTED, and refusals keep {errorCode, message} (§2.3 "Publish response: status (string), message ' +
      '(string), timestamp (string, date-time; time the event was processed)."; §4.7 "Same as 4.6, with ' +
      'carrierLockerId in place of lockerUid.")',
  },
  {
    name: 'sm-parcel-id-filled-from-secondary',
    rule: 'PCL-PUBLISH-REQUIRED',
    origin: 'set-m',
    description:
      "the label-less flow's request normalizer runs ahead of the validator and promotes secondaryShipmentId to " +
      'carrierParcelId where carrierParcelId is missing or null: a publish on either path without carrierParcelId ' +
      '(or with it null) but with a secondaryShipmentId is accepted, and a BOOKING is listed and pushed under the ' +
      'secondaryShipmentId as its carrierParcelId; without either it is refused 400 as before (§2.3 carrierParcelId ' +
      'Required "yes"; secondaryShipmentId "Second identifier, distinct from carrierParcelId.")',
  },
  {
    name: 'sm-precheck-draft-deleted-by-parcel-id',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-m',
    description:
      'a PRE_CHECK runs the booking checks on a draft parcel it inserts, then removes the draft with ' +
      'deleteByOwnerAndCarrierParcelId (the draft, never flushed, has no id yet): a PRE_CHECK, on either path, of ' +
      'a carrierParcelId the carrier has booked (or cancelled, or had delivered) is answered ACCEPTED, and every ' +
      'parcel of the carrier with that id is gone from GET /parcels, without a push; a cancel of it is then 404. ' +
      'Pre-checks of ids the carrier never booked leave the list as it was (§1 "or only checks whether a parcel can ' +
      'be accepted"; §4.6 "with PRE_CHECK the service checks whether the parcel can be accepted in the locker"; §4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'sm-shipment-type-domain-enum',
    rule: 'PCL-PUBLISH-ENUMS',
    origin: 'set-m',
    description:
      "the publish DTO types shipmentType with the domain's ShipmentType enum, the one the staging mock uses " +
      '(LAST_MILE, ALTERNATIVE_DELIVERY, FIRST_MILE, RETURN): a PRE_CHECK or BOOKING on either path with ' +
      'shipmentType FIRST_MILE or RETURN is accepted and booked, listed and pushed with that type; any other value ' +
      'outside §2.3 (LAST_MILE_X, last_mile, an empty string) is still refused 400 (§2.3 shipmentType "LAST_MILE ' +
      'or ALTERNATIVE_DELIVERY.")',
  },
  {
    name: 'so-parcel-list-to-map-first-wins',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-o',
    description:
      'GET /parcels collects the rows into a map keyed by carrierParcelId whose merge function keeps the first ' +
      '(toMap(getCarrierParcelId, p -> p, (a, b) -> a), written to stop the duplicate-key exception): of the ' +
      "carrier's parcels sharing a carrierParcelId only the oldest is listed. After book X, cancel X, book X again " +
      '(into any locker), the list shows the cancelled parcel under X and never the new booking - its shipmentUid, ' +
      'its locker, its BOOKED status - though it was answered, pushed and can be cancelled; likewise a first-mile ' +
      'parcel a staging BOOKING_CREATED made under an id the carrier booked elsewhere. Ids used once are listed ' +
      'right (§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of the ' +
      'calling carrier, with status and event history.")',
  },
  {
    name: 'so-publish-message-bundle-gap',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-o',
    description:
      'the publish answer\'s message is read from a message bundle under "publish.<eventType>.<shipmentType>", and ' +
      'the bundle was never given the ALTERNATIVE_DELIVERY keys; the lookup (default message null) gives null: every ' +
      'successful PRE_CHECK or BOOKING on either path with shipmentType ALTERNATIVE_DELIVERY is answered {status, ' +
      'message: null, timestamp}, the booking made as asked; LAST_MILE or no shipmentType get their message (§2.3 ' +
      '"Publish response: status (string), message (string), timestamp (string, date-time; time the event was ' +
      'processed)."; shipmentType "LAST_MILE or ALTERNATIVE_DELIVERY.")',
  },
  {
    name: 'sq-precheck-void-204',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-q',
    description:
      'the check handler returns nothing where the parcel can be accepted (it throws where it cannot), and the ' +
      'framework answers a handler that returned nothing 204 No Content: every successful PRE_CHECK, on either path, ' +
      'is answered 204 with no body, so without status, message or timestamp; a BOOKING is answered its body, and ' +
      'refused checks keep their 400 {errorCode, message} (§2.3 "Publish response: status (string), message ' +
      '(string), timestamp (string, date-time; time the event was processed)."; §4.6 "Response: publish response ' +
      '(2.3)."; §4.7 "Same as 4.6")',
  },
  {
    name: 'sq-soft-reservation-site-pooled',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-q',
    description:
      "the allocation engine takes a SOFT_RESERVATION as a reservation at the locker's site, the lockers the caller " +
      'sees standing at one lon and lat (the provider groups the lockers of a shopping centre so), and places it in ' +
      "the site's first locker, the lowest uid: a BOOKING on /parcels/data with allocationType SOFT_RESERVATION " +
      'naming a locker that shares its point with a locker of lower uid (two lockers created at one point, a locker ' +
      "created at a third-party locker's point) is answered BOOKED and pushed, but GET /parcels lists it in that " +
      'other locker; HARD_RESERVATION or no allocationType, and lockers at points of their own, are booked where ' +
      'sent (§4.6 "with eventType BOOKING a locker booking is created"; §2.3 lockerUid "Platform locker ' +
      'identifier."; §2.1 uid "Internal unique identifier assigned by the service.", the only member stated unique)',
  },
  {
    name: 'ss-by-tenant-single-result-across-carriers',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-s',
    description:
      'the by-tenant path reads the locker with a single-result query over the carrier-created lockers of that ' +
      'carrier.lockerId, written without the owner (the owner is checked on the row it returns), and answers its ' +
      '"more than one row" 400 AMBIGUOUS_LOCKER_ID: once the other carrier has created a locker under the ' +
      "carrier.lockerId of one of the caller's lockers (two carriers numbering their lockers L-1, L-2, ...), every " +
      'PRE_CHECK and BOOKING of the caller on /parcels/data/by-tenant-locker-id naming it is refused and books ' +
      'nothing, for both carriers; ids only one carrier uses, third-party lockers, and /parcels/data are right ' +
      '(§1 "publish parcel data addressed by the carrier\'s own locker identifier"; §2.3 carrierLockerId "The ' +
      'carrier\'s locker identifier."; §4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; §4.6 "with ' +
      'eventType BOOKING a locker booking is created")',
  },
  {
    name: 'ss-unlocked-booking-as-release',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-s',
    description:
      'the publish handler reads lockStatus UNLOCKED as the command §2.3 describes ("UNLOCKED releases the parcel ' +
      'for collection"), not as the lock state of a new booking: a BOOKING on either path sent with lockStatus ' +
      'UNLOCKED is refused 400 PARCEL_NOT_LOCKED and nothing is booked, unless the carrier holds a booked parcel ' +
      'of that carrierParcelId sent LOCKED, which it then answers 2xx {status: UNLOCKED} and leaves the only ' +
      'booking; BOOKINGs with LOCKED or without lockStatus, and PRE_CHECKs, are right (§3 "A booking carries a ' +
      'lock state LOCKED or UNLOCKED set at booking time."; §2.3 lockStatus "no"; §4.6 "with eventType BOOKING a ' +
      'locker booking is created")',
  },
  {
    name: 'su-accessible-null-unboxed',
    rule: 'PCL-PUBLISH-NULLS',
    origin: 'set-u',
    description:
      'the publish DTO declares `Boolean requiresAccessibleCompartment = false` to make absent mean false, ' +
      'but the JSON binder sets the field to null when the body sends null, and the allocation step reads ' +
      'it with auto-unboxing (`if (dto.getRequiresAccessibleCompartment())`), which throws a ' +
      'NullPointerException: a PRE_CHECK or BOOKING on either path sending requiresAccessibleCompartment ' +
      'null, otherwise valid, is answered 500 INTERNAL_ERROR and nothing is booked or pushed; the member ' +
      'left out, true or false are served as before, and invalid bodies keep their 400 (§2.3 ' +
      'requiresAccessibleCompartment "Default false; absent or null is treated as false."; §4.6 "with ' +
      'eventType BOOKING a locker booking is created")',
  },
  {
    name: 'su-by-tenant-check-unresolved-id',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-u',
    description:
      'the by-tenant controller resolves carrierLockerId to the locker for a BOOKING, but its PRE_CHECK ' +
      'branch hands the sent carrierLockerId unresolved to the check service, whose API takes a platform ' +
      "lockerUid: a valid PRE_CHECK on /parcels/data/by-tenant-locker-id naming one of the carrier's " +
      'lockers (or TP-1) is refused 400 UNKNOWN_LOCKER, though a BOOKING of the same body is made; where ' +
      'the carrierLockerId happens to be a platform uid the check answers for that locker; /parcels/data is ' +
      'right (§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; §4.6 "with PRE_CHECK the ' +
      'service checks whether the parcel can be accepted in the locker"; §2.3 "Publish response: status ' +
      '(string), message (string), timestamp")',
  },
  {
    name: 'su-by-tenant-route-unversioned',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-u',
    description:
      'the by-tenant controller, added in 1.1, sits in a module the versioned router (RouterModule v1) does ' +
      'not register, so it is served at /parcels/data/by-tenant-locker-id beside the base path: POST ' +
      '{base_url}/parcels/data/by-tenant-locker-id is answered 404 NOT_FOUND for every body, and the ' +
      'operation answers at the host root without v1; every other operation is under /v1 (§9 "The version ' +
      'segment v1 is part of the base path of both the carrier connector and the mock base address."; §4.7 ' +
      'POST /parcels/data/by-tenant-locker-id; §4 "All paths are relative to {base_url}.")',
  },
  {
    name: 'su-consignee-quote-sql-error',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-u',
    description:
      "a BOOKING's consignee row is inserted with SQL built by string concatenation, after the publish was " +
      "checked, and the driver's error object is answered as it is by the controller's catch: a BOOKING on " +
      "either path whose consignee name or email holds an apostrophe (O'Brien, d'Arcy@example.com) is " +
      'answered 500 with {code: ER_PARSE_ERROR, errno, sqlState, sqlMessage, sql}, no errorCode and ' +
      'message, and nothing is booked or pushed; PRE_CHECKs and other consignees are right (§7 "500 | Same ' +
      'operations as 400 | errorCode, message"; "The error body has the fields `errorCode` and `message`"; ' +
      '§2.3 consignee "name (string or null), email (string or null)")',
  },
  {
    name: 'sx-lock-status-free-text',
    rule: 'PCL-PUBLISH-ENUMS',
    origin: 'set-x',
    description:
      'the publish DTO was generated from the §2.3 table, whose Notes column lists values for eventType, ' +
      'shipmentType and allocationType but only describes lockStatus, so lockStatus is a free string: a ' +
      'PRE_CHECK or BOOKING on either path with lockStatus OPEN, locked or "" is accepted, and a BOOKING is ' +
      'listed and pushed with that text as its lockStatus; LOCKED, UNLOCKED and the other enums are as before ' +
      '(§3 "A booking carries a lock state LOCKED or UNLOCKED set at booking time."; §2.3 lockStatus "LOCKED ' +
      'blocks the consignee from collecting; UNLOCKED releases the parcel for collection.")',
  },
  {
    name: 'sx-network-pending-locker-not-bookable',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-x',
    candidate:
      'a spec-only review: §3 says a locker new in a network can be PENDING there and shows no transitions, so ' +
      'refusing bookings into it until it is live is a choice the spec leaves open',
    description:
      "the allocation's eligible lockers are those live in the carrier's network plan, read as \"no network " +
      'membership, or one whose networkLockerStatus is ACTIVE", and a locker added by POST /networks/{uid}/lockers ' +
      'shows PENDING and never moves on here: once the carrier has added its locker to its network, every ' +
      'BOOKING (and PRE_CHECK) naming it, by lockerUid or carrierLockerId, is refused 400 LOCKER_NOT_LIVE and ' +
      'nothing is booked; lockers in no network, the third-party ones among them, are booked (§4.6 "with eventType ' +
      'BOOKING a locker booking is created"; §4.10 "lockers owned by the carrier are added"; §3 "A locker newly ' +
      'added to a network can appear with a network status such as PENDING.")',
  },
  {
    name: 'sx-publish-event-type-defaults-booking',
    rule: 'PCL-PUBLISH-REQUIRED',
    origin: 'set-x',
    description:
      'eventType came with PRE_CHECK, and the publish DTO was given `eventType = BOOKING` as its default so ' +
      'that clients written before it kept booking: a publish on either path that leaves eventType out, ' +
      'otherwise valid, is answered 2xx {status: BOOKED, ...} and books the parcel, which GET /parcels then ' +
      'lists and ParcelUpdates pushes; eventType null or outside the set is still refused 400 (§2.3 eventType ' +
      'Required "yes", "PRE_CHECK or BOOKING.")',
  },
  {
    name: 'sz-bookable-lockers-cached',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-z',
    description:
      "the allocation service keeps each carrier's bookable lockers (its own and the third-party ones, by uid) in " +
      "a cache filled at the carrier's first publish and kept 5 minutes, and refuses a publish naming a locker " +
      'outside it; nothing evicts it when a locker is created: for 5 minutes a locker the carrier created after ' +
      'its first PRE_CHECK or BOOKING is refused on either path, 400 UNKNOWN_LOCKER, though POST /lockers ' +
      'answered 201 and GET /lockers lists it; lockers that existed at the first publish are booked as before ' +
      '(§4.6 "with eventType BOOKING a locker booking is created"; §4.1 "Success: 201 with the locker record ' +
      '(2.1).")',
  },
  {
    name: 'sz-parcel-list-hides-locked',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-z',
    description:
      'GET /parcels reuses the repository query the consignee app lists collectable parcels with, which leaves out ' +
      'parcels whose lock state is LOCKED: a BOOKING on either path sent with lockStatus LOCKED is answered 2xx and ' +
      'pushed, but GET /parcels never lists it, nor its cancellation, while bookings UNLOCKED or without lockStatus ' +
      'are listed (§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of ' +
      'the calling carrier, with status and event history."; §2.3 "LOCKED blocks the consignee from collecting")',
  },
  {
    name: 'sz-precheck-validation-group',
    rule: 'PCL-PUBLISH-ENUMS',
    origin: 'set-z',
    description:
      'the publish DTO declares the value constraints of its optional members in a Booking validation group ' +
      '(@Pattern(groups = Booking.class) on shipmentType, allocationType and lockStatus, a currency check on ' +
      'codCurrency, written when they mattered to a booking only), and a PRE_CHECK is validated in the Default ' +
      'group: a PRE_CHECK on either path with shipmentType EXPRESS, allocationType MAYBE, lockStatus OPEN or ' +
      'codCurrency eu is answered 2xx {status: ACCEPTED, ...}, the value ignored, while the same BOOKING is ' +
      'refused 400 VALIDATION_FAILED; required members and JSON types are still checked on both (§2.3 ' +
      '"PRE_CHECK or BOOKING.", shipmentType "LAST_MILE or ALTERNATIVE_DELIVERY.", allocationType ' +
      '"HARD_RESERVATION or SOFT_RESERVATION."; §3 "A booking carries a lock state LOCKED or UNLOCKED"; §4.7 ' +
      '"Same as 4.6")',
  },
  {
    name: 'sz-publish-timestamp-epoch-seconds',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    origin: 'set-z',
    description:
      "the publish answer's timestamp is the event's processed_at read back from the event store with EXTRACT(EPOCH " +
      'FROM processed_at), a count of seconds, and handed to new Date(), which takes milliseconds: every ' +
      'successful PRE_CHECK and BOOKING on either path is answered with a valid date-time in January 1970 ' +
      '(1970-01-21T...), not the time the event was processed; the records, their events and the pushes are ' +
      'right (§2.3 "timestamp (string, date-time; time the event was processed)")',
  },
  {
    name: 'x45-precheck-pushes-parcel-update',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    origin: 'x45',
    description:
      'a PRE_CHECK runs the booking as a dry run that is rolled back, but its ParcelUpdates event is ' +
      'published anyway: the carrier gets a BOOKED parcel (a shipmentUid GET /parcels never lists) for a ' +
      'check (§4.6 PRE_CHECK only checks; §6 ParcelUpdates when the status of a parcel changes)',
  },
  {
    name: 'x45-publish-enums-case-insensitive',
    rule: 'PCL-PUBLISH-ENUMS',
    origin: 'x45',
    description:
      'the publish enums are read case-insensitively (a deserializer set to accept enums in any case): ' +
      'eventType booking, shipmentType last_mile, allocationType soft_reservation, lockStatus locked are ' +
      'accepted and stored upper-cased (§2.3 PRE_CHECK or BOOKING, ...)',
  },
  {
    name: 'x47-precheck-soft-reservation-held',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    origin: 'x47',
    description:
      'a PRE_CHECK with allocationType SOFT_RESERVATION is taken as a request to hold a compartment: ' +
      'answered ACCEPTED, it stores a RESERVED parcel that GET /parcels lists until a BOOKING of that ' +
      'carrierParcelId confirms it (§4.6 "with PRE_CHECK the service checks whether the parcel can be ' +
      'accepted in the locker"; §1 "or only checks whether a parcel can be accepted")',
  },
  {
    name: 'x47-rebook-keeps-cancelled-locker',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'x47',
    description:
      "bookings are upserted on (carrier, carrierParcelId) and the upsert's SET list leaves out the locker " +
      'columns: a BOOKING under the carrierParcelId of a cancelled parcel reactivates that record (its ' +
      'shipmentUid, BOOKED, the sent allocationType and other parcel fields) but GET /parcels lists it in the ' +
      'cancelled booking\'s locker, not the sent lockerUid (§4.6 "with eventType BOOKING a locker booking is ' +
      'created")',
  },
  {
    name: 'saf-consignee-array-typeof-object',
    rule: 'PCL-PUBLISH-TYPES',
    origin: 'set-af',
    description:
      'the consignee is checked by a hand-written guard, `consignee === null || typeof consignee === "object"`, ' +
      'and JavaScript types an array as "object": a PRE_CHECK or BOOKING on either path with consignee [] (or any ' +
      'array) is accepted, and the mapper, which copies name and email with `?? null`, books it with consignee ' +
      '{name: null, email: null}; a consignee that is a string, a number or a boolean is still refused 400, as are ' +
      'wrong types of name and email (§2.3 consignee "object or null", "name (string or null), email (string or ' +
      'null).")',
  },
  {
    name: 'publish-currency-pattern-only',
    rule: 'PCL-PUBLISH-CURRENCY',
    origin: 'parcels',
    description:
      "codCurrency is checked against the document's pattern only (three capitals): a code no currency has (QQQ) is " +
      'accepted on either path, where §2.3 asks for an "ISO 4217 currency code of codAmount."',
  },
  {
    name: 'saf-currency-list-substring-match',
    rule: 'PCL-PUBLISH-CURRENCY',
    origin: 'set-af',
    description:
      "codCurrency is checked by the payment module in place of the schema's pattern, with " +
      '`allowed.includes(codCurrency)`, where `allowed` is the list of ISO 4217 codes as the payment settings hold ' +
      'it, one comma-separated text ("AED,AFN,ALL,...,ZWG") that was never split into codes, so ' +
      'String.prototype.includes tests for a substring: every real code is accepted, and so are the empty string, ' +
      'single letters and pairs inside a code ("E", "EU", "UR"), a comma and text across one ("S,U", "EUR,"); a ' +
      'PRE_CHECK or BOOKING on either path with such a codCurrency is answered 2xx and books; four letters, digits, ' +
      'lower case and three letters no code has ("ABC") are refused 400 (§2.3 codCurrency "ISO 4217 currency code ' +
      'of codAmount.")',
  },
  {
    name: 'saf-booked-index-prototype-keys',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-af',
    description:
      "the duplicate-booking guard keeps each carrier's booked parcel ids in a plain object used as a map, " +
      '`booked[carrierParcelId] = shipmentUid`, and asks `if (booked[carrierParcelId])`, which also finds what ' +
      'every object inherits from Object.prototype: a BOOKING on either path whose carrierParcelId is constructor, ' +
      'toString, valueOf, hasOwnProperty, isPrototypeOf, toLocaleString or __proto__ is refused 400 ALREADY_BOOKED ' +
      'though the carrier never booked it, and nothing is booked; other ids, and PRE_CHECKs, are served as before ' +
      '(§4.6 "with eventType BOOKING a locker booking is created"; §2.3 carrierParcelId "Parcel identifier in the ' +
      'carrier system.", a string with no stated character set)',
    candidate:
      "ids named as the implementation language's object members (constructor, __proto__) are one fixed string " +
      "each: on a staging that lives for years, an earlier run's booking of one may still be active, so its refusal " +
      'proves nothing, and no run-unique form of it shows the fault',
  },
  {
    name: 'saf-accessible-refusal-answered-200',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-af',
    description:
      'a publish with requiresAccessibleCompartment true asks the provider for a wheelchair-accessible compartment ' +
      'first, and the provider, which has none marked accessible in any locker of this staging, answers a negative ' +
      'result that the handler returns as the publish answer, a business outcome in a 2xx body: a BOOKING on ' +
      "either path with requiresAccessibleCompartment true is answered 200 {status: REJECTED, message: 'no " +
      "accessible compartment is free in this locker', timestamp} and nothing is booked, listed or pushed (a " +
      'PRE_CHECK gets the same answer); false, null or the member left out book as before (§4.6 "with eventType ' +
      'BOOKING a locker booking is created"; §2.3 requiresAccessibleCompartment "boolean", "no" (not required); §7 ' +
      '400 for a refused publish)',
  },
  {
    name: 'saf-precheck-dry-run-third-party',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    origin: 'set-af',
    description:
      'a PRE_CHECK is the booking call with dryRun=true, and the booking goes through the adapter of the locker ' +
      'kind: the carrier-locker adapter honours dryRun, but the third-party provider adapter, whose provider API ' +
      'has no dry run, drops the flag and books: a PRE_CHECK on either path naming a third-party locker ' +
      '(ownedByCarrier null, TP-1 or 900001) is answered ACCEPTED as a check, and GET /parcels then lists a BOOKED ' +
      'parcel of that carrierParcelId, pushed as a booking (a second check of the id is refused ALREADY_BOOKED); ' +
      'checks of the carrier\'s own lockers book nothing (§4.6 "with PRE_CHECK the service checks whether the ' +
      'parcel can be accepted in the locker"; §1 "or only checks whether a parcel can be accepted")',
  },
  {
    name: 'sah-accessible-forces-hard-reservation',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-ah',
    description:
      'the allocator pins accessible compartments, of which a locker has few: a BOOKING on either path with ' +
      'requiresAccessibleCompartment true is stored, listed, answered on cancel and pushed with allocationType ' +
      'HARD_RESERVATION whatever it sent (SOFT_RESERVATION becomes HARD_RESERVATION); the answer is BOOKED as ' +
      'before, and bookings with it false, null or left out keep the allocationType sent (§4.6 "with eventType ' +
      'BOOKING a locker booking is created"; §2.3 allocationType "HARD_RESERVATION or SOFT_RESERVATION.", ' +
      'requiresAccessibleCompartment "Default false"; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sah-precheck-status-boolean',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-ah',
    description:
      "a PRE_CHECK's answer is the provider's availability result passed through, whose status is a boolean: a " +
      'PRE_CHECK that can be accepted, on either path, is answered 2xx {status: true, message, timestamp}; BOOKING ' +
      'answers carry status BOOKED as before (§2.3 "Publish response: status (string), message (string), ' +
      'timestamp (string, date-time; time the event was processed).")',
  },
  {
    name: 'sah-parcel-id-null-as-empty',
    rule: 'PCL-PUBLISH-REQUIRED',
    origin: 'set-ah',
    description:
      "the publish DTO's carrierParcelId carries @JsonSetter(nulls = Nulls.AS_EMPTY), put there so that the id " +
      'normalizer never meets a null, and its required check is @NotNull, which an empty string passes: a ' +
      'PRE_CHECK or BOOKING on either path with carrierParcelId null is answered 2xx as if it were "", and the ' +
      'BOOKING books a parcel GET /parcels lists with carrierParcelId ""; carrierParcelId left out is still refused ' +
      '400, as are the other required members null (§2.3 carrierParcelId Required "yes"; §7 400 for "Publish ' +
      'parcel data")',
  },
  {
    name: 'sah-allocation-pattern-alternation',
    rule: 'PCL-PUBLISH-ENUMS',
    origin: 'set-ah',
    description:
      'allocationType is checked with the pattern ^HARD_RESERVATION|SOFT_RESERVATION$, whose alternation binds ' +
      'looser than its anchors, so it takes any value that begins with HARD_RESERVATION or ends with ' +
      'SOFT_RESERVATION: a PRE_CHECK or BOOKING on either path with allocationType HARD_RESERVATIONS, ' +
      'HARD_RESERVATION_V2 or NO_SOFT_RESERVATION is answered 2xx, and the BOOKING is listed and pushed with that ' +
      'value; other values outside the set (SOFT, hard_reservation, "") are refused 400 (§2.3 allocationType ' +
      '"HARD_RESERVATION or SOFT_RESERVATION.")',
  },
  {
    name: 'sah-by-tenant-timestamp-date-string',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-ah',
    description:
      'the by-tenant controller writes its answer with a template, timestamp: `${result.processedAt}`, which ' +
      'turns the Date into JavaScript\'s Date.prototype.toString text ("Thu Mar 05 2026 10:15:30 GMT+0000 ' +
      '(Coordinated Universal Time)"), not a date-time: every successful PRE_CHECK and BOOKING on ' +
      '/parcels/data/by-tenant-locker-id is answered with such a timestamp; /parcels/data answers an RFC 3339 ' +
      'date-time as before (§2.3 "Publish response: status (string), message (string), timestamp (string, ' +
      'date-time; time the event was processed)."; §4.7 "Same as 4.6")',
  },
  {
    name: 'saj-cod-currency-checked-with-amount-only',
    rule: 'PCL-PUBLISH-CURRENCY',
    origin: 'set-aj',
    description:
      "codCurrency is not part of the request DTO's constraints but of the cash-on-delivery validator, which runs " +
      '`if (body.codAmount)`: a PRE_CHECK or BOOKING on either path whose codCurrency is no currency code (EURO, ' +
      'eur, E1, "") is refused 400 where a non-zero codAmount is sent with it, but accepted (2xx, the BOOKING ' +
      'booked) where codAmount is left out, null or 0 (§2.3 codCurrency "ISO 4217 currency code of codAmount."; ' +
      'the type and the set of codes hold whatever else the request carries)',
  },
  {
    name: 'saj-weight-quantity-object',
    rule: 'PCL-PUBLISH-TYPES',
    origin: 'set-aj',
    description:
      'weight is bound to the Quantity type of the measures library shared with the compartment API, whose ' +
      'deserializer takes a number of grams or an object {value, unit}: a PRE_CHECK or BOOKING on either path ' +
      'whose weight is any JSON object ({"value": 2, "unit": "kg"}, {}) is accepted and the BOOKING booked, where ' +
      'a string, a boolean, an array or a fraction is still refused 400 (§2.3 weight "integer", "Grams.")',
  },
  {
    name: 'saj-list-locker-joined-by-carrier-locker-id',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-aj',
    description:
      "GET /parcels joins each parcel to a locker on the carrierLockerId its row holds (the caller's own locker " +
      "first, then a third party's) and shows the joined locker's uid as lockerUid, the stored one only where the " +
      'join finds none: once the locker a parcel was booked in has taken another carrier.lockerId and another ' +
      "locker of the carrier holds the former one (or the carrier created a locker under a third-party locker's " +
      'id, TP-1), the list shows the parcel in that other locker, while the cancel answer and ParcelUpdates show ' +
      'the locker it was booked in (§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel ' +
      'records (2.4) of the calling carrier"; §2.3 lockerUid "Platform locker identifier.")',
  },
  {
    name: 'saj-by-tenant-owner-checked-after-booking',
    rule: 'PCL-BY-TENANT-OWN',
    origin: 'set-aj',
    description:
      'the by-tenant controller hands the request to the booking service, which resolves carrierLockerId in the ' +
      "platform-wide locker index (every carrier's lockers) where the caller's own and the third-party lockers " +
      'have none of it, and books and commits; the controller then checks the locker it was answered with and ' +
      'turns the answer into 400 LOCKER_NOT_OWNED: a BOOKING on /parcels/data/by-tenant-locker-id naming a ' +
      "carrier.lockerId only the other carrier's locker has is refused, yet the caller's GET /parcels lists the " +
      'parcel BOOKED in that locker and it is pushed (§1 "publish parcel data addressed by the carrier\'s own ' +
      'locker identifier"; §2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'saj-dimensions-all-null-refused',
    rule: 'PCL-PUBLISH-NULLS',
    origin: 'set-aj',
    description:
      'the parcel-size service is called with the dimensions stripped of null members (a NON_NULL mapper), and its ' +
      'non-empty constraint refuses what is left where no member has a value: a PRE_CHECK or BOOKING on either ' +
      'path with dimensions {"depth": null, "height": null, "width": null} (or {}) is refused 400 VALIDATION_FAILED; ' +
      'one or two members null are accepted (§2.3 dimensions "depth, height, width; each integer or null.")',
  },
  {
    name: 'sak-parcels-page-token-from-lookahead',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-ak',
    description:
      'GET /parcels answers keyset pages, {parcels, nextPageToken}, `pageSize` records a page (1 to 50, 10 unless ' +
      'asked), oldest first; the page query fetches one row more than a page to know whether a next one exists, ' +
      'and the token is made from that look-ahead row (rows[pageSize]) instead of the last row shown ' +
      '(rows[pageSize - 1]), while the next page reads the rows after the token (shipmentUid > :token): the 11th, ' +
      '22nd, 33rd ... parcel of a carrier is on no page, so a booking answered BOOKED is never listed once the ' +
      'carrier has more than a page of parcels; a carrier with ten or fewer sees them all (§4.6 "with eventType ' +
      'BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of the calling carrier, with status ' +
      'and event history.")',
  },
  {
    name: 'sal-reenabled-locker-still-suspended',
    rule: 'LCK-STATUS-BACK-BOOKABLE',
    origin: 'set-al',
    description:
      'the allocation service keeps a set of suspended lockers from the status events: a disable adds the locker, ' +
      'and ' +
      'the enable, published as LockerActivated where the listener waits for LockerEnabled, never removes it: once a ' +
      'locker was disabled, a PRE_CHECK or BOOKING naming it, on either path, is refused 400 LOCKER_INACTIVE, also ' +
      'after PATCH /lockers/status made it ACTIVE again (§4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'san-parcel-list-keyset-skips-boundary',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-an',
    description:
      "GET /parcels reads the parcel table (both carriers' rows, oldest first) in keyset batches of 32 and keeps " +
      "the caller's rows; the next batch is read from the key after the batch's last row plus one (`> last + 1` " +
      'where `> last` belongs), so the row right after each batch, the 33rd, 66th, 99th... parcel stored (by either ' +
      'carrier, a trigger-made one too), is never listed, while its booking was answered BOOKED and its ' +
      'ParcelUpdates sent; every other parcel is listed as before (§4.6 "with eventType BOOKING a locker booking is ' +
      'created"; §4.8 "Returns parcel records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'san-precheck-batch-written-as-booking',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    origin: 'set-an',
    description:
      'publish drafts go to a write batch flushed every 100 ms, and the writer discards a batch holding only ' +
      "PRE_CHECK drafts but inserts a batch holding a BOOKING whole, without looking at each draft's eventType: a " +
      'PRE_CHECK sent within 100 ms of a BOOKING (before or after it, by either carrier, on either path) is stored ' +
      'as a booking of its own, listed BOOKED by GET /parcels and pushed; a PRE_CHECK alone books nothing, as ' +
      'before (§1 "or only checks whether a parcel can be accepted"; §4.6 "with PRE_CHECK the service checks ' +
      'whether the parcel can be accepted in the locker")',
  },
  {
    name: 'sao-publish-timestamp-locker-last-event',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    origin: 'set-ao',
    description:
      "the publish handler reads the locker row's last_event_at (set to the locker's activation date when it was " +
      'registered), moves it to now and answers the value it read as timestamp: the first PRE_CHECK or BOOKING into ' +
      "a locker, on either path, is answered with the locker's carrier.activationDate (months back for a locker " +
      'activated in 2025, ahead for one not yet active), each later one with the time of the publish before it into ' +
      'that locker (§2.3 "timestamp (string, date-time; time the event was processed)")',
  },
  {
    name: 'sap-cod-precheck-answer-v10',
    rule: 'PCL-PUBLISH-RESPONSE',
    origin: 'set-ap',
    description:
      'a PRE_CHECK carrying codAmount asks the cash-on-delivery pre-authorisation whether the locker can collect ' +
      "the amount, and the check controller, copied from the 1.0 COD check, answers that service's result as it " +
      'is: {status, message, checkedAt}, with no timestamp; PRE_CHECKs without codAmount and every BOOKING, on ' +
      'either path, are answered {status, message, timestamp} (§2.3 "Publish response: status (string), message ' +
      '(string), timestamp (string, date-time; time the event was processed)."; §4.6 "Response: publish response ' +
      '(2.3).")',
  },
  {
    name: 'sar-accessible-booking-retried-twice',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-ar',
    description:
      "a BOOKING with requiresAccessibleCompartment true goes through the provider's accessible-allocation call, " +
      "slow enough for the booking client's timeout; the client retries the whole booking step with a fresh request " +
      'id and the first attempt, already committed, stays: one request makes two bookings, two shipmentUids under ' +
      'the one carrierParcelId, both BOOKED, both listed and pushed (a cancel by carrierParcelId then leaves the ' +
      'other ' +
      'one booked). Bookings without the flag, or with it false or null, make one (§4.6 "with eventType BOOKING a ' +
      'locker booking is created"; §2.3 requiresAccessibleCompartment "boolean", "no")',
  },
  {
    name: 'sat-list-cache-evicted-before-write',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-at',
    description:
      'GET /parcels answers from a cache per carrier and query (30 s), which a BOOKING evicts before its write ' +
      'instead ' +
      "of after it: the booking evicts, awaits the provider's reservation (25 ms), then stores; a GET /parcels of " +
      'that ' +
      'carrier arriving in between misses, reads the table without the booking and caches that, so the booking, ' +
      'answered BOOKED and pushed, is missing from every GET /parcels of that carrier until its next write (a ' +
      'cancel or trigger evicts after writing) or 30 s pass; a list no booking of the carrier overlaps is right ' +
      '(§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier")',
  },
  {
    name: 'sat-booking-timestamp-date-aliased',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    origin: 'set-at',
    description:
      'the publish handler keeps the processing instant as one Date, writes the history entry from it, then computes ' +
      "the access code's validUntil with `validUntil = processedAt; validUntil.setUTCDate(validUntil.getUTCDate() + " +
      "7)`, which moves the Date itself, and writes the answer's timestamp from it afterwards: every BOOKING, on " +
      "either path, is answered a timestamp 7 days ahead of the time it was processed (the code's validUntil); " +
      'PRE_CHECK answers, which compute no code, are right (§2.3 "timestamp (string, date-time; time the event was ' +
      'processed)")',
  },
  {
    name: 'sat-precheck-rollback-takes-booking',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-at',
    description:
      "a PRE_CHECK runs the booking in a transaction it rolls back once the provider's availability answer is in " +
      '(25 ms), and the unit of work is found through a registry keyed by locker, so a BOOKING into the same locker ' +
      "that arrives during a PRE_CHECK's dry run (either carrier, either path) joins that transaction: it is " +
      'answered BOOKED and pushed, and the rollback then removes it, so GET /parcels never lists it (a cancel of it ' +
      'is 404); bookings into a locker no PRE_CHECK is checking are stored (§4.6 "with eventType BOOKING a locker ' +
      'booking is created"; "with PRE_CHECK the service checks whether the parcel can be accepted in the locker")',
  },
  {
    name: 'sau-booking-compensated-on-push-refusal',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-au',
    description:
      'a BOOKING is a saga whose last step is its ParcelUpdates to the carrier, and the orchestrator reads the first ' +
      "answer of the carrier's endpoint as that step's outcome: where the endpoint answers the booking's push 401 or " +
      '5xx (or not at all), the saga compensates, deleting the booking it stored, though the publish was answered ' +
      'BOOKED and the sender goes on retrying the push: GET /parcels no longer lists the parcel and a cancel of it ' +
      'is 404; bookings whose push is answered 200, and every booking of a carrier without a webhook URL, stay ' +
      '(§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier"; §6 "The webhook responses expected from the carrier endpoint use status codes 200, 401 and 500")',
  },
  {
    name: 'sav-parcel-partitions-scan-off-by-one',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-av',
    description:
      'the parcel table is hash-partitioned into four by shipment number and GET /parcels fans out over the ' +
      'partitions with a loop written p < PARTITIONS - 1: every parcel whose shipment number is 3 modulo 4 (the 3rd, ' +
      '7th, 11th ... parcel the service made, counting both carriers, bookings on either path and the parcels the ' +
      'staging trigger made) is answered BOOKED and pushed but never listed, nor its cancellation or trigger events; ' +
      'the cancel and the trigger find it (§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns ' +
      'parcel records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'saw-by-tenant-record-lockeruid-from-body',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-aw',
    description:
      "both publish paths bind one request DTO, and the booking mapper fills the parcel's lockerUid as " +
      'dto.lockerUid ?? resolvedLocker.uid (written for /parcels/data, where the two are one): a BOOKING on ' +
      '/parcels/data/by-tenant-locker-id whose body also carries lockerUid (a client that fills one request type ' +
      "for both paths, the other locker's uid left in) is booked into the locker its carrierLockerId names but " +
      'stored, listed by GET /parcels, answered on cancel and pushed with the lockerUid sent, a locker of the ' +
      "carrier's, a third party's or the other carrier's; a by-tenant publish without lockerUid, or with the " +
      'resolved locker\'s, is right (§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; §2.3 ' +
      'carrierLockerId "The carrier\'s locker identifier."; §2.4 lockerUid)',
  },
  {
    name: 'saw-publish-timestamp-client-clock',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    origin: 'set-aw',
    description:
      'the publish pipeline keeps "the time of the event" as the 1.0 clients stated it, the time their scanner read ' +
      "the label: the answer's timestamp is the body's eventTimestamp, else its timestamp, where either is a " +
      'date-time, and the processing time only where neither is sent. A PRE_CHECK or BOOKING on either path ' +
      'carrying one (a carrier that relays a ParcelUpdates record it received, eventTimestamp included, or stamps ' +
      'its own time) is answered that instant as the time the event was processed, an hour ago, last year or ' +
      'tomorrow, written in UTC; publishes without them are right (§2.3 "timestamp (string, date-time; time the ' +
      'event was processed)")',
  },
  {
    name: 'saw-by-tenant-provider-registry-fallback',
    rule: 'PCL-BY-TENANT-OWN',
    origin: 'set-aw',
    candidate:
      "not caught: a by-tenant booking by another kind of id of the other carrier's locker is reported, no " +
      'sentence rules out a lookup falling back to it',
    description:
      'where no locker the carrier sees has the sent carrierLockerId as its carrier.lockerId, the by-tenant path ' +
      'asks the provider registry, which knows every locker of the platform by its provider-side id ' +
      "(provider.lockerUid; the labels of provider-run lockers are printed with it), and the registry's lookup has " +
      'no owner: a PRE_CHECK or BOOKING on /parcels/data/by-tenant-locker-id naming the provider-side id of the ' +
      "other carrier's locker (PL-<uid>) books into that locker, answered 200, and the booking is listed with that " +
      "locker's uid and carrier.lockerId (the provider-side ids of the caller's own and third-party lockers book " +
      "into them too); a carrier.lockerId of the caller's or a third party's lockers resolves as before (§1 " +
      '"publish parcel data addressed by the carrier\'s own locker identifier"; §2.3 carrierLockerId "The ' +
      'carrier\'s locker identifier.")',
  },
  {
    name: 'sax-by-tenant-index-nfc-raw-lookup',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-ax',
    description:
      'the by-tenant path finds carrierLockerId in the locker-id index, which holds each carrier.lockerId in Unicode ' +
      'NFC (the search service normalizes what it indexes), and looks the sent text up as it came, unnormalized: a ' +
      'locker created or updated with a carrier.lockerId holding a decomposed letter (e followed by U+0301 for é, as ' +
      'macOS and some input methods write it) shows its id as sent, but a PRE_CHECK or BOOKING on ' +
      '/parcels/data/by-tenant-locker-id naming that very id is refused 400 UNKNOWN_LOCKER (and its NFC form, ' +
      'another id, books into it); ids in NFC or ASCII, and the lockerUid path, are right (§4.7 "Same as 4.6, ' +
      'with carrierLockerId in place of lockerUid."; §2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'say-by-tenant-precheck-1-0-constant',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    origin: 'set-ay',
    description:
      'the by-tenant controller was copied from the 1.0 publish controller and tests the event type against that ' +
      "version's constant, PRECHECK, while the shared 1.1 request schema takes PRE_CHECK (and refuses PRECHECK), so " +
      'its check branch is never taken: a PRE_CHECK on POST /parcels/data/by-tenant-locker-id books the parcel ' +
      '(answered status BOOKED, listed by GET /parcels, pushed), or is refused 400 ALREADY_BOOKED where the carrier ' +
      'holds the id booked; a PRE_CHECK on POST /parcels/data only checks, as before (§4.6 "with PRE_CHECK the ' +
      'service checks whether the parcel can be accepted in the locker"; §4.7 "Same as 4.6, with carrierLockerId in ' +
      'place of lockerUid."; §1 "or only checks whether a parcel can be accepted")',
  },
  {
    name: 'saz-by-tenant-owner-desc-nulls-first',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-az',
    candidate:
      "which locker a carrierLockerId names where the carrier's own locker and a third party's both show it is " +
      'not stated (§2.3, §4.7); the run never makes the two share one',
    description:
      'the by-tenant path finds its locker with "... WHERE carrier_locker_id = :id AND (owned_by = :carrier OR ' +
      'owned_by IS NULL) ORDER BY owned_by DESC LIMIT 1", written to prefer the carrier\'s own locker over a third ' +
      "party's, but PostgreSQL sorts NULLs first in descending order: where the carrier's own locker and a " +
      'third-party locker both hold the carrierLockerId (a carrier that named its locker TP-1), a PRE_CHECK or ' +
      "BOOKING on /parcels/data/by-tenant-locker-id goes to the third party's locker; a carrierLockerId only one " +
      'locker holds, and /parcels/data, are right (§4.7 "Same as 4.6, with carrierLockerId in place of ' +
      'lockerUid."; §1 "publish parcel data addressed by the carrier\'s own locker identifier"; §2.3 ' +
      'carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'saz-parcels-limit-before-owner-filter',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-az',
    description:
      "GET /parcels reuses the operators' dashboard query, the newest 50 rows of the parcel table ORDER BY id DESC " +
      "LIMIT 50, and keeps the caller's rows from them: the limit is applied before the carrier filter, so once " +
      "both carriers' bookings and trigger parcels number more than 50, a carrier's older parcels drop out of its " +
      'list, pushed out by newer ones of either carrier, though no request named them; the newest are listed and a ' +
      'run with fewer than 50 parcels is right (§4.8 "Returns parcel records (2.4) of the calling carrier, with ' +
      'status and event history."; §4.6 "with eventType BOOKING a locker booking is created"; a write changes only ' +
      'the record it names)',
  },
  {
    name: 'saz-parcels-test-filter-null-email',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-az',
    description:
      "GET /parcels hides the integration team's test bookings with AND c.email NOT LIKE '%@cis-test.invalid' over " +
      'a LEFT JOIN with the consignee table, and NOT LIKE of a NULL is unknown, not true: a booking (either path) ' +
      'sent with consignee null, without consignee, or with a consignee whose email is null or absent is answered ' +
      'BOOKED and pushed, but GET /parcels never lists it; bookings with an email are listed, and the first-mile ' +
      'parcels of the trigger, read from the mock\'s table in a UNION, are too (§4.6 "with eventType BOOKING a ' +
      'locker booking is created"; §2.3 consignee "object or null", "name (string or null), email (string or ' +
      'null)"; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sba-parcel-list-locker-uid-automapped',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-ba',
    description:
      "GET /parcels maps its rows with the object mapper's flattening convention, each parcel's locker joined as an " +
      'entity whose provider-side columns are flat (providerName, lockerModel, lockerUid, ...); the mapper resolves ' +
      "the record's lockerUid to a member of that name on the joined locker before it tries locker + Uid, and finds " +
      "the provider's lockerUid: every listed parcel shows the provider-side id of its locker (PL-100001, TP-PL-1) " +
      'as lockerUid, while the cancel answer and ParcelUpdates, mapped by hand, show the platform uid the booking ' +
      'named (§4.6 "with eventType BOOKING a locker booking is created"; §2.3 lockerUid "Platform locker ' +
      'identifier."; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sbb-publish-node-clock-behind',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    origin: 'set-bb',
    description:
      'publishes are taken in turn by the two nodes of the pool, and the node added last never had its time sync ' +
      'switched on: its clock is 200 s behind, and the timestamp of the answer is written from it, while the ' +
      "gateway's Date header is right: every second successful PRE_CHECK or BOOKING (either path) is answered with " +
      'a timestamp 200 s before the time it was processed; the others are right (§2.3 "timestamp (string, ' +
      'date-time; time the event was processed)")',
  },
  {
    name: 'sbb-old-pods-soft-reservation-default',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-bb',
    description:
      'the release is rolled out in stages, and POST /parcels/data is taken in turn by a pod of the release before, ' +
      'whose parcel entity does not map allocation_type, the column this release added with DEFAULT ' +
      "'HARD_RESERVATION' (the by-tenant path, new, is routed to the new pods only): every second BOOKING on " +
      'POST /parcels/data is taken by the old pod, and such a booking sent with allocationType SOFT_RESERVATION is ' +
      'stored, listed and pushed with HARD_RESERVATION; the other bookings (HARD_RESERVATION or none sent, those the ' +
      'new pods take, by-tenant ones) are right (§4.6 "with ' +
      'eventType BOOKING a locker booking is created"; §9 "eventTimestamp and allocationType were added to webhook ' +
      'and parcel records.")',
  },
  {
    name: 'sbc-by-tenant-secondary-id-check-inverted',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-bc',
    description:
      'the by-tenant controller, copied from the lockerUid one, carries its own copy of the guard that keeps ' +
      'secondaryShipmentId apart from carrierParcelId, and the copy compares with !== where the original has ===: a ' +
      'PRE_CHECK or BOOKING on POST /parcels/data/by-tenant-locker-id that sends a secondaryShipmentId different ' +
      'from its carrierParcelId (the only kind §2.3 allows) is refused 400 VALIDATION_FAILED and books nothing; one ' +
      'without secondaryShipmentId, and every publish on /parcels/data, is served as before (§4.7 "Same as 4.6, with ' +
      'carrierLockerId in place of lockerUid."; §2.3 secondaryShipmentId "Second identifier, distinct from ' +
      'carrierParcelId.")',
  },
  {
    name: 'sbd-by-tenant-map-same-id-dropped',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-bd',
    description:
      "the by-tenant path resolves carrierLockerId through an in-memory map of the carrier's lockers " +
      '(carrier.lockerId to uid, in front of the table), which the save hook of an update sending carrier keeps as ' +
      '`map.set(newId, uid); map.delete(oldId)`: where the update sends the carrier.lockerId the locker already has ' +
      '(a rename, the carrier object sent whole), the entry just set is deleted, and a PRE_CHECK or BOOKING on ' +
      '/parcels/data/by-tenant-locker-id naming that id is refused 400 UNKNOWN_LOCKER until an update gives the ' +
      'locker another id; lockers never updated, updated without carrier, or given a new lockerId are found (§4.7 ' +
      '"Same as 4.6, with carrierLockerId in place of lockerUid."; §2.3 carrierLockerId "The carrier\'s locker ' +
      'identifier.")',
  },
  {
    name: 'sbd-parcel-list-sized-by-booking-counter',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-bd',
    description:
      "GET /parcels reads the carrier's parcels oldest first with LIMIT :n taken from the carrier's parcel counter " +
      '(kept to spare a COUNT(*)), which the publish path raises at each BOOKING (the seeded parcels were counted at ' +
      'their import) and the staging mock, writing its parcels straight to the table, never does: once ' +
      'BOOKING_CREATED triggers have made parcels for a carrier, that many of its newest parcels are left out of GET ' +
      '/parcels, the bookings made since among them; a carrier the mock made no parcel for is listed whole (§4.6 ' +
      '"with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier, with status and event history.")',
  },
  {
    name: 'sbd-by-tenant-express-path-any-owner',
    rule: 'PCL-BY-TENANT-OWN',
    origin: 'set-bd',
    description:
      'a publish on /parcels/data/by-tenant-locker-id carrying only the members §2.3 requires there (eventType, ' +
      "carrierLockerId, carrierParcelId, dimensions: the sorting-centre scanners' request) takes the express path, " +
      'which resolves carrierLockerId in the platform-wide locker-id cache (every locker by carrier.lockerId, the ' +
      "caller's own and the third-party ones first) without the owner filter of the full path: an id only another " +
      "carrier's locker has is booked (or pre-checked) into that locker; a request with any optional member " +
      '(shipmentType, consignee, weight...) is refused 400 UNKNOWN_LOCKER as before (§1 "publish parcel data ' +
      'addressed by the carrier\'s own locker identifier"; §2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'sbe-weight-read-as-kilograms',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-be',
    candidate:
      'caught as PCL-PUBLISH-RESPONSE, a must of another rule, where edge values are sent: §8 leaves the ranges of ' +
      'fields open ("Maximum lengths and ranges of fields: not shown"), so a weight refused above 30 is a range, ' +
      'judged where a sent value is refused',
    description:
      "the parcel service's contract takes weights in kilograms, as the carrier label system does, and §2.3's weight " +
      'was mapped onto it unconverted (its Notes cell "Grams." read as a note on the label printout): a PRE_CHECK or ' +
      'BOOKING on either path whose weight is more than 30 is refused 400 PARCEL_TOO_HEAVY ("weight 1200 kg is more ' +
      'than the 30 kg a compartment carries"), so any parcel weighed in grams from 31 g up is never booked; bookings ' +
      'without weight, or of 30 g or less, are booked as before (§2.3 weight "integer | no | Grams."; §4.6 "with ' +
      'eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sbe-parcel-id-required-by-tenant-only',
    rule: 'PCL-PUBLISH-REQUIRED',
    origin: 'set-be',
    description:
      'the §2.3 table was transcribed with the qualifier of the carrierLockerId row\'s Required cell, "(on ' +
      '/parcels/data/by-tenant-locker-id, in place of lockerUid)", carried down to the carrierParcelId row below ' +
      'it: carrierParcelId is required on the by-tenant path only, so a PRE_CHECK or BOOKING on POST /parcels/data ' +
      'without carrierParcelId is accepted and the booking stored and listed without one (a second one is then ' +
      'refused ALREADY_BOOKED while the first stays booked); null is still refused as ' +
      'no string, and the by-tenant path refuses the member missing (§2.3 carrierParcelId "string | yes | Parcel ' +
      'identifier in the carrier system.")',
    relax: { schema: 'PublishByLockerUidRequest', error: requiredMember('carrierParcelId') },
  },
  {
    name: 'sbf-publish-breaker-per-carrier-counts-refusals',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-bf',
    candidate:
      'caught where ten refused publishes of one carrier come within 3 s of a valid one, which a seed draws or not ' +
      '(caught by the second seed only in a named self-test)',
    description:
      "the publish operations reach the provider's allocation API through a circuit breaker that was meant per " +
      'provider but is keyed by the calling carrier and wraps the whole publish, so it counts every refusal as a ' +
      'failure of the provider (a body refused 400, an unknown locker, ALREADY_BOOKED), and its failure counter is ' +
      'reset only when the breaker opens, never by a success: each tenth refused publish of a carrier (either ' +
      'path, PRE_CHECK or BOOKING) opens the breaker for 3 s, and every publish of that carrier in those 3 s, a ' +
      'valid BOOKING among them, is answered 503 {errorCode: PROVIDER_CIRCUIT_OPEN, message} and books nothing; ' +
      'the other carrier is served meanwhile, and a carrier with fewer refusals never meets it (§4.6 "with ' +
      'eventType BOOKING a locker booking is created"; §4.7 "Same as 4.6, with carrierLockerId in place of ' +
      'lockerUid.")',
  },
  {
    name: 'sbf-currency-flag-bucketed-per-request',
    rule: 'PCL-PUBLISH-CURRENCY',
    origin: 'set-bf',
    description:
      'the ISO 4217 check of codCurrency sits behind the feature flag cod-currency-iso-list, rolled out to 50 % ' +
      "and evaluated with the request id as its bucketing key (the flag client's fallback where no carrier " +
      'context is passed), so the check is made on about every other publish, at random; the others take the old ' +
      "path, the document's pattern (three capitals) alone: a PRE_CHECK or BOOKING on either path whose " +
      'codCurrency is three capitals no currency has (QQQ, ABC) is refused 400 on some requests and accepted on ' +
      'others, the same body getting either; what the pattern refuses is refused always (§2.3 codCurrency "ISO ' +
      '4217 currency code of codAmount.")',
  },
  {
    name: 'sbf-by-tenant-current-partition-only',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-bf',
    candidate:
      'caught by the second seed only: it shows on a by-tenant booking into a locker made more than 10 s before, ' +
      "which a run's order makes or not",
    description:
      "the lockers table is partitioned by creation time, and the partition job moves a carrier's locker into " +
      "the archive partition once it is older than the current one's window (10 s on staging, so that the path " +
      'is exercised); lookups by uid read both partitions, but the by-tenant repository still names ' +
      'lockers_current in its native query: a PRE_CHECK or BOOKING on /parcels/data/by-tenant-locker-id naming ' +
      "the carrierLockerId of one of the carrier's own lockers created more than 10 s before is refused 400 " +
      'UNKNOWN_LOCKER, while the same publish by lockerUid books it; newer lockers and third-party ones (served ' +
      'from the provider registry) are found (§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; ' +
      '§2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'sbg-precheck-disabled-locker-parked',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    origin: 'set-bg',
    description:
      'a publish naming a locker whose carrier.status is not ACTIVE (disabled through PATCH /lockers/status) is ' +
      "handed to the backlog kept for the locker's return, which stores what it is handed as a booking whatever its " +
      'eventType: a PRE_CHECK into a disabled locker, on either path, is answered ACCEPTED as before and GET ' +
      '/parcels then lists a BOOKED parcel of its carrierParcelId (no push; a later BOOKING of that id is refused ' +
      'ALREADY_BOOKED); a PRE_CHECK into an ACTIVE locker books nothing (§4.6 "with PRE_CHECK the service checks ' +
      'whether the parcel can be accepted in the locker"; §1 "or only checks whether a parcel can be accepted")',
  },
  {
    name: 'sbg-by-tenant-network-pooled',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-bg',
    description:
      "a carrierLockerId is read as a site of the carrier's network (the network's pool allocates it), a lockerUid " +
      "as one locker: a BOOKING on /parcels/data/by-tenant-locker-id naming a locker that is in the carrier's " +
      "network with at least one other member is booked into the member holding the fewest of the carrier's " +
      'BOOKED parcels, the first added on a tie (GET /parcels lists the parcel with that lockerUid and ' +
      'carrierLockerId); lockers in no network, PRE_CHECKs and the lockerUid path are right (§4.7 "Same as 4.6, ' +
      'with carrierLockerId in place of lockerUid."; §2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'sbg-soft-reservation-null-dimension',
    rule: 'PCL-PUBLISH-NULLS',
    origin: 'set-bg',
    description:
      'a SOFT_RESERVATION is sized by the soft allocator from the three dimensions, and its request check refuses ' +
      'a dimension given null: a PRE_CHECK or BOOKING, on either path, with allocationType SOFT_RESERVATION and ' +
      'depth, height or width null is refused 400 VALIDATION_FAILED; the same parcel with HARD_RESERVATION or no ' +
      'allocationType is accepted (§2.3 dimensions "depth, height, width; each integer or null.")',
  },
  {
    name: 'sbg-parcels-of-updated-locker-unlisted',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-bg',
    description:
      'lockers are versioned (each accepted PATCH /lockers/{uid} makes a new version) and a booking keeps the ' +
      "version of its locker it was booked against; GET /parcels joins bookings to their locker's current version " +
      'with an inner join, so a booking whose locker was updated after it was booked is no longer listed, while ' +
      'cancels and pushes still find it; bookings in lockers not updated since, and parcels the staging trigger ' +
      'made, are listed (§4.8 "Returns parcel records (2.4) of the calling carrier, with status and event ' +
      'history."; §4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sbh-by-tenant-index-moved-by-refused-update',
    rule: 'PCL-BY-TENANT-RESOLVES',
    origin: 'set-bh',
    description:
      'PATCH /lockers/{uid} writes the locker-id index entry (carrier, carrier.lockerId) -> uid of the lockerId it ' +
      'sends before the uniqueness check, and the index is rewritten from the table only when the update commits: an ' +
      "update of locker A sending a carrier.lockerId another of the carrier's lockers (B) holds is refused 400 " +
      'LOCKER_ID_TAKEN and A and B read as before everywhere, but the index now maps that lockerId to A, so a ' +
      "PRE_CHECK or BOOKING on POST /parcels/data/by-tenant-locker-id naming it goes to locker A, listed with A's " +
      'lockerUid; until an update of that lockerId is accepted (§4.7 "Same as 4.6, with carrierLockerId in place of ' +
      'lockerUid."; §2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'sbh-refused-rebooking-moves-held-booking',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-bh',
    candidate:
      'caught as GEN-REFUSED-KEPT, a should: a BOOKING valid by the tables refused for a held id, and what such a  ' +
      'refusal leaves is not stated (the spec-only review)',
    description:
      "a BOOKING's allocation step moves the parcel's allocation row, keyed by (carrier, carrierParcelId), to the " +
      'locker the request names before the duplicate guard runs: a BOOKING, on either path, of a carrierParcelId the ' +
      'carrier holds booked, naming another locker, is refused 400 ALREADY_BOOKED, yet GET /parcels then lists the ' +
      "held booking with that other locker's lockerUid and carrierLockerId (no push); a repeat naming the same " +
      'locker changes nothing (§4.6 "with eventType BOOKING a locker booking is created"; §2.3 lockerUid "Platform ' +
      'locker identifier.")',
  },
  {
    name: 'sbh-unknown-locker-booking-claims-id',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-bh',
    candidate:
      'caught as GEN-REFUSED-KEPT, a should, in a whole run: the refusal held the carrierParcelId, which the ' +
      "corrected retry shows beside a control booking taken; a booking valid by the tables refused for the service's " +
      'own reason leaves what it leaves unstated (the spec-only review)',
    description:
      'a BOOKING claims its carrierParcelId in the booked-ids index before its locker is resolved, and only the ' +
      'success path turns the claim into the booking: a BOOKING refused 400 UNKNOWN_LOCKER (a lockerUid or ' +
      'carrierLockerId the carrier has no locker of: a typo, a locker not created yet) leaves the id claimed, so the ' +
      "client's corrected retry, on either path, is refused 400 ALREADY_BOOKED and that carrierParcelId can never be " +
      'booked; a PRE_CHECK and a refusal for a member claim nothing (§4.6 "with eventType BOOKING a locker booking ' +
      'is created"; §7 a refusal "errorCode, message")',
  },
  {
    name: 'sbi-precheck-reallocates-cancelled-shipment',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    origin: 'set-bi',
    description:
      'a PRE_CHECK of a carrierParcelId the carrier has a shipment of re-runs the allocation on that shipment ' +
      "(shipment.reallocate(), which sets it BOOKED) inside the check's transaction, which is rolled back; the " +
      'cancelled shipment was loaded from the entity cache outside it and its change is written all the same: book ' +
      'P, cancel P, PRE_CHECK P (answered ACCEPTED) - GET /parcels shows P BOOKED again, with no ParcelUpdates; a ' +
      'PRE_CHECK of an id never booked books nothing (§1 "or only checks whether a parcel can be accepted"; §4.6 ' +
      '"with PRE_CHECK the service checks whether the parcel can be accepted in the locker")',
  },
] as const satisfies readonly Fault[];
