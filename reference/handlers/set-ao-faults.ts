// The points where the faults of set AO change the service: each does what the service does with its fault off, and the
// fault's behaviour with it on; its variations are set-ao-variations.ts. Set AO is about time and calendars: the
// instants the service reads, keeps and shows, opening hours, the daily collection notification and the order of events
// in time. Called from lockers.ts (an activationDate and opening hours stored on create, the list's view),
// locker-update.ts (the same on update), app.ts (the LockerUpdates and ParcelUpdates pushes), parcels.ts (a publish
// answer's time), cancel-points.ts (a cancellation written), parcel-list.ts (the history listed), trigger.ts (the
// mock's clock) and collections.ts (a notification sent).
import { dateTimeParts, pad } from '../faults/behaviour/shared';
import type { Json } from '../model';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { lockerPushByAOVariations } from './set-ao-variations';

// --- The LockerUpdates push (app.ts) ---

/** Whether a schedule entry holds a time of 24:00 anywhere in it. */
const holds2400 = (entry: Json): boolean =>
  typeof entry === 'string'
    ? /(^|[^\d])24:00/.test(entry)
    : (isObject(entry) || Array.isArray(entry)) && Object.values(entry).some((v) => holds2400(v as Json));

/**
 * A LockerUpdates body about to be sent.
 * - Fault sao-push-activation-no-day-carry: the event mapper turns activationDate into UTC by moving its time of day by
 *   the offset, wrapped into 0-24 h, and keeps the date as written: a date-time whose offset carries it over midnight
 *   (2025-06-01T00:30:00+02:00, 2025-06-01T21:00:00-05:00) is pushed a day off.
 * - Fault sao-push-schedule-24h-unparsed: the event's schedule entries are LocalTime values, and LocalTime has no
 *   24:00: an entry holding 24:00 fails to map and is left out of the event.
 * - Variation ok-ao-locker-push-activation-instant-utc (set-ao-variations.ts).
 */
export function lockerPushBySetAO(app: Switches, body: Editable): void {
  lockerPushByAOVariations(app, body);
  const carrier = body['carrier'];
  const p =
    isObject(carrier) && typeof carrier['activationDate'] === 'string'
      ? dateTimeParts(carrier['activationDate'])
      : undefined;
  if (app.fault('sao-push-activation-no-day-carry') && p && p.offsetMinutes !== 0) {
    const minutes = (((p.hour * 60 + p.minute - p.offsetMinutes) % 1440) + 1440) % 1440;
    const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
    const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:${pad(p.second)}`;
    body['carrier'] = { ...carrier, activationDate: `${date}T${time}${p.fraction ? `.${p.fraction}` : ''}Z` };
  }
  const hours = body['openingHours'];
  if (app.fault('sao-push-schedule-24h-unparsed') && isObject(hours) && Array.isArray(hours['weeklySchedule']))
    body['openingHours'] = { ...hours, weeklySchedule: hours['weeklySchedule'].filter((e: Json) => !holds2400(e)) };
}

// --- The ParcelUpdates push (app.ts) ---

/** A copy made by a deep walker over an object's own enumerable members, as a "strip undefined" helper does. */
function walked(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(walked);
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, walked(v)]),
  );
}

/**
 * A ParcelUpdates body about to be sent. Fault sao-cancel-push-timestamp-deep-copied-object: the cancel's event is
 * built with eventTimestamp a Date, then cleaned of undefined members by a deep walker that copies an object's own
 * members, and a Date has none: the push of a cancellation carries eventTimestamp {}.
 */
export function parcelPushBySetAO(app: Switches, cause: string, body: Record<string, unknown>): void {
  if (!app.fault('sao-cancel-push-timestamp-deep-copied-object') || cause !== 'cancel') return;
  const cleaned = walked({ ...body, eventTimestamp: new Date(String(body['eventTimestamp'])) }) as Editable;
  Object.assign(body, cleaned);
}
