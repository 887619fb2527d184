// The conformance report as one self-contained HTML page: the certificate. The verdict and what was
// certified come first (visible without scrolling), then what weakens it, the rules by spec section with
// their failures folded into <details>, and the observed choices last.
import { SCRIPT, STYLE } from './html-assets';
import type { ConformanceReport } from './report-shape';
import {
  bySection,
  CUT_SHORT_INTRO,
  failureHeadline,
  LEVEL_ORDER,
  gapsOf,
  placesSentence,
  unjudgedSentence,
  scopeGroups,
  shouldWarnings,
  VERDICT_ORDER,
  webhookLines,
  type Gap,
  type ScopeGroup,
} from './report-view';
import { PLACE_STATES, placeCellText, placeMatrix } from './place-matrix';
import { failureView, type FailureView } from './failure-view';
import { describeEvidence, type RuleVerdict, type RuleVerdictKind } from '../verdict/verdicts';
import { anchor, esc, list, ruleLink } from './html-parts';
import { banner } from './html-header';

const slug = (verdict: RuleVerdictKind) => verdict.replace(/ /g, '-');

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
      .map((g) => {
        const title = g.rules.length === 1 && g.rules[0] === g.title ? ruleLink(g.title) : esc(g.title);
        const named = g.rules.length > 1 || g.rules[0] !== g.title ? `: ${g.rules.map(ruleLink).join(', ')}` : '';
        return `<li><b>${title}</b>${named}${list(g.details)}</li>`;
      })
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
  const shouldFailed = warnings.length
    ? `<p><code>should</code> rules that failed (${strict}):</p><ul class="warnings">${warningItems.join('')}</ul>`
    : '<p>No <code>should</code> rule failed.</p>';
  const shouldUnjudged = shouldGaps.length
    ? `<p><code>should</code> rules this run did not judge:</p><ul class="gaps">${gapItems(shouldGaps)}</ul>`
    : '';
  return `<section id="weakens"><h2>What weakens it</h2>
${mustGaps}
${shouldFailed}
${shouldUnjudged}
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
  const gapList = gaps
    ? `<p>Places of <code>must</code> rules in scope without an evaluation:</p>` +
      `<ul class="gaps" id="unjudged-places">${gaps}</ul>`
    : '';
  const matrix = `Rule × place matrix (${rows.length} rules; places not judged first)`;
  const head = '<thead><tr><th>rule</th><th>level</th><th>places</th></tr></thead>';
  return `<section id="places"><h2>Places</h2>
<p>${esc(placesSentence(report.summary))}</p>
${gapList}
<details class="matrix"><summary>${matrix}</summary><p class="legend">${legend}</p>
<table class="places">${head}<tbody>${body}</tbody></table></details>
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

/** What a place's count in a rule's details is not: a place of no concern, a set-up, one no request provokes. */
function placeNote(p: RuleVerdict['places'][number]): string {
  if (p.concerned === false) return ' (not in its concerns)';
  if (p.setUp) return ' (set-up)';
  return p.unprovokable && !p.evaluations ? ' (not provokable)' : '';
}

function ruleRow(r: RuleVerdict): string {
  const failure = failureView(r);
  const body = [
    failure ? failureDetails(failure) : '',
    r.reasons.length ? `<p>Reasons:</p>${list(r.reasons)}` : '',
    r.tests.length ? `<p>Tests:</p>${list(r.tests)}` : '',
    r.evidence.operations.length ? `<p>Operations: ${esc(r.evidence.operations.join(', '))}</p>` : '',
    r.places.length
      ? `<p>Places: ${esc(r.places.map((p) => `${p.place} ${p.evaluations}${placeNote(p)}`).join(', '))}</p>`
      : '',
    r.observations.length ? `<p>Observed:</p>${list(r.observations)}` : '',
  ].join('');
  const attributes =
    `class="rule v-${slug(r.verdict)} level-${r.level}" id="${esc(anchor(r.id))}" ` +
    `data-verdict="${esc(r.verdict)}" data-level="${r.level}"`;
  const cells =
    `<div class="id">${esc(r.id)}</div><div class="level">${r.level}</div>` +
    `<div class="verdict">${esc(r.verdict)}</div><div class="evidence">${esc(describeEvidence(r))}</div>` +
    `<div class="statement">${esc(r.statement)}</div>`;
  return `<article ${attributes}>
${cells}
<details><summary>${SUMMARY[r.verdict]}</summary>${body}</details>
</article>`;
}

function filter(report: ConformanceReport): string {
  const box = (value: string, label: string, count: number) =>
    `<label><input type="checkbox" value="${esc(value)}" checked> ${esc(label)} (${count})</label>`;
  const verdicts = VERDICT_ORDER.map((v) => box(`v:${v}`, v, report.summary.counts[v])).join('');
  const levels = LEVEL_ORDER.map((l) => box(`l:${l}`, l, report.rules.filter((r) => r.level === l).length)).join('');
  return (
    `<form class="filter" aria-label="filter rules"><fieldset><legend>Verdict</legend>${verdicts}</fieldset>` +
    `<fieldset><legend>Level</legend>${levels}</fieldset><output id="shown"></output></form>`
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
  const columns = ['rule', 'level', 'verdict', 'evidence', 'statement'].map((c) => `<div>${c}</div>`).join('');
  return `<section id="rules"><h2>Rules by section</h2>
${filter(report)}
<div class="cols" aria-hidden="true">${columns}</div>
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
  const title =
    `CIS conformance: ${esc(summary.line.split(':')[0]!)} · ` + `${esc(header.baseUrl ?? '')} · ${esc(header.date)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
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
