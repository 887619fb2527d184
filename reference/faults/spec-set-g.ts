// Faults written from the spec alone in classes of their own (an owner check living in one member's mapper, a list
// cache evicted by events an update does not raise, a time offset applied the wrong way, an empty string read back as
// NULL, a POST saved as a replacement, two status columns conflated, a lookup across carriers by a globally unique id,
// a lookup without an ORDER BY, an id drawn twice, a cascade that bypasses the event publisher, a daily query without
// its carrier, a per-parcel flag kept per locker), and conformant variations (`ok-g-*`, rule 'none') the harness must
// let through. Where each is switched on: handlers/set-g-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

export const SPEC_SET_G_FAULTS = [
  {
    name: 'sg-update-owner-checked-with-carrier-only',
    rule: 'ISO-PATCH-OTHER',
    candidate:
      "missed on the first try; not caught: whether a carrier may update another carrier's locker is " +
      'not stated (ISO-PATCH-OTHER observes)',
    description:
      'PATCH /lockers/{uid} loads the locker by uid alone and compares its owner in the mapper of the carrier ' +
      'object: an update that sends no carrier (only location, metadata, features or lockerGroups) of another ' +
      "carrier's locker, or of a third-party one, is applied and answered 200 with that locker; with a carrier " +
      'object it is still 404 (§2.1 ownedByCarrier "Names the owning carrier"; §7 404 "Update locker"; §4.8 "of ' +
      'the calling carrier")',
  },
  {
    name: 'sg-locker-list-cache-kept-after-update',
    rule: 'LCK-UPDATE-200',
    description:
      'GET /lockers answers from a cache per carrier and query string (10 min) that the LockerUpdates listener ' +
      'evicts: a create or a status change refreshes it, a PATCH /lockers/{uid}, which raises no event, does not, so ' +
      'after list, update, list the second list shows the locker as before the update; the update answer is right ' +
      '(§4.2 "Returns locker records."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sg-activation-offset-sign-inverted',
    rule: 'LCK-CREATE-ECHO',
    description:
      'carrier.activationDate is normalised to UTC by adding its offset instead of subtracting it: ' +
      '2025-06-01T10:30:00+02:00 is stored, answered, listed and pushed as 2025-06-01T12:30:00.000Z, four hours off, ' +
      'on create and update; a value in Z or +00:00 is kept as sent (§2.1 carrier "activationDate (string, ' +
      'date-time)"; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sg-metadata-empty-string-null',
    rule: 'LCK-CREATE-ECHO',
    candidate:
      'missed on the first try; not caught: whether an empty metadata key or value may be shown as null' +
      ' is open (§2.1 types them "string or null"; a spec-only review left it open)',
    description:
      'the metadata table treats an empty string as NULL (an Oracle VARCHAR2 column): a metadata key or value "" is ' +
      'answered, listed and pushed as null, on create and update; other text is kept (§2.1 metadata "Each has key ' +
      '(string or null) and value (string or null)."; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sg-network-add-replaces-members',
    rule: 'NET-ONLY-NEW',
    description:
      "POST /networks/{uid}/lockers saves the network's membership as the owned lockers the request names, a " +
      'replacement: members not named again are dropped, so after adding [A] then [B], adding [A] again answers A as ' +
      'newly added; adds that name every current member again (add [A], then [A, B]) are right (§4.10 "lockers ' +
      'owned by the carrier are added"; "Response: array of network locker records (2.5) for the newly added ' +
      'lockers.")',
  },
  {
    name: 'sg-network-add-sets-carrier-status',
    rule: 'LCK-STATUS-CHANGE',
    candidate:
      'caught on the first try by a full run (LCK-STATUS-CHANGE); the tests that name the rule never ' +
      'add a locker to a network first, so the self-test does not',
    description:
      'one status column holds the carrier-side status and the network status: a locker newly added to a network ' +
      'takes PENDING as its carrier.status, in the add answer (carrierLockerStatus) and in GET /lockers, with no ' +
      'LockerUpdates (§3 "Locker: carries a status on the carrier side (carrier.status)"; "Network locker: carries ' +
      'networkLockerStatus, carrierLockerStatus, providerLockerStatus."; "A locker status change (enabled or ' +
      'disabled) causes a locker event.")',
  },
  {
    name: 'sg-cancel-by-shipment-uid-any-carrier',
    rule: 'ISO-CANCEL-OTHER',
    candidate:
      "missed on the first try; not caught: whether a carrier may cancel another carrier's parcel is " +
      'not stated (ISO-CANCEL-OTHER observes)',
    description:
      "the cancel looks a shipmentUid up without the owner (it is unique across carriers): another carrier's " +
      'PATCH /parcels/{shipmentUid} cancels the parcel, answered with its record, and its owner is pushed the ' +
      'cancellation; by carrierParcelId the lookup keeps to the caller\'s parcels (§4.8 "Returns parcel records ' +
      '(2.4) of the calling carrier"; §4.9 "Cancels the booking of the parcel."; §7 404 "cancel parcel")',
  },
  {
    name: 'sg-cancel-first-parcel-with-id',
    rule: 'CAN-NOT-DELIVERED',
    description:
      'the cancel by carrierParcelId takes the first row of WHERE carrierParcelId = ? (no ORDER BY): after book X, ' +
      'cancel X, book X again, a cancel of X finds the cancelled parcel and is refused 400 NOT_CANCELLABLE, and the ' +
      'new booking, never delivered, cannot be cancelled by that id (§4.9 "Cancels the booking of the parcel. Only a ' +
      'parcel that has not been delivered can be cancelled."; §4.6 "with eventType BOOKING a locker booking is ' +
      'created")',
  },
  {
    name: 'sg-booking-push-uid-generated-twice',
    rule: 'WH-PARCEL-CONSISTENT',
    candidate:
      'missed on the first try; caught as a should (WH-PARCEL-CONSISTENT): a push under a shipmentUid ' +
      'no list shows may be another shipment under the id',
    description:
      "a BOOKING's ParcelUpdates is mapped with a shipmentUid drawn from the sequence for the event, not the stored " +
      "parcel's: the push names a shipmentUid no listed parcel has (the next one); cancel and trigger pushes are " +
      'right (§6 ParcelUpdates body "Parcel record (2.4)"; §2.4 shipmentUid; §4.8 "Returns parcel records (2.4) of ' +
      'the calling carrier")',
  },
  {
    name: 'sg-lock-state-per-locker',
    rule: 'GEN-STATE-NAMED-ONLY',
    candidate:
      'missed on the first try; caught as a should (GEN-STATE-NAMED-ONLY): what a lockStatus shown ' +
      'beyond §2.4 means is not stated',
    description:
      "the lock flag is kept per (carrier, locker): each BOOKING sets it, so the carrier's parcels still booked in " +
      "that locker show the new booking's lockStatus (LOCKED, or UNLOCKED when sent so or left out) in GET /parcels " +
      'and later pushes (§3 "A booking carries a lock state LOCKED or UNLOCKED set at booking time."; §2.3 ' +
      'lockStatus)',
  },
  {
    name: 'sg-disable-cascades-to-bookings',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      'PATCH /lockers/status to a status other than ACTIVE cancels every parcel booked in the locker by a bulk ' +
      'update that bypasses the parcel event publisher: GET /parcels shows them CANCELLED with a CANCELLED event, no ' +
      'ParcelUpdates is sent and no cancel was asked (§4.5 "Updates the status of an existing locker."; §6 ' +
      'ParcelUpdates "Sent when: The status of a parcel changes."; §4.9 "Cancels the booking of the parcel.")',
  },
  {
    name: 'sg-collection-all-carriers-lockers',
    rule: 'WH-OWN-CARRIER',
    candidate:
      'caught on the first try by a full run (WH-OWN-CARRIER, WH-COLLECTION-DAILY); the tests that name' +
      ' WH-OWN-CARRIER alone see no collection of the other carrier, so the self-test does not',
    description:
      'the daily collection query of waiting parcels leaves the carrier out: each carrier is sent a ' +
      "CollectionNotification for every locker holding any carrier's delivered FIRST_MILE or RETURN parcels, the " +
      'other carrier\'s own lockers too (their carrierLockerId) (§6 CollectionNotification "informs the carrier ' +
      'which lockers hold parcels to be picked up"; §4.8 parcels "of the calling carrier")',
  },
  {
    name: 'ok-g-parcel-locker-id-current',
    rule: 'none',
    candidate: 'conformant variation: the parcel record shows the locker identifier the locker has now',
    description:
      "conformant: a parcel record's carrierLockerId is joined from its locker when shown, so after the locker's " +
      'carrier.lockerId is changed by PATCH /lockers/{uid}, GET /parcels, cancel answers and pushes show the new one ' +
      '(§2.4 carrierLockerId "string or null": nothing says it is the identifier at booking time)',
  },
  {
    name: 'ok-g-update-location-merged',
    rule: 'none',
    candidate: 'conformant variation: an update merges the location object',
    description:
      'conformant: an update merges the location sent into the stored one, so an optional member it leaves out ' +
      '(location.type) keeps its value (§2.1 "When carrier or location is sent, its fields listed above as required ' +
      'are required."; "type is not among the required ones"; nothing says an update clears an omitted member)',
  },
  {
    name: 'ok-g-access-code-shape',
    rule: 'none',
    candidate: 'conformant variation: other inner fields of consigneeCollectionCode',
    description:
      'conformant: accessCodes.consigneeCollectionCode is {pin, barcode}, without validUntil or code (§2.4 ' +
      '"consigneeCollectionCode (object; its validUntil is optional)"; §6 "Inner fields of ' +
      'accessCodes.consigneeCollectionCode other than validUntil: not shown.")',
  },
] as const satisfies readonly Fault[];
