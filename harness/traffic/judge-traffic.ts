// Recorded traffic judged by the rules, with no request sent: the deliveries first (their parcel
// records tell a cancel's identifier), then the exchanges in file order, each mapped to its operation,
// judged alone and in the order of the traffic. What the traffic gave nothing to judge by is said with
// what would bring it in (reach.ts); the verdicts are then decided as a run's are.
import { resolve } from 'node:path';
import type { TestRecord } from '../verdict/verdicts';
import { CausedDeliveries } from './rules/caused-deliveries';
import { Correlations } from './rules/correlations';
import { DeliveryJudge } from './rules/deliveries';
import { RecordOwners } from './learnt/record-owners';
import { NetworkAdds } from './rules/network-adds';
import { GROUPS, TrafficEvidence, type Group } from './evidence';
import { ExchangeJudge } from './rules/exchange-judge';
import { readHarEntries, type HarEntry } from './har/har-stream';
import { OperationMap } from './recorded/operation-map';
import { unobserved } from './reach';
import { recordedExchange, type Recorded } from './recorded/recorded';
import { TrafficSecrets } from './secrets';
import { DEFAULT_WEBHOOK_WAIT_MS } from '../target/config';
import { DEFAULT_SETTLE_MS } from '../records/settle-time';
import { LockersShown } from './learnt/lockers-shown';
import { BookingRecords } from './rules/booking-records';
import { RejectedWrites } from './rules/rejected-writes';
import { StatusChanges } from './rules/status-changes';
import { GroupsKept } from './rules/groups-kept';
import { SharedIds } from './rules/shared-ids';
import { NullMembers } from './rules/null-members';
import { TriggerLockers } from './rules/trigger-lockers';
import { UpdatesShown } from './rules/updates-shown';
import { PrecheckPushes } from './rules/precheck-pushes';

export interface TrafficOptions {
  /** The HAR of the exchanges with the service. */
  traffic: string;
  /** The HAR of the webhook deliveries the carrier's endpoint received (may be the traffic's file too). */
  webhooks?: string;
  baseUrl?: string;
  mockBaseUrl?: string;
  /** How long after its request a push may come (default: a run's, DEFAULT_WEBHOOK_WAIT_MS). */
  webhookWaitMs?: number;
  /** How long a list may lag a write before what it shows of the write is judged (default: a run's, DEFAULT_SETTLE_MS). */
  listSettleMs?: number;
  /** Called after each chunk read, with the entries and bytes read so far of the file being read. */
  onProgress?: (file: string, entries: number, bytes: number) => void;
}

export interface TrafficJudgement {
  tests: TestRecord[];
  evidence: TrafficEvidence;
  secrets: TrafficSecrets;
  bases: { service?: string; mock?: string };
  entries: number;
  /** Entries read per file (the traffic's, and the deliveries' where it is another file). */
  entriesByFile: Record<string, number>;
  judged: number;
  deliveries: number;
  /** `GET https://other.example` → entries: other hosts, never judged. */
  otherHosts: Map<string, number>;
  /** `DELETE /v1/lockers/{…}` → entries: under the base, of no operation of the document (or with no answer recorded). */
  unknownOperations: Map<string, number>;
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** Deliveries: every entry of the webhooks file that is no exchange with the service. */
/** Reads the deliveries' file; returns how many entries it held. */
async function readDeliveries(file: string, map: OperationMap, secrets: TrafficSecrets, judge: DeliveryJudge, progress?: TrafficOptions['onProgress']): Promise<number> {
  let count = 0;
  return readHarEntries(
    file,
    (entry) => {
      count += 1;
      secrets.learn(entry);
      if (entry.request.method.toUpperCase() === 'GET' || 'op' in map.peek(entry.request.method, entry.request.url)) return;
      judge.judge(entry);
    },
    (bytes) => progress?.(file, count, bytes),
  );
}

export async function judgeTraffic(options: TrafficOptions): Promise<TrafficJudgement> {
  const secrets = new TrafficSecrets();
  const evidence = new TrafficEvidence(secrets);
  const map = new OperationMap({ ...(options.baseUrl ? { service: options.baseUrl } : {}), ...(options.mockBaseUrl ? { mock: options.mockBaseUrl } : {}) });
  const settleMs = options.listSettleMs ?? DEFAULT_SETTLE_MS;
  const correlations = new Correlations(evidence, settleMs);
  const sameRecorder = options.webhooks !== undefined && resolve(options.webhooks) === resolve(options.traffic);
  const exchanges = new ExchangeJudge(evidence);
  const caused = new CausedDeliveries(evidence, options.webhookWaitMs ?? DEFAULT_WEBHOOK_WAIT_MS);
  const prechecks = new PrecheckPushes(evidence, options.webhookWaitMs ?? DEFAULT_WEBHOOK_WAIT_MS);
  const owners = new RecordOwners(evidence);
  const lockers = new LockersShown(settleMs);
  const networkAdds = new NetworkAdds(evidence, owners, lockers);
  const bookings = new BookingRecords(evidence, lockers, owners, settleMs);
  const rejected = new RejectedWrites(evidence, settleMs);
  const statusChanges = new StatusChanges(evidence, lockers, caused, settleMs);
  const groups = new GroupsKept(evidence, lockers);
  const sharedIds = new SharedIds(evidence, owners);
  const nulls = new NullMembers(evidence);
  const triggerLockers = new TriggerLockers(evidence, lockers, settleMs);
  const updates = new UpdatesShown(evidence, settleMs);
  const deliveries = new DeliveryJudge(evidence, (kind, body, at) => {
    if (kind === 'ParcelUpdates') {
      correlations.learn(body, false);
      // Compared with the traffic's times only where one recorder kept both: two recorders' clocks may disagree.
      if (sameRecorder) correlations.pushed(body, at);
    }
    caused.delivery(kind, body, at);
    prechecks.delivery(kind, body, at);
  }, owners);
  const otherHosts = new Map<string, number>();
  const unknownOperations = new Map<string, number>();
  let judged = 0;
  const deliveryEntries = options.webhooks ? await readDeliveries(options.webhooks, map, secrets, deliveries, options.onProgress) : 0;
  let count = 0;
  const sameFile = options.webhooks !== undefined && resolve(options.webhooks) === resolve(options.traffic);
  const onEntry = (entry: HarEntry) => {
    count += 1;
    secrets.learn(entry);
    const mapped = map.map(entry.request.method, entry.request.url);
    if (!('op' in mapped)) {
      // One file holding both (this harness's HAR): what was read as a delivery is judged already.
      if (sameFile && mapped.other === 'host' && entry.request.method.toUpperCase() !== 'GET') return;
      bump(mapped.other === 'host' ? otherHosts : unknownOperations, mapped.key);
      return;
    }
    const recorded = recordedExchange(entry, mapped);
    // A request that got no answer (a browser's status 0: blocked, cancelled, offline) has nothing to judge,
    // but a write may have been applied: what it may have changed is no longer known where it touched.
    if (entry.response.status < 100) {
      bump(unknownOperations, `${mapped.op.method} ${mapped.op.path} (no answer recorded)`);
      if (mapped.op.method.toUpperCase() !== 'GET') {
        lockers.see(recorded, mapped.op);
        statusChanges.see(recorded, mapped.op, entry, []);
        for (const module of [rejected, sharedIds, updates, triggerLockers, prechecks]) module.see(recorded, mapped.op, entry);
      }
      return;
    }
    if (mapped.op.operationId === 'cancelParcel') {
      const form = correlations.formOf(mapped.params['parcelId'] ?? '');
      if (form) recorded.exchange.form = form;
    }
    judged += 1;
    exchanges.judge(recorded, mapped.op, entry);
    // Before the correlations learn of it: a cancel of a parcel cancelled already changes no status.
    if (options.webhooks) causeOf(recorded, caused, correlations);
    correlations.see(recorded, mapped.op, entry);
    owners.see(recorded, mapped.op, entry);
    // A network add reads the names shown before it, an update the groups, a status change the lockers shown until it.
    networkAdds.see(recorded, mapped.op, entry);
    groups.see(recorded, mapped.op, entry);
    statusChanges.see(recorded, mapped.op, entry, lockers.see(recorded, mapped.op));
    bookings.see(recorded, mapped.op, entry);
    rejected.see(recorded, mapped.op, entry);
    sharedIds.see(recorded, mapped.op, entry);
    nulls.see(recorded, mapped.op, entry);
    triggerLockers.see(recorded, mapped.op, entry);
    updates.see(recorded, mapped.op, entry);
    prechecks.see(recorded, mapped.op, entry);
  };
  const entries = await readHarEntries(options.traffic, onEntry, (bytes) => options.onProgress?.(options.traffic, count, bytes));
  exchanges.finish();
  statusChanges.finish();
  caused.finish();
  prechecks.finish();
  owners.finish();
  const bases = map.known;
  for (const [kind, base] of Object.entries(bases)) {
    const v1 = new URL(base).pathname.split('/').includes('v1');
    evidence.judge('exchanges', 'VER-BASE-PATH', { places: [] }, v1 ? undefined : `a v1 segment in the ${kind === 'mock' ? 'mock base address' : "carrier connector's base path"}, got ${base}`);
  }
  for (const [rule, reason] of unobserved(evidence, { keysKept: exchanges.keysKept, deliveries: !!options.webhooks })) evidence.notObserved('exchanges', rule, reason);
  const entriesByFile = { [options.traffic]: entries, ...(options.webhooks && !sameFile ? { [options.webhooks]: deliveryEntries } : {}) };
  return { tests: testRecords(evidence), evidence, secrets, bases, entries, entriesByFile, judged, deliveries: deliveries.count, otherHosts, unknownOperations };
}

/** An accepted create or cancel: the delivery it must cause (caused-deliveries.ts). */
function causeOf(r: Recorded, caused: CausedDeliveries, correlations: Correlations): void {
  const { exchange } = r;
  if (exchange.status < 200 || exchange.status >= 300) return;
  const carrier = r.carrier;
  const at = r.startedAt;
  if (exchange.operationId === 'createLocker' && !r.cut) {
    const uid = (exchange.body as { uid?: unknown } | undefined)?.uid;
    if (typeof uid === 'string' || typeof uid === 'number') caused.cause('locker', [String(uid)], carrier, at, 'createLocker');
  }
  if (exchange.operationId === 'cancelParcel') {
    const ids = correlations.idsOf(r.params['parcelId'] ?? '', carrier);
    // Its status changes only where it was booked: one booked in the traffic and not cancelled since (a
    // parcel of before the recording may have been cancelled already, and a cancel again changes nothing).
    if (correlations.bookedHere(ids, carrier) && !correlations.cancelled(ids, carrier)) caused.cause('parcel', ids, carrier, at, exchange.form ? `cancelParcel ${exchange.form}` : 'cancelParcel');
  }
}

/** Each group of judgements as one test of the certificate, naming the rules it has evidence or reasons for. */
function testRecords(evidence: TrafficEvidence): TestRecord[] {
  return (Object.keys(GROUPS) as Group[]).map((group) => {
    const json = evidence.logs[group].toJSON();
    return {
      title: GROUPS[group],
      file: 'harness/traffic',
      rules: [...new Set([...Object.keys(json.rules), ...Object.keys(json.notObservable)])],
      status: 'passed' as const,
      errors: [],
      evidence: json,
      webhookWaits: [],
    };
  });
}
