// The points where the faults of set AM change the service: the data layer under the records, and what a write, a
// read, a list, a push and an error answer make of each value. Each point does what the service does with its fault
// off; the variations of the set are set-am-variations.ts, called from the same points where they share one. Called
// from app.ts (the locker and parcel views, the LockerUpdates push), lockers.ts (a create: its location and opening
// hours as stored, a refused create, the locker as created; the list: each record, the answer), locker-update.ts (the
// update's refusals, its metadata, lockerName, location and opening hours), publish-points.ts (a booking stored, a
// publish answered) and trigger.ts (an event appended to a parcel's history).
import { ApiError } from '../errors';
import { consigneeRows } from '../faults/behaviour/shared';
import type { Json, LockerWriteBody, StoredLocker, StoredParcel } from '../model';
import type { Reply } from '../request-types';
import { type Editable, isObject, perApp, type StateApp, type Switches } from './fault-point-state';
import {
  listedByAMVariations,
  listReplyByAMVariations,
  lockerPushByAMVariations,
  lockerViewByAMVariations,
  parcelViewByAMVariations,
} from './set-am-variations';

/** A locker the carrier created (in the service's own tables), not a third-party one of the provider feed. */
const carrierOwned = (locker: StoredLocker) => locker.record.ownedByCarrier !== null;

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
 * - The variations of the set (set-am-variations.ts).
 */
export function lockerViewBySetAM(app: Switches & { now(): string }, locker: StoredLocker, record: Editable): void {
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
  lockerViewByAMVariations(app, locker, record);
}

// --- The LockerUpdates push ---

/**
 * A LockerUpdates body before it is sent.
 * - Fault sam-push-keyless-metadata-dropped: the event schema's metadata entry has a key that is a string, not null,
 *   and the event mapper leaves out the entries whose key is null or absent so that the event passes it.
 * - The variations of the set (set-am-variations.ts).
 */
export function lockerPushBySetAM(app: Switches, body: Record<string, unknown>): void {
  if (app.fault('sam-push-keyless-metadata-dropped') && Array.isArray(body['metadata']))
    body['metadata'] = body['metadata'].filter((entry) => isObject(entry) && typeof entry['key'] === 'string');
  lockerPushByAMVariations(app, body);
}

// --- The list of lockers ---

/** MySQL rounds a fraction of a second it cannot keep: DATETIME(0) holds 10:30:00.5 as 10:30:01. */
function roundedToSecond(activationDate: string): string {
  const ms = Date.parse(activationDate);
  return Number.isNaN(ms) ? activationDate : new Date(Math.round(ms / 1000) * 1000).toISOString();
}

/** The faults and variation of set AM that change a listed record. */
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
 * - The variations of the set (set-am-variations.ts).
 */
export function listedBySetAM<T>(app: Switches, locker: StoredLocker, record: T): T {
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
  return listedByAMVariations(app, locker, copy) as T;
}

/** The answer of GET /lockers as written (variation ok-am-decimal-columns-scale-text, set-am-variations.ts). */
export function listReplyBySetAM(app: Switches, reply: Reply): Reply {
  return listReplyByAMVariations(app, reply);
}

// --- A create ---

/** Fault sam-refused-create-metadata-orphans: rows left by refused creates, by the uid they were written under. */
const orphanRows = new WeakMap<object, Map<string, Json[]>>();

/**
 * A create refused by the group index (two groups of one key). Fault sam-refused-create-metadata-orphans: the create
 * writes its metadata rows first, under the uid it drew as the next one (MAX(uid) + 1), each in its own statement
 * (autocommit), then the group rows, whose unique (locker, key) index refuses the request; the locker row is never
 * written, so the uid is not taken and the rows wait for the next create to be given it.
 */
export function refusedCreateBySetAM(app: StateApp, body: LockerWriteBody): void {
  if (!app.fault('sam-refused-create-metadata-orphans') || !body.metadata?.length) return;
  const rows = perApp(orphanRows, app, () => new Map<string, Json[]>());
  const uid = app.state.peekLockerUid();
  rows.set(uid, [...(rows.get(uid) ?? []), ...structuredClone(body.metadata)]);
}

/** A locker just created, before its answer and push: fault sam-refused-create-metadata-orphans's rows join it. */
export function createdBySetAM(app: Switches, locker: StoredLocker): void {
  const rows = orphanRows.get(app)?.get(locker.record.uid);
  if (!rows || !app.fault('sam-refused-create-metadata-orphans')) return;
  orphanRows.get(app)!.delete(locker.record.uid);
  locker.record.metadata = [...rows, ...locker.record.metadata];
}

// --- An update ---

/** The refusals of an update that the database's unique indexes make: (owner, locker_id) and (locker_uid, key). */
const UNIQUE_VIOLATIONS = new Set(['LOCKER_ID_TAKEN', 'DUPLICATE_GROUP_KEY']);

/**
 * An update's refusals (`checked` runs the checks, answering a refusal as the reference does). Fault
 * sam-update-unique-violation-no-message: the two uniqueness refusals come from the database's unique indexes, and the
 * handler answers the driver's error with the fields of the PostgreSQL driver it was first written for, errorCode
 * err.code and message err.detail; the MySQL driver's error has sqlMessage, not detail, so the body is
 * {errorCode: "ER_DUP_ENTRY"} with no message.
 */
export function updateRefusalBySetAM(app: Switches, checked: () => Reply | undefined): Reply | undefined {
  try {
    return checked();
  } catch (error) {
    if (!(error instanceof ApiError) || !UNIQUE_VIOLATIONS.has(error.errorCode)) throw error;
    if (!app.fault('sam-update-unique-violation-no-message')) throw error;
    const driverError: Editable = { code: 'ER_DUP_ENTRY', errno: 1062, sqlMessage: error.message };
    return { status: 400, body: { errorCode: driverError['code'], message: driverError['detail'] } };
  }
}

/**
 * The metadata an update stores (`sent`, as the update maps it) over the entries the locker has (`held`). Fault
 * sam-metadata-rows-by-position: the entries are rows keyed by (locker, position); an update writes each sent entry
 * onto the row of its position (an upsert) and deletes rows only where it sends none at all, so entries the locker
 * had past the number sent are kept.
 */
export function metadataBySetAM(app: Switches, held: Json[], sent: Json[]): Json[] {
  if (!app.fault('sam-metadata-rows-by-position') || sent.length === 0 || held.length <= sent.length) return sent;
  return [...sent, ...structuredClone(held.slice(sent.length))];
}

/**
 * The carrier.lockerName an update stores, from the one the locker had (`held`) and the one sent. Fault
 * sam-rename-collation-dirty-check: a rename is sent to the provider and written only when the name changed, compared
 * as the provider's collation compares names (letter case and accents aside), so a new name that differs from the held
 * one only so is not written.
 */
export function lockerNameBySetAM(app: Switches, held: string, sent: string): string {
  if (!app.fault('sam-rename-collation-dirty-check') || held === sent) return sent;
  return held.localeCompare(sent, 'de', { sensitivity: 'base' }) === 0 ? held : sent;
}

/**
 * A parcel as the list, the cancel answer and the push show it (`record`, a copy app.ts made).
 * - Fault sam-parcel-locker-id-own-lockers-join: carrierLockerId is read by a LEFT JOIN with the carrier's own lockers
 *   (carrier_lockers): a parcel in a third-party locker, which only the provider feed holds, shows null.
 * - Fault sam-consignee-rows-by-parcel-id: consignee is joined from the consignee table on carrierParcelId.
 * - The variations of the set (set-am-variations.ts).
 */
export function parcelViewBySetAM(app: StateApp, parcel: StoredParcel, record: Editable): void {
  if (app.fault('sam-parcel-locker-id-own-lockers-join')) {
    const locker = app.state.lockers.get(parcel.record.lockerUid);
    record['carrierLockerId'] =
      locker && locker.record.ownedByCarrier === parcel.owner ? locker.record.carrier.lockerId : null;
  }
  const rows = consigneeRows.get(app);
  if (app.fault('sam-consignee-rows-by-parcel-id') && rows?.has(parcel.record.carrierParcelId))
    record['consignee'] = structuredClone(rows.get(parcel.record.carrierParcelId)!);
  parcelViewByAMVariations(app, record);
}
