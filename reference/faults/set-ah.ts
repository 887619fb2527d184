// Faults and conformant variations of set AH: each names the rule it breaks (or 'none' for a conformant
// variation), its origin and how; the lines that switch one on name it (`app.fault('name')`).
import type { Fault } from '../fault';

const VARIATION = 'a conformant variation: the harness must let it through';

export const SET_AH_FAULTS = [
  {
    name: 'sah-trigger-event-same-second-dropped',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-ah',
    description:
      "the staging mock records a parcel's events in a history table keyed by (shipment, occurred_at), occurred_at " +
      'a TIMESTAMP(0) column (whole seconds), and inserts with ON CONFLICT DO NOTHING so that a redelivered event ' +
      'is never recorded twice: a trigger event (BOOKING_CREATED, CONSIGNEE_DELIVERED, COURIER_COLLECTED) on an ' +
      "existing parcel that comes within the same wall-clock second as the parcel's last event (its booking, an " +
      'earlier event) is answered 200, moves shipmentStatus and is pushed, but GET /parcels lists the parcel with ' +
      'the events it had before; an event a second or more later is recorded (§4.11 "Triggers one first-mile ' +
      'parcel event."; §2.4 events "History of events of the parcel."; §4.8 "Returns parcel records (2.4) of the ' +
      'calling carrier, with status and event history.")',
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
    name: 'sah-push-dimension-status-singular',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-ah',
    description:
      'the ParcelUpdates payload is a class of its own, written when the webhook was added, whose field is named ' +
      'dimensionStatus: every ParcelUpdates (booking, cancel, trigger events) carries dimensionStatus with the ' +
      "parcel's value and no dimensionsStatus; GET /parcels and the cancel answer use dimensionsStatus (§6 " +
      'ParcelUpdates body "Parcel record (2.4), including accessCodes, consignee, events, allocationType, ' +
      'dimensionsStatus, signature, eventTimestamp.")',
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
    name: 'sah-collection-skips-return',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-ah',
    description:
      "the daily collection job selects the waiting parcels with shipment_type = 'FIRST_MILE' (sporadic collection " +
      'was built for first-mile drop-offs; RETURN, added to the trigger later, was left to a scheduled return run ' +
      'that staging does not have): a locker holding only delivered RETURN parcels waiting for the courier is never ' +
      'named in a CollectionNotification; lockers with a waiting FIRST_MILE parcel are named once a period as ' +
      'before (§6 CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked ' +
      'up (sporadic collection)."; §4.11 shipment_type "FIRST_MILE, RETURN")',
    candidate: 'whether a delivered return parcel waits for the courier is not stated (§3, §4.11): reported',
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
    name: 'sah-locked-parcel-push-gated',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-ah',
    description:
      'parcel status changes are pushed through the consignee-notification service, whose gate ' +
      "`parcel.isCollectable()` (lockStatus not LOCKED) was meant for the consignee's e-mails and holds back the " +
      "carrier's webhook too: a booking made with lockStatus LOCKED gets its ParcelUpdates at booking (sent by the " +
      'publish handler itself), but its cancellation and every trigger event on it change the status GET /parcels ' +
      'shows and send no ParcelUpdates; UNLOCKED bookings, those that sent no lockStatus and the parcels the trigger ' +
      'makes are pushed as before (§6 ParcelUpdates, sent when "The status of a parcel changes."; §3 "A booking ' +
      'carries a lock state LOCKED or UNLOCKED set at booking time.")',
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
    name: 'sah-cancel-again-400-with-record',
    rule: 'ERR-BODY',
    origin: 'set-ah',
    description:
      'the cancel takes an already cancelled parcel idempotently and answers the parcel as it is, but with the ' +
      'status code of the refusal its guard computed, `res.status(400).json(parcel)`: a second cancel of a ' +
      'cancelled booking, by either form of the path id, is answered 400 with the parcel record as its body, ' +
      'without errorCode and message; the other refusals (a delivered parcel, an unknown id) carry {errorCode, ' +
      'message} as before (§7 400 for "Publish parcel data, update locker, get parcels, cancel parcel", body ' +
      '"errorCode, message"; "The error body has the fields `errorCode` and `message`")',
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
    name: 'ok-ah-json-html-safe-escapes',
    rule: 'none',
    origin: 'set-ah',
    description:
      "conformant: every JSON answer is written as Go's encoding/json writes it, with <, > and & (and U+2028, " +
      'U+2029) inside strings escaped as \\u003c, \\u003e, \\u0026: a consignee "Tom & Jerry <tj@example.com>" ' +
      'reads back as the same string; every value is unchanged (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; a JSON text may write any character of a string as an escape, RFC 8259 §7)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ah-parcels-active-first',
    rule: 'none',
    origin: 'set-ah',
    description:
      "conformant: GET /parcels lists the carrier's booked parcels (still active) first, then the others " +
      '(delivered, collected, cancelled), each group oldest first; the records are as before (§4.8 "Query ' +
      'parameters and exact response envelope: not shown."; no order is stated)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ah-event-entries-status',
    rule: 'none',
    origin: 'set-ah',
    description:
      "conformant: each entry of a parcel's events also carries the shipmentStatus the event left the parcel in " +
      '(BOOKING_CREATED: BOOKED, CANCELLED: CANCELLED, CONSIGNEE_DELIVERED: DELIVERED, COURIER_COLLECTED: ' +
      'COLLECTED), in GET /parcels, the cancel answer and ParcelUpdates; an entry never changes once written ' +
      '(§2.4 "Fields of an entry of events: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ah-parcel-record-echoes-parcel-data',
    rule: 'none',
    origin: 'set-ah',
    description:
      "conformant: a parcel record also shows the parcel data its booking sent, under the publish request's " +
      'names: weight (where a safe integer), dimensions, secondaryShipmentId and requiresAccessibleCompartment, ' +
      'each only where the booking sent it (not null), in GET /parcels, the cancel answer and ParcelUpdates; the ' +
      'cash-on-delivery members are not shown (§2.4 lists the members of the record and excludes no other; §6 ' +
      'ParcelUpdates "Parcel record (2.4), including ...")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ah-collection-aligned-to-period',
    rule: 'none',
    origin: 'set-ah',
    description:
      'conformant: the collection job runs as a cron, at each boundary of the period counted from the epoch ' +
      '(midnight UTC for a day), not a period after the service started; a locker is named at most once a period ' +
      'as before (§8 "Collection notifications are sent once per day."; §6 CollectionNotification "Once per day")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ah-webhook-event-headers',
    rule: 'none',
    origin: 'set-ah',
    description:
      'conformant: every webhook delivery names what it carries in headers, X-CIS-Event: LockerUpdates, ' +
      'ParcelUpdates or CollectionNotification, and X-CIS-Delivery, a UUID per delivery that its retries repeat, ' +
      'beside the X-API-Key (when a webhook key is configured) and the JSON body as before (§5 "How the service ' +
      'authenticates to the carrier\'s webhook URL: not shown."; §6 "Delivery guarantees, retries and ordering: not ' +
      'shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ah-auth-failure-throttled',
    rule: 'none',
    origin: 'set-ah',
    description:
      'conformant: an answer refusing a missing or wrong X-API-Key (401, or 403 where a choice gives it) is ' +
      'written 300 ms late, to slow key guessing; its status and body are as before, and accepted requests are ' +
      'answered at once (§5 "How a key is obtained or rotated: not shown."; §8 "Rate limits: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ah-publish-timestamp-microseconds',
    rule: 'none',
    origin: 'set-ah',
    description:
      'conformant: the timestamp of a publish answer, on either path, is written with microseconds and a numeric ' +
      "offset, 2026-03-05T10:15:30.123456+00:00 (Python's datetime.isoformat), an RFC 3339 date-time of the time " +
      'the event was processed (§2.3 "timestamp (string, date-time; time the event was processed)")',
    candidate: VARIATION,
  },
] as const satisfies readonly Fault[];
