// Conformant choices of services the harness has not met, and one that breaks a must rule in a way
// that looked like no API at all: each is judged as the spec states, not as the reference answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startReference } from '../../reference/server';
import { runHarness } from '../support/run-harness';

test.describe.configure({ mode: 'parallel' });

interface Report {
  summary: { verdict: string; line: string; failedMust: string[] };
  rules: { id: string; verdict: string; reasons: string[] }[];
}

// The suites of the paged run below: lockers' and parcels' (each in files by what they hold) and cancellation.
const PAGED_SUITES = [
  'lockers',
  'locker-groups',
  'locker-update',
  'parcels',
  'parcel-bookings',
  'publish-generated',
  'cancellation',
];
const reportOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as Report;

test(
  'JSON answered under Content-Type text/plain is NOT CONFORMANT naming GEN-JSON (exit 1), not a target that ' +
    'could not be run (exit 2)',
  async () => {
    test.setTimeout(120_000);
    const reference = await startReference({ faults: ['providers-text-content-type'] });
    try {
      const run = await runHarness(['suites/responses.spec.ts'], {
        CIS_BASE_URL: reference.baseUrl,
        CIS_API_KEY: reference.app.options.carriers[0]!.apiKey,
        CIS_RUN_ONLY: 'responses',
      });
      expect(run.stderr).not.toContain('could not run');
      expect(run.code, run.stdout.slice(-2000) + run.stderr.slice(-1000)).toBe(1);
      const report = reportOf(run.reportDir);
      expect(report.summary.verdict).toBe('NOT CONFORMANT');
      expect(report.summary.failedMust).toContain('GEN-JSON');
    } finally {
      await reference.close();
    }
  },
);

test(
  'Spring Data pages capped at 5 ({content, page: {size, number, totalElements, totalPages}} from page 0): ' +
    'lists are read through, no rule fails',
  async () => {
    test.setTimeout(180_000);
    const run = await runHarness([...PAGED_SUITES.map((s) => `suites/${s}.spec.ts`), 'suites/run.teardown.ts'], {
      CIS_REFERENCE_LIST_ENVELOPE: 'spring',
      CIS_REFERENCE_PAGE_SIZE: '5',
      CIS_RUN_ONLY: PAGED_SUITES.join(','),
    });
    const report = reportOf(run.reportDir);
    expect(
      report.rules.filter((r) => r.verdict === 'failed').map((r) => r.id),
      run.stdout.slice(-2000),
    ).toEqual([]);
    expect(report.summary.verdict, report.summary.line).toBe('CONFORMANT');
    // The lists were paged: the records the run made are found across pages, not on the first one only.
    for (const rule of ['LCK-OWNED-BY', 'PCL-BOOKING-CREATES', 'CAN-NOT-DELIVERED'])
      expect(report.rules.find((r) => r.id === rule)?.verdict, rule).toBe('passed');
  },
);
