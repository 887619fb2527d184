// How a locker's sent members are stored, create and update alike (and the faults that store them otherwise).
import type { ReferenceApp } from '../app';
import type { LockerRecord } from '../model';

export const NO_FEATURES = { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null };

/** Fault x45-features-false-as-null: each feature stored as `sent || null`, so false becomes null. */
export function storedFeatures(app: ReferenceApp, features: LockerRecord['features']): LockerRecord['features'] {
  const copy = structuredClone(features);
  return app.fault('x45-features-false-as-null')
    ? Object.fromEntries(Object.entries(copy).map(([k, v]) => [k, v || null]))
    : copy;
}

/** Fault x45-activation-date-truncated-to-day: the date-time kept in a DATE column, read back as midnight UTC. */
export function storedActivationDate(app: ReferenceApp, sent: string): string {
  if (!app.fault('x45-activation-date-truncated-to-day') || Number.isNaN(Date.parse(sent))) return sent;
  return `${new Date(Date.parse(sent)).toISOString().slice(0, 10)}T00:00:00Z`;
}
