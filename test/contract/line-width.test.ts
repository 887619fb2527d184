// One style: prettier lays the code out at 120 columns (.prettierrc.json); comments and strings, which it leaves, are
// written to fit by hand. This holds every tracked source line to that width, beside layering.test.ts's 300-line
// guide. What prettier is told to ignore (.prettierignore: built, generated, recorded files) is not held.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import * as prettier from 'prettier';

const ROOT = join(__dirname, '..', '..');
const WIDTH = 120;

test(`no source line is longer than ${WIDTH} characters (comments and strings are wrapped by hand)`, async () => {
  const tracked = execFileSync('git', ['ls-files', '--', '*.ts', '*.js', '*.mjs', '*.cjs'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  expect(tracked.length, 'git ls-files lists the sources').toBeGreaterThan(100);
  const ignorePath = join(ROOT, '.prettierignore');
  const long: string[] = [];
  for (const file of tracked) {
    if ((await prettier.getFileInfo(join(ROOT, file), { ignorePath })).ignored) continue;
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (line.length > WIDTH) long.push(`${file}:${i + 1} (${line.length})`);
      });
  }
  expect(long).toEqual([]);
});
