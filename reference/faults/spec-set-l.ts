// Faults on the locker, provider, network, key and push side in classes of their own (a verified-key cache keyed by
// the key's id part, pushes fanned out by a provider topic, one publisher's mapper in snake_case, a point written with
// its coordinates swapped, an optimistic-lock version cached stale, a path id ignored for the caller's default
// resource, a membership keyed by a mutable natural key, an id sequence per tenant in a global key space, an inner
// join that drops parents without children, rows of the previous version never migrated, a class-level constraint
// older than a member, an outer join's null row), and conformant variations (`ok-l-*`, rule 'none') the harness must
// let through. Where each is switched on: handlers/set-l-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_L_FAULTS = [
  {
    name: 'sl-key-cache-by-key-id',
    rule: 'AUTH-KEY-REQUIRED',
    description:
      'keys are verified once and cached under their id part, the first 8 characters (the public prefix of an ' +
      'sk_live_... style key), and a key whose id part is cached is served as that carrier without its secret ' +
      "part being compared: once a carrier's key was taken, any key beginning with the same 8 characters (a wrong " +
      "key, a near miss, the other carrier's key where the keys share a prefix) is served as that carrier: the " +
      'second carrier then lists, creates, books and is pushed as the first; before any key is cached, and for keys ' +
      'of another prefix, keys are compared whole (§5 "1. Every operation uses an API key in the request header ' +
      '`X-API-Key`."; §7 401 on publish, update locker, get parcels, cancel parcel)',
  },
  {
    name: 'sl-locker-push-provider-topic',
    rule: 'WH-OWN-CARRIER',
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
    name: 'sl-status-push-snake-case',
    rule: 'WH-LOCKER-BODY',
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
    name: 'sl-update-coordinates-swapped',
    rule: 'LCK-UPDATE-200',
    description:
      'PATCH /lockers/{uid} writes a sent location through a native query, ST_MakePoint(:lat, :lon), where PostGIS ' +
      'takes (x = lon, y = lat), while the create goes through the ORM mapper: after an update sending location ' +
      '{lon: 13.4, lat: 52.5} the locker is answered, listed and pushed with lon 52.5 and lat 13.4; creates, and ' +
      'updates without location, keep the coordinates as sent (§4.3 "Success: 200 with the locker record."; §2.1 ' +
      'location "lon, lat (numbers)"; "When carrier or location is sent, its fields listed above as required are ' +
      'required.")',
  },
  {
    name: 'sl-status-stale-lock-version',
    rule: 'LCK-STATUS-CHANGE',
    candidate:
      'caught on the first try by a full run (LCK-STATUS-CHANGE), but its refusal is a 409, and §4.5 shows a 409 ' +
      '("A 409 response exists.") without its condition: the spec-only review made a 409 a should (LCK-STATUS-TAKEN)',
    description:
      'the status service writes carrier.status with the row version (@Version) it cached when it last read the ' +
      'locker, at its create or its last status write, for 10 minutes; PATCH /lockers/{uid} bumps the version ' +
      'without evicting that cache: after create, update, a PATCH /lockers/status asking for another status is ' +
      'answered 409 CONCURRENT_MODIFICATION, nothing changes and nothing is pushed, and so is every status change ' +
      'of that locker for the next 10 minutes; lockers never updated change status as asked (§4.5 "Updates the ' +
      'status of an existing locker."; §3 "A locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sl-network-path-uid-ignored',
    rule: 'GEN-ID-EXACT',
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
    name: 'sl-network-membership-by-locker-id',
    rule: 'NET-OWNED-ADDED',
    description:
      "network membership rows are keyed by (network, carrier.lockerId), the carrier's own identifier the network " +
      "screen shows, and looked up by the locker's current one: after add [A], an update giving A another " +
      'carrier.lockerId, add [A] again, A is answered as newly added once more; and a locker created later under ' +
      "A's old carrier.lockerId is taken as a member and skipped, answered 200 without it; adds of lockers whose " +
      'carrier.lockerId never changed are right (§4.10 "Response: array of network locker records (2.5) for the ' +
      'newly added lockers."; "lockers owned by the carrier are added")',
  },
  {
    name: 'sl-uid-sequence-per-carrier',
    rule: 'LCK-UPDATE-200',
    description:
      "uids are drawn from a sequence per carrier (the tenant-partitioned schema's), each from the first uid, but " +
      "the locker table is keyed by uid alone and the repository's save() with an assigned id merges into the row " +
      "that has it: the second carrier's first create is answered 201 with the uid of the first carrier's first " +
      "locker and takes its row over, so that locker is gone from the first carrier's list and PATCH answers it " +
      "404; the N-th create of each carrier meets the other's N-th; a single carrier's creates are right (§2.1 uid " +
      '"Internal unique identifier assigned by the service."; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sl-list-inner-join-metadata',
    rule: 'LCK-CREATE-ECHO',
    candidate:
      'missed on the first try; lockers with no metadata and with metadata emptied are sent now, and a list ' +
      'without them fails LCK-LIST-INCLUDES-CREATED, a should: which lockers GET /lockers holds is not stated (§4.2)',
    description:
      'GET /lockers reads each locker with its metadata aggregated in one query over an inner join with the ' +
      'metadata table: a locker created without metadata (or with []) is answered 201 but never listed, and a ' +
      'locker whose metadata an update empties drops out of the list; lockers with at least one metadata entry, ' +
      'the seeded ones among them, are listed (§2.1 create request metadata "no" (not required); §4.2 "Returns ' +
      'locker records."; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sl-seeded-lockers-unmigrated',
    rule: 'LCK-PROVIDER-FIELDS',
    description:
      'the locker documents the service held before 1.1 (the third-party lockers) were migrated by a backfill ' +
      'that copied provider.providerName to name, lockerModelVersion to lockerVersion and carrier.name to ' +
      'lockerName but removed none of them: GET /lockers shows every third-party locker with provider.providerName ' +
      'and provider.lockerModelVersion beside name and lockerVersion, and carrier.name beside lockerName; lockers ' +
      'created since are right (§2.1 rule 3 "The fields `providerName` and `lockerModelVersion` are no longer part ' +
      'of it."; §9 "carrier uses `lockerName` (older `name` deprecated, then removed).")',
  },
  {
    name: 'sl-update-groups-only-refused',
    rule: 'LCK-UPDATE-OPTIONAL',
    description:
      'the update DTO carries a class-level "at least one of carrier, location, metadata, features" constraint ' +
      'written before lockerGroups joined the update and never given it: an update sending only lockerGroups (or ' +
      'an empty body {}) is refused 400 VALIDATION_FAILED and the groups stay as they were; lockerGroups sent ' +
      'with any other member are applied (§2.1 "Update request (PATCH /lockers/{uid}): carrier, location, ' +
      'metadata, features and lockerGroups are all optional"; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sl-providers-unversioned-model-null',
    rule: 'PRV-ENTRY-SHAPE',
    description:
      'GET /lockers/providers reads the catalogue as providers LEFT JOIN models LEFT JOIN versions: a model ' +
      "onboarded before any of its versions (PROVIDER_NAME_7's M750) is answered as an entry of its own with " +
      'lockerVersion null; every other entry is right (§2.2 "Each entry has providerName (string), providerUid ' +
      '(string), lockerModel (string), lockerVersion (string). None of these is required to be present in a ' +
      'response.": absent is allowed, null is not a string)',
  },
  // Conformant variations: the spec leaves each open. A harness must not fail them.
  {
    name: 'ok-l-status-answer-204',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: a PATCH /lockers/status that changes the status is answered 204 with no body; the change is ' +
      'made, listed and pushed as before, and an unchanged status is answered as before (§4.5 "Request and ' +
      'response shape: not shown."; no success status is stated for it)',
  },
  {
    name: 'ok-l-locker-push-offset-timestamp',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      "conformant: LockerUpdates carry eventTimestamp in the service's zone, +02:00 " +
      '(2025-06-01T12:00:00.123+02:00 for 10:00:00.123Z), the same instant (§6 LockerUpdates body "Locker record ' +
      '(2.1) plus eventTimestamp."; §2.4 eventTimestamp "string": no format or zone is stated)',
  },
  {
    name: 'ok-l-created-locker-pending',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: a created locker waits for its installation: carrier.status and provider.status are PENDING ' +
      'whatever a create sends for them (members the create table does not list), in the create answer, the list ' +
      'and its LockerUpdates, until PATCH /lockers/status sets another (§2.1 rule 5 "Allowed values of ' +
      'carrier.status and provider.status: not shown beyond the example value ACTIVE."; §3 "Transitions: not ' +
      'shown.")',
  },
] as const satisfies readonly Fault[];
