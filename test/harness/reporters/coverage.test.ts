// The harness holds itself to its own promises: every rule has a test, every test names its rules,
// and no test waits with a fixed sleep.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { catalogue } from '../../../spec/catalogue';
import { ROOT } from '../../support/run-harness';
import { conformanceListing, type ListedSuite } from '../../support/conformance-listing';

interface Listed {
  title: string;
  annotations: { type: string; description?: string }[];
}

/** The conformance tests: the suites and the run's end (the listing the self-test reads too). */
async function listTests(): Promise<Listed[]> {
  const found: Listed[] = [];
  const walk = (suite: ListedSuite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) found.push({ title: spec.title, annotations: t.annotations });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of await conformanceListing()) walk(suite);
  return found;
}

// Listing runs Playwright once more: done when a test needs it (not when the file is loaded, which the
// main process does too), and the file's tests share one worker, so it is done once.
test.describe.configure({ mode: 'default' });
let listing: Promise<Listed[]> | undefined;
const listed = (): Promise<Listed[]> => (listing ??= listTests());

test('every rule of spec/rules.yaml is named by at least one conformance test', { tag: '@e2e' }, async () => {
  const named = new Set(
    (await listed()).flatMap((t) => t.annotations.filter((a) => a.type === 'rule').map((a) => a.description)),
  );
  const missing = catalogue.map((r) => r.id).filter((id) => !named.has(id));
  expect(missing, 'rules without a test').toEqual([]);
});

test('every conformance test starts with the id of a rule it names', { tag: '@e2e' }, async () => {
  const ids = new Set(catalogue.map((r) => r.id));
  for (const t of await listed()) {
    const first = t.title.split(' ')[0]!;
    expect(ids.has(first), `"${t.title}" does not start with a rule id`).toBe(true);
    expect(
      t.annotations.some((a) => a.type === 'rule' && a.description === first),
      `"${t.title}" does not name ${first} in its annotations`,
    ).toBe(true);
  }
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

test('no suite, harness module or generator waits with a fixed sleep', () => {
  const sleeps = /waitForTimeout\(|setTimeout\([^,]+,\s*[0-9]{3,}\)|\bsleep\(/;
  // One expectation over every line rather than one per line: each expect is a step of its own.
  const found: string[] = [];
  for (const dir of ['suites', 'harness', 'generators']) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (sleeps.test(line) && !line.trim().startsWith('//')) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
  }
  expect(found, 'fixed sleeps').toEqual([]);
});
