// The certificate page's inline style and script. Inline because the page must stand alone: it is kept,
// mailed and opened offline, with no asset beside it.

/**
 * Nothing may be wider than the window: every rule is a grid whose columns can shrink (minmax(0, …)),
 * and long curl lines, URLs and ids wrap anywhere. Print expands every detail and drops the filter.
 */
export const STYLE = `
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1f2328;background:#fff}
main,header.cert{max-width:1240px;margin:0 auto;padding:0 20px}
a{color:#0969da}
code,pre,.id{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;border:1px solid #d0d7de;border-radius:4px;
  padding:6px 8px;margin:4px 0}
code,a,dd,li,.id,.statement{overflow-wrap:anywhere}
header.cert{padding-top:18px;padding-bottom:14px}
.banner{border-radius:8px;padding:14px 20px;border:2px solid}
.banner.pass{background:#dafbe1;border-color:#1a7f37}.banner.fail{background:#ffebe9;border-color:#cf222e}
.banner.inconclusive{background:#fff8c5;border-color:#9a6700}
.since-baseline{margin:10px 0;padding:8px 16px;border-radius:8px;border:1px solid;font-size:14px}
.since-baseline h2{font-size:15px;margin:4px 0}.since-baseline .gate{font-weight:600;margin:4px 0}
.since-baseline ul{margin:4px 0;padding-left:20px}
.since-baseline.pass{border-color:#1a7f37;background:#f6fff8}
.since-baseline.fail{border-color:#cf222e;background:#fff6f5}
.kicker{margin:0;font-size:13px;letter-spacing:.04em;text-transform:uppercase;color:#57606a}
h1{margin:2px 0 4px;font-size:46px;line-height:1.1;letter-spacing:.01em}
.pass h1{color:#1a7f37}.fail h1{color:#cf222e}.inconclusive h1{color:#9a6700}
.line{margin:0 0 4px;font-size:17px;font-weight:600}
.scope{margin:10px 0 0;font-size:12.5px}
.scope-head{margin:0 0 4px}
.legend{margin-left:8px;color:#57606a}.key{margin-right:10px;white-space:nowrap}
.key .seg{display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:-1px}
.sgrid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:2px 24px}
.srow{display:grid;grid-template-columns:5.5rem minmax(0,10rem) minmax(0,1fr);gap:8px;align-items:center;min-width:0}
.bar{display:flex;height:10px;background:#eaeef2;border-radius:3px;overflow:hidden}
.seg.judged{background:#1a7f37}.seg.outOfScope{background:#afb8c1}.seg.notObservable{background:#bf8700}
.seg.notApplicable{background:#d0d7de}
.stext{color:#57606a;overflow-wrap:anywhere}
.why{margin:0;font-size:16px}
.counts{margin:8px 0 0;display:flex;flex-wrap:wrap;gap:6px}
.chip{border-radius:12px;padding:1px 10px;background:#fff;border:1px solid #d0d7de;font-size:13px}
dl.facts{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:8px 18px;margin:14px 0 0}
dl.facts div{min-width:0}
dt{font-size:12px;color:#57606a}
dd{margin:0;font-weight:600}
h2{margin:26px 0 8px;padding-bottom:4px;border-bottom:1px solid #d0d7de}
h3{margin:18px 0 4px;font-size:15px}
.gaps li,.warnings li{margin:4px 0}
/* A rule id in a list reads whole: lines break between ids, not at their hyphens. */
.gaps a,.warnings a,.why a{white-space:nowrap}
.filter{position:sticky;top:0;z-index:1;background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:6px 10px;
  display:flex;flex-wrap:wrap;gap:4px 14px;align-items:center}
.filter fieldset{border:0;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px 10px}
.filter legend{float:left;font-weight:600;margin-right:6px}
.filter output{margin-left:auto;color:#57606a}
.cols,.rule{display:grid;
  grid-template-columns:minmax(0,17rem) minmax(0,4.5rem) minmax(0,8.5rem) minmax(0,14rem) minmax(0,1fr);gap:0 12px}
.cols{font-size:12px;color:#57606a;padding:10px 8px 2px}
/* Links to a rule land below the sticky filter, not under it. */
.rule{padding:6px 8px;border-top:1px solid #eaeef2;scroll-margin-top:110px}
.rule>*{min-width:0}
.rule>details{grid-column:1/-1;margin-top:2px}
summary{cursor:pointer;color:#57606a;font-size:13px}
details dl{display:grid;grid-template-columns:minmax(0,8rem) minmax(0,1fr);gap:2px 10px;margin:6px 0}
details dd{font-weight:normal}
.verdict{font-weight:600}
.v-passed .verdict{color:#1a7f37}.v-failed .verdict{color:#cf222e}.v-failed{background:#fff8f7}
.v-not-observable .verdict,.v-skipped .verdict{color:#57606a}.v-not-exercised .verdict{color:#9a6700}
.level-must .level{font-weight:600}
table.places{border-collapse:collapse;width:100%;table-layout:fixed}
table.places th{text-align:left;font-size:12px;color:#57606a;font-weight:normal}
table.places td{border-top:1px solid #eaeef2;padding:3px 6px;vertical-align:top;overflow-wrap:anywhere}
table.places th:first-child{width:17rem}table.places th:nth-child(2){width:4.5rem}
.pl{display:inline-block;border-radius:10px;padding:0 7px;margin:1px 0;font-size:12px;border:1px solid #d0d7de;
  white-space:nowrap;max-width:100%;overflow:hidden;text-overflow:ellipsis}
.p-not-judged{background:#fff8c5;border-color:#bf8700}.p-out-of-scope{background:#f6f8fa;color:#57606a}
.p-failed{background:#ffebe9;border-color:#cf222e}
.p-judged{background:#dafbe1;border-color:#1a7f37}
.p-not-provokable,.p-set-up,.p-elsewhere{background:#fff;color:#57606a;border-style:dashed}
@media screen{.hidden{display:none!important}}
@media (max-width:860px){
  .cols{display:none}.rule{grid-template-columns:minmax(0,1fr)}
  dl.facts{grid-template-columns:repeat(2,minmax(0,1fr))}.sgrid{grid-template-columns:minmax(0,1fr)}
}
@media print{
  .filter,.cols{display:none}
  body{font-size:11px}
  h1{font-size:32px}
  .rule{break-inside:avoid}
  details::details-content{content-visibility:visible;display:block}
  summary{list-style:none}
}
`;

/**
 * The filter: each rule carries data-verdict and data-level, and a rule whose verdict or level is
 * unchecked gets the class `hidden` (screen only: paper shows every rule, since the filter is not printed).
 */
export const SCRIPT = `
(() => {
  const boxes = [...document.querySelectorAll('.filter input')];
  const rules = [...document.querySelectorAll('.rule')];
  const shown = document.getElementById('shown');
  function apply() {
    const on = new Set(boxes.filter((b) => b.checked).map((b) => b.value));
    let n = 0;
    for (const r of rules) {
      const hide = !on.has('v:' + r.dataset.verdict) || !on.has('l:' + r.dataset.level);
      r.classList.toggle('hidden', hide);
      if (!hide) n++;
    }
    for (const s of document.querySelectorAll('.sec'))
      s.classList.toggle('hidden', !s.querySelector('.rule:not(.hidden)'));
    shown.textContent = n + ' of ' + rules.length + ' rules shown';
  }
  // A link to a rule (from the verdict or from what weakens it) shows it whatever the filter, opened.
  function reveal() {
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!target || !target.classList.contains('rule')) return;
    for (const b of boxes)
      if (b.value === 'v:' + target.dataset.verdict || b.value === 'l:' + target.dataset.level) b.checked = true;
    apply();
    const details = target.querySelector('details');
    if (details) details.open = true;
    target.scrollIntoView();
  }
  // Paper has no clicks: every detail is printed open, and those opened for it close again afterwards.
  const opened = [];
  addEventListener('beforeprint', () => {
    for (const d of document.querySelectorAll('details:not([open])')) { d.open = true; opened.push(d); }
  });
  addEventListener('afterprint', () => { for (const d of opened.splice(0)) d.open = false; });
  for (const b of boxes) b.addEventListener('change', apply);
  addEventListener('hashchange', reveal);
  apply();
  reveal();
})();
`;
