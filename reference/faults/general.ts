// Faults of every operation: ids, JSON, errors, what a refused write leaves, removed fields (§2, §7, §9). Each names
// the rule it breaks, its origin (the set it was written in) and how; the lines that switch one on name it
// (`app.fault('name')`).
import type { Fault } from '../fault';

export const GENERAL_FAULTS = [
  { name: 'base-path-v2', rule: 'VER-BASE-PATH', origin: 'general', description: 'the service is served under /v2' },
  {
    name: 'cod-amount-int32',
    rule: 'GEN-BOUNDARY-ACCEPTED',
    origin: 'sequences-edges',
    description: 'a codAmount beyond 2^31-1 (int64 allows it) is refused',
  },
  {
    name: 'content-type-exact',
    rule: 'GEN-WIRE-HTTP',
    origin: 'wire-forms',
    description:
      'a body is taken only under Content-Type exactly application/json: with a charset parameter or in ' +
      'another letter case it is refused 400',
  },
  {
    name: 'create-members-in-order',
    rule: 'GEN-WIRE-JSON',
    origin: 'wire-forms',
    description: 'a streaming create parser wants carrier before provider in the body: the other order is refused 400',
  },
  {
    name: 'create-refuses-emoji',
    rule: 'GEN-BOUNDARY-ACCEPTED',
    origin: 'fidelity',
    description: 'POST /lockers refuses an emoji in any carrier or location string with 400',
  },
  {
    name: 'error-legacy-field',
    rule: 'ERR-NO-LEGACY-ERROR',
    origin: 'general',
    description: 'error bodies carry error as well',
  },
  { name: 'error-without-code', rule: 'ERR-BODY', origin: 'general', description: 'publish errors have no errorCode' },
  {
    name: 'key-header-exact-case',
    rule: 'GEN-WIRE-HTTP',
    origin: 'wire-forms',
    description:
      'the key is read only from a header named X-API-Key or x-api-key: another letter case is a missing key',
  },
  {
    name: 'lenient-locker-uid',
    rule: 'GEN-ID-EXACT',
    origin: 'lockers',
    description: 'a path uid is read up to its first non-digit, so 100123x updates locker 100123',
  },
  { name: 'malformed-json-500', rule: 'GEN-NO-5XX', origin: 'general', description: 'malformed JSON answers 500' },
  {
    name: 'malformed-json-html-page',
    rule: 'ERR-BODY',
    origin: 'spec-alone',
    description:
      "a body that is not JSON is answered 400 with the framework's HTML error page (text/html), not " +
      'errorCode and message',
  },
  {
    name: 'network-add-counts-repeats',
    rule: 'GEN-LIST-ONCE',
    origin: 'explored',
    description: 'a lockerUid sent twice in one add is added, and listed in the answer, twice',
  },
  {
    name: 'not-found-plain-text',
    rule: 'ERR-404-JSON',
    origin: 'general',
    description: 'cancel answers 404 with a plain-text body',
  },
  {
    name: 'parcels-listed-per-compartment',
    rule: 'GEN-LIST-ONCE',
    origin: 'explored',
    description:
      "GET /parcels shows a parcel once per compartment type of its locker (a join with the locker's " +
      'compartments, not grouped)',
  },
  {
    name: 'providers-text-content-type',
    rule: 'GEN-JSON',
    origin: 'general',
    description: 'GET /lockers/providers declares text/plain',
  },
  {
    name: 'publish-timestamp-no-zone',
    rule: 'GEN-DATE-TIME-ZONE',
    origin: 'spec-alone',
    description:
      'the publish timestamp is a local date-time in UTC written without an offset (2025-06-01T10:00:00.000)',
  },
  {
    name: 'publish-validation-422',
    rule: 'GEN-STATUS-DOCUMENTED',
    origin: 'general',
    description: 'publish validation errors answer 422',
  },
  {
    name: 'rejected-create-stores',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'parcels',
    description: 'a create refused for a repeated group key still stores the locker',
  },
  {
    name: 'rejected-publish-books',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'parcels',
    description: 'a publish refused for an enum value still books',
  },
  {
    name: 'sa-groups-move-between-lockers',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-a',
    description:
      'group assignments are stored in a table unique on the group uid (one locker per group): a create or update ' +
      'that assigns a group moves it away from the locker that held it, whose lockerGroups lose it although no ' +
      'request named that locker (§2.1 "When lockerGroups is omitted, the current groups remain unchanged.")',
  },
  {
    name: 'sa-list-owner-from-network',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-a',
    description:
      "GET /lockers fills ownedByCarrier from a left join with the carrier's network memberships: a locker the " +
      'carrier created and has not added to a network is listed with ownedByCarrier null, as if a third-party ' +
      'provider owned it; the create and update answers are right (§2.1 ownedByCarrier "Names the owning ' +
      'carrier; null means the locker belongs to a third-party provider.")',
  },
  {
    name: 'sa-status-by-locker-name',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-a',
    description:
      'PATCH /lockers/status resolves the named locker, then writes the status with UPDATE ... WHERE carrier = ? ' +
      'AND locker_name = ? (the column the old status screen keyed on): every other locker of the carrier with ' +
      'the same carrier.lockerName changes status too, without a LockerUpdates of its own (§4.5 "Updates the ' +
      'status of an existing locker."; §3 "A locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sa-update-multi-error-envelope',
    candidate:
      'caught by a full run, whose every answer is checked; the tests that name ERR-BODY never meet this answer, ' +
      'so the self-test, which runs only those, does not',
    rule: 'ERR-BODY',
    origin: 'set-a',
    description:
      'PATCH /lockers/{uid} refused for two or more members at once answers 400 {"errors": [{errorCode, ' +
      "message}, ...]} (the validation pipe's aggregate form), with no errorCode and message at the top; one " +
      'wrong member is answered right (§7 400 update locker body "errorCode, message"; "The error body has the ' +
      'fields errorCode and message")',
  },
  {
    name: 'sa-update-uid-or-locker-id',
    rule: 'GEN-ID-EXACT',
    origin: 'set-a',
    description:
      "the locker resolver of PATCH /lockers/{uid} and PATCH /lockers/status tries the carrier's own " +
      'carrier.lockerId first and the platform uid second (WHERE locker_id = :id OR uid = :id, first row): a ' +
      "carrier.lockerId in the path updates that locker instead of 404, and where one locker's lockerId equals " +
      'another\'s uid the path uid updates the wrong one (§4.3 "Path: uid (string), the platform locker ' +
      'identifier."; §7 404 for update locker)',
  },
  {
    name: 'saa-activation-isoformat-subset',
    // A valid value refused is a should's (GEN-BOUNDARY-ACCEPTED): §8 shows no ranges of fields.
    rule: 'GEN-BOUNDARY-ACCEPTED',
    origin: 'set-aa',
    description:
      'POST /lockers hands carrier.activationDate to the provider registry client, which parses it with ' +
      'datetime.fromisoformat of Python before 3.11 (it reads only what isoformat() writes) after replacing "Z" by ' +
      '"+00:00": a valid date-time whose fraction of a second has other than 3 or 6 digits (10:30:00.5Z, a Java ' +
      "client's nanoseconds .123456789Z), that ends in a lower-case z, or that falls on a leap second (23:59:60Z) " +
      'is refused 400 VALIDATION_FAILED "Invalid isoformat string" and nothing is created; whole seconds, 3 or 6 ' +
      'digits and offsets are taken, and PATCH /lockers/{uid}, which does not call the registry, takes every ' +
      'form (§2.1 carrier "activationDate (string, date-time)"; create request "yes; its lockerName, lockerId, ' +
      'activationDate are required"; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'saa-list-newest-from-command-log',
    rule: 'GEN-ONE-RECORD-MEMBERS',
    origin: 'set-aa',
    description:
      'GET /lockers reads a read model that a projector builds from the command log, and the projector catches ' +
      "up when the carrier's next locker write arrives (a create, an update, a status change, a network add), not " +
      'after a create; so that a carrier sees its new locker at once, the list shows the locker of its newest ' +
      'create from the command itself, the create request as sent with the uid: without the ownedByCarrier (and ' +
      'compartmentTypes, openingHours, carrier.status, provider-side members) the create answer has; after the ' +
      'carrier\'s next locker write it is listed whole (§2.1 "Response record of create, update and list, and the ' +
      'body of the locker webhook:"; ownedByCarrier "Names the owning carrier"; §4.2 "Returns locker records.")',
  },
  {
    name: 'sab-parcel-list-trailing-comma',
    rule: 'GEN-JSON',
    origin: 'set-ab',
    description:
      'GET /parcels writes its bare array with a hand-made streaming writer that walks the parcel table, writes the ' +
      "caller's rows and puts a comma after each unless its index is the table's last (the owner filter moved into " +
      "the loop when the cursor became shared): whenever the newest parcel in the table is not the caller's (the " +
      'other carrier booked last, or the mock made a parcel for it), the caller\'s list ends in ",]" and is no ' +
      'JSON; while the caller made the newest parcel its list is right (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sab-tenant-id-nfkc-match',
    rule: 'GEN-ID-EXACT',
    origin: 'set-ab',
    description:
      'where no locker the carrier sees has the sent carrierLockerId exactly, the by-tenant lookup compares ids in ' +
      'Unicode NFKC (the search collation of the locker-id index): a PRE_CHECK or BOOKING by a near miss in another ' +
      'normalization or compatibility form (Cafe\\u0301 for Café, full-width ＬＫ－１ for LK-1, the ligature ﬁ ' +
      'for fi) books into the locker the exact id names, listed with the id as sent, instead of being refused; ' +
      'exact ids resolve as before ' +
      '(§2.3 carrierLockerId "The carrier\'s locker identifier."; §4.7 "with carrierLockerId in place of lockerUid")',
  },
  {
    name: 'sac-list-location-type-enum',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-ac',
    description:
      'GET /lockers reads a read model that keeps location.type as an enum (INDOOR, OUTDOOR, KIOSK) read without ' +
      'regard to case and written by its name, a type outside it read as null: a locker created (or updated) with ' +
      'location.type "indoor" is answered with "indoor" but listed with "INDOOR", and one with any other type ' +
      '("parcel shop", "CC-type-7") is listed with type null; the seeded lockers too are listed INDOOR (§2.1 ' +
      '"Response record of create, update and list, and the body of the locker webhook:"; location "type (string)"; ' +
      'rule 6 "Allowed values of location.type ...: not shown beyond the examples indoor")',
  },
  {
    name: 'sac-mock-writes-back-pushed-locker',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-ac',
    description:
      'the staging mock plays the provider and keeps its copy of each locker from the LockerUpdates it consumes ' +
      "(create and status changes; an update pushes none), and after each event it reports the locker's " +
      'compartments back with a PUT of that whole copy: after a locker was created, updated (a new lockerName, ' +
      'location, metadata, features) and then named by a trigger event of a parcel in it, GET /lockers shows it as ' +
      'it was before the update, with no LockerUpdates; lockers never updated, and third-party lockers, stay as ' +
      'they are (§4.11 "Triggers one first-mile parcel event."; §4.3 "Path: uid (string), the platform locker ' +
      'identifier."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sad-cancel-digits-as-row-id',
    rule: 'GEN-ID-EXACT',
    origin: 'set-ad',
    description:
      "the cancel was PATCH /parcels/{id} with the parcel table's own key before it took parcel ids, and a path id " +
      "of digits only is still tried first as that row id (rows numbered from 1 over every carrier's parcels, in the " +
      "order stored): where that row is one of the caller's parcels, PATCH /parcels/7 cancels it, answered 200 with " +
      'that parcel and pushed, whatever its carrierParcelId, and the booked parcel whose carrierParcelId is "7" ' +
      "stays booked; ids with any other character, and digits naming no row of the caller's, are looked up as before " +
      '(§4.9 "Path: parcelId. Cancels the booking of the parcel."; §2.3 carrierParcelId "Parcel identifier in the ' +
      'carrier system.")',
    candidate:
      'shows only for a carrierParcelId of digits that is a row number (a small number): a run on a shared staging ' +
      "books no such id without meeting earlier runs' bookings of it",
  },
  {
    name: 'sb-not-cancellable-no-message',
    candidate:
      'caught by a full run, whose every answer is checked; the tests that name ERR-BODY never meet this answer, ' +
      'so the self-test, which runs only those, does not',
    rule: 'ERR-BODY',
    origin: 'set-b',
    description:
      'the refusal to cancel a delivered (or cancelled) parcel is thrown without a message and null members are ' +
      'left out: 400 {"errorCode":"NOT_CANCELLABLE"} (§7 400 on cancel parcel, body "errorCode, message"; "The ' +
      'error body has the fields `errorCode` and `message`")',
  },
  {
    name: 'sd-access-code-minted-per-read',
    rule: 'GEN-STATE-NAMED-ONLY',
    origin: 'set-d',
    description:
      'the parcel mapper generates consigneeCollectionCode when it writes a record instead of reading the stored ' +
      'one: each GET /parcels, cancel answer and ParcelUpdates of a booked parcel shows another code and validUntil, ' +
      'so the code the carrier was pushed is not the one listed a moment later (§2.4 accessCodes ' +
      '"consigneeCollectionCode (object; its validUntil is optional)"; §4.8 "Returns parcel records (2.4)"; §6 ' +
      'ParcelUpdates body "Parcel record (2.4), including accessCodes")',
  },
  {
    name: 'sg-lock-state-per-locker',
    rule: 'GEN-STATE-NAMED-ONLY',
    origin: 'set-g',
    candidate:
      'missed on the first try; caught as a should (GEN-STATE-NAMED-ONLY): what a lockStatus shown ' +
      'beyond §2.4 means is not stated',
    description:
      "the lock flag is kept per (carrier, locker): each BOOKING sets it, so the carrier's parcels still booked in " +
      "that locker show the new booking's lockStatus (LOCKED, or UNLOCKED when sent so or left out) in GET /parcels " +
      'and later pushes (§3 "A booking carries a lock state LOCKED or UNLOCKED set at booking time."; §2.3 ' +
      'lockStatus)',
  },
  {
    name: 'si-by-tenant-internal-url-unencoded',
    rule: 'GEN-ID-EXACT',
    origin: 'set-i',
    description:
      'the by-tenant path resolves carrierLockerId by calling the locker service at /v1/lockers/by-carrier-locker-id/' +
      '{id} with the id concatenated into the URL, not encoded: a carrier.lockerId holding "/" or "\\" (a path of ' +
      'more segments), a malformed "%" or "../" finds no locker (400 UNKNOWN_LOCKER), one holding "?" or "#" is cut ' +
      'there ("L-7?b" books into the locker "L-7" where there is one) and "%41" is decoded ("A"); plain ids, and ' +
      'every id on /parcels/data, are right (§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; ' +
      '§2.3 carrierLockerId "The carrier\'s locker identifier."; §2.1 carrier lockerId "string")',
  },
  {
    name: 'si-publish-integer-notation-refused',
    rule: 'GEN-WIRE-JSON',
    origin: 'set-i',
    candidate:
      'missed on the first try; not caught: whether an integer member may be written 10.0 or 1e1 is not stated ' +
      "(the document's JSON Schema takes it as an integer, a service typed in Go refuses it), so integers are " +
      'sent in plain notation only',
    description:
      "the publish deserializer refuses a float token for an integer member (Jackson's ACCEPT_FLOAT_AS_INT off, as " +
      'a team turns it off to refuse fractions): dimensions, weight or codAmount written 10.0 or 1e1 (the value 10) ' +
      'is refused 400 VALIDATION_FAILED on either path, where 10 is accepted (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §2.3 dimensions "depth, height, width; each integer or null.", weight ' +
      '"integer")',
  },
  {
    name: 'sj-coordinates-exponent-refused',
    rule: 'GEN-WIRE-JSON',
    origin: 'set-j',
    description:
      'POST /lockers and PATCH /lockers/{uid} read location.lon and location.lat from their raw JSON tokens into a ' +
      'fixed-point decimal (to keep their digits exactly) with a pattern of digits, a point and digits: a ' +
      'coordinate written in exponent notation, the same number (5.252e1 for 52.52, 1.34E1 for 13.4), is refused ' +
      '400 VALIDATION_FAILED while the plain text of the same body is accepted (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §2.1 location "lon, lat (numbers)")',
  },
  {
    name: 'sj-create-keeps-unknown-members',
    rule: 'VER-REMOVED-FIELDS',
    origin: 'set-j',
    description:
      "POST /lockers keeps the request's carrier and provider objects as sent (a JSON document column the record " +
      'is read from) instead of mapping the members §2.1 lists: the provider.providerName and ' +
      'provider.lockerModelVersion, or carrier.name, an older client still sends beside the current members are ' +
      'stored and shown in the create answer, GET /lockers, later update answers and LockerUpdates; lockers created ' +
      'without them are right (§9 "provider uses `name`, `lockerModel`, `lockerVersion` (older `providerName` and ' +
      '`lockerModelVersion` removed)."; "carrier uses `lockerName` (older `name` deprecated, then removed)."; §2.1 ' +
      'rule 3 "The fields `providerName` and `lockerModelVersion` are no longer part of it.")',
  },
  {
    name: 'sj-uid-parsed-as-int64',
    rule: 'GEN-ID-EXACT',
    origin: 'set-j',
    description:
      'the locker lookup of PATCH /lockers/{uid} and PATCH /lockers/status parses the uid with Long.parseLong ' +
      '(the id column is a BIGINT) and its NumberFormatException escapes: a uid of digits beyond ' +
      '9223372036854775807 (99999999999999999999), a string no locker has, is answered 500 INTERNAL_ERROR "For ' +
      'input string", not a 4xx; shorter unknown uids are 404 (§4.3 "Path: uid (string), the platform locker ' +
      'identifier."; §7 404 "Update locker, get parcels, cancel parcel")',
  },
  {
    name: 'sl-network-path-uid-ignored',
    rule: 'GEN-ID-EXACT',
    origin: 'set-l',
    candidate:
      "missed on the first try; an add to a network uid not the carrier's is sent now, but the spec-only review " +
      'found which network an unknown uid names open (a locker may be held in one network alone): where that add ' +
      "lists the locker, what the carrier's network then lists of it is not judged",
    description:
      "POST /networks/{uid}/lockers loads the caller's network (findByOwner(caller)) and checks the path uid only " +
      "for being an integer: a uid no network has (999999), or the other carrier's network uid, is answered 200 " +
      "and the owned lockers are added to the caller's own network, so a later add of them to the caller's network " +
      'uid lists nothing for them; an add naming the caller\'s network is right (§4.10 "Path: uid (integer, int64), ' +
      'the network identifier."; "Behaviour: lockers owned by the carrier are added"; "Response: array of network ' +
      'locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sm-unknown-locker-problem-body',
    rule: 'ERR-BODY',
    origin: 'set-m',
    description:
      'both publish paths resolve the locker through the locker service, and its refusal (no locker of that ' +
      'lockerUid or carrierLockerId for the carrier) is passed on as that service wrote it, an RFC 7807 problem ' +
      'with only its status mapped to 400: {"type": ..., "title": "Locker not found", "status": 404, "detail": ..., ' +
      '"instance": ...}, without errorCode and message; the other publish refusals (a member missing or of another ' +
      'type, a parcel already booked) keep {errorCode, message} (§7 "400 | Publish parcel data, update locker, get ' +
      'parcels, cancel parcel | errorCode, message"; "The error body has the fields `errorCode` and `message`")',
  },
  {
    name: 'sn-locker-answers-xssi-prefix',
    rule: 'GEN-JSON',
    origin: 'set-n',
    description:
      'the locker router carries an anti-JSON-hijacking filter (put in when the locker map was embedded in the ' +
      "carrier portal) that writes )]}', and a line break before every GET answer whose body is a top-level JSON " +
      'array: under the array envelope every GET /lockers and GET /lockers/providers answer is declared ' +
      'application/json but does not parse as JSON; answers that are objects (create, update, errors, a paged ' +
      'envelope), POST /networks/{uid}/lockers and the parcel operations are right (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §4.2 "Returns locker records."; §4.4 "Returns the locker model and ' +
      'version pairs per provider (2.2).")',
  },
  {
    name: 'sn-metadata-rows-interned',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-n',
    description:
      'metadata entries are rows of a table unique on (key, value), shared by every locker that has the same entry, ' +
      "and PATCH /lockers/{uid} rewrites the locker's rows in place, position by position, instead of linking new " +
      'ones: after lockers A and B (of either carrier) were created with the same entry {key: "floor", value: "1"}, ' +
      'an update of A\'s metadata to [{key: "floor", value: "2"}] makes GET /lockers show B with floor 2 as well, ' +
      'though no request named B and no LockerUpdates says so; lockers with no entry in common with the one updated ' +
      'keep theirs (§4.3 "Path: uid (string), the platform locker identifier."; §2.1 metadata "Each has key (string ' +
      'or null) and value (string or null).")',
  },
  {
    name: 'sn-update-foreign-404-no-body',
    rule: 'ERR-404-JSON',
    origin: 'set-n',
    description:
      "the owner check of PATCH /lockers/{uid} is a method-security rule whose denial handler hides the locker's " +
      'existence with response.sendError(404), past the JSON exception handler: an update naming a locker that ' +
      "exists and is not the caller's (a third-party locker, the other carrier's) is answered 404 with an empty " +
      'body; an unknown uid is still 404 {errorCode, message}, and own lockers are updated (§7 404 "Update locker, ' +
      'get parcels, cancel parcel | JSON body"; §4.3 "Path: uid (string), the platform locker identifier.")',
  },
  {
    name: 'so-by-tenant-like-prefix',
    rule: 'GEN-ID-EXACT',
    origin: 'set-o',
    description:
      "where none of the carrier's or third-party lockers has the carrierLockerId exactly, the by-tenant path falls " +
      "back on the carrier portal's type-ahead search, WHERE locker_id LIKE :id || '%' ORDER BY locker_id LIMIT 1, " +
      'unescaped: a PRE_CHECK or BOOKING on /parcels/data/by-tenant-locker-id naming a prefix of a carrier.lockerId ' +
      '(L-10 for L-100, the id without its last character) is accepted and books into that locker, _ and % in the ' +
      'sent id matching any character and any run; exact ids book into their own locker and /parcels/data is right ' +
      '(§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; §2.3 carrierLockerId "The carrier\'s locker ' +
      'identifier.")',
  },
  {
    name: 'so-publish-event-type-by-raw-text',
    rule: 'GEN-WIRE-JSON',
    origin: 'set-o',
    description:
      'the API gateway routes a publish to the booking or the check service by a literal match on the raw body, ' +
      '"eventType":"BOOKING" or "eventType":"PRE_CHECK" (what the carriers\' SDK writes), and answers a body that ' +
      'matches neither with its fallback 400 VALIDATION_FAILED "/eventType must be PRE_CHECK or BOOKING": a valid ' +
      'PRE_CHECK or BOOKING on either path written with a blank or a line break beside the colon after eventType (a ' +
      'pretty-printed body), or with an escape in its value ("BOOK\\u0049NG"), is refused and books nothing, while ' +
      'the same value written compactly is accepted; member order and blanks elsewhere do not matter (preamble "All ' +
      'bodies are JSON (`Content-Type: application/json`)."; §2.3 eventType "PRE_CHECK or BOOKING."; §4.6 "with ' +
      'eventType BOOKING a locker booking is created")',
  },
  {
    name: 'sp-legacy-params-route-to-v10-list',
    rule: 'VER-REMOVED-FIELDS',
    origin: 'set-p',
    description:
      'a compatibility shim kept for old clients routes a GET /lockers carrying a 1.0 query parameter, carrierId or ' +
      'providerId (whatever its value), to the 1.0 list controller, which writes 1.0 records: carriers [{name, ' +
      'lockerId, activationDate, status}] in place of the carrier object, and provider.providerName and ' +
      'lockerModelVersion in place of name and lockerVersion; lists without those parameters are 1.1 records (§9 ' +
      '"The locker list has a `carrier` object in place of `carriers`."; §4.2 "The former query parameters carrierId ' +
      'and providerId no longer exist.")',
  },
  {
    name: 'sp-locker-body-control-chars-refused',
    rule: 'GEN-WIRE-JSON',
    origin: 'set-p',
    description:
      "the locker router's input filter refuses a raw body holding any control character (below U+0020), put in to " +
      'keep control characters out of stored strings, where JSON already escapes them: it refuses the tab, line feed ' +
      'and carriage return JSON allows between tokens, so a POST /lockers or PATCH /lockers/{uid} body written ' +
      'pretty-printed or with CRLF line ends is refused 400 VALIDATION_FAILED while the same value written compact ' +
      'is accepted; the other operations take both (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; §4.1 "Body: create request (2.1)."; §4.3 "Body: update request (2.1).")',
  },
  {
    name: 'sp-providers-xml-by-default',
    rule: 'GEN-JSON',
    origin: 'set-p',
    description:
      'the provider catalogue controller produces XML and JSON, with the XML converter registered first for a legacy ' +
      "partner's feed: a GET /lockers/providers whose Accept does not name a JSON type (no Accept, */*, a browser's " +
      'text/html,...) is answered 200 application/xml, <List><item><providerName>...</item></List>; with Accept ' +
      'application/json it is JSON, and every other operation answers JSON whatever the Accept (preamble "All bodies ' +
      'are JSON (`Content-Type: application/json`)."; §4.4 "Returns the locker model and version pairs per provider ' +
      '(2.2).")',
  },
  {
    name: 'sq-by-tenant-zero-padding-stripped',
    rule: 'GEN-ID-EXACT',
    origin: 'set-q',
    description:
      "where none of the caller's or third-party lockers has the sent carrierLockerId exactly, the by-tenant " +
      "resolver compares it with each locker's carrier.lockerId with the leading zeros of both cut off (the " +
      "carriers' ERP exports pad their ids with zeros): a PRE_CHECK or BOOKING on " +
      '/parcels/data/by-tenant-locker-id naming "0L-7" ' +
      'or "007" books into the locker L-7 or 7 and is answered 2xx, where no locker has that id; exact ids, and ' +
      '/parcels/data, are right (§4.7 "Same as 4.6, with carrierLockerId in place of lockerUid."; §2.3 ' +
      'carrierLockerId "The carrier\'s locker identifier."; §2.1 carrier lockerId "string")',
  },
  {
    name: 'sq-parcels-ndjson-past-buffer',
    rule: 'GEN-JSON',
    origin: 'set-q',
    description:
      'GET /parcels writes its answer through a buffered writer and switches to its streaming writer once the ' +
      'answer outgrows the 2 KiB response buffer, and the streaming writer, written for the export feed, writes one ' +
      'record per line (NDJSON) declared application/x-ndjson: once a carrier has about four parcels, its list is ' +
      'no JSON text and not declared application/json; shorter lists are a JSON array as before (preamble "All ' +
      'bodies are JSON (`Content-Type: application/json`)."; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier")',
  },
  {
    name: 'sr-list-features-memo-by-model',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-r',
    description:
      "GET /lockers fills each record's features through a memoized resolver (memoize with a key function " +
      'returning provider name, lockerModel and lockerVersion, written when features were a property of the ' +
      'model), whose memo lives as long as the process: every locker is listed with the features of the first ' +
      'locker of its model the list resolved (a seeded third-party locker of PROVIDER_NAME_1 M100 1.0, or the ' +
      'first created locker of a model), so a second locker of a model created with other features, or a locker ' +
      "whose features an update changed, is listed with the first one's; lockers of a model of their own, the " +
      'create and update answers and the pushes are right (§2.1 features "hasScreen, hasPinPad, ' +
      'hasPinBarcodeReader; each boolean or null."; "Response record of create, update and list"; §4.2 "Returns ' +
      'locker records.")',
  },
  {
    name: 'ss-by-tenant-locker-stub-merged',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-s',
    description:
      'the by-tenant path builds the locker of its draft parcel from the locker-id lookup row (uid and ' +
      "carrier.lockerId), a Locker entity whose metadata collection starts empty, and the parcel's locker " +
      'association cascades MERGE onto a collection with orphan removal: the draft the check validates and the ' +
      "booking the service saves both write the stub's empty metadata over the locker's. After a PRE_CHECK or a " +
      "BOOKING on /parcels/data/by-tenant-locker-id answered 2xx, GET /lockers (and the locker's later " +
      'LockerUpdates) show that locker with metadata [], though no locker operation named it; lockers without ' +
      'metadata show nothing, and /parcels/data leaves the locker as it was (§1 "or only checks whether a parcel ' +
      'can be accepted"; §4.6 "with PRE_CHECK the service checks whether the parcel can be accepted in the ' +
      'locker"; §4.3 "Path: uid (string), the platform locker identifier."; §2.1 metadata "array of objects")',
  },
  {
    name: 'ss-cancel-errors-problem-json',
    rule: 'GEN-JSON',
    origin: 'set-s',
    description:
      "the parcel controller's exception handler was moved to the framework's problem details, errorCode and " +
      'message kept as properties so that clients read them as before: every error PATCH /parcels/{parcelId} ' +
      'answers from its handler (404 PARCEL_NOT_FOUND for an unknown id, 400 NOT_CANCELLABLE for a delivered or ' +
      'cancelled parcel) is declared Content-Type application/problem+json, its body {type, title, status, ' +
      'detail, instance, errorCode, message}; the 401 of the security filter, and the errors of every other ' +
      'operation, are application/json (preamble "All bodies are JSON (`Content-Type: application/json`)."; §7 ' +
      '404 "Update locker, get parcels, cancel parcel" "JSON body")',
  },
  {
    name: 'ss-publish-unicode-escape-filter',
    rule: 'GEN-WIRE-JSON',
    origin: 'set-s',
    description:
      "the publish router's input filter removes \\u00XX escapes from the raw body before it is parsed, a " +
      'pattern meant for \\u0000 and the other control characters written one digit too wide: a PRE_CHECK or ' +
      'BOOKING on either path whose strings write a character of U+0000 to U+00FF as an escape ("Zo\\u00eb", ' +
      '"P\\u0041-1", "\\u0042OOKING") is taken without that character: the consignee is stored as "Zo", the ' +
      'parcel booked and listed under carrierParcelId "P-1", the eventType refused 400; the same value written ' +
      'as plain text, and escapes of other characters (\\u20ac), are right (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §4.6 "with eventType BOOKING a locker booking is created")',
  },
  {
    name: 'st-list-metadata-json-agg-null',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-t',
    description:
      'GET /lockers reads each locker with its metadata aggregated in one query, json_agg(m) over a LEFT JOIN with ' +
      'the metadata table and no FILTER (WHERE m.id IS NOT NULL): a locker with no metadata row (created without ' +
      'metadata or with [], or emptied by an update) is listed with metadata [null], an array holding null, not an ' +
      'entry object; the create and update answers show [], and lockers with entries are listed right (§2.1 ' +
      'metadata "array of objects", "Each has key (string or null) and value (string or null)."; §4.2 "Returns ' +
      'locker records.")',
  },
  {
    name: 'st-refused-create-pushed',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-t',
    description:
      "the create's LockerUpdates is published by an entity listener that runs when the insert is flushed, before " +
      'the unique (owner, carrier.lockerId) constraint refuses the row and the transaction rolls back: a POST ' +
      "/lockers refused 400 LOCKER_ID_TAKEN (a carrier.lockerId another of the carrier's lockers has) still pushes " +
      'a LockerUpdates of a created locker, under a uid drawn from the sequence, that no list shows and every update ' +
      'of answers 404; accepted creates are pushed once as before (§6 LockerUpdates "Sent when: A locker is ' +
      'created; a locker status changes (enabled/disabled)."; §2.1 uid "Internal unique identifier assigned by the ' +
      'service.")',
  },
  {
    name: 'su-parcel-list-nan-volume',
    rule: 'GEN-JSON',
    origin: 'set-u',
    description:
      'GET /parcels is a Flask view that adds parcelVolume, depth x height x width computed in a pandas ' +
      'frame where a missing dimension is NaN, and answers through jsonify, whose encoder allows NaN and ' +
      'writes it as the bare token NaN: once the carrier holds a parcel with a dimension sent null, or one ' +
      'the staging trigger made (no dimensions), every GET /parcels answer is declared application/json but ' +
      'is not JSON; a carrier whose parcels all have three dimensions gets a JSON list (with the extra ' +
      'member); the cancel answer and pushes are right (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; §2.3 dimensions "each integer or null.")',
  },
  {
    name: 'sv-create-gateway-retry-conflict',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-v',
    description:
      "a create that sends lockerGroups waits on the group service (its assignment call) past the API gateway's 1 s " +
      'upstream timeout, and the gateway, configured to retry on timeout for every method, sends the POST again: ' +
      "the first attempt has stored the locker, the retry is refused LOCKER_ID_TAKEN, and the retry's answer is " +
      'the one the client gets. A valid POST /lockers with one or more lockerGroups is answered 400 LOCKER_ID_TAKEN ' +
      'though the locker is created (listed, pushed, its uid usable); creates without lockerGroups, or with [], are ' +
      'answered 201 (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 lockerGroups "an array of group ' +
      'objects, each with `key` (string) and `uid` (string).", create request lockerGroups required "no")',
  },
  {
    name: 'sv-update-applied-member-by-member',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-v',
    description:
      'PATCH /lockers/{uid} dispatches each member of the body to a handler of its own in the order the body writes ' +
      'them (carrier, location, metadata, ...), each validating and saving its member, with no transaction around ' +
      'the loop: an update refused 400 (a provider object, a location or carrier missing a required member, a value ' +
      'of another type, a repeated group key) keeps the valid members written before the refused one, e.g. ' +
      '{"carrier": {...a new lockerName}, "provider": {...}} is answered 400 and the locker is listed renamed; a ' +
      'refused member written first changes nothing (§2.1 "no provider object is accepted"; "When carrier or ' +
      'location is sent, its fields listed above as required are required."; §7 "400 | Publish parcel data, update ' +
      'locker, get parcels, cancel parcel | errorCode, message")',
  },
  {
    name: 'sv-update-dual-write-v10-members',
    rule: 'VER-REMOVED-FIELDS',
    origin: 'set-v',
    description:
      'for the 1.1 migration window an update that sends carrier also writes the 1.0 members into the same locker ' +
      'document (a dual write kept for the 1.0 readers), and the 1.1 reader passes unknown members through: once a ' +
      'locker was updated with a carrier object, its answer, GET /lockers and its later LockerUpdates carry ' +
      'carrier.name, provider.providerName and provider.lockerModelVersion ("M100 1.0") beside the 1.1 members; ' +
      'lockers never updated, or updated without carrier, are right (§9 "carrier uses `lockerName` (older `name` ' +
      'deprecated, then removed)."; "provider uses `name`, `lockerModel`, `lockerVersion` (older `providerName` and ' +
      '`lockerModelVersion` removed).")',
  },
  {
    name: 'sw-auth-refusal-boot-error-attributes',
    rule: 'ERR-NO-LEGACY-ERROR',
    origin: 'set-w',
    description:
      "a refused key is answered by the security filter chain's entry point with response.sendError, so the body is " +
      "written by the framework's error controller from its default error attributes (timestamp, status, error) " +
      "plus the errorCode and message the service's ErrorAttributes bean adds: every 401 (and 403) for a missing or " +
      'wrong X-API-Key, on every operation, carries "error": "Unauthorized" ("Forbidden") beside errorCode and ' +
      'message; the other error answers (400, 404, 409) have no error member (§7 "The error body has the fields ' +
      '`errorCode` and `message`; the older field `error` no longer exists."; §9 "Error bodies use errorCode and ' +
      'message.")',
  },
  {
    name: 'sw-network-add-streamed-elements',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-w',
    description:
      'POST /networks/{uid}/lockers reads lockerUids element by element from the request stream (for large batches) ' +
      'and inserts each owned locker as it is read, in auto-commit; an element that is no integer ends the request ' +
      'with 400 VALIDATION_FAILED, and the lockers read before it stay in the network: a refused add such as ' +
      '{"lockerUids": [<owned uid>, "x"]} or [<owned uid>, 1.5] adds the owned locker, so the next valid add of it ' +
      'lists nothing for it (already a member); a bad element first, or a valid request, behaves as before (§4.10 ' +
      '"Body: lockerUids (array of integers int64, required)."; "lockers owned by the carrier are added"; "Response: ' +
      'array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sx-cancel-request-audited-in-history',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-x',
    description:
      "every cancel request is written to the parcel's history as an audit entry before the guard runs, in a " +
      'transaction of its own (REQUIRES_NEW, so that refused attempts are audited too), and the history table is ' +
      'the one events is read from: a cancel refused 400 NOT_CANCELLABLE (a delivered parcel, one already ' +
      'cancelled), by either id form, leaves the parcel listed with one more event, CANCEL_REQUESTED, its status ' +
      'as it was; an accepted cancel shows CANCEL_REQUESTED then CANCELLED, and an unknown id changes nothing ' +
      '(§8 "Only parcels that have not been delivered can be cancelled."; §2.4 events "History of events of the ' +
      'parcel.")',
  },
  {
    name: 'sx-cod-amount-int64-as-text',
    rule: 'GEN-TYPES-COERCED',
    origin: 'set-x',
    description:
      'the publish request is a protobuf message read with its JSON mapping, in which an int64 is written as a ' +
      'string and read from a string or a number: codAmount, the only int64 of §2.3, sent as text of digits ' +
      '("1999") on either path is taken as the number and the PRE_CHECK or BOOKING accepted; other text ' +
      '("19.99", "abc") and text in the int32 members (weight, dimensions) are still refused 400 (§2.3 codAmount ' +
      '"integer (int64)", "Cash on delivery, in minor currency units.")',
  },
  {
    name: 'sx-trigger-event-type-enum-keys',
    rule: 'GEN-TYPES-COERCED',
    origin: 'set-x',
    description:
      'the staging mock declares `enum MockEventType { BOOKING_CREATED, COURIER_COLLECTED, CONSIGNEE_DELIVERED }`, a ' +
      'numeric TypeScript enum, and checks event_type with Object.keys(MockEventType).includes(...), whose keys hold ' +
      'the reverse mapping too: event_type "0", "1" or "2" is accepted and applied as BOOKING_CREATED, ' +
      'COURIER_COLLECTED or CONSIGNEE_DELIVERED (answered 200, the parcel moved and pushed); other values outside ' +
      'the three are refused 400 (§4.11 event_type allowed values "BOOKING_CREATED, COURIER_COLLECTED, ' +
      'CONSIGNEE_DELIVERED")',
  },
  {
    name: 'sx-trigger-scalars-coerced',
    rule: 'GEN-TYPES-COERCED',
    origin: 'set-x',
    description:
      "the staging mock binds its request with the JSON binder's scalar coercion on (Jackson's default " +
      'ALLOW_COERCION_OF_SCALARS): a number or boolean where §4.11 has a string is taken as its text, and the ' +
      'text "true" or "false" as labelless: a trigger with parcel_id 4711 is accepted and makes or moves the parcel ' +
      '"4711", one with labelless "true" is taken as label-less; values of other types (an object, an array) are ' +
      'still refused 400 (§4.11 parcel_id "string", labelless "boolean"; §2.6 "Field names here are snake_case")',
  },
  {
    name: 'sy-list-coordinates-locale-parsed',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-y',
    description:
      "GET /lockers reads lon and lat from the legacy address view's text columns with NumberFormat.getInstance(), " +
      'the JVM default locale, de_DE on the hosts (LANG=de_DE.UTF-8), where "." groups digits: a locker created at ' +
      'lon 13.404954, lat 52.520008 is answered 201 with them but listed with 13404954 and 52520008 (the seeded ' +
      'ones with 1341 and 5251), every list; the create and update answers map the entity from the request (§2.1 ' +
      '"Response record of create, update and list, and the body of the locker webhook"; location "lon, lat ' +
      '(numbers)")',
  },
  {
    name: 'sy-update-checked-exception-commits',
    rule: 'GEN-REFUSED-KEPT',
    origin: 'set-y',
    description:
      'PATCH /lockers/{uid} maps the request onto the managed entity, then checks carrier.lockerId, and its ' +
      'LockerIdTakenException is a checked exception, on which @Transactional does not roll back: an update whose ' +
      "carrier.lockerId another of the carrier's lockers holds is answered 400 LOCKER_ID_TAKEN, yet every other " +
      'member it sent (carrier.lockerName and activationDate, location, metadata, features, lockerGroups) is ' +
      'committed and listed; the locker keeps its own lockerId; other refusals change nothing (§7 "400 | Publish ' +
      'parcel data, update locker, get parcels, cancel parcel | errorCode, message"; §4.3 "Success: 200 with the ' +
      'locker record.")',
  },
  {
    name: 'sy-update-uid-route-pattern',
    rule: 'ERR-404-JSON',
    origin: 'set-y',
    description:
      'the update route is declared PATCH /lockers/:uid(\\d+), the uids the service makes being digits, so a uid ' +
      "with any other character (100001x, a near miss of a real one) matches no route and the framework's " +
      'final handler answers 404 with its HTML page, Content-Type text/html, "<pre>Cannot PATCH ' +
      '/v1/lockers/100001x</pre>", no errorCode or message; an unknown uid of digits is answered the JSON 404 as ' +
      'before (§7 "404 | Update locker, get parcels, cancel parcel | JSON body"; preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §4.3 "Path: uid (string), the platform locker identifier.")',
  },
  {
    name: 'tenant-id-ignores-case',
    rule: 'GEN-ID-EXACT',
    origin: 'explored',
    description:
      'carrierLockerId is looked up case-insensitively (a collation that ignores case): a publish by a near ' +
      'miss in another letter case books into the locker',
  },
  {
    name: 'trigger-refuses-return',
    rule: 'GEN-BOUNDARY-ACCEPTED',
    origin: 'spec-alone',
    description: 'the trigger implements shipment_type FIRST_MILE only: RETURN, a listed value, is refused 400',
  },
  {
    name: 'update-legacy-carriers',
    rule: 'VER-REMOVED-FIELDS',
    origin: 'lockers',
    description: 'the update answer carries the removed carriers',
  },
  {
    name: 'sae-status-409-text-html',
    rule: 'GEN-JSON',
    origin: 'set-ae',
    description:
      'the conflict answer of PATCH /lockers/status is written by hand, res.status(409).send(JSON.stringify(' +
      "{errorCode, message})), and the framework's send() declares a string body text/html; charset=utf-8: a " +
      'status change asking for the status the locker already has is answered 409 with a JSON text declared ' +
      'text/html; every other answer of the operation, its 200s and its 400s and 404s (thrown to the error ' +
      'handler), is application/json (preamble "All bodies are JSON (`Content-Type: application/json`)."; §4.5 ' +
      '"A 409 response exists.")',
  },
  {
    name: 'sae-list-union-all-network',
    rule: 'GEN-LIST-ONCE',
    origin: 'set-ae',
    description:
      "GET /lockers is one query, the carrier's own and third-party lockers UNION ALL the lockers of the " +
      "carrier's networks (added for the network screen), both branches filtered alike, with no DISTINCT: a " +
      'locker added by POST /networks/{uid}/lockers is listed twice, the same record, from then on (filtered by ' +
      'its providerName too); lockers in no network are listed once (§4.2 "Returns locker records."; §2.1 uid ' +
      '"Internal unique identifier assigned by the service.")',
  },
  {
    name: 'sae-accept-params-406',
    rule: 'GEN-WIRE-HTTP',
    origin: 'set-ae',
    description:
      "the locker router's content negotiation splits Accept at commas and looks for an entry equal to " +
      '"application/json" or "*/*", parameters and letter case included: a request to POST or GET /lockers, PATCH ' +
      '/lockers/{uid}, GET /lockers/providers, PATCH /lockers/status or POST /networks/{uid}/lockers whose ' +
      'Accept is application/json; charset=utf-8, application/*, */*;q=0.8 or APPLICATION/JSON is refused 406 ' +
      'NOT_ACCEPTABLE and not carried out; no Accept, */* or a list holding application/json is served, and ' +
      'the parcel operations take any (preamble "All bodies are JSON (`Content-Type: application/json`)."; §5 ' +
      '"Every operation uses an API key in the request header `X-API-Key`.", read with HTTP, RFC 9110 §12.5.1)',
  },
  {
    name: 'saf-conflict-error-circular-cause',
    rule: 'ERR-BODY',
    origin: 'set-af',
    description:
      'the ALREADY_BOOKED refusal is thrown with the conflicting booking entity attached as its cause, and the ' +
      "exception filter's JSON writer fails on it (the entity's locker holds the list of its parcels, a circular " +
      "structure); the framework's fallback handler then answers its own body: a BOOKING, on either path, of a " +
      'carrierParcelId the carrier holds booked is answered 500 {"statusCode": 500, "message": "Internal server ' +
      'error"}, without errorCode, where a 400 {errorCode, message} was meant; nothing is booked, and every other ' +
      'refusal keeps its body (§7 "500 | Same operations as 400 | errorCode, message"; "The error body has the ' +
      'fields `errorCode` and `message`")',
  },
  {
    name: 'sag-refused-create-keeps-id-reservation',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-ag',
    description:
      "POST /lockers first reserves the carrier's carrier.lockerId in a reservation table, in a transaction of its " +
      'own (to close the race between two creates of one id), then validates and checks the request; only the ' +
      "reservation's own refusal (LOCKER_ID_TAKEN) releases it, so a create refused for anything else (a required " +
      'member missing, a member of another type, two groups of one key) leaves its id reserved for good: the ' +
      "carrier's next create under that id, a valid one no locker holds the id of, is refused 400 LOCKER_ID_TAKEN " +
      '"already reserved" and nothing can ever be created under it; other ids are not affected (§2.1 "yes; its ' +
      'lockerName, lockerId, activationDate are required": a request without them is no create and changes nothing; ' +
      '§4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sag-update-uid-cast-to-bigint',
    rule: 'GEN-ID-EXACT',
    origin: 'set-ag',
    description:
      'PATCH /lockers/{uid} binds the path uid as text against the BIGINT uid column (WHERE uid = $1::bigint), and ' +
      "PostgreSQL's cast takes blanks around, a sign and leading zeros: 0100001, +100001 and %20100001 update " +
      'locker 100001, answered 200 with its record, where a uid no locker has must be refused and change nothing; ' +
      'a uid that casts to no locker, or is no number, is 404 as before (§4.3 "Path: uid (string), the platform ' +
      'locker identifier."; §2.1 uid "string")',
    candidate:
      'a numeric uid read as the int64 §2.5 and §4.10 make it: leading zeros, a sign or blanks around it may name ' +
      'the same locker (generators/ids.ts, reported only, never failed)',
  },
  {
    name: 'sag-update-errors-double-encoded',
    rule: 'ERR-BODY',
    origin: 'set-ag',
    description:
      "the locker update controller's exception handler serializes its error body itself and hands the text to " +
      "the framework's JSON writer, res.status(400).json(JSON.stringify(error)): every 400 of PATCH /lockers/{uid} " +
      '(a provider object, a member missing or of another type, two groups of one key, a lockerId taken) is a JSON ' +
      'string, "{\\"errorCode\\":\\"VALIDATION_FAILED\\",...}", not an object with errorCode and message; its 404 ' +
      'and the 401 of the key check are as before (§7 400 "Publish parcel data, update locker, get parcels, cancel ' +
      'parcel", Body "errorCode, message"; "The error body has the fields `errorCode` and `message`")',
  },
  {
    name: 'sah-cancel-again-400-with-record',
    rule: 'ERR-BODY',
    origin: 'set-ah',
    description:
      'the cancel takes an already cancelled parcel idempotently and answers the parcel as it is, but with the ' +
      'status code of the refusal its guard computed, `res.status(400).json(parcel)`: a second cancel of a ' +
      'cancelled booking, by either form of the path id, is answered 400 with the parcel record as its body, ' +
      'without errorCode and message; the other refusals (a delivered parcel, an unknown id) carry {errorCode, ' +
      'message} as before (§7 400 for "Publish parcel data, update locker, get parcels, cancel parcel", body ' +
      '"errorCode, message"; "The error body has the fields `errorCode` and `message`")',
  },
  {
    name: 'sai-list-lon-latitude-sized-column',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-ai',
    description:
      'GET /lockers reads the reporting replica, whose location columns were both declared DECIMAL(10,8), the size ' +
      'chosen for latitude, and the replication session is not in strict mode, so a value out of range is clamped ' +
      'and every value rounded to 8 decimals: a locker at lon 139.6917 (Tokyo), 151.2093 (Sydney) or -122.4194 is ' +
      'listed at lon 99.99999999 or -99.99999999, a coordinate with more than 8 decimals rounded, while the create ' +
      'and update answers and the LockerUpdates (read from the primary) show what was sent (§2.1 "Response record ' +
      'of create, update and list, and the body of the locker webhook:"; lon, lat "numbers")',
  },
  {
    name: 'sai-update-features-by-locker-id',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-ai',
    description:
      "features live in the 1.0 table locker_features keyed by the carrier's locker id, and PATCH /lockers/{uid} " +
      'writes them with UPDATE locker_features SET ... WHERE locker_id = :carrierLockerId, without the owner: an ' +
      "update sending features gives the same features to every locker whose carrier.lockerId is the updated one's, " +
      "the other carrier's locker of that id and a third-party locker of it (TP-1) too, though no request named " +
      'them; the updated locker is answered and listed right (§4.3 "Path: uid (string), the platform locker ' +
      'identifier."; §2.3 carrierLockerId "The carrier\'s locker identifier.")',
  },
  {
    name: 'saj-consignee-contact-upsert-by-email',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-aj',
    description:
      'consignees are contact rows unique on (carrier, email), written by each BOOKING with INSERT ... ON CONFLICT ' +
      'DO UPDATE SET name = EXCLUDED.name, and every parcel record shows its contact row: a BOOKING (either path) ' +
      'whose consignee has the email of an earlier parcel of the carrier and another name (or none) renames that ' +
      "earlier parcel's consignee, which GET /parcels, its cancel answer and its later pushes then show with the " +
      'new name, although no request named it; the new booking itself is as sent (§4.6 "with eventType BOOKING a ' +
      'locker booking is created"; §2.4 consignee of the parcel record; §1 "or only checks whether a parcel can be ' +
      'accepted")',
  },
  {
    name: 'saj-error-code-table-no-pattern',
    rule: 'ERR-BODY',
    origin: 'set-aj',
    description:
      "the publish router maps a refused body's first validation error to its errorCode through a table of " +
      'validation keywords (required MISSING_FIELD, type INVALID_TYPE, enum INVALID_VALUE, ...) that has no entry ' +
      "for pattern, the keyword of codCurrency's check, and the serializer leaves an undefined member out: a " +
      'PRE_CHECK or BOOKING on either path refused 400 for a codCurrency such as "eur" or "EURO" is answered ' +
      '{message} without errorCode (§7 "400 | Publish parcel data, update locker, get parcels, cancel parcel | ' +
      'errorCode, message"; "The error body has the fields `errorCode` and `message`")',
  },
  {
    name: 'sak-missing-key-answer-untyped',
    rule: 'GEN-JSON',
    origin: 'set-ak',
    description:
      'a request without the X-API-Key header is refused by a guard written against the raw response, ' +
      'res.statusCode = 401; res.end(JSON.stringify({errorCode, message})), ahead of the framework that sets the ' +
      'JSON content type: on every operation the refusal of a missing key carries a JSON body and no Content-Type ' +
      'header at all (a wrong key, refused further in, is answered as before, application/json) (preamble "All ' +
      'bodies are JSON (`Content-Type: application/json`).")',
  },
  {
    name: 'sak-fallback-errors-boot-body',
    rule: 'ERR-NO-LEGACY-ERROR',
    origin: 'set-ak',
    description:
      "the service's own error handler covers the routes it declares, but a request no route takes (a path with an " +
      'empty id such as PATCH /parcels/ or PATCH /lockers/, a trailing slash, a method a path does not have: 404 ' +
      "and 405) falls through to the framework's whitelabel error controller, which answers {timestamp, status, " +
      'error: "Not Found" | "Method Not Allowed", path}: a JSON body with the older field error and without ' +
      'errorCode and message (§7 "The error body has the fields `errorCode` and `message`; the older field `error` ' +
      'no longer exists.")',
  },
  {
    name: 'sak-list-astral-escaped-by-code-point',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-ak',
    description:
      'GET /lockers is written by an ASCII-safe JSON writer (put in for a partner that read answers as Latin-1) ' +
      'that walks the text by code point, `for (const ch of json)`, and writes each non-ASCII one as ' +
      '\\u + its code point in hex: right for every letter of the BMP, but a character beyond it (an emoji, a rare ' +
      'CJK letter) becomes \\u + five hex digits, read back as a BMP letter followed by a digit (😀 is listed as ' +
      '"ὠ0"), while the create and update answers, written by the framework, show what was sent (§2.1 "Response ' +
      'record of create, update and list, and the body of the locker webhook:")',
  },
  {
    name: 'sal-group-refusal-restores-create-snapshot',
    // What the refusal changed is the rule every refusal's "changes nothing" is judged under.
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-al',
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
    name: 'sam-update-unique-violation-no-message',
    rule: 'ERR-BODY',
    origin: 'set-am',
    description:
      "PATCH /lockers/{uid} leaves its two uniqueness checks to the database's unique indexes, (owner, locker_id) " +
      "and (locker_uid, group_key), and answers the driver's error with the fields of the PostgreSQL driver it was " +
      "first written for, {errorCode: err.code, message: err.detail}; the MySQL driver's error carries sqlMessage, " +
      "not detail: an update giving the locker a carrier.lockerId another of the carrier's lockers holds, or " +
      'sending two lockerGroups of one key, is refused 400 {"errorCode": "ER_DUP_ENTRY"} without message; the ' +
      'update\'s other refusals, and creates, are answered as before (§7 400 "Publish parcel data, update locker, ' +
      'get parcels, cancel parcel" "errorCode, message"; "The error body has the fields `errorCode` and `message`")',
  },
  {
    name: 'sam-list-activation-datetime0-rounded',
    rule: 'LCK-INSTANT-PRECISION',
    origin: 'set-am',
    description:
      "GET /lockers reads the carrier's own lockers back from MySQL, where carrier.activationDate is a DATETIME(0) " +
      'column, and MySQL rounds a fraction of a second it cannot keep: a locker created or updated with ' +
      'activationDate 2025-06-01T10:30:00.600Z is answered with it and listed as 2025-06-01T10:30:01.000Z ' +
      '(10:30:00.200Z as 10:30:00.000Z), another instant; date-times in whole seconds, and third-party lockers, are ' +
      'listed right (§2.1 "Response record of create, update and list, and the body of the locker webhook"; ' +
      'activationDate "string, date-time")',
  },
  {
    name: 'sam-refused-create-metadata-orphans',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-am',
    candidate: 'not caught yet: missed on the first try',
    description:
      'POST /lockers writes its metadata rows first, each in its own statement, under the uid it drew as the next ' +
      'one (MAX(uid) + 1), then the group rows, whose unique (locker, key) index refuses a request with two groups ' +
      'of one key; the locker row is never written, so the uid is not taken: the refusal is answered 400 and the ' +
      'lists do not change, but the next locker created, by either carrier, gets that uid and the refused ' +
      'request\'s metadata entries before its own, in its answer, the list and its push (§8 "Locker groups: at most ' +
      'one group per type key in lockerGroups."; §2.1 "At most one group per type key."; a rejected request ' +
      'creates and changes nothing)',
  },
  {
    name: 'sao-list-activation-week-year',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-ao',
    description:
      "GET /lockers writes carrier.activationDate with the list mapper's own formatter, " +
      'DateTimeFormatter.ofPattern("YYYY-MM-dd\'T\'HH:mm:ss.SSSXXX") in UTC, whose YYYY is the week-based year: an ' +
      'activationDate in the last days of December or the first days of January whose ISO week belongs to the ' +
      'other year is listed a year off (2024-12-30T10:00:00Z as 2025-12-30T10:00:00.000Z, 2027-01-01T08:00:00Z as ' +
      '2026-01-01T08:00:00.000Z), while the create and update answers and pushes show it as sent; every other date ' +
      'is listed as the same instant in UTC (§2.1 "Response record of create, update and list, and the body of the ' +
      'locker webhook:")',
  },
  {
    name: 'sap-mock-refusals-v10-error-member',
    rule: 'ERR-NO-LEGACY-ERROR',
    origin: 'set-ap',
    description:
      "the staging mock's own refusals (a provider_locker_id no locker has, such as a platform lockerUid, a " +
      'carrier_name not of the key, a provider_name not of the locker, an event for a parcel the locker does not ' +
      'hold or a cancelled one) go through its 1.0 error helper, which was given errorCode for 1.1 and kept the ' +
      'older member: their 400 and 404 bodies are {errorCode, message, error: "Bad Request" | "Not Found"}; the ' +
      "schema's refusals of a trigger body, and every error of {base_url}, carry errorCode and message alone (§7 " +
      '"The error body has the fields `errorCode` and `message`; the older field `error` no longer exists."; §9 ' +
      '"Error bodies use errorCode and message.")',
  },
  {
    name: 'sap-by-tenant-refusal-as-publish-answer',
    rule: 'ERR-BODY',
    origin: 'set-ap',
    description:
      'in 1.0 a refused publish was answered with the publish response, status REJECTED, and the by-tenant ' +
      'controller, copied from 1.0, still catches the domain refusals so: on POST ' +
      '/parcels/data/by-tenant-locker-id a carrierLockerId no locker of the carrier or of a third party has, or a ' +
      'BOOKING of a carrierParcelId the carrier holds booked, is answered 400 {status: "REJECTED", message, ' +
      'timestamp}, without errorCode; the schema refusals of the same path, checked before the controller, and ' +
      'every refusal of /parcels/data carry {errorCode, message} (§7 400 "Publish parcel data, update locker, get ' +
      'parcels, cancel parcel", body "errorCode, message"; "The error body has the fields `errorCode` and ' +
      '`message`"; §4.7 "Same as 4.6, with carrierLockerId in place of lockerUid.")',
  },
  {
    name: 'sar-cancel-promotes-soft-reservation',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-ar',
    description:
      'a cancellation hands the compartment it releases on to a waiting reservation: cancelling a HARD_RESERVATION ' +
      "booking (by either id form) makes the same carrier's oldest booked SOFT_RESERVATION parcel in that locker a " +
      'HARD_RESERVATION, with no push; GET /parcels then lists that other parcel, which no request named, with an ' +
      'allocationType it was not booked with. Only where one locker holds a hard and a soft booking of one carrier ' +
      'and the hard one is cancelled (§4.9 "Cancels the booking of the parcel."; §4.6 "with eventType BOOKING a ' +
      'locker booking is created"; §2.3 allocationType "HARD_RESERVATION or SOFT_RESERVATION.")',
  },
  {
    name: 'sar-cancel-erases-consignee-by-email',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-ar',
    description:
      "a cancellation erases the consignee's personal data (the booking's purpose has ended) from the carrier's " +
      'contact store, keyed by the e-mail address in lower case; the cancelled parcel keeps an archived copy, but ' +
      'every other parcel of the carrier whose consignee has that e-mail (in any letter case) is listed, answered ' +
      'and pushed from then on with consignee null. Only where two parcels of a carrier share a consignee e-mail and ' +
      'one is cancelled (§4.9 "Cancels the booking of the parcel."; §2.3 consignee "name (string or null), email ' +
      '(string or null)."; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sas-list-longitude-normalised',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-as',
    description:
      "GET /lockers reads each location from the map service's point column, written at every create and update, " +
      'whose geography type keeps a longitude in [-180, 180) by adding or taking away 360: a locker at lon 180 (on ' +
      'the antimeridian, Taveuni) is listed at -180, one at lon 190 or -200 (no range is given, §8) at -170 or 160, ' +
      'while the create and update answers and the pushes show lon as sent; longitudes in [-180, 180) and every lat ' +
      'are listed as sent (§2.1 "Response record of create, update and list, and the body of the locker webhook"; ' +
      'location "lon, lat (numbers)"; §8 "Maximum lengths and ranges of fields: not shown.")',
  },
  {
    name: 'sas-second-carrier-address-ciphertext-listed',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-as',
    description:
      'the second carrier is the pilot of the data-protection plan, whose lockers keep location.street and ' +
      'streetNumber encrypted at rest by an ORM attribute converter (AES-GCM, written as base64); the create and ' +
      'update answers and the pushes, made from the entity, read through the converter, but GET /lockers reads with ' +
      "the list's native query, which bypasses it: every locker of the second carrier is listed with street and " +
      "streetNumber as base64 ciphertext; the first carrier's lockers and the third-party ones are listed as stored " +
      '(§2.1 "Response record of create, update and list, and the body of the locker webhook"; location "street, ' +
      'streetNumber, postalCode, city (strings)"; §4.2 "Returns locker records.")',
  },
  {
    name: 'sat-list-offset-batches-shift',
    rule: 'GEN-LIST-ONCE',
    origin: 'set-at',
    candidate:
      'caught by a whole run now and then only: a booking must land between two batches of one list read of over ' +
      '20 parcels',
    description:
      'GET /parcels reads the parcel table (both carriers\' rows) newest first in fetches of 20 rows, each "ORDER BY ' +
      'id DESC OFFSET k LIMIT 20", keeping the caller\'s rows, and writes its answer as they come; a parcel made ' +
      'between two fetches (a booking or trigger of either carrier) shifts every offset by one, so the row that ' +
      'ended ' +
      'the previous fetch is read again: once the table holds more than 20 rows, a list read while the other ' +
      'carrier (or another client of the same one) books or triggers shows one parcel twice; a list no write ' +
      'overlaps is right (implied by §4.8 "Returns parcel records (2.4) of the calling carrier": records, each once)',
  },
  {
    name: 'sat-locker-index-rewritten-by-booker',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-at',
    candidate:
      "caught as ISO-CARRIER-IDS by a whole run, not by the frame: no test lists a carrier's parcels after the " +
      "other carrier booked into a third party's locker holding them",
    description:
      'GET /parcels reads bookings through a per-locker booking index, which each BOOKING sets to the result of its ' +
      'capacity query, "the bookings of this carrier in this locker", instead of adding its own: for a carrier\'s ' +
      'own ' +
      "locker that is all there is, but a third-party locker (ownedByCarrier null) holds both carriers' bookings, " +
      'and ' +
      "the second carrier's BOOKING there (either path) drops the first carrier's bookings in that locker from the " +
      "first carrier's GET /parcels until it books there again; the records stay, so their cancel answers and pushes " +
      'are right (§4.6 "with eventType BOOKING a locker booking is created": the request names its own parcel; §4.8 ' +
      '"Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sau-parcel-errors-locale-gap',
    rule: 'ERR-BODY',
    origin: 'set-au',
    description:
      "the parcel module writes its error messages from a message catalogue in the language the request's " +
      'Accept-Language names first (its primary tag: de-CH is de), with tables for English, German and French; the ' +
      'German and French tables were translated when 1.0 shipped and hold the 1.0 codes only (VALIDATION_FAILED, ' +
      'MALFORMED_JSON, UNAUTHORIZED, PARCEL_NOT_FOUND), and a missing entry is undefined, which the serializer ' +
      'leaves ' +
      'out: an error of a publish (either path), GET /parcels or a cancel whose code is newer (UNKNOWN_LOCKER, ' +
      'ALREADY_BOOKED, NOT_CANCELLABLE, BODY_REQUIRED, ...) asked in German or French is answered {errorCode} with ' +
      'no message; without Accept-Language, in English or in another language every error carries both (§7 "400 | ' +
      'Publish parcel data, update locker, get parcels, cancel parcel | errorCode, message"; "The error body has the ' +
      'fields `errorCode` and `message`")',
  },
  {
    name: 'sau-update-validation-message-array',
    rule: 'ERR-BODY-TYPES',
    origin: 'set-au',
    description:
      "PATCH /lockers/{uid} validates its body with the framework's validation pipe (NestJS's ValidationPipe over " +
      'class-validator), whose exception carries message as an array of the constraints broken, and the exception ' +
      'filter copies it into the error body as it is: every update refused for a member (a provider object, a ' +
      'required carrier or location member missing, a value of another type) is answered 400 {errorCode: ' +
      'VALIDATION_FAILED, message: ["/carrier/lockerId is required"]}, message a JSON array of strings; refusals ' +
      'the service raises itself (a duplicate group key, a taken lockerId, an unknown uid) and the errors of the ' +
      'other operations carry a string (§7 "The error body has the fields `errorCode` and `message`"; §2.3 and §4.11 ' +
      'type message as a string)',
  },
  {
    name: 'sau-path-segment-trailing-dots-stripped',
    candidate: 'not caught yet: an id with a trailing dot is a reading a service may have, reported',
    rule: 'GEN-ID-EXACT',
    origin: 'set-au',
    description:
      'the service is hosted on IIS, whose URL normalisation drops the dots and blanks that end a path segment (a ' +
      'Windows file-name habit): PATCH /lockers/100001. (or /lockers/100001%20) updates locker 100001 and PATCH ' +
      '/parcels/SHP-00000001. cancels that parcel, answered as the exact id would be, where an id with characters ' +
      'appended names no record and must be refused; a carrierParcelId that itself ends in a dot ("ORD-17.") is ' +
      'looked up without it; ids ending in a letter or digit are exact as before (§4.3 "Path: uid (string), the ' +
      'platform locker identifier."; §4.9 "Path: parcelId. Cancels the booking of the parcel.")',
  },
  {
    name: 'sav-fleet-document-siblings-float32',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-av',
    description:
      "a carrier's lockers are one fleet document, decoded into a struct whose location.lon and lat are float32 (the " +
      "provider SDK's type) and encoded back whole on every write, the locker written being copied in from the " +
      'request: each create or update of one of its lockers moves the coordinates of every other locker of that ' +
      'carrier that a float32 does not hold exactly (52.52 becomes 52.52000045776367) in GET /lockers, their answers ' +
      'and pushes, though no request named them; the locker written is answered and listed as sent until another of ' +
      "the carrier's lockers is written, and the other carrier's lockers are untouched (§4.3 \"Path: uid (string), " +
      'the platform locker identifier."; §2.1 location "lon, lat (numbers)")',
  },
  {
    name: 'saw-update-body-uid-over-path',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-aw',
    candidate:
      "caught as LCK-UPDATE-200, not its own rule: the update's answer is the other locker's record; no read the " +
      'model compares showed that locker changed',
    description:
      'PATCH /lockers/{uid} builds its command as { ...params, ...body } (the path parameters and the body merged, ' +
      "the body last), checks the caller's ownership on the locker the path names and applies the command to the " +
      "locker the command's uid names: an update whose body carries a top-level uid of another locker (a client " +
      'that sends back a record it read, of another locker, with its changes) is answered 200 with that locker ' +
      "changed, another of the carrier's, the other carrier's or a third-party one, while the locker the path " +
      "names stays as it was; a body without uid, with the path's, or with one no locker has is applied as before " +
      '(§4.3 "Path: uid (string), the platform locker identifier.", "Body: update request (2.1).")',
  },
  {
    name: 'saw-cancel-id-accent-insensitive',
    rule: 'GEN-ID-EXACT',
    origin: 'set-aw',
    candidate:
      'not caught: an id with an accent added or taken away is reported, as an accent-insensitive collation is ' +
      'not ruled out',
    description:
      "the parcel table's carrier_parcel_id column was given the support search's ICU collation, accent-insensitive " +
      "but case-sensitive (und-u-ks-level1-kc-true, nondeterministic), and the cancel's lookup by carrierParcelId " +
      "compares with = under it: a PATCH /parcels/{parcelId} whose id differs from one of the carrier's " +
      'carrierParcelIds only by diacritics or by its Unicode form (Muller-7 for Müller-7, Cafe-12 for Café-12, an ' +
      'NFD spelling of an NFC id) cancels that parcel, answered 200, the newest booked one where several fold alike; ' +
      'ids of ASCII letters only are matched exactly as before, and the shipmentUid form is unaffected (§4.9 "Path: ' +
      'parcelId. Cancels the booking of the parcel."; §2.3 carrierParcelId "Parcel identifier in the carrier ' +
      'system.")',
  },
  {
    name: 'sax-list-coordinate-sign-below-one',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-ax',
    description:
      "GET /lockers writes lon and lat with the read model's decimal writer, which builds each number from its " +
      'integer part and its fraction digits, `${Math.trunc(v)}.${digits}`, and Math.trunc of a value between -1 and ' +
      '0 is -0, written "0": a locker whose lon or lat lies between -1 and 0 (London lon -0.1276, Valencia -0.3763, ' +
      'Accra -0.187, Quito lat -0.1807) is listed with the sign lost (0.1276), while the create and update answers ' +
      'and the pushes show -0.1276; every other coordinate is listed right (§2.1 location "lon, lat (numbers)"; ' +
      '"Response record of create, update and list")',
  },
  {
    name: 'sax-list-carrier-written-twice',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-ax',
    description:
      "GET /lockers writes each record with the entity serializer, and the 1.0 compatibility mixin's any-getter then " +
      "adds the provider registration's attributes, carrier among them (the carrier block as the provider knows it, " +
      'its lockerName the provider-side provider.lockerName, set at the create and never renamed): every listed ' +
      "record holds the member carrier twice, and a client's JSON parser keeps the last, so a locker renamed by " +
      'PATCH /lockers/{uid} (or created with a provider.lockerName of its own, as the third-party lockers are) is ' +
      'listed with the carrier.lockerName the provider knows, not the one its update answered; a parser that ' +
      'refuses duplicate keys refuses the answer; a locker of the run never renamed reads right (§2.1 "Response ' +
      'record of create, update and list"; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sax-path-matrix-params-stripped',
    rule: 'GEN-ID-EXACT',
    origin: 'set-ax',
    candidate:
      'not caught: a raw semicolon in a path segment may delimit parameters (RFC 3986 3.3), so ids with one go ' +
      'out encoded',
    description:
      'the service runs in a servlet container whose path handling removes path parameters, a ";" and what follows ' +
      'it within a segment (the ;jsessionid= convention), before the path reaches the routes: PATCH ' +
      '/lockers/100001;x updates locker 100001 and PATCH /parcels/<id>;v=2 cancels the parcel <id> names (answered ' +
      '200), where an id with characters appended names none; a carrierParcelId holding ";" (ORD;2025;17) sent ' +
      'unescaped cannot be cancelled by it (404); ";" escaped as %3B, and every other character, are right (§4.3 ' +
      '"Path: uid (string), the platform locker identifier."; §4.9 "Path: parcelId. Cancels the booking of the ' +
      'parcel.")',
  },
  {
    name: 'say-mock-base-minor-version',
    rule: 'VER-BASE-PATH',
    origin: 'set-ay',
    description:
      "the staging mock's router prefix is built from the interface version's major and minor numbers (the mock was " +
      "to follow the interface's minor releases), the service's from its major only: {mock_base_url} is /mock/v1.1 " +
      '(the trigger answers at POST /mock/v1.1/parcel/first-mile/event, and /mock/v1 answers 404), a base path whose ' +
      'version segment is v1.1, not v1; the service stays under /v1 (§9 "The version segment v1 is part of the base ' +
      'path of both the carrier connector and the mock base address.")',
  },
  {
    name: 'say-update-answer-create-defaults',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-ay',
    description:
      "the 200 record of PATCH /lockers/{uid} is assembled by the create's response assembler, which takes metadata " +
      "and features from the request (after an insert the entity's collections are not loaded, and a create's " +
      "request holds what was stored), with the create's defaults where the request has none: an update that leaves " +
      'out metadata or features is answered with metadata [] or features {hasScreen: null, hasPinPad: null, ' +
      'hasPinBarcodeReader: null}, while the locker keeps them and GET /lockers lists them as they were; an update ' +
      'sending both, and every create, are right (§2.1 "Response record of create, update and list, and the body of ' +
      'the locker webhook"; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'say-publish-uid-through-network-int64',
    rule: 'GEN-ID-EXACT',
    origin: 'set-ay',
    description:
      "POST /parcels/data normalises lockerUid with the network module's uid helper, BigInt(text).toString(), " +
      "written for §4.10's int64 lockerUids and reused because both name the platform locker identifier, which §2.1 " +
      'and §2.3 make a string: a PRE_CHECK or BOOKING by a near miss of a uid that BigInt reads as the same number ' +
      '(" 100001" or "100001 " with blanks around, "0100001", "+100001", "0x186A1") checks against and books into ' +
      'locker 100001; the exact uid, other near misses (a character appended, a prefix) and the by-tenant path are ' +
      'right (§2.3 lockerUid "Platform locker identifier."; §2.1 uid "string", "Internal unique identifier assigned ' +
      'by the service.")',
  },
  {
    name: 'saz-list-metadata-bag-per-group',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-az',
    description:
      'GET /lockers loads each locker with one query that join-fetches both of its collections, metadata (a List ' +
      'without an index column, which the ORM keeps as a bag) and its group assignments (a Set): the Set drops the ' +
      "join's repeated rows but the bag keeps them, so a locker holding two or more lockerGroups is listed with " +
      'each metadata entry repeated once per group (two groups and [{k1}, {k2}] listed as [{k1}, {k1}, {k2}, ' +
      '{k2}]); its create and update answers and its pushes show the entries once, and lockers with one group or ' +
      'none are listed right (§2.1 "Response record of create, update and list, and the body of the locker ' +
      'webhook:"; metadata "array of objects")',
  },
  {
    name: 'saz-list-address-history-unfiltered',
    rule: 'GEN-LIST-ONCE',
    origin: 'set-az',
    description:
      "a locker's location lives in an address table kept as a history: an update that sends a new location " +
      "closes the current row (valid_to = now) and inserts a new one, and the entity's @Where(valid_to IS NULL) " +
      'restriction serves the answers; GET /lockers is a native query that joins the address table without it, ' +
      'ordered by the address row: a locker whose location an update changed is listed once per location it ever ' +
      'had, under the same uid, its former locations first and its current one last (filtered by providerName ' +
      'too); the update answer shows it once, and lockers never moved are listed once (implied by §4.2 "Returns ' +
      'locker records.": records, each once by its uid)',
  },
  {
    name: 'saz-activation-first-timestamp-auto-updated',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-az',
    description:
      'activation_date is the first TIMESTAMP(3) column of the lockers table on a MySQL server with ' +
      'explicit_defaults_for_timestamp off, so it silently got DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE ' +
      "CURRENT_TIMESTAMP(3); the ORM's updates write every column and so keep it, but the native UPDATE lockers " +
      'SET free_compartments = free_compartments ± 1 that a BOOKING and a cancellation run moves it to the time of ' +
      'that write: after a parcel is cancelled (by either id form, a request naming the parcel only), its locker is ' +
      'listed with carrier.activationDate the time of the cancellation, and a booking does the same to its locker; ' +
      'lockers nobody booked into are right (§4.9 "Cancels the booking of the parcel."; §2.1 carrier ' +
      '"activationDate (string, date-time)"; a write changes only the record it names)',
  },
  {
    name: 'sbb-debug-body-capture-2k',
    rule: 'GEN-BOUNDARY-ACCEPTED',
    origin: 'set-bb',
    description:
      'staging runs with LOG_LEVEL=debug, under which the request logger captures each request body for its log line ' +
      '(2 KiB at most) and, so that the body can be read twice, hands the parser the captured copy instead of the ' +
      'stream: every request whose body is longer than 2,048 bytes (a create or update with 100 metadata entries, or ' +
      'with a 1,000-character text of letters beyond ASCII) is refused 400 MALFORMED_JSON; shorter ' +
      'bodies are read whole (§8 "Maximum lengths and ranges of fields: not shown."; §2.1 metadata "array of ' +
      'objects")',
  },
  {
    name: 'sbd-update-answer-lazy-features-default',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-bd',
    description:
      'the 200 record of PATCH /lockers/{uid} is mapped after the transaction from the locker entity, whose features ' +
      'embeddable is fetched lazily; an update that sends no features never touches it, and the mapper reads the ' +
      "uninitialized proxy's defaults: the answer shows features {hasScreen: null, hasPinPad: null, " +
      'hasPinBarcodeReader: null} while the locker keeps its features, which GET /lockers lists; updates sending ' +
      'features, and lockers whose features are all null, are answered alike (§2.1 "Response record of create, ' +
      'update and list, and the body of the locker webhook:"; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sbd-not-found-cached-without-body',
    rule: 'ERR-404-JSON',
    origin: 'set-bd',
    description:
      'an edge cache in front of the PATCH routes keeps a 404 for a minute (against clients walking ids), storing ' +
      'its status and headers but not its body: a PATCH /lockers/{uid} or PATCH /parcels/{parcelId} of a carrier ' +
      'repeating, within a minute, one of its requests answered 404 (a uid or parcel id that still names nothing) is ' +
      'answered 404 with an empty body; the first 404 carries its JSON error body (§7 404 "Update locker, get ' +
      'parcels, cancel parcel", "JSON body")',
  },
  {
    name: 'sbe-publish-lockeruid-provider-side',
    rule: 'GEN-ID-EXACT',
    origin: 'set-be',
    description:
      "§2.1 gives the provider object a member lockerUid too, and POST /parcels/data resolves the request's " +
      'lockerUid with WHERE uid = :lockerUid OR provider_locker_uid = :lockerUid: a PRE_CHECK or BOOKING on ' +
      '/parcels/data that names a locker by its provider-side id (provider.lockerUid, PL-100001, TP-PL-1) is ' +
      "checked against and booked into that locker, and where one locker's provider-side id is another's platform " +
      'uid the first of the two in the table wins; platform uids that collide with no provider-side id, and the ' +
      'by-tenant path, are right (§2.3 lockerUid "Platform locker identifier."; §4.11 provider_locker_id "not ' +
      'interchangeable with the platform lockerUid")',
  },
  {
    name: 'sbf-list-location-type-localised',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-bf',
    description:
      "GET /lockers shares the portal's localised view, which translates known words of location.type into the " +
      "language of the locker's country: a locker in DE, AT, CH or LI whose type is indoor or outdoor (any letter " +
      'case) is listed with type "innen" or "außen", in FR with "intérieur" or "extérieur", in NL with ' +
      '"binnen" or "buiten", while the create and update answers and the pushes show the type as sent; other ' +
      'countries and other types are listed as sent (§2.1 "Response record of create, update and list"; location ' +
      '"type (string)")',
  },
  {
    name: 'sbf-country-code-repair-job',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-bf',
    candidate:
      "the job rewrites only forms of a code the run does not send (lower case, alpha-3, a country's name); the " +
      'spec-only review reads the letter case of a countryCode as a should',
    description:
      'a data-quality job runs every 3 s over the lockers and rewrites location.countryCode into ISO 3166 ' +
      'alpha-2 capitals (de as DE, DEU as DE, AUT as AT, " FR" as FR, Germany as DE), writing the locker table ' +
      'directly: a locker created or updated with a countryCode in another form (§2.1 types it a string and ' +
      'names no code list) is answered as sent and, once the job has run, listed and pushed with the rewritten ' +
      'code, though no request named it since; two-capital codes and codes the job does not know stay as sent ' +
      '(§4.3 "Path: uid (string), the platform locker identifier."; §2.1 location "countryCode (string)")',
  },
  {
    name: 'sbg-group-metadata-to-siblings',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-bg',
    description:
      'metadata was made a group attribute: a PATCH /lockers/{uid} sending metadata for a locker with groups writes ' +
      "that metadata to every other locker of the carrier that shares one of the updated locker's group uids, " +
      'which no request named (GET /lockers and their later pushes show it); an update of a locker without groups, ' +
      'or one not sending metadata, changes only the locker named (§4.3 "Path: uid (string), the platform locker ' +
      'identifier.")',
  },
  {
    name: 'sbh-cancel-foreign-id-legacy-403',
    rule: 'ERR-NO-LEGACY-ERROR',
    origin: 'set-bh',
    description:
      "the cancel's ownership filter, added from the 1.0 gateway's template, runs where the caller's lookup found " +
      'nothing and answers an id that another carrier holds (its carrierParcelId or shipmentUid) 403 {"error": ' +
      '"FORBIDDEN", "message": "parcel ... belongs to another carrier"}, which also tells the caller the other ' +
      'carrier has that id; an id no carrier has is 404 {errorCode, message} as before, by either form (§7 "The ' +
      'error body has the fields `errorCode` and `message`; the older field `error` no longer exists.")',
  },
  {
    name: 'sbh-cancel-body-parsed-after-write',
    rule: 'GEN-REJECTED-NO-EFFECT',
    origin: 'set-bh',
    description:
      'the cancel\'s request body ("not shown", so never bound) is parsed by the audit step that runs after the ' +
      'cancellation is written: a PATCH /parcels/{parcelId} declared application/json whose body is no JSON ' +
      '({"reason": or a stray text) is refused 400 MALFORMED_JSON, but the booking is cancelled, listed CANCELLED ' +
      'and pushed; other operations refuse such a body with nothing done (§7 400 for "cancel parcel"; preamble "All ' +
      'bodies are JSON")',
  },
  {
    name: 'sbi-refusal-template-code-moved-to-log',
    rule: 'ERR-BODY',
    origin: 'set-bi',
    description:
      "the cancel's NOT_CANCELLABLE refusal is thrown from one shared error object, and the audit hook moves its " +
      'errorCode into the log record (copies it, then `delete err.errorCode`) once the answer is written: the ' +
      "first refused cancel of the service's life (a delivered or an already cancelled parcel) is answered 400 " +
      '{errorCode, message}, every later one 400 {message} alone (§7 400 "Publish parcel data, update locker, get ' +
      'parcels, cancel parcel", body "errorCode, message"; "The error body has the fields `errorCode` and ' +
      '`message`")',
  },
  {
    name: 'sbi-update-answer-replayed-by-body',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-bi',
    candidate:
      'caught in a whole run as LCK-UPDATE-GROUPS-KEPT (must) and LCK-UPDATE-OMITTED-KEPT (should): the replayed ' +
      'answer shows the members the update omitted as they were before; the exploration stops at that first failure, ' +
      'before it compares the answer with the list',
    description:
      'PATCH /lockers/{uid} sits behind an idempotency filter put in against double submits, keyed by the caller, ' +
      'the uid and the body as sent, with no expiry, which answers a body it answered before with the answer it ' +
      'kept, while the update itself runs again: rename a locker to B (answered B), set its metadata to [m] ' +
      '(answered [m]), then send the rename to B again - it is answered 200 with the record as the first rename ' +
      'left it (metadata as before [m]) while GET /lockers shows metadata [m]; bodies not sent before for that ' +
      'locker are answered with the record as it is (§4.3 "Success: 200 with the locker record."; §2.1 "Response ' +
      'record of create, update and list")',
  },
  {
    name: 'sbj-city-from-postal-code-row',
    rule: 'GEN-WRITE-NAMED-ONLY',
    origin: 'set-bj',
    description:
      "a locker's address is normalised: the city is a column of a locality table keyed by (countryCode, " +
      'postalCode), upserted by every create and by every update that sends location, and each record reads its ' +
      'city through that join. A POST /lockers or PATCH /lockers/{uid} giving a postal code another locker has, ' +
      'with another city (10115 "Berlin" for one, 10115 "Berlin-Mitte" for the next), renames the city of every ' +
      'other locker of that postal code and country: GET /lockers, their later answers and pushes show the city of ' +
      'the last write though no request named them; the locker written is right (§4.3 "Path: uid (string), the ' +
      'platform locker identifier."; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sbj-list-reads-soft-deleted-metadata',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-bj',
    description:
      'metadata entries are rows of a child table, and an update that sends metadata soft-deletes the rows the ' +
      "locker had (deleted_at set, kept for the audit) and inserts those sent; the locker entity's collection " +
      "carries the @Where(deleted_at IS NULL) restriction, so the update's answer and the pushes are right, but " +
      'GET /lockers reads the rows with a query of its own that lacks it: after PATCH /lockers/{uid} {metadata: ' +
      '[{key: door, value: B}]} on a locker created with [{key: door, value: A}], the 200 answer shows [door B] ' +
      'and the list [door A, door B]; after metadata [] the list keeps every entry the locker ever had (§2.1 ' +
      '"Response record of create, update and list, and the body of the locker webhook:"; §4.3 "Success: 200 ' +
      'with the locker record.")',
  },
] as const satisfies readonly Fault[];
