// The own tests' global setup: the directory the shared harness runs (shared-runs.ts) are kept in for
// this run of the own tests. The workers inherit the variable; the teardown removes the directory and
// the runs' reports with it. Where `npm test` (test/proof.ts) gave the directory, the self-test shares it
// and the proof removes it once both are over.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_RUNS_VARIABLE } from './shared-runs';

export default function sharedRunsSetup(): (() => void) | undefined {
  if (process.env[SHARED_RUNS_VARIABLE]) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'cc-shared-runs-'));
  process.env[SHARED_RUNS_VARIABLE] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
