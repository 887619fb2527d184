// Set AL: how records change over time and affect each other (a locker's status, features, opening hours and
// networks changing while parcels are booked in it; parcels of both carriers and of third-party lockers side by side;
// cancels, collections and triggers one after another; records renamed and created again). Behaviour in
// handlers/set-al-faults.ts and handlers/set-al-variations.ts.
import type { Fault } from '../fault';

const VARIATION = 'a conformant variation: the harness must let it through';

export const SET_AL_FAULTS = [
  {
    name: 'sal-locker-push-event-reused-nulls-skipped',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-al',
    description:
      'the LockerUpdates publisher keeps one event object per carrier and fills it for each event with the PATCH ' +
      "code's " +
      'copy-non-null-properties helper, so the embedded value objects (location, features) keep what the previous ' +
      "event of that carrier put there wherever the locker's own member is null or absent: after a locker with " +
      'features all true and location.type indoor is pushed, a locker created with hasScreen null and no ' +
      'location.type ' +
      'is pushed with hasScreen true and type indoor, while its create answer and GET /lockers show null and no type ' +
      '(§6 LockerUpdates body "Locker record (2.1) plus eventTimestamp."; §2.1 "Response record of create, update ' +
      'and ' +
      'list, and the body of the locker webhook"; features "each boolean or null")',
  },
  {
    name: 'sal-enable-reopens-keeps-schedule',
    rule: 'LCK-OH-ALWAYS',
    origin: 'set-al',
    candidate: 'not caught yet: missed on the first try',
    description:
      'enabling a locker (PATCH /lockers/status back to ACTIVE after a disable) "reopens" it by setting ' +
      'openingHours.accessMode to ALWAYS on the stored object, a one-member write meant to lift a closure, which ' +
      'leaves weeklySchedule in place: a locker that had SCHEDULED hours is, after disable and enable, answered, ' +
      'pushed and listed with accessMode ALWAYS and its weeklySchedule; lockers never disabled, or ALWAYS ' +
      'already, are as before (§2.1 "When openingHours.accessMode is ALWAYS, weeklySchedule must be omitted.")',
  },
  {
    name: 'sal-create-push-dedup-by-locker-id',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-al',
    description:
      'the create event goes through an outbox that drops a locker-created event whose key it has seen, put in ' +
      "against creates retried by the gateway, and the key is (carrier, carrier.lockerId), the carrier's own id, " +
      'not the uid: once a locker is renamed to another carrier.lockerId and a new locker is created under the id it ' +
      'released, the new locker is answered 201 and listed but never pushed (§6 LockerUpdates "A locker is created; ' +
      'a locker status changes (enabled/disabled).")',
  },
  {
    name: 'sal-reannounce-replaces-history',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-al',
    description:
      'the staging mock writes a BOOKING_CREATED as an "announce" that saves the parcel with a fresh history, ' +
      'also when the parcel is already there: a BOOKING_CREATED for a parcel the locker holds (a booking made ' +
      'through ' +
      '/parcels/data, or a first-mile parcel announced, delivered and announced again) is answered 2xx and leaves ' +
      'its events with the one new BOOKING_CREATED entry, the earlier entries gone; events for new parcels and the ' +
      'other event types are as before (§4.11 "Triggers one first-mile parcel event."; §2.4 events "History of ' +
      'events of the parcel."; §4.8 "with status and event history")',
  },
  {
    name: 'sal-delivered-mark-cleared-by-rebook',
    rule: 'CAN-DELIVERED-REFUSED',
    origin: 'set-al',
    candidate: 'not caught yet: missed on the first try',
    description:
      "the cancel's delivered guard reads a per-carrier set of delivered carrierParcelIds, and a BOOKING removes its " +
      "id from that set (a fresh parcel of the id has not been delivered): once a delivered parcel's carrierParcelId " +
      'is booked again, the delivered parcel, cancelled by its shipmentUid, is answered 200, pushed and listed ' +
      'CANCELLED; delivered parcels whose id was not booked again are refused as before (§8 "Only parcels that have ' +
      'not been delivered can be cancelled."; §4.9 "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'sal-cancel-releases-precheck-allocation',
    rule: 'CAN-UNKNOWN-404',
    origin: 'set-al',
    candidate: 'not caught yet: missed on the first try',
    description:
      'a PRE_CHECK leaves an allocation proposal keyed by (carrier, carrierParcelId), and PATCH /parcels/{parcelId}, ' +
      'which also releases proposals, looks there before answering 404: a cancel of a carrierParcelId that was only ' +
      'pre-checked, never booked, is answered 200 {carrierParcelId, status: ALLOCATION_RELEASED}, though no parcel ' +
      'has it; ids never pre-checked are 404 as before (§4.9 "Cancels the booking of the parcel."; §1 "or only ' +
      'checks whether a parcel can be accepted"; §7 404 for cancel parcel)',
  },
  {
    name: 'sal-status-written-by-registered-id',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-al',
    description:
      'the status service resolves the uid in its own table of the lockers it was told of at their create, which ' +
      "holds the carrier.lockerId each was created with, and writes the status to the carrier's locker holding that " +
      'id now; its answer and LockerUpdates are made from the command: once a locker was given another ' +
      'carrier.lockerId by PATCH /lockers/{uid}, a status change of it is answered 200 and pushed with the new ' +
      'status ' +
      'while GET /lockers still shows the old one (and a locker created since under the released id takes the ' +
      'status instead) (§4.5 "Updates the status of an existing locker.")',
  },
  {
    name: 'sal-group-refusal-restores-create-snapshot',
    // What the refusal changed is the rule every refusal's "changes nothing" is judged under.
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-al',
    candidate: 'not caught yet: missed on the first try',
    description:
      'an update refused by the group service (two groups of one key) is rolled back by restoring the locker from ' +
      'the ' +
      "session cache's original copy, taken when the locker entered the cache at its create, not from the state " +
      'before the request: an update with a repeated group key is answered 400, but a locker renamed, moved or given ' +
      'features or metadata since its create is listed as it was created; a locker never changed since its create is ' +
      'unchanged (§8 "Locker groups: at most one group per type key in lockerGroups."; §2.1 "At most one group per ' +
      'type key."; a refused request changes nothing)',
  },
  {
    name: 'sal-default-features-shared-instance',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-al',
    description:
      'lockers created without features all hold the one default features object (a module-level constant, not a ' +
      'copy), and PATCH /lockers/{uid} applies a sent features object member by member onto the stored object: after ' +
      'an update sends features to one of them, every other locker created without features (of either carrier) is ' +
      'listed with those features, though no request named it (§4.3 "Path: uid (string), the platform locker ' +
      'identifier."; an update changes the locker it names)',
  },
  {
    name: 'sal-collection-active-lockers-only',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-al',
    candidate: 'not caught yet: missed on the first try',
    description:
      "the daily collection job takes its lockers from the courier route planner's query, which keeps lockers whose " +
      'carrier.status is ACTIVE: a locker the carrier disabled through PATCH /lockers/status while a delivered ' +
      'FIRST_MILE or RETURN parcel waits in it is never named in a CollectionNotification (again once enabled) (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection).")',
  },
  {
    name: 'sal-status-change-resets-collection-mark',
    rule: 'WH-COLLECTION-DAILY',
    origin: 'set-al',
    candidate: 'not caught yet: missed on the first try',
    description:
      'the collection job runs four times a period (hourly, to pick up drop-offs sooner) and keeps each locker to ' +
      'one notification a period by a last-notified column of the locker row, which PATCH /lockers/status resets, ' +
      "as it saves the whole row from the status service's DTO, which lacks the column: a locker named in a " +
      'CollectionNotification and then disabled or enabled while its first-mile or return parcels still wait is ' +
      'named again at the next run, a second notification within the period; lockers whose status is not changed ' +
      'get one a period (§8 "Collection notifications are sent once per day."; §6 "Once per day, informs the carrier")',
  },
  {
    name: 'sal-reenabled-locker-still-suspended',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-al',
    candidate: 'not caught yet: missed on the first try',
    description:
      'the allocation service keeps a set of suspended lockers from the status events: a disable adds the locker, ' +
      'and ' +
      'the enable, published as LockerActivated where the listener waits for LockerEnabled, never removes it: once a ' +
      'locker was disabled, a PRE_CHECK or BOOKING naming it, on either path, is refused 400 LOCKER_INACTIVE, also ' +
      'after PATCH /lockers/status made it ACTIVE again (§4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sal-by-tenant-record-registered-id',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-al',
    description:
      "the by-tenant path resolves carrierLockerId by the locker's current carrier.lockerId, but the booking mapper " +
      "fills the parcel's carrierLockerId from the locker registry row written at the locker's create: a BOOKING on " +
      '/parcels/data/by-tenant-locker-id naming a locker by the carrier.lockerId an update gave it is booked into ' +
      'the right locker and listed with carrierLockerId the id it was created with, not the one sent (§4.7 "Same as ' +
      '4.6, with carrierLockerId in place of lockerUid."; §2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'sal-metadata-null-value-coalesced',
    rule: 'LCK-UPDATE-200',
    origin: 'set-al',
    candidate: 'not caught yet: missed on the first try',
    description:
      'PATCH /lockers/{uid} writes each sent metadata entry with value = COALESCE(:value, value) against the ' +
      "locker's " +
      'entry of the same key, the null-means-unchanged rule of the PATCH endpoints: an update sending {key: "floor", ' +
      'value: null} to a locker whose floor entry has "2" is answered and listed with value "2"; entries of new keys ' +
      'and non-null values as sent (§4.3 "Success: 200 with the locker record."; §2.1 metadata "Each has key (string ' +
      'or null) and value (string or null).")',
  },
  {
    name: 'ok-al-locker-status-in-parcel-history',
    rule: 'none',
    origin: 'set-al',
    candidate: VARIATION,
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
    candidate: VARIATION,
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
    candidate: VARIATION,
    description:
      'conformant: GET /lockers lists the lockers the carrier created or changed (create, update, status change) ' +
      'last changed first, then the lockers never changed (third-party ones) in their order; the records as before ' +
      '(§4.2 "Response envelope and pagination: not shown."; no order is stated)',
  },
  {
    name: 'ok-al-cancel-expires-access-code',
    rule: 'none',
    origin: 'set-al',
    candidate: VARIATION,
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
    candidate: VARIATION,
    description:
      'conformant: a CollectionNotification naming a third-party locker carries courierAccessCode null (the provider ' +
      "hands its courier a code of its own); the carrier's own lockers carry a code as before (§6 " +
      'CollectionNotification "Includes courierAccessCode (string or null), carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'ok-al-event-entries-locker-context',
    rule: 'none',
    origin: 'set-al',
    candidate: VARIATION,
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
    candidate: VARIATION,
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
    candidate: VARIATION,
    description:
      'conformant: a status change is forwarded to the provider, whose acknowledgement 150 ms later sets the ' +
      'provider side to the same status (provider.status) and is pushed as a second LockerUpdates; the first ' +
      'LockerUpdates, the answer and the carrier side as before (§3 "A locker status change (enabled or disabled) ' +
      'causes a locker event."; "Transitions: not shown."; §6 "Delivery guarantees, retries and ordering: not shown.")',
  },
] as const satisfies readonly Fault[];
