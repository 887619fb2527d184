// The conformance report as one self-contained HTML page: the certificate. The verdict and what was
// certified come first (visible without scrolling), then what weakens it, the rules by spec section with
// their failures folded into <details>, and the observed choices last.
import { SCRIPT, STYLE } from './html-assets';
import type { BaselineBlock } from '../baseline/gate';
import type { ConformanceReport } from './report-shape';
import {
  bySection,
  countsLine,
  CUT_SHORT_INTRO,
  failureHeadline,
  failureView,
  footprintOf,
  headerFacts,
  LEVEL_ORDER,
  gapsOf,
  PLACE_STATES,
  placeCellText,
  placeMatrix,
  placesSentence,
  unjudgedSentence,
  scopeGroups,
  sectionTitle,
  shouldWarnings,
  VERDICT_ORDER,
  verdictReason,
  webhookLines,
  type FailureView,
  type Gap,
  type ScopeGroup,
} from './report-view';
import type { Summary } from '../verdict/summary';
import { describeEvidence, type RuleVerdict, type RuleVerdictKind } from '../verdict/verdicts';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const slug = (verdict: RuleVerdictKind) => verdict.replace(/ /g, '-');
const anchor = (id: string) => `rule-${id}`;
const ruleLink = (id: string) => `<a href="#${esc(anchor(id))}">${esc(id)}</a>`;
const list = (items: string[]) => (items.length ? `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : '');

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
  return `<section class="scope" aria-label="scope of the certificate"><p class="scope-head"><b>Scope:</b> ${scope.judged} of ${scope.mustRules} <code>must</code> rules judged · ${
    scope.fullScopeRequired
      ? '<b>--full-scope</b>: a rule out of scope makes the run INCONCLUSIVE'
      : '--full-scope not set: rules out of scope are named, not counted against'
  } <span class="legend">${legend}</span></p>${notes}<div class="sgrid">${rows}</div></section>`;
}

function banner(report: ConformanceReport): string {
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
function sinceBaseline(baseline: BaselineBlock): string {
  const item = (label: string, ids: string[]) =>
    ids.length ? `<li><b>${esc(label)}</b>: ${ids.map(ruleLink).join(', ')}</li>` : '';
  const others = baseline.changes.filter(
    (c) => c.kind !== 'fixed' && !(c.kind === 'newly failed' && baseline.regressions.includes(c.id)),
  );
  return `<section class="since-baseline ${baseline.passed ? 'pass' : 'fail'}" id="since-baseline" aria-label="since the baseline">
<h2>Since the baseline</h2>
<p class="gate" id="gate-line">${esc(baseline.line)}</p>
<p class="baseline-of">baseline: <code>${esc(baseline.file)}</code>${baseline.date ? ` (${esc(baseline.date)})` : ''}${baseline.baselineLine ? ` — ${esc(baseline.baselineLine)}` : ''}</p>
<ul>${baseline.notes.map((n) => `<li>${esc(n)}</li>`).join('')}${item('newly failed must (regressions)', baseline.regressions)}${item('known failures, still failures', baseline.known)}${item('fixed', baseline.fixed)}${others
    .map((c) => `<li>${esc(c.kind)}: ${ruleLink(c.id)} (${esc(c.level)}, ${esc(c.from)} → ${esc(c.to)})</li>`)
    .join('')}${baseline.changes.length === 0 ? '<li>no rule changed</li>' : ''}</ul>
</section>`;
}

function cutShortList(report: ConformanceReport): string {
  const items = report.summary.cutShort.map(
    (t) =>
      `<li><b>${esc(t.title)}</b> (<code>${esc(t.file)}</code>): ${esc(t.reason)}; rules: ` +
      `${t.rules.length ? t.rules.map(ruleLink).join(', ') : '(none named)'}</li>`,
  );
  return items.length ? `<p>${esc(CUT_SHORT_INTRO)}</p><ul class="gaps" id="cut-short">${items.join('')}</ul>` : '';
}

function weakening(report: ConformanceReport): string {
  const groups = scopeGroups(report.summary);
  const shouldGaps = gapsOf(report.rules, 'should');
  const warnings = shouldWarnings(report.rules);
  const gapItems = (of: Gap[]) =>
    of
      .map(
        (g) =>
          `<li><b>${esc(g.verdict)}</b> (${g.rules.length}): ` +
          `${g.rules.map(ruleLink).join(', ')}${list(g.reasons.length ? g.reasons : ['(no reason recorded)'])}</li>`,
      )
      .join('');
  const scoped = (of: ScopeGroup[]) =>
    of
      .map(
        (g) =>
          `<li><b>${g.rules.length === 1 && g.rules[0] === g.title ? ruleLink(g.title) : esc(g.title)}</b>${g.rules.length > 1 || g.rules[0] !== g.title ? `: ${g.rules.map(ruleLink).join(', ')}` : ''}${list(g.details)}</li>`,
      )
      .join('');
  const judgedAll = !groups.notObservable.length && !groups.outOfScope.length;
  const mustGaps = [
    cutShortList(report),
    groups.notObservable.length
      ? `<p><code>must</code> rules in scope that nothing was judged against (the verdict is INCONCLUSIVE ` +
        `while any is left):</p><ul class="gaps" id="not-observable">${scoped(groups.notObservable)}</ul>`
      : '',
    groups.outOfScope.length
      ? `<p><code>must</code> rules out of scope (a capability not given): the certificate says nothing about ` +
        `them.</p><ul class="gaps" id="out-of-scope">${scoped(groups.outOfScope)}</ul>`
      : '',
    groups.notApplicable.length
      ? `<p><code>must</code> rules not applicable to this target (a choice the spec leaves it):</p><ul ` +
        `class="gaps">${scoped(groups.notApplicable)}</ul>`
      : '',
    judgedAll ? '<p>Every <code>must</code> rule in scope was judged, and none was out of scope.</p>' : '',
    unjudgedSentence(report.summary)
      ? `<p>${esc(unjudgedSentence(report.summary)!)}: see <a href="#places">Places</a>.</p>`
      : '',
  ].join('');
  const warningItems = warnings.map((w) => `<li>${ruleLink(w.id)}: ${esc(failureHeadline(w))}</li>`);
  const strict = report.summary.strict
    ? 'this run is strict, so they decide the verdict'
    : 'warnings: they decide the verdict only with --strict';
  return `<section id="weakens"><h2>What weakens it</h2>
${mustGaps}
${warnings.length ? `<p><code>should</code> rules that failed (${strict}):</p><ul class="warnings">${warningItems.join('')}</ul>` : '<p>No <code>should</code> rule failed.</p>'}
${shouldGaps.length ? `<p><code>should</code> rules this run did not judge:</p><ul class="gaps">${gapItems(shouldGaps)}</ul>` : ''}
</section>`;
}

/**
 * The rule × place matrix: the unjudged (rule, place) pairs with their reasons in view, and a row of
 * place chips per rule (not judged first) folded below, since a hundred rows would bury the rules.
 */
function places(report: ConformanceReport): string {
  const rows = placeMatrix(report);
  if (!rows.length) return '';
  const { unjudged } = report.summary.scope.places;
  const gaps = unjudged
    .map((u) => `<li>${ruleLink(u.rule)} at <code>${esc(u.place)}</code>: ${esc(u.reason)}</li>`)
    .join('');
  const chip = (c: (typeof rows)[number]['cells'][number]) =>
    `<span class="pl p-${c.state.replace(/ /g, '-')}" ` +
    `title="${esc(`${c.state}${c.reason ? `: ${c.reason}` : ''}`)}">${esc(placeCellText(c))}</span>`;
  const body = rows
    .map((r) => `<tr><td>${ruleLink(r.id)}</td><td>${r.level}</td><td>${r.cells.map(chip).join(' ')}</td></tr>`)
    .join('');
  const legend = PLACE_STATES.map(
    (s) => `<span class="pl p-${s.replace(/ /g, '-')}">${s === 'elsewhere' ? 'not in its concerns' : s}</span>`,
  ).join(' ');
  return `<section id="places"><h2>Places</h2>
<p>${esc(placesSentence(report.summary))}</p>
${gaps ? `<p>Places of <code>must</code> rules in scope without an evaluation:</p><ul class="gaps" id="unjudged-places">${gaps}</ul>` : ''}
<details class="matrix"><summary>Rule × place matrix (${rows.length} rules; places not judged first)</summary><p class="legend">${legend}</p>
<table class="places"><thead><tr><th>rule</th><th>level</th><th>places</th></tr></thead><tbody>${body}</tbody></table></details>
</section>`;
}

function failureDetails(f: FailureView): string {
  const rows: [string, string][] = [['message', `<pre>${esc(f.message)}</pre>`]];
  if (f.request) rows.push(['request', `<code>${esc(f.request.method)} ${esc(f.request.url)}</code>`]);
  if (f.response)
    rows.push([
      'response',
      `status <b>${f.response.status}</b>${f.response.body ? `<pre>${esc(f.response.body)}</pre>` : ''}`,
    ]);
  if (f.curl) rows.push(['reproduce', `<pre class="curl">${esc(f.curl)}</pre>`]);
  rows.push(['replay', `<pre>${esc(f.replay)}</pre>`]);
  if (f.harEntries)
    rows.push(['exchanges', `<a href="exchanges.har">exchanges.har</a> entries ${f.harEntries.join(', ')}`]);
  return `<dl>${rows.map(([label, value]) => `<dt>${label}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

const SUMMARY: Record<RuleVerdictKind, string> = {
  failed: 'first failure: request, answer, curl, replay',
  'not observable': 'why it was not observable',
  skipped: 'why it was skipped',
  'not exercised': 'why it was not exercised',
  passed: 'what decided it',
};

function ruleRow(r: RuleVerdict): string {
  const failure = failureView(r);
  const body = [
    failure ? failureDetails(failure) : '',
    r.reasons.length ? `<p>Reasons:</p>${list(r.reasons)}` : '',
    r.tests.length ? `<p>Tests:</p>${list(r.tests)}` : '',
    r.evidence.operations.length ? `<p>Operations: ${esc(r.evidence.operations.join(', '))}</p>` : '',
    r.places.length
      ? `<p>Places: ` +
        `${esc(r.places.map((p) => `${p.place} ${p.evaluations}${p.concerned === false ? ' (not in its concerns)' : p.setUp ? ' (set-up)' : p.unprovokable && !p.evaluations ? ' (not provokable)' : ''}`).join(', '))}</p>`
      : '',
    r.observations.length ? `<p>Observed:</p>${list(r.observations)}` : '',
  ].join('');
  return `<article class="rule v-${slug(r.verdict)} level-${r.level}" id="${esc(anchor(r.id))}" data-verdict="${esc(r.verdict)}" data-level="${r.level}">
<div class="id">${esc(r.id)}</div><div class="level">${r.level}</div><div class="verdict">${esc(r.verdict)}</div><div class="evidence">${esc(describeEvidence(r))}</div><div class="statement">${esc(r.statement)}</div>
<details><summary>${SUMMARY[r.verdict]}</summary>${body}</details>
</article>`;
}

function filter(report: ConformanceReport): string {
  const box = (value: string, label: string, count: number) =>
    `<label><input type="checkbox" value="${esc(value)}" checked> ${esc(label)} (${count})</label>`;
  const verdicts = VERDICT_ORDER.map((v) => box(`v:${v}`, v, report.summary.counts[v])).join('');
  const levels = LEVEL_ORDER.map((l) => box(`l:${l}`, l, report.rules.filter((r) => r.level === l).length)).join('');
  return (
    `<form class="filter" aria-label="filter ` +
    `rules"><fieldset><legend>Verdict</legend>${verdicts}</fieldset><fieldset><legend>Level</legend>${levels}</fieldset><output ` +
    `id="shown"></output></form>`
  );
}

function rules(report: ConformanceReport): string {
  const sections = bySection(report.rules)
    .map(
      (s) =>
        `<section class="sec" ` +
        `data-section="${esc(s.section)}"><h3>${esc(s.title)}</h3>\n${s.rules.map(ruleRow).join('\n')}\n</section>`,
    )
    .join('\n');
  return `<section id="rules"><h2>Rules by section</h2>
${filter(report)}
<div class="cols" aria-hidden="true"><div>rule</div><div>level</div><div>verdict</div><div>evidence</div><div>statement</div></div>
${sections}
</section>`;
}

function observed(report: ConformanceReport): string {
  const choices = report.observedChoices.map((c) => `<li>${ruleLink(c.rule)}${list(c.observations)}</li>`).join('');
  return `<section id="observed"><h2>Observed choices</h2>
<p>Where the specification says "not shown", the target's choice is reported, never judged.</p>
${choices ? `<ul>${choices}</ul>` : '<p>None recorded.</p>'}
<h3>Webhooks</h3>${list(webhookLines(report))}
</section>`;
}

export function toHtml(report: ConformanceReport): string {
  const { header, summary } = report;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>CIS conformance: ${esc(summary.line.split(':')[0]!)} · ${esc(header.baseUrl ?? '')} · ${esc(header.date)}</title>
<style>${STYLE}</style></head><body>
${banner(report)}
<main>
${weakening(report)}
${places(report)}
${rules(report)}
${observed(report)}
</main>
<script>${SCRIPT}</script>
</body></html>
`;
}
