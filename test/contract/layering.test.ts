// The layers hold: spec/ is the contract layer and imports nothing of the project; the harness, the
// generators and the suites never import the reference (run/ is the one composition root that does);
// suites speak through harness/fixtures.ts and generators/index.ts only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** The project files a source file imports, relative to the root (packages are not the project's). */
function projectImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm), ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => relative(ROOT, resolve(dirname(file), s)));
}

function importsOf(dir: string): [string, string][] {
  return sourceFiles(join(ROOT, dir)).flatMap((file) => projectImports(file).map((target) => [relative(ROOT, file), target] as [string, string]));
}

const layerOf = (path: string) => path.split('/')[0]!;

test('spec/ imports nothing of the project outside spec/', () => {
  expect(importsOf('spec').filter(([, target]) => layerOf(target) !== 'spec')).toEqual([]);
});

test('harness/, generators/ and suites/ never import reference/ (run/ is the composition root)', () => {
  const leaks = ['harness', 'generators', 'suites'].flatMap((dir) => importsOf(dir)).filter(([, target]) => layerOf(target) === 'reference');
  expect(leaks).toEqual([]);
});

test('the reference imports nothing of the harness, generators, suites or run/', () => {
  expect(importsOf('reference').filter(([, target]) => ['harness', 'generators', 'suites', 'run'].includes(layerOf(target)))).toEqual([]);
});

test('generators import only spec/ and themselves', () => {
  expect(importsOf('generators').filter(([, target]) => !['spec', 'generators'].includes(layerOf(target)))).toEqual([]);
});

test('suites import harness/fixtures.ts and generators/index.ts only', () => {
  const allowed = new Set(['harness/fixtures', 'generators', 'generators/index']);
  expect(importsOf('suites').filter(([, target]) => !allowed.has(target))).toEqual([]);
});

test('no source file is longer than 300 lines', () => {
  const long = ['spec', 'harness', 'generators', 'suites', 'reference', 'run']
    .flatMap((dir) => sourceFiles(join(ROOT, dir)))
    .map((file) => [relative(ROOT, file), readFileSync(file, 'utf8').split('\n').length] as const)
    .filter(([, lines]) => lines > 300);
  expect(long).toEqual([]);
});
