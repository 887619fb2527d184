// --only names suites by file; a suite split into parts still runs whole by its name.
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, test } from '@playwright/test';
import { SUITES, suiteFiles } from '../../../harness/cli/run-files';

test('--only lockers runs the lockers suite and the parts split out of it, and the run end', () => {
  const files = suiteFiles(['lockers']).map((f) => basename(f));
  expect(files).toEqual(['run.teardown.ts', 'lockers.spec.ts', 'locker-groups.spec.ts', 'locker-update.spec.ts']);
});

test('every file --only can name exists, parts included', () => {
  for (const file of suiteFiles(SUITES)) expect(existsSync(file), file).toBe(true);
});
