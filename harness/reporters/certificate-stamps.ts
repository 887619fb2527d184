// The certificate's verdict written into the other reports of the run, so a CI system reading only
// JUnit, or a person reading only Allure, sees the same verdict line and scope as conformance.html.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Summary } from './verdicts';

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
    ['cis.must.out.of.scope', scope.outOfScope.length ? `${scope.outOfScope.length}: ${scope.causes.map((c) => c.label).join(', ')}` : '0'],
    ['cis.must.not.observable', scope.notObservable.length ? scope.notObservable.map((e) => e.id).join(', ') : '0'],
    ['cis.must.failed', summary.failedMust.length ? summary.failedMust.join(', ') : '0'],
  ];
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Adds the properties to every <testsuite> of a JUnit file Playwright wrote (JUnit allows properties
 * there, as its first child); a file without suites is left as it is.
 */
export function stampJunit(file: string, properties: [string, string][]): void {
  if (!existsSync(file)) return;
  const block = `<properties>\n${properties.map(([name, value]) => `<property name="${xml(name)}" value="${xml(value)}"/>`).join('\n')}\n</properties>`;
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/<testsuite(\s[^>]*[^/])?>/g, (open) => `${open}\n${block}`));
}

/** Allure's environment.properties: `key = value` lines, shown on the report's overview. */
export function stampAllure(resultsDir: string, properties: [string, string][]): void {
  if (!existsSync(resultsDir)) return;
  const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/([=:])/g, '\\$1');
  writeFileSync(`${resultsDir}/environment.properties`, properties.map(([name, value]) => `${name} = ${escape(value)}`).join('\n') + '\n');
}
