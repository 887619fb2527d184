// The self-test's runs of the harness: the suites' tests from Playwright's own listing (read once, before the
// faults' runs are planned, its CPU counted as the faults'), a fault's run in a batch as the tests tagged with
// its rule, a conformant configuration's run with its verdict, and a pool that keeps a few going at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fault } from '../../reference/faults';
import { ruleById } from '../../spec/catalogue';
import { webhooks } from '../../spec/operations';
import { BATCH_WAITS, childrenCpuSeconds, type BatchFault } from './batch';
import type { FaultRun } from './batches';
import { FULL_RUN } from '../support/common-runs';
import { sharedRun } from '../support/shared-runs';
import { conformanceListing, type ListedSuite } from '../support/conformance-listing';
import { cleanTraffic, type CleanTraffic } from './traffic-pass';

export const ROOT = join(__dirname, '..', '..');
export const PARALLEL_RUNS = Number(process.env['CIS_SELF_TEST_PARALLEL'] ?? 3);

/** Fault runs need fewer property runs: each fault breaks its rule on every request that meets it. */
const FAULT_PROPERTY_RUNS = '10';
/**
 * A fault's exploration runs at the default run's depth (no CIS_EXPLORE: the harness's own default, 8x12), so what the
 * self-test shows caught is what a user's run catches. Most faults of its classes (a state only a sequence reaches)
 * are caught there; a miss runs again at this depth, with another seed, in the pass after. At 24x16 from the start,
 * the exploration runs cost twice the CPU for the same catches (one sitting: 148 s against 62 s for the 77 faults
 * that reach it, 73 caught at the default, the other 4 by the deeper second run). docs/reading-the-report.md's "The
 * model, explored" gives the catch rates at the default.
 */
const DEEP_EXPLORE = '24x16';
/** The exploration's suite: the longest of a fault's runs, where its rule is among the invariants it checks. */
const EXPLORATION = 'explore.spec.ts';

/** Whether the fault's run left out the exploration, which its rule's tests include. */
export const exploredLater = (fault: Fault): boolean =>
  batchFault(fault, false).files.length < batchFault(fault).files.length;

/** A conformant configuration's run: as a fault's, its seconds its own. */
export type RunResult = FaultRun;

interface Listing {
  /** The rules the run's end names (its tests' rule annotations). */
  runEnd: Set<string>;
  /** Each conformance test as --grep sees it (its title, its tags), with its file. */
  tests: { file: string; grepped: string }[];
}

/** The suites' tests, from Playwright's own listing (the own tests' coverage.test.ts reads the same one). */
async function listing(): Promise<Listing> {
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
  for (const suite of await conformanceListing()) walk(suite, join(ROOT, 'suites', suite.file));
  return found;
}

let listedTests: Listing | undefined;
const listed = (): Listing => {
  if (!listedTests) throw new Error('the conformance tests are not listed yet: await listConformanceTests() first');
  return listedTests;
};
const WEBHOOK_NAMES = new Set(webhooks.map((w) => w.name));

/**
 * Reads the listing, before any fault's run is planned. What it cost (a Playwright run of its own, where the own
 * tests did not list them first) is part of the faults' CPU, as it is there for them.
 */
export async function listConformanceTests(): Promise<{ cpuSeconds: number }> {
  const before = childrenCpuSeconds();
  listedTests = await listing();
  return { cpuSeconds: childrenCpuSeconds() - before };
}

/**
 * Whether the run's end judges the rule: its tests name it, or the rule concerns a webhook. The run's
 * end judges every delivery of the run under each record rule its body meets (a LockerUpdates body is
 * a locker record, §6), without naming those rules; a fault that breaks a record rule in webhook
 * bodies only is caught there, on the deliveries the rule's own tests caused.
 */
function judgedAtRunEnd(rule: string): boolean {
  return listed().runEnd.has(rule) || ruleById(rule).concerns.some((place) => WEBHOOK_NAMES.has(place));
}

/**
 * A fault's run in a batch: the suites with a test tagged with the rule (and not a longer id it is
 * the start of, as --grep picks them), and the run's end where it judges the rule. `explored: false`
 * leaves out the exploration where the rule has other tests: the self-test's first pass, whose misses
 * run again with it (run.ts). `deep`: the exploration at DEEP_EXPLORE, for the passes after the first.
 */
export function batchFault(fault: Fault, explored = true, deep = false): BatchFault {
  const tagged = new RegExp(`@${fault.rule}(?![A-Z0-9-])`);
  const all = [
    ...new Set(
      listed()
        .tests.filter((t) => tagged.test(t.grepped))
        .map((t) => t.file),
    ),
  ];
  const others = all.filter((file) => !file.endsWith(EXPLORATION));
  const files = explored || !others.length ? all : others;
  const runEnd = judgedAtRunEnd(fault.rule);
  return {
    name: fault.name,
    rule: fault.rule,
    env: {
      CIS_REFERENCE_FAULTS: fault.name,
      CIS_RUN_RULES: fault.rule,
      CIS_PROPERTY_RUNS: FAULT_PROPERTY_RUNS,
      ...(deep ? { CIS_EXPLORE: DEEP_EXPLORE } : {}),
      ...BATCH_WAITS,
      // A fault of a should rule is caught as a should failure of a strict run.
      ...(ruleById(fault.rule).level === 'should' ? { CIS_STRICT: '1' } : {}),
    },
    files: [...files, ...(runEnd ? [join(ROOT, 'suites', 'run.teardown.ts')] : [])],
    runEnd,
  };
}

/**
 * The explored pass's run of a fault the first pass missed: the exploration alone (and the run's end where it judges
 * the rule). The rule's other tests ran in the first pass against the same reference and missed it; run again, they
 * would cost as much and show the same.
 */
export function explorationOf(fault: Fault): BatchFault {
  const plan = batchFault(fault);
  return {
    ...plan,
    files: plan.files.filter(
      (file) => !batchFault(fault, false).files.includes(file) || file.endsWith('run.teardown.ts'),
    ),
  };
}

/** A fault's run that goes on after its rule failed (no CIS_RUN_RULES): its HAR holds every test's traffic. */
export function runOn(plan: BatchFault): BatchFault {
  const { CIS_RUN_RULES: _rules, ...env } = plan.env;
  return { ...plan, env };
}

/**
 * The clean run: the own tests' full run (support/common-runs.ts FULL_RUN, the installed package's
 * embedded run at the defaults), made once whichever asks first where `npm test` shares its runs, made
 * here otherwise. Its verdict, and with `passive` its HAR judged.
 */
export async function cleanRun(passive: boolean): Promise<RunResult & { passive?: CleanTraffic }> {
  const started = Date.now();
  const run = await sharedRun(FULL_RUN);
  return judged('no fault', run.reportDir, { exitCode: run.code, output: run.stdout + run.stderr, started }, passive);
}

/** A run's result from the report it wrote: the verdict line and the rules failed, the HAR judged with `passive`. */
async function judged(
  name: string,
  reportDir: string,
  run: { exitCode: number | null; output: string; started: number },
  passive: boolean,
): Promise<RunResult & { passive?: CleanTraffic }> {
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
  const traffic = passive ? await cleanTraffic(join(reportDir, 'exchanges.har')) : undefined;
  return {
    name,
    exitCode: run.exitCode,
    verdict,
    failedRules,
    seconds: (Date.now() - run.started) / 1000,
    output: run.output,
    ...(traffic ? { passive: traffic } : {}),
  };
}

/** Runs jobs with at most `limit` at once, keeping their order in the result. */
export async function pool<T, R>(items: T[], limit: number, job: (item: T) => Promise<R>): Promise<R[]> {
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
