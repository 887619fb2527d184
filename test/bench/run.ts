// `npm run bench`: the full conformance run's wall time and peak memory (median of 5 after a warm-up,
// at the default 100 runs per property), the requests it issued and their rate, the same request mix
// replayed by a plain undici loop at the same concurrency (the limit), where the time goes, and what
// failure costs: a broken build (the reference with a pervasive fault) and a target that is not the
// API (an HTML page on every path); then the pace of the proof (proof.ts: the whole npm test, the
// self-test's CPU per fault). Writes reports/bench.json. Not part of npm test.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playwrightCommand } from '../../harness/cli/node-flags';
import {
  cleanEnv,
  limit,
  measureRun,
  median,
  ROOT,
  speedProbeMs,
  transformCost,
  WORKERS,
  type RunMeasure,
} from './measure';
import { proofPace, proofRows } from './proof';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
/** Every locker record carries the removed provider fields: most tests meet the fault. */
const PERVASIVE_FAULT = 'provider-legacy-fields';

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

// Run as `npm run bench`.
void main();
