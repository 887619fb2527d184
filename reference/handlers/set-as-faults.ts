// The points where the faults and variations of set AS change the service (reference/faults/ declares them, by area):
// each does what the service does with every one of them off, and names the faults that change it there. Called from
// locker-update.ts (the features an update applies), update-points.ts (the opening hours an update writes),
// create-points.ts (the opening hours a create writes), status-points.ts (a status written), push-points.ts (a
// LockerUpdates about to be sent), list-points.ts (each listed record), lockers.ts (the list's answer, a create's
// answer), networks.ts (a network member as registered), view-points.ts (a locker as every place shows it) and app.ts
// (the groups a record echoes).
import { createCipheriv, createHash } from 'node:crypto';
import { scheduleRowsWritten } from '../faults/behaviour/locker-writes';
import { scheduleWrittenAt } from '../faults/behaviour/lockers';
import { type App, searchIndexOf } from '../faults/behaviour/shared';
import type { JsonObject, LockerWriteBody, StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { Reply, RequestContext } from '../request-types';
import { type Editable, isObject, type Switches, withAnswerText } from './fault-point-state';
import { echoedGroups } from './set-j-faults';

/** Fault sas-list-schedule-rows-lag-mode: how long after the write the schedule consumer inserts the rows. */
const SCHEDULE_ROWS_LAG_MS = 300;
/** Fault sas-list-bulk-query-aliases-lowercased: the most lockers of its own a carrier's list reads through the ORM. */
const ORM_LIST_LIMIT = 20;
/** Variation ok-as-create-push-delivered-before-answer: the longest a create waits for its delivery's answer. */
const DELIVERY_WAIT_MS = 2000;
/** Fault sas-push-relay-splits-unicode-lines: where Python's str.splitlines() breaks that JSON writes unescaped. */
const UNICODE_LINE_BREAKS = /[\u0085\u2028\u2029]/;
/** Fault sas-list-bulk-query-aliases-lowercased: the camel-case columns the bulk query selects, by object. */
const FOLDED_ALIASES: Record<string, readonly string[]> = {
  location: ['streetNumber', 'postalCode', 'countryCode'],
  features: ['hasScreen', 'hasPinPad', 'hasPinBarcodeReader'],
};

// --- An update's attributes (locker-update.ts) ---

/**
 * The features an update applies: those sent. Fault sas-update-features-skipped-beside-metadata: the attribute
 * sections go through an if / else-if chain, so features sent beside metadata are not applied.
 */
export function featuresSentBySetAS(app: Switches, body: LockerWriteBody): LockerWriteBody['features'] {
  if (app.fault('sas-update-features-skipped-beside-metadata') && body.metadata !== undefined) return undefined;
  return body.features;
}

/** The opening hours a create writes: as they come. */
export function hoursWrittenBySetAS<T>(app: Switches, hours: T): T {
  return scheduleRowsWritten(app, hours);
}

/**
 * The opening hours an update that sends some writes: `written`. Fault sas-update-hours-held-over-sent: { ...sent,
 * ...held }, the held members winning.
 */
export function hoursUpdatedBySetAS(
  app: Switches,
  held: JsonObject,
  sent: JsonObject,
  written: JsonObject,
): JsonObject {
  const hours = app.fault('sas-update-hours-held-over-sent') ? structuredClone({ ...sent, ...held }) : written;
  return scheduleRowsWritten(app, hours);
}

// --- A status written (status-points.ts) ---

/** Fault sas-list-status-greatest-of-history: a status change adds a row to the locker's status history. */
export function statusWrittenBySetAS(app: Switches, locker: StoredLocker, before: string, status: string): void {
  if (!app.fault('sas-list-status-greatest-of-history')) return;
  const rows = searchIndexOf(app).statusRows;
  const held = rows.get(locker.record.uid) ?? new Set<string>();
  held.add(before).add(status);
  rows.set(locker.record.uid, held);
}

// --- The LockerUpdates push (push-points.ts) ---

/** Variation ok-as-push-empty-arrays-omitted: the object without its empty arrays, at every depth of objects. */
function withoutEmptyArrays(value: Editable): void {
  for (const [member, inner] of Object.entries(value)) {
    if (Array.isArray(inner) && inner.length === 0) delete value[member];
    else if (isObject(inner)) withoutEmptyArrays(inner);
  }
}

/**
 * A LockerUpdates about to be sent to `owner`, edited in place; false where it is not sent as it is.
 * - Fault sas-filtered-list-partial-reindex: the locker events write the search document whole.
 * - Fault sas-create-push-skips-test-named-lockers: the created topic's filter of QA fixtures.
 * - Fault sas-push-metadata-last-entry-spliced: splice(findIndex(...), 1) with nothing found takes the last entry.
 * - Variation ok-as-push-empty-arrays-omitted: empty collections left out.
 * - Fault sas-push-relay-splits-unicode-lines: the relay posts each piece str.splitlines() makes.
 */
export function lockerPushBySetAS(
  app: App,
  locker: StoredLocker,
  owner: CarrierAccount,
  cause: 'create' | 'status' | 'update',
  body: Record<string, unknown>,
): boolean {
  const record = locker.record;
  if (app.fault('sas-filtered-list-partial-reindex') && cause !== 'update')
    searchIndexOf(app).indexed.set(
      record.uid,
      structuredClone({ metadata: record.metadata, features: record.features }),
    );
  if (app.fault('sas-create-push-skips-test-named-lockers') && cause === 'create')
    if ([record.carrier.lockerName, record.carrier.lockerId].some((v) => /test/i.test(v))) return false;
  const metadata = body['metadata'];
  if (app.fault('sas-push-metadata-last-entry-spliced') && Array.isArray(metadata))
    metadata.splice(
      metadata.findIndex((e: unknown) => isObject(e) && e['key'] === 'cis:source'),
      1,
    );
  if (app.fault('ok-as-push-empty-arrays-omitted')) withoutEmptyArrays(body);
  if (app.fault('sas-push-relay-splits-unicode-lines')) {
    const text = JSON.stringify(body);
    if (UNICODE_LINE_BREAKS.test(text)) {
      for (const line of text.split(UNICODE_LINE_BREAKS))
        if (line !== '') app.outbox.send(owner, undefined, { raw: line });
      return false;
    }
  }
  return true;
}

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
export function listedBySetAS<T>(app: App, ctx: RequestContext, locker: StoredLocker, record: T): T {
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

/** A lon or lat number token in plain decimal notation with a fraction. */
const COORDINATE_TOKEN = /("(?:lon|lat)":)(-?)(\d+)\.(\d+)(?![\d.eE])/g;

/**
 * The answer of GET /lockers as written. Variation ok-as-list-coordinates-unscaled-exponent: lon and lat from
 * fixed-point columns, the unscaled integer and the scale as a negative exponent (13.404954 as 13404954e-6).
 */
export function listReplyBySetAS(app: Switches, reply: Reply): Reply {
  if (!app.fault('ok-as-list-coordinates-unscaled-exponent')) return reply;
  return withAnswerText(reply, (text) =>
    text.replace(COORDINATE_TOKEN, (_, name: string, sign: string, whole: string, fraction: string) => {
      const unscaled = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
      return `${name}${unscaled === '0' ? '' : sign}${unscaled}e-${fraction.length}`;
    }),
  );
}

// --- A create's answer (lockers.ts) ---

/**
 * The answer to a create. Variation ok-as-create-push-delivered-before-answer: given once the carrier's endpoint has
 * answered the create's push (or after DELIVERY_WAIT_MS).
 */
export function createAnsweredBySetAS(app: App, locker: StoredLocker, reply: Reply): Reply | Promise<Reply> {
  if (!app.fault('ok-as-create-push-delivered-before-answer')) return reply;
  const log = app.outbox.log;
  let delivery: (typeof log)[number] | undefined;
  for (let i = log.length - 1; i >= 0 && !delivery; i--) {
    const body = log[i]!.body;
    if (log[i]!.carrier === locker.record.ownedByCarrier && isObject(body) && body['uid'] === locker.record.uid)
      delivery = log[i];
  }
  if (!delivery) return reply;
  const answered = delivery.statuses;
  const started = Date.now();
  return new Promise((resolve) => {
    const poll = () => {
      if (answered.length > 0 || Date.now() - started >= DELIVERY_WAIT_MS) resolve(reply);
      else setTimeout(poll, 5);
    };
    poll();
  });
}

// --- A network member as the registry keeps it (networks.ts) ---

/** Fault sas-network-name-cut-at-nul: the registry's NUL-terminated lockerName. */
export function networkMemberBySetAS<T extends { lockerName?: unknown }>(app: Switches, member: T): T {
  if (!app.fault('sas-network-name-cut-at-nul') || typeof member.lockerName !== 'string') return member;
  return { ...member, lockerName: member.lockerName.split('\u0000')[0] };
}

// --- A locker as every place shows it (view-points.ts) and the groups it echoes (app.ts) ---

/**
 * Variation ok-as-activation-date-lower-case-separators: activationDate with "t" and "z" in lower case (RFC 3339
 * §5.6).
 */
export function lockerViewBySetAS(app: Switches, record: Editable): void {
  const carrier = record['carrier'];
  if (!app.fault('ok-as-activation-date-lower-case-separators') || !isObject(carrier)) return;
  if (typeof carrier['activationDate'] === 'string')
    carrier['activationDate'] = carrier['activationDate'].replace('T', 't').replace(/Z$/, 'z');
}

/**
 * The groups a record echoes: set J's echoedGroups. Variation ok-as-groups-echoed-as-key-map: one uid per type key,
 * as an object.
 */
export function echoedGroupsBySetAS(app: App, locker: StoredLocker): JsonObject[] | JsonObject {
  const groups = echoedGroups(app, locker);
  if (!app.fault('ok-as-groups-echoed-as-key-map')) return groups;
  return Object.fromEntries(groups.map((g) => [String(g['key']), g['uid'] ?? null]));
}
