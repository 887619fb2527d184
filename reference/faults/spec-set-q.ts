// Faults on the parcel side in classes of their own (a soft reservation pooled by site, an ERP's zero padding in a
// lookup, a check handler that returns nothing, a default tenant behind a lazy auth check, a streaming writer past the
// response buffer, a cancel joined to the caller's own lockers, pushes routed by a locker's last booking, a mock
// publisher pinned to the 1.0 schema, a courier signature written over the consignee's, a label-less check on the
// flag's presence, a pick-up flag any collection clears, codes read into a list written unwrapped), and conformant
// variations (`ok-q-*`, rule 'none') the harness must let through. Where each is switched on:
// handlers/set-q-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_Q_FAULTS = [
  {
    name: 'sq-soft-reservation-site-pooled',
    rule: 'PCL-BOOKING-CREATES',
    description:
      "the allocation engine takes a SOFT_RESERVATION as a reservation at the locker's site, the lockers the caller " +
      'sees standing at one lon and lat (the provider groups the lockers of a shopping centre so), and places it in ' +
      "the site's first locker, the lowest uid: a BOOKING on /parcels/data with allocationType SOFT_RESERVATION " +
      'naming a locker that shares its point with a locker of lower uid (two lockers created at one point, a locker ' +
      "created at a third-party locker's point) is answered BOOKED and pushed, but GET /parcels lists it in that " +
      'other locker; HARD_RESERVATION or no allocationType, and lockers at points of their own, are booked where ' +
      'sent (§4.6 "with eventType BOOKING a locker booking is created"; §2.3 lockerUid "Platform locker ' +
      'identifier."; §2.1 uid "Internal unique identifier assigned by the service.", the only member stated unique)',
  },
  {
    name: 'sq-by-tenant-zero-padding-stripped',
    rule: 'GEN-ID-EXACT',
    description:
      "where none of the caller's or third-party lockers has the sent carrierLockerId exactly, the by-tenant " +
      "resolver compares it with each locker's carrier.lockerId with the leading zeros of both cut off (the " +
      "carriers' ERP exports pad their ids with zeros): a PRE_CHECK or BOOKING on " +
      '/parcels/data/by-tenant-locker-id naming "0L-7" ' +
      'or "007" books into the locker L-7 or 7 and is answered 2xx, where no locker has that id; exact ids, and ' +
      '/parcels/data, are right (§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; §2.3 ' +
      'carrierLockerId "The carrier\'s locker identifier."; §2.1 carrier lockerId "string")',
  },
  {
    name: 'sq-precheck-void-204',
    rule: 'PCL-PUBLISH-RESPONSE',
    description:
      'the check handler returns nothing where the parcel can be accepted (it throws where it cannot), and the ' +
      'framework answers a handler that returned nothing 204 No Content: every successful PRE_CHECK, on either path, ' +
      'is answered 204 with no body, so without status, message or timestamp; a BOOKING is answered its body, and ' +
      'refused checks keep their 400 {errorCode, message} (§2.3 "Publish response: status (string), message ' +
      '(string), timestamp (string, date-time; time the event was processed)."; §4.6 "Response: publish response ' +
      '(2.3)."; §4.7 "Same as 4.6")',
  },
  {
    name: 'sq-precheck-default-tenant',
    rule: 'AUTH-KEY-REQUIRED',
    description:
      "the publish handler authenticates lazily, requireCarrier() in its BOOKING branch only, and the request's " +
      'tenant context, left from the single-tenant days, falls back to the default tenant (the first carrier) where ' +
      'the key names none: a PRE_CHECK on either path without X-API-Key, or with a wrong key, is carried out as the ' +
      "first carrier's and answered 200 ACCEPTED for any locker that carrier can book into (its own, the third-party " +
      'ones); a BOOKING without a valid key, and every other operation, are refused 401 (§5 "1. Every operation uses ' +
      'an API key in the request header `X-API-Key`."; §4 "All operations need the API key header (section 5)."; §7 ' +
      '401 "Publish parcel data")',
  },
  {
    name: 'sq-parcels-ndjson-past-buffer',
    rule: 'GEN-JSON',
    description:
      'GET /parcels writes its answer through a buffered writer and switches to its streaming writer once the ' +
      'answer outgrows the 2 KiB response buffer, and the streaming writer, written for the export feed, writes one ' +
      'record per line (NDJSON) declared application/x-ndjson: once a carrier has about four parcels, its list is ' +
      'no JSON text and not declared application/json; shorter lists are a JSON array as before (preamble "All ' +
      'bodies are JSON (`Content-Type: application/json`)."; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier")',
  },
  {
    name: 'sq-cancel-joins-carrier-lockers',
    rule: 'CAN-NOT-DELIVERED',
    description:
      "the cancel finds the parcel with a query that joins it to the caller's own lockers on the carrierLockerId " +
      'stored with the parcel (written when carriers booked into lockers of their own only): a booked parcel, never ' +
      'delivered, in a third-party locker (TP-1) is answered 404 PARCEL_NOT_FOUND by either id form and stays ' +
      "booked, and so is one whose locker's carrier.lockerId PATCH /lockers/{uid} changed after the booking; parcels " +
      'in lockers of the caller that kept their carrier.lockerId are cancelled (§4.9 "Cancels the booking of the ' +
      'parcel. Only a parcel that has not been delivered can be cancelled."; §8 "Only parcels that have not been ' +
      'delivered can be cancelled.")',
  },
  {
    name: 'sq-push-to-locker-last-booker',
    rule: 'WH-OWN-CARRIER',
    description:
      "the parcel notifier addresses a ParcelUpdates to the carrier of the locker's last booking, a column the door " +
      "controller keeps on the locker, instead of the parcel's carrier: once the other carrier has booked into the " +
      'same third-party locker, the pushes of a parcel booked there before (its cancel, its trigger events) go to ' +
      "the other carrier's URL, with that parcel's consignee and access code, and the owner gets none; pushes in " +
      'lockers only one carrier books into go to it (§6 "The service pushes events by webhook to a URL provided by ' +
      'the carrier."; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sq-mock-push-schema-v10',
    rule: 'WH-PARCEL-BODY',
    description:
      'the staging mock publishes the ParcelUpdates of its events through its own publisher, whose schema registry ' +
      'subject is pinned to version 1.0 of the parcel event, from before allocationType and eventTimestamp were ' +
      'added: every push a trigger event causes (BOOKING_CREATED, CONSIGNEE_DELIVERED, COURIER_COLLECTED) has no ' +
      'allocationType and no eventTimestamp; pushes of bookings and cancellations, and GET /parcels, have both (§6 ' +
      'ParcelUpdates body "Parcel record (2.4), including accessCodes, consignee, events, allocationType, ' +
      'dimensionsStatus, signature, eventTimestamp."; §9 "eventTimestamp and allocationType were added to webhook ' +
      'and parcel records.")',
  },
  {
    name: 'sq-courier-signature-overwrites',
    rule: 'PCL-SIGNATURE-OBJECT',
    description:
      "a COURIER_COLLECTED writes the courier's hand-over signature into the parcel's signature, and the courier " +
      "app's event carries the image without a format: once the courier collected a parcel (after its delivery or " +
      'not), GET /parcels, the cancel answer and its ParcelUpdates show signature {imageBase64, format: null}; ' +
      'delivered parcels the courier has not collected show {imageBase64, format: "PNG"} (§2.4 signature ' +
      '"imageBase64 (string), format (string)."; §9 "signature is an object with imageBase64 and format.")',
  },
  {
    name: 'sq-trigger-labelless-presence-checked',
    rule: 'TRG-RESPONSE',
    candidate:
      'caught as a should only (GEN-BOUNDARY-ACCEPTED): §4.11 limits only labelless true and states no default ' +
      'for a request without it, so a refused false may be a combination the target knows otherwise',
    description:
      'the staging mock reads labelless into an Optional and takes a request in which it is present for a ' +
      'label-less one, checking (carrier_name, provider_name) against its table of confirmed label-less ' +
      'combinations, which holds none of the reference carriers: a valid trigger request that sends labelless false ' +
      '(the parcel has a label) is refused 400 LABELLESS_NOT_CONFIRMED and the event is not applied, as is one with ' +
      'true; the same request without labelless is accepted (§4.11 labelless "no" (not required), "boolean", "Set ' +
      'true only for confirmed label-less combinations."; "Triggers one first-mile parcel event.")',
  },
  {
    name: 'sq-collection-flag-cleared-by-any-pickup',
    rule: 'WH-COLLECTION-SENT',
    description:
      'the daily collection job names only lockers whose "parcels to pick up" flag is set, a flag per carrier and ' +
      'locker that a drop-off (CONSIGNEE_DELIVERED) sets and any COURIER_COLLECTED in that locker clears, in place ' +
      'of a count of the waiting parcels: where two first-mile or return parcels of a carrier wait in one locker and ' +
      'the courier collects one, the locker, still holding the other, is never named again until a new drop-off ' +
      'there; lockers whose parcels were all collected, and lockers no collection touched, are right (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection)."; §8 "Collection notifications are sent once per day.")',
  },
  {
    name: 'sq-access-codes-list-unwrapped',
    rule: 'PCL-ACCESS-CODES',
    description:
      'collection codes are rows of a code table keyed by (carrier, carrierParcelId), each booking adding one, read ' +
      'into a list that the JSON mapper writes with single-element arrays unwrapped (a setting switched on for the ' +
      'provider feed): a carrierParcelId booked once shows consigneeCollectionCode as its object, but after book X, ' +
      'cancel X, book X again, both parcels of X show consigneeCollectionCode as an array of the two codes, in GET ' +
      '/parcels, the cancel answer and ParcelUpdates (§2.4 accessCodes "consigneeCollectionCode (object; its ' +
      'validUntil is optional)."; §9 "accessCodes.consigneeCollectionCode replaces the deprecated ' +
      'consigneeCollection.")',
  },
  {
    name: 'ok-q-parcels-aip-pages',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: GET /parcels answers pages written as AIP-style APIs write them, {parcels, nextPageToken}, ' +
      'oldest first, `pageSize` records a page (1 to 50, 10 unless asked); nextPageToken is an opaque text to send ' +
      'back as `pageToken` for the next page and is left out on the last page; a pageSize out of range or a token ' +
      'the service did not issue is refused 400 INVALID_ARGUMENT (§4.8 "Query parameters and exact response ' +
      'envelope: not shown."; §8 "Page size limits: not shown.")',
  },
  {
    name: 'ok-q-booking-pending-confirmation',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      "conformant: a new parcel waits for the provider's confirmation: for its first 300 ms it is " +
      'PENDING_CONFIRMATION (in GET /parcels, the cancel answer and its first ParcelUpdates), then BOOKED, which ' +
      'is pushed as a change of its own; it can be cancelled while pending, and then no BOOKED is pushed (§2.4 ' +
      '"Allowed values of shipmentStatus and dimensionsStatus: not shown."; §3 "Transitions: not shown."; §6 ' +
      '"Event kinds carried by ParcelUpdates: not shown.")',
  },
  {
    name: 'ok-q-trigger-created-201',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: a staging BOOKING_CREATED that makes a parcel is answered 201 {message, event_type, ' +
      'shipmentUid}, naming the parcel it made; events applied to a parcel that exists are answered 200 as before ' +
      '(§4.11 "Response: message (string), event_type (string); both may be present.", no status code stated)',
  },
] as const satisfies readonly Fault[];
