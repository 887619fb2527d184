// The conformance run: every suite against the target (the embedded reference when CIS_BASE_URL is
// unset). Plain `npx playwright test` runs it too, without the memory flags `npm run conformance` starts
// it with (harness/cli/node-flags.ts).
import { defineConfig } from '@playwright/test';

const CI = !!process.env['CI'];
const REPORTS = process.env['CIS_REPORT_DIR'] || 'reports';
// .ts in a clone; .js where the installed package runs its build of this file (dist/run/, harness/cli/build.ts).
const EXT = __filename.slice(__filename.lastIndexOf('.'));

export default defineConfig({
  testDir: './suites',
  // run.teardown closes the run after every suite, whatever their outcome, and judges the whole run's
  // webhook deliveries.
  projects: [
    { name: 'conformance', testMatch: `**/*.spec${EXT}`, teardown: 'run-end' },
    { name: 'run-end', testMatch: `run.teardown${EXT}` },
  ],
  globalSetup: `./run/global-setup${EXT}`,
  // The tests of a file run in order in one worker: dispatching each test on its own cost a round trip
  // to the runner per test (npm run bench); files still spread over the workers and shards.
  fullyParallel: false,
  forbidOnly: CI,
  retries: 0,
  // Two workers, for the embedded reference as for a remote target: a test spends much of its time
  // waiting on an answer or a delivery, and the other worker's tests fill those waits (npm run bench:
  // the full run 16.4 s with one worker, 14.6 s with two, on two cores). --workers / CIS_WORKERS
  // overrides it.
  workers: process.env['CIS_WORKERS'] ? Number(process.env['CIS_WORKERS']) : 2,
  timeout: 60_000,
  outputDir: `${REPORTS}/test-results`,
  // CIS_REPORTERS=minimal (the self-test's many runs) writes the conformance report only.
  reporter:
    process.env['CIS_REPORTERS'] === 'minimal'
      ? [['dot'], [`./harness/reporters/conformance${EXT}`, { outputDir: REPORTS }]]
      : [
          [CI ? 'dot' : 'list'],
          ...(CI ? ([['github']] as const) : []),
          ['junit', { outputFile: `${REPORTS}/junit.xml` }],
          ['html', { outputFolder: `${REPORTS}/html`, open: 'never' }],
          [
            `./harness/reporters/allure${EXT}`,
            { resultsDir: `${REPORTS}/allure-results`, detail: false, suiteTitle: false },
          ],
          [`./harness/reporters/conformance${EXT}`, { outputDir: REPORTS }],
          // Sharded runs (--shard) also write a blob, merged by `npm run report:merge`.
          ...(process.env['CIS_BLOB']
            ? ([
                [
                  'blob',
                  {
                    outputDir: `${REPORTS}/blob`,
                    fileName: `report-${process.env['CIS_BLOB_NAME'] ?? Date.now()}.zip`,
                  },
                ],
              ] as const)
            : []),
        ],
  use: {
    // No traces or screenshots: requests carry API keys, and nothing here has a page.
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
});
