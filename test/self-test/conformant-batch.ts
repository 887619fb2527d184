// The self-test's conformant configurations (alternative, independent, staging-like, serial writes), judged
// by one Playwright run as its faults are (batches.ts): each against its own embedded reference, with its
// own settings, report and verdict. Four runs of their own paid four runners' start and four workers more
// for their ends (the run-end project's); a batch's lanes end each run in the worker that ran it.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BATCH_WAITS, type BatchFault } from './batch';
import { runBatch, type FaultRun } from './batches';

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

/** The configurations' runs, in the order given: each configuration a lane, each lane a worker. */
export async function conformantBatch(configurations: Configuration[]): Promise<FaultRun[]> {
  const runs: BatchFault[] = configurations.map((c) => ({
    name: c.name,
    // A fault's waits; a configuration that pushes later says so in its env.
    env: { ...BATCH_WAITS, ...c.env },
    files: c.files ?? EVERY_SUITE,
    runEnd: true,
  }));
  const batch = await runBatch(join(__dirname, '..', '..'), runs, {
    workers: configurations.length,
    lanes: configurations.length,
  });
  return batch.faults;
}
