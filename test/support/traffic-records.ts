// Recordings for the tests of what a carrier's later answers show of its earlier requests
// (traffic-records-*.test.ts): lockers and parcels of two carriers, their writes and lists, and the verdict
// the judge gives one rule over them.
import { trafficCertificate } from '../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../harness/traffic/judge-traffic';
import { create, entry, file, har, KEY, record } from './traffic-entries';

export const OTHER = 'live-key-other-8d21';
export const owner = (key: string) => (key === KEY ? 'CARRIER_NAME_1' : 'CARRIER_NAME_2');

export async function verdict(
  rule: string,
  entries: unknown[],
  options: { deliveries?: unknown[]; settleMs?: number; lagFloorMs?: number } = {},
) {
  const t = await judgeTraffic({
    traffic: file(har(entries)),
    ...(options.deliveries ? { webhooks: file(har(options.deliveries)) } : {}),
    webhookWaitMs: 1500,
    listSettleMs: options.settleMs ?? 500,
    ...(options.lagFloorMs === undefined ? {} : { lagFloorMs: options.lagFloorMs }),
  });
  return trafficCertificate(t, { harnessVersion: 't', files: [], startedAt: Date.now() }).report.rules.find(
    (r) => r.id === rule,
  )!;
}

/** A webhook delivery of `body` to the first carrier's hook, as its listener's recording holds it. */
export const delivered = (body: Record<string, unknown>) =>
  entry(
    'POST',
    '/hooks/north',
    200,
    {},
    { base: 'https://hooks.example', key: null, body: { ...body, eventTimestamp: '2026-01-05T10:00:00Z' } },
  );

export const locker = (uid: string, lockerId: string, key = KEY, extra: Record<string, unknown> = {}) => ({
  ...record,
  uid,
  ownedByCarrier: owner(key),
  carrier: { ...record.carrier, lockerId },
  ...extra,
});
export const created = (uid: string, lockerId: string, key = KEY) =>
  entry('POST', '/lockers', 201, locker(uid, lockerId, key), {
    body: { ...create, carrier: { ...create.carrier, lockerId } },
    key,
  });
export const booking = {
  eventType: 'BOOKING',
  carrierParcelId: 'P1',
  dimensions: { depth: 1, height: 1, width: 1 },
  shipmentType: 'ALTERNATIVE_DELIVERY',
  allocationType: 'SOFT_RESERVATION',
  consignee: { name: 'Zoë', email: 'z@example.com' },
};
export const published = { status: 'OK', message: 'booked', timestamp: '2026-01-05T10:00:00Z' };

/** A booking of P7 into locker 100 refused 400 for its shipmentType (not one of §2.3's). */
export const refusedBooking = () =>
  entry(
    'POST',
    '/parcels/data',
    400,
    { errorCode: 'VALIDATION_FAILED', message: 'shipmentType' },
    { body: { ...booking, carrierParcelId: 'P7', lockerUid: '100', shipmentType: 'EXPRESS' } },
  );
export const byTenant = (lockerId: string, key = KEY, id = 'P1', status = 200) =>
  entry(
    'POST',
    '/parcels/data/by-tenant-locker-id',
    status,
    status === 200 ? published : { errorCode: 'UNKNOWN_LOCKER', message: 'no such locker' },
    { body: { ...booking, carrierParcelId: id, carrierLockerId: lockerId }, key },
  );
export const parcel = (lockerUid: string, extra: Record<string, unknown> = {}) => ({
  shipmentUid: 'S1',
  lockerUid,
  carrierParcelId: 'P1',
  carrierLockerId: null,
  shipmentType: 'ALTERNATIVE_DELIVERY',
  shipmentStatus: 'BOOKED',
  dimensionsStatus: 'OK',
  allocationType: 'SOFT_RESERVATION',
  accessCodes: null,
  consignee: { name: 'Zoë', email: 'z@example.com' },
  events: [],
  signature: { imageBase64: '', format: 'png' },
  ...extra,
});
export const parcels = (records: unknown[], key = KEY) => entry('GET', '/parcels', 200, records, { key });
