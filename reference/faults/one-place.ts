// Faults of a rule kept in one of its places only (create, not update; one id form; answers, not webhooks).
import type { Fault } from '../fault';

export const ONE_PLACE_FAULTS = [
  // A rule kept in one of its places only (create, not update; one id form; answers, not webhooks; the whole key; one
  // create at a time)
  {
    name: 'update-stores-bad-opening-hours',
    rule: 'LCK-OH-SCHEDULED',
    description:
      'PATCH /lockers/{uid} stores openingHours SCHEDULED without a weeklySchedule or with an empty one ' +
      '(create still refuses it)',
  },
  {
    name: 'cancel-delivered-by-shipment-uid',
    rule: 'CAN-DELIVERED-REFUSED',
    description: 'a delivered parcel can be cancelled by its shipmentUid (by its carrierParcelId it is still refused)',
  },
  {
    name: 'locker-webhook-legacy-provider',
    rule: 'LCK-PROVIDER-FIELDS',
    description:
      'LockerUpdates carry the older provider shape (providerName, lockerModelVersion); lists and answers are right',
  },
  {
    name: 'partial-key-compare',
    rule: 'AUTH-KEY-REQUIRED',
    description:
      "the key is compared as sent.startsWith(real), so a carrier's key with a character appended is taken " +
      "as that carrier's",
  },
  {
    name: 'duplicate-uid-concurrent',
    rule: 'LCK-CREATE-ECHO',
    description:
      'the uid is read before the awaited write of the record, so creates in flight together get the same ' +
      'uid (the last write wins)',
  },
  {
    name: 'webhook-access-codes-flat',
    rule: 'PCL-ACCESS-CODES',
    description:
      'ParcelUpdates carry accessCodes flat ({code, validUntil}, no consigneeCollectionCode object); GET ' +
      '/parcels is right',
  },
  {
    name: 'publish-nulls-uid-only',
    rule: 'PCL-PUBLISH-NULLS',
    description:
      'the by-tenant path refuses a null consignee, consignee member, dimension member or ' +
      'requiresAccessibleCompartment; /parcels/data takes them',
  },
  {
    name: 'by-tenant-skips-type-check',
    rule: 'PCL-PUBLISH-TYPES',
    description:
      'the by-tenant path checks no member types (a fraction or text where an integer belongs is taken); ' +
      '/parcels/data still checks them',
    // dimensions itself keeps its check: a record cannot be made of a parcel with no dimensions object.
    relax: {
      schema: 'PublishByCarrierLockerIdRequest',
      error: (e) => e.keyword === 'type' && e.instancePath !== '/dimensions',
    },
  },
  {
    name: 'unknown-cancel-by-shipment-uid-200',
    rule: 'CAN-UNKNOWN-404',
    description: 'cancelling a shipmentUid no parcel has is answered 200 (an unknown carrierParcelId is still 404)',
  },
  {
    name: 'case-insensitive-key',
    rule: 'AUTH-KEY-CASE',
    description:
      "the key is compared without its letter case, so a carrier's key in changed case is taken as that carrier's",
  },
  {
    name: 'prefix-key-compare',
    rule: 'AUTH-KEY-REQUIRED',
    description:
      "the key is compared as real.startsWith(sent), so a prefix of a carrier's key is taken as that carrier's",
  },
] as const satisfies readonly Fault[];
