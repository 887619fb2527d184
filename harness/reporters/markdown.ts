// The conformance report as Markdown, in the certificate's order: verdict, header, what weakens it, the
// rules by spec section (each failure with its curl line), observed choices.
import type { BaselineBlock } from '../baseline/gate';
import type { ConformanceReport } from './report-shape';
import {
  bySection,
  countsLine,
  CUT_SHORT_INTRO,
  failureHeadline,
  footprintOf,
  headerFacts,
  gapsOf,
  placesSentence,
  unjudgedSentence,
  scopeGroups,
  sectionTitle,
  shouldWarnings,
  verdictReason,
  webhookLines,
  type Gap,
  type ScopeGroup,
} from './report-view';
import { placeCellText, placeMatrix } from './place-matrix';
import { failureView } from './failure-view';
import { describeEvidence, type RuleVerdict } from '../verdict/verdicts';

const MARK: Record<string, string> = {
  passed: '✅ passed',
  failed: '❌ failed',
  'not observable': '➖ not observable',
  skipped: '⏭ skipped',
  'not exercised': '⚠ not exercised',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Code that may hold backticks (a curl body can): fenced with more backticks than it contains. */
function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${longest ? ' ' : ''}${text}${longest ? ' ' : ''}${fence}`;
}

/** Judged, out of scope, not observable and not applicable `must` rules per top-level section. */
function scopeTable(report: ConformanceReport): string[] {
  const { scope } = report.summary;
  return [
    '## Scope',
    '',
    `${scope.judged} of ${scope.mustRules} \`must\` rules judged, ${scope.outOfScope.length} out of scope, ` +
      `${scope.notObservable.length} in scope but not observable, ${scope.notApplicable.length} not applicable ` +
      `to this target; ` +
      `${scope.fullScopeRequired ? 'this run asked for the full scope' : 'the full scope was not asked for'} ` +
      `(--full-scope).`,
    '',
    '| section | judged | out of scope | not observable | not applicable |',
    '|---|---|---|---|---|',
    ...scope.sections.map(
      (s) => `| ${sectionTitle(s.section)} | ${s.judged} | ${s.outOfScope} | ${s.notObservable} | ${s.notApplicable} |`,
    ),
    '',
    ...scope.notes.flatMap((n) => [`Note: ${n}.`, '']),
  ];
}

function cutShortList(report: ConformanceReport): string[] {
  const items = report.summary.cutShort;
  if (!items.length) return [];
  return [
    CUT_SHORT_INTRO,
    '',
    ...items.map(
      (t) =>
        `- **${cell(t.title)}** (${code(t.file)}) — ${cell(t.reason)}; rules: ${t.rules.join(', ') || '(none named)'}`,
    ),
    '',
  ];
}

function weakening(report: ConformanceReport): string[] {
  const groups = scopeGroups(report.summary);
  const shouldGaps = gapsOf(report.rules, 'should');
  const warnings = shouldWarnings(report.rules);
  const items = (of: Gap[]) =>
    of.map((g) => `- **${g.verdict}**: ${g.rules.join(', ')} — ${g.reasons.join('; ') || '(no reason recorded)'}`);
  const scoped = (of: ScopeGroup[]) =>
    of.map(
      (g) =>
        `- **${g.title}**${g.rules.length > 1 || g.rules[0] !== g.title ? `: ${g.rules.join(', ')}` : ''} — ` +
        `${cell(g.details.join('; '))}`,
    );
  const judgedAll = !groups.notObservable.length && !groups.outOfScope.length;
  return [
    '## What weakens it',
    '',
    ...cutShortList(report),
    ...(groups.notObservable.length
      ? [
          '`must` rules in scope that nothing was judged against (the verdict is INCONCLUSIVE while any is left):',
          '',
          ...scoped(groups.notObservable),
          '',
        ]
      : []),
    ...(groups.outOfScope.length
      ? [
          '`must` rules out of scope (a capability not given; the certificate says nothing about them):',
          '',
          ...scoped(groups.outOfScope),
          '',
        ]
      : []),
    ...(groups.notApplicable.length
      ? [
          '`must` rules not applicable to this target (a choice the spec leaves it):',
          '',
          ...scoped(groups.notApplicable),
          '',
        ]
      : []),
    ...(judgedAll ? ['Every `must` rule in scope was judged, and none was out of scope.', ''] : []),
    ...(unjudgedSentence(report.summary) ? [`${unjudgedSentence(report.summary)}: listed under Places.`, ''] : []),
    ...(warnings.length
      ? [
          `\`should\` rules that failed (what the contract implies, not what the spec ` +
            `states${report.summary.strict ? '; this run is strict, so they count' : ''}):`,
          '',
          ...warnings.map((w) => `- **${w.id}**: ${cell(failureHeadline(w))}`),
        ]
      : ['No `should` rule failed.']),
    '',
    ...(shouldGaps.length ? ['`should` rules this run did not judge:', '', ...items(shouldGaps), ''] : []),
  ];
}

/** The rule × place matrix: the unjudged (rule, place) pairs with their reasons, then a row per rule, places not judged
 * first. */
function places(report: ConformanceReport): string[] {
  const rows = placeMatrix(report);
  if (!rows.length) return [];
  const { unjudged } = report.summary.scope.places;
  const cells = (row: (typeof rows)[number], states: string[]) =>
    cell(
      row.cells
        .filter((c) => states.includes(c.state))
        .map(placeCellText)
        .join(', ') || '—',
    );
  return [
    '## Places',
    '',
    placesSentence(report.summary),
    '',
    ...(unjudged.length
      ? [
          'Places of `must` rules in scope without an evaluation:',
          '',
          ...unjudged.map((u) => `- **${u.rule}** at ${code(u.place)} — ${cell(u.reason)}`),
          '',
        ]
      : []),
    '| rule | level | not judged | out of scope | judged (evaluations) | not provokable; set-up; not in its concerns |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.id} | ${r.level} | ${cells(r, ['not judged'])} | ${cells(r, ['out of scope'])} | ` +
        `${cells(r, ['failed', 'judged'])} | ${cells(r, ['not provokable', 'set-up', 'elsewhere'])} |`,
    ),
    '',
  ];
}

function ruleRow(r: RuleVerdict): string {
  const detail = r.failure ? r.failure.split('\n')[0]! : r.reasons.join('; ');
  const tests = `${r.tests.slice(0, 3).join('; ')}${r.tests.length > 3 ? ` (+${r.tests.length - 3})` : ''}`;
  return (
    `| ${r.id} | ${r.level} | ${MARK[r.verdict]} | ${describeEvidence(r)} | ${cell(r.statement)} | ` +
    `${cell(detail)} | ${cell(tests)} |`
  );
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

/** The gate against the baseline, at the top: known failures stay listed, nothing is hidden. */
function sinceBaseline(baseline: BaselineBlock): string[] {
  const named = (label: string, ids: string[]) => (ids.length ? [`- ${label}: ${ids.join(', ')}`] : []);
  return [
    `**${baseline.line}**`,
    '',
    '## Since the baseline',
    '',
    `- baseline: ${code(baseline.file)}${baseline.date ? ` (${baseline.date})` : ''}` +
      `${baseline.baselineLine ? ` — ${baseline.baselineLine}` : ''}`,
    ...baseline.notes.map((n) => `- note: ${n}`),
    ...named('newly failed `must` (regressions)', baseline.regressions),
    ...named('known failures (failing in the baseline too, still failures)', baseline.known),
    ...named('fixed', baseline.fixed),
    ...baseline.changes
      .filter((c) => !['fixed'].includes(c.kind) && !(c.kind === 'newly failed' && baseline.regressions.includes(c.id)))
      .map((c) => `- ${c.kind}: ${c.id} (${c.level}, ${c.from} → ${c.to})`),
    ...(baseline.changes.length === 0 ? ['- no rule changed'] : []),
    '',
  ];
}

export function toMarkdown(report: ConformanceReport): string {
  const { header, summary } = report;
  const lines = [
    `# Carrier Integration Service conformance: ${summary.verdict}`,
    '',
    `**${summary.line}**`,
    '',
    ...(report.baseline ? sinceBaseline(report.baseline) : []),
    `${verdictReason(summary)} ${countsLine(summary)}.`,
    '',
    ...(footprintOf(report) ? [`${footprintOf(report)}.`, ''] : []),
    ...(summary.failedMust.length ? [`Failed \`must\` rules: ${summary.failedMust.join(', ')}`, ''] : []),
    '| | |',
    '|---|---|',
    ...headerFacts(header, summary).map((f) => `| ${f.label} | ${cell(f.value)} |`),
    '',
    ...scopeTable(report),
    ...weakening(report),
    ...places(report),
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
