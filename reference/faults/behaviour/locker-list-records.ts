// The faults' behaviour of each locker record GET /lockers shows and of their order (list-points.ts mapped, view,
// ordered; lockers.ts's read model). With its fault off each point does what the service does.
import { createCipheriv, createHash } from 'node:crypto';
import { ApiError } from '../../errors';
import { type Editable, isObject, perApp, type Switches } from '../../handlers/fault-point-state';
import type { Json, LockerRecord, StoredLocker } from '../../model';
import type { FaultPointApp, RequestContext } from '../../request-types';
import { listedRowsOf, savesOf, scheduleWrittenAt, stampsOf } from './lockers';
import {
  type App,
  BERLIN,
  carrierBesidesStatus,
  dateTimeParts,
  freeCompartments,
  LANGUAGE_OF,
  networkHolding,
  nextRequestNumber,
  pad,
  readModelOf,
  type ReadModelState,
  searchIndexOf,
  secondInstance,
  readModelFaultsOn,
  rolloutBucketOf,
  utcText,
  wallClockAsUtcMs,
} from './shared';

/**
 * Fault se-list-mapper-trims-metadata: GET /lockers maps each record with a mapper of its own that trims every
 * metadata key and value; a null one (§2.1 allows it) throws, and the whole answer is a 500.
 */
export function listMapped(app: Switches, locker: StoredLocker): StoredLocker {
  if (!app.fault('se-list-mapper-trims-metadata')) return locker;
  for (const entry of locker.record.metadata as ({ key?: Json; value?: Json } | null)[]) {
    if (entry?.key === null || entry?.value === null)
      throw new ApiError(500, 'INTERNAL_ERROR', "Cannot read properties of null (reading 'trim')");
  }
  return locker;
}

/**
 * Fault sj-compartment-count-as-text: GET /lockers counts the free compartments of a locker holding bookings in
 * SQL, and the driver returns that bigint as a string.
 */
export function countsAsListed<T>(app: FaultPointApp, locker: StoredLocker, view: T): T {
  const types = (view as Editable)['compartmentTypes'];
  if (!app.fault('sj-compartment-count-as-text') || !Array.isArray(types)) return view;
  const uid = locker.record.uid;
  if (!app.state.parcels.some((p) => p.record.lockerUid === uid && p.record.shipmentStatus === 'BOOKED')) return view;
  const counted = freeCompartments(app, locker, types).map((t) => ({ ...t, count: String(t['count']) }));
  return { ...view, compartmentTypes: counted };
}

/**
 * Fault sp-list-one-marker-per-point: the list merges the carrier's own lockers and the provider feed's into a map
 * keyed by position ("lon,lat"), the two sources having no id in common: lockers at one point collapse into the last.
 */
export function onePerPoint(app: FaultPointApp, lockers: StoredLocker[]): StoredLocker[] {
  if (!app.fault('sp-list-one-marker-per-point')) return lockers;
  const byPoint = new Map<string, StoredLocker>();
  for (const l of lockers) byPoint.set(`${String(l.record.location['lon'])},${String(l.record.location['lat'])}`, l);
  return [...byPoint.values()];
}

/** Variation ok-al-lockers-last-changed-first: the lockers changed last first, then those never changed. */
export function lastChangedFirst<T extends StoredLocker>(app: Switches, lockers: T[]): T[] {
  if (!app.fault('ok-al-lockers-last-changed-first')) return lockers;
  const { stamps } = stampsOf(app);
  return lockers
    .map((l, i) => ({ l, i, at: stamps.get(l.record.uid) ?? 0 }))
    .sort((a, b) => b.at - a.at || a.i - b.i)
    .map((e) => e.l);
}

/** A locker the carrier created (in the service's own tables), not a third-party one of the provider feed. */
const carrierOwned = (locker: StoredLocker) => locker.record.ownedByCarrier !== null;

// --- The list of lockers ---

/** MySQL rounds a fraction of a second it cannot keep: DATETIME(0) holds 10:30:00.5 as 10:30:01. */
function roundedToSecond(activationDate: string): string {
  const ms = Date.parse(activationDate);
  return Number.isNaN(ms) ? activationDate : new Date(Math.round(ms / 1000) * 1000).toISOString();
}

/** The faults and variation that change a record as the list's MySQL columns give it back. */
const LISTED = [
  'sam-list-features-tinyint',
  'sam-list-activation-datetime0-rounded',
  'sam-list-metadata-all-null-entry-filtered',
  'ok-am-list-activation-date-utc-micros',
] as const;

/**
 * A locker as GET /lockers lists it (`record`, its answer form). The carrier's own lockers are read from the service's
 * MySQL tables by the list's own query; third-party lockers come from the provider feed.
 * - Fault sam-list-features-tinyint: the features columns are TINYINT(1), which the driver hands back as the numbers 1
 *   and 0 (null stays null).
 * - Fault sam-list-activation-datetime0-rounded: carrier.activationDate is read back from a DATETIME(0) column, the
 *   instant rounded to the nearest whole second.
 * - Fault sam-list-metadata-all-null-entry-filtered: the metadata aggregate drops the rows whose key and value are
 *   both null (a filter meant for the LEFT JOIN's empty row), so an entry {key: null, value: null} or {} is not listed.
 * - The variation listedActivationUtcMicros writes.
 */
export function listedFromMysqlColumns<T>(app: Switches, locker: StoredLocker, record: T): T {
  if (!isObject(record) || !LISTED.some((name) => app.fault(name))) return record;
  const own = carrierOwned(locker);
  const copy: Editable = structuredClone(record);
  if (own && app.fault('sam-list-features-tinyint') && isObject(copy['features']))
    for (const [member, value] of Object.entries(copy['features']))
      if (typeof value === 'boolean') copy['features'][member] = value ? 1 : 0;
  if (own && app.fault('sam-list-activation-datetime0-rounded') && isObject(copy['carrier']))
    if (typeof copy['carrier']['activationDate'] === 'string')
      copy['carrier']['activationDate'] = roundedToSecond(copy['carrier']['activationDate']);
  if (own && app.fault('sam-list-metadata-all-null-entry-filtered') && Array.isArray(copy['metadata']))
    copy['metadata'] = copy['metadata'].filter(
      (entry: unknown) => !isObject(entry) || (entry['key'] ?? null) !== null || (entry['value'] ?? null) !== null,
    );
  return listedActivationUtcMicros(app, locker, copy) as T;
}

/** An RFC 3339 date-time's parts: the instant to the millisecond, and every fraction digit as sent. */
const DATE_TIME_DIGITS = /^(\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d)(?:\.(\d+))?([Zz]|[+-]\d\d:\d\d)$/;

/**
 * Variation ok-am-list-activation-date-utc-micros: a date-time in UTC with (at least) six fraction digits, the
 * digits sent kept: 2025-06-01T12:30:00.5+02:00 as 2025-06-01T10:30:00.500000Z.
 */
function utcMicros(dateTime: string): string {
  const parts = DATE_TIME_DIGITS.exec(dateTime);
  if (!parts) return dateTime;
  const [, wall, fraction = '', zone] = parts;
  const ms = Date.parse(`${wall!.toUpperCase()}${zone!.toUpperCase()}`);
  if (Number.isNaN(ms)) return dateTime;
  return `${new Date(ms).toISOString().slice(0, 19)}.${fraction.padEnd(6, '0')}Z`;
}

/**
 * A locker as GET /lockers lists it. Variation ok-am-list-activation-date-utc-micros: the list reads
 * carrier.activationDate back from a timestamptz(6) column and writes it in UTC with microseconds; the answers to a
 * create or update show it as it was sent.
 */
export function listedActivationUtcMicros(app: Switches, _locker: StoredLocker, record: Editable): Editable {
  if (app.fault('ok-am-list-activation-date-utc-micros') && isObject(record['carrier']))
    if (typeof record['carrier']['activationDate'] === 'string')
      record['carrier']['activationDate'] = utcMicros(record['carrier']['activationDate']);
  return record;
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
export function listedActivationWeekYear<T>(app: Switches, view: T): T {
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

// --- The locker list's order, the locker view and its push ---

/** Variation ok-ao-lockers-by-activation-date: the list ordered by carrier.activationDate as an instant, then uid. */
export function lockersByActivationDate<T extends StoredLocker>(app: Switches, lockers: T[]): T[] {
  if (!app.fault('ok-ao-lockers-by-activation-date')) return lockers;
  const instant = (l: T) => {
    const p = dateTimeParts(l.record.carrier.activationDate);
    return p ? wallClockAsUtcMs(p) - p.offsetMinutes * 60_000 : Number.POSITIVE_INFINITY;
  };
  const uid = (l: T) => BigInt(/^\d+$/.test(l.record.uid) ? l.record.uid : '0');
  return [...lockers].sort((a, b) => instant(a) - instant(b) || (uid(a) < uid(b) ? -1 : uid(a) > uid(b) ? 1 : 0));
}

// --- GET /lockers (lockers.ts), an update's answer (locker-update.ts), a network add's answer (networks.ts) ---

/** A listed locker. Fault sap-list-schedule-v10-member: the 1.0 projection names the weekly schedule schedule. */
export function listedScheduleV10Member<T>(app: Switches, record: T): T {
  if (!app.fault('sap-list-schedule-v10-member') || !isObject(record)) return record;
  const hours = record['openingHours'];
  if (!isObject(hours) || hours['accessMode'] !== 'SCHEDULED' || !('weeklySchedule' in hours)) return record;
  const { weeklySchedule, ...rest } = hours;
  return { ...record, openingHours: { ...rest, schedule: weeklySchedule } };
}

/** Fault saq-provider-sync-reverts-rename: how often the provider master-data sync runs. */
const SYNC_PERIOD_MS = 250;

/** Variation ok-aq-list-status-view-lags: how long the status view takes to refresh. */
const STATUS_VIEW_LAG_MS = 500;

/** A date-time as an instant in ms (NaN where it does not parse). */
const instant = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

// --- The record GET /lockers shows of a locker (lockers.ts listLockersFresh) ---

/** Variation ok-aq-list-metadata-integer-keys-first: a key JavaScript orders as an array index. */
const isIndexKey = (entry: Json): boolean => {
  const key: unknown = isObject(entry) ? (entry as Editable)['key'] : undefined;
  return typeof key === 'string' && /^(0|[1-9]\d{0,9})$/.test(key) && Number(key) < 2 ** 32 - 1;
};

/** Variation ok-aq-list-metadata-integer-keys-first: the entries in the property order of an object keyed by key. */
function inPropertyOrder(metadata: Json[]): Json[] {
  const indexed = metadata.filter(isIndexKey);
  if (indexed.length === 0) return metadata;
  const keyOf = (e: Json) => Number((e as Editable)['key']);
  return [...indexed.sort((a, b) => keyOf(a) - keyOf(b)), ...metadata.filter((e) => !isIndexKey(e))];
}

/**
 * Fault saq-list-projection-version-by-activation-date: the list read model's document of a locker, to which a write
 * (an event) is applied unless its carrier.activationDate is earlier than the document's.
 */
function projected(state: ReadModelState, locker: StoredLocker): LockerRecord {
  const seen = JSON.stringify(locker.record);
  const held = state.projection.get(locker);
  if (!held) {
    state.projection.set(locker, { shown: structuredClone(locker.record), seen });
    return locker.record;
  }
  if (held.seen === seen) return held.shown;
  held.seen = seen;
  const older = instant(locker.record.carrier.activationDate) < instant(held.shown.carrier.activationDate);
  if (!older) held.shown = structuredClone(locker.record);
  return held.shown;
}

/**
 * The record GET /lockers shows of `locker`, or undefined where it lists none (as written: the stored record).
 * - Fault saq-provider-sync-reverts-rename: the sync, run since a rename, has put back the name as created.
 * - Fault saq-list-consumer-offset-reset-latest: a locker the consumer never saw is not listed until written again.
 * - Fault saq-list-projection-version-by-activation-date: the read model's document.
 * - Fault saq-list-status-sets-whole-carrier: after a status event, the carrier of the status DTO.
 * - Variation ok-aq-list-status-view-lags: the status before a change, for 500 ms.
 * - Variation ok-aq-list-metadata-integer-keys-first: the metadata in an object's property order.
 */
export function listedFromReadModel(app: App, locker: StoredLocker): LockerRecord | undefined {
  if (!readModelFaultsOn(app)) return locker.record;
  const state = readModelOf(app);
  const now = Date.now();
  const created = state.created.get(locker);
  const updatedAt = state.updatedAt.get(locker);
  if (
    app.fault('saq-provider-sync-reverts-rename') &&
    created &&
    updatedAt !== undefined &&
    now - updatedAt >= SYNC_PERIOD_MS &&
    locker.record.carrier.lockerName !== created.name
  ) {
    locker.record.carrier.lockerName = created.name;
    app.lag.written(locker, locker.record);
  }
  const hidden = state.hidden.get(locker);
  if (hidden !== undefined && app.fault('saq-list-consumer-offset-reset-latest')) {
    if (hidden === JSON.stringify(locker.record)) return undefined;
    state.hidden.delete(locker);
  }
  let record = app.fault('saq-list-projection-version-by-activation-date') ? projected(state, locker) : locker.record;
  const carrierSet = state.carrierSet.get(locker);
  if (carrierSet !== undefined && app.fault('saq-list-status-sets-whole-carrier')) {
    if (carrierSet === carrierBesidesStatus(record)) {
      const carrier = { lockerName: null, lockerId: null, activationDate: null, status: record.carrier.status };
      record = { ...record, carrier: carrier as unknown as LockerRecord['carrier'] };
    } else state.carrierSet.delete(locker);
  }
  const changed = state.statusChanged.get(locker);
  if (app.fault('ok-aq-list-status-view-lags') && changed && now - changed.at < STATUS_VIEW_LAG_MS)
    record = { ...record, carrier: { ...record.carrier, status: changed.before } };
  if (app.fault('ok-aq-list-metadata-integer-keys-first') && Array.isArray(record.metadata)) {
    const metadata = inPropertyOrder(record.metadata);
    if (metadata !== record.metadata) record = { ...record, metadata };
  }
  return record;
}

/** Fault sas-list-schedule-rows-lag-mode: how long after the write the schedule consumer inserts the rows. */
const SCHEDULE_ROWS_LAG_MS = 300;
/** Fault sas-list-bulk-query-aliases-lowercased: the most lockers of its own a carrier's list reads through the ORM. */
const ORM_LIST_LIMIT = 20;

/** Fault sas-list-bulk-query-aliases-lowercased: the camel-case columns the bulk query selects, by object. */
const FOLDED_ALIASES: Record<string, readonly string[]> = {
  location: ['streetNumber', 'postalCode', 'countryCode'],
  features: ['hasScreen', 'hasPinPad', 'hasPinBarcodeReader'],
};

// --- GET /lockers: each listed record (list-points.ts) and the answer (lockers.ts) ---

/** Fault sas-list-longitude-normalised: a longitude outside [-180, 180) brought into it by steps of 360. */
function normalisedLongitude(lon: number): number {
  return lon >= -180 && lon < 180 ? lon : ((((lon + 180) % 360) + 360) % 360) - 180;
}

/** Fault sas-second-carrier-address-ciphertext-listed: the converter's column value, AES-GCM written as base64. */
function encrypted(uid: string, member: string, text: string): string {
  const key = createHash('sha256').update('cis-address-column-key').digest();
  const iv = createHash('sha256').update(`${uid}/${member}/${text}`).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64');
}

/**
 * A locker as GET /lockers lists it to the caller of `ctx`, `record` the listed copy (edited in place).
 * - Fault sas-filtered-list-partial-reindex: a filtered list shows the attributes of the last whole document.
 * - Fault sas-list-longitude-normalised: the map service's geography column.
 * - Fault sas-second-carrier-address-ciphertext-listed: the native query reads the encrypted columns as they are.
 * - Fault sas-list-schedule-rows-lag-mode: SCHEDULED hours before their rows are inserted.
 * - Fault sas-list-status-greatest-of-history: MAX(status) over the locker's status rows.
 * - Fault sas-list-keyless-metadata-mapped-to-null: a map that returns nothing for a keyless entry.
 * - Fault sas-list-bulk-query-aliases-lowercased: unquoted aliases of the bulk query, folded to lower case.
 */
export function listedFromSearchIndex<T>(app: App, ctx: RequestContext, locker: StoredLocker, record: T): T {
  if (!isObject(record)) return record;
  const view: Editable = record;
  const uid = locker.record.uid;
  const indexed = searchIndexOf(app).indexed.get(uid);
  if (app.fault('sas-filtered-list-partial-reindex') && indexed && ctx.query.get('providerName') !== null)
    Object.assign(view, structuredClone(indexed));
  const location = view['location'];
  if (app.fault('sas-list-longitude-normalised') && isObject(location) && typeof location['lon'] === 'number')
    location['lon'] = normalisedLongitude(location['lon']);
  const second = app.options.carriers[1]?.name;
  if (app.fault('sas-second-carrier-address-ciphertext-listed') && second && locker.record.ownedByCarrier === second)
    for (const member of ['street', 'streetNumber'])
      if (isObject(location) && typeof location[member] === 'string')
        location[member] = encrypted(uid, member, location[member]);
  const hours = view['openingHours'];
  const writtenAt = scheduleWrittenAt.get(locker.record.openingHours);
  if (writtenAt !== undefined && Date.now() - writtenAt < SCHEDULE_ROWS_LAG_MS && isObject(hours))
    if (hours['accessMode'] === 'SCHEDULED') delete hours['weeklySchedule'];
  const statusRows = searchIndexOf(app).statusRows.get(uid);
  if (statusRows && isObject(view['carrier']) && typeof view['carrier']['status'] === 'string')
    view['carrier']['status'] = [...statusRows, view['carrier']['status']].sort().at(-1);
  if (app.fault('sas-list-keyless-metadata-mapped-to-null') && Array.isArray(view['metadata']))
    view['metadata'] = view['metadata'].map((e: unknown) =>
      isObject(e) && (e['key'] === null || e['key'] === undefined) ? null : e,
    );
  if (app.fault('sas-list-bulk-query-aliases-lowercased') && bulkListed(app, ctx.carrier.name))
    for (const [object, aliases] of Object.entries(FOLDED_ALIASES)) {
      const held = view[object];
      if (!isObject(held)) continue;
      view[object] = Object.fromEntries(
        Object.entries(held).map(([member, value]) => [
          aliases.includes(member) ? member.toLowerCase() : member,
          value,
        ]),
      );
    }
  return record;
}

/** Fault sas-list-bulk-query-aliases-lowercased: whether the carrier holds more lockers of its own than the ORM path
 * lists. */
function bulkListed(app: App, carrier: string): boolean {
  let own = 0;
  for (const locker of app.state.lockers.values())
    if (locker.record.ownedByCarrier === carrier && ++own > ORM_LIST_LIMIT) return true;
  return false;
}

// --- The lockers listed (list-points.ts) ---

const byLockerName = (a: StoredLocker, b: StoredLocker) => {
  const [x, y] = [String(a.record.carrier.lockerName), String(b.record.carrier.lockerName)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The lockers listed, in the order listed (`listed`: the service's).
 * - Fault sav-list-merge-drops-own-tail: the list merges two streams sorted by carrier.lockerName, the carrier's fleet
 *   and the provider feed (every other locker it sees); the loop stops when either runs out and then appends the rest
 *   of the feed only, so the fleet's lockers named after the feed's last one are not listed.
 * - Variation ok-av-lockers-merged-by-name: the same merge, with both rests appended.
 */
export function mergedFleetAndFeed(app: Switches, carrier: string, listed: StoredLocker[]): StoredLocker[] {
  const dropsTail = app.fault('sav-list-merge-drops-own-tail');
  if (!dropsTail && !app.fault('ok-av-lockers-merged-by-name')) return listed;
  const fleet = listed.filter((l) => l.record.ownedByCarrier === carrier).sort(byLockerName);
  const feed = listed.filter((l) => l.record.ownedByCarrier !== carrier).sort(byLockerName);
  const merged: StoredLocker[] = [];
  let [i, j] = [0, 0];
  while (i < fleet.length && j < feed.length)
    merged.push(byLockerName(fleet[i]!, feed[j]!) <= 0 ? fleet[i++]! : feed[j++]!);
  return [...merged, ...(dropsTail ? [] : fleet.slice(i)), ...feed.slice(j)];
}

// --- GET /lockers: a listed locker, the order, the answer (list-points.ts) ---

/** Fault sax-list-coordinate-sign-below-one: `${Math.trunc(v)}.${fraction digits}`, so -0.5 is written 0.5. */
function writtenFromParts(value: number): number {
  const text = String(Math.abs(value));
  if (!text.includes('.') || text.includes('e')) return value;
  return Number(`${Math.trunc(value)}.${text.split('.')[1]}`);
}

/** Fault sax-list-postal-code-leading-zeros: a text of digits read back from the long it was ingested as. */
const inferredText = (value: unknown) =>
  typeof value === 'string' && /^0\d*$/.test(value) ? String(Number(value)) : value;

/** A listed locker record (faults sax-list-coordinate-sign-below-one, sax-list-postal-code-leading-zeros). */
export function listedCoordinateAndPostalCode<T>(app: Switches, record: T): T {
  const signLost = app.fault('sax-list-coordinate-sign-below-one');
  const zerosLost = app.fault('sax-list-postal-code-leading-zeros');
  if ((!signLost && !zerosLost) || !isObject(record) || !isObject(record['location'])) return record;
  const location: Editable = { ...record['location'] };
  if (signLost)
    for (const member of ['lon', 'lat'])
      if (typeof location[member] === 'number') location[member] = writtenFromParts(location[member]);
  if (zerosLost) for (const member of ['postalCode', 'streetNumber']) location[member] = inferredText(location[member]);
  return { ...record, location } as T;
}

const naturalOrder = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

/** The lockers in the order listed. Variation ok-ax-lockers-natural-collation-order: by lockerName, German, numeric. */
export function lockersNaturalOrder(app: Switches, lockers: StoredLocker[]): StoredLocker[] {
  if (!app.fault('ok-ax-lockers-natural-collation-order')) return lockers;
  return [...lockers].sort(
    (a, b) =>
      naturalOrder.compare(a.record.carrier.lockerName, b.record.carrier.lockerName) ||
      naturalOrder.compare(a.record.uid, b.record.uid),
  );
}

/** A metadata entry's key, null where it has none (null or absent): such rows sort last in the index. */
const keyOf = (entry: Json): string | null => {
  const key: unknown = isObject(entry) ? (entry as Editable)['key'] : null;
  return typeof key === 'string' ? key : null;
};

/**
 * A listed locker record.
 * - Fault saz-list-metadata-bag-per-group: the join with the group assignments repeats each metadata entry once per
 *   group, where the locker holds two or more.
 * - Variation ok-az-list-metadata-index-order: the entries in the order of the (locker_uid, meta_key) index.
 */
export function listedMetadataRows<T>(app: Switches, locker: StoredLocker, record: T): T {
  if (!isObject(record) || !Array.isArray(record['metadata'])) return record;
  let entries = record['metadata'] as Json[];
  if (app.fault('ok-az-list-metadata-index-order'))
    entries = [...entries].sort((a, b) => {
      const [x, y] = [keyOf(a), keyOf(b)];
      if (x === y) return 0;
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    });
  const groups = locker.lockerGroups.length;
  if (app.fault('saz-list-metadata-bag-per-group') && groups >= 2)
    entries = entries.flatMap((entry) => Array.from({ length: groups }, () => structuredClone(entry)));
  if (entries === record['metadata']) return record;
  return { ...record, metadata: entries } as T;
}

// --- GET /lockers (list-points.ts) ---

/** A date-time as §2.1 allows it, its seconds and fraction apart. */
const DATE_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The same instant written in Berlin's local time with its offset; the text as it is where that is not exact. */
function inBerlinTime(text: string): string {
  const match = DATE_TIME.exec(text);
  const instant = Date.parse(text);
  if (!match || Number.isNaN(instant) || Number(match[1]) < 1900) return text;
  const seconds = Math.floor(instant / 1000) * 1000;
  const parts = Object.fromEntries(BERLIN.formatToParts(new Date(seconds)).map((p) => [p.type, p.value]));
  const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((t) =>
    Number(parts[t]),
  ) as [number, number, number, number, number, number];
  const offsetMinutes = (Date.UTC(year, month - 1, day, hour, minute, second) - seconds) / 60_000;
  if (!Number.isInteger(offsetMinutes) || year > 9999) return text;
  const two = (n: number) => String(n).padStart(2, '0');
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${two(Math.floor(Math.abs(offsetMinutes) / 60))}:${two(Math.abs(offsetMinutes) % 60)}`;
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}${match[2] ?? ''}${offset}`;
}

/**
 * Each listed locker, of one GET /lockers request. Variation ok-bb-activation-offset-per-node: the list is taken in
 * turn by two nodes, and the second runs with TZ=Europe/Berlin, writing carrier.activationDate as the same instant in
 * its local time with its offset.
 */
export function listedActivationPerNode<T, R>(app: Switches, view: (locker: T) => R): (locker: T) => R {
  if (!app.fault('ok-bb-activation-offset-per-node') || !secondInstance(app, 'locker-list-node')) return view;
  return (locker) => {
    const shown = view(locker);
    if (!isObject(shown) || !isObject(shown['carrier']) || typeof shown['carrier']['activationDate'] !== 'string')
      return shown;
    const activationDate = inBerlinTime(shown['carrier']['activationDate']);
    return { ...shown, carrier: { ...shown['carrier'], activationDate } } as R;
  };
}

// --- GET /lockers: the order, each listed record (list-points.ts ordered, view) ---

/** A locker a stable sort puts first: the provider index's order (variation ok-bd-lockers-grouped-by-provider). */
export function lockersGroupedByProvider<T extends StoredLocker>(app: Switches, lockers: T[]): T[] {
  if (!app.fault('ok-bd-lockers-grouped-by-provider')) return lockers;
  return [...lockers].sort((a, b) =>
    a.record.provider.name < b.record.provider.name ? -1 : a.record.provider.name > b.record.provider.name ? 1 : 0,
  );
}

/** Fault sbd-list-render-memo-status-write-bypass: each locker's rendered record, with the saves it was rendered at. */
const renderMemos = new WeakMap<object, WeakMap<StoredLocker, { saves: number; view: unknown }>>();

/**
 * A listed locker's record. Fault sbd-list-render-memo-status-write-bypass: GET /lockers renders each locker from a
 * memo of its serialized record, evicted by the repository's save hook (a create, an update); PATCH /lockers/status
 * writes carrier.status with a direct UPDATE (to keep clear of the entity's optimistic lock), which the hook never
 * sees: a locker listed before its status change keeps being listed with the status it had.
 */
export function listedRecordFromRenderMemo(app: Switches, locker: StoredLocker, render: () => unknown): unknown {
  // Fault sbd-attribute-update-based-on-list-cache: the entity cache takes each locker as the list reads it.
  if (app.fault('sbd-attribute-update-based-on-list-cache'))
    listedRowsOf(app).set(locker, structuredClone(locker.record));
  if (!app.fault('sbd-list-render-memo-status-write-bypass')) return render();
  const saves = savesOf(app);
  const rendered = perApp(renderMemos, app, () => new WeakMap<StoredLocker, { saves: number; view: unknown }>());
  const version = saves.get(locker) ?? 0;
  const memo = rendered.get(locker);
  if (memo && memo.saves === version) return structuredClone(memo.view);
  const view = render();
  rendered.set(locker, { saves: version, view: structuredClone(view) });
  return view;
}

// --- GET /lockers: the order and each listed record as written (lockers.ts listLockersFresh) ---

/**
 * Variation ok-bf-locker-list-order-per-request: the lockers of a bare-array list newest first on half of the
 * requests. The order given where the variation is off.
 */
export function listOrderPerRequest<T>(
  app: Switches & { readonly choices: { listEnvelope: string } },
  lockers: T[],
): T[] {
  if (!app.fault('ok-bf-locker-list-order-per-request') || app.choices.listEnvelope !== 'array') return lockers;
  return rolloutBucketOf(`req-${nextRequestNumber(app, 'locker-lists')}`) < 50 ? [...lockers].reverse() : lockers;
}

/** Fault sbf-provider-filter-picks-map-projection: the members of the map's summary projection. */
const MAP_PROJECTION = ['uid', 'carrier', 'provider', 'location', 'ownedByCarrier'];

/** Fault sbf-list-location-type-localised: the portal's words for location.type, by the locker's country. */
const TYPE_WORDS: Record<string, Record<string, string>> = {
  de: { indoor: 'innen', outdoor: 'außen' },
  fr: { indoor: 'intérieur', outdoor: 'extérieur' },
  nl: { indoor: 'binnen', outdoor: 'buiten' },
};

/** Fault sbf-list-long-numbers-quoted: the significant digits of a number's shortest decimal form. */
function significantDigits(n: number): number {
  if (!Number.isFinite(n) || n === 0) return 1;
  return n.toExponential().split('e')[0]!.replace(/[-.]/g, '').length;
}

/** Fault sbf-list-long-numbers-quoted: a value with each number of more than 15 significant digits as a string. */
function longNumbersQuoted(value: unknown): unknown {
  if (typeof value === 'number') return significantDigits(value) > 15 ? String(value) : value;
  if (Array.isArray(value)) return value.map(longNumbersQuoted);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, longNumbersQuoted(v)]));
  return value;
}

/**
 * One locker as GET /lockers writes it, after the list's own view: fault sbf-provider-filter-picks-map-projection
 * (the map's projection where providerName filters), fault sbf-list-location-type-localised (location.type in the
 * locker's language), variation ok-bf-list-leaves-out-request-only-groups (no lockerGroups), fault
 * sbf-list-long-numbers-quoted (long numbers as strings). The view as given where they are off.
 */
export function listedLockerReshaped(app: Switches, ctx: { query: URLSearchParams }, shown: unknown): unknown {
  const projected = app.fault('sbf-provider-filter-picks-map-projection') && ctx.query.get('providerName') !== null;
  const localised = app.fault('sbf-list-location-type-localised');
  const withoutGroups = app.fault('ok-bf-list-leaves-out-request-only-groups');
  const quoted = app.fault('sbf-list-long-numbers-quoted');
  if (!isObject(shown) || !(projected || localised || withoutGroups || quoted)) return shown;
  let record: Editable = projected
    ? Object.fromEntries(MAP_PROJECTION.filter((m) => m in shown).map((m) => [m, shown[m]]))
    : { ...shown };
  const location = record['location'];
  const words = isObject(location)
    ? TYPE_WORDS[LANGUAGE_OF[String(location['countryCode']).toUpperCase()] ?? '']
    : undefined;
  const type = isObject(location) && typeof location['type'] === 'string' ? location['type'] : undefined;
  if (localised && words && type !== undefined && words[type.toLowerCase()] !== undefined)
    record['location'] = { ...(location as Editable), type: words[type.toLowerCase()] };
  if (withoutGroups) delete record['lockerGroups'];
  if (quoted) record = longNumbersQuoted(record) as Editable;
  return record;
}

// --- GET /lockers: the order (list-points.ts ordered) ---

/** Variation ok-bg-list-network-members-first: the carrier's network members first, each part in its order. */
export function networkMembersFirst(app: FaultPointApp, carrier: string, lockers: StoredLocker[]): StoredLocker[] {
  if (!app.fault('ok-bg-list-network-members-first')) return lockers;
  const member = (l: StoredLocker) => networkHolding(app, l.record.uid, carrier) !== undefined;
  return [...lockers.filter(member), ...lockers.filter((l) => !member(l))];
}
