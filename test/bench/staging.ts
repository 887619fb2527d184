// `npm run bench:staging`: the harness against a long-lived staging. The reference is started once, as
// a process of its own, the way a deployed staging runs (staging-like choices: paged lists, state kept
// between runs; 2,000 seeded third-party lockers; 20 ms per answer), and the harness is run N times in a
// row against it (default 5), each as a user runs it against a remote target (CIS_BASE_URL, both keys,
// the network, the trigger base, a webhook listener registered per carrier, the staging-like profile).
// Per run: wall time, verdict line, the requests the reference served and the records the run left
// on it. Before them, one default run against the embedded reference at 0 ms (the yardstick of "run 1
// at most 3x the embedded run"); around every run, a fixed CPU loop timed (the machine is shared).
// Writes reports/bench-staging.json. Not part of npm test.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_CARRIERS } from '../../reference/options';
import type { ReferenceStats } from '../../reference/staging';
import { speedProbeMs } from './measure';
import {
  freePort,
  ROOT,
  runHarness,
  startStagingReference,
  stopEverything,
  type HarnessRun,
} from './staging-processes';
import { settings, USAGE } from './staging-settings';

/** The staging-like set's CollectionNotification period in a harness run (run/embedded.ts). */
const COLLECTION_PERIOD_MS = 1000;
const PROFILE = join(ROOT, 'reference', 'target-profile.staging-like.json');
const REPORTS = join(ROOT, 'reports', 'bench-staging');

/** Which commit the harness is, and whether its files differ from it. */
function harnessVersion(dir: string): string {
  try {
    const commit = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit} with uncommitted changes` : commit;
  } catch {
    return 'not a git checkout';
  }
}

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
const LIST_OPERATIONS = ['listLockers', 'listProviders', 'listParcels'];

/** What the reference served during a run and what the run left on it, from its stats before and after. */
function delta(before: ReferenceStats, after: ReferenceStats) {
  const op = (name: string) => (after.byOperation[name] ?? 0) - (before.byOperation[name] ?? 0);
  return {
    requests: after.requests - before.requests,
    listGets: LIST_OPERATIONS.reduce((n, name) => n + op(name), 0),
    byOperation: Object.fromEntries(
      Object.keys(after.byOperation)
        .map((name) => [name, op(name)])
        .filter(([, n]) => n !== 0),
    ),
    webhookDeliveries: after.webhookDeliveries - before.webhookDeliveries,
    left: {
      lockers: sum(after.lockers.byCarrier) - sum(before.lockers.byCarrier),
      parcels: after.parcels.total - before.parcels.total,
      networkEntries: after.networkEntries - before.networkEntries,
    },
    heldAfter: { lockers: after.lockers.total, parcels: after.parcels.total },
  };
}

const started = (run: HarnessRun) => run.verdictLine !== undefined && run.exitCode !== 2 && !run.killed;

async function main(): Promise<void> {
  const options = settings();
  if (options.help) return void process.stdout.write(USAGE);
  const version = harnessVersion(options.harness);
  const say = (line: string) => process.stdout.write(line + '\n');
  const sizes = options.maxPageSize > options.pageSize ? ` (size up to ${options.maxPageSize})` : ' (capped)';
  say(
    `staging bench: harness ${options.harness} (${version}), ${options.runs} runs, ${options.envelope} pages ` +
      `of ${options.pageSize}${sizes}, ${options.latencyMs} ms per answer, lists ${options.listLagMs} ms behind ` +
      `writes, ${options.seedLockers} seeded third-party lockers`,
  );
  // The run directories are this bench's alone: an earlier bench's (another page size) would mix in.
  for (const name of existsSync(REPORTS) ? readdirSync(REPORTS) : [])
    if (/^run-\d+$/.test(name)) rmSync(join(REPORTS, name), { recursive: true, force: true });
  const probes: number[] = [Math.round(speedProbeMs())];
  say(`CPU probe ${probes[0]} ms`);

  let embedded: (HarnessRun & { probeMs: number }) | undefined;
  if (!options.skipEmbedded) {
    say('the default run against the embedded reference (0 ms)...');
    const run = await runHarness(options.harness, join(REPORTS, 'embedded'), {}, options.runTimeoutMs);
    embedded = { ...run, probeMs: Math.round(speedProbeMs()) };
    say(
      `  embedded   ${run.wallSeconds.toFixed(1).padStart(6)} s  exit ${run.exitCode}  requests ` +
        `${run.embeddedRequests ?? '?'}  probe ${embedded.probeMs} ms  ${run.verdictLine ?? '(no certificate)'}`,
    );
  }

  const listenPort = await freePort();
  const hooks = `http://127.0.0.1:${listenPort}/webhooks`;
  const reference = await startStagingReference([
    '--port',
    '0',
    '--choices',
    'staging-like',
    '--page-size',
    String(options.pageSize),
    '--max-page-size',
    String(options.maxPageSize),
    '--list-envelope',
    options.envelope,
    '--list-lag-ms',
    String(options.listLagMs),
    ...(options.collections ? ['--seed-awaiting-courier'] : []),
    '--latency-ms',
    String(options.latencyMs),
    '--seed-lockers',
    String(options.seedLockers),
    ...(options.seedParcels === undefined ? [] : ['--seed-parcels', String(options.seedParcels)]),
    '--collection-period-ms',
    String(COLLECTION_PERIOD_MS),
    '--webhook-url',
    `${hooks}/carrier-1`,
    '--webhook-url-2',
    `${hooks}/carrier-2`,
  ]);
  say(reference.banner.filter((l) => /CIS_BASE_URL|lists:|stats/.test(l)).join('\n'));
  const [first, second] = DEFAULT_CARRIERS;
  const env = {
    CIS_BASE_URL: reference.baseUrl,
    CIS_MOCK_BASE_URL: reference.mockBaseUrl,
    CIS_API_KEY: first!.apiKey,
    CIS_API_KEY_2: second!.apiKey,
    CIS_NETWORK_UID: String(first!.networkUid),
    CIS_ENV: 'staging',
    CIS_WEBHOOK_LISTEN: `127.0.0.1:${listenPort}`,
    CIS_PROFILE: PROFILE,
    CIS_COLLECTION_PERIOD_MS: String(COLLECTION_PERIOD_MS),
  };

  const runs: (HarnessRun & ReturnType<typeof delta> & { run: number; probeMs: number })[] = [];
  const wall = (i: number) => runs[i]?.wallSeconds ?? NaN;
  // Written after every run, so an interrupted bench keeps the runs it made (`complete: false`).
  const write = (complete: boolean) => {
    const result = {
      complete,
      harness: { dir: options.harness, version },
      settings: {
        runs: options.runs,
        envelope: options.envelope,
        pageSize: options.pageSize,
        maxPageSize: options.maxPageSize,
        collections: options.collections,
        listLagMs: options.listLagMs,
        latencyMs: options.latencyMs,
        seedLockers: options.seedLockers,
        seedParcels: options.seedParcels ?? 'staging-like default (30)',
        collectionPeriodMs: COLLECTION_PERIOD_MS,
      },
      /** The fixed CPU loop: before everything, after the embedded run, after each staging run; lower is a faster
       * machine. */
      speedProbeMs: probes,
      embedded: embedded && {
        wallSeconds: embedded.wallSeconds,
        exitCode: embedded.exitCode,
        verdictLine: embedded.verdictLine,
        requests: embedded.embeddedRequests,
        probeMs: embedded.probeMs,
      },
      runs: runs.map(({ tail: _tail, reportDir, ...r }) => ({ ...r, reportDir })),
      ratios: {
        lastRunToFirst: wall(runs.length - 1) / wall(0),
        firstRunToEmbedded: embedded ? wall(0) / embedded.wallSeconds : null,
      },
      targets: { lastRunToFirst: 1.2, firstRunToEmbedded: 3 },
    };
    mkdirSync(dirname(options.out), { recursive: true });
    writeFileSync(options.out, JSON.stringify(result, null, 2) + '\n');
    return result;
  };
  try {
    for (let i = 1; i <= options.runs; i++) {
      const before = await reference.stats();
      const run = await runHarness(options.harness, join(REPORTS, `run-${i}`), env, options.runTimeoutMs);
      const served = delta(before, await reference.stats());
      const probeMs = Math.round(speedProbeMs());
      probes.push(probeMs);
      runs.push({ run: i, ...run, ...served, probeMs });
      write(false);
      say(
        `  run ${i}  ${run.wallSeconds.toFixed(1).padStart(7)} s  exit ` +
          `${run.exitCode}${run.killed ? ' (killed: over the run timeout)' : ''}  requests ${served.requests} ` +
          `(list GETs ${served.listGets})  webhooks ${served.webhookDeliveries}  ` +
          `left +${served.left.lockers} lockers, +${served.left.parcels} parcels, ` +
          `+${served.left.networkEntries} network entries  probe ${probeMs} ms\n` +
          `         ${run.verdictLine ?? '(no certificate)'}`,
      );
      if (!started(run))
        say(
          `  run ${i} did not run through; its last lines (all in ${join(run.reportDir, 'output.log')}):\n${run.tail}`,
        );
    }
  } finally {
    await reference.stop();
  }

  const result = write(true);
  say(
    `run ${runs.length} / run 1: ${result.ratios.lastRunToFirst.toFixed(2)} (target <= 1.2)` +
      (embedded ? `; run 1 / embedded: ${result.ratios.firstRunToEmbedded!.toFixed(2)} (target <= 3)` : ''),
  );
  say(`CPU probe over the bench: ${probes.join(', ')} ms`);
  say(`wrote ${options.out}`);
  if (!runs.every(started) || (embedded && !started(embedded))) process.exitCode = 1;
}

const interrupt = () => {
  stopEverything();
  process.exit(130);
};
process.on('SIGINT', interrupt);
process.on('SIGTERM', interrupt);

main().catch((error: unknown) => {
  process.stderr.write(`bench:staging: ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(2);
});
