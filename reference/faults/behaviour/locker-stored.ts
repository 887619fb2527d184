// The faults' behaviour of a locker as stored, create and update alike (locker-stored.ts). With its fault off each
// point does what the service does.
import type { ReferenceApp } from '../../app';
import { badRequest } from '../../errors';
import { type Editable, isObject, type Switches } from '../../handlers/fault-point-state';
import type { Json, JsonObject, LockerRecord } from '../../model';
import type { FaultPointApp } from '../../request-types';
import { HOUR_MS } from './shared';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * Conformant variation ok-c-activation-date-utc: the same instant written in UTC, with the fraction of a second as
 * sent (".000" where none was); undefined where the text is not one it can rewrite exactly.
 */
export function utcDateTime(sent: string): string | undefined {
  const m = DATE_TIME.exec(sent);
  if (!m || Number(m[1]) < 1000 || m[6] === '60') return undefined;
  const offsetMinutes = m[8] ? (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10])) : 0;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const whole = Date.UTC(y, mo - 1, d, h, mi, s) - offsetMinutes * 60_000;
  const fraction = m[7] ?? '.000';
  // A field out of its range (a 31st of June) rolls over in Date.UTC: then the text is left as sent.
  if (Number.isNaN(whole) || Date.parse(sent) !== whole + Number(`${fraction.slice(1)}00`.slice(0, 3)))
    return undefined;
  return `${new Date(whole).toISOString().slice(0, 19)}${fraction}Z`;
}

/** Fault se-metadata-text-column: how the column writes a null key or value, and reads it back. */
const NULL_MARK = '\\N';

/**
 * Fault se-metadata-text-column: metadata kept in one text column as key=value entries joined by ";", read back by
 * splitting on ";" and "=": a key or value holding either is read back cut into pieces.
 */
export function throughTextColumn(app: Switches, metadata: Json[]): Json[] {
  if (!app.fault('se-metadata-text-column')) return metadata;
  const entries = metadata as { key?: Json; value?: Json }[];
  const delimited = (v: Json | undefined) => typeof v === 'string' && /[;=]/.test(v);
  if (!entries.some((e) => delimited(e?.key) || delimited(e?.value))) return metadata;
  const written = (v: Json | undefined) => (typeof v === 'string' ? v : NULL_MARK);
  const read = (v: string | undefined) => (v === undefined || v === NULL_MARK ? null : v);
  const column = entries.map((e) => `${written(e?.key)}=${written(e?.value)}`).join(';');
  return column.split(';').map((entry) => {
    const [key, value] = entry.split('=');
    return { key: read(key), value: read(value) };
  });
}

/** Fault se-activation-leap-day-refused: the days of each month, as a hand-written date check has them. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Fault se-activation-leap-day-refused: the date part of activationDate checked against a table without leap years. */
export function checkActivationCalendar(app: Switches, sent: string): void {
  if (!app.fault('se-activation-leap-day-refused')) return;
  const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(sent);
  if (date && Number(date[3]) > (DAYS_IN_MONTH[Number(date[2]) - 1] ?? 31))
    throw badRequest('VALIDATION_FAILED', '/carrier/activationDate is not a valid date-time');
}

/**
 * Fault sg-activation-offset-sign-inverted: carrier.activationDate normalised to UTC by adding its offset instead of
 * subtracting it; a value in UTC (Z or +00:00) is kept as sent.
 */
export function activationDateNormalised(app: FaultPointApp, sent: string): string {
  const offset = /([+-])(\d{2}):?(\d{2})$/.exec(sent);
  if (!app.fault('sg-activation-offset-sign-inverted') || !offset || Number.isNaN(Date.parse(sent))) return sent;
  const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  if (minutes === 0) return sent;
  return new Date(Date.parse(sent) + 2 * minutes * 60_000).toISOString();
}

/** Fault sg-metadata-empty-string-null: the metadata columns read an empty string back as NULL (Oracle VARCHAR2). */
export function metadataAsReadBack(app: FaultPointApp, metadata: Json[]): Json[] {
  if (!app.fault('sg-metadata-empty-string-null')) return metadata;
  return metadata.map((entry) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
    const copy: JsonObject = { ...entry };
    for (const member of ['key', 'value']) if (copy[member] === '') copy[member] = null;
    return copy;
  });
}

/** Fault sh-metadata-empty-string-null: an empty key or value stored as NULL. */
export function emptyTextAsNull(app: FaultPointApp, metadata: Json[]): Json[] {
  if (!app.fault('sh-metadata-empty-string-null')) return metadata;
  return metadata.map((entry) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
    return Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, v === '' ? null : v]));
  });
}

/**
 * Fault sn-barcode-reader-unmapped: the entity names the member hasPinBarCodeReader, the request DTO
 * hasPinBarcodeReader, and the mapper ignores unmapped targets: the stored locker never gets it.
 */
export function readerUnmapped(app: FaultPointApp, features: JsonObject): void {
  if (app.fault('sn-barcode-reader-unmapped')) features['hasPinBarcodeReader'] = null;
}

/** Fault sn-metadata-five-slots: the legacy locker table's metadata columns, meta_key_1/meta_value_1 to _5. */
const METADATA_SLOTS = 5;

/** Fault sn-metadata-five-slots: metadata written to the five slot column pairs; entries past the fifth are dropped. */
export function inMetadataSlots(app: FaultPointApp, metadata: Json[]): Json[] {
  return app.fault('sn-metadata-five-slots') ? metadata.slice(0, METADATA_SLOTS) : metadata;
}

/** Variation ok-n-metadata-sorted-by-key: entries kept in key order, null keys first (a stable sort). */
export function metadataSortedByKey(app: FaultPointApp, metadata: Json[]): void {
  if (!app.fault('ok-n-metadata-sorted-by-key')) return;
  const keyOf = (e: Json) => (e !== null && typeof e === 'object' && !Array.isArray(e) ? e['key'] : null);
  metadata.sort((a, b) => {
    const [ka, kb] = [keyOf(a), keyOf(b)];
    if (ka === kb) return 0;
    if (ka === null || ka === undefined) return -1;
    if (kb === null || kb === undefined) return 1;
    return String(ka) < String(kb) ? -1 : String(ka) > String(kb) ? 1 : 0;
  });
}

/** The three feature columns, in the order of the INSERT's column list. */
const FEATURE_COLUMNS = ['hasScreen', 'hasPinPad', 'hasPinBarcodeReader'] as const;

/**
 * Fault st-features-bound-by-position: the features are written with INSERT ... (has_screen, has_pin_pad,
 * has_pin_barcode_reader) VALUES (?, ?, ?) bound to Object.values(features), the members in the order the body wrote
 * them: a features object in another member order, or one leaving a member out, fills the wrong columns.
 */
export function boundByPosition(app: ReferenceApp, features: LockerRecord['features']): LockerRecord['features'] {
  if (!app.fault('st-features-bound-by-position')) return features;
  const values = Object.values(features);
  return Object.fromEntries(FEATURE_COLUMNS.map((column, i) => [column, values[i] ?? null]));
}

/** The UTC time of the last Sunday of a month (0-based), at midnight. */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay());
}

/** Europe/Berlin's offset at an instant: +02:00 from the last Sunday of March to that of October (01:00 UTC). */
function berlinOffsetMs(at: number): number {
  const year = new Date(at).getUTCFullYear();
  const summer = at >= lastSunday(year, 2) + HOUR_MS && at < lastSunday(year, 9) + HOUR_MS;
  return (summer ? 2 : 1) * HOUR_MS;
}

/**
 * Fault sv-activation-date-wall-clock-as-utc: activation_date is a timestamp without time zone written by a session in
 * Europe/Berlin (the instant's wall-clock time there) and read back by a driver that takes it as UTC: the date-time
 * kept is an hour (winter) or two (summer) after the one sent.
 */
export function wallClockAsUtc(app: FaultPointApp, sent: string): string {
  const at = Date.parse(sent);
  if (!app.fault('sv-activation-date-wall-clock-as-utc') || Number.isNaN(at)) return sent;
  return new Date(at + berlinOffsetMs(at)).toISOString();
}

// --- Metadata stored (locker-stored.ts) ---

const aiCi = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * Metadata as stored, create and update alike. Fault sax-metadata-keys-accent-case-collated: a unique (locker, key)
 * under a collation that ignores accents and case, written with ON DUPLICATE KEY UPDATE: the first key, the last value.
 */
export function metadataKeysCollated(app: Switches, entries: Json[]): Json[] {
  if (!app.fault('sax-metadata-keys-accent-case-collated')) return entries;
  const kept: Json[] = [];
  const rows: { key: string; entry: Editable }[] = [];
  for (const entry of entries) {
    const key: unknown = isObject(entry) ? (entry as Editable)['key'] : undefined;
    if (typeof key !== 'string') {
      kept.push(entry);
      continue;
    }
    const row = rows.find((r) => aiCi.compare(r.key, key) === 0);
    if (row) {
      row.entry['value'] = (entry as Editable)['value'] ?? null;
      continue;
    }
    const copy: Editable = { ...(entry as Editable) };
    rows.push({ key, entry: copy });
    kept.push(copy as Json);
  }
  return kept;
}
