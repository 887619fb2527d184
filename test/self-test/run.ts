// `npm run self-test`: the harness is worth the faults it catches and the conformant builds it lets
// through. Runs the harness against the embedded reference with each fault, restricted to the tests
// that name the fault's rule (a rule's own tests must catch it), once with no fault, and once in each
// other conformant configuration (alternative, independent, staging-like). The faults are judged in
// batches (batches.ts): one Playwright run judges many, each against its own reference, each with its
// own verdict. CIS_SELF_TEST_KEEP=DIR keeps each fault's reports (conformance.json, exchanges.har)
// under DIR/batch-N/FAULT.
// Writes reports/self-test.json and exits 1 unless every fault is caught and the clean runs pass. The
// staging-like run (paged lists, 422, duplicate webhooks) is recorded as `stagingLike` and gates only
// with CIS_SELF_TEST_STAGING_LIKE=1, until the harness has learnt what it needs.
// The passive pass (traffic-pass.ts; `--no-traffic` or CIS_SELF_TEST_TRAFFIC=0 leaves it out): each
// traffic-table fault's exchanges.har, judged with no request sent, must fail its rule too.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAULTS, type Fault } from '../../reference/faults';
import { ruleById } from '../../spec/catalogue';
import { webhooks } from '../../spec/operations';
import { childrenCpuSeconds, type BatchFault } from './batch';
import { planBatches, runBatch, type BatchRun, type FaultRun } from './batches';
import {
  CLEAN_TRAFFIC_MIN_MUST,
  cleanTraffic,
  TRAFFIC_FLAGS,
  trafficAsked,
  trafficLines,
  trafficPass,
  withSecondPass,
  type CleanTraffic,
} from './traffic-pass';

const ROOT = join(__dirname, '..', '..');
const PLAYWRIGHT = join(ROOT, 'node_modules', '.bin', 'playwright');
const PARALLEL_RUNS = Number(process.env['CIS_SELF_TEST_PARALLEL'] ?? 3);
/**
 * The staging-like lists show a write a second after it (listLagMs): every command of the exploration
 * then waits for its list, a second each. That run proves paging and a lagging list are read right; the
 * exploration's depth is proved by the clean run and the faults, at the default.
 */
const LAGGING_EXPLORE = '4x8';
/**
 * The staging-like lists lag a quarter of a second here: still behind every write, so each read waits
 * for the list to show it, without the run lasting ten times the others (the second's lag stays in the
 * staging bench).
 */
const LIST_LAG_MS = '250';
/** Workers of a batch: its lanes' tests mostly wait on the references, which share the runner's process. */
const FAULT_WORKERS = 2;
/** Fault runs need fewer property runs: each fault breaks its rule on every request that meets it. */
const FAULT_PROPERTY_RUNS = '10';
/**
 * Faults run the exploration deeper than a default run (8x12): the faults of its classes (a state only a
 * sequence reaches) are caught in nearly every run at this depth, and only the faults of the rules it is
 * tagged with run it. docs/reading-the-report.md's "The model, explored" gives the catch rates at the default.
 */
const FAULT_EXPLORE = '24x16';
/** Short waits for deliveries: a fault that sends none is caught in seconds. */
const TIMEOUT_MS = '2500';
/**
 * Answers get the harness's default wait: a batch's references answer from one process, which a busy
 * machine may keep from answering within 2.5 s; that is a harness error, not a catch, and no fault
 * withholds an answer.
 */
const ANSWER_TIMEOUT_MS = '10000';
/**
 * The independent choices push webhooks 3.5 s after the action: later than a request's timeout here,
 * within a webhook's own wait, so a slow push is shown not to fail.
 */
const SLOW_PUSH_WAIT_MS = '10000';
/**
 * Faults per batch: the runner's and the workers' start are paid once per batch, and each fault's run
 * settings travel in one environment variable (a few KB each; Linux takes 128 KB in one).
 */
const BATCH_SIZE = Number(process.env['CIS_SELF_TEST_BATCH_SIZE'] ?? 27);
/** Test files per batch: Playwright hands a free worker the next file, so lanes even out slow faults. */
const LANES = 8;
// The staging-like configuration is conformant, so the harness must pass it (CIS_SELF_TEST_STAGING_LIKE=0 records it
// only).
const GATE_ON_STAGING_LIKE = process.env['CIS_SELF_TEST_STAGING_LIKE'] !== '0';

/**
 * Writes taken one at a time, 200 ms each, with commands sent at once: the exploration alone (its whole run
 * would wait on some thousand writes in line), which must read CONFORMANT, in the scope it judges.
 */
const SERIAL_WRITES = {
  name: 'serial writes, exploration',
  env: { CIS_REFERENCE_CHOICES: 'serial-writes', CIS_RUN_ONLY: 'explore' },
  // As `--only explore` does it: the suite's file and the run's end, the scope named so.
  args: ['explore.spec.ts', 'run.teardown.ts'].map((file) => join(ROOT, 'suites', file)),
};
const serialConformant = (r: { exitCode: number | null; verdict: string }) =>
  r.exitCode === 0 && r.verdict.startsWith('CONFORMANT');

/** A conformant configuration's run: as a fault's, its seconds its own. */
type RunResult = FaultRun;

interface FaultResult {
  fault: string;
  expectedRule: string;
  caught: boolean;
  rulesFailed: string[];
  seconds: number;
  /** Caught only by its second run (another random seed): its catch is a matter of chance, said so. */
  secondRun?: true;
}

interface ListedSuite {
  file: string;
  specs?: {
    title: string;
    tags: string[];
    tests: { projectName: string; annotations: { type: string; description?: string }[] }[];
  }[];
  suites?: ListedSuite[];
}

interface Listing {
  /** The rules the run's end names (its tests' rule annotations). */
  runEnd: Set<string>;
  /** Each conformance test as --grep sees it (its title, its tags), with its file. */
  tests: { file: string; grepped: string }[];
}

/** The suites' tests, from Playwright's own listing. */
function listing(): Listing {
  const output = execFileSync(
    PLAYWRIGHT,
    ['test', '--list', '--reporter=json', '--config', join(ROOT, 'playwright.config.ts')],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(CIS_|TEST_|PW_)/.test(k))),
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const found: Listing = { runEnd: new Set(), tests: [] };
  const walk = (suite: ListedSuite, file: string): void => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.projectName === 'run-end')
          for (const a of t.annotations) if (a.type === 'rule' && a.description) found.runEnd.add(a.description);
        if (t.projectName === 'conformance')
          found.tests.push({ file, grepped: [spec.title, ...spec.tags.map((tag) => `@${tag}`)].join(' ') });
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of (JSON.parse(output) as { suites: ListedSuite[] }).suites)
    walk(suite, join(ROOT, 'suites', suite.file));
  return found;
}

const LISTED = listing();
/** What the listing cost: part of the faults' CPU, as it is there for them. */
const LISTING_CPU_SECONDS = childrenCpuSeconds();
const RUN_END = LISTED.runEnd;
const WEBHOOK_NAMES = new Set(webhooks.map((w) => w.name));

/**
 * Whether the run's end judges the rule: its tests name it, or the rule concerns a webhook. The run's
 * end judges every delivery of the run under each record rule its body meets (a LockerUpdates body is
 * a locker record, §6), without naming those rules; a fault that breaks a record rule in webhook
 * bodies only is caught there, on the deliveries the rule's own tests caused.
 */
function judgedAtRunEnd(rule: string): boolean {
  return RUN_END.has(rule) || ruleById(rule).concerns.some((place) => WEBHOOK_NAMES.has(place));
}

/**
 * A fault's run in a batch: the suites with a test tagged with the rule (and not a longer id it is
 * the start of, as --grep picks them), and the run's end where it judges the rule.
 */
function batchFault(fault: Fault): BatchFault {
  const tagged = new RegExp(`@${fault.rule}(?![A-Z0-9-])`);
  const files = [...new Set(LISTED.tests.filter((t) => tagged.test(t.grepped)).map((t) => t.file))];
  const runEnd = judgedAtRunEnd(fault.rule);
  return {
    name: fault.name,
    rule: fault.rule,
    env: {
      CIS_REFERENCE_FAULTS: fault.name,
      CIS_RUN_RULES: fault.rule,
      CIS_PROPERTY_RUNS: FAULT_PROPERTY_RUNS,
      CIS_EXPLORE: FAULT_EXPLORE,
      CIS_TIMEOUT_MS: ANSWER_TIMEOUT_MS,
      CIS_WEBHOOK_WAIT_MS: TIMEOUT_MS,
      // A fault of a should rule is caught as a should failure of a strict run.
      ...(ruleById(fault.rule).level === 'should' ? { CIS_STRICT: '1' } : {}),
    },
    files: [...files, ...(runEnd ? [join(ROOT, 'suites', 'run.teardown.ts')] : [])],
    runEnd,
  };
}

/** `passive`: the run's exchanges.har is also judged as recorded traffic, before its directory goes. */
function runHarness(
  name: string,
  env: Record<string, string>,
  passive = false,
  args: string[] = [],
): Promise<RunResult & { passive?: CleanTraffic }> {
  const reportDir = mkdtempSync(join(tmpdir(), 'cc-self-test-'));
  const started = Date.now();
  const childEnv: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(CIS_|TEST_|PW_)/.test(key)) childEnv[key] = value;
  Object.assign(childEnv, {
    CIS_REPORT_DIR: reportDir,
    CIS_REPORTERS: 'minimal',
    CIS_TIMEOUT_MS: TIMEOUT_MS,
    CIS_WEBHOOK_WAIT_MS: TIMEOUT_MS,
    CIS_WORKERS: String(PARALLEL_RUNS > 1 ? 1 : 2),
    ...env,
  });
  return new Promise((resolve) => {
    const child = spawn(PLAYWRIGHT, ['test', '--config', join(ROOT, 'playwright.config.ts'), ...args], {
      cwd: ROOT,
      env: childEnv,
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', async (exitCode) => {
      let verdict = 'NO REPORT';
      let failedRules: string[] = [];
      try {
        const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
          summary: { verdict: string; line: string };
          rules: { id: string; verdict: string }[];
        };
        // The verdict line: a conformant configuration must read "CONFORMANT — full scope".
        verdict = report.summary.line;
        failedRules = report.rules.filter((r) => r.verdict === 'failed').map((r) => r.id);
      } catch {
        // reported as NO REPORT
      }
      const judged = passive ? await cleanTraffic(join(reportDir, 'exchanges.har')) : undefined;
      rmSync(reportDir, { recursive: true, force: true });
      resolve({
        name,
        exitCode,
        verdict,
        failedRules,
        seconds: (Date.now() - started) / 1000,
        output,
        ...(judged ? { passive: judged } : {}),
      });
    });
  });
}

/** Runs jobs with at most `limit` at once, keeping their order in the result. */
async function pool<T, R>(items: T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await job(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}

function pad(text: string, width: number): string {
  return text.length >= width ? text.slice(0, width) : text + ' '.repeat(width - text.length);
}

async function main(): Promise<void> {
  const started = Date.now();
  const args = process.argv.slice(2);
  const traffic = trafficAsked(args);
  const only = args.filter((a) => !TRAFFIC_FLAGS.includes(a));
  const faults: Fault[] = only.length ? FAULTS.filter((f) => only.includes(f.name)) : FAULTS;
  const batches = planBatches(faults.map(batchFault), BATCH_SIZE);
  // The passive pass reads the faults' HARs: kept where asked, or for the pass only.
  const keep =
    process.env['CIS_SELF_TEST_KEEP'] || (traffic ? mkdtempSync(join(tmpdir(), 'cc-self-test-traffic-')) : undefined);
  // The staging-like run goes first: it is the longest and mostly waits on its lagging lists, so the
  // other lanes' jobs use the CPU meanwhile (started fourth, it ended the self-test alone).
  const jobs: (
    { name: string; env: Record<string, string>; args?: string[] } | { batch: BatchFault[]; index: number }
  )[] = [
    {
      name: 'staging-like choices',
      env: {
        CIS_REFERENCE_CHOICES: 'staging-like',
        CIS_EXPLORE: LAGGING_EXPLORE,
        CIS_REFERENCE_LIST_LAG_MS: LIST_LAG_MS,
      },
    },
    { name: 'no fault', env: {} },
    { name: 'alternative choices', env: { CIS_REFERENCE_CHOICES: 'alternative' } },
    {
      name: 'independent choices',
      env: { CIS_REFERENCE_CHOICES: 'independent', CIS_WEBHOOK_WAIT_MS: SLOW_PUSH_WAIT_MS },
    },
    SERIAL_WRITES,
    ...batches.map((batch, index) => ({ batch, index })),
  ];
  const ran = await pool(jobs, PARALLEL_RUNS, (job): Promise<RunResult | BatchRun> =>
    'batch' in job
      ? runBatch(ROOT, job.batch, {
          workers: FAULT_WORKERS,
          lanes: LANES,
          ...(keep ? { keep: join(keep, `batch-${job.index}`) } : {}),
        })
      : runHarness(job.name, job.env, traffic && job.name === 'no fault', job.args),
  );
  const [stagingLikeRun, clean, alternative, independent, serialWrites] = ran.slice(0, 5) as (RunResult & {
    passive?: CleanTraffic;
  })[];
  const batchRuns = ran.slice(5) as BatchRun[];
  const byFault = new Map<string, FaultRun>(batchRuns.flatMap((b) => b.faults.map((f) => [f.name, f] as const)));
  const caughtBy = (fault: Fault, run: FaultRun) => run.exitCode === 1 && run.failedRules.includes(fault.rule);
  const batchOf = new Map(batches.flatMap((batch, index) => batch.map((f) => [f.name, index] as const)));
  // A fault of a state only a sequence reaches is caught by a random exploration in nearly every run,
  // not every one: a miss runs once more, with another seed, and the table says which were caught so.
  const missed = faults.filter((f) => !caughtBy(f, byFault.get(f.name)!));
  const again = missed.length
    ? await runBatch(ROOT, missed.map(batchFault), {
        workers: FAULT_WORKERS,
        lanes: LANES,
        ...(keep ? { keep: join(keep, `batch-${batches.length}`) } : {}),
      })
    : undefined;
  if (again) batchRuns.push(again);
  const secondRun = new Set<string>();
  for (const run of again?.faults ?? []) {
    const fault = missed.find((f) => f.name === run.name)!;
    if (!caughtBy(fault, run)) continue;
    byFault.set(run.name, run);
    batchOf.set(run.name, batches.length);
    secondRun.add(run.name);
  }
  const results: FaultResult[] = faults.map((fault) => {
    const run = byFault.get(fault.name)!;
    return {
      fault: fault.name,
      expectedRule: fault.rule,
      caught: caughtBy(fault, run),
      rulesFailed: run.failedRules,
      seconds: run.seconds,
      ...(secondRun.has(fault.name) ? { secondRun: true as const } : {}),
    };
  });
  // The faults' CPU: their batches' runners and workers, and the listing that chose their suites.
  let passive =
    traffic && keep
      ? await trafficPass(
          faults.map((f) => f.name),
          (name) => join(keep, `batch-${batchOf.get(name)}`, name),
        )
      : undefined;
  // A HAR holds what its run did before its rule failed: a run stopped at its first command may hold too
  // little of the sequence `judge` reads. A fault missed passively runs once more (another seed) and its
  // new HAR is judged; the line marks it `yes*`. Missed twice, it fails the self-test.
  if (passive?.missed.length && keep) {
    const names = passive.missed.map((m) => m.fault);
    const dir = join(keep, `batch-${batchRuns.length}`);
    batchRuns.push(
      await runBatch(ROOT, faults.filter((f) => names.includes(f.name)).map(batchFault), {
        workers: FAULT_WORKERS,
        lanes: LANES,
        keep: dir,
      }),
    );
    passive = withSecondPass(passive, await trafficPass(names, (name) => join(dir, name)));
  }
  if (keep && !process.env['CIS_SELF_TEST_KEEP']) rmSync(keep, { recursive: true, force: true });
  const faultCpuSeconds = LISTING_CPU_SECONDS + batchRuns.reduce((sum, b) => sum + b.cpuSeconds, 0);
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

  const lines = [
    `${pad('fault', 32)} ${pad('expected rule', 34)} ${pad('caught', 7)} ${pad('seconds', 8)} rules failed`,
    ...results.map(
      (r) =>
        `${pad(r.fault, 32)} ${pad(r.expectedRule, 34)} ` +
        `${pad(r.caught ? (r.secondRun ? 'yes*' : 'yes') : 'NO', 7)} ${pad(r.seconds.toFixed(1), 8)} ` +
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
    ...(passive ? [...trafficLines(passive), ''] : []),
    ...(clean!.passive
      ? [
          `${pad('no fault, its HAR judged', 32)} ` +
            `${clean!.passive.line}${clean!.passive.ok ? '' : ` (NOT as asked: no must rule failed, at least ${CLEAN_TRAFFIC_MIN_MUST} judged)`}`,
          '',
        ]
      : []),
    ...(secondRun.size ? [`* caught by a second run with another seed: ${[...secondRun].join(', ')}`] : []),
    `score ${score} (${((caught / Math.max(results.length, 1)) * 100).toFixed(0)}%); wall time ` +
      `${wallSeconds.toFixed(1)} s; ${batchRuns.length} batches, CPU ${cpuPerFault.toFixed(2)} s per fault`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(
    join(ROOT, 'reports', 'self-test.json'),
    JSON.stringify(
      {
        score,
        caught,
        faults: results.length,
        wallSeconds,
        batches: batchRuns.length,
        faultCpuSeconds,
        cpuSecondsPerFault: cpuPerFault,
        conformantRuns,
        stagingLike,
        results,
        ...(passive ? { traffic: { ...passive, cleanRun: clean!.passive } } : {}),
      },
      null,
      2,
    ) + '\n',
  );

  const conformant: (RunResult | FaultRun)[] = [clean!, alternative!, independent!, stagingLikeRun!, serialWrites!];
  const missedRuns = faults.filter((_, i) => !results[i]!.caught).map((f) => byFault.get(f.name)!);
  for (const run of [...conformant, ...missedRuns]) {
    if (conformant.includes(run) && (run === serialWrites ? serialConformant(run) : passed(run))) continue;
    process.stdout.write(
      `\n--- ${run.name}: last lines of its output ---\n${run.output.split('\n').slice(-40).join('\n')}\n`,
    );
  }
  const ok =
    caught === results.length &&
    conformantRuns.every(passed) &&
    serialConformant(serialWrites!) &&
    (!GATE_ON_STAGING_LIKE || passed(stagingLike)) &&
    (!passive || passive.missed.length === 0) &&
    (clean!.passive?.ok ?? true);
  process.exitCode = ok ? 0 : 1;
}

void main();
