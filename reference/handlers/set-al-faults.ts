// The points where the faults of set AL change the service: each does what the service does with its fault off, and
// the fault's behaviour with it on; its variations are set-al-variations.ts. Called from app.ts (the LockerUpdates
// push), lockers.ts (a create's features, the locker as created), locker-update.ts (the group check, features and
// metadata of an update, a status change and its answer), parcels.ts and publish-points.ts (a publish),
// cancel-points.ts (the delivered guard, an unknown id), trigger.ts (an event's history) and collections.ts (the
// lockers named, their marks).
import type { StoredLocker } from '../model';
import { type Editable, isObject, perApp, type Switches } from './fault-point-state';

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
