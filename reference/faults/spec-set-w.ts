// Faults on the locker side and across operations (create, list, update, status, provider catalogue, groups, network
// add, LockerUpdates, keys, error bodies, versioning) in classes of their own (a DTO collection bound as a Set, a key
// store that canonicalises keys, an event raised by one domain method of two, the framework's error attributes on
// the security chain's refusals, an address verification step, ownership read from a fleet view, a provider adapter
// that never confirms, an ISO-8859-1 string entity, a DTO field initialiser, a streaming reader with auto-commit, an
// aggregation stage left in the output, YAML's implicit float typing), and conformant variations (`ok-w-*`, rule
// 'none') the harness must let through. Where each is switched on: handlers/set-w-faults.ts (the faults),
// handlers/set-w-variations.ts (the variations), and the lines that call them.
import type { Fault } from '../fault';

/** Written from the spec alone: not gated until measured. */
const CANDIDATE = 'written from the spec alone; not yet measured';

export const SPEC_SET_W_FAULTS = [
  {
    name: 'sw-groups-bound-as-set',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    description:
      'the create and update DTOs declare lockerGroups as a Set of group DTOs whose equals/hashCode are key and uid ' +
      '(Lombok @Value), so the JSON binder collapses a group sent twice into one before the one-group-per-key ' +
      'validator runs: a POST /lockers or PATCH /lockers/{uid} whose lockerGroups holds the same group twice ' +
      '([{key: "region", uid: "g-1"}, {key: "region", uid: "g-1"}]) is answered 201/200 and the locker holds one ' +
      'group (the echo shows one), where two groups of one key must be refused; two groups of one key with ' +
      'different uids are still refused 400 (§8 "Locker groups: at most one group per type key in lockerGroups."; ' +
      '§2.1 "At most one group per type key.")',
    candidate:
      'a spec-only review: the very same group listed twice is one group of its key (§2.1 counts groups), so a ' +
      'service taking it as a set breaks no stated sentence',
  },
  {
    name: 'sw-key-separators-ignored',
    rule: 'AUTH-KEY-CASE',
    description:
      'keys are issued with dashes for reading them off a letter, and the key store looks a key no carrier has up ' +
      'again in its canonical form (dashes, underscores, dots and blanks removed), as a licence-key field does: ' +
      '"referencekeycarrier1", "reference_key_carrier_1" or the key with a "-" or "." appended is taken as that ' +
      "carrier's key on every operation (the request carried out, answered 2xx), where a key that is not the key " +
      'must be refused; a key differing in any letter or digit, a prefix, or no key is refused as before (§5 ' +
      '"Every operation uses an API key in the request header `X-API-Key`."; §4 "All operations need the API key ' +
      'header (section 5).")',
  },
  {
    name: 'sw-status-push-on-disable-only',
    rule: 'WH-LOCKER-ON-STATUS',
    description:
      'the status change raises its domain event in Locker.deactivate() only (added for the "locker went offline" ' +
      'alert); activate(), written later, changes the status and raises nothing: a PATCH /lockers/status taking a ' +
      'locker from ACTIVE to INACTIVE is pushed as LockerUpdates, one taking it back to ACTIVE is answered 200 and ' +
      'listed ACTIVE but never pushed; creates are pushed as before (§6 LockerUpdates "A locker is created; a locker ' +
      'status changes (enabled/disabled)."; §3 "A locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sw-auth-refusal-boot-error-attributes',
    rule: 'ERR-NO-LEGACY-ERROR',
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
    name: 'sw-create-address-standardized',
    rule: 'LCK-CREATE-ECHO',
    description:
      'the onboarding flow passes the sent address through the postal address verification service and stores the ' +
      'standardized form it returns, each word of street, streetNumber and city in title case ("hauptstrasse" as ' +
      '"Hauptstrasse", "12a" as "12A", "BERLIN" as "Berlin", "cc-street-x7" as "Cc-Street-X7"): the 201 answer, the ' +
      'list and the LockerUpdates show the standardized address, not the one sent; an address already written so, ' +
      'and every update (which skips the verification), is kept as sent (§4.1 "Success: 201 with the locker record ' +
      '(2.1)."; §2.1 "Response record of create, update and list", location "street, streetNumber, postalCode, ' +
      'city (strings)")',
  },
  {
    name: 'sw-network-owned-by-bookings',
    rule: 'NET-NOT-OWNED-SKIPPED',
    description:
      "the network add checks ownership against the carrier portal's fleet view, the carrier's own lockers and the " +
      'lockers it serves, i.e. every locker holding one of its booked parcels: a third-party locker (ownedByCarrier ' +
      'null) into which the carrier has a booking still BOOKED is added to the network and listed in the answer ' +
      '(networkLockerStatus PENDING), where it must be skipped; a third-party locker without such a booking, or ' +
      'after the booking was cancelled, is skipped as before (§4.10 "lockers not owned by the carrier are silently ' +
      'skipped"; §8 "Adding lockers to a network skips, without error, lockers the carrier does not own."; §2.1 ' +
      '"null means the locker belongs to a third-party provider")',
  },
  {
    name: 'sw-status-noop-provider-adapter',
    rule: 'LCK-STATUS-CHANGE',
    description:
      'carrier.status is stored when the provider adapter confirms the command; the answer and the LockerUpdates are ' +
      'made from the command itself. Only PROVIDER_NAME_1 and PROVIDER_NAME_2 have an adapter yet; the fallback ' +
      'adapter of every other provider answers success and never confirms: a PATCH /lockers/status of a locker of ' +
      'any other provider is answered 200 showing the new status and pushed with it, but GET /lockers keeps showing ' +
      'the status the locker had, for good (a repeat is accepted again); lockers of the two integrated providers ' +
      'change as asked (§4.5 "Updates the status of an existing locker."; §3 "A locker status change (enabled or ' +
      'disabled) causes a locker event.")',
  },
  {
    name: 'sw-locker-push-latin1-entity',
    rule: 'WH-LOCKER-BODY',
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
    name: 'sw-update-activation-stamped-now',
    rule: 'LCK-UPDATE-REQUIRED-MEMBERS',
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
    name: 'sw-network-add-streamed-elements',
    rule: 'GEN-REJECTED-NO-EFFECT',
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
    name: 'sw-filtered-list-match-field-left',
    rule: 'LCK-PROVIDER-FIELDS',
    description:
      'GET /lockers with providerName runs as an aggregation whose $addFields stage copies provider.name into the ' +
      '1.0 field provider.providerName (the collection index still covers it) for its $match, and no $project ' +
      'removes it: every record of a list filtered by providerName carries provider.providerName beside name; the ' +
      'unfiltered list, the answers and the pushes do not (§2.1 "The provider object uses `name`, `lockerModel`, ' +
      '`lockerVersion`. The fields `providerName` and `lockerModelVersion` are no longer part of it."; §9 "provider ' +
      'uses `name`, `lockerModel`, `lockerVersion` (older `providerName` and `lockerModelVersion` removed).")',
  },
  {
    name: 'sw-providers-yaml-version-floats',
    rule: 'PRV-ENTRY-SHAPE',
    description:
      'the catalogue of the providers onboarded since it moved to a YAML file (PROVIDER_NAME_5 to _7) is loaded ' +
      'with the default schema, which types an unquoted version like 1.0 or 2.1 as a float: GET /lockers/providers ' +
      'answers those entries with "lockerVersion": 1 and "lockerVersion": 2.1 (JSON numbers), the older providers\' ' +
      'entries with strings (§2.2 "Each entry has providerName (string), providerUid (string), lockerModel ' +
      '(string), lockerVersion (string).")',
  },
  {
    name: 'ok-w-metadata-entry-ids',
    rule: 'none',
    description:
      'conformant: every metadata entry of a locker record (answers, list, LockerUpdates) carries the row id the ' +
      'service gave it, {id, key, value}, kept while the entries stay as they are and new when an update replaces ' +
      'them; §2.1 says each entry "Each has key (string or null) and value (string or null)." and forbids no further ' +
      'member, so the sent entries are all there, as sent, with a member the service adds',
    candidate: CANDIDATE,
  },
  {
    name: 'ok-w-features-null-members-omitted',
    rule: 'none',
    description:
      'conformant: the features object is serialized without its null members (Jackson NON_NULL on the class), so ' +
      'a locker created without features shows "features": {} and one with hasPinPad null shows no hasPinPad; §2.1 ' +
      'types them "each boolean or null" and no sentence requires a null member to be written out (the weekly ' +
      'schedule is the one member the spec says is omitted or present), and a boolean sent is shown as sent',
    candidate: CANDIDATE,
  },
  {
    name: 'ok-w-list-third-party-only-when-filtered',
    rule: 'none',
    description:
      "conformant: GET /lockers without providerName lists the carrier's own lockers only (its fleet), and the " +
      'third-party lockers appear in a list filtered by their providerName (a search); §4.2 says "Returns locker ' +
      'records." and "Optional filters are named by location, status, carrier and provider" without stating which ' +
      'lockers the list holds, every locker the carrier created is in both lists it belongs to, and the providerName ' +
      'filter still returns only lockers of that provider',
    candidate: CANDIDATE,
  },
  {
    name: 'ok-w-activation-date-local-offset',
    rule: 'none',
    description:
      'conformant: carrier.activationDate of a locker in a Central European country (countryCode DE, AT, FR, ...) is ' +
      'written in the locker\'s local time with its offset, the same instant: "2025-06-01T10:30:00Z" as ' +
      '"2025-06-01T12:30:00+02:00", "2025-01-15T10:30:00Z" as "2025-01-15T11:30:00+01:00", in answers, list and ' +
      'pushes; §2.1 types it "(string, date-time)" and states no zone it is written in',
    candidate: CANDIDATE,
  },
  {
    name: 'ok-w-locker-version-member',
    rule: 'none',
    description:
      'conformant: every locker record carries an extra member `version`, the row version of optimistic locking (0 ' +
      'when created, one more each time an update or a status change stored a change), in answers, list and ' +
      "pushes; §2.1 forbids no member beyond its table, and an extra member that moves with the locker's own " +
      'writes changes nothing the record table names',
    candidate: CANDIDATE,
  },
  {
    name: 'ok-w-providers-uid-omitted',
    rule: 'none',
    description:
      'conformant: GET /lockers/providers answers its entries with providerName, lockerModel and lockerVersion and ' +
      'without providerUid (the catalogue keeps no provider ids); §2.2 "None of these is required to be present in ' +
      'a response."',
    candidate: CANDIDATE,
  },
] as const satisfies readonly Fault[];
