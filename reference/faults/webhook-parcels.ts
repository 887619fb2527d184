// Faults of ParcelUpdates and whose URL a push goes to (§6). Each names the rule it breaks, its origin (the set it was
// written in) and how; the lines that switch one on name it (`app.fault('name')`).
import type { Fault } from '../fault';

export const WEBHOOK_PARCELS_FAULTS = [
  {
    name: 'no-parcel-webhook-on-cancel',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'webhooks',
    description: 'a cancellation sends no ParcelUpdates',
  },
  {
    name: 'no-push-on-cancel-by-shipment-uid',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'sequences-edges',
    description: 'a cancellation by shipmentUid sends no ParcelUpdates (one by carrierParcelId does)',
  },
  {
    name: 'parcel-webhook-drops-signature',
    rule: 'WH-PARCEL-BODY',
    origin: 'spec-alone',
    description:
      'ParcelUpdates leave signature out (the image is stripped to keep payloads small), also once the ' +
      'parcel has one; GET /parcels still shows it',
  },
  {
    name: 'parcel-webhook-no-events',
    rule: 'WH-PARCEL-BODY',
    origin: 'webhooks',
    description: 'ParcelUpdates has no events',
  },
  {
    name: 'parcel-webhook-stale-status',
    rule: 'WH-PARCEL-CONSISTENT',
    origin: 'webhooks',
    description: 'ParcelUpdates after a cancellation carries the old status',
  },
  {
    name: 'sab-push-proto3-default-omitted',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-ab',
    description:
      'the parcel event is a protobuf message written with its JSON mapping, which leaves out fields at their ' +
      'default value, and allocationType, added in 1.1, is an enum whose zero value is HARD_RESERVATION: every ' +
      'ParcelUpdates of a HARD_RESERVATION parcel (the default where a booking sends none, and every parcel the ' +
      'staging trigger makes), on booking, cancel and trigger events, carries no allocationType; SOFT_RESERVATION ' +
      'parcels and GET /parcels are right (§6 ParcelUpdates body "Parcel record (2.4), including accessCodes, ' +
      'consignee, events, allocationType, dimensionsStatus, signature, eventTimestamp.")',
  },
  {
    name: 'sad-collected-push-outside-transaction',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-ad',
    description:
      "parcel events are published through an after-commit listener (Spring's @TransactionalEventListener without " +
      "fallbackExecution), and the staging mock's COURIER_COLLECTED handler, a single UPDATE through JdbcTemplate, " +
      'runs in no transaction, so its event is discarded: a COURIER_COLLECTED is answered 200 and GET /parcels shows ' +
      'the parcel COLLECTED with the event in its history, but no ParcelUpdates is ever sent for it; bookings, ' +
      'cancels, BOOKING_CREATED and CONSIGNEE_DELIVERED are pushed (§6 ParcelUpdates "The status of a parcel ' +
      'changes."; §4.11 "Triggers one first-mile parcel event.")',
  },
  {
    name: 'sad-webhook-client-per-origin',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-ad',
    description:
      'the parcel notifier (ParcelUpdates and the daily CollectionNotification) pools one HTTP client per origin ' +
      '(scheme, host, port), made with the first webhook URL of that origin as its base URL and posting to that ' +
      "base: where two carriers' URLs share an origin and differ by path (…/webhooks/carrier-1, …/carrier-2), every " +
      'ParcelUpdates and CollectionNotification of either carrier goes to the path of the carrier pushed first, the ' +
      "other carrier's consignees and access codes with it; URLs of their own origin, and LockerUpdates (another " +
      'publisher), are right (§6 "The service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'sb-by-tenant-push-locker-uid',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-b',
    description:
      "a booking's ParcelUpdates is mapped from the request: on /parcels/data/by-tenant-locker-id the " +
      'carrierLockerId sent lands in lockerUid (TP-1 for 900001); GET /parcels and later pushes are right (§6 ' +
      'ParcelUpdates body ' +
      '"Parcel record (2.4)"; §2.3 lockerUid "Platform locker identifier")',
  },
  {
    name: 'sb-push-routed-by-locker-owner',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-b',
    description:
      "ParcelUpdates are addressed to the carrier owning the parcel's locker, not the parcel's carrier: a parcel in " +
      'a third-party locker (ownedByCarrier null) is never pushed, on booking, cancel or trigger (§6 ParcelUpdates ' +
      '"The status of a parcel changes.")',
  },
  {
    name: 'sb-trigger-push-stale-events',
    candidate:
      'caught as a should only (WH-PARCEL-CONSISTENT): nothing states the record a push carries is taken ' +
      'after the change',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-b',
    description:
      "a trigger event's ParcelUpdates is built from the copy cached at the parcel's last write: its status is the " +
      'new one, its events lack the event just applied; GET /parcels has it (§6 ParcelUpdates body "Parcel record ' +
      '(2.4), including ... events"; §2.4 events "History of events of the parcel.")',
  },
  {
    name: 'sd-parcel-pushes-coalesced',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-d',
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
    name: 'sd-webhook-queue-halts-after-refusal',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-d',
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
    name: 'se-caller-in-shared-field',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-e',
    candidate: 'caught on the first try by a full run (GEN-ID-EXACT, WH-OWN-CARRIER and others); not gated yet',
    description:
      'the caller is a field of the singleton locker service, set by every authenticated request, and POST ' +
      '/lockers reads it for ownedByCarrier after its awaited write (25 ms): when a request of the other carrier ' +
      "arrives meanwhile, the locker is stored, answered and pushed as that carrier's, and the creating carrier " +
      "cannot list or update it; creates with no other carrier's request between are right (§2.1 ownedByCarrier " +
      '"Names the owning carrier"; §1 "Locker management: create a locker"; §5 "Every operation uses an API key")',
  },
  {
    name: 'sf-collection-url-resolved',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-f',
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
    name: 'sf-parcel-push-one-event-late',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-f',
    candidate: 'not caught: each push comes at the next event, and the last of a run is waited for by no test',
    description:
      "the outbox relay runs before the new event is written: each ParcelUpdates goes out when the carrier's next " +
      "parcel event happens, so a carrier's pushes lag one event behind and its latest change (a cancel, a " +
      'delivery) is not pushed until another of its parcels changes (§6 ParcelUpdates "Sent when: The status of ' +
      'a parcel changes.")',
  },
  {
    name: 'sf-parcel-pushes-batched-array',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-f',
    description:
      "the parcel event publisher gathers a carrier's events for 300 ms and posts two or more of them in one " +
      'delivery as a JSON array of records: a booking cancelled at once, a booking and a trigger event, two ' +
      'parcels booked together reach the carrier as [record, record], not each as a record; a lone event is ' +
      'posted as its record (§6 ParcelUpdates body "Parcel record (2.4), including accessCodes, consignee, ' +
      'events, allocationType, dimensionsStatus, signature, eventTimestamp.")',
  },
  {
    name: 'sg-booking-push-uid-generated-twice',
    rule: 'WH-PARCEL-CONSISTENT',
    origin: 'set-g',
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
    name: 'sg-collection-all-carriers-lockers',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-g',
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
    name: 'sg-disable-cascades-to-bookings',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-g',
    description:
      'PATCH /lockers/status to a status other than ACTIVE cancels every parcel booked in the locker by a bulk ' +
      'update that bypasses the parcel event publisher: GET /parcels shows them CANCELLED with a CANCELLED event, no ' +
      'ParcelUpdates is sent and no cancel was asked (§4.5 "Updates the status of an existing locker."; §6 ' +
      'ParcelUpdates "Sent when: The status of a parcel changes."; §4.9 "Cancels the booking of the parcel.")',
  },
  {
    name: 'sh-parcel-push-nulls-omitted',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-h',
    description:
      "the webhook publisher's JSON mapper is set to leave null members out (NON_NULL inclusion, nested objects " +
      'too): a ParcelUpdates of a parcel whose consignee, accessCodes or carrierLockerId is null (a booking without ' +
      'consignee, a trigger-made parcel) carries no consignee or accessCodes member at all, and a consignee with ' +
      'name null lacks name; GET /parcels shows the nulls (§6 ParcelUpdates body "Parcel record (2.4), including ' +
      'accessCodes, consignee, events, allocationType, dimensionsStatus, signature, eventTimestamp."; §2.4 consignee ' +
      '"object or null", accessCodes "object or null")',
  },
  {
    name: 'sh-trigger-push-epoch-timestamp',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-h',
    description:
      'the staging mock publishes its ParcelUpdates through an event bus whose JSON mapper writes dates as ' +
      'timestamps: the push a trigger event causes carries eventTimestamp as a number of epoch milliseconds ' +
      '(1717236000000), not a string; pushes of bookings and cancellations are right (§2.4 eventTimestamp ' +
      '"string", "On the webhook body."; §6 ParcelUpdates body "Parcel record (2.4), including ... eventTimestamp")',
  },
  {
    name: 'si-cancel-push-delta',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-i',
    description:
      'cancellations are published by the change-event publisher, which sends what changed: the ParcelUpdates of a ' +
      'cancel (either id form) carries shipmentUid, carrierParcelId, shipmentStatus, events holding the new entry ' +
      'only, and eventTimestamp; no lockerUid, accessCodes, consignee, allocationType or dimensionsStatus. Booking ' +
      'and trigger pushes, GET /parcels and the cancel answer are whole (§6 ParcelUpdates body "Parcel record ' +
      '(2.4), including accessCodes, consignee, events, allocationType, dimensionsStatus, signature, eventTimestamp.")',
  },
  {
    name: 'si-parcel-push-rate-limited',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-i',
    description:
      'ParcelUpdates pass a per-carrier rate limiter (3 a second, a fixed window) put in to protect carrier ' +
      'endpoints, which drops what is over the limit instead of queueing it: a burst of a carrier (three bookings ' +
      'and a cancel, a booking, a delivery and a collection within a second) loses its later pushes, a status ' +
      'change among them; pushes spaced out are all sent (§6 ParcelUpdates "Sent when: The status of a parcel ' +
      'changes.")',
  },
  {
    name: 'si-trigger-event-mass-assigned',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-i',
    description:
      "the staging mock's event handler copies every member of the event onto the parcel it names (a bean-copy / " +
      'mass assignment, shipment_type to shipmentType): a booking published LAST_MILE or ALTERNATIVE_DELIVERY is ' +
      'listed and pushed with the FIRST_MILE or RETURN the trigger carried once any event (CONSIGNEE_DELIVERED, ' +
      'BOOKING_CREATED) is triggered for it, and as a delivered FIRST_MILE parcel its locker is then named in ' +
      'CollectionNotification (§4.6 "with eventType BOOKING a locker booking is created"; §2.3 shipmentType ' +
      '"LAST_MILE or ALTERNATIVE_DELIVERY"; §4.8 "Returns parcel records (2.4) of the calling carrier"; §4.11 ' +
      '"Triggers one first-mile parcel event.")',
  },
  {
    name: 'sk-push-content-length-in-chars',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-k',
    description:
      "the parcel event publisher sets Content-Length to the JSON text's length in UTF-16 code units (body.length) " +
      'rather than its bytes: a ParcelUpdates whose record holds text beyond ASCII (a consignee Zoë Müller, a ' +
      'carrierParcelId with an accent) reaches the carrier cut short by the extra bytes, so its body is not JSON; ' +
      'ASCII-only records, LockerUpdates and GET /parcels are right (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; §6 "The service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'sk-push-suppressed-same-status-per-carrier',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-k',
    description:
      'the parcel event publisher skips a ParcelUpdates whose shipmentStatus equals the last one it sent, meant ' +
      'per parcel (to drop events that change nothing) but kept in one field per carrier: two parcels of a carrier ' +
      'changing to the same status one after the other (two cancellations, two deliveries, with no push of another ' +
      'status between) push only the first; a booking after a booking is not pushed either (§6 ParcelUpdates, sent ' +
      'when "The status of a parcel changes."; §3 "Parcel: carries shipmentStatus and dimensionsStatus.")',
  },
  {
    name: 'sl-locker-push-provider-topic',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-l',
    description:
      "LockerUpdates are published on the topic of the locker's provider, and a carrier's webhook is subscribed " +
      "to a provider's topic by its first create of a locker of that provider: once both carriers have created a " +
      "locker of one provider, every create and status change of either carrier's lockers of that provider is " +
      "also pushed to the other carrier's URL (its owner gets it too); lockers of a provider only one carrier uses " +
      'are pushed to their owner only (§6 "The service pushes events by webhook to a URL provided by the carrier."; ' +
      '§1 "the service sends webhook calls to a carrier-provided URL about locker updates"; §2.1 ownedByCarrier ' +
      '"Names the owning carrier")',
  },
  {
    name: 'sm-cancel-new-version-row',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-m',
    description:
      "parcels are stored append-only: a cancellation inserts the parcel's next version and deletes the current " +
      'row, and the new row takes a fresh shipmentUid from the sequence (its surrogate key) instead of keeping the ' +
      "parcel's: after a cancel by either form, the answer, GET /parcels and the ParcelUpdates show the parcel " +
      "CANCELLED under a shipmentUid it never had, and the booking's own shipmentUid names no parcel any more (a " +
      'cancel by it is answered 404); carrierParcelId and the history are kept (§4.9 "Cancels the booking of the ' +
      'parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, with status and event history."; §2.4 ' +
      'shipmentUid)',
  },
  {
    name: 'sm-push-aborted-without-email',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-m',
    description:
      'the consignee e-mail and the carrier webhook are two steps of one notification job, the e-mail step first, ' +
      'and its address check throws where the consignee has no usable address, failing the job before its webhook ' +
      'step: no ParcelUpdates is ever sent for a parcel booked without consignee, with consignee null, or with an ' +
      'email null or without "@" (its booking, cancel, trigger events), nor for any parcel the staging trigger made ' +
      '(consignee null); parcels whose consignee has an e-mail address are pushed (§6 ParcelUpdates "The status of a ' +
      'parcel changes."; §2.3 consignee "object or null", not required, "name (string or null), email (string or ' +
      'null).")',
  },
  {
    name: 'so-push-cloudevents-pilot-carrier',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-o',
    description:
      'parcel events are moving to a CloudEvents publisher behind a feature flag per carrier, switched on for the ' +
      "pilot, the second carrier: every ParcelUpdates to the second carrier's URL is a structured-mode CloudEvent " +
      '{specversion, id, source, type, time, datacontenttype, data}, the parcel record under data and no ' +
      "shipmentUid, accessCodes, events or eventTimestamp at the top; the first carrier's pushes, LockerUpdates, " +
      'CollectionNotification and GET /parcels are right (§6 ParcelUpdates body "Parcel record (2.4), including ' +
      'accessCodes, consignee, events, allocationType, dimensionsStatus, signature, eventTimestamp.")',
  },
  {
    name: 'so-push-dedup-by-parcel-id-status',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-o',
    description:
      'the webhook sender drops an event whose idempotency key it has sent before, to swallow redelivered events, ' +
      'and the key is (carrierParcelId, shipmentStatus), without the carrier or the shipmentUid: after book X, ' +
      'cancel X, book X again, the cancel of the new booking sends no ParcelUpdates (nor did its booking); a carrier ' +
      'booking and cancelling an X the other carrier had booked and cancelled is never pushed either, and a ' +
      'delivered parcel a BOOKING_CREATED shows booked again is not pushed for it. Parcels whose id had no push of ' +
      'that status are pushed (§6 ParcelUpdates "The status of a parcel changes."; §2.3 carrierParcelId "Parcel ' +
      'identifier in the carrier system.")',
  },
  {
    name: 'sq-mock-push-schema-v10',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-q',
    description:
      'the staging mock publishes the ParcelUpdates of its events through its own publisher, whose schema registry ' +
      'subject is pinned to version 1.0 of the parcel event, from before allocationType and eventTimestamp were ' +
      'added: every push a trigger event causes (BOOKING_CREATED, CONSIGNEE_DELIVERED, COURIER_COLLECTED) has no ' +
      'allocationType and no eventTimestamp; pushes of bookings and cancellations, and GET /parcels, have both (§6 ' +
      'ParcelUpdates body "Parcel record (2.4), including accessCodes, consignee, events, allocationType, ' +
      'dimensionsStatus, signature, eventTimestamp."; §9 "eventTimestamp and allocationType were added to webhook ' +
      'and parcel records.")',
  },
  {
    name: 'sq-push-to-locker-last-booker',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-q',
    description:
      "the parcel notifier addresses a ParcelUpdates to the carrier of the locker's last booking, a column the door " +
      "controller keeps on the locker, instead of the parcel's carrier: once the other carrier has booked into the " +
      'same third-party locker, the pushes of a parcel booked there before (its cancel, its trigger events) go to ' +
      "the other carrier's URL, with that parcel's consignee and access code, and the owner gets none; pushes in " +
      'lockers only one carrier books into go to it (§6 "The service pushes events by webhook to a URL provided by ' +
      'the carrier."; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sr-locker-push-routed-by-locker-id',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-r',
    description:
      'the webhook router finds the recipient of a LockerUpdates in a subscription table keyed by ' +
      "carrier.lockerId, the carrier's own locker identifier the old carrier portal keyed its lockers by, " +
      'across carriers, first row wins: where another carrier created a locker under the same carrier.lockerId ' +
      'before (two carriers numbering their lockers L-1, L-2, ...), the create and every status change of the ' +
      "later carrier's locker are pushed to the earlier carrier's URL and never to its own; lockers whose " +
      'carrier.lockerId no other carrier\'s locker has are pushed to their owner (§6 "The service pushes events ' +
      'by webhook to a URL provided by the carrier."; LockerUpdates "A locker is created; a locker status ' +
      'changes (enabled/disabled)."; §2.1 ownedByCarrier "Names the owning carrier")',
  },
  {
    name: 'ss-push-muted-in-inactive-locker',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-s',
    description:
      'the parcel notifier drops the events of a locker whose carrier.status is not ACTIVE, a mute put in so ' +
      "that a decommissioned locker's provider noise is not forwarded: once PATCH /lockers/status has taken a " +
      'locker out of ACTIVE, the cancel of a parcel booked there (answered 2xx, listed CANCELLED), its trigger ' +
      'events and new bookings there send no ParcelUpdates; parcels in ACTIVE lockers, the third-party ones among ' +
      'them, are pushed, and LockerUpdates are sent as before (§6 ParcelUpdates "The status of a parcel ' +
      'changes."; §4.9 "Cancels the booking of the parcel.")',
  },
  {
    name: 'su-cancelled-spelled-twice',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-u',
    description:
      "the parcel module's status enum spells the cancelled status CANCELED (American), while the notifier, " +
      'written by another team from the event catalogue, writes the string constant CANCELLED: after a ' +
      'cancel, GET /parcels and the cancel answer show shipmentStatus CANCELED, and its ParcelUpdates ' +
      'carries CANCELLED, a status the list never shows, so no push ever carries the status the parcel ' +
      'changed to; the other statuses agree (§6 ParcelUpdates "Sent when: The status of a parcel changes.", ' +
      'body "Parcel record (2.4)"; §4.8 "Returns parcel records (2.4) of the calling carrier, with status ' +
      'and event history.")',
  },
  {
    name: 'su-insert-push-null-timestamp',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-u',
    description:
      "the notifier maps eventTimestamp from the parcel row's updated_at, a MySQL TIMESTAMP NULL ON UPDATE " +
      'CURRENT_TIMESTAMP column without a DEFAULT, which stays NULL until the row is first updated: the ' +
      'ParcelUpdates of a new booking, on either path, and of a parcel a staging BOOKING_CREATED made carry ' +
      'eventTimestamp null; pushes of cancels and of trigger events on existing parcels carry the time (§6 ' +
      'ParcelUpdates body "Parcel record (2.4), including ... eventTimestamp."; §2.4 eventTimestamp ' +
      '"string", "On the webhook body.")',
  },
  {
    name: 'sz-outbox-marks-parcel-rows-sent',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-z',
    description:
      'ParcelUpdates go through an outbox table whose relay polls every 250 ms, posts the oldest pending row of ' +
      'each parcel (SELECT DISTINCT ON (shipment_uid) ... ORDER BY created_at) and marks the rows sent with UPDATE ' +
      '... SET sent = true WHERE shipment_uid = ? AND NOT sent, by parcel rather than by row id: when a parcel ' +
      'changes twice between two polls (a booking cancelled at once, BOOKING_CREATED then CONSIGNEE_DELIVERED), ' +
      'only the first change is pushed and the later status never is; changes further apart are each pushed, at ' +
      'most 250 ms late (§6 ParcelUpdates "The status of a parcel changes.")',
  },
  {
    name: 'sz-refused-booking-releases-by-parcel-id',
    // The booking cancelled so is pushed no status: what a must holds (the state itself is a should's).
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-z',
    description:
      'a BOOKING is a saga, the compartment reserved at the provider first and the booking stored second; when the ' +
      'store step refuses it (a carrierParcelId the carrier holds booked: 400 ALREADY_BOOKED), the compensation ' +
      'releases "the reservation of this parcel" by (carrier, carrierParcelId), which names the booking already ' +
      'there: a second BOOKING of a booked id, on either path, is refused 400 as before, but the first booking is ' +
      'then listed CANCELLED with a CANCELLED event, and no ParcelUpdates says so (§4.6 "with eventType BOOKING a ' +
      'locker booking is created"; §4.9 "Cancels the booking of the parcel.", the one operation that cancels)',
  },
  {
    name: 'trigger-no-push',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'fidelity',
    description: 'trigger events push no ParcelUpdates (bookings and cancellations still do)',
  },
  {
    name: 'webhook-cross-carrier',
    rule: 'WH-OWN-CARRIER',
    origin: 'webhooks',
    description: "the second carrier's ParcelUpdates also go to the first carrier's webhook URL",
  },
  {
    name: 'saf-push-topic-dotted-parcel-id',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-af',
    description:
      'parcel events are published on a message broker topic exchange with the routing key ' +
      'parcel.<carrier>.<carrierParcelId>.updated, and the webhook relay of each carrier is bound with ' +
      'parcel.<carrier>.*.updated, where "*" matches exactly one dot-separated word: a carrierParcelId that holds ' +
      'a dot (INV.2025.0042, 4711.1) makes a routing key of more words, which no binding matches, and the broker ' +
      'drops the event. Such a parcel is booked, listed, cancelled and triggered as any other, but no ' +
      'ParcelUpdates is ever sent for it (its booking, its cancellation, its trigger events); ids without a dot ' +
      'are pushed as before (§6 ParcelUpdates, sent when "The status of a parcel changes."; §2.3 carrierParcelId ' +
      '"Parcel identifier in the carrier system.", a string the carrier chooses)',
  },
  {
    name: 'sah-push-dimension-status-singular',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-ah',
    description:
      'the ParcelUpdates payload is a class of its own, written when the webhook was added, whose field is named ' +
      'dimensionStatus: every ParcelUpdates (booking, cancel, trigger events) carries dimensionStatus with the ' +
      "parcel's value and no dimensionsStatus; GET /parcels and the cancel answer use dimensionsStatus (§6 " +
      'ParcelUpdates body "Parcel record (2.4), including accessCodes, consignee, events, allocationType, ' +
      'dimensionsStatus, signature, eventTimestamp.")',
  },
  {
    name: 'sah-locked-parcel-push-gated',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-ah',
    description:
      'parcel status changes are pushed through the consignee-notification service, whose gate ' +
      "`parcel.isCollectable()` (lockStatus not LOCKED) was meant for the consignee's e-mails and holds back the " +
      "carrier's webhook too: a booking made with lockStatus LOCKED gets its ParcelUpdates at booking (sent by the " +
      'publish handler itself), but its cancellation and every trigger event on it change the status GET /parcels ' +
      'shows and send no ParcelUpdates; UNLOCKED bookings, those that sent no lockStatus and the parcels the trigger ' +
      'makes are pushed as before (§6 ParcelUpdates, sent when "The status of a parcel changes."; §3 "A booking ' +
      'carries a lock state LOCKED or UNLOCKED set at booking time.")',
  },
  {
    name: 'saj-retry-client-bound-to-first-endpoint',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-aj',
    description:
      "webhook retries go through one retry client, made at start with the first carrier's subscription endpoint " +
      "as its base URL: a delivery the second carrier's endpoint answered 5xx (or did not answer) is retried to " +
      "the first carrier's URL, which receives the second carrier's parcel (or locker) record; first attempts go " +
      'to the right URL (§6 "The service pushes events by webhook to a URL provided by the carrier.")',
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
    name: 'sao-cancel-push-timestamp-deep-copied-object',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-ao',
    description:
      "the cancellation's event is built with eventTimestamp a Date and then cleaned of undefined members by a " +
      "hand-written deep walker that copies each object's own enumerable members, of which a Date has none: the " +
      'ParcelUpdates of every cancellation, by either id form, carries eventTimestamp {}; pushes of bookings and ' +
      'trigger events carry it as a string (§6 ParcelUpdates body "Parcel record (2.4), including accessCodes, ' +
      'consignee, events, allocationType, dimensionsStatus, signature, eventTimestamp."; §2.4 eventTimestamp ' +
      '"string")',
  },
  {
    name: 'sap-cancel-by-parcel-id-push-v10-timestamp',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-ap',
    description:
      'PATCH /parcels/{parcelId} took the carrierParcelId in 1.0 and that form is still handled by the 1.0 cancel ' +
      'handler, whose ParcelCancelled event carries the time as timestamp: the ParcelUpdates of a cancellation ' +
      'made by carrierParcelId has timestamp and no eventTimestamp; a cancellation by shipmentUid (the form 1.1 ' +
      'added, with its own handler), bookings and trigger events push eventTimestamp (§6 ParcelUpdates body ' +
      '"Parcel record (2.4), including accessCodes, consignee, events, allocationType, dimensionsStatus, ' +
      'signature, eventTimestamp."; §9 "eventTimestamp and allocationType were added to webhook and parcel ' +
      'records.")',
  },
  {
    name: 'sar-second-carrier-push-consignee-minimised',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-ar',
    description:
      'the second carrier has e-mail notifications off in its settings (§4.12), and the webhook mapper, minimising ' +
      'personal data for carriers the service sends no notification for, writes consignee null in every ' +
      'ParcelUpdates to that carrier; GET /parcels and the cancel answer show the consignee as booked, and the first ' +
      'carrier\'s pushes carry it (§6 ParcelUpdates body "Parcel record (2.4), including accessCodes, consignee, ' +
      'events, allocationType, dimensionsStatus, signature, eventTimestamp.")',
  },
  {
    name: 'sar-dropoff-bumps-soft-reservation',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-ar',
    candidate:
      'not caught: no drop-off (CONSIGNEE_DELIVERED) is sent into a locker holding a soft reservation of the ' +
      'carrier that a read then shows, and the exploration sends no drop-off',
    description:
      'a first-mile or return parcel dropped off (CONSIGNEE_DELIVERED) takes a compartment, and the allocator, now ' +
      "overbooked, releases the carrier's oldest booked SOFT_RESERVATION parcel in that locker in its own table: " +
      'GET /parcels lists that booking CANCELLED, with a CANCELLED entry, but no ParcelUpdates is ever sent for it. ' +
      'Only where one locker holds a soft reservation and a first-mile parcel of one carrier (§6 ParcelUpdates "The ' +
      'status of a parcel changes.")',
  },
  {
    name: 'sat-precheck-hold-timer-not-cleared',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-at',
    candidate:
      'not caught: no parcel the run checks and then books stays booked, read again, past the 5 s the release ' +
      'waits',
    description:
      'a PRE_CHECK that can be accepted holds the compartment for the BOOKING that follows, and the check service ' +
      "schedules the hold's release 5 s later in a timer keyed by (carrier, carrierParcelId); a BOOKING confirms the " +
      'hold in the allocation table but never clears the timer, which then releases "the allocation of this parcel ' +
      'id": a parcel booked within 5 s after a PRE_CHECK of its carrierParcelId into the same locker (the usual ' +
      'check-then-book flow, either path) turns CANCELLED in GET /parcels 5 s after the check, with no cancel asked, ' +
      'no history entry and no ParcelUpdates (the release bypasses the parcel event publisher); a booking no ' +
      'PRE_CHECK preceded, or one made after the hold lapsed, stays BOOKED (§6 ParcelUpdates "The status of a parcel ' +
      'changes.")',
  },
  {
    name: 'sat-collection-deferred-send-last-endpoint',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-at',
    description:
      'the collection job spreads its deliveries, the first of a carrier at once and each further one 50 ms after ' +
      "the one before, and the deferred sends are closures over the job's `target`, declared once above the carrier " +
      "loop and reassigned per carrier: they run after the loop and all post to the last carrier's endpoint: when " +
      'the first carrier has two or more lockers holding parcels to pick up at one run, its second and later ' +
      "CollectionNotifications go to the second carrier's URL; one locker a run, and every notification of the " +
      'second carrier, reach the right carrier (§6 "The service pushes events by webhook to a URL provided by the ' +
      'carrier."; CollectionNotification "informs the carrier which lockers hold parcels to be picked up")',
  },
  {
    name: 'sat-outbox-sequence-two-writers',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-at',
    description:
      'ParcelUpdates are numbered per carrier in the outbox (unique (carrier, seq), ON CONFLICT DO NOTHING so that a ' +
      'redelivered event is written once), and the two writers, the service (bookings, cancellations) and the ' +
      'staging mock (trigger events), each count their own seq from 1: a push whose number the other writer has ' +
      "already used is dropped, so a carrier's first trigger pushes after some bookings are lost until the mock's " +
      "count passes the service's, and then the service's pushes are; GET /parcels shows every change (§6 " +
      'ParcelUpdates "The status of a parcel changes.")',
  },
  {
    name: 'sav-parcel-push-gateway-429-dropped',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-av',
    description:
      'ParcelUpdates go out through the notification gateway, which takes at most 10 requests a second per carrier ' +
      'and answers 429 beyond, and the relay retries a 5xx only, dropping an event answered 4xx as final: past the ' +
      '10th ParcelUpdates of a carrier within a second (bookings, cancels and trigger events in a burst), the status ' +
      'changes are listed by GET /parcels and never pushed; a carrier acting slower is pushed everything (§6 ' +
      'ParcelUpdates "Sent when": "The status of a parcel changes.")',
  },
  {
    name: 'say-by-tenant-booking-topic-unsubscribed',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-ay',
    description:
      'the status changes that follow a booking (a cancellation, a staging trigger event) are published on the topic ' +
      'the booking registered for its parcel, and the by-tenant controller, copied from 1.0, registers it in the 1.0 ' +
      'form, parcel.<carrierLockerId>.<carrierParcelId>, which the webhook dispatcher, subscribed to ' +
      'parcel.<shipmentUid>, never reads: a parcel booked on POST /parcels/data/by-tenant-locker-id is pushed at its ' +
      'booking, but its cancellation (by either id form) and every trigger event applied to it change the status GET ' +
      '/parcels shows without a ParcelUpdates; parcels booked by lockerUid and parcels the trigger made are pushed ' +
      'as before (§6 ParcelUpdates "The status of a parcel changes."; §4.7 "Same as 4.6, with carrierLockerId in ' +
      'place of lockerUid.")',
  },
  {
    name: 'saz-booking-push-generated-column-null',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-az',
    description:
      'dimensions_status is a STORED generated column of the parcel table (DECLARED when depth, height and width ' +
      'are all set), mapped insertable = false, updatable = false without @Generated, so the entity a BOOKING ' +
      "persists keeps it null until it is read again, and the booking's ParcelUpdates is built from that entity: " +
      'every ParcelUpdates of a new booking (either path) carries "dimensionsStatus": null; GET /parcels, the ' +
      "cancel answer and the pushes of cancellations and trigger events read the row and carry the column's value " +
      '(§6 ParcelUpdates body "Parcel record (2.4), including accessCodes, consignee, events, allocationType, ' +
      'dimensionsStatus, signature, eventTimestamp."; §2.4 dimensionsStatus string)',
  },
  {
    name: 'sba-parcel-push-allocation-enum-value',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-ba',
    description:
      'the ParcelUpdates publisher is a Python worker whose AllocationType is an Enum with display values for the ' +
      'e-mail templates (HARD_RESERVATION = "Hard reservation"), and its JSON encoder writes an Enum by its value ' +
      '(default=lambda o: o.value), where the API serializer writes the name: every ParcelUpdates carries ' +
      'allocationType "Hard reservation" or "Soft reservation", while GET /parcels and the cancel answer show ' +
      'HARD_RESERVATION or SOFT_RESERVATION (§6 ParcelUpdates "Parcel record (2.4), including accessCodes, ' +
      'consignee, ' +
      'events, allocationType, dimensionsStatus, signature, eventTimestamp."; §2.3 allocationType "HARD_RESERVATION ' +
      'or SOFT_RESERVATION.")',
  },
  {
    name: 'sbb-parcel-outbox-copytruncate',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-bb',
    description:
      'ParcelUpdates are appended to a JSON-lines outbox log that a shipper tails and posts; logrotate rotates the ' +
      'log at 16 KiB with copytruncate, and the line written between the copy and the truncation, the one that ' +
      'takes the log past the size, is in neither file: one ParcelUpdates in every 16 KiB of them, about one in ' +
      'thirty (a cancellation, a ' +
      "trigger event's change or a booking, whichever crosses the size) is never sent, while GET /parcels shows " +
      'the change (§6 ParcelUpdates "The status of a parcel changes.")',
  },
  {
    name: 'sbc-delivery-guard-returns-before-push',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-bc',
    description:
      'the staging CONSIGNEE_DELIVERED handler writes the status, the history entry and the signature, then revokes ' +
      'the consignee\'s collection code in a step that opens with `if (!parcel.accessCodes) return reply` ("no code ' +
      'to revoke"), and the ParcelUpdates is published after that step: a delivery of a parcel without access codes ' +
      '(the FIRST_MILE and RETURN parcels a BOOKING_CREATED made) is applied and listed DELIVERED but never pushed; ' +
      'deliveries of booked parcels, which hold a code, and every other event are pushed as before (§6 ' +
      'ParcelUpdates "The status of a parcel changes."; §2.4 accessCodes "object or null")',
  },
  {
    name: 'sbh-retry-posts-last-built-body',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-bh',
    candidate:
      "from the endpoint it is one attempt of the push answered 500 and another event's push twice, each a  " +
      'conformant choice (§6 "Delivery guarantees, retries and ordering: not shown"; a push received and answered  ' +
      '500 was sent)',
    description:
      'the webhook sender keeps the payload it last built for a carrier in one slot, and a retry (after the ' +
      "carrier's endpoint answered 5xx or did not answer) posts that slot, not its own delivery: when another event " +
      'of the carrier was queued meanwhile (a cancellation right after a booking, a trigger event), the failed ' +
      "delivery's ParcelUpdates (or LockerUpdates) is never delivered and the later one arrives more than once; with " +
      'an endpoint that answers 200, or one event at a time, deliveries are as before (§6 ParcelUpdates "The status ' +
      'of a parcel changes."; "The service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'sbh-refused-cancel-pushed-from-finally',
    rule: 'WH-PARCEL-CONSISTENT',
    origin: 'set-bh',
    description:
      "the cancellation's ParcelUpdates is published from a finally block of the cancel: a cancel refused 400 " +
      'NOT_CANCELLABLE for a delivered or collected parcel, by either form, still pushes the parcel with ' +
      'shipmentStatus CANCELLED and a CANCELLED event, while GET /parcels shows it as it was (§6 ParcelUpdates "The ' +
      'status of a parcel changes."; §4.9 "Only a parcel that has not been delivered can be cancelled.")',
  },
  {
    name: 'sbi-parcel-push-subscription-by-parcel-id',
    rule: 'WH-OWN-CARRIER',
    origin: 'set-bi',
    description:
      "each BOOKING subscribes its carrier to the events of its carrierParcelId in the notifier's subscription " +
      'table, keyed by carrierParcelId alone (last booking wins), and the ParcelUpdates that follow a booking go ' +
      'to the carrier subscribed: carrier 1 books P, carrier 2 books a parcel under the same id P, then carrier 1 ' +
      "cancels its P (answered 200): the cancellation's ParcelUpdates, and those of trigger events on carrier 1's " +
      "P, reach carrier 2's webhook URL, not carrier 1's (§6 \"The service pushes events by webhook to a URL " +
      'provided by the carrier.")',
  },
  {
    name: 'sbj-consignee-pickup-as-timestamp-column',
    rule: 'WH-PARCEL-ON-STATUS',
    origin: 'set-bj',
    description:
      "a booking's lifecycle keeps the consignee's pick-up as a timestamp column (picked_up_at) beside the state " +
      'BOOKED, not as a state of its own as the first-mile drop-off is, and shipmentStatus DELIVERED is computed ' +
      'from it when a record is read; ParcelUpdates are written by an outbox trigger on the state column, so a ' +
      'staging CONSIGNEE_DELIVERED for a parcel booked through the publish operations (LAST_MILE or ' +
      'ALTERNATIVE_DELIVERY) makes GET /parcels show it DELIVERED with the event in its history, but no ' +
      'ParcelUpdates is sent; events of first-mile and return parcels, bookings and cancellations are pushed (§6 ' +
      'ParcelUpdates "The status of a parcel changes.")',
  },
] as const satisfies readonly Fault[];
