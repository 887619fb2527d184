// The options of `npm run bench:staging` (--help prints USAGE): each checked, a bad one named in one line.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './staging-processes';

export const USAGE = `Usage: npm run bench:staging -- [options]

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

class UsageError extends Error {}

function whole(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min}, got "${text}"`);
  return Number(text);
}

export function settings() {
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
