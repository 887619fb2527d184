// The points where the faults and variations of set R change the locker create, list, update, status,
// network and LockerUpdates paths: each function does what the service does when its fault is off (nothing, or the
// value as given) and the fault's behaviour when it is on. The lines that call them are in app.ts, lockers.ts,
// locker-update.ts, networks.ts and providers.ts.
import { ApiError, notFound } from '../errors';
import type { Json, LockerWriteBody, StoredLocker } from '../model';
import type { CarrierAccount } from '../options';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import type { Editable } from './fault-point-state';

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
 * Fault sr-status-joined-with-network: the status service finds the locker through its network membership (an inner
 * join with the membership table), so an owned locker in no network is not found.
 */
export function checkInSomeNetwork(app: FaultPointApp, locker: StoredLocker): void {
  if (!app.fault('sr-status-joined-with-network')) return;
  const uid = locker.record.uid;
  if (![...app.state.networks.values()].some((n) => n.members.has(uid)))
    throw notFound('LOCKER_NOT_FOUND', `no locker of this carrier has uid "${uid}"`);
}

/** Fault sr-list-features-memo-by-model: the memo of the features resolver, per app, keyed by provider model. */
const featureMemos = new WeakMap<FaultPointApp, Map<string, Json>>();

/** Every locker record of a list answer, bare or in an envelope. */
function listedRecords(body: unknown): Editable[] {
  if (Array.isArray(body)) return body.filter((r): r is Editable => r !== null && typeof r === 'object');
  if (body === null || typeof body !== 'object') return [];
  return Object.values(body).flatMap((v) => (Array.isArray(v) ? listedRecords(v) : []));
}

/** Fault sr-list-mapper-mutates-store: a metadata entry as the map view's mapper writes it, null text as "". */
function blankedNulls(metadata: Json[]): Json[] {
  return metadata.map((e) =>
    e !== null && typeof e === 'object' && !Array.isArray(e)
      ? { ...e, key: e['key'] ?? '', value: e['value'] ?? '' }
      : e,
  );
}

/** Variation ok-r-list-hal-envelope: a bare list of lockers as Spring HATEOAS writes a collection model. */
function halEnvelope(records: unknown[], query: URLSearchParams): unknown {
  const self = `/lockers${query.toString() ? `?${query.toString()}` : ''}`;
  return {
    _embedded: { lockers: records },
    _links: { self: { href: self } },
    page: { size: records.length, totalElements: records.length, totalPages: 1, number: 0 },
  };
}

/**
 * The GET /lockers answer as set R's faults and variation write it. Fault sr-list-features-memo-by-model: the list
 * resolves each locker's features through a memoized resolver whose cache key is the provider model (provider, model,
 * version), so every locker of a model gets the features of the first one resolved. Fault sr-list-mapper-mutates-store:
 * the map view's mapper writes null metadata text as "" on the stored locker itself, not on a copy. Variation
 * ok-r-list-hal-envelope: a bare array is answered in a HAL collection envelope.
 */
export function listedBySetR(app: FaultPointApp, ctx: RequestContext, reply: Reply): Reply {
  const memoized = app.fault('sr-list-features-memo-by-model');
  const records = memoized || app.fault('sr-list-mapper-mutates-store') ? listedRecords(reply.body) : [];
  const memo = featureMemos.get(app) ?? new Map<string, Json>();
  featureMemos.set(app, memo);
  for (const record of records) {
    if (memoized && record['provider'] && record['features']) {
      const p = record['provider'] as Editable;
      const key = `${String(p['name'])}\n${String(p['lockerModel'])}\n${String(p['lockerVersion'])}`;
      if (!memo.has(key)) memo.set(key, structuredClone(record['features'] as Json));
      record['features'] = structuredClone(memo.get(key)!);
    }
    if (app.fault('sr-list-mapper-mutates-store') && Array.isArray(record['metadata'])) {
      record['metadata'] = blankedNulls(record['metadata'] as Json[]);
      const stored = app.state.lockers.get(String(record['uid']));
      if (stored) stored.record.metadata = blankedNulls(stored.record.metadata);
    }
  }
  if (!app.fault('ok-r-list-hal-envelope') || !Array.isArray(reply.body)) return reply;
  return { ...reply, body: halEnvelope(reply.body as unknown[], ctx.query) };
}

/**
 * Fault sr-network-single-record-unwrapped: the network service answers XML, converted to JSON with a converter set to
 * explicitArray false, which writes a list of one element as that element: an add of exactly one new locker is answered
 * with the record, not an array of one. Variation ok-r-network-add-201: an add that added a locker answers 201.
 */
export function networkAnswer(app: FaultPointApp, added: unknown[]): Reply {
  const status = app.fault('ok-r-network-add-201') && added.length > 0 ? 201 : 200;
  const single = app.fault('sr-network-single-record-unwrapped') && added.length === 1;
  return { status, body: single ? added[0] : added };
}

/**
 * Fault sr-locker-push-routed-by-locker-id: the webhook router's lookup table is keyed by carrier.lockerId (the
 * carrier's own id, which the old carrier portal keyed its lockers by), first row wins: a LockerUpdates goes to the
 * owner of the first locker holding that carrier.lockerId. Otherwise the locker's owner.
 */
export function lockerPushRecipient(app: FaultPointApp, locker: StoredLocker): CarrierAccount | undefined {
  const named = (name: string | null | undefined) =>
    name ? app.options.carriers.find((c) => c.name === name) : undefined;
  const owner = named(locker.record.ownedByCarrier);
  if (!owner || !app.fault('sr-locker-push-routed-by-locker-id')) return owner;
  const lockerId = locker.record.carrier.lockerId;
  const first = [...app.state.lockers.values()].find(
    (l) => l.record.ownedByCarrier !== null && l.record.carrier.lockerId === lockerId,
  );
  return named(first?.record.ownedByCarrier) ?? owner;
}

/**
 * Variation ok-r-providers-query-filter: GET /lockers/providers takes the query parameters providerName and
 * lockerModel (§4.4: query parameters not shown) and lists only the entries whose member equals each one given.
 */
export function providersFiltered<T extends { providerName: string; lockerModel: string }>(
  app: FaultPointApp,
  query: URLSearchParams,
  entries: T[],
): T[] {
  if (!app.fault('ok-r-providers-query-filter')) return entries;
  const [name, model] = [query.get('providerName'), query.get('lockerModel')];
  return entries.filter(
    (e) => (name === null || e.providerName === name) && (model === null || e.lockerModel === model),
  );
}
