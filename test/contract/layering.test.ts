// The layers hold: spec/ is the contract layer and imports nothing of the project; the harness, the
// generators and the suites never import the reference (run/ is the one composition root that does);
// suites speak through harness/fixtures.ts and generators/index.ts only. Inside harness/, the folders
// are the run's stages: reporters/ render the verdict that verdict/ decides, http/ speaks to the target
// knowing nothing of the records or the evidence made of its answers; and nothing anywhere imports
// itself round a circle.
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
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return [
    ...new Set(
      specifiers
        .filter((s) => s.startsWith('.'))
        .map((s) => relative(ROOT, resolve(dirname(file), s)).replace(/\.ts$/, '')),
    ),
  ];
}

function importsOf(dir: string): [string, string][] {
  return sourceFiles(join(ROOT, dir)).flatMap((file) =>
    projectImports(file).map((target) => [relative(ROOT, file), target] as [string, string]),
  );
}

const layerOf = (path: string) => path.split('/')[0]!;

test('spec/ imports nothing of the project outside spec/', () => {
  expect(importsOf('spec').filter(([, target]) => layerOf(target) !== 'spec')).toEqual([]);
});

test('harness/, generators/ and suites/ never import reference/ (run/ is the composition root)', () => {
  const leaks = ['harness', 'generators', 'suites']
    .flatMap((dir) => importsOf(dir))
    .filter(([, target]) => layerOf(target) === 'reference');
  expect(leaks).toEqual([]);
});

test('the reference imports nothing of the harness, generators, suites or run/', () => {
  expect(
    importsOf('reference').filter(([, target]) => ['harness', 'generators', 'suites', 'run'].includes(layerOf(target))),
  ).toEqual([]);
});

test('generators import only spec/ and themselves', () => {
  expect(importsOf('generators').filter(([, target]) => !['spec', 'generators'].includes(layerOf(target)))).toEqual([]);
});

test('suites import harness/fixtures.ts and generators/index.ts only', () => {
  const allowed = new Set(['harness/fixtures', 'generators', 'generators/index']);
  expect(importsOf('suites').filter(([, target]) => !allowed.has(target))).toEqual([]);
});

// 300 lines is a guide, not a gate: a file over it is named as a warning (in the output and the test's annotations),
// so that no file is split only to keep another under it.
test('source files over 300 lines are named as a warning', () => {
  const long = ['spec', 'harness', 'generators', 'suites', 'reference', 'run', 'test']
    .flatMap((dir) => sourceFiles(join(ROOT, dir)))
    .map((file) => [relative(ROOT, file), readFileSync(file, 'utf8').split('\n').length] as const)
    .filter(([, lines]) => lines > 300);
  for (const [file, lines] of long) {
    test.info().annotations.push({ type: 'warning', description: `${file}: ${lines} lines (the guide is 300)` });
    process.stderr.write(`warning: ${file} has ${lines} lines (the guide is 300)\n`);
  }
});

const SOURCE_DIRS = ['spec', 'harness', 'generators', 'suites', 'reference', 'run', 'test'];

/** A module's id as imports name it: its path from the root without `.ts`; a folder import names its index. */
function moduleOf(target: string, known: Set<string>): string {
  return known.has(target) ? target : `${target}/index`;
}

/** Every circle of imports among the project's modules, each as the path that closes it (Tarjan's components). */
function importCircles(): string[][] {
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)));
  const known = new Set(files.map((f) => relative(ROOT, f).replace(/\.ts$/, '')));
  const edges = new Map(
    files.map((f) => [
      relative(ROOT, f).replace(/\.ts$/, ''),
      projectImports(f)
        .map((t) => moduleOf(t, known))
        .filter((t) => known.has(t)),
    ]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = stack.splice(stack.indexOf(v));
    if (component.length > 1 || edges.get(v)!.includes(v)) circles.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return circles;
}

test('no import circle anywhere in the project', () => {
  expect(importCircles()).toEqual([]);
});

test(
  'the harness folders keep their direction: reporters/ read verdict/, never the reverse; http/ knows no ' +
    'records or evidence',
  () => {
    const inside = (path: string, folder: string) => path.startsWith(`harness/${folder}/`);
    const imports = importsOf('harness');
    expect(imports.filter(([from, to]) => inside(from, 'verdict') && inside(to, 'reporters'))).toEqual([]);
    expect(
      imports.filter(([from, to]) => inside(from, 'http') && (inside(to, 'records') || inside(to, 'evidence'))),
    ).toEqual([]);
  },
);

test('harness/ keeps at most 8 files at its top level: the rest lives in the folder of its stage', () => {
  const top = readdirSync(join(ROOT, 'harness')).filter((name) => statSync(join(ROOT, 'harness', name)).isFile());
  expect(top.length, top.join(', ')).toBeLessThanOrEqual(8);
});
