// The points where the faults and variations of set T change the locker create, list, update, status,
// provider catalogue, network and LockerUpdates paths: each function does what the service does when its fault is off
// (nothing, or the value as given) and the fault's behaviour when it is on. The lines that call them are in
// lockers.ts, locker-stored.ts, locker-update.ts, networks.ts and providers.ts.
import { createHash } from 'node:crypto';
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { typeDefaulted } from '../faults/behaviour/locker-writes';
import type { LockerRecord, LockerWriteBody, Network, ProviderModel, StoredLocker } from '../model';
import { DEFAULT_COMPARTMENTS } from '../seed';
import { type Editable, isObject } from './fault-point-state';

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

/** Fault st-locker-name-uniquified: the name the portal's display-name uniquifier gives a new locker. */
function uniqueName(app: ReferenceApp, carrier: string, name: string): string {
  const held = new Set(app.state.lockerRecordsOwnedBy(carrier).map((r) => r.carrier.lockerName));
  if (!held.has(name)) return name;
  let n = 2;
  while (held.has(`${name} (${n})`)) n++;
  return `${name} (${n})`;
}

/**
 * Fault st-refused-create-pushed: the locker's LockerUpdates is published by an entity listener that runs when the
 * insert is flushed, before the unique (owner, carrier.lockerId) constraint refuses it and the transaction rolls back:
 * a create refused for a carrier.lockerId the carrier holds pushes a created locker under a uid drawn from the
 * sequence, a locker no list shows.
 */
function publishedBeforeConstraint(app: ReferenceApp, ctx: RequestContext, body: LockerWriteBody): void {
  const sent = body.carrier!;
  const taken = app.state.lockerRecordsOwnedBy(ctx.carrier.name).some((r) => r.carrier.lockerId === sent.lockerId);
  if (!app.fault('st-refused-create-pushed') || !taken) return;
  const uid = app.state.newLockerUid();
  const provider = body.provider!;
  const record: LockerRecord = {
    uid,
    carrier: { ...sent, status: sent.status ?? 'ACTIVE' },
    provider: {
      ...provider,
      lockerName: provider.lockerName ?? sent.lockerName,
      lockerUid: provider.lockerUid ?? `PL-${uid}`,
      status: provider.status ?? 'ACTIVE',
    },
    location: structuredClone(body.location!),
    features: structuredClone(body.features ?? { hasScreen: null, hasPinPad: null, hasPinBarcodeReader: null }),
    openingHours: structuredClone(body.openingHours ?? { accessMode: 'ALWAYS', exceptions: [] }),
    metadata: structuredClone(body.metadata ?? []),
    ownedByCarrier: ctx.carrier.name,
    compartmentTypes: DEFAULT_COMPARTMENTS.map((c) => ({ ...c })),
  };
  app.emitLockerUpdate({ record, lockerGroups: [] }, 'create');
}

/**
 * The create request as set T's faults and variation take it before the locker is stored. Fault
 * st-refused-create-pushed (above). Fault st-locker-name-uniquified: the portal's display-name uniquifier, applied on
 * store, gives a carrier.lockerName another of the carrier's lockers holds a suffix, "Kiosk (2)". Variation
 * ok-t-location-type-unknown: a location without type is stored with type UNKNOWN.
 */
export function createdBySetT(app: ReferenceApp, ctx: RequestContext, body: LockerWriteBody): void {
  publishedBeforeConstraint(app, ctx, body);
  if (app.fault('st-locker-name-uniquified'))
    body.carrier!.lockerName = uniqueName(app, ctx.carrier.name, body.carrier!.lockerName);
  typeDefaulted(app, body);
}

/**
 * The update request as set T's fault and variation take it. Fault st-update-features-jsonb-set-no-create: features are
 * a JSONB document stored through jsonb_strip_nulls, and an update writes each sent member with jsonb_set(features,
 * path, value, false), create_missing false: a member the locker holds null (absent from the document) is never
 * written. Variation ok-t-location-type-unknown: as on create.
 */
export function updatedBySetT(app: ReferenceApp, record: LockerRecord, body: LockerWriteBody): void {
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
 * Fault st-status-guard-first-carrier: the status route's key guard, written for the operator tool, resolves the
 * caller with carriers.find(() => keys.includes(sent)), a predicate that ignores its element: any valid key is served
 * as the first carrier.
 */
export function statusCaller(app: ReferenceApp, ctx: RequestContext): RequestContext {
  return app.fault('st-status-guard-first-carrier') ? { ...ctx, carrier: app.options.carriers[0]! } : ctx;
}

/** Characters an HTTP header value may not hold (Node's checkInvalidHeaderChar). */
const NOT_IN_HEADER = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * Fault st-status-push-name-header: the status event publisher sets X-Locker-Name: carrier.lockerName on the delivery,
 * and the HTTP client throws ERR_INVALID_CHAR for a value with a character beyond Latin-1 or a control character; the
 * publisher logs it and sends nothing. False: the status change's LockerUpdates is not sent.
 */
export function nameFitsHeader(app: ReferenceApp, locker: StoredLocker): boolean {
  return !app.fault('st-status-push-name-header') || !NOT_IN_HEADER.test(locker.record.carrier.lockerName);
}

/** Every locker record of a list answer, bare or in an envelope. */
function recordsOfListAnswer(body: unknown): Editable[] {
  if (Array.isArray(body)) return body.filter(isObject);
  if (!isObject(body)) return [];
  return Object.values(body).flatMap((v) =>
    Array.isArray(v) ? recordsOfListAnswer(v) : isObject(v) ? recordsOfListAnswer(v) : [],
  );
}

/** Variation ok-t-list-sorted-by-name: carrier.lockerName, letter case aside, then the uid as a number. */
const byName = (a: unknown, b: unknown) => {
  const [x, y] = [a, b].map((r) => (isObject(r) && isObject(r['carrier']) ? r : { carrier: {}, uid: '' }));
  const name = String(x!['carrier']['lockerName'] ?? '').localeCompare(
    String(y!['carrier']['lockerName'] ?? ''),
    'en',
    {
      sensitivity: 'base',
    },
  );
  return name || Number(x!['uid']) - Number(y!['uid']);
};

/**
 * GET /lockers as set T's faults and variation write it. Fault st-list-metadata-json-agg-null: the list query
 * aggregates metadata with json_agg(m) over a LEFT JOIN without a FILTER, so a locker with no metadata row is listed
 * with metadata [null]. Fault st-list-view-predates-location-type: the list reads v_locker_list, a view created with
 * SELECT l.*, a.* before the migration that added the address type column; PostgreSQL expands * when the view is
 * created, so the view has no type and no listed locker shows location.type. Variation ok-t-list-sorted-by-name: a bare
 * list ordered by carrier.lockerName.
 */
export function listedBySetT(app: ReferenceApp, reply: Reply): Reply {
  const names = [
    'st-list-metadata-json-agg-null',
    'st-list-view-predates-location-type',
    'ok-t-list-sorted-by-name',
  ] as const;
  if (!names.some((n) => app.fault(n))) return reply;
  for (const record of recordsOfListAnswer(reply.body)) {
    if (app.fault('st-list-metadata-json-agg-null') && Array.isArray(record['metadata']) && !record['metadata'].length)
      record['metadata'] = [null];
    if (app.fault('st-list-view-predates-location-type') && isObject(record['location']))
      delete record['location']['type'];
  }
  if (app.fault('ok-t-list-sorted-by-name') && Array.isArray(reply.body)) reply.body.sort(byName);
  return reply;
}

/** A uid as the int64 a network record carries. */
const int64 = (uid: string) => (BigInt(uid) > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(uid) : Number(uid));

/** Fault st-network-add-batch-outcomes: the record of a named locker that was not added, with its outcome. */
function outcomeRecord(uid: string, record: LockerRecord, outcome: string): Editable {
  return {
    lockerUid: int64(uid),
    providerName: record.provider.name,
    lockerName: record.carrier.lockerName,
    providerLockerStatus: record.provider.status,
    carrierLockerStatus: record.carrier.status,
    networkLockerStatus: outcome,
    carrierLockerId: record.carrier.lockerId,
    providerLockerId: record.provider.lockerUid,
  };
}

/**
 * The network add's answer as set T's faults write it. Fault st-network-add-batch-outcomes: the answer is the batch
 * result of the membership service, one record per named locker that exists, in the order named, its outcome in
 * networkLockerStatus: the added ones as before, a member already ALREADY_MEMBER, a locker not the caller's NOT_OWNED.
 * Fault st-network-name-display-label: lockerName is written by the portal's display formatter, which tells apart two
 * of the carrier's lockers of one carrier.lockerName by appending the carrier.lockerId, "Kiosk (L-7)".
 */
export function networkBatchBySetT(
  app: ReferenceApp,
  actor: string,
  network: Network,
  lockerUids: string[],
  added: Editable[],
): void {
  if (!app.fault('st-network-name-display-label') && !app.fault('st-network-add-batch-outcomes')) return;
  const owned = app.state.lockerRecordsOwnedBy(actor);
  for (const entry of app.fault('st-network-name-display-label') ? added : []) {
    const record = owned.find((r) => r.uid === String(entry['lockerUid']));
    const namesakes = record ? owned.filter((r) => r.carrier.lockerName === record.carrier.lockerName) : [];
    if (record && namesakes.length > 1 && typeof entry['lockerName'] === 'string')
      entry['lockerName'] = `${entry['lockerName']} (${record.carrier.lockerId})`;
  }
  if (!app.fault('st-network-add-batch-outcomes')) return;
  const byUid = new Map(added.map((e) => [String(e['lockerUid']), e]));
  const result: Editable[] = [];
  for (const uid of new Set(lockerUids)) {
    const locker = app.state.lockers.get(uid);
    const mine = locker?.record.ownedByCarrier === actor;
    const entry =
      byUid.get(uid) ?? (locker && outcomeRecord(uid, locker.record, mine ? 'ALREADY_MEMBER' : 'NOT_OWNED'));
    if (entry && (byUid.has(uid) || !mine || network.members.has(uid))) result.push(entry);
  }
  added.splice(0, added.length, ...result);
}

/** Variation ok-t-provider-uids-uuid: a provider's uid as the platform's provider registry gives it, a UUID. */
function providerUuid(name: string): string {
  const h = createHash('sha1').update(`provider:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The provider catalogue as set T's fault and variation write it. Variation ok-t-provider-uids-uuid: providerUid is the
 * registry's UUID of the provider. Fault st-providers-versions-aggregated: the catalogue query groups by provider and
 * model with array_agg(version), so each model is one entry whose lockerVersion is an array of its versions.
 */
export function catalogueBySetT(app: ReferenceApp, catalogue: readonly ProviderModel[]): readonly Editable[] {
  const entries: readonly Editable[] = app.fault('ok-t-provider-uids-uuid')
    ? catalogue.map((p) => ({ ...p, providerUid: providerUuid(p.providerName) }))
    : catalogue;
  if (!app.fault('st-providers-versions-aggregated')) return entries;
  const models = new Map<string, Editable>();
  for (const p of entries) {
    const key = `${String(p['providerName'])}\n${String(p['lockerModel'])}`;
    const held = models.get(key);
    if (held) held['lockerVersion'].push(p['lockerVersion']);
    else models.set(key, { ...p, lockerVersion: [p['lockerVersion']] });
  }
  return [...models.values()];
}
