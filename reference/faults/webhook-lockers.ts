// Faults of LockerUpdates (§6). Each names the rule it breaks, its origin (the set it was written in) and how; the
// lines that switch one on name it (`app.fault('name')`).
import type { Fault } from '../fault';

export const WEBHOOK_LOCKERS_FAULTS = [
  {
    name: 'locker-webhook-late',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'webhooks',
    description: 'LockerUpdates on create is sent 15 s late, after the wait the run gives a push (CIS_WEBHOOK_WAIT_MS)',
  },
  {
    name: 'locker-webhook-no-timestamp',
    rule: 'WH-LOCKER-BODY',
    origin: 'webhooks',
    description: 'LockerUpdates has no eventTimestamp',
  },
  {
    name: 'locker-webhook-previous-locker',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'spec-alone',
    description:
      "a create's LockerUpdates carries the locker created before it (a stale event cache); the run's first " +
      'create is pushed right',
  },
  {
    name: 'locker-webhook-provider-uid',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'spec-alone',
    description:
      'the LockerUpdates of a create carries the provider-side id (provider.lockerUid, PL-…) as uid: the ' +
      "create's event mapper, shared with the provider onboarding flow, takes the provider's id; status " +
      'pushes and answers are right',
  },
  {
    name: 'no-locker-webhook-on-create',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'webhooks',
    description: 'creating a locker sends no LockerUpdates',
  },
  {
    name: 'no-locker-webhook-on-status',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'webhooks',
    description: 'a status change sends no LockerUpdates',
  },
  {
    name: 'no-webhooks',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'webhooks',
    description: 'the webhook sender is off: nothing is pushed, while every operation answers',
  },
  {
    name: 'sa-status-push-from-create-snapshot',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-a',
    description:
      'the LockerUpdates of a status change is built from the event payload cached when the locker was created, ' +
      'with only carrier.status set anew: after an update, the push shows the name, location, metadata and ' +
      'features the locker had at its creation (§6 LockerUpdates body "Locker record (2.1) plus ' +
      'eventTimestamp.")',
  },
  {
    name: 'sac-locker-outbox-second-watermark',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-ac',
    description:
      'locker events go through an outbox whose relay, woken after each commit, reads the rows WHERE created_at > ' +
      ':mark, created_at being a DATETIME(0) and the mark the created_at of the last row it relayed for the carrier: ' +
      "a locker created (or a status changed) within the same second as the carrier's last pushed locker event is " +
      'never read, and its LockerUpdates never sent, while the create is answered 201 and listed; events a second or ' +
      'more apart are all pushed (§6 LockerUpdates "A locker is created; a locker status changes (enabled/' +
      'disabled)."; §3 "A locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sac-status-push-extended-json',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-ac',
    description:
      'the LockerUpdates of a status change is produced by change-data capture on the locker document and written ' +
      "in MongoDB's relaxed Extended JSON, where a date is an object: every status change's push carries " +
      'carrier.activationDate as {"$date": "2025-06-01T10:30:00.000Z"}, not a date-time string; the create\'s push, ' +
      'published by the API, and every answer and list are right (§6 LockerUpdates body "Locker record (2.1) plus ' +
      'eventTimestamp."; §2.1 carrier "activationDate (string, date-time)"; "Response record of create, update and ' +
      'list, and the body of the locker webhook")',
  },
  {
    name: 'sc-locker-push-debounced',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-c',
    description:
      'LockerUpdates are debounced per locker: an event waits a second and a newer event of the same locker ' +
      'replaces it, so a create followed within a second by a status change pushes only the status change, and a ' +
      'disable then enable in quick succession pushes only the enable; events a second apart are all pushed (§3 "A ' +
      'locker status change (enabled or disabled) causes a locker event."; §6 LockerUpdates "A locker is created; ' +
      'a locker status changes (enabled/disabled).")',
  },
  {
    name: 'sf-locker-push-waits-for-activation',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-f',
    candidate:
      'missed on the first try; a full run catches it since a locker may be active only from a date to ' +
      'come, but the tests that name WH-LOCKER-ON-CREATE create none such, so the self-test does not',
    description:
      'the LockerUpdates of a create is published by the activation job: a locker created with a ' +
      'carrier.activationDate ahead of now is pushed when that date comes, not when it is created (never within ' +
      'a run for a date days ahead); a locker whose activationDate has passed is pushed at once (§6 LockerUpdates ' +
      '"Sent when: A locker is created"; §1 "the service sends webhook calls to a carrier-provided URL about ' +
      'locker updates")',
  },
  {
    name: 'sj-status-push-delta-only',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-j',
    description:
      'the LockerUpdates of a status change is produced by change-data capture on the status column, and the ' +
      'outbox row carries what changed, not the record: its body is {uid, carrier: {status}, eventTimestamp}, with ' +
      'no provider, location, features, openingHours, metadata, ownedByCarrier or compartmentTypes and no ' +
      "carrier.lockerName, lockerId or activationDate; the create's LockerUpdates carries the whole record (§6 " +
      'LockerUpdates body "Locker record (2.1) plus eventTimestamp."; §2.1 "Response record of create, update and ' +
      'list, and the body of the locker webhook")',
  },
  {
    name: 'sj-status-push-via-network-topic',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-j',
    description:
      'LockerUpdates of status changes are published on the topic of each network holding the locker, to which ' +
      "the carrier's webhook is subscribed (the create's goes straight to the carrier): a status change of a " +
      'locker in no network (never added with POST /networks/{uid}/lockers) is pushed to nobody; once the locker ' +
      'is in the carrier\'s network its status changes are pushed (§3 "A locker status change (enabled or ' +
      'disabled) causes a locker event."; §6 LockerUpdates "A locker is created; a locker status changes ' +
      '(enabled/disabled).")',
  },
  {
    name: 'sl-status-push-snake-case',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-l',
    description:
      'the LockerUpdates of a status change is published by the event module shared with the staging mock, whose ' +
      'JSON mapper is set to snake_case because the trigger fields are (§2.6): its body is written event_timestamp, ' +
      'owned_by_carrier, compartment_types, opening_hours, carrier.locker_name, carrier.locker_id, ' +
      'carrier.activation_date, provider.locker_model, features.has_screen and so on; the LockerUpdates of a create, ' +
      'published by the locker module, and every answer and list are camelCase (§6 LockerUpdates body "Locker ' +
      'record (2.1) plus eventTimestamp."; §2.1 "Response record of create, update and list, and the body of the ' +
      'locker webhook"; §2.6 "Field names here are snake_case, unlike the camelCase fields above.")',
  },
  {
    name: 'sn-locker-push-metadata-map',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-n',
    description:
      'the locker event schema (Avro) models metadata as map<string, string>, so every LockerUpdates, of a create or ' +
      'a status change, carries metadata as an object keyed by key ({"floor": "1", "door": "north"}, {} for none, a ' +
      'null key written "null", a later entry of a key over an earlier one), not an array of {key, value}; answers ' +
      'and lists are right (§6 LockerUpdates body "Locker record (2.1) plus eventTimestamp."; §2.1 "Response record ' +
      'of create, update and list, and the body of the locker webhook"; metadata "array of objects")',
  },
  {
    name: 'sn-locker-push-outbox-column-limit',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-n',
    description:
      'locker events go through an outbox table whose payload column is VARCHAR2(2000 BYTE), and the publisher logs ' +
      'and swallows a failed insert: a locker whose record and eventTimestamp come to more than 2000 bytes of JSON ' +
      "(a 1000-character carrier.lockerName, which the record carries twice, as the provider's lockerName too; some " +
      '45 short metadata entries; not a 1000-character street alone) is answered 201 and listed, but its create and ' +
      'its status changes push no LockerUpdates; lockers of ordinary size (about 1 kB) are pushed (§6 LockerUpdates ' +
      '"A locker is created; a locker status changes (enabled/disabled)."; §8 "Maximum lengths and ranges of fields: ' +
      'not shown.")',
  },
  {
    name: 'sp-locker-push-on-first-list',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-p',
    description:
      "the LockerUpdates of a create is published by the search indexer, which indexes a carrier's new lockers " +
      "lazily, on that carrier's next GET /lockers: a created locker is pushed only once its carrier lists lockers " +
      '(every locker it created since its last list is pushed then, as the record is at that moment), and a create ' +
      'followed by no list is never pushed; status changes are pushed at once (§6 LockerUpdates "A locker is ' +
      'created; a locker status changes (enabled/disabled)."; §1 "Event push: the service sends webhook calls to a ' +
      'carrier-provided URL about locker updates")',
  },
  {
    name: 'st-status-push-name-header',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-t',
    description:
      "the status event publisher adds an X-Locker-Name header (carrier.lockerName, for the carriers' delivery " +
      'logs) to the delivery, and the HTTP client throws ERR_INVALID_CHAR for a header value holding a character ' +
      'beyond Latin-1 or a control character, which the publisher logs and drops: a status change of a locker named ' +
      '"Łódź Kiosk", "Kiosk 🚲" or "東京" is answered 200 and listed, but no LockerUpdates is sent; names in ' +
      'Latin-1 ("Zoë Kiosk") are pushed, and so is every create (§3 "A locker status change (enabled or disabled) ' +
      'causes a locker event."; §6 LockerUpdates "Sent when: A locker is created; a locker status changes ' +
      '(enabled/disabled).")',
  },
  {
    name: 'status-push-first-only',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'sequences-edges',
    description: 'only the first status change of a locker is pushed',
  },
  {
    name: 'status-push-previous-status',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'recorded-day',
    description: 'the LockerUpdates of a status change carries the carrier.status from before the change',
  },
  {
    name: 'sv-create-push-features-npe',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-v',
    description:
      "the create's LockerUpdates is built by an event mapper that reads the request DTO, request.features.hasScreen " +
      'and the rest, with no null check, and the event listener logs the TypeError and drops the event: a POST ' +
      '/lockers that leaves features out (an optional member) is answered 201 and listed, but no LockerUpdates is ' +
      'ever sent for its creation; creates that send features (booleans or nulls) are pushed, and so are later ' +
      'status changes of every locker (§6 LockerUpdates "Sent when: A locker is created; a locker status changes ' +
      '(enabled/disabled)."; §2.1 create request features required "no")',
  },
  {
    name: 'sw-locker-push-latin1-entity',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-w',
    description:
      'the LockerUpdates publisher posts through an older HTTP client wrapper that builds the body as a string ' +
      'entity without a charset (ISO-8859-1) and sets Content-Type application/json by hand: a locker whose record ' +
      'holds text beyond ASCII (a lockerName "Café Nord", a city "Łódź", "Zürich") is pushed with Latin-1 bytes (é ' +
      'as the single byte E9, not valid UTF-8: read as UTF-8, "Caf\\uFFFD Nord") and with "?" for every character ' +
      'beyond Latin-1 ("Łódź" as "?", F3, "d?"), so the body is not the locker record; ASCII-only lockers, answers, ' +
      'lists and ParcelUpdates are right (§6 LockerUpdates body "Locker record (2.1) plus eventTimestamp."; preamble ' +
      '"All bodies are JSON (`Content-Type: application/json`).")',
  },
  {
    name: 'sw-status-push-on-disable-only',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-w',
    description:
      'the status change raises its domain event in Locker.deactivate() only (added for the "locker went offline" ' +
      'alert); activate(), written later, changes the status and raises nothing: a PATCH /lockers/status taking a ' +
      'locker from ACTIVE to INACTIVE is pushed as LockerUpdates, one taking it back to ACTIVE is answered 200 and ' +
      'listed ACTIVE but never pushed; creates are pushed as before (§6 LockerUpdates "A locker is created; a locker ' +
      'status changes (enabled/disabled)."; §3 "A locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sz-webhook-200-not-success',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-z',
    description:
      "the webhook sender was written against the platform's event gateway, which answers 202 Accepted, and counts " +
      "a delivery done only when answered 202 or 204: the carrier's 200 is taken for a failure and retried with " +
      "back-off (200, 400, 800 ms) in the carrier's one ordered queue, so every LockerUpdates, ParcelUpdates and " +
      'CollectionNotification arrives four times and each waits about 1.4 s behind the one before: the pushes of ' +
      'a busy carrier fall further behind with every event, a dozen events on a minute or more (§6 "The webhook ' +
      'responses expected from the carrier endpoint use status codes 200, 401 and 500"; LockerUpdates sent when ' +
      '"A locker is created")',
  },
  {
    name: 'x45-webhook-retry-double-encoded',
    rule: 'WH-LOCKER-BODY',
    origin: 'x45',
    description:
      'a webhook delivery the carrier answered 5xx (or did not answer) is retried with the stored payload ' +
      'text serialized once more: every retry body is a JSON string holding the record, not the record (§6 ' +
      'body: locker record plus eventTimestamp; parcel record)',
  },
  {
    name: 'sae-push-location-geojson',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-ae',
    description:
      'the locker documents keep their location as a GeoJSON point merged into the address sub-document ({type: ' +
      '"Point", coordinates: [lon, lat]}) for the 2dsphere index, and the LockerUpdates publisher, a change ' +
      'stream on that collection, sends the document as stored: every LockerUpdates (create and status change) ' +
      'carries location.type "Point" in place of the locker\'s type ("indoor", "kiosk") and an extra ' +
      'coordinates array; answers and lists map the entity and show the type sent (§6 LockerUpdates body "Locker ' +
      'record (2.1) plus eventTimestamp."; §2.1 location "type (string)"; "Response record of create, update ' +
      'and list, and the body of the locker webhook")',
  },
  {
    name: 'sag-status-push-status-lowercased',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-ag',
    description:
      "the LockerUpdates of a status change takes carrier.status from the event contract's LockerStatus enum, " +
      "whose JSON value is its name in lower case (the event schema's convention): a locker disabled to INACTIVE " +
      'is pushed with carrier.status "inactive" while its record, the status answer and GET /lockers show ' +
      'INACTIVE; the create\'s push is as before (§6 LockerUpdates, sent when "a locker status changes ' +
      '(enabled/disabled)", body "Locker record (2.1) plus eventTimestamp."; §3 "A locker status change (enabled or ' +
      'disabled) causes a locker event.")',
  },
  {
    name: 'sai-create-push-owner-unset',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-ai',
    description:
      "the create's LockerUpdates is written to the outbox by an AFTER INSERT trigger on the locker table, and the " +
      'create inserts the row first and sets its owner with a second statement (the ownership service assigns it): ' +
      "every create's push carries ownedByCarrier null, as if a third-party provider owned the locker, while the " +
      'create answer, GET /lockers and the pushes of later status changes name the carrier (§6 LockerUpdates ' +
      'body "Locker record (2.1) plus eventTimestamp."; §2.1 ownedByCarrier "Names the owning carrier; null means ' +
      'the locker belongs to a third-party provider.")',
  },
  {
    name: 'sai-enable-push-activation-now',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-ai',
    description:
      'the LockerUpdates of a status change is built from the domain event, and enabling a locker raises ' +
      'LockerActivated, whose activatedAt (the time of the event) the event mapper writes into ' +
      'carrier.activationDate: a status change to ACTIVE is pushed with carrier.activationDate the time of the ' +
      'change, while the locker keeps, answers and lists the activationDate it was given; other status changes ' +
      'are pushed right (§6 LockerUpdates body "Locker record (2.1) plus eventTimestamp."; §2.1 carrier ' +
      'activationDate)',
  },
  {
    name: 'sak-webhook-single-worker-inline-retries',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-ak',
    description:
      'webhooks go out through one worker for every carrier, which retries a delivery answered 5xx (or not ' +
      'answered) inline, after 15 s, 60 s and 300 s, before it takes the next: once either carrier endpoint refuses ' +
      'a delivery, every LockerUpdates (and ParcelUpdates) of both carriers queued behind it waits at least 15 s, ' +
      'so the LockerUpdates of a locker created just after a refused delivery arrives long after the create; with ' +
      'every delivery answered 200 the pushes are as before (§6 LockerUpdates "A locker is created; a locker status ' +
      'changes (enabled/disabled)."; §1 "the service sends webhook calls to a carrier-provided URL about locker ' +
      'updates")',
  },
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
    name: 'sam-push-keyless-metadata-dropped',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-am',
    description:
      "the LockerUpdates event schema types a metadata entry's key as a string that is not null, and the event " +
      'mapper leaves out the entries whose key is null or absent so that the event passes it: a locker with the ' +
      'entries [{key: null, value: "Hof"}, {key: "door", value: "B"}] is pushed, on its create and on each status ' +
      'change, with the door entry alone, while the answers and GET /lockers show both (§6 LockerUpdates body ' +
      '"Locker record (2.1) plus eventTimestamp."; §2.1 metadata "Each has key (string or null) and value (string ' +
      'or null).")',
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
    name: 'sao-push-activation-no-day-carry',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-ao',
    description:
      'the LockerUpdates event mapper turns carrier.activationDate into UTC by moving its time of day by the offset, ' +
      'wrapped into 0-24 h, and keeps the date as written (LocalTime arithmetic beside an untouched LocalDate): an ' +
      'activationDate whose offset carries it over midnight is pushed a day off, 2025-06-01T00:30:00+02:00 as ' +
      '2025-06-01T22:30:00Z (the instant is 2025-05-31T22:30Z), 2025-06-01T21:00:00-05:00 as ' +
      '2025-06-01T02:00:00Z, on a create and on each status change, while answers and the list show it as sent; ' +
      'offsets that stay within the day come out as the same instant in UTC (§6 LockerUpdates body "Locker record ' +
      '(2.1) plus eventTimestamp.")',
  },
  {
    name: 'sap-create-with-groups-push-unmapped',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-ap',
    description:
      'a POST /lockers that assigns lockerGroups is carried out through the 1.0 group-assignment service, which ' +
      'publishes LockerGroupsAssigned in place of LockerCreated, and the webhook dispatcher maps no 1.0 group event: ' +
      'a locker created with one or more groups is answered 201 and listed, but no LockerUpdates is sent for it; ' +
      'creates without lockerGroups (or with []) are pushed as before (§6 LockerUpdates, sent when "A locker is ' +
      'created; a locker status changes (enabled/disabled).")',
  },
  {
    name: 'saq-status-events-split-with-old-deployment',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-aq',
    description:
      'after a blue/green switch the old deployment was left running with its webhook dispatcher switched off, and ' +
      'it shares the consumer group of the status events topic (3 partitions, keyed by locker uid) with the new ' +
      "one, which got two of the partitions: status changes of lockers whose uid falls on the old deployment's " +
      'partition are applied and answered but never pushed, for every change of those lockers; their creates, ' +
      'and the status changes of other lockers, are pushed (§6 LockerUpdates "A locker is created; a locker status ' +
      'changes (enabled/disabled)."; §3 "A locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sas-create-push-skips-test-named-lockers',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-as',
    candidate: 'not caught: no locker the run creates is named or identified with "test"',
    description:
      "the locker-created publisher carries a filter put in so that QA's fixtures on the shared staging never reach " +
      'a ' +
      'carrier, /test/i on carrier.lockerName and carrier.lockerId: a create of a locker named or identified with ' +
      '"test" anywhere in any letter case ("Test Kiosk", "L-TEST-7", "Contest Hall", "Testaccio") is answered 201 ' +
      'and listed but never pushed; its status changes, on another topic, are pushed, and lockers without "test" ' +
      'are pushed on create as before (§6 LockerUpdates "A locker is created; a locker status changes ' +
      '(enabled/disabled).")',
  },
  {
    name: 'sas-push-metadata-last-entry-spliced',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-as',
    description:
      "the LockerUpdates mapper strips the 1.0 importer's bookkeeping entry (key cis:source) from metadata with " +
      "metadata.splice(metadata.findIndex((e) => e.key === 'cis:source'), 1); where no entry has that key findIndex " +
      'is -1 and splice(-1, 1) takes away the last entry: every push of a locker with metadata (its create, each ' +
      'status change) carries all its entries but the last one (a locker with one entry is pushed with []), while ' +
      'the answers and the lists show them all (§6 LockerUpdates body "Locker record (2.1) plus eventTimestamp."; ' +
      '§2.1 "Response record of create, update and list, and the body of the locker webhook")',
  },
  {
    name: 'saw-create-push-routed-by-body-owner',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-aw',
    candidate: 'not caught: ownedByCarrier is never sent, as who owns a created locker is not stated',
    description:
      "the create's LockerUpdates is routed by the event's owner, which the event builder takes from the request " +
      'where it carries one (the importer sent the owner of each locker it moved), while the record is stored with ' +
      'the caller as ownedByCarrier: a POST /lockers whose body carries ownedByCarrier null (a client that clones a ' +
      "third-party locker's record as the template of its own) is answered 201 and listed as the caller's, but no " +
      'LockerUpdates is sent, no carrier subscribing to third-party lockers; one naming the other carrier is pushed ' +
      "to that carrier's URL instead; creates without the member, or naming the caller, are pushed as before (§6 " +
      'LockerUpdates "A locker is created; a locker status changes (enabled/disabled)."; "The service pushes events ' +
      'by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'sax-locker-push-country-code-turkish-i',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-ax',
    description:
      'LockerUpdates are built by the event mapper, a JVM service on hosts whose default locale is tr_TR (the ' +
      "operations team's), from the address row, whose countryCode the database keeps lower-cased (lower() in the C " +
      'collation, for the country index); the mapper writes it back with toUpperCase() in the default locale, where ' +
      'i becomes İ (U+0130): the push of a create or a status change of a locker whose countryCode holds an I (IT, ' +
      'FI, IE, IN, IL, IS, CI, LI, SI, ...) carries "İT", "Fİ" (and a code sent in lower case, "de", is pushed ' +
      '"DE"); other codes, the answers and the list are right (§6 LockerUpdates "Locker record (2.1) plus ' +
      'eventTimestamp."; §2.1 location "countryCode (string)")',
  },
  {
    name: 'sax-locker-push-coordinates-template-locale',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-ax',
    description:
      'the LockerUpdates body is rendered from a FreeMarker template, whose ${location.lon} and ${location.lat} are ' +
      "interpolated with the template engine's default number format for the en_US locale, at most three fraction " +
      'digits: every push (create, status change) of a locker whose lon or lat has more than three decimals ' +
      'carries it rounded to three (13.404954 as 13.405, 52.520008 as 52.52); the answers and the list show the ' +
      'numbers sent (§6 LockerUpdates "Locker record (2.1) plus eventTimestamp."; §2.1 location "lon, lat ' +
      '(numbers)")',
  },
  {
    name: 'saz-status-push-lazy-metadata-null',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-az',
    description:
      "metadata is a lazily fetched element collection of the locker entity, and the status change's LockerUpdates " +
      'is serialized by an after-commit listener once the session is closed, with a JSON module that writes a lazy ' +
      'collection never loaded as null rather than failing: every LockerUpdates of a status change (PATCH ' +
      '/lockers/status) carries "metadata": null, whatever entries the locker holds; the create\'s push (the ' +
      'collection set by the request), the answers and GET /lockers show the metadata array (§6 LockerUpdates body ' +
      '"Locker record (2.1) plus eventTimestamp."; §2.1 metadata "array of objects")',
  },
  {
    name: 'sba-create-push-contract-utc-only',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-ba',
    description:
      'the LockerCreated event is validated against the event contract before it is published, and an event that ' +
      'fails is logged and dropped; the contract\'s activationDate is {"type": "string", "pattern": ' +
      '"^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$"}, UTC only, as the Java client that wrote it sends: ' +
      'a ' +
      'create whose carrier.activationDate carries a numeric offset (2025-06-01T12:00:00+02:00, also +00:00) or a ' +
      'lower-case z is answered 201 and listed, but no LockerUpdates is sent for it; creates written in UTC with Z ' +
      'are pushed, and status changes, published by another module, are pushed whatever the date (§6 LockerUpdates ' +
      '"A locker is created; a locker status changes (enabled/disabled)."; §2.1 activationDate "(string, ' +
      'date-time)")',
  },
  {
    name: 'sbb-create-push-subscription-lazy-load',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-bb',
    description:
      "the locker-created publisher resolves the carrier's webhook subscription lazily from the subscription " +
      'registry, on the first create after start and after each expiry of the resolved one (30 s), and returns while ' +
      "the lookup is pending, dropping the event that started it: each carrier's first locker created after start, " +
      'and the first created more than 30 s after the last lookup, is never pushed; the others are (§6 LockerUpdates ' +
      '"A locker is created; a locker status changes (enabled/disabled).")',
  },
  {
    name: 'sbc-locker-push-compacted-by-truthiness',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-bc',
    description:
      'the LockerUpdates body goes through a hand-written compact() meant to drop null members at every depth, ' +
      'written as a filter on the value\'s truthiness, so it also drops false, 0 and "": a locker with a feature ' +
      'false (hasScreen: false), a coordinate 0, or an empty text (a metadata value "", an empty street) is pushed, ' +
      'on create and on a status change, without those members, while its answers and GET /lockers show them; ' +
      'lockers whose members are all truthy or null are pushed as before (§6 LockerUpdates body "Locker record ' +
      '(2.1) plus eventTimestamp."; §2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or ' +
      'null.")',
  },
  {
    name: 'sbc-create-no-metadata-returns-before-push',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-bc',
    description:
      'POST /lockers stores the locker, then its metadata rows, then publishes LockerCreated, and the metadata step ' +
      'opens with the guard clause `if (!body.metadata?.length) return reply` ("nothing to insert"), which returns ' +
      'from the whole create: a locker created without metadata, or with metadata [], is answered 201 and listed, ' +
      'but no LockerUpdates is sent for it; creates with one metadata entry or more are pushed as before (§6 ' +
      'LockerUpdates "A locker is created; a locker status changes (enabled/disabled)."; §2.1 metadata "no" in the ' +
      'Required column)',
  },
  {
    name: 'sbd-create-push-batch-holds-last',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-bd',
    description:
      "the LockerUpdates of creates go through a batcher that gathers a carrier's create events for 50 ms; a batch " +
      'of two or more keeps its last event back, to merge a status change of the same locker into it, and carries it ' +
      "into the next batch, which only the carrier's next create opens: once two creates of a carrier came within 50 " +
      "ms, each later create is pushed only when the carrier's next create comes, and the latest one is not pushed " +
      'at all; creates spaced out before such a burst, and status changes, are pushed at once (§6 LockerUpdates "A ' +
      'locker is created; a locker status changes (enabled/disabled).")',
  },
  {
    name: 'sbe-status-push-enabled-words',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-be',
    description:
      "the LockerUpdates of a status change takes carrier.status from §6's words for the event, " +
      '"(enabled/disabled)", read as the values that push carries: after PATCH /lockers/status the push shows ' +
      'carrier.status ENABLED where the locker became ACTIVE and DISABLED for any other status (INACTIVE), while ' +
      "the status answer and GET /lockers show the status set; the create's push shows the status as stored (§6 " +
      'LockerUpdates "A locker is created; a locker status changes (enabled/disabled)."; §3 "A locker status change ' +
      '(enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sbe-member-status-push-network-record',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-be',
    candidate:
      "caught as WH-LOCKER-ON-STATUS, a must of another rule: the push of a networked locker's status change carries " +
      "no uid, so it is no locker's push, and its body is one a locker record's schema takes (it requires no member)",
    description:
      '§3 gives a network locker a carrierLockerStatus, and the status service, written in the network module, ' +
      "pushes the status change of a locker that is in the carrier's network as that membership's record: after " +
      'POST /networks/{uid}/lockers added a locker, the LockerUpdates of its PATCH /lockers/status is the §2.5 ' +
      'network locker record (lockerUid, providerName, lockerName, providerLockerStatus, carrierLockerStatus, ' +
      'networkLockerStatus, carrierLockerId, providerLockerId) plus eventTimestamp, with no uid, carrier, provider ' +
      'or location; lockers in no network, and every create, are pushed as the locker record (§6 LockerUpdates body ' +
      '"Locker record (2.1) plus eventTimestamp."; §2.1 "Response record of create, update and list, and the body ' +
      'of the locker webhook")',
  },
  {
    name: 'sbi-status-flap-push-dropped',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-bi',
    description:
      "locker status events pass the alerting team's de-noiser, which takes a change that undoes the locker's " +
      'previous change within a minute for a flapping link, drops it and forgets the pair: PATCH /lockers/status ' +
      'disabling a locker is pushed, enabling it again soon after is answered 200 and listed ACTIVE but no ' +
      'LockerUpdates is sent; a third change is pushed again, a fourth is not (§6 LockerUpdates "A locker is ' +
      'created; a locker status changes (enabled/disabled)."; §3 "A locker status change (enabled or disabled) ' +
      'causes a locker event.")',
  },
  {
    name: 'sbi-status-push-singleton-last-status',
    rule: 'WH-LOCKER-ON-STATUS',
    origin: 'set-bi',
    description:
      'the LockerUpdates publisher is a singleton bean with a field lastPublishedStatus, meant to skip publishing ' +
      "one locker's status twice, that is shared by every locker of every carrier: a status change is pushed only " +
      'where its new status differs from the status of the last status change the service pushed, for any ' +
      'locker - disable locker A (pushed), then disable locker B: B is answered 200 and listed INACTIVE but no ' +
      'LockerUpdates is sent for it; changes that alternate ACTIVE and INACTIVE are pushed (§6 LockerUpdates "A ' +
      'locker is created; a locker status changes (enabled/disabled)."; §3 "A locker status change (enabled or ' +
      'disabled) causes a locker event.")',
  },
  {
    name: 'sbi-locker-push-merged-onto-last',
    rule: 'WH-LOCKER-BODY',
    origin: 'set-bi',
    description:
      'each LockerUpdates body is deep-merged onto the last one built for the locker (so that members a partial ' +
      "event leaves out still go out), with lodash's mergeWith and a customizer that concatenates arrays: a " +
      'locker created with metadata [m] is pushed with [m] on its create and with [m, m] on its first status change, ' +
      '[m, m, m] on the next, and a metadata an update emptied is pushed with the old entries; GET /lockers and ' +
      'the answers show [m] (§6 LockerUpdates body "Locker record (2.1) plus eventTimestamp."; §2.1 "Response ' +
      'record of create, update and list, and the body of the locker webhook")',
  },
  {
    name: 'sbj-create-push-from-device-registry',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-bj',
    description:
      "the LockerUpdates of a create is published by the provider's device registry when it registers the new " +
      'locker, and the registry knows device types by the (provider, model, version) triples of the catalogue: a ' +
      "POST /lockers with a triple GET /lockers/providers does not list (a provider name of the carrier's own, or " +
      "PROVIDER_NAME_1 M100 3.0) is answered 201 and listed, its registration waiting for the provider's " +
      'onboarding, but never pushed; creates of catalogue triples and status changes are pushed (§6 LockerUpdates ' +
      '"A locker is created; a locker status changes (enabled/disabled).")',
  },
] as const satisfies readonly Fault[];
