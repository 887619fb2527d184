// The points where the faults and variations of set E change the locker, provider, network, paging and
// authentication paths: each function does what the service does when its fault is off (nothing, or the value as
// given) and the fault's behaviour when it is on. The lines that call them are short hooks in the handlers.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError, badRequest, notFound } from '../errors';
import { registrations } from '../faults/behaviour/locker-writes';
import { lastCaller } from '../faults/behaviour/shared';
import type { Json, LockerRecord, StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply } from '../request-types';
import type { Switches } from './fault-point-state';

/** Fault se-status-conflict-reads-provider-status: the status the "already has it" guard compares with. */
export function statusForConflict(app: Switches, record: LockerRecord): string {
  return app.fault('se-status-conflict-reads-provider-status') ? record.provider.status : record.carrier.status;
}

/** Fault se-page-window-one-based: the window of records a requested page is given (pages count from 0). */
export function pageWindow(app: Switches | undefined, page: number): number {
  return app?.fault('se-page-window-one-based') ? Math.max(page - 1, 0) : page;
}

/** Keeps the registration document of a created locker (under the fault only). */
export function rememberRegistration(app: Switches, locker: StoredLocker): void {
  if (!app.fault('se-update-rebased-on-registration')) return;
  const { carrier, location, metadata, features } = locker.record;
  const { status: _status, ...master } = carrier;
  const lockerGroups = locker.lockerGroups;
  registrations.set(locker, structuredClone({ carrier: master, location, metadata, features, lockerGroups }));
}

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

/**
 * Fault se-provider-pairs-control-break: the catalogue rows, sorted by provider, are grouped by a control-break loop
 * that takes the next provider only after writing the row that changed it: each provider's first pair is listed under
 * the provider before it.
 */
export function groupedByControlBreak<T extends { providerName: string; providerUid: string }>(
  app: Switches,
  rows: readonly T[],
): readonly T[] {
  if (!app.fault('se-provider-pairs-control-break') || rows.length === 0) return rows;
  let current = rows[0]!;
  return rows.map((row) => {
    const entry = { ...row, providerName: current.providerName, providerUid: current.providerUid };
    if (row.providerName !== current.providerName) current = row;
    return entry;
  });
}

/** Fault se-network-unknown-locker-404: every locker named is loaded (findAllById, orElseThrow) before the skip. */
export function loadEveryNamedLocker(app: FaultPointApp, lockerUids: readonly string[]): void {
  if (!app.fault('se-network-unknown-locker-404')) return;
  const missing = lockerUids.find((uid) => !app.state.lockers.has(uid));
  if (missing !== undefined) throw notFound('LOCKER_NOT_FOUND', `no locker has uid ${missing}`);
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
 * Fault se-key-compare-throws-on-length: the key is compared with each carrier's by crypto.timingSafeEqual without
 * comparing lengths first; it throws on buffers of different lengths, and that escapes as a 500.
 */
export function compareKeysTimingSafe(app: FaultPointApp, apiKey: unknown): void {
  if (!app.fault('se-key-compare-throws-on-length') || typeof apiKey !== 'string') return;
  for (const carrier of app.options.carriers) {
    try {
      if (timingSafeEqual(Buffer.from(apiKey), Buffer.from(carrier.apiKey))) return;
    } catch (error) {
      throw new ApiError(500, 'INTERNAL_ERROR', error instanceof Error ? error.message : 'key comparison failed');
    }
  }
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

/** Fault se-caller-in-shared-field: how long the create's write of the locker row takes. */
const SHARED_FIELD_WRITE_MS = 25;

export function callerSeen(app: Switches, carrier: CarrierAccount | undefined): void {
  if (carrier && app.fault('se-caller-in-shared-field')) lastCaller.set(app, carrier);
}

/** The owner a create writes once its row's write is done: the caller the shared field holds by then. */
export async function callerAfterWrite(app: Switches, own: CarrierAccount): Promise<CarrierAccount> {
  await new Promise((resolve) => setTimeout(resolve, SHARED_FIELD_WRITE_MS));
  return lastCaller.get(app) ?? own;
}

/** Variation ok-e-status-answer-ack: the status change answered with an acknowledgement, not the locker record. */
export function statusAnswer(app: Switches, record: LockerRecord, before: string, view: () => unknown): Reply {
  if (!app.fault('ok-e-status-answer-ack')) return { status: 200, body: view() };
  return { status: 200, body: { uid: record.uid, status: record.carrier.status, previousStatus: before } };
}

/** Variation ok-e-error-extra-members: what the error body carries beside errorCode and message. */
export function errorExtras(app: Switches, status: number): Record<string, unknown> {
  if (!app.fault('ok-e-error-extra-members')) return {};
  return { status, timestamp: new Date().toISOString(), traceId: randomBytes(8).toString('hex') };
}

/** Variation ok-e-network-answer-uid-descending: the records of a network add, highest lockerUid first. */
export function networkAnswerOrder<T extends { lockerUid: unknown }>(app: Switches, added: T[]): T[] {
  if (!app.fault('ok-e-network-answer-uid-descending')) return added;
  const uid = (r: T) => BigInt(String(r.lockerUid));
  return [...added].sort((a, b) => (uid(a) < uid(b) ? 1 : uid(a) > uid(b) ? -1 : 0));
}
