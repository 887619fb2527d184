// Valid request bodies for the reference's tests, each a fresh object so a test can break one member.
let counter = 0;

/** A string no other call returns during this process, for carrier.lockerId and carrierParcelId. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

export function lockerCreateBody(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    carrier: { lockerName: 'Main Station', lockerId: unique('L'), activationDate: '2025-06-01T08:00:00Z' },
    provider: { name: 'PROVIDER_NAME_2', lockerModel: 'M200', lockerVersion: '1.0' },
    location: {
      street: 'Station Road',
      streetNumber: '5a',
      postalCode: '10115',
      city: 'Berlin',
      lon: 13.37,
      lat: 52.52,
      countryCode: 'DE',
      type: 'indoor',
    },
    ...overrides,
  };
}

export function publishBody(lockerUid: string, overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    eventType: 'BOOKING',
    lockerUid,
    carrierParcelId: unique('P'),
    dimensions: { depth: 10, height: 20, width: 30 },
    ...overrides,
  };
}

export function triggerBody(overrides: Record<string, unknown> = {}): Record<string, any> {
  return {
    parcel_id: unique('FM'),
    provider_locker_id: 'TP-PL-1',
    event_type: 'BOOKING_CREATED',
    carrier_name: 'CARRIER_NAME_1',
    provider_name: 'PROVIDER_NAME_1',
    shipment_type: 'FIRST_MILE',
    ...overrides,
  };
}

import type { APIRequestContext } from '@playwright/test';

/** Creates a locker through the API and returns its record. */
export async function createLocker(
  api: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const response = await api.post('lockers', { data: lockerCreateBody(overrides) });
  if (response.status() !== 201) throw new Error(`create failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Books a parcel into the locker and returns the sent body. */
export async function book(
  api: APIRequestContext,
  lockerUid: string,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const body = publishBody(lockerUid, overrides);
  const response = await api.post('parcels/data', { data: body });
  if (response.status() !== 200) throw new Error(`booking failed: ${response.status()} ${await response.text()}`);
  return body;
}

export async function parcelsOf(api: APIRequestContext): Promise<Record<string, any>[]> {
  return (await api.get('parcels')).json();
}
