// `npm run self-test`: the harness is worth the faults it catches and the conformant builds it lets
// through. Runs the harness against the embedded reference with faults, each restricted to the tests
// that name the fault's rule (a rule's own tests must catch it): one fault of each rule, drawn by a seed, or
// with `--all` every gated fault (fault-sample.ts); once with no fault, and once in each other conformant
// configuration (alternative, independent, staging-like, serial writes). The faults are judged in
// batches (batches.ts): one Playwright run judges many, each against its own reference, each with its
// own verdict. CIS_SELF_TEST_KEEP=DIR keeps each fault's reports (conformance.json, exchanges.har)
// under DIR/batch-N/FAULT. Faults named on the command line run instead of the drawn ones, and a conformant variation
// named (rule 'none') runs after the configurations, a whole run that must read CONFORMANT at full scope.
// Writes reports/self-test.json and exits 1 unless every fault is caught and the clean runs pass; the
// staging-like run (paged lists, 422, duplicate webhooks) gates too, unless CIS_SELF_TEST_STAGING_LIKE=0.
// The passive pass (traffic-pass.ts; `--no-traffic` or CIS_SELF_TEST_TRAFFIC=0 leaves it out): each
// traffic-table fault's exchanges.har, judged with no request sent, must fail its rule too.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CANDIDATE_FAULTS, FAULTS, type Fault } from '../../reference/faults';
import { SHARED_RUNS_VARIABLE } from '../support/shared-runs';
import { FaultLedger, wholeRunOf } from './fault-passes';
import { planBatches, type FaultRun } from './batches';
import {
  CLEAN_TRAFFIC_MIN_MUST,
  TRAFFIC_FLAGS,
  trafficAsked,
  trafficLines,
  trafficPass,
  joinedPasses,
  withSecondPass,
  type CleanTraffic,
  type TrafficPass,
} from './traffic-pass';
import {
  batchFault,
  cleanRun,
  listConformanceTests,
  PARALLEL_RUNS,
  pool,
  ROOT,
  runOn,
  type RunResult,
} from './harness-runs';
import {
  CONFIGURATIONS,
  conformantBatch,
  CONFORMANT_REPORTS,
  VARIATION_REPORTS,
  variationConfiguration,
} from './conformant-batch';
import { onePerRule, samplingAsked, withoutSamplingFlags } from './fault-sample';

/** The clean run: the own tests' full run, made once where `npm test` shares its runs (harness-runs.ts cleanRun). */
const CLEAN = 'no fault';

/** Workers of a batch: its lanes' tests mostly wait on the references, which share the runner's process. */
const FAULT_WORKERS = 2;
// Workers of the passes after the first (fault-passes.ts: another seed, a whole run), run once the other jobs are over
// and mostly waiting on webhooks, so a third worker costs little CPU and shortens them.
const LATER_WORKERS = 3;

/**
 * Faults per batch: the runner's and the workers' start (some 3.5 s of CPU) are paid once per batch. The faults'
 * run settings go in a file of the batch's (they went in one environment variable, 128 KB on Linux, which held
 * batches to 27). At 100 the first pass is two batches, not five: 89 s of CPU instead of 114 s (one sitting, the
 * batches one after another, each pass catching the same 184 of 197), in as much wall time, as the conformant
 * configurations and the clean run hold two of the parallel runs for most of it.
 */
const BATCH_SIZE = Number(process.env['CIS_SELF_TEST_BATCH_SIZE'] ?? 100);
/** Test files per batch: Playwright hands a free worker the next file, so lanes even out slow faults. */
const LANES = 8;
// The staging-like configuration is conformant, so the harness must pass it (CIS_SELF_TEST_STAGING_LIKE=0 records it
// only).
const GATE_ON_STAGING_LIKE = process.env['CIS_SELF_TEST_STAGING_LIKE'] !== '0';

const serialConformant = (r: { exitCode: number | null; verdict: string }) =>
  r.exitCode === 0 && r.verdict.startsWith('CONFORMANT');

interface FaultResult {
  fault: string;
  expectedRule: string;
  caught: boolean;
  rulesFailed: string[];
  seconds: number;
  /** Caught only by its second run (another random seed): its catch is a matter of chance, said so. */
  secondRun?: true;
  /** Caught only by a whole run: by a test that judges its rule without naming it. */
  wholeRun?: true;
}

/** How a fault was caught: by its first runs, by a second seed only (*), by a whole run only (+); or not. */
const caughtMark = (r: FaultResult) => (r.caught ? (r.secondRun ? 'yes*' : r.wholeRun ? 'yes+' : 'yes') : 'NO');

function pad(text: string, width: number): string {
  return text.length >= width ? text.slice(0, width) : text + ' '.repeat(width - text.length);
}

async function main(): Promise<void> {
  const started = Date.now();
  // Alone (npm run self-test), the clean run and the package it is run from are made in a directory of
  // its own, removed at the end; under npm test, in the one the own tests share (test/proof.ts).
  const ownShared = process.env[SHARED_RUNS_VARIABLE] ? undefined : mkdtempSync(join(tmpdir(), 'cc-self-test-runs-'));
  if (ownShared) process.env[SHARED_RUNS_VARIABLE] = ownShared;
  const args = process.argv.slice(2);
  const traffic = trafficAsked(args);
  let sampling;
  try {
    sampling = samplingAsked(args, process.env, ROOT);
  } catch (error) {
    process.stderr.write(`self-test: ${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  const only = withoutSamplingFlags(args).filter((a) => !TRAFFIC_FLAGS.includes(a));
  // A candidate (not gated yet) is run when named: that is how one is measured. A conformant variation named (rule
  // 'none') runs as a conformant configuration does, a whole run that must read CONFORMANT at full scope.
  const named = [...FAULTS, ...CANDIDATE_FAULTS].filter((f) => only.includes(f.name));
  const unknown = only.filter((name) => !named.some((f) => f.name === name));
  if (unknown.length) {
    process.stderr.write(
      `self-test: no fault or variation is named ${unknown.join(', ')}; ` +
        'npm run reference -- --list-faults lists them\n',
    );
    process.exitCode = 2;
    return;
  }
  const variations = named.filter((f) => f.rule === 'none');
  const faults: Fault[] = only.length
    ? named.filter((f) => f.rule !== 'none')
    : sampling.all
      ? FAULTS
      : onePerRule(FAULTS, sampling.seed);
  const drawnLine = only.length
    ? `faults: ${faults.length} named${variations.length ? `, variations: ${variations.length} named` : ''}`
    : sampling.all
      ? `faults: all ${faults.length} gated (--all)`
      : `faults: one of each rule's, ${faults.length} of ${FAULTS.length} gated, drawn by seed ${sampling.seed} ` +
        `(--seed ${sampling.seed} draws them again; --all runs every one)`;
  const listing = await listConformanceTests();
  const batches = planBatches(faults, BATCH_SIZE);
  // The passive pass reads the faults' HARs: kept where asked, or for the pass only.
  const keep =
    process.env['CIS_SELF_TEST_KEEP'] || (traffic ? mkdtempSync(join(tmpdir(), 'cc-self-test-traffic-')) : undefined);
  const ledger = new FaultLedger(faults, { workers: FAULT_WORKERS, laterWorkers: LATER_WORKERS, lanes: LANES, keep });
  const { byFault, batchOf, caughtBy, batchRuns } = ledger;
  const dirOf = (name: string) => join(keep!, `batch-${batchOf.get(name)}`, name);
  // A fault's HAR is judged as soon as a pass has decided it (caught), in the slot its batch ran in; the rest once the
  // later passes have decided them.
  const passes: TrafficPass[] = [];
  const handed = new Set<string>();
  const passiveOf = async (decided: readonly Fault[]) => {
    for (const f of decided) handed.add(f.name);
    if (traffic && keep)
      passes.push(
        await trafficPass(
          decided.map((f) => f.name),
          dirOf,
        ),
      );
  };
  // The conformant configurations run in one batch from the start to the end: the staging-like and independent ones
  // are the longest and mostly wait (on lagging lists, on pushes 3.5 s late), so the clean run and the fault passes,
  // every pass of them, use the CPU meanwhile (the later passes waited for them once, and ended the self-test alone).
  const conformantDone = conformantBatch(CONFIGURATIONS);
  conformantDone.catch(() => undefined);
  const jobs: (typeof CLEAN | Fault[])[] = [CLEAN, ...batches];
  const ran = await pool(jobs, Math.max(1, PARALLEL_RUNS - 1), (job): Promise<RunResult | void> =>
    job === CLEAN ? cleanRun(traffic) : ledger.firstPass(job, passiveOf),
  );
  const clean = ran[0] as RunResult & { passive?: CleanTraffic };
  const { secondRun, wholeRun } = await ledger.laterPasses();
  const results: FaultResult[] = faults.map((fault) => {
    const run = byFault.get(fault.name)!;
    return {
      fault: fault.name,
      expectedRule: fault.rule,
      caught: caughtBy(fault, run),
      rulesFailed: run.failedRules,
      seconds: run.seconds,
      ...(secondRun.has(fault.name) ? { secondRun: true as const } : {}),
      ...(wholeRun.has(fault.name) ? { wholeRun: true as const } : {}),
    };
  });
  await passiveOf(faults.filter((f) => !handed.has(f.name)));
  let passive =
    traffic && keep
      ? joinedPasses(
          faults.map((f) => f.name),
          ...passes,
        )
      : undefined;
  // A HAR holds what its run did before its rule failed: a run stopped at its first command may hold too
  // little of the sequence `judge` reads (a list judge waits to confirm, the run's last). A fault missed passively
  // runs once more, with another seed and its rule's tests run on after it failed (a whole run's fault, the whole
  // run: its rule's tests missed it), and its new HAR is judged; the line marks it `yes*`. Missed twice, it fails the
  // self-test.
  if (passive?.missed.length && keep) {
    const names = passive.missed.map((m) => m.fault);
    const { dir } = await ledger.batch(
      faults
        .filter((f) => names.includes(f.name))
        .map((f) => runOn(wholeRun.has(f.name) ? wholeRunOf(f) : batchFault(f, true, true))),
      () => false,
    );
    passive = withSecondPass(passive, await trafficPass(names, (name) => join(dir!, name)));
  }
  const [stagingLikeRun, independent, alternative, serialWrites] = await conformantDone;
  // Named variations after the configurations: beside them they took the CPU four runs waiting on pushes need.
  const variationRuns = variations.length
    ? await conformantBatch(variations.map(variationConfiguration), VARIATION_REPORTS)
    : [];
  if (keep && !process.env['CIS_SELF_TEST_KEEP']) rmSync(keep, { recursive: true, force: true });
  if (ownShared) rmSync(ownShared, { recursive: true, force: true });
  const faultCpuSeconds = listing.cpuSeconds + batchRuns.reduce((sum, b) => sum + b.cpuSeconds, 0);
  const cpuPerFault = faultCpuSeconds / Math.max(faults.length, 1);
  const caught = results.filter((r) => r.caught).length;
  const summary = (r: RunResult) => ({
    name: r.name,
    exitCode: r.exitCode,
    verdict: r.verdict,
    failedRules: r.failedRules,
    seconds: r.seconds,
  });
  const conformantRuns = [clean!, alternative!, independent!].map(summary);
  const stagingLike = { ...summary(stagingLikeRun!), gating: GATE_ON_STAGING_LIKE };
  const passed = (r: { exitCode: number | null; verdict: string }) =>
    r.exitCode === 0 && r.verdict.startsWith('CONFORMANT — full scope');
  const wallSeconds = (Date.now() - started) / 1000;
  const score = `${caught}/${results.length}`;

  const notAsAsked = ` (NOT as asked: no must rule failed, at least ${CLEAN_TRAFFIC_MIN_MUST} judged)`;
  const lines = [
    `${pad('fault', 32)} ${pad('expected rule', 34)} ${pad('caught', 7)} ${pad('seconds', 8)} rules failed`,
    ...results.map(
      (r) =>
        `${pad(r.fault, 32)} ${pad(r.expectedRule, 34)} ` +
        `${pad(caughtMark(r), 7)} ${pad(r.seconds.toFixed(1), 8)} ` +
        `${r.rulesFailed.join(', ') || '(none)'}`,
    ),
    '',
    ...[...conformantRuns, stagingLike, summary(serialWrites!)].map(
      (r) =>
        `${pad(r.name, 32)} ${r.verdict} (exit ${r.exitCode}, ${r.seconds.toFixed(1)} ` +
        `s)${r.failedRules.length ? `: ${r.failedRules.join(', ')}` : ''}`,
    ),
    ...(GATE_ON_STAGING_LIKE ? [] : ['(staging-like choices: recorded, not gating: CIS_SELF_TEST_STAGING_LIKE=0)']),
    '',
    ...(variationRuns.length
      ? [
          `${pad('variation (conformant)', 32)} ${pad('let through', 12)} verdict`,
          ...variationRuns.map(
            (r) =>
              `${pad(r.name, 32)} ${pad(passed(r) ? 'yes' : 'NO', 12)} ${r.verdict} (exit ${r.exitCode}, ` +
              `${r.seconds.toFixed(1)} s)${r.failedRules.length ? `: ${r.failedRules.join(', ')}` : ''}`,
          ),
          '',
        ]
      : []),
    ...(passive ? [...trafficLines(passive), ''] : []),
    ...(clean!.passive
      ? [`${pad('no fault, its HAR judged', 32)} ` + `${clean!.passive.line}${clean!.passive.ok ? '' : notAsAsked}`, '']
      : []),
    ...(secondRun.size ? [`* caught by a second run with another seed: ${[...secondRun].join(', ')}`] : []),
    ...(wholeRun.size ? [`+ caught by a whole run only: ${[...wholeRun].join(', ')}`] : []),
    drawnLine,
    `score ${score} (${((caught / Math.max(results.length, 1)) * 100).toFixed(0)}%); wall time ` +
      `${wallSeconds.toFixed(1)} s; ${batchRuns.length} batches, CPU ${cpuPerFault.toFixed(2)} s per fault`,
    // What each pass cost: the first pass's batches, then the explored pass and a second seed where they ran.
    `batches (faults, wall, CPU): ${batchRuns
      .map((b) => `${b.faults.length}, ${b.seconds.toFixed(0)} s, ${b.cpuSeconds.toFixed(1)} s`)
      .join('; ')}`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(
    join(ROOT, 'reports', 'self-test.json'),
    JSON.stringify(
      {
        score,
        sampling: only.length ? 'named' : sampling.all ? 'all' : { onePerRule: true, seed: sampling.seed },
        caught,
        faults: results.length,
        wallSeconds,
        batches: batchRuns.length,
        faultCpuSeconds,
        cpuSecondsPerFault: cpuPerFault,
        conformantRuns,
        stagingLike,
        ...(variationRuns.length ? { variations: variationRuns.map(summary) } : {}),
        results,
        ...(passive ? { traffic: { ...passive, cleanRun: clean!.passive } } : {}),
      },
      null,
      2,
    ) + '\n',
  );

  const conformant: (RunResult | FaultRun)[] = [
    clean!,
    alternative!,
    independent!,
    stagingLikeRun!,
    serialWrites!,
    ...variationRuns,
  ];
  const missedRuns = faults.filter((_, i) => !results[i]!.caught).map((f) => byFault.get(f.name)!);
  for (const run of [...conformant, ...missedRuns]) {
    if (conformant.includes(run) && (run === serialWrites ? serialConformant(run) : passed(run))) continue;
    const kept = variationRuns.includes(run)
      ? ` (its reports: ${join(VARIATION_REPORTS, run.name)})`
      : conformant.includes(run) && run !== clean
        ? ` (its reports: ${join(CONFORMANT_REPORTS, run.name)})`
        : '';
    process.stdout.write(
      `\n--- ${run.name}: last lines of its output${kept} ---\n${run.output.split('\n').slice(-40).join('\n')}\n`,
    );
  }
  const ok =
    caught === results.length &&
    conformantRuns.every(passed) &&
    variationRuns.every(passed) &&
    serialConformant(serialWrites!) &&
    (!GATE_ON_STAGING_LIKE || passed(stagingLike)) &&
    (!passive || passive.missed.length === 0) &&
    (clean!.passive?.ok ?? true);
  process.exitCode = ok ? 0 : 1;
}

void main();
