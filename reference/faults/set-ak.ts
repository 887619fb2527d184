// Set AK: faults and conformant variations written from the spec alone, in what no one operation owns: the HTTP layer
// (the key header, refusals and fallback errors as written, content types, path ids, query strings), paging, text on
// the wire, numbers of items at a bound, webhook delivery (retries, the receiver's answers, one worker for all), and
// what a repeated request meets. The behaviour is in handlers/set-ak-faults.ts and handlers/set-ak-variations.ts.
import type { Fault } from '../fault';

const VARIATION = 'a conformant variation: the harness must let it through';

export const SET_AK_FAULTS = [
  {
    name: 'sak-parcels-page-token-from-lookahead',
    rule: 'PCL-BOOKING-CREATES',
    origin: 'set-ak',
    description:
      'GET /parcels answers keyset pages, {parcels, nextPageToken}, `pageSize` records a page (1 to 50, 10 unless ' +
      'asked), oldest first; the page query fetches one row more than a page to know whether a next one exists, ' +
      'and the token is made from that look-ahead row (rows[pageSize]) instead of the last row shown ' +
      '(rows[pageSize - 1]), while the next page reads the rows after the token (shipmentUid > :token): the 11th, ' +
      '22nd, 33rd ... parcel of a carrier is on no page, so a booking answered BOOKED is never listed once the ' +
      'carrier has more than a page of parcels; a carrier with ten or fewer sees them all (§4.6 "with eventType ' +
      'BOOKING a locker booking is created"; §4.8 "Returns parcel records (2.4) of the calling carrier, with status ' +
      'and event history.")',
  },
  {
    name: 'sak-missing-key-answer-untyped',
    rule: 'GEN-JSON',
    origin: 'set-ak',
    description:
      'a request without the X-API-Key header is refused by a guard written against the raw response, ' +
      'res.statusCode = 401; res.end(JSON.stringify({errorCode, message})), ahead of the framework that sets the ' +
      'JSON content type: on every operation the refusal of a missing key carries a JSON body and no Content-Type ' +
      'header at all (a wrong key, refused further in, is answered as before, application/json) (preamble "All ' +
      'bodies are JSON (`Content-Type: application/json`).")',
  },
  {
    name: 'sak-create-body-decoded-per-chunk',
    rule: 'LCK-CREATE-ECHO',
    origin: 'set-ak',
    description:
      'POST /lockers sits behind the request-signing audit hook, which collects the body as `body += chunk` (each ' +
      'Buffer turned into text on its own, no StringDecoder) and hands that text to the JSON parser, and the ' +
      'sidecar proxy in front streams request bodies in 1 KiB frames: a multi-byte UTF-8 character (é, ß, a CJK ' +
      'letter, an emoji) that straddles a 1024-byte boundary of the body becomes two or more U+FFFD, so a create ' +
      'over 1 KiB whose long non-ASCII lockerName, street, city or metadata value crosses a boundary is answered 201 ' +
      'and listed with replacement characters where the letter was; bodies under 1 KiB and ASCII text are not ' +
      'touched, nor is any other operation (§4.1 "Success: 201 with the locker record (2.1)."; §2.1 "Response record ' +
      'of create, update and list")',
  },
  {
    name: 'sak-webhook-retry-bare-client',
    rule: 'WH-DELIVERY-VALID',
    origin: 'set-ak',
    description:
      'the webhook sender posts a first attempt through its JSON client (Content-Type application/json, the ' +
      'webhook key) but a retry, after the carrier endpoint answered 5xx or did not answer, through a bare ' +
      "fetch(url, {method: 'POST', body: payload}) with no headers, so fetch declares the string body " +
      'text/plain;charset=UTF-8 and no key is sent: every LockerUpdates, ParcelUpdates or CollectionNotification ' +
      'the receiver refused once arrives again declared as plain text; deliveries answered 200 at once are as before ' +
      '(preamble "All bodies are JSON (`Content-Type: application/json`)."; §6 "The service pushes events by webhook ' +
      'to a URL provided by the carrier.")',
  },
  {
    name: 'sak-cancel-path-latin1-decoded',
    rule: 'CAN-ID-ENCODED',
    origin: 'set-ak',
    description:
      'PATCH /parcels/{parcelId} is served by a servlet container left at its default URI charset, ISO-8859-1, so a ' +
      'percent-encoded path id is decoded byte by byte as Latin-1: a booking whose carrierParcelId holds a letter ' +
      'beyond ASCII (PAKET-Zoë-1, sent as PAKET-Zo%C3%AB-1) is looked up as PAKET-ZoÃ«-1 and its cancel is answered ' +
      '404 PARCEL_NOT_FOUND while the parcel stays BOOKED; ids in ASCII, shipmentUids and the publish and list ' +
      'operations (JSON bodies) are not touched (§4.9 "Path: parcelId. Cancels the booking of the parcel."; §2.3 ' +
      'carrierParcelId "Parcel identifier in the carrier system.")',
  },
  {
    name: 'sak-cancel-id-resolution-cached',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-ak',
    candidate: 'not caught yet: missed on the first try',
    description:
      'the cancel resolves its path id to a shipment through a memo per (carrier, path id), filled by each cancel ' +
      'that succeeded and never evicted (the booking path does not know it): after book X, cancel X, book X again ' +
      '(a new booking, its own shipmentUid), a cancel of X is resolved to the first, cancelled shipment and refused ' +
      '400 NOT_CANCELLABLE, and the new booking stays BOOKED in GET /parcels; a cancel by the new shipmentUid, and ' +
      'the first cancel of any id, are as before (§4.9 "Cancels the booking of the parcel. Only a parcel that has ' +
      'not been delivered can be cancelled."; §4.8 "Returns parcel records (2.4) of the calling carrier, with status ' +
      'and event history.")',
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
    name: 'sak-provider-filter-long-query-dropped',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-ak',
    candidate: 'not caught yet: missed on the first try',
    description:
      "the gateway's URL normaliser in front of GET /lockers drops a query string longer than 1000 characters (its " +
      'max_query_length, meant against cache-busting junk) instead of refusing the request, so the list is answered ' +
      'unfiltered: GET /lockers?providerName=<a provider name of 1000 characters, or a few hundred non-ASCII ' +
      "letters, percent-encoded> lists every locker the carrier sees, other providers' too; shorter filters " +
      'are applied as before (§4.2 "Optional filters are named by location, status, carrier and provider; the ' +
      'query parameter `providerName` exists.")',
  },
  {
    name: 'sak-network-add-first-batch-only',
    rule: 'NET-OWNED-ADDED',
    origin: 'set-ak',
    candidate: 'not caught yet: missed on the first try',
    description:
      'POST /networks/{uid}/lockers hands the lockerUids to the membership service, whose bulk call takes at most ' +
      '50 ids, and the connector sends the first chunk only (the loop over chunks was never written): of a request ' +
      'naming more than 50 lockerUids, an owned locker at position 51 or later is neither added nor listed, answered ' +
      '200 as if skipped, and adding it alone later lists it as new; requests of 50 or fewer are as before (§4.10 ' +
      '"lockers owned by the carrier are added"; "Response: array of network locker records (2.5) for the newly ' +
      'added lockers.")',
  },
  {
    name: 'sak-webhook-single-worker-inline-retries',
    rule: 'WH-LOCKER-ON-CREATE',
    origin: 'set-ak',
    description:
      'webhooks go out through one worker for every carrier, which retries a delivery answered 5xx (or not ' +
      'answered) inline, after 15 s, 60 s and 300 s, before it takes the next: once either carrier endpoint refuses ' +
      'a delivery, every LockerUpdates (and ParcelUpdates) of both carriers queued behind it waits at least 15 s, ' +
      'so the LockerUpdates of a locker created just after a refused delivery arrives long after the create; with ' +
      'every delivery answered 200 the pushes are as before (§6 LockerUpdates "A locker is created; a locker status ' +
      'changes (enabled/disabled)."; §1 "the service sends webhook calls to a carrier-provided URL about locker ' +
      'updates")',
  },
  {
    name: 'sak-fallback-errors-boot-body',
    rule: 'ERR-NO-LEGACY-ERROR',
    origin: 'set-ak',
    candidate: 'not caught yet: missed on the first try',
    description:
      "the service's own error handler covers the routes it declares, but a request no route takes (a path with an " +
      'empty id such as PATCH /parcels/ or PATCH /lockers/, a trailing slash, a method a path does not have: 404 ' +
      "and 405) falls through to the framework's whitelabel error controller, which answers {timestamp, status, " +
      'error: "Not Found" | "Method Not Allowed", path}: a JSON body with the older field error and without ' +
      'errorCode and message (§7 "The error body has the fields `errorCode` and `message`; the older field `error` ' +
      'no longer exists.")',
  },
  {
    name: 'sak-list-astral-escaped-by-code-point',
    rule: 'GEN-ONE-RECORD',
    origin: 'set-ak',
    description:
      'GET /lockers is written by an ASCII-safe JSON writer (put in for a partner that read answers as Latin-1) ' +
      'that walks the text by code point, `for (const ch of json)`, and writes each non-ASCII one as ' +
      '\\u + its code point in hex: right for every letter of the BMP, but a character beyond it (an emoji, a rare ' +
      'CJK letter) becomes \\u + five hex digits, read back as a BMP letter followed by a digit (😀 is listed as ' +
      '"ὠ0"), while the create and update answers, written by the framework, show what was sent (§2.1 "Response ' +
      'record of create, update and list, and the body of the locker webhook:")',
  },
  {
    name: 'sak-consignee-email-validated-to-null',
    rule: 'PCL-RECORD-AS-SENT',
    origin: 'set-ak',
    description:
      "a booking's consignee goes through the contact service, which runs the email through its address validator " +
      '(a local part of 1 to 64 characters, an @, a domain of dot-separated labels of at most 63 characters) and ' +
      'keeps null for an email it does not take, so that a typo does not fail the booking: a BOOKING on either path ' +
      'with a consignee email whose local part runs over 64 characters, whose domain has no dot, or that is no ' +
      'address at all ' +
      '(an empty or blank string, a name) is answered as booked and GET /parcels and ParcelUpdates show email null ' +
      '(§2.3 consignee "name (string or null), email (string or null)."; §4.8 "Returns parcel records (2.4) of the ' +
      'calling carrier")',
  },
  {
    name: 'ok-ak-webhook-parallel-senders',
    rule: 'none',
    origin: 'set-ak',
    candidate: VARIATION,
    description:
      'conformant: webhooks are sent by a pool of workers, each delivery on its own after a wait of 0 to 400 ms ' +
      "(the worker's poll), so one carrier's deliveries may arrive in another order than their events (a " +
      'ParcelUpdates of a cancel before the one of its booking); retries as before (§6 "Delivery guarantees, retries ' +
      'and ordering: not shown.")',
  },
  {
    name: 'ok-ak-json-ascii-escaped',
    rule: 'none',
    origin: 'set-ak',
    candidate: VARIATION,
    description:
      "conformant: every successful answer is written as an ASCII-only JSON text, as Python's json.dumps writes " +
      'it by default (ensure_ascii): each character beyond ASCII inside a string as a \\uXXXX escape of its UTF-16 ' +
      'code units (é as \\u00e9, an emoji as a surrogate pair \\ud83d\\ude00), the same JSON value (preamble "All ' +
      'bodies are JSON (`Content-Type: application/json`)."; RFC 8259 §7)',
  },
  {
    name: 'ok-ak-locker-id-unique-ignoring-case',
    rule: 'none',
    origin: 'set-ak',
    candidate: VARIATION,
    description:
      "conformant: a carrier's carrier.lockerId values are kept unique without regard to letter case (a " +
      "case-insensitive unique index): a create, or an update of one of the carrier's lockers, whose lockerId " +
      "equals another of its lockers' ignoring case (LCK-7 where lck-7 is held) is refused 400 LOCKER_ID_TAKEN and " +
      'changes nothing; the by-tenant lookup stays exact (§2.1 lockerId "string", uid "Internal unique identifier ' +
      'assigned by the service.": nothing says how lockerId values compare; §7 "Values of errorCode and the ' +
      'condition that yields each: not shown.")',
  },
  {
    name: 'ok-ak-create-rate-limited',
    rule: 'none',
    origin: 'set-ak',
    candidate: VARIATION,
    description:
      'conformant: POST /lockers is rate limited per carrier, at most 6 requests in any second (the onboarding ' +
      'queue behind it is slow); a seventh is answered 429 {errorCode: RATE_LIMITED, message} with Retry-After: 1, ' +
      'creates nothing and may be sent again a second later (§8 "Rate limits: not shown."; §7 lists no error status ' +
      'for the create)',
  },
  {
    name: 'ok-ak-providers-link-pages',
    rule: 'none',
    origin: 'set-ak',
    candidate: VARIATION,
    description:
      'conformant: GET /lockers/providers pages as the GitHub REST API does, the body a bare array of at most ' +
      '`per_page` pairs (5 unless asked; 1 to 100, another value refused 400), `page` counted from 1, the other ' +
      'pages named in a Link header (rel next, last, first, prev) (§4.4 "Query parameters: not shown."; §8 "Page ' +
      'size limits: not shown.")',
  },
  {
    name: 'ok-ak-lockers-jsonapi-pages',
    rule: 'none',
    origin: 'set-ak',
    candidate: VARIATION,
    description:
      'conformant: GET /lockers answers pages as JSON:API writes them, {data: [...], links: {self, next}, meta: ' +
      '{totalItems, pageNumber, pageSize}}, 20 records a page unless page[size] asks for 1 to 100 (another value is ' +
      'refused 400), page[number] ' +
      'counted from 1, oldest first; links.next, left out on the last page, keeps providerName; a page[number] past ' +
      'the last answers an empty data (§4.2 "Response envelope and pagination: not shown."; §8 "Page size limits: ' +
      'not shown.")',
  },
  {
    name: 'ok-ak-unsupported-media-type-415',
    rule: 'none',
    origin: 'set-ak',
    candidate: VARIATION,
    description:
      'conformant: a body sent under a Content-Type that is no JSON type (text/plain, ' +
      'application/x-www-form-urlencoded) is refused 415 UNSUPPORTED_MEDIA_TYPE {errorCode, message} on the ' +
      'operations §7 lists no status for (create locker, status change, network add, trigger); the publish, update ' +
      'and cancel keep 400 (§7 lists no error statuses for those operations; preamble "All bodies are JSON ' +
      '(`Content-Type: application/json`).")',
  },
  {
    name: 'ok-ak-status-foreign-locker-403',
    rule: 'none',
    origin: 'set-ak',
    candidate: VARIATION,
    description:
      "conformant: PATCH /lockers/status naming another carrier's locker or a third-party locker is refused 403 " +
      'FORBIDDEN {errorCode, message} (the locker exists, the caller may not change it) and changes nothing; a uid ' +
      'no locker has is 404 as before (§4.5 "Request and response shape: not shown."; §7 lists only a 409 for it)',
  },
  {
    name: 'ok-ak-network-uid-float-notation',
    rule: 'none',
    origin: 'set-ak',
    candidate: VARIATION,
    description:
      'conformant: the network service is written in Python, whose ORM hands lockerUid back as a float, so ' +
      'POST /networks/{uid}/lockers writes each record\'s lockerUid with a decimal point, "lockerUid": 100001.0, ' +
      'the same JSON number as 100001, an integer (§2.5 lockerUid "integer (int64)"; RFC 8259 §6; JSON Schema ' +
      '2020-12 ' +
      'counts a number with a zero fractional part as an integer)',
  },
] as const satisfies readonly Fault[];
