// The behaviour of the faults and conformant variations of set C that does not fit in one line of the
// handler it changes: a cache, a query builder's leftover condition, a connection's remembered carrier, a debounce.
import type { Socket } from 'node:net';
import { notFound } from '../errors';
import type { CarrierAccount } from '../options';
import type { FaultPointApp as ReferenceApp } from '../request-types';

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
