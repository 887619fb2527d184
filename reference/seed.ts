// What a fresh reference holds: the provider/model catalogue, lockers of third-party providers
// (ownedByCarrier null), so that network skip rules and third-party bookings have something to act on,
// and, where a choice asks for it, parcels from before the run so that a run's own are not the first.
import type { JsonObject, LockerRecord, ParcelRecord, ProviderModel } from './model';

const PROVIDERS = 7;

export const PROVIDER_MODELS: ProviderModel[] = Array.from({ length: PROVIDERS }, (_, i) => i + 1).flatMap((n) => [
  { providerName: `PROVIDER_NAME_${n}`, providerUid: `prv-${n}`, lockerModel: `M${n}00`, lockerVersion: '1.0' },
  { providerName: `PROVIDER_NAME_${n}`, providerUid: `prv-${n}`, lockerModel: `M${n}00`, lockerVersion: '2.1' },
]);

export const DEFAULT_COMPARTMENTS = [
  { size: 'SMALL', count: 12, height: 10, width: 40, length: 60 },
  { size: 'MEDIUM', count: 8, height: 20, width: 40, length: 60 },
  { size: 'LARGE', count: 4, height: 40, width: 40, length: 60 },
];

/** Third-party lockers TP-1…TP-count, run in turn by PROVIDER_NAME_1…7 (TP-1…TP-3 by providers 1…3). */
export function thirdPartyLockers(uidOf: (n: number) => string, count: number): LockerRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const provider = (i % PROVIDERS) + 1;
    return {
      uid: uidOf(i),
      carrier: {
        lockerName: `Third-party locker ${n}`,
        lockerId: `TP-${n}`,
        activationDate: '2025-01-01T00:00:00Z',
        status: 'ACTIVE',
      },
      provider: {
        name: `PROVIDER_NAME_${provider}`,
        lockerModel: `M${provider}00`,
        lockerVersion: '1.0',
        lockerName: `Provider locker ${n}`,
        lockerUid: `TP-PL-${n}`,
        status: 'ACTIVE',
      },
      location: {
        street: 'Station Road',
        streetNumber: String(n),
        postalCode: `1000${n}`,
        city: 'Springfield',
        // Within the coordinate ranges however many are seeded (a staging bench seeds thousands).
        lon: 13.4 + (n % 1000) / 100,
        lat: 52.5 + (n % 1000) / 100,
        countryCode: 'DE',
        type: 'indoor',
      },
      features: { hasScreen: true, hasPinPad: true, hasPinBarcodeReader: null },
      openingHours: (n === 1
        ? { accessMode: 'ALWAYS', exceptions: [] }
        : {
            accessMode: 'SCHEDULED',
            weeklySchedule: [{ day: 'MONDAY', from: '08:00', to: '20:00' }],
            exceptions: [],
          }) as JsonObject,
      metadata: [{ key: 'source', value: 'seed' }],
      ownedByCarrier: null,
      compartmentTypes: DEFAULT_COMPARTMENTS.map((c) => ({ ...c })),
    };
  });
}

// A PNG of one transparent pixel stands for a consignee's signature.
export const SIGNATURE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const DAY_MS = 24 * 60 * 60 * 1000;
const FIRST_BOOKED = Date.UTC(2025, 0, 1, 9);

/**
 * Parcels a carrier booked before the run, every other one delivered and the rest cancelled, oldest
 * first. Last-mile ones, so none makes a CollectionNotification due; or, `awaitingCourier`, the
 * delivered ones first-mile parcels the courier has not collected, as a staging accumulates them. A day
 * apart, or closer where more than a year's worth are seeded, so every one of them is in 2025.
 */
export function pastParcels(
  carrierIndex: number,
  count: number,
  lockers: LockerRecord[],
  shipmentUid: () => string,
  awaitingCourier = false,
): ParcelRecord[] {
  if (count > 0 && lockers.length === 0)
    throw new Error('past parcels need at least one seeded third-party locker to be booked into');
  const apart = Math.min(DAY_MS, Math.floor((364 * DAY_MS) / Math.max(count, 1)));
  return Array.from({ length: count }, (_, i) => {
    const locker = lockers[i % lockers.length]!;
    const booked = new Date(FIRST_BOOKED + i * apart + carrierIndex * 60_000).toISOString();
    const ended = new Date(FIRST_BOOKED + i * apart + apart + carrierIndex * 60_000).toISOString();
    const delivered = i % 2 === 0;
    return {
      shipmentUid: shipmentUid(),
      lockerUid: locker.uid,
      carrierParcelId: `SEED-${carrierIndex + 1}-${i + 1}`,
      carrierLockerId: locker.carrier.lockerId,
      shipmentType: awaitingCourier && delivered ? 'FIRST_MILE' : 'LAST_MILE',
      shipmentStatus: delivered ? 'DELIVERED' : 'CANCELLED',
      dimensionsStatus: 'DECLARED',
      allocationType: 'HARD_RESERVATION',
      accessCodes: null,
      consignee: null,
      events: [
        { type: 'BOOKING_CREATED', timestamp: booked },
        { type: delivered ? 'CONSIGNEE_DELIVERED' : 'CANCELLED', timestamp: ended },
      ],
      ...(delivered ? { signature: { imageBase64: SIGNATURE_PNG, format: 'PNG' } } : {}),
      lockStatus: 'UNLOCKED',
    };
  });
}
