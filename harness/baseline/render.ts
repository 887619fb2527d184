// A comparison as Markdown: the header, the gate, then each change with the evidence of a new failure.
import { gateLine, type Comparison } from './compare';

const ORDER = [
  'newly failed',
  'newly not observable',
  'scope lost',
  'fixed',
  'scope gained',
  'new rule',
  'removed rule',
] as const;

/** `reports/conformance.json (2026-01-15) — CONFORMANT …`: a compared certificate as the comparison names it. */
function certificateText(c: Comparison['old']): string {
  return `${c.path}${c.date ? ` (${c.date})` : ''}${c.line ? ` — ${c.line}` : ''}`;
}

export function comparisonMarkdown(comparison: Comparison): string {
  const lines = [
    '# carrier-conformance: what changed',
    '',
    `- before: ${certificateText(comparison.old)}`,
    `- after: ${certificateText(comparison.new)}`,
    ...comparison.notes.map((n) => `- note: ${n}`),
    '',
    `**${gateLine(comparison)}**`,
    '',
  ];
  if (comparison.changes.length === 0) lines.push('No change: every rule is where it was.');
  for (const kind of ORDER) {
    const changes = comparison.changes.filter((c) => c.kind === kind);
    if (!changes.length) continue;
    lines.push(`## ${kind} (${changes.length})`, '');
    for (const c of changes) {
      lines.push(`- ${c.id} (${c.level}): ${c.from} → ${c.to}`);
      if (c.evidence) lines.push(`  - ${c.evidence.split('\n')[0]}`);
    }
    lines.push('');
  }
  return lines.join('\n') + '\n';
}
