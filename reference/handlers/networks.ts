// §4.10: add owned lockers to a network; everything else is skipped without error. addNetworkLockers is the service
// the specification describes; network-points.ts names each point where a fault may change it.
import { parse } from 'lossless-json';
import type { ReferenceApp, Reply, RequestContext } from '../app';
import { badRequest, notFound } from '../errors';
import type { LockerRecord, NetworkLockerRecord } from '../model';
import { int64, networkPoints } from './network-points';
import {
  addJobPolledOnce,
  batchOwnerOfFirst,
  frozenNetworkNotCommitted,
  memberBitmaskWraps,
  memberHeldByMemberCount,
  memberNameCutAtNul,
  memberProviderFromCatalogue,
  memberRefusedMidBatch,
  membershipLru,
  networkAnswerByProvider,
  networkAnswerEntryShared,
  networkEmptyAnswerNull,
  networkRecordProviderRenamed,
  ownerReplicaAndBloomFilter,
  pendingLostOnColdStart,
  previousLockerCarriedOver,
  refusedAddMembershipsKept,
  traceIdSpread,
  uidNotationAsDoubleKey,
} from '../faults/behaviour/networks';
import {
  checkedUidTakenAsOwned,
  lastAddRequestKept,
  memberNamedByNetworkService,
  memberOfLastRequest,
  networkStatusWords,
  outsideNetworkProvider,
  selectionDefaultedToLast,
  selectionKept,
  withdrawnFromPlan,
} from '../faults/behaviour/networks-members';
import { memberNamedAlike } from '../faults/behaviour/value-combinations';
import { memberInOldTable, membershipTablesWritten } from '../faults/behaviour/migration-leftovers';

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

/** The network locker record (§2.5) a locker joins with, in the status it takes there. */
function networkRecord(record: LockerRecord, status: string): NetworkLockerRecord {
  return {
    lockerUid: int64(record.uid),
    providerName: record.provider.name,
    lockerName: record.carrier.lockerName,
    providerLockerStatus: record.provider.status,
    carrierLockerStatus: record.carrier.status,
    networkLockerStatus: status,
    carrierLockerId: record.carrier.lockerId,
    providerLockerId: record.provider.lockerUid,
  };
}

/**
 * §4.10: the carrier's own lockers are added to its network and listed as newly added; a locker already in it is not
 * listed again, and one the carrier does not own is skipped without error (§8). `at` names each point where a fault
 * may change it (network-points.ts).
 */
export function addNetworkLockers(app: ReferenceApp, ctx: RequestContext): Reply {
  pendingLostOnColdStart(app); // Fault sbb-network-pending-lost-on-cold-start: an idle instance stopped
  const raw = ctx.params['uid']!;
  if (!/^-?\d+$/.test(raw)) throw badRequest('VALIDATION_FAILED', `network uid "${raw}" must be an integer`);
  const at = networkPoints(app, ctx);
  const { network, actor } = at.network(raw);
  if (!network || network.owner !== actor) {
    // Fault saw-network-refused-add-memberships-kept: rows written before this check
    refusedAddMembershipsKept(app, ctx);
    throw notFound('NETWORK_NOT_FOUND', `no network of this carrier has uid ${raw}`);
  }
  // Fault sbi-network-selection-defaults-to-last: a body without lockerUids takes the last selection.
  ctx = selectionDefaultedToLast(app, network, ctx);
  app.validate('AddNetworkLockersRequest', ctx.body);
  // int64s from their digits: a uid beyond 2^53 read as a double names another locker.
  // Fault sax-network-uid-notation-as-double-key: a uid written 100001.0 looked up as a Double's text.
  const lockerUids = uidNotationAsDoubleKey(app, ctx.raw, exactIntegers(ctx.raw ?? '', 'lockerUids'));
  at.named(lockerUids);
  const added = [];
  for (const uid of lockerUids) {
    // Faults saq-network-owner-replica-lags-create, saq-network-ownership-bloom-filter: the network service's view.
    // Fault saw-network-batch-owner-of-first: the batch authorized by its first lockerUid.
    // Fault sbi-network-checked-uid-memo: a uid the network's check has looked at before is taken as owned.
    const owned = checkedUidTakenAsOwned(
      app,
      network,
      uid,
      batchOwnerOfFirst(app, actor, lockerUids, uid, app.state.ownedLocker(actor, uid)),
    );
    const located = at.locker(uid, ownerReplicaAndBloomFilter(app, actor, uid, owned));
    // Fault sbc-network-skip-reads-previous-locker: a uid not owned taken as the locker the loop last found.
    const locker = previousLockerCarriedOver(app, lockerUids, uid, located);
    if (at.endsAt(locker)) break;
    // Fault san-network-membership-lru: membership asked of a cache of the members added last.
    // Fault sav-network-member-bitmask-wraps: membership read from a 32-bit mask over the lockers' row numbers.
    const heldNow = membershipLru(app, network, uid) || memberBitmaskWraps(app, network, uid);
    // Fault sbd-network-member-count-bulk-path: the lookup skipped where the network's member_count is 0.
    const held = memberHeldByMemberCount(app, network, lockerUids, uid, locker !== undefined, heldNow);
    memberRefusedMidBatch(app, added, uid, locker, held); // Fault sbh-network-add-member-409-partial
    // Faults sbi-network-reenabled-still-withdrawn (the planner's withdrawn lockers), sbi-network-answer-diffed-with-
    // last-request (membership read as "named by the previous request"), sbj-network-bound-to-first-provider (the
    // members looked up in the network's provider table).
    if (
      !locker ||
      at.leftOut(locker) ||
      withdrawnFromPlan(app, locker) ||
      // Fault sbk-network-single-add-not-in-old-table: membership asked of the old table.
      at.member(
        uid,
        locker,
        memberOfLastRequest(app, network, lockerUids, uid, memberInOldTable(app, network, uid, held)),
      ) ||
      outsideNetworkProvider(app, network, locker) ||
      memberNamedAlike(app, network, locker) // Fault sbl-network-member-keyed-by-name: a (network, name) key
    )
      continue;
    const record = at.record(locker);
    // Fault sas-network-name-cut-at-nul: the registry's NUL-terminated lockerName.
    // Fault say-network-provider-name-from-catalogue: providerName joined from the provider catalogue.
    const member = memberProviderFromCatalogue(
      app,
      record,
      memberNameCutAtNul(
        app,
        // Fault sbi-network-name-rename-dedup: the name the network service holds.
        at.written(memberNamedByNetworkService(app, locker, networkRecord(record, at.status(locker))), locker, record),
      ),
    );
    // A choice: §2.5 requires lockerUid, providerName and providerLockerStatus only.
    if (app.choices.requiredMembersOnly)
      for (const optional of OPTIONAL_NETWORK_MEMBERS) delete (member as Partial<typeof member>)[optional];
    networkStatusWords(app, member); // Variation ok-bj-network-carrier-status-words
    network.members.set(uid, member);
    membershipTablesWritten(app, network, lockerUids, uid); // Fault sbk-network-single-add-not-in-old-table
    added.push(networkRecordProviderRenamed(app, at.listed(member, uid))); // Fault sap-network-record-provider-renamed
  }
  lastAddRequestKept(app, network, lockerUids); // Fault sbi-network-answer-diffed-with-last-request
  selectionKept(app, network, lockerUids); // Fault sbi-network-selection-defaults-to-last
  // Variation ok-an-network-answer-grouped-by-provider: the records grouped by providerName.
  // Fault saq-network-add-job-polled-once: the membership job's result as one poll finds it.
  networkAnswerEntryShared(app, added); // Fault sbc-network-answer-entry-reused: one entry object for every locker
  const reply = at.answered(networkAnswerByProvider(app, addJobPolledOnce(app, added)), lockerUids);
  frozenNetworkNotCommitted(app, network, added); // Fault sbf-network-migration-freeze-left-on: a dry run
  // Fault sbc-network-empty-answer-null: orNull(list); fault sbf-network-answer-trace-id-spread: { ...body, traceId }.
  return traceIdSpread(app, networkEmptyAnswerNull(app, reply));
}
