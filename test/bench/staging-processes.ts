// The processes of `npm run bench:staging`: the reference started once as a long-lived staging (a
// process of its own, as a deployed staging is), the harness run against it from any checkout, and the
// reference-only stats route read around each run.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ReferenceStats } from '../../reference/staging';

export const ROOT = join(__dirname, '..', '..');

/** The environment without the caller's CIS_/TEST_/PW_ variables: a run is configured by the bench alone. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(CIS_|TEST_|PW_)/.test(k)) env[k] = v;
  return { ...env, ...extra };
}

export { freePort } from '../support/free-port';

/** Process groups of harness runs under way, and the reference: ended with the bench if it is interrupted. */
const runningGroups = new Set<number>();
const references = new Set<ChildProcess>();

export function stopEverything(): void {
  for (const group of runningGroups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const child of references) child.kill('SIGTERM');
}

export interface StagingReference {
  baseUrl: string;
  mockBaseUrl: string;
  statsUrl: string;
  /** What it printed on start, for the bench's header. */
  banner: string[];
  stats(): Promise<ReferenceStats>;
  stop(): Promise<void>;
}

/** Starts `reference/main.ts` with the flags; resolves once it prints its addresses, rejects with its one-line
 * error. */
export function startStagingReference(args: string[]): Promise<StagingReference> {
  const child: ChildProcess = spawn(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [join(ROOT, 'reference', 'main.ts'), ...args],
    {
      cwd: ROOT,
      env: cleanEnv({}),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  references.add(child);
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve(void references.delete(child))));
  return new Promise((resolve, reject) => {
    const banner: string[] = [];
    child.once('exit', (code) =>
      reject(new Error(`the reference did not start (exit ${code}): ${stderr.trim() || banner.join(' ')}`)),
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (banner.at(-1)?.startsWith('Stop with')) return;
      banner.push(line);
      if (!line.startsWith('Stop with')) return;
      const text = banner.join('\n');
      const found = (pattern: RegExp) => pattern.exec(text)?.[1] ?? '';
      const statsUrl = found(/stats \(no key\): (\S+)/);
      resolve({
        baseUrl: found(/CIS_BASE_URL=(\S+)/),
        mockBaseUrl: found(/CIS_MOCK_BASE_URL=(\S+)/),
        statsUrl,
        banner,
        stats: async () => (await fetch(statsUrl)).json() as Promise<ReferenceStats>,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

export interface HarnessRun {
  wallSeconds: number;
  exitCode: number | null;
  /** The certificate's verdict line; undefined when the run wrote none (it did not start, or broke). */
  verdictLine?: string;
  /** Rules per verdict, from the certificate. */
  rules?: Record<string, number>;
  /** The embedded reference's request count (run-stats.json); a remote target's comes from its stats route. */
  embeddedRequests?: number;
  reportDir: string;
  /** The last lines the run printed, for a run that did not start. */
  tail: string;
  killed: boolean;
}

/**
 * `node <harness>/bin/carrier-conformance.js --report-dir DIR` with the environment given, as a user
 * runs it; its output goes to DIR/output.log. Killed (and marked so) after timeoutMs.
 */
export function runHarness(
  harnessDir: string,
  reportDir: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<HarnessRun> {
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const log = createWriteStream(join(reportDir, 'output.log'));
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [join(harnessDir, 'bin', 'carrier-conformance.js'), '--report-dir', reportDir],
    {
      cwd: harnessDir,
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  runningGroups.add(child.pid!);
  let tail = '';
  const keep = (c: Buffer) => {
    log.write(c);
    tail = (tail + c.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let killed = false;
  // A run that hangs would hold the bench for ever: its process group is ended, and the run marked.
  const guard = setTimeout(() => {
    killed = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, timeoutMs);
  return new Promise((resolve) => {
    child.on('close', (exitCode) => {
      clearTimeout(guard);
      runningGroups.delete(child.pid!);
      log.end();
      const wallSeconds = (Date.now() - started) / 1000;
      const run: HarnessRun = {
        wallSeconds,
        exitCode,
        reportDir,
        tail: tail.split('\n').slice(-15).join('\n'),
        killed,
      };
      const certificate = join(reportDir, 'conformance.json');
      if (existsSync(certificate)) {
        const report = JSON.parse(readFileSync(certificate, 'utf8')) as {
          summary?: { line?: string };
          rules?: { verdict: string }[];
        };
        if (report.summary?.line) run.verdictLine = report.summary.line;
        run.rules = {};
        for (const rule of report.rules ?? []) run.rules[rule.verdict] = (run.rules[rule.verdict] ?? 0) + 1;
      }
      const stats = join(reportDir, 'run-stats.json');
      if (existsSync(stats))
        run.embeddedRequests = (JSON.parse(readFileSync(stats, 'utf8')) as { count: number }).count;
      resolve(run);
    });
  });
}
