// Given an instance, want the schema's verdict: the constraints the spec states are enforced, and
// where it says "not shown" the schema stays open.
import { expect, test } from '@playwright/test';
import { createAjv } from '../../spec/ajv';
import { schemaId } from '../../spec/schemas';

const ajv = createAjv();

function valid(schema: string, instance: unknown): boolean {
  return ajv.getSchema(schemaId(schema))!(instance) as boolean;
}

const locker = {
  uid: '100001',
  carrier: { lockerName: 'A', lockerId: 'L1', activationDate: '2025-01-01T00:00:00Z', status: 'ACTIVE' },
  provider: { name: 'P', lockerModel: 'M', lockerVersion: '1', lockerName: 'A', lockerUid: 'PL', status: 'ACTIVE' },
  location: {
    street: 's',
    streetNumber: '1',
    postalCode: '1',
    city: 'c',
    lon: 1.5,
    lat: 2,
    countryCode: 'DE',
    type: 'indoor',
  },
  features: { hasScreen: true, hasPinPad: null, hasPinBarcodeReader: false },
  openingHours: { accessMode: 'ALWAYS', exceptions: [] },
  metadata: [{ key: null, value: 'x' }],
  ownedByCarrier: null,
  compartmentTypes: [{ size: 'XXL', count: 1, height: 1, width: 1, length: 1 }],
};
const createRequest = {
  carrier: { lockerName: 'A', lockerId: 'L1', activationDate: '2025-01-01T00:00:00Z' },
  provider: { name: 'P', lockerModel: 'M', lockerVersion: '1' },
  location: { street: 's', streetNumber: '1', postalCode: '1', city: 'c', lon: 1, lat: 2, countryCode: 'DE' },
};
const publish = {
  eventType: 'BOOKING',
  lockerUid: '1',
  carrierParcelId: 'P1',
  dimensions: { depth: 1, height: null, width: 3 },
};
const parcel = {
  shipmentUid: 'S',
  lockerUid: '1',
  carrierParcelId: 'P1',
  carrierLockerId: null,
  shipmentType: 'FIRST_MILE',
  shipmentStatus: 'ANY',
  dimensionsStatus: 'ANY',
  allocationType: 'HARD_RESERVATION',
  accessCodes: { consigneeCollectionCode: { code: '1' } },
  consignee: null,
  events: [{ anything: 1 }],
  signature: { imageBase64: 'AA==', format: 'PNG' },
};
const trigger = {
  parcel_id: 'P',
  provider_locker_id: 'PL',
  event_type: 'BOOKING_CREATED',
  carrier_name: 'CARRIER_NAME_10',
  provider_name: 'PROVIDER_NAME_7',
  shipment_type: 'RETURN',
};
const with_ = (base: object, patch: object) => ({ ...structuredClone(base), ...patch });
const without = (base: Record<string, unknown>, key: string) => {
  const copy = structuredClone(base);
  delete copy[key];
  return copy;
};

const cases: [string, string, unknown, boolean][] = [
  ['a full locker record', 'Locker', locker, true],
  ['a locker record with an undocumented member (open)', 'Locker', with_(locker, { extra: 1 }), true],
  ['a locker record with no members (required members not shown)', 'Locker', {}, true],
  [
    'SCHEDULED with a non-empty weeklySchedule',
    'Locker',
    with_(locker, { openingHours: { accessMode: 'SCHEDULED', weeklySchedule: [{}] } }),
    true,
  ],
  ['SCHEDULED without weeklySchedule', 'Locker', with_(locker, { openingHours: { accessMode: 'SCHEDULED' } }), false],
  [
    'SCHEDULED with an empty weeklySchedule',
    'Locker',
    with_(locker, { openingHours: { accessMode: 'SCHEDULED', weeklySchedule: [] } }),
    false,
  ],
  [
    'ALWAYS with a weeklySchedule',
    'Locker',
    with_(locker, { openingHours: { accessMode: 'ALWAYS', weeklySchedule: [{}] } }),
    false,
  ],
  [
    'an accessMode outside ALWAYS/SCHEDULED',
    'Locker',
    with_(locker, { openingHours: { accessMode: 'SOMETIMES' } }),
    false,
  ],
  [
    'provider.providerName (removed)',
    'Locker',
    with_(locker, { provider: { ...locker.provider, providerName: 'P' } }),
    false,
  ],
  [
    'provider.lockerModelVersion (removed)',
    'Locker',
    with_(locker, { provider: { ...locker.provider, lockerModelVersion: 'M1' } }),
    false,
  ],
  ['carrier.name (removed)', 'Locker', with_(locker, { carrier: { ...locker.carrier, name: 'A' } }), false],
  ['carriers (replaced by carrier)', 'Locker', with_(locker, { carriers: [] }), false],
  ['lon as a string', 'Locker', with_(locker, { location: { ...locker.location, lon: '1.5' } }), false],
  ['a feature as a string', 'Locker', with_(locker, { features: { hasScreen: 'yes' } }), false],
  ['ownedByCarrier as a number', 'Locker', with_(locker, { ownedByCarrier: 1 }), false],
  ['compartmentTypes null', 'Locker', with_(locker, { compartmentTypes: null }), true],
  ['a fractional compartment count', 'Locker', with_(locker, { compartmentTypes: [{ count: 1.5 }] }), false],
  [
    'activationDate not a date-time',
    'Locker',
    with_(locker, { carrier: { ...locker.carrier, activationDate: 'tomorrow' } }),
    false,
  ],
  ['a locker list as a bare array', 'LockerList', [locker], true],
  ['a locker list in an envelope (not shown)', 'LockerList', { content: [locker] }, true],
  ['a minimal create request (location.type optional)', 'LockerCreateRequest', createRequest, true],
  ['a create request without provider', 'LockerCreateRequest', without(createRequest, 'provider'), false],
  [
    'a create request without carrier.activationDate',
    'LockerCreateRequest',
    with_(createRequest, { carrier: { lockerName: 'A', lockerId: 'L1' } }),
    false,
  ],
  [
    'a create request without location.countryCode',
    'LockerCreateRequest',
    with_(createRequest, { location: without(createRequest.location, 'countryCode') }),
    false,
  ],
  ['a group without uid', 'LockerCreateRequest', with_(createRequest, { lockerGroups: [{ key: 'k' }] }), false],
  ['an empty update request', 'LockerUpdateRequest', {}, true],
  ['an update with a provider object', 'LockerUpdateRequest', { provider: createRequest.provider }, false],
  [
    'an update with carrier missing lockerId',
    'LockerUpdateRequest',
    { carrier: { lockerName: 'A', activationDate: '2025-01-01T00:00:00Z' } },
    false,
  ],
  ['an update with a complete location', 'LockerUpdateRequest', { location: createRequest.location }, true],
  ['a provider entry with no members', 'ProviderModel', {}, true],
  ['a minimal publish by lockerUid', 'PublishByLockerUidRequest', publish, true],
  ['a publish by lockerUid without lockerUid', 'PublishByLockerUidRequest', without(publish, 'lockerUid'), false],
  ['a publish by lockerUid without dimensions', 'PublishByLockerUidRequest', without(publish, 'dimensions'), false],
  [
    'a publish by carrierLockerId',
    'PublishByCarrierLockerIdRequest',
    with_(without(publish, 'lockerUid'), { carrierLockerId: 'L1' }),
    true,
  ],
  ['a publish by carrierLockerId without it', 'PublishByCarrierLockerIdRequest', publish, false],
  ['eventType outside PRE_CHECK/BOOKING', 'PublishByLockerUidRequest', with_(publish, { eventType: 'CANCEL' }), false],
  ['a fractional dimension', 'PublishByLockerUidRequest', with_(publish, { dimensions: { depth: 1.5 } }), false],
  ['a fractional weight', 'PublishByLockerUidRequest', with_(publish, { weight: 2.5 }), false],
  [
    'codAmount beyond int32 (int64)',
    'PublishByLockerUidRequest',
    with_(publish, { codAmount: 2 ** 40, codCurrency: 'EUR' }),
    true,
  ],
  ['codCurrency in lower case', 'PublishByLockerUidRequest', with_(publish, { codCurrency: 'eur' }), false],
  [
    'requiresAccessibleCompartment null',
    'PublishByLockerUidRequest',
    with_(publish, { requiresAccessibleCompartment: null }),
    true,
  ],
  [
    'requiresAccessibleCompartment as a string',
    'PublishByLockerUidRequest',
    with_(publish, { requiresAccessibleCompartment: 'true' }),
    false,
  ],
  ['consignee null', 'PublishByLockerUidRequest', with_(publish, { consignee: null }), true],
  ['lockStatus outside LOCKED/UNLOCKED', 'PublishByLockerUidRequest', with_(publish, { lockStatus: 'OPEN' }), false],
  ['a publish response', 'PublishResponse', { status: 'OK', message: 'm', timestamp: '2025-01-01T00:00:00Z' }, true],
  ['a publish response without timestamp', 'PublishResponse', { status: 'OK', message: 'm' }, false],
  ['a parcel record', 'Parcel', parcel, true],
  [
    'a parcel with consigneeCollection (deprecated)',
    'Parcel',
    with_(parcel, { accessCodes: { consigneeCollection: {} } }),
    false,
  ],
  ['a parcel with a string signature', 'Parcel', with_(parcel, { signature: 'AA==' }), false],
  ['a parcel with accessCodes null', 'Parcel', with_(parcel, { accessCodes: null }), true],
  ['a network record', 'NetworkLocker', { lockerUid: 100001, providerName: 'P', providerLockerStatus: 'ACTIVE' }, true],
  [
    'a network record with a string lockerUid',
    'NetworkLocker',
    { lockerUid: '100001', providerName: 'P', providerLockerStatus: 'ACTIVE' },
    false,
  ],
  ['a network record without providerLockerStatus', 'NetworkLocker', { lockerUid: 1, providerName: 'P' }, false],
  ['lockerUids of strings', 'AddNetworkLockersRequest', { lockerUids: ['1'] }, false],
  ['no lockerUids', 'AddNetworkLockersRequest', {}, false],
  ['a trigger request', 'TriggerRequest', trigger, true],
  ['a trigger without shipment_type', 'TriggerRequest', without(trigger, 'shipment_type'), false],
  [
    'a trigger with carrier_name outside the ten',
    'TriggerRequest',
    with_(trigger, { carrier_name: 'CARRIER_NAME_11' }),
    false,
  ],
  ['an error body', 'ErrorBody', { errorCode: 'E', message: 'm' }, true],
  ['an error body with the removed field error', 'ErrorBody', { errorCode: 'E', message: 'm', error: 'x' }, false],
  ['an error body without errorCode', 'ErrorBody', { message: 'm' }, false],
  ['a LockerUpdates body', 'LockerUpdatesEvent', with_(locker, { eventTimestamp: '2025-01-01T00:00:00Z' }), true],
  ['a LockerUpdates body without eventTimestamp', 'LockerUpdatesEvent', locker, false],
  ['a ParcelUpdates body', 'ParcelUpdatesEvent', with_(parcel, { eventTimestamp: 't' }), true],
  [
    'a ParcelUpdates body without events',
    'ParcelUpdatesEvent',
    with_(without(parcel, 'events'), { eventTimestamp: 't' }),
    false,
  ],
  [
    'a CollectionNotification with a null code',
    'CollectionNotificationEvent',
    { courierAccessCode: null, carrierLockerId: 'L', eventTimestamp: 't' },
    true,
  ],
  [
    'a CollectionNotification without carrierLockerId',
    'CollectionNotificationEvent',
    { courierAccessCode: 'c', eventTimestamp: 't' },
    false,
  ],
];

for (const [name, schema, instance, want] of cases) {
  test(`${schema}: ${name} is ${want ? 'valid' : 'invalid'}`, () => {
    expect(valid(schema, instance)).toBe(want);
  });
}
