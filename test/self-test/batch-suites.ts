// What a lane of a batch declares (the lane files run.ts writes call declareFaults): for each of its
// faults, a describe block holding the suites with tests of the fault's rule, loaded afresh so that
// each fault has its own copy of every test, judging its own run. Playwright runs a file's tests in
// order in one worker, so a fault's tests run together, its run's end last, and the worker goes on to
// the next fault instead of being started anew for it.
import { basename } from 'node:path';
import { test } from '../../harness/fixtures';
import { forgetLists } from '../../harness/records/lists/list-since';
import { forgetProviders } from '../../harness/records/lockers/locker-factory';
import { couldNotRun, faultTitle, readBatch } from './batch';

/**
 * A suite's module evaluated again, so its tests are declared again in the describe block open now; in order in the
 * lane's worker whatever mode the suite asks (the exploration's parts are parallel: spread over the other workers,
 * they ran on while the run's end judged the deliveries so far, and Playwright takes no second mode for a block).
 */
function declareAgain(file: string): void {
  delete require.cache[file];
  const configure = test.describe.configure;
  test.describe.configure = (options) =>
    configure(options?.mode === 'parallel' ? { ...options, mode: 'default' } : options);
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a suite loaded per fault for its test() calls
    require(file);
  } finally {
    test.describe.configure = configure;
  }
}

export function declareFaults(names: readonly string[]): void {
  const batch = readBatch();
  for (const name of names) {
    const fault = batch.faults.find((f) => f.name === name);
    if (!fault) throw new Error(`the lane names ${name}, which the batch (${batch.dir}) does not have`);
    test.describe(faultTitle(name), () => {
      test.use({ run: name });
      // A run whose target could not start has no settings: its tests are skipped, not failed one by one.
      test.beforeAll(() => {
        const refused = couldNotRun()[name];
        test.skip(refused !== undefined, `could not run: ${refused}`);
        // What the worker learnt of the previous fault's reference is not this one's.
        forgetLists();
        forgetProviders();
      });
      for (const file of fault.files) test.describe(basename(file), () => declareAgain(file));
    });
  }
}
