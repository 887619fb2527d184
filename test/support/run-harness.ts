// Runs the conformance harness as a user would (Playwright with playwright.config.ts) in a child
// process, with a clean environment and its own report directory.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/**
 * The command line's runs in the own tests start with V8's defaults (CIS_NODE_FLAGS empty): the memory
 * flags cost a quarter more CPU and change no verdict (test/harness/cli/footprint.test.ts). The full run, as
 * a user starts it, keeps them (common-runs.ts FULL_RUN). And without colours, as in CI: with them on, the
 * runner highlights the source file of every failed step's snippet (self-test/batches.ts), nobody looking.
 */
export const OWN_TEST_NODE = { CIS_NODE_FLAGS: '', FORCE_COLOR: '0' };

export interface HarnessRun {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  reportDir: string;
}

/** The parent's environment without Playwright's own worker variables or any CIS_* setting. */
function cleanEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(TEST_|PW_|PLAYWRIGHT_|CIS_|FORCE_COLOR)/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/** A child process to its end: exit code, output, how long it took. */
function collect(command: string, args: string[], env: NodeJS.ProcessEnv, reportDir: string): Promise<HarnessRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, seconds: (Date.now() - started) / 1000, reportDir }));
  });
}

/**
 * What an own test's harness run is, unless the test says otherwise: one worker, and a shallow
 * exploration (3 sequences of up to 8 commands). These runs test what the harness makes of a run (its
 * verdict, certificate, reports); how deep the exploration goes, and what it catches, is the
 * self-test's, which runs it at its default depth against every fault. The conformance report only (its
 * JSON, Markdown, HTML page and HAR): a test that reads Playwright's own reports (JUnit, HTML, allure) asks
 * for them with CIS_REPORTERS=full, as the full run writes them all.
 */
const OWN_TEST_RUN = { CIS_WORKERS: '1', CIS_EXPLORE: '3x8', CIS_REPORTERS: 'minimal', ...OWN_TEST_NODE };

export function runHarness(args: string[], env: Record<string, string> = {}): Promise<HarnessRun> {
  const reportDir = env['CIS_REPORT_DIR'] ?? mkdtempSync(join(tmpdir(), 'cc-run-'));
  // One worker unless a test asks for more: the own tests already run two at a time.
  return collect(
    join(ROOT, 'node_modules', '.bin', 'playwright'),
    ['test', '--config', join(ROOT, 'playwright.config.ts'), ...args],
    cleanEnvironment({ CIS_REPORT_DIR: reportDir, ...OWN_TEST_RUN, ...env }),
    reportDir,
  );
}

/** `carrier-conformance` as a user runs it (bin/), writing its reports to `reportDir`; one worker unless asked. */
export function runCli(args: string[], reportDir: string, env: Record<string, string> = {}): Promise<HarnessRun> {
  return collect(
    process.execPath,
    [join(ROOT, 'bin', 'carrier-conformance.js'), ...args, '--report-dir', reportDir],
    cleanEnvironment({ ...OWN_TEST_RUN, ...env }),
    reportDir,
  );
}
