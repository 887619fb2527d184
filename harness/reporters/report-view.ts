// What the Markdown and the HTML report both say, decided once so the two never drift apart: the header's
// facts, what weakens the verdict, the rules by spec section, and each failure taken apart for reading.
import type { ConformanceReport, RunHeader } from './report-shape';
import { footprintLine } from '../verdict/target-footprint';
import type { Summary } from '../verdict/summary';
import type { RuleVerdict, RuleVerdictKind } from '../verdict/verdicts';

export const VERDICT_ORDER: readonly RuleVerdictKind[] = [
  'failed',
  'not observable',
  'skipped',
  'not exercised',
  'passed',
];
export const LEVEL_ORDER = ['must', 'should', 'observe'] as const;

export interface Fact {
  label: string;
  value: string;
}

/** Exactly what was certified: which contract, which harness, which target, and how the run was set. */
export function headerFacts(header: RunHeader, summary: Summary): Fact[] {
  const facts: Fact[] = [
    { label: 'target', value: `${header.baseUrl ?? '(unknown)'}${header.target ? ` (${header.target})` : ''}` },
    { label: 'environment', value: header.environment ?? '(unknown)' },
    { label: 'profile', value: header.profile ?? 'default' },
    { label: 'specification', value: `CIS ${header.specVersion}` },
    { label: 'OpenAPI document', value: `sha256 ${header.openapiDigest}` },
    { label: 'rules.yaml', value: `sha256 ${header.rulesDigest}` },
    { label: 'harness', value: `carrier-conformance ${header.harnessVersion}` },
    { label: 'seed', value: String(header.seed ?? 'random') },
    { label: 'property runs', value: header.propertyRuns === undefined ? '(unknown)' : String(header.propertyRuns) },
    {
      label: 'strict',
      value: summary.strict ? 'yes: should rules decide the verdict' : 'no: should rules are warnings',
    },
    { label: 'scope', value: scopeFact(summary) },
    { label: 'date', value: header.date },
    { label: 'duration', value: `${header.durationSeconds.toFixed(1)} s` },
  ];
  if (header.mockBaseUrl) facts.splice(1, 0, { label: 'mock base', value: header.mockBaseUrl });
  if (header.rulesSelected) facts.push({ label: 'rules selected', value: header.rulesSelected });
  if (header.suitesSelected) facts.push({ label: 'suites selected', value: header.suitesSelected });
  if (header.evidenceFrom === 'traffic' && header.traffic)
    facts.unshift({ label: 'evidence from', value: trafficFact(header.traffic) });
  return facts;
}

/** `traffic: 3885 entries of exchanges.har, no request sent; 2890 judged, …` */
function trafficFact(t: NonNullable<RunHeader['traffic']>): string {
  const listed = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, n]) => `${k} (${n})`)
      .join(', ');
  const others = Object.values(t.otherHosts).reduce((a, b) => a + b, 0);
  const unknown = Object.values(t.unknownOperations).reduce((a, b) => a + b, 0);
  return [
    `traffic: ${t.entries} recorded entries of ${t.files.join(', ')}, no request sent; ${t.judged} exchanges ` +
      `and ${t.deliveries} webhook deliveries judged`,
    others ? `${others} of other hosts, not judged: ${listed(t.otherHosts)}` : '',
    unknown
      ? `${unknown} of operations the document lacks or with no answer recorded, not judged: ` +
        `${listed(t.unknownOperations)}`
      : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** `2 passed, 1 failed, …` in the order a reader looks for trouble. */
export function countsLine(summary: Summary): string {
  return VERDICT_ORDER.map((v) => `${summary.counts[v]} ${v}`).join(', ');
}

/** What the certificate covers: how many `must` rules (and places of them) were judged, and whether the run asked for
 * all of them. */
export function scopeFact(summary: Summary): string {
  const { scope } = summary;
  const asked = scope.fullScopeRequired
    ? '--full-scope: every must rule had to be judged'
    : 'as given (no --full-scope)';
  const places = scope.places.inScope ? `, ${scope.places.judged} of ${scope.places.inScope} places` : '';
  return `${scope.judged} of ${scope.mustRules} must rules${places} judged; ${asked}`;
}

/** `3 places of must rules in scope have no evaluation`, said once for the Markdown and the page. */
export function unjudgedSentence(summary: Summary): string | undefined {
  const n = summary.scope.places.unjudged.length;
  return n
    ? `${n} place${n === 1 ? '' : 's'} of must rules in scope ${n === 1 ? 'has' : 'have'} no evaluation (a ` +
        `gap, not a failure)`
    : undefined;
}

/** The places line of the reports: how many of the must rules' places were judged, and what a gap means. */
export function placesSentence(summary: Summary): string {
  const p = summary.scope.places;
  const aside = [
    p.outOfScope ? `${p.outOfScope} out of scope` : '',
    p.notApplicable ? `${p.notApplicable} not applicable to this target` : '',
    p.unprovokable ? `${p.unprovokable} not provokable by any request the spec gives` : '',
  ].filter(Boolean);
  return (
    `${p.judged} of ${p.inScope} places of must rules judged (each operation and webhook of their concerns, ` +
    `each form; set-ups not counted)${aside.length ? `; ${aside.join(', ')}` : ''}. A place without an ` +
    `evaluation is a gap in the evidence, never a failure: the verdict stands on the rules.`
  );
}

/** A spec section as the report heads it. */
export function sectionTitle(section: string): string {
  return section === 'preamble' ? 'Preamble' : `§${section}`;
}

/** Why the verdict is what it is, in one sentence. */
export function verdictReason(summary: Summary): string {
  const must = summary.failedMust.length;
  const should = summary.warnings.length;
  const warnings = should
    ? ` ${should} should rule${should === 1 ? '' : 's'} ` +
      `failed${summary.strict ? ', and this run is strict' : ' (warnings)'}.`
    : '';
  return `${must ? `${must} must rule${must === 1 ? '' : 's'} failed.` : 'No must rule failed.'}${warnings}`;
}

/** Rules of a level that neither passed nor failed, grouped where they share a verdict and the same reasons. */
export interface Gap {
  verdict: RuleVerdictKind;
  reasons: string[];
  rules: string[];
}

export function gapsOf(rules: readonly RuleVerdict[], level: 'must' | 'should'): Gap[] {
  const groups = new Map<string, Gap>();
  for (const r of rules) {
    if (r.level !== level || r.verdict === 'passed' || r.verdict === 'failed') continue;
    // A restricted run leaves dozens of rules out for one reason: one line, not dozens.
    const key = JSON.stringify([r.verdict, r.reasons]);
    const group = groups.get(key) ?? { verdict: r.verdict, reasons: r.reasons, rules: [] };
    group.rules.push(r.id);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => VERDICT_ORDER.indexOf(a.verdict) - VERDICT_ORDER.indexOf(b.verdict));
}

/** `must` rules the certificate does not cover, each group with what would bring it in. */
export interface ScopeGroup {
  title: string;
  rules: string[];
  details: string[];
}

export function scopeGroups(summary: Summary): {
  notObservable: ScopeGroup[];
  outOfScope: ScopeGroup[];
  notApplicable: ScopeGroup[];
} {
  const { scope } = summary;
  return {
    // In scope and not judged: what makes a run INCONCLUSIVE, one rule at a time, with its remedy.
    notObservable: scope.notObservable.map((e) => ({
      title: e.id,
      rules: [e.id],
      details: [...e.reasons, `to observe it: ${e.remedy}`],
    })),
    // Out of scope: one group per capability not given, however many rules it left out.
    outOfScope: scope.causes.map((c) => ({
      title: `${c.label} (${c.rules.length})`,
      rules: c.rules,
      details: [`to bring them in: ${c.remedy}`],
    })),
    notApplicable: scope.notApplicable.map((e) => ({ title: e.id, rules: [e.id], details: e.reasons })),
  };
}

/** Above the list of tests cut short, why it matters: what they saw counts against a rule, never for it. */
export const CUT_SHORT_INTRO =
  'Tests cut short (timeout, interruption or harness error): what they saw can fail a rule, never pass one on its own:';

/** What the run left on the target, or nothing for a report written before it was counted. */
export function footprintOf(report: ConformanceReport): string | undefined {
  return report.footprint ? footprintLine(report.footprint) : undefined;
}

/** A failure's first line without the rule id it starts with, for a list already keyed by the id. */
export function failureHeadline(rule: RuleVerdict): string {
  const first = rule.failure?.split('\n')[0] ?? '';
  return first.startsWith(`${rule.id} `) ? first.slice(rule.id.length + 1) : first;
}

/** The failed `should` rules: warnings, unless the run is strict. */
export function shouldWarnings(rules: readonly RuleVerdict[]): RuleVerdict[] {
  return rules.filter((r) => r.level === 'should' && r.verdict === 'failed');
}

export interface SectionGroup {
  section: string;
  title: string;
  rules: RuleVerdict[];
}

/** `4.10` after `4.9`: sections compared number by number; the preamble first, anything else last. */
function sectionKey(section: string): number[] {
  if (section === 'preamble') return [];
  const parts = section.split('.').map(Number);
  return parts.some(Number.isNaN) ? [Infinity] : parts;
}

function compareSections(a: string, b: string): number {
  const [x, y] = [sectionKey(a), sectionKey(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d) return d;
  }
  return a.localeCompare(b);
}

export function bySection(rules: readonly RuleVerdict[]): SectionGroup[] {
  const sections = [...new Set(rules.map((r) => r.section))].sort(compareSections);
  return sections.map((section) => ({
    section,
    title: sectionTitle(section),
    rules: rules.filter((r) => r.section === section),
  }));
}

/** Observed choices and the webhook timings: what the target did where the spec does not judge. */
export function webhookLines(report: ConformanceReport): string[] {
  const { webhooks } = report;
  return [
    webhooks.deliveriesSeen ?? 'no deliveries recorded',
    ...Object.entries(webhooks.medianWaitMs).map(([kind, ms]) => `median wait for ${kind}: ${ms} ms`),
  ];
}
