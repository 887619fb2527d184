// A closing check: twelve faults written from the spec alone by a helper who has not read the
// harness, in classes no earlier fault named. Each is switched on like the faults of
// faults.ts (`--fault NAME`, CIS_REFERENCE_FAULTS), which lists them after its own; the switch is read where
// the behaviour lives (handlers/, outbox.ts, collections.ts). test/tools/x45-repro.mjs shows each one, on and off.
import type { Fault } from './fault';

export const X45_FAULTS = [
  {
    name: 'x45-features-false-as-null',
    rule: 'LCK-CREATE-ECHO',
    description:
      'features are stored as `sent || null` (a falsy check where a null check belongs), so hasScreen: false ' +
      'is answered and listed as null (§2.1 features: each boolean or null; §4.1 201 with the locker record) ' +
      '(written from the spec alone by a helper)',
  },
  {
    name: 'x45-parcels-cache-shared-across-carriers',
    rule: 'PCL-LIST-OWN',
    description:
      'GET /parcels answers from a response cache keyed by the query string, not by the caller (cleared on ' +
      'every parcel write, kept 30 s): a carrier listing after another, with no write between, gets the ' +
      "other carrier's parcels (§4.8 parcel records of the calling carrier) (written from the spec alone by " +
      'a helper)',
  },
  {
    name: 'x45-publish-enums-case-insensitive',
    rule: 'PCL-PUBLISH-ENUMS',
    description:
      'the publish enums are read case-insensitively (a deserializer set to accept enums in any case): ' +
      'eventType booking, shipmentType last_mile, allocationType soft_reservation, lockStatus locked are ' +
      'accepted and stored upper-cased (§2.3 PRE_CHECK or BOOKING, ...) (written from the spec alone by a ' +
      'helper)',
  },
  {
    name: 'x45-network-add-stops-at-first-skipped',
    rule: 'NET-OWNED-ADDED',
    description:
      'POST /networks/{uid}/lockers takes the lockerUids while they are owned (takeWhile where filter ' +
      'belongs): the first not owned or unknown uid ends the batch, and owned lockers after it are silently ' +
      'not added, answered 200 (§4.10 lockers owned by the carrier are added; not owned ones skipped) ' +
      '(written from the spec alone by a helper)',
  },
  {
    name: 'x45-precheck-pushes-parcel-update',
    rule: 'PCL-PRECHECK-NO-BOOKING',
    description:
      'a PRE_CHECK runs the booking as a dry run that is rolled back, but its ParcelUpdates event is ' +
      'published anyway: the carrier gets a BOOKED parcel (a shipmentUid GET /parcels never lists) for a ' +
      'check (§4.6 PRE_CHECK only checks; §6 ParcelUpdates when the status of a parcel changes) (written ' +
      'from the spec alone by a helper)',
  },
  {
    name: 'x45-webhook-retry-double-encoded',
    rule: 'WH-LOCKER-BODY',
    description:
      'a webhook delivery the carrier answered 5xx (or did not answer) is retried with the stored payload ' +
      'text serialized once more: every retry body is a JSON string holding the record, not the record (§6 ' +
      'body: locker record plus eventTimestamp; parcel record) (written from the spec alone by a helper)',
  },
  {
    name: 'x45-provider-filter-like-wildcards',
    rule: 'LCK-LIST-PROVIDER-FILTER',
    description:
      'GET /lockers?providerName= is matched as an SQL LIKE pattern without escaping: _ matches any one ' +
      'character and % any run, so PROVIDER_NAME_1 also lists a locker of PROVIDER-NAME-1 and % lists every ' +
      'locker (§4.2 the query parameter providerName) (written from the spec alone by a helper)',
  },
  {
    name: 'x45-providers-one-version-per-provider',
    rule: 'PRV-PAIRS-OF-LOCKERS',
    description:
      'GET /lockers/providers collects the catalogue into a map keyed by provider name: one pair per ' +
      "provider (its last), so model/version pairs that exist, such as the seeded lockers' M100 1.0, are not " +
      'listed (§1, §4.4 the locker model and version pairs per provider) (written from the spec alone by a ' +
      'helper)',
  },
  {
    name: 'x45-collection-after-courier-collected',
    rule: 'WH-COLLECTION-SENT',
    description:
      'CollectionNotification picks lockers by a status compared as an ordinal (status >= DELIVERED), so a ' +
      'locker whose first-mile parcels the courier has already collected (COLLECTED) is still named each ' +
      'period (§6 informs the carrier which lockers hold parcels to be picked up) (written from the spec ' +
      'alone by a helper)',
  },
  {
    name: 'x45-update-empty-metadata-ignored',
    rule: 'LCK-UPDATE-ARRAYS-REPLACED',
    description:
      'an update applies metadata only when it has entries (`if (metadata?.length)`): metadata [] sent to ' +
      'empty it is answered 200 and the old entries stay (§4.3 200 with the locker record; §2.1 metadata ' +
      'array) (written from the spec alone by a helper)',
  },
  {
    name: 'x45-activation-date-truncated-to-day',
    rule: 'LCK-CREATE-ECHO',
    description:
      'carrier.activationDate is stored in a DATE column: 2025-06-01T10:30:00Z is answered and listed as ' +
      '2025-06-01T00:00:00Z, on create and update (§2.1 activationDate string, date-time) (written from the ' +
      'spec alone by a helper)',
  },
  {
    name: 'x45-consignee-shared-object',
    rule: 'PCL-RECORD-AS-SENT',
    description:
      "bookings copy the consignee into one object every record then holds (a singleton's field): each " +
      'booking that sends a consignee rewrites it, so earlier parcels are listed and pushed with the latest ' +
      "booking's consignee (§2.4 consignee of the parcel; §4.6 a locker booking is created) (written from " +
      'the spec alone by a helper)',
  },
] as const satisfies readonly Fault[];
