// The reference pages generated from their sources (test/tools/docs.ts) are current: each is made again
// in memory and compared with the committed file. And docs/configuration.md, written by hand, names every
// variable, config key and flag the code knows, so a new setting cannot go unlisted.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../../spec/root';
import { VARIABLES } from '../../harness/target/config';
import { CONFIG_KEYS } from '../../harness/target/config-file';
import { FLAGS_BY_COMMAND } from '../tools/cli-doc';
import { committed, GENERATED } from '../tools/docs';

/** Where two texts first differ, as the line of each: what a reader of the failure looks at first. */
function firstDifference(was: string, now: string): string {
  const a = was.split('\n');
  const b = now.split('\n');
  const at = a.findIndex((line, i) => line !== b[i]);
  const line = at < 0 ? a.length : at;
  const quote = (s: string | undefined) => JSON.stringify(s ?? '(end)').slice(0, 100);
  return `line ${line + 1}: committed ${quote(a[line])}, sources give ${quote(b[line])}`;
}

for (const { path, page } of GENERATED) {
  const name = relative(ROOT, path);
  test(`${name} is what its sources give`, () => {
    const was = committed(path);
    const now = page();
    const stale = was === undefined ? 'missing' : was === now ? '' : `stale (${firstDifference(was, now)})`;
    expect(stale, `${name} is ${stale}: run npm run docs and commit it`).toBe('');
  });
}

test('docs/configuration.md names every variable, config key and flag', () => {
  const page = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
  const flags = [...new Set(Object.values(FLAGS_BY_COMMAND).flat())].filter((f) => f !== 'help');
  const names = [...VARIABLES, ...Object.keys(CONFIG_KEYS).map((k) => `${k}:`), ...flags.map((f) => `--${f}`)];
  const named = (name: string) =>
    name.endsWith(':') ? page.includes(`\`${name.slice(0, -1)}\``) : new RegExp(`${name}(?![\\w-])`).test(page);
  expect(
    names.filter((n) => !named(n)),
    'unnamed in docs/configuration.md',
  ).toEqual([]);
});
