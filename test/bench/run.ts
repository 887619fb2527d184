// `npm run bench`: the full conformance run's wall time and peak memory (median of 5 after a warm-up,
// at the default 100 runs per property), the requests it issued and their rate, the same request mix
// replayed by a plain undici loop at the same concurrency (the limit), where the time goes, and what
// failure costs: a broken build (the reference with a pervasive fault) and a target that is not the
// API (an HTML page on every path); then the pace of the proof (proof.ts: the whole npm test, the
// self-test's CPU per fault). Writes reports/bench.json. Not part of npm test.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { startReference } from '../../reference/server';
import type { SampledRequest } from '../../reference/stats';
import { playwrightCommand } from '../../harness/cli/node-flags';
import { proofPace, proofRows } from './proof';

const ROOT = join(__dirname, '..', '..');
const PLAYWRIGHT = join(ROOT, 'node_modules', '.bin', 'playwright');
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
/** The default of playwright.config.ts for the embedded reference. */
const WORKERS = Number(process.env['BENCH_WORKERS'] ?? 2);
const LIMIT_SECONDS = 5;
const LIMIT_MAX_REQUESTS = 50_000;
const MEMORY_SAMPLE_MS = 100;
/** Every locker record carries the removed provider fields: most tests meet the fault. */
const PERVASIVE_FAULT = 'provider-legacy-fields';

interface RunMeasure {
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(CIS_|TEST_|PW_)/.test(k)) env[k] = v;
  return { ...env, ...extra };
}

function measureRun(extraEnv: Record<string, string> = {}): Promise<RunMeasure> {
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

/** A login page or proxy error in front of the API: every path answers 200 with HTML. */
async function refusedTarget(): Promise<{ seconds: number; exitCode: number | null; said: string }> {
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sign in</title><form>…</form>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const reportDir = mkdtempSync(join(tmpdir(), 'cc-bench-html-'));
  const started = Date.now();
  const result = await new Promise<{ exitCode: number | null; output: string }>((resolve) => {
    const [node, args] = playwrightCommand(['test', '--config', join(ROOT, 'playwright.config.ts')]);
    const child = spawn(node, args, {
      cwd: ROOT,
      env: cleanEnv({ CIS_REPORT_DIR: reportDir, CIS_BASE_URL: base, CIS_API_KEY: 'bench-key', CIS_ENV: 'staging' }),
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (exitCode) => resolve({ exitCode, output }));
  });
  const seconds = (Date.now() - started) / 1000;
  server.close();
  rmSync(reportDir, { recursive: true, force: true });
  // The first words after "could not run:", which may start on the next line.
  const said =
    /could not run:\s*(\S.*)/.exec(result.output)?.[1]?.trim() ?? result.output.trim().split('\n').pop() ?? '';
  return { seconds, exitCode: result.exitCode, said };
}

/** The same request mix, replayed by `WORKERS` plain keep-alive loops against a fresh reference. */
async function limit(
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
async function transformCost(): Promise<{ coldSeconds: number; warmSeconds: number }> {
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

async function main(): Promise<void> {
  const probeBefore = speedProbeMs();
  process.stdout.write(`warm-up run, then ${RUNS} measured runs of the full conformance run (${WORKERS} workers)...\n`);
  await measureRun();
  const runs: RunMeasure[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measureRun());
  const pick = (f: (r: RunMeasure) => number) => median(runs.map(f));
  const ceiling = await limit(runs[runs.length - 1]!.sample);
  process.stdout.write(`a broken build (${PERVASIVE_FAULT}), then a target answering HTML...\n`);
  const probeAfter = speedProbeMs();
  const broken = await measureRun({ CIS_REFERENCE_FAULTS: PERVASIVE_FAULT });
  // A webhook sender that is broken (a wrong content type) or off: judged as fast as a good one.
  const senders = {
    wrongContentType: await measureRun({ CIS_REFERENCE_FAULTS: 'webhook-text-plain' }),
    noPushes: await measureRun({ CIS_REFERENCE_FAULTS: 'no-webhooks' }),
  };
  const html = await refusedTarget();
  const transform = await transformCost();
  const proof =
    process.env['BENCH_NPM_TEST'] === '0'
      ? undefined
      : (process.stdout.write('npm test, whole, once...\n'), await proofPace(ROOT, speedProbeMs));
  const result = {
    runs: RUNS,
    workers: WORKERS,
    wallSeconds: pick((r) => r.wallSeconds),
    peakMemoryMb: pick((r) => r.peakMemoryMb),
    /** Per run: each process's resident memory at the tree's peak, the runner first. */
    peakSplitMb: runs.map((r) => r.peakSplitMb),
    requests: pick((r) => r.requests),
    harnessRequestsPerSecond: pick((r) => r.requestsPerSecond),
    medianBusySecondRate: pick((r) => r.medianBusySecondRate),
    limitRequestsPerSecond: ceiling.requestsPerSecond,
    ratio: pick((r) => r.requestsPerSecond) / ceiling.requestsPerSecond,
    breakdownSeconds: {
      startup: pick((r) => r.startupSeconds),
      tests: pick((r) => r.testsSeconds),
      shutdownAndReports: pick((r) => r.shutdownSeconds),
      webhookWaitsSummedOverTests: pick((r) => r.webhookWaitSeconds),
      typescriptTransformCold: transform.coldSeconds - transform.warmSeconds,
    },
    exitCodes: runs.map((r) => r.exitCode),
    /** The same loop before and after the measured runs; lower is a faster machine. */
    speedProbeMs: { before: Math.round(probeBefore), after: Math.round(probeAfter) },
    brokenBuild: { fault: PERVASIVE_FAULT, wallSeconds: broken.wallSeconds, exitCode: broken.exitCode },
    brokenSenders: Object.fromEntries(
      Object.entries(senders).map(([name, r]) => [
        name,
        { wallSeconds: r.wallSeconds, exitCode: r.exitCode, verdict: r.verdict },
      ]),
    ),
    htmlTarget: html,
    targets: {
      wallSeconds: 15,
      ratio: 0.5,
      peakMemoryMb: 500,
      brokenBuildVsClean: 2,
      htmlTargetSeconds: 10,
      npmTestSeconds: 360,
      selfTestCpuSecondsPerFault: 1,
    },
    ...(proof ? { proof } : {}),
  };
  const row = (name: string, value: string, target = '') => `${name.padEnd(38)} ${value.padStart(12)}  ${target}`;
  process.stdout.write(
    [
      '',
      row(
        'full run wall time (median)',
        `${result.wallSeconds.toFixed(1)} s`,
        `target < 15 s ${result.wallSeconds < 15 ? 'ok' : 'MISSED'}`,
      ),
      row(
        'peak memory, process tree (median)',
        `${result.peakMemoryMb.toFixed(0)} MB`,
        `target <= 500 MB ${result.peakMemoryMb <= 500 ? 'ok' : 'MISSED'}`,
      ),
      row(
        '  runner + workers at the peak (per run)',
        '',
        result.peakSplitMb.map((split) => split.join(' + ')).join('; '),
      ),
      row('HTTP requests per run', String(result.requests)),
      row('harness requests/s (active span)', result.harnessRequestsPerSecond.toFixed(0)),
      row('harness requests/s (median busy second)', result.medianBusySecondRate.toFixed(0)),
      row(`limit: undici loop, ${WORKERS} connections`, ceiling.requestsPerSecond.toFixed(0)),
      row('harness / limit', result.ratio.toFixed(2), `target >= 0.5 ${result.ratio >= 0.5 ? 'ok' : 'MISSED'}`),
      row('start-up (spawn to first test)', `${result.breakdownSeconds.startup.toFixed(1)} s`),
      row('  of which TypeScript transform (cold)', `${result.breakdownSeconds.typescriptTransformCold.toFixed(1)} s`),
      row('tests', `${result.breakdownSeconds.tests.toFixed(1)} s`),
      row('  webhook waits (summed over tests)', `${result.breakdownSeconds.webhookWaitsSummedOverTests.toFixed(1)} s`),
      row('teardown and report writing', `${result.breakdownSeconds.shutdownAndReports.toFixed(1)} s`),
      row(
        `broken build (${PERVASIVE_FAULT})`,
        `${broken.wallSeconds.toFixed(1)} s`,
        `exit ${broken.exitCode}; target < 2x clean ${broken.wallSeconds < 2 * result.wallSeconds ? 'ok' : 'MISSED'}`,
      ),
      ...Object.entries({
        'webhooks as text/plain': senders.wrongContentType,
        'no webhooks at all': senders.noPushes,
      }).flatMap(([name, r]) => [
        row(
          name,
          `${r.wallSeconds.toFixed(1)} s`,
          `exit ${r.exitCode}; target < 2x clean ${r.wallSeconds < 2 * result.wallSeconds ? 'ok' : 'MISSED'}`,
        ),
        row('  it said', '', r.verdict.slice(0, 160)),
      ]),
      row(
        'machine speed probe (fixed loop)',
        `${result.speedProbeMs.before} / ${result.speedProbeMs.after} ms`,
        'before / after the measured runs; lower is faster',
      ),
      row(
        'HTML-only target refused',
        `${html.seconds.toFixed(1)} s`,
        `exit ${html.exitCode}; target < 10 s ${html.seconds < 10 && html.exitCode === 2 ? 'ok' : 'MISSED'}`,
      ),
      row('  it said', '', html.said.slice(0, 160)),
      ...(proof ? proofRows(proof, row) : []),
      '',
    ].join('\n'),
  );
  mkdirSync(join(ROOT, 'reports'), { recursive: true });
  writeFileSync(join(ROOT, 'reports', 'bench.json'), JSON.stringify(result, null, 2) + '\n');
}

// Run as `npm run bench`; imported (the staging bench's probe), it only lends its functions.
if (require.main === module) void main();
