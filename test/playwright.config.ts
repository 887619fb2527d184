// The harness's own tests (npm test): contract document, reference service, checks and generators, in
// three tiers. `unit`: no subprocess, the inner loop (npm run test:unit, under a minute); `e2e`: tests
// that spawn the harness or the reference (test/e2e/, and tests tagged @e2e beside their unit tests);
// `slow`: live recorders and sharded runs (test/slow/, and tests tagged @slow). npm test runs all three.
import { defineConfig } from '@playwright/test';

/** A test's title path starts with its file, relative to test/: the folder names its tier. */
const IN_E2E = [/(^|\s)e2e\//, /@e2e/];
const IN_SLOW = [/(^|\s)slow\//, /@slow/];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  workers: 2,
  // Where the harness runs several tests share are kept for this run (support/shared-runs.ts).
  globalSetup: './support/shared-runs-setup.ts',
  timeout: 60_000,
  reporter: process.env['CI'] ? [['list'], ['junit', { outputFile: '../reports/self/junit.xml' }]] : [['list']],
  outputDir: '../reports/self/test-results',
  // The longest tests first: workers take tests in the order of the projects, and the unit tier's many short
  // tests fill in at the end, where the long ones left a worker idle while another finished (npm test's tail).
  projects: [
    { name: 'slow', grep: IN_SLOW },
    { name: 'e2e', grep: IN_E2E, grepInvert: IN_SLOW },
    { name: 'unit', grepInvert: [...IN_E2E, ...IN_SLOW] },
  ],
});
