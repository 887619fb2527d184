// Faults of CollectionNotification and how a push is delivered (§6). Each names the rule it breaks, its origin (the
// set it was written in) and how; the lines that switch one on name it (`app.fault('name')`).
import type { Fault } from '../fault';

export const WEBHOOK_DELIVERY_FAULTS = [
  {
    name: 'collection-no-locker-id',
    rule: 'WH-COLLECTION-BODY',
    origin: 'webhooks',
    description: 'CollectionNotification has no carrierLockerId',
  },
  {
    name: 'collection-twice',
    rule: 'WH-COLLECTION-DAILY',
    origin: 'webhooks',
    description: 'each CollectionNotification is sent twice a period',
  },
  {
    name: 'no-collection-notification',
    rule: 'WH-COLLECTION-SENT',
    origin: 'webhooks',
    description: 'no CollectionNotification is sent',
  },
  {
    name: 'sab-collection-calendar-bucket',
    rule: 'WH-COLLECTION-DAILY',
    origin: 'set-ab',
    description:
      'the collection job runs four times a period (hourly, to pick up drop-offs sooner) and its "already named ' +
      'today" check compares calendar periods (the UTC day, floor(t / period)) instead of the time since the last ' +
      'notification, stamping each at its run: a locker first named late in one period is named again at the first ' +
      'run of the next, a quarter of a period or less later, two CollectionNotifications within one period (§8 ' +
      '"Collection notifications are sent once per day."; §6 "Once per day, informs the carrier which lockers hold ' +
      'parcels to be picked up (sporadic collection).")',
  },
  {
    name: 'sab-collection-dedup-by-locker-id',
    rule: 'WH-COLLECTION-DAILY',
    origin: 'set-ab',
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
    name: 'sad-collection-stale-view',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-ad',
    description:
      'the daily collection job reads a materialized view of the lockers holding waiting first-mile or return ' +
      'parcels, and the view is refreshed by a job scheduled at the same time that runs after it, so each run names ' +
      'the lockers as they were at the run before: a locker whose parcel was dropped off (CONSIGNEE_DELIVERED) is ' +
      'not named at the next run though it holds the parcel, only a period later, and a locker the courier emptied ' +
      'is named once more (§6 CollectionNotification "Once per day, informs the carrier which lockers hold parcels ' +
      'to be picked up (sporadic collection)."; §8 "Collection notifications are sent once per day.")',
    candidate:
      'the first notification a period late: the harness waits three periods for it, as §6 says once per day ' +
      'and not when in the day',
  },
  {
    name: 'sad-outbox-gzip-not-inflated',
    rule: 'WH-DELIVERY-VALID',
    origin: 'set-ad',
    description:
      'the parcel outbox stores a payload of 1 KiB or more gzip-compressed (a column compression put in to save ' +
      'space), and the relay, reading the compressed flag the migration added with default false, posts the stored ' +
      'bytes as they are, declared application/json, with no Content-Encoding: a ParcelUpdates whose record comes to ' +
      '1 KiB or more (a long consignee name or email, a long history, long ids) arrives as gzip bytes, no JSON; ' +
      'smaller ones and the other webhooks are right (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; §6 "The service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'sb-collection-one-carrier-per-locker',
    candidate:
      "not caught: no test has both carriers' first-mile parcels waiting in one locker within a collection period",
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-b',
    description:
      "CollectionNotification's once-a-day bookkeeping is keyed by locker alone: when both carriers hold delivered " +
      'first-mile parcels in one third-party locker, only the first carrier is told, each day (§6 "informs the ' +
      'carrier which lockers hold parcels to be picked up")',
  },
  {
    name: 'sd-collection-on-dropoff',
    rule: 'WH-COLLECTION-DAILY',
    origin: 'set-d',
    candidate: 'not caught: no drop-off lands in a locker already notified within a collection period',
    description:
      'a CONSIGNEE_DELIVERED of a FIRST_MILE or RETURN parcel into a locker already named to the carrier this ' +
      'period sends a CollectionNotification for that locker at once ("the parcels waiting there changed"): the ' +
      'locker is named twice within the day; a drop-off into a locker not yet named waits for the daily one (§8 ' +
      '"Collection notifications are sent once per day."; §6 CollectionNotification "Once per day")',
  },
  {
    name: 'sd-collection-period-unit',
    rule: 'WH-COLLECTION-DAILY',
    origin: 'set-d',
    candidate: 'not caught: the run reads INCONCLUSIVE (WH-COLLECTION-DAILY not observable), no must rule ' + 'failed',
    description:
      "CollectionNotification's once-a-day bookkeeping compares the time since a locker was last named with the " +
      'period read as seconds where it is milliseconds (x1000): a locker is named once, and while its first-mile ' +
      'parcels keep waiting it is not named again the next day (the next period), nor for a thousand of them (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up"; §8 ' +
      '"Collection notifications are sent once per day.")',
  },
  {
    name: 'si-collection-code-as-object',
    rule: 'WH-COLLECTION-BODY',
    origin: 'set-i',
    description:
      "the collection job assigns the access-code service's answer to courierAccessCode where its code belongs: " +
      'every CollectionNotification carries courierAccessCode as an object {code, validUntil}, neither a string ' +
      'nor null; carrierLockerId and eventTimestamp are right (§6 CollectionNotification "Includes ' +
      'courierAccessCode (string or null), carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'si-parcel-push-consignee-template',
    rule: 'WH-DELIVERY-VALID',
    origin: 'set-i',
    candidate:
      'caught on the first try by a full run (WH-DELIVERY-VALID, WH-PARCEL-ON-STATUS): the consignee names with a ' +
      "quote or a backslash are the exploration's, which the rule's own tests do not run",
    description:
      'the ParcelUpdates body is serialized by the JSON library except its consignee block, which comes from the ' +
      'notification template ("consignee":{"name":"${name}","email":"${email}"}) with no escaping: a consignee ' +
      'whose name or email holds a double quote, a backslash or a control character (O"Neil, a tab) is pushed as ' +
      'a body that is not JSON; other consignees and GET /parcels are right (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §6 "The service pushes events by webhook to a URL provided by the ' +
      'carrier.")',
  },
  {
    name: 'sm-collection-count-off-by-one',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-m',
    description:
      'the daily collection query groups the waiting parcels (delivered FIRST_MILE or RETURN) by locker and keeps ' +
      'the groups HAVING COUNT(*) > 1, where >= 1 belongs: a locker holding a single parcel to be picked up is never ' +
      'named in a CollectionNotification; a locker holding two or more is named once a period as before (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection)."; §8 "Collection notifications are sent once per day.")',
  },
  {
    name: 'so-collection-one-locker-per-carrier',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-o',
    description:
      'the daily collection job builds one notification per carrier, and its DTO, designed when each carrier had one ' +
      'hub, holds one carrierLockerId, the first of the group (the locker of the oldest waiting parcel): a carrier ' +
      'whose delivered FIRST_MILE or RETURN parcels wait in two or more lockers is told of one of them each period, ' +
      'and the others are never named while it stays waiting; a carrier with one such locker is told of it (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection)."; "Includes courierAccessCode (string or null), carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'sq-collection-flag-cleared-by-any-pickup',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-q',
    description:
      'the daily collection job names only lockers whose "parcels to pick up" flag is set, a flag per carrier and ' +
      'locker that a drop-off (CONSIGNEE_DELIVERED) sets and any COURIER_COLLECTED in that locker clears, in place ' +
      'of a count of the waiting parcels: where two first-mile or return parcels of a carrier wait in one locker and ' +
      'the courier collects one, the locker, still holding the other, is never named again until a new drop-off ' +
      'there; lockers whose parcels were all collected, and lockers no collection touched, are right (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection)."; §8 "Collection notifications are sent once per day.")',
  },
  {
    name: 'ss-mock-parcel-provider-locker-column',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-s',
    description:
      'the staging mock, which knows a locker by its provider-side id only, writes that id into the locker ' +
      'column of each parcel its BOOKING_CREATED creates, and reads it back the same way, so its later events ' +
      'find the parcel: GET /parcels lists those first-mile and return parcels with lockerUid PL-<uid> (TP-PL-n ' +
      'in a third-party locker), and the daily collection job, which joins waiting parcels to lockers on the ' +
      'platform uid, finds no locker for them: after CONSIGNEE_DELIVERED the locker holding the parcel is never ' +
      'named in a CollectionNotification; bookings published through the API keep their locker (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection)."; §4.11 provider_locker_id "The provider-side locker identifier; not ' +
      'interchangeable with the platform lockerUid."; §2.3 lockerUid "Platform locker identifier.")',
  },
  {
    name: 'su-collection-fetch-object-body',
    rule: 'WH-DELIVERY-VALID',
    origin: 'set-u',
    description:
      'the daily collection job, written later than the webhook sender and with its own HTTP call, posts ' +
      "with fetch(url, {method: 'POST', headers: {'content-type': 'application/json'}, body: " +
      'notification}), the object never stringified, and fetch sends an object body as its String(), so ' +
      'every CollectionNotification arrives declared application/json with the body [object Object]; ' +
      'LockerUpdates and ParcelUpdates are JSON (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; §6 CollectionNotification "Includes courierAccessCode (string or null), ' +
      'carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'su-collection-locker-id-from-parcel',
    rule: 'WH-COLLECTION-CURRENT-ID',
    origin: 'set-u',
    description:
      "the daily collection query selects the waiting parcels' own carrier_locker_id column (the copy each " +
      'parcel row took when it was made, kept for the parcel record) instead of joining the locker: once ' +
      'PATCH /lockers/{uid} has given a locker holding a delivered first-mile or return parcel another ' +
      'carrier.lockerId, each CollectionNotification for it names the old carrierLockerId, which no locker ' +
      'has, so the carrier cannot tell which locker to empty; lockers whose carrier.lockerId never changed ' +
      'are named right (§6 CollectionNotification "Once per day, informs the carrier which lockers hold ' +
      'parcels to be picked up"; "Includes courierAccessCode (string or null), carrierLockerId, ' +
      'eventTimestamp.")',
  },
  {
    name: 'sx-collection-third-party-locker-id-dropped',
    rule: 'WH-COLLECTION-BODY',
    origin: 'set-x',
    description:
      "the daily collection job reads carrierLockerId from the carrier's locker-id table, (carrier, locker) to " +
      "the carrier's own id, whose rows the carrier's creates write; a third-party locker (ownedByCarrier null, " +
      'TP-1) has no row, the value is undefined and JSON.stringify leaves the member out: the CollectionNotification ' +
      'naming a third-party locker that holds a delivered FIRST_MILE or RETURN parcel is {courierAccessCode, ' +
      "eventTimestamp}, without carrierLockerId; the carrier's own lockers are named as before (§6 " +
      'CollectionNotification "Includes courierAccessCode (string or null), carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'sx-mock-push-utf8-bom',
    rule: 'WH-DELIVERY-VALID',
    origin: 'set-x',
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
    name: 'sz-collection-bookkeeping-per-parcel',
    rule: 'WH-COLLECTION-DAILY',
    origin: 'set-z',
    description:
      'the daily collection job walks the waiting parcels (delivered FIRST_MILE or RETURN) rather than the lockers ' +
      'holding them, and its "named this period" bookkeeping is keyed by the parcel: a locker holding two waiting ' +
      'parcels is named twice at one tick (two CollectionNotifications with its carrierLockerId), and a locker ' +
      'named this period is named again at the next tick once another parcel is dropped off there (§8 ' +
      '"Collection notifications are sent once per day."; §6 "Once per day, informs the carrier which lockers ' +
      'hold parcels to be picked up")',
  },
  {
    name: 'webhook-malformed-json',
    rule: 'WH-DELIVERY-VALID',
    origin: 'webhooks',
    description: 'a malformed delivery follows each created locker',
  },
  {
    name: 'webhook-text-plain',
    rule: 'WH-DELIVERY-VALID',
    origin: 'webhooks',
    description: 'every delivery declares Content-Type text/plain (its JSON body otherwise right)',
  },
  {
    name: 'x45-collection-after-courier-collected',
    rule: 'WH-COLLECTION-SENT',
    origin: 'x45',
    description:
      'CollectionNotification picks lockers by a status compared as an ordinal (status >= DELIVERED), so a ' +
      'locker whose first-mile parcels the courier has already collected (COLLECTED) is still named each ' +
      'period (§6 informs the carrier which lockers hold parcels to be picked up)',
  },
  {
    name: 'saf-collection-loop-returns-early',
    rule: 'WH-COLLECTION-EACH-CARRIER',
    origin: 'set-af',
    description:
      'the daily collection job walks the carriers in their configured order and, for a carrier none of whose ' +
      'lockers holds a parcel to pick up, leaves with `return` where `continue` belongs (the guard was moved into ' +
      'the loop when the job became per carrier): whenever the first carrier has no delivered FIRST_MILE or RETURN ' +
      'parcel waiting, the run ends there and the second carrier is never sent a CollectionNotification, however ' +
      'long its first-mile parcels wait in its own or third-party lockers; while the first carrier has a parcel ' +
      'waiting, both are told as before (§6 CollectionNotification "Once per day, informs the carrier which ' +
      'lockers hold parcels to be picked up (sporadic collection).")',
  },
  {
    name: 'sah-collection-skips-return',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-ah',
    description:
      "the daily collection job selects the waiting parcels with shipment_type = 'FIRST_MILE' (sporadic collection " +
      'was built for first-mile drop-offs; RETURN, added to the trigger later, was left to a scheduled return run ' +
      'that staging does not have): a locker holding only delivered RETURN parcels waiting for the courier is never ' +
      'named in a CollectionNotification; lockers with a waiting FIRST_MILE parcel are named once a period as ' +
      'before (§6 CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked ' +
      'up (sporadic collection)."; §4.11 shipment_type "FIRST_MILE, RETURN")',
    candidate: 'whether a delivered return parcel waits for the courier is not stated (§3, §4.11): reported',
  },
  {
    name: 'saj-collection-own-fleet-only',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-aj',
    description:
      "the daily collection job walks the carrier's own lockers (its fleet, ownedByCarrier the carrier) and asks " +
      "each for parcels waiting for the courier: a carrier's FIRST_MILE or RETURN parcel the consignee dropped off " +
      'in a third-party locker (ownedByCarrier null, TP-1) is never named in a CollectionNotification; waiting ' +
      'parcels in its own lockers are named once a period as before (§6 CollectionNotification "Once per day, ' +
      'informs the carrier which lockers hold parcels to be picked up (sporadic collection).")',
    candidate:
      "not caught: a first-mile parcel in a third party's locker is made and its notification awaited, but by which " +
      "carrierLockerId a locker not the carrier's own is named is not shown (§6), so one not named is observed",
  },
  {
    name: 'saj-outbox-payload-varchar-truncated',
    rule: 'WH-DELIVERY-VALID',
    origin: 'set-aj',
    description:
      'ParcelUpdates go through an outbox table whose payload column is a VARCHAR(1024) of a MySQL in non-strict ' +
      'mode, which cuts a longer text to 1,024 characters with only a warning, and the relay posts the column as it ' +
      'reads it: the push of a parcel whose record runs past 1,024 characters (a long carrierParcelId or consignee ' +
      'name, a long history of events) arrives cut short, declared application/json but no JSON text; shorter ' +
      'records are pushed whole (preamble "All bodies are JSON (`Content-Type: application/json`)."; §6 "The ' +
      'service pushes events by webhook to a URL provided by the carrier.")',
  },
  {
    name: 'sak-webhook-retry-bare-client',
    rule: 'WH-DELIVERY-VALID',
    origin: 'set-ak',
    description:
      'the webhook sender posts a first attempt through its JSON client (Content-Type application/json, the ' +
      'webhook key) but a retry, after the carrier endpoint answered 5xx or did not answer, through a bare ' +
      "fetch(url, {method: 'POST', body: payload}) with no headers, so fetch declares the string body " +
      'text/plain;charset=UTF-8 and no key is sent: every LockerUpdates, ParcelUpdates or CollectionNotification ' +
      'the receiver refused once arrives again declared as plain text; deliveries answered 200 at once are as before ' +
      '(preamble "All bodies are JSON (`Content-Type: application/json`)."; §6 "The service pushes events by webhook ' +
      'to a URL provided by the carrier.")',
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
    name: 'sao-collection-timestamp-local-date-time-array',
    rule: 'WH-COLLECTION-BODY',
    origin: 'set-ao',
    description:
      "the collection job's notification class types eventTimestamp as a LocalDateTime, and the job's JSON mapper " +
      'has WRITE_DATES_AS_TIMESTAMPS on, so every CollectionNotification carries eventTimestamp as an array, ' +
      '[2026, 3, 5, 10, 15, 30, 123000000] (year, month, day, hour, minute, second, nanos in UTC), not a string; ' +
      'courierAccessCode and carrierLockerId are right (§6 CollectionNotification "Includes courierAccessCode ' +
      '(string or null), carrierLockerId, eventTimestamp."; §2.4 eventTimestamp "string")',
  },
  {
    name: 'sar-collection-skips-labelless',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-ar',
    candidate:
      'reported, not failed: whether a parcel made label-less waits for the courier as one with a label does is ' +
      'not stated (§4.11 says when to send labelless, not what it changes); the run reports its locker not named',
    description:
      "the collection job joins each waiting parcel's label (the courier's pick-up list prints them), and a parcel " +
      'the ' +
      'staging trigger announced with labelless true has none: a locker whose waiting first-mile or return parcels ' +
      'were all made label-less is never named in a CollectionNotification; parcels made without labelless, or with ' +
      'it false, are (§6 CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be ' +
      'picked up (sporadic collection)."; §4.11 labelless "Set true only for confirmed label-less combinations.")',
  },
  {
    name: 'sar-cancel-recomputes-pickup-flag',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-ar',
    description:
      "a cancellation recomputes the locker's pick-up flag from the carrier's booked parcels the cancel leaves in " +
      'it, none of which waits for a courier, so the flag goes down; the collection job reads flags, and a ' +
      'first-mile ' +
      'or return parcel delivered into that locker before the cancel is no longer named in any ' +
      'CollectionNotification ' +
      '(a drop-off after the cancel puts the flag up again). Only where a locker holds a delivered first-mile parcel ' +
      'and a booking of the same carrier that is then cancelled (§6 CollectionNotification "Once per day, informs ' +
      'the ' +
      'carrier which lockers hold parcels to be picked up (sporadic collection).")',
  },
  {
    name: 'sar-collection-job-first-page-only',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-ar',
    candidate: 'not caught: the run leaves fewer than 20 parcels of a carrier waiting for the courier',
    description:
      "the collection job reads a carrier's waiting parcels (delivered first-mile or return) with one query, oldest " +
      'first, LIMIT 20, and never asks for the next page: once a carrier has more than 20 parcels waiting, a locker ' +
      'whose waiting parcels are all past the first 20 is not named in any CollectionNotification, until older ones ' +
      'are collected (§6 CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be ' +
      'picked up (sporadic collection).")',
  },
  {
    name: 'sas-push-relay-splits-unicode-lines',
    rule: 'WH-DELIVERY-VALID',
    origin: 'set-as',
    description:
      "LockerUpdates leave through the event relay, a Python worker that reads the outbox's newline-delimited JSON " +
      'and posts each line to the carrier, splitting it with str.splitlines(), which also breaks at U+0085, U+2028 ' +
      'and U+2029, characters JSON writes unescaped inside strings: the push of a locker whose record holds one of ' +
      'them (a lockerName "Kiosk\\u2028Nord", a street, a metadata value) arrives as two or more deliveries, none of ' +
      'them JSON; every other locker push, and every ParcelUpdates, is delivered whole (preamble "All bodies are ' +
      'JSON ' +
      '(`Content-Type: application/json`)."; §6 "The service pushes events by webhook to a URL provided by the ' +
      'carrier.")',
  },
  {
    name: 'sau-collection-unmarked-after-refused-attempt',
    candidate: 'not caught yet: missed on the first try',
    rule: 'WH-COLLECTION-DAILY',
    origin: 'set-au',
    description:
      'the collection job runs four times a period and marks a locker named for the period when the first attempt ' +
      "of its CollectionNotification is answered 200; an attempt the carrier's endpoint answers 401 or 5xx (or does " +
      'not answer) clears the mark, while the sender retries that delivery as any other: a locker whose notification ' +
      "was refused once, even if a retry is then answered 200, is named again at the job's next run, a second " +
      'CollectionNotification with a new eventTimestamp within the same period; notifications answered 200 at once ' +
      'are sent once a period (§8 "Collection notifications are sent once per day."; §6 "Once per day, informs the ' +
      'carrier which lockers hold parcels to be picked up (sporadic collection).")',
  },
  {
    name: 'sav-collection-waiting-counter-drift',
    candidate: 'not caught yet: missed on the first try',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-av',
    description:
      'the daily collection job reads a counter per (carrier, locker) kept beside the parcels in place of the ' +
      'parcels themselves: a CONSIGNEE_DELIVERED of a FIRST_MILE or RETURN parcel raises it and every ' +
      'COURIER_COLLECTED in the locker lowers it, whatever was collected (a booked parcel, a last-mile one, one ' +
      'collected already): after such a collection the count runs one short, and a locker where a first-mile parcel ' +
      'then waits is never named in a CollectionNotification (a second drop-off of one parcel leaves an emptied ' +
      'locker named each period); in-order drop-offs and collections are named as before (§6 CollectionNotification ' +
      '"Once per day, informs the carrier which lockers hold parcels to be picked up (sporadic collection).")',
  },
  {
    name: 'sav-collection-batched-array-body',
    candidate: 'not caught yet: missed on the first try',
    rule: 'WH-COLLECTION-BODY',
    origin: 'set-av',
    description:
      'the webhook client coalesces deliveries to one URL queued within 10 ms into one POST whose body is the JSON ' +
      'array of them (its bulk mode, built for the provider feed): when the daily run names two or more lockers of a ' +
      'carrier, that carrier gets one CollectionNotification whose body is an array of {courierAccessCode, ' +
      'carrierLockerId, eventTimestamp} objects, not an object with those members; a run naming one locker sends it ' +
      'as before (§6 CollectionNotification "Includes courierAccessCode (string or null), carrierLockerId, ' +
      'eventTimestamp.")',
  },
  {
    name: 'say-collection-builder-1-0-timestamp',
    rule: 'WH-COLLECTION-BODY',
    origin: 'set-ay',
    description:
      'the daily collection job builds its notification with the 1.0 class of the sporadic pick-up module, whose ' +
      'time member is timestamp, and not with the 1.1 event envelope the LockerUpdates and ParcelUpdates publishers ' +
      'share, which writes eventTimestamp: every CollectionNotification is {courierAccessCode, carrierLockerId, ' +
      'timestamp}, without eventTimestamp; LockerUpdates and ParcelUpdates carry eventTimestamp as before (§6 ' +
      'CollectionNotification "Includes courierAccessCode (string or null), carrierLockerId, eventTimestamp."; §9 ' +
      '"eventTimestamp and allocationType were added to webhook and parcel records.")',
  },
  {
    name: 'sbb-collection-job-on-each-replica',
    rule: 'WH-COLLECTION-DAILY',
    origin: 'set-bb',
    description:
      'the collection job is scheduled in the service itself, with no leader election, so it runs on each of its two ' +
      'replicas, and each keeps "named this period" in its own memory; the second replica started 40 % of a period ' +
      'after the first: every locker holding a first-mile or return parcel that waits for the courier is named by ' +
      'both, two CollectionNotifications (each with its own courierAccessCode and eventTimestamp) 0.4 period apart ' +
      'within every period (§8 "Collection notifications are sent once per day."; §6 "Once per day, informs the ' +
      'carrier which lockers hold parcels to be picked up (sporadic collection).")',
  },
  {
    name: 'sbc-collection-first-mile-index-zero',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-bc',
    description:
      'the daily collection job keeps the waiting parcels whose type passes COLLECTABLE_TYPES.indexOf(type) > 0, ' +
      'with COLLECTABLE_TYPES = [FIRST_MILE, RETURN], where >= 0 (or includes) was meant: FIRST_MILE, the first ' +
      'entry, is never collectable, so a locker holding only delivered FIRST_MILE parcels is never named in a ' +
      'CollectionNotification; lockers holding a delivered RETURN parcel are named once a period as before (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection)."; §4.11 shipment_type "FIRST_MILE, RETURN")',
  },
  {
    name: 'sbe-collection-null-code-omitted',
    rule: 'WH-COLLECTION-BODY',
    origin: 'set-be',
    candidate:
      'a body of carrierLockerId and eventTimestamp alone is a LockerUpdates the schema takes (a locker record ' +
      'requires no member) as much as a CollectionNotification less its code: the body alone does not say which (the ' +
      'spec-only review)',
    description:
      '"courierAccessCode (string or null)" was read as an optional member: the collection job has no courier code ' +
      "for a third-party locker (the provider's courier opens it with a code of its own) and the notification model " +
      'leaves a member without a value out: every CollectionNotification naming a third-party locker (ownedByCarrier ' +
      'null, TP-1) carries carrierLockerId and eventTimestamp and no courierAccessCode member at all; notifications ' +
      'naming the carrier\'s own lockers carry a code as before (§6 CollectionNotification "Includes ' +
      'courierAccessCode (string or null), carrierLockerId, eventTimestamp.")',
  },
  {
    name: 'sbg-collection-skips-closed-today',
    rule: 'WH-COLLECTION-SENT',
    origin: 'set-bg',
    candidate:
      'the spec-only review: a locker closed today may be left out of that day\'s pick-ups (§6 "which lockers hold  ' +
      'parcels to be picked up" names no hours, and a schedule\'s entries are not shown), so whether one is named  ' +
      'is observed',
    description:
      "the daily collection round plans today's courier stops and leaves to a later round a locker whose opening " +
      'hours keep it closed today (UTC): openingHours SCHEDULED whose weeklySchedule has no entry naming today ' +
      '(by name, three-letter abbreviation or ISO number) or only entries marked closed, or an exceptions entry ' +
      "holding today's date (ALWAYS lockers too). A locker holding a delivered FIRST_MILE or RETURN parcel is " +
      'then never named in a CollectionNotification on such a day, every day for a schedule without that weekday; ' +
      'lockers open today, and every ALWAYS locker without an exception for today, are named as before (§6 ' +
      'CollectionNotification "Once per day, informs the carrier which lockers hold parcels to be picked up ' +
      '(sporadic collection).")',
  },
] as const satisfies readonly Fault[];
