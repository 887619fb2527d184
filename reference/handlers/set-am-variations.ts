// The points where the conformant variations of set AM (`ok-am-*`) change the service: each does what the service
// does with its variation off. Called through set-am-faults.ts from app.ts (the locker and parcel views, the
// LockerUpdates push) and lockers.ts (each listed record, the list's answer), and from publish-points.ts (a publish
// answered).
import { FEATURES } from '../faults/behaviour/shared';
import type { StoredLocker } from '../model';
import type { Reply } from '../request-types';
import { type Editable, isObject, type Switches, withAnswerText } from './fault-point-state';

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
export function lockerViewByAMVariations(
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

/** Removes the null members of objects at every depth (arrays keep their items). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/**
 * A LockerUpdates body before it is sent. Variation ok-am-locker-push-nulls-omitted: the event publisher's JSON mapper
 * leaves out null members at every depth (a feature null, a metadata key or value null, compartmentTypes null).
 */
export function lockerPushByAMVariations(app: Switches, body: Record<string, unknown>): void {
  if (!app.fault('ok-am-locker-push-nulls-omitted')) return;
  const bare = withoutNulls(body) as Record<string, unknown>;
  for (const member of Object.keys(body)) delete body[member];
  Object.assign(body, bare);
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
export function listedByAMVariations(app: Switches, _locker: StoredLocker, record: Editable): Editable {
  if (app.fault('ok-am-list-activation-date-utc-micros') && isObject(record['carrier']))
    if (typeof record['carrier']['activationDate'] === 'string')
      record['carrier']['activationDate'] = utcMicros(record['carrier']['activationDate']);
  return record;
}

/** A number token after the named member, in plain decimal notation (no exponent). */
const NUMBER_AFTER = (members: string) => new RegExp(`("(?:${members})":)(-?\\d+)(?:\\.(\\d+))?(?![\\d.eE])`, 'g');
const COORDINATE = NUMBER_AFTER('lon|lat');
const COMPARTMENT = NUMBER_AFTER('count|height|width|length');

/**
 * The answer of GET /lockers as written. Variation ok-am-decimal-columns-scale-text: the list is written from DECIMAL
 * columns, their text spliced in as number tokens: lon and lat with at least six decimal places (13.4 as 13.400000,
 * more digits as sent), the compartment numbers with one (12 as 12.0); the same numbers, other JSON text.
 */
export function listReplyByAMVariations(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-am-decimal-columns-scale-text')) return reply;
  return withAnswerText(reply, (text) =>
    text
      .replace(
        COORDINATE,
        (_, name: string, whole: string, fraction = '') => `${name}${whole}.${fraction.padEnd(6, '0')}`,
      )
      .replace(COMPARTMENT, (_, name: string, whole: string, fraction?: string) =>
        fraction === undefined ? `${name}${whole}.0` : `${name}${whole}.${fraction}`,
      ),
  );
}

/**
 * A parcel as the list, the cancel answer and the push show it. Variation ok-am-consignee-null-members-omitted: the
 * consignee is written without its null members ({name: "X"} where the email is null, {} where both are); a consignee
 * that is null stays null.
 */
export function parcelViewByAMVariations(app: Switches, record: Editable): void {
  if (!app.fault('ok-am-consignee-null-members-omitted') || !isObject(record['consignee'])) return;
  record['consignee'] = Object.fromEntries(Object.entries(record['consignee']).filter(([, v]) => v !== null));
}
