// The certificate page as a user gets it: the conformance.html of a real failing run (the embedded
// reference answering creates with 200), opened in Chromium at 1280×800. Debian's chromium is used, not a
// downloaded browser; without it the test skips on a workstation, but never in CI (.ci/run installs it).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { ROOT } from '../support/run-harness';
import { CREATE_ANSWERS_200_RUN } from '../support/common-runs';
import { sharedRun } from '../support/shared-runs';

const CHROMIUM = '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 800 };

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.skip(!existsSync(CHROMIUM) && !process.env['CI'], 'Chromium is not installed: apt-get install chromium');

let browser: Browser;
let page: Page;
let reportUrl: string;

test.beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `${CHROMIUM} is missing, and CI must run this test: .ci/run installs it (apt-get install chromium)`,
    );
  // One locker rule fails (must), GEN-STATUS-DOCUMENTED warns (should), a few rules pass, the rest
  // are not selected: every verdict the filter has to tell apart, in about fifteen seconds (the run
  // har.test.ts and replay.test.ts read too, made once for the three).
  const run = await sharedRun(CREATE_ANSWERS_200_RUN);
  expect(
    run.code,
    `the faulty run is NOT CONFORMANT (exit 1)\n${run.stdout.slice(-2000)}${run.stderr.slice(-2000)}`,
  ).toBe(1);
  reportUrl = `file://${join(run.reportDir, 'conformance.html')}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage({ viewport: VIEWPORT });
});

test.afterAll(async () => {
  await browser?.close();
});

test.beforeEach(async () => {
  await page.emulateMedia({ media: 'screen' });
  await page.goto(reportUrl);
});

/** The element lies wholly inside the first screen: seen without scrolling. */
async function expectAboveTheFold(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${selector} is laid out`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${selector} ends within the window's width`).toBeLessThanOrEqual(VIEWPORT.width);
  expect(box!.y + box!.height, `${selector} ends above the fold`).toBeLessThanOrEqual(VIEWPORT.height);
}

test('the verdict and what was certified are seen without scrolling', async () => {
  await expect(page.locator('h1#verdict')).toHaveText('NOT CONFORMANT');
  await expectAboveTheFold(page, 'h1#verdict');
  await expectAboveTheFold(page, '#verdict-line');
  await expectAboveTheFold(page, 'dl.facts');
  // The scope at a glance: a bar per spec section, and whether the run asked for the full scope.
  await expectAboveTheFold(page, 'section.scope');
  await expect(page.locator('#verdict-line')).toContainText(
    new RegExp(
      /^NOT CONFORMANT: 1 must rule failed \(LCK-CREATE-201\); /.source +
        /\d+ of \d+ must rules judged, \d+ out of scope: not selected/.source,
    ),
  );
  expect(await page.locator('section.scope .srow').count(), 'one bar per top-level section').toBeGreaterThanOrEqual(6);
  await expect(page.locator('section.scope')).toContainText('--full-scope not set');
  const digest = (file: string) =>
    createHash('sha256')
      .update(readFileSync(join(ROOT, 'spec', file)))
      .digest('hex')
      .slice(0, 12);
  const facts = await page.locator('dl.facts').innerText();
  for (const wanted of [
    `sha256 ${digest('carrier-integration.openapi.yaml')}`,
    `sha256 ${digest('rules.yaml')}`,
    'carrier-conformance',
    'staging',
    'property runs',
    'no: should rules are warnings',
  ]) {
    expect(facts, 'the header names what was certified').toContain(wanted);
  }
});

test('the filter hides the rules whose verdict or level is unchecked', async () => {
  const visible = (filter = '') => page.locator(`.rule${filter}:visible`).count();
  const before = await visible();
  const passed = await visible('[data-verdict="passed"]');
  expect(passed, 'the run has passed rules to hide').toBeGreaterThan(0);
  await page.locator('.filter input[value="v:passed"]').uncheck();
  expect(await visible()).toBe(before - passed);
  expect(await visible('[data-verdict="passed"]')).toBe(0);
  await expect(page.locator('#shown')).toHaveText(`${before - passed} of ${before} rules shown`);
  await page.locator('.filter input[value="l:should"]').uncheck();
  expect(await visible('[data-level="should"]')).toBe(0);
  expect(await visible('[data-verdict="failed"][data-level="must"]'), 'the failed must rule stays').toBe(1);
});

test("a failing rule's details open on its first failure, curl line and replay command", async () => {
  const rule = page.locator('.rule[data-verdict="failed"][data-level="must"]');
  await expect(rule.locator('.curl')).toBeHidden();
  await rule.locator('summary').click();
  const text = await rule.innerText();
  expect(text).toContain('curl -i');
  // The answer's status, in whichever words the first failure put it (a matcher's or a boundary check's).
  expect(text).toMatch(/Received: 200|got 200/);
  expect(text).toContain('POST http');
  expect(text).toContain('npx carrier-conformance replay LCK-CREATE-201');
});

/**
 * Runs in the page, so it is a string: the project's types have no DOM. Every element whose content or
 * box reaches past the window's width, described.
 */
const WIDER_THAN_THE_WINDOW = `(() => {
  document.querySelectorAll('details').forEach((d) => (d.open = true));
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll('body *')]
    .filter((e) => e.scrollWidth > width || e.getBoundingClientRect().right > width + 0.5)
    .map((e) => e.tagName.toLowerCase() + '.' + e.className + ' ' + e.scrollWidth + 'px');
})()`;

test('nothing is wider than the window, with every detail open', async () => {
  expect(await page.evaluate<string[]>(WIDER_THAN_THE_WINDOW)).toEqual([]);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(VIEWPORT.width);
});

test('printed, the filter is gone and every failure is spelled out', async () => {
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.filter')).toBeHidden();
  await expect(page.locator('.rule[data-verdict="failed"][data-level="must"] .curl')).toBeVisible();
});
