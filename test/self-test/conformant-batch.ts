// The self-test's conformant configurations (alternative, independent, staging-like, serial writes), judged
// by one Playwright run as its faults are (batches.ts): each against its own embedded reference, with its
// own settings, report and verdict. Four runs of their own paid four runners' start and four workers more
// for their ends (the run-end project's); a batch's lanes end each run in the worker that ran it.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BATCH_WAITS, type BatchFault } from './batch';
import { runBatch, type FaultRun } from './batches';
import type { Fault } from '../../reference/faults';

const SUITES = join(__dirname, '..', '..', 'suites');

/** Every suite, the run's end last: a whole run, as `playwright test` makes one. */
export const EVERY_SUITE = [
  ...readdirSync(SUITES)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort(),
  'run.teardown.ts',
].map((f) => join(SUITES, f));

export interface Configuration {
  name: string;
  /** The reference's choices and the run's settings (CIS_*). */
  env: Record<string, string>;
  /** Where the run is restricted to some suites (their files, the run's end last); every suite otherwise. */
  files?: string[];
}

/**
 * The staging-like lists show a write a second after it (listLagMs): every command of the exploration
 * then waits for its list, a second each. That run proves paging and a lagging list are read right; the
 * exploration's depth is proved by the clean run and the faults, at the default.
 */
const LAGGING_EXPLORE = '4x8';
/**
 * The staging-like lists lag a quarter of a second here: still behind every write, so each read waits
 * for the list to show it, without the run lasting ten times the others (the second's lag stays in the
 * staging bench).
 */
const LIST_LAG_MS = '250';

/**
 * The independent choices push webhooks 3.5 s after the action: later than a request's timeout here,
 * within a webhook's own wait, so a slow push is shown not to fail.
 */
const SLOW_PUSH_WAIT_MS = '10000';

/**
 * Writes taken one at a time, 200 ms each, with commands sent at once: the exploration alone (its whole run
 * would wait on some thousand writes in line), which must read CONFORMANT, in the scope it judges.
 */
const SERIAL_WRITES: Configuration = {
  name: 'serial writes, exploration',
  env: { CIS_REFERENCE_CHOICES: 'serial-writes', CIS_RUN_ONLY: 'explore' },
  // As `--only explore` does it: the suite's file and the run's end, the scope named so.
  files: ['explore.spec.ts', 'run.teardown.ts'].map((file) => join(SUITES, file)),
};

/** The conformant configurations, the longest first: each must read CONFORMANT (serial writes within its scope). */
export const CONFIGURATIONS: Configuration[] = [
  {
    name: 'staging-like choices',
    env: {
      CIS_REFERENCE_CHOICES: 'staging-like',
      CIS_EXPLORE: LAGGING_EXPLORE,
      CIS_REFERENCE_LIST_LAG_MS: LIST_LAG_MS,
    },
  },
  {
    name: 'independent choices',
    env: { CIS_REFERENCE_CHOICES: 'independent', CIS_WEBHOOK_WAIT_MS: SLOW_PUSH_WAIT_MS },
  },
  { name: 'alternative choices', env: { CIS_REFERENCE_CHOICES: 'alternative' } },
  SERIAL_WRITES,
];

/** A conformant variation of the reference (a fault of rule 'none'), named to the self-test: a whole run of its own. */
export const variationConfiguration = (variation: Fault): Configuration => ({
  name: variation.name,
  env: { CIS_REFERENCE_FAULTS: variation.name },
});

/**
 * Where the configurations' reports stay after the self-test, each in a folder of its name (its conformance.json and
 * exchanges.har): a configuration that failed once under load is read there, not guessed at.
 */
export const CONFORMANT_REPORTS = join(__dirname, '..', '..', 'reports', 'self', 'conformant');

/** Where the runs of conformant variations named to the self-test stay, as the configurations' do. */
export const VARIATION_REPORTS = join(__dirname, '..', '..', 'reports', 'self', 'variations');

/** The configurations' runs, in the order given: each configuration a lane, each lane a worker. */
export async function conformantBatch(
  configurations: Configuration[],
  reports = CONFORMANT_REPORTS,
): Promise<FaultRun[]> {
  const runs: BatchFault[] = configurations.map((c) => ({
    name: c.name,
    // A fault's waits; a configuration that pushes later says so in its env.
    env: { ...BATCH_WAITS, ...c.env },
    files: c.files ?? EVERY_SUITE,
    runEnd: true,
  }));
  rmSync(reports, { recursive: true, force: true });
  const batch = await runBatch(join(__dirname, '..', '..'), runs, {
    // Each mostly waits (lagging lists, late pushes): a worker each, as many as the configurations.
    workers: Math.min(configurations.length, CONFIGURATIONS.length),
    lanes: configurations.length,
    keep: reports,
  });
  return batch.faults;
}
