// The faults' behaviour of the LockerUpdates publisher: which changes it publishes (a status change through the
// alerting de-noiser and the publisher's last status, a create through the provider's device registry;
// locker-update.ts, lockers.ts) and what it adds to a body (app.ts emitLockerUpdate, push-points.ts built). With its
// fault off each point does what the service does.
import { type Editable, isObject, perApp } from '../../handlers/fault-point-state';
import type { StoredLocker } from '../../model';
import type { FaultPointApp } from '../../request-types';
import { PROVIDER_MODELS } from '../../seed';

// --- Which status changes are published ---

/** Fault sbi-status-flap-push-dropped: per reference, each locker's last status change pushed, and when. */
const lastStatusChanges = new WeakMap<object, WeakMap<StoredLocker, { from: string; to: string; at: number }>>();

/** How long after a status change its reversal is taken for a flap. */
const FLAP_WINDOW_MS = 60_000;

/**
 * Fault sbi-status-flap-push-dropped: the status events pass the alerting de-noiser, which drops a change that undoes
 * the locker's previous change within a minute (a flapping link) and forgets the pair: a disable pushed, then an
 * enable soon after, is not pushed. True where the change is pushed.
 */
export function statusChangeNotFlap(app: FaultPointApp, locker: StoredLocker, before: string, after: string): boolean {
  if (!app.fault('sbi-status-flap-push-dropped')) return true;
  const changes = perApp(lastStatusChanges, app, () => new WeakMap());
  const last = changes.get(locker);
  const now = Date.now();
  if (last && last.from === after && last.to === before && now - last.at < FLAP_WINDOW_MS) {
    changes.delete(locker);
    return false;
  }
  changes.set(locker, { from: before, to: after, at: now });
  return true;
}

/** Fault sbi-status-push-singleton-last-status: per reference, the status the publisher published last, any locker. */
const lastPublishedStatus = new WeakMap<object, { status?: string }>();

/**
 * Fault sbi-status-push-singleton-last-status: the LockerUpdates publisher is a singleton whose field holds the status
 * it published last, to skip publishing one locker's status twice, and it is shared by every locker of every carrier.
 */
export function statusPublisherPasses(app: FaultPointApp, status: string): boolean {
  if (!app.fault('sbi-status-push-singleton-last-status')) return true;
  const held = perApp<{ status?: string }>(lastPublishedStatus, app, () => ({}));
  const passes = held.status !== status;
  held.status = status;
  return passes;
}

// --- Which creates are published ---

/**
 * The LockerUpdates of a create (§6), published by the provider's device registry when it registers the locker; with
 * fault sbj-create-push-from-device-registry, a locker of a (provider, model, version) the catalogue does not list is
 * not registered, so not pushed. Correct: every create is pushed.
 */
export function pushedByDeviceRegistry(app: FaultPointApp, locker: StoredLocker, push: () => void): void {
  const { name, lockerModel, lockerVersion } = locker.record.provider;
  const known = PROVIDER_MODELS.some(
    (p) => p.providerName === name && p.lockerModel === lockerModel && p.lockerVersion === lockerVersion,
  );
  if (app.fault('sbj-create-push-from-device-registry') && !known) app.lag.written(locker, locker.record);
  else push();
}

// --- What a body carries ---

/** Variation ok-bi-locker-push-status-sequence: per reference, each locker's count of status changes pushed. */
const statusSequences = new WeakMap<object, WeakMap<StoredLocker, number>>();

/** Variation ok-bi-locker-push-status-sequence: each LockerUpdates numbers the locker's status changes so far. */
export function lockerPushStatusSequence(
  app: FaultPointApp,
  locker: StoredLocker,
  cause: string,
): Record<string, unknown> {
  if (!app.fault('ok-bi-locker-push-status-sequence')) return {};
  const counts = perApp(statusSequences, app, () => new WeakMap<StoredLocker, number>());
  const count = (counts.get(locker) ?? 0) + (cause === 'status' ? 1 : 0);
  counts.set(locker, count);
  return { statusSequence: count };
}

/** Fault sbi-locker-push-merged-onto-last: per reference, the last LockerUpdates body built for each locker. */
const lastLockerPushes = new WeakMap<object, WeakMap<StoredLocker, Editable>>();

/** A deep merge as lodash's mergeWith with a customizer that concatenates arrays. */
function mergedConcatenating(target: Editable, source: Editable): Editable {
  const merged: Editable = { ...target };
  for (const [member, value] of Object.entries(source)) {
    const held = merged[member];
    if (Array.isArray(held) && Array.isArray(value)) merged[member] = [...(held as unknown[]), ...(value as unknown[])];
    else if (isObject(held) && isObject(value)) merged[member] = mergedConcatenating(held, value);
    else merged[member] = value;
  }
  return merged;
}

/**
 * Fault sbi-locker-push-merged-onto-last: a LockerUpdates body is merged onto the last one built for the locker (so
 * that members a partial event leaves out still go out), by a merge that concatenates arrays: each later push of the
 * locker repeats the metadata entries (and the other arrays) of the pushes before it. Edits `body` in place.
 */
export function lockerPushMergedOntoLast(app: FaultPointApp, locker: StoredLocker, body: Editable): void {
  if (!app.fault('sbi-locker-push-merged-onto-last')) return;
  const pushes = perApp(lastLockerPushes, app, () => new WeakMap<StoredLocker, Editable>());
  const last = pushes.get(locker);
  const merged = last ? mergedConcatenating(last, body) : body;
  pushes.set(locker, structuredClone(merged));
  Object.assign(body, merged);
}
