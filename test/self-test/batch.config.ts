// The Playwright configuration of a self-test batch (batch.ts): the lanes run.ts wrote, each a test
// file holding its share of the batch's faults; a worker per lane at a time, kept from fault to fault.
import { defineConfig } from '@playwright/test';
import { batchGrep, readBatch } from './batch';

const batch = readBatch();

export default defineConfig({
  testDir: `${batch.dir}/lanes`,
  testMatch: '*.lane.js',
  globalSetup: './batch-setup.ts',
  fullyParallel: false,
  retries: 0,
  workers: batch.workers,
  timeout: 60_000,
  grep: batchGrep(batch.faults),
  outputDir: `${batch.dir}/test-results`,
  reporter: [['dot'], ['./batch-reporter.ts']],
  use: { trace: 'off', screenshot: 'off', video: 'off' },
});
