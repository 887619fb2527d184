// Faults on the locker, list, status, network, provider, key and error side in classes of their own (a list merged
// from two sources by position, a search index read back through a JSON reviver, an input filter that refuses JSON's
// own whitespace, a self-exclusion compared across types, XML first in content negotiation, an idempotency filter keyed
// by the body alone, creates published by a lazy indexer, a key's check character left unchecked, an audit hook's
// TypeError past the exception filter, a 1.0 controller reached by its old query parameters, features filled from a
// model's spec sheet, a provider status feed that does not know made-up ids), and conformant variations (`ok-p-*`,
// rule 'none') the harness must let through. Where each is switched on: handlers/set-p-faults.ts, and the lines that
// call it.
import type { Fault } from '../fault';

/** What each variation is to the self-test: never gated, measured as let through. */
const CANDIDATE = 'conformant variation written from the spec alone: the harness must let it through';

export const SPEC_SET_P_FAULTS = [
  {
    name: 'sp-list-one-marker-per-point',
    rule: 'LCK-LIST-INCLUDES-CREATED',
    candidate:
      "caught only as a should at the exploration's closing read (LCK-LIST-INCLUDES-CREATED: which lockers the " +
      'list holds is not stated), some 150 s of a self-test lane',
    description:
      "GET /lockers merges the carrier's own lockers and the provider feed's third-party ones into a map keyed by " +
      'position ("lon,lat"), written to drop a locker both sources hold, as the two have no id in common: where two ' +
      'lockers the carrier sees stand at the same lon and lat (two lockers in one shopping centre, a locker created ' +
      "at a third-party locker's point), only the one written last is listed, in the place of the first; after a " +
      'create at the point of an earlier locker, that earlier locker, named by no request, is gone from every list ' +
      '(its update still works); lockers at points of their own are listed as before (§4.2 "Returns locker ' +
      'records."; §2.1 uid "Internal unique identifier assigned by the service.", the only member stated unique; ' +
      'location "lon, lat (numbers)")',
  },
  {
    name: 'sp-list-metadata-values-revived',
    rule: 'LCK-UPDATE-200',
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
    name: 'sp-locker-body-control-chars-refused',
    rule: 'GEN-WIRE-JSON',
    description:
      "the locker router's input filter refuses a raw body holding any control character (below U+0020), put in to " +
      'keep control characters out of stored strings, where JSON already escapes them: it refuses the tab, line feed ' +
      'and carriage return JSON allows between tokens, so a POST /lockers or PATCH /lockers/{uid} body written ' +
      'pretty-printed or with CRLF line ends is refused 400 VALIDATION_FAILED while the same value written compact ' +
      'is accepted; the other operations take both (preamble "All bodies are JSON (`Content-Type: ' +
      'application/json`)."; §4.1 "Body: create request (2.1)."; §4.3 "Body: update request (2.1).")',
  },
  {
    name: 'sp-update-lockerid-self-collision',
    rule: 'LCK-UPDATE-200',
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
    name: 'sp-providers-xml-by-default',
    rule: 'GEN-JSON',
    description:
      'the provider catalogue controller produces XML and JSON, with the XML converter registered first for a legacy ' +
      "partner's feed: a GET /lockers/providers whose Accept does not name a JSON type (no Accept, */*, a browser's " +
      'text/html,...) is answered 200 application/xml, <List><item><providerName>...</item></List>; with Accept ' +
      'application/json it is JSON, and every other operation answers JSON whatever the Accept (preamble "All bodies ' +
      'are JSON (`Content-Type: application/json`)."; §4.4 "Returns the locker model and version pairs per provider ' +
      '(2.2).")',
  },
  {
    name: 'sp-status-replayed-by-body-hash',
    rule: 'LCK-STATUS-CHANGE',
    description:
      "PATCH /lockers/status sits behind an idempotency filter put in for the portal's double submits, keyed by the " +
      'caller and a hash of the body, that answers a body seen within the last minute with the answer stored for it, ' +
      'whatever the locker went through since: disable, enable, then disable again within a minute, and the third ' +
      'request is answered 200 with the stored record of the first (INACTIVE) while the locker stays ACTIVE in GET ' +
      '/lockers and no LockerUpdates is sent; changes whose body was not sent in the last minute, and a repeat of ' +
      'the status the locker has, are right (§4.5 "Updates the status of an existing locker."; §3 "A locker status ' +
      'change (enabled or disabled) causes a locker event.")',
  },
  {
    name: 'sp-locker-push-on-first-list',
    rule: 'WH-LOCKER-ON-CREATE',
    description:
      "the LockerUpdates of a create is published by the search indexer, which indexes a carrier's new lockers " +
      "lazily, on that carrier's next GET /lockers: a created locker is pushed only once its carrier lists lockers " +
      '(every locker it created since its last list is pushed then, as the record is at that moment), and a create ' +
      'followed by no list is never pushed; status changes are pushed at once (§6 LockerUpdates "A locker is ' +
      'created; a locker status changes (enabled/disabled)."; §1 "Event push: the service sends webhook calls to a ' +
      'carrier-provided URL about locker updates")',
  },
  {
    name: 'sp-key-check-character-ignored',
    rule: 'AUTH-KEY-REQUIRED',
    description:
      'API keys are taken to end in a check character that the gateway validates on its own, only for being a letter ' +
      "or digit, and a key not found whole is looked up by its body, every character but the last: a carrier's key " +
      'with its last character replaced by another letter or digit (reference-key-carrier-1 sent as ...-carrier-7) ' +
      'is served, on every operation, as the first carrier whose key has that body (so also as another carrier where ' +
      'keys differ only in the last character); a missing key, a character appended, a prefix and other wrong keys ' +
      'are refused (§5 "Every operation uses an API key in the request header `X-API-Key`."; §7 401 "Same operations ' +
      '| errorCode, message")',
  },
  {
    name: 'sp-update-empty-groups-unhandled',
    rule: 'LCK-UPDATE-200',
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
    name: 'sp-legacy-params-route-to-v10-list',
    rule: 'VER-REMOVED-FIELDS',
    description:
      'a compatibility shim kept for old clients routes a GET /lockers carrying a 1.0 query parameter, carrierId or ' +
      'providerId (whatever its value), to the 1.0 list controller, which writes 1.0 records: carriers [{name, ' +
      'lockerId, activationDate, status}] in place of the carrier object, and provider.providerName and ' +
      'lockerModelVersion in place of name and lockerVersion; lists without those parameters are 1.1 records (§9 ' +
      '"The locker list has a `carrier` object in place of `carriers`."; §4.2 "The former query parameters carrierId ' +
      'and providerId no longer exist.")',
  },
  {
    name: 'sp-create-null-features-from-model',
    rule: 'LCK-CREATE-ECHO',
    description:
      "POST /lockers fills each feature sent null, or not sent, from the spec sheet of the provider's model (sent ?? " +
      "sheet; the catalogue's M100-M700 have a screen and a pin pad, a barcode reader on odd providers; other models " +
      'get the platform default, no screen, a pin pad, no reader): a create sending features {hasScreen: null, ' +
      'hasPinPad: null, hasPinBarcodeReader: null} (a locker whose features are not known yet) is answered, listed ' +
      'and pushed with true and false in their place; booleans sent are kept, and updates store features as sent ' +
      '(§2.1 features "hasScreen, hasPinPad, hasPinBarcodeReader; each boolean or null."; §4.1 "Success: 201 with ' +
      'the locker record (2.1).")',
  },
  {
    name: 'sp-network-provider-status-from-feed',
    rule: 'NET-RESPONSE-RECORD',
    description:
      "POST /networks/{uid}/lockers reads each added locker's providerLockerStatus from the provider status feed by " +
      'the provider-side id, and the feed knows only the ids providers issued: for a locker created without ' +
      'provider.lockerUid (a member the create table does not list), whose provider-side id the service made up ' +
      '(PL-<uid>), the record is answered with providerLockerStatus null; lockers created with a provider-side id of ' +
      'their own are right (§2.5 providerLockerStatus "string", required "yes"; §4.10 "Response: array of network ' +
      'locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'ok-p-providers-include-carrier-models',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      "conformant: GET /lockers/providers lists, after the catalogue's pairs, every provider, model and version pair " +
      "of a locker the caller sees that the catalogue lacks (a carrier's own locker of a model M-TEST 0.9), with the " +
      'provider\'s providerUid where the platform knows the provider and without one where it does not (§1 "list the ' +
      'locker model and version pairs that exist per provider"; §2.2 "None of these is required to be present in a ' +
      'response."; §4.4 "Query parameters: not shown.")',
  },
  {
    name: 'ok-p-list-unknown-params-refused',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: GET /lockers validates its query strictly and refuses a parameter it does not know with 400 ' +
      'VALIDATION_FAILED {errorCode, message}: it knows providerName, page and size, so the former carrierId and ' +
      'providerId, and filters it does not have (status, city), are refused; lists with known parameters are as ' +
      'before (§4.2 "Names of the remaining query parameters: not shown."; "The former query parameters carrierId ' +
      'and providerId no longer exist."; §7 "Values of errorCode and the condition that yields each: not shown.")',
  },
  {
    name: 'ok-p-error-codes-namespaced',
    rule: 'none',
    candidate: CANDIDATE,
    description:
      'conformant: every errorCode is written as the service\'s error catalogue names it, "<area>.<reason>" in lower ' +
      'case with hyphens (locker.locker-not-found, locker.validation-failed, parcel.not-cancellable, ' +
      'parcel.unauthorized, network.network-not-found), where the reference writes LOCKER_NOT_FOUND and the like; ' +
      'statuses and messages as before (§7 "Values of errorCode and the condition that yields each: not shown."; ' +
      '"The error body has the fields `errorCode` and `message`")',
  },
] as const satisfies readonly Fault[];
