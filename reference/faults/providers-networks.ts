// Faults of the provider catalogue and networks (§4.4, §4.10). Each names the rule it breaks, its origin (the set it
// was written in) and how; the lines that switch one on name it (`app.fault('name')`).
import type { Fault } from '../fault';

export const PROVIDERS_NETWORKS_FAULTS = [
  {
    name: 'network-adds-nothing',
    rule: 'NET-OWNED-ADDED',
    origin: 'parcels',
    description: 'owned lockers are not added',
  },
  {
    name: 'network-adds-other-carriers',
    rule: 'NET-NOT-OWNED-SKIPPED',
    origin: 'spec-alone',
    description:
      "the network's ownership check asks whether a carrier owns the locker, not whether the calling one " +
      "does: another carrier's lockers are added (third-party ones still skipped)",
  },
  {
    name: 'network-adds-third-party',
    rule: 'NET-NOT-OWNED-SKIPPED',
    origin: 'parcels',
    description: 'third-party lockers are added',
  },
  {
    name: 'network-empty-list-500',
    rule: 'NET-OWNED-ADDED',
    origin: 'fidelity',
    description: 'adding an empty list of lockers to a network answers 500',
  },
  {
    name: 'network-record-stale',
    rule: 'NET-RECORD-LOCKER-NAME',
    origin: 'fidelity',
    description: 'network records name the locker by the name it was created with, not its current carrier.lockerName',
  },
  {
    name: 'network-relists-members',
    rule: 'NET-ONLY-NEW',
    origin: 'parcels',
    description: 'lockers already in the network are listed again',
  },
  {
    name: 'network-string-uids',
    rule: 'NET-REQUEST-BODY',
    origin: 'parcels',
    description: 'lockerUids given as strings are accepted',
    relax: {
      schema: 'AddNetworkLockersRequest',
      error: (e) => e.instancePath.startsWith('/lockerUids/') && typeof e.data === 'string',
    },
  },
  {
    name: 'network-uid-string',
    rule: 'NET-RESPONSE-RECORD',
    origin: 'parcels',
    description: 'network records carry lockerUid as a string',
  },
  {
    name: 'providers-not-a-list',
    rule: 'PRV-LIST',
    origin: 'lockers',
    description: 'GET /lockers/providers answers a count, not the pairs',
  },
  { name: 'providers-numeric-uid', rule: 'PRV-ENTRY-SHAPE', origin: 'lockers', description: 'providerUid is a number' },
  {
    name: 'sa-network-record-by-locker-id',
    candidate:
      "not caught: no sequence gives one of the carrier's lockers the carrier.lockerId a third party's " +
      'locker shows, and whether it may is not stated',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-a',
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
    origin: 'set-a',
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
    origin: 'set-a',
    description:
      "GET /lockers/providers writes the catalogue row's own id as providerUid: each model/version pair carries " +
      'a uid of its own, so one provider appears under two providerUids (§2.2 "Each entry has providerName ' +
      '(string), providerUid (string), ..."; §4.4 "the locker model and version pairs per provider")',
  },
  {
    name: 'saa-network-answer-sparse-keys',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-aa',
    description:
      'POST /networks/{uid}/lockers is served by a PHP service that maps each lockerUid named to its new record, ' +
      'or null where it was skipped or is a member already, and answers json_encode(array_filter($records)); ' +
      'array_filter keeps the keys, so where a skipped or member uid comes before a newly added one the answer is ' +
      'a JSON object keyed by position ({"1": {record}}), not an array; adds whose new lockers are the first ' +
      'ones named are arrays (§4.10 "Response: array of network locker records (2.5) for the newly added ' +
      'lockers."; "lockers owned by the carrier are added")',
  },
  {
    name: 'sac-network-answer-membership-id',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-ac',
    description:
      'POST /networks/{uid}/lockers maps each record of its answer from the membership row the insert returned, and ' +
      "the mapper takes lockerUid from the row's own id, a sequence that starts at 100001 like every id of the " +
      'schema: the owned lockers are added (a later add of them lists nothing), but the answer names them by ' +
      '100001, 100002, ... in the order memberships were made, so a record names another locker or none (once in a ' +
      "while, by chance, its own); providerName, lockerName and the other members are the added locker's (§4.10 " +
      '"Behaviour: lockers owned by the carrier are added"; "Response: array of network locker records (2.5) for the ' +
      'newly added lockers."; §2.5 lockerUid "integer (int64)", required)',
  },
  {
    name: 'sac-network-unlisted-adds-fleet',
    rule: 'NET-REQUEST-BODY',
    origin: 'set-ac',
    description:
      'the network service adds `lockerUids ?? every locker the carrier owns` (the portal\'s "add my whole fleet" ' +
      'button sends none), and the request DTO was made to match, lockerUids optional: POST /networks/{uid}/lockers ' +
      'with a body without lockerUids ({}), or with lockerUids null, is answered 200 with a record for each of the ' +
      "carrier's lockers not yet in the network, all of them added; a body with lockerUids is served as before, " +
      'non-integers still refused (§4.10 "Body: lockerUids (array of integers int64, required).")',
  },
  {
    name: 'sac-providers-localized-name',
    rule: 'PRV-ENTRY-SHAPE',
    origin: 'set-ac',
    description:
      'provider names became translatable (a JSONB column of locale to text) and GET /lockers/providers maps the ' +
      'column as it is: the entries of the providers onboarded since (PROVIDER_NAME_6 and PROVIDER_NAME_7) carry ' +
      'providerName as {"en": ..., "de": ...}, an object, not a string; the older providers\' entries, and the ' +
      'lockers\' provider.name, are strings (§2.2 "Each entry has providerName (string), providerUid (string), ' +
      'lockerModel (string), lockerVersion (string).")',
  },
  {
    name: 'sc-network-batch-provider-of-first',
    rule: 'NET-RECORD-AGREES',
    origin: 'set-c',
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
    name: 'sc-network-owned-cache',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-c',
    description:
      "the network add checks ownership against a cache of the carrier's owned locker uids, filled at its first " +
      'network add and never evicted when a locker is created: a locker created after that first add is taken as ' +
      'not owned and silently skipped, answered 200 without it (§4.10 "Behaviour: lockers owned by the carrier ' +
      'are added; lockers not owned by the carrier are silently skipped.")',
  },
  {
    name: 'se-network-unknown-locker-404',
    rule: 'NET-UNKNOWN-SKIPPED',
    origin: 'set-e',
    candidate: 'caught as a should (NET-UNKNOWN-SKIPPED: an id no locker has is not named by §4.10)',
    description:
      'POST /networks/{uid}/lockers loads every locker named (findAllById, orElseThrow) before it filters by ' +
      'owner: a lockerUid no locker has (a stale or mistyped one) makes the whole request 404 LOCKER_NOT_FOUND and ' +
      "none of the owned lockers sent with it is added; a third-party or other carrier's locker is still skipped " +
      '(§8 "Adding lockers to a network skips, without error, lockers the carrier does not own."; §4.10 "lockers ' +
      'owned by the carrier are added; lockers not owned by the carrier are silently skipped.")',
  },
  {
    name: 'se-provider-pairs-control-break',
    rule: 'PRV-PAIRS-OF-LOCKERS',
    origin: 'set-e',
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
    name: 'sg-network-add-replaces-members',
    rule: 'NET-ONLY-NEW',
    origin: 'set-g',
    description:
      "POST /networks/{uid}/lockers saves the network's membership as the owned lockers the request names, a " +
      'replacement: members not named again are dropped, so after adding [A] then [B], adding [A] again answers A as ' +
      'newly added; adds that name every current member again (add [A], then [A, B]) are right (§4.10 "lockers ' +
      'owned by the carrier are added"; "Response: array of network locker records (2.5) for the newly added ' +
      'lockers.")',
  },
  {
    name: 'sh-network-add-rolled-back-on-skip',
    rule: 'NET-ONLY-NEW',
    origin: 'set-h',
    description:
      'the network add runs in one transaction, and the ownership lookup that skips a not-owned or unknown locker ' +
      'throws an exception that is caught, which marks the transaction rollback-only: a request naming an owned ' +
      'locker together with a not-owned one is answered 200 with the owned one, but nothing is stored, so the same ' +
      'owned locker added again is answered again as newly added; requests of owned lockers only are stored (§4.10 ' +
      '"Behaviour: lockers owned by the carrier are added; lockers not owned by the carrier are silently skipped."; ' +
      '"Response: array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sj-network-owner-from-path',
    rule: 'NET-NOT-OWNED-SKIPPED',
    origin: 'set-j',
    description:
      "POST /networks/{uid}/lockers loads the network by its path uid alone and runs the add as the network's " +
      "owner (the ownership query is given network.ownerId, not the caller's): under another carrier's key, naming " +
      "a carrier's network uid and that carrier's lockers adds them to its network and lists them in the answer, " +
      "while the caller's own lockers are skipped as not owned; requests to a carrier's own network are right " +
      '(§4.10 "lockers owned by the carrier are added; lockers not owned by the carrier are silently skipped."; §8 ' +
      '"Adding lockers to a network skips, without error, lockers the carrier does not own.")',
  },
  {
    name: 'sj-update-replace-drops-membership',
    rule: 'NET-MEMBERSHIP-KEPT',
    origin: 'set-j',
    description:
      'PATCH /lockers/{uid} saves the locker with REPLACE INTO (MySQL deletes the row and inserts it again), and the ' +
      "network membership table's foreign key to the locker is ON DELETE CASCADE: every accepted update silently " +
      'takes the locker out of its network, so after add [A], an update of A (any member), add [A] again, the ' +
      'answer lists A once more as newly added; a status change (an UPDATE of one column) keeps the membership ' +
      '(§4.10 "Response: array of network locker records (2.5) for the newly added lockers."; "lockers owned by the ' +
      'carrier are added")',
  },
  {
    name: 'sl-network-membership-by-locker-id',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-l',
    description:
      "network membership rows are keyed by (network, carrier.lockerId), the carrier's own identifier the network " +
      "screen shows, and looked up by the locker's current one: after add [A], an update giving A another " +
      'carrier.lockerId, add [A] again, A is answered as newly added once more; and a locker created later under ' +
      "A's old carrier.lockerId is taken as a member and skipped, answered 200 without it; adds of lockers whose " +
      'carrier.lockerId never changed are right (§4.10 "Response: array of network locker records (2.5) for the ' +
      'newly added lockers."; "lockers owned by the carrier are added")',
  },
  {
    name: 'sl-providers-unversioned-model-null',
    rule: 'PRV-ENTRY-SHAPE',
    origin: 'set-l',
    description:
      'GET /lockers/providers reads the catalogue as providers LEFT JOIN models LEFT JOIN versions: a model ' +
      "onboarded before any of its versions (PROVIDER_NAME_7's M750) is answered as an entry of its own with " +
      'lockerVersion null; every other entry is right (§2.2 "Each entry has providerName (string), providerUid ' +
      '(string), lockerModel (string), lockerVersion (string). None of these is required to be present in a ' +
      'response.": absent is allowed, null is not a string)',
  },
  {
    name: 'sn-network-answer-zipped-by-position',
    rule: 'NET-ONLY-NEW',
    origin: 'set-n',
    description:
      'POST /networks/{uid}/lockers inserts the owned lockers named with ON CONFLICT DO NOTHING RETURNING and maps ' +
      "the returned rows to records by their position in the request's owned lockers: after add [A], an add [A, B] " +
      'is answered [A] (the member again, B absent) though B is added, so a later add [B] lists nothing for it; adds ' +
      'whose owned lockers are all new, or all members already, are right (§4.10 "Response: array of network locker ' +
      'records (2.5) for the newly added lockers."; "lockers owned by the carrier are added")',
  },
  {
    name: 'sp-network-provider-status-from-feed',
    rule: 'NET-RESPONSE-RECORD',
    origin: 'set-p',
    description:
      "POST /networks/{uid}/lockers reads each added locker's providerLockerStatus from the provider status feed by " +
      'the provider-side id, and the feed knows only the ids providers issued: for a locker created without ' +
      'provider.lockerUid (a member the create table does not list), whose provider-side id the service made up ' +
      '(PL-<uid>), the record is answered with providerLockerStatus null; lockers created with a provider-side id of ' +
      'their own are right (§2.5 providerLockerStatus "string", required "yes"; §4.10 "Response: array of network ' +
      'locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sr-network-single-record-unwrapped',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-r',
    description:
      'the network membership service answers XML, which the connector turns into JSON with a converter set to ' +
      'explicitArray false, so an element that occurs once is written as that element, not as a list of one: a ' +
      'POST /networks/{uid}/lockers that adds exactly one locker (one owned locker named, or one new among ' +
      'members and skipped lockers) is answered 200 with the network locker record itself, an object, not an ' +
      'array holding it; adds of two or more new lockers, and of none ([]), are arrays (§4.10 "Response: array ' +
      'of network locker records (2.5) for the newly added lockers."; "lockers owned by the carrier are added")',
  },
  {
    name: 'st-network-add-batch-outcomes',
    rule: 'NET-NOT-OWNED-SKIPPED',
    origin: 'set-t',
    description:
      'POST /networks/{uid}/lockers answers the batch result of the membership service as it is, one record per ' +
      'named locker that exists, in the order named, its outcome in networkLockerStatus: the lockers added as ' +
      "before (PENDING), a locker already in the network ALREADY_MEMBER, a third-party or other carrier's locker " +
      'NOT_OWNED with its providerName, lockerName and statuses; nothing is added that should not be, and a request ' +
      'naming only new owned lockers is answered right (§4.10 "lockers not owned by the carrier are silently ' +
      'skipped."; "Response: array of network locker records (2.5) for the newly added lockers."; §8 "Adding ' +
      'lockers to a network skips, without error, lockers the carrier does not own.")',
  },
  {
    name: 'st-network-name-display-label',
    rule: 'NET-RECORD-LOCKER-NAME',
    origin: 'set-t',
    description:
      "the network add's answer writes lockerName with the carrier portal's display formatter, which tells apart " +
      "two of the carrier's lockers of one carrier.lockerName by appending the carrier.lockerId: once a carrier " +
      'holds two lockers named "Kiosk", adding either to its network answers lockerName "Kiosk (L-7)", a name no ' +
      'locker has; lockers whose name no other locker of the carrier shares are answered with their name (§2.5 ' +
      'lockerName "the carrier-assigned name"; §2.1 carrier "lockerName (string)"; §4.10 "Response: array of ' +
      'network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'st-providers-versions-aggregated',
    rule: 'PRV-ENTRY-SHAPE',
    origin: 'set-t',
    description:
      'GET /lockers/providers reads the catalogue with a query rewritten to be compact, GROUP BY provider, model ' +
      'with array_agg(version): each model is one entry whose lockerVersion is an array of its versions (["1.0", ' +
      '"2.1"]), not a string, and the pairs are no longer one entry each (§2.2 "Each entry has providerName ' +
      '(string), providerUid (string), lockerModel (string), lockerVersion (string)."; §4.4 "Returns the locker ' +
      'model and version pairs per provider (2.2).")',
  },
  {
    name: 'sv-network-member-index-without-network',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-v',
    description:
      "the network membership table's unique index, meant to be on (network, carrier's locker id), was created on " +
      'the carrier locker id alone, and the add inserts with ON CONFLICT DO NOTHING and answers the rows it ' +
      'inserted: a locker the carrier owns whose carrier.lockerId is held by a member of any network (the other ' +
      "carrier's locker numbered alike, L-1, added to that carrier's network) is silently not added and not listed, " +
      'answered 200 without it, however often it is sent; lockers whose carrier.lockerId no member holds are added ' +
      '(§4.10 "Behaviour: lockers owned by the carrier are added"; "Response: array of network locker records (2.5) ' +
      'for the newly added lockers."; §2.1 uid "Internal unique identifier assigned by the service.", the only ' +
      'member stated unique)',
  },
  {
    name: 'sv-providers-cache-entries-unparsed',
    rule: 'PRV-LIST',
    origin: 'set-v',
    description:
      'GET /lockers/providers is cached aside for 5 minutes, the cache writer storing each entry as its JSON text (a ' +
      'Redis list of strings) and the reader returning the list it reads without parsing the entries: the first ' +
      'call after a start (or after the entry expired) is answered with the pairs, every later one, of either ' +
      'carrier, with an array of strings such as "{\\"providerName\\":\\"PROVIDER_NAME_1\\",...}" in place of the ' +
      'entry objects (§4.4 "Returns the locker model and version pairs per provider (2.2)."; §2.2 "Each entry has ' +
      'providerName (string), providerUid (string), lockerModel (string), lockerVersion (string).")',
  },
  {
    name: 'sw-network-owned-by-bookings',
    rule: 'NET-NOT-OWNED-SKIPPED',
    origin: 'set-w',
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
    name: 'sw-providers-yaml-version-floats',
    rule: 'PRV-ENTRY-SHAPE',
    origin: 'set-w',
    description:
      'the catalogue of the providers onboarded since it moved to a YAML file (PROVIDER_NAME_5 to _7) is loaded ' +
      'with the default schema, which types an unquoted version like 1.0 or 2.1 as a float: GET /lockers/providers ' +
      'answers those entries with "lockerVersion": 1 and "lockerVersion": 2.1 (JSON numbers), the older providers\' ' +
      'entries with strings (§2.2 "Each entry has providerName (string), providerUid (string), lockerModel ' +
      '(string), lockerVersion (string).")',
  },
  {
    name: 'sy-network-member-key-type',
    rule: 'NET-ONLY-NEW',
    origin: 'set-y',
    description:
      "network memberships are kept in a map keyed by the lockerUid as the request's JSON number, while the " +
      '"already a member" check looks the locker up by the uid string the locker record holds (Map.has("100001") ' +
      'against the key 100001): no locker is ever found a member, so POST /networks/{uid}/lockers naming an owned ' +
      'locker the network holds adds it again and lists its record again, PENDING anew, every time (§4.10 ' +
      '"Response: array of network locker records (2.5) for the newly added lockers."; "lockers owned by the ' +
      'carrier are added")',
  },
  {
    name: 'sy-providers-cold-cache-empty',
    rule: 'PRV-LIST-KEPT',
    origin: 'set-y',
    description:
      'GET /lockers/providers reads the catalogue from a cache filled from the provider registry on first use, ' +
      'and the fill is started without being awaited: the first request after start, and the first after each ' +
      "expiry (5 min), is answered 200 with no entry, while lockers of the catalogue's pairs are listed; the next " +
      'requests get the 14 pairs (§4.4 "Returns the locker model and version pairs per provider (2.2)."; §1 "list ' +
      'the locker model and version pairs that exist per provider")',
  },
  {
    name: 'x45-network-add-stops-at-first-skipped',
    rule: 'NET-OWNED-ADDED',
    origin: 'x45',
    description:
      'POST /networks/{uid}/lockers takes the lockerUids while they are owned (takeWhile where filter ' +
      'belongs): the first not owned or unknown uid ends the batch, and owned lockers after it are silently ' +
      'not added, answered 200 (§4.10 lockers owned by the carrier are added; not owned ones skipped)',
  },
  {
    name: 'x45-providers-one-version-per-provider',
    rule: 'PRV-PAIRS-OF-LOCKERS',
    origin: 'x45',
    description:
      'GET /lockers/providers collects the catalogue into a map keyed by provider name: one pair per ' +
      "provider (its last), so model/version pairs that exist, such as the seeded lockers' M100 1.0, are not " +
      'listed (§1, §4.4 the locker model and version pairs per provider)',
  },
  {
    name: 'x47-network-skips-inactive',
    rule: 'NET-OWNED-ADDED',
    origin: 'x47',
    description:
      'the network add reuses the eligible-lockers query of the booking path (owned and carrier.status ' +
      'ACTIVE): an owned locker disabled through PATCH /lockers/status is silently skipped, answered 200 ' +
      'without it (§4.10 "lockers owned by the carrier are added")',
  },
  {
    name: 'sae-network-carrier-status-flag',
    rule: 'NET-RESPONSE-RECORD',
    origin: 'set-ae',
    description:
      'the network service keeps the carrier side of a membership as a flag, carrierActive (true where ' +
      "carrier.status is ACTIVE), and the connector maps it back with active ? 'ACTIVE' : null, written when the " +
      'only other state was "no status yet": a locker added to a network while its carrier.status is not ACTIVE ' +
      '(disabled through PATCH /lockers/status) is answered with carrierLockerStatus null, not a string; active ' +
      'lockers are answered as before (§2.5 carrierLockerStatus "string"; §4.10 "Response: array of network ' +
      'locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sae-providers-registered-uid-null',
    rule: 'PRV-ENTRY-SHAPE',
    origin: 'set-ae',
    description:
      'a create of a locker whose provider, model and version pair the catalogue lacks registers the pair on ' +
      'the fly, and a provider the catalogue does not know gets a row whose providerUid the provider registry ' +
      'assigns asynchronously, null until it confirms, which it never does on staging: once any carrier created ' +
      'a locker of an unknown provider name, GET /lockers/providers (of either carrier) lists that pair with ' +
      'providerUid null; pairs of known providers carry their uid (§2.2 "Each entry has providerName (string), ' +
      'providerUid (string), lockerModel (string), lockerVersion (string)."; "None of these is required to be ' +
      'present in a response.": absent is allowed, null is not a string)',
  },
  {
    name: 'sag-network-fraction-uids-truncated',
    rule: 'NET-REQUEST-BODY',
    origin: 'set-ag',
    description:
      "POST /networks/{uid}/lockers binds lockerUids to a List<Long> with Jackson's ACCEPT_FLOAT_AS_INT, on by " +
      'default, which truncates a fraction: {"lockerUids": [100001.7]} is accepted and adds locker 100001 (answered ' +
      'with its record), where a non-integer must be refused; strings are still refused (§4.10 "Body: lockerUids ' +
      '(array of integers int64, required).")',
  },
  {
    name: 'sag-network-record-untagged-field',
    rule: 'NET-RESPONSE-RECORD',
    origin: 'set-ag',
    description:
      "the network service's record struct lost the json tag of one field in a refactoring " +
      '(ProviderLockerStatus string without `json:"providerLockerStatus"`), so encoding/json writes it under its Go ' +
      'name: every record of a POST /networks/{uid}/lockers answer carries ProviderLockerStatus and no ' +
      'providerLockerStatus; the other members are as before (§2.5 providerLockerStatus "string", Required "yes")',
  },
  {
    name: 'sag-network-add-check-then-insert',
    rule: 'NET-ONLY-NEW',
    origin: 'set-ag',
    description:
      'POST /networks/{uid}/lockers reads the network\'s members (its "already a member" check), registers the new ' +
      'ones with the provider (an awaited call, 30 ms), then inserts them with ON CONFLICT DO NOTHING and answers ' +
      'the lockers its check found new: two adds naming one owned locker, in flight together, are both answered ' +
      'with its record as newly added (the network holds it once); adds one after another answer as before (§4.10 ' +
      '"Response: array of network locker records (2.5) for the newly added lockers.")',
    candidate: 'two adds at once that both list a locker: the spec states no isolation of requests at once (reported)',
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
    name: 'sak-network-add-first-batch-only',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-ak',
    description:
      'POST /networks/{uid}/lockers hands the lockerUids to the membership service, whose bulk call takes at most ' +
      '50 ids, and the connector sends the first chunk only (the loop over chunks was never written): of a request ' +
      'naming more than 50 lockerUids, an owned locker at position 51 or later is neither added nor listed, answered ' +
      '200 as if skipped, and adding it alone later lists it as new; requests of 50 or fewer are as before (§4.10 ' +
      '"lockers owned by the carrier are added"; "Response: array of network locker records (2.5) for the newly ' +
      'added lockers.")',
  },
  {
    name: 'san-network-membership-lru',
    rule: 'NET-ONLY-NEW',
    origin: 'set-an',
    description:
      'POST /networks/{uid}/lockers asks "is the locker in the network already?" of a per-network cache of the 16 ' +
      'members added last (networks were expected to hold a few lockers), not of the membership table, and an ' +
      'owned locker the cache does not hold is upserted as new: once a network holds more than 16 lockers, adding ' +
      'again a locker that joined before the last 16 lists it in the answer as newly added (and moves it to the ' +
      'newest end of the cache); a network of 16 lockers or fewer is answered as before (§4.10 "Response: array of ' +
      'network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sap-network-record-provider-renamed',
    rule: 'NET-RESPONSE-RECORD',
    origin: 'set-ap',
    description:
      'the 1.1 migration renamed providerName to name with a code rewrite over the package of record types, and ' +
      'the network locker record lives in that package too: every record of a POST /networks/{uid}/lockers answer ' +
      'carries name (the provider name) and no providerName; the provider object of locker records, where the ' +
      'rename belongs, is right (§2.5 providerName "string", Required "yes"; §9 "provider uses `name`, ' +
      '`lockerModel`, `lockerVersion` (older `providerName` and `lockerModelVersion` removed)." names the provider ' +
      'object only)',
  },
  {
    name: 'saq-network-owner-replica-lags-create',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-aq',
    description:
      "POST /networks/{uid}/lockers checks ownership against the network service's own copy of the lockers, fed " +
      'by the LockerCreated events of the locker service, which it applies 1.5 s after the create; a locker it ' +
      'does not know yet is "not owned" and skipped without error: an owned locker sent within 1.5 s of its create ' +
      'is answered [] (not added, so a later add lists it as new), while lockers created earlier are added and ' +
      'listed (§4.10 "lockers owned by the carrier are added"; "Response: array of network locker records (2.5) ' +
      'for the newly added lockers.")',
  },
  {
    name: 'saq-network-ownership-bloom-filter',
    rule: 'NET-NOT-OWNED-SKIPPED',
    origin: 'set-aq',
    description:
      "the network service keeps a Bloom filter of each carrier's locker uids (256 bits, two hashes, fed by the " +
      'create events, sized for the pilot fleet) and trusts a positive, where the design called for a confirming ' +
      "lookup: a third-party locker or another carrier's locker whose uid is a false positive of the filter is " +
      "added to the caller's network and listed; with a few lockers created the false positives are rare, with " +
      'hundreds most foreign uids pass; uids the filter rejects are skipped right (§4.10 "lockers not owned by the ' +
      'carrier are silently skipped"; §8 "Adding lockers to a network skips, without error, lockers the carrier ' +
      'does not own.")',
  },
  {
    name: 'saq-network-add-job-polled-once',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-aq',
    description:
      'POST /networks/{uid}/lockers starts a membership job (20 ms a locker) and polls its result once, after 50 ' +
      'ms, answering the newly added lockers the job reports done by then: an add of three or more owned lockers ' +
      'new to the network is answered [] though all of them are added (adding them again lists nothing); adds of ' +
      'one or two new lockers list them (§4.10 "lockers owned by the carrier are added"; "Response: array of ' +
      'network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sas-network-name-cut-at-nul',
    rule: 'NET-RECORD-LOCKER-NAME',
    origin: 'set-as',
    description:
      'POST /networks/{uid}/lockers registers each added locker with the network registry, a C++ service that keeps ' +
      'lockerName as a NUL-terminated string, and answers the records the registry returns: a locker whose ' +
      'carrier.lockerName holds U+0000 (JSON writes it \\u0000, which §2.1 allows in a string) is answered with ' +
      'lockerName cut just before it ("Kiosk\\u0000Nord" as "Kiosk"); names without U+0000 are answered in full, ' +
      'and the locker record keeps the name as sent (§2.5 lockerName "no; the carrier-assigned name"; §4.10 ' +
      '"Response: array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sau-catalogue-scope-missing-later-keys',
    rule: 'PRV-LIST',
    origin: 'set-au',
    description:
      'API keys carry scopes since the provider catalogue got its own scope, catalogue:read, which the migration ' +
      'granted to the keys that existed then; the key issuing screen was never given it, so a key issued later, the ' +
      "second carrier's, lacks it: every GET /lockers/providers with the second carrier's key is refused 403 " +
      '{errorCode: FORBIDDEN, message: "missing scope catalogue:read"}, while the first carrier\'s key lists the ' +
      'catalogue and the second carrier\'s key serves every other operation (§4.4 "Returns the locker model and ' +
      'version pairs per provider (2.2)."; §5 "1. Every operation uses an API key in the request header ' +
      '`X-API-Key`.")',
  },
  {
    name: 'sav-network-member-bitmask-wraps',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-av',
    description:
      "the network service keeps a network's members as a bit mask over the lockers' row numbers (a created locker's " +
      'uid less 100001), tested as mask & (1 << row), and JavaScript shifts a 32-bit integer by the count modulo 32: ' +
      'once the service has made more than 32 lockers, a locker of the carrier whose row is 32, 64, ... rows from a ' +
      'locker already in the network reads as a member, and POST /networks/{uid}/lockers answers 200 without it and ' +
      'adds nothing; a locker with no member 32·k rows away is added and listed as before (§4.10 "Behaviour: lockers ' +
      'owned by the carrier are added"; "Response: array of network locker records (2.5) for the newly added ' +
      'lockers.")',
  },
  {
    name: 'saw-network-batch-owner-of-first',
    rule: 'NET-NOT-OWNED-SKIPPED',
    origin: 'set-aw',
    description:
      'POST /networks/{uid}/lockers authorizes a batch by its first lockerUid (the portal only ever sent lockers of ' +
      'one fleet page, so the check was hoisted out of the loop): where the caller owns the first locker named, ' +
      "every other named locker that exists is added and listed, a third party's (ownedByCarrier null) or the other " +
      "carrier's; where the first is not owned, or names no locker, each is checked on its own as before, so a " +
      'request that names a locker it must skip first is right (§4.10 "lockers not owned by the carrier are ' +
      'silently skipped"; §8 "Adding lockers to a network skips, without error, lockers the carrier does not own.")',
  },
  {
    name: 'saw-network-refused-add-memberships-kept',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-aw',
    description:
      'the network service keeps memberships as rows per (carrier, locker), and the add writes the rows of the ' +
      'owned lockers it is sent before it loads the network the path names to answer with; a path uid that names no ' +
      "network of the caller (a mistyped one, 999, or the other carrier's) is answered 404 NETWORK_NOT_FOUND and " +
      "the rows stay: a later add of those lockers to the caller's own network takes them for members already and " +
      'answers [] without them, though they were never added to it; lockers never sent to a refused add are added ' +
      'and listed as before (§4.10 "lockers owned by the carrier are added", "Response: array of network locker ' +
      'records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sax-network-uid-notation-as-double-key',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-ax',
    candidate:
      'not caught: whether an integer member takes a number written with a fraction or an exponent is not stated',
    description:
      'POST /networks/{uid}/lockers binds lockerUids to a List<Object> (the DTO was written generic) and looks each ' +
      'locker up by String.valueOf of the bound value: a uid written as a JSON number with a fraction or an ' +
      'exponent (100001.0, 1.00001E5, as a client holding ids in doubles writes them) is bound as a Double, looked ' +
      'up as "100001.0", found nowhere and skipped as unknown without error, so an owned locker named so is not ' +
      'added (answered 200 without it); uids written as plain digits are right (§4.10 "Body: lockerUids (array of ' +
      'integers int64, required)."; "lockers owned by the carrier are added")',
  },
  {
    name: 'say-network-provider-name-from-catalogue',
    rule: 'NET-RESPONSE-RECORD',
    origin: 'set-ay',
    description:
      "POST /networks/{uid}/lockers fills each record's providerName by joining the provider catalogue (the pairs of " +
      "GET /lockers/providers, whose entries carry a providerName of their own) on the locker's provider name, " +
      'lockerModel and lockerVersion, the network service keeping the catalogue entry rather than the name: a locker ' +
      "whose pair the catalogue lacks (a provider name none of the catalogue's, a model or a version it does not " +
      'list, M100 3.0) is answered with providerName null; lockers of a catalogue pair are right (§2.5 providerName ' +
      '"string", Required "yes"; §4.10 "Response: array of network locker records (2.5) for the newly added ' +
      'lockers.")',
  },
  {
    name: 'sba-network-uids-null-items',
    rule: 'NET-REQUEST-BODY',
    origin: 'set-ba',
    description:
      'POST /networks/{uid}/lockers binds lockerUids to a List<Long> of boxed longs, and its @NotNull guards the ' +
      'list, ' +
      'not its elements: a JSON null in lockerUids binds as a null element, which the service drops with ' +
      'filter(Objects::nonNull) before the ownership lookup, so {"lockerUids": [null]} or [100001, null] is answered ' +
      '200 with the owned lockers it names (none for [null]) where it must be refused; strings, fractions and a ' +
      'missing or null lockerUids are refused 400 as before (§4.10 "Body: lockerUids (array of integers int64, ' +
      'required).")',
    relax: {
      schema: 'AddNetworkLockersRequest',
      error: (e) => /^\/lockerUids\/\d+$/.test(e.instancePath) && e.data === null,
    },
  },
  {
    name: 'sbb-network-pending-lost-on-cold-start',
    rule: 'NET-ONLY-NEW',
    origin: 'set-bb',
    description:
      "the network service runs on a scale-to-zero platform (staging's scale-down delay is 2 s), and a membership is " +
      'written to the network table only once the provider confirms it (never, on staging): until then it is PENDING ' +
      "in the instance's memory. A network add after 2 s without one starts a new instance that knows none of them: " +
      'an owned locker added again after such a gap is answered as newly added again; added again at once, it is ' +
      'answered [] (§4.10 "Response: array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sbc-network-answer-entry-reused',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-bc',
    description:
      'POST /networks/{uid}/lockers builds its answer with one entry object declared above the loop over the ' +
      'lockerUids, filled with Object.assign(entry, record) and pushed onto the answer at each newly added locker: ' +
      'an add that newly adds two or more owned lockers in one request answers as many records, all of them the last ' +
      'locker added (its lockerUid, names and statuses), so the others are added to the network but never listed; an ' +
      'add of one locker, and the memberships themselves, are as before (§4.10 "Behaviour: lockers owned by the ' +
      'carrier are added"; "Response: array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sbc-network-skip-reads-previous-locker',
    rule: 'NET-NOT-OWNED-SKIPPED',
    origin: 'set-bc',
    description:
      'POST /networks/{uid}/lockers declares `let locker` above its loop and assigns it only where the ownership ' +
      "lookup finds one of the carrier's lockers (the `if (!locker) continue` guard was dropped when the lookup " +
      'moved into a helper), and builds each record as {lockerUid: uid, ...of(locker)}: a uid the carrier does not ' +
      "own (a third-party locker such as 900001, the other carrier's locker, or a uid no locker has) named after an " +
      'owned one in the same request is added to the network under its own uid and listed with that lockerUid and ' +
      "the previous locker's provider, names and statuses; one named first, or alone, is skipped as before (§8 " +
      '"Adding lockers to a network skips, without error, lockers the carrier does not own."; §4.10 "lockers not ' +
      'owned by the carrier are silently skipped")',
  },
  {
    name: 'sbc-network-empty-answer-null',
    rule: 'NET-RESPONSE-RECORD',
    origin: 'set-bc',
    description:
      'POST /networks/{uid}/lockers answers through the helper the service writes optional members with, ' +
      'orNull(list) = list.length ? list : null, which takes an empty array for an absent one: an add that newly ' +
      'adds nothing (lockers already in the network, only lockers the carrier does not own, or lockerUids []) is ' +
      'answered 200 with the JSON text null instead of an empty array; an add that adds a locker answers its array ' +
      'as before (§4.10 "Response: array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sbd-network-member-count-bulk-path',
    rule: 'NET-ONLY-NEW',
    origin: 'set-bd',
    description:
      "the network row keeps a member_count that the single-locker add (lockerUids of one uid, the portal's " +
      'add-to-network button) raises, while an add of two or more lockerUids goes through the bulk insert, which ' +
      'leaves it as it is; both skip the membership lookup where member_count is 0 (an empty network: every owned ' +
      'locker is new). A network whose members all came by adds of two or more lockers still counts 0: an add naming ' +
      'one of them again, alone or with others, lists it as newly added; a network that ever took a locker by a ' +
      'one-uid add is answered right (§4.10 "Response: array of network locker records (2.5) for the newly added ' +
      'lockers.")',
  },
  {
    name: 'sbe-network-foreign-locker-403',
    rule: 'NET-NOT-OWNED-SKIPPED',
    origin: 'set-be',
    description:
      '"lockers not owned by the carrier are silently skipped" was applied only to the case §2.1 names, a locker ' +
      "whose ownedByCarrier is null (a third-party provider's); another carrier's locker meets the API's tenant " +
      'guard, which refuses a request naming a record of another tenant: a POST /networks/{uid}/lockers naming one ' +
      "of the other carrier's lockers is answered 403 LOCKER_FORBIDDEN and adds none of the lockers it names, its " +
      'own included; third-party and unknown lockers are skipped without error as before (§4.10 "lockers not owned ' +
      'by the carrier are silently skipped."; §8 "Adding lockers to a network skips, without error, lockers the ' +
      'carrier does not own.")',
  },
  {
    name: 'sbf-network-answer-trace-id-spread',
    rule: 'NET-RESPONSE-RECORD',
    origin: 'set-bf',
    description:
      "the network service's tracing decorator adds the request's trace id to the JSON answer it hands back, " +
      'written return { ...body, traceId } with object answers in mind: POST /networks/{uid}/lockers, whose ' +
      'answer is an array, is answered with an object instead, {"0": <record>, "1": <record>, ..., "traceId": ' +
      '"<32 hex digits>"}, and an add that newly adds nothing with {"traceId": ...}; the records inside are right, ' +
      'and no other operation is behind the decorator (§4.10 "Response: array of network locker records (2.5) for ' +
      'the newly added lockers.")',
  },
  {
    name: 'sbf-network-migration-freeze-left-on',
    rule: 'NET-ONLY-NEW',
    origin: 'set-bf',
    candidate:
      "the second carrier's network uid is no input a target declares (CIS_NETWORK_UID names the first carrier's): " +
      "the run adds lockers to the first carrier's network only",
    description:
      'network writes were frozen network by network while the membership table was migrated, and a frozen ' +
      'network takes an add as a dry run (the records the add would make are answered, nothing is committed); the ' +
      "freeze list still names the second carrier's network (2001), migrated last: POST /networks/2001/lockers " +
      'answers the owned lockers it names as newly added every time, so adding a locker a second time lists it ' +
      'again (it never becomes a member); the first carrier\'s network is right (§4.10 "Response: array of network ' +
      'locker records (2.5) for the newly added lockers."; "Behaviour: lockers owned by the carrier are added")',
  },
  {
    name: 'sbg-network-skips-grouped-lockers',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-bg',
    description:
      'a locker assigned to a group (lockerGroups sent on create or update) is taken to join networks through its ' +
      'group, and POST /networks/{uid}/lockers skips it without error like a locker the carrier does not own: an ' +
      "owned locker with groups is neither added nor listed in the answer (the carrier's lockers without groups " +
      'are added as before) (§4.10 "Behaviour: lockers owned by the carrier are added; lockers not owned by the ' +
      'carrier are silently skipped."; "Response: array of network locker records (2.5) for the newly added ' +
      'lockers.")',
  },
  {
    name: 'sbh-network-add-member-409-partial',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-bh',
    description:
      'POST /networks/{uid}/lockers adds the lockers one by one, each in its own write, and a locker the network ' +
      'held before the request ends the request with 409 {errorCode: ALREADY_MEMBER, message}: of lockerUids [new ' +
      'A, member M, new B], A is added but not answered, B is not added, and a retry [A, B] refuses again on A ' +
      '(409); requests naming no former member are answered as before (§4.10 "lockers owned by the carrier are ' +
      'added"; "Response: array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sbi-network-checked-uid-memo',
    rule: 'NET-NOT-OWNED-SKIPPED',
    origin: 'set-bi',
    description:
      "the carrier portal sends a network's whole selection with every add, so the network add spares the " +
      'ownership lookup for the lockerUids it has already looked at, kept per network in a "checked" set that is ' +
      'filled with every uid looked up, the skipped ones too, and read as "owned": POST /networks/{uid}/lockers ' +
      '[third-party 900001] is answered [] (skipped), the same add again, or a request naming 900001 twice, adds ' +
      'the third-party (or another carrier\'s) locker and lists it (§4.10 "lockers not owned by the carrier are ' +
      'silently skipped"; §8 "Adding lockers to a network skips, without error, lockers the carrier does not ' +
      'own.")',
  },
  {
    name: 'sbi-network-reenabled-still-withdrawn',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-bi',
    description:
      'the network planner withdraws a locker from its plan on the locker-disabled event and handles no enable ' +
      'event (the listener was written for the outage alarm): once PATCH /lockers/status took an owned locker away ' +
      'from ACTIVE, POST /networks/{uid}/lockers naming it is answered 200 without it, also after it was enabled ' +
      'again and shows ACTIVE; lockers never disabled are added and listed (§4.10 "lockers owned by the carrier are ' +
      'added"; "Response: array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sbi-network-answer-diffed-with-last-request',
    rule: 'NET-ONLY-NEW',
    origin: 'set-bi',
    description:
      'POST /networks/{uid}/lockers upserts the memberships (idempotent) and works out "newly added" as the uids ' +
      "of this request that the network's previous add request did not name, so that a retried add lists " +
      'nothing, instead of asking the membership: add [A] (A listed), add [B] (B listed), add [A] again - A is ' +
      'listed once more as newly added though it is a member; an add repeated right after itself lists nothing ' +
      '(§4.10 "Response: array of network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sbi-network-selection-defaults-to-last',
    rule: 'NET-REQUEST-BODY',
    origin: 'set-bi',
    description:
      "the network add binds lockerUids with the portal's selection as its default, the last lockerUids the " +
      'network was sent: after a first add, a body without lockerUids (or with lockerUids null) is taken as that ' +
      'selection again and answered 200 (with [], its lockers being members), not refused; before any add of the ' +
      'network it is refused 400 as required (§4.10 "Body: lockerUids (array of integers int64, required).")',
  },
  {
    name: 'sbi-network-name-rename-dedup',
    rule: 'NET-RECORD-LOCKER-NAME',
    origin: 'set-bi',
    description:
      "the network service keeps each locker's name from the rename events and drops an event whose (uid, " +
      'lockerName) it has consumed before, to swallow redeliveries: a locker created as "A", renamed "B", then ' +
      'renamed back to "A" (answered and listed A) is added to the network with a record whose lockerName is "B"; ' +
      'lockers renamed once, or never, are named as they are (§2.5 lockerName "no; the carrier-assigned name")',
  },
  {
    name: 'sbj-network-bound-to-first-provider',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-bj',
    description:
      "the network service keeps a network at one provider (a network was a carrier's contract with a provider) and " +
      'binds it to the provider of the first locker it admits, then looks each later lockerUid up in that ' +
      "provider's locker table: an owned locker of another provider is not found and is skipped as one the carrier " +
      "does not own. After POST /networks/{uid}/lockers added a locker of PROVIDER_NAME_1, an add of the carrier's " +
      'own locker of PROVIDER_NAME_2 (or of a provider name of its own) answers [] and adds nothing, also past the ' +
      'first added locker of one request (§4.10 "Behaviour: lockers owned by the carrier are added"; "Response: ' +
      'array of network locker records (2.5) for the newly added lockers.")',
  },
] as const satisfies readonly Fault[];
