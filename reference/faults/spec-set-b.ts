// Parcel-side faults in classes of their own (records that share a value, neighbours a command must leave unchanged,
// a record seen in a second place, optional members and the other enum value), and conformant variations
// (`ok-b-*`, rule 'none') the harness must let through.
import type { Fault } from '../fault';

export const SPEC_SET_B_FAULTS = [
  {
    name: 'sb-cancel-write-by-parcel-id',
    rule: 'ISO-CARRIER-IDS',
    description:
      'the cancel looks the parcel up among the calling carrier\'s, but writes the cancellation as "UPDATE ... WHERE ' +
      'carrierParcelId = ? AND status = BOOKED": every booked parcel with that carrierParcelId is cancelled with it, ' +
      'the other carrier\'s too, without a push (§4.9 "Cancels the booking of the parcel."; §4.8 parcel records of ' +
      'the calling carrier)',
  },
  {
    name: 'sb-trigger-collected-empties-locker',
    candidate:
      'not caught: two delivered first-mile parcels of one locker, one then collected, are rarely reached by ' +
      'a sequence',
    rule: 'TRG-EVENT-HISTORY',
    description:
      'COURIER_COLLECTED is taken as "the courier emptied the locker": every other delivered first-mile or return ' +
      'parcel of the carrier in that locker is shown COLLECTED with a COURIER_COLLECTED event too, unpushed (§4.11 ' +
      '"Triggers one first-mile parcel event."; parcel_id required)',
  },
  {
    name: 'sb-by-tenant-push-locker-uid',
    rule: 'WH-PARCEL-BODY',
    description:
      "a booking's ParcelUpdates is mapped from the request: on /parcels/data/by-tenant-locker-id the " +
      'carrierLockerId sent lands in lockerUid (TP-1 for 900001); GET /parcels and later pushes are right (§6 ' +
      'ParcelUpdates body ' +
      '"Parcel record (2.4)"; §2.3 lockerUid "Platform locker identifier")',
  },
  {
    name: 'sb-precheck-saves-parcel-data',
    rule: 'PCL-RECORD-AS-SENT',
    description:
      'the parcel data is upserted before the eventType is read: a PRE_CHECK for a carrierParcelId the carrier has ' +
      "booked rewrites that booking's consignee, shipmentType, allocationType and dimensionsStatus (no push) (§4.6 " +
      '"with PRE_CHECK the service checks whether the parcel can be accepted in the locker")',
  },
  {
    name: 'sb-secondary-id-as-parcel-id',
    rule: 'PCL-BOOKING-CREATES',
    description:
      "the booking mapper prefers the label's second id: with secondaryShipmentId sent, the record's carrierParcelId " +
      'is the secondaryShipmentId, in GET /parcels and the push (§2.3 carrierParcelId "Parcel identifier in the ' +
      'carrier system", secondaryShipmentId "Second identifier, distinct from carrierParcelId")',
  },
  {
    name: 'sb-list-events-joined-by-parcel-id',
    candidate:
      'caught by a full run (GEN-WRITE-NAMED-ONLY, on a cancelled id booked again), not by its own ' +
      "rule's tests: a booking under a cancelled parcel's id names that parcel too (PCL-AFTER-CANCEL)",
    rule: 'PCL-LIST-STATUS-EVENTS',
    description:
      "GET /parcels joins the events on carrierParcelId, not the parcel's own key: two parcels of one carrier with " +
      "one carrierParcelId (cancelled and booked again, or a trigger's first-mile parcel) each list the events of " +
      'both; answers and pushes are right (§2.4 events "History of events of the parcel."; §4.8)',
  },
  {
    name: 'sb-list-omits-alternative-delivery',
    rule: 'PCL-BOOKING-CREATES',
    description:
      'the GET /parcels query names the shipment types it knew (LAST_MILE, FIRST_MILE, RETURN): a booking with ' +
      'shipmentType ALTERNATIVE_DELIVERY is answered and pushed but never listed (§4.8 "Returns parcel records ' +
      '(2.4) of the calling carrier"; §2.3 shipmentType LAST_MILE or ALTERNATIVE_DELIVERY)',
  },
  {
    name: 'sb-consignee-without-name-dropped',
    rule: 'PCL-RECORD-AS-SENT',
    description:
      '"has a consignee" is tested as consignee?.name: a consignee with name null (or left out) and an email is ' +
      'stored as consignee null, its email lost (§2.3 consignee "name (string or null), email (string or null)"; ' +
      '§2.4 consignee)',
  },
  {
    name: 'sb-push-routed-by-locker-owner',
    rule: 'WH-PARCEL-ON-STATUS',
    description:
      "ParcelUpdates are addressed to the carrier owning the parcel's locker, not the parcel's carrier: a parcel in " +
      'a third-party locker (ownedByCarrier null) is never pushed, on booking, cancel or trigger (§6 ParcelUpdates ' +
      '"The status of a parcel changes.")',
  },
  {
    name: 'sb-collection-one-carrier-per-locker',
    candidate:
      "not caught: no test has both carriers' first-mile parcels waiting in one locker within a collection period",
    rule: 'WH-COLLECTION-SENT',
    description:
      "CollectionNotification's once-a-day bookkeeping is keyed by locker alone: when both carriers hold delivered " +
      'first-mile parcels in one third-party locker, only the first carrier is told, each day (§6 "informs the ' +
      'carrier which lockers hold parcels to be picked up")',
  },
  {
    name: 'sb-trigger-push-stale-events',
    candidate:
      'caught as a should only (WH-PARCEL-CONSISTENT): nothing states the record a push carries is taken ' +
      'after the change',
    rule: 'WH-PARCEL-BODY',
    description:
      "a trigger event's ParcelUpdates is built from the copy cached at the parcel's last write: its status is the " +
      'new one, its events lack the event just applied; GET /parcels has it (§6 ParcelUpdates body "Parcel record ' +
      '(2.4), including ... events"; §2.4 events "History of events of the parcel.")',
  },
  {
    name: 'sb-not-cancellable-no-message',
    candidate:
      'caught by a full run, whose every answer is checked; the tests that name ERR-BODY never meet this answer, ' +
      'so the self-test, which runs only those, does not',
    rule: 'ERR-BODY',
    description:
      'the refusal to cancel a delivered (or cancelled) parcel is thrown without a message and null members are ' +
      'left out: 400 {"errorCode":"NOT_CANCELLABLE"} (§7 400 on cancel parcel, body "errorCode, message"; "The ' +
      'error body has the fields `errorCode` and `message`")',
  },
  // Conformant variations: what the spec leaves open, chosen otherwise. A harness must not fail them.
  {
    name: 'ok-b-shipment-status-labels',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    description:
      'conformant: shipmentStatus values BOOKING_CONFIRMED, CANCELED_BY_CARRIER, DROPPED_OFF, PICKED_UP_BY_COURIER ' +
      'in lists, answers and pushes (§2.4 "Allowed values of shipmentStatus and dimensionsStatus: not shown.")',
  },
  {
    name: 'ok-b-event-entry-fields',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    description:
      'conformant: events entries are {eventType, occurredAt, sequence, source}, no type or timestamp (§2.4 ' +
      '"Fields of an entry of events: not shown.")',
  },
  {
    name: 'ok-b-collection-null-code-extras',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    description:
      'conformant: CollectionNotification carries courierAccessCode null and extra members lockerUid and ' +
      'notificationId (§6 "courierAccessCode (string or null)"; "Fields of CollectionNotification beyond those ' +
      'listed: not shown.")',
  },
] as const satisfies readonly Fault[];
