// The points where the conformant variations of set AO (`ok-ao-*`) change the service: each does what the service does
// with its variation off. Set AO is about time and calendars: instants, their zones, offsets and precision, opening
// hours, the daily collection notification and the order of things in time. Called from lockers.ts (the list's order),
// app.ts (the locker and parcel views) and, through set-ao-faults.ts, from lockers.ts and locker-update.ts (the opening
// hours stored), app.ts (the LockerUpdates push), trigger.ts (the mock's clock) and collections.ts (a notification
// sent). Also the helpers that read and write instants and schedule entries, which set-ao-faults.ts uses too.
import type { Json, JsonObject, StoredLocker } from '../model';
import { isObject, type Editable, type Switches } from './fault-point-state';

// --- Instants, read and written as text ---

/** A date-time of RFC 3339 (either letter case of T and Z), as its parts. */
export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** The fraction's digits as written ('' where none). */
  fraction: string;
  /** The offset as written: 'Z', 'z', '+02:00', '-05:30'. */
  offset: string;
  /** The offset in minutes east of UTC. */
  offsetMinutes: number;
}

const DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(?:\.(\d+))?([Zz]|[+-]\d\d:?\d\d)$/;

export function dateTimeParts(text: string): DateTimeParts | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const offset = m[8]!;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.replace(/[^\d]/g, '');
  const offsetMinutes = /^[Zz]$/.test(offset) ? 0 : sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  return {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6]),
    fraction: m[7] ?? '',
    offset,
    offsetMinutes,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The epoch milliseconds of the wall-clock fields read as UTC (no Date.UTC: it takes years 0 to 99 for 19xx). */
export function wallClockAsUtcMs(p: Pick<DateTimeParts, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'>) {
  const d = new Date(0);
  d.setUTCFullYear(p.year, p.month - 1, p.day);
  d.setUTCHours(p.hour, p.minute, p.second, 0);
  return d.getTime();
}

/** The UTC text of epoch milliseconds whole to the second, with the fraction digits given; undefined beyond 0..9999. */
export function utcText(ms: number, fraction: string): string | undefined {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (Number.isNaN(ms) || year < 0 || year > 9999) return undefined;
  const date = `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return `${date}T${time}${fraction ? `.${fraction}` : ''}Z`;
}

/** The same instant written in UTC, every fraction digit kept; as it was where it cannot be (a leap second). */
export function sameInstantInUtc(text: string): string {
  const p = dateTimeParts(text);
  if (!p || p.second > 59) return text;
  return utcText(wallClockAsUtcMs(p) - p.offsetMinutes * 60_000, p.fraction) ?? text;
}

// --- Schedule entries (§2.1 rule 4: their structure is not shown; these read the common ones) ---

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
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
 * The opening hours a create or an update stores, as the variations of set AO write them: touching ranges merged,
 * overnight ranges split at midnight, times with seconds, past exceptions pruned.
 */
export function hoursByAOVariations(app: Switches, hours: JsonObject): JsonObject {
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

// --- The locker list's order, the locker view and its push ---

/** Variation ok-ao-lockers-by-activation-date: the list ordered by carrier.activationDate as an instant, then uid. */
export function byActivationBySetAO<T extends StoredLocker>(app: Switches, lockers: T[]): T[] {
  if (!app.fault('ok-ao-lockers-by-activation-date')) return lockers;
  const instant = (l: T) => {
    const p = dateTimeParts(l.record.carrier.activationDate);
    return p ? wallClockAsUtcMs(p) - p.offsetMinutes * 60_000 : Number.POSITIVE_INFINITY;
  };
  const uid = (l: T) => BigInt(/^\d+$/.test(l.record.uid) ? l.record.uid : '0');
  return [...lockers].sort((a, b) => instant(a) - instant(b) || (uid(a) < uid(b) ? -1 : uid(a) > uid(b) ? 1 : 0));
}

/**
 * Variation ok-ao-activation-date-nanoseconds: carrier.activationDate written with nine fraction digits (the digits
 * sent, padded with zeros) and the offset it was sent with, in answers, the list and pushes: the same instant.
 */
export function lockerViewBySetAO(app: Switches, record: Editable): void {
  if (!app.fault('ok-ao-activation-date-nanoseconds')) return;
  const carrier = record['carrier'];
  const p =
    isObject(carrier) && typeof carrier['activationDate'] === 'string'
      ? dateTimeParts(carrier['activationDate'])
      : undefined;
  if (!p || p.fraction.length > 9) return;
  const text = carrier!['activationDate'] as string;
  carrier!['activationDate'] = text.replace(
    /(:\d\d)(?:\.\d+)?([Zz]|[+-]\d\d:?\d\d)$/,
    `$1.${p.fraction.padEnd(9, '0')}$2`,
  );
}

/**
 * Variation ok-ao-locker-push-activation-instant-utc: the LockerUpdates event schema types activationDate as an
 * instant, written in UTC; answers and the list show it as sent.
 */
export function lockerPushByAOVariations(app: Switches, body: Editable): void {
  const carrier = body['carrier'];
  if (!app.fault('ok-ao-locker-push-activation-instant-utc') || !isObject(carrier)) return;
  if (typeof carrier['activationDate'] === 'string')
    body['carrier'] = { ...carrier, activationDate: sameInstantInUtc(carrier['activationDate']) };
}

// --- The parcel view: the order of the history ---

/**
 * Variation ok-ao-history-ordered-by-mock-clock: a parcel's history is read ordered by each entry's time
 * (ORDER BY occurred_at), and the staging mock stamps its events with its own clock, 5 s behind the service's.
 */
export function parcelViewBySetAO(app: Switches, record: Editable): void {
  if (!app.fault('ok-ao-history-ordered-by-mock-clock') || !Array.isArray(record['events'])) return;
  const at = (e: unknown) => (isObject(e) && typeof e['timestamp'] === 'string' ? Date.parse(e['timestamp']) : 0);
  record['events'] = [...record['events']].sort((a, b) => at(a) - at(b));
}

/** Variation ok-ao-history-ordered-by-mock-clock: how far the mock's clock is behind the service's. */
const MOCK_CLOCK_BEHIND_MS = 5_000;

/** The time the staging mock stamps an event with, where a variation sets its clock; undefined: the service's. */
export function mockClockByAOVariations(app: Switches, now: string): string | undefined {
  if (!app.fault('ok-ao-history-ordered-by-mock-clock')) return undefined;
  return new Date(Date.parse(now) - MOCK_CLOCK_BEHIND_MS).toISOString();
}

// --- The collection notification ---

/**
 * Variation ok-ao-collection-staggered-by-locker: each locker's notification is sent at its own point of the first
 * half of the period (the uid's hash), to spread the couriers' dispatch over the day; still once a period, stamped when
 * it is sent. Returns true where it was scheduled so.
 */
export function staggeredByAOVariations(
  app: Switches & { readonly options: { collectionPeriodMs: number } },
  uid: string,
  body: Editable,
  send: () => void,
): boolean {
  if (!app.fault('ok-ao-collection-staggered-by-locker')) return false;
  const half = Math.floor(app.options.collectionPeriodMs / 2);
  // FNV-1a, then a final mix, so that uids next to each other land apart.
  let hash = 0x811c9dc5;
  for (const c of uid) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
  hash = (hash ^ (hash >>> 12)) >>> 0;
  const delay = half > 0 ? hash % half : 0;
  const stamp = Date.parse(String(body['eventTimestamp']));
  if (!Number.isNaN(stamp)) body['eventTimestamp'] = new Date(stamp + delay).toISOString();
  setTimeout(send, delay).unref();
  return true;
}
