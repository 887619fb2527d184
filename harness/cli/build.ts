// `npm run build` (run by `npm ci` and `npm pack` too): what the installed command runs, in plain
// JavaScript. dist/carrier-conformance.js is the command, one bundle, so it starts fast. dist/run/ is the
// conformance run (the Playwright config, the suites and all they load) file by file: Playwright's own
// transpiler leaves files under node_modules/ untouched, so the run of an installed package cannot be
// TypeScript. Each output is written beside its place and renamed over it: a command started meanwhile
// (the own tests run it while `npm pack` builds) reads the old file or the new, never half of one.
import { build } from 'esbuild';
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
/** The conformance run's sources: what playwright.config.ts loads, directly or through the suites. */
const RUN_SOURCES = ['playwright.config.ts', 'suites', 'run', 'harness', 'spec', 'generators', 'reference'];
/** Sources of the clone's own tools, not of the run. */
const NOT_RUN = [/^harness[/\\]cli[/\\]build\.ts$/, /^reference[/\\]main\.ts$/];

function typescriptUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (path.endsWith('.ts')) return [full];
  return readdirSync(full, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(full, file));
}

async function main(): Promise<void> {
  const command = join(DIST, 'carrier-conformance.js');
  await build({
    entryPoints: [join(ROOT, 'harness', 'cli', 'entry.ts')],
    bundle: true,
    platform: 'node',
    packages: 'external',
    target: 'node20',
    logLevel: 'warning',
    outfile: `${command}.next`,
  });
  renameSync(`${command}.next`, command);

  const run = join(DIST, 'run');
  const next = join(DIST, 'run.next');
  rmSync(next, { recursive: true, force: true });
  const entryPoints = RUN_SOURCES.flatMap(typescriptUnder).filter(
    (f) => !NOT_RUN.some((p) => p.test(relative(ROOT, f))),
  );
  const options = { format: 'cjs', platform: 'node', target: 'node20', logLevel: 'warning' } as const;
  await build({ entryPoints, outdir: next, outbase: ROOT, ...options });
  rmSync(run, { recursive: true, force: true });
  renameSync(next, run);
  if (!existsSync(join(run, 'playwright.config.js'))) throw new Error('no dist/run/playwright.config.js was written');
}

main().catch((error: Error) => {
  process.stderr.write(`build failed: ${error.message}\n`);
  process.exit(1);
});
