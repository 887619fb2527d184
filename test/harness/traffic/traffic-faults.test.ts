// The proof of `judge`: the HAR a run against a fault writes, judged with no request sent, fails the
// rule the fault breaks, as the active run did. The self-test's passive pass proves it for the whole
// table (test/self-test/traffic-pass.ts: npm test fails when one is missed); here, that the table
// names faults of the reference with the rules they break.
import { expect, test } from '@playwright/test';
import { FAULTS } from '../../../reference/faults';
import { TRAFFIC_SHOWN_FAULTS } from '../../support/traffic-faults';

test('the table names faults of the reference, each with the rule it breaks', () => {
  for (const [fault, rule] of Object.entries(TRAFFIC_SHOWN_FAULTS))
    expect(FAULTS.find((f) => f.name === fault)?.rule, fault).toBe(rule);
});
