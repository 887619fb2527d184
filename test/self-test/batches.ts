// Runs the self-test's faults in batches (batch.ts): a Playwright run per batch instead of one per
// fault, so the runner's start, the TypeScript transform and the workers' loading are paid once per
// batch. Each fault keeps its own reference, its own run settings, its own report directory (with its
// exchanges.har) and its own verdict.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BATCH_VARIABLE, type Batch, type BatchFault } from './batch';
import { CPU_FILE } from './batch-setup';
import { VERDICT_FILE, type FaultVerdict } from './batch-reporter';

export interface FaultRun {
  name: string;
  exitCode: number | null;
  verdict: string;
  failedRules: string[];
  /** The time its tests took (a batch runs several faults at once). */
  seconds: number;
  output: string;
}

export interface BatchRun {
  faults: FaultRun[];
  /** CPU seconds of the batch's runner and workers. */
  cpuSeconds: number;
  seconds: number;
}

/**
 * Faults spread over batches of at most `size`, taking turns in the order of their names, so that no batch gets all
 * the slow ones of a kind and a batch holds the same faults however the registry lists them.
 */
export function planBatches<T extends { name: string }>(faults: readonly T[], size: number): T[][] {
  const count = Math.max(1, Math.ceil(faults.length / size));
  const batches: T[][] = Array.from({ length: count }, () => []);
  [...faults]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .forEach((fault, i) => batches[i % count]!.push(fault));
  return batches.filter((b) => b.length);
}

/** The lane files: each a test file declaring its share of the faults (batch-suites.ts). */
function writeLanes(dir: string, faults: readonly BatchFault[], lanes: number): void {
  // A kept directory used before (CIS_SELF_TEST_KEEP) has its lanes written over.
  rmSync(join(dir, 'lanes'), { recursive: true, force: true });
  mkdirSync(join(dir, 'lanes'));
  const declare = JSON.stringify(join(__dirname, 'batch-suites.ts'));
  planBatches(faults, Math.ceil(faults.length / lanes)).forEach((lane, i) => {
    const names = JSON.stringify(lane.map((f) => f.name));
    writeFileSync(join(dir, 'lanes', `lane-${i}.lane.js`), `require(${declare}).declareFaults(${names});\n`);
  });
}

function faultRun(dir: string, fault: BatchFault, output: string): FaultRun {
  let verdict = 'NO REPORT';
  let failedRules: string[] = [];
  let ended: FaultVerdict = { exitCode: 2, seconds: 0 };
  try {
    ended = JSON.parse(readFileSync(join(dir, fault.name, VERDICT_FILE), 'utf8')) as FaultVerdict;
    const report = JSON.parse(readFileSync(join(dir, fault.name, 'conformance.json'), 'utf8')) as {
      summary: { line: string };
      rules: { id: string; verdict: string }[];
    };
    verdict = report.summary.line;
    failedRules = report.rules.filter((r) => r.verdict === 'failed').map((r) => r.id);
  } catch {
    // reported as NO REPORT
  }
  // A batch's output is all its runs': each run's own failures are read from its report, for whoever reads why.
  const failures = failedRules.length ? firstFailures(join(dir, fault.name, 'conformance.md'), failedRules) : '';
  return {
    name: fault.name,
    exitCode: ended.exitCode,
    verdict,
    failedRules,
    seconds: ended.seconds,
    output: `${ended.couldNotRun ? `could not run: ${ended.couldNotRun}\n` : ''}${output}${failures}`,
  };
}

/** The first failure of each rule as the run's report gives it (its message, request and replay), shortened. */
function firstFailures(markdown: string, rules: readonly string[]): string {
  let lines: string[];
  try {
    lines = readFileSync(markdown, 'utf8').split('\n');
  } catch {
    return '';
  }
  return rules
    .map((rule) => {
      const at = lines.indexOf(`**${rule}**, first failure:`);
      return at < 0
        ? ''
        : `\n${lines
            .slice(at, at + 18)
            .map((l) => l.slice(0, 400))
            .join('\n')}`;
    })
    .join('');
}

/**
 * One batch's Playwright run. `keep`: the directory of the faults' reports (each fault's
 * conformance.json and exchanges.har under its name) is left in place; otherwise removed.
 */
export function runBatch(
  root: string,
  faults: BatchFault[],
  options: { workers: number; lanes: number; keep?: string },
): Promise<BatchRun> {
  const dir = options.keep ?? mkdtempSync(join(tmpdir(), 'cc-self-test-batch-'));
  mkdirSync(dir, { recursive: true });
  const batch: Batch = { dir, workers: options.workers, faults };
  writeFileSync(join(dir, 'batch.json'), JSON.stringify(batch, null, 2));
  writeLanes(dir, faults, options.lanes);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(CIS_|TEST_|PW_)/.test(key)) env[key] = value;
  env[BATCH_VARIABLE] = join(dir, 'batch.json');
  // No colours, as in CI: with them on (a TERM such as xterm is enough), Playwright's runner highlights the whole
  // source file of every failed step's snippet: some 40 % of the runner's CPU where the runs fail every check (the own
  // tests' degenerate targets). Nobody reads a batch's output in colour: run.ts prints its last lines as text.
  env['FORCE_COLOR'] = '0';
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      join(root, 'node_modules', '.bin', 'playwright'),
      ['test', '--config', join(__dirname, 'batch.config.ts')],
      { cwd: root, env },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', () => {
      let cpuSeconds = 0;
      try {
        cpuSeconds = (JSON.parse(readFileSync(join(dir, CPU_FILE), 'utf8')) as { cpuSeconds: number }).cpuSeconds;
      } catch {
        // the batch ended before its teardown: no figure
      }
      const runs = faults.map((f) => faultRun(dir, f, output));
      if (!options.keep) rmSync(dir, { recursive: true, force: true });
      resolve({ faults: runs, cpuSeconds, seconds: (Date.now() - started) / 1000 });
    });
  });
}
