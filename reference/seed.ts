// What a fresh reference holds: the provider/model catalogue and lockers of third-party providers
// (ownedByCarrier null), so that network skip rules and third-party bookings have something to act on.
import type { JsonObject, LockerRecord, ProviderModel } from './model';

export const PROVIDER_MODELS: ProviderModel[] = [1, 2, 3, 4, 5, 6, 7].flatMap((n) => [
  { providerName: `PROVIDER_NAME_${n}`, providerUid: `prv-${n}`, lockerModel: `M${n}00`, lockerVersion: '1.0' },
  { providerName: `PROVIDER_NAME_${n}`, providerUid: `prv-${n}`, lockerModel: `M${n}00`, lockerVersion: '2.1' },
]);

export const DEFAULT_COMPARTMENTS = [
  { size: 'SMALL', count: 12, height: 10, width: 40, length: 60 },
  { size: 'MEDIUM', count: 8, height: 20, width: 40, length: 60 },
  { size: 'LARGE', count: 4, height: 40, width: 40, length: 60 },
];

export function thirdPartyLockers(firstUid: number): LockerRecord[] {
  return [1, 2, 3].map((n) => {
    const uid = String(firstUid + n - 1);
    return {
      uid,
      carrier: {
        lockerName: `Third-party locker ${n}`,
        lockerId: `TP-${n}`,
        activationDate: '2025-01-01T00:00:00Z',
        status: 'ACTIVE',
      },
      provider: {
        name: `PROVIDER_NAME_${n}`,
        lockerModel: `M${n}00`,
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
        lon: 13.4 + n / 100,
        lat: 52.5 + n / 100,
        countryCode: 'DE',
        type: 'indoor',
      },
      features: { hasScreen: true, hasPinPad: true, hasPinBarcodeReader: null },
      openingHours: (n === 1
          ? { accessMode: 'ALWAYS', exceptions: [] }
          : { accessMode: 'SCHEDULED', weeklySchedule: [{ day: 'MONDAY', from: '08:00', to: '20:00' }], exceptions: [] }) as JsonObject,
      metadata: [{ key: 'source', value: 'seed' }],
      ownedByCarrier: null,
      compartmentTypes: DEFAULT_COMPARTMENTS.map((c) => ({ ...c })),
    };
  });
}
