// Set AN: faults and conformant variations written from the spec alone, in the service at scale and under shortcuts
// (many records, caches and indexes, counters kept apart, batched writes and deliveries, jobs, both carriers at once,
// the sizes the document states or leaves open). Their behaviour is handlers/set-an-faults.ts and
// handlers/set-an-variations.ts.
import type { Fault } from '../fault';

const VARIATION = 'a conformant variation: the harness must let it through';

export const SET_AN_FAULTS = [
  {
    name: 'san-network-membership-lru',
    rule: 'NET-ONLY-NEW',
    origin: 'set-an',
    description:
      'POST /networks/{uid}/lockers asks "is the locker in the network already?" of a per-network cache of the 16 ' +
      'members added last (networks were expected to hold a few lockers), not of the membership table, and an ' +
      'owned locker the cache does not hold is upserted as new: once a network holds more than 16 lockers, adding ' +
      'again a locker that joined before the last 16 lists it in the answer as newly added (and moves it to the ' +
      'newest end of the cache); a network of 16 lockers or fewer is answered as before (§4.10 "Response: array of ' +
      'network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'san-webhook-flush-to-first-carrier',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-an',
    description:
      'the webhook sender gathers every delivery of a 100 ms window into one batch (for both carriers) and posts ' +
      "each delivery of the batch, in order, to the webhook URL of the carrier of the batch's first event (the " +
      'batch object holds one endpoint): when the two carriers act within 100 ms of each other (a booking of one ' +
      "and a create, cancel or trigger event of the other), the second carrier's LockerUpdates, ParcelUpdates or " +
      "CollectionNotification reach the first carrier's URL and never its own; a carrier acting alone is served " +
      'as before (§6 "The service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'san-parcel-list-keyset-skips-boundary',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-an',
    description:
      "GET /parcels reads the parcel table (both carriers' rows, oldest first) in keyset batches of 32 and keeps " +
      "the caller's rows; the next batch is read from the key after the batch's last row plus one (`> last + 1` " +
      'where `> last` belongs), so the row right after each batch, the 33rd, 66th, 99th... parcel stored (by either ' +
      'carrier, a trigger-made one too), is never listed, while its booking was answered BOOKED and its ' +
      'ParcelUpdates sent; every other parcel is listed as before (§4.6 "with eventType BOOKING a locker booking is ' +
      'created"; §4.8 "Returns parcel records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'san-schedule-weekday-slots',
    rule: 'LCK-OH-SCHEDULED',
    origin: 'set-an',
    description:
      'openingHours sent on create or update is checked as sent (SCHEDULED needs a non-empty weeklySchedule) and ' +
      'then stored in seven weekday slots keyed by entry.day, MONDAY to SUNDAY written so, the last entry of a day ' +
      'winning; an entry whose day is none of those (another structure such as {dayOfWeek, opens, closes}, a ' +
      'day in lower case or as a number), whose structure §2.1 does not show, is dropped: a locker sent SCHEDULED ' +
      'with only such entries is answered, listed and pushed with accessMode SCHEDULED and weeklySchedule [] ' +
      '(§2.1 "When openingHours.accessMode is SCHEDULED, weeklySchedule must be present and non-empty.")',
  },
  {
    name: 'san-create-batch-ids-zipped-by-arrival',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-an',
    description:
      'POST /lockers requests are gathered for 25 ms and inserted as one batch; the batch writer groups the rows ' +
      'by carrier (one insert per tenant schema) and the uids the inserts return are handed back to the requests ' +
      "in their order of arrival: when both carriers' creates arrive within 25 ms, interleaved, some answers carry " +
      "the uid of another request's locker (of the other carrier too) beside their own members, so the 201 " +
      'record names a locker the list shows with other members; one carrier creating alone, or creates 25 ms ' +
      'apart, are answered as before (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 uid "Internal unique ' +
      'identifier assigned by the service.")',
  },
  {
    name: 'san-locker-push-rendered-at-flush',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-an',
    description:
      'the LockerUpdates outbox stores the locker uid and the event time, and its relay picks each event up 250 ms ' +
      'later and renders the body from the locker as it is then: a status change followed within 250 ms by ' +
      'another (a disable and then an enable, as a client toggling a locker does) is pushed twice with the last ' +
      'status, and no delivery ever carries the status the first change made; changes further apart are pushed ' +
      'as before (§6 LockerUpdates "A locker is created; a locker status changes (enabled/disabled)."; §3 "A ' +
      'locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'san-list-events-cached-by-status',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-an',
    description:
      "GET /parcels takes each parcel's events from a cache per shipmentUid that is refreshed when the parcel's " +
      'shipmentStatus differs from the status the cache entry was made at (the status standing for "the parcel ' +
      'changed"): a trigger event that leaves the status as it was (BOOKING_CREATED for a booked parcel, a second ' +
      'CONSIGNEE_DELIVERED) is accepted and recorded, but the list keeps showing the events as they were until ' +
      'the status next changes; the cancel answer and ParcelUpdates show the history whole (§4.11 "Triggers one ' +
      'first-mile parcel event."; §2.4 events "History of events of the parcel."; §4.8 "with status and event ' +
      'history.")',
  },
  {
    name: 'san-collection-cursor-by-parcel-seq',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-an',
    description:
      'the collection job resumes where its last run stopped: it reads the waiting parcels (delivered FIRST_MILE ' +
      "or RETURN) of a carrier whose sequence number is above the carrier's cursor, then moves the cursor to the " +
      'highest it read; a parcel waits from its drop-off, not from its creation, so a parcel announced before ' +
      'another and dropped off after the other was named is never read, and its locker never named; a locker ' +
      'whose parcel still waits is named in the first period only, not in the next (§6 CollectionNotification ' +
      '"Once per day, informs the carrier which lockers hold parcels to be picked up (sporadic collection).")',
  },
  {
    name: 'san-trigger-provider-table-off-by-one',
    rule: 'TRG-RESPONSE',
    origin: 'set-an',
    description:
      'the staging mock routes an event to its provider adapter through a table built with a zero-based loop, ' +
      'PROVIDER_NAME_0 to PROVIDER_NAME_6, so a trigger whose provider_name is PROVIDER_NAME_7, one of the seven ' +
      'listed values, for a locker of that provider is answered 400 UNKNOWN_PROVIDER and no event is made; the ' +
      'other six are served as before (§4.11 provider_name "One of 7 fixed provider names"; "Triggers one ' +
      'first-mile parcel event.")',
  },
  {
    name: 'san-update-metadata-chunk-off-by-one',
    rule: 'LCK-UPDATE-200',
    origin: 'set-an',
    description:
      "PATCH /lockers/{uid} writes the sent metadata as rows in chunks of 25 (the driver's batch), each chunk " +
      'taken as entries.slice(i, i + 24): an update sending 25 entries or more loses the 25th, 50th, 75th, ... ' +
      'entry, in its 200 answer and in GET /lockers; a create, which inserts the entries whole, and updates of ' +
      'fewer than 25 entries are as before (§4.3 "Success: 200 with the locker record."; §2.1 "Response record of ' +
      'create, update and list")',
  },
  {
    name: 'san-status-batch-flush-last-value',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-an',
    description:
      'PATCH /lockers/status answers and pushes from the command at once and leaves the row write to a batch ' +
      'flushed 100 ms after its first command, written as one UPDATE ... SET status = :status WHERE uid IN (...) ' +
      "bound with the batch's last status: when two lockers change status within 100 ms (one carrier disabling " +
      'one and enabling another, or both carriers at once), the first locker is left showing the status of the ' +
      'other command in GET /lockers; a change alone in its batch shows after 100 ms (§4.5 "Updates the status ' +
      'of an existing locker.")',
  },
  {
    name: 'san-precheck-batch-written-as-booking',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    origin: 'set-an',
    description:
      'publish drafts go to a write batch flushed every 100 ms, and the writer discards a batch holding only ' +
      "PRE_CHECK drafts but inserts a batch holding a BOOKING whole, without looking at each draft's eventType: a " +
      'PRE_CHECK sent within 100 ms of a BOOKING (before or after it, by either carrier, on either path) is stored ' +
      'as a booking of its own, listed BOOKED by GET /parcels and pushed; a PRE_CHECK alone books nothing, as ' +
      'before (§1 "or only checks whether a parcel can be accepted"; §4.6 "with PRE_CHECK the service checks ' +
      'whether the parcel can be accepted in the locker")',
  },
  {
    name: 'san-cancel-release-occupancy-counter',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-an',
    description:
      "a cancellation releases its compartment by decrementing the locker's occupancy counter, kept apart from " +
      'the parcels, and refuses with 409 NOTHING_TO_RELEASE when the counter is not above 0; the counter goes up ' +
      'with each BOOKING and down with each cancel and with every CONSIGNEE_DELIVERED the staging mock reports ' +
      '(written when a delivery always emptied a compartment), while first-mile or return parcels the mock makes ' +
      'never counted: once a first-mile parcel was dropped off into a locker, cancelling a booking of that locker, ' +
      'never delivered, is refused and the parcel stays BOOKED; lockers without such drop-offs cancel as before ' +
      '(§4.9 "Cancels the booking of the parcel."; "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'ok-an-lockers-offset-pages',
    rule: 'none',
    origin: 'set-an',
    candidate: VARIATION,
    description:
      'conformant: GET /lockers answers offset pages, {lockers: [...], offset, limit, total}, oldest first, 50 ' +
      'records a page unless `limit` asks for 1 to 200, the page starting at `offset` (0 unless asked); another ' +
      'value of either is refused 400 VALIDATION_FAILED; the records and filters as before (§4.2 "Response ' +
      'envelope and pagination: not shown."; §8 "Page size limits: not shown.")',
  },
  {
    name: 'ok-an-providers-locker-count',
    rule: 'none',
    origin: 'set-an',
    candidate: VARIATION,
    description:
      'conformant: each entry of GET /lockers/providers also carries lockerCount, the number of lockers the ' +
      'caller sees of that provider, model and version (0 for most), beside providerName, providerUid, lockerModel ' +
      'and lockerVersion as before (§2.2 "Each entry has providerName (string), providerUid (string), lockerModel ' +
      '(string), lockerVersion (string)."; §4.4 "Query parameters: not shown."; the schema is open)',
  },
  {
    name: 'ok-an-webhook-job-batches',
    rule: 'none',
    origin: 'set-an',
    candidate: VARIATION,
    description:
      'conformant: webhook deliveries are queued and sent by a job every 500 ms, each delivery its own POST to its ' +
      "carrier's URL, a carrier's deliveries in the order their events happened; bodies as before, so a push " +
      'arrives up to half a second after its event (§6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-an-parcels-summary-envelope',
    rule: 'none',
    origin: 'set-an',
    candidate: VARIATION,
    description:
      'conformant: GET /parcels answers {parcels: [...], total, summary}, the records as before, total their number ' +
      'and summary the number of them in each shipmentStatus ({"BOOKED": 3, "CANCELLED": 1}) (§4.8 "Query ' +
      'parameters and exact response envelope: not shown.")',
  },
  {
    name: 'ok-an-uid-hilo-blocks',
    rule: 'none',
    origin: 'set-an',
    candidate: VARIATION,
    description:
      'conformant: locker uids come from a hi/lo allocator, each carrier taking a block of 1,000 at its first ' +
      'create (the first carrier to create 101000 to 101999, the next 102000 to 102999, a new block when one is ' +
      'used up), so uids are unique digits but not in order of creation across carriers (§2.1 uid "Internal ' +
      'unique identifier assigned by the service."; §2.5 lockerUid "integer (int64)")',
  },
  {
    name: 'ok-an-collection-parcel-count',
    rule: 'none',
    origin: 'set-an',
    candidate: VARIATION,
    description:
      "conformant: each CollectionNotification also carries parcelCount, the number of the carrier's parcels " +
      'waiting for the courier in the locker it names, beside courierAccessCode, carrierLockerId and ' +
      'eventTimestamp (§6 "Fields of CollectionNotification beyond those listed: not shown.")',
  },
  {
    name: 'ok-an-network-answer-grouped-by-provider',
    rule: 'none',
    origin: 'set-an',
    candidate: VARIATION,
    description:
      'conformant: POST /networks/{uid}/lockers lists the newly added lockers grouped by providerName (in the ' +
      'order of the names), each group in the order the lockers were named, as the membership service adds them ' +
      'one provider batch at a time; the records as before (§4.10 "Response: array of network locker records ' +
      '(2.5) for the newly added lockers."; no order is stated)',
  },
  {
    name: 'ok-an-trigger-answer-event-count',
    rule: 'none',
    origin: 'set-an',
    candidate: VARIATION,
    description:
      'conformant: POST {mock_base_url}/parcel/first-mile/event also answers parcelEventCount, the number of ' +
      'entries in the history of the parcel the event acted on, beside message and event_type (§4.11 ' +
      '"Response: message (string), event_type (string); both may be present."; the schema is open)',
  },
  {
    name: 'ok-an-parcels-grouped-by-locker',
    rule: 'none',
    origin: 'set-an',
    candidate: VARIATION,
    description:
      "conformant: GET /parcels lists the carrier's parcels grouped by locker, the lockers by uid as numbers, " +
      'each locker\'s parcels oldest first; the records as before (§4.8 "Query parameters and exact response ' +
      'envelope: not shown."; no order is stated)',
  },
] as const satisfies readonly Fault[];
