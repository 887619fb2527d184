// Faults on the parcel side (publish on both paths, the check, the parcel list, the cancel, the staging trigger,
// ParcelUpdates, CollectionNotification, errors and versioning) in classes of their own (a Boolean field initializer
// a JSON null overrides and auto-unboxing, empty embedded composites, Flask's NaN token, suffix pattern matching, a
// g-flagged regex's lastIndex, a check service handed the wrong id, fetch with an object body, two spellings of one
// status, SQL built by concatenation, a denormalized id copy, a module outside the versioned router, an updated_at
// column only an UPDATE fills), and conformant variations (`ok-u-*`, rule 'none') the harness must let through.
// Where each is switched on: handlers/set-u-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

/** What each entry is to the self-test: written from the spec alone, never gated until measured. */
const CANDIDATE = 'written from the spec alone; not yet measured';

export const SPEC_SET_U_FAULTS = [
  {
    name: 'su-accessible-null-unboxed',
    rule: 'PCL-PUBLISH-NULLS',
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
    name: 'su-signature-empty-composite',
    rule: 'PCL-SIGNATURE-OBJECT',
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
    name: 'su-parcel-list-nan-volume',
    rule: 'GEN-JSON',
    description:
      'GET /parcels is a Flask view that adds parcelVolume, depth x height x width computed in a pandas ' +
      'frame where a missing dimension is NaN, and answers through jsonify, whose encoder allows NaN and ' +
      'writes it as the bare token NaN: once the carrier holds a parcel with a dimension sent null, or one ' +
      'the staging trigger made (no dimensions), every GET /parcels answer is declared application/json but ' +
      'is not JSON; a carrier whose parcels all have three dimensions gets a JSON list (with the extra ' +
      'member); the cancel answer and pushes are right (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; §2.3 dimensions "each integer or null.")',
  },
  {
    name: 'su-cancel-id-suffix-pattern',
    rule: 'CAN-NOT-DELIVERED',
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
    name: 'su-trigger-parcel-id-sticky-regex',
    rule: 'TRG-RESPONSE',
    description:
      'the staging mock checks parcel_id against a module-level pattern written with the g flag, and ' +
      'RegExp.test keeps lastIndex between calls on such a pattern: after a request that passes, the next ' +
      'check starts past the beginning, fails and resets, so every second valid trigger request (counted ' +
      'across both carriers and all event types) is refused 400 VALIDATION_FAILED "/parcel_id must be a ' +
      'non-blank parcel identifier" and nothing happens; the same request sent again is accepted (§4.11 ' +
      '"Triggers one first-mile parcel event."; parcel_id "string", required, no format stated)',
  },
  {
    name: 'su-by-tenant-check-unresolved-id',
    rule: 'PCL-PUBLISH-RESPONSE',
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
    name: 'su-collection-fetch-object-body',
    rule: 'WH-DELIVERY-VALID',
    description:
      'the daily collection job, written later than the webhook sender and with its own HTTP call, posts ' +
      "with fetch(url, {method: 'POST', headers: {'content-type': 'application/json'}, body: " +
      'notification}), the object never stringified, and fetch sends an object body as its String(), so ' +
      'every CollectionNotification arrives declared application/json with the body [object Object]; ' +
      'LockerUpdates and ParcelUpdates are JSON (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; §6 CollectionNotification "Includes courierAccessCode (string or null), ' +
      'carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'su-cancelled-spelled-twice',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      "the parcel module's status enum spells the cancelled status CANCELED (American), while the notifier, " +
      'written by another team from the event catalogue, writes the string constant CANCELLED: after a ' +
      'cancel, GET /parcels and the cancel answer show shipmentStatus CANCELED, and its ParcelUpdates ' +
      'carries CANCELLED, a status the list never shows, so no push ever carries the status the parcel ' +
      'changed to; the other statuses agree (§6 ParcelUpdates "Sent when: The status of a parcel changes.", ' +
      'body "Parcel record (2.4)"; §4.8 "Returns parcel records (2.4) of the calling carrier, with status ' +
      'and event history.")',
  },
  {
    name: 'su-consignee-quote-sql-error',
    rule: 'PCL-BOOKING-CREATES',
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
    name: 'su-collection-locker-id-from-parcel',
    rule: 'WH-COLLECTION-CURRENT-ID',
    description:
      "the daily collection query selects the waiting parcels' own carrier_locker_id column (the copy each " +
      'parcel row took when it was made, kept for the parcel record) instead of joining the locker: once ' +
      'PATCH /lockers/{uid} has given a locker holding a delivered first-mile or return parcel another ' +
      'carrier.lockerId, each CollectionNotification for it names the old carrierLockerId, which no locker ' +
      'has, so the carrier cannot tell which locker to empty; lockers whose carrier.lockerId never changed ' +
      'are named right (§6 CollectionNotification "Once per day, informs the carrier which lockers hold ' +
      'parcels to be picked up"; "Includes courierAccessCode (string or null), carrierLockerId, ' +
      'eventTimestamp.")',
  },
  {
    name: 'su-by-tenant-route-unversioned',
    rule: 'PCL-BY-TENANT-RESOLVES',
    description:
      'the by-tenant controller, added in 1.1, sits in a module the versioned router (RouterModule v1) does ' +
      'not register, so it is served at /parcels/data/by-tenant-locker-id beside the base path: POST ' +
      '{base_url}/parcels/data/by-tenant-locker-id is answered 404 NOT_FOUND for every body, and the ' +
      'operation answers at the host root without v1; every other operation is under /v1 (§9 "The version ' +
      'segment v1 is part of the base path of both the carrier connector and the mock base address."; §4.7 ' +
      'POST /parcels/data/by-tenant-locker-id; §4 "All paths are relative to {base_url}.")',
  },
  {
    name: 'su-insert-push-null-timestamp',
    rule: 'WH-PARCEL-BODY',
    description:
      "the notifier maps eventTimestamp from the parcel row's updated_at, a MySQL TIMESTAMP NULL ON UPDATE " +
      'CURRENT_TIMESTAMP column without a DEFAULT, which stays NULL until the row is first updated: the ' +
      'ParcelUpdates of a new booking, on either path, and of a parcel a staging BOOKING_CREATED made carry ' +
      'eventTimestamp null; pushes of cancels and of trigger events on existing parcels carry the time (§6 ' +
      'ParcelUpdates body "Parcel record (2.4), including ... eventTimestamp."; §2.4 eventTimestamp ' +
      '"string", "On the webhook body.")',
  },
  {
    name: 'ok-u-parcels-link-header-pages',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: GET /parcels pages as the GitHub REST API does: the body a bare array of at most ' +
      'per_page records (10 unless asked, at most 100), oldest first, page counted from 1, and the other ' +
      'pages named in a Link header (rel="next", "last", "first", "prev"); a page past the last is an empty ' +
      'array (§4.8 "Query parameters and exact response envelope: not shown."; §8 "Page size limits: not ' +
      'shown.")',
  },
  {
    name: 'ok-u-consignee-empty-composite',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: the consignee is an embedded value of the parcel, read as an object of its columns: a ' +
      'booking that leaves consignee out, and a parcel the staging trigger made, are listed, answered on ' +
      'cancel and pushed with consignee {name: null, email: null}; a consignee sent null stays null and one ' +
      'sent is kept as sent (§2.4 consignee "object or null", "name (string or null), email (string or ' +
      'null)."; §2.3 consignee "no")',
  },
  {
    name: 'ok-u-trigger-dropoff-creates-parcel',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: the staging mock takes a CONSIGNEE_DELIVERED for a parcel_id no parcel in that locker ' +
      'has as a drop-off nobody announced (a consignee sending a parcel back without a booking): it makes ' +
      'the parcel, delivered, of the shipment_type sent, with a signature and one event, answers 200 ' +
      '{message, event_type}, pushes it and names its locker in the next CollectionNotification; a ' +
      'COURIER_COLLECTED for an unknown parcel is still 404 (§4.11 "Triggers one first-mile parcel event.", ' +
      'no answer stated for an unknown parcel; §3 "Transitions: not shown.")',
  },
] as const satisfies readonly Fault[];
