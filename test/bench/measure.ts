// What `npm run bench` measures and how: a full conformance run as the CLI starts it (wall time, peak memory of
// its process tree, the requests it issued), the same request mix replayed by a plain undici loop (the limit), the
// TypeScript transform's cost, and a fixed CPU loop that says how fast the shared machine was (also for
// staging.ts and traffic.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { startReference } from '../../reference/server';
import type { SampledRequest } from '../../reference/stats';
import { playwrightCommand } from '../../harness/cli/node-flags';

export const ROOT = join(__dirname, '..', '..');
const PLAYWRIGHT = join(ROOT, 'node_modules', '.bin', 'playwright');
/** The default of playwright.config.ts for the embedded reference. */
export const WORKERS = Number(process.env['BENCH_WORKERS'] ?? 2);
const LIMIT_SECONDS = 5;
const LIMIT_MAX_REQUESTS = 50_000;
const MEMORY_SAMPLE_MS = 100;

export interface RunMeasure {
  wallSeconds: number;
  peakMemoryMb: number;
  /** Each process's resident memory at the tree's peak: the runner first, then its workers. */
  peakSplitMb: number[];
  exitCode: number | null;
  /** The run's verdict line (conformance.json's summary). */
  verdict: string;
  requests: number;
  activeSeconds: number;
  requestsPerSecond: number;
  medianBusySecondRate: number;
  startupSeconds: number;
  testsSeconds: number;
  shutdownSeconds: number;
  webhookWaitSeconds: number;
  sample: SampledRequest[];
}

/**
 * Resident memory of each process of the tree under root (root first), from /proc (Linux). Walks the
 * children files rather than every process on the machine, so sampling costs the measured run next to
 * nothing.
 */
function treeRssKb(root: number): number[] {
  const perProcess: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      perProcess.push(Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4);
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
        if (children) stack.push(...children.split(' ').map(Number));
      }
    } catch {
      // the process ended while being read
    }
  }
  return perProcess;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(CIS_|TEST_|PW_)/.test(k)) env[k] = v;
  return { ...env, ...extra };
}

export function measureRun(extraEnv: Record<string, string> = {}): Promise<RunMeasure> {
  const reportDir = mkdtempSync(join(tmpdir(), 'cc-bench-'));
  const started = Date.now();
  return new Promise((resolve) => {
    // Started as the CLI starts it (npm run conformance): node with the run's flags, then Playwright.
    const [node, args] = playwrightCommand(['test', '--config', join(ROOT, 'playwright.config.ts')]);
    const child = spawn(node, args, {
      cwd: ROOT,
      env: cleanEnv({ CIS_REPORT_DIR: reportDir, CIS_WORKERS: String(WORKERS), ...extraEnv }),
      stdio: 'ignore',
    });
    let peakSplitKb: number[] = [];
    // Sampling memory on a fixed beat is measurement, not a test waiting for something.
    const sampler = setInterval(() => {
      const split = treeRssKb(child.pid!);
      if (sum(split) > sum(peakSplitKb)) peakSplitKb = split;
    }, MEMORY_SAMPLE_MS);
    child.on('close', (exitCode) => {
      clearInterval(sampler);
      const ended = Date.now();
      const stats = JSON.parse(readFileSync(join(reportDir, 'run-stats.json'), 'utf8')) as {
        count: number;
        first: number;
        last: number;
        perSecond: number[];
        sample: SampledRequest[];
      };
      const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
        timings: { testsStartedAt: number; testsEndedAt: number };
        webhooks: { totalWaitMs?: number };
        summary: { line: string };
      };
      rmSync(reportDir, { recursive: true, force: true });
      const active = Math.max((stats.last - stats.first) / 1000, 0.001);
      resolve({
        wallSeconds: (ended - started) / 1000,
        peakMemoryMb: sum(peakSplitKb) / 1024,
        peakSplitMb: peakSplitKb.map((kb) => Math.round(kb / 1024)),
        exitCode,
        verdict: report.summary.line,
        requests: stats.count,
        activeSeconds: active,
        requestsPerSecond: stats.count / active,
        medianBusySecondRate: median(stats.perSecond.filter((n) => n > 0)),
        startupSeconds: (report.timings.testsStartedAt - started) / 1000,
        testsSeconds: (report.timings.testsEndedAt - report.timings.testsStartedAt) / 1000,
        shutdownSeconds: (ended - report.timings.testsEndedAt) / 1000,
        webhookWaitSeconds: (report.webhooks.totalWaitMs ?? 0) / 1000,
        sample: stats.sample,
      });
    });
  });
}

/** The same request mix, replayed by `WORKERS` plain keep-alive loops against a fresh reference. */
export async function limit(
  sample: SampledRequest[],
): Promise<{ requests: number; seconds: number; requestsPerSecond: number }> {
  const reference = await startReference();
  const origin = new URL(reference.baseUrl).origin;
  const pool = new Pool(origin, { connections: WORKERS, pipelining: 1 });
  const keys = reference.app.options.carriers.map((c) => c.apiKey);
  const deadline = Date.now() + LIMIT_SECONDS * 1000;
  let sent = 0;
  const started = Date.now();
  const loop = async (offset: number) => {
    for (let i = offset; Date.now() < deadline && sent < LIMIT_MAX_REQUESTS; i += WORKERS) {
      const request = sample[i % sample.length]!;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (request.carrier >= 0) headers['x-api-key'] = keys[request.carrier]!;
      const response = await pool.request({
        method: request.method as 'GET',
        path: request.path,
        headers,
        ...(request.body ? { body: request.body } : {}),
      });
      await response.body.dump();
      sent += 1;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, i) => loop(i)));
  const seconds = (Date.now() - started) / 1000;
  await pool.close();
  await reference.close();
  return { requests: sent, seconds, requestsPerSecond: sent / seconds };
}

/** `playwright test --list` with an empty transform cache, then with the cache it filled. */
export async function transformCost(): Promise<{ coldSeconds: number; warmSeconds: number }> {
  const cache = mkdtempSync(join(tmpdir(), 'cc-transform-'));
  const list = () =>
    new Promise<number>((resolve) => {
      const started = Date.now();
      const child = spawn(PLAYWRIGHT, ['test', '--list', '--config', join(ROOT, 'playwright.config.ts')], {
        cwd: ROOT,
        env: cleanEnv({ PWTEST_CACHE_DIR: cache }),
        stdio: 'ignore',
      });
      child.on('close', () => resolve((Date.now() - started) / 1000));
    });
  const coldSeconds = await list();
  const warmSeconds = await list();
  rmSync(cache, { recursive: true, force: true });
  return { coldSeconds, warmSeconds };
}

/**
 * A fixed CPU loop, timed: the machine's speed when the runs were measured. On a shared 2-core machine
 * it varied by a third within minutes, and the run's wall time with it; the probe says which it was.
 */
export function speedProbeMs(): number {
  const started = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < 300_000_000; i++) sum += i % 7;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  // The loop's result is used (never true), so the loop is not optimised away.
  return sum < 0 ? -1 : ms;
}
