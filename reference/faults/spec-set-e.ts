// Faults on the locker, provider, network, paging and authentication side and across operations, each in a class of
// its own (a guard reading the other side's column, pages counted from 1 in the offset only, an update laid over the
// registration document, a packed text column, a number pattern without a sign, a control break one row late, a
// lookup that throws where a skip belongs, a calendar without leap years, one record failing a whole list, a compare
// that throws on unequal lengths, a refusal returned as a result, the caller in a singleton's field), and conformant
// variations (`ok-e-*`, rule 'none') the harness must let through. The behaviour is in handlers/set-e-faults.ts; the
// handlers call it at the lines that name each fault.
import type { Fault } from '../fault';

export const SPEC_SET_E_FAULTS = [
  {
    name: 'se-status-conflict-reads-provider-status',
    rule: 'LCK-STATUS-TAKEN',
    description:
      'the "locker already has this status" guard of PATCH /lockers/status compares the requested status with ' +
      'provider.status (the entity property named status), not carrier.status: a locker disabled once (carrier ' +
      'INACTIVE, provider still ACTIVE) cannot be enabled again, its request for ACTIVE is answered 409 (200 and ' +
      'unchanged where an unchanged status is not a conflict) and no LockerUpdates is sent; the first disable ' +
      'works (§4.5 "Updates the status of an existing locker. A 409 response exists."; §3 "A locker status change ' +
      '(enabled or disabled) causes a locker event.")',
  },
  {
    name: 'se-page-window-one-based',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    candidate: 'not caught by the default run, whose lists are not paged; a staging-like run pages them',
    description:
      'where lists are paged (a paged or Spring envelope), the page parameter is turned into an offset as if pages ' +
      'counted from 1, (page - 1) * size and never below 0, while the envelope counts from 0: page 0 and page 1 ' +
      'hold the same records, and the last window, the newest records, is on no page up to totalPages - 1, on ' +
      'GET /lockers, /lockers/providers and /parcels alike; a list of one page is right (§4.2 "Returns locker ' +
      'records."; "Response envelope and pagination: not shown." leaves the form open, not records out of reach; ' +
      '§4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'se-update-rebased-on-registration',
    rule: 'LCK-UPDATE-200',
    description:
      'PATCH /lockers/{uid} lays the request over the registration document the locker was created with, not over ' +
      'the current record (carrier.status, kept in a table of its own, excepted): the first update is right, but a ' +
      'second one puts back every member it does not send as created, so an update of metadata after an update of ' +
      'location undoes the new location, in the answer, the list and later pushes (§2.1 "Update request (PATCH ' +
      '/lockers/{uid}): carrier, location, metadata, features and lockerGroups are all optional"; "When ' +
      'lockerGroups is omitted, the current groups remain unchanged."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'se-metadata-text-column',
    rule: 'LCK-CREATE-ECHO',
    candidate: 'not caught: no metadata key or value sent holds ; or =',
    description:
      'metadata is kept in one text column as key=value entries joined by ";" and read back by splitting on ";" ' +
      'and "=": an entry whose key or value holds either (a URL with a query, "ring twice; knock") comes back cut ' +
      '("https://x.example/?id=7" as "https://x.example/?id"; "ring twice; knock" as "ring twice" and a second ' +
      'entry {key: " knock", value: null}), in the create and update answers, the list and the pushes; metadata ' +
      'without either character is kept as sent ' +
      '(§2.1 metadata "array of objects", "Each has key (string or null) and value (string or null)."; §4.1 ' +
      '"Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'se-coordinates-sign-dropped',
    rule: 'LCK-COORDINATES-ECHO',
    candidate: 'caught as a should (LCK-COORDINATES-ECHO)',
    description:
      'the location is stored as a WKT point and read back with a number pattern that has no sign: a locker west ' +
      'of Greenwich or south of the equator (Lisbon, lon -9.1393) is answered, listed and pushed with lon 9.1393, ' +
      'on create and update; positive coordinates are kept as sent (§2.1 location "lon, lat (numbers)"; §4.1 ' +
      '"Success: 201 with the locker record (2.1)."; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'se-provider-pairs-control-break',
    rule: 'PRV-PAIRS-OF-LOCKERS',
    candidate: 'caught as a should (PRV-PAIRS-OF-LOCKERS)',
    description:
      'GET /lockers/providers groups the catalogue rows (sorted by provider) into providers with a control-break ' +
      'loop that takes the next provider only after writing the row that changed it: the first pair of every ' +
      "provider but the first is listed under the provider before it (M200 1.0 under PROVIDER_NAME_1's " +
      'providerName and providerUid), so that provider seems to lack a pair it has (§4.4 "Returns the locker model ' +
      'and version pairs per provider (2.2)."; §1 "list the locker model and version pairs that exist per ' +
      'provider")',
  },
  {
    name: 'se-network-unknown-locker-404',
    rule: 'NET-UNKNOWN-SKIPPED',
    candidate: 'caught as a should (NET-UNKNOWN-SKIPPED: an id no locker has is not named by §4.10)',
    description:
      'POST /networks/{uid}/lockers loads every locker named (findAllById, orElseThrow) before it filters by ' +
      'owner: a lockerUid no locker has (a stale or mistyped one) makes the whole request 404 LOCKER_NOT_FOUND and ' +
      "none of the owned lockers sent with it is added; a third-party or other carrier's locker is still skipped " +
      '(§8 "Adding lockers to a network skips, without error, lockers the carrier does not own."; §4.10 "lockers ' +
      'owned by the carrier are added; lockers not owned by the carrier are silently skipped.")',
  },
  {
    name: 'se-activation-leap-day-refused',
    rule: 'LCK-CREATE-201',
    candidate: 'not caught: no activationDate sent falls on 29 February',
    description:
      'carrier.activationDate is checked by hand against a days-per-month table that gives February 28 days: a ' +
      'valid date-time on 29 February of a leap year (2028-02-29T08:00:00Z) is refused 400 VALIDATION_FAILED on ' +
      'create and on update; every other date is taken (§2.1 carrier "activationDate (string, date-time)"; create ' +
      'request "its lockerName, lockerId, activationDate are required"; §4.1 "Success: 201 with the locker record ' +
      '(2.1).")',
  },
  {
    name: 'se-list-mapper-trims-metadata',
    rule: 'LCK-LIST-RECORDS',
    candidate:
      'caught on the first try by a full run; the tests that name LCK-LIST-RECORDS never list a locker ' +
      'with a null metadata key, so the self-test, which runs only those, does not',
    description:
      'GET /lockers maps records with a mapper of its own that trims each metadata key and value: once a carrier ' +
      'holds a locker with a metadata key or value null, every GET /lockers (every page) that would show it ' +
      "answers 500 INTERNAL_ERROR, so none of the carrier's lockers can be listed; the create and update answers " +
      '(another mapper) show the locker right (§2.1 metadata "Each has key (string or null) and value (string or ' +
      'null)."; §4.2 "Returns locker records.")',
  },
  {
    name: 'se-key-compare-throws-on-length',
    rule: 'AUTH-KEY-REQUIRED',
    description:
      "the X-API-Key is compared with each carrier's key by crypto.timingSafeEqual without comparing lengths " +
      'first, which throws on buffers of different lengths: a wrong key of another length than the keys (or an ' +
      'empty one) is answered 500 INTERNAL_ERROR "Input buffers must have the same byte length" on every ' +
      'operation; a missing key and a wrong key of the same length are answered 401 (§5 "Every operation uses an ' +
      'API key in the request header `X-API-Key`."; §7 "401 | Same operations | errorCode, message")',
  },
  {
    name: 'se-update-refusal-as-result',
    rule: 'LCK-GROUPS-UNIQUE-KEY',
    description:
      "PATCH /lockers/{uid}'s service layer returns its own refusals (two groups of one key; a carrier.lockerId " +
      "another of the carrier's lockers has) as a result object, and the controller writes whatever it gets with " +
      '200: such an update is answered 200 {errorCode, message} and nothing is changed; schema refusals stay 400, ' +
      'and POST /lockers refuses the same groups 400 (§8 "Locker groups: at most one group per type key in ' +
      'lockerGroups."; §7 "400 | Publish parcel data, update locker, get parcels, cancel parcel | errorCode, ' +
      'message"; §4.3 "Success: 200 with the locker record.")',
  },
  {
    name: 'se-caller-in-shared-field',
    rule: 'WH-OWN-CARRIER',
    candidate: 'caught on the first try by a full run (GEN-ID-EXACT, WH-OWN-CARRIER and others); not gated yet',
    description:
      'the caller is a field of the singleton locker service, set by every authenticated request, and POST ' +
      '/lockers reads it for ownedByCarrier after its awaited write (25 ms): when a request of the other carrier ' +
      "arrives meanwhile, the locker is stored, answered and pushed as that carrier's, and the creating carrier " +
      "cannot list or update it; creates with no other carrier's request between are right (§2.1 ownedByCarrier " +
      '"Names the owning carrier"; §1 "Locker management: create a locker"; §5 "Every operation uses an API key")',
  },
  // Conformant variations: the spec leaves each open. A harness must not fail them.
  {
    name: 'ok-e-status-answer-ack',
    rule: 'none',
    candidate: 'conformant variation',
    description:
      'conformant: PATCH /lockers/status answers a successful change 200 {uid, status, previousStatus}, an ' +
      'acknowledgement, not the locker record; the change is made and pushed as before (§4.5 "Request and ' +
      'response shape: not shown.")',
  },
  {
    name: 'ok-e-error-extra-members',
    rule: 'none',
    candidate: 'conformant variation',
    description:
      'conformant: every error body carries status, timestamp and traceId beside errorCode and message, as a ' +
      'framework\'s error handler does (§7 "The error body has the fields `errorCode` and `message`; the older ' +
      'field `error` no longer exists.": the two are there, `error` is not, and no sentence forbids other members)',
  },
  {
    name: 'ok-e-network-answer-uid-descending',
    rule: 'none',
    candidate: 'conformant variation',
    description:
      'conformant: POST /networks/{uid}/lockers answers the records of the newly added lockers highest lockerUid ' +
      'first, whatever order the request named them in (§4.10 "Response: array of network locker records (2.5) ' +
      'for the newly added lockers.": no order is stated)',
  },
] as const satisfies readonly Fault[];
