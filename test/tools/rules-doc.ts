// docs/rules.md, the rules' reference, written from spec/rules.yaml (each rule's sentence, level, quotes,
// places, what makes it observable) and from the code that judges recorded traffic (harness/traffic/reach.ts,
// harness/traffic/rules/registry.ts), so the page cannot say what the sources do not. Deterministic: the
// same sources give the same bytes; `npm run docs` writes it (docs.ts), and a test fails when it is stale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, placesOf, type Rule, type Source } from '../../spec/catalogue';
import { ROOT } from '../../spec/root';
import { trafficReach } from '../../harness/traffic/reach';
import { TRAFFIC_RULES } from '../../harness/traffic/rules/registry';

export const RULES_DOC = join(ROOT, 'docs', 'rules.md');
const RULES_YAML = join(ROOT, 'spec', 'rules.yaml');

interface Group {
  title: string;
  anchor: string;
  rules: Rule[];
}

/** A heading less the issue it came from: "Boundary values: …" reads "Boundary values: …". */
const titleOf = (heading: string) =>
  heading
    .replace(/ ?\(issue \d+\)/, '')
    .replace(/\(issue \d+: /, '(')
    .trim();

/** The groups rules.yaml's own `# --- Title ---` lines make, in file order; a rule before any heading is "Rules". */
function groups(yaml: string): Group[] {
  const byId = new Map(catalogue.map((r) => [r.id, r]));
  const out: Group[] = [];
  for (const line of yaml.split('\n')) {
    const heading = /^ {2}# -{3} (.+?) -{3}\s*$/.exec(line);
    const id = /^ {2}- id: (\S+)/.exec(line)?.[1];
    if (heading) out.push({ title: titleOf(heading[1]!), anchor: '', rules: [] });
    if (id && byId.has(id)) {
      if (!out.length) out.push({ title: 'Rules', anchor: '', rules: [] });
      out[out.length - 1]!.rules.push(byId.get(id)!);
    }
  }
  const used = new Set<string>();
  return out
    .filter((g) => g.rules.length)
    .map((g) => {
      // The words before the § list: a short anchor that stays when the sections named change.
      const base = g.title
        .split(/[(:]/)[0]!
        .toLowerCase()
        .trim()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      let anchor = base || 'rules';
      for (let n = 2; used.has(anchor); n += 1) anchor = `${base}-${n}`;
      used.add(anchor);
      return { ...g, anchor };
    });
}

/** Markdown-safe text: `<` and `*` outside code spans would be read as HTML or emphasis. */
function text(s: string): string {
  return s
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;').replace(/\*/g, '\\*')))
    .join('');
}

const anchorOf = (id: string) => id.toLowerCase();

/** The modules of the traffic's registry that judge each rule. */
function trafficModules(): Map<string, string[]> {
  const modules = new Map<string, string[]>();
  for (const e of TRAFFIC_RULES) for (const id of e.judges) modules.set(id, [...(modules.get(id) ?? []), e.module]);
  return modules;
}

function onTraffic(rule: Rule, modules: string[]): string {
  const reach = trafficReach(rule);
  const link = (m: string) => `[${m}](../harness/traffic/${m.includes('/') ? m : `rules/${m}`}.ts)`;
  const by = modules.length ? ` (${modules.map(link).join(', ')})` : '';
  switch (reach.kind) {
    case 'exchange':
      return `judged on every recorded answer or delivery of its places${by}`;
    case 'request':
      return `judged where the traffic holds ${text(reach.shows)}${by}`;
    case 'sequence':
      return `judged where the traffic's order shows ${text(reach.shows)}${by}`;
    case 'delivery':
      return `judged on every recorded delivery of ${rule.concerns.join(', ')} (\`--webhooks\`)${by}`;
    case 'active':
      return 'not judged: it needs requests chosen to show it, or a delivery tied to its cause; an active run does';
  }
}

function sources(rule: Rule): Source[] {
  return rule.source === undefined ? [] : Array.isArray(rule.source) ? rule.source : [rule.source];
}

function places(rule: Rule): string {
  return placesOf(rule)
    .map((p) => {
      if (p.setUp) return `\`${p.place}\` (sets it up: ${text(p.setUp)})`;
      if (p.unprovokable) return `\`${p.place}\` (not provokable: ${text(p.unprovokable)})`;
      return `\`${p.place}\``;
    })
    .join(', ');
}

function block(rule: Rule, modules: string[]): string[] {
  const list = (names: readonly string[] | undefined) => (names ?? []).map((n) => `\`${n}\``).join(', ');
  return [
    `### ${rule.id}`,
    '',
    `**${rule.level}** · §${rule.section} · ${text(rule.statement)}`,
    '',
    ...sources(rule).map((s) => `> §${s.section}: "${text(s.quote)}"  `),
    ...(sources(rule).length ? [''] : []),
    `- Places: ${places(rule) || '(none)'}`,
    `- Observed: ${text(rule.observable)}`,
    ...(rule.needs?.length ? [`- Needs: ${list(rule.needs)} (skipped without)`] : []),
    ...(rule.evidenceFrom?.length ? [`- Evidence from: ${list(rule.evidenceFrom)}`] : []),
    ...(rule.toObserve ? [`- To observe: ${text(rule.toObserve)}`] : []),
    `- On recorded traffic: ${onTraffic(rule, modules)}`,
    '',
  ];
}

const count = (rules: readonly Rule[], level: Rule['level']) => rules.filter((r) => r.level === level).length;

/** The page, from the sources as they are now. */
export function rulesDoc(): string {
  const yaml = readFileSync(RULES_YAML, 'utf8');
  const version = /^version:\s*(\S+)/m.exec(yaml)?.[1] ?? '';
  const modules = trafficModules();
  const all = groups(yaml);
  const onTrafficCount = catalogue.filter((r) => trafficReach(r).kind !== 'active').length;
  return [
    '<!-- Generated by `npm run docs` (test/tools/rules-doc.ts) from spec/rules.yaml and harness/traffic/.',
    '     Do not edit. -->',
    `# The rules (CIS ${version})`,
    '',
    `${catalogue.length} rules: ${count(catalogue, 'must')} must, ${count(catalogue, 'should')} should, ` +
      `${count(catalogue, 'observe')} observe; ${onTrafficCount} can be judged on recorded traffic (\`judge\`).`,
    'Each names its level (**must**: a sentence of the spec states it, quoted below; **should**: the contract',
    'implies it, a warning unless `--strict`; **observe**: reported only), its section, its places (operations',
    'and webhooks, each judged on its own), how the harness observes it, the capabilities it needs (skipped',
    'without) or that bring about its evidence, and how `carrier-conformance judge` judges it on a recording.',
    'Reading the verdicts: [reading-the-report.md](reading-the-report.md); one rule through the code:',
    '`npm run rule -- RULE-ID`.',
    '',
    '## Contents',
    '',
    ...all.map(
      (g) =>
        `- [${text(g.title)}](#${g.anchor}) (${g.rules.length}): ` +
        g.rules.map((r) => `[${r.id}](#${anchorOf(r.id)})`).join(', '),
    ),
    '',
    ...all.flatMap((g) => [
      `<a id="${g.anchor}"></a>`,
      '',
      `## ${text(g.title)}`,
      '',
      ...g.rules.flatMap((r) => block(r, modules.get(r.id) ?? [])),
    ]),
  ].join('\n');
}
