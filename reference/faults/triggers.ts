// Faults of the staging trigger (§4.11). Each names the rule it breaks, its origin (the set it was written in) and
// how; the lines that switch one on name it (`app.fault('name')`).
import { at, requiredMember, type Fault } from '../fault';

export const TRIGGERS_FAULTS = [
  {
    name: 'parcel-events-empty',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'fidelity',
    description: 'parcel records always carry events []',
  },
  {
    name: 'sb-trigger-collected-empties-locker',
    candidate:
      'not caught: two delivered first-mile parcels of one locker, one then collected, are rarely reached by ' +
      'a sequence',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-b',
    description:
      'COURIER_COLLECTED is taken as "the courier emptied the locker": every other delivered first-mile or return ' +
      'parcel of the carrier in that locker is shown COLLECTED with a COURIER_COLLECTED event too, unpushed (§4.11 ' +
      '"Triggers one first-mile parcel event."; parcel_id required)',
  },
  {
    name: 'sd-events-recent-window',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-d',
    description:
      "a parcel's events are read by the recent-events query (the newest 3, LIMIT 3) wherever a record is " +
      'written: from the fourth event on (a booking then three trigger events, or a re-booked first-mile parcel), ' +
      'GET /parcels, the cancel answer and ParcelUpdates lose the oldest entries (§2.4 events "History of events ' +
      'of the parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, with status and event history.")',
  },
  {
    name: 'sd-trigger-first-carrier-key-only',
    candidate:
      "missed on the first try (the second carrier's refused trigger was only observed); caught by a " +
      'full run since a trigger refused for its key fails TRG-STAGING-KEY (not gated yet)',
    rule: 'TRG-STAGING-KEY',
    origin: 'set-d',
    description:
      "the staging mock was configured with one carrier's staging key (the first): the second carrier's regular " +
      'key, taken by every operation of {base_url}, is refused 401 by POST {mock_base_url}/parcel/first-mile/event ' +
      '(§4.11 "Authenticated with the regular carrier staging API key; no separate key."; §5 "3. The staging-only ' +
      'trigger operations use the regular carrier staging key.")',
  },
  {
    name: 'sf-trigger-labelless-label-id',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-f',
    candidate:
      'not caught: a labelless first-mile parcel is now triggered, but a refused later event is ' + 'observed only',
    description:
      'the staging mock takes a label-less parcel to have no carrier label yet: a BOOKING_CREATED with labelless ' +
      'true stores the parcel under a label id of its own (LBL- and 8 digits) as carrierParcelId, so GET /parcels ' +
      'and the push show an id the carrier never sent, and a later COURIER_COLLECTED or CONSIGNEE_DELIVERED for ' +
      'the parcel_id is answered 404 (§4.11 "Triggers one first-mile parcel event.", parcel_id required; labelless ' +
      '"Set true only for confirmed label-less combinations."; §2.3 carrierParcelId "Parcel identifier in the ' +
      'carrier system.")',
  },
  {
    name: 'si-trigger-history-from-mock-copy',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-i',
    description:
      'the staging mock keeps its own event list of each parcel it has sent events for and writes it over the ' +
      "parcel's history after each event: for a parcel it made, the lists agree, but a booking published through " +
      '/parcels/data then given a trigger event (CONSIGNEE_DELIVERED, BOOKING_CREATED) loses its BOOKING_CREATED ' +
      'entry and lists only the events the mock sent, no more entries than before (§4.11 "Triggers one first-mile ' +
      'parcel event."; §2.4 events "History of events of the parcel."; §4.8 "with status and event history.")',
  },
  {
    name: 'sk-trigger-event-on-last-inserted-parcel',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-k',
    description:
      "the staging mock inserts the event's history row with its parcel key taken from currval of the parcel id " +
      'sequence (written for the BOOKING_CREATED that inserts a parcel just before its event): an event for a ' +
      "parcel that is not the newest one stored changes that parcel's status, but its entry lands in the events " +
      'of the parcel stored last (of either carrier): book A, book B, trigger CONSIGNEE_DELIVERED for A, and GET ' +
      '/parcels lists A DELIVERED with no more events than before, B with the CONSIGNEE_DELIVERED entry (§4.11 ' +
      '"Triggers one first-mile parcel event."; §2.4 events "History of events of the parcel."; §4.8 "with status ' +
      'and event history.")',
  },
  {
    name: 'sk-trigger-history-as-set',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-k',
    description:
      'the staging mock keeps the history of each parcel it creates in a Set (so that an event is never recorded ' +
      'twice) and hands that Set to the record, which JSON.stringify writes as {}: every first-mile or return ' +
      'parcel a BOOKING_CREATED created is listed by GET /parcels, answered on cancel and pushed with events {}, ' +
      'an empty object, whatever events it had; bookings published through the API carry their array (§2.4 events ' +
      '"array", "History of events of the parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, ' +
      'with status and event history.")',
  },
  {
    name: 'sm-trigger-api-booking-forwarded',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-m',
    description:
      'the staging mock resolves parcel_id in its own table of the parcels it created, and forwards an event for a ' +
      "parcel it does not know to the platform under the mock's own id, where the consumer finds nothing and drops " +
      'it: a CONSIGNEE_DELIVERED or COURIER_COLLECTED for a parcel booked through /parcels/data or by-tenant is ' +
      'answered 200 {message, event_type}, and its status, events and pushes stay as they were (so it can still be ' +
      'cancelled); a BOOKING_CREATED for such a booking makes a second, FIRST_MILE parcel of that id in the locker. ' +
      'Parcels the mock made take every event (§4.11 "Triggers one first-mile parcel event."; §2.4 events "History ' +
      'of events of the parcel."; §4.8 "Returns parcel records (2.4) of the calling carrier, with status and event ' +
      'history.")',
  },
  {
    name: 'sq-trigger-labelless-presence-checked',
    rule: 'TRG-RESPONSE',
    origin: 'set-q',
    candidate:
      'caught as a should only (GEN-BOUNDARY-ACCEPTED): §4.11 limits only labelless true and states no default ' +
      'for a request without it, so a refused false may be a combination the target knows otherwise',
    description:
      'the staging mock reads labelless into an Optional and takes a request in which it is present for a ' +
      'label-less one, checking (carrier_name, provider_name) against its table of confirmed label-less ' +
      'combinations, which holds none of the reference carriers: a valid trigger request that sends labelless false ' +
      '(the parcel has a label) is refused 400 LABELLESS_NOT_CONFIRMED and the event is not applied, as is one with ' +
      'true; the same request without labelless is accepted (§4.11 labelless "no" (not required), "boolean", "Set ' +
      'true only for confirmed label-less combinations."; "Triggers one first-mile parcel event.")',
  },
  {
    name: 'ss-mock-client-first-caller',
    rule: 'TRG-RESPONSE',
    origin: 'set-s',
    description:
      'the staging mock checks the key and carrier_name of each request, then forwards the event through a ' +
      "platform client it built lazily on its first use, with that first request's X-API-Key as a default " +
      'header: every later event, of either carrier, is carried out as the carrier that used the trigger first. ' +
      "The other carrier's valid events are refused (400 UNKNOWN_PROVIDER_LOCKER in its own lockers, 404 " +
      'PARCEL_NOT_FOUND for its parcels in third-party lockers), and its BOOKING_CREATED in a third-party locker ' +
      "makes a parcel that the first carrier lists and is pushed; the first carrier's events are right (§4.11 " +
      '"Triggers one first-mile parcel event."; "Authenticated with the regular carrier staging API key; no ' +
      'separate key."; §5 "3. The staging-only trigger operations use the regular carrier staging key.")',
  },
  {
    name: 'su-trigger-parcel-id-sticky-regex',
    rule: 'TRG-RESPONSE',
    origin: 'set-u',
    description:
      'the staging mock checks parcel_id against a module-level pattern written with the g flag, and ' +
      'RegExp.test keeps lastIndex between calls on such a pattern: after a request that passes, the next ' +
      'check starts past the beginning, fails and resets, so every second valid trigger request (counted ' +
      'across both carriers and all event types) is refused 400 VALIDATION_FAILED "/parcel_id must be a ' +
      'non-blank parcel identifier" and nothing happens; the same request sent again is accepted (§4.11 ' +
      '"Triggers one first-mile parcel event."; parcel_id "string", required, no format stated)',
  },
  {
    name: 'sx-trigger-provider-name-from-locker',
    rule: 'TRG-REQUIRED',
    origin: 'set-x',
    description:
      "the staging mock's request type makes provider_name optional, since the locker that provider_locker_id " +
      'names already knows its provider, and fills it with `body.provider_name ?? locker.provider.name`: a ' +
      'trigger without provider_name, or with provider_name null, naming a locker the mock knows is accepted and ' +
      "applied (answered 200, the parcel made or moved and pushed) for the locker's provider; a provider_name " +
      'that is not the locker\'s, or none of the seven, is still refused 400 (§4.11 provider_name Required "yes", ' +
      '"One of 7 fixed provider names")',
  },
  {
    name: 'sz-trigger-transition-table-silent',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-z',
    description:
      'the staging mock applies events through a transition table (BOOKED: BOOKING_CREATED, CONSIGNEE_DELIVERED; ' +
      "DELIVERED: COURIER_COLLECTED) and, for an event the table has no entry for from the parcel's status, logs " +
      '"ignored" and returns what it returns for an applied one: a COURIER_COLLECTED of a booked parcel, a second ' +
      'CONSIGNEE_DELIVERED, a BOOKING_CREATED of a delivered parcel or any event after COURIER_COLLECTED is answered ' +
      '200 {message: "... applied to parcel ...", event_type}, while the status, the events and the pushes stay as ' +
      'they were; BOOKING_CREATED, CONSIGNEE_DELIVERED, COURIER_COLLECTED in that order work (§4.11 "Triggers one ' +
      'first-mile parcel event."; §2.4 events "History of events of the parcel.")',
  },
  {
    name: 'trigger-accepts-platform-uid',
    rule: 'TRG-PROVIDER-LOCKER-ID',
    origin: 'parcels',
    description: 'the platform lockerUid is taken as provider_locker_id',
  },
  {
    name: 'trigger-any-labelless',
    rule: 'TRG-TYPES',
    origin: 'parcels',
    description: 'labelless of any type is accepted',
    relax: { schema: 'TriggerRequest', error: at('/labelless') },
  },
  {
    name: 'trigger-any-shipment-type',
    rule: 'TRG-ENUMS',
    origin: 'parcels',
    description: 'any shipment_type is accepted',
    relax: { schema: 'TriggerRequest', error: (e) => e.instancePath === '/shipment_type' && e.keyword === 'enum' },
  },
  {
    name: 'trigger-no-auth',
    rule: 'TRG-STAGING-KEY',
    origin: 'parcels',
    description: 'the trigger accepts requests without a key',
  },
  {
    name: 'trigger-no-event',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'fidelity',
    description: 'a trigger event changes the parcel status but adds nothing to its events',
  },
  {
    name: 'trigger-numeric-message',
    rule: 'TRG-RESPONSE',
    origin: 'parcels',
    description: 'the trigger answer has a numeric message',
  },
  {
    name: 'trigger-optional-shipment-type',
    rule: 'TRG-REQUIRED',
    origin: 'parcels',
    description: 'a trigger without shipment_type is accepted',
    relax: { schema: 'TriggerRequest', error: requiredMember('shipment_type') },
  },
  {
    name: 'x47-events-keyed-by-type',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'x47',
    description:
      'the event history is stored per (parcel, event type) with an upsert: a trigger event of a type the ' +
      "parcel already had (a second BOOKING_CREATED, also after a booking's own) moves that entry's " +
      'timestamp instead of adding one, so events does not grow (§2.4 events "History of events of the ' +
      'parcel."; §4.11 "Triggers one first-mile parcel event.")',
  },
  {
    name: 'sag-trigger-provider-name-against-locker',
    rule: 'TRG-ENUMS',
    origin: 'set-ag',
    description:
      'the staging mock dropped its fixed list of provider names when the provider catalogue moved to the database, ' +
      'checking provider_name only against the provider of the locker provider_locker_id names, which looked ' +
      'stricter: a trigger for a locker whose provider.name is none of the seven (a carrier may create a locker for ' +
      'any provider name, PROVIDER_NAME_8 or "Acme Lockers") is accepted with that name as provider_name; a name ' +
      "outside the list that is not the locker's provider is still refused 400 PROVIDER_MISMATCH (§4.11 " +
      'provider_name "One of 7 fixed provider names")',
    relax: {
      schema: 'TriggerRequest',
      error: (e) => e.instancePath === '/provider_name' && e.keyword === 'enum',
    },
  },
  {
    name: 'sah-trigger-event-same-second-dropped',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-ah',
    description:
      "the staging mock records a parcel's events in a history table keyed by (shipment, occurred_at), occurred_at " +
      'a TIMESTAMP(0) column (whole seconds), and inserts with ON CONFLICT DO NOTHING so that a redelivered event ' +
      'is never recorded twice: a trigger event (BOOKING_CREATED, CONSIGNEE_DELIVERED, COURIER_COLLECTED) on an ' +
      "existing parcel that comes within the same wall-clock second as the parcel's last event (its booking, an " +
      'earlier event) is answered 200, moves shipmentStatus and is pushed, but GET /parcels lists the parcel with ' +
      'the events it had before; an event a second or more later is recorded (§4.11 "Triggers one first-mile ' +
      'parcel event."; §2.4 events "History of events of the parcel."; §4.8 "Returns parcel records (2.4) of the ' +
      'calling carrier, with status and event history.")',
  },
  {
    name: 'saj-trigger-parcel-id-echo-header',
    rule: 'TRG-RESPONSE',
    origin: 'set-aj',
    description:
      "the staging mock's tracing middleware echoes parcel_id in an X-Parcel-Id header of its answer, set after " +
      "the event was applied, and Node's setHeader throws ERR_INVALID_CHAR for a character outside Latin-1 or a " +
      'control character: a valid trigger whose parcel_id holds one (an emoji, Łódź, 東京, a line break) is applied ' +
      '(GET /parcels shows the event) but answered 500 INTERNAL_ERROR; ASCII and Latin-1 ids are answered 200 (§4.11 ' +
      '"Triggers one first-mile parcel event."; parcel_id "string")',
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
    name: 'sam-mock-history-jsonb-set-last',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-am',
    description:
      "the staging mock writes a parcel's history, a JSONB array, with jsonb_set(events, '{-1}', :event), which " +
      'replaces the last element (jsonb_insert with insert_after was meant): each trigger event takes the place of ' +
      'the entry before it, so a booked parcel that gets CONSIGNEE_DELIVERED is listed with that one entry and no ' +
      'BOOKING_CREATED, and a first-mile parcel keeps one entry whatever happens to it; cancellations, which the ' +
      'service writes, add theirs (§4.11 "Triggers one first-mile parcel event."; §2.4 events "History of events of ' +
      'the parcel."; §4.8 "with status and event history")',
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
    name: 'sao-trigger-events-future-hidden',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-ao',
    description:
      "the staging mock's container stamps its events with the wall-clock time of Europe/Berlin labelled Z, an hour " +
      '(two in summer) ahead, and GET /parcels reads the history WHERE occurred_at <= now() (to keep scheduled ' +
      'entries out): every entry a trigger event adds (BOOKING_CREATED, CONSIGNEE_DELIVERED, COURIER_COLLECTED, to ' +
      'a booking or a parcel the mock made) is missing from GET /parcels for that hour, while the status changes and ' +
      'the cancel answer and ParcelUpdates show the entry (§4.11 "Triggers one first-mile parcel event."; §2.4 ' +
      'events "History of events of the parcel."; §4.8 "with status and event history")',
  },
  {
    name: 'sap-courier-pickup-kept-apart',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-ap',
    description:
      'the courier pick-up was a module of its own in 1.0 and still writes COURIER_COLLECTED to its pick-up log, ' +
      "which the 1.1 parcel reader never joined: a COURIER_COLLECTED the staging mock accepts moves the parcel's " +
      'status to its collected status but adds no entry to its events, in GET /parcels, the cancel answer and ' +
      'ParcelUpdates; BOOKING_CREATED and CONSIGNEE_DELIVERED add theirs (§4.11 "Triggers one first-mile parcel ' +
      'event."; §2.4 events "History of events of the parcel."; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier, with status and event history.")',
  },
  {
    name: 'sar-return-reannounce-inserts',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-ar',
    description:
      "the staging mock's return flow opens a new return shipment on every BOOKING_CREATED with shipment_type " +
      'RETURN: for a parcel_id it already holds in that locker (booked, delivered or collected) it makes a second ' +
      'parcel with a new shipmentUid and a one-entry history, and the parcel it had keeps its history unchanged; a ' +
      'BOOKING_CREATED with shipment_type FIRST_MILE is added to the existing parcel as it should be (§4.11 ' +
      '"Triggers one first-mile parcel event."; §2.4 events "History of events of the parcel.")',
  },
  {
    name: 'sar-history-touched-on-save',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-ar',
    description:
      'a staging event on a parcel that exists is saved through the parcel aggregate, whose history entries carry an ' +
      'update timestamp (@UpdateTimestamp on the entry entity, cascaded): every entry the parcel had takes this ' +
      "event's time, so after a CONSIGNEE_DELIVERED the BOOKING_CREATED entry reads as made at the drop-off; the " +
      "number of entries is right, and a new parcel's first entry, bookings and cancels are untouched (§2.4 events " +
      '"History of events of the parcel."; §4.11 "Triggers one first-mile parcel event.")',
  },
  {
    name: 'sat-history-trimmed-by-draft-ttl',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-at',
    candidate:
      "caught as GEN-STATE-NAMED-ONLY by the run's history (a parcel read again with fewer entries), not by " +
      "TRG-EVENT-HISTORY's tests, none of which triggers an event on a parcel whose events are over 5 s old",
    description:
      "a parcel's history shares a time-series key per parcel (a sorted set scored by the entry's time) with the " +
      "check module's PRE_CHECK drafts, which the module expires by trimming every entry scored more than its " +
      '5-second ' +
      'draft lifetime ago: every history entry older than 5 s is gone from GET /parcels, the cancel answer and ' +
      'ParcelUpdates, so a trigger event on a parcel whose earlier events are more than 5 s old is listed with fewer ' +
      'entries than before it, not with one more; entries of the last 5 s are all there (§2.4 events "History of ' +
      'events of the parcel."; §4.11 "Triggers one first-mile parcel event."; §4.8 "with status and event history")',
  },
  {
    name: 'sau-mock-chunked-body-unread',
    candidate: 'not caught yet: missed on the first try',
    rule: 'TRG-RESPONSE',
    origin: 'set-au',
    description:
      'the staging mock is a small WSGI application that reads its body as wsgi.input.read(int(CONTENT_LENGTH or ' +
      '0)): a trigger sent with Transfer-Encoding: chunked and no Content-Length (a client streaming its body, as ' +
      "fetch with a stream, requests with a generator or Java's chunked streaming mode do) is read as empty and " +
      'refused 400 {errorCode: BODY_REQUIRED, message}, though it is a valid BOOKING_CREATED, COURIER_COLLECTED or ' +
      'CONSIGNEE_DELIVERED; the same request with a Content-Length is carried out, and {base_url} reads chunked ' +
      'bodies (§4.11 "Triggers one first-mile parcel event."; HTTP/1.1 frames a body by Content-Length or chunked, ' +
      'RFC 9112 §6)',
  },
  {
    name: 'sau-mock-key-gateway-cache',
    candidate: 'not caught yet: missed on the first try',
    rule: 'TRG-STAGING-KEY',
    origin: 'set-au',
    description:
      'the staging mock keeps no key store of its own: it accepts an X-API-Key that the {base_url} gateway verified ' +
      'lately, read from the shared cache the gateway writes on every authenticated request, whose entries live 3 s ' +
      "(a short TTL, so that a revoked key stops working at once): a trigger sent with a carrier's regular staging " +
      "key more than 3 s after that carrier's last {base_url} request, or before any, is refused 401 as a wrong " +
      'key; a trigger right after a booking or a list of the same carrier is served (§4.11 "Authenticated with the ' +
      'regular carrier staging API key; no separate key."; §5 "3. The staging-only trigger operations use the ' +
      'regular carrier staging key.")',
  },
  {
    name: 'saw-trigger-provider-name-regex',
    rule: 'TRG-ENUMS',
    origin: 'set-aw',
    description:
      'the staging mock checks provider_name against the provider of the locker provider_locker_id names, and only ' +
      'there, with new RegExp(provider_name).test(provider.name), unanchored (written when provider names carried a ' +
      "region suffix): a provider_name outside the seven listed that matches part of the locker's provider name as " +
      'a pattern (PROVIDER_NAME, NAME_1, PROVIDER.NAME.1, .*, the empty string) is accepted and the event applied; ' +
      'a value that matches nothing there, or is no valid pattern, is refused 400 PROVIDER_MISMATCH, and the listed ' +
      'names are served as before (§4.11 provider_name "One of 7 fixed provider names")',
    relax: {
      schema: 'TriggerRequest',
      error: (e) => e.instancePath === '/provider_name' && e.keyword === 'enum',
    },
  },
  {
    name: 'sax-trigger-locker-fallback-last-event',
    rule: 'TRG-PROVIDER-LOCKER-ID',
    origin: 'set-ax',
    candidate: 'not caught yet: no trigger by an unknown provider_locker_id follows another trigger',
    description:
      'the staging mock keeps the locker of its last event in a module-level variable (so that a burst of events ' +
      'for one locker skips the provider registry) and resolves provider_locker_id as `registry.find(id) ?? ' +
      "lastLocker`, meant as a cache in front of the registry: a trigger whose provider_locker_id is no locker's " +
      'provider-side id (a platform lockerUid, a typo) acts on the locker of the previous trigger that named one, ' +
      'whichever carrier sent it, and is answered 200 with its event applied to the parcel_id there; the first ' +
      'trigger after the start, and triggers naming a provider-side id, are right (§4.11 provider_locker_id "The ' +
      'provider-side locker identifier; not interchangeable with the platform lockerUid.")',
  },
  {
    name: 'say-trigger-event-type-history-enum',
    rule: 'TRG-ENUMS',
    origin: 'set-ay',
    description:
      'the staging mock validates event_type against the EventType enum it shares with the parcel history, whose ' +
      "entries know CANCELLED too, and its handler table forwards that type to the platform's cancel: a trigger with " +
      'event_type CANCELLED is accepted, cancels the booked parcel parcel_id names in that locker (a CANCELLED ' +
      'entry, a ParcelUpdates) and is answered 200 {message, event_type}, answers 200 unchanged for a parcel it does ' +
      'not find or one cancelled already, and refuses one no longer booked (delivered, collected) 400; every other ' +
      'value outside the three is refused as before (§4.11 event_type "BOOKING_CREATED, COURIER_COLLECTED, ' +
      'CONSIGNEE_DELIVERED"; §6 "Staging trigger event types: BOOKING_CREATED, COURIER_COLLECTED, ' +
      'CONSIGNEE_DELIVERED.")',
    relax: {
      schema: 'TriggerRequest',
      error: (e, body) =>
        e.instancePath === '/event_type' &&
        e.keyword === 'enum' &&
        (body as Record<string, unknown> | null)?.['event_type'] === 'CANCELLED',
    },
  },
  {
    name: 'sba-trigger-carrier-name-char-class',
    rule: 'TRG-RESPONSE',
    origin: 'set-ba',
    description:
      "the staging mock's request DTO checks carrier_name with a pattern in place of the list of ten names, " +
      '@Pattern(regexp = "^CARRIER_NAME_[1-10]$"), meant as "1 to 10"; a character class is a set of characters, so ' +
      '[1-10] is the range 1-1 and the character 0, and only CARRIER_NAME_1 and CARRIER_NAME_0 pass: every trigger ' +
      "sent under the second carrier's key with its own name, CARRIER_NAME_2, a valid request, is refused 400 " +
      "VALIDATION_FAILED, as would be those of carriers 3 to 10; the first carrier's triggers are carried out " +
      '(CARRIER_NAME_0 still fails, as the key\'s carrier is checked after) (§4.11 "Triggers one first-mile parcel ' +
      'event."; carrier_name "One of 10 fixed carrier names (brand-bearing values, written CARRIER_NAME_1 to ' +
      'CARRIER_NAME_10 here)"; "Authenticated with the regular carrier staging API key; no separate key.")',
    relax: {
      schema: 'TriggerRequest',
      error: (e) => e.instancePath === '/carrier_name' && e.keyword === 'enum' && typeof e.data === 'string',
    },
  },
  {
    name: 'sbb-mock-second-carrier-name-newline',
    rule: 'TRG-RESPONSE',
    origin: 'set-bb',
    description:
      "the staging mock reads its table of carriers from one secret file per carrier key, and the second carrier's " +
      'file was written with echo, so the name it holds ends in a line feed the mock does not trim: every valid ' +
      'trigger of the second carrier (carrier_name its own, its own key) is refused 400 CARRIER_MISMATCH, while the ' +
      'first carrier\'s are carried out (§4.11 "Triggers one first-mile parcel event."; carrier_name "One of 10 ' +
      'fixed carrier names")',
  },
  {
    name: 'sbb-mock-lenient-flag-false-string',
    rule: 'TRG-ENUMS',
    origin: 'set-bb',
    description:
      'staging deploys the mock with MOCK_LENIENT_NAMES=false, read as if (process.env.MOCK_LENIENT_NAMES), a ' +
      'non-empty string and so true: in lenient mode a provider_name outside the fixed list is taken for a provider ' +
      "being onboarded, and neither the list nor the locker's provider is checked for it: a trigger with " +
      'provider_name PROVIDER_NAME_8 or any other text, for a locker of any provider, is accepted and applied; a ' +
      'listed name that is not the locker\'s provider is still refused (§4.11 provider_name "One of 7 fixed provider ' +
      'names")',
    relax: { schema: 'TriggerRequest', error: (e) => e.instancePath === '/provider_name' && e.keyword === 'enum' },
  },
  {
    name: 'sbd-closed-parcel-projection-written-once',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-bd',
    description:
      'GET /parcels reads a closed parcel (CANCELLED, DELIVERED, COLLECTED) from the closed-parcels projection, ' +
      'which the parcel event listener writes when a parcel first closes, INSERT ... ON CONFLICT DO NOTHING (a ' +
      'closed parcel was taken never to change): a first-mile parcel delivered and then collected ' +
      '(COURIER_COLLECTED), or a delivered parcel given another CONSIGNEE_DELIVERED, is listed with the status and ' +
      'the events it had when it was first delivered, the later entries left out; its ParcelUpdates carry them, and ' +
      'parcels that have not closed are listed as they are (§4.11 "Triggers one first-mile parcel event."; §2.4 ' +
      'events "History of events of the parcel."; §4.8 "with status and event history.")',
  },
  {
    name: 'sbe-trigger-created-event-type-null',
    rule: 'TRG-RESPONSE',
    origin: 'set-be',
    description:
      '"both may be present" was read as "either may be null": the staging mock\'s answer object takes event_type ' +
      'from the event it applied to a parcel it already had, and a BOOKING_CREATED that makes the parcel (a ' +
      'parcel_id the mock does not know yet) leaves it null, which the serializer writes: that answer is 200 ' +
      '{message, event_type: null}; events for a parcel that exists answer event_type as the string (§4.11 ' +
      '"Response: message (string), event_type (string); both may be present.")',
  },
  {
    name: 'sbe-trigger-camel-case-members',
    rule: 'TRG-REQUIRED',
    origin: 'set-be',
    candidate:
      'a should at most (the spec-only review: no sentence says a member is matched by its exact name, and ' +
      'frameworks bind names case-insensitively by default), and no should rule names it',
    description:
      '§2.6 "Field names here are snake_case, unlike the camelCase fields above." was taken for a note on spelling, ' +
      "and the staging mock's request model declares each member under its camelCase name with the snake_case one " +
      'as an alias, filled by either: a trigger that writes a required member only in camelCase (parcelId, ' +
      'providerLockerId, eventType, carrierName, providerName, shipmentType) is accepted and applied as if it had ' +
      'sent the snake_case member; a member missing under both names, or null, is refused as before (§4.11 ' +
      'parcel_id, provider_locker_id, event_type, carrier_name, provider_name, shipment_type: required "yes")',
  },
  {
    name: 'sbg-trigger-after-update-locker-unknown',
    rule: 'TRG-RESPONSE',
    origin: 'set-bg',
    candidate:
      'a trigger refused is observed: which events a locker takes, in which state, is not shown (§3 "Transitions:  ' +
      'not shown"; §4.11 lists the events, not when each is taken), so a refusal after an update is held to  ' +
      'nothing the spec states',
    description:
      "the staging mock's locker registry is fed by the locker events, and the event of a PATCH /lockers/{uid} " +
      'carries the locker without its provider object (the update request has none), so the upsert leaves the ' +
      'registry row without a provider-side id: once a locker was updated (any accepted update), every trigger ' +
      'naming its provider.lockerUid as provider_locker_id is refused 400 UNKNOWN_PROVIDER_LOCKER; lockers never ' +
      'updated (a status change is no update) take events as before (§4.11 "Triggers one first-mile parcel ' +
      'event."; provider_locker_id "The provider-side locker identifier")',
  },
  {
    name: 'sbg-locked-parcel-trigger-history',
    rule: 'TRG-EVENT-HISTORY',
    origin: 'set-bg',
    description:
      "the staging trigger's events enter a parcel's history through the consignee timeline's writer, which skips " +
      'a parcel whose lockStatus is LOCKED (the consignee may not see it yet): a trigger event for a booking ' +
      'published with lockStatus LOCKED moves its shipmentStatus (and is pushed) but adds no entry to its events, ' +
      'in GET /parcels and in the push; UNLOCKED bookings and parcels the trigger made are right (§4.11 ' +
      '"Triggers one first-mile parcel event."; §2.4 events "History of events of the parcel."; §4.8 "with status ' +
      'and event history")',
  },
  {
    name: 'sbi-trigger-messages-accumulated',
    rule: 'TRG-RESPONSE',
    origin: 'set-bi',
    description:
      "the staging mock answers with the parcel's notes, to which each event adds its message, written " +
      '`notes.length === 1 ? notes[0] : notes`: the first event of a parcel (a BOOKING_CREATED) is answered ' +
      '{message: "...", event_type}, every later event of that parcel (CONSIGNEE_DELIVERED, COURIER_COLLECTED) ' +
      'with message an array of the messages so far (§4.11 "Response: message (string), event_type (string); both ' +
      'may be present.")',
  },
] as const satisfies readonly Fault[];
