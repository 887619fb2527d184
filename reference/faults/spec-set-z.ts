// Faults on the parcel side and the webhooks (publish on both paths, the check, the parcel list, the cancel by either
// id form, the staging trigger, CollectionNotification, the webhook sender) in classes of their own (a validation
// group, a cache never evicted, epoch seconds read as milliseconds, a saga's compensation by business key, a path
// parameter coerced to a number, an id translated to another key, a transition table that ignores silently, a query
// reused from another audience, bookkeeping keyed by the wrong entity, an outbox marked sent by parcel, a BIGINT read
// as a number, a success status misread), and conformant variations (`ok-z-*`, rule 'none') the harness must let
// through. Where each is switched on: handlers/set-z-faults.ts, handlers/set-z-variations.ts, and the lines that call
// them.
import type { Fault } from '../fault';

const VARIATION = 'a conformant variation: the harness must let it through';

export const SPEC_SET_Z_FAULTS = [
  {
    name: 'sz-precheck-validation-group',
    rule: 'PCL-PUBLISH-ENUMS',
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
    name: 'sz-bookable-lockers-cached',
    rule: 'PCL-BOOKING-CREATES',
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
    name: 'sz-publish-timestamp-epoch-seconds',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    description:
      "the publish answer's timestamp is the event's processed_at read back from the event store with EXTRACT(EPOCH " +
      'FROM processed_at), a count of seconds, and handed to new Date(), which takes milliseconds: every ' +
      'successful PRE_CHECK and BOOKING on either path is answered with a valid date-time in January 1970 ' +
      '(1970-01-21T...), not the time the event was processed; the records, their events and the pushes are ' +
      'right (§2.3 "timestamp (string, date-time; time the event was processed)")',
  },
  {
    name: 'sz-refused-booking-releases-by-parcel-id',
    // The booking cancelled so is pushed no status: what a must holds (the state itself is a should's).
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      'a BOOKING is a saga, the compartment reserved at the provider first and the booking stored second; when the ' +
      'store step refuses it (a carrierParcelId the carrier holds booked: 400 ALREADY_BOOKED), the compensation ' +
      'releases "the reservation of this parcel" by (carrier, carrierParcelId), which names the booking already ' +
      'there: a second BOOKING of a booked id, on either path, is refused 400 as before, but the first booking is ' +
      'then listed CANCELLED with a CANCELLED event, and no ParcelUpdates says so (§4.6 "with eventType BOOKING a ' +
      'locker booking is created"; §4.9 "Cancels the booking of the parcel.", the one operation that cancels)',
  },
  {
    name: 'sz-cancel-path-id-coerced-number',
    rule: 'CAN-ID-ENCODED',
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
    name: 'sz-trigger-transition-table-silent',
    rule: 'TRG-EVENT-HISTORY',
    description:
      'the staging mock applies events through a transition table (BOOKED: BOOKING_CREATED, CONSIGNEE_DELIVERED; ' +
      "DELIVERED: COURIER_COLLECTED) and, for an event the table has no entry for from the parcel's status, logs " +
      '"ignored" and returns what it returns for an applied one: a COURIER_COLLECTED of a booked parcel, a second ' +
      'CONSIGNEE_DELIVERED, a BOOKING_CREATED of a delivered parcel or any event after COURIER_COLLECTED is answered ' +
      '200 {message: "... applied to parcel ...", event_type}, while the status, the events and the pushes stay as ' +
      'they were; BOOKING_CREATED, CONSIGNEE_DELIVERED, COURIER_COLLECTED in that order work (§4.11 "Triggers one ' +
      'first-mile parcel event."; §2.4 events "History of events of the parcel.")',
  },
  {
    name: 'sz-parcel-list-hides-locked',
    rule: 'PCL-BOOKING-CREATES',
    description:
      'GET /parcels reuses the repository query the consignee app lists collectable parcels with, which leaves out ' +
      'parcels whose lock state is LOCKED: a BOOKING on either path sent with lockStatus LOCKED is answered 2xx and ' +
      'pushed, but GET /parcels never lists it, nor its cancellation, while bookings UNLOCKED or without lockStatus ' +
      'are listed (§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of ' +
      'the calling carrier, with status and event history."; §2.3 "LOCKED blocks the consignee from collecting")',
  },
  {
    name: 'sz-collection-bookkeeping-per-parcel',
    rule: 'WH-COLLECTION-DAILY',
    description:
      'the daily collection job walks the waiting parcels (delivered FIRST_MILE or RETURN) rather than the lockers ' +
      'holding them, and its "named this period" bookkeeping is keyed by the parcel: a locker holding two waiting ' +
      'parcels is named twice at one tick (two CollectionNotifications with its carrierLockerId), and a locker ' +
      'named this period is named again at the next tick once another parcel is dropped off there (§8 ' +
      '"Collection notifications are sent once per day."; §6 "Once per day, informs the carrier which lockers ' +
      'hold parcels to be picked up")',
  },
  {
    name: 'sz-outbox-marks-parcel-rows-sent',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      'ParcelUpdates go through an outbox table whose relay polls every 250 ms, posts the oldest pending row of ' +
      'each parcel (SELECT DISTINCT ON (shipment_uid) ... ORDER BY created_at) and marks the rows sent with UPDATE ' +
      '... SET sent = true WHERE shipment_uid = ? AND NOT sent, by parcel rather than by row id: when a parcel ' +
      'changes twice between two polls (a booking cancelled at once, BOOKING_CREATED then CONSIGNEE_DELIVERED), ' +
      'only the first change is pushed and the later status never is; changes further apart are each pushed, at ' +
      'most 250 ms late (§6 ParcelUpdates "The status of a parcel changes.")',
  },
  {
    name: 'sz-parcel-push-locker-uid-number',
    rule: 'PCL-RECORD-SHAPE',
    description:
      'the ParcelUpdates publisher builds its event from the parcel row joined with its locker, whose uid column ' +
      'is a BIGINT the database driver returns as a JavaScript number: every ParcelUpdates (booking, cancel, ' +
      'trigger) carries lockerUid as a number (100001), where GET /parcels, built from the API DTO, shows the ' +
      'string "100001" (§2.4 lockerUid "string"; §6 ParcelUpdates body "Parcel record (2.4)")',
  },
  {
    name: 'sz-webhook-200-not-success',
    rule: 'WH-LOCKER-ON-CREATE',
    description:
      "the webhook sender was written against the platform's event gateway, which answers 202 Accepted, and counts " +
      "a delivery done only when answered 202 or 204: the carrier's 200 is taken for a failure and retried with " +
      "back-off (200, 400, 800 ms) in the carrier's one ordered queue, so every LockerUpdates, ParcelUpdates and " +
      'CollectionNotification arrives four times and each waits about 1.4 s behind the one before: the pushes of ' +
      'a busy carrier fall further behind with every event, a dozen events on a minute or more (§6 "The webhook ' +
      'responses expected from the carrier endpoint use status codes 200, 401 and 500"; LockerUpdates sent when ' +
      '"A locker is created")',
  },
  {
    name: 'ok-z-lock-status-default-locked',
    rule: 'none',
    description:
      'conformant: a BOOKING that leaves lockStatus out is booked LOCKED, a parcel the consignee cannot collect ' +
      'until the carrier releases it, and GET /parcels, the cancel answer and ParcelUpdates show lockStatus ' +
      'LOCKED; a lockStatus sent is kept as before (§2.3 lockStatus Required "no", with no default stated, where ' +
      'requiresAccessibleCompartment has "Default false; absent or null is treated as false."; §3 "A booking ' +
      'carries a lock state LOCKED or UNLOCKED set at booking time.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-z-parcel-locker-id-null-on-uid-path',
    rule: 'none',
    description:
      "conformant: a parcel record's carrierLockerId is the identifier its booking named the locker by, so a " +
      'BOOKING on POST /parcels/data, which names it by lockerUid, is stored, listed, answered on cancel and ' +
      'pushed with carrierLockerId null; by-tenant bookings show the carrierLockerId they sent and parcels the ' +
      'staging trigger makes their locker\'s, as before (§2.4 carrierLockerId "string or null"; §4.7 "with ' +
      'carrierLockerId in place of lockerUid")',
    candidate: VARIATION,
  },
  {
    name: 'ok-z-disabled-locker-refuses-bookings',
    rule: 'none',
    description:
      'conformant: a locker the carrier disabled through PATCH /lockers/status (carrier.status INACTIVE) cannot ' +
      'accept a parcel: a PRE_CHECK or BOOKING on either path naming it is refused 400 {errorCode: LOCKER_INACTIVE, ' +
      'message}, nothing booked or pushed; enabled again, it takes bookings; parcels already booked there are ' +
      'untouched (§4.6 "with PRE_CHECK the service checks whether the parcel can be accepted in the locker"; §3 ' +
      '"A locker status change (enabled or disabled) causes a locker event."; no sentence says a disabled locker ' +
      'takes parcels)',
    candidate: VARIATION,
  },
  {
    name: 'ok-z-webhook-chunked-body',
    rule: 'none',
    description:
      'conformant: the webhook sender streams every body, Transfer-Encoding: chunked in two chunks with no ' +
      'Content-Length, as a streaming JSON writer does; Content-Type, the other headers and the JSON bodies are as ' +
      'before (preamble "All bodies are JSON (`Content-Type: application/json`)."; §6 "Delivery guarantees, ' +
      'retries and ordering: not shown."; chunked is HTTP/1.1\'s own framing of a request body, RFC 9112 §7.1)',
    candidate: VARIATION,
  },
  {
    name: 'ok-z-cancel-parcel-id-form-first',
    rule: 'none',
    description:
      'conformant: where the cancel takes either id form, a path id is looked up as a carrierParcelId first and ' +
      "as a shipmentUid only where none of the carrier's parcels has it as its carrierParcelId (the reference: " +
      "shipmentUid first), so an id that is one parcel's carrierParcelId and another's shipmentUid cancels the " +
      'first; every other id as before (§4.9 "Path: parcelId." names neither form; §2.4 shipmentUid and ' +
      'carrierParcelId, both strings)',
    candidate: VARIATION,
  },
  {
    name: 'ok-z-collection-run-on-dropoff',
    rule: 'none',
    description:
      'conformant: a drop-off (CONSIGNEE_DELIVERED of a FIRST_MILE or RETURN parcel) also runs the collection job ' +
      'at once, with its once-a-period bookkeeping: a locker not named this period is named at the drop-off, and ' +
      'next a whole period later, never twice in a period (§6 "Once per day, informs the carrier which lockers ' +
      'hold parcels to be picked up"; §8 "Collection notifications are sent once per day."; the time of day is ' +
      'not stated)',
    candidate: VARIATION,
  },
] as const satisfies readonly Fault[];
