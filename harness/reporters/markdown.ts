// The conformance report as Markdown, in the certificate's order: verdict, header, what weakens it, the
// rules by spec section (each failure with its curl line), observed choices.
import type { ConformanceReport } from './render';
import { bySection, countsLine, failureHeadline, failureView, headerFacts, gapsOf, shouldWarnings, verdictReason, webhookLines, type Gap } from './report-view';
import { describeEvidence, type RuleVerdict } from './verdicts';

const MARK: Record<string, string> = { passed: '✅ passed', failed: '❌ failed', 'not observable': '➖ not observable', skipped: '⏭ skipped', 'not exercised': '⚠ not exercised' };

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Code that may hold backticks (a curl body can): fenced with more backticks than it contains. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${longest ? ' ' : ''}${text}${longest ? ' ' : ''}${fence}`;
}

function weakening(report: ConformanceReport): string[] {
  const gaps = gapsOf(report.rules, 'must');
  const shouldGaps = gapsOf(report.rules, 'should');
  const warnings = shouldWarnings(report.rules);
  const items = (of: Gap[]) => of.map((g) => `- **${g.verdict}**: ${g.rules.join(', ')} — ${g.reasons.join('; ') || '(no reason recorded)'}`);
  return [
    '## What weakens it',
    '',
    ...(gaps.length
      ? ['`must` rules this run did not judge (the verdict says nothing about them):', '', ...items(gaps)]
      : ['Every `must` rule was judged.']),
    '',
    ...(warnings.length
      ? [
          `\`should\` rules that failed (what the contract implies, not what the spec states${report.summary.strict ? '; this run is strict, so they count' : ''}):`,
          '',
          ...warnings.map((w) => `- **${w.id}**: ${cell(failureHeadline(w))}`),
        ]
      : ['No `should` rule failed.']),
    '',
    ...(shouldGaps.length ? ['`should` rules this run did not judge:', '', ...items(shouldGaps), ''] : []),
  ];
}

function ruleRow(r: RuleVerdict): string {
  const detail = r.failure ? r.failure.split('\n')[0]! : r.reasons.join('; ');
  const tests = `${r.tests.slice(0, 3).join('; ')}${r.tests.length > 3 ? ` (+${r.tests.length - 3})` : ''}`;
  return `| ${r.id} | ${r.level} | ${MARK[r.verdict]} | ${describeEvidence(r)} | ${cell(r.statement)} | ${cell(detail)} | ${cell(tests)} |`;
}

function failureBlock(r: RuleVerdict): string[] {
  const f = failureView(r);
  if (!f) return [];
  return [
    `**${r.id}**, first failure:`,
    '',
    '```',
    f.message,
    '```',
    '',
    ...(f.request ? [`- request: ${f.request.method} ${f.request.url}`] : []),
    ...(f.response ? [`- response: ${f.response.status}${f.response.body ? ` ${code(f.response.body)}` : ''}`] : []),
    ...(f.curl ? [`- reproduce: ${code(f.curl)}`] : []),
    `- replay: ${code(f.replay)}`,
    ...(f.harEntries ? [`- exchanges.har entries: ${f.harEntries.join(', ')}`] : []),
    '',
  ];
}

export function toMarkdown(report: ConformanceReport): string {
  const { header, summary } = report;
  const lines = [
    `# Carrier Integration Service conformance: ${summary.verdict}`,
    '',
    `**${verdictReason(summary)}** ${countsLine(summary)}.`,
    '',
    summary.failedMust.length ? `Failed \`must\` rules: ${summary.failedMust.join(', ')}` : 'No `must` rule failed.',
    '',
    '| | |',
    '|---|---|',
    ...headerFacts(header, summary).map((f) => `| ${f.label} | ${cell(f.value)} |`),
    '',
    ...weakening(report),
    '## Rules by section',
    '',
    ...bySection(report.rules).flatMap((s) => [
      `### ${s.title}`,
      '',
      '| rule | level | verdict | evidence | statement | detail | decided by |',
      '|---|---|---|---|---|---|---|',
      ...s.rules.map(ruleRow),
      '',
      ...s.rules.flatMap(failureBlock),
    ]),
    '## Observed choices',
    '',
    'Where the specification says "not shown", the target\'s choice is reported, never judged.',
    '',
    ...report.observedChoices.flatMap((c) => [`- **${c.rule}**`, ...c.observations.map((o) => `  - ${o}`)]),
    '',
    '### Webhooks',
    '',
    ...webhookLines(report).map((l) => `- ${l}`),
    '',
  ];
  return lines.join('\n');
}
