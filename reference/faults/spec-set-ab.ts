// Faults on the parcel side and the webhooks (publish on both paths, the by-tenant lookup, the parcel list, the
// cancel by either id form, the staging trigger's delivery, ParcelUpdates, CollectionNotification) in classes of their
// own (one DTO for two paths, an alias kept on rename, a NOT NULL column standing in for "never", a hand-made
// streaming writer, an int division at an edge value, a cancel kept as a tombstone, a two-phase booking confirming a
// snapshot, a compatibility normalization, proto3's default values, bookkeeping keyed by a mutable id, a calendar
// bucket in place of a period, a lock released on the success path only), and conformant variations (`ok-ab-*`, rule
// 'none') the harness must let through.
// Where each is switched on: handlers/set-ab-faults.ts (the faults), handlers/set-ab-variations.ts (the variations),
// and the lines that call them.
import type { Fault } from '../fault';

/** A conformant variation. */
const VARIATION = 'a conformant variation: the harness must let it through';

export const SPEC_SET_AB_FAULTS = [
  {
    name: 'sab-publish-either-locker-id',
    rule: 'PCL-PUBLISH-REQUIRED',
    description:
      'both publish paths bind one request DTO with a class-level "at least one of lockerUid, carrierLockerId" ' +
      'constraint (written when the by-tenant path was added) and resolve the locker from whichever is there: a ' +
      'PRE_CHECK or BOOKING on POST /parcels/data without lockerUid (or with it null) but with the carrierLockerId ' +
      'of a locker the carrier sees is answered 2xx and booked into that locker, and one on ' +
      '/parcels/data/by-tenant-locker-id without carrierLockerId but with a lockerUid likewise; with neither it is ' +
      'refused as before (§2.3 lockerUid "yes (on /parcels/data)", carrierLockerId "yes (on ' +
      '/parcels/data/by-tenant-locker-id, in place of lockerUid)")',
  },
  {
    name: 'sab-by-tenant-former-id-alias',
    rule: 'PCL-BY-TENANT-RESOLVES',
    description:
      'a locker keeps the carrier.lockerId it was created with as an alias when an update gives it another (so that ' +
      'labels printed with the old id still book), and the by-tenant lookup matches "current id or alias", the ' +
      'oldest locker first: after locker A is created as X and updated to Y, a PRE_CHECK or BOOKING by ' +
      'carrierLockerId X books into A (listed with carrierLockerId X, the id the request named), also once ' +
      'another locker B has been created with X (B never gets it); ' +
      'lookups by Y and by ids never renamed are right (§4.7 "Same as 4.6, with carrierLockerId in place of ' +
      'lockerUid."; §2.3 carrierLockerId "The carrier\'s locker identifier."; §2.1 update request carrier)',
  },
  {
    name: 'sab-cancel-delivered-same-second',
    rule: 'CAN-DELIVERED-REFUSED',
    description:
      '"delivered" is stored as delivered_at > created_at, delivered_at being a NOT NULL DATETIME(0) column whose ' +
      "default is the row's creation time (a migration made it NOT NULL): a parcel whose CONSIGNEE_DELIVERED came " +
      'within the same second as its booking (or the BOOKING_CREATED that made it) reads as never delivered, and ' +
      'its cancel, by either id form, is answered 2xx and lists it CANCELLED; a delivery a second or more later is ' +
      'refused 400 NOT_CANCELLABLE as before (§8 "Only parcels that have not been delivered can be cancelled."; ' +
      '§4.9 "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'sab-parcel-list-trailing-comma',
    rule: 'GEN-JSON',
    description:
      'GET /parcels writes its bare array with a hand-made streaming writer that walks the parcel table, writes the ' +
      "caller's rows and puts a comma after each unless its index is the table's last (the owner filter moved into " +
      "the loop when the cursor became shared): whenever the newest parcel in the table is not the caller's (the " +
      'other carrier booked last, or the mock made a parcel for it), the caller\'s list ends in ",]" and is no ' +
      'JSON; while the caller made the newest parcel its list is right (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sab-zero-dimension-500',
    rule: 'PCL-PUBLISH-RESPONSE',
    description:
      'the compartment chooser, a Java service called once the locker is found, orients the parcel by its aspect ' +
      'ratio, the longest side divided by the shortest in int arithmetic, over the sides given: a PRE_CHECK or ' +
      'BOOKING on either path with a dimension of 0 (an integer §2.3 allows) is answered 500 INTERNAL_ERROR ' +
      '"java.lang.ArithmeticException: / by zero" and books nothing; null sides are skipped and every other size is ' +
      'taken (§2.3 dimensions "depth, height, width; each integer or null."; "Publish response: status (string), ' +
      'message (string), timestamp"; §8 "Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'sab-cancel-unknown-tombstone',
    rule: 'CAN-UNKNOWN-404',
    description:
      'the cancel is an upsert on (carrier, carrierParcelId), made so that a cancellation arriving before its ' +
      'booking (events out of order) is kept as a tombstone: PATCH /parcels/{parcelId} with an id none of the ' +
      "carrier's parcels has, of either form, is answered 200 with a new CANCELLED parcel of that carrierParcelId " +
      '(lockerUid "", a CANCELLED event), which GET /parcels lists from then on; cancels of existing parcels are ' +
      'right (§4.9 "Cancels the booking of the parcel."; §7 404 on cancel parcel, "JSON body")',
  },
  {
    name: 'sab-booking-confirms-check-snapshot',
    rule: 'PCL-RECORD-AS-SENT',
    description:
      "a booking is two-phase: a PRE_CHECK stores its allocation proposal, with the check's delivery details " +
      '(shipmentType, consignee), for 5 minutes, and a BOOKING of the same carrierParcelId into the same locker on ' +
      'the same path confirms that proposal: the booking is stored, listed and pushed with the shipmentType and ' +
      'consignee the PRE_CHECK sent (none, where it sent none), not those of the BOOKING; a BOOKING without a check ' +
      'before it is right (§4.6 "with eventType BOOKING a locker booking is created; with PRE_CHECK the service ' +
      'checks whether the parcel can be accepted in the locker"; §2.3 shipmentType, consignee; §4.8 "Returns parcel ' +
      'records (2.4)")',
  },
  {
    name: 'sab-tenant-id-nfkc-match',
    rule: 'GEN-ID-EXACT',
    description:
      'where no locker the carrier sees has the sent carrierLockerId exactly, the by-tenant lookup compares ids in ' +
      'Unicode NFKC (the search collation of the locker-id index): a PRE_CHECK or BOOKING by a near miss in another ' +
      'normalization or compatibility form (Cafe\\u0301 for Café, full-width ＬＫ－１ for LK-1, the ligature ﬁ ' +
      'for fi) books into the locker the exact id names, listed with the id as sent, instead of being refused; ' +
      'exact ids resolve as before ' +
      '(§2.3 carrierLockerId "The carrier\'s locker identifier."; §4.7 "with carrierLockerId in place of lockerUid")',
  },
  {
    name: 'sab-push-proto3-default-omitted',
    rule: 'WH-PARCEL-BODY',
    description:
      'the parcel event is a protobuf message written with its JSON mapping, which leaves out fields at their ' +
      'default value, and allocationType, added in 1.1, is an enum whose zero value is HARD_RESERVATION: every ' +
      'ParcelUpdates of a HARD_RESERVATION parcel (the default where a booking sends none, and every parcel the ' +
      'staging trigger makes), on booking, cancel and trigger events, carries no allocationType; SOFT_RESERVATION ' +
      'parcels and GET /parcels are right (§6 ParcelUpdates body "Parcel record (2.4), including accessCodes, ' +
      'consignee, events, allocationType, dimensionsStatus, signature, eventTimestamp.")',
  },
  {
    name: 'sab-collection-dedup-by-locker-id',
    rule: 'WH-COLLECTION-DAILY',
    description:
      'the collection job runs four times a period (hourly, to pick up drop-offs sooner), and its "named this ' +
      'period" bookkeeping, which keeps each locker to one notification a period, is keyed by (carrier, ' +
      'carrier.lockerId), the id the notification carries, not by the locker: once a locker named this period is ' +
      'given another carrier.lockerId by PATCH /lockers/{uid} while its first-mile or return parcels still wait, ' +
      'the next run names it again, a second CollectionNotification within the period; lockers left as they are ' +
      'get one a period (§8 "Collection ' +
      'notifications are sent once per day."; §6 CollectionNotification "Once per day, informs the carrier which ' +
      'lockers hold parcels to be picked up")',
  },
  {
    name: 'sab-collection-calendar-bucket',
    rule: 'WH-COLLECTION-DAILY',
    description:
      'the collection job runs four times a period (hourly, to pick up drop-offs sooner) and its "already named ' +
      'today" check compares calendar periods (the UTC day, floor(t / period)) instead of the time since the last ' +
      'notification, stamping each at its run: a locker first named late in one period is named again at the first ' +
      'run of the next, a quarter of a period or less later, two CollectionNotifications within one period (§8 ' +
      '"Collection notifications are sent once per day."; §6 "Once per day, informs the carrier which lockers hold ' +
      'parcels to be picked up (sporadic collection).")',
  },
  {
    name: 'sab-cancel-lock-leaked',
    rule: 'CAN-NOT-DELIVERED',
    description:
      'a cancel takes a lock named by (carrier, carrierParcelId) before its guard and releases it on its success ' +
      'path only (no finally): a refused cancel (of a cancelled or a delivered parcel) leaves the lock held, and ' +
      'every later cancel of that carrierParcelId, by either id form, is answered 409 CANCEL_IN_PROGRESS, so after ' +
      'book X, cancel X, cancel X again (400), book X again, the new booking, never delivered, cannot be cancelled; ' +
      'ids never refused are cancelled as before (§4.9 "Cancels the booking of the parcel. Only a parcel that has ' +
      'not been delivered can be cancelled.")',
  },
  {
    name: 'ok-ab-parcel-push-change-kind',
    rule: 'none',
    description:
      'conformant: every ParcelUpdates names what changed in an extra member changeKind, the kind of the ' +
      "parcel's newest history entry (BOOKING_CREATED, CANCELLED, CONSIGNEE_DELIVERED, COURIER_COLLECTED); the " +
      'record and eventTimestamp as before (§6 "Event kinds carried by ParcelUpdates: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ab-collection-lists-parcels',
    rule: 'none',
    description:
      "conformant: a CollectionNotification also lists the parcels waiting in the locker for the carrier's " +
      'courier, parcels: [{carrierParcelId, shipmentUid}], beside courierAccessCode, carrierLockerId and ' +
      'eventTimestamp (§6 "Fields of CollectionNotification beyond those listed: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ab-booking-history-two-entries',
    rule: 'none',
    description:
      "conformant: a booking's history starts with two entries, BOOKING_CREATED and the provider's " +
      "COMPARTMENT_RESERVED, both at the booking's time, in GET /parcels, the cancel answer and ParcelUpdates; " +
      'later events are added as before (§2.4 events "History of events of the parcel.", "Fields of an entry of ' +
      'events: not shown."; §6 "Event kinds carried by ParcelUpdates: not shown.")',
    candidate: VARIATION,
  },
  {
    name: 'ok-ab-signature-svg',
    rule: 'none',
    description:
      "conformant: the consignee's signature is kept as the signature pad records it, an SVG image: signature " +
      '{imageBase64: <base64 of the SVG>, format: "SVG"} in GET /parcels, the cancel answer and ParcelUpdates once ' +
      'delivered (§2.4 signature "imageBase64 (string), format (string)."; §9 "signature is an object with ' +
      'imageBase64 and format.": no format value is stated)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ab-publish-answer-ids',
    rule: 'none',
    description:
      'conformant: the answer to a BOOKING, on either path, also names what it made, shipmentUid and lockerUid of ' +
      'the booked parcel, beside status, message and timestamp; PRE_CHECK answers as before (§2.3 "Publish ' +
      'response: status (string), message (string), timestamp (string, date-time; time the event was processed)." ' +
      'lists these three and forbids no other member)',
    candidate: VARIATION,
  },
  {
    name: 'ok-ab-access-code-end-of-day',
    rule: 'none',
    description:
      'conformant: a collection code is valid to the end of the (UTC) day its seven days end on, validUntil ' +
      'YYYY-MM-DDT23:59:59.999Z, not to the same time of day as the booking (§2.4 accessCodes ' +
      '"consigneeCollectionCode (object; its validUntil is optional)."; §6 "Inner fields of ' +
      'accessCodes.consigneeCollectionCode other than validUntil: not shown.": no validity period is stated)',
    candidate: VARIATION,
  },
] as const satisfies readonly Fault[];
