// Faults on the parcel side and across operations (a publish path, the by-tenant lookup, the parcel list, the cancel
// by either id form, the staging trigger's events, ParcelUpdates and CollectionNotification and their delivery, the
// carrier's isolation, status codes) in classes of their own (a default argument evaluated once, an after-commit
// listener outside a transaction, a client pooled per origin, a CASE without ELSE, a legacy row id in the path, a
// compressed outbox column, a binary search under another collation, a path form-decoded twice, a validator that
// coerces with Number(), a stale materialized view, an upstream 404 mapped to 502, a uid derived from a natural key),
// and conformant variations (`ok-ad-*`, rule 'none') the harness must let through.
// Where each is switched on: handlers/set-ad-faults.ts (the faults), handlers/set-ad-variations.ts (the variations),
// and the lines that call them.
import type { Fault } from '../fault';

/** A conformant variation. */
const VARIATION = 'a conformant variation: the harness must let it through';

export const SPEC_SET_AD_FAULTS = [
  {
    name: 'sad-precheck-timestamp-default-arg',
    rule: 'PCL-PUBLISH-TIMESTAMP',
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
    name: 'sad-collected-push-outside-transaction',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      "parcel events are published through an after-commit listener (Spring's @TransactionalEventListener without " +
      "fallbackExecution), and the staging mock's COURIER_COLLECTED handler, a single UPDATE through JdbcTemplate, " +
      'runs in no transaction, so its event is discarded: a COURIER_COLLECTED is answered 200 and GET /parcels shows ' +
      'the parcel COLLECTED with the event in its history, but no ParcelUpdates is ever sent for it; bookings, ' +
      'cancels, BOOKING_CREATED and CONSIGNEE_DELIVERED are pushed (§6 ParcelUpdates "The status of a parcel ' +
      'changes."; §4.11 "Triggers one first-mile parcel event.")',
  },
  {
    name: 'sad-webhook-client-per-origin',
    rule: 'WH-OWN-CARRIER',
    description:
      'the parcel notifier (ParcelUpdates and the daily CollectionNotification) pools one HTTP client per origin ' +
      '(scheme, host, port), made with the first webhook URL of that origin as its base URL and posting to that ' +
      "base: where two carriers' URLs share an origin and differ by path (…/webhooks/carrier-1, …/carrier-2), every " +
      'ParcelUpdates and CollectionNotification of either carrier goes to the path of the carrier pushed first, the ' +
      "other carrier's consignees and access codes with it; URLs of their own origin, and LockerUpdates (another " +
      'publisher), are right (§6 "The service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'sad-list-dimensions-status-case-no-else',
    rule: 'PCL-RECORD-SHAPE',
    description:
      "GET /parcels reads dimensionsStatus from the list's view, CASE WHEN depth, height and width are all set THEN " +
      "'DECLARED' WHEN none is THEN 'INCOMPLETE' END, written without ELSE: a parcel booked on either path with one " +
      'or two dimensions given and the others null or left out is listed with dimensionsStatus null; the cancel ' +
      'answer and ParcelUpdates (from the entity) show INCOMPLETE, and parcels with all or no dimensions are listed ' +
      'right (§2.4 dimensionsStatus "string"; §4.8 "Returns parcel records (2.4) of the calling carrier, with status ' +
      'and event history."; §2.3 dimensions "depth, height, width; each integer or null.")',
  },
  {
    name: 'sad-cancel-digits-as-row-id',
    rule: 'GEN-ID-EXACT',
    description:
      "the cancel was PATCH /parcels/{id} with the parcel table's own key before it took parcel ids, and a path id " +
      "of digits only is still tried first as that row id (rows numbered from 1 over every carrier's parcels, in the " +
      "order stored): where that row is one of the caller's parcels, PATCH /parcels/7 cancels it, answered 200 with " +
      'that parcel and pushed, whatever its carrierParcelId, and the booked parcel whose carrierParcelId is "7" ' +
      "stays booked; ids with any other character, and digits naming no row of the caller's, are looked up as before " +
      '(§4.9 "Path: parcelId. Cancels the booking of the parcel."; §2.3 carrierParcelId "Parcel identifier in the ' +
      'carrier system.")',
    candidate:
      'shows only for a carrierParcelId of digits that is a row number (a small number): a run on a shared staging ' +
      "books no such id without meeting earlier runs' bookings of it",
  },
  {
    name: 'sad-outbox-gzip-not-inflated',
    rule: 'WH-DELIVERY-VALID',
    description:
      'the parcel outbox stores a payload of 1 KiB or more gzip-compressed (a column compression put in to save ' +
      'space), and the relay, reading the compressed flag the migration added with default false, posts the stored ' +
      'bytes as they are, declared application/json, with no Content-Encoding: a ParcelUpdates whose record comes to ' +
      '1 KiB or more (a long consignee name or email, a long history, long ids) arrives as gzip bytes, no JSON; ' +
      'smaller ones and the other webhooks are right (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; §6 "The service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'sad-by-tenant-binary-search-collation',
    rule: 'PCL-BY-TENANT-RESOLVES',
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
    name: 'sad-cancel-path-form-decoded',
    rule: 'CAN-ID-ENCODED',
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
    name: 'sad-dimensions-number-coerced',
    rule: 'PCL-PUBLISH-TYPES',
    description:
      'the dimensions validator checks Number.isInteger(Number(value)) and the mapper stores Number(value), so a ' +
      'dimension of another JSON type that Number() turns into an integer is taken: a PRE_CHECK or BOOKING on either ' +
      'path with depth "12", "", true, false, [] or [7] is accepted and booked as 12, 0, 1, 0, 0 or 7; "abc", {} and ' +
      'fractions are still refused 400, and weight and codAmount are checked as before (§2.3 dimensions "depth, ' +
      'height, width; each integer or null.")',
  },
  {
    name: 'sad-collection-stale-view',
    rule: 'WH-COLLECTION-SENT',
    description:
      'the daily collection job reads a materialized view of the lockers holding waiting first-mile or return ' +
      'parcels, and the view is refreshed by a job scheduled at the same time that runs after it, so each run names ' +
      'the lockers as they were at the run before: a locker whose parcel was dropped off (CONSIGNEE_DELIVERED) is ' +
      'not named at the next run though it holds the parcel, only a period later, and a locker the courier emptied ' +
      'is named once more (§6 CollectionNotification "Once per day, informs the carrier which lockers hold parcels ' +
      'to be picked up (sporadic collection)."; §8 "Collection notifications are sent once per day.")',
    candidate:
      'the first notification a period late: the harness waits three periods for it, as §6 says once per day ' +
      'and not when in the day',
  },
  {
    name: 'sad-cancel-archive-lookup-502',
    rule: 'CAN-UNKNOWN-404',
    description:
      "a cancel whose path id has the shipmentUid's shape (SHP- and digits) and names no live parcel of the carrier " +
      'asks the archive service, where parcels move after 90 days, and its HTTP client maps every answer but a 2xx, ' +
      "the archive's 404 too, to 502 UPSTREAM_ERROR: cancelling an unknown shipmentUid is answered 502, not a 4xx; " +
      'an unknown id of any other shape is 404 PARCEL_NOT_FOUND as before (§4.9 "Cancels the booking of the ' +
      'parcel."; §7 lists 400, 401, 404 ("JSON body") and 500 for cancel parcel)',
  },
  {
    name: 'sad-shipment-uid-derived-from-parcel-id',
    rule: 'ISO-CARRIER-IDS',
    description:
      "a booking's shipmentUid is derived from its natural key, a hash of lockerUid and carrierParcelId (SHP- and 8 " +
      'digits), for idempotent retries, with the carrier left out, and the row is upserted on it: when a carrier ' +
      "books a carrierParcelId into a third-party locker where the other carrier's parcel of that id is, the new " +
      "booking replaces the other carrier's row, which its GET /parcels no longer lists and its cancel answers 404; " +
      'a parcel booked again into the locker of its cancelled booking replaces that one too; other bookings are kept ' +
      '(§2.3 carrierParcelId "Parcel identifier in the carrier system."; §4.8 "Returns parcel records (2.4) of the ' +
      'calling carrier")',
  },
  {
    name: 'ok-ad-parcels-query-filters',
    rule: 'none',
    description:
      'conformant: GET /parcels takes the query parameters shipmentStatus, carrierParcelId and lockerUid and lists ' +
      "the carrier's parcels whose member equals each one given (none where no parcel matches); without them every " +
      'parcel as before, and other parameters are ignored (§4.8 "Query parameters and exact response envelope: not ' +
      'shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ad-publish-timestamp-local-offset',
    rule: 'none',
    description:
      "conformant: the publish answer's timestamp is written in the service's zone, Europe/Berlin, with its offset " +
      'and microseconds (2025-06-01T12:00:00.123000+02:00 for 10:00:00.123Z), the same instant, on either path (§2.3 ' +
      '"timestamp (string, date-time; time the event was processed)": no zone or precision is stated)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ad-webhook-content-type-charset',
    rule: 'none',
    description:
      'conformant: every webhook delivery declares Content-Type application/json; charset=utf-8, the charset of its ' +
      'JSON text, as many HTTP clients write it; bodies as before (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; a media type takes parameters, RFC 9110 §8.3.1)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ad-precheck-answer-compartment',
    rule: 'none',
    description:
      "conformant: a successful PRE_CHECK's answer, on either path, also names the smallest compartment size the " +
      'parcel fits, compartmentSize (null where the locker shows none that fits), and says it in message; nothing is ' +
      'booked, and BOOKINGs answer as before (§2.3 "Publish response: status (string), message (string), timestamp ' +
      '(string, date-time; time the event was processed)." forbids no other member; §4.6 "with PRE_CHECK the service ' +
      'checks whether the parcel can be accepted in the locker")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ad-trigger-answer-names-parcel',
    rule: 'none',
    description:
      "conformant: POST {mock_base_url}/parcel/first-mile/event also answers, in the mock's snake_case, the parcel " +
      'the event acted on, parcel_id, shipment_uid and shipment_status, beside message and event_type (§4.11 ' +
      '"Response: message (string), event_type (string); both may be present.": no other member is forbidden)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ad-lock-state-not-shown',
    rule: 'none',
    description:
      'conformant: the lock state a booking sets is kept with the booking but not shown: parcel records in GET ' +
      '/parcels, the cancel answer and ParcelUpdates carry no lockStatus member (§3 "A booking carries a lock state ' +
      'LOCKED or UNLOCKED set at booking time."; §2.4 lists no lock state in the parcel record)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ad-by-tenant-own-lockers-only',
    rule: 'none',
    description:
      "conformant: POST /parcels/data/by-tenant-locker-id resolves carrierLockerId among the carrier's own lockers " +
      'only, so a third-party locker (ownedByCarrier null, TP-1) is not addressed by its carrier.lockerId there and ' +
      'such a PRE_CHECK or BOOKING is refused 400 UNKNOWN_LOCKER, nothing booked; the lockerUid path still books ' +
      'third-party lockers (§1 "publish parcel data addressed by the carrier\'s own locker identifier"; §2.3 ' +
      'carrierLockerId "The carrier\'s locker identifier.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ad-auth-challenge-header',
    rule: 'none',
    description:
      'conformant: every 401 also names the scheme it asks for, WWW-Authenticate: ApiKey ' +
      'realm="carrier-integration", header="X-API-Key", as RFC 9110 §11.6.1 has a 401 do; the body {errorCode, ' +
      'message} as before (§5 "The scheme is of type apiKey, located in the header, named X-API-Key."; §7 401 ' +
      '"errorCode, message")',
    candidate: VARIATION,
  },
] as const satisfies readonly Fault[];
