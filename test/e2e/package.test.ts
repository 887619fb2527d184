// The installed command: `npm pack`'s tarball installed into an empty directory (installed-package.ts)
// runs with no source tree and no TypeScript compiler: --version, the embedded run, a run against a
// target, judge and compare. The full embedded run is run.test.ts's (FULL_RUN), made from this install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { startReference } from '../../reference/server';
import { FULL_RUN } from '../support/common-runs';
import { installedCommand, installedPackage } from '../support/installed-package';
import { ROOT } from '../support/run-harness';
import { sharedRun } from '../support/shared-runs';

test.describe.configure({ mode: 'parallel' });

const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

test('the tarball installs into an empty directory with production dependencies only, no sources', async () => {
  test.setTimeout(120_000);
  const { dir, packSeconds, installSeconds } = await installedPackage();
  test.info().annotations.push({ type: 'seconds', description: `pack ${packSeconds}, install ${installSeconds}` });
  const installed = join(dir, 'node_modules', 'carrier-conformance');
  expect(existsSync(join(installed, 'dist', 'carrier-conformance.js'))).toBe(true);
  for (const absent of ['harness', 'suites', 'test', 'playwright.config.ts']) {
    expect(existsSync(join(installed, absent)), absent).toBe(false);
  }
  for (const compiler of ['tsx', 'typescript', 'typescript5', 'esbuild']) {
    expect(existsSync(join(dir, 'node_modules', compiler)), compiler).toBe(false);
  }
  const tarball = join(dir, `carrier-conformance-${version}.tgz`);
  const tarballFiles = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' });
  expect(tarballFiles).not.toMatch(/\.ts\n/);
});

test('npx carrier-conformance --version answers, and the command starts in well under a second', async () => {
  test.setTimeout(120_000);
  const run = await installedCommand(['--version']);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toBe(`carrier-conformance ${version}\n`);
  // The command's own start, without npx's: node, the bin and the bundle up to the answer. The fastest of five: the
  // start's own cost, not what the other tests beside it (npm test runs the self-test at once) take of the cores.
  const bin = join(run.dir, 'node_modules', '.bin', 'carrier-conformance');
  let ms = Infinity;
  for (let i = 0; i < 5; i++) {
    const started = Date.now();
    const direct = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' });
    ms = Math.min(ms, Date.now() - started);
    expect(direct.stdout).toBe(run.stdout);
  }
  test.info().annotations.push({ type: 'ms', description: `--version ${ms}` });
  expect(ms).toBeLessThan(1000);
});

test("the installed command's embedded run is CONFORMANT — full scope", async () => {
  test.setTimeout(240_000);
  // The full run itself, and everything it writes, is run.test.ts's.
  const run = await sharedRun(FULL_RUN);
  expect(run.code, `${run.stdout.slice(-2000)}\n${run.stderr}`).toBe(0);
  expect(run.stdout).toMatch(/\nCONFORMANT — full scope: (\d+) of \1 must rules passed/);
});

test('the installed command judges a recording, runs against a target and compares the two', async () => {
  test.setTimeout(120_000);
  const { dir } = await installedPackage();
  const har = join(dir, 'chromium-default.har');
  writeFileSync(har, gunzipSync(readFileSync(join(ROOT, 'test', 'fixtures', 'recordings', 'chromium-default.har.gz'))));
  const judged = await installedCommand(['judge', har, '--report-dir', join(dir, 'judged')]);
  expect(judged.code, judged.stderr).toBe(0);
  expect(judged.stdout).toMatch(/^CONFORMANT within scope: \d+ of \d+ must rules/);
  const reference = await startReference();
  try {
    const target = ['--base-url', reference.baseUrl, '--api-key', 'reference-key-carrier-1'];
    const selection = ['--only', 'providers', '--rules', 'PRV-*', '--report-dir', join(dir, 'target')];
    const run = await installedCommand([...target, ...selection]);
    expect(run.code, `${run.stdout.slice(-2000)}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/\nCONFORMANT within scope: /);
  } finally {
    await reference.close();
  }
  const compared = await installedCommand(['compare', join(dir, 'target'), join(dir, 'judged')]);
  expect(compared.stderr).toBe('');
  expect(compared.stdout).toContain('# carrier-conformance: what changed');
});
