// The proof of `judge`: the HAR a run against a fault writes, judged with no request sent, fails the
// rule the fault breaks, as the active run did. A few representative faults run here (a record, a
// request refused, a sequence of requests, a delivery); the whole table (test/support/traffic-faults.ts)
// is for the self-test to go through with failedRulesOfHar.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FAULTS } from '../../reference/faults';
import { failedRulesOfHar } from '../../harness/traffic/certificate-files';
import { runHarness } from '../support/run-harness';
import { TRAFFIC_SHOWN_FAULTS } from '../support/traffic-faults';

test.describe.configure({ mode: 'parallel' });

/** One of each kind of judgement the traffic makes. */
const REPRESENTATIVE = ['locker-lat-as-string', 'create-optional-country-code', 'cancel-not-applied', 'webhook-malformed-json'];

test('the table names faults of the reference, each with the rule it breaks', () => {
  for (const [fault, rule] of Object.entries(TRAFFIC_SHOWN_FAULTS)) expect(FAULTS.find((f) => f.name === fault)?.rule, fault).toBe(rule);
});

for (const fault of REPRESENTATIVE) {
  const rule = TRAFFIC_SHOWN_FAULTS[fault]!;
  test(`${fault}: the run's HAR, judged passively, fails ${rule}`, async () => {
    test.setTimeout(180_000);
    const run = await runHarness(['--grep', `@${rule}(?![A-Z0-9-])`], { CIS_REFERENCE_FAULTS: fault, CIS_RUN_RULES: rule, CIS_PROPERTY_RUNS: '10', CIS_REPORTERS: 'minimal', CIS_WEBHOOK_WAIT_MS: '3000' });
    expect(run.code, run.stdout.slice(-800)).toBe(1);
    const har = join(run.reportDir, 'exchanges.har');
    expect(await failedRulesOfHar(har)).toContain(rule);
  });
}
