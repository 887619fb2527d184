// Two certificates compared rule by rule: what got worse, what got better, what moved in or out of
// scope. Pure: the CLI's `compare`, a run's --baseline gate and their tests all read it here.
import type { CertificateFile } from './certificate-file';

/** A rule's state in one certificate, as a comparison sees it. */
export type RuleState = 'passed' | 'failed' | 'not observable' | 'out of scope' | 'not judged' | 'absent';

export type ChangeKind =
  'newly failed' | 'fixed' | 'newly not observable' | 'scope lost' | 'scope gained' | 'new rule' | 'removed rule';

export interface RuleChange {
  id: string;
  level: string;
  kind: ChangeKind;
  from: RuleState;
  to: RuleState;
  /** The new failure's message, for a newly failed rule. */
  evidence?: string;
}

export interface Comparison {
  old: { path: string; date?: string; line?: string };
  new: { path: string; date?: string; line?: string };
  /** Why the two are compared rule by rule only: another rule set or OpenAPI document. */
  notes: string[];
  changes: RuleChange[];
  /** `must` rules that fail now and did not before: a regression. */
  regressions: string[];
  /** Rules that failed before and fail still. */
  known: string[];
  fixed: string[];
}

type Rule = CertificateFile['rules'][number];

function stateOf(certificate: CertificateFile, rule: Rule | undefined): RuleState {
  if (!rule) return 'absent';
  if (rule.verdict === 'passed' || rule.verdict === 'failed') return rule.verdict;
  if (certificate.summary.scope?.outOfScope?.some((e) => e.id === rule.id)) return 'out of scope';
  if (rule.verdict === 'not observable') return 'not observable';
  return 'not judged';
}

const judged = (state: RuleState) => state === 'passed' || state === 'failed';

function kindOf(from: RuleState, to: RuleState): ChangeKind | undefined {
  if (from === 'absent') return to === 'failed' ? 'newly failed' : 'new rule';
  if (to === 'absent') return 'removed rule';
  if (to === 'failed' && from !== 'failed') return 'newly failed';
  if (from === 'failed' && to === 'passed') return 'fixed';
  if (from === 'passed' && to === 'not observable') return 'newly not observable';
  if (judged(from) && to === 'out of scope') return 'scope lost';
  if (from === 'out of scope' && judged(to)) return 'scope gained';
  return undefined;
}

export function compareCertificates(before: CertificateFile, after: CertificateFile): Comparison {
  const notes: string[] = [];
  for (const [key, what] of [
    ['rulesDigest', 'rule sets'],
    ['openapiDigest', 'OpenAPI documents'],
    ['specVersion', 'spec versions'],
  ] as const) {
    const a = before.header[key];
    const b = after.header[key];
    if (a && b && a !== b)
      notes.push(`the two certificates come from different ${what} (${a} and ${b}): compared rule by rule`);
  }
  const old = new Map(before.rules.map((r) => [r.id, r]));
  const now = new Map(after.rules.map((r) => [r.id, r]));
  const changes: RuleChange[] = [];
  for (const id of new Set([...old.keys(), ...now.keys()])) {
    const from = stateOf(before, old.get(id));
    const to = stateOf(after, now.get(id));
    const kind = kindOf(from, to);
    if (!kind) continue;
    const failure = now.get(id)?.failure;
    changes.push({
      id,
      level: (now.get(id) ?? old.get(id))!.level,
      kind,
      from,
      to,
      ...(kind === 'newly failed' && failure ? { evidence: failure } : {}),
    });
  }
  const failedIn = (c: CertificateFile) => new Set(c.rules.filter((r) => r.verdict === 'failed').map((r) => r.id));
  const wasFailing = failedIn(before);
  return {
    old: {
      path: before.path,
      ...(before.header.date ? { date: before.header.date } : {}),
      ...(before.summary.line ? { line: before.summary.line } : {}),
    },
    new: {
      path: after.path,
      ...(after.header.date ? { date: after.header.date } : {}),
      ...(after.summary.line ? { line: after.summary.line } : {}),
    },
    notes,
    changes,
    regressions: changes.filter((c) => c.kind === 'newly failed' && c.level === 'must').map((c) => c.id),
    known: [...failedIn(after)].filter((id) => wasFailing.has(id)),
    fixed: changes.filter((c) => c.kind === 'fixed').map((c) => c.id),
  };
}

/** The gate against a baseline, in one line: passed when no `must` rule regressed. */
export function gateLine(comparison: Comparison): string {
  const of = `baseline of ${comparison.old.date?.slice(0, 10) ?? comparison.old.path}`;
  const known = comparison.known.length
    ? ` (${comparison.known.length} known failure${comparison.known.length === 1 ? '' : 's'}: ` +
      `${comparison.known.join(', ')})`
    : '';
  if (comparison.regressions.length === 0) return `gate: passed — no regression against ${of}${known}`;
  return (
    `gate: failed — ${comparison.regressions.length} must ` +
    `rule${comparison.regressions.length === 1 ? '' : 's'} regressed against ${of}: ` +
    `${comparison.regressions.join(', ')}${known}`
  );
}
