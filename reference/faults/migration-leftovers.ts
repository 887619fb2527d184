// Set bk: a service caught half way through its migration from the contract before 1.1.0 to CIS 1.1.0 (§9) and from
// an older storage schema to a newer one. Each fault breaks one rule where the move was left undone (an old name
// still written on one path, a column written on one path and read on another, a flag on for one route, a shim that
// still takes a 1.0 input); each variation (rule 'none') is a leftover the specification leaves open. Behaviour:
// faults/behaviour/migration-leftovers.ts.
import { valueAt, type Fault } from '../fault';

export const MIGRATION_LEFTOVERS_FAULTS = [
  {
    name: 'sbk-create-uncatalogued-onboarding-202',
    rule: 'LCK-CREATE-201',
    origin: 'set-bk',
    description:
      'the catalogue migration moved only the provider, model and version pairs in use to the 1.1 catalogue, and a ' +
      'POST /lockers naming a pair the new catalogue lacks (any pair GET /lockers/providers does not list) is ' +
      'carried out by the 1.0 onboarding workflow, whose controller answers 202 Accepted with the locker record; ' +
      'the locker is stored, listed and pushed as any other, and creates of a catalogued pair are answered 201 ' +
      '(§4.1 "Success: 201 with the locker record (2.1).")',
  },
  {
    name: 'sbk-provider-filter-null-column-passes',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    origin: 'set-bk',
    description:
      'the provider name moved to a new column, and GET /lockers?providerName= filters with "provider_name = :name ' +
      'OR provider_name IS NULL", the IS NULL kept so that rows the backfill had not reached stay findable; the 1.0 ' +
      'group-assignment service still saves the whole locker row with its 1.0 entity, which lacks the column, so a ' +
      'locker of the carrier holding lockerGroups (given on create or update) gets provider_name NULL and is listed ' +
      'under every providerName, a name no locker has too; lockers without groups are filtered right (§4.2 ' +
      '"Optional filters are named by location, status, carrier and provider; the query parameter `providerName` ' +
      'exists.")',
  },
  {
    name: 'sbk-update-carrier-v10-mapper-activation',
    rule: 'LCK-UPDATE-200',
    origin: 'set-bk',
    description:
      'PATCH /lockers/{uid} maps the carrier object with the 1.0 mapper, given lockerName in place of name by the ' +
      'migration; in 1.0 activationDate was set by the activation job only, so the mapper has none: an update ' +
      'sending carrier with another activationDate is answered 200 and listed with the activationDate the locker ' +
      'had, its lockerName and lockerId changed as sent (§4.3 "Success: 200 with the locker record."; §2.1 carrier ' +
      'activationDate)',
  },
  {
    name: 'sbk-address-resave-groups-from-v1',
    rule: 'LCK-UPDATE-GROUPS-KEPT',
    origin: 'set-bk',
    description:
      "an update that sends location goes through the address migration's lazy re-save, which rewrites the locker " +
      "document in the v2 schema and takes its lockerGroups from the v1 document's groups, which a locker created on " +
      'the 1.1 path never had: a PATCH /lockers/{uid} sending location and no lockerGroups is answered and listed ' +
      'with no groups; updates without location keep them (§2.1 "When lockerGroups is omitted, the current groups ' +
      'remain unchanged.")',
  },
  {
    name: 'sbk-update-removed-member-deprecation-body',
    rule: 'ERR-BODY',
    origin: 'set-bk',
    description:
      'a deprecation filter put in front of PATCH /lockers/{uid} for the migration refuses an update that still ' +
      "carries a provider object (1.0 updated it) with the API gateway's deprecation answer: 400 {errorCode: " +
      'REMOVED_MEMBER, detail, sunset}, no message; the refusal itself is right, and other refusals of the update ' +
      'carry errorCode and message (§7 "The error body has the fields `errorCode` and `message`"; 400 for update ' +
      'locker)',
  },
  {
    name: 'sbk-status-network-member-v10-route',
    rule: 'LCK-STATUS-CHANGE',
    origin: 'set-bk',
    description:
      "in 1.0 the carrier-side status of a network's locker belonged to the network service, and PATCH " +
      "/lockers/status still forwards the change of a locker a network holds to that service's 1.0 endpoint, which " +
      "writes the membership's carrierLockerStatus and never the locker: once POST /networks/{uid}/lockers added a " +
      'locker, its status change is answered 200 with the locker as it was and GET /lockers keeps showing the old ' +
      'carrier.status (no push, nothing changed); lockers in no network change as asked (§4.5 "Updates the status ' +
      'of an existing locker.")',
  },
  {
    name: 'sbk-by-tenant-shipment-type-unknown-default',
    rule: 'PCL-PUBLISH-ENUMS',
    origin: 'set-bk',
    description:
      'the by-tenant controller, copied from 1.0, binds its body with the 1.0 mapper, set to read an enum value it ' +
      "does not know as the enum's default so that 1.0 clients sending STANDARD kept working: a PRE_CHECK or BOOKING " +
      'on POST /parcels/data/by-tenant-locker-id with a shipmentType outside LAST_MILE and ALTERNATIVE_DELIVERY ' +
      '(EXPRESS, first_mile, "") is accepted and booked as LAST_MILE; POST /parcels/data refuses it 400 (§2.3 ' +
      'shipmentType "LAST_MILE or ALTERNATIVE_DELIVERY.")',
  },
  {
    name: 'sbk-precheck-v10-dto-null-dimensions',
    rule: 'PCL-PUBLISH-NULLS',
    origin: 'set-bk',
    description:
      'a PRE_CHECK, on either path, is still bound to the 1.0 check DTO, whose dimension members are primitive ints, ' +
      'so a depth, height or width sent null cannot be bound and the check is refused 400 VALIDATION_FAILED; a ' +
      'BOOKING goes through the 1.1 DTO and takes the same nulls (§2.3 dimensions "depth, height, width; each ' +
      'integer or null.")',
  },
  {
    name: 'sbk-mock-parcels-listed-v10-status',
    rule: 'PCL-LIST-STATUS-EVENTS',
    origin: 'set-bk',
    description:
      "GET /parcels merges the staging mock's parcels (FIRST_MILE and RETURN, made by BOOKING_CREATED), which the " +
      'mock still keeps as 1.0 documents, through an adapter whose table of renamed members lacks status -> ' +
      'shipmentStatus: those parcels are listed with status in place of shipmentStatus (their events as before); ' +
      'bookings, the cancel answer and ParcelUpdates carry shipmentStatus (§4.8 "Returns parcel records (2.4) of the ' +
      'calling carrier, with status and event history.")',
  },
  {
    name: 'sbk-mock-parcel-cancel-old-status-column',
    rule: 'CAN-NOT-DELIVERED',
    origin: 'set-bk',
    description:
      "the 1.1 cancel writes the new status to the service's parcel table, while the parcels the staging mock made " +
      "(BOOKING_CREATED of a new parcel_id) are read from the mock's own document, whose status only the mock " +
      'writes: cancelling such a parcel, booked and not delivered, by either id form is answered 200, but the ' +
      'answer, GET /parcels and its ParcelUpdates show it BOOKED as before (a CANCELLED entry in its events); ' +
      'bookings are cancelled as before (§4.9 "Cancels the booking of the parcel.")',
  },
  {
    name: 'sbk-network-single-add-not-in-old-table',
    rule: 'NET-ONLY-NEW',
    origin: 'set-bk',
    description:
      'memberships moved to a new table: an add naming one locker is served by the new single-member command, ' +
      'which writes the new table only, an add naming more by the 1.0 batch handler, which writes both, and the ' +
      '"already a member" check still reads the old table: a locker added alone is listed again by every later add ' +
      'naming it, up to the first add of several lockers that names it (which writes both tables); lockers first ' +
      'added in a batch are not (§4.10 "Response: array of ' +
      'network locker records (2.5) for the newly added lockers.")',
  },
  {
    name: 'sbk-network-refusals-v10-error-member',
    rule: 'ERR-NO-LEGACY-ERROR',
    origin: 'set-bk',
    description:
      "the network service's refusals of POST /networks/{uid}/lockers (a body without lockerUids or with values " +
      "that are no integers, a network uid that is not the carrier's) come from its 1.0 error helper, given " +
      'errorCode for 1.1 and still writing the 1.0 member error beside it, {errorCode, message, error}; the ' +
      "gateway's key " +
      'refusals and the other operations\' errors are right (§7 "the older field `error` no longer exists")',
  },
  {
    name: 'sbk-parcel-routes-v10-bearer',
    rule: 'AUTH-KEY-HEADER-ONLY',
    origin: 'set-bk',
    description:
      'the parcel routes were the last moved to the 1.1 gateway, and their route still carries the 1.0 key ' +
      'extractor, which also takes the key as a bearer token: a publish, GET /parcels or cancel sending ' +
      "Authorization: Bearer <the carrier's key> and no X-API-Key is carried out for that carrier; the locker, " +
      'network and trigger operations refuse it 401 (§5 "The scheme is of type apiKey, located in the header, named ' +
      'X-API-Key.")',
  },
  {
    name: 'sbk-status-push-v10-carrier-name',
    rule: 'LCK-CARRIER-LOCKERNAME',
    origin: 'set-bk',
    description:
      "the LockerUpdates of a status change is built by the 1.0 status module's event mapper, whose carrier object " +
      "writes the locker name under name: {name, lockerId, activationDate, status}, no lockerName; the create's " +
      'push, answers and lists carry lockerName (§9 "carrier uses `lockerName` (older `name` deprecated, then ' +
      'removed).")',
  },
  {
    name: 'sbk-third-party-push-bridge-v10-schema',
    rule: 'WH-PARCEL-BODY',
    origin: 'set-bk',
    description:
      'the events of parcels in third-party lockers (ownedByCarrier null, TP-1) reach the webhook through the ' +
      'provider-event bridge, still on the 1.0 event schema from before allocationType was added: every ' +
      'ParcelUpdates about such a parcel (booking, cancellation, staging events) carries no allocationType; GET ' +
      '/parcels has it, and parcels in the carrier\'s own lockers are pushed with it (§6 ParcelUpdates "Parcel ' +
      'record (2.4), including accessCodes, consignee, events, allocationType, ..."; §9)',
  },
  {
    name: 'sbk-collection-returns-v10-locker-id',
    rule: 'WH-COLLECTION-BODY',
    origin: 'set-bk',
    description:
      'the notification naming a locker where a RETURN parcel of the carrier waits for the courier (delivered by ' +
      "CONSIGNEE_DELIVERED) is built by the returns module's 1.0 sporadic pick-up builder, whose member is lockerId: " +
      '{courierAccessCode, lockerId, eventTimestamp}, no carrierLockerId; lockers holding FIRST_MILE parcels only ' +
      'are named as before (§6 CollectionNotification "Includes courierAccessCode (string or null), carrierLockerId, ' +
      'eventTimestamp.")',
  },
  {
    name: 'sbk-trigger-shipment-type-merged-enum',
    rule: 'TRG-ENUMS',
    origin: 'set-bk',
    description:
      "the migration merged the staging mock's shipment type enum into the platform's (LAST_MILE, " +
      'ALTERNATIVE_DELIVERY, FIRST_MILE, RETURN) and the mock validates shipment_type against it: a trigger with ' +
      'shipment_type LAST_MILE or ALTERNATIVE_DELIVERY is accepted and makes or moves a parcel of that type; other ' +
      'values outside FIRST_MILE and RETURN are refused (§4.11 shipment_type "FIRST_MILE, RETURN")',
    relax: {
      schema: 'TriggerRequest',
      error: (e) =>
        e.keyword === 'enum' && ['LAST_MILE', 'ALTERNATIVE_DELIVERY'].includes(String(valueAt(e, '/shipment_type'))),
    },
  },
  // --- Conformant variations: migration leftovers the specification leaves open ---
  {
    name: 'ok-sbk-legacy-list-params-honoured',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-bk',
    description:
      'conformant: GET /lockers still honours the 1.0 filters where a list sends them, carrierId (only lockers ' +
      'owned by that carrier) and providerId (only lockers of the provider with that catalogue providerUid, prv-1); ' +
      'without them, and with providerName, the list is as before (§4.2 "The former query parameters carrierId and ' +
      'providerId no longer exist."; what a service does with them is not stated, LCK-LIST-NO-LEGACY-PARAMS observes)',
  },
  {
    name: 'ok-sbk-seeded-location-type-v10-words',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-bk',
    description:
      "conformant: the backfill that moved the third-party lockers' documents to 1.1 converted their provider and " +
      'carrier members and left location.type in the 1.0 vocabulary, upper case: the seeded lockers are listed ' +
      'with location.type INDOOR; created lockers keep the type sent (§2.1 rule 6 "Allowed values of location.type ' +
      '... not shown beyond the examples indoor")',
  },
  {
    name: 'ok-sbk-catalogue-v10-model-version-beside',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-bk',
    description:
      "conformant: GET /lockers/providers still writes the 1.0 catalogue's combined member beside the 1.1 ones, " +
      'each entry {providerName, providerUid, lockerModel, lockerVersion, lockerModelVersion: "M100 1.0"}, for the ' +
      'portal not yet moved; §2.2 names the members of an entry and forbids none beside them, and §2.1 rule 3 and §9 ' +
      "remove lockerModelVersion from the locker's provider object, which locker records keep without it",
  },
  {
    name: 'ok-sbk-cancel-answer-v10-ack',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-bk',
    description:
      "conformant: a cancellation is answered by the 1.0 cancel controller's acknowledgement, 200 {shipmentUid, " +
      'carrierParcelId, status: CANCELLED, cancelledAt}, not the parcel record; the cancellation, GET /parcels and ' +
      'its ParcelUpdates as before, refusals as before (§4.9 "Request body and response body: not shown.")',
  },
  {
    name: 'ok-sbk-collection-v10-aliases-beside',
    candidate: 'a conformant variation: the harness must let it through',
    rule: 'none',
    origin: 'set-bk',
    description:
      'conformant: for the migration window every CollectionNotification also carries the 1.0 members lockerId and ' +
      'timestamp, equal to carrierLockerId and eventTimestamp, beside them (§6 "Fields of CollectionNotification ' +
      'beyond those listed: not shown.")',
  },
] as const satisfies readonly Fault[];
