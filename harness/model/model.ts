// The service as the spec promises it, and nothing more: what each carrier created, sent and changed,
// the state each parcel has been in, and what the network holds. The exploration's commands
// (commands/) change it next to the target, and the invariants (invariants.ts) hold the target to it.
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';

/**
 * What the run has seen of one record, for the frame (a write changes only what it names) and for one record in
 * every place (a write's answer shows what the list then shows). Steps count `ServiceModel.steps`.
 */
export interface Seen {
  /** The record as the list last showed it, and the step of that read. */
  listed?: Json;
  listedAt?: number;
  /**
   * Whether that read began a list settle time or more after the last command that named the record: a list may lag
   * a write (CIS_LIST_SETTLE_MS), so an earlier read may show it as it was before, and holds the frame to nothing.
   */
  listedSettled?: boolean;
  /** When (ms) the last command that named it acted. */
  namedTime?: number;
  /** The last step whose command named the record (acted on it, or on the locker it is in), and how many times. */
  namedAt?: number;
  namedTimes?: number;
  /** The last write's answer that showed the whole record, and its step. */
  answer?: { record: Json; exchange: Exchange; at: number };
  /**
   * Every form of the record a list or a write's answer showed, and a locker's last one with a status it was changed
   * to: a webhook about it shows one of them.
   */
  versions?: Json[];
  /**
   * Named by commands sent at once, or by a burst of commands with no read between them: a push may show a form
   * between theirs that no list read showed.
   */
  concurrent?: boolean;
  /**
   * The last step whose command named the record in a valid request the service refused: such a refusal changes
   * nothing (GEN-REFUSED-KEPT), so a change of what it sent the next read shows is that rule's.
   */
  refusedAt?: number;
}

/** The two carriers of a run: A is CIS_API_KEY's, B is CIS_API_KEY_2's. */
export type Carrier = 'A' | 'B';

export interface ModelLocker extends Seen {
  carrier: Carrier;
  uid: string;
  /** When the other carrier's key first named it (a network add): a push after may rightly reach that carrier too. */
  otherNamedAt?: number;
  /** The create answer's record: its provider side names the locker to the trigger (§4.11). */
  record: Json;
  /** The create request with every accepted update merged in (§2.1, §4.3): what the record must show. */
  sent: Json;
  /**
   * What a valid update the service refused sent (a taken carrier.lockerId beside a new name): whether such a refusal
   * applies none of it is implied only, so a member shown as it sent is GEN-REFUSED-KEPT's, not the echo rule's.
   */
  refusedSent?: Json;
  /** Every record it had, `sent` last: a push may come late, or newest first (§6 states no order), showing an earlier
   * one. */
  history: Json[];
  /** Whether an accepted update changed it (its members are then LCK-UPDATE-200's, not LCK-CREATE-ECHO's). */
  updated: boolean;
  /** The status its record shows after the last accepted status change; unknown before the first. */
  status?: string;
  /**
   * What its status members (carrier.status, provider.status) showed before that change, until a read shows it: the
   * change shows in a member that did not show the status before (the other may have shown it all along).
   */
  statusFrom?: unknown[];
  /** The rule a status not as the model holds it breaks: the status change's, or, after an update, the update's. */
  statusRule: string;
  /** Every carrier.lockerId it had: after a rename only the last names it. */
  lockerIds: string[];
  /** In the carrier's network; undefined: an add to another network uid listed it, so where it is is not known. */
  inNetwork: boolean | undefined;
  /** The step at which a network add listed it (inNetwork). */
  joinedAt?: number;
  /** A network add the service refused named it, and no add listed it since: that add left it out of the network. */
  refusedAdd?: true;
  /** The step of its last status change. */
  statusAt?: number;
}

/**
 * A parcel's state as far as the spec speaks of it: booked, cancelled, delivered, or moved on by a
 * trigger event the spec gives no transition for ('moved'). `everDelivered` never goes back: §3
 * "Only a parcel that has not been delivered may be cancelled".
 */
export type ParcelState = 'booked' | 'cancelled' | 'delivered' | 'moved';

export interface ModelParcel extends Seen {
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
  /**
   * Accepted triggers no list has shown yet: since when, and the events the history holds once it shows them all. A
   * list lags: what it shows after a trigger may be an earlier one's change, whose push came before this trigger.
   */
  unshown?: { since: number; events: number };
  shipmentUid?: string;
  /** Its carrierParcelId is shaped as the target's shipmentUids: which id form a path takes is not shown. */
  lookalike?: true;
  /** The shipment_type a trigger made it with (§4.11: FIRST_MILE, RETURN); a later event on it names the same. */
  shipmentType?: string;
  /** An accepted PRE_CHECK named its carrierParcelId once it was cancelled: a PRE_CHECK books nothing (§1). */
  checkedSinceCancel?: true;
}

export interface ServiceModel {
  lockers: ModelLocker[];
  parcels: ModelParcel[];
  /** carrierParcelIds a carrier pre-checked and never booked: never listed (PCL-PRECHECK-NO-BOOKING). */
  preChecked: { carrier: Carrier; carrierParcelId: string }[];
  /** What a fresh booking's record shows as its status, learnt from the first booking listed. */
  bookedStatus?: string;
  /**
   * Statuses bookings moved to from bookedStatus with no command naming them (§3 "Transitions: not shown": confirmed
   * after the answer, say): the service's own moves, which a booking a command named may make too.
   */
  selfMoved?: Set<string>;
  /** Creates refused (4xx): the carrier member each sent, and when (a push after it announcing it is an effect). */
  refusedCreates?: { by: Carrier; carrier: Json; at: number }[];
  /** Commands run so far in this sequence, for the places failures name. */
  steps: string[];
  /** The carrier whose publish last carried each carrierParcelId, and at which step: who took a parcel gone since. */
  lastCarried?: Map<string, { carrier: Carrier; at: number }>;
  /** Whether the commands running now were sent at once (world.inFlight, as the model sees it). */
  inFlight?: boolean;
  /** Whether the command running now is one of a burst, no read between them (world.unread, as the model sees it). */
  unread?: boolean;
  /**
   * `carrier\0group uid` of the groups an accepted request of the carrier carried: §2.1 shows no allowed groups, so a
   * group is known to be one the target takes only once it took it.
   */
  groupsTaken?: Set<string>;
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

/** The `n` that `pick` takes to give `item` (counted from the newest); -1 where `items` does not hold it. */
export function whichOf<T>(items: readonly T[], item: T): number {
  const at = items.indexOf(item);
  return at < 0 ? -1 : items.length - 1 - at;
}

/**
 * The uid of a locker a request about another one carries where no request table lists it: the other carrier's newest,
 * else another of the carrier's own; none where the model holds no other locker.
 */
export function strayUid(model: Readonly<ServiceModel>, carrier: Carrier, not?: string): string | undefined {
  const theirs = lockersOf(model, carrier === 'A' ? 'B' : 'A');
  const own = lockersOf(model, carrier).filter((l) => l.uid !== not);
  return (theirs[theirs.length - 1] ?? own[own.length - 1])?.uid;
}

/** Groups a request sent, as `groupsTaken` keys. */
export const groupKeys = (carrier: Carrier, body: unknown): string[] => {
  const groups = (body as { lockerGroups?: unknown } | undefined)?.lockerGroups;
  return Array.isArray(groups) ? groups.map((g) => `${carrier}\0${String((g as { uid?: unknown })?.uid)}`) : [];
};

/** The command of the current step acts on the record: the frame does not hold it to its last reading. */
export function named(model: Readonly<ServiceModel>, record: Seen): void {
  const at = model.steps.length;
  record.namedTimes = record.namedAt === at ? (record.namedTimes ?? 0) + 1 : 1;
  record.namedAt = at;
  record.namedTime = Date.now();
  if (model.inFlight || model.unread) record.concurrent = true;
}

/** A command on a locker names it, and the parcels in it (what a parcel shows of its locker may follow it). */
export function namedLocker(model: Readonly<ServiceModel>, locker: ModelLocker): void {
  named(model, locker);
  parcelsInNamed(model, locker);
}

/** The parcels in a locker a command acts on: what a parcel shows of its locker (its carrierLockerId) may follow it. */
export function parcelsInNamed(model: Readonly<ServiceModel>, locker: ModelLocker): void {
  for (const parcel of model.parcels) if (parcel.lockerUid === locker.uid) named(model, parcel);
}

/** A write answered with the whole record (a create, an update, a cancel that shows it): the list must agree. */
export function answered(model: Readonly<ServiceModel>, record: Seen, body: unknown, exchange: Exchange): void {
  named(model, record);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  record.answer = { record: body as Json, exchange, at: model.steps.length };
  (record.versions ??= []).push(body as Json);
}
