// The points where the faults of set AO change the service: each does what the service does with its fault off, and the
// fault's behaviour with it on; its variations are set-ao-variations.ts. Set AO is about time and calendars: the
// instants the service reads, keeps and shows, opening hours, the daily collection notification and the order of events
// in time. Called from lockers.ts (an activationDate and opening hours stored on create, the list's view),
// locker-update.ts (the same on update), app.ts (the LockerUpdates and ParcelUpdates pushes), parcels.ts (a publish
// answer's time), cancel-points.ts (a cancellation written), parcel-list.ts (the history listed), trigger.ts (the
// mock's clock) and collections.ts (a notification sent).
import { ApiError } from '../errors';
import {
  dateTimeParts,
  pad,
  SERVICE_ZONE,
  utcText,
  wallClockAsUtcMs,
  zoneOffsetMinutes,
} from '../faults/behaviour/shared';
import type { Json } from '../model';
import { type Editable, isObject, type Switches } from './fault-point-state';
import { lockerPushByAOVariations } from './set-ao-variations';

// --- An activationDate stored (lockers.ts on create, locker-update.ts on update) ---

/**
 * carrier.activationDate as a create stores it, from the value the service keeps (`kept`).
 * - Fault sao-create-activation-lowercase-z-local: the registration's parser knows the UTC designator as "Z" only; a
 *   date-time ending in "z" is read as wall-clock time of the service's zone and stored as that instant in UTC.
 * - Fault sao-create-activation-leap-second-500: the value is handed to the provider registry as
 *   new Date(sent).toISOString(), which throws on a leap second (23:59:60): answered 500.
 */
export function createdActivationBySetAO(app: Switches, kept: string): string {
  if (app.fault('sao-create-activation-leap-second-500') && Number.isNaN(new Date(kept).getTime()))
    throw new ApiError(500, 'INTERNAL_ERROR', 'RangeError: Invalid time value');
  const p = dateTimeParts(kept);
  if (!app.fault('sao-create-activation-lowercase-z-local') || !p || p.offset !== 'z') return kept;
  const wall = wallClockAsUtcMs(p);
  const guess = wall - zoneOffsetMinutes(SERVICE_ZONE, wall) * 60_000;
  return utcText(wall - zoneOffsetMinutes(SERVICE_ZONE, guess) * 60_000, p.fraction) ?? kept;
}

/**
 * carrier.activationDate as an update stores it, from the value the locker held (`held`) and the one the service keeps
 * of the request (`kept`).
 * - Fault sao-update-activation-keeps-created-offset: the date-time is kept as a local date-time column and an offset
 *   column set at registration, and the update's mapper writes the local part only: the wall-clock time sent is stored
 *   with the offset the locker had.
 * - Fault sao-update-activation-fraction-as-millis: the update's hand-written parser hands the fraction's digits to
 *   Date.UTC as a count of milliseconds (.5 is 5 ms, .123456 is 123456 ms), storing the result in UTC.
 */
export function updatedActivationBySetAO(app: Switches, held: string, kept: string): string {
  let stored = kept;
  const was = dateTimeParts(held);
  const sent = dateTimeParts(kept);
  if (
    app.fault('sao-update-activation-keeps-created-offset') &&
    was &&
    sent &&
    was.offsetMinutes !== sent.offsetMinutes
  )
    stored = kept.replace(/([Zz]|[+-]\d\d:?\d\d)$/, was.offset);
  const p = dateTimeParts(stored);
  if (!app.fault('sao-update-activation-fraction-as-millis') || !p) return stored;
  const ms = wallClockAsUtcMs(p) + Number(p.fraction || '0') - p.offsetMinutes * 60_000;
  const year = new Date(ms).getUTCFullYear();
  return year >= 0 && year <= 9999 ? new Date(ms).toISOString() : stored;
}

// --- The locker list's view (lockers.ts) ---

/** The ISO week-numbering year of a UTC date (the year of the Thursday of its week). */
function isoWeekYear(ms: number): number {
  const d = new Date(ms);
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  return d.getUTCFullYear();
}

/**
 * A locker as GET /lockers lists it. Fault sao-list-activation-week-year: the list's mapper writes activationDate with
 * DateTimeFormatter.ofPattern("YYYY-MM-dd'T'HH:mm:ss.SSSXXX") in UTC, whose YYYY is the week-based year: a date of the
 * last days of December or the first of January that belongs to a week of the other year is listed a year off.
 */
export function listedBySetAO<T>(app: Switches, view: T): T {
  if (!app.fault('sao-list-activation-week-year') || !isObject(view) || !isObject(view['carrier'])) return view;
  const p =
    typeof view['carrier']['activationDate'] === 'string'
      ? dateTimeParts(view['carrier']['activationDate'])
      : undefined;
  if (!p || p.second > 59) return view;
  const ms = wallClockAsUtcMs(p) - p.offsetMinutes * 60_000;
  const text = utcText(Math.floor(ms / 1000) * 1000, p.fraction.slice(0, 3).padEnd(3, '0'));
  if (!text) return view;
  const written = `${pad(isoWeekYear(ms), 4)}${text.slice(4)}`;
  return { ...view, carrier: { ...view['carrier'], activationDate: written } } as T;
}

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
