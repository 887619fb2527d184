// The head of the certificate page: the verdict banner, the gate against a baseline, the scope bars by
// spec section and the facts of what was certified — all visible without scrolling.
import type { BaselineBlock } from '../baseline/gate';
import type { ConformanceReport } from './report-shape';
import { countsLine, footprintOf, headerFacts, sectionTitle, VERDICT_ORDER, verdictReason } from './report-view';
import type { Summary } from '../verdict/summary';
import { esc, ruleLink } from './html-parts';

const BANNER_CLASS: Record<Summary['verdict'], string> = {
  CONFORMANT: 'pass',
  INCONCLUSIVE: 'inconclusive',
  'NOT CONFORMANT': 'fail',
};

/** One small bar per top-level section: judged, out of scope, not observable, not applicable. */
function scopeBars(summary: Summary): string {
  const { scope } = summary;
  const parts = [
    ['judged', 'judged'],
    ['outOfScope', 'out of scope'],
    ['notObservable', 'not observable'],
    ['notApplicable', 'not applicable'],
  ] as const;
  const rows = scope.sections
    .map((s) => {
      const total = s.judged + s.outOfScope + s.notObservable + s.notApplicable;
      const segments = parts
        .filter(([key]) => s[key] > 0)
        .map(
          ([key, label]) =>
            `<span class="seg ${key}" style="width:${((s[key] / total) * 100).toFixed(1)}%" title="${s[key]} ` +
            `${label}"></span>`,
        )
        .join('');
      const text = parts
        .filter(([key]) => s[key] > 0)
        .map(([key, label]) => `${s[key]} ${label}`)
        .join(', ');
      return (
        `<div class="srow"><span class="sname">${esc(sectionTitle(s.section))}</span><span class="bar" ` +
        `role="img" aria-label="${esc(text)}">${segments}</span><span class="stext">${esc(text)}</span></div>`
      );
    })
    .join('');
  const legend = parts
    .map(([key, label]) => `<span class="key"><span class="seg ${key}"></span>${label}</span>`)
    .join('');
  const notes = scope.notes.map((n) => `<p class="scope-note"><b>Note:</b> ${esc(n)}</p>`).join('');
  const asked = scope.fullScopeRequired
    ? '<b>--full-scope</b>: a rule out of scope makes the run INCONCLUSIVE'
    : '--full-scope not set: rules out of scope are named, not counted against';
  return (
    `<section class="scope" aria-label="scope of the certificate"><p class="scope-head"><b>Scope:</b> ` +
    `${scope.judged} of ${scope.mustRules} <code>must</code> rules judged · ${asked} ` +
    `<span class="legend">${legend}</span></p>${notes}<div class="sgrid">${rows}</div></section>`
  );
}

export function banner(report: ConformanceReport): string {
  const { header, summary } = report;
  const named = [
    ...(summary.failedMust.length ? [`Failed <code>must</code>: ${summary.failedMust.map(ruleLink).join(', ')}`] : []),
    ...(summary.warnings.length ? [`failed <code>should</code>: ${summary.warnings.map(ruleLink).join(', ')}`] : []),
  ];
  const failed = named.length ? ` ${named.join('; ')}.` : '';
  const chips = VERDICT_ORDER.map((v) => `<span class="chip">${summary.counts[v]} ${v}</span>`).join('');
  const facts = headerFacts(header, summary)
    .map((f) => `<div><dt>${esc(f.label)}</dt><dd>${esc(f.value)}</dd></div>`)
    .join('');
  const footprint = footprintOf(report);
  return `<header class="cert">
<div class="banner ${BANNER_CLASS[summary.verdict]}">
<p class="kicker">Carrier Integration Service ${esc(header.specVersion)} · conformance certificate</p>
<h1 id="verdict">${summary.verdict}</h1>
<p class="line" id="verdict-line">${esc(summary.line)}</p>
<p class="why">${esc(verdictReason(summary))}${failed}</p>
<p class="counts" aria-label="${esc(countsLine(summary))}">${chips}</p>
${footprint ? `<p class="footprint" id="footprint" style="margin:8px 0 0;font-size:13px">${esc(footprint)}</p>` : ''}
</div>
${report.baseline ? sinceBaseline(report.baseline) : ''}
${scopeBars(summary)}
<dl class="facts">${facts}</dl>
</header>`;
}

/** The gate against the baseline, right under the verdict: what regressed, what is known, what was fixed. */
export function sinceBaseline(baseline: BaselineBlock): string {
  const item = (label: string, links: string[]) =>
    links.length ? `<li><b>${esc(label)}</b>: ${links.join(', ')}</li>` : '';
  const ids = (label: string, list: string[]) => item(label, list.map(ruleLink));
  const others = baseline.changes.filter(
    (c) => c.kind !== 'fixed' && !(c.kind === 'newly failed' && baseline.regressions.includes(c.id)),
  );
  const date = baseline.date ? ` (${esc(baseline.date)})` : '';
  const line = baseline.baselineLine ? ` — ${esc(baseline.baselineLine)}` : '';
  const items =
    baseline.notes.map((n) => `<li>${esc(n)}</li>`).join('') +
    ids('newly failed must (regressions)', baseline.regressions) +
    ids('known failures, still failures', baseline.known) +
    ids('fixed', baseline.fixed) +
    // One line per kind of change, however many rules it holds: a baseline of a wider run than this one loses
    // scope on dozens of rules, which one line each pushed the page's contents below the fold.
    [...new Set(others.map((c) => c.kind))]
      .map((kind) => others.filter((c) => c.kind === kind))
      .map((changes) =>
        item(
          `${changes[0]!.kind} (${changes.length})`,
          changes.map((c) => `${ruleLink(c.id)} (${esc(c.level)}, ${esc(c.from)} → ${esc(c.to)})`),
        ),
      )
      .join('') +
    (baseline.changes.length === 0 ? '<li>no rule changed</li>' : '');
  const state = baseline.passed ? 'pass' : 'fail';
  return `<section class="since-baseline ${state}" id="since-baseline" aria-label="since the baseline">
<h2>Since the baseline</h2>
<p class="gate" id="gate-line">${esc(baseline.line)}</p>
<p class="baseline-of">baseline: <code>${esc(baseline.file)}</code>${date}${line}</p>
<ul>${items}</ul>
</section>`;
}
