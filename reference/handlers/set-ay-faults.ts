// The points where the faults and conformant variations of origin set-ay (reference/faults/) change the service: each
// does what the service does with its fault off, and the fault's behaviour with it on. Set AY's faults are bugs of the
// spec's pairs and the code they share: a helper written for one member of a pair used for the other, a copy not
// updated with its original, a check left behind by a refactor. Called from app.ts (the base paths), create-points.ts
// (the record a create makes), update-points.ts (an update's checks, its features and its answer), locker-update.ts
// (an update's group check), status-points.ts (a status change to the status held), publish-points.ts (a PRE_CHECK, a
// booking stored), parcels.ts (the lockerUid path's lookup), push-points.ts (ParcelUpdates), trigger.ts (an event the
// mock takes, a parcel it makes), networks.ts and network-points.ts (a network add's records) and collections.ts (a
// CollectionNotification).
import type { Switches } from './fault-point-state';

// --- The base paths (app.ts basePaths) ---

/** The interface version the staging mock is built for (§9: 1.1.0). */
const INTERFACE_VERSION = { major: 1, minor: 1 };

/**
 * The base path the staging mock is served under. Fault say-mock-base-minor-version: the mock's router prefix is built
 * from the interface's major and minor version (the mock follows the interface's minor releases), the service's from
 * its major only: /mock/v1.1.
 */
export function mockBaseBySetAY(app: Switches, base: string): string {
  if (!app.fault('say-mock-base-minor-version')) return base;
  return base.replace(/\/v1$/, `/v${INTERFACE_VERSION.major}.${INTERFACE_VERSION.minor}`);
}
