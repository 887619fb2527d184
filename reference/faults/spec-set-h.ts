// Faults in classes of their own, half on the parcel and push side (a date serialized as a number by one publisher, a
// per-booking flag kept in a per-locker column, the first row of a non-unique lookup, an optional member mapped
// without its default, a serializer that leaves nulls out, a list scoped by what the caller may see rather than by
// what it owns) and half on the locker and network side (a coordinate in a single-precision column, an empty string
// stored as NULL, a transaction marked rollback-only by a caught skip, the create mapper run again by an update, a
// status write that looks the locker up without its owner, the credential as the principal's name), and conformant
// variations (`ok-h-*`, rule 'none') the harness must let through. Where each is switched on:
// handlers/set-h-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

export const SPEC_SET_H_FAULTS = [
  {
    name: 'sh-trigger-push-epoch-timestamp',
    rule: 'WH-PARCEL-BODY',
    description:
      'the staging mock publishes its ParcelUpdates through an event bus whose JSON mapper writes dates as ' +
      'timestamps: the push a trigger event causes carries eventTimestamp as a number of epoch milliseconds ' +
      '(1717236000000), not a string; pushes of bookings and cancellations are right (§2.4 eventTimestamp ' +
      '"string", "On the webhook body."; §6 ParcelUpdates body "Parcel record (2.4), including ... eventTimestamp")',
  },
  {
    name: 'sh-lock-state-per-locker',
    rule: 'PCL-RECORD-EXTRA-AS-SENT',
    description:
      'the lock state is kept in a column of the locker (the compartment controller locks the door, not the ' +
      'parcel): every BOOKING writes it, and every parcel in that locker shows the last one written, so a parcel ' +
      'booked LOCKED shows UNLOCKED once another parcel is booked UNLOCKED (or without lockStatus) into the same ' +
      'locker, in GET /parcels, the cancel answer and ParcelUpdates (§3 "A booking carries a lock state LOCKED or ' +
      'UNLOCKED set at booking time."; §2.3 lockStatus)',
  },
  {
    name: 'sh-cancel-first-row-by-parcel-id',
    rule: 'CAN-NOT-DELIVERED',
    description:
      'the cancel by carrierParcelId takes the first row the id matches (findFirstByCarrierParcelId, oldest ' +
      'first, whatever its status): once a parcel was cancelled and booked again under the same carrierParcelId, ' +
      'PATCH /parcels/{carrierParcelId} names the cancelled one and is refused 400 NOT_CANCELLABLE, and the new ' +
      'booking cannot be cancelled by that id; by shipmentUid it can (§4.9 "Cancels the booking of the parcel. ' +
      'Only a parcel that has not been delivered can be cancelled."; §4.6 "with eventType BOOKING a locker booking ' +
      'is created")',
  },
  {
    name: 'sh-allocation-type-null-when-omitted',
    rule: 'PCL-RECORD-SHAPE',
    description:
      'the booking mapper copies allocationType from the request into a nullable column with no default: a BOOKING ' +
      'on either path that leaves allocationType out (§2.3: not required) is listed, answered on cancel and pushed ' +
      'with allocationType null; a BOOKING that sends it, and trigger-made parcels, are right (§2.4 allocationType ' +
      '"string"; §9 "eventTimestamp and allocationType were added to webhook and parcel records."; §6 ParcelUpdates ' +
      '"including ... allocationType")',
  },
  {
    name: 'sh-parcel-push-nulls-omitted',
    rule: 'WH-PARCEL-BODY',
    description:
      "the webhook publisher's JSON mapper is set to leave null members out (NON_NULL inclusion, nested objects " +
      'too): a ParcelUpdates of a parcel whose consignee, accessCodes or carrierLockerId is null (a booking without ' +
      'consignee, a trigger-made parcel) carries no consignee or accessCodes member at all, and a consignee with ' +
      'name null lacks name; GET /parcels shows the nulls (§6 ParcelUpdates body "Parcel record (2.4), including ' +
      'accessCodes, consignee, events, allocationType, dimensionsStatus, signature, eventTimestamp."; §2.4 consignee ' +
      '"object or null", accessCodes "object or null")',
  },
  {
    name: 'sh-parcels-scoped-by-locker',
    rule: 'PCL-LIST-OWN',
    description:
      'GET /parcels selects the parcels of the lockers the caller may see (its own and the third-party ones), not ' +
      "the parcels it booked: a carrier's list also shows the other carrier's parcels in a shared third-party " +
      'locker, with their consignee and access codes; parcels in lockers of its own are only its own (§4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier, with status and event history."; §1 "list the parcels ' +
      'of the carrier")',
  },
  {
    name: 'sh-coordinates-float32',
    rule: 'LCK-RECORD-SHAPE',
    candidate:
      'caught on the first try by a full run (LCK-RECORD-SHAPE, WH-LOCKER-BODY; LCK-COORDINATES-ECHO as' +
      ' a should); the tests that name WH-LOCKER-BODY alone do not meet it, so the self-test does not',
    description:
      'location.lon and location.lat are stored in single-precision (REAL) columns and read back as doubles: a ' +
      'coordinate that a float32 does not hold exactly (52.52, 13.404954) is answered, listed and pushed as ' +
      '52.52000045776367, 13.404953956604004, on create and update; integers and halves are kept as sent (§2.1 ' +
      'location "lon, lat (numbers)"; §4.1 "Success: 201 with the locker record (2.1)."; §4.3 "Success: 200 with ' +
      'the locker record.")',
  },
  {
    name: 'sh-metadata-empty-string-null',
    rule: 'LCK-CREATE-ECHO',
    candidate:
      'missed on the first try; not caught: whether an empty metadata key or value may be stored as ' +
      'null is open (§2.1 types them "string or null"; a spec-only review left it open)',
    description:
      "metadata is kept in a database that stores an empty string as NULL (Oracle's '' IS NULL): an entry whose " +
      'key or value is "" is answered, listed and pushed with null there, on create and update; non-empty text ' +
      'and nulls are kept as sent (§2.1 metadata "Each has key (string or null) and value (string or null)."; ' +
      '§4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sh-network-add-rolled-back-on-skip',
    rule: 'NET-ONLY-NEW',
    description:
      'the network add runs in one transaction, and the ownership lookup that skips a not-owned or unknown locker ' +
      'throws an exception that is caught, which marks the transaction rollback-only: a request naming an owned ' +
      'locker together with a not-owned one is answered 200 with the owned one, but nothing is stored, so the same ' +
      'owned locker added again is answered again as newly added; requests of owned lockers only are stored (§4.10 ' +
      '"Behaviour: lockers owned by the carrier are added; lockers not owned by the carrier are silently skipped."; ' +
      '"Response: array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sh-update-rederives-provider-ids',
    rule: 'LCK-UPDATE-OMITTED-KEPT',
    candidate:
      'missed on the first try; not caught: it shows only where a create sends provider.lockerUid, ' +
      'which the request table of §2.1 does not list (the document marks it readOnly), so no request of' +
      ' the run carries it',
    description:
      "an update that sends carrier runs the create's provider mapper again, with no provider sent: " +
      'provider.lockerName and provider.lockerUid get their create defaults (the carrier.lockerName, PL-<uid>), so ' +
      'a locker created with its own provider-side id (provider.lockerUid ACME-77) shows PL-<uid> after the update ' +
      'and the trigger refuses provider_locker_id ACME-77; updates without carrier leave the provider as it was ' +
      '(§2.1 "Update request (PATCH /lockers/{uid}): carrier, location, metadata, features and lockerGroups are all ' +
      'optional; no provider object is accepted."; §4.11 provider_locker_id "The provider-side locker identifier")',
  },
  {
    name: 'sh-status-unscoped-lookup',
    rule: 'ISO-PATCH-OTHER',
    candidate:
      'missed on the first try; not caught: whether a carrier may change the status of another ' +
      "carrier's locker is not stated (ISO-PATCH-OTHER observes)",
    description:
      'PATCH /lockers/status finds the locker by uid alone (the status screen was first an operator tool): a ' +
      "carrier naming another carrier's locker uid changes that locker's status, answered 200 with its record, and " +
      'the owner is pushed a LockerUpdates it did not cause; third-party and unknown uids are still 404, and PATCH ' +
      '/lockers/{uid} keeps its owner check (§2.1 ownedByCarrier "Names the owning carrier"; §1 "add lockers that ' +
      'the carrier owns"; §5 "Every operation uses an API key"; §7 404 on update locker)',
  },
  {
    name: 'sh-owner-is-api-key',
    rule: 'LCK-OWNED-BY',
    candidate:
      "failed TRG-RESPONSE on the first try, by accident: the run takes ownedByCarrier for a trigger's " +
      'carrier_name, and a value outside the enum of the document is refused; which carrier owns a ' +
      'locker is not stated (LCK-OWNED-BY observes)',
    description:
      "ownedByCarrier is filled from the authenticated principal's name, which the API-key filter set to the key " +
      "itself: a carrier's lockers show its X-API-Key (reference-key-carrier-1) as ownedByCarrier in the create " +
      'and update answers, GET /lockers and LockerUpdates; third-party lockers keep null (§2.1 ownedByCarrier ' +
      '"Names the owning carrier; null means the locker belongs to a third-party provider.")',
  },
  // Conformant variations: the spec leaves each open. A harness must not fail them.
  {
    name: 'ok-h-trigger-answer-message-only',
    rule: 'none',
    candidate: 'conformant variation: the trigger answer carries message only',
    description:
      'conformant: POST {mock_base_url}/parcel/first-mile/event answers 200 {message} without event_type (§4.11 ' +
      '"Response: message (string), event_type (string); both may be present.": may, not must)',
  },
  {
    name: 'ok-h-publish-status-words',
    rule: 'none',
    candidate: 'conformant variation: other words in the publish answer status',
    description:
      'conformant: the publish answer says status CONFIRMED for a BOOKING and AVAILABLE for a PRE_CHECK (not ' +
      'BOOKED and ACCEPTED); message and timestamp as before (§2.3 "Publish response: status (string), message ' +
      '(string), timestamp": no value of status is stated; §4.6 "HTTP status code of a successful publish: not ' +
      'shown.")',
  },
  {
    name: 'ok-h-created-locker-no-compartments',
    rule: 'none',
    candidate: 'conformant variation: compartmentTypes null until configured',
    description:
      'conformant: a created locker has compartmentTypes null (its compartments are configured by the provider ' +
      'later, an operation whose shape §4.12 does not show), in the answers, lists and pushes; seeded lockers keep ' +
      'theirs (§2.1 compartmentTypes "array of objects or null"; §4.12 "locker compartments ... their shapes: not ' +
      'shown.")',
  },
] as const satisfies readonly Fault[];
