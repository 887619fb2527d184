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

/** A rule id as a line names it: the longest run of capitals, digits and dashes between them. */
const RULE_ID = /(?<![A-Z0-9-])[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+(?![A-Z0-9-])/g;

/**
 * Every line of the files by the rule ids it names, read once: describing every rule (rule.test.ts) matched every
 * line against every id, some ten seconds.
 */
const linesByIdOf = once((files: string) => {
  const byId = new Map<string, string[]>();
  for (const file of files.split('\n')) {
    const lines = file.startsWith(join(ROOT, 'suites')) ? suiteLines(file) : linesOf(file);
    lines.forEach((line, i) => {
      for (const id of new Set(line.match(RULE_ID) ?? []))
        byId.set(id, [...(byId.get(id) ?? []), `${relative(ROOT, file)}:${i + 1}  ${line.trim().slice(0, 140)}`]);
    });
  }
  return byId;
});

/** `file:line  text` for every line naming the id (and not a longer id it is the start of). */
const linesNaming = (id: string, files: string[]): string[] => linesByIdOf(files.join('\n')).get(id) ?? [];

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
  const places = (row.places ?? []).map((p) => {
    const failed = p.failed ? `, ${p.failed} failed` : '';
    return `${p.place} ${p.evaluations} evaluation(s)${failed}${p.reason ? ` (${p.reason})` : ''}`;
  });
  return [
    `${row.verdict}${row.reasons?.length ? ` — ${row.reasons.join('; ').slice(0, 200)}` : ''}`,
    ...(places.length ? [places.join('; ')] : []),
    `run: ${report.summary?.line ?? '(no verdict line)'}`,
  ];
}

/** A fault's description up to its first sentence's end (the rest names the spec sentences it breaks). */
const firstSentence = (text: string): string => text.split(/(?<=[a-z)])[.;] | \(§/)[0]!;

/** Each fault's `fault('name')` lines in the reference, outside its declaration, found in one reading. */
const switchLines = once((dir: string) => {
  const at = new Map<string, string[]>();
  for (const file of tsFilesUnder(dir))
    linesOf(file).forEach((line, i) => {
      for (const [, name] of line.matchAll(/fault\(\s*'([^']+)'\s*\)/g))
        at.set(name!, [...(at.get(name!) ?? []), `${relative(ROOT, file)}:${i + 1}`]);
    });
  return at;
});

/** Where the reference switches the fault on: every `fault('name')` line outside its declaration. */
function switchedOn(name: string): string {
  const at = switchLines('reference').get(name) ?? [];
  return at.length ? at.join(', ') : '(a request check it relaxes: its relax in reference/faults/)';
}

/** `file:line  text` lines as one line per file: `file:12,40,77`. */
function byFile(lines: string[]): string[] {
  const files = new Map<string, string[]>();
  for (const line of lines) {
    const [, file, at] = /^(\S+):(\d+) {2}/.exec(line) ?? [];
    if (file) files.set(file, [...(files.get(file) ?? []), at!]);
  }
  return [...files].map(([file, at]) => `${file}:${at.join(',')}`);
}

/** At most `max` lines, the rest counted: the whole description fits one screen. */
function capped(lines: string[], max: number, more: string): string[] {
  return lines.length <= max ? lines : [...lines.slice(0, max), `… ${lines.length - max} more${more}`];
}

function section(title: string, lines: string[], none: string): string {
  return `${title}\n${(lines.length ? lines : [none]).map((l) => `  ${l}`).join('\n')}`;
}

/** Lines of a terminal: a line longer is cut, so the description is as many lines on a screen as it prints. */
const WIDTH = 160;

/** A sentence in lines of at most WIDTH - 4 characters, each begun with `indent`: a sentence is never cut. */
function wrapped(text: string, indent: string): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + word.length + 1 <= WIDTH - 4) lines[last] += ` ${word}`;
    else lines.push(indent + word);
  }
  return lines;
}

/**
 * One rule on one screen: its sentence, where it holds, where its judgement is written, the tests that judge it,
 * the faults that prove them (each where the reference switches it on), and its row in the last report. `all`
 * lists every test and fault, where a rule has more than a screen holds.
 */
export function describeRule(rule: Rule, reportPath = join(ROOT, 'reports', 'conformance.json'), all = false): string {
  const sources: Source[] = rule.source === undefined ? [] : Array.isArray(rule.source) ? rule.source : [rule.source];
  const faults = FAULTS.filter((f) => f.rule === rule.id);
  const more = all ? '' : ` (npm run rule -- ${rule.id} --all)`;
  const tests = linesNaming(rule.id, tsFilesUnder('suites'));
  // A test's title, or a list of rule ids a suite annotates its tests with (the exploration's).
  const titled = tests.filter((l) => /\btest\(/.test(l));
  const annotated = byFile(tests.filter((l) => !/\btest\(/.test(l) && /rules\(|^\S+ {2}'[A-Z-]+',$/.test(l)));
  const places = placesOf(rule).map((p) => (p.setUp ? `${p.place} (set up by ${p.setUp})` : p.place));
  const text = [
    `${rule.id}  ${rule.level}  §${rule.section}`,
    ...wrapped(rule.statement, '  '),
    section(
      'Spec (../shared/spec/carrier-integration-service.md):',
      sources.flatMap((s) => wrapped(`§${s.section} "${s.quote}"`, '')),
      '(no source quoted: a should or observe rule)',
    ),
    `Where it holds (concerns): ${places.join(', ') || '(none)'}`,
    section(
      'Judgement (harness/, the OpenAPI document):',
      byFile(
        linesNaming(rule.id, [...tsFilesUnder('harness'), join(ROOT, 'spec', 'carrier-integration.openapi.yaml')]),
      ),
      '(none: judged in its tests only)',
    ),
    section(
      'Tests (suites/):',
      [...capped(titled, all ? Infinity : 8, more), ...annotated.map((f) => `annotated in ${f}`)],
      '(no test names it)',
    ),
    section(
      `Reference faults, ${faults.length} (each proves a test can fail: npx tsx test/self-test/run.ts <fault>):`,
      capped(
        faults.map((f) => `${f.name}  ${switchedOn(f.name)}  ${firstSentence(f.description)}`),
        all ? Infinity : 14,
        more,
      ),
      '(none)',
    ),
    section('Row in the last report (reports/conformance.json):', reportRow(rule.id, reportPath), ''),
    `Alone: npx carrier-conformance --rules ${rule.id}; npx carrier-conformance replay ${rule.id}`,
  ].join('\n');
  return text
    .split('\n')
    .map((line) => (line.length > WIDTH ? `${line.slice(0, WIDTH - 1)}…` : line))
    .join('\n');
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
  process.stdout.write(describeRule(rule, undefined, process.argv.includes('--all')) + '\n');
}

if (require.main === module) main();
