// §4.10: add owned lockers to a network; everything else is skipped without error.
import { parse } from 'lossless-json';
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { ApiError, badRequest, notFound } from '../errors';
import type { LockerRecord } from '../model';
import { ownedAtFirstAdd } from './set-c-faults';
import { loadEveryNamedLocker, networkAnswerOrder } from './set-e-faults';
import { membershipReplaced, networkStatusWritten } from './set-g-faults';
import { rolledBackOnSkip } from './set-h-faults';
import { networkActor } from './set-j-faults';
import { memberAlready, membershipWritten, networkOfPath } from './set-l-faults';
import { zippedByPosition } from './set-n-faults';
import { feedStatuses } from './set-p-faults';
import { networkAnswer } from './set-r-faults';
import { networkBatchBySetT } from './set-t-faults';
import { lockerIdIndexed } from './set-v-faults';
import { fleetLocker } from './set-w-faults';
import { sparseKeyed, unconfirmedByProvider } from './set-aa-faults';

/** The integers of a top-level array member, each as its digits (the schema has checked they are integers). */
function exactIntegers(raw: string, member: string): string[] {
  const values = (parse(raw, null, (digits) => digits) as Record<string, unknown> | null)?.[member];
  // Written otherwise (1.0, 1e3, -1e+21), an integer is one a double holds: its digits, written out in full.
  return Array.isArray(values)
    ? values.map((v) => (/^-?\d+$/.test(String(v)) ? String(v) : BigInt(Number(v)).toString()))
    : [];
}

/** Members of a network locker record §2.5 does not require. */
const OPTIONAL_NETWORK_MEMBERS = [
  'lockerName',
  'carrierLockerStatus',
  'networkLockerStatus',
  'carrierLockerId',
  'providerLockerId',
] as const;

/** A uid as the int64 a network record carries: a BigInt beyond 2^53. */
const int64 = (uid: string) => (BigInt(uid) > BigInt(Number.MAX_SAFE_INTEGER) ? BigInt(uid) : Number(uid));

export function addNetworkLockers(app: ReferenceApp, ctx: RequestContext): Reply {
  const raw = ctx.params['uid']!;
  if (!/^-?\d+$/.test(raw)) throw badRequest('VALIDATION_FAILED', `network uid "${raw}" must be an integer`);
  // Fault sl-network-path-uid-ignored: the caller's network, whatever uid the path names.
  const network = networkOfPath(app, raw, ctx.carrier.name);
  // Fault sj-network-owner-from-path: the network found by its uid alone, the add run as its owner.
  const actor = networkActor(app, network, ctx.carrier.name);
  if (!network || network.owner !== actor) {
    throw notFound('NETWORK_NOT_FOUND', `no network of this carrier has uid ${raw}`);
  }
  app.validate('AddNetworkLockersRequest', ctx.body);
  // int64s from their digits: a uid beyond 2^53 read as a double names another locker.
  const lockerUids = exactIntegers(ctx.raw ?? '', 'lockerUids');
  // Fault se-network-unknown-locker-404: every named locker loaded first, a missing one refused.
  loadEveryNamedLocker(app, lockerUids);
  if (app.fault('network-empty-list-500') && lockerUids.length === 0)
    throw new ApiError(500, 'INTERNAL_ERROR', 'no lockers to add');
  const added = [];
  // Fault network-add-counts-repeats: membership read once, before the request, so a uid sent twice is added twice.
  const heldBefore = new Set(network.members.keys());
  // Fault sc-network-owned-cache: ownership from the uids the carrier owned at its first network add.
  const cachedOwned = app.fault('sc-network-owned-cache') ? ownedAtFirstAdd(app, actor) : undefined;
  // Fault sc-network-batch-provider-of-first: the provider looked up once, for the batch's first locker.
  let batchProvider: LockerRecord['provider'] | undefined;
  // Fault sh-network-add-rolled-back-on-skip: the memberships before the request, and whether a lookup skipped.
  const membersBefore = new Map(network.members);
  let skippedNotOwned = false;
  for (const uid of lockerUids) {
    const n = int64(uid);
    const thirdParty =
      app.fault('network-adds-third-party') && app.state.lockers.get(uid)?.record.ownedByCarrier === null;
    // Fault network-adds-other-carriers: "owned" is checked as owned by some carrier (ownedByCarrier set), not by the
    // caller.
    const ownedByAnyone =
      app.fault('network-adds-other-carriers') && app.state.lockers.get(uid)?.record.ownedByCarrier
        ? app.state.lockers.get(uid)
        : undefined;
    // Fault sw-network-owned-by-bookings: owned read from the fleet view, third-party lockers holding a booking too.
    const locker = thirdParty
      ? app.state.lockers.get(uid)
      : (ownedByAnyone ??
        (cachedOwned?.has(uid) === false
          ? undefined
          : (app.state.ownedLocker(actor, uid) ?? fleetLocker(app, actor, uid))));
    // Fault x45-network-add-stops-at-first-skipped: the uids are taken while owned (takeWhile where filter belongs).
    if (!locker && app.fault('x45-network-add-stops-at-first-skipped')) break;
    // Fault x47-network-skips-inactive: the booking path's eligible-lockers query (owned and ACTIVE) is reused.
    if (locker && app.fault('x47-network-skips-inactive') && locker.record.carrier.status !== 'ACTIVE') continue;
    // Fault sl-network-membership-by-locker-id: membership looked up by the locker's current carrier.lockerId.
    const held = memberAlready(
      app,
      network,
      locker,
      app.fault('network-add-counts-repeats') ? heldBefore.has(uid) : network.members.has(uid),
    );
    if (!locker) skippedNotOwned = true;
    if (lockerIdIndexed(app, locker)) continue; // Fault sv-network-member-index-without-network (ON CONFLICT)
    if (!locker || (held && !app.fault('network-relists-members'))) continue;
    if (app.fault('network-adds-nothing')) continue;
    const networkStatus = app.fault('ok-a-network-status-active') ? 'ACTIVE' : 'PENDING';
    // Fault sg-network-add-sets-carrier-status: the network status written to the locker's carrier.status.
    networkStatusWritten(app, locker, networkStatus);
    // Fault sa-network-record-by-locker-id: the record read back by a join on carrier.lockerId (first row wins).
    const { record } = app.fault('sa-network-record-by-locker-id')
      ? ([...app.state.lockers.values()].find((l) => l.record.carrier.lockerId === locker.record.carrier.lockerId) ??
        locker)
      : locker;
    // Fault sa-network-statuses-swapped: the carrier-side and provider-side status columns mapped the wrong way.
    const swapped = app.fault('sa-network-statuses-swapped');
    batchProvider ??= record.provider;
    const provider = app.fault('sc-network-batch-provider-of-first') ? batchProvider : record.provider;
    const member = {
      lockerUid: record === locker.record ? n : int64(record.uid),
      providerName: provider.name,
      // The provider's name for the locker is the one the locker was created with: stale after a rename.
      lockerName: app.fault('network-record-stale') ? record.provider.lockerName : record.carrier.lockerName,
      providerLockerStatus: swapped ? record.carrier.status : provider.status,
      carrierLockerStatus: swapped ? record.provider.status : record.carrier.status,
      // Choice ok-a-network-status-active (conformant: §2.5 shows no allowed values beyond ACTIVE and PENDING).
      networkLockerStatus: networkStatus,
      carrierLockerId: record.carrier.lockerId,
      providerLockerId: record.provider.lockerUid,
    };
    // A choice: §2.5 requires lockerUid, providerName and providerLockerStatus only.
    if (app.choices.requiredMembersOnly)
      for (const optional of OPTIONAL_NETWORK_MEMBERS) delete (member as Partial<typeof member>)[optional];
    network.members.set(uid, member);
    membershipWritten(app, network, locker);
    const extra = app.choices.extraFields ? { addedAt: app.now() } : {};
    added.push(
      app.fault('network-uid-string') ? { ...member, ...extra, lockerUid: String(n) } : { ...member, ...extra },
    );
  }
  // Fault sg-network-add-replaces-members: the membership saved as the request's owned lockers.
  membershipReplaced(app, network, actor, lockerUids);
  rolledBackOnSkip(app, network, membersBefore, skippedNotOwned);
  // Fault sn-network-answer-zipped-by-position: RETURNING's rows mapped to the owned lockers named, by position.
  zippedByPosition(app, network, actor, lockerUids, added);
  // Fault sp-network-provider-status-from-feed: providerLockerStatus from the feed, null for ids the service made up.
  feedStatuses(app, added);
  unconfirmedByProvider(app, added); // Variation ok-aa-network-provider-unconfirmed
  // Faults st-network-add-batch-outcomes (each named locker's outcome), st-network-name-display-label.
  networkBatchBySetT(app, actor, network, lockerUids, added);
  // Variation ok-e-network-answer-uid-descending: the records highest lockerUid first (§4.10 states no order).
  // Fault sr-network-single-record-unwrapped, variation ok-r-network-add-201; fault saa-network-answer-sparse-keys.
  return sparseKeyed(app, lockerUids, networkAnswer(app, networkAnswerOrder(app, added)));
}
