// The points where the faults of set AL change the service: each does what the service does with its fault off, and
// the fault's behaviour with it on; its variations are set-al-variations.ts. Called from app.ts (the LockerUpdates
// push), lockers.ts (a create's features, the locker as created), locker-update.ts (the group check, features and
// metadata of an update, a status change and its answer), parcels.ts and publish-points.ts (a publish),
// cancel-points.ts (the delivered guard, an unknown id), trigger.ts (an event's history) and collections.ts (the
// lockers named, their marks).
import { createSnapshots } from '../faults/behaviour/locker-writes';
import { changedBySetAL } from '../faults/behaviour/lockers';
import { collectionMarksReset, suspendedLockers } from '../faults/behaviour/shared';
import type { Json, LockerRecord, StoredLocker } from '../model';
import type { Reply } from '../request-types';
import { type Editable, isObject, perApp, type StateApp, type Switches } from './fault-point-state';

// --- The LockerUpdates push ---

/** Fault sal-locker-push-event-reused-nulls-skipped: each carrier's one event object. */
const eventObjects = new WeakMap<object, Map<string, Editable>>();
/** Fault sal-create-push-dedup-by-locker-id: the keys of the create events the outbox has taken. */
const createKeys = new WeakMap<object, Set<string>>();
/** The embedded value objects the "copy non-null" helper walks into. */
const VALUE_OBJECTS = new Set(['location', 'features']);

/**
 * A LockerUpdates body before it is sent; false where it is not sent.
 * - Fault sal-create-push-dedup-by-locker-id: a create event is dropped where its key (carrier, carrier.lockerId)
 *   was seen.
 * - Fault sal-locker-push-event-reused-nulls-skipped: the body is copied onto the carrier's one event object, the
 *   members of location and features that are null or absent left as the last event had them, and sent as that
 *   object reads.
 */
export function pushedBySetAL(
  app: Switches,
  locker: StoredLocker,
  cause: 'create' | 'status' | 'update',
  body: Record<string, unknown>,
): boolean {
  const owner = locker.record.ownedByCarrier ?? '';
  if (cause === 'create' && app.fault('sal-create-push-dedup-by-locker-id')) {
    const keys = perApp(createKeys, app, () => new Set<string>());
    const key = `${owner}\u0000${locker.record.carrier.lockerId}`;
    if (keys.has(key)) return false;
    keys.add(key);
  }
  if (!app.fault('sal-locker-push-event-reused-nulls-skipped')) return true;
  const events = perApp(eventObjects, app, () => new Map<string, Editable>());
  const event = events.get(owner) ?? {};
  events.set(owner, event);
  for (const [member, value] of Object.entries(body)) {
    if (VALUE_OBJECTS.has(member) && isObject(value)) {
      const held: Editable = isObject(event[member]) ? event[member] : {};
      for (const [inner, given] of Object.entries(value))
        if (given !== null && given !== undefined) held[inner] = given;
      event[member] = held;
    } else event[member] = structuredClone(value);
  }
  for (const member of Object.keys(body)) delete body[member];
  Object.assign(body, structuredClone(event));
  return true;
}

/** Fault sal-default-features-shared-instance: the one default features object of lockers created without. */
const sharedDefaults = new WeakMap<object, LockerRecord['features']>();

/** A created locker, as the session cache holds it from now on (and variation ok-al-lockers-last-changed-first). */
export function createdBySetAL(app: Switches, locker: StoredLocker): void {
  createSnapshots.set(locker, structuredClone({ record: locker.record, lockerGroups: locker.lockerGroups }));
  changedBySetAL(app, locker);
}

/**
 * The features a create stores (`stored`, from `sent` or the default). Fault sal-default-features-shared-instance: a
 * create without features is given the one default object.
 */
export function createdFeatures(
  app: Switches,
  sent: LockerRecord['features'] | undefined,
  stored: LockerRecord['features'],
): LockerRecord['features'] {
  if (sent !== undefined || !app.fault('sal-default-features-shared-instance')) return stored;
  return perApp(sharedDefaults, app, () => stored);
}

/**
 * The features an update stores (`next`). Fault sal-default-features-shared-instance: applied member by member onto
 * the object the locker holds.
 */
export function updatedFeatures(
  app: Switches,
  held: LockerRecord['features'],
  next: LockerRecord['features'],
): LockerRecord['features'] {
  if (!app.fault('sal-default-features-shared-instance')) return next;
  return Object.assign(held, next);
}

/**
 * The group check of an update. Fault sal-group-refusal-restores-create-snapshot: on its refusal the locker is put
 * back as the session cache took it at its create.
 */
export function groupsCheckedBySetAL(app: Switches, locker: StoredLocker, check: () => void): void {
  try {
    check();
  } catch (error) {
    const snapshot = createSnapshots.get(locker);
    if (snapshot && app.fault('sal-group-refusal-restores-create-snapshot')) {
      locker.record = structuredClone(snapshot.record);
      locker.lockerGroups = structuredClone(snapshot.lockerGroups);
    }
    throw error;
  }
}

/**
 * The metadata an update stores, from the entries sent. Fault sal-metadata-null-value-coalesced: an entry sent with
 * value null keeps the value the locker's entry of that key has.
 */
export function metadataToStore(app: Switches, held: Json[], sent: Json[]): Json[] {
  if (!app.fault('sal-metadata-null-value-coalesced')) return sent;
  type Entry = { key?: Json; value?: Json };
  const values = new Map<string, Json>();
  for (const entry of held as Entry[])
    if (typeof entry?.key === 'string' && typeof entry.value === 'string') values.set(entry.key, entry.value);
  return sent.map((entry) => {
    const e = entry as Entry;
    const kept = typeof e?.key === 'string' && e.value === null ? values.get(e.key) : undefined;
    return kept === undefined ? entry : { ...(entry as object), value: kept };
  });
}

/**
 * What a status change does once the new status is on the record (`before`: the status it had).
 * - Fault sal-enable-reopens-keeps-schedule: enabling sets openingHours.accessMode ALWAYS, the schedule kept.
 * - Fault sal-status-change-resets-collection-mark: the locker's "last notified" is reset.
 * - Fault sal-reenabled-locker-still-suspended: a disable suspends the locker for the allocation, for good.
 */
export function statusWrittenBySetAL(app: Switches, locker: StoredLocker, before: string): void {
  const record = locker.record;
  const now = record.carrier.status;
  if (now === before) return;
  const hours: Editable | undefined = record.openingHours;
  if (app.fault('sal-enable-reopens-keeps-schedule') && now === 'ACTIVE' && isObject(hours))
    hours['accessMode'] = 'ALWAYS';
  if (app.fault('sal-status-change-resets-collection-mark'))
    perApp(collectionMarksReset, app, () => new Set<string>()).add(record.uid);
  if (app.fault('sal-reenabled-locker-still-suspended') && now !== 'ACTIVE')
    perApp(suspendedLockers, app, () => new Set<string>()).add(record.uid);
}

/**
 * The answer of a status change, once made and pushed. Fault sal-status-written-by-registered-id: the status lands on
 * the carrier's locker holding the carrier.lockerId the named one was created with, the answer as made.
 */
export function statusAnsweredBySetAL(
  app: StateApp,
  carrier: string,
  locker: StoredLocker,
  before: string,
  reply: Reply,
): Reply {
  const registered = locker.createdAs;
  if (!app.fault('sal-status-written-by-registered-id') || registered === undefined) return reply;
  if (registered === locker.record.carrier.lockerId) return reply;
  const status = locker.record.carrier.status;
  locker.record.carrier.status = before;
  const holder = [...app.state.lockers.values()].find(
    (l) => l.record.ownedByCarrier === carrier && l.record.carrier.lockerId === registered,
  );
  if (holder) holder.record.carrier.status = status;
  return reply;
}
