// Faults on the parcel side in classes of their own (a gateway routing on the body's raw text, a message bundle
// without an entry, rows collected into a map that keeps the first, a provider command refused for a disabled locker,
// an idempotency key of business id and status, a one-locker notification DTO, a mock keyed without the carrier, a
// CloudEvents envelope behind a pilot flag, a type-ahead LIKE search as a fallback, a reason table missing a status, a
// name split in two and joined again, authorization left to the list's query), and conformant variations (`ok-o-*`,
// rule 'none') the harness must let through. Where each is switched on: handlers/set-o-faults.ts, and the lines that
// call it.
import type { Fault } from '../fault';

/** Why none of them gates the self-test yet. */
/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_O_FAULTS = [
  {
    name: 'so-publish-event-type-by-raw-text',
    rule: 'GEN-WIRE-JSON',
    description:
      'the API gateway routes a publish to the booking or the check service by a literal match on the raw body, ' +
      '"eventType":"BOOKING" or "eventType":"PRE_CHECK" (what the carriers\' SDK writes), and answers a body that ' +
      'matches neither with its fallback 400 VALIDATION_FAILED "/eventType must be PRE_CHECK or BOOKING": a valid ' +
      'PRE_CHECK or BOOKING on either path written with a blank or a line break beside the colon after eventType (a ' +
      'pretty-printed body), or with an escape in its value ("BOOK\\u0049NG"), is refused and books nothing, while ' +
      'the same value written compactly is accepted; member order and blanks elsewhere do not matter (preamble "All ' +
      'bodies are JSON (`Content-Type: application/json`)."; §2.3 eventType "PRE_CHECK or BOOKING."; §4.6 "with ' +
      'eventType BOOKING a locker booking is created")',
  },
  {
    name: 'so-publish-message-bundle-gap',
    rule: 'PCL-PUBLISH-RESPONSE',
    description:
      'the publish answer\'s message is read from a message bundle under "publish.<eventType>.<shipmentType>", and ' +
      'the bundle was never given the ALTERNATIVE_DELIVERY keys; the lookup (default message null) gives null: every ' +
      'successful PRE_CHECK or BOOKING on either path with shipmentType ALTERNATIVE_DELIVERY is answered {status, ' +
      'message: null, timestamp}, the booking made as asked; LAST_MILE or no shipmentType get their message (§2.3 ' +
      '"Publish response: status (string), message (string), timestamp (string, date-time; time the event was ' +
      'processed)."; shipmentType "LAST_MILE or ALTERNATIVE_DELIVERY.")',
  },
  {
    name: 'so-parcel-list-to-map-first-wins',
    rule: 'PCL-BOOKING-CREATES',
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
    name: 'so-cancel-release-needs-active-locker',
    rule: 'CAN-NOT-DELIVERED',
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
    name: 'so-push-dedup-by-parcel-id-status',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      'the webhook sender drops an event whose idempotency key it has sent before, to swallow redelivered events, ' +
      'and the key is (carrierParcelId, shipmentStatus), without the carrier or the shipmentUid: after book X, ' +
      'cancel X, book X again, the cancel of the new booking sends no ParcelUpdates (nor did its booking); a carrier ' +
      'booking and cancelling an X the other carrier had booked and cancelled is never pushed either, and a ' +
      'delivered parcel a BOOKING_CREATED shows booked again is not pushed for it. Parcels whose id had no push of ' +
      'that status are pushed (§6 ParcelUpdates "The status of a parcel changes."; §2.3 carrierParcelId "Parcel ' +
      'identifier in the carrier system.")',
  },
  {
    name: 'so-collection-one-locker-per-carrier',
    rule: 'WH-COLLECTION-SENT',
    description:
      'the daily collection job builds one notification per carrier, and its DTO, designed when each carrier had one ' +
      'hub, holds one carrierLockerId, the first of the group (the locker of the oldest waiting parcel): a carrier ' +
      'whose delivered FIRST_MILE or RETURN parcels wait in two or more lockers is told of one of them each period, ' +
      'and the others are never named while it stays waiting; a carrier with one such locker is told of it (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection)."; "Includes courierAccessCode (string or null), carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'so-trigger-parcel-keyed-by-provider-locker',
    rule: 'ISO-CARRIER-IDS',
    candidate:
      'not caught by a full run: the run never has both carriers book one carrierParcelId into one locker and ' +
      "then trigger an event for it (the exploration's shared ids go into each carrier's own locker)",
    description:
      'the staging mock plays the provider, which knows no carrier, and finds the parcel an event names by (locker, ' +
      "parcel_id) among every carrier's parcels, the newest first: when both carriers booked the same " +
      "carrierParcelId into one third-party locker, the first carrier's CONSIGNEE_DELIVERED or COURIER_COLLECTED for " +
      "it (its own key, its carrier_name) is answered 200 but delivers the other carrier's parcel, which GET " +
      "/parcels then shows changed and whose carrier is pushed, while the caller's own parcel stays as it was; ids " +
      'only one carrier uses are right (§4.8 "Returns parcel records (2.4) of the calling carrier"; §4.11 "Triggers ' +
      'one first-mile parcel event."; §2.3 carrierParcelId "Parcel identifier in the carrier system.")',
  },
  {
    name: 'so-push-cloudevents-pilot-carrier',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      'parcel events are moving to a CloudEvents publisher behind a feature flag per carrier, switched on for the ' +
      "pilot, the second carrier: every ParcelUpdates to the second carrier's URL is a structured-mode CloudEvent " +
      '{specversion, id, source, type, time, datacontenttype, data}, the parcel record under data and no ' +
      "shipmentUid, accessCodes, events or eventTimestamp at the top; the first carrier's pushes, LockerUpdates, " +
      'CollectionNotification and GET /parcels are right (§6 ParcelUpdates body "Parcel record (2.4), including ' +
      'accessCodes, consignee, events, allocationType, dimensionsStatus, signature, eventTimestamp.")',
  },
  {
    name: 'so-by-tenant-like-prefix',
    rule: 'GEN-ID-EXACT',
    description:
      "where none of the carrier's or third-party lockers has the carrierLockerId exactly, the by-tenant path falls " +
      "back on the carrier portal's type-ahead search, WHERE locker_id LIKE :id || '%' ORDER BY locker_id LIMIT 1, " +
      'unescaped: a PRE_CHECK or BOOKING on /parcels/data/by-tenant-locker-id naming a prefix of a carrier.lockerId ' +
      '(L-10 for L-100, the id without its last character) is accepted and books into that locker, _ and % in the ' +
      'sent id matching any character and any run; exact ids book into their own locker and /parcels/data is right ' +
      '(§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; §2.3 carrierLockerId "The carrier\'s locker ' +
      'identifier.")',
  },
  {
    name: 'so-cancel-refusal-message-table',
    rule: 'CAN-DELIVERED-REFUSED',
    description:
      "the cancel's refusal message is REASONS[status].replace('{id}', id), from a table of reasons written before " +
      'the courier events existed, with CANCELLED and DELIVERED only: a cancel (either form) of a delivered parcel ' +
      'the courier has since collected (CONSIGNEE_DELIVERED then COURIER_COLLECTED) throws a TypeError, answered 500 ' +
      'INTERNAL_ERROR, not refused with a 4xx; delivered and cancelled parcels are refused 400 NOT_CANCELLABLE and ' +
      'nothing changes in either case (§8 "Only parcels that have not been delivered can be cancelled."; §7 "400 | ' +
      'Publish parcel data, update locker, get parcels, cancel parcel | errorCode, message")',
  },
  {
    name: 'so-consignee-name-split-rejoined',
    rule: 'PCL-RECORD-AS-SENT',
    description:
      "the contact service keeps a consignee's name as givenName and familyName, split at the first blank, and the " +
      'parcel record shows `${givenName} ${familyName}`: a name without a blank (Madonna, a name in a script written ' +
      'without spaces, an empty name) is listed, answered on cancel and pushed with a trailing blank ("Madonna "); ' +
      'names with a blank, a null name and the email are kept as sent (§2.3 consignee "name (string or null), email ' +
      '(string or null)."; §2.4 consignee "name (string or null), email (string or null)."; §4.6 "with eventType ' +
      'BOOKING a locker booking is created")',
  },
  {
    name: 'so-parcels-key-checked-in-query',
    rule: 'AUTH-KEY-REQUIRED',
    description:
      'GET /parcels only checks that an X-API-Key header is there and leaves the rest to its query, WHERE owner = ' +
      '(SELECT carrier FROM api_keys WHERE key = :key): a wrong key, a near miss of a real one, is answered 200 with ' +
      'a list holding no parcel instead of being refused; a missing or empty header is still 401 and every other ' +
      'operation refuses a wrong key (§5 "1. Every operation uses an API key in the request header `X-API-Key`."; §7 ' +
      '"401 | Same operations | errorCode, message")',
  },
  // Conformant variations: the spec leaves each open. A harness must not fail them.
  {
    name: 'ok-o-booking-retry-replayed',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: a BOOKING that repeats, value for value (member order aside), the request that made a booking ' +
      "still booked is taken for a client's retry and answered as that one was, status and message (naming the same " +
      'shipmentUid) with the processing time anew; nothing is booked or pushed. A BOOKING of that carrierParcelId ' +
      'that differs in anything is still refused 400 ALREADY_BOOKED (§4.6 "HTTP status code of a successful publish: ' +
      'not shown."; §2.3 "Publish response: status (string), message (string), timestamp"; nothing says what a ' +
      'repeated booking gets)',
  },
  {
    name: 'ok-o-parcels-last-changed-first',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      "conformant: GET /parcels lists the carrier's parcels by their last change, the parcel whose newest event is " +
      'the most recent first, so a cancelled or triggered parcel moves to the front (§4.8 "Query parameters and ' +
      'exact response envelope: not shown."; no order is stated)',
  },
  {
    name: 'ok-o-error-codes-dotted',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: the errorCode of every error of the parcel operations (publish on both paths, GET /parcels, the ' +
      'cancel) is a dotted message key, auth.unauthorized for a refused key and parcel.<code> otherwise ' +
      '(parcel.validation_failed, parcel.not_cancellable, parcel.parcel_not_found); message as before (§7 "Values of ' +
      'errorCode and the condition that yields each: not shown.")',
  },
] as const satisfies readonly Fault[];
