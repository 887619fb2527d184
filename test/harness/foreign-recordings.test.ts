// Recordings this harness did not write (issue 37): a carrier client written from the spec alone
// (test/support/carrier-client.ts) runs in Debian's Chromium against the embedded reference, and
// Playwright's browser `recordHar` keeps its traffic. `carrier-conformance judge` reads that HAR: no
// false failure on conformant choices, and the faults such a client's traffic shows are caught from it.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { startReference } from '../../reference/server';
import { CHOICE_SETS, type ReferenceChoices } from '../../reference/choices';
import { carrierDay } from '../support/carrier-client';
import { runCli } from '../support/run-harness';

const CHROMIUM = '/usr/bin/chromium';
test.skip(!existsSync(CHROMIUM) && !process.env['CI'], 'Chromium is not installed: apt-get install chromium');
test.describe.configure({ mode: 'parallel' });

let browser: Browser;
test.beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing, and CI must run this test: .ci/run installs it (apt-get install chromium)`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
test.afterAll(async () => browser?.close());

interface Recorded {
  har: string;
  log: string[];
}

/** The client's day against a reference, recorded by the browser. */
async function recordDay(options: { faults?: string[]; choices?: Partial<ReferenceChoices> }): Promise<Recorded> {
  const reference = await startReference({ ...(options.faults ? { faults: options.faults } : {}), ...(options.choices ? { choices: options.choices as ReferenceChoices } : {}) });
  const har = join(mkdtempSync(join(tmpdir(), 'cc-browser-')), 'browser.har');
  try {
    const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } });
    const page = await context.newPage();
    // The page's origin is the service's (a front end served beside its API): its fetches are same-origin.
    await page.goto(new URL('/', reference.baseUrl).href).catch(() => undefined);
    const [a, b] = reference.app.options.carriers;
    const log = await page.evaluate(carrierDay, {
      base: reference.baseUrl,
      mockBase: reference.mockBaseUrl,
      keys: [a!.apiKey, b!.apiKey] as [string, string],
      carriers: [a!.name, b!.name] as [string, string],
      networkUid: a!.networkUid,
      run: Math.random().toString(36).slice(2, 8),
    });
    await context.close();
    return { har, log };
  } finally {
    await reference.close();
  }
}

interface Certificate {
  summary: { verdict: string; line: string; failedMust: string[] };
  rules: { id: string; verdict: string; failure?: string }[];
}

async function judged(recorded: Recorded): Promise<{ code: number | null; report: Certificate; said: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'cc-judge-'));
  const run = await runCli(['judge', recorded.har], dir);
  const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as Certificate;
  return { code: run.code, report, said: run.stdout + run.stderr };
}

for (const [name, choices] of [
  ['the default choices', undefined],
  ['the staging-like choices (paged lists, 422, cancel by carrierParcelId only, lists lagging)', CHOICE_SETS['staging-like']],
  ['the alternative choices (enveloped lists, 202, uids beyond 2^53)', CHOICE_SETS.alternative],
] as const) {
  test(`a browser's recording of a carrier client on ${name}: no false failure, and the rules its traffic shows are judged`, async () => {
    test.setTimeout(90_000);
    const recorded = await recordDay(choices ? { choices } : {});
    const { code, report, said } = await judged(recorded);
    const failed = report.rules.filter((r) => r.verdict === 'failed').map((r) => `${r.id}: ${r.failure}`);
    expect(failed, `${said}\n${recorded.log.join('\n')}`).toEqual([]);
    expect(code).toBe(0);
    const judgedMust = report.rules.filter((r) => r.verdict === 'passed').length;
    expect(judgedMust, report.summary.line).toBeGreaterThanOrEqual(25);
  });
}

// Faults a carrier client's day shows in its own traffic, each caught from the browser's recording.
for (const [fault, rule] of [
  ['create-answers-200', 'LCK-CREATE-201'],
  ['create-echo-lockername', 'LCK-CREATE-ECHO'],
  ['carrier-legacy-name', 'LCK-CARRIER-LOCKERNAME'],
  ['error-legacy-field', 'ERR-NO-LEGACY-ERROR'],
  ['cancel-not-applied', 'CAN-NOT-DELIVERED'],
] as const) {
  test(`${fault}: the browser's recording of the client fails ${rule}`, async () => {
    test.setTimeout(90_000);
    const { code, report, said } = await judged(await recordDay({ faults: [fault] }));
    expect(report.rules.find((r) => r.id === rule)?.verdict, said).toBe('failed');
    expect(code).toBe(1);
  });
}
