// The points where faults change a network add (networks.ts): each does what the service does with every fault off,
// and names the faults that change it there. addNetworkLockers reads as §4.10 describes the service; a reader finds
// here, point by point, what a fault may make of it.
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { ApiError } from '../errors';
import type { LockerRecord, Network, NetworkLockerRecord, StoredLocker } from '../model';
import {
  bookingsHeldAtJoin,
  feedStatuses,
  fleetLocker,
  foreignLockersRefused,
  groupedLockerLeftOut,
  groupedMemberActive,
  loadEveryNamedLocker,
  lockerIdIndexed,
  memberAlready,
  membershipReplaced,
  membershipWritten,
  networkActor,
  networkAnswer,
  networkAnswerOrder,
  networkBatchOutcomes,
  networkOfPath,
  networkStatusBySize,
  networkStatusSuspended,
  networkStatusWritten,
  ownedAtFirstAdd,
  rolledBackOnSkip,
  secondCarrierNetworkActive,
  sparseKeyed,
  unconfirmedByProvider,
  zippedByPosition,
} from '../faults/behaviour/networks';

/** A network locker record (§2.5) as the add lists it. */
export type Listed = NetworkLockerRecord & Record<string, unknown>;

export interface NetworkPoints {
  /** The network the path's uid names, and the carrier the add runs as. */
  network(raw: string): { network: Network | undefined; actor: string };
  /** Every lockerUid sent, read before any is added. */
  named(lockerUids: string[]): void;
  /** The locker `uid` names that the carrier owns (`owned`), or none: a locker not owned is skipped (§8). */
  locker(uid: string, owned: StoredLocker | undefined): StoredLocker | undefined;
  /** Whether the add ends at a uid it skips. */
  endsAt(locker: StoredLocker | undefined): boolean;
  /** Whether an owned locker is left out all the same. */
  leftOut(locker: StoredLocker): boolean;
  /** Whether the locker is in the network already (`held`: the network holds it), so that it is not listed again. */
  member(uid: string, locker: StoredLocker, held: boolean): boolean;
  /** The status a new member takes in the network. */
  status(locker: StoredLocker): string;
  /** The locker record a new member is made from. */
  record(locker: StoredLocker): LockerRecord;
  /** The member record (§2.5) as written. */
  written(member: NetworkLockerRecord, locker: StoredLocker, record: LockerRecord): NetworkLockerRecord;
  /** The member record as the answer lists it. */
  listed(member: NetworkLockerRecord, uid: string): Listed;
  /** The answer: the newly added lockers (§4.10). */
  answered(added: Listed[], lockerUids: string[]): Reply;
}

/** A uid as the int64 a network record carries: a BigInt beyond 2^53. */
export const int64 = (uid: string) => (BigInt(uid) > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(uid) : Number(uid));

export function networkPoints(app: ReferenceApp, ctx: RequestContext): NetworkPoints {
  let network: Network | undefined;
  let actor = ctx.carrier.name;
  // Fault network-add-counts-repeats: membership read once, before the request, so a uid sent twice is added twice.
  let heldBefore = new Set<string>();
  // Fault sc-network-owned-cache: ownership from the uids the carrier owned at its first network add.
  let cachedOwned: Set<string> | undefined;
  // Fault sc-network-batch-provider-of-first: the provider looked up once, for the batch's first locker.
  let batchProvider: LockerRecord['provider'] | undefined;
  // Fault sh-network-add-rolled-back-on-skip: the memberships before the request, and whether a lookup skipped.
  let membersBefore = new Map<string, NetworkLockerRecord>();
  let skippedNotOwned = false;
  return {
    network(raw) {
      // Fault sl-network-path-uid-ignored: the caller's network, whatever uid the path names.
      network = networkOfPath(app, raw, ctx.carrier.name);
      // Fault sj-network-owner-from-path: the network found by its uid alone, the add run as its owner.
      actor = networkActor(app, network, ctx.carrier.name);
      return { network, actor };
    },
    named(lockerUids) {
      foreignLockersRefused(app, actor, lockerUids); // Fault sbe-network-foreign-locker-403: a tenant guard
      // Fault se-network-unknown-locker-404: every named locker loaded first, a missing one refused.
      loadEveryNamedLocker(app, lockerUids);
      if (app.fault('network-empty-list-500') && lockerUids.length === 0)
        throw new ApiError(500, 'INTERNAL_ERROR', 'no lockers to add');
      heldBefore = new Set(network!.members.keys());
      cachedOwned = app.fault('sc-network-owned-cache') ? ownedAtFirstAdd(app, actor) : undefined;
      membersBefore = new Map(network!.members);
    },
    locker(uid, owned) {
      const stored = app.state.lockers.get(uid);
      // Fault network-adds-third-party: a third party's locker (ownedByCarrier null) is taken as owned.
      if (app.fault('network-adds-third-party') && stored?.record.ownedByCarrier === null) return stored;
      // Fault network-adds-other-carriers: "owned" is checked as owned by some carrier, not by the caller.
      if (app.fault('network-adds-other-carriers') && stored?.record.ownedByCarrier) return stored;
      // Fault sw-network-owned-by-bookings: owned read from the fleet view, third-party lockers holding a booking too.
      const locker = cachedOwned?.has(uid) === false ? undefined : (owned ?? fleetLocker(app, actor, uid));
      if (!locker) skippedNotOwned = true;
      return locker;
    },
    // Fault x45-network-add-stops-at-first-skipped: the uids are taken while owned (takeWhile where filter belongs).
    endsAt: (locker) => !locker && app.fault('x45-network-add-stops-at-first-skipped'),
    leftOut: (locker) =>
      // Fault x47-network-skips-inactive: the booking path's eligible-lockers query (owned and ACTIVE) is reused.
      (app.fault('x47-network-skips-inactive') && locker.record.carrier.status !== 'ACTIVE') ||
      groupedLockerLeftOut(app, locker) || // Fault sbg-network-skips-grouped-lockers
      // Fault sv-network-member-index-without-network: a unique index on the member's lockerId alone (ON CONFLICT).
      lockerIdIndexed(app, locker) ||
      // Fault network-adds-nothing: no owned locker is added.
      app.fault('network-adds-nothing'),
    member(uid, locker, held) {
      // Fault sl-network-membership-by-locker-id: membership looked up by the locker's current carrier.lockerId.
      const already = memberAlready(
        app,
        network!,
        locker,
        app.fault('network-add-counts-repeats') ? heldBefore.has(uid) : held,
      );
      // Fault network-relists-members: a member is listed again.
      return already && !app.fault('network-relists-members');
    },
    status(locker) {
      // Variation ok-a-network-status-active (§2.5 shows no allowed values beyond ACTIVE and PENDING).
      // Variation ok-al-network-status-suspended: a locker not ACTIVE joins SUSPENDED.
      // Variation ok-av-network-status-by-size: ACTIVE where the network holds a locker already.
      // Variation ok-ay-second-carrier-network-active: the second carrier's network admits lockers ACTIVE.
      const given = secondCarrierNetworkActive(
        app,
        actor,
        networkStatusBySize(app, network!, app.fault('ok-a-network-status-active') ? 'ACTIVE' : 'PENDING'),
      );
      // Variation ok-bg-network-grouped-active: a locker with groups joins ACTIVE.
      const status = networkStatusSuspended(app, locker, groupedMemberActive(app, locker, given));
      // Fault sg-network-add-sets-carrier-status: the network status written to the locker's carrier.status.
      networkStatusWritten(app, locker, status);
      return status;
    },
    record(locker) {
      // Fault sa-network-record-by-locker-id: the record read back by a join on carrier.lockerId (first row wins).
      if (!app.fault('sa-network-record-by-locker-id')) return locker.record;
      const id = locker.record.carrier.lockerId;
      return [...app.state.lockers.values()].find((l) => l.record.carrier.lockerId === id)?.record ?? locker.record;
    },
    written(member, locker, record) {
      batchProvider ??= record.provider;
      const provider = app.fault('sc-network-batch-provider-of-first') ? batchProvider : record.provider;
      // Fault sa-network-statuses-swapped: the carrier-side and provider-side status columns mapped the wrong way.
      const swapped = app.fault('sa-network-statuses-swapped');
      membershipWritten(app, network!, locker);
      bookingsHeldAtJoin(app, locker); // Fault sbg-cancel-before-network-join: the bookings it holds now
      return {
        ...member,
        providerName: provider.name,
        // Fault network-record-stale: the provider's name for the locker, the one it was created with.
        lockerName: app.fault('network-record-stale') ? record.provider.lockerName : member.lockerName,
        providerLockerStatus: swapped ? record.carrier.status : provider.status,
        carrierLockerStatus: swapped ? record.provider.status : member.carrierLockerStatus,
      };
    },
    listed(member, uid) {
      const extra = app.choices.extraFields ? { addedAt: app.now() } : {};
      // Fault network-uid-string: the lockerUid listed as text.
      return {
        ...member,
        ...extra,
        ...(app.fault('network-uid-string') ? { lockerUid: String(int64(uid)) } : {}),
      } as Listed;
    },
    answered(added, lockerUids) {
      // Fault sg-network-add-replaces-members: the membership saved as the request's owned lockers.
      membershipReplaced(app, network!, actor, lockerUids);
      rolledBackOnSkip(app, network!, membersBefore, skippedNotOwned);
      // Fault sn-network-answer-zipped-by-position: RETURNING's rows mapped to the owned lockers named, by position.
      zippedByPosition(app, network!, actor, lockerUids, added);
      // Fault sp-network-provider-status-from-feed: providerLockerStatus from the feed, null for ids it made up.
      feedStatuses(app, added);
      unconfirmedByProvider(app, added); // Variation ok-aa-network-provider-unconfirmed
      // Faults st-network-add-batch-outcomes (each named locker's outcome), st-network-name-display-label.
      networkBatchOutcomes(app, actor, network!, lockerUids, added);
      // Variation ok-e-network-answer-uid-descending: the records highest lockerUid first (§4.10 states no order).
      // Fault sr-network-single-record-unwrapped, variation ok-r-network-add-201; fault saa-network-answer-sparse-keys.
      return sparseKeyed(app, lockerUids, networkAnswer(app, networkAnswerOrder(app, added)));
    },
  };
}
