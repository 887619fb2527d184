// The points where the faults and variations of set G change the service: each function does what the
// service does when its fault is off (nothing, or the value as given) and the fault's behaviour when it is on. The
// lines that call them are short hooks in locker-update.ts, lockers.ts, locker-stored.ts, networks.ts, parcels.ts,
// cancel.ts, collections.ts and spec-set-d-points.ts.
import type { Json, JsonObject, Network, StoredLocker } from '../model';
import type { FaultPointApp, Reply, RequestContext } from '../request-types';
import type { Editable } from './fault-point-state';

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

/** Fault sg-locker-list-cache-kept-after-update: GET /lockers answers kept per carrier and query string. */
const LIST_CACHE_MS = 10 * 60_000;
const listCaches = new WeakMap<FaultPointApp, Map<string, { events: string; at: number; reply: Reply }>>();

/** What the locker event listener evicts on: a locker created (the count) or a carrier.status changed. */
function lockerEvents(app: FaultPointApp): string {
  let statuses = '';
  for (const locker of app.state.lockers.values()) statuses += locker.record.carrier.status + '|';
  return `${app.state.lockers.size}:${statuses}`;
}

export function cachedLockerList(app: FaultPointApp, ctx: RequestContext, list: () => Reply): Reply {
  if (!app.fault('sg-locker-list-cache-kept-after-update')) return list();
  const cache = listCaches.get(app) ?? new Map<string, { events: string; at: number; reply: Reply }>();
  listCaches.set(app, cache);
  const key = `${ctx.carrier.name}?${ctx.query.toString()}`;
  const events = lockerEvents(app);
  const hit = cache.get(key);
  if (hit && hit.events === events && Date.now() - hit.at < LIST_CACHE_MS) return structuredClone(hit.reply);
  const reply = list();
  cache.set(key, { events, at: Date.now(), reply: structuredClone(reply) });
  return reply;
}

/**
 * Fault sg-activation-offset-sign-inverted: carrier.activationDate normalised to UTC by adding its offset instead of
 * subtracting it; a value in UTC (Z or +00:00) is kept as sent.
 */
export function activationDateNormalised(app: FaultPointApp, sent: string): string {
  const offset = /([+-])(\d{2}):?(\d{2})$/.exec(sent);
  if (!app.fault('sg-activation-offset-sign-inverted') || !offset || Number.isNaN(Date.parse(sent))) return sent;
  const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
  if (minutes === 0) return sent;
  return new Date(Date.parse(sent) + 2 * minutes * 60_000).toISOString();
}

/** Fault sg-metadata-empty-string-null: the metadata columns read an empty string back as NULL (Oracle VARCHAR2). */
export function metadataAsReadBack(app: FaultPointApp, metadata: Json[]): Json[] {
  if (!app.fault('sg-metadata-empty-string-null')) return metadata;
  return metadata.map((entry) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return entry;
    const copy: JsonObject = { ...entry };
    for (const member of ['key', 'value']) if (copy[member] === '') copy[member] = null;
    return copy;
  });
}

/** Variation ok-g-update-location-merged: the members of the stored location an update's location leaves out. */
export function locationKept(app: FaultPointApp, stored: JsonObject): JsonObject {
  return app.fault('ok-g-update-location-merged') ? stored : {};
}

/**
 * Fault sg-network-add-replaces-members: the add saves the network's membership as the owned lockers of the request,
 * a replacement, not an addition: members not named again are dropped, and are "newly added" when named later.
 */
export function membershipReplaced(app: FaultPointApp, network: Network, carrier: string, uids: string[]): void {
  if (!app.fault('sg-network-add-replaces-members')) return;
  const named = new Set(uids.filter((uid) => app.state.ownedLocker(carrier, uid)));
  for (const uid of [...network.members.keys()]) if (!named.has(uid)) network.members.delete(uid);
}

/**
 * Fault sg-network-add-sets-carrier-status: one status column holds the carrier-side status and the network's, so a
 * locker added to a network takes the network status as its carrier.status (no LockerUpdates).
 */
export function networkStatusWritten(app: FaultPointApp, locker: StoredLocker, networkStatus: string): void {
  if (!app.fault('sg-network-add-sets-carrier-status')) return;
  locker.record.carrier.status = networkStatus;
  app.lag.written(locker, locker.record);
}

/**
 * Fault sg-disable-cascades-to-bookings: a locker set to a status other than ACTIVE has its booked parcels cancelled
 * by a bulk update that bypasses the parcel event publisher (no ParcelUpdates).
 */
export function disabledLockerBookingsCancelled(app: FaultPointApp, locker: StoredLocker, status: string): void {
  if (!app.fault('sg-disable-cascades-to-bookings') || status === 'ACTIVE') return;
  const at = new Date().toISOString();
  for (const parcel of app.state.parcels) {
    if (parcel.record.lockerUid !== locker.record.uid || parcel.record.shipmentStatus !== 'BOOKED') continue;
    parcel.record.shipmentStatus = 'CANCELLED';
    parcel.record.events.push({ type: 'CANCELLED', timestamp: at });
    app.lag.written(parcel, parcel.record);
  }
}

/** A parcel record as every place shows it (list, cancel answer, push): set G's variations. */
export function setGParcelView(app: FaultPointApp, record: Editable): void {
  // Variation ok-g-parcel-locker-id-current: carrierLockerId joined from the locker as it is now.
  const locker = app.fault('ok-g-parcel-locker-id-current') ? app.state.lockers.get(record['lockerUid']) : undefined;
  if (locker && typeof record['carrierLockerId'] === 'string')
    record['carrierLockerId'] = locker.record.carrier.lockerId;
  // Variation ok-g-access-code-shape: the collection code as a PIN and a barcode value, without validUntil.
  const code = record['accessCodes']?.['consigneeCollectionCode'];
  if (app.fault('ok-g-access-code-shape') && code && typeof code['code'] === 'string')
    record['accessCodes'] = { consigneeCollectionCode: { pin: code['code'], barcode: `AC${code['code']}` } };
}
