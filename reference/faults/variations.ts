// The conformant variations (rule 'none'): choices the spec leaves open, which the harness must let through. Each
// names its origin (the set it was written in); the lines that switch one on name it (`app.fault('name')`).
import { UPDATE_MEMBERS, type Fault } from '../fault';

export const VARIATIONS_FAULTS = [
  {
    name: 'ok-publish-binder-coerces-scalars',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'explored',
    description:
      'a publish member given, in another JSON type, a value a binder coerces into its type (a number for a string, ' +
      'digits for an integer, "true" for a boolean) is taken as that value, as common frameworks do by default ' +
      '(GEN-TYPES-COERCED is a should: "no sentence says whether a service coerces")',
  },
  {
    name: 'ok-a-list-newest-first',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-a',
    description:
      'GET /lockers lists newest first (order, envelope and pagination not shown: §4.2 "Response envelope and ' +
      'pagination: not shown.")',
  },
  {
    name: 'ok-a-network-status-active',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-a',
    description:
      'lockers added to a network show networkLockerStatus ACTIVE, not PENDING (§2.5 "Allowed values of the ' +
      'three status fields: not shown beyond the examples ACTIVE and PENDING."; §3 "can appear with a network ' +
      'status such as PENDING")',
  },
  {
    name: 'ok-a-status-409-own-body',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-a',
    description:
      'the 409 of PATCH /lockers/status is answered {"status": 409, "title": "Conflict", "detail": ...}, without ' +
      'errorCode and message (§7 409 "Body of 409: not shown.")',
  },
  {
    name: 'ok-aa-answers-pretty-printed',
    rule: 'none',
    origin: 'set-aa',
    description:
      'conformant: every successful answer of the locker, catalogue, status and network operations is written ' +
      'pretty-printed, each member on a line of its own indented by two spaces, with a final line break, as a ' +
      "serializer's indent option writes it; the same JSON values under Content-Type application/json (preamble " +
      '"All bodies are JSON (`Content-Type: application/json`)."; whitespace between JSON tokens means nothing, ' +
      'RFC 8259 §2)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aa-missing-key-400',
    rule: 'none',
    origin: 'set-aa',
    description:
      'conformant: a request without the X-API-Key header to an operation for which §7 lists no 401 (POST and GET ' +
      '/lockers, GET /lockers/providers, PATCH /lockers/status, POST /networks/{uid}/lockers) is refused by the ' +
      "locker gateway's required-header check, 400 {errorCode: MISSING_API_KEY, message}; a wrong key is refused " +
      'as before, and the operations §7 lists 401 for answer 401 (§7 lists 401 for "Publish parcel data, update ' +
      'locker, get parcels, cancel parcel" only; §5 "Every operation uses an API key in the request header ' +
      '`X-API-Key`." states no status for a refusal)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aa-network-provider-unconfirmed',
    rule: 'none',
    origin: 'set-aa',
    description:
      'conformant: POST /networks/{uid}/lockers answers providerLockerStatus UNCONFIRMED for each locker it adds, ' +
      'the provider not having confirmed the locker for the network yet; networkLockerStatus PENDING and the other ' +
      'members as before (§2.5 providerLockerStatus "string", "Allowed values of the three status fields: not ' +
      'shown beyond the examples ACTIVE and PENDING."; §3 network locker "Transitions: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aa-provider-locker-uid-uuid',
    rule: 'none',
    origin: 'set-aa',
    description:
      "conformant: a created locker's provider-side id, provider.lockerUid, is the one the provider's registry " +
      'issues, a random UUID, not PL-<uid>, unless the create sends one; answers, lists, pushes, network records ' +
      '(providerLockerId) and the staging trigger\'s provider_locker_id all use it (§2.1 provider "lockerUid ' +
      '(string)", a record member the create request table does not list; §4.11 provider_locker_id "The ' +
      'provider-side locker identifier; not interchangeable with the platform lockerUid.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aa-providers-newest-version-first',
    rule: 'none',
    origin: 'set-aa',
    description:
      "conformant: GET /lockers/providers lists each provider's pairs newest version first (M100 2.1 before M100 " +
      '1.0), the providers in the catalogue\'s order; the entries as before (§4.4 "Returns the locker model and ' +
      'version pairs per provider (2.2).", "Query parameters: not shown."; no order is stated)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aa-update-404-json-string',
    rule: 'none',
    origin: 'set-aa',
    description:
      "conformant: PATCH /lockers/{uid} of a uid that names none of the caller's lockers is answered 404 with a " +
      'JSON string, the message alone ("no locker of this carrier has uid ..."), Content-Type application/json, ' +
      'not an object (§7 "404 | Update locker, get parcels, cancel parcel | JSON body": the shape of a 404 body is ' +
      'not shown, where 400, 401 and 500 have "errorCode, message")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ab-access-code-end-of-day',
    rule: 'none',
    origin: 'set-ab',
    description:
      'conformant: a collection code is valid to the end of the (UTC) day its seven days end on, validUntil ' +
      'YYYY-MM-DDT23:59:59.999Z, not to the same time of day as the booking (§2.4 accessCodes ' +
      '"consigneeCollectionCode (object; its validUntil is optional)."; §6 "Inner fields of ' +
      'accessCodes.consigneeCollectionCode other than validUntil: not shown.": no validity period is stated)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ab-booking-history-two-entries',
    rule: 'none',
    origin: 'set-ab',
    description:
      "conformant: a booking's history starts with two entries, BOOKING_CREATED and the provider's " +
      "COMPARTMENT_RESERVED, both at the booking's time, in GET /parcels, the cancel answer and ParcelUpdates; " +
      'later events are added as before (§2.4 events "History of events of the parcel.", "Fields of an entry of ' +
      'events: not shown."; §6 "Event kinds carried by ParcelUpdates: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ab-collection-lists-parcels',
    rule: 'none',
    origin: 'set-ab',
    description:
      "conformant: a CollectionNotification also lists the parcels waiting in the locker for the carrier's " +
      'courier, parcels: [{carrierParcelId, shipmentUid}], beside courierAccessCode, carrierLockerId and ' +
      'eventTimestamp (§6 "Fields of CollectionNotification beyond those listed: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ab-parcel-push-change-kind',
    rule: 'none',
    origin: 'set-ab',
    description:
      'conformant: every ParcelUpdates names what changed in an extra member changeKind, the kind of the ' +
      "parcel's newest history entry (BOOKING_CREATED, CANCELLED, CONSIGNEE_DELIVERED, COURIER_COLLECTED); the " +
      'record and eventTimestamp as before (§6 "Event kinds carried by ParcelUpdates: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ab-publish-answer-ids',
    rule: 'none',
    origin: 'set-ab',
    description:
      'conformant: the answer to a BOOKING, on either path, also names what it made, shipmentUid and lockerUid of ' +
      'the booked parcel, beside status, message and timestamp; PRE_CHECK answers as before (§2.3 "Publish ' +
      'response: status (string), message (string), timestamp (string, date-time; time the event was processed)." ' +
      'lists these three and forbids no other member)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ab-signature-svg',
    rule: 'none',
    origin: 'set-ab',
    description:
      "conformant: the consignee's signature is kept as the signature pad records it, an SVG image: signature " +
      '{imageBase64: <base64 of the SVG>, format: "SVG"} in GET /parcels, the cancel answer and ParcelUpdates once ' +
      'delivered (§2.4 signature "imageBase64 (string), format (string)."; §9 "signature is an object with ' +
      'imageBase64 and format.": no format value is stated)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ac-compartments-accessible',
    rule: 'none',
    origin: 'set-ac',
    description:
      'conformant: each compartment type of a created locker also says whether it can be reached from a ' +
      'wheelchair, compartmentTypes[].accessible (true for LARGE), beside size, count and the dimensions, in ' +
      'answers, ' +
      'lists and pushes (§2.1 compartmentTypes "Each has size (string), count (integer), height, width, length ' +
      '(integers)." forbids no further member; §2.3 requiresAccessibleCompartment)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ac-create-location-header',
    rule: 'none',
    origin: 'set-ac',
    description:
      'conformant: a create is answered 201 with the locker record and a Location header naming the new locker ' +
      '(/v1/lockers/<uid>), as REST frameworks\' created() answers are (§4.1 "Success: 201 with the locker record ' +
      '(2.1)." states the status and the body, and no header is forbidden)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ac-default-hours-without-exceptions',
    rule: 'none',
    origin: 'set-ac',
    description:
      'conformant: a locker created without openingHours gets {accessMode: ALWAYS}, with no exceptions member (no ' +
      'exception is known), in answers, lists and pushes; weeklySchedule is omitted as rule 2 asks (§2.1 ' +
      'openingHours "accessMode (ALWAYS or SCHEDULED), weeklySchedule (array), exceptions (array)", with no ' +
      'Required column; rule 4 "Structure of weeklySchedule entries and exceptions entries: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ac-list-network-memberships',
    rule: 'none',
    origin: 'set-ac',
    description:
      'conformant: GET /lockers shows, on each locker, the networks it is a member of, an extra member networks: ' +
      '[{networkUid, networkLockerStatus}] ([] for none), so the list moves when a network add names the locker; ' +
      'the records otherwise as before (§4.2 "Returns locker records."; "Response envelope and pagination: not ' +
      'shown."; §2.1 forbids no member beyond its table)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ac-network-add-pushes-locker',
    rule: 'none',
    origin: 'set-ac',
    description:
      'conformant: each locker a POST /networks/{uid}/lockers adds is also pushed as a LockerUpdates with its record ' +
      "and eventTimestamp, the membership being a change of the locker for the carrier's systems (§6 LockerUpdates " +
      '"Sent when" names a create and a status change, and no sentence says no other locker change is pushed; ' +
      '"Delivery guarantees, retries and ordering: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ac-provider-catalogue-uid',
    rule: 'none',
    origin: 'set-ac',
    description:
      'conformant: the provider object of a created locker whose provider is in the catalogue also carries the ' +
      "catalogue's providerUid (prv-1 for PROVIDER_NAME_1) beside name, lockerModel and lockerVersion, in answers, " +
      'lists and pushes (§2.1 rule 3 "The provider object uses `name`, `lockerModel`, `lockerVersion`. The fields ' +
      '`providerName` and `lockerModelVersion` are no longer part of it.": a member of another name is not one of ' +
      'those; §2.2 providerUid "string")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ac-provider-name-follows-rename',
    rule: 'none',
    origin: 'set-ac',
    description:
      'conformant: a rename is forwarded to the provider, whose name for the locker follows: where provider.' +
      "lockerName was the carrier's lockerName, an update giving carrier.lockerName a new value gives it to " +
      'provider.lockerName too, in the answer, the list and later pushes (§2.1 provider "lockerName (string)", a ' +
      'record member no request sets; §3 "Transitions: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ac-status-word-allow-list',
    rule: 'none',
    origin: 'set-ac',
    description:
      'conformant: PATCH /lockers/status takes the statuses of its enum only, ACTIVE, INACTIVE, PENDING and ' +
      'MAINTENANCE, and refuses any other with 400 VALIDATION_FAILED, nothing changed; the statuses it takes work ' +
      'as before (§2.1 rule 5 "Allowed values of carrier.status and provider.status: not shown beyond the example ' +
      'value ACTIVE."; §4.5 "Request and response shape: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ad-auth-challenge-header',
    rule: 'none',
    origin: 'set-ad',
    description:
      'conformant: every 401 also names the scheme it asks for, WWW-Authenticate: ApiKey ' +
      'realm="carrier-integration", header="X-API-Key", as RFC 9110 §11.6.1 has a 401 do; the body {errorCode, ' +
      'message} as before (§5 "The scheme is of type apiKey, located in the header, named X-API-Key."; §7 401 ' +
      '"errorCode, message")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ad-by-tenant-own-lockers-only',
    rule: 'none',
    origin: 'set-ad',
    description:
      "conformant: POST /parcels/data/by-tenant-locker-id resolves carrierLockerId among the carrier's own lockers " +
      'only, so a third-party locker (ownedByCarrier null, TP-1) is not addressed by its carrier.lockerId there and ' +
      'such a PRE_CHECK or BOOKING is refused 400 UNKNOWN_LOCKER, nothing booked; the lockerUid path still books ' +
      'third-party lockers (§1 "publish parcel data addressed by the carrier\'s own locker identifier"; §2.3 ' +
      'carrierLockerId "The carrier\'s locker identifier.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ad-lock-state-not-shown',
    rule: 'none',
    origin: 'set-ad',
    description:
      'conformant: the lock state a booking sets is kept with the booking but not shown: parcel records in GET ' +
      '/parcels, the cancel answer and ParcelUpdates carry no lockStatus member (§3 "A booking carries a lock state ' +
      'LOCKED or UNLOCKED set at booking time."; §2.4 lists no lock state in the parcel record)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ad-parcels-query-filters',
    rule: 'none',
    origin: 'set-ad',
    description:
      'conformant: GET /parcels takes the query parameters shipmentStatus, carrierParcelId and lockerUid and lists ' +
      "the carrier's parcels whose member equals each one given (none where no parcel matches); without them every " +
      'parcel as before, and other parameters are ignored (§4.8 "Query parameters and exact response envelope: not ' +
      'shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ad-precheck-answer-compartment',
    rule: 'none',
    origin: 'set-ad',
    description:
      "conformant: a successful PRE_CHECK's answer, on either path, also names the smallest compartment size the " +
      'parcel fits, compartmentSize (null where the locker shows none that fits), and says it in message; nothing is ' +
      'booked, and BOOKINGs answer as before (§2.3 "Publish response: status (string), message (string), timestamp ' +
      '(string, date-time; time the event was processed)." forbids no other member; §4.6 "with PRE_CHECK the service ' +
      'checks whether the parcel can be accepted in the locker")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ad-publish-timestamp-local-offset',
    rule: 'none',
    origin: 'set-ad',
    description:
      "conformant: the publish answer's timestamp is written in the service's zone, Europe/Berlin, with its offset " +
      'and microseconds (2025-06-01T12:00:00.123000+02:00 for 10:00:00.123Z), the same instant, on either path (§2.3 ' +
      '"timestamp (string, date-time; time the event was processed)": no zone or precision is stated)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ad-trigger-answer-names-parcel',
    rule: 'none',
    origin: 'set-ad',
    description:
      "conformant: POST {mock_base_url}/parcel/first-mile/event also answers, in the mock's snake_case, the parcel " +
      'the event acted on, parcel_id, shipment_uid and shipment_status, beside message and event_type (§4.11 ' +
      '"Response: message (string), event_type (string); both may be present.": no other member is forbidden)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ad-webhook-content-type-charset',
    rule: 'none',
    origin: 'set-ad',
    description:
      'conformant: every webhook delivery declares Content-Type application/json; charset=utf-8, the charset of its ' +
      'JSON text, as many HTTP clients write it; bodies as before (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; a media type takes parameters, RFC 9110 §8.3.1)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-b-collection-null-code-extras',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-b',
    description:
      'conformant: CollectionNotification carries courierAccessCode null and extra members lockerUid and ' +
      'notificationId (§6 "courierAccessCode (string or null)"; "Fields of CollectionNotification beyond those ' +
      'listed: not shown.")',
  },
  {
    name: 'ok-b-event-entry-fields',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-b',
    description:
      'conformant: events entries are {eventType, occurredAt, sequence, source}, no type or timestamp (§2.4 ' +
      '"Fields of an entry of events: not shown.")',
  },
  {
    name: 'ok-b-shipment-status-labels',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-b',
    description:
      'conformant: shipmentStatus values BOOKING_CONFIRMED, CANCELED_BY_CARRIER, DROPPED_OFF, PICKED_UP_BY_COURIER ' +
      'in lists, answers and pushes (§2.4 "Allowed values of shipmentStatus and dimensionsStatus: not shown.")',
  },
  {
    name: 'ok-c-activation-date-utc',
    candidate: 'conformant variation',
    rule: 'none',
    origin: 'set-c',
    description:
      'conformant: carrier.activationDate is kept as an instant and written in UTC, the fraction of a second as ' +
      'sent (.000 where none was): 2025-06-01T10:30:00+02:00 is answered and listed as ' +
      '2025-06-01T08:30:00.000Z, the same instant (§2.1 carrier "activationDate (string, date-time)": a date-time ' +
      'value, whose notation the spec does not say is kept)',
  },
  {
    name: 'ok-c-list-status-filter',
    candidate: 'conformant variation',
    rule: 'none',
    origin: 'set-c',
    description:
      'conformant: GET /lockers also filters by query parameters status (carrier.status, exact) and city ' +
      '(location.city, exact), with providerName and each other (§4.2 "Optional filters are named by location, ' +
      'status, carrier and provider"; "Names of the remaining query parameters: not shown.")',
  },
  {
    name: 'ok-c-random-uids',
    candidate: 'conformant variation',
    rule: 'none',
    origin: 'set-c',
    description:
      'conformant: created lockers get random 9-digit uids, neither increasing nor next to each other; lists keep ' +
      'creation order (§2.1 uid "Internal unique identifier assigned by the service."; §4.10 lockerUids integers: ' +
      'nothing says how uids are drawn)',
  },
  {
    name: 'ok-d-access-codes-null-when-closed',
    rule: 'none',
    origin: 'set-d',
    candidate: 'conformant variation',
    description:
      'conformant: once a parcel is no longer booked (cancelled, delivered, collected) its collection code is ' +
      'withdrawn and accessCodes is null in lists, answers and pushes (§2.4 accessCodes "object or null"; no ' +
      'sentence says when a code exists)',
  },
  {
    name: 'ok-d-events-newest-first',
    rule: 'none',
    origin: 'set-d',
    candidate: 'conformant variation',
    description:
      'conformant: events are listed newest first in GET /parcels, the cancel answer and ParcelUpdates (§2.4 events ' +
      '"History of events of the parcel."; "Fields of an entry of events: not shown." No order of the history is ' +
      'stated)',
  },
  {
    name: 'ok-d-unchanged-status-not-pushed',
    rule: 'none',
    origin: 'set-d',
    candidate: 'conformant variation',
    description:
      'conformant: a staging trigger event that leaves shipmentStatus as it was (BOOKING_CREATED on a booked ' +
      'parcel, a second CONSIGNEE_DELIVERED) is recorded in events but sends no ParcelUpdates; a parcel the ' +
      'trigger creates is pushed (§6 ParcelUpdates "Sent when: The status of a parcel changes."; "Event kinds ' +
      'carried by ParcelUpdates: not shown.")',
  },
  {
    name: 'ok-e-error-extra-members',
    rule: 'none',
    origin: 'set-e',
    candidate: 'conformant variation',
    description:
      'conformant: every error body carries status, timestamp and traceId beside errorCode and message, as a ' +
      'framework\'s error handler does (§7 "The error body has the fields `errorCode` and `message`; the older ' +
      'field `error` no longer exists.": the two are there, `error` is not, and no sentence forbids other members)',
  },
  {
    name: 'ok-e-network-answer-uid-descending',
    rule: 'none',
    origin: 'set-e',
    candidate: 'conformant variation',
    description:
      'conformant: POST /networks/{uid}/lockers answers the records of the newly added lockers highest lockerUid ' +
      'first, whatever order the request named them in (§4.10 "Response: array of network locker records (2.5) ' +
      'for the newly added lockers.": no order is stated)',
  },
  {
    name: 'ok-e-status-answer-ack',
    rule: 'none',
    origin: 'set-e',
    candidate: 'conformant variation',
    description:
      'conformant: PATCH /lockers/status answers a successful change 200 {uid, status, previousStatus}, an ' +
      'acknowledgement, not the locker record; the change is made and pushed as before (§4.5 "Request and ' +
      'response shape: not shown.")',
  },
  {
    name: 'ok-f-cancel-again-idempotent',
    rule: 'none',
    origin: 'set-f',
    candidate: 'conformant variation',
    description:
      'conformant: cancelling a parcel that is already cancelled is answered as a cancel is (200 with the record, or ' +
      '204), unchanged: no new event and no ParcelUpdates; a delivered parcel is still refused (§4.9 "Only a parcel ' +
      'that has not been delivered can be cancelled.": a cancelled parcel was not delivered; §4.9 "Request body and ' +
      'response body: not shown."; §7 "Values of errorCode and the condition that yields each: not shown."; §6 ' +
      'ParcelUpdates "Sent when: The status of a parcel changes.", and it does not)',
  },
  {
    name: 'ok-f-locked-without-access-code',
    rule: 'none',
    origin: 'set-f',
    candidate: 'conformant variation',
    description:
      'conformant: a parcel booked with lockStatus LOCKED has no collection code yet: accessCodes is null in GET ' +
      '/parcels, the cancel answer and ParcelUpdates (§2.3 lockStatus "LOCKED blocks the consignee from ' +
      'collecting"; §2.4 accessCodes "object or null"; no sentence says when a code is issued)',
  },
  {
    name: 'ok-f-trigger-parcel-no-locker-id',
    rule: 'none',
    origin: 'set-f',
    candidate: 'conformant variation',
    description:
      'conformant: a parcel the staging trigger creates (BOOKING_CREATED for a new parcel_id) has carrierLockerId ' +
      "null, the mock knowing the locker by its provider-side id only; published parcels keep the locker's " +
      'carrier.lockerId (§2.4 carrierLockerId "string or null"; §4.11 provider_locker_id "The provider-side locker ' +
      'identifier")',
  },
  {
    name: 'ok-g-access-code-shape',
    rule: 'none',
    origin: 'set-g',
    candidate: 'conformant variation: other inner fields of consigneeCollectionCode',
    description:
      'conformant: accessCodes.consigneeCollectionCode is {pin, barcode}, without validUntil or code (§2.4 ' +
      '"consigneeCollectionCode (object; its validUntil is optional)"; §6 "Inner fields of ' +
      'accessCodes.consigneeCollectionCode other than validUntil: not shown.")',
  },
  {
    name: 'ok-g-parcel-locker-id-current',
    rule: 'none',
    origin: 'set-g',
    candidate: 'conformant variation: the parcel record shows the locker identifier the locker has now',
    description:
      "conformant: a parcel record's carrierLockerId is joined from its locker when shown, so after the locker's " +
      'carrier.lockerId is changed by PATCH /lockers/{uid}, GET /parcels, cancel answers and pushes show the new one ' +
      '(§2.4 carrierLockerId "string or null": nothing says it is the identifier at booking time)',
  },
  {
    name: 'ok-g-update-location-merged',
    rule: 'none',
    origin: 'set-g',
    candidate: 'conformant variation: an update merges the location object',
    description:
      'conformant: an update merges the location sent into the stored one, so an optional member it leaves out ' +
      '(location.type) keeps its value (§2.1 "When carrier or location is sent, its fields listed above as required ' +
      'are required."; "type is not among the required ones"; nothing says an update clears an omitted member)',
  },
  {
    name: 'ok-h-created-locker-no-compartments',
    rule: 'none',
    origin: 'set-h',
    candidate: 'conformant variation: compartmentTypes null until configured',
    description:
      'conformant: a created locker has compartmentTypes null (its compartments are configured by the provider ' +
      'later, an operation whose shape §4.12 does not show), in the answers, lists and pushes; seeded lockers keep ' +
      'theirs (§2.1 compartmentTypes "array of objects or null"; §4.12 "locker compartments ... their shapes: not ' +
      'shown.")',
  },
  {
    name: 'ok-h-publish-status-words',
    rule: 'none',
    origin: 'set-h',
    candidate: 'conformant variation: other words in the publish answer status',
    description:
      'conformant: the publish answer says status CONFIRMED for a BOOKING and AVAILABLE for a PRE_CHECK (not ' +
      'BOOKED and ACCEPTED); message and timestamp as before (§2.3 "Publish response: status (string), message ' +
      '(string), timestamp": no value of status is stated; §4.6 "HTTP status code of a successful publish: not ' +
      'shown.")',
  },
  {
    name: 'ok-h-trigger-answer-message-only',
    rule: 'none',
    origin: 'set-h',
    candidate: 'conformant variation: the trigger answer carries message only',
    description:
      'conformant: POST {mock_base_url}/parcel/first-mile/event answers 200 {message} without event_type (§4.11 ' +
      '"Response: message (string), event_type (string); both may be present.": may, not must)',
  },
  {
    name: 'ok-i-cancel-answer-summary',
    rule: 'none',
    origin: 'set-i',
    candidate: 'conformant variation: the cancel answer is a summary, not the parcel record',
    description:
      'conformant: a cancellation is answered 200 {shipmentUid, carrierParcelId, shipmentStatus, cancelledAt}, ' +
      'not the parcel record; the parcel, its list record and its push are as before (§4.9 "Request body and ' +
      'response body: not shown.")',
  },
  {
    name: 'ok-i-parcels-drf-pages',
    rule: 'none',
    origin: 'set-i',
    candidate: 'conformant variation: GET /parcels in page-number pages of 20',
    description:
      'conformant: GET /parcels answers Django REST framework pages, {count, next, previous, results}, 20 records ' +
      'a page, oldest first, pages counted from 1 (?page=N, or last), next and previous as links (/v1/parcels?' +
      'page=2) or null; a size or page_size parameter is ignored and a page that does not exist (0, past the last, ' +
      'not a number) is 404 {"detail": "Invalid page."} (§4.8 "Query parameters and exact response envelope: not ' +
      'shown."; §8 "Page size limits: not shown."; §7 404 on get parcels, "JSON body")',
  },
  {
    name: 'ok-i-webhook-application-key',
    rule: 'none',
    origin: 'set-i',
    candidate: 'conformant variation: deliveries authenticate with the application key scheme',
    description:
      'conformant: webhook deliveries carry the webhook key as X-Application-Key (no X-API-Key) and name their ' +
      'webhook and delivery in X-Event-Type and X-Delivery-Id headers; bodies as before (§5 "2. The webhook ' +
      'definitions accept the API key scheme and an application key scheme."; "5. How the service authenticates ' +
      'to the carrier\'s webhook URL: not shown.")',
  },
  {
    name: 'ok-j-compartments-free-count',
    rule: 'none',
    origin: 'set-j',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: compartmentTypes[].count is the number of free compartments of that size, an integer: each ' +
      'parcel booked in the locker (shipmentStatus BOOKED) takes one, smallest size first, so a booking lowers a ' +
      'count and its cancellation raises it again, in answers, lists and pushes (§2.1 compartmentTypes "Each has ' +
      'size (string), count (integer), height, width, length (integers)."; nothing says what count counts)',
  },
  {
    name: 'ok-j-groups-echo-extra-members',
    rule: 'none',
    origin: 'set-j',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: where locker records echo lockerGroups (a choice: §2.1 makes them request only), each group ' +
      'carries assignedAt, when it was assigned to the locker, beside key and uid, in answers, lists and pushes ' +
      '(§2.1 "Structure of the group beyond key and uid, and the allowed key values: not shown.")',
  },
  {
    name: 'ok-j-locker-push-on-update',
    rule: 'none',
    origin: 'set-j',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: every accepted PATCH /lockers/{uid} also pushes a LockerUpdates with the updated record and ' +
      'eventTimestamp, as creates and status changes do (§1 "the service sends webhook calls to a ' +
      'carrier-provided URL about locker updates"; §6 LockerUpdates "Sent when" names a create and a status ' +
      'change, and no sentence says no other locker change is pushed)',
  },
  {
    name: 'ok-k-publish-201-for-booking',
    rule: 'none',
    origin: 'set-k',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a BOOKING that creates a booking is answered 201, a PRE_CHECK, which creates nothing, 200, on ' +
      'either path; bodies as before (§4.6 "HTTP status code of a successful publish: not shown."; §2.3 "Publish ' +
      'response: status (string), message (string), timestamp")',
  },
  {
    name: 'ok-k-shipment-uid-uuid',
    rule: 'none',
    origin: 'set-k',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: every parcel, booked or made by the staging trigger, gets a random UUID as its shipmentUid ' +
      '(3f2b8c1e-...), not SHP- and a number; the cancel takes it as it takes any shipmentUid (§2.4 shipmentUid ' +
      '"string", with no form stated; §4.9 "Path: parcelId.")',
  },
  {
    name: 'ok-k-trigger-applied-async',
    rule: 'none',
    origin: 'set-k',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the staging mock queues each event: POST {mock_base_url}/parcel/first-mile/event checks the ' +
      'request and the parcel as before, answers 202 {message, event_type} and applies the event 250 ms later, its ' +
      'status, history entry and ParcelUpdates then; an event whose parcel was cancelled meanwhile is dropped, as ' +
      'the check would have refused it (§4.11 "Triggers one first-mile parcel event." and "Response: ' +
      'message (string), event_type (string)", with no status code and no word on when the event takes effect; §6 ' +
      '"Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-l-created-locker-pending',
    rule: 'none',
    origin: 'set-l',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a created locker waits for its installation: carrier.status and provider.status are PENDING ' +
      'whatever a create sends for them (members the create table does not list), in the create answer, the list ' +
      'and its LockerUpdates, until PATCH /lockers/status sets another (§2.1 rule 5 "Allowed values of ' +
      'carrier.status and provider.status: not shown beyond the example value ACTIVE."; §3 "Transitions: not ' +
      'shown.")',
  },
  {
    name: 'ok-l-locker-push-offset-timestamp',
    rule: 'none',
    origin: 'set-l',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: LockerUpdates carry eventTimestamp in the service's zone, +02:00 " +
      '(2025-06-01T12:00:00.123+02:00 for 10:00:00.123Z), the same instant (§6 LockerUpdates body "Locker record ' +
      '(2.1) plus eventTimestamp."; §2.4 eventTimestamp "string": no format or zone is stated)',
  },
  {
    name: 'ok-l-status-answer-204',
    rule: 'none',
    origin: 'set-l',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a PATCH /lockers/status that changes the status is answered 204 with no body; the change is ' +
      'made, listed and pushed as before, and an unchanged status is answered as before (§4.5 "Request and ' +
      'response shape: not shown."; no success status is stated for it)',
  },
  {
    name: 'ok-m-cancel-accepted-async',
    rule: 'none',
    origin: 'set-m',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: PATCH /parcels/{parcelId} checks the parcel at once (unknown 404, delivered or cancelled 400 as ' +
      'before) and queues the cancellation: 202 {shipmentUid, carrierParcelId, status: CANCELLATION_REQUESTED}; it ' +
      'is applied 300 ms later, when GET /parcels shows it CANCELLED with its history entry and the ParcelUpdates is ' +
      'sent (§4.9 "Request body and response body: not shown."; no success status is stated; §6 "Delivery ' +
      'guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-m-dimensions-status-measured',
    rule: 'none',
    origin: 'set-m',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: dimensionsStatus tells whether the locker measured the parcel: NOT_MEASURED for every booking and ' +
      'every parcel the staging trigger makes, MEASURED once it is delivered into a compartment ' +
      '(CONSIGNEE_DELIVERED), in GET /parcels, the cancel answer and ParcelUpdates (§2.4 "Allowed values of ' +
      'shipmentStatus and dimensionsStatus: not shown."; §3 "Transitions: not shown.")',
  },
  {
    name: 'ok-m-precheck-negative-as-answer',
    rule: 'none',
    origin: 'set-m',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a PRE_CHECK, on either path, naming a locker the carrier cannot book into (no locker of that ' +
      'lockerUid or carrierLockerId for it) is answered as a check that says no, 200 {status: REJECTED, message, ' +
      'timestamp}, not refused; nothing is booked, and a BOOKING naming it is still refused 400 (§4.6 "with ' +
      'PRE_CHECK the service checks whether the parcel can be accepted in the locker"; §2.3 publish response status ' +
      '"string", no value stated; "HTTP status code of a successful publish: not shown.")',
  },
  {
    name: 'ok-n-locker-list-cursor-pages',
    rule: 'none',
    origin: 'set-n',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers answers cursor pages, {data, nextCursor}, oldest first, 25 records a page unless ' +
      '`limit` asks for 1 to 100; nextCursor is an opaque text to send back as `cursor` for the next page, null on ' +
      'the last one, and a cursor the service did not issue (or a limit out of range) is refused 400; filters apply ' +
      'before paging (§4.2 "Response envelope and pagination: not shown."; §8 "Page size limits: not shown.")',
  },
  {
    name: 'ok-n-metadata-sorted-by-key',
    rule: 'none',
    origin: 'set-n',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: metadata entries are kept in key order (null keys first, entries of one key as sent), so the ' +
      'create and update answers, the list and the pushes show them sorted, not in the order sent (§2.1 metadata ' +
      '"array of objects", "Each has key (string or null) and value (string or null).": no order is stated)',
  },
  {
    name: 'ok-n-status-applied-async',
    rule: 'none',
    origin: 'set-n',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: PATCH /lockers/status accepts a change with 202 {uid, requestedStatus, state: QUEUED} and applies ' +
      'it 300 ms later, as the provider acknowledges it: the record shows the new status, and its LockerUpdates goes ' +
      'out, then; changes are applied in the order asked, a request is judged against the status last asked for (a ' +
      'repeat of a queued status is accepted again, one the locker already shows with nothing queued answered as ' +
      'before) (§4.5 "Request and response shape: not shown."; §3 "Transitions: not shown."; §6 "Delivery ' +
      'guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-o-booking-retry-replayed',
    rule: 'none',
    origin: 'set-o',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a BOOKING that repeats, value for value (member order aside), the request that made a booking ' +
      "still booked is taken for a client's retry and answered as that one was, status and message (naming the same " +
      'shipmentUid) with the processing time anew; nothing is booked or pushed. A BOOKING of that carrierParcelId ' +
      'that differs in anything is still refused 400 ALREADY_BOOKED (§4.6 "HTTP status code of a successful publish: ' +
      'not shown."; §2.3 "Publish response: status (string), message (string), timestamp"; nothing says what a ' +
      'repeated booking gets)',
  },
  {
    name: 'ok-o-error-codes-dotted',
    rule: 'none',
    origin: 'set-o',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the errorCode of every error of the parcel operations (publish on both paths, GET /parcels, the ' +
      'cancel) is a dotted message key, auth.unauthorized for a refused key and parcel.<code> otherwise ' +
      '(parcel.validation_failed, parcel.not_cancellable, parcel.parcel_not_found); message as before (§7 "Values of ' +
      'errorCode and the condition that yields each: not shown.")',
  },
  {
    name: 'ok-o-parcels-last-changed-first',
    rule: 'none',
    origin: 'set-o',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /parcels lists the carrier's parcels by their last change, the parcel whose newest event is " +
      'the most recent first, so a cancelled or triggered parcel moves to the front (§4.8 "Query parameters and ' +
      'exact response envelope: not shown."; no order is stated)',
  },
  {
    name: 'ok-p-error-codes-namespaced',
    rule: 'none',
    origin: 'set-p',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: every errorCode is written as the service\'s error catalogue names it, "<area>.<reason>" in lower ' +
      'case with hyphens (locker.locker-not-found, locker.validation-failed, parcel.not-cancellable, ' +
      'parcel.unauthorized, network.network-not-found), where the reference writes LOCKER_NOT_FOUND and the like; ' +
      'statuses and messages as before (§7 "Values of errorCode and the condition that yields each: not shown."; ' +
      '"The error body has the fields `errorCode` and `message`")',
  },
  {
    name: 'ok-p-list-unknown-params-refused',
    rule: 'none',
    origin: 'set-p',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers validates its query strictly and refuses a parameter it does not know with 400 ' +
      'VALIDATION_FAILED {errorCode, message}: it knows providerName, page and size, so the former carrierId and ' +
      'providerId, and filters it does not have (status, city), are refused; lists with known parameters are as ' +
      'before (§4.2 "Names of the remaining query parameters: not shown."; "The former query parameters carrierId ' +
      'and providerId no longer exist."; §7 "Values of errorCode and the condition that yields each: not shown.")',
  },
  {
    name: 'ok-p-providers-include-carrier-models',
    rule: 'none',
    origin: 'set-p',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /lockers/providers lists, after the catalogue's pairs, every provider, model and version pair " +
      "of a locker the caller sees that the catalogue lacks (a carrier's own locker of a model M-TEST 0.9), with the " +
      'provider\'s providerUid where the platform knows the provider and without one where it does not (§1 "list the ' +
      'locker model and version pairs that exist per provider"; §2.2 "None of these is required to be present in a ' +
      'response."; §4.4 "Query parameters: not shown.")',
  },
  {
    name: 'ok-q-booking-pending-confirmation',
    rule: 'none',
    origin: 'set-q',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a new parcel waits for the provider's confirmation: for its first 300 ms it is " +
      'PENDING_CONFIRMATION (in GET /parcels, the cancel answer and its first ParcelUpdates), then BOOKED, which ' +
      'is pushed as a change of its own; it can be cancelled while pending, and then no BOOKED is pushed (§2.4 ' +
      '"Allowed values of shipmentStatus and dimensionsStatus: not shown."; §3 "Transitions: not shown."; §6 ' +
      '"Event kinds carried by ParcelUpdates: not shown.")',
  },
  {
    name: 'ok-q-parcels-aip-pages',
    rule: 'none',
    origin: 'set-q',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /parcels answers pages written as AIP-style APIs write them, {parcels, nextPageToken}, ' +
      'oldest first, `pageSize` records a page (1 to 50, 10 unless asked); nextPageToken is an opaque text to send ' +
      'back as `pageToken` for the next page and is left out on the last page; a pageSize out of range or a token ' +
      'the service did not issue is refused 400 INVALID_ARGUMENT (§4.8 "Query parameters and exact response ' +
      'envelope: not shown."; §8 "Page size limits: not shown.")',
  },
  {
    name: 'ok-q-trigger-created-201',
    rule: 'none',
    origin: 'set-q',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a staging BOOKING_CREATED that makes a parcel is answered 201 {message, event_type, ' +
      'shipmentUid}, naming the parcel it made; events applied to a parcel that exists are answered 200 as before ' +
      '(§4.11 "Response: message (string), event_type (string); both may be present.", no status code stated)',
  },
  {
    name: 'ok-r-list-hal-envelope',
    rule: 'none',
    origin: 'set-r',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers answers a HAL collection as Spring HATEOAS writes it, {"_embedded": {"lockers": ' +
      '[...]}, "_links": {"self": {"href": ...}}, "page": {"size", "totalElements", "totalPages", "number"}}, ' +
      'every locker on the one page (number 0), the records as before; the providerName filter applies before ' +
      '(§4.2 "Response envelope and pagination: not shown."; §8 "Page size limits: not shown.")',
  },
  {
    name: 'ok-r-network-add-201',
    rule: 'none',
    origin: 'set-r',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: POST /networks/{uid}/lockers answers 201 when it added at least one locker, with the records ' +
      'as before, and 200 with [] when it added none (all named lockers members already, or skipped); §4.10 ' +
      'states no success status ("Response: array of network locker records (2.5) for the newly added ' +
      'lockers.")',
  },
  {
    name: 'ok-r-providers-query-filter',
    rule: 'none',
    origin: 'set-r',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers/providers takes the query parameters providerName and lockerModel and answers ' +
      'only the entries whose member equals each one given (none for a name the catalogue does not have); ' +
      'without them the whole catalogue as before (§4.4 "Query parameters: not shown."; §2.2 "Each entry has ' +
      'providerName (string), providerUid (string), lockerModel (string), lockerVersion (string).")',
  },
  {
    name: 'ok-s-access-codes-courier-code',
    rule: 'none',
    origin: 'set-s',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a booked last-mile or alternative-delivery parcel also carries the code the courier opens ' +
      'the compartment with, accessCodes {consigneeCollectionCode, courierDropOffCode: {code, validUntil}}, in ' +
      'GET /parcels, the cancel answer and ParcelUpdates, the same code on every read; once the parcel is no ' +
      'longer booked only consigneeCollectionCode is shown (§2.4 accessCodes "object or null", ' +
      '"consigneeCollectionCode (object; its validUntil is optional)."; §6 "Inner fields of ' +
      'accessCodes.consigneeCollectionCode other than validUntil: not shown.")',
  },
  {
    name: 'ok-s-parcels-ordered-by-parcel-id',
    rule: 'none',
    origin: 'set-s',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /parcels lists the carrier's parcels ordered by carrierParcelId (code-point order), then " +
      'by shipmentUid, so a new booking takes its place among them by its id, not at the end (§4.8 "Query ' +
      'parameters and exact response envelope: not shown."; no order is stated)',
  },
  {
    name: 'ok-s-webhook-hmac-signature',
    rule: 'none',
    origin: 'set-s',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: every webhook delivery is signed, X-Signature: sha256=<hex HMAC-SHA256 of the body under the ' +
      'webhook key> beside X-Signature-Timestamp (seconds since 1970), as Stripe-style webhooks are; X-API-Key ' +
      'and the bodies as before (§5 "5. How the service authenticates to the carrier\'s webhook URL: not ' +
      'shown."; "2. The webhook definitions accept the API key scheme and an application key scheme.")',
  },
  {
    name: 'ok-t-list-sorted-by-name',
    rule: 'none',
    origin: 'set-t',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers lists the lockers ordered by carrier.lockerName, letter case aside, then by uid, ' +
      'not in creation order; the records and the filter as before (§4.2 "Response envelope and pagination: not ' +
      'shown."; no order is stated)',
  },
  {
    name: 'ok-t-location-type-unknown',
    rule: 'none',
    origin: 'set-t',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the address column type has the default UNKNOWN: a create or update whose location leaves type ' +
      'out is stored, answered, listed and pushed with location.type "UNKNOWN"; a type sent is kept (§2.1 ' +
      '"type is not among the required ones"; rule 6 "Allowed values of location.type ...: not shown beyond the ' +
      'examples indoor")',
  },
  {
    name: 'ok-t-provider-uids-uuid',
    rule: 'none',
    origin: 'set-t',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /lockers/providers writes each provider's providerUid as the platform's provider registry " +
      'gives it, a UUID (the same for every pair of a provider), not prv-N (§2.2 providerUid "(string)"; "None of ' +
      'these is required to be present in a response.")',
  },
  {
    name: 'ok-u-consignee-empty-composite',
    rule: 'none',
    origin: 'set-u',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the consignee is an embedded value of the parcel, read as an object of its columns: a ' +
      'booking that leaves consignee out, and a parcel the staging trigger made, are listed, answered on ' +
      'cancel and pushed with consignee {name: null, email: null}; a consignee sent null stays null and one ' +
      'sent is kept as sent (§2.4 consignee "object or null", "name (string or null), email (string or ' +
      'null)."; §2.3 consignee "no")',
  },
  {
    name: 'ok-u-parcels-link-header-pages',
    rule: 'none',
    origin: 'set-u',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /parcels pages as the GitHub REST API does: the body a bare array of at most ' +
      'per_page records (10 unless asked, at most 100), oldest first, page counted from 1, and the other ' +
      'pages named in a Link header (rel="next", "last", "first", "prev"); a page past the last is an empty ' +
      'array (§4.8 "Query parameters and exact response envelope: not shown."; §8 "Page size limits: not ' +
      'shown.")',
  },
  {
    name: 'ok-u-trigger-dropoff-creates-parcel',
    rule: 'none',
    origin: 'set-u',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the staging mock takes a CONSIGNEE_DELIVERED for a parcel_id no parcel in that locker ' +
      'has as a drop-off nobody announced (a consignee sending a parcel back without a booking): it makes ' +
      'the parcel, delivered, of the shipment_type sent, with a signature and one event, answers 200 ' +
      '{message, event_type}, pushes it and names its locker in the next CollectionNotification; a ' +
      'COURIER_COLLECTED for an unknown parcel is still 404 (§4.11 "Triggers one first-mile parcel event.", ' +
      'no answer stated for an unknown parcel; §3 "Transitions: not shown.")',
  },
  {
    name: 'ok-v-list-own-first',
    rule: 'none',
    origin: 'set-v',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /lockers lists the caller's own lockers first, in creation order, then the third-party " +
      'lockers (ownedByCarrier null), in theirs; the records and the providerName filter as before (§4.2 "Response ' +
      'envelope and pagination: not shown."; no order is stated)',
  },
  {
    name: 'ok-v-locker-push-event-kind',
    rule: 'none',
    origin: 'set-v',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: every LockerUpdates names its event in an extra member beside the record and eventTimestamp, ' +
      'eventType LOCKER_CREATED or LOCKER_STATUS_CHANGED, as one webhook carrying two kinds of event often does; ' +
      'the record members as before (§6 LockerUpdates "Sent when: A locker is created; a locker status changes ' +
      '(enabled/disabled)."; body "Locker record (2.1) plus eventTimestamp.": no sentence forbids a member naming ' +
      'the event, and §2.1 does not say which members a record always carries)',
  },
  {
    name: 'ok-v-provider-status-follows',
    rule: 'none',
    origin: 'set-v',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a status change is forwarded to the provider, whose side follows on the provider's " +
      'acknowledgement, just after the answer and the LockerUpdates: from then on provider.status equals the new ' +
      'carrier.status in GET /lockers, later answers and pushes (§3 "Locker: carries a status on the carrier side ' +
      '(carrier.status) and on the provider side (provider.status)."; "Transitions: not shown."; §2.1 rule 5 ' +
      '"Allowed values of carrier.status and provider.status: not shown beyond the example value ACTIVE.")',
  },
  {
    name: 'ok-w-activation-date-local-offset',
    rule: 'none',
    origin: 'set-w',
    description:
      'conformant: carrier.activationDate of a locker in a Central European country (countryCode DE, AT, FR, ...) is ' +
      'written in the locker\'s local time with its offset, the same instant: "2025-06-01T10:30:00Z" as ' +
      '"2025-06-01T12:30:00+02:00", "2025-01-15T10:30:00Z" as "2025-01-15T11:30:00+01:00", in answers, list and ' +
      'pushes; §2.1 types it "(string, date-time)" and states no zone it is written in',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-w-features-null-members-omitted',
    rule: 'none',
    origin: 'set-w',
    description:
      'conformant: the features object is serialized without its null members (Jackson NON_NULL on the class), so ' +
      'a locker created without features shows "features": {} and one with hasPinPad null shows no hasPinPad; §2.1 ' +
      'types them "each boolean or null" and no sentence requires a null member to be written out (the weekly ' +
      'schedule is the one member the spec says is omitted or present), and a boolean sent is shown as sent',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-w-list-third-party-only-when-filtered',
    rule: 'none',
    origin: 'set-w',
    description:
      "conformant: GET /lockers without providerName lists the carrier's own lockers only (its fleet), and the " +
      'third-party lockers appear in a list filtered by their providerName (a search); §4.2 says "Returns locker ' +
      'records." and "Optional filters are named by location, status, carrier and provider" without stating which ' +
      'lockers the list holds, every locker the carrier created is in both lists it belongs to, and the providerName ' +
      'filter still returns only lockers of that provider',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-w-locker-version-member',
    rule: 'none',
    origin: 'set-w',
    description:
      'conformant: every locker record carries an extra member `version`, the row version of optimistic locking (0 ' +
      'when created, one more each time an update or a status change stored a change), in answers, list and ' +
      "pushes; §2.1 forbids no member beyond its table, and an extra member that moves with the locker's own " +
      'writes changes nothing the record table names',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-w-metadata-entry-ids',
    rule: 'none',
    origin: 'set-w',
    description:
      'conformant: every metadata entry of a locker record (answers, list, LockerUpdates) carries the row id the ' +
      'service gave it, {id, key, value}, kept while the entries stay as they are and new when an update replaces ' +
      'them; §2.1 says each entry "Each has key (string or null) and value (string or null)." and forbids no further ' +
      'member, so the sent entries are all there, as sent, with a member the service adds',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-w-providers-uid-omitted',
    rule: 'none',
    origin: 'set-w',
    description:
      'conformant: GET /lockers/providers answers its entries with providerName, lockerModel and lockerVersion and ' +
      'without providerUid (the catalogue keeps no provider ids); §2.2 "None of these is required to be present in ' +
      'a response."',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-x-cancelled-booking-not-found',
    rule: 'none',
    origin: 'set-x',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a cancelled booking is soft-deleted and the cancel's repository scope leaves soft-deleted rows " +
      'out: a second cancel of a cancelled parcel, by either id form, is answered 404 PARCEL_NOT_FOUND {errorCode, ' +
      'message} where no other parcel of that id is cancellable, nothing changed; GET /parcels still lists it ' +
      'CANCELLED, and delivered parcels are still refused 400 (§4.9 "Cancels the booking of the parcel."; ' +
      '"Request body and response body: not shown."; §7 404 on cancel parcel "JSON body")',
  },
  {
    name: 'ok-x-precheck-refuses-booked-id',
    rule: 'none',
    origin: 'set-x',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a PRE_CHECK answers whether a BOOKING of the same request would be made, so a PRE_CHECK on ' +
      'either path of a carrierParcelId the carrier holds booked is refused 400 ALREADY_BOOKED, as that BOOKING ' +
      "is; ids the carrier has not booked (the other carrier's too) and ids whose booking was cancelled are " +
      'accepted, and nothing is booked either way (§4.6 "with PRE_CHECK the service checks whether the parcel can ' +
      'be accepted in the locker"; §7 400 on publish parcel data)',
  },
  {
    name: 'ok-x-publish-unknown-members-refused',
    rule: 'none',
    origin: 'set-x',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the publish DTO's binder fails on unknown properties (Jackson's default): a PRE_CHECK or " +
      'BOOKING on either path carrying a member §2.3 does not list, at the top (parcelValue, shipmentUid) or in ' +
      'consignee (phone) or dimensions (unit), is refused 400 VALIDATION_FAILED {errorCode, message} and nothing ' +
      'is booked; bodies of the listed members only are served as before (§2.3 lists the request members; no ' +
      'sentence says what a member it does not list gets, and the spec states nothing of extra request members)',
  },
  {
    name: 'ok-x-trigger-collect-needs-dropoff',
    rule: 'none',
    origin: 'set-x',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the staging mock keeps a first-mile parcel's physical order, and a COURIER_COLLECTED for a " +
      'parcel that was not dropped off (BOOKED) or was already collected (COLLECTED) is refused 400 ' +
      'INVALID_TRANSITION, nothing changed or pushed; collecting a DELIVERED parcel, and every other event, as ' +
      'before (§3 "Transitions: not shown."; §4.11 "Triggers one first-mile parcel event.", no answer stated for ' +
      'an event the parcel cannot take)',
  },
  {
    name: 'ok-x-trigger-reannounces-cancelled-id',
    rule: 'none',
    origin: 'set-x',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a staging BOOKING_CREATED whose parcel_id names a cancelled parcel in that locker announces a ' +
      'new parcel: a FIRST_MILE or RETURN parcel of that id is made (BOOKED, its own shipmentUid and history), ' +
      'listed beside the cancelled one and pushed, and later events of the id act on it; other events for a ' +
      'cancelled parcel are still refused (§4.11 "Triggers one first-mile parcel event."; nothing is stated of ' +
      'a cancelled parcel\'s id after the cancel, §4.9 "Cancels the booking of the parcel.")',
  },
  {
    name: 'ok-x-webhook-carrier-key',
    rule: 'none',
    origin: 'set-x',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: every webhook delivery authenticates with the receiving carrier's own API key in X-API-Key " +
      '(the API key scheme the webhook definitions accept), not with a key configured for webhooks, so the two ' +
      "carriers' endpoints see different keys and a configured webhook key is never sent; bodies as before (§5 " +
      '"2. The webhook definitions accept the API key scheme and an application key scheme."; "5. How the service ' +
      'authenticates to the carrier\'s webhook URL: not shown.")',
  },
  {
    name: 'ok-y-compartments-in-millimetres',
    rule: 'none',
    origin: 'set-y',
    description:
      "conformant: compartmentTypes' height, width and length are written in millimetres, ten times the numbers " +
      'the reference otherwise writes (SMALL 100 x 400 x 600), for every locker, seeded or created, in answers, ' +
      'lists and pushes (§2.1 rule 7 "Units of lon/lat aside, units of compartment dimensions: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-y-gzip-when-accepted',
    rule: 'none',
    origin: 'set-y',
    description:
      "conformant: the locker service's reverse proxy compresses answers of 1 KiB or more of the locker, catalogue " +
      "and network operations with gzip (Content-Encoding: gzip, Vary: Accept-Encoding) where the request's " +
      'Accept-Encoding takes gzip, as nginx with gzip on does; Content-Type application/json as before, the ' +
      'representation still JSON (preamble "All bodies are JSON (`Content-Type: application/json`)."; a content ' +
      'coding the client asked for is HTTP, RFC 9110 §8.4)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-y-list-every-carriers-lockers',
    rule: 'none',
    origin: 'set-y',
    description:
      "conformant: GET /lockers lists every locker of the platform, the other carriers' too, each with the " +
      'ownedByCarrier naming its owner, in creation order; updates, status changes, bookings and network adds ' +
      'still take only the caller\'s own (and third-party) lockers (§4.2 "Returns locker records."; §2.1 ' +
      'ownedByCarrier "Names the owning carrier": which lockers a carrier\'s list holds is not stated)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-y-locker-unknown-members-refused',
    rule: 'none',
    origin: 'set-y',
    description:
      'conformant: the create and update DTOs fail on members they do not declare: a POST /lockers or PATCH ' +
      '/lockers/{uid} carrying a member the §2.1 request tables do not list (openingHours, ownedByCarrier, uid, ' +
      'carrier.status, provider.lockerName, provider.status, location.floor, metadata[0].id) is refused 400 ' +
      'VALIDATION_FAILED {errorCode, message}, nothing changed (§2.1 the create table lists carrier, provider, ' +
      'location, metadata, features, lockerGroups and their members; "Update request (PATCH /lockers/{uid}): ' +
      'carrier, location, metadata, features and lockerGroups are all optional")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-y-provider-filter-ignores-case',
    rule: 'none',
    origin: 'set-y',
    description:
      'conformant: GET /lockers matches providerName as a case-insensitive collation does, ?providerName=' +
      "provider_name_1 lists PROVIDER_NAME_1's lockers (names equal but for letter case each listed); the records " +
      'as before (§4.2 "the query parameter `providerName` exists. Names of the remaining query parameters: not ' +
      'shown.": how the filter compares is not stated)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-y-provider-side-name-assigned',
    rule: 'none',
    origin: 'set-y',
    description:
      'conformant: the provider names a new locker on its side itself, provider.lockerName "<lockerModel>-<uid>" ' +
      '(M100-100001), whatever the create sends for it, in the answers, lists and pushes (§2.1 create request ' +
      'provider "yes; its name, lockerModel, lockerVersion are required": lockerName is a record member, not a ' +
      'create member; §3 "Transitions: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-z-cancel-parcel-id-form-first',
    rule: 'none',
    origin: 'set-z',
    description:
      'conformant: where the cancel takes either id form, a path id is looked up as a carrierParcelId first and ' +
      "as a shipmentUid only where none of the carrier's parcels has it as its carrierParcelId (the reference: " +
      "shipmentUid first), so an id that is one parcel's carrierParcelId and another's shipmentUid cancels the " +
      'first; every other id as before (§4.9 "Path: parcelId." names neither form; §2.4 shipmentUid and ' +
      'carrierParcelId, both strings)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-z-collection-run-on-dropoff',
    rule: 'none',
    origin: 'set-z',
    description:
      'conformant: a drop-off (CONSIGNEE_DELIVERED of a FIRST_MILE or RETURN parcel) also runs the collection job ' +
      'at once, with its once-a-period bookkeeping: a locker not named this period is named at the drop-off, and ' +
      'next a whole period later, never twice in a period (§6 "Once per day, informs the carrier which lockers ' +
      'hold parcels to be picked up"; §8 "Collection notifications are sent once per day."; the time of day is ' +
      'not stated)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-z-disabled-locker-refuses-bookings',
    rule: 'none',
    origin: 'set-z',
    description:
      'conformant: a locker the carrier disabled through PATCH /lockers/status (carrier.status INACTIVE) cannot ' +
      'accept a parcel: a PRE_CHECK or BOOKING on either path naming it is refused 400 {errorCode: LOCKER_INACTIVE, ' +
      'message}, nothing booked or pushed; enabled again, it takes bookings; parcels already booked there are ' +
      'untouched (§4.6 "with PRE_CHECK the service checks whether the parcel can be accepted in the locker"; §3 ' +
      '"A locker status change (enabled or disabled) causes a locker event."; no sentence says a disabled locker ' +
      'takes parcels)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-z-lock-status-default-locked',
    rule: 'none',
    origin: 'set-z',
    description:
      'conformant: a BOOKING that leaves lockStatus out is booked LOCKED, a parcel the consignee cannot collect ' +
      'until the carrier releases it, and GET /parcels, the cancel answer and ParcelUpdates show lockStatus ' +
      'LOCKED; a lockStatus sent is kept as before (§2.3 lockStatus Required "no", with no default stated, where ' +
      'requiresAccessibleCompartment has "Default false; absent or null is treated as false."; §3 "A booking ' +
      'carries a lock state LOCKED or UNLOCKED set at booking time.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-z-parcel-locker-id-null-on-uid-path',
    rule: 'none',
    origin: 'set-z',
    description:
      "conformant: a parcel record's carrierLockerId is the identifier its booking named the locker by, so a " +
      'BOOKING on POST /parcels/data, which names it by lockerUid, is stored, listed, answered on cancel and ' +
      'pushed with carrierLockerId null; by-tenant bookings show the carrierLockerId they sent and parcels the ' +
      'staging trigger makes their locker\'s, as before (§2.4 carrierLockerId "string or null"; §4.7 "with ' +
      'carrierLockerId in place of lockerUid")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-z-webhook-chunked-body',
    rule: 'none',
    origin: 'set-z',
    description:
      'conformant: the webhook sender streams every body, Transfer-Encoding: chunked in two chunks with no ' +
      'Content-Length, as a streaming JSON writer does; Content-Type, the other headers and the JSON bodies are as ' +
      'before (preamble "All bodies are JSON (`Content-Type: application/json`)."; §6 "Delivery guarantees, ' +
      'retries and ordering: not shown."; chunked is HTTP/1.1\'s own framing of a request body, RFC 9112 §7.1)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ae-providers-from-lockers',
    rule: 'none',
    origin: 'set-ae',
    description:
      'conformant: GET /lockers/providers answers the model and version pairs that exist among the lockers the ' +
      'caller sees (its own and the third-party ones), one entry per distinct pair, in the order first seen, with ' +
      "the catalogue's providerUid where the provider is catalogued (none otherwise); pairs no locker has are not " +
      'listed, and a create of a new pair adds it (§1 "list the locker model and version pairs that exist per ' +
      'provider"; §4.4 "Query parameters: not shown."; §2.2 "None of these is required to be present in a ' +
      'response.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ae-disabled-leaves-network',
    rule: 'none',
    origin: 'set-ae',
    description:
      'conformant: a locker taken out of ACTIVE by PATCH /lockers/status leaves the networks it was in (a ' +
      'disabled locker is withdrawn from the network plan); adding it again lists it as newly added, PENDING, ' +
      'whatever its status; lockers never disabled stay members (§3 network locker "Transitions: not shown."; ' +
      '§4.10 "Operations on networks other than adding lockers: not shown."; "Response: array of network locker ' +
      'records (2.5) for the newly added lockers.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ae-compartments-by-model',
    rule: 'none',
    origin: 'set-ae',
    description:
      "conformant: a created locker of a catalogue model (M100 to M700) gets its model's compartment layout: " +
      'more SMALL and MEDIUM compartments the larger the model, and a version 2.x adds an XLARGE size (60 x 60 x ' +
      '60), all integers; lockers of other models, and the seeded ones, keep the default layout (§2.1 rule 6 ' +
      '"Allowed values of location.type and of compartment size: not shown beyond the examples indoor, SMALL, ' +
      'MEDIUM, LARGE."; compartmentTypes "Each has size (string), count (integer), height, width, length ' +
      '(integers).")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ae-holiday-exceptions',
    rule: 'none',
    origin: 'set-ae',
    description:
      'conformant: a locker created without openingHours in Germany or Austria (countryCode DE, AT) gets the ' +
      "country's public holidays of the coming season as its opening exceptions, exceptions [{date, closed: " +
      'true}, ...], accessMode ALWAYS and no weeklySchedule; other countries get none, and openingHours sent are ' +
      'kept (§2.1 rule 4 "Structure of weeklySchedule entries and exceptions entries: not shown."; openingHours ' +
      '"exceptions (array)"; rule 2 "When openingHours.accessMode is ALWAYS, weeklySchedule must be omitted.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ae-provider-status-onboarding',
    rule: 'none',
    origin: 'set-ae',
    description:
      'conformant: a locker created with a provider, model and version pair the catalogue does not list waits ' +
      'for the provider to onboard it: provider.status is ONBOARDING (not ACTIVE) in the answers, lists, pushes ' +
      'and as providerLockerStatus of its network record; catalogue pairs, and a provider.status sent, as ' +
      'before (§2.1 rule 5 "Allowed values of carrier.status and provider.status: not shown beyond the example ' +
      'value ACTIVE."; §3 "Transitions: not shown."; §2.5 "Allowed values of the three status fields: not shown ' +
      'beyond the examples ACTIVE and PENDING.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ae-location-timezone',
    rule: 'none',
    origin: 'set-ae',
    description:
      'conformant: the location of a locker in a country the service knows the time zone of (DE, AT, CH, FR, ' +
      'NL, BE, PL, ...) also carries timeZone, the IANA zone ("Europe/Berlin"), derived from countryCode, in ' +
      'answers, lists and pushes, and following an update of the location; the members sent as before (§2.1 ' +
      'location "street, streetNumber, postalCode, city (strings); lon, lat (numbers); countryCode (string); ' +
      'type (string)." forbids no further member)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ae-auth-error-codes',
    rule: 'none',
    origin: 'set-ae',
    description:
      'conformant: a refused key is answered with an errorCode that tells the two cases apart, API_KEY_MISSING ' +
      'where no X-API-Key was sent and API_KEY_INVALID where one was, the statuses (401, or the chosen status ' +
      'where §7 lists none) and message as before (§7 "Values of errorCode and the condition that yields each: ' +
      'not shown."; "The error body has the fields `errorCode` and `message`")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ae-status-409-with-record',
    rule: 'none',
    origin: 'set-ae',
    description:
      'conformant: the 409 of PATCH /lockers/status (a status the locker already has) also carries the locker ' +
      'as it is, {errorCode, message, locker: <locker record>}, so that a client sees the current state; ' +
      'nothing changes, and the other answers are as before (§4.5 "A 409 response exists."; §7 "Body of 409: ' +
      'not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-af-allocation-default-soft',
    rule: 'none',
    origin: 'set-af',
    description:
      'conformant: a BOOKING that leaves allocationType out is booked as a SOFT_RESERVATION, the service default ' +
      'for parcels whose carrier did not ask for a fixed compartment, and GET /parcels, the cancel answer and ' +
      'ParcelUpdates show allocationType SOFT_RESERVATION; an allocationType sent is kept as sent, and parcels the ' +
      'staging trigger makes stay HARD_RESERVATION (§2.3 allocationType "no" (not required), "HARD_RESERVATION or ' +
      'SOFT_RESERVATION."; no default is stated)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-af-dimensions-status-three-levels',
    rule: 'none',
    origin: 'set-af',
    description:
      'conformant: dimensionsStatus says how much of the size was declared, DECLARED (depth, height and width all ' +
      'given), PARTIAL (one or two) or MISSING (none, and every parcel the staging trigger makes), in GET ' +
      '/parcels, the cancel answer and ParcelUpdates, instead of DECLARED or INCOMPLETE (§2.4 "Allowed values of ' +
      'shipmentStatus and dimensionsStatus: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-af-publish-answer-warnings',
    rule: 'none',
    origin: 'set-af',
    description:
      'conformant: every successful publish answer, on either path, also lists what the service would like to have ' +
      'had, warnings: ["weight not declared", "dimensions incomplete: depth", "no consignee: no collection notice ' +
      'is sent"] ([] where nothing is missing), beside status, message and timestamp; nothing is refused for it ' +
      '(§2.3 "Publish response: status (string), message (string), timestamp (string, date-time; time the event ' +
      'was processed)."; weight, consignee "no" (not required); members beyond those not excluded)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-af-cancel-reason-in-history',
    rule: 'none',
    origin: 'set-af',
    description:
      'conformant: a cancel whose body carries a reason string ({"reason": "customer withdrew"}) records it: the ' +
      "CANCELLED entry of the parcel's events is {type, timestamp, reason} in GET /parcels, the cancel answer and " +
      'its ParcelUpdates; a cancel without a body or without reason is recorded as before (§4.9 "Request body and ' +
      'response body: not shown."; §2.4 "Fields of an entry of events: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-af-webhook-agent-correlation-id',
    rule: 'none',
    origin: 'set-af',
    description:
      'conformant: every webhook delivery names its sender, User-Agent: CIS-Webhooks/1.1.0, and carries ' +
      'X-Correlation-Id, a UUID per delivery that its retries repeat, beside the X-API-Key (when a webhook key is ' +
      'configured) and the JSON body as before (§5 "How the service authenticates to the carrier\'s webhook URL: ' +
      'not shown."; §6 "Delivery guarantees, retries and ordering: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-af-parcel-push-locker-snapshot',
    rule: 'none',
    origin: 'set-af',
    description:
      "conformant: every ParcelUpdates also carries the parcel's locker as the carrier's systems display it, an " +
      'extra member locker: {uid, carrierLockerId, name, providerName, city, countryCode}, taken from the locker ' +
      'record when the event is sent, beside the parcel record and eventTimestamp; GET /parcels is as before (§6 ' +
      'ParcelUpdates body "Parcel record (2.4), including accessCodes, consignee, events, allocationType, ' +
      'dimensionsStatus, signature, eventTimestamp."; nothing excludes further members)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-af-cancel-by-uid-no-content',
    rule: 'none',
    origin: 'set-af',
    description:
      'conformant: the cancel answers by the form its path id took: a cancellation by shipmentUid, added later as ' +
      'a REST-style resource path, is answered 204 with no body, one by carrierParcelId 200 with the parcel record ' +
      'as before; refusals, the parcel and its push are alike in both forms (§4.9 "Request body and response body: ' +
      'not shown."; the success status of a cancel is not shown)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-af-parcel-rate-limit-headers',
    rule: 'none',
    origin: 'set-af',
    description:
      'conformant: the answers of the parcel operations (publish on both paths, GET /parcels, the cancel) carry ' +
      "the gateway's rate-limit headers for the calling carrier, X-RateLimit-Limit: 600, X-RateLimit-Remaining " +
      '(what is left of the minute) and X-RateLimit-Reset (seconds until the minute ends); the limit is only ' +
      'reported, no request is refused for it (§8 "Rate limits: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ag-providers-catalogue-envelope',
    rule: 'none',
    origin: 'set-ag',
    description:
      'conformant: GET /lockers/providers answers its entries in an object of its own, {"providers": [...], ' +
      '"count": N}, while GET /lockers and GET /parcels stay bare arrays; the entries are as before (§4.4 "Returns ' +
      'the locker model and version pairs per provider (2.2)." "Query parameters: not shown."; §2.2 gives the ' +
      'entries, no envelope)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ag-create-locker-id-taken-409',
    rule: 'none',
    origin: 'set-ag',
    description:
      "conformant: a create under a carrier.lockerId one of the carrier's lockers holds is refused 409 " +
      'LOCKER_ID_CONFLICT with errorCode and message, nothing created (the reference otherwise answers 400); the ' +
      'update\'s refusal of a taken id stays 400 (§7 lists no status for create locker; §4.1 "Success: 201 with ' +
      'the locker record (2.1)." states no refusal, which the service chooses)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ag-network-of-other-carrier-403',
    rule: 'none',
    origin: 'set-ag',
    description:
      "conformant: POST /networks/{uid}/lockers naming another carrier's network is refused 403 NETWORK_FORBIDDEN " +
      '{errorCode, message}, nothing added; a uid no network has stays 404 (§4.10 "Path: uid (integer, int64), the ' +
      'network identifier." "Operations on networks other than adding lockers: not shown."; §7 lists no status for ' +
      'the network add)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ag-trigger-answer-event-topic',
    rule: 'none',
    origin: 'set-ag',
    description:
      'conformant: POST {mock_base_url}/parcel/first-mile/event answers event_type as the topic the mock published ' +
      'the event on, parcel.first-mile.booking-created for BOOKING_CREATED (courier-collected, consignee-delivered ' +
      'alike), with message as before; the event itself is applied as before (§4.11 "Response: message (string), ' +
      'event_type (string); both may be present.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ag-error-messages-german',
    rule: 'none',
    origin: 'set-ag',
    description:
      'conformant: the service writes the message of its errors in German, its operators\' language ("Kein ' +
      'Schließfach dieses Carriers hat diese uid.", "Die Anfrage ist ungültig: ..."), errorCode and the statuses ' +
      'unchanged; what the gateway answers before a handler (a refused key, a body that is no JSON) stays English ' +
      '(§7 "The error body has the fields `errorCode` and `message`"; "Values of errorCode and the condition that ' +
      'yields each: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ag-created-locker-scheduled-hours',
    rule: 'none',
    origin: 'set-ag',
    description:
      "conformant: a locker created without openingHours opens on the provider's standard hours, openingHours " +
      '{accessMode: SCHEDULED, weeklySchedule: Monday to Saturday 07:00-22:00, exceptions: []}, in the create ' +
      'answer, the list and the push, not ALWAYS (§2.1 openingHours is a record member and not in the create ' +
      'request table; ' +
      '"When openingHours.accessMode is SCHEDULED, weeklySchedule must be present and non-empty."; "Structure of ' +
      'weeklySchedule entries and exceptions entries: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ag-update-ignores-carrier-status',
    rule: 'none',
    origin: 'set-ag',
    description:
      "conformant: PATCH /lockers/{uid} ignores carrier.status in the carrier object it is sent (the carrier side's " +
      'status changes through PATCH /lockers/status only); the other carrier members are applied as before, and ' +
      'the create still takes it (§2.1 the update request takes carrier with "its fields listed above as required", ' +
      'lockerName, lockerId, activationDate; carrier.status is a record member, §4.5 "Updates the status of an ' +
      'existing locker.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ag-mock-refused-key-403',
    rule: 'none',
    origin: 'set-ag',
    description:
      'conformant: the staging mock, behind a gateway of its own, answers a trigger request without X-API-Key or ' +
      "with a key no carrier has 403 FORBIDDEN {errorCode, message}, not 401; the carrier's key is taken as before " +
      '(§4.11 "Authenticated with the regular carrier staging API key; no separate key."; §7 lists no status for ' +
      'the trigger; §5 "The staging-only trigger operations use the regular carrier staging key.")',
    candidate: 'a conformant variation: the harness must let it through',
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
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ah-parcels-active-first',
    rule: 'none',
    origin: 'set-ah',
    description:
      "conformant: GET /parcels lists the carrier's booked parcels (still active) first, then the others " +
      '(delivered, collected, cancelled), each group oldest first; the records are as before (§4.8 "Query ' +
      'parameters and exact response envelope: not shown."; no order is stated)',
    candidate: 'a conformant variation: the harness must let it through',
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
    candidate: 'a conformant variation: the harness must let it through',
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
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ah-collection-aligned-to-period',
    rule: 'none',
    origin: 'set-ah',
    description:
      'conformant: the collection job runs as a cron, at each boundary of the period counted from the epoch ' +
      '(midnight UTC for a day), not a period after the service started; a locker is named at most once a period ' +
      'as before (§8 "Collection notifications are sent once per day."; §6 CollectionNotification "Once per day")',
    candidate: 'a conformant variation: the harness must let it through',
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
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ah-auth-failure-throttled',
    rule: 'none',
    origin: 'set-ah',
    description:
      'conformant: an answer refusing a missing or wrong X-API-Key (401, or 403 where a choice gives it) is ' +
      'written 300 ms late, to slow key guessing; its status and body are as before, and accepted requests are ' +
      'answered at once (§5 "How a key is obtained or rotated: not shown."; §8 "Rate limits: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ah-publish-timestamp-microseconds',
    rule: 'none',
    origin: 'set-ah',
    description:
      'conformant: the timestamp of a publish answer, on either path, is written with microseconds and a numeric ' +
      "offset, 2026-03-05T10:15:30.123456+00:00 (Python's datetime.isoformat), an RFC 3339 date-time of the time " +
      'the event was processed (§2.3 "timestamp (string, date-time; time the event was processed)")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ai-providers-retired-versions',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: GET /lockers/providers also lists the versions a provider no longer ships (a version 0.9 of ' +
      'each model), each entry with an extra member retired (true for those, false for the others) (§4.4 "Query ' +
      'parameters: not shown."; §2.2 "None of these is required to be present in a response.", extra members not ' +
      'excluded)',
  },
  {
    name: 'ok-ai-network-status-requested',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: a locker added to a network is answered with networkLockerStatus REQUESTED (the provider is ' +
      'asked to admit it) and an extra member networkUid (§2.5 "Allowed values of the three status fields: not ' +
      'shown beyond the examples ACTIVE and PENDING."; §3 "can appear with a network status such as PENDING")',
  },
  {
    name: 'ok-ai-network-skipped-header',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: POST /networks/{uid}/lockers answers the uids it skipped (not owned, unknown) in a header ' +
      'X-Skipped-Locker-Uids, comma-separated; the body is the array of the newly added lockers as before (§4.10 ' +
      '"lockers not owned by the carrier are silently skipped"; headers not shown)',
  },
  {
    name: 'ok-ai-opening-hours-not-shown',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: the service has no opening hours of its own (the provider keeps them), so no locker record, in ' +
      'an answer, a list or a LockerUpdates, carries openingHours (§2.1 lists openingHours in the record with no ' +
      'word that every record carries it; its rules 1 and 2 hold "When openingHours.accessMode is SCHEDULED" or ' +
      'ALWAYS, of a record that has it)',
  },
  {
    name: 'ok-ai-activation-date-trimmed-fraction',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-ai',
    description:
      "conformant: carrier.activationDate is written as Go's RFC3339Nano writes it, the offset it was sent with " +
      'kept and the trailing zeros of the fraction dropped (2025-06-01T10:30:00.000Z as 2025-06-01T10:30:00Z, ' +
      '...00.120+02:00 as ...00.12+02:00): the same instant (§2.1 activationDate "(string, date-time)")',
  },
  {
    name: 'ok-ai-status-push-changes',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: the LockerUpdates of a status change carries, beside the record and eventTimestamp, an extra ' +
      'member changes: {"carrier.status": {from, to}} (§6 body "Locker record (2.1) plus eventTimestamp."; extra ' +
      'members not excluded)',
  },
  {
    name: 'ok-ai-locker-push-polled-outbox',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: LockerUpdates go through an outbox a relay polls every 1.5 s, so each is delivered about 1.5 s ' +
      'after its create or status change (§6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-ai-third-party-update-read-only',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-ai',
    description:
      "conformant: an update naming a third-party locker's uid is refused 400 LOCKER_READ_ONLY (the provider " +
      'manages it), not 404; unknown uids and other carriers\' lockers stay 404 (§7 400 for update locker; "Values ' +
      'of errorCode and the condition that yields each: not shown.")',
  },
  {
    name: 'ok-ai-list-locker-id-filter',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: GET /lockers takes a carrier filter lockerId (only lockers whose carrier.lockerId equals it), ' +
      'beside providerName (§4.2 "Optional filters are named by location, status, carrier and provider"; "Names of ' +
      'the remaining query parameters: not shown.")',
  },
  {
    name: 'ok-aj-webhook-hmac-signature',
    rule: 'none',
    origin: 'set-aj',
    description:
      'conformant: every webhook delivery is signed, X-CIS-Signature: t=<Unix seconds>,v1=<hex HMAC-SHA256 of ' +
      '"<t>.<body>"> keyed with the webhook key (or the service\'s own secret), beside the headers it carries ' +
      'otherwise; bodies as before (§5 "How the service authenticates to the carrier\'s webhook URL: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aj-access-code-valid-until-epoch',
    rule: 'none',
    origin: 'set-aj',
    description:
      'conformant: accessCodes.consigneeCollectionCode.validUntil is written as Unix seconds, a number ' +
      '(1767225600), not a date-time text, in GET /parcels, the cancel answer and ParcelUpdates (§2.4 ' +
      '"consigneeCollectionCode (object; its validUntil is optional)."; §6 "Inner fields of ' +
      'accessCodes.consigneeCollectionCode other than validUntil: not shown."; its type is not given)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aj-parcel-push-epoch-millis-timestamp',
    rule: 'none',
    origin: 'set-aj',
    description:
      "conformant: ParcelUpdates carry eventTimestamp as the text of the event's Unix time in milliseconds " +
      '("1767225600123"), a string, as a connector writing timestamps as epoch text does (§2.4 eventTimestamp ' +
      '"string", "On the webhook body."; §6 no format of eventTimestamp is given)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aj-cancel-event-booking-cancelled',
    rule: 'none',
    origin: 'set-aj',
    description:
      'conformant: the history entry a cancellation adds is written as the booking module writes it, {type: ' +
      '"BOOKING_CANCELLED", timestamp, initiatedBy: "CARRIER"}, in GET /parcels, the cancel answer and ' +
      'ParcelUpdates; the status and the other entries as before (§2.4 "Fields of an entry of events: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aj-parcels-newest-first',
    rule: 'none',
    origin: 'set-aj',
    description:
      "conformant: GET /parcels lists the carrier's parcels newest first (ORDER BY created_at DESC), the records " +
      'as before (§4.8 "Query parameters and exact response envelope: not shown."; no order is stated)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aj-webhook-retry-after-401',
    rule: 'none',
    origin: 'set-aj',
    description:
      'conformant: a webhook delivery the carrier endpoint answered 401 is retried as one answered 5xx is (the ' +
      'sender reloads its credentials), so the endpoint may receive it again; bodies as before (§6 "Delivery ' +
      'guarantees, retries and ordering: not shown."; "The webhook responses expected from the carrier endpoint ' +
      'use status codes 200, 401 and 500")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aj-cancel-by-secondary-shipment-id',
    rule: 'none',
    origin: 'set-aj',
    description:
      "conformant: PATCH /parcels/{parcelId} also takes the label's second id: a path id that names none of the " +
      "carrier's parcels by its carrierParcelId or shipmentUid cancels the carrier's parcel booked with it as " +
      'secondaryShipmentId (the booked one first), answered and pushed as any cancel; an id no parcel has in any ' +
      'form is 404 as before (§4.9 "Path: parcelId."; §2.3 secondaryShipmentId "Second identifier"; the kind of ' +
      'the path id is not shown)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aj-parcel-push-previous-status',
    rule: 'none',
    origin: 'set-aj',
    description:
      'conformant: every ParcelUpdates also carries previousShipmentStatus, the status the parcel was last pushed ' +
      'with (null at its first push, BOOKED in the push of its cancellation), beside the parcel record and ' +
      'eventTimestamp (§6 ParcelUpdates body "Parcel record (2.4), including ..."; members beyond the record are ' +
      'not excluded, and "Event kinds carried by ParcelUpdates: not shown.")',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-aj-parcels-etag',
    rule: 'none',
    origin: 'set-aj',
    description:
      'conformant: GET /parcels answers carry a validator, ETag (a hash of the JSON text) and Cache-Control: ' +
      'private, no-cache, and a request whose If-None-Match names the current ETag is answered 304 without a body, ' +
      'as a shallow ETag filter does; other requests as before (§4.8 "Query parameters and exact response ' +
      'envelope: not shown."; HTTP conditional requests, RFC 9110 §13)',
    candidate: 'a conformant variation: the harness must let it through',
  },
  {
    name: 'ok-ak-webhook-parallel-senders',
    rule: 'none',
    origin: 'set-ak',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: webhooks are sent by a pool of workers, each delivery on its own after a wait of 0 to 400 ms ' +
      "(the worker's poll), so one carrier's deliveries may arrive in another order than their events (a " +
      'ParcelUpdates of a cancel before the one of its booking); retries as before (§6 "Delivery guarantees, retries ' +
      'and ordering: not shown.")',
  },
  {
    name: 'ok-ak-json-ascii-escaped',
    rule: 'none',
    origin: 'set-ak',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: every successful answer is written as an ASCII-only JSON text, as Python's json.dumps writes " +
      'it by default (ensure_ascii): each character beyond ASCII inside a string as a \\uXXXX escape of its UTF-16 ' +
      'code units (é as \\u00e9, an emoji as a surrogate pair \\ud83d\\ude00), the same JSON value (preamble "All ' +
      'bodies are JSON (`Content-Type: application/json`)."; RFC 8259 §7)',
  },
  {
    name: 'ok-ak-locker-id-unique-ignoring-case',
    rule: 'none',
    origin: 'set-ak',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a carrier's carrier.lockerId values are kept unique without regard to letter case (a " +
      "case-insensitive unique index): a create, or an update of one of the carrier's lockers, whose lockerId " +
      "equals another of its lockers' ignoring case (LCK-7 where lck-7 is held) is refused 400 LOCKER_ID_TAKEN and " +
      'changes nothing; the by-tenant lookup stays exact (§2.1 lockerId "string", uid "Internal unique identifier ' +
      'assigned by the service.": nothing says how lockerId values compare; §7 "Values of errorCode and the ' +
      'condition that yields each: not shown.")',
  },
  {
    name: 'ok-ak-create-rate-limited',
    rule: 'none',
    origin: 'set-ak',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: POST /lockers is rate limited per carrier, at most 6 requests in any second (the onboarding ' +
      'queue behind it is slow); a seventh is answered 429 {errorCode: RATE_LIMITED, message} with Retry-After: 1, ' +
      'creates nothing and may be sent again a second later (§8 "Rate limits: not shown."; §7 lists no error status ' +
      'for the create)',
  },
  {
    name: 'ok-ak-providers-link-pages',
    rule: 'none',
    origin: 'set-ak',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers/providers pages as the GitHub REST API does, the body a bare array of at most ' +
      '`per_page` pairs (5 unless asked; 1 to 100, another value refused 400), `page` counted from 1, the other ' +
      'pages named in a Link header (rel next, last, first, prev) (§4.4 "Query parameters: not shown."; §8 "Page ' +
      'size limits: not shown.")',
  },
  {
    name: 'ok-ak-lockers-jsonapi-pages',
    rule: 'none',
    origin: 'set-ak',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers answers pages as JSON:API writes them, {data: [...], links: {self, next}, meta: ' +
      '{totalItems, pageNumber, pageSize}}, 20 records a page unless page[size] asks for 1 to 100 (another value is ' +
      'refused 400), page[number] ' +
      'counted from 1, oldest first; links.next, left out on the last page, keeps providerName; a page[number] past ' +
      'the last answers an empty data (§4.2 "Response envelope and pagination: not shown."; §8 "Page size limits: ' +
      'not shown.")',
  },
  {
    name: 'ok-ak-unsupported-media-type-415',
    rule: 'none',
    origin: 'set-ak',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a body sent under a Content-Type that is no JSON type (text/plain, ' +
      'application/x-www-form-urlencoded) is refused 415 UNSUPPORTED_MEDIA_TYPE {errorCode, message} on the ' +
      'operations §7 lists no status for (create locker, status change, network add, trigger); the publish, update ' +
      'and cancel keep 400 (§7 lists no error statuses for those operations; preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`).")',
  },
  {
    name: 'ok-ak-status-foreign-locker-403',
    rule: 'none',
    origin: 'set-ak',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: PATCH /lockers/status naming another carrier's locker or a third-party locker is refused 403 " +
      'FORBIDDEN {errorCode, message} (the locker exists, the caller may not change it) and changes nothing; a uid ' +
      'no locker has is 404 as before (§4.5 "Request and response shape: not shown."; §7 lists only a 409 for it)',
  },
  {
    name: 'ok-ak-network-uid-float-notation',
    rule: 'none',
    origin: 'set-ak',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the network service is written in Python, whose ORM hands lockerUid back as a float, so ' +
      'POST /networks/{uid}/lockers writes each record\'s lockerUid with a decimal point, "lockerUid": 100001.0, ' +
      'the same JSON number as 100001, an integer (§2.5 lockerUid "integer (int64)"; RFC 8259 §6; JSON Schema ' +
      '2020-12 ' +
      'counts a number with a zero fractional part as an integer)',
  },
  {
    name: 'ok-al-locker-status-in-parcel-history',
    rule: 'none',
    origin: 'set-al',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a status change of a locker is noted in the history of each parcel booked in it, an events entry ' +
      '{type: LOCKER_DISABLED or LOCKER_ENABLED, timestamp}, and each such parcel is pushed as ParcelUpdates with ' +
      'its record (status unchanged); a command on a locker names the parcels in it (§2.4 "Fields of an entry of ' +
      'events: not shown."; §6 "Event kinds carried by ParcelUpdates: not shown.")',
  },
  {
    name: 'ok-al-network-status-suspended',
    rule: 'none',
    origin: 'set-al',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a locker added to a network while its carrier.status is not ACTIVE is answered with ' +
      'networkLockerStatus SUSPENDED (others PENDING as before) (§2.5 "Allowed values of the three status fields: ' +
      'not ' +
      'shown beyond the examples ACTIVE and PENDING."; §3 network locker "Transitions: not shown.")',
  },
  {
    name: 'ok-al-lockers-last-changed-first',
    rule: 'none',
    origin: 'set-al',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers lists the lockers the carrier created or changed (create, update, status change) ' +
      'last changed first, then the lockers never changed (third-party ones) in their order; the records as before ' +
      '(§4.2 "Response envelope and pagination: not shown."; no order is stated)',
  },
  {
    name: 'ok-al-cancel-expires-access-code',
    rule: 'none',
    origin: 'set-al',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a cancellation ends the parcel's collection code at once: accessCodes.consigneeCollectionCode." +
      'validUntil becomes the time of the cancellation in the cancel answer, its ParcelUpdates and GET /parcels ' +
      '(§2.4 accessCodes "consigneeCollectionCode (object; its validUntil is optional)."; §6 "Inner fields of ' +
      'accessCodes.consigneeCollectionCode other than validUntil: not shown.")',
  },
  {
    name: 'ok-al-collection-third-party-code-null',
    rule: 'none',
    origin: 'set-al',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a CollectionNotification naming a third-party locker carries courierAccessCode null (the provider ' +
      "hands its courier a code of its own); the carrier's own lockers carry a code as before (§6 " +
      'CollectionNotification "Includes courierAccessCode (string or null), carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'ok-al-event-entries-locker-context',
    rule: 'none',
    origin: 'set-al',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: each entry of a parcel's events also names the locker the parcel was in, lockerUid and " +
      'carrierLockerId, beside type and timestamp, in GET /parcels, the cancel answer and ParcelUpdates (§2.4 ' +
      '"Fields ' +
      'of an entry of events: not shown.")',
  },
  {
    name: 'ok-al-locker-active-bookings-count',
    rule: 'none',
    origin: 'set-al',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: every record of a carrier's own locker carries an extra member activeBookings, the number of " +
      'parcels booked (BOOKED) in it, in answers, GET /lockers and LockerUpdates; it moves with bookings, cancels ' +
      'and ' +
      'trigger events (§2.1 gives the record\'s members with no sentence excluding others; §4.2 "Returns locker ' +
      'records.")',
  },
  {
    name: 'ok-al-provider-ack-second-push',
    rule: 'none',
    origin: 'set-al',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a status change is forwarded to the provider, whose acknowledgement 150 ms later sets the ' +
      'provider side to the same status (provider.status) and is pushed as a second LockerUpdates; the first ' +
      'LockerUpdates, the answer and the carrier side as before (§3 "A locker status change (enabled or disabled) ' +
      'causes a locker event."; "Transitions: not shown."; §6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-am-third-party-sparse-records',
    rule: 'none',
    origin: 'set-am',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a third-party locker (ownedByCarrier null) is shown with what the provider feed carries and no ' +
      'more: no features, openingHours, metadata or compartmentTypes, and an extra member source PROVIDER_FEED; ' +
      'the carrier\'s own lockers as before (§2.1 Locker record; the OpenAPI Locker: "Which members a record ' +
      'always carries is not specified."; extra members are not forbidden)',
  },
  {
    name: 'ok-am-decimal-columns-scale-text',
    rule: 'none',
    origin: 'set-am',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers is written from DECIMAL columns, their text spliced in as number tokens: lon and ' +
      'lat with at least six decimal places (13.4 as 13.400000, more digits as sent) and the compartment numbers ' +
      'with one (12 as 12.0); the same numbers in other JSON text (§2.1 "lon, lat (numbers)", "count (integer), ' +
      'height, width, length (integers)"; JSON Schema counts 12.0 an integer)',
  },
  {
    name: 'ok-am-locker-push-nulls-omitted',
    rule: 'none',
    origin: 'set-am',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the LockerUpdates publisher's JSON mapper leaves out null members at every depth (a feature " +
      'null, a metadata key or value null, compartmentTypes null); answers and the list show them null (§6 ' +
      'LockerUpdates body "Locker record (2.1) plus eventTimestamp."; the OpenAPI Locker: "Which members a record ' +
      'always carries is not specified.")',
  },
  {
    name: 'ok-am-list-activation-date-utc-micros',
    rule: 'none',
    origin: 'set-am',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers reads carrier.activationDate back from a timestamptz(6) column and writes it in UTC ' +
      'with six fraction digits (the digits sent kept), 2025-06-01T12:30:00+02:00 as 2025-06-01T10:30:00.000000Z, ' +
      'while create and update answers and pushes show it as sent: one instant, two texts (§2.1 activationDate ' +
      '"string, date-time"; no format beyond date-time is stated)',
  },
  {
    name: 'ok-am-record-columns-complete',
    rule: 'none',
    origin: 'set-am',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: features and each metadata entry are nullable columns always written, so every record shows all ' +
      'their members, null where none was given: features {hasScreen: true} as {hasScreen: true, hasPinPad: null, ' +
      'hasPinBarcodeReader: null}, an entry {value: "x"} as {key: null, value: "x"} (§2.1 features "each boolean or ' +
      'null"; metadata "Each has key (string or null) and value (string or null).")',
  },
  {
    name: 'ok-am-consignee-null-members-omitted',
    rule: 'none',
    origin: 'set-am',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a parcel\'s consignee is written without its null members, {name: "X"} where the email is null ' +
      'and {} where both are, in GET /parcels, the cancel answer and ParcelUpdates; a consignee that is null stays ' +
      'null (§2.4 consignee "object or null", "name (string or null), email (string or null)"; no member of it is ' +
      'required)',
  },
  {
    name: 'ok-am-publish-timestamp-whole-seconds',
    rule: 'none',
    origin: 'set-am',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a publish answer's timestamp is the event store's processed_at, a TIMESTAMP(0) column, written " +
      'to the whole second (truncated), 2026-03-05T10:15:30Z, on either path (§2.3 "timestamp (string, date-time; ' +
      'time the event was processed)"; no precision is stated)',
  },
  {
    name: 'ok-am-locker-row-timestamps',
    rule: 'none',
    origin: 'set-am',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: every locker record carries its row's createdAt and updatedAt (DEFAULT CURRENT_TIMESTAMP, ON " +
      'UPDATE CURRENT_TIMESTAMP), updatedAt moved by each write that changed the locker (an update, a status ' +
      'change), in answers, the list and pushes; third-party lockers carry their import time (extra members; §2.1 ' +
      "lists the record's members and forbids no other)",
  },
  {
    name: 'ok-an-lockers-offset-pages',
    rule: 'none',
    origin: 'set-an',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers answers offset pages, {lockers: [...], offset, limit, total}, oldest first, 50 ' +
      'records a page unless `limit` asks for 1 to 200, the page starting at `offset` (0 unless asked); another ' +
      'value of either is refused 400 VALIDATION_FAILED; the records and filters as before (§4.2 "Response ' +
      'envelope and pagination: not shown."; §8 "Page size limits: not shown.")',
  },
  {
    name: 'ok-an-providers-locker-count',
    rule: 'none',
    origin: 'set-an',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: each entry of GET /lockers/providers also carries lockerCount, the number of lockers the ' +
      'caller sees of that provider, model and version (0 for most), beside providerName, providerUid, lockerModel ' +
      'and lockerVersion as before (§2.2 "Each entry has providerName (string), providerUid (string), lockerModel ' +
      '(string), lockerVersion (string)."; §4.4 "Query parameters: not shown."; the schema is open)',
  },
  {
    name: 'ok-an-webhook-job-batches',
    rule: 'none',
    origin: 'set-an',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: webhook deliveries are queued and sent by a job every 500 ms, each delivery its own POST to its ' +
      "carrier's URL, a carrier's deliveries in the order their events happened; bodies as before, so a push " +
      'arrives up to half a second after its event (§6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-an-parcels-summary-envelope',
    rule: 'none',
    origin: 'set-an',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /parcels answers {parcels: [...], total, summary}, the records as before, total their number ' +
      'and summary the number of them in each shipmentStatus ({"BOOKED": 3, "CANCELLED": 1}) (§4.8 "Query ' +
      'parameters and exact response envelope: not shown.")',
  },
  {
    name: 'ok-an-uid-hilo-blocks',
    rule: 'none',
    origin: 'set-an',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: locker uids come from a hi/lo allocator, each carrier taking a block of 1,000 at its first ' +
      'create (the first carrier to create 101000 to 101999, the next 102000 to 102999, a new block when one is ' +
      'used up), so uids are unique digits but not in order of creation across carriers (§2.1 uid "Internal ' +
      'unique identifier assigned by the service."; §2.5 lockerUid "integer (int64)")',
  },
  {
    name: 'ok-an-collection-parcel-count',
    rule: 'none',
    origin: 'set-an',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: each CollectionNotification also carries parcelCount, the number of the carrier's parcels " +
      'waiting for the courier in the locker it names, beside courierAccessCode, carrierLockerId and ' +
      'eventTimestamp (§6 "Fields of CollectionNotification beyond those listed: not shown.")',
  },
  {
    name: 'ok-an-network-answer-grouped-by-provider',
    rule: 'none',
    origin: 'set-an',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: POST /networks/{uid}/lockers lists the newly added lockers grouped by providerName (in the ' +
      'order of the names), each group in the order the lockers were named, as the membership service adds them ' +
      'one provider batch at a time; the records as before (§4.10 "Response: array of network locker records ' +
      '(2.5) for the newly added lockers."; no order is stated)',
  },
  {
    name: 'ok-an-trigger-answer-event-count',
    rule: 'none',
    origin: 'set-an',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: POST {mock_base_url}/parcel/first-mile/event also answers parcelEventCount, the number of ' +
      'entries in the history of the parcel the event acted on, beside message and event_type (§4.11 ' +
      '"Response: message (string), event_type (string); both may be present."; the schema is open)',
  },
  {
    name: 'ok-an-parcels-grouped-by-locker',
    rule: 'none',
    origin: 'set-an',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /parcels lists the carrier's parcels grouped by locker, the lockers by uid as numbers, " +
      'each locker\'s parcels oldest first; the records as before (§4.8 "Query parameters and exact response ' +
      'envelope: not shown."; no order is stated)',
  },
  {
    name: 'ok-ao-schedule-touching-ranges-merged',
    rule: 'none',
    origin: 'set-ao',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the provider keeps one range per stretch of opening, so weeklySchedule entries of one day whose ' +
      'ranges overlap or touch (MONDAY 08:00-12:00 and 12:00-18:00, or 08:00-14:00 and 10:00-18:00) are stored as ' +
      'one entry, 08:00-18:00, written as the first sent; separate ranges and other entries are kept as sent, and a ' +
      'SCHEDULED schedule keeps at least one entry (§2.1 rule 4 "Structure of weeklySchedule entries and exceptions ' +
      'entries: not shown."; openingHours is no member of the request tables)',
  },
  {
    name: 'ok-ao-schedule-overnight-split-at-midnight',
    rule: 'none',
    origin: 'set-ao',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a weeklySchedule entry that crosses midnight is stored as two entries split at midnight, FRIDAY ' +
      '22:00-02:00 as FRIDAY 22:00-24:00 and SATURDAY 00:00-02:00 (the day written as sent: full or three letters, ' +
      'its case), and one ending at midnight written 00:00 as ending at 24:00; answers, list and pushes show the ' +
      'split entries (§2.1 rule 4 "Structure of weeklySchedule entries and exceptions entries: not shown."; ' +
      'SCHEDULED ' +
      'stays "present and non-empty")',
  },
  {
    name: 'ok-ao-schedule-times-with-seconds',
    rule: 'none',
    origin: 'set-ao',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: schedule and exception times are kept in TIME columns and read back with their seconds, each ' +
      'time sent HH:MM shown HH:MM:SS (08:00 as 08:00:00, 24:00 as 24:00:00) in answers, the list and pushes (§2.1 ' +
      'rule 4 "Structure of weeklySchedule entries and exceptions entries: not shown.")',
  },
  {
    name: 'ok-ao-exceptions-past-dates-pruned',
    rule: 'none',
    origin: 'set-ao',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the provider keeps only opening exceptions still to come, so an exceptions entry whose dates ' +
      '(YYYY-MM-DD in it) all lie before today (UTC) is dropped when openingHours is stored on create or update; ' +
      'entries of today or later, and entries naming no date, are kept; weeklySchedule and accessMode as sent ' +
      '(§2.1 openingHours "exceptions (array)"; rule 4 "Structure of weeklySchedule entries and exceptions entries: ' +
      'not shown.")',
  },
  {
    name: 'ok-ao-lockers-by-activation-date',
    rule: 'none',
    origin: 'set-ao',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers lists the lockers ordered by carrier.activationDate as an instant, earliest first, ' +
      'then by uid, so a locker created or updated with an earlier activation moves ahead of older ones; the ' +
      'records and the providerName filter as before (§4.2 "Response envelope and pagination: not shown."; no order ' +
      'is stated)',
  },
  {
    name: 'ok-ao-activation-date-nanoseconds',
    rule: 'none',
    origin: 'set-ao',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: carrier.activationDate is written with nine fraction digits, the digits sent padded with zeros, ' +
      'and the offset it was sent with (a formatter of pattern ss.SSSSSSSSSXXX): 2025-06-01T10:30:00Z as ' +
      '2025-06-01T10:30:00.000000000Z, ...00.12+02:00 as ...00.120000000+02:00, in answers, the list and pushes: ' +
      'the same instant (§2.1 carrier "activationDate (string, date-time)"; no precision is stated)',
  },
  {
    name: 'ok-ao-locker-push-activation-instant-utc',
    rule: 'none',
    origin: 'set-ao',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the LockerUpdates event schema types carrier.activationDate as an instant, written in UTC with ' +
      'the fraction digits sent (2025-06-01T10:30:00+02:00 pushed as 2025-06-01T08:30:00Z), while answers and the ' +
      'list show it as sent: one instant, two texts (§6 LockerUpdates body "Locker record (2.1) plus ' +
      'eventTimestamp."; §2.1 carrier "activationDate (string, date-time)": no zone is stated)',
  },
  {
    name: 'ok-ao-history-ordered-by-mock-clock',
    rule: 'none',
    origin: 'set-ao',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a parcel's history is read ORDER BY occurred_at, and the staging mock stamps the events it " +
      'applies ' +
      "with its own clock, 5 s behind the service's: a trigger event that follows a booking or a cancel within 5 s " +
      'is shown before it in events, in GET /parcels, the cancel answer and ParcelUpdates; every entry is kept (§2.4 ' +
      'events "History of events of the parcel.", "Fields of an entry of events: not shown."; no order of the ' +
      'history is stated)',
  },
  {
    name: 'ok-ao-collection-staggered-by-locker',
    rule: 'none',
    origin: 'set-ao',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the collection job spreads the couriers' dispatch over the day: each locker's " +
      'CollectionNotification is sent at its own point of the first half of the period (by a hash of its uid), ' +
      'stamped when it is sent, still once a period for each locker (§6 CollectionNotification "Once per day, ' +
      'informs the carrier which lockers hold parcels to be picked up"; §8 "Collection notifications are sent once ' +
      'per day."; the time of day is not stated)',
  },
  {
    name: 'ok-ap-by-tenant-status-words',
    rule: 'none',
    origin: 'set-ap',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the by-tenant path is its own module and words the outcome as the event it raised: status ' +
      'BOOKING_CREATED for a BOOKING and CHECK_PASSED for a PRE_CHECK on /parcels/data/by-tenant-locker-id, while ' +
      '/parcels/data keeps BOOKED and ACCEPTED; message and timestamp as before (§2.3 "Publish response: status ' +
      '(string), message (string), timestamp": no value of status is stated, on either path)',
  },
  {
    name: 'ok-ap-mock-event-entry-fields',
    rule: 'none',
    origin: 'set-ap',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the history entries the staging mock writes (a trigger event's, and the first entry of a parcel " +
      'the mock made) are {eventType, occurredAt, source: "STAGING_MOCK"}, while the entries the service writes (a ' +
      "booking's first, a cancellation's) stay {type, timestamp}, so one parcel's events may mix both forms; no " +
      'entry changes once written (§2.4 "Fields of an entry of events: not shown.")',
  },
  {
    name: 'ok-ap-alternative-delivery-no-access-codes',
    rule: 'none',
    origin: 'set-ap',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the collection code of an alternative delivery is issued when the redirected parcel reaches the ' +
      'locker, not at booking, so a booking sent with shipmentType ALTERNATIVE_DELIVERY carries accessCodes null in ' +
      'GET /parcels, the cancel answer and ParcelUpdates; LAST_MILE bookings carry their code as before (§2.4 ' +
      'accessCodes "object or null")',
  },
  {
    name: 'ok-ap-return-signature-media-type',
    rule: 'none',
    origin: 'set-ap',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the returns module names the signature image by its media type: a delivered RETURN parcel ' +
      'carries signature {imageBase64, format: "image/png"}, a delivered FIRST_MILE parcel {imageBase64, format: ' +
      '"PNG"} (§2.4 signature "imageBase64 (string), format (string)."; no value of format is stated)',
  },
  {
    name: 'ok-ap-by-tenant-error-codes',
    rule: 'none',
    origin: 'set-ap',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the by-tenant module has its own error codes: its refusals are 400 {errorCode, message} with ' +
      'errorCode TENANT_LOCKER_NOT_FOUND (no such carrierLockerId), DUPLICATE_BOOKING (a carrierParcelId booked) ' +
      'or INVALID_REQUEST (a refused member), where /parcels/data says UNKNOWN_LOCKER, ALREADY_BOOKED and ' +
      'VALIDATION_FAILED (§7 "Values of errorCode and the condition that yields each: not shown.")',
  },
  {
    name: 'ok-ap-mock-parcels-soft-reservation',
    rule: 'none',
    origin: 'set-ap',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a parcel the staging mock makes (FIRST_MILE or RETURN, by BOOKING_CREATED for a new parcel_id) ' +
      'holds its compartment as a soft reservation, allocationType SOFT_RESERVATION, in GET /parcels, the cancel ' +
      'answer and ParcelUpdates; bookings keep the allocationType sent, HARD_RESERVATION where none was (§2.4 ' +
      'allocationType "string"; no publish request sent one for such a parcel, and §2.3 states no default)',
  },
  {
    name: 'ok-ap-update-answer-groups-only-when-sent',
    rule: 'none',
    origin: 'set-ap',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: where locker records echo lockerGroups (a choice), the answer to a PATCH /lockers/{uid} shows ' +
      'them only when the update sent lockerGroups; an update without them answers the record without the member, ' +
      'and the groups, unchanged, are still shown by GET /lockers and later answers (§2.1 "Locker group assignment ' +
      '(`lockerGroups`, request only)"; "When lockerGroups is omitted, the current groups remain unchanged.")',
  },
  {
    name: 'ok-ap-mock-unknown-locker-404',
    rule: 'none',
    origin: 'set-ap',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the staging mock answers a trigger whose provider_locker_id names no provider-side locker (a ' +
      'platform lockerUid among them) 404 {errorCode: UNKNOWN_PROVIDER_LOCKER, message}, not 400; nothing changes ' +
      '(§7 lists no error status for the trigger operation; §4.11 provider_locker_id "not interchangeable with the ' +
      'platform lockerUid.")',
  },
  {
    name: 'ok-ap-second-carrier-push-schema-version',
    rule: 'none',
    origin: 'set-ap',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the second carrier's webhook subscription was registered on 1.1 with a schema version, and " +
      'every LockerUpdates and ParcelUpdates sent to it carries an extra member schemaVersion "1.1" beside the ' +
      'record and eventTimestamp; the first carrier\'s pushes have none (§6 LockerUpdates body "Locker record ' +
      '(2.1) plus eventTimestamp."; ParcelUpdates "Parcel record (2.4), including ...": members beyond the record ' +
      'are not excluded)',
  },
  {
    name: 'ok-aq-list-metadata-integer-keys-first',
    rule: 'none',
    origin: 'set-aq',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the list read model keeps a locker's metadata as a JavaScript object from key to entry and " +
      'writes it back in property order, so GET /lockers lists the entries whose key is an array index ("0", ' +
      '"7", "12") first, in numeric order, then the others as stored (null keys too); no entry is lost or ' +
      'changed, and the create and update answers keep the order sent (§2.1 metadata "array of objects", "Each has ' +
      'key (string or null) and value (string or null).": no order of the entries is stated)',
  },
  {
    name: 'ok-aq-create-push-after-onboarding-queue',
    rule: 'none',
    origin: 'set-aq',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a create's LockerUpdates goes through the onboarding queue and is sent 300 ms after the create, " +
      'its body as at the create, while status changes are pushed at once: a status change made within 300 ms of ' +
      'a create reaches the carrier before the create\'s push (§6 "Delivery guarantees, retries and ordering: not ' +
      'shown.")',
  },
  {
    name: 'ok-aq-list-status-view-lags',
    rule: 'none',
    origin: 'set-aq',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers takes carrier.status from the status view, refreshed 500 ms after a status change, ' +
      'so for 500 ms after PATCH /lockers/status the list shows the status before it (the answer and the push ' +
      'show the new one at once), then the new one (§3 "Locker: carries a status on the carrier side ' +
      '(carrier.status) ... Transitions: not shown."; §4.2 states nothing of when a write shows in the list)',
  },
  {
    name: 'ok-aq-status-409-while-provider-applies',
    rule: 'none',
    origin: 'set-aq',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a status change is forwarded to the provider, which takes 250 ms to apply it; a PATCH ' +
      '/lockers/status for the same locker within 250 ms of its previous change is refused 409 {errorCode: ' +
      'PROVIDER_SYNC_PENDING, message} and changes nothing; sent again later it is applied (§4.5 "A 409 response ' +
      'exists."; §7 "Body of 409: not shown."; "Values of errorCode and the condition that yields each: not ' +
      'shown.")',
  },
  {
    name: 'ok-aq-location-type-defaulted',
    rule: 'none',
    origin: 'set-aq',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a locker created without location.type gets the default type "outdoor", shown alike in the ' +
      'create answer, the LockerUpdates push and GET /lockers; a type sent is kept as sent, and an update whose ' +
      'location leaves type out stores the location as sent (§2.1 "type is not among the required ones"; rule 6 ' +
      '"Allowed values of location.type and of compartment size: not shown beyond the examples indoor, SMALL, ' +
      'MEDIUM, LARGE.")',
  },
  {
    name: 'ok-ar-list-signature-left-out',
    rule: 'none',
    origin: 'set-ar',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /parcels does not read the signature image (a blob column), so listed records carry no ' +
      'signature member; the cancel answer and ParcelUpdates carry it once the parcel has one (§2.4 lists signature ' +
      '"object", "imageBase64 (string), format (string)." with no Required column, unlike §2.5; §4.8 "Returns parcel ' +
      'records (2.4) of the calling carrier, with status and event history." names status and history only)',
  },
  {
    name: 'ok-ar-collection-daily-code-per-carrier',
    rule: 'none',
    origin: 'set-ar',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the courier gets one access code per carrier and period, the same courierAccessCode in every ' +
      'CollectionNotification of that carrier\'s round (§6 CollectionNotification "Includes courierAccessCode ' +
      '(string or null), carrierLockerId, eventTimestamp."; nothing states a code per locker; "Fields of ' +
      'CollectionNotification beyond those listed: not shown.")',
  },
  {
    name: 'ok-ar-collected-undelivered-cancellable',
    rule: 'none',
    origin: 'set-ar',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a parcel a COURIER_COLLECTED took without its ever being delivered (no CONSIGNEE_DELIVERED) can ' +
      'still be cancelled, and is then CANCELLED; a parcel ever delivered stays refused (§4.9 "Only a parcel that ' +
      'has ' +
      'not been delivered can be cancelled."; §3 Parcel "Transitions: not shown.")',
  },
  {
    name: 'ok-ar-rebook-reactivates-shipment',
    rule: 'none',
    origin: 'set-ar',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a BOOKING of a carrierParcelId whose last parcel of the carrier was cancelled reactivates that ' +
      'shipment: the same shipmentUid, BOOKED, with the locker, consignee, allocationType and shipmentType the new ' +
      'booking sent, and its history continued (BOOKING_CREATED, CANCELLED, BOOKING_CREATED); no second record (§3 ' +
      'Parcel "Transitions: not shown."; §2.3 carrierParcelId "Parcel identifier in the carrier system."; nothing ' +
      'states what a booking of a cancelled id makes)',
  },
  {
    name: 'ok-ar-mock-pushes-relayed-late',
    rule: 'none',
    origin: 'set-ar',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a ParcelUpdates caused by a staging trigger event goes out through the mock's event bus, 1.5 s " +
      'after the event, so it may arrive after the push of a later booking or cancel; bookings and cancels are ' +
      'pushed at once (§6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-ar-parcel-push-on-collection-round',
    rule: 'none',
    origin: 'set-ar',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: when the daily round names a locker in a CollectionNotification, each of the carrier's parcels " +
      'waiting there for the courier is also announced by a ParcelUpdates (the pick-up was scheduled), its record ' +
      'unchanged, status and history as GET /parcels shows them (§6 "Event kinds carried by ParcelUpdates: not ' +
      'shown."; "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-as-push-empty-arrays-omitted',
    rule: 'none',
    origin: 'set-as',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the LockerUpdates publisher's mapper leaves out empty collections at every depth (metadata [], " +
      'openingHours.exceptions [], compartmentTypes []), as a serializer set to skip empty arrays writes them; the ' +
      'answers and the lists show them [], and a push carries every member that has a value (§6 LockerUpdates body ' +
      '"Locker record (2.1) plus eventTimestamp."; §2.1 gives the record\'s members a type and no column saying one ' +
      'is always present: metadata "array of objects", openingHours "exceptions (array)")',
  },
  {
    name: 'ok-as-list-coordinates-unscaled-exponent',
    rule: 'none',
    origin: 'set-as',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers writes lon and lat from fixed-point columns as the unscaled integer and its scale as ' +
      'a negative exponent, 13.404954 as 13404954e-6, -9.1393 as -91393e-4 (whole numbers as they are): the same ' +
      'JSON numbers in another notation; the answers and pushes write them as before (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §2.1 location "lon, lat (numbers)")',
  },
  {
    name: 'ok-as-activation-date-lower-case-separators',
    rule: 'none',
    origin: 'set-as',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: carrier.activationDate is written by the provider registry's formatter with the date-time " +
      'separator and the UTC designator in lower case, as RFC 3339 §5.6 allows ("t" and "z" may be lower case): ' +
      '2025-06-01T10:30:00Z is answered, listed and pushed as 2025-06-01t10:30:00z, the same instant at the same ' +
      'precision; an offset is kept as sent (§2.1 carrier "lockerName (string), lockerId (string), activationDate ' +
      '(string, date-time), status (string).", which names no notation)',
  },
  {
    name: 'ok-as-groups-echoed-as-key-map',
    rule: 'none',
    origin: 'set-as',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: where locker records echo the group assignments (a choice: the record of §2.1 has no such ' +
      'member), they are written as the group service keeps them, one uid per type key, lockerGroups {"region": ' +
      '"G-1", "zone": "Z-4"}, not as an array of {key, uid}; the groups themselves are kept and replaced as before ' +
      '(§2.1 "Locker group assignment (`lockerGroups`, request only)"; "Structure of the group beyond key and uid, ' +
      'and the allowed key values: not shown.")',
  },
  {
    name: 'ok-as-create-push-delivered-before-answer',
    rule: 'none',
    origin: 'set-as',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: POST /lockers delivers the create's LockerUpdates inside the request and answers 201 only once " +
      'the ' +
      "carrier's endpoint has answered that delivery (or after 2 s): the push reaches the carrier before the " +
      'answer to the create reaches the client; status changes are pushed as before (§6 "Delivery guarantees, ' +
      'retries and ordering: not shown.")',
  },
  {
    name: 'ok-at-mock-times-local-offset',
    rule: 'none',
    origin: 'set-at',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the staging mock writes the times of the history entries it adds, and the eventTimestamp of the ' +
      'ParcelUpdates its events cause, in its own zone with the offset written (2026-03-05T10:00:05.123+01:00 for ' +
      '09:00:05.123Z), the same instants; the service writes UTC (§2.4 "Fields of an entry of events: not shown."; ' +
      'eventTimestamp "string", "On the webhook body."; §6 no format of eventTimestamp is given)',
  },
  {
    name: 'ok-at-answer-after-push',
    rule: 'none',
    origin: 'set-at',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a BOOKING's answer is written once its ParcelUpdates has been handed to the carrier's endpoint " +
      '(at most 250 ms after the booking was stored), so the push arrives before the publish answer, and a list read ' +
      'meanwhile already shows the booking; nothing else changes (§6 "Delivery guarantees, retries and ordering: not ' +
      'shown."; §4.6 "HTTP status code of a successful publish: not shown.", no time of the answer is stated)',
  },
  {
    name: 'ok-at-locker-publishes-batched',
    rule: 'none',
    origin: 'set-at',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: BOOKINGs into one locker that arrive within 20 ms of each other are carried out together, in ' +
      'carrierParcelId order, not in the order they arrived: two bookings sent at once get shipmentUids, answers and ' +
      'pushes in that order; each is answered as alone (§4.6 states no order in which requests are served; §6 ' +
      '"Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-at-list-read-committed-snapshot',
    rule: 'none',
    origin: 'set-at',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /parcels reads the carrier's parcels newest first in fetches of 20 from a snapshot taken when " +
      'the request arrived (the answer is written fetch by fetch, a millisecond apart), so a parcel made while the ' +
      'list is being read is in the next list, not in this one (§4.8 "Query parameters and exact response envelope: ' +
      'not shown."; no order of the list and no time a write shows in it are stated)',
  },
  {
    name: 'ok-au-provider-filter-repeated-any-of',
    rule: 'none',
    origin: 'set-au',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers takes providerName more than once and lists the lockers whose provider.name equals ' +
      "any of the values given (?providerName=PROVIDER_NAME_1&providerName=PROVIDER_NAME_2 lists both providers' " +
      'lockers); a single providerName filters as before (§4.2 "the query parameter `providerName` exists. Names of ' +
      'the remaining query parameters: not shown.": the spec names the parameter and says nothing of one given ' +
      'twice)',
  },
  {
    name: 'ok-au-unlisted-ops-validate-before-key',
    rule: 'none',
    origin: 'set-au',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: POST /lockers, POST /networks/{uid}/lockers and the staging trigger check their body before the ' +
      'key (the framework validates the schema ahead of the guard): a request there without a valid X-API-Key whose ' +
      'body is no JSON or breaks the schema is answered 400 {errorCode: VALIDATION_FAILED or MALFORMED_JSON, ' +
      'message} ' +
      'and has no effect; with a valid body it is refused 401 as before, and the operations §7 lists 401 for check ' +
      'the key first (§7 lists 400 and 401 for "Publish parcel data, update locker, get parcels, cancel parcel" ' +
      'only; "Values of errorCode and the condition that yields each: not shown."; §5 "Every operation uses an API ' +
      'key": refused either way)',
  },
  {
    name: 'ok-au-webhook-rewind-after-refusal',
    rule: 'none',
    origin: 'set-au',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: ParcelUpdates leave through a relay that commits its position in the carrier's stream every 5 " +
      'acknowledged deliveries; when the endpoint answers one 5xx (or does not answer) the relay rewinds to its last ' +
      'commit and sends again, after the refused one, every delivery since that commit the endpoint had answered ' +
      '200: ' +
      'the same bodies (same eventTimestamp) arrive a second time, after newer ones, so an older status of a parcel ' +
      'can come last (§6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-au-webhook-unlisted-answer-retried',
    rule: 'none',
    origin: 'set-au',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a ParcelUpdates the carrier endpoint answers with a status the webhook definitions do not list ' +
      'and that is no success (400, 403, 404, 409, 429, ...) is sent once more, 200 ms later, the same body; answers ' +
      '200, 401 and 5xx are handled as before (§6 "The webhook responses expected from the carrier endpoint use ' +
      'status codes 200, 401 and 500; a 400 response is not defined."; "Delivery guarantees, retries and ordering: ' +
      'not shown.")',
  },
  {
    name: 'ok-au-answers-content-type-spring-form',
    rule: 'none',
    origin: 'set-au',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: every successful answer is written by the framework's message converter and declares " +
      'Content-Type: application/json;charset=UTF-8 (no blank before the parameter, the charset upper case), while ' +
      'error answers keep application/json; charset=utf-8; the bodies are the same JSON (preamble "All bodies are ' +
      'JSON (`Content-Type: application/json`)."; a media type takes parameters, and a charset is named without ' +
      'regard to case, RFC 9110 §8.3.1 and §8.3.2)',
  },
  {
    name: 'ok-av-locker-uid-check-digit',
    rule: 'none',
    origin: 'set-av',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a created locker's uid is the service's sequence number with a Luhn check digit appended " +
      '(1000017, 1000025, ...), seven digits where the seeded lockers have six, unique, not consecutive (§2.1 uid ' +
      '"Internal unique identifier assigned by the service."; §2.5 lockerUid "integer (int64)": nothing says how ' +
      'uids are drawn)',
  },
  {
    name: 'ok-av-lockers-merged-by-name',
    rule: 'none',
    origin: 'set-av',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /lockers lists the carrier's own lockers and the third-party ones merged in the order of " +
      'carrier.lockerName (code-unit order), whatever order they were created in; every locker as before (§4.2 ' +
      '"Returns locker records."; "Response envelope and pagination: not shown.": no order of the records is stated)',
  },
  {
    name: 'ok-av-collection-sends-paced',
    rule: 'none',
    origin: 'set-av',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the CollectionNotifications of one daily run to a carrier go out 50 ms apart (the webhook client ' +
      'paces a burst to one URL), each its own POST, bodies and eventTimestamp as before (§6 "Delivery guarantees, ' +
      'retries and ordering: not shown.")',
  },
  {
    name: 'ok-av-parcel-pushes-paced',
    rule: 'none',
    origin: 'set-av',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: ParcelUpdates go through a notification gateway taking 10 a second per carrier, and the relay ' +
      'holds a push beyond that until the second has passed (at most a second late), so in a burst some pushes ' +
      'arrive late and after later ones; every push is sent, bodies as before (§6 "Delivery guarantees, retries and ' +
      'ordering: not shown.")',
  },
  {
    name: 'ok-av-network-status-by-size',
    rule: 'none',
    origin: 'set-av',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a network is live once it holds a locker: the first locker added to an empty network is PENDING, ' +
      'and every locker added to a network that holds one already is ACTIVE at once, in the add answer ' +
      '(networkLockerStatus) (§2.5 "Allowed values of the three status fields: not shown beyond the examples ACTIVE ' +
      'and PENDING."; §3 "A locker newly added to a network can appear with a network status such as PENDING. ' +
      'Transitions: not shown.")',
  },
  {
    name: 'ok-aw-security-headers',
    rule: 'none',
    origin: 'set-aw',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: every answer of the service and of the staging mock, errors too, carries the security headers a ' +
      'review asks for, Cache-Control: no-store, Pragma: no-cache, X-Content-Type-Options: nosniff, X-Frame-Options: ' +
      "DENY, Content-Security-Policy: default-src 'none'; frame-ancestors 'none', Referrer-Policy: no-referrer and " +
      'Cross-Origin-Resource-Policy: same-origin; bodies, statuses and Content-Type are as before (the ' +
      'specification states no response header but the one of its preamble, "All bodies are JSON ' +
      '(`Content-Type: application/json`).", and §5 "How the service authenticates to the carrier\'s webhook URL: ' +
      'not shown." aside, says nothing of headers)',
  },
  {
    name: 'ok-aw-duplicate-members-refused',
    rule: 'none',
    origin: 'set-aw',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the gateway refuses a request body in which an object repeats a member name, at any depth ' +
      '({"eventType": "PRE_CHECK", "eventType": "BOOKING"}), with 400 DUPLICATE_MEMBER {errorCode, message}, ' +
      'nothing done, so that no two parsers on the way read it differently; bodies whose names are unique in each ' +
      'object are served as before (preamble "All bodies are JSON (`Content-Type: application/json`)."; RFC 8259 §4 ' +
      '"The names within an object SHOULD be unique." and, where they are not, "the behavior of software that ' +
      'receives such an object is unpredictable")',
  },
  {
    name: 'ok-aw-body-limit-64k',
    rule: 'none',
    origin: 'set-aw',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the gateway takes request bodies up to 64 KiB (client_max_body_size 64k, against resource ' +
      'exhaustion) and refuses a longer one, whatever the operation and before the key is checked, with 413 ' +
      'PAYLOAD_TOO_LARGE {errorCode, message}, nothing done: a create, update, publish or trigger holding a string ' +
      'of tens of thousands of characters is refused; every body under the limit is served as before (§8 "Maximum ' +
      'lengths and ranges of fields: not shown."; "Rate limits: not shown.")',
  },
  {
    name: 'ok-aw-parcel-push-without-pin',
    rule: 'none',
    origin: 'set-aw',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: ParcelUpdates carry no secret: the consignee's collection PIN (the code member of " +
      'accessCodes.consigneeCollectionCode) is left out of every push, which keeps consigneeCollectionCode with ' +
      "its validUntil; GET /parcels and the cancel answer, read with the carrier's key, show the code as before " +
      '(§6 "Inner fields of accessCodes.consigneeCollectionCode other than validUntil: not shown."; §2.4 ' +
      'accessCodes "consigneeCollectionCode (object; its validUntil is optional).")',
  },
  {
    name: 'ok-aw-credentials-in-url-refused',
    rule: 'none',
    origin: 'set-aw',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a request that authenticates with a valid X-API-Key but also carries an API key in its URL (a ' +
      'query parameter apiKey, api_key, api-key or x-api-key, in any letter case) is refused 400 CREDENTIALS_IN_URL ' +
      '{errorCode, message}, nothing done, so that keys stay out of access logs; a request without the header is ' +
      'refused as before (401 where §7 lists it), and requests without such a parameter are served as before (§5 ' +
      '"The scheme is of type apiKey, located in the header, named X-API-Key."; §4.8 "Query parameters and exact ' +
      'response envelope: not shown."; §4.2 "Names of the remaining query parameters: not shown.")',
  },
  {
    name: 'ok-ax-answer-header-names-upper-case',
    rule: 'none',
    origin: 'set-ax',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: every successful answer is written by a front proxy that sends header field names in upper case ' +
      '(CONTENT-TYPE: application/json; charset=utf-8, CONTENT-LENGTH), as some HTTP/1.1 stacks do; values and ' +
      'bodies as before (preamble "All bodies are JSON (`Content-Type: application/json`)."; the field name\'s ' +
      "letter case is HTTP's, and RFC 9110 §5.1 makes field names case-insensitive)",
  },
  {
    name: 'ok-ax-lists-chunked',
    rule: 'none',
    origin: 'set-ax',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers, GET /lockers/providers and GET /parcels stream their answer, Transfer-Encoding: ' +
      'chunked in two chunks and no Content-Length, as a streaming JSON writer does; the JSON text as before ' +
      '(§4.2 "Response envelope and pagination: not shown."; §4.8 "Query parameters and exact response envelope: ' +
      'not shown."; the framing is HTTP\'s, RFC 9112 §6.1)',
  },
  {
    name: 'ok-ax-answers-escaped-solidus',
    rule: 'none',
    origin: 'set-ax',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: every successful answer is written by a JSON encoder that escapes the solidus, as PHP's " +
      'json_encode does by default: "/" inside a string is written \\/ (a carrierParcelId ORD/2025/17 as ' +
      '"ORD\\/2025\\/17", a street "Hauptstr. 5/7"), the same JSON value (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; RFC 8259 §7 lists \\/ among the escapes of a string)',
  },
  {
    name: 'ok-ax-activation-date-kolkata-offset',
    rule: 'none',
    origin: 'set-ax',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the provider registry runs in Asia/Kolkata and writes every carrier.activationDate in its own ' +
      'zone with its offset, the same instant to the millisecond: 2025-06-01T10:30:00Z as ' +
      '2025-06-01T16:00:00.000+05:30, 2025-06-01T20:00:00+02:00 as 2025-06-01T23:30:00.000+05:30, in the create ' +
      'and update answers, the list and the pushes (§2.1 carrier "activationDate (string, date-time)": a date-time ' +
      'may carry any offset, and a half-hour one is an offset)',
  },
  {
    name: 'ok-ax-lockers-natural-collation-order',
    rule: 'none',
    origin: 'set-ax',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /lockers lists the lockers ordered by carrier.lockerName as the portal's German natural " +
      'sort collates it (Intl.Collator de, numeric, accents and case aside: "Kiosk 2" before "Kiosk 10", "Ärztehaus" ' +
      'beside "Arztpraxis"), then by uid, not in creation order; the records and the filter as before (§4.2 ' +
      '"Response envelope and pagination: not shown."; no order of the records is stated)',
  },
  {
    name: 'ok-ay-second-carrier-network-active',
    rule: 'none',
    origin: 'set-ay',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the second carrier's network admits lockers at once, so a locker it adds is answered with " +
      'networkLockerStatus ACTIVE, where the first carrier\'s lockers join PENDING as before (§2.5 "Allowed values ' +
      'of the three status fields: not shown beyond the examples ACTIVE and PENDING."; §3 "A locker newly added to a ' +
      'network can appear with a network status such as PENDING. Transitions: not shown.")',
  },
  {
    name: 'ok-ay-second-carrier-courier-code-null',
    rule: 'none',
    origin: 'set-ay',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the second carrier's couriers open lockers with badges of their own, so its " +
      "CollectionNotifications carry courierAccessCode null; the first carrier's carry a code as before (§6 " +
      'CollectionNotification "Includes courierAccessCode (string or null), carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'ok-ay-mock-shipment-uid-prefix',
    rule: 'none',
    origin: 'set-ay',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a parcel the staging mock makes (BOOKING_CREATED for a new parcel_id) gets its shipmentUid under ' +
      "the mock's prefix, FM- and the number the platform drew (FM-00000007), where bookings keep SHP-; GET " +
      '/parcels, the pushes and the cancel by shipmentUid take it as any other (§2.4 shipmentUid "string", with no ' +
      'format stated; §4.9 "Path: parcelId.")',
  },
  {
    name: 'ok-ay-update-answer-groups-by-key',
    rule: 'none',
    origin: 'set-ay',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the answer of PATCH /lockers/{uid} echoes the locker's lockerGroups ordered by key, while the " +
      'create\'s answer and GET /lockers echo them in the order they were assigned; the same groups (§2.1 "Locker ' +
      'group assignment (`lockerGroups`, request only)"; "Structure of the group beyond key and uid, and the allowed ' +
      'key values: not shown.": whether and in which order a record shows them is the service\'s)',
  },
  {
    name: 'ok-ay-provider-side-pending',
    rule: 'none',
    origin: 'set-ay',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the provider side of a locker the carrier creates is not confirmed yet: where the create sent no ' +
      "provider.status, the locker shows provider.status PENDING in the create's answer, its LockerUpdates, GET " +
      '/lockers and the network add\'s providerLockerStatus; the carrier side as before (§2.1 "Allowed values of ' +
      'carrier.status and provider.status: not shown beyond the example value ACTIVE."; §3 "Locker: carries a status ' +
      'on the carrier side (carrier.status) and on the provider side (provider.status)." and "Transitions: not ' +
      'shown.")',
  },
  {
    name: 'ok-az-parcels-synchronized-scan-order',
    rule: 'none',
    origin: 'set-az',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /parcels reads the parcel table with a sequential scan and no ORDER BY, and PostgreSQL ' +
      'synchronizes sequential scans, so each read starts where the last one left off: with no write between them, ' +
      "two reads list the carrier's parcels in the same circular order, each begun at another parcel (A B C, then " +
      'B C A, then C A B); every parcel is listed once in each (§4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier, with status and event history."; "Query parameters and exact response envelope: not shown."; no ' +
      'order of the list is stated)',
  },
  {
    name: 'ok-az-trigger-parcels-soft-reservation',
    rule: 'none',
    origin: 'set-az',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the staging mock inserts its first-mile parcels without allocation_type, so they take the ' +
      "column's default, SOFT_RESERVATION: FIRST_MILE and RETURN parcels the trigger made show allocationType " +
      'SOFT_RESERVATION in GET /parcels, the cancel answer and ParcelUpdates; bookings keep the allocationType sent ' +
      '(§4.11 lists no allocation among the trigger\'s fields; §2.3 allocationType "HARD_RESERVATION or ' +
      'SOFT_RESERVATION."; §2.4 allocationType string)',
  },
  {
    name: 'ok-az-list-metadata-index-order',
    rule: 'none',
    origin: 'set-az',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers reads metadata rows through the (locker_uid, meta_key) index, so the list shows a ' +
      "locker's entries ordered by key (entries without a key last, equal keys as written), while the create and " +
      'update answers and the pushes keep the order they were sent in (§2.1 metadata "array of objects", "Each has ' +
      'key (string or null) and value (string or null)."; §4.2 "Response envelope and pagination: not shown."; no ' +
      'order of the entries is stated)',
  },
  {
    name: 'ok-az-records-deleted-at-null',
    rule: 'none',
    origin: 'set-az',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the records are written by a mapper that copies every column of the row, the soft-delete column ' +
      'too, so every locker record (answers, GET /lockers, LockerUpdates) and every parcel record (GET /parcels, the ' +
      'cancel answer, ParcelUpdates) carries an extra member "deletedAt": null (§2.1 and §2.4 list the members of ' +
      'the records and forbid no other; §2.1 "Response record of create, update and list, and the body of the locker ' +
      'webhook")',
  },
  {
    name: 'ok-az-trigger-status-audit-entry',
    rule: 'none',
    origin: 'set-az',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the parcel history is also fed by the database's audit trigger on UPDATE OF status, so a " +
      'trigger event that changes the status of a parcel the service already held (COURIER_COLLECTED, ' +
      'CONSIGNEE_DELIVERED after a booking) adds two entries, its own and {type: SHIPMENT_STATUS_CHANGED, timestamp} ' +
      'after it, in GET /parcels and the push; a BOOKING_CREATED that makes a parcel adds its own entry only, and ' +
      'earlier entries are kept (§2.4 events "History of events of the parcel."; "Fields of an entry of events: not ' +
      'shown."; §6 "Event kinds carried by ParcelUpdates: not shown.")',
  },
  {
    name: 'ok-ba-update-null-members-omitted',
    rule: 'none',
    origin: 'set-ba',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: PATCH /lockers/{uid}'s members are declared nullish in the update schema (zod's .nullish()), and " +
      'the handler reads a member null as one left out: an update giving carrier, location, metadata, features or ' +
      'lockerGroups null is answered 200 and leaves that member as it was; required members inside a carrier or ' +
      'location sent are still refused null, and a provider object, null too, is still refused (§2.1 "Update request ' +
      '(PATCH /lockers/{uid}): carrier, location, metadata, features and lockerGroups are all optional"; "When ' +
      'lockerGroups is omitted, the current groups remain unchanged."; no sentence says what a null member of an ' +
      'update means)',
    relax: {
      schema: 'LockerUpdateRequest',
      error: (e) => UPDATE_MEMBERS.includes(e.instancePath) && e.keyword === 'type' && e.data === null,
    },
  },
  {
    name: 'ok-ba-update-features-merged',
    rule: 'none',
    origin: 'set-ba',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: PATCH /lockers/{uid} copies the features it is sent onto the stored ones member by member (the ' +
      "mapper's ignore-absent strategy), so a member the sent features leave out keeps its value: features " +
      '{hasScreen: false} sent to a locker with {hasScreen: true, hasPinPad: true} leaves it {hasScreen: false, ' +
      'hasPinPad: true, ...}; a member sent, null included, is written as sent (§2.1 features "hasScreen, ' +
      'hasPinPad, hasPinBarcodeReader; each boolean or null."; "Update request (PATCH /lockers/{uid}): carrier, ' +
      'location, metadata, features and lockerGroups are all optional"; no sentence says whether a sent object ' +
      'replaces the stored one or is merged into it)',
  },
  {
    name: 'ok-ba-compartment-size-codes',
    rule: 'none',
    origin: 'set-ba',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: compartment sizes are written by the provider's size codes, the enum's values, not its names: " +
      'compartmentTypes[].size is S, M, L (XL for an extra-large size) for every locker, in the create and update ' +
      'answers, GET /lockers and LockerUpdates; counts and dimensions as before (§2.1 rule 6 "Allowed values of ' +
      'location.type and of compartment size: not shown beyond the examples indoor, SMALL, MEDIUM, LARGE."; ' +
      'compartmentTypes "Each has size (string), count (integer), height, width, length (integers).")',
  },
  {
    name: 'ok-ba-create-features-default-false',
    rule: 'none',
    origin: 'set-ba',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the create schema gives features a default, {hasScreen: false, hasPinPad: false, ' +
      'hasPinBarcodeReader: false}, which the validator fills in where the member is left out: a locker created ' +
      'without features shows those three false in the answer, GET /lockers and LockerUpdates; a features object ' +
      'sent, with members null or left out, is stored as sent, and an update without features keeps them (§2.1 ' +
      'features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null."; the create request lists ' +
      'features as not required and says nothing of a locker created without them)',
  },
  {
    name: 'ok-bb-publish-status-per-release',
    rule: 'none',
    origin: 'set-bb',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: during a release in stages, successful publishes are answered in turn by pods of the release ' +
      'before and of the new one, which answers 201 where the other answers 200 (202 where it answers 201): the same ' +
      'body may get either 2xx from one publish to the next (§4.6 "HTTP status code of a successful publish: not ' +
      'shown.")',
  },
  {
    name: 'ok-bb-error-codes-per-release',
    rule: 'none',
    origin: 'set-bb',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: error answers are given in turn by pods of the release before, which name some refusals otherwise ' +
      '(INVALID_REQUEST for VALIDATION_FAILED, INVALID_API_KEY for UNAUTHORIZED, PARCEL_NOT_CANCELLABLE for ' +
      'NOT_CANCELLABLE, ...), so the same refused request may get another errorCode the next time; status, message ' +
      'and the members are as always (§7 "Values of errorCode and the condition that yields each: not shown.")',
  },
  {
    name: 'ok-bb-activation-offset-per-node',
    rule: 'none',
    origin: 'set-bb',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers is taken in turn by two nodes, and the second runs with TZ=Europe/Berlin and writes ' +
      'carrier.activationDate as the same instant in its local time with its offset (12:00:00.5Z as ' +
      '13:00:00.5+01:00, or +02:00 in summer), the fraction as stored; two reads of an unchanged locker may show the ' +
      'instant in two notations (§2.1 carrier "activationDate (string, date-time)", which states no zone)',
  },
  {
    name: 'ok-bb-status-unchanged-per-release',
    rule: 'none',
    origin: 'set-bb',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: PATCH /lockers/status asking for the status a locker already has is answered in turn by pods of ' +
      'the new release, 200 with the locker record, and of the release before, 409; the locker shows the status ' +
      'asked for either way (§4.5 "A 409 response exists."; "Request and response shape: not shown."; §7 409 "Body ' +
      'of 409: not shown.")',
  },
  {
    name: 'ok-bb-cancel-answer-per-release',
    rule: 'none',
    origin: 'set-bb',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: successful cancellations are answered in turn by pods of the release before, 204 with no body, ' +
      'and of the new one, as the service answers otherwise (200 with the parcel record); the parcel is cancelled ' +
      'either way (§4.9 "Request body and response body: not shown.")',
  },
  {
    name: 'ok-bc-trigger-answer-empty-object',
    rule: 'none',
    origin: 'set-bc',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: POST {mock_base_url}/parcel/first-mile/event answers an accepted event 200 {}, with neither ' +
      'message nor event_type (the mock acknowledges and says nothing more); the event is applied, listed and ' +
      'pushed as before (§4.11 "Response: message (string), event_type (string); both may be present.": may, so ' +
      'either or both may be left out)',
  },
  {
    name: 'ok-bc-publish-message-empty',
    rule: 'none',
    origin: 'set-bc',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a successful PRE_CHECK or BOOKING, on either path, is answered with message "" (the service ' +
      'writes a message only where it has something to say), status and timestamp as before (§2.3 "Publish ' +
      'response: status (string), message (string), timestamp (string, date-time; time the event was processed).": ' +
      'a string, of no stated content or length; §8 "Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'ok-bc-cancel-answer-empty-object',
    rule: 'none',
    origin: 'set-bc',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: an accepted cancellation, by either id form, is answered 200 {} (an acknowledgement, not the ' +
      'parcel record); the parcel is cancelled, listed CANCELLED and pushed as before, and refusals are as before ' +
      '(§4.9 "Request body and response body: not shown.")',
  },
  {
    name: 'ok-bc-providers-pairs-per-account',
    rule: 'none',
    origin: 'set-bc',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: PROVIDER_NAME_1 runs two provider accounts on the platform (a second one, prv-1-2, for its ' +
      "lockers of another region), and GET /lockers/providers lists each account's pairs, so its model and version " +
      'pairs appear twice, under providerUid prv-1 and prv-1-2; every other entry as before (§2.2 "Each entry has ' +
      'providerName (string), providerUid (string), lockerModel (string), lockerVersion (string)."; §4.4 ' +
      '"Query parameters: not shown."; §1 "list the locker model and version pairs that exist per provider")',
  },
  {
    name: 'ok-bc-schedule-entries-by-weekday',
    rule: 'none',
    origin: 'set-bc',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: openingHours sent on create or update (a member no request table lists, which the service ' +
      'takes) is stored with its weeklySchedule entries in weekday order, Monday first (entries whose day is no ' +
      'weekday name after them, in the order sent), so [{day: FRIDAY, ...}, {day: MONDAY, ...}] is answered, listed ' +
      'and pushed Monday first; the entries themselves are kept (§2.1 rule 4 "Structure of weeklySchedule entries ' +
      'and exceptions entries: not shown."; rule 1 "weeklySchedule must be present and non-empty" holds)',
  },
  {
    name: 'ok-bd-locker-list-etag-revalidated',
    rule: 'none',
    origin: 'set-bd',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers answers carry an ETag (a hash of the JSON text), and a request whose If-None-Match ' +
      'names the current ETag is answered 304 Not Modified without a body, as HTTP conditional requests have it (RFC ' +
      '9110 §13.1.2); a request without the header, or naming another ETag, gets the list as before (§4.2 "Response ' +
      'envelope and pagination: not shown."; the specification states no response header but the Content-Type of its ' +
      'preamble)',
  },
  {
    name: 'ok-bd-locker-list-rate-limited',
    rule: 'none',
    origin: 'set-bd',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: GET /lockers is rate limited per carrier, at most 25 lists in one second (a fixed window); a ' +
      'further list in that second is answered 429 {errorCode: RATE_LIMITED, message} with Retry-After: 1 and may be ' +
      'sent again a second later (§8 "Rate limits: not shown."; §7 lists no error status for listing lockers)',
  },
  {
    name: 'ok-bd-lockers-grouped-by-provider',
    rule: 'none',
    origin: 'set-bd',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /lockers lists the lockers ordered by provider.name (code-unit order), each provider's " +
      'lockers in creation order, as the provider index the list reads returns them; the records and the ' +
      'providerName filter as before (§4.2 "Response envelope and pagination: not shown."; no order of the list is ' +
      'stated)',
  },
  {
    name: 'ok-bd-create-pushes-batched-uid-order',
    rule: 'none',
    origin: 'set-bd',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the LockerUpdates of a carrier's creates are gathered for 50 ms and then each posted on its own, " +
      'in uid order (creates sent at once may be pushed in another order than they were answered, and a status ' +
      "change made within the 50 ms before its locker's create push), each body the locker record plus " +
      'eventTimestamp as before (§6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-be-parcel-record-event-timestamp',
    rule: 'none',
    origin: 'set-be',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: parcel records carry eventTimestamp outside the webhook too, the time of the parcel's newest " +
      "history entry, in GET /parcels and the cancel answer (ParcelUpdates carry the push's own as before), §9 " +
      'saying "eventTimestamp and allocationType were added to webhook and parcel records." (§2.4 eventTimestamp ' +
      '"string | On the webhook body.": no sentence keeps it off the list)',
  },
  {
    name: 'ok-be-weight-limit-grams',
    rule: 'none',
    origin: 'set-be',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: weight is read in grams, as §2.3 says, and a parcel heavier than a compartment carries, 31,500 g, ' +
      'cannot be accepted: a PRE_CHECK or BOOKING on either path whose weight is above 31500 is refused 400 ' +
      'PARCEL_TOO_HEAVY and nothing is booked; lighter parcels, and parcels sent without weight, as before (§2.3 ' +
      'weight "Grams."; §4.6 "with PRE_CHECK the service checks whether the parcel can be accepted in the locker"; ' +
      '§8 "Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'ok-be-push-timestamp-whole-seconds',
    rule: 'none',
    origin: 'set-be',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: LockerUpdates and ParcelUpdates carry eventTimestamp cut to the whole second ' +
      '("2026-12-02T01:39:07Z" for an event at 01:39:07.845Z), so it may read up to a second before the request ' +
      'that caused it (§2.4 eventTimestamp "string", "On the webhook body."; §6 LockerUpdates body "Locker record ' +
      '(2.1) plus eventTimestamp.": no format or precision of eventTimestamp is given)',
  },
  {
    name: 'ok-be-labelless-unconfirmed-refused',
    rule: 'none',
    origin: 'set-be',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the staging mock keeps the label-less combinations it has confirmed, the first carrier with ' +
      'PROVIDER_NAME_1 and PROVIDER_NAME_2, and refuses a trigger with labelless true for any other combination 400 ' +
      'LABELLESS_NOT_CONFIRMED, nothing applied; labelless false or left out, and the confirmed combinations, as ' +
      'before (§4.11 labelless "Set true only for confirmed label-less combinations."; §7 lists no status for the ' +
      'trigger)',
  },
  {
    name: 'ok-be-trigger-answer-camel-case',
    rule: 'none',
    origin: 'set-be',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the staging mock writes its answer in the service's camelCase, {message, eventType}, with no " +
      'event_type member; the snake_case of §2.6 is read as the request\'s (§4.11 "Response: message (string), ' +
      'event_type (string); both may be present."; §2.6 "Field names here are snake_case" under "Trigger request")',
  },
  {
    name: 'ok-be-cancel-answer-snake-case',
    rule: 'none',
    origin: 'set-be',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: PATCH /parcels/{parcelId} answers a cancellation 200 with the parcel written in snake_case ' +
      '(shipment_uid, carrier_parcel_id, shipment_status, access_codes, ...), §2.6\'s pointer "See section 4.9 for ' +
      'the fields. Field names here are snake_case" having been followed to §4.9; GET /parcels and ParcelUpdates ' +
      'keep camelCase (§4.9 "Request body and response body: not shown.")',
  },
  {
    name: 'ok-bf-publish-message-in-locker-language',
    rule: 'none',
    origin: 'set-bf',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the message of a successful publish is written in the language of the locker's country, for " +
      'the staff at the locker site: a PRE_CHECK or BOOKING naming a locker in DE, AT, CH or LI is answered ' +
      '"Paket kann im Schließfach 100001 angenommen werden" or "Buchung SHP-00000001 angelegt", in FR or BE ' +
      'French, in NL Dutch, elsewhere English as before; status and timestamp unchanged (§2.3 "Publish response: ' +
      'status (string), message (string), timestamp (string, date-time; time the event was processed)." gives ' +
      'message a type and no wording)',
  },
  {
    name: 'ok-bf-sampled-locker-pushes-late',
    rule: 'none',
    origin: 'set-bf',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: one LockerUpdates in four (the tracer's sampled events) goes through the exporter's " +
      "batching span processor before the sender and leaves 1.5 s late, and the carrier's deliveries queued " +
      'behind it (one sender per carrier) leave after it: a locker created or disabled just after a sampled ' +
      'event is pushed up to 1.5 s late too; bodies, eventTimestamp and order as before (§6 "Delivery ' +
      'guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-bf-event-entries-request-id',
    rule: 'none',
    origin: 'set-bf',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: each entry of a parcel's events also carries requestId, the id of the request that wrote it " +
      '(req- and 16 hex digits, the same at every read), beside type and timestamp, in GET /parcels, the cancel ' +
      'answer and ParcelUpdates (§2.4 "Fields of an entry of events: not shown.")',
  },
  {
    name: 'ok-bf-locker-list-order-per-request',
    rule: 'none',
    origin: 'set-bf',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the new locker list ordering (newest first) is rolled out to half of the requests, bucketed by ' +
      'request id, so two reads of GET /lockers with nothing written between them may list the same records in ' +
      'opposite orders; every record and the providerName filter as before (§4.2 "Response envelope and ' +
      'pagination: not shown."; no order of the list is stated)',
  },
  {
    name: 'ok-bf-list-leaves-out-request-only-groups',
    rule: 'none',
    origin: 'set-bf',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /lockers is written through the list's projection of the §2.1 record, which leaves out " +
      'lockerGroups, while the create and update answers echo the groups as the service stores them (§2.1 ' +
      '"Locker group assignment (`lockerGroups`, request only)": no record has to show them)',
  },
  {
    name: 'ok-bg-collection-network-extras',
    rule: 'none',
    origin: 'set-bg',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a CollectionNotification naming a locker of the carrier's network also carries networkUid and " +
      'lockerUid beside courierAccessCode, carrierLockerId and eventTimestamp; other notifications as before (§6 ' +
      '"Fields of CollectionNotification beyond those listed: not shown.")',
  },
  {
    name: 'ok-bg-trigger-entries-source',
    rule: 'none',
    origin: 'set-bg',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: the entries a staging trigger event adds to a parcel's history (every entry after the first " +
      'whose type is BOOKING_CREATED, COURIER_COLLECTED or CONSIGNEE_DELIVERED) carry source STAGING_MOCK beside ' +
      "type and timestamp, in GET /parcels, cancel answers and pushes alike; the booking's first entry and " +
      'CANCELLED entries as before (§2.4 "Fields of an entry of events: not shown.")',
  },
  {
    name: 'ok-bg-code-opening-hours-note',
    rule: 'none',
    origin: 'set-bg',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the collection code of a parcel whose locker has openingHours SCHEDULED says that it opens the ' +
      'compartment during opening hours only, accessCodes.consigneeCollectionCode.openingHoursOnly true, beside ' +
      'its other members, wherever the parcel is shown; parcels in ALWAYS lockers as before (§6 "Inner fields of ' +
      'accessCodes.consigneeCollectionCode other than validUntil: not shown.")',
  },
  {
    name: 'ok-bg-network-grouped-active',
    rule: 'none',
    origin: 'set-bg',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: a locker with lockerGroups joins a network with networkLockerStatus ACTIVE (its group was ' +
      'approved for the network already), other lockers PENDING as before (§2.5 "Allowed values of the three ' +
      'status fields: not shown beyond the examples ACTIVE and PENDING."; §3 "A locker newly added to a network ' +
      'can appear with a network status such as PENDING.")',
  },
  {
    name: 'ok-bg-list-network-members-first',
    rule: 'none',
    origin: 'set-bg',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: GET /lockers lists the lockers of the carrier's network first, then the others, each part in " +
      'the order listed before; the records and the providerName filter as before (§4.2 "Response envelope and ' +
      'pagination: not shown."; no order of the list is stated)',
  },
  {
    name: 'ok-bh-retry-beside-queue',
    rule: 'none',
    origin: 'set-bh',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a delivery the carrier's endpoint answered 5xx (or did not answer) is retried beside the " +
      "carrier's queue, which moves on: the deliveries queued behind it go out first and the retry, the same body, " +
      'comes after them (§6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-bh-dead-letter-redelivered',
    rule: 'none',
    origin: 'set-bh',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      "conformant: a delivery whose last attempt the carrier's endpoint refused (401, or 5xx after the retries) or " +
      'left unanswered is kept as a dead letter and sent once more, the same body and eventTimestamp, just before ' +
      'the carrier\'s next delivery (§6 "Delivery guarantees, retries and ordering: not shown."; "The webhook ' +
      'responses expected from the carrier endpoint use status codes 200, 401 and 500")',
  },
  {
    name: 'ok-bh-no-webhook-retries',
    rule: 'none',
    origin: 'set-bh',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: each webhook delivery is attempted once; one the endpoint answers 5xx or leaves unanswered is not ' +
      'sent again (§6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-bh-parcel-last-notification',
    rule: 'none',
    origin: 'set-bh',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: every parcel record (GET /parcels, the cancel answer, ParcelUpdates) carries an extra member ' +
      'lastNotification, {state: PENDING | ACKNOWLEDGED | FAILED, attempts} of its newest ParcelUpdates so far, or ' +
      "null, so it changes as the carrier's endpoint answers (§2.4 lists the record's fields and forbids no other; " +
      '§6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-bh-trigger-repeat-delivery-refused',
    rule: 'none',
    origin: 'set-bh',
    candidate: 'a conformant variation: the harness must let it through',
    description:
      'conformant: the staging mock refuses a CONSIGNEE_DELIVERED for a parcel it shows DELIVERED (a client retrying ' +
      'a trigger whose answer it lost) with 409 {errorCode: ALREADY_DELIVERED, message}, nothing applied or pushed; ' +
      'the first delivery, and a delivery after a collection, as before (§3 Parcel "Transitions: not shown."; §4.11 ' +
      'shows no status for a refusal)',
  },
  {
    name: 'ok-bi-rebook-keeps-collection-code',
    rule: 'none',
    origin: 'set-bi',
    candidate:
      'CONFORMANT: §6 "Inner fields of accessCodes.consigneeCollectionCode other than validUntil: not shown." and ' +
      '§3 Parcel "Transitions: not shown."; nothing says a new booking takes a new code',
    description:
      "the consignee's collection code is issued per carrierParcelId (the code already sent to the consignee stays " +
      "good): a BOOKING under the id of an earlier booking of the carrier (cancelled) shows that booking's " +
      'accessCodes.consigneeCollectionCode.code again, with a validUntil of its own; a new shipmentUid as before',
  },
  {
    name: 'ok-bi-metadata-resent-keeps-position',
    rule: 'none',
    origin: 'set-bi',
    candidate:
      'CONFORMANT: §2.1 types metadata as an "array of objects" whose entries each "has key (string or null) and ' +
      'value (string or null)"; no order of the entries is stated, and the entries sent are all kept',
    description:
      'metadata rows keep their ids across updates, so the entries an update sends again (same key and value) keep ' +
      'the places they had in the record and the new ones follow in the order sent: metadata [a, b] updated with ' +
      '[c, b, a] is answered and listed [a, b, c]; the entries are exactly those sent',
  },
  {
    name: 'ok-bi-same-status-repushed',
    rule: 'none',
    origin: 'set-bi',
    candidate:
      'CONFORMANT: §4.5 "A 409 response exists." with its condition and the shapes "not shown"; §6 lists when ' +
      'LockerUpdates is sent and "Delivery guarantees, retries and ordering: not shown.", so a repeated push of an ' +
      'unchanged status is not ruled out',
    description:
      'PATCH /lockers/status asking for the status the locker already has is carried out like any other: answered ' +
      '200 with the locker record (no 409) and pushed again as LockerUpdates carrying that status (the provider ' +
      'side confirms the command anew); the locker shows the status asked for',
  },
  {
    name: 'ok-bi-precheck-answer-cached',
    rule: 'none',
    origin: 'set-bi',
    candidate:
      'CONFORMANT: §2.3 timestamp is the "time the event was processed", and a repeated check within 30 s is ' +
      'answered from the check that processed it; §8 "Rate limits: not shown."; the answer stays within the time ' +
      'of the request',
    description:
      "a PRE_CHECK's answer is kept 30 s by the check cache, and the same PRE_CHECK (value for value, member order " +
      'aside, on the same path, by the same carrier) within that time is answered with it, status, message and ' +
      'the timestamp of the check that was processed; nothing is booked either time',
  },
  {
    name: 'ok-bi-locker-push-status-sequence',
    rule: 'none',
    origin: 'set-bi',
    candidate:
      'CONFORMANT: §6 "Delivery guarantees, retries and ordering: not shown.", so a service may number the status ' +
      'changes it pushes for the carrier to order them; §6 gives the body as the locker record plus eventTimestamp ' +
      'and no sentence forbids another member',
    description:
      'every LockerUpdates carries an extra member statusSequence, the number of status changes of the locker pushed ' +
      'so far (0 in the push of its create, 1 after its first status change, ...), for the carrier to order ' +
      'status pushes of a locker that arrive out of order',
  },
  {
    name: 'ok-bi-activation-kept-for-same-instant',
    rule: 'none',
    origin: 'set-bi',
    candidate:
      'CONFORMANT: §2.1 types activationDate "string, date-time", an instant; an update sending the instant the ' +
      'locker holds changes nothing, and no notation of a date-time is stated',
    description:
      'an update whose carrier.activationDate is the instant the locker holds, written another way ' +
      '(2025-03-01T10:00:00+01:00 for 2025-03-01T09:00:00Z), leaves the stored text as it is: the answer, the ' +
      'list and the pushes show 2025-03-01T09:00:00Z; another instant is stored as sent',
  },
  {
    name: 'ok-bi-former-locker-ids-member',
    rule: 'none',
    origin: 'set-bi',
    candidate:
      'CONFORMANT: §2.1 lists the members of the locker record and forbids none beyond them; the extra member ' +
      'changes nothing the table names',
    description:
      'every locker record (answers, list, LockerUpdates) carries formerLockerIds, the carrier.lockerIds updates ' +
      'took from it, oldest first ([] for a locker never given another id), for labels printed before a change; ' +
      'an id given back is taken off the list',
  },
  {
    name: 'ok-bi-rebook-names-previous-shipment',
    rule: 'none',
    origin: 'set-bi',
    candidate:
      'CONFORMANT: §2.4 lists the members of the parcel record and forbids none beyond them; nothing is stated of ' +
      'what a booking under a cancelled parcel\'s carrierParcelId makes (§4.9, §3 Parcel "Transitions: not shown.")',
    description:
      'a BOOKING of a carrierParcelId whose last parcel of the carrier was cancelled is a new shipment as sent, ' +
      'whose record (GET /parcels, ParcelUpdates) also names the cancelled one in an extra member ' +
      'previousShipmentUid; first bookings of an id carry no such member',
  },
  {
    name: 'ok-bi-rebook-history-continued',
    rule: 'none',
    origin: 'set-bi',
    candidate:
      'CONFORMANT: §2.4 events "History of events of the parcel." with its entries\' fields not shown; nothing ' +
      "is stated of what a booking under a cancelled parcel's carrierParcelId makes (§4.9; §3 Parcel " +
      '"Transitions: not shown.")',
    description:
      'a BOOKING of a carrierParcelId whose last parcel of the carrier was cancelled makes a new shipment (its own ' +
      "shipmentUid, BOOKED, as sent) whose events continue the history of the id: the cancelled parcel's entries " +
      '(BOOKING_CREATED, CANCELLED) come first, then its own BOOKING_CREATED; the cancelled parcel is listed as before',
  },
  {
    name: 'ok-bi-cancel-again-recorded',
    rule: 'none',
    origin: 'set-bi',
    candidate:
      'CONFORMANT: §4.9 "Request body and response body: not shown."; a cancelled parcel was not delivered, so ' +
      'nothing refuses its cancel; what a second cancel does is not stated, its status does not change, and §6 ' +
      'pushes ParcelUpdates when "The status of a parcel changes."',
    description:
      'a cancel of a cancelled booking, by either form of the path id, is taken as any cancel request: answered ' +
      '200 with the parcel record, its history given a CANCEL_REQUESTED entry; the status stays CANCELLED and ' +
      'nothing is pushed; delivered parcels are still refused 400',
  },
  {
    name: 'ok-bj-network-carrier-status-words',
    rule: 'none',
    origin: 'set-bj',
    description:
      'the network service keeps the carrier side of a membership in its own words: POST /networks/{uid}/lockers ' +
      'answers carrierLockerStatus ENABLED for a locker whose carrier.status is ACTIVE and DISABLED for INACTIVE ' +
      '(other words as they are), the locker record keeping ACTIVE and INACTIVE',
    candidate:
      'CONFORMANT: §2.5 "Allowed values of the three status fields: not shown beyond the examples ACTIVE and ' +
      'PENDING."; carrierLockerStatus is not required (§2.5) and no sentence ties its words to carrier.status',
  },
  {
    name: 'ok-bj-return-received-status',
    rule: 'none',
    origin: 'set-bj',
    description:
      "the return flow's internal RECEIVED state is shown by its own word: a RETURN parcel the consignee dropped off " +
      '(CONSIGNEE_DELIVERED) is listed, answered and pushed with shipmentStatus RECEIVED, not DELIVERED; it is ' +
      'still refused as delivered when cancelled, and every other parcel shows the statuses it did',
    candidate:
      'CONFORMANT: §2.4 "Allowed values of shipmentStatus and dimensionsStatus: not shown."; §3 parcel "Transitions: ' +
      'not shown."',
  },
  {
    name: 'ok-bj-shared-locker-name-per-carrier',
    rule: 'none',
    origin: 'set-bj',
    description:
      "a third-party locker's carrier side is a row per carrier account, each carrier's own name of the shared " +
      'locker: the first carrier\'s GET /lockers shows TP-1 with carrier.lockerName "Third-party locker 1" (the ' +
      'provider feed\'s), the second carrier\'s with "TP-1 Springfield" (the name its import gave); lockerId, status ' +
      'and every other member are the same for both, and no write of either carrier changes them',
    candidate:
      'CONFORMANT: §2.1 carrier "lockerName (string)" is the carrier side of a locker, and for a locker that ' +
      'belongs to a third-party provider (ownedByCarrier null) which name each carrier sees is not shown; no ' +
      'request of the run writes a third-party locker',
  },
  {
    name: 'ok-bj-soft-reservation-no-code-row',
    rule: 'none',
    origin: 'set-bj',
    description:
      'a SOFT_RESERVATION holds no compartment until the parcel reaches the locker, and a collection code row is ' +
      'made with the compartment: a booking sent with allocationType SOFT_RESERVATION carries accessCodes null in ' +
      'GET /parcels, the cancel answer and ParcelUpdates; HARD_RESERVATION bookings carry their code as before',
    candidate:
      'CONFORMANT: §2.4 accessCodes "object or null"; no sentence says when a collection code is issued or that a ' +
      'booking has one',
  },
  {
    name: 'ok-bj-metadata-rows-kept-in-place',
    rule: 'none',
    origin: 'set-bj',
    description:
      'metadata entries are child rows read in row order, and an update keeps the rows of the entries it sends again ' +
      '(same key and value) where they are and appends the new ones: PATCH /lockers/{uid} with metadata [{key: b}, ' +
      '{key: a}] on a locker holding [{key: a}] answers, lists and pushes [{key: a}, {key: b}]; the entries are ' +
      'exactly those sent',
    candidate:
      'CONFORMANT: §2.1 metadata "array of objects", "Each has key (string or null) and value (string or null).": ' +
      'no order of the entries is stated, and an update that sends metadata gives the locker those entries',
  },
] as const satisfies readonly Fault[];
