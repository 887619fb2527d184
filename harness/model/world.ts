// The real side of the exploration: the target as each carrier's key reaches it, where its lists stood
// when the sequence began, and the pushes its commands must cause (judged after the last sequence, all
// waited for at once, so a slow push costs one wait per exploration, not one per command).
import type { CisClient } from '../http/client';
import type { Exchange } from '../http/exchange';
import type { Json } from '../http/json';
import type { ListMark } from '../records/lists/list-since';
import type { LockerFactory } from '../records/lockers/locker-factory';
import type { ParcelFactory } from '../records/parcels/parcel-factory';
import type { ParcelMark } from '../records/parcels/parcel-factory';
import type { Tagger } from '../records/lockers/tagging';
import type { TargetProfile } from '../target/profile';
import type { WaitOutcome } from '../webhooks/inbox-client';
import type { WaitAbout } from '../webhooks/silence';
import type { Delivery, Match } from '../webhooks/types';
import type { CancelPathId } from '../target/profile';
import type { Carrier, ModelParcel } from './model';

/** A push a command's accepted action must cause: any one of `matches`, after the action. */
export interface ExpectedPush {
  rule: string;
  cause: Exchange;
  matches: Match[];
  what: string;
  /**
   * What the delivery must show besides: failures under its webhook's body rule, or per rule; none when it holds.
   */
  shows?: (delivery: Delivery) => string[] | PushFindings;
}

/** Failures a delivery showed, by the rule each breaks; a rule with none held. */
export type PushFindings = Record<string, string[]>;

/** The run's webhook listener as the exploration asks it: the first delivery matching, within the wait. */
export interface Pushes {
  timeoutMs: number;
  /** The first delivery matching within the wait; `about` names the push for a wait that ends early. */
  wait(match: Match, about: WaitAbout): Promise<WaitOutcome>;
  /** Every delivery the listener holds. */
  all(): Promise<Delivery[]>;
  /** The listener answers `status` to the next `times` deliveries matching (one of §6's answers but 200). */
  answer(match: Match, status: number, times: number): Promise<void>;
}

export interface World {
  clients: Partial<Record<Carrier, CisClient>>;
  lockers: LockerFactory;
  parcels: ParcelFactory;
  profile: TargetProfile;
  tag: Tagger;
  trigger: boolean;
  statusProfile: boolean;
  networkUid?: string;
  webhooks?: Pushes;
  /** A locker of a third-party provider (ownedByCarrier null) as the list showed it, where it showed one: both carriers
   * may book into it. */
  thirdParty?: Json;
  /** How long a list may lag a write before a record missing or stale in it fails (CIS_LIST_SETTLE_MS). */
  settleMs: number;
  /**
   * The provider/model pair of the sequence's lockers: their list is read filtered by its name (§4.2's
   * providerName), a seventh of a long run's lockers, not every one of them after every command.
   */
  provider: { name: string; lockerModel: string; lockerVersion: string };
  lockerMarks: Partial<Record<Carrier, ListMark | undefined>>;
  parcelMarks: Partial<Record<Carrier, ParcelMark>>;
  pushes: ExpectedPush[];
  /** The states the sequence reached, per carrier (locker statuses, parcel states), for the run's count. */
  visited: Set<string>;
  /** Whether the command running is a branch of commands sent at once (its invariants wait for all of them). */
  inFlight?: 'beside a status change' | 'with others';
  /** Whether the command running is one of a burst (in-series.ts): its invariants wait for the burst's last. */
  unread?: boolean;
  /** Branch commands sent at once so far, for the run's count. */
  branches: number;
}

/** The id forms the target's cancel path takes that this parcel can be named by (a shipmentUid once a list showed
 * it). */
export async function cancelFormsOf(world: World, parcel: ModelParcel): Promise<CancelPathId[]> {
  return (await world.parcels.cancelForms()).taken.filter(
    (kind) => kind === 'carrierParcelId' || parcel.shipmentUid !== undefined,
  );
}

export const carriersOf = (world: World): Carrier[] =>
  (['A', 'B'] as const).filter((c) => world.clients[c] !== undefined);

export const clientOf = (world: World, carrier: Carrier): CisClient => world.clients[carrier]!;

/** What a locker's record looked like when the model took it (its provider side names it for the trigger). */
export const lockerJson = (uid: string, lockerId: string, record: Json): Json => ({
  ...record,
  uid,
  carrier: { ...(record['carrier'] ?? {}), lockerId },
});
