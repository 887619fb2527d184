// Faults on the parcel side in classes of their own (a single-result lookup across carriers, a locker stub merged by
// a cascade, a provider's allocation words read back, a cancel matching any id on the label, a locker uid read
// through the released compartment, problem details on the cancel's errors, a notifier muting lockers not ACTIVE, a
// mock writing the provider-side id into the locker column, an input filter stripping \u00XX escapes, UNLOCKED read
// as a release command, a mock client keeping its first caller's key, a shipment type derived from the consignee),
// and conformant variations (`ok-s-*`, rule 'none') the harness must let through. Where each is switched on:
// handlers/set-s-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_S_FAULTS = [
  {
    name: 'ss-by-tenant-single-result-across-carriers',
    rule: 'PCL-BY-TENANT-RESOLVES',
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
    name: 'ss-by-tenant-locker-stub-merged',
    rule: 'GEN-WRITE-NAMED-ONLY',
    description:
      'the by-tenant path builds the locker of its draft parcel from the locker-id lookup row (uid and ' +
      "carrier.lockerId), a Locker entity whose metadata collection starts empty, and the parcel's locker " +
      'association cascades MERGE onto a collection with orphan removal: the draft the check validates and the ' +
      "booking the service saves both write the stub's empty metadata over the locker's. After a PRE_CHECK or a " +
      "BOOKING on /parcels/data/by-tenant-locker-id answered 2xx, GET /lockers (and the locker's later " +
      'LockerUpdates) show that locker with metadata [], though no locker operation named it; lockers without ' +
      'metadata show nothing, and /parcels/data leaves the locker as it was (§1 "or only checks whether a parcel ' +
      'can be accepted"; §4.6 "with PRE_CHECK the service checks whether the parcel can be accepted in the ' +
      'locker"; §4.3 "Path: uid (string), the platform locker identifier."; §2.1 metadata "array of objects")',
  },
  {
    name: 'ss-third-party-allocation-provider-words',
    rule: 'PCL-RECORD-AS-SENT',
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
    name: 'ss-cancel-id-matches-secondary-id',
    rule: 'CAN-NOT-DELIVERED',
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
    name: 'ss-cancel-clears-locker-uid',
    rule: 'PCL-RECORD-SHAPE',
    description:
      "the parcel's lockerUid is read through its compartment (parcel -> compartment -> locker), and the " +
      "compartment is released, the parcel's compartment reference set to null, when the parcel leaves it by a " +
      'cancellation or a COURIER_COLLECTED: from then on GET /parcels, the cancel answer and the ParcelUpdates of ' +
      'the cancel or the collection show lockerUid null; booked and delivered parcels show their locker (§2.4 ' +
      'lockerUid "string", carrierLockerId "string or null"; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier"; §6 ParcelUpdates body "Parcel record (2.4)")',
  },
  {
    name: 'ss-cancel-errors-problem-json',
    rule: 'GEN-JSON',
    description:
      "the parcel controller's exception handler was moved to the framework's problem details, errorCode and " +
      'message kept as properties so that clients read them as before: every error PATCH /parcels/{parcelId} ' +
      'answers from its handler (404 PARCEL_NOT_FOUND for an unknown id, 400 NOT_CANCELLABLE for a delivered or ' +
      'cancelled parcel) is declared Content-Type application/problem+json, its body {type, title, status, ' +
      'detail, instance, errorCode, message}; the 401 of the security filter, and the errors of every other ' +
      'operation, are application/json (preamble "All bodies are JSON (`Content-Type: application/json`)."; §7 ' +
      '404 "Update locker, get parcels, cancel parcel" "JSON body")',
  },
  {
    name: 'ss-push-muted-in-inactive-locker',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      'the parcel notifier drops the events of a locker whose carrier.status is not ACTIVE, a mute put in so ' +
      "that a decommissioned locker's provider noise is not forwarded: once PATCH /lockers/status has taken a " +
      'locker out of ACTIVE, the cancel of a parcel booked there (answered 2xx, listed CANCELLED), its trigger ' +
      'events and new bookings there send no ParcelUpdates; parcels in ACTIVE lockers, the third-party ones among ' +
      'them, are pushed, and LockerUpdates are sent as before (§6 ParcelUpdates "The status of a parcel ' +
      'changes."; §4.9 "Cancels the booking of the parcel.")',
  },
  {
    name: 'ss-mock-parcel-provider-locker-column',
    rule: 'WH-COLLECTION-SENT',
    description:
      'the staging mock, which knows a locker by its provider-side id only, writes that id into the locker ' +
      'column of each parcel its BOOKING_CREATED creates, and reads it back the same way, so its later events ' +
      'find the parcel: GET /parcels lists those first-mile and return parcels with lockerUid PL-<uid> (TP-PL-n ' +
      'in a third-party locker), and the daily collection job, which joins waiting parcels to lockers on the ' +
      'platform uid, finds no locker for them: after CONSIGNEE_DELIVERED the locker holding the parcel is never ' +
      'named in a CollectionNotification; bookings published through the API keep their locker (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection)."; §4.11 provider_locker_id "The provider-side locker identifier; not ' +
      'interchangeable with the platform lockerUid."; §2.3 lockerUid "Platform locker identifier.")',
  },
  {
    name: 'ss-publish-unicode-escape-filter',
    rule: 'GEN-WIRE-JSON',
    description:
      "the publish router's input filter removes \\u00XX escapes from the raw body before it is parsed, a " +
      'pattern meant for \\u0000 and the other control characters written one digit too wide: a PRE_CHECK or ' +
      'BOOKING on either path whose strings write a character of U+0000 to U+00FF as an escape ("Zo\\u00eb", ' +
      '"P\\u0041-1", "\\u0042OOKING") is taken without that character: the consignee is stored as "Zo", the ' +
      'parcel booked and listed under carrierParcelId "P-1", the eventType refused 400; the same value written ' +
      'as plain text, and escapes of other characters (\\u20ac), are right (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'ss-unlocked-booking-as-release',
    rule: 'PCL-PUBLISH-RESPONSE',
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
    name: 'ss-mock-client-first-caller',
    rule: 'TRG-RESPONSE',
    description:
      'the staging mock checks the key and carrier_name of each request, then forwards the event through a ' +
      "platform client it built lazily on its first use, with that first request's X-API-Key as a default " +
      'header: every later event, of either carrier, is carried out as the carrier that used the trigger first. ' +
      "The other carrier's valid events are refused (400 UNKNOWN_PROVIDER_LOCKER in its own lockers, 404 " +
      'PARCEL_NOT_FOUND for its parcels in third-party lockers), and its BOOKING_CREATED in a third-party locker ' +
      "makes a parcel that the first carrier lists and is pushed; the first carrier's events are right (§4.11 " +
      '"Triggers one first-mile parcel event."; "Authenticated with the regular carrier staging API key; no ' +
      'separate key."; §5 "3. The staging-only trigger operations use the regular carrier staging key.")',
  },
  {
    name: 'ss-shipment-type-derived-from-consignee',
    rule: 'PCL-RECORD-AS-SENT',
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
    name: 'ok-s-webhook-hmac-signature',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: every webhook delivery is signed, X-Signature: sha256=<hex HMAC-SHA256 of the body under the ' +
      'webhook key> beside X-Signature-Timestamp (seconds since 1970), as Stripe-style webhooks are; X-API-Key ' +
      'and the bodies as before (§5 "5. How the service authenticates to the carrier\'s webhook URL: not ' +
      'shown."; "2. The webhook definitions accept the API key scheme and an application key scheme.")',
  },
  {
    name: 'ok-s-parcels-ordered-by-parcel-id',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      "conformant: GET /parcels lists the carrier's parcels ordered by carrierParcelId (code-point order), then " +
      'by shipmentUid, so a new booking takes its place among them by its id, not at the end (§4.8 "Query ' +
      'parameters and exact response envelope: not shown."; no order is stated)',
  },
  {
    name: 'ok-s-access-codes-courier-code',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: a booked last-mile or alternative-delivery parcel also carries the code the courier opens ' +
      'the compartment with, accessCodes {consigneeCollectionCode, courierDropOffCode: {code, validUntil}}, in ' +
      'GET /parcels, the cancel answer and ParcelUpdates, the same code on every read; once the parcel is no ' +
      'longer booked only consigneeCollectionCode is shown (§2.4 accessCodes "object or null", ' +
      '"consigneeCollectionCode (object; its validUntil is optional)."; §6 "Inner fields of ' +
      'accessCodes.consigneeCollectionCode other than validUntil: not shown.")',
  },
] as const satisfies readonly Fault[];
