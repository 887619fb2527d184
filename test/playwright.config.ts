// The harness's own tests (npm test): contract document, reference service, checks and generators.
import { defineConfig } from '@playwright/test';

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
});
