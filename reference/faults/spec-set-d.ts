// Parcel-side faults in classes of their own (pushes coalesced per parcel, a history cut to a window, an answer
// replayed for another event type, a component that knows one tenant, a period in the wrong unit, a periodic push
// also sent on an event, a sender halted by one refusal, a value canonicalized on store, records one operation
// made unknown to another, a dependency invented between optional members, a value minted on every read, a reserved
// character in a carrier-chosen path id), and conformant variations (`ok-d-*`, rule 'none') the harness must let
// through. Where each is switched on: handlers/spec-set-d-points.ts, and the lines that call it.
import type { Fault } from '../fault';

export const SPEC_SET_D_FAULTS = [
  {
    name: 'sd-parcel-pushes-coalesced',
    rule: 'WH-PARCEL-ON-STATUS',
    candidate:
      "not caught: no sequence changes one parcel's status twice within half a second, and a booking's " +
      'own push is not required',
    description:
      'ParcelUpdates go through a debouncer keyed by shipmentUid (500 ms, last state wins): a status change followed ' +
      'within half a second by another change of the same parcel (a booking cancelled at once, a delivery then a ' +
      'collection) is never pushed, only the later state is; changes further apart are each pushed (§6 ' +
      'ParcelUpdates "Sent when: The status of a parcel changes.")',
  },
  {
    name: 'sd-events-recent-window',
    rule: 'TRG-EVENT-HISTORY',
    description:
      "a parcel's events are read by the recent-events query (the newest 3, LIMIT 3) wherever a record is " +
      'written: from the fourth event on (a booking then three trigger events, or a re-booked first-mile parcel), ' +
      'GET /parcels, the cancel answer and ParcelUpdates lose the oldest entries (§2.4 events "History of events ' +
      'of the parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'sd-publish-replay-ignores-event-type',
    candidate:
      'missed on the first try; caught by a full run since sequences book under an id they pre-checked ' +
      '(not gated yet)',
    rule: 'PCL-BOOKING-CREATES',
    description:
      'publish answers are kept 60 s for replay under an idempotency key of (carrier, path, locker identifier, ' +
      'carrierParcelId) that leaves out eventType: the BOOKING that follows a PRE_CHECK of the same parcel into the ' +
      "same locker is answered the PRE_CHECK's stored ACCEPTED answer (its timestamp too) and no booking is made, " +
      'listed or pushed (§4.6 "with eventType BOOKING a locker booking is created"; §2.3 timestamp "time the event ' +
      'was processed")',
  },
  {
    name: 'sd-trigger-first-carrier-key-only',
    candidate:
      "missed on the first try (the second carrier's refused trigger was only observed); caught by a " +
      'full run since a trigger refused for its key fails TRG-STAGING-KEY (not gated yet)',
    rule: 'TRG-STAGING-KEY',
    description:
      "the staging mock was configured with one carrier's staging key (the first): the second carrier's regular " +
      'key, taken by every operation of {base_url}, is refused 401 by POST {mock_base_url}/parcel/first-mile/event ' +
      '(§4.11 "Authenticated with the regular carrier staging API key; no separate key."; §5 "3. The staging-only ' +
      'trigger operations use the regular carrier staging key.")',
  },
  {
    name: 'sd-collection-period-unit',
    rule: 'WH-COLLECTION-DAILY',
    candidate: 'not caught: the run reads INCONCLUSIVE (WH-COLLECTION-DAILY not observable), no must rule ' + 'failed',
    description:
      "CollectionNotification's once-a-day bookkeeping compares the time since a locker was last named with the " +
      'period read as seconds where it is milliseconds (x1000): a locker is named once, and while its first-mile ' +
      'parcels keep waiting it is not named again the next day (the next period), nor for a thousand of them (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up"; §8 ' +
      '"Collection notifications are sent once per day.")',
  },
  {
    name: 'sd-collection-on-dropoff',
    rule: 'WH-COLLECTION-DAILY',
    candidate: 'not caught: no drop-off lands in a locker already notified within a collection period',
    description:
      'a CONSIGNEE_DELIVERED of a FIRST_MILE or RETURN parcel into a locker already named to the carrier this ' +
      'period sends a CollectionNotification for that locker at once ("the parcels waiting there changed"): the ' +
      'locker is named twice within the day; a drop-off into a locker not yet named waits for the daily one (§8 ' +
      '"Collection notifications are sent once per day."; §6 CollectionNotification "Once per day")',
  },
  {
    name: 'sd-webhook-queue-halts-after-refusal',
    rule: 'WH-PARCEL-ON-STATUS',
    candidate:
      'not caught: the listener answers every delivery 200; answering the 500 §6 lists was tried and ' +
      'left out, since what a service does after it (ordered retries with back-off) may hold later ' +
      'pushes past any wait',
    description:
      'the webhook sender has one circuit breaker for every endpoint, opened by the first delivery that ends ' +
      'refused (401, a 5xx after its retries, or no answer) and never closed: from then on no LockerUpdates, ' +
      'ParcelUpdates or CollectionNotification is sent to either carrier (§6 "The service pushes events by webhook ' +
      'to a URL provided by the carrier."; "The webhook responses expected from the carrier endpoint use status ' +
      'codes 200, 401 and 500"; ParcelUpdates "Sent when: The status of a parcel changes.")',
  },
  {
    name: 'sd-consignee-email-lowercased',
    candidate:
      'not caught: consignee emails now come from a pool of cases, but no run yet showed one ' +
      'lower-cased against PCL-RECORD-AS-SENT',
    rule: 'PCL-EMAIL-AS-SENT',
    description:
      "a booking's consignee email is canonicalized on store (trimmed and lower-cased, local part too, as an " +
      'email normalizer does): Jane.Doe@Example.com is listed and pushed as jane.doe@example.com; the name is kept ' +
      'as sent (§2.3 consignee "name (string or null), email (string or null)"; §2.4 consignee of the parcel ' +
      'record; §4.6 a locker booking is created from the parcel data)',
  },
  {
    name: 'sd-cancel-skips-trigger-parcels',
    rule: 'CAN-NOT-DELIVERED',
    candidate: 'not caught: the exploration cancels only parcels it published',
    description:
      'the cancel resolves its path id in the bookings the publish operations wrote: a first-mile parcel that a ' +
      'staging BOOKING_CREATED made, listed BOOKED by GET /parcels, is answered 404 PARCEL_NOT_FOUND by either id ' +
      'form and stays booked (§4.9 "Cancels the booking of the parcel. Only a parcel that has not been delivered ' +
      'can be cancelled."; §3 "Only a parcel that has not been delivered may be cancelled.")',
  },
  {
    name: 'sd-cod-amount-requires-currency',
    rule: 'PCL-PUBLISH-RESPONSE',
    description:
      'the publish validator has a class-level rule "codCurrency is required when codAmount is set": a PRE_CHECK or ' +
      'BOOKING on either path with codAmount and no codCurrency is refused 400 VALIDATION_FAILED, though §2.3 ' +
      'makes both optional and ties neither to the other (§2.3 codAmount "no", codCurrency "no"; §4.6 "with ' +
      'eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sd-access-code-minted-per-read',
    rule: 'GEN-STATE-NAMED-ONLY',
    description:
      'the parcel mapper generates consigneeCollectionCode when it writes a record instead of reading the stored ' +
      'one: each GET /parcels, cancel answer and ParcelUpdates of a booked parcel shows another code and validUntil, ' +
      'so the code the carrier was pushed is not the one listed a moment later (§2.4 accessCodes ' +
      '"consigneeCollectionCode (object; its validUntil is optional)"; §4.8 "Returns parcel records (2.4)"; §6 ' +
      'ParcelUpdates body "Parcel record (2.4), including accessCodes")',
  },
  {
    name: 'sd-encoded-slash-rejected',
    rule: 'CAN-ID-ENCODED',
    description:
      'a request firewall in front of the service refuses any path holding an encoded slash (%2F): a parcel whose ' +
      'carrierParcelId has a slash (ORD/2025/17) is booked and listed, but PATCH /parcels/ORD%2F2025%2F17 is ' +
      'answered 400 REQUEST_REJECTED and the parcel cannot be cancelled by that id (§4.9 "Path: parcelId. Cancels ' +
      'the booking of the parcel."; §2.3 carrierParcelId "Parcel identifier in the carrier system", a string the ' +
      'carrier chooses)',
  },
  // Conformant variations: what the spec leaves open, chosen otherwise. A harness must not fail them.
  {
    name: 'ok-d-events-newest-first',
    rule: 'none',
    candidate: 'conformant variation',
    description:
      'conformant: events are listed newest first in GET /parcels, the cancel answer and ParcelUpdates (§2.4 events ' +
      '"History of events of the parcel."; "Fields of an entry of events: not shown." No order of the history is ' +
      'stated)',
  },
  {
    name: 'ok-d-access-codes-null-when-closed',
    rule: 'none',
    candidate: 'conformant variation',
    description:
      'conformant: once a parcel is no longer booked (cancelled, delivered, collected) its collection code is ' +
      'withdrawn and accessCodes is null in lists, answers and pushes (§2.4 accessCodes "object or null"; no ' +
      'sentence says when a code exists)',
  },
  {
    name: 'ok-d-unchanged-status-not-pushed',
    rule: 'none',
    candidate: 'conformant variation',
    description:
      'conformant: a staging trigger event that leaves shipmentStatus as it was (BOOKING_CREATED on a booked ' +
      'parcel, a second CONSIGNEE_DELIVERED) is recorded in events but sends no ParcelUpdates; a parcel the ' +
      'trigger creates is pushed (§6 ParcelUpdates "Sent when: The status of a parcel changes."; "Event kinds ' +
      'carried by ParcelUpdates: not shown.")',
  },
] as const satisfies readonly Fault[];
