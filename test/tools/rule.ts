// `npm run rule -- LCK-OH-SCHEDULED`: one rule followed through the project, for a contributor who
// starts from an id in a report — its spec sentences, where it holds, the tests and checks that judge it,
// the reference faults that prove those can fail, and its row in the last run's report.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { catalogue, placesOf, type Rule, type Source } from '../../spec/catalogue';
import { FAULTS } from '../../reference/faults';

const ROOT = join(__dirname, '..', '..');

function filesUnder(dir: string, ending: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path, ending) : ending.test(name) ? [path] : [];
  });
}

/**
 * Each file (and directory) read once per process: describing every rule (rule.test.ts) read the suites, the
 * harness and the OpenAPI document once per rule, some 130 times.
 */
function once<T>(read: (path: string) => T): (path: string) => T {
  const known = new Map<string, T>();
  return (path) => {
    if (!known.has(path)) known.set(path, read(path));
    return known.get(path)!;
  };
}

const tsFilesUnder = once((dir: string) => filesUnder(join(ROOT, dir), /\.ts$/));
const linesOf = once((file: string) => readFileSync(file, 'utf8').split('\n'));

/** A suite's lines, a test's title pulled up onto its `test(` line where the formatter put it below. */
const suiteLines = once((file: string) =>
  linesOf(file).map((line, i, all) => (/\btest\($/.test(line) ? line + (all[i + 1] ?? '').trim() : line)),
);

/** `file:line  text` for every line naming the id (and not a longer id it is the start of). */
function linesNaming(id: string, files: string[], read = linesOf): string[] {
  const exact = new RegExp(`${id}(?![A-Z0-9-])`);
  return files.flatMap((file) =>
    read(file).flatMap((line, i) =>
      exact.test(line) ? [`${relative(ROOT, file)}:${i + 1}  ${line.trim().slice(0, 140)}`] : [],
    ),
  );
}

function reportRow(id: string, reportPath: string): string[] {
  if (!existsSync(reportPath)) return [`(no ${relative(ROOT, reportPath)}: run \`npm run conformance\` first)`];
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
    summary?: { line?: string };
    rules?: {
      id: string;
      verdict: string;
      reasons?: string[];
      places?: { place: string; evaluations: number; failed: number; reason?: string }[];
    }[];
  };
  const row = report.rules?.find((r) => r.id === id);
  if (!row) return [`(${relative(ROOT, reportPath)} has no row for ${id})`];
  return [
    `${row.verdict}${row.reasons?.length ? ` — ${row.reasons.join('; ')}` : ''}`,
    ...(row.places ?? []).map(
      (p) => `  ${p.place}: ${p.evaluations} evaluation(s), ${p.failed} failed${p.reason ? ` — ${p.reason}` : ''}`,
    ),
    `run: ${report.summary?.line ?? '(no verdict line)'}`,
  ];
}

/** A fault's description up to its first sentence's end (the rest names the spec sentences it breaks). */
const firstSentence = (text: string): string => text.split(/(?<=[a-z)])[.;] | \(§/)[0]!.slice(0, 240);

/** Where the reference switches the fault on: every `fault('name')` line outside its declaration. */
function switchedOn(name: string): string {
  const quoted = new RegExp(`fault\\(\\s*'${name}'\\s*\\)`);
  const at = tsFilesUnder('reference').flatMap((file) =>
    linesOf(file).flatMap((line, i) => (quoted.test(line) ? [`${relative(ROOT, file)}:${i + 1}`] : [])),
  );
  return at.length ? at.join(', ') : '(a request check it relaxes: reference/faults/relax.ts)';
}

function section(title: string, lines: string[], none: string): string {
  return `${title}\n${(lines.length ? lines : [none]).map((l) => `  ${l}`).join('\n')}`;
}

export function describeRule(rule: Rule, reportPath = join(ROOT, 'reports', 'conformance.json')): string {
  const sources: Source[] = rule.source === undefined ? [] : Array.isArray(rule.source) ? rule.source : [rule.source];
  const faults = FAULTS.filter((f) => f.rule === rule.id);
  return [
    `${rule.id}  ${rule.level}  §${rule.section}`,
    `  ${rule.statement}`,
    section(
      'Spec (../shared/spec/carrier-integration-service.md):',
      sources.map((s) => `§${s.section} "${s.quote}"`),
      '(no source quoted: a should or observe rule)',
    ),
    section(
      'Where it holds (concerns):',
      placesOf(rule).map((p) => (p.setUp ? `${p.place} (sets it up: ${p.setUp})` : p.place)),
      '(none)',
    ),
    section(
      'Tests (suites/):',
      // A test's title or annotation, or a list of rule ids a suite annotates its tests with (the exploration's).
      linesNaming(rule.id, tsFilesUnder('suites'), suiteLines).filter((l) =>
        /\btest\(|rules\(|^\S+ {2}'[A-Z-]+',$/.test(l),
      ),
      '(no test names it)',
    ),
    section(
      'Checks and schema nodes:',
      linesNaming(rule.id, [...tsFilesUnder('harness'), join(ROOT, 'spec', 'carrier-integration.openapi.yaml')]),
      '(none: judged in its tests only)',
    ),
    section(
      'Reference faults (prove it can fail: npx tsx test/self-test/run.ts <fault>):',
      faults.flatMap((f) => [`${f.name} — ${firstSentence(f.description)}`, `  switched on at ${switchedOn(f.name)}`]),
      '(none)',
    ),
    section('Row in the last report (reports/conformance.json):', reportRow(rule.id, reportPath), ''),
    section(
      'Run or replay it alone:',
      [`npx carrier-conformance --rules ${rule.id}`, `npx carrier-conformance replay ${rule.id}`],
      '',
    ),
  ].join('\n\n');
}

function main(): void {
  const id = process.argv[2];
  const rule = catalogue.find((r) => r.id === id);
  if (!id || !rule) {
    const prefix = id?.split('-')[0]!.toUpperCase();
    const near = id ? catalogue.filter((r) => r.id.startsWith(prefix!)).map((r) => r.id) : [];
    const where = near.length ? ` Rules starting ${prefix}: ${near.join(', ')}` : ' Ids are listed in spec/rules.yaml.';
    process.stderr.write(
      `npm run rule -- <RULE-ID>: ${id ? `no rule ${id} in spec/rules.yaml` : 'give a rule id'}.${where}\n`,
    );
    process.exitCode = 2;
    return;
  }
  process.stdout.write(describeRule(rule) + '\n');
}

if (require.main === module) main();
