// A certificate must not list a rule as passed for a service that never did what the rule says. Against
// targets that answer every request the same way, only what that answer truly satisfies may pass.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { CANNED, startDegenerateTarget } from '../support/degenerate-target';
import { runHarness } from '../support/run-harness';

/** The must rules each answer truly satisfies, and why. */
const TRULY_SATISFIED: Record<keyof typeof CANNED, string[]> = {
  // No 5xx was ever answered.
  'html page': ['GEN-NO-5XX'],
  'json header, body not JSON': ['GEN-NO-5XX'],
  'empty object': ['GEN-NO-5XX', 'GEN-JSON'],
  // Every answer is JSON, an error body of errorCode and message, without the older `error`.
  'JSON 500': ['GEN-JSON', 'ERR-BODY', 'ERR-NO-LEGACY-ERROR'],
  // ... and a 404 with a JSON body is what an unknown locker or parcel should get.
  'JSON 404': ['GEN-NO-5XX', 'GEN-JSON', 'ERR-BODY', 'ERR-NO-LEGACY-ERROR', 'ERR-404-JSON', 'LCK-UPDATE-404', 'CAN-UNKNOWN-404'],
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

// A broken build is judged about as fast as a good one (what already failed cuts the rest short).
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

for (const [name, answer] of Object.entries(CANNED) as [keyof typeof CANNED, (typeof CANNED)[keyof typeof CANNED]][]) {
  for (const providersInFront of [false, true]) {
    test(`${name}${providersInFront ? ', behind a valid providers answer' : ''}: NOT CONFORMANT and no must rule passed that the answer does not satisfy`, async () => {
      const target = await startDegenerateTarget(answer, providersInFront);
      try {
        const run = await runHarness([], {
          CIS_BASE_URL: target.baseUrl,
          CIS_MOCK_BASE_URL: target.mockBaseUrl,
          CIS_API_KEY: 'degenerate-key-1',
          CIS_API_KEY_2: 'degenerate-key-2',
          CIS_NETWORK_UID: '1001',
          CIS_PROPERTY_RUNS: '2',
          CIS_TIMEOUT_MS: '1500',
          CIS_REPORTERS: 'minimal',
          CIS_WORKERS: '1',
        });
        if (run.code === 2) {
          // A preflight that reads the answer may refuse the target outright: no certificate at all.
          expect(providersInFront, `only a target without a valid providers answer may be refused\n${run.stderr}`).toBe(false);
          expect(run.stderr + run.stdout).toContain('could not run');
          return;
        }
        const report = JSON.parse(readFileSync(join(run.reportDir, 'conformance.json'), 'utf8')) as Report;
        expect(report.summary.verdict).toBe('NOT CONFORMANT');
        const allowed = new Set([...(TRULY_SATISFIED[name] ?? []), ...(providersInFront ? PROVIDER_RULES : [])]);
        const passed = report.rules.filter((r) => r.level === 'must' && r.verdict === 'passed').map((r) => r.id);
        expect(passed.filter((id) => !allowed.has(id)), `must rules passed against "${name}"`).toEqual([]);
      } finally {
        await target.close();
      }
    });
  }
}
