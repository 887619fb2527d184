// Faults of the parcel operations: publish, the parcel list, cancellation, networks and the trigger.
import { at, requiredMember, type Fault } from '../fault';

export const PARCEL_FAULTS = [
  // Publish
  {
    name: 'publish-optional-dimensions',
    rule: 'PCL-PUBLISH-REQUIRED',
    description: 'a publish without dimensions is accepted',
    relax: { schema: 'PublishByLockerUidRequest', error: requiredMember('dimensions') },
  },
  {
    name: 'publish-requires-lock-status',
    rule: 'PCL-PUBLISH-RESPONSE',
    description: 'a publish without lockStatus, which §2.3 does not require, is refused',
  },
  {
    name: 'create-null-type-stored',
    rule: 'LCK-CREATE-ECHO',
    description:
      'a create with location.type null is accepted and the record shows type null (a null taken for a ' +
      'value, not as omitted)',
    relax: {
      schema: 'LockerCreateRequest',
      error: (e, body) =>
        e.instancePath === '/location/type' &&
        (body as { location?: { type?: unknown } } | null)?.location?.type === null,
    },
  },
  {
    name: 'publish-null-dimensions',
    rule: 'PCL-PUBLISH-REQUIRED',
    description:
      'a publish with dimensions null is booked as a parcel of unknown size (null taken as omitted, and ' +
      'omitted taken as allowed)',
    relax: {
      schema: 'PublishByCarrierLockerIdRequest',
      error: (e, body) =>
        e.instancePath === '/dimensions' && (body as { dimensions?: unknown } | null)?.dimensions === null,
    },
  },
  {
    name: 'publish-any-allocation-type',
    rule: 'PCL-PUBLISH-ENUMS',
    description: 'any allocationType is accepted',
    relax: {
      schema: 'PublishByLockerUidRequest',
      error: (e) => e.keyword === 'enum' && e.instancePath === '/allocationType',
    },
  },
  {
    name: 'publish-fractional-weight',
    rule: 'PCL-PUBLISH-TYPES',
    description: 'a fractional weight is accepted',
    relax: {
      schema: 'PublishByLockerUidRequest',
      error: (e) => e.instancePath === '/weight' && typeof e.data === 'number',
    },
  },
  {
    name: 'publish-any-currency',
    rule: 'PCL-PUBLISH-CURRENCY',
    description: 'any codCurrency string is accepted',
    relax: {
      schema: 'PublishByLockerUidRequest',
      error: (e) => e.keyword === 'pattern' && e.instancePath === '/codCurrency',
    },
  },
  { name: 'publish-rejects-null-consignee', rule: 'PCL-PUBLISH-NULLS', description: 'a null consignee is refused' },
  { name: 'publish-no-timestamp', rule: 'PCL-PUBLISH-RESPONSE', description: 'the publish answer has no timestamp' },
  {
    name: 'booking-ignores-allocation',
    rule: 'PCL-BOOKING-CREATES',
    description: 'bookings are listed with HARD_RESERVATION whatever was sent',
  },
  { name: 'precheck-books', rule: 'PCL-PRECHECK-NO-BOOKING', description: 'PRE_CHECK creates a booking' },
  {
    name: 'by-tenant-first-locker',
    rule: 'PCL-BY-TENANT-RESOLVES',
    description: "the by-tenant path books into the carrier's first locker",
  },
  {
    name: 'rejected-publish-books',
    rule: 'GEN-REJECTED-NO-EFFECT',
    description: 'a publish refused for an enum value still books',
  },
  {
    name: 'rejected-create-stores',
    rule: 'GEN-REJECTED-NO-EFFECT',
    description: 'a create refused for a repeated group key still stores the locker',
  },
  // Parcel list
  { name: 'parcels-all-carriers', rule: 'PCL-LIST-OWN', description: "GET /parcels lists every carrier's parcels" },
  { name: 'parcels-without-events', rule: 'PCL-LIST-STATUS-EVENTS', description: 'listed parcels have no events' },
  {
    name: 'parcel-locker-id-number',
    rule: 'PCL-RECORD-SHAPE',
    description: 'carrierLockerId is a number in parcel records',
  },
  { name: 'access-codes-legacy', rule: 'PCL-ACCESS-CODES', description: 'accessCodes carries consigneeCollection' },
  { name: 'signature-string', rule: 'PCL-SIGNATURE-OBJECT', description: 'signature is a base64 string' },
  // Cancellation
  {
    name: 'cancel-not-applied',
    rule: 'CAN-NOT-DELIVERED',
    description: 'cancel answers 200 and leaves the parcel booked',
  },
  { name: 'cancel-delivered', rule: 'CAN-DELIVERED-REFUSED', description: 'a delivered parcel can be cancelled' },
  {
    name: 'cancel-unknown-400',
    rule: 'CAN-UNKNOWN-404-STATUS',
    description: 'cancelling an unknown parcel answers 400',
  },
  // Networks
  { name: 'network-adds-nothing', rule: 'NET-OWNED-ADDED', description: 'owned lockers are not added' },
  { name: 'network-adds-third-party', rule: 'NET-NOT-OWNED-SKIPPED', description: 'third-party lockers are added' },
  {
    name: 'network-relists-members',
    rule: 'NET-ONLY-NEW',
    description: 'lockers already in the network are listed again',
  },
  {
    name: 'network-uid-string',
    rule: 'NET-RESPONSE-RECORD',
    description: 'network records carry lockerUid as a string',
  },
  {
    name: 'network-string-uids',
    rule: 'NET-REQUEST-BODY',
    description: 'lockerUids given as strings are accepted',
    relax: {
      schema: 'AddNetworkLockersRequest',
      error: (e) => e.instancePath.startsWith('/lockerUids/') && typeof e.data === 'string',
    },
  },
  // Trigger
  {
    name: 'trigger-optional-shipment-type',
    rule: 'TRG-REQUIRED',
    description: 'a trigger without shipment_type is accepted',
    relax: { schema: 'TriggerRequest', error: requiredMember('shipment_type') },
  },
  {
    name: 'trigger-any-shipment-type',
    rule: 'TRG-ENUMS',
    description: 'any shipment_type is accepted',
    relax: { schema: 'TriggerRequest', error: (e) => e.instancePath === '/shipment_type' && e.keyword === 'enum' },
  },
  {
    name: 'trigger-any-labelless',
    rule: 'TRG-TYPES',
    description: 'labelless of any type is accepted',
    relax: { schema: 'TriggerRequest', error: at('/labelless') },
  },
  {
    name: 'trigger-accepts-platform-uid',
    rule: 'TRG-PROVIDER-LOCKER-ID',
    description: 'the platform lockerUid is taken as provider_locker_id',
  },
  { name: 'trigger-numeric-message', rule: 'TRG-RESPONSE', description: 'the trigger answer has a numeric message' },
  { name: 'trigger-no-auth', rule: 'TRG-STAGING-KEY', description: 'the trigger accepts requests without a key' },
] as const satisfies readonly Fault[];
