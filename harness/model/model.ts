// The service as the spec promises it, and nothing more: what each carrier created, sent and changed,
// the state each parcel has been in, and what the network holds. The exploration's commands
// (commands/) change it next to the target, and the invariants (invariants.ts) hold the target to it.
import type { Json } from '../http/json';

/** The two carriers of a run: A is CIS_API_KEY's, B is CIS_API_KEY_2's. */
export type Carrier = 'A' | 'B';

export interface ModelLocker {
  carrier: Carrier;
  uid: string;
  /** The create answer's record: its provider side names the locker to the trigger (§4.11). */
  record: Json;
  /** The create request with every accepted update merged in (§2.1, §4.3): what the record must show. */
  sent: Json;
  /** Every record it had, `sent` last: a push may come late, or newest first (§6 states no order), showing an earlier
   * one. */
  history: Json[];
  /** Whether an accepted update changed it (its members are then LCK-UPDATE-200's, not LCK-CREATE-ECHO's). */
  updated: boolean;
  /** The status its record shows after the last accepted status change; unknown before the first. */
  status?: string;
  /** The rule a status not as the model holds it breaks: the status change's, or, after an update, the update's. */
  statusRule: string;
  /** Every carrier.lockerId it had: after a rename only the last names it. */
  lockerIds: string[];
  inNetwork: boolean;
}

/**
 * A parcel's state as far as the spec speaks of it: booked, cancelled, delivered, or moved on by a
 * trigger event the spec gives no transition for ('moved'). `everDelivered` never goes back: §3
 * "Only a parcel that has not been delivered may be cancelled".
 */
export type ParcelState = 'booked' | 'cancelled' | 'delivered' | 'moved';

export interface ModelParcel {
  carrier: Carrier;
  carrierParcelId: string;
  lockerUid: string;
  path: 'uid' | 'tenant';
  sent: Json;
  state: ParcelState;
  everDelivered: boolean;
  /** The status GET /parcels showed after the last command that touched it. */
  shown?: string;
  /** How many events its history showed then (TRG-EVENT-HISTORY: an accepted trigger adds one). */
  events?: number;
  shipmentUid?: string;
}

export interface ServiceModel {
  lockers: ModelLocker[];
  parcels: ModelParcel[];
  /** carrierParcelIds a carrier pre-checked and never booked: never listed (PCL-PRECHECK-NO-BOOKING). */
  preChecked: { carrier: Carrier; carrierParcelId: string }[];
  /** What a fresh booking's record shows as its status, learnt from the first booking listed. */
  bookedStatus?: string;
  /** Commands run so far in this sequence, for the places failures name. */
  steps: string[];
}

export const emptyModel = (): ServiceModel => ({ lockers: [], parcels: [], preChecked: [], steps: [] });

export const lockersOf = (model: Readonly<ServiceModel>, carrier: Carrier): ModelLocker[] =>
  model.lockers.filter((l) => l.carrier === carrier);

export const parcelsOf = (model: Readonly<ServiceModel>, carrier: Carrier): ModelParcel[] =>
  model.parcels.filter((p) => p.carrier === carrier);

/** The carrier's parcel a carrierParcelId names now: its newest booking with that id (a cancelled id may be booked
 * again). */
export function parcelNamed(
  model: Readonly<ServiceModel>,
  carrier: Carrier,
  carrierParcelId: string,
): ModelParcel | undefined {
  return parcelsOf(model, carrier)
    .filter((p) => p.carrierParcelId === carrierParcelId)
    .pop();
}

/** The carrier's locker whose current carrier.lockerId is `lockerId`. */
export function lockerWithId(
  model: Readonly<ServiceModel>,
  carrier: Carrier,
  lockerId: string,
): ModelLocker | undefined {
  return lockersOf(model, carrier).find((l) => l.lockerIds[l.lockerIds.length - 1] === lockerId);
}

export const currentLockerId = (locker: ModelLocker): string => locker.lockerIds[locker.lockerIds.length - 1]!;

/**
 * `n`-th of `items` (a command's pick, a natural number), or nothing when there are none. Picks count
 * from the newest: fast-check draws small numbers more often, so what was just made is acted on most.
 */
export function pick<T>(items: readonly T[], n: number): T | undefined {
  return items.length ? items[items.length - 1 - (n % items.length)] : undefined;
}
