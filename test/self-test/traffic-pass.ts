// The self-test's passive pass: after the batches, each kept exchanges.har of a fault in the traffic
// table (test/support/traffic-faults.ts) is judged as `carrier-conformance judge` judges it — no request
// sent, its deliveries read from the same file — and must fail the fault's rule, as the active run did. A
// fault it misses is named with why: the verdict and reasons the passive judgement gave its rule, or the
// HAR its run did not leave. On by default: the whole table takes about 5 s on 2 cores (`--no-traffic` or
// CIS_SELF_TEST_TRAFFIC=0 leaves it out; `--traffic`, CIS_SELF_TEST_TRAFFIC=1 ask for it explicitly).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { trafficCertificate } from '../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../harness/traffic/judge-traffic';
import { judgeRules } from '../../harness/verdict/verdicts';
import { catalogue } from '../../spec/catalogue';
import { TRAFFIC_SHOWN_FAULTS } from '../support/traffic-faults';

export const TRAFFIC_FLAGS = ['--traffic', '--no-traffic'];

/** Whether the passive pass runs: unless `--no-traffic` is among the arguments or CIS_SELF_TEST_TRAFFIC=0. */
export function trafficAsked(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  if (argv.includes('--no-traffic')) return false;
  return argv.includes('--traffic') || env['CIS_SELF_TEST_TRAFFIC'] !== '0';
}

export interface PassiveResult {
  fault: string;
  rule: string;
  caught: boolean;
  /** The rules the passive judgement failed. */
  rulesFailed: string[];
  /** Why the rule was not failed, where it was not. */
  reason?: string;
  seconds: number;
  /** Caught only on the HAR of a second run (another seed): the first run stopped before its traffic showed the
   * fault. */
  secondRun?: true;
}

export interface TrafficPass {
  faults: number;
  caught: number;
  missed: { fault: string; rule: string; reason: string }[];
  seconds: number;
  results: PassiveResult[];
}

/** One fault's HAR judged passively: the rules failed, and the verdict and reasons of the fault's rule. */
async function judgeFault(fault: string, rule: string, dir: string): Promise<PassiveResult> {
  const started = Date.now();
  const har = join(dir, 'exchanges.har');
  const seconds = () => (Date.now() - started) / 1000;
  if (!existsSync(har))
    return {
      fault,
      rule,
      caught: false,
      rulesFailed: [],
      reason: `its run left no exchanges.har in ${dir}`,
      seconds: seconds(),
    };
  try {
    const verdicts = judgeRules(catalogue, (await judgeTraffic({ traffic: har, webhooks: har })).tests);
    const rulesFailed = verdicts.filter((v) => v.verdict === 'failed').map((v) => v.id);
    const own = verdicts.find((v) => v.id === rule);
    const caught = rulesFailed.includes(rule);
    const reason = caught
      ? undefined
      : `${rule} ${own?.verdict ?? 'unknown'}${own?.reasons.length ? `: ${own.reasons.join('; ')}` : ''}`;
    return { fault, rule, caught, rulesFailed, ...(reason ? { reason } : {}), seconds: seconds() };
  } catch (error) {
    return {
      fault,
      rule,
      caught: false,
      rulesFailed: [],
      reason: `judging failed: ${(error as Error).message}`,
      seconds: seconds(),
    };
  }
}

/**
 * Judges the table's faults among those run, one after another (each a few tenths of a second).
 * `dirOf` gives the directory a fault's batch kept its reports in.
 */
export async function trafficPass(
  faultsRun: readonly string[],
  dirOf: (fault: string) => string,
): Promise<TrafficPass> {
  const started = Date.now();
  const results: PassiveResult[] = [];
  for (const fault of faultsRun) {
    const rule = TRAFFIC_SHOWN_FAULTS[fault];
    if (rule) results.push(await judgeFault(fault, rule, dirOf(fault)));
  }
  return passOf(results, (Date.now() - started) / 1000);
}

/** A pass of these results: what it caught and missed. */
function passOf(results: PassiveResult[], seconds: number): TrafficPass {
  const missed = results
    .filter((r) => !r.caught)
    .map((r) => ({ fault: r.fault, rule: r.rule, reason: r.reason ?? '' }));
  return { faults: results.length, caught: results.length - missed.length, missed, seconds, results };
}

const pad = (text: string, width: number) =>
  text.length >= width ? text.slice(0, width) : text + ' '.repeat(width - text.length);

/** The first pass with the faults a second run's HAR showed counted caught, marked so. */
export function withSecondPass(first: TrafficPass, second: TrafficPass): TrafficPass {
  const results = first.results.map((r) => {
    if (r.caught) return r;
    const again = second.results.find((s) => s.fault === r.fault);
    if (again?.caught) return { ...again, secondRun: true as const };
    // Missed twice: what the second run's HAR showed is the reason to read (the first run stopped early).
    return again ? { ...r, reason: `${r.reason ?? ''}; with a second run: ${again.reason ?? 'missed'}` } : r;
  });
  return passOf(results, first.seconds + second.seconds);
}

/** The pass's lines for the self-test's output: a line per fault, then the count. */
export function trafficLines(pass: TrafficPass): string[] {
  return [
    `${pad('fault (judged passively)', 32)} ${pad('expected rule', 34)} ${pad('caught', 7)} ` +
      `${pad('seconds', 8)} rules failed from its exchanges.har`,
    ...pass.results.map(
      (r) =>
        `${pad(r.fault, 32)} ${pad(r.rule, 34)} ${pad(r.caught ? (r.secondRun ? 'yes*' : 'yes') : 'NO', 7)} ` +
        `${pad(r.seconds.toFixed(1), 8)} ${r.rulesFailed.join(', ') || '(none)'}`,
    ),
    ...pass.missed.map((m) => `missed passively: ${m.fault}: ${m.reason}`),
    `traffic: ${pass.caught}/${pass.faults} table faults caught passively by judge on their run's ` +
      `exchanges.har (${pass.seconds.toFixed(1)} s)`,
  ];
}

/** The clean run's HAR, judged passively, is CONFORMANT within scope with at least this many `must` rules
 * judged. */
export const CLEAN_TRAFFIC_MIN_MUST = 64;

export interface CleanTraffic {
  line: string;
  mustJudged: number;
  ok: boolean;
}

/** The clean run's exchanges.har judged as `judge` would: no must rule failed, and enough of them judged. */
export async function cleanTraffic(har: string): Promise<CleanTraffic> {
  if (!existsSync(har)) return { line: `no ${har}: the clean run left no HAR`, mustJudged: 0, ok: false };
  const { report } = trafficCertificate(await judgeTraffic({ traffic: har, webhooks: har }), {
    harnessVersion: 'self-test',
    files: [har],
    startedAt: Date.now(),
  });
  const must = report.rules.filter((r) => r.level === 'must');
  const mustJudged = must.filter((r) => r.verdict === 'passed' || r.verdict === 'failed').length;
  const ok = report.summary.failedMust.length === 0 && mustJudged >= CLEAN_TRAFFIC_MIN_MUST;
  return { line: report.summary.line, mustJudged, ok };
}

/** Two passes over different faults as one, its results in the faults' order. */
export function joinedPasses(order: readonly string[], ...passes: TrafficPass[]): TrafficPass {
  const position = new Map(order.map((name, i) => [name, i] as const));
  const results = passes
    .flatMap((p) => p.results)
    .sort((a, b) => (position.get(a.fault) ?? 0) - (position.get(b.fault) ?? 0));
  return passOf(
    results,
    passes.reduce((sum, p) => sum + p.seconds, 0),
  );
}
