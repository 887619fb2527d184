// `npm run report:merge`: the blobs of a sharded run merged into the same reports an unsharded run
// writes, the conformance report among them.
import { defineConfig } from '@playwright/test';

const REPORTS = process.env['CIS_REPORT_DIR'] || 'reports';

export default defineConfig({
  testDir: './suites',
  reporter: [
    ['list'],
    ['junit', { outputFile: `${REPORTS}/junit.xml` }],
    ['html', { outputFolder: `${REPORTS}/html`, open: 'never' }],
    ['./harness/reporters/conformance.ts', { outputDir: REPORTS }],
  ],
});
