// The points where the faults and variations of set AV change the service: each does what the service does with its
// fault off, and the fault's behaviour with it on. Records over a long life and in numbers: what shows only past some
// count of lockers, parcels, members or pushes, on old records, on the other carrier's, or on records no request named.
// Called from networks.ts (a member check), network-points.ts (a new member's status), status-points.ts (a status
// change), parcel-list.ts (the parcels listed), publish-points.ts (a booking's shipmentUid), create-points.ts and
// update-points.ts (a locker written, a new uid, an update's lookup), trigger.ts (a staging event applied),
// collections.ts (the lockers to name, a notification sent), list-points.ts (the lockers listed, the list answer),
// view-points.ts (a parcel as every place shows it) and push-points.ts (the ParcelUpdates push).
import { notFound } from '../errors';
import type { ListLag } from '../list-lag';
import type { Network, StoredLocker, StoredParcel } from '../model';
import type { CarrierAccount } from '../options';
import type { Reply, RequestContext } from '../request-types';
import { type Editable, isObject, perApp, type StateApp, type Switches } from './fault-point-state';

// --- A network add's member check (network-points.ts) ---

/** The uid of the first locker the service made: row 0 of the lockers table. */
const FIRST_ROW_UID = 100001n;

/** A created locker's row number (its uid's distance from the first uid made); undefined for any other uid. */
function rowOf(uid: string): bigint | undefined {
  if (!/^\d+$/.test(uid)) return undefined;
  const row = BigInt(uid) - FIRST_ROW_UID;
  return row >= 0n ? row : undefined;
}

/**
 * Fault sav-network-member-bitmask-wraps: the network service keeps each network's members as a bit mask over the
 * lockers' row numbers, `mask & (1 << row)`, and JavaScript shifts a 32-bit integer by the count modulo 32: a locker
 * whose row is 32, 64, ... rows from a member's reads as a member already. True where the mask says so.
 */
export function memberBitBySetAV(app: Switches, network: Network, uid: string): boolean {
  if (!app.fault('sav-network-member-bitmask-wraps')) return false;
  const row = rowOf(uid);
  if (row === undefined) return false;
  return [...network.members.keys()].some((member) => {
    const other = rowOf(member);
    return member !== uid && other !== undefined && other % 32n === row % 32n;
  });
}

/**
 * The status a new member takes (`given`: the service's). Variation ok-av-network-status-by-size: a network that holds
 * a locker already is live, and a locker joining it is ACTIVE at once; the first locker of a network is PENDING.
 */
export function networkStatusBySetAV(app: Switches, network: Network, given: string): string {
  return app.fault('ok-av-network-status-by-size') && network.members.size > 0 ? 'ACTIVE' : given;
}

// --- A status change (status-points.ts) ---

/**
 * Fault sav-status-disable-waits-for-drain: a change away from ACTIVE of a locker holding a BOOKED parcel is recorded
 * as pending until the locker is empty, for the drain job, which only production runs; the answer and the LockerUpdates
 * are made from the command. The answer where that happens, undefined otherwise.
 */
/** What the drain point needs of the app: its records, and the locker's push and view. */
type DrainApp = StateApp & {
  emitLockerUpdate(locker: StoredLocker, cause: 'status', statusBefore?: string): void;
  lockerView(locker: StoredLocker): object;
  readonly lag: ListLag;
};

export function drainPendingBySetAV(app: DrainApp, locker: StoredLocker, status: string): Reply | undefined {
  if (!app.fault('sav-status-disable-waits-for-drain')) return undefined;
  const before = locker.record.carrier.status;
  if (status === 'ACTIVE' || status === before) return undefined;
  const uid = locker.record.uid;
  if (!app.state.parcels.some((p) => p.record.lockerUid === uid && p.record.shipmentStatus === 'BOOKED'))
    return undefined;
  locker.record.carrier.status = status;
  try {
    app.emitLockerUpdate(locker, 'status', before);
    return { status: 200, body: app.lockerView(locker) };
  } finally {
    locker.record.carrier.status = before;
    app.lag.written(locker, locker.record);
  }
}

/** The Luhn check digit of a string of digits (the digit to append). */
function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** A new locker's uid, `drawn` the service's. Variation ok-av-locker-uid-check-digit: the number and a Luhn digit. */
export function lockerUidBySetAV(app: Switches, drawn: string): string {
  return app.fault('ok-av-locker-uid-check-digit') && /^\d+$/.test(drawn) ? `${drawn}${luhnDigit(drawn)}` : drawn;
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
export function shardLookupBySetAV(app: StateApp, ctx: RequestContext): undefined {
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

// --- The lockers listed (list-points.ts) ---

const byLockerName = (a: StoredLocker, b: StoredLocker) => {
  const [x, y] = [String(a.record.carrier.lockerName), String(b.record.carrier.lockerName)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The lockers listed, in the order listed (`listed`: the service's).
 * - Fault sav-list-merge-drops-own-tail: the list merges two streams sorted by carrier.lockerName, the carrier's fleet
 *   and the provider feed (every other locker it sees); the loop stops when either runs out and then appends the rest
 *   of the feed only, so the fleet's lockers named after the feed's last one are not listed.
 * - Variation ok-av-lockers-merged-by-name: the same merge, with both rests appended.
 */
export function mergedByNameBySetAV(app: Switches, carrier: string, listed: StoredLocker[]): StoredLocker[] {
  const dropsTail = app.fault('sav-list-merge-drops-own-tail');
  if (!dropsTail && !app.fault('ok-av-lockers-merged-by-name')) return listed;
  const fleet = listed.filter((l) => l.record.ownedByCarrier === carrier).sort(byLockerName);
  const feed = listed.filter((l) => l.record.ownedByCarrier !== carrier).sort(byLockerName);
  const merged: StoredLocker[] = [];
  let [i, j] = [0, 0];
  while (i < fleet.length && j < feed.length)
    merged.push(byLockerName(fleet[i]!, feed[j]!) <= 0 ? fleet[i++]! : feed[j++]!);
  return [...merged, ...(dropsTail ? [] : fleet.slice(i)), ...feed.slice(j)];
}

/** The records of a list answer's body: a bare array, or the items or content of an envelope. */
function listedRecordsWrapped(
  body: unknown,
): { records: unknown[]; wrap: (records: unknown[]) => unknown } | undefined {
  if (Array.isArray(body)) return { records: body, wrap: (records) => records };
  for (const member of ['items', 'content']) {
    const records = isObject(body) ? body[member] : undefined;
    if (Array.isArray(records)) return { records, wrap: (listed) => ({ ...(body as Editable), [member]: listed }) };
  }
  return undefined;
}

/**
 * The GET /lockers answer. Fault sav-list-features-interned-circular: features are interned (one object per distinct
 * value, for large fleets) and the list is written by a circular-safe stringify that keeps every object it has seen
 * and writes one seen before as "[Circular]", a shared object being no cycle.
 */
export function listAnswerBySetAV(app: Switches, reply: Reply): Reply {
  if (!app.fault('sav-list-features-interned-circular')) return reply;
  const listed = listedRecordsWrapped(reply.body);
  if (!listed) return reply;
  const seen = new Set<string>();
  const records = listed.records.map((record) => {
    const features = isObject(record) ? record['features'] : undefined;
    if (!isObject(features)) return record;
    const value = JSON.stringify([features['hasScreen'], features['hasPinPad'], features['hasPinBarcodeReader']]);
    if (!seen.has(value)) {
      seen.add(value);
      return record;
    }
    return { ...(record as Editable), features: '[Circular]' };
  });
  return { ...reply, body: listed.wrap(records) };
}

// --- A parcel as every place shows it (view-points.ts) ---

/** Fault sav-consignee-retention-from-booking: how long a consignee's personal data is kept on staging. */
const CONSIGNEE_RETENTION_MS = 10_000;

/**
 * A parcel as shown, `record` a copy of the stored one. Fault sav-consignee-retention-from-booking: the retention job
 * erases a consignee once the retention has passed, counted from the booking (the parcel's first event) where the end
 * of the parcel's life was meant.
 */
export function parcelViewBySetAV(app: Switches, parcel: StoredParcel, record: Editable): void {
  if (!app.fault('sav-consignee-retention-from-booking') || record['consignee'] === null) return;
  const booked = Date.parse(parcel.record.events[0]?.timestamp ?? '');
  if (Number.isFinite(booked) && Date.now() - booked >= CONSIGNEE_RETENTION_MS) record['consignee'] = null;
}

// --- The ParcelUpdates push (push-points.ts) ---

/** The notification gateway's quota: requests a second per tenant. */
const GATEWAY_PER_SECOND = 10;
const gatewayWindows = new WeakMap<object, Map<string, number[]>>();

/**
 * A ParcelUpdates to `owner`, sent by `send`.
 * - Fault sav-parcel-push-gateway-429-dropped: pushes go through the notification gateway, which takes 10 a second per
 *   carrier and answers 429 beyond; the relay retries a 5xx only and drops the event on a 4xx, as final.
 * - Variation ok-av-parcel-pushes-paced: the relay holds what the gateway would refuse until the second has passed.
 */
export function gatewayBySetAV(app: Switches, owner: CarrierAccount, send: () => void): void {
  const drops = app.fault('sav-parcel-push-gateway-429-dropped');
  if (!drops && !app.fault('ok-av-parcel-pushes-paced')) return send();
  const windows = perApp(gatewayWindows, app, () => new Map<string, number[]>());
  const now = Date.now();
  const recent = (windows.get(owner.name) ?? []).filter((at) => now - at < 1000);
  windows.set(owner.name, recent);
  if (recent.length < GATEWAY_PER_SECOND) {
    recent.push(now);
    return send();
  }
  if (!drops) setTimeout(send, 1000 - (now - recent[0]!)).unref();
}
