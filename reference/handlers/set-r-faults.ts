// The points where the faults and variations of set R change the locker create, list, update, status,
// network and LockerUpdates paths: each function does what the service does when its fault is off (nothing, or the
// value as given) and the fault's behaviour when it is on. The lines that call them are in app.ts, lockers.ts,
// locker-update.ts, networks.ts and providers.ts.
import type { StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp } from '../request-types';

/**
 * Fault sr-locker-push-routed-by-locker-id: the webhook router's lookup table is keyed by carrier.lockerId (the
 * carrier's own id, which the old carrier portal keyed its lockers by), first row wins: a LockerUpdates goes to the
 * owner of the first locker holding that carrier.lockerId. Otherwise the locker's owner.
 */
export function lockerPushRecipient(app: FaultPointApp, locker: StoredLocker): CarrierAccount | undefined {
  const named = (name: string | null | undefined) =>
    name ? app.options.carriers.find((c) => c.name === name) : undefined;
  const owner = named(locker.record.ownedByCarrier);
  if (!owner || !app.fault('sr-locker-push-routed-by-locker-id')) return owner;
  const lockerId = locker.record.carrier.lockerId;
  const first = [...app.state.lockers.values()].find(
    (l) => l.record.ownedByCarrier !== null && l.record.carrier.lockerId === lockerId,
  );
  return named(first?.record.ownedByCarrier) ?? owner;
}
