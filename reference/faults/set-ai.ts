// Set AI: faults and conformant variations written from the spec alone, on the locker side and what surrounds it
// (create, list, update, status, the catalogue, network adds, LockerUpdates, two carriers, third-party lockers). The
// behaviour is in handlers/set-ai-faults.ts and handlers/set-ai-variations.ts.
import type { Fault } from '../fault';

const VARIATION = 'a conformant variation: the harness must let it through';

export const SET_AI_FAULTS = [
  {
    name: 'sai-list-zero-coordinate-hidden',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    origin: 'set-ai',
    description:
      'GET /lockers leaves out the lockers imported without a geocode, which the import wrote at (0, 0), with a ' +
      'condition meant as NOT (lat = 0 AND lon = 0) but written WHERE lat <> 0 AND lon <> 0: a locker created (or ' +
      'moved by an update) on the equator or the prime meridian, lat 0 or lon 0 alone (a kiosk in Greenwich, in ' +
      'Quito), is answered 201 (or 200) with its record and is never listed, filtered or not; lockers with neither ' +
      'coordinate 0 are listed as before (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 "Response record ' +
      'of create, update and list"). Written under LCK-CREATE-ECHO; the catalogue files a created locker the list ' +
      'leaves out under LCK-LIST-INCLUDES-CREATED',
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
    name: 'sai-status-legacy-column-read',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-ai',
    description:
      'the carrier-side status moved to a new column in a migration whose reader half was not finished: PATCH ' +
      '/lockers/status reads and writes carrier_status_v2 (its 409 guard, its answer and the LockerUpdates show ' +
      'the new status), while the locker service, which GET /lockers and PATCH /lockers/{uid} answer from, still ' +
      'reads the old column, written only by create and update: after a status change the list and every update ' +
      'answer show the status the locker had before its first status change (§4.5 "Updates the status of an ' +
      'existing locker."; §2.1 carrier status, "Response record of create, update and list")',
  },
  {
    name: 'sai-network-numeric-strings-as-numbers',
    rule: 'NET-RESPONSE-RECORD',
    origin: 'set-ai',
    description:
      'the network service is written in PHP and answers json_encode($records, JSON_NUMERIC_CHECK), a flag put ' +
      'in to write the ids of its own tables as numbers: every string member of a network locker record that ' +
      'is_numeric() takes (a lockerName "7", a carrierLockerId "0042" or "1e3", a providerName "24") is written as ' +
      'a JSON number (7, 42, 1000, 24); records whose strings hold any other character are as before (§2.5 ' +
      'providerName "string", lockerName "string", carrierLockerId "string", providerLockerId "string")',
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
    name: 'sai-network-names-by-uid-order',
    rule: 'NET-RECORD-LOCKER-NAME',
    origin: 'set-ai',
    description:
      'POST /networks/{uid}/lockers fetches the names of the lockers it added with one query, SELECT uid, ' +
      'locker_name FROM lockers WHERE uid IN (...) ORDER BY uid, and sets them on its records by position, the ' +
      'records being in the order the request named the lockers: an add naming new lockers in any order but ' +
      'ascending uid answers each record with the lockerName of another locker of the batch; a single locker, or ' +
      'lockers named in ascending uid order, are answered right (§2.5 lockerName "no; the carrier-assigned name")',
  },
  {
    name: 'sai-create-fills-locker-version',
    rule: 'LCK-CREATE-REQUIRED',
    origin: 'set-ai',
    description:
      "POST /lockers fills a provider.lockerVersion left out or null with the catalogue's newest version of the " +
      "model (a convenience of the carriers' SDK moved into the service), before the request is validated: a " +
      'create whose provider names a catalogue pair (PROVIDER_NAME_1, M100) without lockerVersion is answered 201 ' +
      'with lockerVersion "2.1"; a model the catalogue does not have is refused as before (§2.1 provider "yes; its ' +
      'name, lockerModel, lockerVersion are required")',
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
    name: 'sai-list-carriers-for-network-members',
    rule: 'LCK-LIST-CARRIER-OBJECT',
    origin: 'set-ai',
    description:
      'GET /lockers left-joins the network memberships for the network screen, and the ORM maps the joined rows ' +
      "into the locker entity's legacy carriers collection (kept for the 1.0 readers), which the serializer writes " +
      'when it is not empty: once POST /networks/{uid}/lockers added a locker, every list shows it with carriers ' +
      '[{lockerName, lockerId, status}] beside carrier; lockers in no network are listed as before (§9 "The locker ' +
      'list has a `carrier` object in place of `carriers`.")',
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
  // Conformant variations: choices the spec leaves open.
  {
    name: 'ok-ai-providers-retired-versions',
    candidate: VARIATION,
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: GET /lockers/providers also lists the versions a provider no longer ships (a version 0.9 of ' +
      'each model), each entry with an extra member retired (true for those, false for the others) (§4.4 "Query ' +
      'parameters: not shown."; §2.2 "None of these is required to be present in a response.", extra members not ' +
      'excluded)',
  },
  {
    name: 'ok-ai-network-status-requested',
    candidate: VARIATION,
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: a locker added to a network is answered with networkLockerStatus REQUESTED (the provider is ' +
      'asked to admit it) and an extra member networkUid (§2.5 "Allowed values of the three status fields: not ' +
      'shown beyond the examples ACTIVE and PENDING."; §3 "can appear with a network status such as PENDING")',
  },
  {
    name: 'ok-ai-network-skipped-header',
    candidate: VARIATION,
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: POST /networks/{uid}/lockers answers the uids it skipped (not owned, unknown) in a header ' +
      'X-Skipped-Locker-Uids, comma-separated; the body is the array of the newly added lockers as before (§4.10 ' +
      '"lockers not owned by the carrier are silently skipped"; headers not shown)',
  },
  {
    name: 'ok-ai-opening-hours-not-shown',
    candidate: VARIATION,
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: the service has no opening hours of its own (the provider keeps them), so no locker record, in ' +
      'an answer, a list or a LockerUpdates, carries openingHours (§2.1 lists openingHours in the record with no ' +
      'word that every record carries it; its rules 1 and 2 hold "When openingHours.accessMode is SCHEDULED" or ' +
      'ALWAYS, of a record that has it)',
  },
  {
    name: 'ok-ai-activation-date-trimmed-fraction',
    candidate: VARIATION,
    rule: 'none',
    origin: 'set-ai',
    description:
      "conformant: carrier.activationDate is written as Go's RFC3339Nano writes it, the offset it was sent with " +
      'kept and the trailing zeros of the fraction dropped (2025-06-01T10:30:00.000Z as 2025-06-01T10:30:00Z, ' +
      '...00.120+02:00 as ...00.12+02:00): the same instant (§2.1 activationDate "(string, date-time)")',
  },
  {
    name: 'ok-ai-status-push-changes',
    candidate: VARIATION,
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: the LockerUpdates of a status change carries, beside the record and eventTimestamp, an extra ' +
      'member changes: {"carrier.status": {from, to}} (§6 body "Locker record (2.1) plus eventTimestamp."; extra ' +
      'members not excluded)',
  },
  {
    name: 'ok-ai-locker-push-polled-outbox',
    candidate: VARIATION,
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: LockerUpdates go through an outbox a relay polls every 1.5 s, so each is delivered about 1.5 s ' +
      'after its create or status change (§6 "Delivery guarantees, retries and ordering: not shown.")',
  },
  {
    name: 'ok-ai-third-party-update-read-only',
    candidate: VARIATION,
    rule: 'none',
    origin: 'set-ai',
    description:
      "conformant: an update naming a third-party locker's uid is refused 400 LOCKER_READ_ONLY (the provider " +
      'manages it), not 404; unknown uids and other carriers\' lockers stay 404 (§7 400 for update locker; "Values ' +
      'of errorCode and the condition that yields each: not shown.")',
  },
  {
    name: 'ok-ai-list-locker-id-filter',
    candidate: VARIATION,
    rule: 'none',
    origin: 'set-ai',
    description:
      'conformant: GET /lockers takes a carrier filter lockerId (only lockers whose carrier.lockerId equals it), ' +
      'beside providerName (§4.2 "Optional filters are named by location, status, carrier and provider"; "Names of ' +
      'the remaining query parameters: not shown.")',
  },
] as const satisfies readonly Fault[];
