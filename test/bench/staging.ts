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
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_CARRIERS } from '../../reference/options';
import type { ReferenceStats } from '../../reference/staging';
import { speedProbeMs } from './run';
import {
  freePort,
  ROOT,
  runHarness,
  startStagingReference,
  stopEverything,
  type HarnessRun,
} from './staging-processes';

const USAGE = `Usage: npm run bench:staging -- [options]

  --runs N            harness runs in a row against the one staging (default 5)
  --page-size N       records per page of the staging's lists where no size is asked (default 20)
  --max-page-size N   the most a size parameter gets (default: --page-size, a capped page size)
  --list-envelope E   paged ({items, page, size, totalPages, totalElements}) or spring (Spring Data's
                      {content, page: {size, number, totalElements, totalPages}}) (default spring)
  --list-lag-ms N     the staging's lists show a write N ms after it was answered (default 0; the
                      staging-like set's replica lag is 1000)
  --no-collections    seed no parcels awaiting the courier (default: every locker holding a seeded
                      delivered first-mile parcel is named in a CollectionNotification each period)
  --latency-ms N      delay of every answer of the staging (default 20)
  --seed-lockers N    third-party lockers the staging holds from the start (default 2000)
  --seed-parcels N    past parcels per carrier from the start (default: the staging-like set's 30)
  --harness DIR       run the harness of another checkout (e.g. a git worktree of an older commit);
                      the staging reference is always this checkout's (default: this checkout)
  --skip-embedded     leave out the default run against the embedded reference
  --run-timeout-s N   end a run that takes longer (default 1800)
  --out FILE          where the results go (default reports/bench-staging.json)
  --help              this text
`;

/** The staging-like set's CollectionNotification period in a harness run (run/embedded.ts). */
const COLLECTION_PERIOD_MS = 1000;
const PROFILE = join(ROOT, 'reference', 'target-profile.staging-like.json');
const REPORTS = join(ROOT, 'reports', 'bench-staging');

class UsageError extends Error {}

function whole(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min}, got "${text}"`);
  return Number(text);
}

function settings() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      'page-size': { type: 'string' },
      'max-page-size': { type: 'string' },
      'list-envelope': { type: 'string' },
      'no-collections': { type: 'boolean' },
      'list-lag-ms': { type: 'string' },
      'latency-ms': { type: 'string' },
      'seed-lockers': { type: 'string' },
      'seed-parcels': { type: 'string' },
      harness: { type: 'string' },
      'skip-embedded': { type: 'boolean' },
      'run-timeout-s': { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const harness = resolve(values.harness ?? ROOT);
  if (!values.help && !existsSync(join(harness, 'bin', 'carrier-conformance.js'))) {
    throw new UsageError(
      `--harness ${values.harness}: no bin/carrier-conformance.js there (a checkout of this project, with ` +
        `node_modules, is needed)`,
    );
  }
  const envelope = values['list-envelope'] ?? 'spring';
  if (envelope !== 'paged' && envelope !== 'spring')
    throw new UsageError(`--list-envelope must be paged or spring, got "${envelope}"`);
  const pageSize = whole('page-size', values['page-size'], 20, 1);
  return {
    help: !!values.help,
    runs: whole('runs', values.runs, 5, 1),
    pageSize,
    maxPageSize: whole('max-page-size', values['max-page-size'], pageSize, pageSize),
    envelope,
    collections: !values['no-collections'],
    listLagMs: whole('list-lag-ms', values['list-lag-ms'], 0, 0),
    latencyMs: whole('latency-ms', values['latency-ms'], 20, 0),
    seedLockers: whole('seed-lockers', values['seed-lockers'], 2000, 0),
    seedParcels: values['seed-parcels'] === undefined ? undefined : whole('seed-parcels', values['seed-parcels'], 0, 0),
    harness,
    skipEmbedded: !!values['skip-embedded'],
    runTimeoutMs: whole('run-timeout-s', values['run-timeout-s'], 1800, 1) * 1000,
    out: resolve(values.out ?? join(ROOT, 'reports', 'bench-staging.json')),
  };
}

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
  say(
    `staging bench: harness ${options.harness} (${version}), ${options.runs} runs, ${options.envelope} pages ` +
      `of ` +
      `${options.pageSize}${options.maxPageSize > options.pageSize ? ` (size up to ${options.maxPageSize})` : ' (capped)'}, ` +
      `${options.latencyMs} ms per answer, lists ${options.listLagMs} ms behind writes, ${options.seedLockers} ` +
      `seeded third-party lockers`,
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
