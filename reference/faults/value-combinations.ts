// Faults of set bl: each shows only for a combination of two or more values, each of which is ordinary and handled as
// the specification says on its own (a table keyed by two values with a hole or a wrong cell, a check that one member's
// value switches on or off for another, a branch written for the usual pairs). The conformant variations of the set
// (rule 'none', ok-sbl-...) make behaviour depend on such a combination where the specification leaves it open.
// Behaviour: faults/behaviour/value-combinations.ts.
import { sectionComplete, type Fault } from '../fault';

export const VALUE_COMBINATIONS_FAULTS = [
  {
    name: 'sbl-alt-delivery-soft-reservation-hardened',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-bl',
    description:
      'the allocation policy table, keyed by (shipmentType, allocationType), has its ALTERNATIVE_DELIVERY row copied ' +
      'from the redirection module, whose SOFT_RESERVATION cell says HARD_RESERVATION: a BOOKING on either path with ' +
      'shipmentType ALTERNATIVE_DELIVERY and allocationType SOFT_RESERVATION is listed (and pushed, answered on ' +
      'cancel) as HARD_RESERVATION, while LAST_MILE with SOFT and ALTERNATIVE_DELIVERY with HARD are kept as sent ' +
      '(§4.6 "with eventType BOOKING a locker booking is created"; §2.4 allocationType)',
  },
  {
    name: 'sbl-update-anyof-lets-incomplete-sibling',
    rule: 'LCK-UPDATE-REQUIRED-MEMBERS',
    origin: 'set-bl',
    description:
      'the update schema is an anyOf with one branch per section, so one complete section satisfies it: a PATCH ' +
      '/lockers/{uid} sending a complete carrier and a location that leaves out a required member (city, lon, ...), ' +
      'or a complete location and a carrier without lockerId, is accepted, the missing members kept from the stored ' +
      'locker; either section alone missing one is refused (§2.1 "When carrier or location is sent, its fields ' +
      'listed above as required are required.")',
    relax: {
      schema: 'LockerUpdateRequest',
      error: (e, body) =>
        e.keyword === 'required' &&
        ((e.instancePath === '/location' && sectionComplete(body, 'carrier')) ||
          (e.instancePath === '/carrier' && sectionComplete(body, 'location'))),
    },
  },
  {
    name: 'sbl-trigger-shipment-type-enum-on-create-only',
    rule: 'TRG-ENUMS',
    origin: 'set-bl',
    description:
      "the staging mock's schema checks shipment_type's values in its BOOKING_CREATED branch only, the one event " +
      'that makes a parcel of that type: a COURIER_COLLECTED or CONSIGNEE_DELIVERED with a shipment_type outside ' +
      'FIRST_MILE, RETURN (LAST_MILE, PARCEL) is accepted and applied to the parcel, while the same value on a ' +
      'BOOKING_CREATED is refused (§4.11 shipment_type "FIRST_MILE, RETURN")',
    relax: {
      schema: 'TriggerRequest',
      error: (e, body) =>
        e.instancePath === '/shipment_type' &&
        e.keyword === 'enum' &&
        typeof body === 'object' &&
        body !== null &&
        (body as Record<string, unknown>)['event_type'] !== 'BOOKING_CREATED',
    },
  },
  {
    name: 'sbl-return-collected-history-unrecorded',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-bl',
    description:
      'the history writer names each entry from a table keyed by (shipmentType, event) whose RETURN row lacks ' +
      "COURIER_COLLECTED (a return's pick-up is logged in the returns ledger): a COURIER_COLLECTED the trigger " +
      'accepts for a delivered RETURN parcel moves its status to COLLECTED and adds nothing to its events, while the ' +
      'same event of a FIRST_MILE parcel and the drop-off of a RETURN one are recorded (§4.11 "Triggers one ' +
      'first-mile parcel event."; §2.4 events "History of events of the parcel.")',
  },
  {
    name: 'sbl-cancel-first-mile-not-pushed',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-bl',
    description:
      "the cancellation notifier picks its topic from (shipmentType, event) and has topics for the publish paths' " +
      'types only: cancelling a FIRST_MILE or RETURN parcel the staging trigger made, by either id form, shows it ' +
      'CANCELLED in GET /parcels but sends no ParcelUpdates, while a LAST_MILE cancellation and the trigger events ' +
      'of a first-mile parcel are pushed (§6 ParcelUpdates "The status of a parcel changes.")',
  },
  {
    name: 'sbl-cancel-alt-delivery-by-shipment-uid-404',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-bl',
    description:
      'the cancel resolves a shipmentUid in the last-mile shipment index, which the bookings of the redirection ' +
      'module (ALTERNATIVE_DELIVERY) never enter: a booked ALTERNATIVE_DELIVERY parcel cancelled by its shipmentUid ' +
      'is answered 404 PARCEL_NOT_FOUND and stays booked, while by its carrierParcelId it is cancelled, and a ' +
      'LAST_MILE booking is cancelled by either (§4.9 "Cancels the booking of the parcel.")',
  },
  {
    name: 'sbl-precheck-soft-timestamp-hold-expiry',
    rule: 'PCL-PUBLISH-TIMESTAMP',
    origin: 'set-bl',
    description:
      "the check's answer takes its timestamp as `result.validUntil ?? processedAt`, and only the soft allocator's " +
      'result has a validUntil, the end of its 15-minute hold: a PRE_CHECK on either path with allocationType ' +
      'SOFT_RESERVATION is answered with a timestamp 15 minutes ahead, while a SOFT_RESERVATION BOOKING and a ' +
      'HARD_RESERVATION PRE_CHECK carry the processing time (§2.3 "timestamp (string, date-time; time the event was ' +
      'processed)")',
  },
  {
    name: 'sbl-dimension-fraction-beside-null',
    rule: 'PCL-PUBLISH-TYPES',
    origin: 'set-bl',
    description:
      "the dimensions' integer check lives in the size calculator, which runs only for a fully declared parcel: a " +
      'PRE_CHECK or BOOKING on either path whose dimensions give a fraction (depth 10.5) beside a null dimension is ' +
      'accepted, while the same fraction with all three dimensions given is refused (§2.3 dimensions "depth, ' +
      'height, width; each integer or null.")',
  },
  {
    name: 'sbl-network-member-keyed-by-name',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-bl',
    description:
      'the network registry keys its members by (network, lockerName), the site name its planners see, and skips an ' +
      'insert that finds the key taken as "already a member": an owned locker whose carrier.lockerName a member of ' +
      'the network already has (added before, or earlier in the same request) is neither added nor listed, while ' +
      'owned lockers of distinct names are (§4.10 "lockers owned by the carrier are added")',
  },
  {
    name: 'sbl-create-type-required-for-provider',
    rule: 'LCK-CREATE-LOCATION-TYPE-OPTIONAL',
    origin: 'set-bl',
    description:
      "the create's adapter for the providers onboarded through their registration API v2 (PROVIDER_NAME_2, _4, _6) " +
      'needs a placement and refuses a location without type with 400 VALIDATION_FAILED, while a locker of ' +
      'another provider is created without type and one of those providers with type (§2.1 "type is not among the ' +
      'required ones")',
  },
  {
    name: 'sbl-cancel-refusal-by-shipment-uid-legacy-error',
    rule: 'ERR-NO-LEGACY-ERROR',
    origin: 'set-bl',
    description:
      "a cancel by shipmentUid is served by the 1.0 controller, whose exception advice adds the framework's error " +
      'attribute beside errorCode and message: its refusal of a delivered (or an already cancelled) parcel is 400 ' +
      '{errorCode, message, error: "Bad Request"}, while the same refusal by carrierParcelId has no error member ' +
      '(§7 "the older field `error` no longer exists")',
  },
  {
    name: 'sbl-update-rekey-and-rename-name-kept',
    rule: 'LCK-UPDATE-200',
    origin: 'set-bl',
    description:
      'an update whose carrier gives both a new lockerId and a new lockerName takes the re-key path (the ' +
      'carrier-side row copied under the new id), which writes no name: it is answered 200 and listed with the new ' +
      'lockerId and the old lockerName, while a rename alone or a new lockerId alone is written as sent (§4.3 ' +
      '"Success: 200 with the locker record."; §2.1 update request carrier)',
  },
  {
    name: 'sbl-mock-contract-table-hole',
    rule: 'TRG-RESPONSE',
    origin: 'set-bl',
    description:
      "the staging mock checks a (carrier, provider) contract table whose second carrier's row was filled when it " +
      'had contracts with PROVIDER_NAME_1 to _3 only: a valid trigger of CARRIER_NAME_2 for a locker of ' +
      'PROVIDER_NAME_4 to _7 is refused 400 NO_PROVIDER_CONTRACT, while CARRIER_NAME_2 with PROVIDER_NAME_1 and ' +
      'CARRIER_NAME_1 with any provider are accepted (§4.11 "Triggers one first-mile parcel event."; carrier_name ' +
      'and provider_name each one of their fixed lists)',
  },
  {
    name: 'sbl-collection-grouped-by-shipment-type',
    rule: 'WH-COLLECTION-DAILY',
    origin: 'set-bl',
    description:
      'the collection job groups the waiting parcels by (locker, shipmentType), a courier route being planned per ' +
      'type, and marks the locker named once its groups are sent: a locker holding both a delivered FIRST_MILE and a ' +
      'delivered RETURN parcel of a carrier is named in two CollectionNotifications every period, while a locker ' +
      'holding parcels of one of the two types is named once (§8 "Collection notifications are sent once per day."; ' +
      '§6 "Once per day")',
  },
  {
    name: 'ok-sbl-collection-mixed-types-member',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-bl',
    description:
      'conformant: a CollectionNotification naming a locker where both a FIRST_MILE and a RETURN parcel of the ' +
      'carrier wait also carries returnsIncluded: true, so that the courier brings return labels; other ' +
      'notifications are as before (§6 "Fields of CollectionNotification beyond those listed: not shown")',
  },
  {
    name: 'ok-sbl-locked-booking-status-word',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-bl',
    description:
      'conformant: a BOOKING on either path sent with lockStatus LOCKED is answered status BOOKED_LOCKED, any other ' +
      'BOOKING BOOKED and a PRE_CHECK ACCEPTED, message and timestamp as before (§2.3 publish response "status ' +
      '(string)", no value shown)',
  },
  {
    name: 'ok-sbl-update-location-type-kept-same-address',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-bl',
    description:
      'conformant: an update whose location leaves type out keeps the type the locker had where the street, ' +
      'streetNumber, postalCode, city and countryCode it sends are the ones the locker has (the same site, its ' +
      'coordinates corrected), and leaves the locker without type otherwise; the answer and the list agree (§2.1: ' +
      'what an update does with a member a sent object leaves out is not stated)',
  },
  {
    name: 'ok-sbl-return-entries-direction',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-bl',
    description:
      'conformant: the history entries the staging trigger writes for a RETURN parcel carry direction: "TO_SENDER" ' +
      "beside type and timestamp, in GET /parcels, the cancel answer and ParcelUpdates; a FIRST_MILE parcel's " +
      'entries and a booking\'s are as before (§2.4 "Fields of an entry of events: not shown.")',
  },
  {
    name: 'ok-sbl-dimensions-status-estimated-by-weight',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-bl',
    description:
      'conformant: a booking whose dimensions are not all given but whose weight is shows dimensionsStatus ' +
      'ESTIMATED (its size estimated from the weight) in GET /parcels, the cancel answer and ParcelUpdates; with ' +
      'all three dimensions it is DECLARED, without weight INCOMPLETE, as before (§2.4 "Allowed values of ' +
      'shipmentStatus and dimensionsStatus: not shown.")',
  },
] as const satisfies readonly Fault[];
