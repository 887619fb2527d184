// Set AJ: faults and conformant variations written from the spec alone, on the parcel side (publish on both paths,
// the parcel list, cancel, the staging trigger, ParcelUpdates and collection notifications, their delivery, errors).
// Their points are reference/handlers/set-aj-faults.ts and set-aj-variations.ts.
import type { Fault } from '../fault';

const CONFORMANT = 'a conformant variation: the harness must let it through';

export const SET_AJ_FAULTS = [
  {
    name: 'saj-cod-currency-checked-with-amount-only',
    rule: 'PCL-PUBLISH-CURRENCY',
    origin: 'set-aj',
    description:
      "codCurrency is not part of the request DTO's constraints but of the cash-on-delivery validator, which runs " +
      '`if (body.codAmount)`: a PRE_CHECK or BOOKING on either path whose codCurrency is no currency code (EURO, ' +
      'eur, E1, "") is refused 400 where a non-zero codAmount is sent with it, but accepted (2xx, the BOOKING ' +
      'booked) where codAmount is left out, null or 0 (§2.3 codCurrency "ISO 4217 currency code of codAmount."; ' +
      'the type and the set of codes hold whatever else the request carries)',
  },
  {
    name: 'saj-weight-quantity-object',
    rule: 'PCL-PUBLISH-TYPES',
    origin: 'set-aj',
    description:
      'weight is bound to the Quantity type of the measures library shared with the compartment API, whose ' +
      'deserializer takes a number of grams or an object {value, unit}: a PRE_CHECK or BOOKING on either path ' +
      'whose weight is any JSON object ({"value": 2, "unit": "kg"}, {}) is accepted and the BOOKING booked, where ' +
      'a string, a boolean, an array or a fraction is still refused 400 (§2.3 weight "integer", "Grams.")',
  },
  {
    name: 'saj-consignee-contact-upsert-by-email',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-aj',
    description:
      'consignees are contact rows unique on (carrier, email), written by each BOOKING with INSERT ... ON CONFLICT ' +
      'DO UPDATE SET name = EXCLUDED.name, and every parcel record shows its contact row: a BOOKING (either path) ' +
      'whose consignee has the email of an earlier parcel of the carrier and another name (or none) renames that ' +
      "earlier parcel's consignee, which GET /parcels, its cancel answer and its later pushes then show with the " +
      'new name, although no request named it; the new booking itself is as sent (§4.6 "with eventType BOOKING a ' +
      'locker booking is created"; §2.4 consignee of the parcel record; §1 "or only checks whether a parcel can be ' +
      'accepted")',
  },
  {
    name: 'saj-cancel-guard-denylist',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'set-aj',
    description:
      "the cancel's guard is written as a deny list, `if (status in (DELIVERED, CANCELLED)) refuse`, and a parcel " +
      'the consignee delivered (CONSIGNEE_DELIVERED) and the courier then collected (COURIER_COLLECTED) shows ' +
      'COLLECTED: its cancel, by either id form, is answered 200 and GET /parcels and a ParcelUpdates show it ' +
      'CANCELLED; a parcel still DELIVERED is refused 400 as before (§8 "Only parcels that have not been delivered ' +
      'can be cancelled."; §4.9 "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'saj-collection-own-fleet-only',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-aj',
    description:
      "the daily collection job walks the carrier's own lockers (its fleet, ownedByCarrier the carrier) and asks " +
      "each for parcels waiting for the courier: a carrier's FIRST_MILE or RETURN parcel the consignee dropped off " +
      'in a third-party locker (ownedByCarrier null, TP-1) is never named in a CollectionNotification; waiting ' +
      'parcels in its own lockers are named once a period as before (§6 CollectionNotification "Once per day, ' +
      'informs the carrier which lockers hold parcels to be picked up (sporadic collection).")',
    candidate:
      "not caught: a first-mile parcel in a third party's locker is made and its notification awaited, but by which " +
      "carrierLockerId a locker not the carrier's own is named is not shown (§6), so one not named is observed",
  },
  {
    name: 'saj-list-locker-joined-by-carrier-locker-id',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-aj',
    description:
      "GET /parcels joins each parcel to a locker on the carrierLockerId its row holds (the caller's own locker " +
      "first, then a third party's) and shows the joined locker's uid as lockerUid, the stored one only where the " +
      'join finds none: once the locker a parcel was booked in has taken another carrier.lockerId and another ' +
      "locker of the carrier holds the former one (or the carrier created a locker under a third-party locker's " +
      'id, TP-1), the list shows the parcel in that other locker, while the cancel answer and ParcelUpdates show ' +
      'the locker it was booked in (§4.6 "with eventType BOOKING a locker booking is created"; §4.8 "Returns parcel ' +
      'records (2.4) of the calling carrier"; §2.3 lockerUid "Platform locker identifier.")',
  },
  {
    name: 'saj-parcel-list-cache-not-evicted-by-cancel',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-aj',
    description:
      'GET /parcels answers from a cache per carrier and query (60 s), evicted by the "parcel changed" event the ' +
      'publish and staging event handlers publish; the cancel handler, in the cancellation module, writes the row ' +
      'and publishes none: a cancel (either id form) is answered 200 and pushed CANCELLED, but a GET /parcels read ' +
      'within 60 s of a read before it, with no booking or trigger event since, still lists the parcel BOOKED ' +
      '(§4.9 "Cancels the booking of the parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, with ' +
      'status and event history.")',
  },
  {
    name: 'saj-outbox-payload-varchar-truncated',
    rule: 'WH-DELIVERY-VALID',
    origin: 'set-aj',
    description:
      'ParcelUpdates go through an outbox table whose payload column is a VARCHAR(1024) of a MySQL in non-strict ' +
      'mode, which cuts a longer text to 1,024 characters with only a warning, and the relay posts the column as it ' +
      'reads it: the push of a parcel whose record runs past 1,024 characters (a long carrierParcelId or consignee ' +
      'name, a long history of events) arrives cut short, declared application/json but no JSON text; shorter ' +
      'records are pushed whole (preamble "All bodies are JSON (`Content-Type: application/json`)."; §6 "The ' +
      'service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'saj-error-code-table-no-pattern',
    rule: 'ERR-BODY',
    origin: 'set-aj',
    description:
      "the publish router maps a refused body's first validation error to its errorCode through a table of " +
      'validation keywords (required MISSING_FIELD, type INVALID_TYPE, enum INVALID_VALUE, ...) that has no entry ' +
      "for pattern, the keyword of codCurrency's check, and the serializer leaves an undefined member out: a " +
      'PRE_CHECK or BOOKING on either path refused 400 for a codCurrency such as "eur" or "EURO" is answered ' +
      '{message} without errorCode (§7 "400 | Publish parcel data, update locker, get parcels, cancel parcel | ' +
      'errorCode, message"; "The error body has the fields `errorCode` and `message`")',
  },
  {
    name: 'saj-by-tenant-owner-checked-after-booking',
    rule: 'PCL-BY-TENANT-OWN',
    origin: 'set-aj',
    description:
      'the by-tenant controller hands the request to the booking service, which resolves carrierLockerId in the ' +
      "platform-wide locker index (every carrier's lockers) where the caller's own and the third-party lockers " +
      'have none of it, and books and commits; the controller then checks the locker it was answered with and ' +
      'turns the answer into 400 LOCKER_NOT_OWNED: a BOOKING on /parcels/data/by-tenant-locker-id naming a ' +
      "carrier.lockerId only the other carrier's locker has is refused, yet the caller's GET /parcels lists the " +
      'parcel BOOKED in that locker and it is pushed (§1 "publish parcel data addressed by the carrier\'s own ' +
      'locker identifier"; §2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'saj-dimensions-all-null-refused',
    rule: 'PCL-PUBLISH-NULLS',
    origin: 'set-aj',
    description:
      'the parcel-size service is called with the dimensions stripped of null members (a NON_NULL mapper), and its ' +
      'non-empty constraint refuses what is left where no member has a value: a PRE_CHECK or BOOKING on either ' +
      'path with dimensions {"depth": null, "height": null, "width": null} (or {}) is refused 400 VALIDATION_FAILED; ' +
      'one or two members null are accepted (§2.3 dimensions "depth, height, width; each integer or null.")',
  },
  {
    name: 'saj-trigger-parcel-id-echo-header',
    rule: 'TRG-RESPONSE',
    origin: 'set-aj',
    description:
      "the staging mock's tracing middleware echoes parcel_id in an X-Parcel-Id header of its answer, set after " +
      "the event was applied, and Node's setHeader throws ERR_INVALID_CHAR for a character outside Latin-1 or a " +
      'control character: a valid trigger whose parcel_id holds one (an emoji, Łódź, 東京, a line break) is applied ' +
      '(GET /parcels shows the event) but answered 500 INTERNAL_ERROR; ASCII and Latin-1 ids are answered 200 (§4.11 ' +
      '"Triggers one first-mile parcel event."; parcel_id "string")',
  },
  {
    name: 'saj-consignee-name-label-width',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-aj',
    description:
      "the consignee's name is stored in the column of the provider label's name line, VARCHAR(35) in a MySQL in " +
      'non-strict mode, which cuts a longer name to 35 characters without an error: a BOOKING on either path ' +
      'whose consignee name is longer (a full name with titles, a company name, a 1,000-character text) is ' +
      'answered 2xx and listed, answered on cancel and pushed with its first 35 characters (§2.3 consignee "name ' +
      '(string or null)"; §2.4 consignee; §8 "Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'saj-retry-client-bound-to-first-endpoint',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-aj',
    description:
      "webhook retries go through one retry client, made at start with the first carrier's subscription endpoint " +
      "as its base URL: a delivery the second carrier's endpoint answered 5xx (or did not answer) is retried to " +
      "the first carrier's URL, which receives the second carrier's parcel (or locker) record; first attempts go " +
      'to the right URL (§6 "The service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'ok-aj-webhook-hmac-signature',
    rule: 'none',
    origin: 'set-aj',
    description:
      'conformant: every webhook delivery is signed, X-CIS-Signature: t=<Unix seconds>,v1=<hex HMAC-SHA256 of ' +
      '"<t>.<body>"> keyed with the webhook key (or the service\'s own secret), beside the headers it carries ' +
      'otherwise; bodies as before (§5 "How the service authenticates to the carrier\'s webhook URL: not shown.")',
    candidate: CONFORMANT,
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
    candidate: CONFORMANT,
  },
  {
    name: 'ok-aj-parcel-push-epoch-millis-timestamp',
    rule: 'none',
    origin: 'set-aj',
    description:
      "conformant: ParcelUpdates carry eventTimestamp as the text of the event's Unix time in milliseconds " +
      '("1767225600123"), a string, as a connector writing timestamps as epoch text does (§2.4 eventTimestamp ' +
      '"string", "On the webhook body."; §6 no format of eventTimestamp is given)',
    candidate: CONFORMANT,
  },
  {
    name: 'ok-aj-cancel-event-booking-cancelled',
    rule: 'none',
    origin: 'set-aj',
    description:
      'conformant: the history entry a cancellation adds is written as the booking module writes it, {type: ' +
      '"BOOKING_CANCELLED", timestamp, initiatedBy: "CARRIER"}, in GET /parcels, the cancel answer and ' +
      'ParcelUpdates; the status and the other entries as before (§2.4 "Fields of an entry of events: not shown.")',
    candidate: CONFORMANT,
  },
  {
    name: 'ok-aj-parcels-newest-first',
    rule: 'none',
    origin: 'set-aj',
    description:
      "conformant: GET /parcels lists the carrier's parcels newest first (ORDER BY created_at DESC), the records " +
      'as before (§4.8 "Query parameters and exact response envelope: not shown."; no order is stated)',
    candidate: CONFORMANT,
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
    candidate: CONFORMANT,
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
    candidate: CONFORMANT,
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
    candidate: CONFORMANT,
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
    candidate: CONFORMANT,
  },
] as const satisfies readonly Fault[];
