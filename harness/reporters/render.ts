// The conformance report as Markdown and as one self-contained HTML page (no external assets).
import { describeEvidence, type RuleVerdict, type Summary } from './verdicts';

export interface RunHeader {
  baseUrl?: string;
  mockBaseUrl?: string;
  environment?: string;
  target?: string;
  specVersion: string;
  /** sha256 of spec/carrier-integration.openapi.yaml, first 12 hex digits: the contract judged against. */
  openapiDigest: string;
  /** sha256 of spec/rules.yaml, first 12 hex digits: the rules and levels judged by. */
  rulesDigest: string;
  harnessVersion: string;
  date: string;
  seed?: number | string;
  propertyRuns?: number;
  profile?: string;
  durationSeconds: number;
  rulesSelected?: string;
  suitesSelected?: string;
}

export interface ConformanceReport {
  header: RunHeader;
  summary: Summary;
  rules: RuleVerdict[];
  observedChoices: { rule: string; observations: string[] }[];
  webhooks: { deliveriesSeen?: string; medianWaitMs: Record<string, number>; totalWaitMs?: number };
  /** When the tests started and ended (epoch ms), for the benchmark's breakdown. */
  timings?: { testsStartedAt: number; testsEndedAt: number };
}

const MARK: Record<string, string> = { passed: '✅ passed', failed: '❌ failed', 'not observable': '➖ not observable', skipped: '⏭ skipped', 'not exercised': '⚠ not exercised' };

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function toMarkdown(report: ConformanceReport): string {
  const { header, summary } = report;
  const lines = [
    `# Carrier Integration Service conformance: ${summary.verdict}`,
    '',
    `| | |`,
    `|---|---|`,
    `| target | ${header.target ?? ''} ${header.baseUrl ?? ''} |`,
    `| mock base | ${header.mockBaseUrl ?? '(none)'} |`,
    `| environment | ${header.environment ?? ''} |`,
    `| specification | ${header.specVersion} (OpenAPI sha256 ${header.openapiDigest}, rules.yaml sha256 ${header.rulesDigest}) |`,
    `| harness | carrier-conformance ${header.harnessVersion} |`,
    `| date | ${header.date} (${header.durationSeconds.toFixed(1)} s) |`,
    `| seed | ${header.seed ?? 'random'} |`,
    `| property runs | ${header.propertyRuns ?? ''} |`,
    `| profile | ${header.profile ?? 'default'} |`,
    ...(header.rulesSelected ? [`| rules selected | ${header.rulesSelected} |`] : []),
    ...(header.suitesSelected ? [`| suites selected | ${header.suitesSelected} |`] : []),
    '',
    `**${summary.counts.passed} passed, ${summary.counts.failed} failed, ${summary.counts['not observable']} not observable, ${summary.counts.skipped} skipped, ${summary.counts['not exercised']} not exercised.**`,
    '',
    summary.failedMust.length ? `Failed \`must\` rules: ${summary.failedMust.join(', ')}` : 'No `must` rule failed.',
    '',
    summary.warnings.length
      ? `Warnings — \`should\` rules failed (what the contract implies, not what the spec states${summary.strict ? '; this run is strict, so they count' : ''}): ${summary.warnings.join(', ')}`
      : 'No `should` rule failed.',
    '',
    summary.mustNotExercised.length ? `\`must\` rules not exercised on this target: ${summary.mustNotExercised.join(', ')}` : 'Every `must` rule was exercised.',
    '',
    '## Rules',
    '',
    '| rule | level | verdict | evidence | decided by | detail |',
    '|---|---|---|---|---|---|',
    ...report.rules.map((r) => {
      const detail = r.failure ? `${r.failure}${r.curl ? `<br>\`${r.curl}\`` : ''}` : r.reasons.join('; ');
      return `| ${r.id} (§${r.section}) | ${r.level} | ${MARK[r.verdict]} | ${describeEvidence(r)} | ${cell(r.tests.slice(0, 3).join('; '))}${r.tests.length > 3 ? ` (+${r.tests.length - 3})` : ''} | ${cell(detail)} |`;
    }),
    '',
    '## Observed choices',
    '',
    'Where the specification says "not shown", the target\'s choice is reported, never judged.',
    '',
    ...report.observedChoices.flatMap((c) => [`- **${c.rule}**`, ...c.observations.map((o) => `  - ${o}`)]),
    '',
    '## Webhooks',
    '',
    `- ${report.webhooks.deliveriesSeen ?? 'no deliveries recorded'}`,
    ...Object.entries(report.webhooks.medianWaitMs).map(([kind, ms]) => `- median wait for ${kind}: ${ms} ms`),
    '',
  ];
  return lines.join('\n');
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function toHtml(report: ConformanceReport): string {
  const { header, summary } = report;
  const rows = report.rules
    .map((r) => {
      const detail = r.failure ? `${escape(r.failure)}${r.curl ? `<pre>${escape(r.curl)}</pre>` : ''}` : escape(r.reasons.join('; '));
      const observed = r.observations.length ? `<details><summary>observed</summary><ul>${r.observations.map((o) => `<li>${escape(o)}</li>`).join('')}</ul></details>` : '';
      return `<tr class="${r.verdict.replace(' ', '-')}"><td><b>${r.id}</b><br><small>§${escape(r.section)}</small></td><td>${r.level}</td><td>${r.verdict}<br><small>${escape(describeEvidence(r))}</small></td><td>${escape(r.statement)}</td><td><details><summary>${r.tests.length} test(s)</summary><ul>${r.tests.map((t) => `<li>${escape(t)}</li>`).join('')}</ul></details></td><td>${detail}${observed}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CIS conformance: ${summary.verdict}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
h1 .CONFORMANT{color:#1a7f37}h1 .NOT{color:#cf222e}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:4px 6px;vertical-align:top;text-align:left}
tr.passed td:nth-child(3){color:#1a7f37}tr.failed td:nth-child(3){color:#cf222e;font-weight:bold}
tr.not-observable td:nth-child(3),tr.skipped td:nth-child(3){color:#777}tr.not-exercised td:nth-child(3){color:#bf8700}
pre{white-space:pre-wrap;background:#f6f8fa;padding:4px}
</style></head><body>
<h1>Carrier Integration Service conformance: <span class="${summary.verdict.split(' ')[0]}">${summary.verdict}</span></h1>
<table>
<tr><th>target</th><td>${escape(`${header.target ?? ''} ${header.baseUrl ?? ''}`)}</td></tr>
<tr><th>mock base</th><td>${escape(header.mockBaseUrl ?? '(none)')}</td></tr>
<tr><th>environment</th><td>${escape(header.environment ?? '')}</td></tr>
<tr><th>specification</th><td>${escape(header.specVersion)}</td></tr>
<tr><th>harness</th><td>carrier-conformance ${escape(header.harnessVersion)}</td></tr>
<tr><th>date</th><td>${escape(header.date)} (${header.durationSeconds.toFixed(1)} s)</td></tr>
<tr><th>seed / property runs</th><td>${escape(String(header.seed ?? 'random'))} / ${header.propertyRuns ?? ''}</td></tr>
</table>
<p><b>${summary.counts.passed} passed, ${summary.counts.failed} failed, ${summary.counts['not observable']} not observable, ${summary.counts.skipped} skipped, ${summary.counts['not exercised']} not exercised.</b></p>
<p>${summary.failedMust.length ? `Failed <code>must</code> rules: ${summary.failedMust.join(', ')}` : 'No <code>must</code> rule failed.'}</p>
<p>${summary.warnings.length ? `Warnings, <code>should</code> rules failed${summary.strict ? ' (strict run: they count)' : ''}: ${summary.warnings.join(', ')}` : 'No <code>should</code> rule failed.'}</p>
<p>${summary.mustNotExercised.length ? `<code>must</code> rules not exercised: ${summary.mustNotExercised.join(', ')}` : 'Every <code>must</code> rule was exercised.'}</p>
<h2>Rules</h2>
<table><tr><th>rule</th><th>level</th><th>verdict</th><th>statement</th><th>decided by</th><th>detail</th></tr>
${rows}
</table>
<h2>Observed choices</h2>
<ul>${report.observedChoices.map((c) => `<li><b>${c.rule}</b><ul>${c.observations.map((o) => `<li>${escape(o)}</li>`).join('')}</ul></li>`).join('')}</ul>
</body></html>
`;
}
