// The package as a user gets it: `npm pack`'s tarball (its prepare builds dist/), installed with
// production dependencies only into an empty directory, and `npx carrier-conformance` run there, with
// no source tree, tsx or TypeScript in reach. Made once per run of the own tests (shared-runs.ts);
// run.test.ts's full run and package.test.ts use it.
// The install is offline, from npm's cache, which `npm ci` filled with the tarballs package-lock.json
// pins but not with the registry's version lists an unpinned install resolves against: so the
// directory gets a lock of its own, the package's production entries of package-lock.json (what a
// user's `npm install` would resolve today, frozen).
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './run-harness';
import { sharedRun, type SharedRun } from './shared-runs';

interface Step {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

/** A command to its end, with npm's variables of the calling `npm test` left out. */
export function step(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Step> {
  const started = Date.now();
  const own = /^(npm_|TEST_|PW_|PLAYWRIGHT_|CIS_|FORCE_COLOR)/i;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !own.test(k)));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...clean, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, seconds: (Date.now() - started) / 1000 }));
  });
}

/** The consumer's package.json and lock: the tarball, and the production packages package-lock.json pins. */
function consumerManifests(dir: string, tarball: string): void {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  type Lock = { packages: Record<string, { dev?: boolean; link?: boolean }> };
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
  const dependency = { 'carrier-conformance': `file:${tarball}` };
  const { version, dependencies, bin, engines } = manifest;
  const installed = { version, resolved: `file:${tarball}`, dependencies, bin, engines };
  const production = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && !entry.dev && !entry.link);
  const packages = {
    '': { dependencies: dependency },
    'node_modules/carrier-conformance': installed,
    ...Object.fromEntries(production),
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, dependencies: dependency }, null, 2));
  const consumerLock = { lockfileVersion: 3, requires: true, packages };
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(consumerLock, null, 2));
}

/** `npm pack` and the install; the run's stdout holds each step's seconds, its reportDir the directory. */
export const INSTALLED_PACKAGE: SharedRun = {
  name: 'installed-package',
  make: async (dir) => {
    mkdirSync(dir, { recursive: true });
    const pack = await step('npm', ['pack', '--pack-destination', dir], ROOT);
    if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
    consumerManifests(dir, tarball);
    const install = await step('npm', ['ci', '--offline', '--omit=dev', '--no-audit', '--no-fund'], dir);
    if (install.code !== 0) throw new Error(`npm ci of the tarball failed:\n${install.stderr}`);
    const timings = { packSeconds: pack.seconds, installSeconds: install.seconds, tarball };
    const seconds = pack.seconds + install.seconds;
    return { code: 0, stdout: JSON.stringify(timings), stderr: '', seconds, reportDir: dir };
  },
};

/** The installed package's directory, installed by whichever test asked first. */
interface Installed {
  dir: string;
  packSeconds: number;
  installSeconds: number;
  tarball: string;
}

export async function installedPackage(): Promise<Installed> {
  const made = await sharedRun(INSTALLED_PACKAGE);
  return { dir: made.reportDir, ...(JSON.parse(made.stdout) as Omit<Installed, 'dir'>) };
}

/** `npx carrier-conformance ARGS` in the installed package's directory, as a user runs it. */
export async function installedCommand(
  args: string[],
  env: Record<string, string> = {},
): Promise<Step & { dir: string }> {
  const { dir } = await installedPackage();
  return { ...(await step('npx', ['--offline', 'carrier-conformance', ...args], dir, env)), dir };
}
