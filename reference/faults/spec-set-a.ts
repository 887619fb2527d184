// Locker-side faults in classes of their own (a write keyed by a shared value, an id resolved by the wrong column, a
// neighbour changed, a push from a snapshot, an answer echoed while another place shows the stored copy), and
// conformant variations (`ok-a-*`, rule 'none'): choices the spec leaves open that the harness must let through.
import type { Fault } from '../fault';

export const SPEC_SET_A_FAULTS = [
  {
    name: 'sa-status-by-locker-name',
    rule: 'GEN-WRITE-NAMED-ONLY',
    description:
      'PATCH /lockers/status resolves the named locker, then writes the status with UPDATE ... WHERE carrier = ? ' +
      'AND locker_name = ? (the column the old status screen keyed on): every other locker of the carrier with ' +
      'the same carrier.lockerName changes status too, without a LockerUpdates of its own (§4.5 "Updates the ' +
      'status of an existing locker."; §3 "A locker status change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sa-update-uid-or-locker-id',
    rule: 'GEN-ID-EXACT',
    description:
      "the locker resolver of PATCH /lockers/{uid} and PATCH /lockers/status tries the carrier's own " +
      'carrier.lockerId first and the platform uid second (WHERE locker_id = :id OR uid = :id, first row): a ' +
      "carrier.lockerId in the path updates that locker instead of 404, and where one locker's lockerId equals " +
      'another\'s uid the path uid updates the wrong one (§4.3 "Path: uid (string), the platform locker ' +
      'identifier."; §7 404 for update locker)',
  },
  {
    name: 'sa-list-owner-from-network',
    rule: 'GEN-ONE-RECORD',
    description:
      "GET /lockers fills ownedByCarrier from a left join with the carrier's network memberships: a locker the " +
      'carrier created and has not added to a network is listed with ownedByCarrier null, as if a third-party ' +
      'provider owned it; the create and update answers are right (§2.1 ownedByCarrier "Names the owning ' +
      'carrier; null means the locker belongs to a third-party provider.")',
  },
  {
    name: 'sa-status-push-from-create-snapshot',
    rule: 'WH-LOCKER-BODY',
    description:
      'the LockerUpdates of a status change is built from the event payload cached when the locker was created, ' +
      'with only carrier.status set anew: after an update, the push shows the name, location, metadata and ' +
      'features the locker had at its creation (§6 LockerUpdates body "Locker record (2.1) plus ' +
      'eventTimestamp.")',
  },
  {
    name: 'sa-groups-move-between-lockers',
    rule: 'GEN-WRITE-NAMED-ONLY',
    description:
      'group assignments are stored in a table unique on the group uid (one locker per group): a create or update ' +
      'that assigns a group moves it away from the locker that held it, whose lockerGroups lose it although no ' +
      'request named that locker (§2.1 "When lockerGroups is omitted, the current groups remain unchanged.")',
  },
  {
    name: 'sa-network-record-by-locker-id',
    candidate:
      "not caught: no sequence gives one of the carrier's lockers the carrier.lockerId a third party's " +
      'locker shows, and whether it may is not stated',
    rule: 'NET-OWNED-ADDED',
    description:
      'the network add answers records read back by a join on carrier.lockerId across all lockers (first row ' +
      "wins): when a third-party or another carrier's locker has the same carrier.lockerId, the record " +
      'describes that locker (its lockerUid, providerName, statuses) instead of the one added (§4.10 ' +
      '"Response: array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sa-network-statuses-swapped',
    candidate:
      'not caught: NET-RECORD-AGREES leaves the three statuses out (§3: transitions not shown), and no ' +
      'sentence maps them',
    rule: 'NET-RECORD-AGREES',
    description:
      'the network record maps carrierLockerStatus from provider.status and providerLockerStatus from ' +
      'carrier.status (two columns swapped): shows once the two differ, after a PATCH /lockers/status (§2.5 ' +
      'carrierLockerStatus, providerLockerStatus; §3 "Locker: carries a status on the carrier side ' +
      '(carrier.status) and on the provider side (provider.status).")',
  },
  {
    name: 'sa-providers-uid-per-pair',
    candidate: 'not caught: that a provider has one providerUid is implied by §2.2 and §4.4; no rule states it',
    rule: 'PRV-LIST',
    description:
      "GET /lockers/providers writes the catalogue row's own id as providerUid: each model/version pair carries " +
      'a uid of its own, so one provider appears under two providerUids (§2.2 "Each entry has providerName ' +
      '(string), providerUid (string), ..."; §4.4 "the locker model and version pairs per provider")',
  },
  {
    name: 'sa-key-from-query',
    rule: 'AUTH-KEY-HEADER-ONLY',
    description:
      'the key extractor falls back to a query parameter apiKey (or api_key) when the X-API-Key header is ' +
      'absent, as a browser-friendly convenience: a request with no key header is served (§5 "Every operation ' +
      'uses an API key in the request header X-API-Key. The scheme is of type apiKey, located in the header")',
  },
  {
    name: 'sa-update-multi-error-envelope',
    candidate:
      'caught by a full run, whose every answer is checked; the tests that name ERR-BODY never meet this answer, ' +
      'so the self-test, which runs only those, does not',
    rule: 'ERR-BODY',
    description:
      'PATCH /lockers/{uid} refused for two or more members at once answers 400 {"errors": [{errorCode, ' +
      "message}, ...]} (the validation pipe's aggregate form), with no errorCode and message at the top; one " +
      'wrong member is answered right (§7 400 update locker body "errorCode, message"; "The error body has the ' +
      'fields errorCode and message")',
  },
  {
    name: 'sa-metadata-map-by-key',
    rule: 'LCK-CREATE-ECHO',
    description:
      'metadata is stored as a map keyed by key: entries sharing a key collapse into one (first position, last ' +
      'value), on create and update, in the answer and every list (§2.1 metadata "array of objects; Each has key ' +
      '(string or null) and value (string or null)"; §4.1 "201 with the locker record")',
  },
  {
    name: 'sa-location-deduped-by-address',
    // The listed coordinates are another locker's: no lower precision of the ones sent, so the echo fails first.
    rule: 'LCK-CREATE-ECHO',
    description:
      'locations are stored in an address table deduplicated on (street, streetNumber, postalCode, city, ' +
      'countryCode) with insert-or-reuse: a locker created at the address of an existing one is stored with ' +
      "that locker's lon, lat and type; the create answer echoes the request, GET /lockers shows the other's " +
      'coordinates and type (§2.1 location lon, lat; §4.1 "201 with the locker record"; §4.2 "Returns locker ' +
      'records.")',
  },
  // Conformant variations: the spec leaves each open.
  {
    name: 'ok-a-list-newest-first',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    description:
      'GET /lockers lists newest first (order, envelope and pagination not shown: §4.2 "Response envelope and ' +
      'pagination: not shown.")',
  },
  {
    name: 'ok-a-network-status-active',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    description:
      'lockers added to a network show networkLockerStatus ACTIVE, not PENDING (§2.5 "Allowed values of the ' +
      'three status fields: not shown beyond the examples ACTIVE and PENDING."; §3 "can appear with a network ' +
      'status such as PENDING")',
  },
  {
    name: 'ok-a-status-409-own-body',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    description:
      'the 409 of PATCH /lockers/status is answered {"status": 409, "title": "Conflict", "detail": ...}, without ' +
      'errorCode and message (§7 409 "Body of 409: not shown.")',
  },
] as const satisfies readonly Fault[];
