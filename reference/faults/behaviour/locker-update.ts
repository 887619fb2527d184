// The faults' behaviour of a locker update (update-points.ts, locker-update.ts): the locker it acts on, its checks and
// refusals, what it writes and its answer. With its fault off each point does what the service does.
import { isDeepStrictEqual } from 'node:util';
import type { ReferenceApp } from '../../app';
import { ApiError, badRequest, notFound } from '../../errors';
import { type Editable, isObject, perApp, type StateApp, type Switches } from '../../handlers/fault-point-state';
import type { Json, JsonObject, LockerGroup, LockerRecord, LockerWriteBody, StoredLocker } from '../../model';
import type { FaultPointApp, Reply, RequestContext } from '../../request-types';
import { createSnapshots, type Features, registrations, scheduleRowsWritten, typeDefaulted } from './locker-writes';
import {
  groupSiblings,
  listedRowsOf,
  lockerVersionsOf,
  savesOf,
  sentMember,
  updatedLockersOf,
  versionBumpedAt,
} from './lockers';
import { carrierKey } from './parcels';
import {
  type App,
  dateTimeParts,
  lockerIdIndex,
  lockerIdMapOf,
  networkHolding,
  NOT_FOUND_TTL_MS,
  notFoundAtOf,
  pad,
  partitionOf,
  readModelOf,
  secondInstance,
  readModelFaultsOn,
  storageOf,
  wallClockAsUtcMs,
} from './shared';

/**
 * An update is the registration document with this request's members laid over it: what an earlier update changed
 * and this one does not send is back as registered. carrier.status lives in a table of its own and is kept.
 */
export function rebaseOnRegistration(app: Switches, locker: StoredLocker, sent: Record<string, unknown>): void {
  const registered = app.fault('se-update-rebased-on-registration') ? registrations.get(locker) : undefined;
  if (!registered) return;
  const copy = structuredClone(registered);
  const record = locker.record;
  if (sent['carrier'] === undefined) record.carrier = { ...copy.carrier, status: record.carrier.status };
  if (sent['location'] === undefined) record.location = copy.location;
  if (sent['metadata'] === undefined) record.metadata = copy.metadata;
  if (sent['features'] === undefined) record.features = copy.features;
  if (sent['lockerGroups'] === undefined) locker.lockerGroups = copy.lockerGroups;
}

/** Fault se-update-refusal-as-result: the refusals of the update's service layer (not of the schema). */
const SERVICE_REFUSALS = new Set(['DUPLICATE_GROUP_KEY', 'LOCKER_ID_TAKEN']);

/**
 * Fault se-update-refusal-as-result: the update's service layer returns its refusals as a result object, and the
 * controller writes whatever it gets with 200: a refused update is answered 200 {errorCode, message}, unchanged.
 */
export function refusedAsResult(app: Switches, check: () => void): Reply | undefined {
  if (!app.fault('se-update-refusal-as-result')) {
    check();
    return undefined;
  }
  try {
    check();
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError) || !SERVICE_REFUSALS.has(error.errorCode)) throw error;
    return { status: 200, body: { errorCode: error.errorCode, message: error.message } };
  }
}

/**
 * Fault sg-update-owner-checked-with-carrier-only: the update loads the locker by uid alone; the owner is compared in
 * the mapper of the carrier object, so an update that sends no carrier object is applied to whichever locker has the
 * uid. Answers undefined where the service's own lookup (owned lockers only) is to run.
 */
export function lockerForUpdate(app: FaultPointApp, ctx: RequestContext): StoredLocker | undefined {
  const body = ctx.body as Record<string, unknown> | undefined;
  if (!app.fault('sg-update-owner-checked-with-carrier-only') || typeof body !== 'object' || body === null) return;
  if ('carrier' in body) return undefined;
  return app.state.lockers.get(ctx.params['uid']!);
}

/** Variation ok-g-update-location-merged: the members of the stored location an update's location leaves out. */
export function locationKept(app: FaultPointApp, stored: JsonObject): JsonObject {
  return app.fault('ok-g-update-location-merged') ? stored : {};
}

/** Fault sh-update-rederives-provider-ids: the create's provider mapper run again by an update that sends carrier. */
export function providerRederived(app: FaultPointApp, record: LockerRecord): void {
  if (!app.fault('sh-update-rederives-provider-ids')) return;
  record.provider = { ...record.provider, lockerName: record.carrier.lockerName, lockerUid: `PL-${record.uid}` };
}

/** Fault sj-update-replace-drops-membership: REPLACE INTO deletes the locker row, and the delete cascades. */
export function membershipCascaded(app: FaultPointApp, locker: StoredLocker): void {
  if (!app.fault('sj-update-replace-drops-membership')) return;
  for (const network of app.state.networks.values()) network.members.delete(locker.record.uid);
}

/** Fault sj-features-or-merged: the features an update stores, OR-ed onto the stored bits (true stays true). */
export function featuresMerged(app: FaultPointApp, held: JsonObject, sent: JsonObject): JsonObject {
  if (!app.fault('sj-features-or-merged')) return sent;
  const merged = { ...sent };
  for (const [feature, value] of Object.entries(held)) if (value === true && feature in merged) merged[feature] = true;
  return merged;
}

const LONG_MAX = 2n ** 63n - 1n;

/** Fault sj-uid-parsed-as-int64: the uid parsed with Long.parseLong; an overflow escapes as a 500. */
export function checkUidAsLong(app: FaultPointApp, uid: string): void {
  if (!app.fault('sj-uid-parsed-as-int64') || !/^\d+$/.test(uid) || BigInt(uid) <= LONG_MAX) return;
  throw new ApiError(500, 'INTERNAL_ERROR', `java.lang.NumberFormatException: For input string: "${uid}"`);
}

/** Variation ok-j-locker-push-on-update: every accepted update is pushed as a LockerUpdates too. */
export function pushedOnUpdate(app: FaultPointApp): boolean {
  return app.fault('ok-j-locker-push-on-update');
}

/** Fault sl-update-coordinates-swapped: the update writes the point as ST_MakePoint(:lat, :lon), lon and lat turned. */
export function locationAsUpdated(app: FaultPointApp, location: JsonObject): JsonObject {
  if (!app.fault('sl-update-coordinates-swapped') || !('lon' in location) || !('lat' in location)) return location;
  return { ...location, lon: location['lat']!, lat: location['lon']! };
}

/** Fault sl-status-stale-lock-version: an accepted update bumps the locker's row version (@Version). */
export function rowVersionBumped(app: FaultPointApp, locker: StoredLocker): void {
  if (app.fault('sl-status-stale-lock-version')) versionBumpedAt.set(locker, Date.now());
}

/** Fault sl-update-groups-only-refused: the members the update DTO's class-level @AtLeastOneOf names. */
const AT_LEAST_ONE_OF = ['carrier', 'location', 'metadata', 'features'] as const;

/**
 * Fault sl-update-groups-only-refused: the update DTO's "at least one member" constraint was written before
 * lockerGroups was added to the update, and never given it: an update sending only lockerGroups, or nothing, is
 * refused.
 */
export function checkSomethingToUpdate(app: FaultPointApp, body: LockerWriteBody): void {
  if (!app.fault('sl-update-groups-only-refused') || AT_LEAST_ONE_OF.some((m) => body[m] !== undefined)) return;
  throw badRequest('VALIDATION_FAILED', `an update must give at least one of ${AT_LEAST_ONE_OF.join(', ')}`);
}

/**
 * Fault sn-metadata-rows-interned: metadata entries are rows of a table unique on (key, value), shared by every locker
 * that has the same entry, and an update rewrites the locker's rows in place, position by position: every other
 * locker linked to a rewritten row shows the new entry.
 */
export function rowsRewritten(app: FaultPointApp, locker: StoredLocker, sent: Json[] | undefined): void {
  if (!app.fault('sn-metadata-rows-interned') || !sent) return;
  const held = locker.record.metadata;
  for (let i = 0; i < Math.min(held.length, sent.length); i++) {
    if (isDeepStrictEqual(held[i], sent[i])) continue;
    for (const other of app.state.lockers.values()) {
      if (other === locker || !other.record.metadata.some((e) => isDeepStrictEqual(e, held[i]))) continue;
      other.record.metadata = other.record.metadata.map((e) =>
        isDeepStrictEqual(e, held[i]) ? structuredClone(sent[i]!) : e,
      );
      app.lag.written(other, other.record);
    }
  }
}

/**
 * Fault sn-update-foreign-404-no-body: the owner check of PATCH /lockers/{uid} is a method-security rule whose denial
 * handler hides the locker with response.sendError(404), past the JSON exception handler: a locker that exists and is
 * not the caller's is answered 404 with no body.
 */
export function foreignHidden(app: FaultPointApp, ctx: RequestContext): boolean {
  const locker = app.state.lockers.get(ctx.params['uid'] ?? '');
  return app.fault('sn-update-foreign-404-no-body') && !!locker && locker.record.ownedByCarrier !== ctx.carrier.name;
}

/**
 * Fault sn-update-activation-date-to-string: the update writes activation_date with a parameter built by string
 * concatenation, '' + new Date(sent), so the column holds Date.prototype.toString() in the service's zone.
 */
export function dateConcatenated(app: FaultPointApp, record: LockerRecord): void {
  const at = Date.parse(record.carrier.activationDate);
  if (app.fault('sn-update-activation-date-to-string') && !Number.isNaN(at))
    record.carrier.activationDate = '' + new Date(at);
}

/**
 * Fault sp-update-lockerid-self-collision: the update's carrier.lockerId check excludes the locker itself by comparing
 * each held uid (a string) with the path uid parsed to a number (!==), which never matches: the locker it names is
 * taken for another. Answers the uid to exclude.
 */
export function selfExcluded(app: FaultPointApp, uid: string): string | undefined {
  return app.fault('sp-update-lockerid-self-collision') ? undefined : uid;
}

/**
 * Fault sp-update-empty-groups-unhandled: the update's audit hook logs the locker's primary group as
 * lockerGroups[0].key whenever lockerGroups is sent; for an empty array it throws a TypeError outside the API's
 * exception filter, which the framework's default handler answers.
 */
export function groupsAuditFails(app: FaultPointApp, body: LockerWriteBody): boolean {
  return app.fault('sp-update-empty-groups-unhandled') && body.lockerGroups?.length === 0;
}

/** Fault sp-update-empty-groups-unhandled: the framework's default answer to an unhandled error. */
export function frameworkError(): Reply {
  return { status: 500, body: { statusCode: 500, message: 'Internal server error' } };
}

/**
 * Fault sr-update-unchanged-304 and sr-update-answers-before-image: the locker as the update loaded it, before any
 * change (the dirty check's baseline, the audit log's before-image); undefined when neither fault is on.
 */
export function updateBaseline(app: FaultPointApp, locker: StoredLocker): StoredLocker | undefined {
  if (!app.fault('sr-update-unchanged-304') && !app.fault('sr-update-answers-before-image')) return undefined;
  return structuredClone(locker);
}

/**
 * Fault sr-update-unchanged-304: an update the ORM's dirty check finds no change in is answered 304 Not Modified, with
 * no body. Fault sr-update-answers-before-image: the answer is the audit log's before-image, the locker as loaded.
 * Undefined: the answer the update writes as it is.
 */
export function updateAnswerOverride(
  app: FaultPointApp,
  locker: StoredLocker,
  baseline: StoredLocker | undefined,
  view: (locker: StoredLocker) => unknown,
): Reply | undefined {
  if (!baseline) return undefined;
  const same = JSON.stringify(baseline) === JSON.stringify(locker);
  if (app.fault('sr-update-unchanged-304') && same) return { status: 304 };
  if (app.fault('sr-update-answers-before-image')) return { status: 200, body: view(baseline) };
  return undefined;
}

/** Fault sr-renamed-locker-unreachable: each locker's carrier.lockerName when it went into the owner's locker set. */
const hashedAs = new WeakMap<StoredLocker, string>();

/**
 * Fault sr-renamed-locker-unreachable: the carrier's lockers are held in a hash set whose hash covers
 * carrier.lockerName, taken when the locker went in; after a rename the locker sits in the bucket of its old name,
 * contains() misses it, and the ownership check of PATCH /lockers/{uid} and PATCH /lockers/status answers 404.
 */
export function checkStillInOwnerSet(app: FaultPointApp, locker: StoredLocker, uid: string): void {
  if (!app.fault('sr-renamed-locker-unreachable')) return;
  const name = locker.record.carrier.lockerName;
  if (!hashedAs.has(locker)) hashedAs.set(locker, name);
  if (hashedAs.get(locker) !== name) throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
}

/**
 * Fault sr-update-location-refused-with-bookings: a guard written so that a locker holding parcels is not moved refuses
 * every update that sends location while the locker holds a BOOKED parcel, whatever the location sent.
 */
export function checkNotMovedWithBookings(app: FaultPointApp, locker: StoredLocker, body: LockerWriteBody): void {
  if (!app.fault('sr-update-location-refused-with-bookings') || body.location === undefined) return;
  const uid = locker.record.uid;
  if (app.state.parcels.some((p) => p.record.lockerUid === uid && p.record.shipmentStatus === 'BOOKED'))
    throw new ApiError(409, 'LOCKER_IN_USE', `locker "${uid}" holds booked parcels and cannot be moved`);
}

/**
 * The update request as this fault and variation take it. Fault st-update-features-jsonb-set-no-create: features are
 * a JSONB document stored through jsonb_strip_nulls, and an update writes each sent member with jsonb_set(features,
 * path, value, false), create_missing false: a member the locker holds null (absent from the document) is never
 * written. Variation ok-t-location-type-unknown: as on create.
 */
export function featuresJsonbSetNoCreate(app: ReferenceApp, record: LockerRecord, body: LockerWriteBody): void {
  typeDefaulted(app, body);
  if (!app.fault('st-update-features-jsonb-set-no-create') || !body.features) return;
  const sent = body.features;
  body.features = Object.fromEntries(
    Object.entries(record.features ?? {}).map(([k, v]) => [k, v === null || !(k in sent) ? v : sent[k]!]),
  );
}

/** Fault st-update-group-upsert-201: the group uids a locker holds before the update (undefined: fault off). */
export function groupUidsHeld(app: ReferenceApp, locker: StoredLocker): Set<string> | undefined {
  return app.fault('st-update-group-upsert-201') ? new Set(locker.lockerGroups.map((g) => g.uid)) : undefined;
}

/**
 * Fault st-update-group-upsert-201: the lockerGroups assignments are saved with an upsert whose result says whether it
 * inserted rows, and the controller answers `created ? 201 : 200`: an update giving the locker a group it did not
 * hold is answered 201. Undefined: the answer the update writes as it is.
 */
export function upsertAnswer(
  held: Set<string> | undefined,
  body: LockerWriteBody,
  view: () => unknown,
): Reply | undefined {
  return held && body.lockerGroups?.some((g) => !held.has(g.uid)) ? { status: 201, body: view() } : undefined;
}

/**
 * Fault sv-update-groups-carried-twice: the group rows copied to the locker's next version by INSERT ... SELECT and by
 * the collection carried over: each update without lockerGroups adds a copy of every group held.
 */
export function groupsCarriedForward(app: FaultPointApp, locker: StoredLocker, body: LockerWriteBody): void {
  if (!app.fault('sv-update-groups-carried-twice') || body.lockerGroups) return;
  const distinct = [...new Map(locker.lockerGroups.map((g) => [g.uid, g])).values()];
  locker.lockerGroups = [...locker.lockerGroups, ...distinct.map((g) => ({ ...g }))];
}

/** Fault sv-update-dual-write-v10-members: an update sending carrier also writes the 1.0 members (dual write). */
export function dualWritten(app: FaultPointApp, record: LockerRecord): void {
  if (!app.fault('sv-update-dual-write-v10-members')) return;
  Object.assign(record.carrier, { name: record.carrier.lockerName });
  const { name, lockerModel, lockerVersion } = record.provider;
  Object.assign(record.provider, { providerName: name, lockerModelVersion: `${lockerModel} ${lockerVersion}` });
}

/**
 * Fault saa-groups-kept-in-metadata-rows: the group assignments are rows of the attribute table the metadata lives
 * in, so an update that replaces the metadata (and sends no lockerGroups) deletes them with it.
 */
export function groupRowsWithMetadata(app: FaultPointApp, locker: StoredLocker, body: LockerWriteBody): void {
  if (!app.fault('saa-groups-kept-in-metadata-rows')) return;
  if (body.metadata !== undefined && body.lockerGroups === undefined) locker.lockerGroups = [];
}

/**
 * The features an update stores (`next`). Fault sal-default-features-shared-instance: applied member by member onto
 * the object the locker holds.
 */
export function updatedFeatures(
  app: Switches,
  held: LockerRecord['features'],
  next: LockerRecord['features'],
): LockerRecord['features'] {
  if (!app.fault('sal-default-features-shared-instance')) return next;
  return Object.assign(held, next);
}

/**
 * The group check of an update. Fault sal-group-refusal-restores-create-snapshot: on its refusal the locker is put
 * back as the session cache took it at its create.
 */
export function groupRefusalRestoresSnapshot(app: Switches, locker: StoredLocker, check: () => void): void {
  try {
    check();
  } catch (error) {
    const snapshot = createSnapshots.get(locker);
    if (snapshot && app.fault('sal-group-refusal-restores-create-snapshot')) {
      locker.record = structuredClone(snapshot.record);
      locker.lockerGroups = structuredClone(snapshot.lockerGroups);
    }
    throw error;
  }
}

/**
 * The metadata an update stores, from the entries sent. Fault sal-metadata-null-value-coalesced: an entry sent with
 * value null keeps the value the locker's entry of that key has.
 */
export function metadataToStore(app: Switches, held: Json[], sent: Json[]): Json[] {
  if (!app.fault('sal-metadata-null-value-coalesced')) return sent;
  type Entry = { key?: Json; value?: Json };
  const values = new Map<string, Json>();
  for (const entry of held as Entry[])
    if (typeof entry?.key === 'string' && typeof entry.value === 'string') values.set(entry.key, entry.value);
  return sent.map((entry) => {
    const e = entry as Entry;
    const kept = typeof e?.key === 'string' && e.value === null ? values.get(e.key) : undefined;
    return kept === undefined ? entry : { ...(entry as object), value: kept };
  });
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
export function uniqueViolationRefusal(app: Switches, checked: () => Reply | undefined): Reply | undefined {
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
export function metadataRowsByPosition(app: Switches, held: Json[], sent: Json[]): Json[] {
  if (!app.fault('sam-metadata-rows-by-position') || sent.length === 0 || held.length <= sent.length) return sent;
  return [...sent, ...structuredClone(held.slice(sent.length))];
}

/**
 * The carrier.lockerName an update stores, from the one the locker had (`held`) and the one sent. Fault
 * sam-rename-collation-dirty-check: a rename is sent to the provider and written only when the name changed, compared
 * as the provider's collation compares names (letter case and accents aside), so a new name that differs from the held
 * one only so is not written.
 */
export function renameCollationDirtyCheck(app: Switches, held: string, sent: string): string {
  if (!app.fault('sam-rename-collation-dirty-check') || held === sent) return sent;
  return held.localeCompare(sent, 'de', { sensitivity: 'base' }) === 0 ? held : sent;
}

// --- An update, a status change (locker-update.ts) ---

/** Fault san-update-metadata-chunk-off-by-one: the rows the driver writes in one batch. */
const METADATA_CHUNK = 25;

/** The metadata entries an update writes. Fault san-update-metadata-chunk-off-by-one: chunks of 25, cut at 24. */
export function metadataChunkedOffByOne(app: Switches, entries: Json[]): Json[] {
  if (!app.fault('san-update-metadata-chunk-off-by-one')) return entries;
  const rows: Json[] = [];
  for (let i = 0; i < entries.length; i += METADATA_CHUNK) rows.push(...entries.slice(i, i + METADATA_CHUNK - 1));
  return rows;
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
export function updatedActivationColumns(app: Switches, held: string, kept: string): string {
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

/**
 * The 200 record of an update, edited in place. Fault sap-attribute-update-answer-v10-provider: an update sending
 * neither carrier nor location is answered by the 1.0 attributes handler's mapper, provider in its 1.0 form.
 */
export function updateAnswerV10Provider(app: Switches, sent: LockerWriteBody, view: Editable): void {
  const provider = view['provider'];
  if (app.fault('sap-attribute-update-answer-v10-provider') && !sent.carrier && !sent.location && isObject(provider)) {
    const { name, lockerModel, lockerVersion, ...rest } = provider;
    view['provider'] = { providerName: name, lockerModelVersion: `${lockerModel} ${lockerVersion}`, ...rest };
  }
  updateAnswerGroupsWhenSent(app, sent, view);
}

/** An update's 200 record. Variation ok-ap-update-answer-groups-only-when-sent: groups echoed only when sent. */
export function updateAnswerGroupsWhenSent(app: Switches, sent: LockerWriteBody, view: Editable): void {
  if (app.fault('ok-ap-update-answer-groups-only-when-sent') && sent.lockerGroups === undefined)
    delete view['lockerGroups'];
}

/** Fault saq-update-instance-local-cache: each instance reloads its locker cache at every such boundary. */
const CACHE_RELOAD_MS = 2000;

/** Fault saq-group-events-reordered-across-partitions: how long the unassignment takes to be consumed. */
const UNASSIGN_LAG_MS = 300;

// --- An update (locker-update.ts applyUpdate) ---

/**
 * The locker an update acts on, `locker` as found. Fault saq-update-instance-local-cache: the instance serving the
 * update does not know a locker the other created since its last reload (404). The update's time is kept for fault
 * saq-provider-sync-reverts-rename.
 */
export function updateInstanceCache(app: App, locker: StoredLocker): StoredLocker {
  if (!readModelFaultsOn(app)) return locker;
  const state = readModelOf(app);
  const now = Date.now();
  state.updatedAt.set(locker, now);
  if (app.fault('saq-update-instance-local-cache')) {
    const instance = state.updates++ % 2;
    const created = state.created.get(locker);
    const reloaded = created ? Math.floor(created.at / CACHE_RELOAD_MS) * CACHE_RELOAD_MS + CACHE_RELOAD_MS : 0;
    if (created && instance !== created.instance && now < reloaded)
      throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${locker.record.uid}"`);
  }
  return locker;
}

/**
 * The groups an update stores, `next` those sent. Fault saq-group-events-reordered-across-partitions: a held group of
 * a key sent with another uid on another partition stays beside it until its unassignment is consumed.
 */
export function groupEventsAcrossPartitions(app: App, locker: StoredLocker, next: LockerGroup[]): LockerGroup[] {
  if (!app.fault('saq-group-events-reordered-across-partitions')) return next;
  const stale = locker.lockerGroups.filter((held) =>
    next.some((g) => g.key === held.key && g.uid !== held.uid && partitionOf(g.uid, 4) !== partitionOf(held.uid, 4)),
  );
  if (stale.length === 0) return next;
  setTimeout(() => {
    locker.lockerGroups = locker.lockerGroups.filter((g) => !stale.includes(g));
    app.lag.written(locker, locker.record);
  }, UNASSIGN_LAG_MS).unref();
  return [...next, ...stale];
}

// --- An update's attributes (locker-update.ts) ---

/**
 * The features an update applies: those sent. Fault sas-update-features-skipped-beside-metadata: the attribute
 * sections go through an if / else-if chain, so features sent beside metadata are not applied.
 */
export function featuresSkippedBesideMetadata(app: Switches, body: LockerWriteBody): LockerWriteBody['features'] {
  if (app.fault('sas-update-features-skipped-beside-metadata') && body.metadata !== undefined) return undefined;
  return body.features;
}

/**
 * The opening hours an update that sends some writes: `written`. Fault sas-update-hours-held-over-sent: { ...sent,
 * ...held }, the held members winning.
 */
export function updatedHoursHeldOverSent(
  app: Switches,
  held: JsonObject,
  sent: JsonObject,
  written: JsonObject,
): JsonObject {
  const hours = app.fault('sas-update-hours-held-over-sent') ? structuredClone({ ...sent, ...held }) : written;
  return scheduleRowsWritten(app, hours);
}

/** Fault sav-update-shard-modulus-grows: lockers per shard, the shard count growing with the table. */
const ROWS_PER_SHARD = 32;
const shardsFor = (rows: number) => BigInt(Math.max(1, Math.ceil(rows / ROWS_PER_SHARD)));

/**
 * Fault sav-update-shard-modulus-grows: the locker service shards its rows by `uid % shards`, a shard per 32 rows, and
 * a row stays in the shard it was written to while the lookup of PATCH /lockers/{uid} asks the shard the current count
 * gives: a locker written when the table had another shard count is not found where the two moduli differ. Throws the
 * 404 of an unknown uid there.
 */
export function shardLookupByCount(app: StateApp, ctx: RequestContext): undefined {
  if (!app.fault('sav-update-shard-modulus-grows')) return undefined;
  const uid = ctx.params['uid'] ?? '';
  const locker = app.state.ownedLocker(ctx.carrier.name, uid);
  if (!locker || !/^\d+$/.test(uid)) return undefined;
  let row = 0;
  for (const held of app.state.lockers.values()) {
    row++;
    if (held === locker) break;
  }
  const written = shardsFor(row);
  const now = shardsFor(app.state.lockers.size);
  if (BigInt(uid) % written === BigInt(uid) % now) return undefined;
  throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
}

// --- An update (update-points.ts) ---

/**
 * The locker an update is applied to: the one the path names (`locker`, its ownership checked). Fault
 * saw-update-body-uid-over-path: the command is { ...params, ...body }, so a body's uid of another locker wins.
 */
export function updateBodyUidOverPath(app: StateApp, ctx: RequestContext, locker: StoredLocker): StoredLocker {
  if (!app.fault('saw-update-body-uid-over-path')) return locker;
  const uid = sentMember(ctx, 'uid');
  if (typeof uid !== 'string' || uid === locker.record.uid) return locker;
  return app.state.lockers.get(uid) ?? locker;
}

/** Fault sax-update-answer-activation-hh-clock: yyyy-MM-dd'T'hh:mm:ss.SSSXXX in UTC, hh the hour of the half day. */
function halfDayClock(dateTime: string): string {
  const at = new Date(Date.parse(dateTime));
  if (Number.isNaN(at.getTime())) return dateTime;
  const hour = at.getUTCHours() % 12 || 12;
  return (
    `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}` +
    `T${pad(hour)}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}.${pad(at.getUTCMilliseconds(), 3)}Z`
  );
}

/** The 200 record of an update, edited in place (fault sax-update-answer-activation-hh-clock). */
export function updateAnswerHalfDayClock(app: Switches, view: object): void {
  const carrier = (view as Editable)['carrier'];
  if (!app.fault('sax-update-answer-activation-hh-clock') || !isObject(carrier)) return;
  if (typeof carrier['activationDate'] === 'string')
    (view as Editable)['carrier'] = { ...carrier, activationDate: halfDayClock(carrier['activationDate']) };
}

// --- An update's checks, features and answer (update-points.ts), its group check (locker-update.ts) ---

/** The members the locker record's Location always carries: the create table's, and type. */
const RECORD_LOCATION_MEMBERS = ['street', 'streetNumber', 'postalCode', 'city', 'lon', 'lat', 'countryCode', 'type'];

/**
 * Fault say-update-location-checked-as-record: the update's DTO reuses the locker record's Location model (the
 * response's), whose members are all written, so a location sent without type is refused; the create has a request
 * model of its own.
 */
export function locationCheckedAsRecord(app: Switches, body: LockerWriteBody): void {
  if (!app.fault('say-update-location-checked-as-record') || !isObject(body.location)) return;
  const missing = RECORD_LOCATION_MEMBERS.find((m) => body.location![m] === undefined);
  if (missing) throw badRequest('VALIDATION_FAILED', `/location/${missing} is required`);
}

/**
 * The features an update writes, from those it was sent. Fault say-update-barcode-reader-from-pin-pad: the update's
 * hand-written mapper copies each member sent, and its hasPinBarcodeReader line reads hasPinPad.
 */
export function barcodeReaderFromPinPad(app: Switches, sent: LockerWriteBody['features']): LockerWriteBody['features'] {
  if (!app.fault('say-update-barcode-reader-from-pin-pad') || !sent || sent['hasPinBarcodeReader'] === undefined)
    return sent;
  return { ...sent, hasPinBarcodeReader: sent['hasPinPad'] ?? null };
}

/** Fault say-update-groups-check-left-in-create: the update assigns its groups with no unique-key check. */
export function groupsCheckLeftInCreate(app: Switches, groups: LockerGroup[] | undefined): LockerGroup[] | undefined {
  return app.fault('say-update-groups-check-left-in-create') ? undefined : groups;
}

/** Features as a create without any writes them. */
const CREATE_DEFAULT_FEATURES = { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null };

/**
 * The 200 record of an update, edited in place.
 * - Fault say-update-answer-create-defaults: the answer is assembled by the create's response assembler, which takes
 *   metadata and features from the request (after an insert the entity's collections are not loaded), with the
 *   create's defaults where the request has none.
 * - Variation ok-ay-update-answer-groups-by-key: the groups the answer echoes, ordered by key.
 */
export function updateAnswerByCreateAssembler(app: Switches, sent: LockerWriteBody, view: Editable): void {
  if (app.fault('say-update-answer-create-defaults')) {
    view['metadata'] = structuredClone(sent.metadata ?? []);
    view['features'] = structuredClone(sent.features ?? CREATE_DEFAULT_FEATURES);
  }
  const groups = view['lockerGroups'];
  if (app.fault('ok-ay-update-answer-groups-by-key') && Array.isArray(groups))
    view['lockerGroups'] = [...groups].sort((a: Editable, b: Editable) =>
      String(a['key']).localeCompare(String(b['key'])),
    );
}

// --- An update, once its checks passed and before the record is written (update-points.ts beforeWrite) ---

/** A JSON value's text with object members in key order: two locations alike whatever order their members came in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );

/**
 * - Fault saz-list-address-history-unfiltered: a new location closes the current address row.
 * - Fault saz-metadata-json-mutated-in-place: metadata sent to a locker that holds entries is cleared and refilled in
 *   the held list, which the dirty check then finds unchanged: the answer shows the entries sent, the row keeps the
 *   held ones (put back once the request is answered).
 */
export function addressAndMetadataRowsWritten(app: Switches, locker: StoredLocker, body: LockerWriteBody): void {
  const held = locker.record;
  if (
    app.fault('saz-list-address-history-unfiltered') &&
    body.location !== undefined &&
    canonical(body.location) !== canonical(held.location)
  ) {
    const closed = storageOf(app).closedAddresses;
    closed.set(held.uid, [...(closed.get(held.uid) ?? []), structuredClone(held.location)]);
  }
  if (app.fault('saz-metadata-json-mutated-in-place') && body.metadata !== undefined && held.metadata.length > 0) {
    const kept = structuredClone(held.metadata);
    // The request is answered synchronously; the row as the database kept it is what the next request reads.
    queueMicrotask(() => {
      locker.record.metadata = kept;
    });
  }
}

// --- The update (update-points.ts) ---

const UPDATE_MEMBERS = ['carrier', 'location', 'metadata', 'features', 'lockerGroups'] as const;

/**
 * The update body as validated. Variation ok-ba-update-null-members-omitted: a member sent null (let through by its
 * `relax`) is read as one left out.
 */
export function nullMembersOmitted(app: Switches, body: LockerWriteBody): LockerWriteBody {
  if (!app.fault('ok-ba-update-null-members-omitted')) return body;
  const editable = body as Editable;
  for (const member of UPDATE_MEMBERS) if (editable[member] === null) delete editable[member];
  return body;
}

/** A value bound into a text column: text and null as they are, an object as its JSON, anything else as its text. */
function asText(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'string') return value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The metadata an update writes: the entries sent. Fault sba-update-metadata-items-tuple: the entries after the first
 * were never checked (the validation errors let through) and are bound into the metadata table's text columns.
 */
export function metadataItemsAsTuple(app: Switches, sent: Json[]): Json[] {
  if (!app.fault('sba-update-metadata-items-tuple')) return sent;
  return sent.map((entry, i): Json => {
    if (i === 0) return entry;
    if (!isObject(entry)) return { key: null, value: null };
    const bound: Editable = { ...entry };
    for (const member of ['key', 'value']) if (member in bound) bound[member] = asText(bound[member]);
    return bound as Json;
  });
}

/** The features an update writes: those sent. Variation ok-ba-update-features-merged: copied onto the held ones. */
export function featuresMergedOnUpdate(app: Switches, held: Features, sent: Features): Features {
  return app.fault('ok-ba-update-features-merged') ? { ...held, ...sent } : sent;
}

/**
 * The 200 record of an update, edited in place. Fault sba-update-answer-raw-body-spread: { ...record, ...req.body },
 * the raw body spread last.
 */
export function updateAnswerRawBodySpread(app: Switches, raw: unknown, view: object): void {
  if (app.fault('sba-update-answer-raw-body-spread') && isObject(raw)) Object.assign(view, raw);
}

// --- PATCH /lockers/status (locker-update.ts) and a cancellation's answer (cancel-points.ts) ---

/**
 * Whether a status change asking for the status a locker has is answered 200 with the record rather than refused 409.
 * Variation ok-bb-status-unchanged-per-release: the pods of the new release, taking every second request, answer it
 * 200 (the others keep the 409).
 */
export function unchangedStatusPerRelease(app: Switches): boolean {
  return app.fault('ok-bb-status-unchanged-per-release') && secondInstance(app, 'status-release');
}

// --- An update's location (update-points.ts location) ---

/**
 * The location an update writes (`written`), from the one held and the one sent.
 * - Fault sbc-update-zero-coordinate-kept: the point is moved only `if (sent.lon && sent.lat)`.
 */
export function locationMovedIfCoordinatesTruthy(
  app: Switches,
  held: JsonObject,
  sent: JsonObject,
  written: JsonObject,
): JsonObject {
  if (!app.fault('sbc-update-zero-coordinate-kept') || (sent['lon'] && sent['lat'])) return written;
  return { ...written, lon: held['lon'] ?? null, lat: held['lat'] ?? null };
}

// --- An update: the row it starts from, its save and its answer (update-points.ts beforeWrite, written, answered) ---

/**
 * An update about to write its members (its checks passed). Fault sbd-attribute-update-based-on-list-cache: an update
 * sending neither carrier nor location (metadata, features, lockerGroups or openingHours alone: the portal's attribute
 * edits, the common request) takes the fast path, which writes the whole locker row from the entity cache with the
 * members sent applied, the status column left out; the cache takes each locker as GET /lockers reads it, and the full
 * update path (carrier or location sent) writes the row without refreshing it: after a list, an update of carrier or
 * location and then an attribute update, the locker is answered and listed with the carrier and location it had at
 * the list, the change between lost.
 */
export function attributeUpdateFromListCache(app: Switches, locker: StoredLocker, body: LockerWriteBody): void {
  if (!app.fault('sbd-attribute-update-based-on-list-cache') || body.carrier || body.location) return;
  const rows = listedRowsOf(app);
  const cached = rows.get(locker);
  if (!cached) return;
  const status = locker.record.carrier.status;
  locker.record = { ...structuredClone(cached), carrier: { ...structuredClone(cached.carrier), status } };
  rows.delete(locker);
}

/** Fault sbd-groups-reloaded-from-update-table: the group rows the update path wrote for each locker. */
const groupRowTables = new WeakMap<object, WeakMap<StoredLocker, LockerGroup[]>>();

/**
 * An update written (the repository's save), after every member is.
 * - Fault sbd-list-render-memo-status-write-bypass: the save hook evicts the locker's rendered record.
 * - Fault sbd-groups-reloaded-from-update-table: the group assignments are read through a cache that the create fills
 *   with the groups it was sent, without writing the group table, which only the update path writes (an update
 *   sending lockerGroups writes the table and the cache); the save hook of an update that sends none evicts the
 *   locker's cache entries, and the groups are read back from the table: none, for a locker whose groups came with its
 *   create.
 * - Fault sbd-by-tenant-map-same-id-dropped: the by-tenant path's lockerId map (carrier.lockerId to uid, in front of
 *   the table) is kept by the save hook of an update sending carrier, `map.set(new, uid); map.delete(old)`: where the
 *   update sends the lockerId the locker already has (a rename sending the carrier object whole), the entry just set
 *   is deleted.
 */
export function updateSaveHook(app: Switches, locker: StoredLocker, body: LockerWriteBody): void {
  if (app.fault('sbd-list-render-memo-status-write-bypass')) {
    const saves = savesOf(app);
    saves.set(locker, (saves.get(locker) ?? 0) + 1);
  }
  if (app.fault('sbd-groups-reloaded-from-update-table')) {
    const groupRows = perApp(groupRowTables, app, () => new WeakMap<StoredLocker, LockerGroup[]>());
    if (body.lockerGroups) groupRows.set(locker, structuredClone(locker.lockerGroups));
    else locker.lockerGroups = structuredClone(groupRows.get(locker) ?? []);
  }
  if (app.fault('sbd-by-tenant-map-same-id-dropped') && body.carrier) {
    const idMap = lockerIdMapOf(app);
    const held = idMap.get(locker);
    const before = held?.last ?? locker.createdAs ?? locker.record.carrier.lockerId;
    const now = locker.record.carrier.lockerId;
    // map.set(now, uid), then map.delete(before): the same key when the id did not change.
    idMap.set(locker, { indexed: before === now ? null : now, last: now });
  }
}

/**
 * The 200 record of an update, edited in place. Fault sbd-update-answer-lazy-features-default: the answer is mapped
 * after the transaction from the entity, whose features embeddable is fetched lazily; an update that sends no features
 * never touches it, and the mapper reads the uninitialized proxy's defaults: features all null in the answer, while the
 * locker keeps its features (GET /lockers shows them).
 */
export function updateAnswerLazyFeatures(app: Switches, body: LockerWriteBody, view: Editable): void {
  if (!app.fault('sbd-update-answer-lazy-features-default') || body.features !== undefined) return;
  view['features'] = { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null };
}

// --- An update's 404, as the edge keeps it (update-points.ts unknown, lookupPoints byUid) ---

/**
 * An update's path uid named no locker of the carrier: the 404 remembered by the edge (fault
 * sbd-not-found-cached-without-body). A status change's uid, in its body, is not a route the edge caches.
 */
export function updateNotFoundKeptByEdge(app: Switches, ctx: RequestContext, uid: string): void {
  if (app.fault('sbd-not-found-cached-without-body') && ctx.params['uid'] === uid)
    notFoundAtOf(app).set(`update ${ctx.carrier.name} ${uid}`, Date.now());
}

/** An update answered by the edge before the service sees it: a 404 it keeps, without its body. */
export function updateAnsweredFromEdgeCache(app: StateApp, ctx: RequestContext): Reply | undefined {
  if (!app.fault('sbd-not-found-cached-without-body')) return undefined;
  const uid = ctx.params['uid'] ?? '';
  const last = notFoundAtOf(app).get(`update ${ctx.carrier.name} ${uid}`);
  if (last === undefined || Date.now() - last >= NOT_FOUND_TTL_MS) return undefined;
  return app.state.ownedLocker(ctx.carrier.name, uid) ? undefined : { status: 404 };
}

// --- An update's body, as the audit middleware leaves it (locker-update.ts) ---

/** Fault sbf-update-audit-redacts-key-members: the member names the audit redactor masks, in lower case. */
const SECRET_MEMBERS = new Set(['apikey', 'x-api-key', 'key', 'secret', 'token', 'password']);

/** Fault sbf-update-audit-redacts-key-members: the secrets of a value masked in place, at every depth. */
function redactedInPlace(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) redactedInPlace(item);
    return;
  }
  if (!isObject(value)) return;
  for (const [name, member] of Object.entries(value)) {
    if (SECRET_MEMBERS.has(name.toLowerCase()) && typeof member === 'string') value[name] = '[REDACTED]';
    else redactedInPlace(member);
  }
}

/**
 * Fault sbf-update-audit-redacts-key-members: the update's audit middleware masks the secrets of the body it logs, on
 * the body the handler then reads. The body as sent where the fault is off.
 */
export function auditRedacted<T>(app: Switches, body: T): T {
  if (app.fault('sbf-update-audit-redacts-key-members')) redactedInPlace(body);
  return body;
}

// --- An update, once its checks passed and before the record is written (update-points.ts beforeWrite) ---

/**
 * Fault sbg-network-member-update-location-only: an update of a network member that sends location is saved through
 * the network registry's client, which stores the location alone; the other members sent change the entity the answer
 * is written from, and are gone once it is answered.
 */
export function networkMemberLocationOnly(app: FaultPointApp, locker: StoredLocker, body: LockerWriteBody): void {
  if (!app.fault('sbg-network-member-update-location-only') || !body.location) return;
  if (!networkHolding(app, locker.record.uid, locker.record.ownedByCarrier)) return;
  const others = (['carrier', 'metadata', 'features', 'openingHours'] as const).filter((m) => body[m] !== undefined);
  if (others.length === 0 && body.lockerGroups === undefined) return;
  const held = structuredClone(locker.record);
  const heldGroups = structuredClone(locker.lockerGroups);
  queueMicrotask(() => {
    const record = locker.record as unknown as Editable;
    for (const member of others) record[member] = (held as unknown as Editable)[member];
    if (body.lockerGroups !== undefined) locker.lockerGroups = heldGroups;
    app.lag.written(locker, locker.record);
  });
}

// --- An update written (update-points.ts written) ---

/**
 * Once an update is written: fault sbg-group-metadata-to-siblings (the metadata sent is the group's, written to every
 * locker of the carrier sharing a group with it); what faults sbg-trigger-after-update-locker-unknown and
 * sbg-parcels-of-updated-locker-unlisted read later (the locker was updated, its version).
 */
export function versionCountedAndMetadataToSiblings(
  app: FaultPointApp,
  locker: StoredLocker,
  body: LockerWriteBody,
): void {
  updatedLockersOf(app).add(locker);
  const versions = lockerVersionsOf(app);
  versions.set(locker, (versions.get(locker) ?? 0) + 1);
  if (!app.fault('sbg-group-metadata-to-siblings') || body.metadata === undefined) return;
  for (const sibling of groupSiblings(app, locker)) {
    sibling.record.metadata = structuredClone(locker.record.metadata);
    app.lag.written(sibling, sibling.record);
  }
}

// --- An update's lockerId check (locker-update.ts updateLocker) ---

/**
 * Fault sbh-by-tenant-index-moved-by-refused-update: the update writes the locker-id index entry of the
 * carrier.lockerId it sends before the uniqueness check (`check`) and rewrites the index from the table on commit
 * only: a refused update leaves the entry pointing at its locker.
 */
export function lockerIdIndexedBeforeCheck(
  app: Switches,
  carrier: string,
  locker: StoredLocker,
  lockerId: string,
  check: () => void,
): void {
  if (!app.fault('sbh-by-tenant-index-moved-by-refused-update')) return check();
  const index = perApp(lockerIdIndex, app, () => new Map<string, string>());
  index.set(carrierKey(carrier, lockerId), locker.record.uid);
  check();
  index.delete(carrierKey(carrier, lockerId)); // committed: the entry is the table's again
}
