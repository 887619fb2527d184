// The behaviour of the faults and conformant variations of set C that does not fit in one line of the
// handler it changes: a cache, a query builder's leftover condition, a connection's remembered carrier, a debounce.
import type { Socket } from 'node:net';
import { notFound } from '../errors';
import type { CarrierAccount } from '../options';
import type { FaultPointApp as ReferenceApp } from '../request-types';

/** Fault sc-network-owned-cache: each carrier's owned locker uids, as read at its first network add. */
const ownedCache = new WeakMap<ReferenceApp, Map<string, Set<string>>>();

/** The uids a carrier owned when it first added lockers to a network: the cache is never evicted on a create. */
export function ownedAtFirstAdd(app: ReferenceApp, carrier: string): Set<string> {
  const byCarrier = ownedCache.get(app) ?? new Map<string, Set<string>>();
  ownedCache.set(app, byCarrier);
  const held = byCarrier.get(carrier) ?? new Set(app.state.lockerRecordsOwnedBy(carrier).map((r) => r.uid));
  byCarrier.set(carrier, held);
  return held;
}

/** Fault sc-list-filter-sticks: the providerName condition of a query builder shared by every request. */
const lastProviderFilter = new WeakMap<ReferenceApp, string>();

/** The providerName a list applies: under the fault, the last one any request gave when this one gives none. */
export function providerFilter(app: ReferenceApp, sent: string | null): string | null {
  if (!app.fault('sc-list-filter-sticks')) return sent;
  if (sent !== null) lastProviderFilter.set(app, sent);
  return sent ?? lastProviderFilter.get(app) ?? null;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * Conformant variation ok-c-activation-date-utc: the same instant written in UTC, with the fraction of a second as
 * sent (".000" where none was); undefined where the text is not one it can rewrite exactly.
 */
export function utcDateTime(sent: string): string | undefined {
  const m = DATE_TIME.exec(sent);
  if (!m || Number(m[1]) < 1000 || m[6] === '60') return undefined;
  const offsetMinutes = m[8] ? (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10])) : 0;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const whole = Date.UTC(y, mo - 1, d, h, mi, s) - offsetMinutes * 60_000;
  const fraction = m[7] ?? '.000';
  // A field out of its range (a 31st of June) rolls over in Date.UTC: then the text is left as sent.
  if (Number.isNaN(whole) || Date.parse(sent) !== whole + Number(`${fraction.slice(1)}00`.slice(0, 3)))
    return undefined;
  return `${new Date(whole).toISOString().slice(0, 19)}${fraction}Z`;
}

/** Fault sc-auth-cached-on-connection: the carrier each connection's first authenticated request was served as. */
const connectionCarriers = new WeakMap<Socket, CarrierAccount>();

/** The carrier a request is served as: under the fault, the connection's first one, whatever key this one sent. */
export function connectionCarrier(socket: Socket, found: CarrierAccount | undefined): CarrierAccount | undefined {
  const held = connectionCarriers.get(socket);
  if (held) return held;
  if (found) connectionCarriers.set(socket, found);
  return found;
}

/**
 * Fault sc-update-404-before-auth: the route's {uid} is loaded, among every locker, before the key is checked (a
 * parameter loader that runs ahead of the route's middleware), so an unknown uid is answered 404 to any caller.
 */
export function loadLockerBeforeAuth(app: ReferenceApp, rawUid: string | undefined): void {
  let uid = rawUid ?? '';
  try {
    uid = decodeURIComponent(uid);
  } catch {
    return;
  }
  if (!app.state.lockers.has(uid)) throw notFound('LOCKER_NOT_FOUND', `no locker has uid "${uid}"`);
}

/** Fault sc-locker-push-debounced: how long a locker's event waits for a newer one that replaces it. */
const DEBOUNCE_MS = 1000;

/** Fault sc-locker-push-debounced: one pending push per locker; a newer event of the locker replaces it. */
export class DebouncedPushes {
  private readonly pending = new WeakMap<object, NodeJS.Timeout>();

  hold(key: object, send: () => void): void {
    clearTimeout(this.pending.get(key));
    const timer = setTimeout(() => {
      this.pending.delete(key);
      send();
    }, DEBOUNCE_MS);
    timer.unref();
    this.pending.set(key, timer);
  }
}
