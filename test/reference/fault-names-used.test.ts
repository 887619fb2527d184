// Every fault name the reference switches on by (`app.fault('name')`, a fault point's `app.fault('name')`) is declared
// in reference/faults.ts, and every declared fault is switched on somewhere: a misspelt name would otherwise be a fault
// that is never on, and a self-test that "catches" it would be catching nothing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { CANDIDATE_FAULTS, FAULTS } from '../../reference/faults';

const ROOT = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** `name` → the files and lines that switch on by it. */
function namesUsed(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of sources(join(ROOT, 'reference'))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
        for (const m of line.matchAll(/\bfault\(\s*'([^']+)'\s*\)/g))
          used.set(m[1]!, [...(used.get(m[1]!) ?? []), `${relative(ROOT, file)}:${i + 1}`]);
      });
  }
  return used;
}

const declared = new Set([...FAULTS, ...CANDIDATE_FAULTS].map((f) => f.name));

test('every fault name the reference switches on by is declared', () => {
  const undeclared = [...namesUsed()].filter(([name]) => !declared.has(name)).map(([n, at]) => `${n} (${at[0]})`);
  expect(undeclared).toEqual([]);
});

test('every declared fault is switched on somewhere (or changes a request check: relax)', () => {
  const used = namesUsed();
  const relaxed = new Set([...FAULTS, ...CANDIDATE_FAULTS].filter((f) => f.relax).map((f) => f.name));
  // Where the names are declared does not count: a name must also appear where the reference acts on it (the faults'
  // behaviour, reference/faults/behaviour/, does).
  const declaring = (f: string) =>
    /reference\/(faults\/(?!behaviour\/)|faults[.-])/.test(relative(ROOT, f).replace(/\\/g, '/'));
  const text = sources(join(ROOT, 'reference'))
    .filter((f) => !declaring(f))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const unused = [...declared].filter((n) => !used.has(n) && !relaxed.has(n) && !text.includes(`'${n}'`));
  expect(unused).toEqual([]);
});
