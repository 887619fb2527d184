// Faults of cancelling a parcel (§4.9). Each names the rule it breaks, its origin (the set it was written in) and how;
// the lines that switch one on name it (`app.fault('name')`).
import type { Fault } from '../fault';

export const CANCELS_FAULTS = [
  {
    name: 'cancel-checks-current-status',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'sequences-edges',
    description: 'a delivered parcel that a later BOOKING_CREATED event shows booked again can be cancelled',
  },
  {
    name: 'cancel-delivered',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'parcels',
    description: 'a delivered parcel can be cancelled',
  },
  {
    name: 'cancel-delivered-by-shipment-uid',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'one-place',
    description: 'a delivered parcel can be cancelled by its shipmentUid (by its carrierParcelId it is still refused)',
  },
  {
    name: 'cancel-not-applied',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'parcels',
    description: 'cancel answers 200 and leaves the parcel booked',
  },
  {
    name: 'cancel-oldest-in-locker',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'fidelity',
    description:
      "cancelling a parcel in a locker that holds other booked parcels of the carrier cancels the locker's " +
      'oldest; the answer and the push show the named one cancelled, GET /parcels still booked',
  },
  {
    name: 'cancel-refused-still-cancels',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'fidelity',
    description: 'cancelling a delivered parcel is refused but cancels it all the same',
  },
  {
    name: 'cancel-unknown-200',
    rule: 'CAN-UNKNOWN-404',
    origin: 'webhooks',
    description: 'cancelling a parcel that does not exist is answered 200',
  },
  {
    name: 'cancel-unknown-400',
    rule: 'CAN-UNKNOWN-404-STATUS',
    origin: 'parcels',
    description: 'cancelling an unknown parcel answers 400',
  },
  {
    name: 'sab-cancel-delivered-same-second',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'set-ab',
    description:
      '"delivered" is stored as delivered_at > created_at, delivered_at being a NOT NULL DATETIME(0) column whose ' +
      "default is the row's creation time (a migration made it NOT NULL): a parcel whose CONSIGNEE_DELIVERED came " +
      'within the same second as its booking (or the BOOKING_CREATED that made it) reads as never delivered, and ' +
      'its cancel, by either id form, is answered 2xx and lists it CANCELLED; a delivery a second or more later is ' +
      'refused 400 NOT_CANCELLABLE as before (§8 "Only parcels that have not been delivered can be cancelled."; ' +
      '§4.9 "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'sab-cancel-lock-leaked',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-ab',
    description:
      'a cancel takes a lock named by (carrier, carrierParcelId) before its guard and releases it on its success ' +
      'path only (no finally): a refused cancel (of a cancelled or a delivered parcel) leaves the lock held, and ' +
      'every later cancel of that carrierParcelId, by either id form, is answered 409 CANCEL_IN_PROGRESS, so after ' +
      'book X, cancel X, cancel X again (400), book X again, the new booking, never delivered, cannot be cancelled; ' +
      'ids never refused are cancelled as before (§4.9 "Cancels the booking of the parcel. Only a parcel that has ' +
      'not been delivered can be cancelled.")',
  },
  {
    name: 'sab-cancel-unknown-tombstone',
    rule: 'CAN-UNKNOWN-404',
    origin: 'set-ab',
    description:
      'the cancel is an upsert on (carrier, carrierParcelId), made so that a cancellation arriving before its ' +
      'booking (events out of order) is kept as a tombstone: PATCH /parcels/{parcelId} with an id none of the ' +
      "carrier's parcels has, of either form, is answered 200 with a new CANCELLED parcel of that carrierParcelId " +
      '(lockerUid "", a CANCELLED event), which GET /parcels lists from then on; cancels of existing parcels are ' +
      'right (§4.9 "Cancels the booking of the parcel."; §7 404 on cancel parcel, "JSON body")',
  },
  {
    name: 'sad-cancel-archive-lookup-502',
    rule: 'CAN-UNKNOWN-404',
    origin: 'set-ad',
    description:
      "a cancel whose path id has the shipmentUid's shape (SHP- and digits) and names no live parcel of the carrier " +
      'asks the archive service, where parcels move after 90 days, and its HTTP client maps every answer but a 2xx, ' +
      "the archive's 404 too, to 502 UPSTREAM_ERROR: cancelling an unknown shipmentUid is answered 502, not a 4xx; " +
      'an unknown id of any other shape is 404 PARCEL_NOT_FOUND as before (§4.9 "Cancels the booking of the ' +
      'parcel."; §7 lists 400, 401, 404 ("JSON body") and 500 for cancel parcel)',
  },
  {
    name: 'sad-cancel-path-form-decoded',
    rule: 'CAN-ID-ENCODED',
    origin: 'set-ad',
    description:
      'the cancel decodes its path variable once more with the form decoder (URLDecoder.decode) after the framework ' +
      'has: "+" becomes a blank and an escape the id holds is decoded again, so a booked parcel whose ' +
      'carrierParcelId holds "+" (A+B) or "%41" is answered 404 PARCEL_NOT_FOUND by that id and stays booked (or the ' +
      'parcel "A B" is cancelled in its place), and one holding a "%" not followed by two hex digits (100%) is ' +
      'answered 500 INTERNAL_ERROR; other ids, and every shipmentUid, are cancelled (§4.9 "Path: parcelId. Cancels ' +
      'the booking of the parcel. Only a parcel that has not been delivered can be cancelled."; §2.3 carrierParcelId ' +
      '"string")',
  },
  {
    name: 'sd-cancel-skips-trigger-parcels',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-d',
    candidate: 'not caught: the exploration cancels only parcels it published',
    description:
      'the cancel resolves its path id in the bookings the publish operations wrote: a first-mile parcel that a ' +
      'staging BOOKING_CREATED made, listed BOOKED by GET /parcels, is answered 404 PARCEL_NOT_FOUND by either id ' +
      'form and stays booked (§4.9 "Cancels the booking of the parcel. Only a parcel that has not been delivered ' +
      'can be cancelled."; §3 "Only a parcel that has not been delivered may be cancelled.")',
  },
  {
    name: 'sd-encoded-slash-rejected',
    rule: 'CAN-ID-ENCODED',
    origin: 'set-d',
    description:
      'a request firewall in front of the service refuses any path holding an encoded slash (%2F): a parcel whose ' +
      'carrierParcelId has a slash (ORD/2025/17) is booked and listed, but PATCH /parcels/ORD%2F2025%2F17 is ' +
      'answered 400 REQUEST_REJECTED and the parcel cannot be cancelled by that id (§4.9 "Path: parcelId. Cancels ' +
      'the booking of the parcel."; §2.3 carrierParcelId "Parcel identifier in the carrier system", a string the ' +
      'carrier chooses)',
  },
  {
    name: 'sf-locked-parcel-not-cancellable',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-f',
    description:
      'lockStatus LOCKED is read as a lock against changes of the booking: the cancel of a booked parcel published ' +
      'with lockStatus LOCKED, by either id form, is refused 400 PARCEL_LOCKED and the parcel stays booked; ' +
      'UNLOCKED parcels and parcels sent without lockStatus are cancelled (§4.9 "Cancels the booking of the ' +
      'parcel. Only a parcel that has not been delivered can be cancelled."; §2.3 lockStatus "LOCKED blocks the ' +
      'consignee from collecting")',
  },
  {
    name: 'sg-cancel-first-parcel-with-id',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-g',
    description:
      'the cancel by carrierParcelId takes the first row of WHERE carrierParcelId = ? (no ORDER BY): after book X, ' +
      'cancel X, book X again, a cancel of X finds the cancelled parcel and is refused 400 NOT_CANCELLABLE, and the ' +
      'new booking, never delivered, cannot be cancelled by that id (§4.9 "Cancels the booking of the parcel. Only a ' +
      'parcel that has not been delivered can be cancelled."; §4.6 "with eventType BOOKING a locker booking is ' +
      'created")',
  },
  {
    name: 'sh-cancel-first-row-by-parcel-id',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-h',
    description:
      'the cancel by carrierParcelId takes the first row the id matches (findFirstByCarrierParcelId, oldest ' +
      'first, whatever its status): once a parcel was cancelled and booked again under the same carrierParcelId, ' +
      'PATCH /parcels/{carrierParcelId} names the cancelled one and is refused 400 NOT_CANCELLABLE, and the new ' +
      'booking cannot be cancelled by that id; by shipmentUid it can (§4.9 "Cancels the booking of the parcel. ' +
      'Only a parcel that has not been delivered can be cancelled."; §4.6 "with eventType BOOKING a locker booking ' +
      'is created")',
  },
  {
    name: 'si-cancel-form-sniffed-by-prefix',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-i',
    candidate:
      "missed on the first try; a carrierParcelId shaped as the target's shipmentUids is now booked and cancelled " +
      'by it, but which id form a cancel path takes, and how it tells them apart, is not stated (section 4.9: ' +
      'Path: parcelId): a refusal is observed',
    description:
      'PATCH /parcels/{parcelId} picks the id form by its look: an id beginning with SHP- (any case) is looked up ' +
      'as a shipmentUid only. A booked parcel whose carrierParcelId the carrier chose in that form (SHP-2025-0042, ' +
      'a shipment number of its own) is answered 404 PARCEL_NOT_FOUND by its carrierParcelId and stays booked; by ' +
      'its shipmentUid, and other carrierParcelIds, it is cancelled (§4.9 "Path: parcelId. Cancels the booking of ' +
      'the parcel."; §2.3 carrierParcelId "Parcel identifier in the carrier system.")',
  },
  {
    name: 'si-cancel-guard-reads-replica',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'set-i',
    description:
      'the cancel finds the parcel on the primary, but its "has it been delivered" check asks the shipment-status ' +
      'service, which reads a replica 2 s behind: a cancel (either form) within 2 s of a CONSIGNEE_DELIVERED sees ' +
      'the parcel as before the delivery, is answered 200 and the delivered parcel is listed and pushed CANCELLED; ' +
      'a cancel later than that is refused 400 NOT_CANCELLABLE (§8 "Only parcels that have not been delivered can ' +
      'be cancelled."; §4.9 "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'si-cancel-unknown-id-matches-all',
    rule: 'CAN-UNKNOWN-404',
    origin: 'set-i',
    description:
      'the cancel resolves the path id to a parcel key first and then runs "... WHERE carrier = :c AND status = ' +
      'BOOKED AND (:key IS NULL OR key = :key) ORDER BY created DESC": an id that names no parcel of the carrier ' +
      'resolves to null, the criterion drops out, and the newest booked parcel of the carrier is cancelled, ' +
      'answered 200 with its record and pushed; a carrier with no booked parcel still gets 404 (§4.9 "Cancels the ' +
      'booking of the parcel."; §7 404 on cancel parcel, "JSON body")',
  },
  {
    name: 'sk-cancel-index-from-filtered-list',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-k',
    description:
      "the cancel finds the parcel's position in the calling carrier's parcels (a filtered list) and writes the " +
      'cancellation at that position of the table read whole: when the other carrier stored parcels before the ' +
      "caller's, the cancel is answered 200 and pushed with the named parcel CANCELLED, but GET /parcels still " +
      "lists it BOOKED, and the parcel at that position (often the other carrier's) is CANCELLED unasked, without " +
      'a push; a carrier alone in the table is served right (§4.9 "Cancels the booking of the parcel."; §4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'sk-cancel-stale-version-after-trigger',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-k',
    description:
      'parcels carry an optimistic-lock version, and the cancel writes "... WHERE version = :v" with the version ' +
      "kept in the service's entity cache, filled when the booking was stored; the staging mock writes its events " +
      'straight to the table, moving the version past the cached one: once a booking published through the API ' +
      "was given a trigger event (the provider's BOOKING_CREATED confirming it, which leaves it booked and not " +
      'delivered), every cancel of it, by either id form, is refused 409 CONCURRENT_MODIFICATION and it stays ' +
      'booked; bookings no trigger touched, and parcels the trigger made, are cancelled (§4.9 "Cancels the ' +
      'booking of the parcel. Only a ' +
      'parcel that has not been delivered can be cancelled."; §4.11 "Triggers one first-mile parcel event.")',
  },
  {
    name: 'so-cancel-refusal-message-table',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'set-o',
    description:
      "the cancel's refusal message is REASONS[status].replace('{id}', id), from a table of reasons written before " +
      'the courier events existed, with CANCELLED and DELIVERED only: a cancel (either form) of a delivered parcel ' +
      'the courier has since collected (CONSIGNEE_DELIVERED then COURIER_COLLECTED) throws a TypeError, answered 500 ' +
      'INTERNAL_ERROR, not refused with a 4xx; delivered and cancelled parcels are refused 400 NOT_CANCELLABLE and ' +
      'nothing changes in either case (§8 "Only parcels that have not been delivered can be cancelled."; §7 "400 | ' +
      'Publish parcel data, update locker, get parcels, cancel parcel | errorCode, message")',
  },
  {
    name: 'so-cancel-release-needs-active-locker',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-o',
    description:
      "a cancellation first releases the compartment through the provider's locker command API, which refuses " +
      'commands for a locker whose status is not ACTIVE, and the refusal is passed on: once PATCH /lockers/status ' +
      'has taken the locker out of ACTIVE (disabled), a cancel of a parcel booked there and never delivered, by ' +
      'either id form, is answered 400 COMPARTMENT_RELEASE_FAILED and the parcel stays booked, unpushed; cancels in ' +
      'ACTIVE lockers, the third-party ones among them, are right (§4.9 "Cancels the booking of the parcel. Only a ' +
      'parcel that has not been delivered can be cancelled."; §8 "Only parcels that have not been delivered can be ' +
      'cancelled.")',
  },
  {
    name: 'sq-cancel-joins-carrier-lockers',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-q',
    description:
      "the cancel finds the parcel with a query that joins it to the caller's own lockers on the carrierLockerId " +
      'stored with the parcel (written when carriers booked into lockers of their own only): a booked parcel, never ' +
      'delivered, in a third-party locker (TP-1) is answered 404 PARCEL_NOT_FOUND by either id form and stays ' +
      "booked, and so is one whose locker's carrier.lockerId PATCH /lockers/{uid} changed after the booking; parcels " +
      'in lockers of the caller that kept their carrier.lockerId are cancelled (§4.9 "Cancels the booking of the ' +
      'parcel. Only a parcel that has not been delivered can be cancelled."; §8 "Only parcels that have not been ' +
      'delivered can be cancelled.")',
  },
  {
    name: 'ss-cancel-id-matches-secondary-id',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-s',
    candidate:
      'observed only, after a spec-only review: which of two bookings a cancel path names where one holds the ' +
      'other\'s carrierParcelId as its secondaryShipmentId is not stated (§4.9 "Path: parcelId")',
    description:
      'the cancel by carrierParcelId looks the id up as any identifier on the label, "... WHERE carrier = ? AND ' +
      'status = BOOKED AND (carrierParcelId = :id OR secondaryShipmentId = :id) LIMIT 1", the first row in table ' +
      'order: after a booking P1 sent with secondaryShipmentId B, a later booking P2 with carrierParcelId B is ' +
      'never cancelled by PATCH /parcels/B: P1 is cancelled in its place (answered, listed and pushed CANCELLED) ' +
      'and P2 stays BOOKED; a PATCH naming a secondaryShipmentId no parcel has as carrierParcelId cancels the ' +
      'booking that was sent with it, where 404 belongs. Ids never sent as a secondaryShipmentId, and the ' +
      'shipmentUid form, are right (§4.9 "Path: parcelId. Cancels the booking of the parcel."; §2.3 ' +
      'secondaryShipmentId "Second identifier, distinct from carrierParcelId.")',
  },
  {
    name: 'su-cancel-id-suffix-pattern',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-u',
    description:
      "PATCH /parcels/{parcelId} is mapped with the web framework's suffix pattern matching on (Spring " +
      'MVC\'s useSuffixPatternMatch, kept from the days of /parcels.json), so the last ".xxx" of the path ' +
      'segment is taken as a format extension and cut from the id: a booked parcel whose carrierParcelId ' +
      'holds a dot (INV.2025.0042, 4711.1) is answered 404 PARCEL_NOT_FOUND by that id and stays booked, ' +
      "and where the id before the last dot names another of the carrier's parcels (P-7 for P-7.2) that one " +
      'is cancelled instead; ids without a dot, and shipmentUids, are right (§4.9 "Path: parcelId. Cancels ' +
      'the booking of the parcel."; §2.3 carrierParcelId "Parcel identifier in the carrier system.")',
  },
  {
    name: 'sz-cancel-path-id-coerced-number',
    rule: 'CAN-ID-ENCODED',
    origin: 'set-z',
    description:
      'PATCH /parcels/{parcelId} declares its path parameter as anyOf [integer, string] (shipment numbers were ' +
      'integers once) in a route schema validated with type coercion, so a parcelId of digits only is looked up ' +
      'as the number it reads as: a parcel booked under the carrierParcelId 0042, or a 20-digit SSCC such as ' +
      '00340123456789012345 (beyond 2^53), is looked up as 42 (340123456789012350), its cancel answered 404 ' +
      'PARCEL_NOT_FOUND and the booking left BOOKED, or, where the carrier has a parcel 42, that one cancelled ' +
      'instead; ids with any other character, every shipmentUid among them, are cancelled as before (§4.9 "Path: ' +
      'parcelId. Cancels the booking of the parcel."; §2.3 carrierParcelId "string", "Parcel identifier in the ' +
      'carrier system.")',
  },
  {
    name: 'sz-cancel-uid-resolved-via-parcel-id',
    // The new booking's status moved by a write that named another parcel is GEN-STATE-NAMED-ONLY's (a should:
    // GEN-WRITE-NAMED-ONLY leaves a record's state to it); what a must holds is the new booking, cancelled so, refusing
    // its own cancel.
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-z',
    description:
      'the cancel facade turns a shipmentUid into the carrierParcelId the booking service keys on and asks it to ' +
      'cancel "the active booking of this parcel id": once a parcel was cancelled (or delivered) and its ' +
      'carrierParcelId booked again, PATCH /parcels/{shipmentUid of the old parcel} cancels the new booking, ' +
      'answered 200 with it and pushed, where the old parcel named is refused by the reference; cancels by ' +
      'carrierParcelId, and of ids booked once, are as before; the new booking then refuses its own cancel (§4.9 ' +
      '"Path: parcelId. Cancels the booking of the parcel."; "Only a parcel that has not been delivered can be ' +
      'cancelled."; §2.4 shipmentUid, one per parcel record)',
  },
  {
    name: 'unknown-cancel-by-shipment-uid-200',
    rule: 'CAN-UNKNOWN-404',
    origin: 'one-place',
    description: 'cancelling a shipmentUid no parcel has is answered 200 (an unknown carrierParcelId is still 404)',
  },
  {
    name: 'saf-cod-cancel-needs-idempotency-key',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-af',
    description:
      'a cancellation of a cash-on-delivery parcel reverses its pending payment through the payment service, whose ' +
      'client requires an Idempotency-Key header, and the cancel handler passes on the header it got, refusing ' +
      'without it: the cancel (by either id form) of a booked, never delivered parcel that was booked with a ' +
      'codAmount is answered 400 IDEMPOTENCY_KEY_REQUIRED unless the request carries an Idempotency-Key header, ' +
      'which the spec names nowhere, and the parcel stays BOOKED; parcels booked without codAmount are cancelled ' +
      'as before (§4.9 "Cancels the booking of the parcel. Only a parcel that has not been delivered can be ' +
      'cancelled."; "Request body and response body: not shown."; §5 the one header an operation needs is ' +
      '`X-API-Key`)',
  },
  {
    name: 'saf-cancel-body-dispatched-as-update',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-af',
    description:
      'PATCH /parcels/{parcelId} became shared by the cancel and a later parcel update (releasing the lock, ' +
      'lockStatus), and the route dispatches on whether a request body is present: a PATCH with any JSON body, {} ' +
      'or {"reason": "..."} included, goes to the update, which applies the members it knows (lockStatus), ignores ' +
      'the rest and answers 200 with the parcel record, unchanged and still BOOKED; only a PATCH without a body ' +
      'cancels. A parcel that is not booked any more is refused 400 PARCEL_NOT_EDITABLE by the update, and an ' +
      'unknown id is 404 as before (§4.9 "Cancels the booking of the parcel."; "Request body and response body: ' +
      'not shown.")',
    candidate:
      'the cancel\'s request body is not specified (§4.9; the document: "Not specified"): what a body asks is the ' +
      "target's to state in its profile, so a cancel with a body the profile does not name is not held to §4.9",
  },
  {
    name: 'sah-cancel-soft-reservation-release-404',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-ah',
    description:
      "a cancel first releases the parcel's compartment reservation at the provider, DELETE " +
      '/reservations/{reservationId}; a SOFT_RESERVATION booking holds no compartment (the provider assigns one at ' +
      "drop-off), so its reservationId is null, the client calls /reservations/null and passes the provider's 404 " +
      'on: a cancel of a booked, undelivered parcel booked with allocationType SOFT_RESERVATION, by either form of ' +
      'the path id, is answered 404 {errorCode: RESERVATION_NOT_FOUND, message} and the parcel stays BOOKED; ' +
      'HARD_RESERVATION bookings, those that sent none and the parcels the trigger makes are cancelled as before ' +
      '(§4.9 "Cancels the booking of the parcel. Only a parcel that has not been delivered can be cancelled."; ' +
      '§2.3 allocationType "HARD_RESERVATION or SOFT_RESERVATION.")',
  },
  {
    name: 'sah-cancel-delivered-guard-last-mile-only',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'set-ah',
    description:
      'the delivered-parcel guard of the cancel was written for bookings and asks `shipmentType IN (LAST_MILE, ' +
      'ALTERNATIVE_DELIVERY) AND delivered`, reading a CONSIGNEE_DELIVERED of a FIRST_MILE or RETURN parcel as the ' +
      "consignee's drop-off, a parcel still on its way: a FIRST_MILE or RETURN parcel the staging trigger delivered " +
      '(CONSIGNEE_DELIVERED), waiting for the courier, is cancelled by either form of the path id, answered 200 and ' +
      'listed CANCELLED; delivered LAST_MILE and ALTERNATIVE_DELIVERY bookings are refused 400 as before, and ' +
      'collected parcels stay refused (§4.9 "Only a parcel that has not been delivered can be cancelled."; §8 ' +
      '"Only parcels that have not been delivered can be cancelled.")',
  },
  {
    name: 'saj-cancel-guard-denylist',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'set-aj',
    description:
      "the cancel's guard is written as a deny list, `if (status in (DELIVERED, CANCELLED)) refuse`, and a parcel " +
      'the consignee delivered (CONSIGNEE_DELIVERED) and the courier then collected (COURIER_COLLECTED) shows ' +
      'COLLECTED: its cancel, by either id form, is answered 200 and GET /parcels and a ParcelUpdates show it ' +
      'CANCELLED; a parcel still DELIVERED is refused 400 as before (§8 "Only parcels that have not been delivered ' +
      'can be cancelled."; §4.9 "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'saj-parcel-list-cache-not-evicted-by-cancel',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-aj',
    description:
      'GET /parcels answers from a cache per carrier and query (60 s), evicted by the "parcel changed" event the ' +
      'publish and staging event handlers publish; the cancel handler, in the cancellation module, writes the row ' +
      'and publishes none: a cancel (either id form) is answered 200 and pushed CANCELLED, but a GET /parcels read ' +
      'within 60 s of a read before it, with no booking or trigger event since, still lists the parcel BOOKED ' +
      '(§4.9 "Cancels the booking of the parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, with ' +
      'status and event history.")',
  },
  {
    name: 'sak-cancel-path-latin1-decoded',
    rule: 'CAN-ID-ENCODED',
    origin: 'set-ak',
    description:
      'PATCH /parcels/{parcelId} is served by a servlet container left at its default URI charset, ISO-8859-1, so a ' +
      'percent-encoded path id is decoded byte by byte as Latin-1: a booking whose carrierParcelId holds a letter ' +
      'beyond ASCII (PAKET-Zoë-1, sent as PAKET-Zo%C3%AB-1) is looked up as PAKET-ZoÃ«-1 and its cancel is answered ' +
      '404 PARCEL_NOT_FOUND while the parcel stays BOOKED; ids in ASCII, shipmentUids and the publish and list ' +
      'operations (JSON bodies) are not touched (§4.9 "Path: parcelId. Cancels the booking of the parcel."; §2.3 ' +
      'carrierParcelId "Parcel identifier in the carrier system.")',
  },
  {
    name: 'sak-cancel-id-resolution-cached',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-ak',
    description:
      'the cancel resolves its path id to a shipment through a memo per (carrier, path id), filled by each cancel ' +
      'that succeeded and never evicted (the booking path does not know it): after book X, cancel X, book X again ' +
      '(a new booking, its own shipmentUid), a cancel of X is resolved to the first, cancelled shipment and refused ' +
      '400 NOT_CANCELLABLE, and the new booking stays BOOKED in GET /parcels; a cancel by the new shipmentUid, and ' +
      'the first cancel of any id, are as before (§4.9 "Cancels the booking of the parcel. Only a parcel that has ' +
      'not been delivered can be cancelled."; §4.8 "Returns parcel records (2.4) of the calling carrier, with status ' +
      'and event history.")',
  },
  {
    name: 'sal-delivered-mark-cleared-by-rebook',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'set-al',
    candidate: 'not caught yet: missed on the first try',
    description:
      "the cancel's delivered guard reads a per-carrier set of delivered carrierParcelIds, and a BOOKING removes its " +
      "id from that set (a fresh parcel of the id has not been delivered): once a delivered parcel's carrierParcelId " +
      'is booked again, the delivered parcel, cancelled by its shipmentUid, is answered 200, pushed and listed ' +
      'CANCELLED; delivered parcels whose id was not booked again are refused as before (§8 "Only parcels that have ' +
      'not been delivered can be cancelled."; §4.9 "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'sal-cancel-releases-precheck-allocation',
    rule: 'CAN-UNKNOWN-404',
    origin: 'set-al',
    description:
      'a PRE_CHECK leaves an allocation proposal keyed by (carrier, carrierParcelId), and PATCH /parcels/{parcelId}, ' +
      'which also releases proposals, looks there before answering 404: a cancel of a carrierParcelId that was only ' +
      'pre-checked, never booked, is answered 200 {carrierParcelId, status: ALLOCATION_RELEASED}, though no parcel ' +
      'has it; ids never pre-checked are 404 as before (§4.9 "Cancels the booking of the parcel."; §1 "or only ' +
      'checks whether a parcel can be accepted"; §7 404 for cancel parcel)',
  },
  {
    name: 'san-cancel-release-occupancy-counter',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-an',
    candidate: 'not caught yet: missed on the first try',
    description:
      "a cancellation releases its compartment by decrementing the locker's occupancy counter, kept apart from " +
      'the parcels, and refuses with 409 NOTHING_TO_RELEASE when the counter is not above 0; the counter goes up ' +
      'with each BOOKING and down with each cancel and with every CONSIGNEE_DELIVERED the staging mock reports ' +
      '(written when a delivery always emptied a compartment), while first-mile or return parcels the mock makes ' +
      'never counted: once a first-mile parcel was dropped off into a locker, cancelling a booking of that locker, ' +
      'never delivered, is refused and the parcel stays BOOKED; lockers without such drop-offs cancel as before ' +
      '(§4.9 "Cancels the booking of the parcel."; "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'sao-cancel-same-second-status-guard',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-ao',
    description:
      'the cancel writes the status with "UPDATE ... SET status = CANCELLED WHERE id = ? AND status_changed_at < ' +
      ':now" (so that a late message never overwrites a newer state), both DATETIME(0), and writes the history entry ' +
      "apart: a cancellation, by either id form, within the same second as the parcel's last change (a booking " +
      'cancelled at once, or a BOOKING_CREATED just before) updates no row, is answered 200 and leaves the parcel ' +
      'BOOKED in GET /parcels, the answer and the push, with a CANCELLED entry in its events; a cancel a second or ' +
      'more later is right (§4.9 "Cancels the booking of the parcel."; §4.8 "Returns parcel records (2.4) of the ' +
      'calling carrier, with status and event history.")',
  },
  {
    name: 'sar-reannounced-booking-not-cancellable',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-ar',
    description:
      'the cancel guard takes a parcel whose history holds a second BOOKING_CREATED (the provider announced it ' +
      "again through the staging trigger) as handed over to the provider's flow: its cancellation, by either id " +
      'form, is refused 400 NOT_CANCELLABLE though it was never delivered and shows BOOKED; bookings and trigger ' +
      'parcels announced once are cancelled (§4.9 "Only a parcel that has not been delivered can be cancelled."; ' +
      '"Cancels the booking of the parcel.")',
  },
  {
    name: 'sat-soft-hold-timer-overflow',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-at',
    description:
      'a SOFT_RESERVATION booking holds its compartment for 30 days, and the lapse is scheduled with ' +
      'setTimeout(lapse, ' +
      '30 days in ms); 2,592,000,000 ms is past the 32-bit limit of Node timers (2,147,483,647), which sets such a ' +
      'delay to 1 ms: every SOFT_RESERVATION booking, on either path, lapses a millisecond after it is answered ' +
      'BOOKED, shows shipmentStatus EXPIRED (pushed) and its cancel is refused 400 NOT_CANCELLABLE, though it was ' +
      'never delivered; HARD_RESERVATION bookings (a 14-day hold, within the limit) and bookings that leave ' +
      'allocationType out are cancelled as before (§4.9 "Cancels the booking of the parcel. Only a parcel that has ' +
      'not been delivered can be cancelled."; §2.3 allocationType "HARD_RESERVATION or SOFT_RESERVATION.")',
  },
  {
    name: 'sat-list-status-by-event-text-order',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-at',
    description:
      "GET /parcels takes each parcel's shipmentStatus from its newest history entry, picked by ORDER BY occurred_at " +
      'DESC on the text column the entries are kept in, and the staging mock writes its entries in its own zone ' +
      '(+01:00) while the service writes UTC (Z): a cancel made within the hour after a trigger event (a ' +
      'BOOKING_CREATED re-announcing a booking, a first-mile parcel the trigger made) writes a CANCELLED entry whose ' +
      "text sorts below the mock's, so the list keeps showing BOOKED after the cancel answered 200 with the parcel " +
      'CANCELLED (the answer and the push show CANCELLED); parcels no trigger touched are listed right (§4.9 ' +
      '"Cancels ' +
      'the booking of the parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, with status and event ' +
      'history.")',
  },
  {
    name: 'sat-cod-booking-stored-on-callback',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-at',
    description:
      'a BOOKING carrying codAmount waits for the payment pre-authorisation, which the booking service asks for ' +
      "asynchronously: it answers BOOKED (and pushes) at once and stores the booking when the pre-authorisation's " +
      'callback arrives, 80 ms later: a cancel of a cash-on-delivery booking sent right after its answer (by either ' +
      'id form) is refused 404 PARCEL_NOT_FOUND, and the booking then shows up BOOKED; bookings without codAmount ' +
      'are stored before they are answered (§4.9 "Cancels the booking of the parcel. Only a parcel that has not ' +
      'been delivered can be cancelled."; §2.3 codAmount "Cash on delivery, in minor currency units.")',
  },
  {
    name: 'sau-cancel-empty-json-body-refused',
    candidate: 'not caught yet: missed on the first try',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-au',
    description:
      "the parcel routes run on a framework whose JSON body parser refuses an empty body declared JSON (Fastify's " +
      'FST_ERR_CTP_EMPTY_JSON_BODY, "Body cannot be empty when content-type is set to \'application/json\'"), mapped ' +
      'by the error handler to 400 {errorCode: EMPTY_JSON_BODY, message}: a PATCH /parcels/{parcelId} sent without a ' +
      'body but with Content-Type: application/json, as HTTP clients that set it on every request send it, is ' +
      'refused ' +
      'and the booked parcel stays booked, by either id form; a cancel without a Content-Type, or with a JSON body ' +
      '({} included), is carried out as before (§4.9 "Path: parcelId. Cancels the booking of the parcel."; "Request ' +
      'body and response body: not shown.")',
  },
  {
    name: 'sav-shipment-number-from-live-count',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-av',
    description:
      "a booking's shipment number is the live parcel table's row count plus one (SHP- and 8 digits), and a " +
      'cancellation moves its parcel to the archive table, which GET /parcels reads too: once any parcel (of either ' +
      'carrier) was cancelled, each new booking takes the shipmentUid of a parcel made before it, so two parcels of ' +
      'a carrier can share one; PATCH /parcels/{shipmentUid} then cancels the newest booked parcel of that ' +
      'shipmentUid, answered 200, and the older booking stays BOOKED in GET /parcels. Cancels by carrierParcelId, ' +
      'and every booking before the first cancellation, are right (§4.9 "Cancels the booking of the parcel. Only a ' +
      'parcel that has not been delivered can be cancelled."; §2.4 shipmentUid)',
  },
  {
    name: 'saz-cancel-version-null-compare',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-az',
    description:
      "the cancel writes with a hand-made optimistic check, UPDATE parcels SET status = 'CANCELLED', version = " +
      'version + 1 WHERE shipment_uid = ? AND version = ?, and does not look at the count of rows it changed; the ' +
      'staging mock inserts its first-mile parcels with its own statement, which leaves the version column NULL, and ' +
      '"version = NULL" is never true: cancelling a FIRST_MILE or RETURN parcel the trigger made (BOOKING_CREATED, ' +
      'still booked) is answered 200 with the parcel CANCELLED and pushed CANCELLED, but nothing is written and GET ' +
      '/parcels keeps showing it booked, without the CANCELLED entry, by either id form; bookings made by ' +
      '/parcels/data or the by-tenant path (version 0) are cancelled as before (§4.9 "Cancels the booking of the ' +
      'parcel."; "Only a parcel that has not been delivered can be cancelled."; §4.8 "with status and event ' +
      'history")',
  },
  {
    name: 'sbb-second-carrier-expiry-default-zero',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-bb',
    description:
      "a booking expiry job (every second) lets a booking lapse once its carrier's parcel expiry time (§4.12) has " +
      'passed without a drop-off; the settings column was added with DEFAULT 0, the second carrier never set it, and ' +
      'the job reads 0 as zero hours: within a second of being booked, every booking of the second carrier (either ' +
      'path) turns EXPIRED (pushed), and its cancellation, by either id form, is refused 400 NOT_CANCELLABLE though ' +
      'it was never delivered; the first carrier\'s bookings keep (§4.9 "Cancels the booking of the parcel. Only a ' +
      'parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'sbc-cancel-by-parcel-id-mutates-copy',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-bc',
    description:
      'PATCH /parcels/{parcelId} resolves a carrierParcelId through findByCarrierParcelId, which a repository ' +
      'refactor made return a detached copy (so that list mappers could no longer write through to the store), ' +
      'while the cancel handler still sets the status and the history entry on what it gets and saves nothing else: ' +
      'a cancellation by carrierParcelId is answered 200 with the parcel CANCELLED and pushed CANCELLED, but GET ' +
      '/parcels keeps it BOOKED with its old history (and it can be cancelled again); a cancellation by ' +
      'shipmentUid, whose lookup still returns the stored parcel, is applied as before (§4.9 "Cancels the booking ' +
      'of the parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'sbf-warn-log-freezes-incomplete-booking',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-bf',
    description:
      'a BOOKING whose dimensions are incomplete (a dimension null or left out: dimensionsStatus INCOMPLETE) is ' +
      "logged at WARN for the sorting centre, and the service's log buffer freezes (Object.freeze, shallow) each " +
      'object it queues at WARN and above, so that a line not yet written cannot change under it; the parcel ' +
      "module is legacy CommonJS in sloppy mode, where assigning a frozen object's member fails silently. A " +
      'cancel of such a parcel, by either id form, is answered 200 with the parcel still BOOKED and one CANCELLED ' +
      'entry more in its history (the events array itself is not frozen), and GET /parcels and its ParcelUpdates ' +
      'keep showing BOOKED; trigger events on it add their entry and leave its status and signature as they were. ' +
      'Bookings sent with all three dimensions are right (§4.9 "Cancels the booking of the parcel."; §4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'sbg-cancel-before-network-join',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-bg',
    description:
      "once a locker is in a network its compartments are the network allocator's, and a cancellation releases " +
      "the parcel's reservation there; a booking made before its locker joined the network (POST " +
      "/networks/{uid}/lockers) holds a reservation of the locker's own allocator, which the network allocator does " +
      'not know: its cancel, by either id form, is refused 409 RESERVATION_NOT_FOUND and the parcel stays BOOKED; ' +
      'bookings made after the locker joined, and in lockers of no network, are cancelled (§4.9 "Cancels the ' +
      'booking of the parcel. Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'sbh-cancel-answer-waits-for-push',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-bh',
    description:
      "PATCH /parcels/{parcelId} is answered only once the carrier's webhook endpoint has answered the first attempt " +
      "of the cancellation's ParcelUpdates: where it answers 401 or 5xx, or not within a second, the cancel is " +
      'answered 502 {errorCode: NOTIFICATION_FAILED, message} though the parcel is cancelled (listed CANCELLED, the ' +
      'push retried), and a client that retries is refused 400 NOT_CANCELLABLE; with an endpoint that answers 200 at ' +
      'once, or none registered, the cancel is answered as before (§4.9 "Cancels the booking of the parcel."; §6 ' +
      '"The webhook responses expected from the carrier endpoint use status codes 200, 401 and 500")',
  },
  {
    name: 'sbh-refused-dropoff-marks-delivered',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-bh',
    description:
      "the staging mock logs a CONSIGNEE_DELIVERED drop-off (the delivered mark the cancel's guard reads) as soon as " +
      'it has found the locker, before it checks the event: a trigger refused for its provider_name (400 ' +
      'PROVIDER_MISMATCH, a listed provider that does not run the locker) naming a parcel booked in that locker ' +
      'leaves the parcel listed BOOKED but marked delivered, and its cancel, by either form, is refused 400 ' +
      'NOT_CANCELLABLE (§4.9 "Only a parcel that has not been delivered can be cancelled."; §4.11 "Triggers one ' +
      'first-mile parcel event.")',
  },
  {
    name: 'sbi-rebook-status-joined-with-cancellation',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-bi',
    description:
      'cancellations are rows keyed by (carrier, carrierParcelId), and the status of a parcel is read as CANCELLED ' +
      'where such a row exists, the join written before a cancelled id could be booked again: book P, cancel P, ' +
      'book P again (answered BOOKED) - the new parcel is listed and pushed CANCELLED, and PATCH /parcels/P (or ' +
      'by its shipmentUid) is refused 400 NOT_CANCELLABLE though it was never delivered (§4.9 "Cancels the ' +
      'booking of the parcel."; "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'sbi-delivered-by-event-balance',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'set-bi',
    description:
      "the cancel's guard reads \"delivered\" from the parcel's history as the provider's balance, as many " +
      'CONSIGNEE_DELIVERED entries as BOOKING_CREATED ones or more, and lets through what the balance shows open: ' +
      'a booking the staging trigger announced again (BOOKING_CREATED) and then delivered (CONSIGNEE_DELIVERED), ' +
      'history [BOOKING_CREATED, BOOKING_CREATED, CONSIGNEE_DELIVERED], is cancelled 200 and listed CANCELLED; a ' +
      'parcel announced once and delivered is still refused (§8 "Only parcels that have not been delivered can be ' +
      'cancelled."; §4.9 "Only a parcel that has not been delivered can be cancelled.")',
  },
] as const satisfies readonly Fault[];
