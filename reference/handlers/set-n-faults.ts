// The points where the faults and variations of set N change the locker, list, network and push paths:
// each function does what the service does when its fault is off (nothing, or the value as given) and the fault's
// behaviour when it is on. The lines that call them are in server.ts, app.ts, lockers.ts, locker-update.ts,
// locker-stored.ts and networks.ts.
import type { ServerResponse } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { badRequest, notFound } from '../errors';
import type { Json, JsonObject, LockerRecord, LockerWriteBody, Network, StoredLocker } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';

/** Fault sn-locker-answers-xssi-prefix: what the anti-JSON-hijacking filter of the locker router writes first. */
const XSSI_PREFIX = ")]}',\n";
const GUARDED_ROUTES = new Set(['/lockers', '/lockers/providers']);

/**
 * Fault sn-locker-answers-xssi-prefix: the locker router's anti-JSON-hijacking filter prefixes every GET answer whose
 * body is a top-level JSON array with )]}', and a line break (the guard Angular's HttpClient strips).
 */
export function xssiGuarded(app: FaultPointApp, method: string | undefined, reply: Reply & { route?: string }) {
  const guarded = method === 'GET' && GUARDED_ROUTES.has(reply.route ?? '') && Array.isArray(reply.body);
  return app.fault('sn-locker-answers-xssi-prefix') && guarded;
}

/** Fault sn-locker-answers-xssi-prefix: the guarded answer, prefix and JSON, as the filter writes it. */
export function sendXssiGuarded(res: ServerResponse, reply: Reply): void {
  const payload = XSSI_PREFIX + JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Every string of a parsed body trimmed, as a trimming string deserializer binds it. */
function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimmed(v)]));
}

/**
 * Fault sn-strings-trimmed-on-bind: the JSON binder of the locker endpoints has a global string deserializer that
 * trims every string it binds (registered for the portal's forms): the body the service acts on is trimmed.
 */
export function trimmedOnBind(app: FaultPointApp, operationId: string, body: unknown): unknown {
  const lockerWrite = operationId === 'createLocker' || operationId === 'updateLocker';
  return app.fault('sn-strings-trimmed-on-bind') && lockerWrite ? trimmed(body) : body;
}

/**
 * Fault sn-barcode-reader-unmapped: the entity names the member hasPinBarCodeReader, the request DTO
 * hasPinBarcodeReader, and the mapper ignores unmapped targets: the stored locker never gets it.
 */
export function readerUnmapped(app: FaultPointApp, features: JsonObject): void {
  if (app.fault('sn-barcode-reader-unmapped')) features['hasPinBarcodeReader'] = null;
}

/** Fault sn-barcode-reader-unmapped: the create answer is built from the request DTO and the new uid, not the row. */
export function answeredAsSent(app: FaultPointApp, body: LockerWriteBody, reply: Reply): Reply {
  const sent = body.features?.['hasPinBarcodeReader'];
  if (!app.fault('sn-barcode-reader-unmapped') || sent === undefined) return reply;
  const answer = reply.body as LockerRecord;
  return { ...reply, body: { ...answer, features: { ...answer.features, hasPinBarcodeReader: sent } } };
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

/** Fault sn-locker-push-outbox-column-limit: the outbox's payload column, VARCHAR2(2000 BYTE). */
const OUTBOX_PAYLOAD_BYTES = 2000;

/**
 * A LockerUpdates body as set N's faults write it; false where it is not sent.
 * Fault sn-locker-push-metadata-map: the locker event schema (Avro) models metadata as map<string, string>, so the push
 * carries it as an object keyed by key (a null key written "null", a later entry of a key over an earlier one).
 * Fault sn-locker-push-outbox-column-limit: a payload longer than the outbox column fails its insert, which the
 * publisher logs and swallows: the event is never sent.
 */
export function setNLockerPush(app: FaultPointApp, body: Record<string, unknown>): boolean {
  const metadata = body['metadata'];
  if (app.fault('sn-locker-push-metadata-map') && Array.isArray(metadata))
    body['metadata'] = Object.fromEntries(metadata.map((e: JsonObject) => [String(e['key']), e['value'] ?? null]));
  return (
    !app.fault('sn-locker-push-outbox-column-limit') || Buffer.byteLength(JSON.stringify(body)) <= OUTBOX_PAYLOAD_BYTES
  );
}

/**
 * Fault sn-list-empty-as-404: the locker query service throws its not-found exception on an empty result (the habit of
 * its single-record finders), which the controller answers 404.
 */
export function checkAnyFound(app: FaultPointApp, found: readonly unknown[]): void {
  if (app.fault('sn-list-empty-as-404') && found.length === 0)
    throw notFound('LOCKERS_NOT_FOUND', 'no locker matches the query');
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

/** Fault sn-metadata-five-slots: the legacy locker table's metadata columns, meta_key_1/meta_value_1 to _5. */
const METADATA_SLOTS = 5;

/** Fault sn-metadata-five-slots: metadata written to the five slot column pairs; entries past the fifth are dropped. */
export function inMetadataSlots(app: FaultPointApp, metadata: Json[]): Json[] {
  return app.fault('sn-metadata-five-slots') ? metadata.slice(0, METADATA_SLOTS) : metadata;
}

/**
 * Fault sn-network-answer-zipped-by-position: the add inserts the owned lockers named with ON CONFLICT DO NOTHING
 * RETURNING, and maps the returned rows to records by position in the request's owned lockers: where a named locker
 * was a member already, the answer describes the lockers named first, not the ones inserted.
 */
export function zippedByPosition(
  app: FaultPointApp,
  network: Network,
  actor: string,
  lockerUids: readonly string[],
  added: unknown[],
): void {
  if (!app.fault('sn-network-answer-zipped-by-position')) return;
  const owned = lockerUids.filter((uid) => app.state.ownedLocker(actor, uid));
  for (let i = 0; i < added.length && i < owned.length; i++) {
    const member = network.members.get(owned[i]!);
    if (member) added[i] = { ...member };
  }
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

/** Variation ok-n-locker-list-cursor-pages: records a page holds where no limit is asked, and the most asked. */
const CURSOR_PAGE = 25;
const CURSOR_MOST = 100;

/** Variation ok-n-locker-list-cursor-pages: a whole number of at least 1 and at most `most` from the query. */
function limitOf(query: URLSearchParams): number {
  const raw = query.get('limit');
  if (raw === null) return CURSOR_PAGE;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > CURSOR_MOST)
    throw badRequest('VALIDATION_FAILED', `query parameter limit must be a whole number from 1 to ${CURSOR_MOST}`);
  return Number(raw);
}

/**
 * Variation ok-n-locker-list-cursor-pages: GET /lockers answers {data, nextCursor}, oldest first, `limit` records a
 * page (25 unless asked, at most 100); nextCursor is an opaque text to send back as `cursor` for the next page, null on
 * the last one. A cursor the service did not issue is refused 400.
 */
export function cursorPages(app: FaultPointApp, query: URLSearchParams, reply: Reply): Reply {
  if (!app.fault('ok-n-locker-list-cursor-pages') || !Array.isArray(reply.body)) return reply;
  const limit = limitOf(query);
  const cursor = query.get('cursor');
  const decoded = cursor === null ? 'o:0' : Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^o:\d+$/.test(decoded)) throw badRequest('VALIDATION_FAILED', 'query parameter cursor is not a cursor');
  const start = Number(decoded.slice(2));
  const end = start + limit;
  const nextCursor = end < reply.body.length ? Buffer.from(`o:${end}`).toString('base64url') : null;
  return { status: 200, body: { data: reply.body.slice(start, end), nextCursor } };
}

/** Variation ok-n-status-applied-async: how long a queued status change waits for the provider's acknowledgement. */
const STATUS_QUEUE_MS = 300;
/** Variation ok-n-status-applied-async: the statuses each locker was asked for and not yet given, oldest first. */
const pendingStatus = new WeakMap<StoredLocker, string[]>();
/** Variation ok-n-status-applied-async: set while a queued change is carried out (then it is applied at once). */
let applyingQueued = false;

/**
 * Variation ok-n-status-applied-async: a status change is accepted with 202 and applied 300 ms later, its record and
 * its LockerUpdates then, as the provider acknowledges it; a request is judged against the status last asked for (a
 * repeat of a queued status is accepted again). Undefined where the change is carried out now.
 */
export function statusQueued(
  app: FaultPointApp,
  locker: StoredLocker,
  status: string,
  carryOut: () => unknown,
): Reply | undefined {
  if (!app.fault('ok-n-status-applied-async') || applyingQueued) return undefined;
  const queue = pendingStatus.get(locker) ?? [];
  if (queue.length === 0 && locker.record.carrier.status === status) return undefined;
  const answer = { status: 202, body: { uid: locker.record.uid, requestedStatus: status, state: 'QUEUED' } };
  if (queue.at(-1) === status) return answer;
  pendingStatus.set(locker, [...queue, status]);
  setTimeout(() => {
    applyingQueued = true;
    try {
      carryOut();
    } catch {
      // the change is moot (the locker has that status already): nothing to apply
    } finally {
      applyingQueued = false;
      pendingStatus.set(locker, pendingStatus.get(locker)?.slice(1) ?? []);
    }
  }, STATUS_QUEUE_MS).unref();
  return answer;
}
