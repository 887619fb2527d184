// One live day per recorder (slow tier): the fixtures' recorders as installed today, so a change in a
// recorder's format is seen. What each recorder's days prove, faults included, is judged on the
// fixtures recorded once (test/harness/traffic/recorded-days.test.ts).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Browser } from '@playwright/test';
import { MITMDUMP } from '../support/mitm';
import { browserDay, CHROMIUM, failedOf, judgeDay, mitmDay, passedOf, WEBHOOK_WAIT_MS } from '../support/recorded-days';
import { runCli } from '../support/run-harness';

test.describe.configure({ mode: 'parallel' });

test.describe('Chromium recordHar', () => {
  test.skip(!existsSync(CHROMIUM) && !process.env['CI'], 'Chromium is not installed: apt-get install chromium');
  let browser: Browser;
  test.beforeAll(async () => {
    if (!existsSync(CHROMIUM))
      throw new Error(
        `${CHROMIUM} is missing, and CI must run this test: .ci/run installs it (apt-get install chromium)`,
      );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  test.afterAll(async () => browser?.close());

  test(
    "a browser's live recording of the client's day: no " + 'false failure, the rules its traffic shows judged',
    async () => {
      test.setTimeout(90_000);
      const { report, code, said } = await judgeDay(await browserDay(browser, {}));
      expect(failedOf(report), said).toEqual([]);
      expect(code).toBe(0);
      expect(passedOf(report).length, report.summary.line).toBeGreaterThanOrEqual(25);
    },
  );
});

for (const writer of ['har_dump (8.x)', 'savehar (10+)'] as const) {
  test(`mitmproxy's ${writer} live recording of the client's day and its deliveries: no false failure`, async () => {
    test.skip(!existsSync(MITMDUMP) && !process.env['CI'], 'mitmproxy is not installed: apt-get install mitmproxy');
    test.setTimeout(90_000);
    const day = await mitmDay({ writer });
    const { report, code, said } = await judgeDay(day);
    expect(failedOf(report), said).toEqual([]);
    expect(code).toBe(0);
    for (const rule of ['WH-OWN-CARRIER', 'WH-LOCKER-ON-STATUS', 'LCK-STATUS-CHANGE', 'WH-PARCEL-ON-STATUS'])
      expect(report.rules.find((r) => r.id === rule)?.verdict, `${rule}\n${said}`).toBe('passed');
    if (writer !== 'har_dump (8.x)') return;
    // The command a user runs on the two files says what it read from each, and exits 0.
    const run = await runCli(
      [
        'judge',
        day.traffic,
        '--webhooks',
        day.deliveries!,
        '--webhook-wait-ms',
        String(WEBHOOK_WAIT_MS),
        '--list-settle-ms',
        String(day.settleMs),
      ],
      mkdtempSync(join(tmpdir(), 'cc-judge-')),
    );
    expect(run.stdout).toMatch(/\d+ entries read from traffic\.har, \d+ entries read from deliveries\.har/);
    expect(run.code).toBe(0);
  });
}
