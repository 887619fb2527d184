// Faults of the API key and each carrier's own records (§5, §2.3). Each names the rule it breaks, its origin (the set
// it was written in) and how; the lines that switch one on name it (`app.fault('name')`).
import type { Fault } from '../fault';

export const KEYS_ISOLATION_FAULTS = [
  {
    name: 'anonymous-publish-books',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'fidelity',
    description: "a publish without a key is answered 401 but still books for the locker's owner",
  },
  {
    name: 'anonymous-update-applies',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'fidelity',
    description: 'an update with a wrong key is answered 401 but applied',
  },
  {
    name: 'auth-401-empty-body',
    rule: 'AUTH-401-BODY',
    origin: 'webhooks',
    description: 'a 401 comes without errorCode and message',
  },
  {
    name: 'case-insensitive-key',
    rule: 'AUTH-KEY-CASE',
    origin: 'one-place',
    description:
      "the key is compared without its letter case, so a carrier's key in changed case is taken as that carrier's",
  },
  {
    name: 'empty-key-accepted',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'sequences-edges',
    description: "an X-API-Key header present but empty is taken as the first carrier's",
  },
  {
    name: 'parcel-ids-across-carriers',
    rule: 'ISO-CARRIER-IDS',
    origin: 'sequences-edges',
    description: 'a booking is refused while another carrier has an active booking with the same carrierParcelId',
  },
  {
    name: 'parcels-auth-403',
    rule: 'AUTH-401-STATUS',
    origin: 'general',
    description: 'GET /parcels answers 403 to a missing key',
  },
  {
    name: 'partial-key-compare',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'one-place',
    description:
      "the key is compared as sent.startsWith(real), so a carrier's key with a character appended is taken " +
      "as that carrier's",
  },
  {
    name: 'prefix-key-compare',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'one-place',
    description:
      "the key is compared as real.startsWith(sent), so a prefix of a carrier's key is taken as that carrier's",
  },
  {
    name: 'providers-no-auth',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'general',
    description: 'GET /lockers/providers answers without a key',
  },
  {
    name: 'sa-key-from-query',
    rule: 'AUTH-KEY-HEADER-ONLY',
    origin: 'set-a',
    description:
      'the key extractor falls back to a query parameter apiKey (or api_key) when the X-API-Key header is ' +
      'absent, as a browser-friendly convenience: a request with no key header is served (§5 "Every operation ' +
      'uses an API key in the request header X-API-Key. The scheme is of type apiKey, located in the header")',
  },
  {
    name: 'sad-shipment-uid-derived-from-parcel-id',
    rule: 'ISO-CARRIER-IDS',
    origin: 'set-ad',
    description:
      "a booking's shipmentUid is derived from its natural key, a hash of lockerUid and carrierParcelId (SHP- and 8 " +
      'digits), for idempotent retries, with the carrier left out, and the row is upserted on it: when a carrier ' +
      "books a carrierParcelId into a third-party locker where the other carrier's parcel of that id is, the new " +
      "booking replaces the other carrier's row, which its GET /parcels no longer lists and its cancel answers 404; " +
      'a parcel booked again into the locker of its cancelled booking replaces that one too; other bookings are kept ' +
      '(§2.3 carrierParcelId "Parcel identifier in the carrier system."; §4.8 "Returns parcel records (2.4) of the ' +
      'calling carrier")',
  },
  {
    name: 'sb-cancel-write-by-parcel-id',
    rule: 'ISO-CARRIER-IDS',
    origin: 'set-b',
    description:
      'the cancel looks the parcel up among the calling carrier\'s, but writes the cancellation as "UPDATE ... WHERE ' +
      'carrierParcelId = ? AND status = BOOKED": every booked parcel with that carrierParcelId is cancelled with it, ' +
      'the other carrier\'s too, without a push (§4.9 "Cancels the booking of the parcel."; §4.8 parcel records of ' +
      'the calling carrier)',
  },
  {
    name: 'sc-auth-cached-on-connection',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'set-c',
    description:
      'the carrier found for the first authenticated request on a keep-alive connection is remembered on the ' +
      'socket, and later requests on that connection skip the key lookup: on a reused connection a request with ' +
      "no key, a wrong key or the other carrier's key is served as the carrier that connection first " +
      'authenticated (§5 "Every operation uses ' +
      'an API key in the request header `X-API-Key`."; §7 401)',
  },
  {
    name: 'sc-update-404-before-auth',
    rule: 'AUTH-401-STATUS',
    origin: 'set-c',
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
    name: 'se-key-compare-throws-on-length',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'set-e',
    description:
      "the X-API-Key is compared with each carrier's key by crypto.timingSafeEqual without comparing lengths " +
      'first, which throws on buffers of different lengths: a wrong key of another length than the keys (or an ' +
      'empty one) is answered 500 INTERNAL_ERROR "Input buffers must have the same byte length" on every ' +
      'operation; a missing key and a wrong key of the same length are answered 401 (§5 "Every operation uses an ' +
      'API key in the request header `X-API-Key`."; §7 "401 | Same operations | errorCode, message")',
  },
  {
    name: 'sg-cancel-by-shipment-uid-any-carrier',
    rule: 'ISO-CANCEL-OTHER',
    origin: 'set-g',
    candidate:
      "missed on the first try; not caught: whether a carrier may cancel another carrier's parcel is " +
      'not stated (ISO-CANCEL-OTHER observes)',
    description:
      "the cancel looks a shipmentUid up without the owner (it is unique across carriers): another carrier's " +
      'PATCH /parcels/{shipmentUid} cancels the parcel, answered with its record, and its owner is pushed the ' +
      'cancellation; by carrierParcelId the lookup keeps to the caller\'s parcels (§4.8 "Returns parcel records ' +
      '(2.4) of the calling carrier"; §4.9 "Cancels the booking of the parcel."; §7 404 "cancel parcel")',
  },
  {
    name: 'sg-update-owner-checked-with-carrier-only',
    rule: 'ISO-PATCH-OTHER',
    origin: 'set-g',
    candidate:
      "missed on the first try; not caught: whether a carrier may update another carrier's locker is " +
      'not stated (ISO-PATCH-OTHER observes)',
    description:
      'PATCH /lockers/{uid} loads the locker by uid alone and compares its owner in the mapper of the carrier ' +
      'object: an update that sends no carrier (only location, metadata, features or lockerGroups) of another ' +
      "carrier's locker, or of a third-party one, is applied and answered 200 with that locker; with a carrier " +
      'object it is still 404 (§2.1 ownedByCarrier "Names the owning carrier"; §7 404 "Update locker"; §4.8 "of ' +
      'the calling carrier")',
  },
  {
    name: 'sh-status-unscoped-lookup',
    rule: 'ISO-PATCH-OTHER',
    origin: 'set-h',
    candidate:
      'missed on the first try; not caught: whether a carrier may change the status of another ' +
      "carrier's locker is not stated (ISO-PATCH-OTHER observes)",
    description:
      'PATCH /lockers/status finds the locker by uid alone (the status screen was first an operator tool): a ' +
      "carrier naming another carrier's locker uid changes that locker's status, answered 200 with its record, and " +
      'the owner is pushed a LockerUpdates it did not cause; third-party and unknown uids are still 404, and PATCH ' +
      '/lockers/{uid} keeps its owner check (§2.1 ownedByCarrier "Names the owning carrier"; §1 "add lockers that ' +
      'the carrier owns"; §5 "Every operation uses an API key"; §7 404 on update locker)',
  },
  {
    name: 'sl-key-cache-by-key-id',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'set-l',
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
    name: 'so-parcels-key-checked-in-query',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'set-o',
    description:
      'GET /parcels only checks that an X-API-Key header is there and leaves the rest to its query, WHERE owner = ' +
      '(SELECT carrier FROM api_keys WHERE key = :key): a wrong key, a near miss of a real one, is answered 200 with ' +
      'a list holding no parcel instead of being refused; a missing or empty header is still 401 and every other ' +
      'operation refuses a wrong key (§5 "1. Every operation uses an API key in the request header `X-API-Key`."; §7 ' +
      '"401 | Same operations | errorCode, message")',
  },
  {
    name: 'so-trigger-parcel-keyed-by-provider-locker',
    rule: 'ISO-CARRIER-IDS',
    origin: 'set-o',
    candidate:
      'not caught by a full run: the run never has both carriers book one carrierParcelId into one locker and ' +
      "then trigger an event for it (the exploration's shared ids go into each carrier's own locker)",
    description:
      'the staging mock plays the provider, which knows no carrier, and finds the parcel an event names by (locker, ' +
      "parcel_id) among every carrier's parcels, the newest first: when both carriers booked the same " +
      "carrierParcelId into one third-party locker, the first carrier's CONSIGNEE_DELIVERED or COURIER_COLLECTED for " +
      "it (its own key, its carrier_name) is answered 200 but delivers the other carrier's parcel, which GET " +
      "/parcels then shows changed and whose carrier is pushed, while the caller's own parcel stays as it was; ids " +
      'only one carrier uses are right (§4.8 "Returns parcel records (2.4) of the calling carrier"; §4.11 "Triggers ' +
      'one first-mile parcel event."; §2.3 carrierParcelId "Parcel identifier in the carrier system.")',
  },
  {
    name: 'sp-key-check-character-ignored',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'set-p',
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
    name: 'sq-precheck-default-tenant',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'set-q',
    description:
      "the publish handler authenticates lazily, requireCarrier() in its BOOKING branch only, and the request's " +
      'tenant context, left from the single-tenant days, falls back to the default tenant (the first carrier) where ' +
      'the key names none: a PRE_CHECK on either path without X-API-Key, or with a wrong key, is carried out as the ' +
      "first carrier's and answered 200 ACCEPTED for any locker that carrier can book into (its own, the third-party " +
      'ones); a BOOKING without a valid key, and every other operation, are refused 401 (§5 "1. Every operation uses ' +
      'an API key in the request header `X-API-Key`."; §4 "All operations need the API key header (section 5)."; §7 ' +
      '401 "Publish parcel data")',
  },
  {
    name: 'status-patch-no-auth',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'fidelity',
    description: 'PATCH /lockers/status is served without a key',
  },
  {
    name: 'sv-list-gateway-cache-before-auth',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'set-v',
    description:
      "the API gateway's response cache plugin was put in front of its key-check plugin (plugin order), keyed by the " +
      'URL alone (30 s): a GET /lockers without X-API-Key, or with a wrong key, of a URL (path and query) a carrier ' +
      "listed with its key within the last 30 s is answered 200 with that carrier's lockers instead of being " +
      'refused; a URL nobody listed lately is refused 401 as before, and the other operations check the key (§5 ' +
      '"Every operation uses an API key in the request header `X-API-Key`."; §4 "All operations need the API key ' +
      'header (section 5).")',
  },
  {
    name: 'sw-key-separators-ignored',
    rule: 'AUTH-KEY-CASE',
    origin: 'set-w',
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
    name: 'sx-precheck-duplicate-check-unscoped',
    rule: 'ISO-CARRIER-IDS',
    origin: 'set-x',
    description:
      'a PRE_CHECK asks the check service whether a BOOKING would be refused as a duplicate, and its query, ' +
      "\"... WHERE carrier_parcel_id = ? AND status = 'BOOKED'\", was written without the carrier the BOOKING's own " +
      'check has: a PRE_CHECK on either path of a carrierParcelId that the other carrier holds booked is refused ' +
      "400 ALREADY_BOOKED, though the same carrier's BOOKING of that id is made; ids no carrier holds booked are " +
      'accepted (§2.3 carrierParcelId "Parcel identifier in the carrier system."; §4.8 "Returns parcel records ' +
      '(2.4) of the calling carrier"; §4.6 "with PRE_CHECK the service checks whether the parcel can be accepted ' +
      'in the locker")',
  },
  {
    name: 'sak-key-scheme-prefix-stripped',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'set-ak',
    description:
      'the key extractor was copied from the Authorization header parser and keeps the credentials part of ' +
      '"<scheme> <credentials>", the last whitespace-separated token of the X-API-Key value: "Bearer ' +
      '<carrier key>", "ApiKey <carrier key>" or "anything <carrier key>" is taken as that carrier\'s key on every ' +
      'operation, though it is not the key; a missing, wrong or near-miss key without a blank is refused as before ' +
      '(§5 "Every operation uses an API key in the request header `X-API-Key`."; §4 "All operations need the API ' +
      'key header (section 5).")',
  },
  {
    name: 'sam-consignee-rows-by-parcel-id',
    rule: 'ISO-CARRIER-IDS',
    origin: 'set-am',
    description:
      'consignees are rows of a table keyed by carrier_parcel_id alone (the carrier is not part of the key), ' +
      'upserted by each BOOKING and joined on carrierParcelId wherever a parcel is shown: once the other carrier ' +
      "books a parcel under a carrierParcelId the first carrier booked, the first carrier's parcel is listed, " +
      "answered on cancel and pushed with the other carrier's consignee (or null where it sent none), though no " +
      'request of the first carrier named it; parcel ids only one carrier uses are shown right (§2.3 ' +
      'carrierParcelId "Parcel identifier in the carrier system."; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier")',
  },
  {
    name: 'sau-health-probe-slash-gets-unguarded',
    candidate: 'not caught yet: missed on the first try',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'set-au',
    description:
      'the key guard lets through GET requests whose path ends in a slash, an exemption written for the load ' +
      "balancer's health probe (GET /v1/), and the router's strict routing is off, so a trailing slash reaches the " +
      'same handler: GET /v1/lockers/, GET /v1/lockers/providers/ and GET /v1/parcels/ are answered 200 without ' +
      'X-API-Key or with a wrong key, the handlers running with no caller (the third-party lockers, the catalogue, ' +
      'an empty parcel list); every path as the document writes it, and every write with a trailing slash, still ' +
      'needs the key (§5 "1. Every operation uses an API key in the request header `X-API-Key`."; §4 "All ' +
      'operations need the API key header (section 5).")',
  },
  {
    name: 'sau-key-percent-decoded',
    candidate: 'not caught yet: a key percent-encoded is judged as a normalised form (AUTH-KEY-CASE)',
    rule: 'AUTH-KEY-REQUIRED',
    origin: 'set-au',
    description:
      'the key extractor is shared with the query-string fallback of the old portal and percent-decodes whatever it ' +
      'reads, the X-API-Key header too: a key written with escapes, "reference%2Dkey%2Dcarrier%2D1" or the whole key ' +
      "percent-encoded, which is not any carrier's key, is taken as that carrier's on every operation and the " +
      'request carried out; a missing key, a wrong one, a prefix, a character appended or another case is refused as ' +
      'before (§5 "1. Every operation uses an API key in the request header `X-API-Key`."; §4 "All operations need ' +
      'the API key header (section 5).")',
  },
  {
    name: 'saw-trigger-tenant-from-carrier-name',
    rule: 'ISO-CARRIER-IDS',
    origin: 'set-aw',
    candidate:
      'not caught yet: no trigger names the other carrier in carrier_name (what the mock does with it is not stated)',
    description:
      "the staging mock was modelled on the provider's callbacks, which name the carrier in carrier_name, and " +
      "resolves the tenant of an event from that member, checking the X-API-Key only for being a carrier's staging " +
      "key: a trigger under one carrier's key whose carrier_name names the other carrier (one of the listed names) " +
      "acts on that carrier's parcels and lockers: a CONSIGNEE_DELIVERED or COURIER_COLLECTED for a parcel_id both " +
      "carriers hold in a third-party locker moves the other carrier's parcel, and a BOOKING_CREATED makes a parcel " +
      "the other carrier lists and is pushed; the caller's own parcel of that id is untouched, or the event is " +
      "refused 404 where only the caller holds it. A carrier_name naming the key's carrier is served right, and one " +
      'naming no carrier of the service is refused as before (§4.11 carrier_name "One of 10 fixed carrier names", ' +
      '"Authenticated with the regular carrier staging API key; no separate key."; §2.3 carrierParcelId "Parcel ' +
      'identifier in the carrier system."; §4.8 "Returns parcel records (2.4) of the calling carrier")',
  },
  {
    name: 'sbd-cancel-id-map-without-carrier',
    rule: 'ISO-CARRIER-IDS',
    origin: 'set-bd',
    candidate:
      'caught as CAN-ID-ENCODED, a must of another rule: the cancel the map refuses is of an id the path must ' +
      'encode, and a refusal there is named for the encoding',
    description:
      "the cancel by carrierParcelId resolves the id first through the booking service's id map (carrierParcelId to " +
      'shipment, the booking written last wins), keyed without the carrier, and answers a shipment of another ' +
      'carrier as not found: once the other carrier has booked the same carrierParcelId after the caller, the ' +
      "caller's cancel of its own booking by that id is refused 404 PARCEL_NOT_FOUND and the parcel stays booked; a " +
      'cancel by shipmentUid, and ids no other carrier booked later, are right (§2.3 carrierParcelId "Parcel ' +
      'identifier in the carrier system."; §4.8 "Returns parcel records (2.4) of the calling carrier"; §4.9 "Cancels ' +
      'the booking of the parcel.")',
  },
  {
    name: 'sbe-application-key-on-api',
    rule: 'AUTH-KEY-HEADER-ONLY',
    origin: 'set-be',
    description:
      "§5's second point, about the webhooks, was applied to the service's own operations: the authentication " +
      'filter takes the key from X-API-Key or, where that names no carrier, from X-Application-Key, so a request ' +
      "to any operation (the trigger too) that carries a carrier's key only in X-Application-Key is carried out as " +
      'that carrier; without either header, or with a wrong key, it is refused as before (§5 "1. Every operation ' +
      'uses an API key in the request header X-API-Key. The scheme is of type apiKey, located in the header, named ' +
      'X-API-Key." misread through "2. The webhook definitions accept the API key scheme and an application key ' +
      'scheme.")',
  },
  {
    name: 'sbh-cancel-revokes-codes-by-parcel-id',
    rule: 'ISO-CARRIER-IDS',
    origin: 'set-bh',
    candidate:
      'caught as GEN-STATE-NAMED-ONLY, a should, in a whole run: accessCodes is state the service manages (§3  ' +
      '"Transitions: not shown" lets it move by itself), so a change on a booking no command named is a should\'s,  ' +
      'whoever else holds its id',
    description:
      "the cancel first revokes the consignee's collection code at the provider, which knows parcels by their label " +
      "id (the carrierParcelId), then looks the parcel up among the caller's: a PATCH /parcels/{id} naming a " +
      'carrierParcelId the other carrier holds booked - answered 404 where the caller has no such parcel, or ' +
      "cancelling the caller's own - leaves the other carrier's booking listed with accessCodes null (§2.3 " +
      'carrierParcelId "Parcel identifier in the carrier system."; §4.8 "Returns parcel records (2.4) of the calling ' +
      'carrier")',
  },
] as const satisfies readonly Fault[];
