// The certificate's verdict written into the other reports of the run, so a CI system reading only
// JUnit, or a person reading only Allure, sees the same verdict line and scope as conformance.html.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BaselineBlock } from '../baseline/gate';
import type { Summary } from '../verdict/summary';

/** The certificate as name/value pairs: JUnit properties and Allure's environment both list them. */
export function certificateProperties(summary: Summary): [string, string][] {
  const { scope } = summary;
  return [
    ['cis.verdict', summary.verdict],
    ['cis.verdict.line', summary.line],
    ['cis.exit.code', String(summary.exitCode)],
    ['cis.scope', scope.full ? 'full' : 'within'],
    ['cis.full.scope.required', String(scope.fullScopeRequired)],
    ['cis.must.judged', `${scope.judged} of ${scope.mustRules}`],
    [
      'cis.must.out.of.scope',
      scope.outOfScope.length ? `${scope.outOfScope.length}: ${scope.causes.map((c) => c.label).join(', ')}` : '0',
    ],
    ['cis.must.not.observable', scope.notObservable.length ? scope.notObservable.map((e) => e.id).join(', ') : '0'],
    ['cis.must.failed', summary.failedMust.length ? summary.failedMust.join(', ') : '0'],
    [
      'cis.tests.cut.short',
      summary.cutShort.length
        ? `${summary.cutShort.length}: ${summary.cutShort.map((t) => `${t.title} (${t.reason})`).join('; ')}`
        : '0',
    ],
    ...scope.notes.map((note, i): [string, string] => [`cis.scope.note.${i + 1}`, note]),
  ];
}

/** The gate against the baseline, beside the verdict. */
export function baselineProperties(baseline: BaselineBlock): [string, string][] {
  return [
    ['cis.gate', baseline.passed ? 'passed' : 'failed'],
    ['cis.gate.line', baseline.line],
    ['cis.baseline', baseline.file],
    ['cis.known.failures', baseline.known.length ? baseline.known.join(', ') : '0'],
  ];
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Adds the properties to every <testsuite> of a JUnit file Playwright wrote (JUnit allows properties
 * there, as its first child); a file without suites is left as it is.
 */
export function stampJunit(file: string, properties: [string, string][], known: readonly string[] = []): void {
  if (!existsSync(file)) return;
  const lines = properties.map(([name, value]) => `<property name="${xml(name)}" value="${xml(value)}"/>`);
  const block = `<properties>\n${lines.join('\n')}\n</properties>`;
  const text = readFileSync(file, 'utf8').replace(/<testsuite(\s[^>]*[^/])?>/g, (open) => `${open}\n${block}`);
  writeFileSync(file, known.length ? markKnown(text, known) : text);
}

/**
 * A failed test case whose failed rules the baseline already had failing stays a failure (nothing is
 * hidden) and carries the property known=true, so a CI view can tell the old from the new. The rules
 * a case failed on are its rule-failed properties (their messages start with the rule id); a case
 * without them is known when its title names a known rule (titles start with their rule id).
 */
function markKnown(text: string, known: readonly string[]): string {
  return text.replace(/<testcase\b([^>]*[^/])>([\s\S]*?)<\/testcase>/g, (whole, attributes: string, body: string) => {
    if (!/<(failure|error)\b/.test(body)) return whole;
    const failedOn = [...body.matchAll(/<property name="rule-failed" value="([A-Z0-9-]+)/g)].map((m) => m[1]!);
    const name = /\bname="([^"]*)"/.exec(attributes)?.[1] ?? '';
    const named = known.filter((id) => new RegExp(`(^|› |@)${id}( |$)`).test(name));
    const isKnown = failedOn.length ? failedOn.every((id) => known.includes(id)) : named.length > 0;
    if (!isKnown) return whole;
    const property =
      `<property name="known" value="true"/>\n<property name="known.rules" ` +
      `value="${xml([...new Set(failedOn.length ? failedOn : named)].join(', '))}"/>`;
    const marked = body.includes('<properties>')
      ? body.replace('<properties>', `<properties>\n${property}`)
      : `\n<properties>\n${property}\n</properties>${body}`;
    return `<testcase${attributes}>${marked}</testcase>`;
  });
}
/** Allure's environment.properties: `key = value` lines, shown on the report's overview. */
export function stampAllure(resultsDir: string, properties: [string, string][]): void {
  if (!existsSync(resultsDir)) return;
  const escape = (text: string) =>
    text
      .replace(/\\/g, '\\\\')
      .replace(/\n/g, '\\n')
      .replace(/([=:])/g, '\\$1');
  writeFileSync(
    `${resultsDir}/environment.properties`,
    properties.map(([name, value]) => `${name} = ${escape(value)}`).join('\n') + '\n',
  );
}
