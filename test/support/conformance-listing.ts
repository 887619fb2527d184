// The conformance tests as Playwright lists them (`playwright test --list --reporter=json` over
// playwright.config.ts, with no CIS_* setting): coverage.test.ts holds every rule to a test from it, and the
// self-test finds the suites of a fault's rule in it. A listing is a Playwright run of its own (its runner
// loads every suite); where `npm test` shares its runs (shared-runs.ts) it is made once for both.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './run-harness';
import { sharedRun, type SharedRun } from './shared-runs';

/** A suite of Playwright's JSON listing: its specs (each test per project) and the suites inside it. */
export interface ListedSuite {
  file: string;
  specs?: {
    title: string;
    tags: string[];
    tests: { projectName: string; annotations: { type: string; description?: string }[] }[];
  }[];
  suites?: ListedSuite[];
}

const LISTING_FILE = 'listing.json';

/** The listing, written to the run's directory: the run's output holds only what Playwright said on stderr. */
export const CONFORMANCE_LISTING: SharedRun = {
  name: 'conformance-listing',
  make: (reportDir) => {
    const started = Date.now();
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(CIS_|TEST_|PW_)/.test(k)));
    return new Promise((resolve, reject) => {
      const child = spawn(
        join(ROOT, 'node_modules', '.bin', 'playwright'),
        ['test', '--list', '--reporter=json', '--config', join(ROOT, 'playwright.config.ts')],
        { cwd: ROOT, env },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => {
        if (code !== 0) return reject(new Error(`playwright test --list exited ${code}:\n${stderr}`));
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(join(reportDir, LISTING_FILE), stdout);
        resolve({ code, stdout: '', stderr, seconds: (Date.now() - started) / 1000, reportDir });
      });
    });
  },
};

/** The conformance tests' suites, listed by whichever asked first. */
export async function conformanceListing(): Promise<ListedSuite[]> {
  const run = await sharedRun(CONFORMANCE_LISTING);
  return (JSON.parse(readFileSync(join(run.reportDir, LISTING_FILE), 'utf8')) as { suites: ListedSuite[] }).suites;
}
