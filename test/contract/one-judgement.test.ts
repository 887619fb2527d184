// Each rule's judgement is written once: a rule judged in more than one of suites/, harness/model/ and
// harness/traffic/ is judged by copies, each of what its author picked. A driver calls the rule's one judgement
// (harness/judgements/) instead, with what it observed. The list of rules still judged in more than one place is
// empty, and stays so.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from '../../spec/root';

const DRIVERS = ['suites', 'harness/model', 'harness/traffic'];

/** Where a judgement of a rule is written: a status matcher, judge(), a traffic evidence call, a rule field. */
const WRITTEN = [
  /\b(?:judge|toSucceed|toBeRejected|runPass)\(\s*'([A-Z]+-[A-Z0-9-]+)'/g,
  /\.judge\(\s*'[a-z]+',\s*'([A-Z]+-[A-Z0-9-]+)'/g,
  /\brule:\s*'([A-Z]+-[A-Z0-9-]+)'/g,
  // A rule chosen by a condition: each alternative is written there.
  /\b(?:judge|toSucceed|toBeRejected|runPass)\(\s*[\w.!]+\s*\?\s*'([A-Z]+-[A-Z0-9-]+)'/g,
  /\b(?:judge|toSucceed|toBeRejected|runPass)\(\s*[\w.!]+\s*\?\s*'[A-Z]+-[A-Z0-9-]+'\s*:\s*'([A-Z]+-[A-Z0-9-]+)'/g,
];

/** Still judged in more than one driver: none. */
const STILL_COPIED: string[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Rule → the drivers whose code writes a judgement of it. */
function judgedIn(): Map<string, Set<string>> {
  const where = new Map<string, Set<string>>();
  for (const driver of DRIVERS)
    for (const file of sourceFiles(join(ROOT, driver))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of WRITTEN)
        for (const m of text.matchAll(pattern)) where.set(m[1]!, (where.get(m[1]!) ?? new Set()).add(driver));
    }
  return where;
}

test('no rule is judged in more than one driver but those still to move, and each listed one still is', () => {
  const copied = [...judgedIn()].filter(([, drivers]) => drivers.size > 1).map(([rule]) => rule);
  expect(
    copied.filter((rule) => !STILL_COPIED.includes(rule)),
    'judged in two drivers: use harness/judgements/',
  ).toEqual([]);
  expect(
    STILL_COPIED.filter((rule) => !copied.includes(rule)),
    'judged once now: strike it off the list',
  ).toEqual([]);
});

test('every judgement of harness/judgements/ names the rules it judges, and each is judged by one function', () => {
  const files = sourceFiles(join(ROOT, 'harness', 'judgements')).filter((f) => !f.endsWith('judgement.ts'));
  const owner = new Map<string, string>();
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(/\brule: '([A-Z]+-[A-Z0-9-]+)'/g)) {
      const other = owner.get(m[1]!);
      expect(other === undefined || other === relative(ROOT, file), `${m[1]} in ${other} and ${file}`).toBe(true);
      owner.set(m[1]!, relative(ROOT, file));
    }
  expect(owner.size).toBeGreaterThan(0);
});
