// Faults on the locker, group, network and provider side and across operations, each in a class of its own (a cache
// not evicted, a value read once per batch, a WHERE without parentheses, a query builder's leftover condition, a
// silent LIMIT, a check of neighbours only, an insert before its delete, a digit string kept as a number, a merge
// patch, a debounce, a loader ahead of authentication, a connection that remembers its caller), and conformant
// variations (`ok-c-*`, rule 'none') the harness must let through. The behaviour is in handlers/set-c-faults.ts
// and at the `app.fault('sc-…')` points of the handlers.
import type { Fault } from '../fault';

const CONFORMANT = 'conformant variation';

export const SPEC_SET_C_FAULTS = [
  {
    name: 'sc-network-owned-cache',
    rule: 'NET-OWNED-ADDED',
    description:
      "the network add checks ownership against a cache of the carrier's owned locker uids, filled at its first " +
      'network add and never evicted when a locker is created: a locker created after that first add is taken as ' +
      'not owned and silently skipped, answered 200 without it (§4.10 "Behaviour: lockers owned by the carrier ' +
      'are added; lockers not owned by the carrier are silently skipped.")',
  },
  {
    name: 'sc-network-batch-provider-of-first',
    rule: 'NET-RECORD-AGREES',
    candidate:
      'caught as a should since a network add sends two lockers of different providers in one request ' +
      '(NET-RECORD-AGREES is a should: no sentence maps the members)',
    description:
      'the network add looks the provider up once per batch, for the first locker added (a batch was assumed to ' +
      "hold one provider's lockers): every record of the answer carries the first locker's providerName and " +
      'providerLockerStatus, so a batch of lockers of two providers describes the later ones with the wrong ' +
      'provider (§4.10 "Response: array of network locker records (2.5) for the newly added lockers."; §2.5 ' +
      'providerName, providerLockerStatus "yes")',
  },
  {
    name: 'sc-provider-filter-precedence',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    description:
      'GET /lockers writes visibility and the filter in one WHERE without parentheses ("owned_by = :carrier OR ' +
      'owned_by IS NULL AND provider_name = :name"): the providerName filter narrows the third-party lockers only, ' +
      'and the carrier\'s own lockers of every provider are listed under it (§4.2 "Optional filters are named by ' +
      'location, status, carrier and provider; the query parameter `providerName` exists.")',
  },
  {
    name: 'sc-list-filter-sticks',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    candidate:
      'caught as a should only: the closing read with no filter misses the lockers of other providers, ' +
      'and LCK-LIST-INCLUDES-CREATED is a should',
    description:
      'GET /lockers builds its query on a query builder held at module level, whose providerName condition is set ' +
      'when the parameter is given and never reset: after one filtered list, every list without providerName (of ' +
      'either carrier) is still filtered by the last value given (§4.2 "Returns locker records. Optional filters ' +
      '..."; the filter is optional, so a list without it shows every locker)',
  },
  {
    name: 'sc-locker-list-silent-cap',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    candidate:
      'not caught: a list of 50 records with no paging signal is not taken as read through, and ' +
      'LCK-LIST-INCLUDES-CREATED is a should',
    description:
      'GET /lockers reads the repository with a default page of 50 and answers its content alone, oldest first, ' +
      'with no page, size or total and no parameter that reaches the rest: once a carrier sees more than 50 ' +
      'lockers, the ones it created last are never listed (§4.2 "Returns locker records."; "Response envelope and ' +
      'pagination: not shown." leaves the form open, not a part of the records out of reach)',
  },
  {
    name: 'sc-groups-key-check-adjacent',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    description:
      'the one-group-per-key check compares each group with the one before it (a distinct-consecutive pass over ' +
      'input it took to be sorted): [region A, zone B, region C] is accepted and stored with two region groups; ' +
      'two groups of a key side by side are still refused, on create and update (§8 "Locker groups: at most one ' +
      'group per type key in lockerGroups."; §2.1 "At most one group per type key.")',
  },
  {
    name: 'sc-update-group-key-checked-against-held',
    candidate:
      'missed on the first try; caught by a full run since the covering sequence replaces the held ' +
      'group of the one key (not gated yet)',
    rule: 'LCK-UPDATE-200',
    description:
      'an update replaces the groups by inserting the new assignments before deleting the ones not sent, and the ' +
      'unique (locker, key) index is checked in between: an update that gives a held key another group is refused ' +
      '400 DUPLICATE_GROUP_KEY; sending the held groups again, or groups of new keys, is accepted (§2.1 "Update ' +
      'request (PATCH /lockers/{uid}): carrier, location, metadata, features and lockerGroups are all optional"; ' +
      '"At most one group per type key."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'sc-postal-code-leading-zero',
    rule: 'LCK-CREATE-ECHO',
    description:
      'a postal code of digits only is kept in a numeric column (the address normaliser parses it to check its ' +
      'range): 01067 is stored, answered, listed and pushed as "1067", on create and update; codes with letters ' +
      'or spaces and codes not starting with 0 are kept as sent (§2.1 location "street, streetNumber, postalCode, ' +
      'city (strings)"; §4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sc-update-opening-hours-merged',
    rule: 'LCK-OH-ALWAYS',
    description:
      'an update applies openingHours as a JSON merge patch onto the stored object, so members it leaves out are ' +
      'kept: a SCHEDULED locker updated to {accessMode: ALWAYS, exceptions: []} keeps its weeklySchedule and is ' +
      'answered, listed and pushed ALWAYS with a weeklySchedule (§2.1 rule 2 "When openingHours.accessMode is ' +
      'ALWAYS, weeklySchedule must be omitted.")',
  },
  {
    name: 'sc-locker-push-debounced',
    rule: 'WH-LOCKER-ON-STATUS',
    description:
      'LockerUpdates are debounced per locker: an event waits a second and a newer event of the same locker ' +
      'replaces it, so a create followed within a second by a status change pushes only the status change, and a ' +
      'disable then enable in quick succession pushes only the enable; events a second apart are all pushed (§3 "A ' +
      'locker status change (enabled or disabled) causes a locker event."; §6 LockerUpdates "A locker is created; ' +
      'a locker status changes (enabled/disabled).")',
  },
  {
    name: 'sc-update-404-before-auth',
    rule: 'AUTH-401-STATUS',
    candidate:
      'not caught: keyless requests name existing records only, and the status of a keyless request ' +
      'for an unknown record is a should (AUTH-401-STATUS)',
    description:
      "PATCH /lockers/{uid} loads the path's locker (among every carrier's) in a parameter loader that runs ahead " +
      'of the key check: without a key or with a wrong one, an unknown uid is answered 404 LOCKER_NOT_FOUND (a ' +
      'known one 401), so the operation answers, and tells which uids exist, without a key (§5 "Every operation ' +
      'uses an API key in the request header `X-API-Key`."; §7 401 on update locker)',
  },
  {
    name: 'sc-auth-cached-on-connection',
    rule: 'AUTH-KEY-REQUIRED',
    description:
      'the carrier found for the first authenticated request on a keep-alive connection is remembered on the ' +
      'socket, and later requests on that connection skip the key lookup: on a reused connection a request with ' +
      "no key, a wrong key or the other carrier's key is served as the carrier that connection first " +
      'authenticated (§5 "Every operation uses ' +
      'an API key in the request header `X-API-Key`."; §7 401)',
  },
  // Conformant variations: the spec leaves each open. A harness must not fail them.
  {
    name: 'ok-c-activation-date-utc',
    candidate: CONFORMANT,
    rule: 'none',
    description:
      'conformant: carrier.activationDate is kept as an instant and written in UTC, the fraction of a second as ' +
      'sent (.000 where none was): 2025-06-01T10:30:00+02:00 is answered and listed as ' +
      '2025-06-01T08:30:00.000Z, the same instant (§2.1 carrier "activationDate (string, date-time)": a date-time ' +
      'value, whose notation the spec does not say is kept)',
  },
  {
    name: 'ok-c-random-uids',
    candidate: CONFORMANT,
    rule: 'none',
    description:
      'conformant: created lockers get random 9-digit uids, neither increasing nor next to each other; lists keep ' +
      'creation order (§2.1 uid "Internal unique identifier assigned by the service."; §4.10 lockerUids integers: ' +
      'nothing says how uids are drawn)',
  },
  {
    name: 'ok-c-list-status-filter',
    candidate: CONFORMANT,
    rule: 'none',
    description:
      'conformant: GET /lockers also filters by query parameters status (carrier.status, exact) and city ' +
      '(location.city, exact), with providerName and each other (§4.2 "Optional filters are named by location, ' +
      'status, carrier and provider"; "Names of the remaining query parameters: not shown.")',
  },
] as const satisfies readonly Fault[];
