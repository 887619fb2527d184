// Parcel-side and push faults in classes of their own (a uniqueness kept past a record's end, a constraint within one
// record checked across records, a member's meaning misread, an open code set closed to a short list, ended records
// moved out of the list, an encoded value wrapped in a URI, the carrier's URL resolved against a path, deliveries
// batched into an array, a push held until a date the record names, a flag that swaps a record's identity, an output
// escape applied on input, an outbox relay one event behind), and conformant variations (`ok-f-*`, rule 'none') the
// harness must let through. Where each is switched on: handlers/set-f-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

export const SPEC_SET_F_FAULTS = [
  {
    name: 'sf-rebook-after-cancel-refused',
    rule: 'PCL-AFTER-CANCEL',
    candidate:
      "not caught: a booking again under a cancelled parcel's id is PCL-AFTER-CANCEL's, observed only " +
      '(what follows a cancel is not stated)',
    description:
      'the duplicate check of a BOOKING is a unique key on (carrier, carrierParcelId) that leaves the status out: ' +
      'once a parcel was cancelled (or delivered), a BOOKING under its carrierParcelId, into any locker and on ' +
      'either path, is refused 400 ALREADY_BOOKED, so a cancelled parcel can never be booked again; the first ' +
      'booking of an id is made (§4.6 "with eventType BOOKING a locker booking is created"; §4.9 "Cancels the ' +
      'booking of the parcel.")',
  },
  {
    name: 'sf-secondary-id-checked-across-parcels',
    rule: 'PCL-BOOKING-CREATES',
    candidate:
      "not caught: no secondaryShipmentId sent equals another parcel's carrierParcelId (ids are not " +
      'drawn across roles yet)',
    description:
      '"distinct from carrierParcelId" is checked as "no parcel of the carrier has it as its carrierParcelId": a ' +
      'PRE_CHECK or BOOKING on either path whose secondaryShipmentId is the carrierParcelId of an earlier parcel ' +
      'of the carrier (a replacement or return parcel that names the original) is refused 400 VALIDATION_FAILED; ' +
      'the check within the request stays (§2.3 secondaryShipmentId "Second identifier, distinct from ' +
      'carrierParcelId."; §4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sf-locked-parcel-not-cancellable',
    rule: 'CAN-NOT-DELIVERED',
    description:
      'lockStatus LOCKED is read as a lock against changes of the booking: the cancel of a booked parcel published ' +
      'with lockStatus LOCKED, by either id form, is refused 400 PARCEL_LOCKED and the parcel stays booked; ' +
      'UNLOCKED parcels and parcels sent without lockStatus are cancelled (§4.9 "Cancels the booking of the ' +
      'parcel. Only a parcel that has not been delivered can be cancelled."; §2.3 lockStatus "LOCKED blocks the ' +
      'consignee from collecting")',
  },
  {
    name: 'sf-cod-currency-allow-list',
    rule: 'PCL-PUBLISH-RESPONSE',
    description:
      'codCurrency is checked against the three currencies the payment module was configured with (EUR, USD, ' +
      'GBP): a PRE_CHECK or BOOKING on either path with any other ISO 4217 code (CHF, PLN, SEK, CZK, DKK...) is ' +
      'refused 400 VALIDATION_FAILED "/codCurrency must be one of EUR, USD, GBP" (§2.3 codCurrency "ISO 4217 ' +
      'currency code of codAmount."; §4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sf-list-drops-cancelled',
    rule: 'PCL-LIST-STATUS-EVENTS',
    candidate:
      'caught as a should only (WH-PARCEL-CONSISTENT): a cancelled parcel missing from the list is ' +
      'read as a list that dropped it',
    description:
      'a cancelled parcel is moved to an archive table that GET /parcels does not read: from its cancel on, the ' +
      'parcel (its CANCELLED status and its history) is missing from the list, while the cancel answer and its ' +
      'ParcelUpdates show it; booked, delivered and collected parcels are listed (§4.8 "Returns parcel records ' +
      '(2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'sf-signature-data-url',
    rule: 'PCL-SIGNATURE-OBJECT',
    candidate: 'not caught: that imageBase64 holds bare base64 is implied by its name only',
    description:
      'signature.imageBase64 holds the data URL the signature pad produced, "data:image/png;base64,iVBOR...", not ' +
      'the base64 text of the image, in GET /parcels, the cancel answer and ParcelUpdates (§2.4 signature ' +
      '"imageBase64 (string), format (string)"; §9 "signature is an object with imageBase64 and format.")',
  },
  {
    name: 'sf-collection-url-resolved',
    rule: 'WH-OWN-CARRIER',
    candidate:
      'not caught: a CollectionNotification at another path of the listener is not told from the ' + "carrier's",
    description:
      'the daily collection job posts to new URL("collection-notification", webhookUrl): the last path segment of ' +
      "the carrier's URL is replaced (https://host/hooks/carrier-1 becomes https://host/hooks/collection-" +
      'notification), so every CollectionNotification goes to a URL the carrier never gave, the same one for two ' +
      'carriers under one path; LockerUpdates and ParcelUpdates use the URL as given (§6 "The service pushes ' +
      'events by webhook to a URL provided by the carrier."; CollectionNotification "Once per day, informs the ' +
      'carrier which lockers hold parcels to be picked up")',
  },
  {
    name: 'sf-parcel-pushes-batched-array',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      "the parcel event publisher gathers a carrier's events for 300 ms and posts two or more of them in one " +
      'delivery as a JSON array of records: a booking cancelled at once, a booking and a trigger event, two ' +
      'parcels booked together reach the carrier as [record, record], not each as a record; a lone event is ' +
      'posted as its record (§6 ParcelUpdates body "Parcel record (2.4), including accessCodes, consignee, ' +
      'events, allocationType, dimensionsStatus, signature, eventTimestamp.")',
  },
  {
    name: 'sf-locker-push-waits-for-activation',
    rule: 'WH-LOCKER-ON-CREATE',
    candidate:
      'missed on the first try; a full run catches it since a locker may be active only from a date to ' +
      'come, but the tests that name WH-LOCKER-ON-CREATE create none such, so the self-test does not',
    description:
      'the LockerUpdates of a create is published by the activation job: a locker created with a ' +
      'carrier.activationDate ahead of now is pushed when that date comes, not when it is created (never within ' +
      'a run for a date days ahead); a locker whose activationDate has passed is pushed at once (§6 LockerUpdates ' +
      '"Sent when: A locker is created"; §1 "the service sends webhook calls to a carrier-provided URL about ' +
      'locker updates")',
  },
  {
    name: 'sf-trigger-labelless-label-id',
    rule: 'TRG-EVENT-HISTORY',
    candidate:
      'not caught: a labelless first-mile parcel is now triggered, but a refused later event is ' + 'observed only',
    description:
      'the staging mock takes a label-less parcel to have no carrier label yet: a BOOKING_CREATED with labelless ' +
      'true stores the parcel under a label id of its own (LBL- and 8 digits) as carrierParcelId, so GET /parcels ' +
      'and the push show an id the carrier never sent, and a later COURIER_COLLECTED or CONSIGNEE_DELIVERED for ' +
      'the parcel_id is answered 404 (§4.11 "Triggers one first-mile parcel event.", parcel_id required; labelless ' +
      '"Set true only for confirmed label-less combinations."; §2.3 carrierParcelId "Parcel identifier in the ' +
      'carrier system.")',
  },
  {
    name: 'sf-consignee-html-escaped',
    rule: 'PCL-RECORD-AS-SENT',
    candidate:
      'caught by a full run (PCL-RECORD-AS-SENT, a name with markup characters booked in the ' +
      "exploration), not by its own rule's tests",
    description:
      "an anti-XSS input filter HTML-escapes the consignee's text on store: O'Brien & Sons is listed and pushed as " +
      "O&#x27;Brien &amp; Sons, an email o'brien@example.com as o&#x27;brien@example.com; text without & < > \" ' is " +
      'kept as sent (§2.3 consignee "name (string or null), email (string or null)"; §2.4 consignee of the parcel ' +
      'record; §4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sf-parcel-push-one-event-late',
    rule: 'WH-PARCEL-ON-STATUS',
    candidate: 'not caught: each push comes at the next event, and the last of a run is waited for by no test',
    description:
      "the outbox relay runs before the new event is written: each ParcelUpdates goes out when the carrier's next " +
      "parcel event happens, so a carrier's pushes lag one event behind and its latest change (a cancel, a " +
      'delivery) is not pushed until another of its parcels changes (§6 ParcelUpdates "Sent when: The status of ' +
      'a parcel changes.")',
  },
  {
    name: 'ok-f-cancel-again-idempotent',
    rule: 'none',
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
    candidate: 'conformant variation',
    description:
      'conformant: a parcel booked with lockStatus LOCKED has no collection code yet: accessCodes is null in GET ' +
      '/parcels, the cancel answer and ParcelUpdates (§2.3 lockStatus "LOCKED blocks the consignee from ' +
      'collecting"; §2.4 accessCodes "object or null"; no sentence says when a code is issued)',
  },
  {
    name: 'ok-f-trigger-parcel-no-locker-id',
    rule: 'none',
    candidate: 'conformant variation',
    description:
      'conformant: a parcel the staging trigger creates (BOOKING_CREATED for a new parcel_id) has carrierLockerId ' +
      "null, the mock knowing the locker by its provider-side id only; published parcels keep the locker's " +
      'carrier.lockerId (§2.4 carrierLockerId "string or null"; §4.11 provider_locker_id "The provider-side locker ' +
      'identifier")',
  },
] as const satisfies readonly Fault[];
