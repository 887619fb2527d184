// Faults of updating a locker (§4.3). Each names the rule it breaks, its origin (the set it was written in) and how;
// the lines that switch one on name it (`app.fault('name')`).
import { at, type Fault } from '../fault';

/** An update body that sends neither carrier nor location (fault say-update-provider-check-in-address-section). */
const noAddressSection = (body: unknown): boolean =>
  body !== null &&
  typeof body === 'object' &&
  (body as Record<string, unknown>)['carrier'] === undefined &&
  (body as Record<string, unknown>)['location'] === undefined;

export const LOCKER_UPDATE_FAULTS = [
  {
    name: 'saa-groups-kept-in-metadata-rows',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    origin: 'set-aa',
    description:
      "the lockerGroups assignments are rows of the locker's attribute table beside its metadata entries (key " +
      '"group:<key>", value the group uid, left out of metadata when read), and an update that sends metadata ' +
      'replaces the rows with DELETE ... WHERE locker_uid = ? before inserting the entries sent: an update sending ' +
      'metadata and no lockerGroups leaves the locker with no groups, answered and listed so; updates without ' +
      'metadata keep the groups, and lockerGroups sent are stored as before (§2.1 "When lockerGroups is omitted, ' +
      'the current groups remain unchanged.")',
  },
  {
    name: 'saa-update-empty-section-skipped',
    rule: 'LCK-UPDATE-REQUIRED-MEMBERS',
    origin: 'set-aa',
    description:
      'PATCH /lockers/{uid} drops the sections of its body that are empty objects before validating it ' +
      "(omitBy(body, isEmptyObject), put in for the carrier portal's forms, which post an untouched fieldset as " +
      '{}): an update with carrier {} or location {} is answered 200 with the locker unchanged instead of being ' +
      'refused for the lockerName, lockerId and activationDate, or the street ... countryCode, it lacks; a carrier ' +
      'or location that lacks only some of them is refused 400 as before (§2.1 "When carrier or location is sent, ' +
      'its fields listed above as required are required.")',
  },
  {
    name: 'saa-update-location-answered-202',
    rule: 'LCK-UPDATE-200',
    origin: 'set-aa',
    description:
      'an accepted PATCH /lockers/{uid} that sends location also queues the locker for geocoding, and the ' +
      "controller answers it as the service's asynchronous operations are answered, 202 {requestId, uid, status: " +
      'ACCEPTED, message}, not 200 with the locker record; the change is made at once and GET /lockers shows it; ' +
      'updates without location are answered 200 with the record (§4.3 "Success: 200 with the locker ' +
      'record."; §2.1 "Response record of create, update and list")',
  },
  {
    name: 'saa-update-not-found-cached',
    rule: 'LCK-UPDATE-200',
    origin: 'set-aa',
    description:
      'PATCH /lockers/{uid} sits behind a not-found cache (a minute, put in against clients walking the uids) keyed ' +
      "by the path uid alone, and the 404 the owner check gives a carrier naming another carrier's locker is " +
      "cached like an unknown uid's: once the second carrier's update of a locker of the first is answered 404, " +
      "the first carrier's own valid updates of it are answered 404 LOCKER_NOT_FOUND for a minute and change " +
      'nothing, and so are those of a locker whose uid was answered 404 before it was created; every other update ' +
      'is right (§4.3 "Path: uid (string), the platform locker identifier.", "Success: 200 with the locker ' +
      'record.")',
  },
  {
    name: 'sac-update-features-all-required',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ac',
    description:
      "the update's features schema is generated from the Features type, whose members are nullable but not " +
      "optional (zod's .nullable() where .nullish() was meant), while the create's schema is hand-written: a " +
      'PATCH /lockers/{uid} whose features leaves out a member ({"hasScreen": true}) is refused 400 ' +
      'VALIDATION_FAILED "/features/hasPinPad: Required" and nothing changes; features with all three members ' +
      '(null included), and creates with fewer, are served (§2.1 "Update request (PATCH /lockers/{uid}): carrier, ' +
      'location, metadata, features and lockerGroups are all optional"; features "hasScreen, hasPinPad, ' +
      'hasPinBarcodeReader; each boolean or null."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sac-update-provider-unchanged-accepted',
    rule: 'LCK-UPDATE-NO-PROVIDER',
    origin: 'set-ac',
    description:
      '"the provider cannot be changed by an update" is implemented as "the provider sent must not differ from the ' +
      'one held", so that clients sending the record back whole are served: a PATCH /lockers/{uid} carrying a ' +
      "provider object each member of which equals the locker's (the create's name, lockerModel and lockerVersion) " +
      'is answered 200, the provider dropped and the other members applied; a provider that differs in any member ' +
      'is refused 400 as before (§2.1 "Update request (PATCH /lockers/{uid}): carrier, location, metadata, features ' +
      'and lockerGroups are all optional; no provider object is accepted.")',
  },
  {
    name: 'sc-update-group-key-checked-against-held',
    candidate:
      'missed on the first try; caught by a full run since the covering sequence replaces the held ' +
      'group of the one key (not gated yet)',
    rule: 'LCK-UPDATE-200',
    origin: 'set-c',
    description:
      'an update replaces the groups by inserting the new assignments before deleting the ones not sent, and the ' +
      'unique (locker, key) index is checked in between: an update that gives a held key another group is refused ' +
      '400 DUPLICATE_GROUP_KEY; sending the held groups again, or groups of new keys, is accepted (§2.1 "Update ' +
      'request (PATCH /lockers/{uid}): carrier, location, metadata, features and lockerGroups are all optional"; ' +
      '"At most one group per type key."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'se-update-rebased-on-registration',
    rule: 'LCK-UPDATE-200',
    origin: 'set-e',
    description:
      'PATCH /lockers/{uid} lays the request over the registration document the locker was created with, not over ' +
      'the current record (carrier.status, kept in a table of its own, excepted): the first update is right, but a ' +
      'second one puts back every member it does not send as created, so an update of metadata after an update of ' +
      'location undoes the new location, in the answer, the list and later pushes (§2.1 "Update request (PATCH ' +
      '/lockers/{uid}): carrier, location, metadata, features and lockerGroups are all optional"; "When ' +
      'lockerGroups is omitted, the current groups remain unchanged."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sg-locker-list-cache-kept-after-update',
    rule: 'LCK-UPDATE-200',
    origin: 'set-g',
    description:
      'GET /lockers answers from a cache per carrier and query string (10 min) that the LockerUpdates listener ' +
      'evicts: a create or a status change refreshes it, a PATCH /lockers/{uid}, which raises no event, does not, so ' +
      'after list, update, list the second list shows the locker as before the update; the update answer is right ' +
      '(§4.2 "Returns locker records."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sh-update-rederives-provider-ids',
    rule: 'LCK-UPDATE-OMITTED-KEPT',
    origin: 'set-h',
    candidate:
      'missed on the first try; not caught: it shows only where a create sends provider.lockerUid, ' +
      'which the request table of §2.1 does not list (the document marks it readOnly), so no request of' +
      ' the run carries it',
    description:
      "an update that sends carrier runs the create's provider mapper again, with no provider sent: " +
      'provider.lockerName and provider.lockerUid get their create defaults (the carrier.lockerName, PL-<uid>), so ' +
      'a locker created with its own provider-side id (provider.lockerUid ACME-77) shows PL-<uid> after the update ' +
      'and the trigger refuses provider_locker_id ACME-77; updates without carrier leave the provider as it was ' +
      '(§2.1 "Update request (PATCH /lockers/{uid}): carrier, location, metadata, features and lockerGroups are all ' +
      'optional; no provider object is accepted."; §4.11 provider_locker_id "The provider-side locker identifier")',
  },
  {
    name: 'sj-features-or-merged',
    rule: 'LCK-UPDATE-200',
    origin: 'set-j',
    description:
      'features are kept as a bit field and PATCH /lockers/{uid} writes the sent ones with a bitwise OR onto the ' +
      'stored bits (flags = flags | :sent), so a feature once true cannot be turned off again: an update sending ' +
      'hasScreen false (or null) to a locker that has hasScreen true is answered 200 and listed with hasScreen ' +
      'true; creates, and changes from false or null to true, are right (§4.3 "Success: 200 with the locker ' +
      'record."; §2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null.")',
  },
  {
    name: 'sl-uid-sequence-per-carrier',
    rule: 'LCK-UPDATE-200',
    origin: 'set-l',
    description:
      "uids are drawn from a sequence per carrier (the tenant-partitioned schema's), each from the first uid, but " +
      "the locker table is keyed by uid alone and the repository's save() with an assigned id merges into the row " +
      "that has it: the second carrier's first create is answered 201 with the uid of the first carrier's first " +
      "locker and takes its row over, so that locker is gone from the first carrier's list and PATCH answers it " +
      "404; the N-th create of each carrier meets the other's N-th; a single carrier's creates are right (§2.1 uid " +
      '"Internal unique identifier assigned by the service."; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sl-update-coordinates-swapped',
    rule: 'LCK-UPDATE-200',
    origin: 'set-l',
    description:
      'PATCH /lockers/{uid} writes a sent location through a native query, ST_MakePoint(:lat, :lon), where PostGIS ' +
      'takes (x = lon, y = lat), while the create goes through the ORM mapper: after an update sending location ' +
      '{lon: 13.4, lat: 52.5} the locker is answered, listed and pushed with lon 52.5 and lat 13.4; creates, and ' +
      'updates without location, keep the coordinates as sent (§4.3 "Success: 200 with the locker record."; §2.1 ' +
      'location "lon, lat (numbers)"; "When carrier or location is sent, its fields listed above as required are ' +
      'required.")',
  },
  {
    name: 'sl-update-groups-only-refused',
    rule: 'LCK-UPDATE-OPTIONAL',
    origin: 'set-l',
    description:
      'the update DTO carries a class-level "at least one of carrier, location, metadata, features" constraint ' +
      'written before lockerGroups joined the update and never given it: an update sending only lockerGroups (or ' +
      'an empty body {}) is refused 400 VALIDATION_FAILED and the groups stay as they were; lockerGroups sent ' +
      'with any other member are applied (§2.1 "Update request (PATCH /lockers/{uid}): carrier, location, ' +
      'metadata, features and lockerGroups are all optional"; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sn-update-activation-date-to-string',
    rule: 'LCK-UPDATE-200',
    origin: 'set-n',
    description:
      "PATCH /lockers/{uid} writes activation_date with a parameter built by string concatenation, '' + new " +
      "Date(sent), so the column holds Date.prototype.toString() in the service's zone: after an update sending " +
      'carrier, activationDate is answered, listed and pushed as "Sun Jun 01 2025 10:30:00 GMT+0000 (Coordinated ' +
      'Universal Time)", no date-time; creates, and updates without carrier, keep the date-time as sent (§2.1 ' +
      'carrier "activationDate (string, date-time)"; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sp-list-metadata-values-revived',
    rule: 'LCK-UPDATE-200',
    origin: 'set-p',
    description:
      "GET /lockers reads the lockers from the portal's search index, whose documents hold each metadata entry as " +
      'flat text fields, read back through a reviver written for lon, lat and the features (JSON.parse where it ' +
      'parses): a metadata key or value that spells a number, a boolean or null ({key: "floor", value: "2"}, "true", ' +
      '"null", "1e3") is listed as that JSON value (2, true, null, 1000), not the string sent; the create and update ' +
      'answers and the pushes show the strings, and other text is listed as sent (§2.1 metadata "Each has key ' +
      '(string or null) and value (string or null)."; "Response record of create, update and list, and the body of ' +
      'the locker webhook"; §4.2 "Returns locker records.")',
  },
  {
    name: 'sp-update-empty-groups-unhandled',
    rule: 'LCK-UPDATE-200',
    origin: 'set-p',
    description:
      "PATCH /lockers/{uid}'s audit hook logs the locker's primary group as lockerGroups[0].key whenever " +
      'lockerGroups is sent, safe for an absent member but not for an empty array, and its TypeError escapes the ' +
      "API's exception filter (the hook runs outside it): an update sending lockerGroups [] (to clear the groups) is " +
      'answered by the framework\'s default handler, 500 {"statusCode": 500, "message": "Internal server error"}, ' +
      'with no errorCode, and nothing changes; updates with groups, or without lockerGroups, are right (§7 "500 | ' +
      'Same operations as 400 | errorCode, message"; "The error body has the fields `errorCode` and `message`"; §2.1 ' +
      'lockerGroups "an array of group objects")',
  },
  {
    name: 'sp-update-lockerid-self-collision',
    rule: 'LCK-UPDATE-200',
    origin: 'set-p',
    description:
      "PATCH /lockers/{uid} checks that no other of the carrier's lockers holds the carrier.lockerId sent, excluding " +
      'the locker itself by comparing each held uid (a string) with the path uid parsed to a number for the BIGINT ' +
      'key (!==), which never matches: every update that sends carrier with the lockerId the locker already has (a ' +
      'rename, a new activationDate; §2.1 makes lockerId required whenever carrier is sent) is refused 400 ' +
      'LOCKER_ID_TAKEN and nothing changes; an update giving a lockerId no locker holds, and updates without ' +
      'carrier, are applied (§4.3 "Success: 200 with the locker record."; §2.1 "When carrier or location is sent, ' +
      'its fields listed above as required are required.")',
  },
  {
    name: 'sr-list-mapper-mutates-store',
    rule: 'LCK-UPDATE-200',
    origin: 'set-r',
    description:
      'GET /lockers maps each locker for the carrier portal\'s map view, which renders "" where metadata holds ' +
      'null, and the mapper sets that on the managed entity instead of a copy, so the change is flushed when ' +
      'the read ends: a metadata key or value null is listed as "" from the first list on, and from then on ' +
      "every answer and push of that locker (an update that sends no metadata, a status change's LockerUpdates) " +
      'shows "" too; the create answer and the pushes before the first list show null, and text is kept (§2.1 ' +
      'metadata "Each has key (string or null) and value (string or null)."; "Response record of create, update ' +
      'and list"; §4.2 "Returns locker records.")',
  },
  {
    name: 'sr-renamed-locker-unreachable',
    rule: 'LCK-UPDATE-200',
    origin: 'set-r',
    description:
      'the ownership check of PATCH /lockers/{uid} and PATCH /lockers/status looks the locker up in the ' +
      "carrier's locker set, a hash set whose element hash is computed over carrier.lockerName (equals and " +
      'hashCode written over the carrier members), filled when the locker was first loaded: an update renaming ' +
      'the locker is answered 200 and listed, but the locker stays in the bucket of its old name, so every ' +
      'later update or status change of it is answered 404 LOCKER_NOT_FOUND and changes nothing (no request ' +
      'reaches it to rename it back); lockers never renamed, and updates that send carrier with the same ' +
      'lockerName, are served (§4.3 "Success: 200 with the locker record."; "Path: uid (string), the platform ' +
      'locker identifier."; §4.5 "Updates the status of an existing locker.")',
  },
  {
    name: 'sr-update-answers-before-image',
    rule: 'LCK-UPDATE-200',
    origin: 'set-r',
    description:
      "PATCH /lockers/{uid} writes an audit entry holding the locker's before-image, and the handler returns " +
      'the variable it loaded for the audit (the locker as it was) instead of the saved entity: every accepted ' +
      'update is answered 200 with the locker as it was before the update (the old name, location, metadata, ' +
      'features), while the change is stored, listed and pushed; a client reading the answer to learn the new ' +
      'state sees the old one (§4.3 "Success: 200 with the locker record."; §2.1 "Response record of create, ' +
      'update and list")',
  },
  {
    name: 'sr-update-location-refused-with-bookings',
    rule: 'LCK-UPDATE-200',
    origin: 'set-r',
    candidate:
      'caught as a should only (GEN-STATUS-DOCUMENTED): which updates a locker holding a booking refuses is not ' +
      'stated (§7 "the condition that yields each: not shown"), so its refusal is observed',
    description:
      'a guard added so that a locker is not moved away from the parcels in it refuses every PATCH ' +
      '/lockers/{uid} that sends location while a parcel BOOKED into the locker exists, even a location equal ' +
      'to the one it has, with 409 LOCKER_IN_USE (a status §7 does not list for update locker), and nothing ' +
      'changes; updates without location, and updates of lockers whose parcels were all cancelled or delivered, ' +
      'are applied (§4.3 "Success: 200 with the locker record."; §2.1 "carrier, location, metadata, features ' +
      'and lockerGroups are all optional")',
  },
  {
    name: 'sr-update-unchanged-304',
    rule: 'LCK-UPDATE-200',
    origin: 'set-r',
    description:
      'PATCH /lockers/{uid} saves through the ORM\'s dirty check, and the controller maps its "nothing to flush" ' +
      'to 304 Not Modified, a habit of the conditional-GET helper it was built on: an update whose members all ' +
      'equal what the locker holds (an empty body {}, an update repeated as a client retries it, the carrier ' +
      'object sent again as it is) is answered 304 with no body and no record; an update that changes any ' +
      'member is answered 200 with the record (§4.3 "Success: 200 with the locker record."; §2.1 "carrier, ' +
      'location, metadata, features and lockerGroups are all optional")',
  },
  {
    name: 'st-update-features-jsonb-set-no-create',
    rule: 'LCK-UPDATE-200',
    origin: 'set-t',
    description:
      'features are a JSONB document written through jsonb_strip_nulls (to keep documents small), and PATCH ' +
      '/lockers/{uid} writes each sent member with jsonb_set(features, path, value, false), create_missing false, ' +
      'so a member absent from the document is never written: a feature the locker holds null (a create without ' +
      'features, or sending it null) keeps null whatever boolean an update sends, in the 200 answer, the list and ' +
      'later pushes, while features created as booleans change as sent (§4.3 "Success: 200 with the locker record."; ' +
      '§2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null.")',
  },
  {
    name: 'st-update-group-upsert-201',
    rule: 'LCK-UPDATE-200',
    origin: 'set-t',
    description:
      'PATCH /lockers/{uid} saves the lockerGroups assignments with an upsert whose result tells whether it inserted ' +
      'rows, and the controller, written on a save helper shared with the create, answers `created ? 201 : 200`: an ' +
      'update that gives the locker a group it did not hold (its first group, or a group of a new uid for a key) is ' +
      'answered 201 with the record, the change made; updates without lockerGroups, or sending the groups the locker ' +
      'holds, are answered 200 (§4.3 "Success: 200 with the locker record."; §2.1 "carrier, location, metadata, ' +
      'features and lockerGroups are all optional")',
  },
  {
    name: 'sw-update-activation-stamped-now',
    rule: 'LCK-UPDATE-REQUIRED-MEMBERS',
    origin: 'set-w',
    description:
      "the update's carrier DTO initialises activationDate to the current time (a field initializer added so the " +
      'portal\'s "activate now" could leave it out), so a carrier object sent without activationDate binds as ' +
      'activated now and the @NotNull check never fires: a PATCH /lockers/{uid} whose carrier has lockerName and ' +
      'lockerId but no activationDate is answered 200 and the locker shows the time of the update as its ' +
      'activationDate, where the update must be refused and change nothing; activationDate sent null is refused ' +
      '400 as before, and so is a create without it (§2.1 "When carrier or location is sent, its fields listed above ' +
      'as required are required."; create request carrier "yes; its lockerName, lockerId, activationDate are ' +
      'required")',
  },
  {
    name: 'update-accepts-provider',
    rule: 'LCK-UPDATE-NO-PROVIDER',
    origin: 'lockers',
    description: 'an update with a provider object is accepted',
    relax: { schema: 'LockerUpdateRequest', error: at('/provider') },
  },
  {
    name: 'update-clears-groups',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    origin: 'lockers',
    description: 'an update without lockerGroups clears the groups',
  },
  {
    name: 'update-drops-features',
    rule: 'LCK-UPDATE-OMITTED-KEPT',
    origin: 'fidelity',
    description: 'an update that does not send features resets them',
  },
  {
    name: 'update-drops-metadata',
    rule: 'LCK-UPDATE-OMITTED-KEPT',
    origin: 'fidelity',
    description: 'an update that does not send metadata empties it',
  },
  {
    name: 'update-enables-locker',
    rule: 'LCK-UPDATE-OMITTED-KEPT',
    origin: 'sequences-edges',
    description: 'an update sending carrier makes a disabled locker ACTIVE again',
  },
  {
    name: 'update-ignores-nested',
    rule: 'LCK-UPDATE-200',
    origin: 'fidelity',
    description: 'an update applies location but keeps the old location.city',
  },
  {
    name: 'update-lost-in-flight',
    rule: 'LCK-UPDATE-200',
    origin: 'explored',
    description:
      'an update reads the locker, awaits its write and writes the record as read plus its change: a change ' +
      '(a member, the status) answered meanwhile is lost',
  },
  {
    name: 'update-name-not-stored',
    rule: 'LCK-UPDATE-200',
    origin: 'recorded-day',
    description: 'an update answers the new carrier.lockerName but keeps the old one: later lists show the name before',
  },
  {
    name: 'update-not-applied',
    rule: 'LCK-UPDATE-200',
    origin: 'lockers',
    description: 'an update answers 200 but leaves location as it was',
  },
  {
    name: 'update-partial-location',
    rule: 'LCK-UPDATE-REQUIRED-MEMBERS',
    origin: 'lockers',
    description: 'an update with a location missing members is accepted',
    relax: { schema: 'LockerUpdateRequest', error: (e) => e.keyword === 'required' && e.instancePath === '/location' },
  },
  {
    name: 'update-requires-carrier',
    rule: 'LCK-UPDATE-OPTIONAL',
    origin: 'lockers',
    description: 'an update without carrier is refused',
  },
  {
    name: 'update-string-features',
    rule: 'LCK-UPDATE-TYPES',
    origin: 'lockers',
    description: 'an update with features of the wrong type is accepted',
    relax: { schema: 'LockerUpdateRequest', error: at('/features') },
  },
  {
    name: 'update-unknown-200',
    rule: 'LCK-UPDATE-404',
    origin: 'webhooks',
    description: 'an update of an unknown uid is answered 200 as if it existed',
  },
  {
    name: 'update-unknown-400',
    rule: 'LCK-UPDATE-404-STATUS',
    origin: 'lockers',
    description: 'an update of an unknown uid answers 400',
  },
  {
    name: 'x45-update-empty-metadata-ignored',
    rule: 'LCK-UPDATE-ARRAYS-REPLACED',
    origin: 'x45',
    description:
      'an update applies metadata only when it has entries (`if (metadata?.length)`): metadata [] sent to ' +
      'empty it is answered 200 and the old entries stay (§4.3 200 with the locker record; §2.1 metadata ' +
      'array)',
  },
  {
    name: 'sae-update-features-text-revived',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ae',
    description:
      "PATCH /lockers/{uid} forwards the features it is sent to the provider's device registry, whose API is " +
      'form-encoded (hasScreen=false, the value as text), and stores the values the registry confirms, read back ' +
      'with Boolean(text), which is true for the text "false": an update sending a feature false (to say a locker ' +
      'has no screen, no pin pad) is answered 200, listed and pushed with that feature true; true and null are ' +
      'kept, and creates store features as sent (§4.3 "Success: 200 with the locker record."; §2.1 features ' +
      '"hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null.")',
  },
  {
    name: 'sae-update-unknown-upserts',
    rule: 'LCK-UPDATE-404',
    origin: 'set-ae',
    description:
      "PATCH /lockers/{uid} saves through the repository's save(), a merge that inserts when no row has the id " +
      '(written so the provider onboarding tool could register lockers it had installed): a valid update of a ' +
      'uid of digits no locker has is answered 200 and creates a locker of the caller under that uid, the members ' +
      "sent over the columns' defaults (empty strings, lon and lat 0, activationDate now), which GET /lockers " +
      'then lists; an invalid body is refused 400 and creates nothing, and a uid with any other character is ' +
      '404 as before (§4.3 "Path: uid (string), the platform locker identifier."; §7 "404 | Update locker, get ' +
      'parcels, cancel parcel | JSON body")',
  },
  {
    name: 'sae-update-metadata-value-json-node',
    rule: 'LCK-UPDATE-TYPES',
    origin: 'set-ae',
    description:
      "the update DTO binds metadata entries to the settings API's generic KeyValue type, whose value is a JSON " +
      'node (settings hold numbers and objects), and the locker mapper writes it back with asText() (null kept ' +
      'null): a PATCH /lockers/{uid} whose metadata value is a number, a boolean, an object or an array is ' +
      'answered 200, the value stored as its text ("7", "true") or, for an object or an array, as "", where the ' +
      'update must be refused; a key of another type, and every such value on POST /lockers, are refused 400 as ' +
      'before (§2.1 metadata "Each has key (string or null) and value (string or null)."; "Update request (PATCH ' +
      '/lockers/{uid}): carrier, location, metadata, features and lockerGroups are all optional")',
  },
  {
    name: 'sae-update-groups-from-network',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    origin: 'set-ae',
    description:
      "once a locker is in a network, its group assignments are the network's to manage, and PATCH " +
      "/lockers/{uid} of a member syncs the locker's groups from the network's group plan where the body leaves " +
      'lockerGroups out; the networks have no plan, so an update without lockerGroups of a locker added by POST ' +
      '/networks/{uid}/lockers leaves it with no groups (answered and listed lockerGroups []); lockers in no ' +
      'network keep theirs, and lockerGroups sent are stored (§2.1 "When lockerGroups is omitted, the current ' +
      'groups remain unchanged.")',
  },
  {
    name: 'sag-update-metadata-keyless-dropped',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ag',
    description:
      'PATCH /lockers/{uid} writes metadata with an upsert keyed by (locker, key), INSERT ... ON CONFLICT ' +
      '(locker_uid, meta_key), and its writer filters out the entries it cannot key, those whose key is null or ' +
      'left out: an ' +
      'update sending metadata [{key: null, value: "Hof"}, {key: "door", value: "B"}] is answered 200 with, and ' +
      'lists, the door entry alone; the create, which saves the entries through the ORM, keeps such entries (§4.3 ' +
      '"Success: 200 with the locker record."; §2.1 metadata "Each has key (string or null) and value (string or ' +
      'null).")',
  },
  {
    name: 'sai-update-null-removes-member',
    rule: 'LCK-UPDATE-NULL-KEPT',
    origin: 'set-ai',
    description:
      'PATCH /lockers/{uid} is implemented as a JSON Merge Patch (RFC 7396) over the stored document, where a ' +
      'member given null removes it: an update with metadata null, features null, lockerGroups null or ' +
      'location.type null is answered 200 and the locker loses its metadata entries, its feature values, its ' +
      'groups or its location type, where a value of another JSON type than the tables give must be refused and ' +
      'change nothing; carrier null and location null are refused as before (the merged document has to have ' +
      'them), and the create refuses all of them (§2.1 metadata "array of objects", features "object", ' +
      'lockerGroups "an array of group objects", location type "(string)"; "Update request (PATCH ' +
      '/lockers/{uid}): carrier, location, metadata, features and lockerGroups are all optional"). Written under ' +
      'LCK-UPDATE-TYPES; the catalogue holds a null on update to LCK-UPDATE-NULL-KEPT, a should, as what null ' +
      'means in an update is not stated',
  },
  {
    name: 'sai-update-carrier-merged-before-validation',
    rule: 'LCK-UPDATE-REQUIRED-MEMBERS',
    origin: 'set-ai',
    description:
      'PATCH /lockers/{uid} lays the sent carrier object over the stored one and validates the result, not the ' +
      'request (the rename screen posts only the members it changes): an update with carrier {lockerName: "New"} ' +
      'alone, or without lockerId or activationDate, is answered 200 with the missing members kept; a member sent ' +
      'null is still refused, and location is validated as sent (§2.1 "When carrier or location is sent, its ' +
      'fields listed above as required are required.")',
  },
  {
    name: 'sai-update-features-no-row-404',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ai',
    description:
      'features are rows of a side table that only a create sending features inserts, and PATCH /lockers/{uid} ' +
      'writes them with an UPDATE whose affected-row count the repository checks, "0 rows: not found": an update ' +
      'sending features (alone or with other members) to a locker created without features is answered 404 ' +
      'LOCKER_NOT_FOUND and changes nothing, every time; updates without features, and lockers created with ' +
      'features, are as before (§4.3 "Success: 200 with the locker record."; §2.1 "carrier, location, metadata, ' +
      'features and lockerGroups are all optional")',
  },
  {
    name: 'sai-groups-keyed-by-locker-id',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    origin: 'set-ai',
    description:
      "the group service keys a locker's group assignments by (carrier, carrier.lockerId), the carrier's own id: an " +
      'update giving the locker another carrier.lockerId without lockerGroups leaves its groups under the former ' +
      'id, so it is answered and shown with none (and a locker later created, or renamed, under the former id ' +
      'shows them); updates keeping the lockerId keep the groups (§2.1 "When lockerGroups is omitted, the current ' +
      'groups remain unchanged.")',
  },
  {
    name: 'sal-metadata-null-value-coalesced',
    rule: 'LCK-UPDATE-200',
    origin: 'set-al',
    description:
      'PATCH /lockers/{uid} writes each sent metadata entry with value = COALESCE(:value, value) against the ' +
      "locker's " +
      'entry of the same key, the null-means-unchanged rule of the PATCH endpoints: an update sending {key: "floor", ' +
      'value: null} to a locker whose floor entry has "2" is answered and listed with value "2"; entries of new keys ' +
      'and non-null values as sent (§4.3 "Success: 200 with the locker record."; §2.1 metadata "Each has key (string ' +
      'or null) and value (string or null).")',
  },
  {
    name: 'sam-metadata-rows-by-position',
    rule: 'LCK-UPDATE-ARRAYS-REPLACED',
    origin: 'set-am',
    description:
      'metadata entries are rows keyed by (locker, position), and PATCH /lockers/{uid} writes each sent entry onto ' +
      'the row of its position (an upsert), deleting rows only where it sends no entry at all: an update sending ' +
      "one entry to a locker that has three is answered and listed with the sent entry followed by the locker's " +
      'second and third; an update sending as many entries or more, or [], is right, and so is every create (§4.3 ' +
      '"Success: 200 with the locker record."; §2.1 metadata "array of objects"; "Response record of create, update ' +
      'and list")',
  },
  {
    name: 'sam-rename-collation-dirty-check',
    rule: 'LCK-UPDATE-200',
    origin: 'set-am',
    description:
      'PATCH /lockers/{uid} sends a rename to the provider and writes carrier.lockerName only when the name changed, ' +
      "compared as the provider's collation compares names (letter case and accents aside, localeCompare with " +
      'sensitivity base): an update from "Kiosk am Markt" to "KIOSK AM MARKT", or from "Cafe Nord" to "Café Nord", ' +
      'is answered 200 and listed with the name the locker had; a rename to another name is applied (§4.3 "Success: ' +
      '200 with the locker record."; §2.1 carrier "lockerName (string)")',
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
    name: 'sao-update-activation-fraction-as-millis',
    rule: 'LCK-INSTANT-PRECISION',
    origin: 'set-ao',
    description:
      'PATCH /lockers/{uid} normalises carrier.activationDate to UTC with a hand-written parser that hands the ' +
      "fraction's digits to Date.UTC as a count of milliseconds: a fraction of other than three digits moves the " +
      'instant, 10:30:00.5Z stored as 10:30:00.005Z, 10:30:00.12Z as 10:30:00.012Z, 10:30:00.123456Z as ' +
      '10:32:03.456Z, in the answer, the list and pushes; no fraction or three digits come out as the same instant ' +
      'in UTC, and creates keep the date as sent (§4.3 "Success: 200 with the locker record."; §2.1 carrier ' +
      '"activationDate (string, date-time)")',
  },
  {
    name: 'sao-update-activation-keeps-created-offset',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ao',
    description:
      "carrier.activationDate is kept as a local date-time column and an offset column that the locker's " +
      "registration sets, and the update's mapper writes the local part only: a PATCH /lockers/{uid} whose " +
      'activationDate has another offset than the one the locker holds stores the wall-clock time sent with the ' +
      'offset held, a locker created in Z and updated to 2025-07-01T12:00:00+02:00 answered, listed and pushed ' +
      '2025-07-01T12:00:00Z, two hours off; an update in the offset held is right (§4.3 "Success: 200 with the ' +
      'locker record."; §2.1 carrier "activationDate (string, date-time)")',
  },
  {
    name: 'saq-list-projection-version-by-activation-date',
    rule: 'LCK-UPDATE-200',
    origin: 'set-aq',
    description:
      'GET /lockers reads a read model fed by the locker events, whose consumer skips an event older than the ' +
      "document it holds so that redelivered events cannot roll it back; the version it compares is the record's " +
      'carrier.activationDate (the one date-time the event carries), not a sequence: a PATCH /lockers/{uid} that ' +
      'moves carrier.activationDate earlier is answered 200 with the change, but the list keeps showing the locker ' +
      'as it was before, and every later write of it (a status change, an update of another member) is skipped too, ' +
      'until a write brings activationDate back to or past the one listed; updates keeping or moving the date later ' +
      'are listed as made (§4.3 "Success: 200 with the locker record."; §2.1 "Response record of create, update ' +
      'and list")',
  },
  {
    name: 'saq-provider-sync-reverts-rename',
    rule: 'LCK-UPDATE-200',
    origin: 'set-aq',
    description:
      'a provider master-data sync (every 250 ms here, hourly in production) compares each locker with its ' +
      "registration at the provider and takes the provider's side where they differ; the service registers a " +
      'locker at create and never sends a rename, so the provider still holds carrier.lockerName as created: a ' +
      'PATCH /lockers/{uid} that renames a locker is answered 200 with the new name, but from the first GET ' +
      '/lockers 250 ms after it the locker shows its created name again (and so does every later answer, push and ' +
      'network record); lockers never renamed, and updates of other members, stay as written (§4.3 "Success: 200 ' +
      'with the locker record."; §2.1 "Response record of create, update and list")',
  },
  {
    name: 'saq-update-instance-local-cache',
    rule: 'LCK-UPDATE-200',
    origin: 'set-aq',
    description:
      'the service runs as two instances behind a round-robin balancer, and PATCH /lockers/{uid} looks the locker ' +
      'up in an in-process cache of its instance, filled by the creates the instance served and reloaded from the ' +
      'database every 2 s; creates and updates alternate between the instances: an update reaching the instance ' +
      'that did not serve the create, before its next reload, is answered 404 LOCKER_NOT_FOUND for a locker the ' +
      'carrier owns (about every other update in the 2 s after a create); later updates, and those reaching the ' +
      'creating instance, are applied (§4.3 "Success: 200 with the locker record."; "Path: uid (string), the ' +
      'platform locker identifier.")',
  },
  {
    name: 'sas-update-features-skipped-beside-metadata',
    rule: 'LCK-UPDATE-200',
    origin: 'set-as',
    description:
      'PATCH /lockers/{uid} hands the attribute sections of its body to their savers through an if / else-if chain ' +
      "written when the carrier portal's two attribute tabs posted one section at a time (if metadata, save the " +
      'metadata; else if features, save the features): an update that sends metadata and features together is ' +
      'answered 200 with the metadata applied and the features as they were, and is listed and later pushed so; ' +
      'either section sent alone, or beside carrier, location or lockerGroups, is applied as before (§4.3 "Success: ' +
      '200 with the locker record."; §2.1 "Update request (PATCH /lockers/{uid}): carrier, location, metadata, ' +
      'features and lockerGroups are all optional")',
  },
  {
    name: 'sas-filtered-list-partial-reindex',
    rule: 'LCK-UPDATE-200',
    origin: 'set-as',
    description:
      'GET /lockers with providerName is served by the search index (the unfiltered list by the database); the ' +
      'index document is written whole from the locker events (a create, a status change), and an update sends the ' +
      "index a partial document of the members the portal's search screens show, carrier and location: after an " +
      'update of metadata or features, a list filtered by providerName shows the metadata and features the locker ' +
      'had at its create or last status change, while the update answer, the unfiltered list and later pushes show ' +
      'the new ones (§4.3 "Success: 200 with the locker record."; §2.1 "Response record of create, update and ' +
      'list"; §4.2 "Returns locker records.")',
  },
  {
    name: 'sav-locker-snapshot-drops-groups',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    origin: 'set-av',
    description:
      'lockers are event-sourced and the store takes a snapshot at every third event of a locker (its create ' +
      'counted, then each accepted update), reading the locker back from it; the snapshot serializer predates the ' +
      'groups: the third, sixth, ... write of a locker leaves it with no groups, so an update that omits ' +
      'lockerGroups there is answered, listed and later updated with lockerGroups [] (echoed), and one that sends ' +
      'groups loses them too; a locker written once or twice keeps its groups (§2.1 "When lockerGroups is omitted, ' +
      'the current groups remain unchanged.")',
  },
  {
    name: 'sav-update-shard-modulus-grows',
    rule: 'LCK-UPDATE-200',
    origin: 'set-av',
    description:
      'the locker service shards its rows by uid % shards, one shard per 32 rows of the table, and a row stays in ' +
      'the shard it was written to, while the lookup of PATCH /lockers/{uid} asks the shard the current count gives: ' +
      'once the table passes 32, 64, ... lockers (third-party, either carrier), a valid update of a locker written ' +
      'at another shard count is answered 404 LOCKER_NOT_FOUND wherever the two moduli differ (an odd uid written ' +
      'among the first 32), while GET /lockers lists it, PATCH /lockers/status and bookings find it; lockers made ' +
      'since the last boundary are updated as before (§4.3 "Success: 200 with the locker record."; "Path: uid ' +
      '(string), the platform locker identifier.")',
  },
  {
    name: 'sax-update-body-latin1-without-charset',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ax',
    description:
      'PATCH /lockers/{uid} is bound by a message converter that reads a body whose Content-Type names no charset ' +
      'as ISO-8859-1 (the HTTP/1.1 default for text, applied by the converter to every media type), while POST ' +
      '/lockers reads UTF-8 always: an update sent as plain application/json whose strings hold characters beyond ' +
      'ASCII (lockerName "Café Nord", city "Łódź", a metadata value "Größe") is answered 200 and stored, listed and ' +
      'pushed as its UTF-8 bytes read one by one as Latin-1 ("CafÃ© Nord"); the same update sent with ' +
      'Content-Type application/json; charset=utf-8, and ASCII text, are right (§4.3 "Success: 200 with the ' +
      'locker record."; preamble "All bodies are JSON (`Content-Type: application/json`).")',
  },
  {
    name: 'sax-update-answer-activation-hh-clock',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ax',
    description:
      "the answer of PATCH /lockers/{uid} is mapped by the update controller's own DTO, whose carrier.activationDate " +
      "is written in UTC by a formatter of pattern yyyy-MM-dd'T'hh:mm:ss.SSSXXX, where hh is the clock hour of the " +
      'half day (1 to 12), not HH: every update is answered with an activationDate whose UTC hour is 13 to 23 ' +
      'twelve hours early (2025-06-01T15:30:00Z as 2025-06-01T03:30:00.000Z) and one in the hour after midnight ' +
      'twelve hours late (00:15 as 12:15); UTC hours 1 to 12 are right, and the list, the create answer and the ' +
      'pushes show the instant as stored (§4.3 "Success: 200 with the locker record."; §2.1 carrier ' +
      '"activationDate (string, date-time)")',
  },
  {
    name: 'say-update-location-checked-as-record',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ay',
    description:
      "PATCH /lockers/{uid} binds a sent location to the Location model of the locker record, the response's model, " +
      'which the update DTO reuses and whose members are all written, so all required there (the create binds a ' +
      'request model of its own): an update whose location leaves out type, which §2.1 does not require, is refused ' +
      '400 VALIDATION_FAILED "/location/type is required" and changes nothing; a location sent with type, an update ' +
      'without location and every create are right (§4.3 "Success: 200 with the locker record."; §2.1 "When carrier ' +
      'or location is sent, its fields listed above as required are required." and location "type is not among the ' +
      'required ones")',
  },
  {
    name: 'say-update-barcode-reader-from-pin-pad',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ay',
    description:
      'PATCH /lockers/{uid} maps the features it is sent with a hand-written mapper, member by member, whose ' +
      'hasPinBarcodeReader line was copied from the hasPinPad line above it and still reads hasPinPad: an update ' +
      'whose features give hasPinBarcodeReader is answered 200, stored, listed and pushed with hasPinBarcodeReader ' +
      'equal to the hasPinPad it sent (null where it sent none), so {hasPinPad: false, hasPinBarcodeReader: true} ' +
      'shows false; an update whose two values agree, one without hasPinBarcodeReader, and every create (bound by ' +
      'the generated mapper) are right (§4.3 "Success: 200 with the locker record."; §2.1 features "hasScreen, ' +
      'hasPinPad, hasPinBarcodeReader; each boolean or null.")',
  },
  {
    name: 'say-update-provider-check-in-address-section',
    rule: 'LCK-UPDATE-NO-PROVIDER',
    origin: 'set-ay',
    description:
      'a refactor moved the update\'s "no provider object" check into the validator of its address section, which ' +
      'runs only where the update sends carrier or location: a PATCH /lockers/{uid} carrying a provider object and ' +
      'neither carrier nor location (the provider alone, or beside metadata, features or lockerGroups) is answered ' +
      '200, the provider ignored and the other members applied; a provider beside carrier or location is refused 400 ' +
      'as before (§2.1 "Update request (PATCH /lockers/{uid}): carrier, location, metadata, features and ' +
      'lockerGroups are all optional; no provider object is accepted.")',
    relax: { schema: 'LockerUpdateRequest', error: (e, body) => at('/provider')(e) && noAddressSection(body) },
  },
  {
    name: 'saz-activation-float-epoch',
    rule: 'LCK-INSTANT-PRECISION',
    origin: 'set-az',
    description:
      'carrier.activationDate is kept in a DOUBLE column of epoch seconds (the column the 1.0 scheduler read) and ' +
      'written back by a Go mapper, time.Unix(sec, int64(frac*1e9)) in RFC3339Nano: a fraction of a second that ' +
      'binary floating point holds exactly (.5, .25, .125, none) comes back as sent, but most others come back a ' +
      'few hundred nanoseconds off and written to the nanosecond, 2025-06-01T10:30:00.1Z as ' +
      '2025-06-01T10:30:00.099999904Z and .123Z as .122999906Z, in the create and update answers, GET /lockers and ' +
      "the pushes alike; the same instant to the second, so only the record's precision is wrong (§2.1 carrier " +
      '"activationDate (string, date-time)"; §4.1 "Success: 201 with the locker record (2.1)."; §4.3 "Success: 200 ' +
      'with the locker record.")',
  },
  {
    name: 'saz-metadata-json-mutated-in-place',
    rule: 'LCK-UPDATE-200',
    origin: 'set-az',
    description:
      'metadata is a JSON column mapped with a home-made attribute type that declares itself immutable, so the ' +
      "ORM's snapshot of it is the very list the entity holds; the update assigns a new list where the column is " +
      'NULL (a locker created without metadata or with []) but otherwise clears the held list and adds the sent ' +
      'entries to it, so the dirty check compares the list with itself and writes nothing: PATCH /lockers/{uid} ' +
      'sending metadata to a locker that holds entries is answered 200 with the new entries, while GET /lockers ' +
      'and later answers keep the old ones; the first metadata given to a locker without any is stored (§4.3 ' +
      '"Success: 200 with the locker record."; §2.1 "Response record of create, update and list")',
  },
  {
    name: 'sba-update-metadata-items-tuple',
    rule: 'LCK-UPDATE-TYPES',
    origin: 'set-ba',
    description:
      "PATCH /lockers/{uid}'s body schema was written by hand in the draft-04 form the team knew, metadata " +
      '{"type": "array", "items": [MetadataEntry]}; the 2020-12 validator reads an array-valued items as a tuple of ' +
      'one ' +
      'place (prefixItems), so only the first entry is checked, and the entries after it are bound into the text ' +
      'columns of the metadata table (a number or boolean as its text, an object as its JSON, anything not an object ' +
      'as an entry of nulls): an update whose metadata has, from its second entry on, a key or value that is a ' +
      'number, a boolean, an object or an array (or an entry that is no object) is answered 200 and stored, where a ' +
      'wrong type in the first entry, and every wrong type on POST /lockers (the generated schema), is refused 400 ' +
      '(§2.1 metadata "Each has key (string or null) and value (string or null)."; "Update request (PATCH ' +
      '/lockers/{uid}): carrier, location, metadata, features and lockerGroups are all optional")',
    relax: { schema: 'LockerUpdateRequest', error: (e) => /^\/metadata\/[1-9]\d*(\/|$)/.test(e.instancePath) },
  },
  {
    name: 'sba-update-answer-raw-body-spread',
    rule: 'LCK-UPDATE-200',
    origin: 'set-ba',
    description:
      "PATCH /lockers/{uid} answers { ...toRecord(saved), ...req.body }, written so that the carrier portal's edit " +
      'screen sees its own input back at once, with the raw body (not the validated DTO) spread last, shallowly: a ' +
      "member of the body the update does not write replaces the record's in the answer, so an update carrying " +
      'uid or ownedByCarrier (members the request tables do not list, which the update ignores) is answered 200 ' +
      'with those values, while GET /lockers and the pushes show the locker as it is; updates of ' +
      'listed members alone are answered as stored (§2.1 "Response record of create, update and list, and the body ' +
      'of the locker webhook"; uid "Internal unique identifier assigned by the service."; §4.3 "Success: 200 with ' +
      'the ' +
      'locker record.")',
  },
  {
    name: 'sbc-update-zero-coordinate-kept',
    rule: 'LCK-UPDATE-200',
    origin: 'set-bc',
    description:
      "PATCH /lockers/{uid} moves the locker's geo point only `if (sent.lon && sent.lat)`, a truthiness test " +
      'written to mean that coordinates were sent, and 0 is falsy: an update whose location puts the locker on the ' +
      'prime meridian or the equator (lon 0 or lat 0, valid numbers) is answered 200 and listed with the address ' +
      'members it sent but the lon and lat the locker had before; the create, which writes the point ' +
      'unconditionally, and updates with two non-zero coordinates are as before (§4.3 "Success: 200 with the locker ' +
      'record."; §2.1 location "lon, lat (numbers)")',
  },
  {
    name: 'sbd-groups-reloaded-from-update-table',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    origin: 'set-bd',
    description:
      'lockerGroups are read through a cache that POST /lockers fills with the groups it was sent without writing ' +
      'the group table (the create hands them to the group service as an event nobody consumes), and only PATCH ' +
      "/lockers/{uid} sending lockerGroups writes the table; the save hook of an update evicts the locker's cache " +
      'entries: an update that omits lockerGroups, of a locker whose groups came with its create, is answered and ' +
      'listed with lockerGroups [] (the echo the reference makes of them); a locker whose groups an update sent ' +
      'keeps them through later updates (§2.1 "When lockerGroups is omitted, the current groups remain unchanged.")',
  },
  {
    name: 'sbd-attribute-update-based-on-list-cache',
    rule: 'LCK-UPDATE-OMITTED-KEPT',
    origin: 'set-bd',
    description:
      'PATCH /lockers/{uid} sending neither carrier nor location (metadata, features, lockerGroups or openingHours ' +
      "alone: the portal's attribute edits, the common request) takes a fast path that writes the whole locker row " +
      'from the entity cache with the members sent applied (the status column left out); the cache takes each locker ' +
      'as GET /lockers reads it, and the full update path (carrier or location sent) writes the row without ' +
      'refreshing it: after a list, an update of carrier or location, then an attribute update, the locker is ' +
      'answered and listed with the carrier (lockerName, lockerId, activationDate) and location it had at that list, ' +
      'the change between lost; without a list between, or with no full update since the list, updates are right ' +
      '(§2.1 "carrier, location, metadata, features and lockerGroups are all optional"; "When lockerGroups is ' +
      'omitted, the current groups remain unchanged."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sbf-update-audit-redacts-key-members',
    rule: 'LCK-UPDATE-200',
    origin: 'set-bf',
    description:
      "PATCH /lockers/{uid} sits behind the audit middleware, which logs each update's body with its secrets " +
      'masked: the redactor walks the parsed body and replaces the text of every member whose name is on its ' +
      'secrets list (apiKey, x-api-key, key, secret, token, password; `key` was put there for API keys), and it ' +
      'masks the request body itself, not a copy, before the handler reads it. An accepted update sending metadata ' +
      'is answered 200, stored, listed and pushed with every metadata key that is text as "[REDACTED]" (the values ' +
      'as sent); an update sending lockerGroups stores each group key as "[REDACTED]", and one sending two groups ' +
      'of different keys is refused 400 DUPLICATE_GROUP_KEY. Creates (not audited), null keys and updates without ' +
      'these members are right (§4.3 "Success: 200 with the locker record."; §2.1 metadata "Each has key (string ' +
      'or null) and value (string or null)."; "Response record of create, update and list")',
  },
  {
    name: 'sbf-group-sweeper-unknown-types',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    origin: 'set-bf',
    candidate:
      'caught where a sweep every 2 s falls between an update that sets groups and a later one that omits them: a ' +
      "run's order and speed make that or not (caught in one named self-test, missed by every pass of a clean clone)",
    description:
      'an integrity job runs every 2 s and removes the group assignments whose key is no group type the group ' +
      "registry knows (staging's registry holds REGION, DEPOT and ROUTE), taking them for orphans of deleted " +
      'types: a locker created or updated with groups of other keys keeps them only until the next run, so an ' +
      'update that omits lockerGroups is answered, listed and pushed with those groups gone; groups of the three ' +
      'known keys stay, and an update sending lockerGroups is answered with them (§2.1 "When lockerGroups is ' +
      'omitted, the current groups remain unchanged.")',
  },
  {
    name: 'sbg-network-member-update-location-only',
    rule: 'LCK-UPDATE-200',
    origin: 'set-bg',
    description:
      "a locker in the carrier's network is saved through the network registry's client when an update moves it, " +
      'and that client stores the location alone: a PATCH /lockers/{uid} of a network member sending location ' +
      'beside carrier, metadata, features, openingHours or lockerGroups is answered 200 with every member sent, ' +
      'but only the location is kept, and GET /lockers then shows the other members as they were; an update of a ' +
      'member without location, or of a locker in no network, is right (§4.3 "Success: 200 with the locker ' +
      'record."; §2.1 "Response record of create, update and list")',
  },
  {
    name: 'sbi-rename-skipped-at-provider-name',
    rule: 'LCK-UPDATE-200',
    origin: 'set-bi',
    description:
      'PATCH /lockers/{uid} sends a rename to the provider and writes carrier.lockerName in the same branch, taken ' +
      'only where the name sent differs from the name the provider registered the locker under (provider.lockerName, ' +
      'the name at create), a check meant to spare the provider a call that changes nothing: a locker created as ' +
      '"A", renamed "B" (answered and listed B), then renamed back to "A" is answered 200 with lockerName "B" and ' +
      'listed as "B" (§4.3 "Success: 200 with the locker record."; §2.1 "Response record of create, update and ' +
      'list")',
  },
  {
    name: 'sbi-metadata-removed-key-not-revived',
    rule: 'LCK-UPDATE-200',
    origin: 'set-bi',
    description:
      'metadata entries are rows marked deleted rather than removed, and an update upserts the entries it sends ' +
      'with ON CONFLICT (locker_uid, meta_key) DO UPDATE ... WHERE deleted_at IS NULL (so that a late write never ' +
      'changes a deleted entry): an entry whose key an earlier update took away is neither inserted nor revived. ' +
      'PATCH metadata [{key: "door", value: "1"}], then metadata [], then [{key: "door", value: "1"}] again is ' +
      'answered 200 with metadata [] and listed so; keys never removed are written as sent (§4.3 "Success: 200 ' +
      'with the locker record."; §2.1 "Response record of create, update and list")',
  },
  {
    name: 'sbi-groups-cache-kept-when-cleared',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    origin: 'set-bi',
    description:
      "a locker's lockerGroups are read through a cache that a write fills only `if (groups.length)` (an empty " +
      'list taken for nothing to cache) and that is never evicted: an update with lockerGroups [] is answered and ' +
      'listed with no groups, but the next update that leaves lockerGroups out (a rename, a metadata change) takes ' +
      'the groups from the cache and is answered and listed with the groups held before the clear (§2.1 "When ' +
      'lockerGroups is omitted, the current groups remain unchanged.")',
  },
  {
    name: 'sbi-former-locker-id-reserved',
    rule: 'LCK-UPDATE-200',
    origin: 'set-bi',
    candidate:
      'a former carrier.lockerId given back and refused is observed, as on create: whether a service takes an id a ' +
      "rename released is not stated (the spec-only review: refusing a lockerId is the service's choice, " +
      'LCK-CREATE-ID-TAKEN)',
    description:
      "the carrier.lockerId check of PATCH /lockers/{uid} also reads the table of ids the carrier's lockers held " +
      "before (kept so that labels printed with an old id are still recognised), the updated locker's own former " +
      'ids included: a locker created as X, updated to Y (200), then updated back to X is refused 400 ' +
      'LOCKER_ID_TAKEN and keeps Y, though no locker holds X; so is another locker of the carrier given X; ids ' +
      'never held, and updates that keep the lockerId, are applied (§4.3 "Success: 200 with the locker record."; ' +
      '§2.1 carrier "lockerId (string)")',
  },
  {
    name: 'sbi-refused-update-groups-applied-later',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    origin: 'set-bi',
    description:
      "an update's lockerGroups are handed to the group service as the request arrives; it checks their keys " +
      'itself and stages them for the locker, to be applied at its next save, and the locker service then ' +
      'validates the rest of the body; a refused update (a provider object, a carrier without lockerId, a value ' +
      'of the wrong type) leaves its groups staged: PATCH {provider: {...}, lockerGroups: [{REGION, g2}]} is ' +
      'refused 400 and changes nothing, and the next accepted update of that locker that sends no lockerGroups (a ' +
      'rename, a metadata change) is answered and listed with lockerGroups [{REGION, g2}] in place of the groups ' +
      'it had (§2.1 "When lockerGroups is omitted, the current groups remain unchanged.")',
  },
  {
    name: 'sbj-carrier-side-row-keyed-by-locker-id',
    rule: 'LCK-UPDATE-200',
    origin: 'set-bj',
    description:
      "a locker's carrier side is a row of its own whose key is (locker uid, carrier.lockerId), the natural key the " +
      'by-tenant lookup uses; an update that changes carrier.lockerId is merged by the ORM as a new row (another key ' +
      "is another entity) and the old row stays, and GET /lockers joins the carrier side on the locker's uid and " +
      'takes the first row: after PATCH /lockers/{uid} with carrier {lockerName: "Kiosk Nord", lockerId: "L-2", ' +
      'activationDate: ...} on a locker created as L-1, the 200 answer shows the carrier sent but GET /lockers keeps ' +
      'the lockerName, lockerId and activationDate of the create; updates keeping the lockerId are right (§4.3 ' +
      '"Success: 200 with the locker record."; §2.1 "Response record of create, update and list")',
  },
] as const satisfies readonly Fault[];
