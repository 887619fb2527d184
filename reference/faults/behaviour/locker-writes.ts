// The faults' behaviour a create and an update both reach (create-points.ts, update-points.ts): how a locker's
// location, opening hours, activationDate, groups and metadata rows are checked and stored. With its fault off each
// point does what the service does.
import type { ReferenceApp } from '../../app';
import { ApiError, badRequest } from '../../errors';
import { type Editable, isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { Json, JsonObject, LockerGroup, LockerRecord, LockerWriteBody, StoredLocker } from '../../model';
import type { FaultPointApp } from '../../request-types';
import { scheduleWrittenAt } from './lockers';

/** Fault sc-postal-code-leading-zero: a postal code of digits only is kept as a number, its leading zeros lost. */
export function storedLocation(app: FaultPointApp, location: JsonObject): JsonObject {
  const copy = structuredClone(location);
  const code = copy['postalCode'];
  if (app.fault('sc-postal-code-leading-zero') && typeof code === 'string' && /^\d+$/.test(code))
    copy['postalCode'] = String(Number(code));
  // Fault se-coordinates-sign-dropped: the point read back by a number pattern without a sign.
  // Fault sh-coordinates-float32: lon and lat read back from single-precision columns.
  return coordinatesAsFloat32(app, coordinatesAsReadBack(app, copy));
}

/** Fault se-update-rebased-on-registration: the master data a locker was registered (created) with. */
interface Registration {
  carrier: Omit<LockerRecord['carrier'], 'status'>;
  location: JsonObject;
  metadata: Json[];
  features: JsonObject;
  lockerGroups: LockerGroup[];
}
export const registrations = new WeakMap<StoredLocker, Registration>();

/**
 * Fault se-coordinates-sign-dropped: the location is kept as a WKT point and read back with a number pattern that has
 * no sign (/(\d+(?:\.\d+)?) (\d+(?:\.\d+)?)/), so a coordinate west of Greenwich or south of the equator loses
 * its minus.
 */
export function coordinatesAsReadBack(app: Switches, location: JsonObject): JsonObject {
  if (!app.fault('se-coordinates-sign-dropped')) return location;
  for (const member of ['lon', 'lat']) {
    const value = location[member];
    if (typeof value === 'number' && value < 0) location[member] = -value;
  }
  return location;
}

/** Fault sh-coordinates-float32: lon and lat as a single-precision column gives them back. */
export function coordinatesAsFloat32(app: FaultPointApp, location: JsonObject): JsonObject {
  if (!app.fault('sh-coordinates-float32')) return location;
  for (const member of ['lon', 'lat']) {
    const value = location[member];
    if (typeof value === 'number') location[member] = Math.fround(value);
  }
  return location;
}

/** Fault sj-coordinates-exponent-refused: a coordinate token in exponent notation, as the raw body writes it. */
const EXPONENT_COORDINATE = /"(lon|lat)"\s*:\s*(-?\d+(?:\.\d+)?[eE][+-]?\d+)/;

/** Fault sj-coordinates-exponent-refused: lon and lat read from their raw tokens as fixed-point decimals. */
export function checkFixedPointCoordinates(app: FaultPointApp, raw: string | undefined): void {
  if (!app.fault('sj-coordinates-exponent-refused') || raw === undefined) return;
  const token = EXPONENT_COORDINATE.exec(raw);
  if (token)
    throw badRequest('VALIDATION_FAILED', `/location/${token[1]} "${token[2]}" is not a decimal (digits[.digits])`);
}

/** Fault sn-locker-name-unique-index: the unique index (owner, locker_name) a migration put on the lockers. */
export function checkNameFree(app: FaultPointApp, carrier: string, name: string | undefined, except?: string) {
  if (!app.fault('sn-locker-name-unique-index') || name === undefined) return;
  const held = app.state.lockerRecordsOwnedBy(carrier).some((r) => r.carrier.lockerName === name && r.uid !== except);
  if (held)
    throw new ApiError(409, 'LOCKER_NAME_TAKEN', `duplicate key value violates unique constraint "uq_owner_name"`);
}

/** Fault sr-address-astral-cut: a text as a utf8mb3 column in non-strict mode keeps it, cut before a 4-byte char. */
function cutAtAstral(value: Json | undefined): Json | undefined {
  if (typeof value !== 'string') return value;
  const at = [...value].findIndex((c) => c.codePointAt(0)! > 0xffff);
  return at < 0 ? value : [...value].slice(0, at).join('');
}

/**
 * Fault sr-address-astral-cut: the address table's columns are utf8 (utf8mb3, three bytes at most) and the session is
 * not in strict mode: a location string holding a character beyond the BMP is stored cut before it, with a warning.
 */
export function addressColumns(app: FaultPointApp, location: JsonObject): JsonObject {
  if (!app.fault('sr-address-astral-cut')) return location;
  return Object.fromEntries(Object.entries(location).map(([k, v]) => [k, cutAtAstral(v) ?? null]));
}

/** Fault sr-legacy-alias-last-wins: the value of the member of a pair that the body writes last. */
function lastOf(object: Editable, members: readonly string[]): unknown {
  const written = Object.keys(object).filter((k) => members.includes(k) && typeof object[k] === 'string');
  return written.length ? object[written[written.length - 1]!] : undefined;
}

/**
 * Fault sr-legacy-alias-last-wins: the create and update DTOs keep the 1.0 names as deserializer aliases of the 1.1
 * members (carrier.name of lockerName, provider.providerName of name, lockerModelVersion of lockerVersion); where a
 * body carries both, the one written later in the body is the one bound.
 */
export function aliasesBound(app: FaultPointApp, body: LockerWriteBody): void {
  if (!app.fault('sr-legacy-alias-last-wins')) return;
  const pairs: [Editable | undefined, string, string][] = [
    [body.carrier, 'lockerName', 'name'],
    [body.provider, 'name', 'providerName'],
    [body.provider, 'lockerVersion', 'lockerModelVersion'],
  ];
  for (const [object, current, legacy] of pairs) {
    const bound = object ? lastOf(object, [current, legacy]) : undefined;
    if (bound !== undefined) object![current] = bound;
  }
}

/** Fault sr-activation-date-int32-epoch: the largest second a signed 32-bit count of seconds since 1970 holds. */
const INT32_SPAN = 2 ** 32;

/**
 * Fault sr-activation-date-int32-epoch: the provider registration record carries carrier.activationDate as a signed
 * 32-bit count of seconds since 1970 (the provider SDK's field), and the record the service keeps is read back from it:
 * an instant after 2038-01-19T03:14:07Z (or before 1901-12-13T20:45:52Z) wraps around by 2^32 seconds.
 */
export function epochSeconds32(app: FaultPointApp, activationDate: string): string {
  const ms = Date.parse(activationDate);
  if (!app.fault('sr-activation-date-int32-epoch') || Number.isNaN(ms)) return activationDate;
  const seconds = Math.floor(ms / 1000);
  const wrapped = ((((seconds + 2 ** 31) % INT32_SPAN) + INT32_SPAN) % INT32_SPAN) - 2 ** 31;
  return wrapped === seconds ? activationDate : new Date(wrapped * 1000 + (ms - seconds * 1000)).toISOString();
}

/** Variation ok-t-location-type-unknown: an address stored without a type gets the column default UNKNOWN. */
export function typeDefaulted(app: ReferenceApp, body: LockerWriteBody): void {
  if (app.fault('ok-t-location-type-unknown') && body.location && body.location['type'] === undefined)
    body.location = { ...body.location, type: 'UNKNOWN' };
}

/** Fault saa-group-keys-normalized-after-check: the groups as stored, their keys canonicalised after the check. */
export function storedGroups(app: FaultPointApp, groups: LockerGroup[]): LockerGroup[] {
  const copy = structuredClone(groups);
  if (!app.fault('saa-group-keys-normalized-after-check')) return copy;
  return copy.map((g) => (typeof g.key === 'string' ? { ...g, key: g.key.trim().toLowerCase() } : g));
}

/**
 * Fault sac-metadata-key-primary-key: metadata entries are rows of a table whose primary key is (locker_uid, meta_key),
 * and the database's refusal escapes as a 500: an entry with key null (or none), or two entries of one key, make the
 * create or update fail before anything is written.
 */
export function checkMetadataRows(app: Switches, metadata: Json[] | undefined): void {
  if (!app.fault('sac-metadata-key-primary-key') || !metadata) return;
  const keys = new Set<unknown>();
  for (const entry of metadata) {
    const key: unknown = isObject(entry) ? (entry as Editable)['key'] : undefined;
    if (key === null || key === undefined)
      throw new ApiError(500, 'INTERNAL_ERROR', 'null value in column "meta_key" violates not-null constraint');
    if (keys.has(key))
      throw new ApiError(
        500,
        'INTERNAL_ERROR',
        `duplicate key value violates unique constraint "locker_metadata_pkey": (meta_key)=(${String(key)})`,
      );
    keys.add(key);
  }
}

// --- A create, an update ---

/** Fault sal-group-refusal-restores-create-snapshot: each locker as the session cache took it at its create. */
export const createSnapshots = new WeakMap<StoredLocker, Pick<StoredLocker, 'record' | 'lockerGroups'>>();

/**
 * The location a create or an update stores. Fault sam-address-xml-attribute-whitespace: the address is registered
 * with the provider registry, a SOAP service that keeps it as attributes of an XML element, and the service stores
 * what the registry confirms: XML's attribute-value normalisation has turned each tab, line feed and carriage return
 * (a CRLF pair once) into a space.
 */
export function addressXmlNormalised(app: Switches, location: JsonObject): JsonObject {
  if (!app.fault('sam-address-xml-attribute-whitespace')) return location;
  return Object.fromEntries(
    Object.entries(location).map(([member, value]) => [
      member,
      typeof value === 'string' ? value.replace(/\r\n/g, ' ').replace(/[\t\n\r]/g, ' ') : value,
    ]),
  );
}

/**
 * The opening hours a create or an update stores. Fault sam-schedule-rows-need-day: weeklySchedule is kept as rows of
 * a table (day, opens, closes); an entry is mapped from its day and from/to (or opens/closes, open/close), and an
 * entry without a text day (another shape, a string) is skipped, so a SCHEDULED schedule whose entries all have
 * another shape is stored as SCHEDULED with none.
 */
export function scheduleRowsNeedDay<T>(app: Switches, openingHours: T): T {
  if (!app.fault('sam-schedule-rows-need-day') || !isObject(openingHours)) return openingHours;
  const schedule = openingHours['weeklySchedule'];
  if (!Array.isArray(schedule)) return openingHours;
  const rows = schedule.flatMap((entry: unknown) =>
    isObject(entry) && typeof entry['day'] === 'string'
      ? [
          {
            day: entry['day'],
            from: entry['from'] ?? entry['opens'] ?? entry['open'] ?? null,
            to: entry['to'] ?? entry['closes'] ?? entry['close'] ?? null,
          },
        ]
      : [],
  );
  return { ...openingHours, weeklySchedule: rows };
}

const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/**
 * The opening hours a create or an update stores, from those sent (checked already). Fault san-schedule-weekday-slots:
 * a SCHEDULED weeklySchedule kept in seven weekday slots keyed by entry.day, entries of another day or structure
 * dropped.
 */
export function scheduleWeekdaySlots(app: Switches, hours: JsonObject): JsonObject {
  const schedule = hours['weeklySchedule'];
  if (!app.fault('san-schedule-weekday-slots') || hours['accessMode'] !== 'SCHEDULED' || !Array.isArray(schedule))
    return hours;
  const slots = new Map<string, Json>();
  for (const entry of schedule) {
    const day = isObject(entry) ? (entry as Editable)['day'] : undefined;
    if (typeof day === 'string' && WEEKDAYS.includes(day)) slots.set(day, entry);
  }
  return { ...hours, weeklySchedule: WEEKDAYS.filter((d) => slots.has(d)).map((d) => slots.get(d)!) };
}

// --- Opening hours stored (lockers.ts, locker-update.ts) ---

/**
 * The opening hours a create or an update stores, from those sent (checked already).
 * - Fault sao-schedule-overnight-entries-dropped: the provider adapter keeps the entries whose closing time is after
 *   their opening time, and drops the others without a word: an entry that crosses midnight (22:00-06:00) or ends at
 *   midnight written 00:00 is lost; a schedule of only such entries is kept SCHEDULED with weeklySchedule [].
 * - Fault sao-always-exceptions-grid-synthesised: the provider takes exceptions as overrides of a weekly grid, so
 *   ALWAYS hours with exceptions are stored with a grid of seven whole days (00:00-24:00) beside them, accessMode
 *   still ALWAYS.
 * - Variations: hoursNormalisedSchedule.
 */
export function hoursOvernightAndGrid(app: Switches, hours: JsonObject): JsonObject {
  let out = hoursNormalisedSchedule(app, hours);
  const schedule = out['weeklySchedule'];
  if (
    app.fault('sao-schedule-overnight-entries-dropped') &&
    out['accessMode'] === 'SCHEDULED' &&
    Array.isArray(schedule)
  )
    out = {
      ...out,
      weeklySchedule: schedule.filter((entry) => {
        const times = entryTimes(entry);
        const [opens, closes] = [minutesOf(times?.opens ?? ''), minutesOf(times?.closes ?? '')];
        return opens === undefined || closes === undefined || closes > opens;
      }),
    };
  const exceptions = out['exceptions'];
  if (
    app.fault('sao-always-exceptions-grid-synthesised') &&
    out['accessMode'] === 'ALWAYS' &&
    Array.isArray(exceptions) &&
    exceptions.length > 0
  )
    out = { ...out, weeklySchedule: WEEKDAYS.map((day) => ({ day, from: '00:00', to: '24:00' })) };
  return out;
}

const OPENS = ['from', 'opens', 'open', 'start', 'openTime', 'openingTime', 'openAt', 'startTime'];
const CLOSES = ['to', 'closes', 'close', 'end', 'closeTime', 'closingTime', 'closeAt', 'endTime'];
const DAY = ['day', 'dayOfWeek', 'weekday', 'weekDay'];
const TIME = /^([01]\d|2[0-4]):([0-5]\d)(?::([0-5]\d))?$/;

/** Minutes since midnight of a time of day written HH:MM or HH:MM:SS (24:00 is 1440). */
export const minutesOf = (time: string): number | undefined => {
  const m = TIME.exec(time);
  if (!m || (m[1] === '24' && (m[2] !== '00' || (m[3] ?? '00') !== '00'))) return undefined;
  return Number(m[1]) * 60 + Number(m[2]);
};

/** An entry's opening and closing times: named members first, else the first two times among its values. */
export function entryTimes(
  sent: Json,
): { opens: string; closes: string; opensAt?: string; closesAt?: string } | undefined {
  if (!isObject(sent)) return undefined;
  const entry: Editable = sent;
  const named = (names: string[]) =>
    names.find((n) => typeof entry[n] === 'string' && minutesOf(entry[n]) !== undefined);
  const opensAt = named(OPENS);
  const closesAt = named(CLOSES);
  if (opensAt && closesAt) return { opens: entry[opensAt], closes: entry[closesAt], opensAt, closesAt };
  const times = Object.values(entry).filter((v): v is string => typeof v === 'string' && minutesOf(v) !== undefined);
  return times.length >= 2 ? { opens: times[0]!, closes: times[1]! } : undefined;
}

/** The entry's day member and its weekday index (0 Monday), where it names one as a full name or its first three. */
export function entryDay(sent: Json): { member: string; index: number; written: string } | undefined {
  if (!isObject(sent)) return undefined;
  const entry: Editable = sent;
  for (const member of DAY) {
    const written = entry[member];
    if (typeof written !== 'string') continue;
    const upper = written.toUpperCase();
    const index = WEEKDAYS.findIndex((d) => d === upper || (upper.length === 3 && d.startsWith(upper)));
    if (index >= 0) return { member, index, written };
  }
  return undefined;
}

/** The weekday at `index`, written as `like` is (full or three letters; upper, lower or capitalised). */
function dayWrittenLike(index: number, like: string): string {
  const full = WEEKDAYS[index]!;
  const name = like.length === 3 ? full.slice(0, 3) : full;
  if (like === like.toUpperCase()) return name;
  if (like === like.toLowerCase()) return name.toLowerCase();
  return name[0] + name.slice(1).toLowerCase();
}

const scheduleOf = (hours: JsonObject): Json[] | undefined =>
  hours['accessMode'] === 'SCHEDULED' && Array.isArray(hours['weeklySchedule']) ? hours['weeklySchedule'] : undefined;

/**
 * Variation ok-ao-schedule-touching-ranges-merged: entries of one day (and one shape) whose ranges overlap or touch
 * (08:00-12:00 and 12:00-18:00) are one range (08:00-18:00), written as the first of them sent; the others as sent.
 */
function touchingRangesMerged(schedule: Json[]): Json[] {
  const kept: Json[] = schedule.map((e) => structuredClone(e));
  const range = (e: Json) => {
    const day = entryDay(e);
    const times = entryTimes(e);
    const [opens, closes] = [minutesOf(times?.opens ?? ''), minutesOf(times?.closes ?? '')];
    if (!day || !times?.opensAt || !times.closesAt || opens === undefined || closes === undefined) return undefined;
    if (closes <= opens) return undefined;
    return {
      key: `${day.index} ${Object.keys(e as Editable)
        .sort()
        .join(',')}`,
      opens,
      closes,
      times,
    };
  };
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < kept.length && !merged; i++) {
      const a = range(kept[i]!);
      if (!a) continue;
      for (let j = i + 1; j < kept.length && !merged; j++) {
        const b = range(kept[j]!);
        if (!b || b.key !== a.key || b.opens > a.closes || a.opens > b.closes) continue;
        const entry = kept[i] as Editable;
        if (b.opens < a.opens) entry[a.times.opensAt!] = b.times.opens;
        if (b.closes > a.closes) entry[a.times.closesAt!] = b.times.closes;
        kept.splice(j, 1);
        merged = true;
      }
    }
  }
  return kept;
}

/**
 * Variation ok-ao-schedule-overnight-split-at-midnight: an entry that crosses midnight (FRIDAY 22:00-02:00) is two
 * entries, FRIDAY 22:00-24:00 and SATURDAY 00:00-02:00; one that ends at midnight written 00:00 ends at 24:00.
 */
function overnightSplit(schedule: Json[]): Json[] {
  return schedule.flatMap((entry): Json[] => {
    const day = entryDay(entry);
    const times = entryTimes(entry);
    if (!day || !times?.opensAt || !times.closesAt) return [entry];
    const [opens, closes] = [minutesOf(times.opens), minutesOf(times.closes)];
    if (opens === undefined || closes === undefined || closes >= opens || opens === 0) return [entry];
    const evening: Editable = { ...(entry as Editable), [times.closesAt]: '24:00' };
    if (closes === 0) return [evening];
    const next = dayWrittenLike((day.index + 1) % 7, day.written);
    const morning: Editable = { ...(entry as Editable), [day.member]: next, [times.opensAt]: '00:00' };
    return [evening, morning];
  });
}

/** Variation ok-ao-schedule-times-with-seconds: a TIME column's text, HH:MM:SS, for each time written HH:MM. */
function withSeconds(entries: Json[]): Json[] {
  return entries.map((entry) =>
    isObject(entry)
      ? Object.fromEntries(
          Object.entries(entry).map(([k, v]) => [k, typeof v === 'string' && /^\d\d:\d\d$/.test(v) ? `${v}:00` : v]),
        )
      : entry,
  );
}

/** The dates (YYYY-MM-DD) an exceptions entry names, among its string values. */
function datesOf(entry: Json): string[] {
  if (typeof entry === 'string') return entry.match(/\d{4}-\d\d-\d\d/g) ?? [];
  if (!isObject(entry) && !Array.isArray(entry)) return [];
  return Object.values(entry).flatMap((v) => datesOf(v as Json));
}

/**
 * The opening hours a create or an update stores, as these variations write them: touching ranges merged,
 * overnight ranges split at midnight, times with seconds, past exceptions pruned.
 */
export function hoursNormalisedSchedule(app: Switches, hours: JsonObject): JsonObject {
  let out = hours;
  const schedule = scheduleOf(out);
  if (schedule && app.fault('ok-ao-schedule-overnight-split-at-midnight'))
    out = { ...out, weeklySchedule: overnightSplit(schedule) };
  const split = scheduleOf(out);
  if (split && app.fault('ok-ao-schedule-touching-ranges-merged'))
    out = { ...out, weeklySchedule: touchingRangesMerged(split) };
  if (app.fault('ok-ao-schedule-times-with-seconds'))
    for (const member of ['weeklySchedule', 'exceptions'])
      if (Array.isArray(out[member])) out = { ...out, [member]: withSeconds(out[member]) };
  // Variation ok-ao-exceptions-past-dates-pruned: the provider keeps only exceptions that are still to come.
  const exceptions = out['exceptions'];
  if (Array.isArray(exceptions) && app.fault('ok-ao-exceptions-past-dates-pruned')) {
    const today = new Date().toISOString().slice(0, 10);
    out = {
      ...out,
      exceptions: exceptions.filter((e) => {
        const dates = datesOf(e).sort();
        return dates.length === 0 || dates[dates.length - 1]! >= today;
      }),
    };
  }
  return out;
}

// --- Opening hours as a create (create-points.ts) and an update (update-points.ts) write them ---

/** The hours written, noted where fault sas-list-schedule-rows-lag-mode's schedule rows are inserted later. */
export function scheduleRowsWritten<T>(app: Switches, hours: T): T {
  if (app.fault('sas-list-schedule-rows-lag-mode') && isObject(hours) && hours['accessMode'] === 'SCHEDULED')
    scheduleWrittenAt.set(hours, Date.now());
  return hours;
}

/** What a point that writes lockers beside the one named needs of the app. */
type WriteApp = Pick<FaultPointApp, 'fault' | 'state' | 'lag'>;

// --- A locker written: created (create-points.ts) or updated (update-points.ts) ---

/** Fault sav-locker-snapshot-drops-groups: every how many events of a locker the event store writes a snapshot. */
const SNAPSHOT_EVERY = 3;
const lockerEvents = new WeakMap<object, WeakMap<StoredLocker, number>>();

/**
 * A locker of `carrier` written by a create or an update, before the answer is made.
 * - Fault sav-fleet-document-siblings-float32: the carrier's fleet is one document, decoded into a struct whose lon and
 *   lat are float32 and encoded back whole on each write; the locker written is copied in from the request.
 * - Fault sav-locker-snapshot-drops-groups: every third event of a locker (its create counted) the event store takes a
 *   snapshot, whose serializer predates the groups, and the locker is read back from it.
 */
export function fleetDocumentWritten(app: WriteApp, carrier: string, locker: StoredLocker): void {
  if (app.fault('sav-fleet-document-siblings-float32')) {
    for (const other of app.state.lockers.values()) {
      if (other === locker || other.record.ownedByCarrier !== carrier) continue;
      const location = other.record.location;
      for (const member of ['lon', 'lat']) {
        const value = location[member];
        if (typeof value === 'number') location[member] = Math.fround(value);
      }
      app.lag.written(other, other.record);
    }
  }
  if (app.fault('sav-locker-snapshot-drops-groups')) {
    const events = perApp(lockerEvents, app, () => new WeakMap<StoredLocker, number>());
    const count = (events.get(locker) ?? 0) + 1;
    events.set(locker, count);
    if (count % SNAPSHOT_EVERY === 0) locker.lockerGroups = [];
  }
}

// --- activationDate as stored (create-points.ts, update-points.ts) ---

/**
 * Fault saz-activation-float-epoch: kept as DOUBLE epoch seconds and written back as time.Unix(sec, int64(frac*1e9))
 * in RFC3339Nano (trailing zeros of the fraction dropped). A fraction binary floating point holds exactly comes back
 * as it was, and then the date is kept as sent.
 */
export function activationAsFloatEpoch(app: Switches, activationDate: string): string {
  const ms = Date.parse(activationDate);
  if (!app.fault('saz-activation-float-epoch') || Number.isNaN(ms)) return activationDate;
  const seconds = ms / 1000;
  const whole = Math.floor(seconds);
  const nanos = Math.floor((seconds - whole) * 1e9);
  if (nanos === (ms - whole * 1000) * 1e6) return activationDate;
  const fraction = nanos === 0 ? '' : `.${String(nanos).padStart(9, '0').replace(/0+$/, '')}`;
  return `${new Date(whole * 1000).toISOString().slice(0, 19)}${fraction}Z`;
}

export type Features = LockerRecord['features'];

// --- Opening hours as a create (create-points.ts) and an update (update-points.ts) store them ---

/**
 * The opening hours a create or an update stores.
 * - Variation ok-bc-schedule-entries-by-weekday: weeklySchedule entries kept in weekday order (a stable sort; an
 *   entry whose day is no weekday name after them).
 */
export function scheduleInWeekdayOrder(app: Switches, hours: JsonObject): JsonObject {
  const schedule = hours['weeklySchedule'];
  if (!app.fault('ok-bc-schedule-entries-by-weekday') || !Array.isArray(schedule)) return hours;
  const rank = (entry: unknown) => {
    const day = isObject(entry) && typeof entry['day'] === 'string' ? WEEKDAYS.indexOf(entry['day'].toUpperCase()) : -1;
    return day === -1 ? WEEKDAYS.length : day;
  };
  return { ...hours, weeklySchedule: [...schedule].sort((a, b) => rank(a) - rank(b)) };
}

// --- Opening hours and groups checked, create and update alike (locker-checks.ts) ---

/**
 * Fault sbe-always-rule-on-exceptions: §2.1 rule 2 checked on exceptions (the schema's own check of weeklySchedule is
 * let through by the fault's `relax`): an ALWAYS locker with opening exceptions is refused.
 */
export function alwaysModeExceptionsRefused(app: Switches, hours: unknown): void {
  if (!app.fault('sbe-always-rule-on-exceptions') || !isObject(hours)) return;
  const exceptions = hours['exceptions'];
  if (hours['accessMode'] === 'ALWAYS' && Array.isArray(exceptions) && exceptions.length > 0)
    throw badRequest('VALIDATION_FAILED', '/openingHours/exceptions must be omitted when accessMode is ALWAYS');
}

/**
 * Fault sbe-group-key-checked-on-uid: "at most one group per type key" checked on the group uid. True where the fault
 * made the check (the service's own check by key is then not made).
 */
export function groupKeyCheckedOnUid(app: Switches, groups: LockerGroup[] | undefined): boolean {
  if (!app.fault('sbe-group-key-checked-on-uid')) return false;
  const seen = new Set<string>();
  for (const group of groups ?? []) {
    if (seen.has(group.uid))
      throw badRequest('DUPLICATE_GROUP', `lockerGroups names the group "${group.uid}" more than once`);
    seen.add(group.uid);
  }
  return true;
}
