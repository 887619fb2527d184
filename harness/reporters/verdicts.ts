// From what the tests did to a verdict per rule. Pure functions over plain records, so the rules of
// judgement are tested without running Playwright.
import type { Level, Rule } from '../../spec/catalogue';

export type TestStatus = 'passed' | 'failed' | 'skipped' | 'timedOut' | 'interrupted';

export interface TestRecord {
  title: string;
  file: string;
  /** Rule ids the test names (title and annotations). */
  rules: string[];
  status: TestStatus;
  skipReason?: string;
  errors: string[];
  /** Check failures recorded while the test ran: "RULE-ID operation: ...\ncurl ...". */
  violations: string[];
  observations: string[];
  notObservable: string[];
  webhookWaits: { kind: string; ms: number }[];
}

export type Verdict = 'passed' | 'failed' | 'not observable' | 'skipped' | 'not exercised';

export interface RuleVerdict {
  id: string;
  section: string;
  statement: string;
  level: Level;
  verdict: Verdict;
  /** Why it was skipped or not observable. */
  reasons: string[];
  tests: string[];
  failure?: string;
  curl?: string;
  observations: string[];
}

export interface Summary {
  verdict: 'CONFORMANT' | 'NOT CONFORMANT';
  counts: Record<Verdict, number>;
  failedMust: string[];
  mustNotExercised: string[];
}

const RULE_AT_LINE_START = /^\s*(?:Error:\s*)?([A-Z]{2,5}(?:-[A-Z0-9]+)+)\b/gm;

/** The rule ids an error message names at the start of one of its lines. */
export function rulesInMessage(message: string, known: Set<string>): string[] {
  return [...message.matchAll(RULE_AT_LINE_START)].map((m) => m[1]!).filter((id) => known.has(id));
}

function curlIn(message: string): string | undefined {
  return /(?:reproduce: |^)(curl .+)$/m.exec(message)?.[1];
}

function firstLine(message: string): string {
  return message.replace(/^\s*Error:\s*/, '').split('\n').find((l) => l.trim())?.trim() ?? message;
}

/** Each failure message of the run with the rule it counts against. */
function attributedFailures(tests: TestRecord[], known: Set<string>): { rule: string; message: string; test: string }[] {
  const found: { rule: string; message: string; test: string }[] = [];
  for (const t of tests) {
    for (const v of t.violations) {
      const [rule] = rulesInMessage(v, known);
      if (rule) found.push({ rule, message: v, test: t.title });
    }
    if (t.status !== 'failed' && t.status !== 'timedOut') continue;
    for (const error of t.errors) {
      const named = rulesInMessage(error, known);
      // A check failure is already a violation of its rule; other errors belong to the rules they name,
      // or to the test's own rule.
      const rules = named.length ? [named[0]!] : [t.rules[0] ?? 'UNATTRIBUTED'];
      for (const rule of rules) {
        if (!t.violations.some((v) => error.includes(firstLine(v)))) found.push({ rule, message: error, test: t.title });
      }
    }
  }
  return found;
}

/**
 * `selected` says which rules the run was asked about (--rules); `partial` that only some suites ran
 * (--only), so a rule without tests in the run was left out rather than never written.
 */
export function judgeRules(catalogue: readonly Rule[], tests: TestRecord[], selected?: (id: string) => boolean, partial?: string): RuleVerdict[] {
  const known = new Set(catalogue.map((r) => r.id));
  const failures = attributedFailures(tests, known);
  return catalogue.map((rule) => {
    const naming = tests.filter((t) => t.rules.includes(rule.id));
    const observations = tests.flatMap((t) => t.observations.filter((o) => o.startsWith(`${rule.id} `) || o.startsWith(`${rule.id}:`)).map((o) => o.replace(/^\S+:?\s*/, '')));
    const base = { id: rule.id, section: rule.section, statement: rule.statement, level: rule.level, tests: naming.map((t) => t.title), observations: [...new Set(observations)] };
    const failed = failures.filter((f) => f.rule === rule.id);
    if (failed.length) {
      const first = failed[0]!;
      const failure = `${firstLine(first.message)} (${first.test})`;
      // An observe rule never fails the run: what stopped its test is the reason nothing was observed.
      if (rule.level === 'observe') return { ...base, verdict: 'not observable', reasons: [failure] };
      const curl = curlIn(first.message);
      return { ...base, verdict: 'failed', reasons: [], failure, ...(curl ? { curl } : {}) };
    }
    if (selected && !selected(rule.id)) return { ...base, verdict: 'skipped', reasons: ['not selected (--rules)'] };
    if (naming.length === 0 && partial) return { ...base, verdict: 'skipped', reasons: [`not in the suites selected (${partial})`] };
    if (naming.length === 0) return { ...base, verdict: 'not exercised', reasons: ['no test names this rule'] };
    const ran = naming.filter((t) => t.status !== 'skipped' && t.status !== 'interrupted');
    if (ran.length === 0) {
      const reasons = [...new Set(naming.map((t) => t.skipReason ?? 'skipped'))];
      return { ...base, verdict: 'skipped', reasons };
    }
    const unobservable = ran.map((t) => t.notObservable.filter((n) => n.startsWith(`${rule.id}:`)).map((n) => n.slice(rule.id.length + 1).trim()));
    if (unobservable.every((reasons) => reasons.length > 0)) {
      return { ...base, verdict: 'not observable', reasons: [...new Set(unobservable.flat())] };
    }
    return { ...base, verdict: 'passed', reasons: [] };
  });
}

export function summarize(verdicts: RuleVerdict[]): Summary {
  const counts: Record<Verdict, number> = { passed: 0, failed: 0, 'not observable': 0, skipped: 0, 'not exercised': 0 };
  for (const v of verdicts) counts[v.verdict] += 1;
  const failedMust = verdicts.filter((v) => v.level === 'must' && v.verdict === 'failed').map((v) => v.id);
  return {
    verdict: failedMust.length ? 'NOT CONFORMANT' : 'CONFORMANT',
    counts,
    failedMust,
    mustNotExercised: verdicts.filter((v) => v.level === 'must' && v.verdict !== 'passed' && v.verdict !== 'failed').map((v) => v.id),
  };
}

export function median(values: number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
