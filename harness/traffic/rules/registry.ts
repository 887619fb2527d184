// Every module judged on recorded traffic, in the order the judge hands them each step (traffic-rule.ts).
// The order is what they read of each other: a module that reads what another learns of an exchange comes
// after it, one that reads what was learnt before the exchange comes before it. So the exchange is judged
// alone first; what a create or cancel must cause is told before the correlations learn of the cancel (a
// cancel of a parcel cancelled already changes no status); the owners learn before the rules that tell
// carriers apart; a network add reads the names, and an update the groups, shown before it, and a status
// change the lockers shown until it, so the lockers learn between them. At the end, the status changes a
// list confirmed are told before the caused deliveries are judged; the base path is judged last.
import { ListLag } from '../learnt/list-lag';
import { LockerWrites } from '../learnt/locker-writes';
import { LockersShown } from '../learnt/lockers-shown';
import { RecordOwners } from '../learnt/record-owners';
import { BasePath } from './base-path';
import { BookingRecords } from './booking-records';
import { CausedDeliveries } from './caused-deliveries';
import { Correlations } from './correlations';
import { DeliveryJudge } from './deliveries';
import { DeliveryCauses } from './delivery-causes';
import { ExchangeJudge } from './exchange-judge';
import { FrameReads } from './frame-reads';
import { GroupsKept } from './groups-kept';
import { HistoriesKept } from './histories-kept';
import { NearMissIds } from './near-miss-ids';
import { NetworkAdds } from './network-adds';
import { NullMembers } from './null-members';
import { OwnEndpoints } from './own-endpoints';
import { OwnParcels } from './own-parcels';
import { PrecheckPushes } from './precheck-pushes';
import { RefusedCancels } from './refused-cancels';
import { RefusedUpdates } from './refused-updates';
import { RejectedWrites } from './rejected-writes';
import { SharedIds } from './shared-ids';
import { PushesShown } from './pushes-shown';
import { StatusChanges } from './status-changes';
import { TriggerLockers } from './trigger-lockers';
import { WritesListed } from './writes-listed';
import type { TrafficContext, TrafficRule } from './traffic-rule';

/** The modules others read: made once, before the rest. */
export interface Shared {
  exchanges: ExchangeJudge;
  correlations: Correlations;
  caused: CausedDeliveries;
  owners: RecordOwners;
  lockers: LockersShown;
  listLag: ListLag;
  writes: LockerWrites;
}

function shared(c: TrafficContext): Shared {
  const correlations = new Correlations(c.evidence, c.settleMs, c.sameRecorder);
  const caused = new CausedDeliveries(c.evidence, c.webhookWaitMs, c.settleMs, c.recording);
  // A status two whole lists showed a parcel change to is pushed, whatever changed it (WH-PARCEL-ON-STATUS).
  if (c.deliveries)
    correlations.onMoved = ({ ids, carrier, after, by, shows, from }) =>
      caused.cause('moved', ids, carrier, after, 'listParcels', { shows, by, from });
  return {
    exchanges: new ExchangeJudge(c.evidence, c.acrossOnly ?? false),
    correlations,
    caused,
    owners: new RecordOwners(),
    lockers: new LockersShown(c.settleMs),
    listLag: new ListLag(),
    writes: new LockerWrites(),
  };
}

export interface Entry {
  /** The module's file in this folder (learnt/ for what only learns). */
  module: string;
  /** The rules it judges; none where it only learns what others read. */
  judges: readonly string[];
  /** The shared modules it reads. */
  needs: readonly (keyof Shared)[];
  make(c: TrafficContext, s: Shared): TrafficRule;
}

const entry = <N extends keyof Shared>(
  module: string,
  judges: string[],
  needs: N[],
  make: (c: TrafficContext, s: Pick<Shared, N>) => TrafficRule,
): Entry => ({ module, judges, needs, make });

/** The traffic's rule modules, in the order above. */
export const TRAFFIC_RULES: readonly Entry[] = [
  // The rules a delivery breaks alone, judged as it is read (webhooks/delivery-judgements.ts).
  entry('deliveries', [], [], (c) => (c.acrossOnly ? {} : new DeliveryJudge(c.evidence))),
  // Each exchange alone: the checks of every answer (harness/checks/), its request's defects, and these.
  entry(
    'exchange-judge',
    [
      'AUTH-401-BODY',
      'LCK-CREATE-201',
      'LCK-CREATE-ECHO',
      'LCK-CREATE-LOCATION-TYPE-OPTIONAL',
      'LCK-LIST-PROVIDER-FILTER',
      'LCK-UPDATE-200',
      'LCK-UPDATE-OPTIONAL',
    ],
    ['exchanges'],
    (_, s) => s.exchanges,
  ),
  entry(
    'delivery-causes',
    [],
    ['caused', 'correlations'],
    (c, s) => new DeliveryCauses(s.caused, s.correlations, c.deliveries),
  ),
  entry(
    'correlations',
    [
      'CAN-DELIVERED-REFUSED',
      'CAN-NOT-DELIVERED',
      'LCK-CREATE-ECHO',
      'PCL-BOOKING-CREATES',
      'PCL-PRECHECK-NO-BOOKING',
      'TRG-EVENT-HISTORY',
    ],
    ['correlations'],
    (_, s) => s.correlations,
  ),
  entry(
    'refused-cancels',
    ['CAN-NOT-DELIVERED'],
    ['correlations'],
    (c, s) => new RefusedCancels(c.evidence, s.correlations),
  ),
  entry('near-miss-ids', ['GEN-ID-EXACT'], [], (c) => new NearMissIds(c.evidence)),
  entry('learnt/record-owners', [], ['owners'], (_, s) => s.owners),
  entry('own-parcels', ['PCL-LIST-OWN'], ['owners'], (c, s) => new OwnParcels(c.evidence, s.owners)),
  entry(
    'network-adds',
    ['NET-NOT-OWNED-SKIPPED', 'NET-ONLY-NEW', 'NET-OWNED-ADDED', 'NET-RECORD-LOCKER-NAME'],
    ['owners', 'lockers'],
    (c, s) => new NetworkAdds(c.evidence, s.owners, s.lockers),
  ),
  entry(
    'groups-kept',
    ['LCK-UPDATE-GROUPS-KEPT'],
    ['lockers', 'writes'],
    (c, s) => new GroupsKept(c.evidence, s.lockers, s.writes),
  ),
  entry('learnt/lockers-shown', [], ['lockers'], (_, s) => s.lockers),
  entry(
    'status-changes',
    ['LCK-STATUS-CHANGE'],
    ['lockers', 'caused'],
    (c, s) => new StatusChanges(c.evidence, s.lockers, s.caused, c.settleMs),
  ),
  entry(
    'caused-deliveries',
    ['WH-LOCKER-ON-CREATE', 'WH-PARCEL-ON-STATUS', 'WH-LOCKER-ON-STATUS'],
    ['caused'],
    (_, s) => s.caused,
  ),
  entry(
    'booking-records',
    ['PCL-BY-TENANT-OWN', 'PCL-BY-TENANT-RESOLVES', 'PCL-RECORD-AS-SENT'],
    ['lockers', 'owners'],
    (c, s) => new BookingRecords(c.evidence, s.lockers, s.owners, c.settleMs),
  ),
  entry(
    'frame-reads',
    ['GEN-ONE-RECORD', 'GEN-ONE-RECORD-MEMBERS', 'GEN-STATE-NAMED-ONLY', 'GEN-WRITE-NAMED-ONLY'],
    ['listLag'],
    (c, s) => new FrameReads(c.evidence, s.listLag, c.lagFloorMs),
  ),
  entry('rejected-writes', ['GEN-REJECTED-NO-EFFECT'], [], (c) => new RejectedWrites(c.evidence, c.settleMs)),
  entry('shared-ids', ['ISO-CARRIER-IDS'], ['owners'], (c, s) => new SharedIds(c.evidence, s.owners)),
  entry('null-members', ['PCL-PUBLISH-NULLS'], [], (c) => new NullMembers(c.evidence)),
  entry(
    'trigger-lockers',
    ['TRG-PROVIDER-LOCKER-ID', 'TRG-PROVIDER-LOCKER-ID-REJECTED'],
    ['lockers'],
    (c, s) => new TriggerLockers(c.evidence, s.lockers, c.settleMs),
  ),
  entry(
    'writes-listed',
    ['LCK-CREATE-ECHO', 'LCK-UPDATE-200', 'LCK-UPDATE-OMITTED-KEPT', 'LCK-UPDATE-ARRAYS-REPLACED'],
    ['listLag', 'writes'],
    (c, s) => new WritesListed(c.evidence, c.settleMs, s.listLag, s.writes),
  ),
  entry('refused-updates', ['LCK-UPDATE-200'], ['writes'], (c, s) => new RefusedUpdates(c.evidence, s.writes)),
  // After the modules that ask it which writes were in flight: it notes each write once they have seen it.
  entry('learnt/locker-writes', [], ['writes'], (_, s) => s.writes),
  entry(
    'pushes-shown',
    ['WH-LOCKER-BODY', 'WH-PARCEL-BODY'],
    ['writes'],
    (c, s) => new PushesShown(c.evidence, s.writes, c.settleMs, c.webhookWaitMs),
  ),
  entry('histories-kept', ['PCL-HISTORY-KEPT'], [], (c) => new HistoriesKept(c.evidence, c.settleMs, c.sameRecorder)),
  entry('precheck-pushes', ['PCL-PRECHECK-NO-BOOKING'], [], (c) => new PrecheckPushes(c.evidence, c.webhookWaitMs)),
  entry('own-endpoints', ['WH-OWN-CARRIER'], ['owners'], (c, s) => new OwnEndpoints(c.evidence, s.owners)),
  entry('base-path', ['VER-BASE-PATH'], [], (c) => new BasePath(c.evidence, c.map)),
];

/** The modules made for one judgement, in the registry's order, and the exchanges' judge (what it saw of keys). */
export function trafficRules(c: TrafficContext): { rules: TrafficRule[]; exchanges: ExchangeJudge } {
  const s = shared(c);
  return { rules: TRAFFIC_RULES.map((e) => e.make(c, s)), exchanges: s.exchanges };
}
