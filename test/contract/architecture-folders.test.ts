// docs/architecture.md names every folder of harness/ and reference/ by its path: a folder added without a word there
// is a room nobody was shown.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../../spec/root';

function folders(dir: string): string[] {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory())
    .flatMap((path) => [path, ...folders(path)]);
}

test('docs/architecture.md names every folder of harness/ and reference/', () => {
  const text = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const unnamed = ['harness', 'reference']
    .flatMap((top) => folders(join(ROOT, top)))
    .map((path) => relative(ROOT, path))
    .filter((path) => !text.includes(`${path}/`));
  expect(unnamed, 'name each in docs/architecture.md, as harness/<folder>/').toEqual([]);
});
