// The faults' behaviour of a locker record as every place shows it, answers, lists and pushes (view-points.ts
// lockerShown; app.ts's echoed groups). With its fault off each point does what the service does.
import { type Editable, isObject, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { JsonObject, LockerGroup, StoredLocker } from '../../model';
import type { FaultPointApp } from '../../request-types';
import { groupSiblings } from './lockers';
import { type App, dateTimeParts, FEATURES, firstSeenAt, freeCompartments, HOUR_MS, lockersSeen } from './shared';

/** Fault sh-owner-is-api-key: a locker record as every place shows it, its owner named by the principal's key. */
export function ownerIsApiKey(app: FaultPointApp, record: Editable): void {
  if (!app.fault('sh-owner-is-api-key') || typeof record['ownedByCarrier'] !== 'string') return;
  const owner = app.options.carriers.find((c) => c.name === record['ownedByCarrier']);
  if (owner) record['ownedByCarrier'] = owner.apiKey;
}

/** A locker record as every place shows it (answers, lists, pushes): its compartments and the forms of its members. */
export function compartmentsAndRecordForms(app: FaultPointApp, locker: StoredLocker, record: Editable): void {
  rowIdsOffsetsAndVersion(app, locker, record); // Variations: metadata row ids, features, offsets, a version
  compartmentsInMillimetres(app, record); // Variation ok-y-compartments-in-millimetres
  // Variation ok-j-compartments-free-count: count is what is free of each compartment type.
  if (app.fault('ok-j-compartments-free-count') && Array.isArray(record['compartmentTypes']))
    record['compartmentTypes'] = freeCompartments(app, locker, record['compartmentTypes']);
}

/** Variation ok-j-groups-echo-extra-members: when each group of each locker was first shown assigned. */
const assignedAt = new WeakMap<StoredLocker, Map<string, string>>();

/** The lockerGroups a record echoes (the reference's choice): key and uid, and assignedAt under the variation. */
export function echoedGroups(app: FaultPointApp, locker: StoredLocker): JsonObject[] {
  if (!app.fault('ok-j-groups-echo-extra-members')) return locker.lockerGroups.map((g) => ({ ...g }));
  const times = assignedAt.get(locker) ?? new Map<string, string>();
  assignedAt.set(locker, times);
  return locker.lockerGroups.map((g) => {
    if (!times.has(g.uid)) times.set(g.uid, new Date().toISOString());
    return { ...g, assignedAt: times.get(g.uid)! };
  });
}

/**
 * A locker record as every place shows it. Fault sl-seeded-lockers-unmigrated: the records the
 * service held before 1.1 (the third-party lockers) keep the members 1.1 removed, beside the new ones: the backfill
 * copied providerName to name and lockerModelVersion to lockerVersion, and removed neither.
 */
export function seededLockersUnmigrated(app: FaultPointApp, record: Editable): void {
  if (!app.fault('sl-seeded-lockers-unmigrated') || record['ownedByCarrier'] !== null) return;
  const provider = record['provider'] as Editable | undefined;
  const carrier = record['carrier'] as Editable | undefined;
  if (provider)
    Object.assign(provider, { providerName: provider['name'], lockerModelVersion: provider['lockerVersion'] });
  if (carrier) carrier['name'] = carrier['lockerName'];
}

/** Countries whose lockers the record shows in Central European time (variation ok-w-activation-date-local-offset). */
const CET = new Set(['AT', 'BE', 'CH', 'CZ', 'DE', 'DK', 'ES', 'FR', 'IT', 'LU', 'NL', 'NO', 'PL', 'SE']);

/** The UTC time of the last Sunday of a month (0-based), 01:00: when EU summer time begins or ends. */
function lastSundayOneAm(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay()) + HOUR_MS;
}

/** The same instant written in Central European (summer) time: 2025-06-01T12:30:00+02:00 for 10:30Z. */
function inCentralEuropeanTime(sent: string): string {
  const at = Date.parse(sent);
  if (Number.isNaN(at)) return sent;
  const year = new Date(at).getUTCFullYear();
  const summer = at >= lastSundayOneAm(year, 2) && at < lastSundayOneAm(year, 9);
  const local = new Date(at + (summer ? 2 : 1) * HOUR_MS).toISOString().replace(/\.000Z$|Z$/, '');
  return `${local}${summer ? '+02:00' : '+01:00'}`;
}

/** Per app: each locker's metadata row ids by the entries' text, and its row version with the text it was at. */
const metadataRows = new WeakMap<object, { next: number; byLocker: Map<string, Map<string, number[]>> }>();
const rowVersions = new WeakMap<object, Map<string, { text: string; version: number }>>();

/** Variation ok-w-metadata-entry-ids: the row id of each metadata entry, kept while the entries stay as they are. */
function metadataIds(app: FaultPointApp, locker: StoredLocker): number[] {
  const rows = metadataRows.get(app) ?? { next: 1, byLocker: new Map<string, Map<string, number[]>>() };
  metadataRows.set(app, rows);
  const text = JSON.stringify(locker.record.metadata);
  const held = rows.byLocker.get(locker.record.uid) ?? new Map<string, number[]>();
  rows.byLocker.set(locker.record.uid, held);
  const ids = held.get(text) ?? locker.record.metadata.map(() => rows.next++);
  held.set(text, ids);
  return ids;
}

/** Variation ok-w-locker-version-member: the row version, one more each time the stored locker changed. */
function rowVersion(app: FaultPointApp, locker: StoredLocker): number {
  const versions = rowVersions.get(app) ?? new Map<string, { text: string; version: number }>();
  rowVersions.set(app, versions);
  const text = JSON.stringify([locker.record, locker.lockerGroups]);
  const held = versions.get(locker.record.uid);
  const version = !held ? 0 : held.text === text ? held.version : held.version + 1;
  versions.set(locker.record.uid, { text, version });
  return version;
}

/**
 * The locker record as these variations write it (answers, lists and pushes alike). ok-w-metadata-entry-ids: each
 * metadata entry with its row id. ok-w-features-null-members-omitted: features serialized without null members.
 * ok-w-activation-date-local-offset: activationDate in the locker's Central European time, the same instant.
 * ok-w-locker-version-member: the row version as a member `version`.
 */
export function rowIdsOffsetsAndVersion(app: FaultPointApp, locker: StoredLocker, record: Editable): void {
  if (app.fault('ok-w-metadata-entry-ids') && Array.isArray(record['metadata'])) {
    const ids = metadataIds(app, locker);
    record['metadata'] = record['metadata'].map((e: unknown, i) => (isObject(e) ? { id: ids[i], ...e } : e));
  }
  const features = record['features'];
  if (app.fault('ok-w-features-null-members-omitted') && isObject(features)) {
    for (const [member, value] of Object.entries(features)) if (value === null) delete features[member];
  }
  const country = isObject(record['location']) ? record['location']['countryCode'] : undefined;
  if (app.fault('ok-w-activation-date-local-offset') && CET.has(country) && isObject(record['carrier'])) {
    const carrier = record['carrier'];
    if (typeof carrier['activationDate'] === 'string')
      carrier['activationDate'] = inCentralEuropeanTime(carrier['activationDate']);
  }
  if (app.fault('ok-w-locker-version-member')) record['version'] = rowVersion(app, locker);
}

/**
 * The locker record as this variation writes it (answers, lists and pushes alike). ok-y-compartments-in-millimetres:
 * compartment dimensions in millimetres, the numbers ten times the centimetres the reference otherwise writes.
 */
export function compartmentsInMillimetres(app: FaultPointApp, record: Editable): void {
  const types = record['compartmentTypes'];
  if (!app.fault('ok-y-compartments-in-millimetres') || !Array.isArray(types)) return;
  const mm = (v: unknown) => (typeof v === 'number' ? v * 10 : v);
  record['compartmentTypes'] = types.map((t: unknown) =>
    isObject(t) ? { ...t, height: mm(t['height']), width: mm(t['width']), length: mm(t['length']) } : t,
  );
}

/** Variation ok-ae-location-timezone: the IANA zone of the countries the service knows. */
const TIME_ZONES: Record<string, string> = {
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  FR: 'Europe/Paris',
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  LU: 'Europe/Luxembourg',
  PL: 'Europe/Warsaw',
  CZ: 'Europe/Prague',
  DK: 'Europe/Copenhagen',
  IT: 'Europe/Rome',
  ES: 'Europe/Madrid',
  GB: 'Europe/London',
};

/** A locker record as a view shows it (variation ok-ae-location-timezone: its location's IANA zone beside). */
export function locationTimezoneShown(app: Switches, record: Editable): void {
  const location = record['location'];
  if (!app.fault('ok-ae-location-timezone') || !isObject(location)) return;
  const zone = TIME_ZONES[String(location['countryCode'])];
  if (zone) record['location'] = { ...location, timeZone: zone };
}

/** Every locker record's view: openingHours not shown, activationDate as RFC3339Nano (variations). */
export function hoursHiddenAndNanoDates(app: Switches, record: Editable): void {
  hoursHiddenAndRfc3339Nano(app, record);
}

/** An RFC 3339 date-time: its seconds, its fraction and its offset. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$/;

/** Variation ok-ai-activation-date-trimmed-fraction: the date-time as Go's RFC3339Nano writes it. */
function rfc3339Nano(value: string): string {
  const parts = DATE_TIME.exec(value);
  if (!parts) return value;
  const [, seconds, fraction = '', offset] = parts;
  const trimmed = fraction.replace(/0+$/, '');
  const zone = /^([Zz]|[+-]00:00)$/.test(offset!) ? 'Z' : offset;
  return `${seconds!.toUpperCase()}${trimmed ? `.${trimmed}` : ''}${zone}`;
}

/**
 * Variations ok-ai-opening-hours-not-shown (no openingHours in any record) and ok-ai-activation-date-trimmed-fraction
 * (activationDate written as RFC3339Nano), on every locker record the service shows (answers, lists, pushes).
 */
export function hoursHiddenAndRfc3339Nano(app: Switches, record: Editable): void {
  if (app.fault('ok-ai-opening-hours-not-shown')) delete record['openingHours'];
  const carrier = record['carrier'];
  if (app.fault('ok-ai-activation-date-trimmed-fraction') && isObject(carrier))
    if (typeof carrier['activationDate'] === 'string')
      carrier['activationDate'] = rfc3339Nano(carrier['activationDate']);
}

// --- The locker and parcel views ---

/** Variation ok-al-locker-active-bookings-count: the number of parcels booked in a carrier's own locker. */
export function activeBookingsCount(app: StateApp, locker: StoredLocker, record: Editable): void {
  if (!app.fault('ok-al-locker-active-bookings-count') || locker.record.ownedByCarrier === null) return;
  record['activeBookings'] = app.state.parcels.filter(
    (p) => p.record.lockerUid === locker.record.uid && p.record.shipmentStatus === 'BOOKED',
  ).length;
}

// --- The locker view: answers, the list and the pushes ---

/** Countries on Central European time (CET, CEST in summer), whose lockers the service dates in local time. */
const CENTRAL_EUROPE = new Set('AT BE CH CZ DE DK ES FR HR HU IT LU NL NO PL SE SI SK'.split(' '));

const BERLIN_OFFSET = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' });

/** The offset of Europe/Berlin at an instant, in minutes east of UTC. */
function berlinOffsetMinutes(ms: number): number {
  const name = BERLIN_OFFSET.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Fault sam-activation-offset-of-today: the wall-clock time of the instant in Europe/Berlin (right for its own date),
 * labelled with the offset Berlin has today.
 */
function labelledWithTodaysOffset(activationDate: string): string {
  const ms = Date.parse(activationDate);
  if (Number.isNaN(ms)) return activationDate;
  const wall = new Date(ms + berlinOffsetMinutes(ms) * 60_000);
  const today = berlinOffsetMinutes(Date.now());
  const fraction = wall.getUTCMilliseconds() ? `.${String(wall.getUTCMilliseconds()).padStart(3, '0')}` : '';
  const sign = today < 0 ? '-' : '+';
  return (
    `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}T` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}${fraction}` +
    `${sign}${two(Math.floor(Math.abs(today) / 60))}:${two(Math.abs(today) % 60)}`
  );
}

/**
 * A locker as every answer, list and push shows it (`record`, a copy app.ts made).
 * - Fault sam-activation-offset-of-today: a locker in a Central European country has its activationDate written in
 *   local time with the offset of today's season.
 * - The variations sparseAndCompleteRecords writes.
 */
export function activationOffsetOfToday(
  app: Switches & { now(): string },
  locker: StoredLocker,
  record: Editable,
): void {
  const country = isObject(record['location']) ? record['location']['countryCode'] : undefined;
  const carrier = record['carrier'];
  if (
    app.fault('sam-activation-offset-of-today') &&
    typeof country === 'string' &&
    CENTRAL_EUROPE.has(country) &&
    isObject(carrier) &&
    typeof carrier['activationDate'] === 'string'
  )
    carrier['activationDate'] = labelledWithTodaysOffset(carrier['activationDate']);
  sparseAndCompleteRecords(app, locker, record);
}

/** Variation ok-am-third-party-sparse-records: what the provider feed does not carry of a third-party locker. */
const NOT_IN_FEED = ['features', 'openingHours', 'metadata', 'compartmentTypes'] as const;

/** When the carrier's seeded lockers were imported (variation ok-am-locker-row-timestamps). */
const SEED_IMPORTED = '2025-01-01T00:00:00.000Z';

/** Variation ok-am-locker-row-timestamps: each locker's row as last seen and its two timestamps, by uid, per app. */
const rowStamps = new WeakMap<object, Map<string, { row: string; createdAt: string; updatedAt: string }>>();

/**
 * A locker as every answer, list and push shows it (`record`, a copy app.ts made).
 * - Variation ok-am-third-party-sparse-records: a third-party locker (ownedByCarrier null) shows what the provider feed
 *   carries and no more (no features, openingHours, metadata or compartmentTypes), and where it comes from, source
 *   PROVIDER_FEED.
 * - Variation ok-am-record-columns-complete: features and each metadata entry carry every member, null where none was
 *   given (nullable columns, always written).
 * - Variation ok-am-locker-row-timestamps: the row's createdAt and updatedAt (DEFAULT CURRENT_TIMESTAMP, ON UPDATE
 *   CURRENT_TIMESTAMP), updatedAt moved by every write that changed the locker.
 */
export function sparseAndCompleteRecords(
  app: Switches & { now(): string },
  locker: StoredLocker,
  record: Editable,
): void {
  if (app.fault('ok-am-third-party-sparse-records') && locker.record.ownedByCarrier === null) {
    for (const member of NOT_IN_FEED) delete record[member];
    record['source'] = 'PROVIDER_FEED';
  }
  if (app.fault('ok-am-record-columns-complete')) {
    if (isObject(record['features'])) for (const member of FEATURES) record['features'][member] ??= null;
    if (Array.isArray(record['metadata']))
      record['metadata'] = record['metadata'].map((entry: unknown) =>
        isObject(entry) ? { ...entry, key: entry['key'] ?? null, value: entry['value'] ?? null } : entry,
      );
  }
  if (app.fault('ok-am-locker-row-timestamps')) {
    let stamps = rowStamps.get(app);
    if (!stamps) rowStamps.set(app, (stamps = new Map()));
    const row = JSON.stringify(locker.record);
    const held = stamps.get(locker.record.uid);
    const now = app.now();
    const first = locker.record.ownedByCarrier === null ? SEED_IMPORTED : now;
    const next = held
      ? held.row === row
        ? held
        : { ...held, row, updatedAt: now }
      : { row, createdAt: first, updatedAt: first };
    stamps.set(locker.record.uid, next);
    record['createdAt'] = next.createdAt;
    record['updatedAt'] = next.updatedAt;
  }
}

/**
 * Variation ok-ao-activation-date-nanoseconds: carrier.activationDate written with nine fraction digits (the digits
 * sent, padded with zeros) and the offset it was sent with, in answers, the list and pushes: the same instant.
 */
export function activationNanoseconds(app: Switches, record: Editable): void {
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

// --- A locker as every place shows it (view-points.ts) and the groups it echoes (app.ts) ---

/**
 * Variation ok-as-activation-date-lower-case-separators: activationDate with "t" and "z" in lower case (RFC 3339
 * §5.6).
 */
export function activationLowerCaseSeparators(app: Switches, record: Editable): void {
  const carrier = record['carrier'];
  if (!app.fault('ok-as-activation-date-lower-case-separators') || !isObject(carrier)) return;
  if (typeof carrier['activationDate'] === 'string')
    carrier['activationDate'] = carrier['activationDate'].replace('T', 't').replace(/Z$/, 'z');
}

/**
 * The groups a record echoes: echoedGroups's. Variation ok-as-groups-echoed-as-key-map: one uid per type key,
 * as an object.
 */
export function groupsEchoedAsKeyMap(app: App, locker: StoredLocker): JsonObject[] | JsonObject {
  const groups = echoedGroups(app, locker);
  if (!app.fault('ok-as-groups-echoed-as-key-map')) return groups;
  return Object.fromEntries(groups.map((g) => [String(g['key']), g['uid'] ?? null]));
}

// --- A locker as every place shows it (view-points.ts) ---

const KOLKATA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** Variation ok-ax-activation-date-kolkata-offset: activationDate written in Asia/Kolkata, +05:30, to the ms. */
export function activationKolkataOffset(app: Switches, record: Editable): void {
  const carrier = record['carrier'];
  if (!app.fault('ok-ax-activation-date-kolkata-offset') || !isObject(carrier)) return;
  const at = Date.parse(String(carrier['activationDate']));
  if (Number.isNaN(at)) return;
  const local = new Date(at + KOLKATA_OFFSET_MS).toISOString();
  // Past 9999 in local time the year takes five digits, no RFC 3339 date-time: such an instant stays as it was.
  if (!/^\d{4}-/.test(local)) return;
  record['carrier'] = { ...carrier, activationDate: local.replace(/Z$/, '+05:30') };
}

// --- A record as every place shows it (view-points.ts) ---

/** Variation ok-az-records-deleted-at-null: the soft-delete column beside the record's members. */
export function lockerDeletedAtNull(app: Switches, record: Editable): void {
  if (app.fault('ok-az-records-deleted-at-null')) record['deletedAt'] = null;
}

// --- A locker as every place shows it (view-points.ts) ---

/** Variation ok-ba-compartment-size-codes: the provider's size codes, the size enum's values. */
const SIZE_CODES: Readonly<Record<string, string>> = {
  SMALL: 'S',
  MEDIUM: 'M',
  LARGE: 'L',
  XLARGE: 'XL',
  EXTRA_LARGE: 'XL',
};

/** A locker as shown, `record` a copy of the stored one. Variation ok-ba-compartment-size-codes. */
export function compartmentSizeCodes(app: Switches, record: Editable): void {
  const compartments = record['compartmentTypes'];
  if (!app.fault('ok-ba-compartment-size-codes') || !Array.isArray(compartments)) return;
  record['compartmentTypes'] = compartments.map((c: unknown) => {
    if (!isObject(c) || typeof c['size'] !== 'string' || !Object.hasOwn(SIZE_CODES, c['size'])) return c;
    return { ...c, size: SIZE_CODES[c['size']] };
  });
}

// --- A locker as every place shows it, as the background jobs left it (view-points.ts) ---

/**
 * Whether a job run every `periodMs` (on the clock's multiples of it) has run since `since`. Faults
 * sbf-group-sweeper-unknown-types, sbf-country-code-repair-job.
 */
const ranSince = (since: number, periodMs: number): boolean =>
  Math.floor(Date.now() / periodMs) > Math.floor(since / periodMs);

/** Fault sbf-group-sweeper-unknown-types: the group types staging's registry knows, and the job's period. */
const KNOWN_GROUP_TYPES = new Set(['REGION', 'DEPOT', 'ROUTE']);
const SWEEP_PERIOD_MS = 2000;
const groupsSeen = new WeakMap<object, WeakMap<object, number>>();

/** Fault sbf-country-code-repair-job: the forms the job rewrites, and its period. */
const ALPHA_3: Record<string, string> = {
  DEU: 'DE',
  AUT: 'AT',
  CHE: 'CH',
  FRA: 'FR',
  NLD: 'NL',
  BEL: 'BE',
  POL: 'PL',
  ITA: 'IT',
  ESP: 'ES',
  DNK: 'DK',
  CZE: 'CZ',
  LUX: 'LU',
  GBR: 'GB',
  USA: 'US',
  SWE: 'SE',
};
const COUNTRY_NAMES: Record<string, string> = {
  GERMANY: 'DE',
  DEUTSCHLAND: 'DE',
  AUSTRIA: 'AT',
  ÖSTERREICH: 'AT',
  SWITZERLAND: 'CH',
  FRANCE: 'FR',
  NETHERLANDS: 'NL',
  BELGIUM: 'BE',
  POLAND: 'PL',
};
const REPAIR_PERIOD_MS = 3000;
const locationsSeen = new WeakMap<object, WeakMap<object, number>>();

/** Fault sbf-country-code-repair-job: the two-letter code the job writes for `code` (undefined: left as it is). */
function repairedCountryCode(code: string): string | undefined {
  const text = code.trim().toUpperCase();
  const repaired = /^[A-Z]{2}$/.test(text) ? text : (ALPHA_3[text] ?? COUNTRY_NAMES[text]);
  return repaired !== undefined && repaired !== code ? repaired : undefined;
}

/**
 * A locker about to be shown (an answer, a list, a push): what the background jobs did to it since it was written, as
 * their runs would have left it. Fault sbf-group-sweeper-unknown-types (groups of unknown types removed), fault
 * sbf-country-code-repair-job (countryCode rewritten in the stored record and in `record`, the copy shown); fault
 * sbf-by-tenant-current-partition-only notes when the locker was first seen. Nothing where they are off.
 */
export function lockerHousekeeping(app: Switches, locker: StoredLocker, record: Editable): void {
  if (app.fault('sbf-by-tenant-current-partition-only')) firstSeenAt(lockersSeen, app, locker);
  if (app.fault('sbf-group-sweeper-unknown-types') && locker.lockerGroups.length > 0) {
    const assigned: LockerGroup[] = locker.lockerGroups;
    if (ranSince(firstSeenAt(groupsSeen, app, assigned), SWEEP_PERIOD_MS)) {
      const kept = assigned.filter((g) => KNOWN_GROUP_TYPES.has(g.key));
      if (kept.length !== assigned.length) locker.lockerGroups = kept;
    }
  }
  const location = locker.record.location;
  const code = location['countryCode'];
  if (app.fault('sbf-country-code-repair-job') && typeof code === 'string') {
    const repaired = repairedCountryCode(code);
    if (repaired !== undefined && ranSince(firstSeenAt(locationsSeen, app, location), REPAIR_PERIOD_MS)) {
      location['countryCode'] = repaired;
      if (isObject(record['location'])) record['location']['countryCode'] = repaired;
    }
  }
}

// --- A locker shown (view-points.ts lockerShown) ---

/**
 * Fault sbg-group-hours-inherited: the group's opening hours (those of the first SCHEDULED locker of the group) are
 * laid over each member's own; the accessMode stays the member's, the weeklySchedule is the group's.
 */
export function groupHoursInherited(app: FaultPointApp, locker: StoredLocker, record: Editable): void {
  if (!app.fault('sbg-group-hours-inherited')) return;
  const hours = record['openingHours'];
  if (!isObject(hours) || hours['accessMode'] !== 'ALWAYS') return;
  const scheduled = groupSiblings(app, locker).find((l) => {
    const theirs = l.record.openingHours;
    return theirs?.['accessMode'] === 'SCHEDULED' && Array.isArray(theirs['weeklySchedule']);
  });
  if (scheduled) hours['weeklySchedule'] = structuredClone(scheduled.record.openingHours['weeklySchedule']);
}
