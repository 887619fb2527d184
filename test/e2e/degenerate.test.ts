// A certificate must not list a rule as passed for a service that never did what the rule says. Against
// targets that answer every request the same way, only what that answer truly satisfies may pass.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CANNED, startDegenerateTarget } from '../support/degenerate-target';
import { ROOT } from '../support/run-harness';
import { runBatch, type FaultRun } from '../self-test/batches';
import { EVERY_SUITE } from '../self-test/conformant-batch';

/** The must rules each answer truly satisfies, and why. */
const TRULY_SATISFIED: Record<keyof typeof CANNED, string[]> = {
  // No 5xx was ever answered.
  'html page': ['GEN-NO-5XX'],
  'json header, body not JSON': ['GEN-NO-5XX'],
  'empty object': ['GEN-NO-5XX', 'GEN-JSON'],
  // Every answer is JSON, an error body of errorCode and message, without the older `error`.
  'JSON 500': ['GEN-JSON', 'ERR-BODY', 'ERR-NO-LEGACY-ERROR'],
  // ... and a 404 with a JSON body is what an unknown locker or parcel should get.
  'JSON 404': [
    'GEN-NO-5XX',
    'GEN-JSON',
    'ERR-BODY',
    'ERR-NO-LEGACY-ERROR',
    'ERR-404-JSON',
    'LCK-UPDATE-404',
    'CAN-UNKNOWN-404',
  ],
};
/**
 * A valid providers answer in front may add the provider rules and what that one answer shows: JSON,
 * and the API answering at a base with v1 in it.
 */
const PROVIDER_RULES = ['PRV-LIST', 'PRV-ENTRY-SHAPE', 'GEN-JSON', 'VER-BASE-PATH'];

interface Report {
  summary: { verdict: string };
  rules: { id: string; level: string; verdict: string }[];
}

const CASES = (Object.entries(CANNED) as [keyof typeof CANNED, (typeof CANNED)[keyof typeof CANNED]][]).flatMap(
  ([name, answer], i) =>
    [false, true].map((providersInFront) => ({
      run: `degenerate-${i}${providersInFront ? '-providers' : ''}`,
      name,
      answer,
      providersInFront,
    })),
);

/**
 * The ten runs are judged by one Playwright run, as the self-test judges its faults (batches.ts): each
 * against its own target, with its own settings and verdict. A broken build fails many tests, and ten
 * runs of their own started a new worker after each; a batch keeps its workers.
 */
let reportsDir: string | undefined;
const judged = (() => {
  let batch: Promise<{ dir: string; runs: Map<string, FaultRun> }> | undefined;
  return () =>
    (batch ??= (async () => {
      const targets = await Promise.all(CASES.map((c) => startDegenerateTarget(c.answer, c.providersInFront)));
      const dir = (reportsDir = mkdtempSync(join(tmpdir(), 'cc-degenerate-')));
      try {
        const runs = CASES.map((c, i) => ({
          name: c.run,
          env: {
            CIS_BASE_URL: targets[i]!.baseUrl,
            CIS_MOCK_BASE_URL: targets[i]!.mockBaseUrl,
            CIS_API_KEY: 'degenerate-key-1',
            CIS_API_KEY_2: 'degenerate-key-2',
            CIS_NETWORK_UID: '1001',
            CIS_PROPERTY_RUNS: '2',
            CIS_TIMEOUT_MS: '1500',
          },
          files: EVERY_SUITE,
          runEnd: true,
        }));
        const done = await runBatch(ROOT, runs, { workers: 2, lanes: runs.length, keep: dir });
        return { dir, runs: new Map(done.faults.map((r) => [r.name, r])) };
      } finally {
        await Promise.all(targets.map((t) => t.close()));
      }
    })());
})();

// One worker holds the batch for every case: the cases run in order, in the worker that made it.
test.describe.configure({ mode: 'default', timeout: 300_000 });
test.afterAll(() => {
  if (reportsDir) rmSync(reportsDir, { recursive: true, force: true });
});

for (const { run: runName, name, providersInFront } of CASES) {
  test(
    `${name}${providersInFront ? ', behind a valid providers answer' : ''}: NOT CONFORMANT and no must rule ` +
      `passed that the answer does not satisfy`,
    async () => {
      const { dir, runs } = await judged();
      const run = runs.get(runName)!;
      if (run.exitCode === 2) {
        // A preflight that reads the answer may refuse the target outright: no certificate at all.
        expect(providersInFront, `only a target without a valid providers answer may be refused\n${run.output}`).toBe(
          false,
        );
        expect(run.output).toContain('could not run');
        return;
      }
      const report = JSON.parse(readFileSync(join(dir, runName, 'conformance.json'), 'utf8')) as Report;
      expect(report.summary.verdict).toBe('NOT CONFORMANT');
      const allowed = new Set([...(TRULY_SATISFIED[name] ?? []), ...(providersInFront ? PROVIDER_RULES : [])]);
      const passed = report.rules.filter((r) => r.level === 'must' && r.verdict === 'passed').map((r) => r.id);
      expect(
        passed.filter((id) => !allowed.has(id)),
        `must rules passed against "${name}"`,
      ).toEqual([]);
    },
  );
}
