// Where the conformance run's files are: the sources in a clone, their JavaScript build (dist/run/,
// harness/cli/build.ts) in an installed package, which ships no TypeScript.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../spec/root';

const FROM_SOURCES = existsSync(join(ROOT, 'playwright.config.ts'));
/** The folder playwright.config and suites/ lie in. */
export const RUN_DIR = FROM_SOURCES ? ROOT : join(ROOT, 'dist', 'run');
const EXT = FROM_SOURCES ? '.ts' : '.js';

export const PLAYWRIGHT_CONFIG = join(RUN_DIR, `playwright.config${EXT}`);

/** The suites by name: lockers for suites/lockers.spec.ts. */
export const SUITES = readdirSync(join(RUN_DIR, 'suites'))
  .filter((f) => f.endsWith(`.spec${EXT}`))
  .map((f) => f.slice(0, -`.spec${EXT}`.length));

/**
 * Files split out of a suite when it outgrew one file: `--only lockers` still runs every test the suite
 * held (each part can also be named alone).
 */
const PARTS: Record<string, string[]> = {
  lockers: ['locker-groups', 'locker-update'],
  'locker-records': ['locker-list', 'locker-records-in-flight'],
  parcels: ['parcel-bookings', 'publish-generated'],
  networks: ['network-refusals'],
  webhooks: ['parcel-webhooks', 'collection-notifications'],
};

/** The files that run the suites named, with their parts, and the run's end. */
export function suiteFiles(suites: string[]): string[] {
  const named = [...new Set(suites.flatMap((s) => [s, ...(PARTS[s] ?? [])]))];
  return [`run.teardown${EXT}`, ...named.map((s) => `${s}.spec${EXT}`)].map((f) => join(RUN_DIR, 'suites', f));
}
