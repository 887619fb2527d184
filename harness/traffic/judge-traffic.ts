// Recorded traffic judged by the rules, with no request sent: the deliveries first (their parcel
// records tell a cancel's identifier), then the exchanges in file order, each mapped to its operation and
// handed to every module of the registry (rules/registry.ts) in its order. What the traffic gave nothing
// to judge by is said with what would bring it in (reach.ts); the verdicts are then decided as a run's are.
import { resolve } from 'node:path';
import type { TestRecord } from '../verdict/test-record';
import { GROUPS, TrafficEvidence, type Group } from './evidence';
import { readHarEntries, type HarEntry } from './har/har-stream';
import { DeliveryReader } from './recorded/delivery';
import { OperationMap } from './recorded/operation-map';
import { recordedExchange } from './recorded/recorded';
import { unobserved } from './reach';
import { trafficRules } from './rules/registry';
import type { TrafficRule } from './rules/traffic-rule';
import { TrafficSecrets } from './secrets';
import { DEFAULT_WEBHOOK_WAIT_MS } from '../target/config';
import { harRecording } from './har/har-recording';
import type { Recording } from '../evidence/recording';
import { DEFAULT_SETTLE_MS } from '../records/lists/list-lag';

export interface TrafficOptions {
  /** The HAR of the exchanges with the service. */
  traffic: string;
  /** The HAR of the webhook deliveries the carrier's endpoint received (may be the traffic's file too). */
  webhooks?: string;
  baseUrl?: string;
  mockBaseUrl?: string;
  /** How long after its request a push may come (default: a run's, DEFAULT_WEBHOOK_WAIT_MS). */
  webhookWaitMs?: number;
  /** How long a list may lag a write before what it shows of the write is judged (default: a run's,
   * DEFAULT_SETTLE_MS). */
  listSettleMs?: number;
  /** Only what spans requests (rules/traffic-rule.ts TrafficContext acrossOnly): a run's own history. */
  acrossOnly?: boolean;
  /** How long a list may lag a write whatever the reads showed (rules/traffic-rule.ts TrafficContext lagFloorMs). */
  lagFloorMs?: number;
  /**
   * The entries of the traffic's file already in memory, and what it says of its recording (a run's own HAR, just
   * written): read in place of the file, which a whole run's history would otherwise parse twice.
   */
  inMemory?: { entries: readonly HarEntry[]; recording?: Recording };
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
  /** `DELETE /v1/lockers/{…}` → entries: under the base, of no operation of the document (or with no answer
   * recorded). */
  unknownOperations: Map<string, number>;
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * Deliveries: every entry of the webhooks file that is no exchange with the service. An entry under a base an
 * operation of the file was found at is the service's, even where it matches no operation (a path with its id left
 * empty): held until the file is read, as a base shows only once an operation under it is.
 */
async function readDeliveries(
  file: string,
  map: OperationMap,
  secrets: TrafficSecrets,
  rules: TrafficRule[],
  read: EntryReader,
  progress?: TrafficOptions['onProgress'],
): Promise<{ entries: number; deliveries: number }> {
  const reader = new DeliveryReader();
  let count = 0;
  const bases = new Set<string>();
  const held: HarEntry[] = [];
  const entries = await read(
    file,
    (entry) => {
      count += 1;
      secrets.learn(entry);
      const mapped = map.peek(entry.request.method, entry.request.url);
      if ('op' in mapped) bases.add(`${mapped.base}/`);
      else if (entry.request.method.toUpperCase() !== 'GET') held.push(entry);
    },
    (bytes) => progress?.(file, count, bytes),
  );
  const delivered = held.filter((entry) => ![...bases].some((base) => entry.request.url.startsWith(base)));
  for (const entry of delivered) {
    const d = reader.read(entry);
    for (const rule of rules) rule.delivery?.(d);
  }
  return { entries, deliveries: delivered.length };
}

/** How the entries of a file are read: streamed from it, or from memory where they are there already. */
type EntryReader = (
  file: string,
  onEntry: (entry: HarEntry) => void,
  onProgress?: (bytes: number) => void,
) => Promise<number>;

const fromMemory =
  (entries: readonly HarEntry[]): EntryReader =>
  async (_file, onEntry) => {
    for (const entry of entries) onEntry(entry);
    return entries.length;
  };

export async function judgeTraffic(options: TrafficOptions): Promise<TrafficJudgement> {
  const read: EntryReader = options.inMemory ? fromMemory(options.inMemory.entries) : readHarEntries;
  const secrets = new TrafficSecrets();
  const evidence = new TrafficEvidence(secrets);
  const map = new OperationMap({
    ...(options.baseUrl ? { service: options.baseUrl } : {}),
    ...(options.mockBaseUrl ? { mock: options.mockBaseUrl } : {}),
  });
  // One file holding both (this harness's HAR): one recorder's clock, and its deliveries judged already.
  const sameFile = options.webhooks !== undefined && resolve(options.webhooks) === resolve(options.traffic);
  // This harness's own HAR says which stretches hold every delivery and how long the run waited for a push.
  const recording = options.inMemory
    ? options.inMemory.recording
    : sameFile
      ? harRecording(options.traffic)
      : undefined;
  const { rules, exchanges } = trafficRules({
    evidence,
    settleMs: options.listSettleMs ?? DEFAULT_SETTLE_MS,
    webhookWaitMs: options.webhookWaitMs ?? recording?.webhookWaitMs ?? DEFAULT_WEBHOOK_WAIT_MS,
    ...(recording ? { recording } : {}),
    deliveries: !!options.webhooks,
    sameRecorder: sameFile,
    map,
    ...(options.acrossOnly ? { acrossOnly: true } : {}),
    ...(options.lagFloorMs !== undefined ? { lagFloorMs: options.lagFloorMs } : {}),
  });
  const otherHosts = new Map<string, number>();
  const unknownOperations = new Map<string, number>();
  let judged = 0;
  const delivered = options.webhooks
    ? await readDeliveries(options.webhooks, map, secrets, rules, read, options.onProgress)
    : { entries: 0, deliveries: 0 };
  let count = 0;
  const onEntry = (entry: HarEntry) => {
    count += 1;
    secrets.learn(entry);
    const mapped = map.map(entry.request.method, entry.request.url);
    if (!('op' in mapped)) {
      if (sameFile && mapped.other === 'host' && entry.request.method.toUpperCase() !== 'GET') return;
      bump(mapped.other === 'host' ? otherHosts : unknownOperations, mapped.key);
      return;
    }
    const recorded = recordedExchange(entry, mapped);
    const op = mapped.op;
    // A request that got no answer (a browser's status 0: blocked, cancelled, offline) has nothing to judge,
    // but a write may have been applied: what it may have changed is no longer known where it touched.
    if (entry.response.status < 100) {
      bump(unknownOperations, `${op.method} ${op.path} (no answer recorded)`);
      if (op.method.toUpperCase() !== 'GET') for (const rule of rules) rule.unanswered?.(recorded, op, entry);
      return;
    }
    for (const rule of rules) rule.annotate?.(recorded, op);
    judged += 1;
    for (const rule of rules) rule.see?.(recorded, op, entry);
  };
  const entries = await read(options.traffic, onEntry, (bytes) => options.onProgress?.(options.traffic, count, bytes));
  for (const rule of rules) rule.finish?.();
  const facts = { keysKept: exchanges.keysKept, deliveries: !!options.webhooks };
  for (const [rule, reason] of unobserved(evidence, facts)) evidence.notObserved('exchanges', rule, reason);
  const entriesByFile = {
    [options.traffic]: entries,
    ...(options.webhooks && !sameFile ? { [options.webhooks]: delivered.entries } : {}),
  };
  const { deliveries } = delivered;
  const tests = testRecords(evidence);
  const bases = map.known;
  return { tests, evidence, secrets, bases, entries, entriesByFile, judged, deliveries, otherHosts, unknownOperations };
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
