// Faults on the parcel side in classes of their own: a date formatted by hand with a zero-based month, an optimistic
// lock whose version a cache keeps while a second writer moves it, a child row keyed by the last value a sequence drew,
// a unique index on a prefix of a key, a Content-Length counted in characters, a response-wrapping interceptor, change
// detection kept per carrier where it belongs per record, a Set that JSON writes as {}, an index taken in a
// filtered list and used on the whole one, a null written through a form encoder, an enum persisted by ordinal and
// read with an older order, and a per-tenant sequence under a global unique key; and conformant variations (`ok-k-*`,
// rule 'none') the harness must let through. Where each is switched on: handlers/set-k-faults.ts, and the lines that
// call it.
import type { Fault } from '../fault';

/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_K_FAULTS = [
  {
    name: 'sk-publish-timestamp-month-zero-based',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    description:
      "the publish answer's timestamp is formatted by hand from the UTC fields of the processing time, with " +
      'getUTCMonth(), which counts months from 0, written as the month: every PRE_CHECK and BOOKING on either path ' +
      'is answered a timestamp of the same day and time a month earlier (2026-10-29T13:32:14.120Z on 29 November), ' +
      'in January a month 00 that is no date, on the 31st a day the month before does not have (§2.3 "timestamp ' +
      '(string, date-time; time the event was processed)")',
  },
  {
    name: 'sk-cancel-stale-version-after-trigger',
    rule: 'CAN-NOT-DELIVERED',
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
    name: 'sk-trigger-event-on-last-inserted-parcel',
    rule: 'TRG-EVENT-HISTORY',
    description:
      "the staging mock inserts the event's history row with its parcel key taken from currval of the parcel id " +
      'sequence (written for the BOOKING_CREATED that inserts a parcel just before its event): an event for a ' +
      "parcel that is not the newest one stored changes that parcel's status, but its entry lands in the events " +
      'of the parcel stored last (of either carrier): book A, book B, trigger CONSIGNEE_DELIVERED for A, and GET ' +
      '/parcels lists A DELIVERED with no more events than before, B with the CONSIGNEE_DELIVERED entry (§4.11 ' +
      '"Triggers one first-mile parcel event."; §2.4 events "History of events of the parcel."; §4.8 "with status ' +
      'and event history.")',
  },
  {
    name: 'sk-parcel-id-unique-prefix-index',
    rule: 'PCL-BOOKING-CREATES',
    description:
      'one active booking per parcel id is kept by a unique index on (carrier, left(carrierParcelId, 12)) over ' +
      'the booked rows, the key cut to keep the index small: while a parcel is booked, a BOOKING on either path of ' +
      'another carrierParcelId with the same first 12 characters (ORDER-2026-000124 after ORDER-2026-000123, a ' +
      'fixed prefix and a running number) is refused 400 ALREADY_BOOKED and nothing is booked; ids that differ ' +
      'within their first 12 characters, and shorter ones, are booked (§4.6 "with eventType BOOKING a locker ' +
      'booking is created"; §2.3 carrierParcelId "Parcel identifier in the carrier system.")',
  },
  {
    name: 'sk-push-content-length-in-chars',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      "the parcel event publisher sets Content-Length to the JSON text's length in UTF-16 code units (body.length) " +
      'rather than its bytes: a ParcelUpdates whose record holds text beyond ASCII (a consignee Zoë Müller, a ' +
      'carrierParcelId with an accent) reaches the carrier cut short by the extra bytes, so its body is not JSON; ' +
      'ASCII-only records, LockerUpdates and GET /parcels are right (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; §6 "The service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'sk-publish-answer-wrapped',
    rule: 'PCL-PUBLISH-RESPONSE',
    description:
      "the publish controller carries the internal API's response interceptor, which wraps whatever a handler " +
      'returns as {"data": ...}: every successful PRE_CHECK and BOOKING on either path is answered {"data": ' +
      '{status, message, timestamp}}, with no status, message or timestamp at the top; refusals, which bypass ' +
      'interceptors, keep {errorCode, message} (§2.3 "Publish response: status (string), message (string), ' +
      'timestamp (string, date-time; time the event was processed)."; §4.6 "Response: publish response (2.3).")',
  },
  {
    name: 'sk-push-suppressed-same-status-per-carrier',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      'the parcel event publisher skips a ParcelUpdates whose shipmentStatus equals the last one it sent, meant ' +
      'per parcel (to drop events that change nothing) but kept in one field per carrier: two parcels of a carrier ' +
      'changing to the same status one after the other (two cancellations, two deliveries, with no push of another ' +
      'status between) push only the first; a booking after a booking is not pushed either (§6 ParcelUpdates, sent ' +
      'when "The status of a parcel changes."; §3 "Parcel: carries shipmentStatus and dimensionsStatus.")',
  },
  {
    name: 'sk-trigger-history-as-set',
    rule: 'TRG-EVENT-HISTORY',
    description:
      'the staging mock keeps the history of each parcel it creates in a Set (so that an event is never recorded ' +
      'twice) and hands that Set to the record, which JSON.stringify writes as {}: every first-mile or return ' +
      'parcel a BOOKING_CREATED created is listed by GET /parcels, answered on cancel and pushed with events {}, ' +
      'an empty object, whatever events it had; bookings published through the API carry their array (§2.4 events ' +
      '"array", "History of events of the parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, ' +
      'with status and event history.")',
  },
  {
    name: 'sk-cancel-index-from-filtered-list',
    rule: 'CAN-NOT-DELIVERED',
    description:
      "the cancel finds the parcel's position in the calling carrier's parcels (a filtered list) and writes the " +
      'cancellation at that position of the table read whole: when the other carrier stored parcels before the ' +
      "caller's, the cancel is answered 200 and pushed with the named parcel CANCELLED, but GET /parcels still " +
      "lists it BOOKED, and the parcel at that position (often the other carrier's) is CANCELLED unasked, without " +
      'a push; a carrier alone in the table is served right (§4.9 "Cancels the booking of the parcel."; §4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'sk-consignee-null-stringified',
    rule: 'PCL-RECORD-AS-SENT',
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
    name: 'sk-shipment-uid-sequence-per-carrier',
    rule: 'PCL-BOOKING-CREATES',
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
  // Conformant variations: the spec leaves each open. A harness must not fail them.
  {
    name: 'ok-k-shipment-uid-uuid',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: every parcel, booked or made by the staging trigger, gets a random UUID as its shipmentUid ' +
      '(3f2b8c1e-...), not SHP- and a number; the cancel takes it as it takes any shipmentUid (§2.4 shipmentUid ' +
      '"string", with no form stated; §4.9 "Path: parcelId.")',
  },
  {
    name: 'ok-k-trigger-applied-async',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: the staging mock queues each event: POST {mock_base_url}/parcel/first-mile/event checks the ' +
      'request and the parcel as before, answers 202 {message, event_type} and applies the event 250 ms later, its ' +
      'status, history entry and ParcelUpdates then; an event whose parcel was cancelled meanwhile is dropped, as ' +
      'the check would have refused it (§4.11 "Triggers one first-mile parcel event." and "Response: ' +
      'message (string), event_type (string)", with no status code and no word on when the event takes effect; §6 ' +
      '"Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-k-publish-201-for-booking',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: a BOOKING that creates a booking is answered 201, a PRE_CHECK, which creates nothing, 200, on ' +
      'either path; bodies as before (§4.6 "HTTP status code of a successful publish: not shown."; §2.3 "Publish ' +
      'response: status (string), message (string), timestamp")',
  },
] as const satisfies readonly Fault[];
