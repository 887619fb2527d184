// The harness runs several own tests assert over (shared-runs.ts makes each once per run of the own
// tests). Each names the tests that read it; a test that needs another target or other settings makes
// its own run.
import { installedCommand } from './installed-package';
import { runCli, runHarness } from './run-harness';
import type { SharedRun } from './shared-runs';

/**
 * The full conformance run against the embedded reference, as a user runs it: `npx carrier-conformance`
 * from the packed and installed package (installed-package.ts), at every default (workers, property
 * runs, the exploration's depth). run.test.ts's every-place assertion, the proof that the installed
 * package runs (package.test.ts), the unsharded run cli.test.ts's shard merge is compared with, and the
 * self-test's clean run (its verdict and its HAR judged passively).
 */
export const FULL_RUN: SharedRun = {
  name: 'full-run',
  make: async (reportDir) => {
    const run = await installedCommand(['--report-dir', reportDir]);
    return { ...run, reportDir };
  },
};

/**
 * A reference that answers creates with 200: LCK-CREATE-201 fails (must), GEN-STATUS-DOCUMENTED warns
 * (should), a few rules pass and the rest are not selected. Its HTML page (report-page.test.ts), its HAR
 * (har.test.ts) and its replay with the recorded seed (replay.test.ts).
 */
export const CREATE_ANSWERS_200_RUN: SharedRun = {
  name: 'create-answers-200',
  make: (reportDir) =>
    runHarness(['--grep', '@LCK-CREATE-201(?![A-Z0-9-])'], {
      CIS_REPORT_DIR: reportDir,
      CIS_REFERENCE_FAULTS: 'create-answers-200',
      CIS_RUN_RULES: 'LCK-*,GEN-*,VER-*',
      CIS_SEED: '4242',
    }),
};

/** The CLI's selection of the baseline tests: two locker rules, each broken by a fault of its own. */
export const BASELINE_RULES = ['--only', 'lockers', '--rules', 'LCK-GROUPS-UNIQUE-KEY,LCK-UPDATE-NO-PROVIDER'];

/**
 * The CLI over the lockers suite against a reference with one must rule broken (groups-duplicate-keys):
 * that rule is the only must that fails (cli.test.ts), and the run is baseline.test.ts's baseline (its
 * later runs select the two rules above; a rule left out there is not selected, not a change). Every test
 * of the suite runs, each property with the self-test's fault runs' 10 runs (harness-runs.ts): the fault
 * breaks its rule on every request that meets it, the 100 of a default run cost some 3 s of CPU more.
 */
export const ONE_RULE_BROKEN_RUN: SharedRun = {
  name: 'one-rule-broken',
  make: (reportDir) =>
    runCli(['--only', 'lockers', '--property-runs', '10'], reportDir, {
      CIS_REFERENCE_FAULTS: 'groups-duplicate-keys',
    }),
};
