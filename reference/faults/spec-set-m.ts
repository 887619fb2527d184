// Faults on the parcel side in classes of their own (a pre-check's draft removed by its natural key, a generic
// ApiResponse on one controller, a domain enum shared with the staging mock, a request normalizer ahead of the
// validator, a Buffer serialized by JSON.stringify, a notification job failed by its e-mail step, a HAVING COUNT off by
// one, a mock that knows only the parcels it made, the mock's own form of an access code, a logging interceptor that
// masks the answer in place, an upstream refusal passed on as written, append-only rows under a new surrogate key), and
// conformant variations (`ok-m-*`, rule 'none') the harness must let through. Where each is switched on:
// handlers/set-m-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_M_FAULTS = [
  {
    name: 'sm-precheck-draft-deleted-by-parcel-id',
    rule: 'PCL-BOOKING-CREATES',
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
    name: 'sm-by-tenant-generic-api-response',
    rule: 'PCL-PUBLISH-RESPONSE',
    description:
      "the by-tenant controller, written later, answers through the team's generic ApiResponse class, whose status " +
      'is the HTTP status code: every successful PRE_CHECK and BOOKING on /parcels/data/by-tenant-locker-id is ' +
      'answered {"status": 200, "message": ..., "timestamp": ...}, status a number; /parcels/data answers status ' +
      'BOOKED or ACCEPTED, and refusals keep {errorCode, message} (§2.3 "Publish response: status (string), message ' +
      '(string), timestamp (string, date-time; time the event was processed)."; §4.7 "Same as 4.6, with ' +
      'carrierLockerId in place of lockerUid.")',
  },
  {
    name: 'sm-shipment-type-domain-enum',
    rule: 'PCL-PUBLISH-ENUMS',
    description:
      "the publish DTO types shipmentType with the domain's ShipmentType enum, the one the staging mock uses " +
      '(LAST_MILE, ALTERNATIVE_DELIVERY, FIRST_MILE, RETURN): a PRE_CHECK or BOOKING on either path with ' +
      'shipmentType FIRST_MILE or RETURN is accepted and booked, listed and pushed with that type; any other value ' +
      'outside §2.3 (LAST_MILE_X, last_mile, an empty string) is still refused 400 (§2.3 shipmentType "LAST_MILE ' +
      'or ALTERNATIVE_DELIVERY.")',
  },
  {
    name: 'sm-parcel-id-filled-from-secondary',
    rule: 'PCL-PUBLISH-REQUIRED',
    description:
      "the label-less flow's request normalizer runs ahead of the validator and promotes secondaryShipmentId to " +
      'carrierParcelId where carrierParcelId is missing or null: a publish on either path without carrierParcelId ' +
      '(or with it null) but with a secondaryShipmentId is accepted, and a BOOKING is listed and pushed under the ' +
      'secondaryShipmentId as its carrierParcelId; without either it is refused 400 as before (§2.3 carrierParcelId ' +
      'Required "yes"; secondaryShipmentId "Second identifier, distinct from carrierParcelId.")',
  },
  {
    name: 'sm-push-signature-buffer',
    rule: 'PCL-SIGNATURE-OBJECT',
    description:
      'the signature image is held as bytes (a bytea column read into a Buffer), and the webhook publisher writes ' +
      'its body with JSON.stringify, which writes a Buffer as {"type": "Buffer", "data": [137, 80, 78, 71, ...]}: ' +
      'the ParcelUpdates of a delivered parcel (its CONSIGNEE_DELIVERED, and every push of it after) carry ' +
      'signature.imageBase64 as that object, not a string; GET /parcels and the cancel answer, written by the API ' +
      'serializer, carry the base64 text (§2.4 signature "imageBase64 (string), format (string)."; §9 "signature is ' +
      'an object with imageBase64 and format."; §6 ParcelUpdates body "Parcel record (2.4), including ... ' +
      'signature")',
  },
  {
    name: 'sm-push-aborted-without-email',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      'the consignee e-mail and the carrier webhook are two steps of one notification job, the e-mail step first, ' +
      'and its address check throws where the consignee has no usable address, failing the job before its webhook ' +
      'step: no ParcelUpdates is ever sent for a parcel booked without consignee, with consignee null, or with an ' +
      'email null or without "@" (its booking, cancel, trigger events), nor for any parcel the staging trigger made ' +
      '(consignee null); parcels whose consignee has an e-mail address are pushed (§6 ParcelUpdates "The status of a ' +
      'parcel changes."; §2.3 consignee "object or null", not required, "name (string or null), email (string or ' +
      'null).")',
  },
  {
    name: 'sm-collection-count-off-by-one',
    rule: 'WH-COLLECTION-SENT',
    description:
      'the daily collection query groups the waiting parcels (delivered FIRST_MILE or RETURN) by locker and keeps ' +
      'the groups HAVING COUNT(*) > 1, where >= 1 belongs: a locker holding a single parcel to be picked up is never ' +
      'named in a CollectionNotification; a locker holding two or more is named once a period as before (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection)."; §8 "Collection notifications are sent once per day.")',
  },
  {
    name: 'sm-trigger-api-booking-forwarded',
    rule: 'TRG-EVENT-HISTORY',
    description:
      'the staging mock resolves parcel_id in its own table of the parcels it created, and forwards an event for a ' +
      "parcel it does not know to the platform under the mock's own id, where the consumer finds nothing and drops " +
      'it: a CONSIGNEE_DELIVERED or COURIER_COLLECTED for a parcel booked through /parcels/data or by-tenant is ' +
      'answered 200 {message, event_type}, and its status, events and pushes stay as they were (so it can still be ' +
      'cancelled); a BOOKING_CREATED for such a booking makes a second, FIRST_MILE parcel of that id in the locker. ' +
      'Parcels the mock made take every event (§4.11 "Triggers one first-mile parcel event."; §2.4 events "History ' +
      'of events of the parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, with status and event ' +
      'history.")',
  },
  {
    name: 'sm-mock-access-code-bare-pin',
    rule: 'PCL-ACCESS-CODES',
    description:
      'the staging mock shares the accessCodes column with the service and writes the collection code in its own ' +
      'form, the bare PIN, whenever it applies an event to a parcel that holds a code: once a trigger event ' +
      '(BOOKING_CREATED confirming a booking, CONSIGNEE_DELIVERED, COURIER_COLLECTED) reached a booking, GET ' +
      '/parcels, the cancel answer and ParcelUpdates show accessCodes {"consigneeCollectionCode": "482913"}, a ' +
      'string; bookings no trigger event reached carry the object (§2.4 accessCodes "consigneeCollectionCode ' +
      '(object; its validUntil is optional).")',
  },
  {
    name: 'sm-list-log-masking-in-place',
    rule: 'PCL-RECORD-AS-SENT',
    description:
      'GET /parcels passes its answer through the response-logging interceptor, which masks personal data for the ' +
      'log on the answer object itself before it is written: every listed consignee email is masked to its first ' +
      'character, *** and its domain (jane.doe@example.com as j***@example.com); the name, the cancel answer and ' +
      'ParcelUpdates keep the address as sent (§2.3 consignee "name (string or null), email (string or null)."; ' +
      '§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier")',
  },
  {
    name: 'sm-unknown-locker-problem-body',
    rule: 'ERR-BODY',
    description:
      'both publish paths resolve the locker through the locker service, and its refusal (no locker of that ' +
      'lockerUid or carrierLockerId for the carrier) is passed on as that service wrote it, an RFC 7807 problem ' +
      'with only its status mapped to 400: {"type": ..., "title": "Locker not found", "status": 404, "detail": ..., ' +
      '"instance": ...}, without errorCode and message; the other publish refusals (a member missing or of another ' +
      'type, a parcel already booked) keep {errorCode, message} (§7 "400 | Publish parcel data, update locker, get ' +
      'parcels, cancel parcel | errorCode, message"; "The error body has the fields `errorCode` and `message`")',
  },
  {
    name: 'sm-cancel-new-version-row',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      "parcels are stored append-only: a cancellation inserts the parcel's next version and deletes the current " +
      'row, and the new row takes a fresh shipmentUid from the sequence (its surrogate key) instead of keeping the ' +
      "parcel's: after a cancel by either form, the answer, GET /parcels and the ParcelUpdates show the parcel " +
      "CANCELLED under a shipmentUid it never had, and the booking's own shipmentUid names no parcel any more (a " +
      'cancel by it is answered 404); carrierParcelId and the history are kept (§4.9 "Cancels the booking of the ' +
      'parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, with status and event history."; §2.4 ' +
      'shipmentUid)',
  },
  // Conformant variations: the spec leaves each open. A harness must not fail them.
  {
    name: 'ok-m-cancel-accepted-async',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: PATCH /parcels/{parcelId} checks the parcel at once (unknown 404, delivered or cancelled 400 as ' +
      'before) and queues the cancellation: 202 {shipmentUid, carrierParcelId, status: CANCELLATION_REQUESTED}; it ' +
      'is applied 300 ms later, when GET /parcels shows it CANCELLED with its history entry and the ParcelUpdates is ' +
      'sent (§4.9 "Request body and response body: not shown."; no success status is stated; §6 "Delivery ' +
      'guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-m-precheck-negative-as-answer',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: a PRE_CHECK, on either path, naming a locker the carrier cannot book into (no locker of that ' +
      'lockerUid or carrierLockerId for it) is answered as a check that says no, 200 {status: REJECTED, message, ' +
      'timestamp}, not refused; nothing is booked, and a BOOKING naming it is still refused 400 (§4.6 "with ' +
      'PRE_CHECK the service checks whether the parcel can be accepted in the locker"; §2.3 publish response status ' +
      '"string", no value stated; "HTTP status code of a successful publish: not shown.")',
  },
  {
    name: 'ok-m-dimensions-status-measured',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: dimensionsStatus tells whether the locker measured the parcel: NOT_MEASURED for every booking and ' +
      'every parcel the staging trigger makes, MEASURED once it is delivered into a compartment ' +
      '(CONSIGNEE_DELIVERED), in GET /parcels, the cancel answer and ParcelUpdates (§2.4 "Allowed values of ' +
      'shipmentStatus and dimensionsStatus: not shown."; §3 "Transitions: not shown.")',
  },
] as const satisfies readonly Fault[];
