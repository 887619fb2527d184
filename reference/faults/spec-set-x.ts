// Faults on the parcel side (publish on both paths, the check, the cancel, the staging trigger, ParcelUpdates,
// CollectionNotification, networks as they reach bookings) in classes of their own (a DTO default kept for clients
// older than PRE_CHECK, protobuf's int64-as-text JSON mapping, a check's duplicate query without its tenant, an audit
// row in its own transaction, a field filled from the record it names, a network status read as "not live", a .NET
// writer's byte order mark, a member the request table gives no values for, a carrier-scoped id table, an inner null
// written by the serializer, a binder coercing scalars, a numeric enum's reverse mapping), and conformant
// variations (`ok-x-*`, rule 'none') the harness must let through. Where each is switched on:
// handlers/set-x-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

/** Written from the spec alone: not gated until measured. */
const CANDIDATE = 'written from the spec alone; not yet measured';

export const SPEC_SET_X_FAULTS = [
  {
    name: 'sx-publish-event-type-defaults-booking',
    rule: 'PCL-PUBLISH-REQUIRED',
    description:
      'eventType came with PRE_CHECK, and the publish DTO was given `eventType = BOOKING` as its default so ' +
      'that clients written before it kept booking: a publish on either path that leaves eventType out, ' +
      'otherwise valid, is answered 2xx {status: BOOKED, ...} and books the parcel, which GET /parcels then ' +
      'lists and ParcelUpdates pushes; eventType null or outside the set is still refused 400 (§2.3 eventType ' +
      'Required "yes", "PRE_CHECK or BOOKING.")',
  },
  {
    name: 'sx-cod-amount-int64-as-text',
    rule: 'GEN-TYPES-COERCED',
    description:
      'the publish request is a protobuf message read with its JSON mapping, in which an int64 is written as a ' +
      'string and read from a string or a number: codAmount, the only int64 of §2.3, sent as text of digits ' +
      '("1999") on either path is taken as the number and the PRE_CHECK or BOOKING accepted; other text ' +
      '("19.99", "abc") and text in the int32 members (weight, dimensions) are still refused 400 (§2.3 codAmount ' +
      '"integer (int64)", "Cash on delivery, in minor currency units.")',
  },
  {
    name: 'sx-precheck-duplicate-check-unscoped',
    rule: 'ISO-CARRIER-IDS',
    description:
      'a PRE_CHECK asks the check service whether a BOOKING would be refused as a duplicate, and its query, ' +
      "\"... WHERE carrier_parcel_id = ? AND status = 'BOOKED'\", was written without the carrier the BOOKING's own " +
      'check has: a PRE_CHECK on either path of a carrierParcelId that the other carrier holds booked is refused ' +
      "400 ALREADY_BOOKED, though the same carrier's BOOKING of that id is made; ids no carrier holds booked are " +
      'accepted (§2.3 carrierParcelId "Parcel identifier in the carrier system."; §4.8 "Returns parcel records ' +
      '(2.4) of the calling carrier"; §4.6 "with PRE_CHECK the service checks whether the parcel can be accepted ' +
      'in the locker")',
  },
  {
    name: 'sx-cancel-request-audited-in-history',
    rule: 'GEN-REJECTED-NO-EFFECT',
    description:
      "every cancel request is written to the parcel's history as an audit entry before the guard runs, in a " +
      'transaction of its own (REQUIRES_NEW, so that refused attempts are audited too), and the history table is ' +
      'the one events is read from: a cancel refused 400 NOT_CANCELLABLE (a delivered parcel, one already ' +
      'cancelled), by either id form, leaves the parcel listed with one more event, CANCEL_REQUESTED, its status ' +
      'as it was; an accepted cancel shows CANCEL_REQUESTED then CANCELLED, and an unknown id changes nothing ' +
      '(§8 "Only parcels that have not been delivered can be cancelled."; §2.4 events "History of events of the ' +
      'parcel.")',
  },
  {
    name: 'sx-trigger-provider-name-from-locker',
    rule: 'TRG-REQUIRED',
    description:
      "the staging mock's request type makes provider_name optional, since the locker that provider_locker_id " +
      'names already knows its provider, and fills it with `body.provider_name ?? locker.provider.name`: a ' +
      'trigger without provider_name, or with provider_name null, naming a locker the mock knows is accepted and ' +
      "applied (answered 200, the parcel made or moved and pushed) for the locker's provider; a provider_name " +
      'that is not the locker\'s, or none of the seven, is still refused 400 (§4.11 provider_name Required "yes", ' +
      '"One of 7 fixed provider names")',
  },
  {
    name: 'sx-network-pending-locker-not-bookable',
    rule: 'PCL-BOOKING-CREATES',
    candidate:
      'a spec-only review: §3 says a locker new in a network can be PENDING there and shows no transitions, so ' +
      'refusing bookings into it until it is live is a choice the spec leaves open',
    description:
      "the allocation's eligible lockers are those live in the carrier's network plan, read as \"no network " +
      'membership, or one whose networkLockerStatus is ACTIVE", and a locker added by POST /networks/{uid}/lockers ' +
      'shows PENDING and never moves on here: once the carrier has added its locker to its network, every ' +
      'BOOKING (and PRE_CHECK) naming it, by lockerUid or carrierLockerId, is refused 400 LOCKER_NOT_LIVE and ' +
      'nothing is booked; lockers in no network, the third-party ones among them, are booked (§4.6 "with eventType ' +
      'BOOKING a locker booking is created"; §4.10 "lockers owned by the carrier are added"; §3 "A locker newly ' +
      'added to a network can appear with a network status such as PENDING.")',
  },
  {
    name: 'sx-mock-push-utf8-bom',
    rule: 'WH-DELIVERY-VALID',
    description:
      'the staging mock, a .NET service, publishes the ParcelUpdates of its events itself, writing the body ' +
      'through new StreamWriter(stream, Encoding.UTF8), whose encoding emits its preamble: every push a trigger ' +
      'event causes (BOOKING_CREATED, CONSIGNEE_DELIVERED, COURIER_COLLECTED) begins with the byte order mark EF BB ' +
      'BF before the JSON, which JSON.parse and other strict parsers refuse (RFC 8259 §8.1: a networked JSON text ' +
      'MUST NOT begin with one); pushes of bookings and cancellations, and every answer, are plain JSON ' +
      '(preamble "All bodies are JSON (`Content-Type: application/json`)."; §6 "The service pushes events by ' +
      'webhook to a URL provided by the carrier.")',
  },
  {
    name: 'sx-lock-status-free-text',
    rule: 'PCL-PUBLISH-ENUMS',
    description:
      'the publish DTO was generated from the §2.3 table, whose Notes column lists values for eventType, ' +
      'shipmentType and allocationType but only describes lockStatus, so lockStatus is a free string: a ' +
      'PRE_CHECK or BOOKING on either path with lockStatus OPEN, locked or "" is accepted, and a BOOKING is ' +
      'listed and pushed with that text as its lockStatus; LOCKED, UNLOCKED and the other enums are as before ' +
      '(§3 "A booking carries a lock state LOCKED or UNLOCKED set at booking time."; §2.3 lockStatus "LOCKED ' +
      'blocks the consignee from collecting; UNLOCKED releases the parcel for collection.")',
  },
  {
    name: 'sx-collection-third-party-locker-id-dropped',
    rule: 'WH-COLLECTION-BODY',
    description:
      "the daily collection job reads carrierLockerId from the carrier's locker-id table, (carrier, locker) to " +
      "the carrier's own id, whose rows the carrier's creates write; a third-party locker (ownedByCarrier null, " +
      'TP-1) has no row, the value is undefined and JSON.stringify leaves the member out: the CollectionNotification ' +
      'naming a third-party locker that holds a delivered FIRST_MILE or RETURN parcel is {courierAccessCode, ' +
      "eventTimestamp}, without carrierLockerId; the carrier's own lockers are named as before (§6 " +
      'CollectionNotification "Includes courierAccessCode (string or null), carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'sx-locked-code-withheld-inner-null',
    rule: 'PCL-ACCESS-CODES',
    description:
      'the parcel mapper withholds the collection code of a LOCKED parcel ("LOCKED blocks the consignee from ' +
      'collecting") by setting consigneeCollectionCode to null, and the serializer writes null members: every ' +
      'parcel booked with lockStatus LOCKED, on either path, is listed by GET /parcels, answered on cancel and ' +
      'pushed with accessCodes {"consigneeCollectionCode": null}, an object without the code object; UNLOCKED ' +
      'parcels, and parcels without lockStatus, carry the code (§2.4 accessCodes "consigneeCollectionCode ' +
      '(object; its validUntil is optional)."; §2.3 lockStatus)',
  },
  {
    name: 'sx-trigger-scalars-coerced',
    rule: 'GEN-TYPES-COERCED',
    description:
      "the staging mock binds its request with the JSON binder's scalar coercion on (Jackson's default " +
      'ALLOW_COERCION_OF_SCALARS): a number or boolean where §4.11 has a string is taken as its text, and the ' +
      'text "true" or "false" as labelless: a trigger with parcel_id 4711 is accepted and makes or moves the parcel ' +
      '"4711", one with labelless "true" is taken as label-less; values of other types (an object, an array) are ' +
      'still refused 400 (§4.11 parcel_id "string", labelless "boolean"; §2.6 "Field names here are snake_case")',
  },
  {
    name: 'sx-trigger-event-type-enum-keys',
    rule: 'GEN-TYPES-COERCED',
    description:
      'the staging mock declares `enum MockEventType { BOOKING_CREATED, COURIER_COLLECTED, CONSIGNEE_DELIVERED }`, a ' +
      'numeric TypeScript enum, and checks event_type with Object.keys(MockEventType).includes(...), whose keys hold ' +
      'the reverse mapping too: event_type "0", "1" or "2" is accepted and applied as BOOKING_CREATED, ' +
      'COURIER_COLLECTED or CONSIGNEE_DELIVERED (answered 200, the parcel moved and pushed); other values outside ' +
      'the three are refused 400 (§4.11 event_type allowed values "BOOKING_CREATED, COURIER_COLLECTED, ' +
      'CONSIGNEE_DELIVERED")',
  },
  {
    name: 'ok-x-webhook-carrier-key',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      "conformant: every webhook delivery authenticates with the receiving carrier's own API key in X-API-Key " +
      '(the API key scheme the webhook definitions accept), not with a key configured for webhooks, so the two ' +
      "carriers' endpoints see different keys and a configured webhook key is never sent; bodies as before (§5 " +
      '"2. The webhook definitions accept the API key scheme and an application key scheme."; "5. How the service ' +
      'authenticates to the carrier\'s webhook URL: not shown.")',
  },
  {
    name: 'ok-x-precheck-refuses-booked-id',
    rule: 'none',
    candidate: CANDIDATE,
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
    candidate: CANDIDATE,
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
    candidate: CANDIDATE,
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
    candidate: CANDIDATE,
    description:
      'conformant: a staging BOOKING_CREATED whose parcel_id names a cancelled parcel in that locker announces a ' +
      'new parcel: a FIRST_MILE or RETURN parcel of that id is made (BOOKED, its own shipmentUid and history), ' +
      'listed beside the cancelled one and pushed, and later events of the id act on it; other events for a ' +
      'cancelled parcel are still refused (§4.11 "Triggers one first-mile parcel event."; nothing is stated of ' +
      'a cancelled parcel\'s id after the cancel, §4.9 "Cancels the booking of the parcel.")',
  },
  {
    name: 'ok-x-cancelled-booking-not-found',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      "conformant: a cancelled booking is soft-deleted and the cancel's repository scope leaves soft-deleted rows " +
      'out: a second cancel of a cancelled parcel, by either id form, is answered 404 PARCEL_NOT_FOUND {errorCode, ' +
      'message} where no other parcel of that id is cancellable, nothing changed; GET /parcels still lists it ' +
      'CANCELLED, and delivered parcels are still refused 400 (§4.9 "Cancels the booking of the parcel."; ' +
      '"Request body and response body: not shown."; §7 404 on cancel parcel "JSON body")',
  },
] as const satisfies readonly Fault[];
