// Faults on the parcel and webhook side in classes of their own (a change event published as a delta, an event mass-
// assigned onto the record it concerns, a rate limiter that drops instead of queueing, an id form sniffed by its
// prefix, a guard reading a replica behind the primary, a null optional criterion that matches every row, a lazy
// collection past its batch, JSON written by a string template, a second component's copy of a collection written
// over the record's, a number's notation taken for its type, an id put into an internal URL unencoded, a service's
// answer assigned where its member belongs), and conformant variations (`ok-i-*`, rule 'none') the harness must let
// through. Where each is switched on: handlers/set-i-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

export const SPEC_SET_I_FAULTS = [
  {
    name: 'si-cancel-push-delta',
    rule: 'WH-PARCEL-BODY',
    description:
      'cancellations are published by the change-event publisher, which sends what changed: the ParcelUpdates of a ' +
      'cancel (either id form) carries shipmentUid, carrierParcelId, shipmentStatus, events holding the new entry ' +
      'only, and eventTimestamp; no lockerUid, accessCodes, consignee, allocationType or dimensionsStatus. Booking ' +
      'and trigger pushes, GET /parcels and the cancel answer are whole (§6 ParcelUpdates body "Parcel record ' +
      '(2.4), including accessCodes, consignee, events, allocationType, dimensionsStatus, signature, eventTimestamp.")',
  },
  {
    name: 'si-trigger-event-mass-assigned',
    rule: 'WH-PARCEL-BODY',
    description:
      "the staging mock's event handler copies every member of the event onto the parcel it names (a bean-copy / " +
      'mass assignment, shipment_type to shipmentType): a booking published LAST_MILE or ALTERNATIVE_DELIVERY is ' +
      'listed and pushed with the FIRST_MILE or RETURN the trigger carried once any event (CONSIGNEE_DELIVERED, ' +
      'BOOKING_CREATED) is triggered for it, and as a delivered FIRST_MILE parcel its locker is then named in ' +
      'CollectionNotification (§4.6 "with eventType BOOKING a locker booking is created"; §2.3 shipmentType ' +
      '"LAST_MILE or ALTERNATIVE_DELIVERY"; §4.8 "Returns parcel records (2.4) of the calling carrier"; §4.11 ' +
      '"Triggers one first-mile parcel event.")',
  },
  {
    name: 'si-parcel-push-rate-limited',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      'ParcelUpdates pass a per-carrier rate limiter (3 a second, a fixed window) put in to protect carrier ' +
      'endpoints, which drops what is over the limit instead of queueing it: a burst of a carrier (three bookings ' +
      'and a cancel, a booking, a delivery and a collection within a second) loses its later pushes, a status ' +
      'change among them; pushes spaced out are all sent (§6 ParcelUpdates "Sent when: The status of a parcel ' +
      'changes.")',
  },
  {
    name: 'si-cancel-form-sniffed-by-prefix',
    rule: 'CAN-NOT-DELIVERED',
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
    description:
      'the cancel resolves the path id to a parcel key first and then runs "... WHERE carrier = :c AND status = ' +
      'BOOKED AND (:key IS NULL OR key = :key) ORDER BY created DESC": an id that names no parcel of the carrier ' +
      'resolves to null, the criterion drops out, and the newest booked parcel of the carrier is cancelled, ' +
      'answered 200 with its record and pushed; a carrier with no booked parcel still gets 404 (§4.9 "Cancels the ' +
      'booking of the parcel."; §7 404 on cancel parcel, "JSON body")',
  },
  {
    name: 'si-list-events-batch-fetch-limit',
    rule: 'PCL-LIST-STATUS-EVENTS',
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
    name: 'si-parcel-push-consignee-template',
    rule: 'WH-DELIVERY-VALID',
    candidate:
      'caught on the first try by a full run (WH-DELIVERY-VALID, WH-PARCEL-ON-STATUS): the consignee names with a ' +
      "quote or a backslash are the exploration's, which the rule's own tests do not run",
    description:
      'the ParcelUpdates body is serialized by the JSON library except its consignee block, which comes from the ' +
      'notification template ("consignee":{"name":"${name}","email":"${email}"}) with no escaping: a consignee ' +
      'whose name or email holds a double quote, a backslash or a control character (O"Neil, a tab) is pushed as ' +
      'a body that is not JSON; other consignees and GET /parcels are right (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §6 "The service pushes events by webhook to a URL provided by the ' +
      'carrier.")',
  },
  {
    name: 'si-trigger-history-from-mock-copy',
    rule: 'TRG-EVENT-HISTORY',
    description:
      'the staging mock keeps its own event list of each parcel it has sent events for and writes it over the ' +
      "parcel's history after each event: for a parcel it made, the lists agree, but a booking published through " +
      '/parcels/data then given a trigger event (CONSIGNEE_DELIVERED, BOOKING_CREATED) loses its BOOKING_CREATED ' +
      'entry and lists only the events the mock sent, no more entries than before (§4.11 "Triggers one first-mile ' +
      'parcel event."; §2.4 events "History of events of the parcel."; §4.8 "with status and event history.")',
  },
  {
    name: 'si-publish-integer-notation-refused',
    rule: 'GEN-WIRE-JSON',
    candidate:
      'missed on the first try; not caught: whether an integer member may be written 10.0 or 1e1 is not stated ' +
      "(the document's JSON Schema takes it as an integer, a service typed in Go refuses it), so integers are " +
      'sent in plain notation only',
    description:
      "the publish deserializer refuses a float token for an integer member (Jackson's ACCEPT_FLOAT_AS_INT off, as " +
      'a team turns it off to refuse fractions): dimensions, weight or codAmount written 10.0 or 1e1 (the value 10) ' +
      'is refused 400 VALIDATION_FAILED on either path, where 10 is accepted (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §2.3 dimensions "depth, height, width; each integer or null.", weight ' +
      '"integer")',
  },
  {
    name: 'si-by-tenant-internal-url-unencoded',
    rule: 'GEN-ID-EXACT',
    description:
      'the by-tenant path resolves carrierLockerId by calling the locker service at /v1/lockers/by-carrier-locker-id/' +
      '{id} with the id concatenated into the URL, not encoded: a carrier.lockerId holding "/" or "\\" (a path of ' +
      'more segments), a malformed "%" or "../" finds no locker (400 UNKNOWN_LOCKER), one holding "?" or "#" is cut ' +
      'there ("L-7?b" books into the locker "L-7" where there is one) and "%41" is decoded ("A"); plain ids, and ' +
      'every id on /parcels/data, are right (§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; ' +
      '§2.3 carrierLockerId "The carrier\'s locker identifier."; §2.1 carrier lockerId "string")',
  },
  {
    name: 'si-collection-code-as-object',
    rule: 'WH-COLLECTION-BODY',
    description:
      "the collection job assigns the access-code service's answer to courierAccessCode where its code belongs: " +
      'every CollectionNotification carries courierAccessCode as an object {code, validUntil}, neither a string ' +
      'nor null; carrierLockerId and eventTimestamp are right (§6 CollectionNotification "Includes ' +
      'courierAccessCode (string or null), carrierLockerId, eventTimestamp.")',
  },
  // Conformant variations: the spec leaves each open. A harness must not fail them.
  {
    name: 'ok-i-webhook-application-key',
    rule: 'none',
    candidate: 'conformant variation: deliveries authenticate with the application key scheme',
    description:
      'conformant: webhook deliveries carry the webhook key as X-Application-Key (no X-API-Key) and name their ' +
      'webhook and delivery in X-Event-Type and X-Delivery-Id headers; bodies as before (§5 "2. The webhook ' +
      'definitions accept the API key scheme and an application key scheme."; "5. How the service authenticates ' +
      'to the carrier\'s webhook URL: not shown.")',
  },
  {
    name: 'ok-i-parcels-drf-pages',
    rule: 'none',
    candidate: 'conformant variation: GET /parcels in page-number pages of 20',
    description:
      'conformant: GET /parcels answers Django REST framework pages, {count, next, previous, results}, 20 records ' +
      'a page, oldest first, pages counted from 1 (?page=N, or last), next and previous as links (/v1/parcels?' +
      'page=2) or null; a size or page_size parameter is ignored and a page that does not exist (0, past the last, ' +
      'not a number) is 404 {"detail": "Invalid page."} (§4.8 "Query parameters and exact response envelope: not ' +
      'shown."; §8 "Page size limits: not shown."; §7 404 on get parcels, "JSON body")',
  },
  {
    name: 'ok-i-cancel-answer-summary',
    rule: 'none',
    candidate: 'conformant variation: the cancel answer is a summary, not the parcel record',
    description:
      'conformant: a cancellation is answered 200 {shipmentUid, carrierParcelId, shipmentStatus, cancelledAt}, ' +
      'not the parcel record; the parcel, its list record and its push are as before (§4.9 "Request body and ' +
      'response body: not shown.")',
  },
] as const satisfies readonly Fault[];
