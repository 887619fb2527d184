// Faults in classes of their own on the locker, network, key and push side: a state encoded in another member of the
// record (a disabled locker closed by its opening hours), a save that deletes and re-inserts a row and cascades to
// another resource (REPLACE INTO and a network membership), a push written from captured changes instead of the
// record, a soft-delete restriction keyed on a status, an action run as the owner of the resource its path names
// rather than as the caller, flags kept in a bit field written with OR, numbers read from their raw token with a
// fixed-point pattern, an aggregate the driver returns as text, a request document kept as sent (mass assignment), a
// create made get-or-create on a natural key, a string identifier parsed as a 64-bit integer, and pushes routed
// through network topics; and conformant variations (`ok-j-*`, rule 'none') the harness must let through. Where each
// is switched on: handlers/set-j-faults.ts, and the lines that call it.
import type { Fault } from '../fault';

/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_J_FAULTS = [
  {
    name: 'sj-disable-closes-opening-hours',
    rule: 'LCK-OH-SCHEDULED',
    candidate:
      "caught on the first try by a full run (LCK-OH-SCHEDULED, WH-LOCKER-BODY): the rule's own tests never read " +
      'a locker after disabling it',
    description:
      'disabling a locker reuses the holiday closure, which closes a locker by giving it a schedule with no ' +
      'opening slot: a PATCH /lockers/status that takes carrier.status away from ACTIVE sets openingHours to ' +
      '{accessMode: SCHEDULED, weeklySchedule: [], exceptions kept}, and enabling it puts the hours back; the ' +
      "closure path never ran the record's validator, so a disabled locker is answered, listed and pushed (its " +
      'status change\'s LockerUpdates) SCHEDULED with an empty weeklySchedule (§2.1 rule 1 "When ' +
      'openingHours.accessMode is SCHEDULED, weeklySchedule must be present and non-empty."; §2.1 "Response record ' +
      'of create, update and list, and the body of the locker webhook")',
  },
  {
    name: 'sj-update-replace-drops-membership',
    rule: 'NET-MEMBERSHIP-KEPT',
    description:
      'PATCH /lockers/{uid} saves the locker with REPLACE INTO (MySQL deletes the row and inserts it again), and the ' +
      "network membership table's foreign key to the locker is ON DELETE CASCADE: every accepted update silently " +
      'takes the locker out of its network, so after add [A], an update of A (any member), add [A] again, the ' +
      'answer lists A once more as newly added; a status change (an UPDATE of one column) keeps the membership ' +
      '(§4.10 "Response: array of network locker records (2.5) for the newly added lockers."; "lockers owned by the ' +
      'carrier are added")',
  },
  {
    name: 'sj-status-push-delta-only',
    rule: 'WH-LOCKER-BODY',
    description:
      'the LockerUpdates of a status change is produced by change-data capture on the status column, and the ' +
      'outbox row carries what changed, not the record: its body is {uid, carrier: {status}, eventTimestamp}, with ' +
      'no provider, location, features, openingHours, metadata, ownedByCarrier or compartmentTypes and no ' +
      "carrier.lockerName, lockerId or activationDate; the create's LockerUpdates carries the whole record (§6 " +
      'LockerUpdates body "Locker record (2.1) plus eventTimestamp."; §2.1 "Response record of create, update and ' +
      'list, and the body of the locker webhook")',
  },
  {
    name: 'sj-inactive-soft-deleted',
    rule: 'LCK-STATUS-CHANGE',
    description:
      "the locker entity still carries the soft-delete restriction of the retired 'delete locker' feature, " +
      "@Where(status <> 'INACTIVE'), on every query of the locker repository the locker endpoints use: once PATCH " +
      '/lockers/status makes a locker INACTIVE (answered 200 and pushed), GET /lockers no longer lists it, and PATCH ' +
      '/lockers/{uid} and PATCH /lockers/status answer 404 LOCKER_NOT_FOUND for it, so it can never be enabled ' +
      'again (§4.5 "Updates the status of an existing locker."; §3 "A locker status change (enabled or disabled) ' +
      'causes a locker event."; §4.2 "Returns locker records.")',
  },
  {
    name: 'sj-network-owner-from-path',
    rule: 'NET-NOT-OWNED-SKIPPED',
    description:
      "POST /networks/{uid}/lockers loads the network by its path uid alone and runs the add as the network's " +
      "owner (the ownership query is given network.ownerId, not the caller's): under another carrier's key, naming " +
      "a carrier's network uid and that carrier's lockers adds them to its network and lists them in the answer, " +
      "while the caller's own lockers are skipped as not owned; requests to a carrier's own network are right " +
      '(§4.10 "lockers owned by the carrier are added; lockers not owned by the carrier are silently skipped."; §8 ' +
      '"Adding lockers to a network skips, without error, lockers the carrier does not own.")',
  },
  {
    name: 'sj-features-or-merged',
    rule: 'LCK-UPDATE-200',
    description:
      'features are kept as a bit field and PATCH /lockers/{uid} writes the sent ones with a bitwise OR onto the ' +
      'stored bits (flags = flags | :sent), so a feature once true cannot be turned off again: an update sending ' +
      'hasScreen false (or null) to a locker that has hasScreen true is answered 200 and listed with hasScreen ' +
      'true; creates, and changes from false or null to true, are right (§4.3 "Success: 200 with the locker ' +
      'record."; §2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null.")',
  },
  {
    name: 'sj-coordinates-exponent-refused',
    rule: 'GEN-WIRE-JSON',
    description:
      'POST /lockers and PATCH /lockers/{uid} read location.lon and location.lat from their raw JSON tokens into a ' +
      'fixed-point decimal (to keep their digits exactly) with a pattern of digits, a point and digits: a ' +
      'coordinate written in exponent notation, the same number (5.252e1 for 52.52, 1.34E1 for 13.4), is refused ' +
      '400 VALIDATION_FAILED while the plain text of the same body is accepted (preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`)."; §2.1 location "lon, lat (numbers)")',
  },
  {
    name: 'sj-compartment-count-as-text',
    rule: 'LCK-RECORD-SHAPE',
    candidate:
      'caught on the first try by a full run (LCK-RECORD-SHAPE): it shows in the list of a locker holding a ' +
      "booking, which the rule's own tests never read",
    description:
      "GET /lockers takes a locker's compartmentTypes from a query that counts the free compartments of each size " +
      '(count minus the parcels booked) for lockers holding bookings, and the database driver (node-postgres) ' +
      'returns that bigint expression as a string: in the list, every compartmentTypes[].count of a locker with a ' +
      'BOOKED parcel is a string ("11"); lockers without bookings, and the create, update and status answers and ' +
      'the pushes, carry integers (§2.1 compartmentTypes "Each has size (string), count (integer), height, width, ' +
      'length (integers)."; "Response record of create, update and list")',
  },
  {
    name: 'sj-create-keeps-unknown-members',
    rule: 'VER-REMOVED-FIELDS',
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
    name: 'sj-create-get-or-create-by-locker-id',
    rule: 'LCK-CREATE-ID-TAKEN',
    description:
      "POST /lockers was made idempotent on the carrier's own locker identifier (get-or-create by carrier.lockerId, " +
      "so that a retried create does not fail): a create whose carrier.lockerId one of the carrier's lockers " +
      "already has is answered 201 with that locker's record, its uid, name, location and the rest, whatever the " +
      'body says, and nothing is created or pushed (§2.1 uid "Internal unique identifier assigned by the service."; ' +
      '§4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sj-uid-parsed-as-int64',
    rule: 'GEN-ID-EXACT',
    description:
      'the locker lookup of PATCH /lockers/{uid} and PATCH /lockers/status parses the uid with Long.parseLong ' +
      '(the id column is a BIGINT) and its NumberFormatException escapes: a uid of digits beyond ' +
      '9223372036854775807 (99999999999999999999), a string no locker has, is answered 500 INTERNAL_ERROR "For ' +
      'input string", not a 4xx; shorter unknown uids are 404 (§4.3 "Path: uid (string), the platform locker ' +
      'identifier."; §7 404 "Update locker, get parcels, cancel parcel")',
  },
  {
    name: 'sj-status-push-via-network-topic',
    rule: 'WH-LOCKER-ON-STATUS',
    description:
      'LockerUpdates of status changes are published on the topic of each network holding the locker, to which ' +
      "the carrier's webhook is subscribed (the create's goes straight to the carrier): a status change of a " +
      'locker in no network (never added with POST /networks/{uid}/lockers) is pushed to nobody; once the locker ' +
      'is in the carrier\'s network its status changes are pushed (§3 "A locker status change (enabled or ' +
      'disabled) causes a locker event."; §6 LockerUpdates "A locker is created; a locker status changes ' +
      '(enabled/disabled).")',
  },
  // Conformant variations: the spec leaves each open. A harness must not fail them.
  {
    name: 'ok-j-groups-echo-extra-members',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: where locker records echo lockerGroups (a choice: §2.1 makes them request only), each group ' +
      'carries assignedAt, when it was assigned to the locker, beside key and uid, in answers, lists and pushes ' +
      '(§2.1 "Structure of the group beyond key and uid, and the allowed key values: not shown.")',
  },
  {
    name: 'ok-j-compartments-free-count',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: compartmentTypes[].count is the number of free compartments of that size, an integer: each ' +
      'parcel booked in the locker (shipmentStatus BOOKED) takes one, smallest size first, so a booking lowers a ' +
      'count and its cancellation raises it again, in answers, lists and pushes (§2.1 compartmentTypes "Each has ' +
      'size (string), count (integer), height, width, length (integers)."; nothing says what count counts)',
  },
  {
    name: 'ok-j-locker-push-on-update',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: every accepted PATCH /lockers/{uid} also pushes a LockerUpdates with the updated record and ' +
      'eventTimestamp, as creates and status changes do (§1 "the service sends webhook calls to a ' +
      'carrier-provided URL about locker updates"; §6 LockerUpdates "Sent when" names a create and a status ' +
      'change, and no sentence says no other locker change is pushed)',
  },
] as const satisfies readonly Fault[];
