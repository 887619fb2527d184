// Harness runs that several own tests assert over, made once per own-test run whichever test asks first,
// in whichever worker: a run costs seconds of CPU for its runner, its transform and its workers, and two
// tests that need the same run (the same arguments, the same target) prove nothing more with two.
// The own tests' global setup (shared-runs-setup.ts) gives the directory the runs are kept in for the
// run of the own tests; without it (another config) each worker makes the runs it needs itself.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HarnessRun } from './run-harness';

export const SHARED_RUNS_VARIABLE = 'CC_SHARED_RUNS_DIR';

const RESULT = 'run.json';
const FAILURE = 'failure.txt';
const MAKER = 'maker.pid';
const POLL_MS = 200;

/** A shared run: its name (a directory name) and how it is made, into the report directory it is given. */
export interface SharedRun {
  name: string;
  make: (reportDir: string) => Promise<HarnessRun>;
}

const inThisWorker = new Map<string, Promise<HarnessRun>>();

/** The run, made by this call or by another test (of this worker or another) that asked for it first. */
export function sharedRun(run: SharedRun): Promise<HarnessRun> {
  let made = inThisWorker.get(run.name);
  if (!made) {
    made = acquire(run);
    inThisWorker.set(run.name, made);
  }
  return made;
}

async function acquire({ name, make }: SharedRun): Promise<HarnessRun> {
  const base = process.env[SHARED_RUNS_VARIABLE];
  if (!base) return make(mkdtempSync(join(tmpdir(), `cc-${name}-`)));
  const dir = join(base, name);
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return waitFor(name, dir);
  }
  // This worker makes it: the others wait for its result, or learn why there is none.
  writeFileSync(join(dir, MAKER), String(process.pid));
  try {
    const run = await make(join(dir, 'report'));
    writeFileSync(join(dir, `${RESULT}.part`), JSON.stringify(run));
    renameSync(join(dir, `${RESULT}.part`), join(dir, RESULT));
    return run;
  } catch (error) {
    writeFileSync(join(dir, FAILURE), String((error as Error).stack ?? error));
    throw error;
  }
}

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitFor(name: string, dir: string): Promise<HarnessRun> {
  for (;;) {
    const result = readText(join(dir, RESULT));
    if (result !== undefined) return JSON.parse(result) as HarnessRun;
    const failure = readText(join(dir, FAILURE));
    if (failure !== undefined) throw new Error(`the shared run ${name} could not be made:\n${failure}`);
    const maker = Number(readText(join(dir, MAKER)));
    // A worker that ended (its test timed out) before writing the result leaves nothing to wait for.
    if (maker && !alive(maker) && readText(join(dir, RESULT)) === undefined)
      throw new Error(`the worker making the shared run ${name} (pid ${maker}) ended before it was made`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
