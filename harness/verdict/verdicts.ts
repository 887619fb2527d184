// From the evidence the tests recorded to a verdict per rule. Pure functions over plain records, so the
// rules of judgement are tested without running Playwright. A rule passes only on evidence: at least
// one evaluation from a test that ran to its end, none failed. Nothing here reads titles or messages to decide.
import type { RuleEvidence, TestEvidence } from '../evidence/log';
import { placesOf, type Level, type Rule } from '../../spec/catalogue';
import { exercisedPlaces, placeVerdicts, type PlaceVerdict } from './places';
import { cutShortCause, cutShortReason, skippedAsAlreadyDecided } from './cut-short';
import type { TestRecord } from './test-record';

/**
 * The verdict's reasons judgeRules gives a rule the run was narrowed away from (--rules, --only,
 * --shard), the last for a rule selected whose places only other rules' tests would have exercised.
 */
export const SELECTION_REASONS = [
  'not selected (--rules)',
  'not in the suites selected',
  'in another shard',
  'not exercised by the rules selected',
];

export type RuleVerdictKind = 'passed' | 'failed' | 'not observable' | 'skipped' | 'not exercised';

/** How much stands behind a verdict. */
export interface EvidenceCount {
  evaluations: number;
  failed: number;
  tests: number;
  operations: string[];
  /** Of `evaluations`, those made in tests cut short: seen, but never enough for a pass. */
  cutShort?: number;
}

export interface RuleVerdict {
  id: string;
  section: string;
  statement: string;
  level: Level;
  verdict: RuleVerdictKind;
  /** Why it was skipped or not observable. */
  reasons: string[];
  /** Tests that name the rule or judged it. */
  tests: string[];
  evidence: EvidenceCount;
  failure?: string;
  curl?: string;
  /** The reports/exchanges.har entries (`_id`, the position) the first failure was about. */
  harEntries?: number[];
  observations: string[];
  /** Not observable only because of a choice the spec leaves the target (every test said so): no gap in the scope. */
  notApplicable?: true;
  /** Each place of its concerns (each form), with its evaluations or why it has none; then any other place evidence was
   * recorded at. */
  places: PlaceVerdict[];
}

const EMPTY_EVIDENCE: TestEvidence = { rules: {}, observations: {}, notObservable: {} };

/** The test's own words on why it could not judge the rule, or what stopped it before. */
function reasonsWithoutEvidence(rule: string, test: TestRecord): string[] {
  const own = test.evidence.notObservable[rule] ?? [];
  if (own.length) return own;
  if (skippedAsAlreadyDecided(test)) return [`not reached: ${test.skipReason} (${test.title})`];
  if (test.status === 'passed') return [];
  // Before the rule that stopped it: a test that failed softly and then timed out was ended by its timeout.
  const cause = cutShortCause(test);
  if (cause) return [cutShortReason(test, cause)];
  const stoppedBy = test.evidence.stoppedBy;
  if (stoppedBy) return [`not reached: the test stopped at ${stoppedBy}, which failed (${test.title})`];
  return [`not reached: the test stopped: ${test.errors[0] ?? test.status} (${test.title})`];
}

const evaluationsOf = (evidence: RuleEvidence[]) => evidence.reduce((n, e) => n + e.passed + e.failed, 0);

function sum(evidence: RuleEvidence[], tests: number, cutShort: RuleEvidence[]): EvidenceCount {
  const partial = evaluationsOf(cutShort);
  return {
    evaluations: evaluationsOf(evidence),
    failed: evidence.reduce((n, e) => n + e.failed, 0),
    tests,
    operations: [...new Set(evidence.flatMap((e) => e.operations))].sort(),
    ...(partial ? { cutShort: partial } : {}),
  };
}

/**
 * `selected` says which rules the run was asked about (--rules); `leftOut`, why a rule no test of the
 * run names was left out rather than never written (only some suites ran, or this is one shard).
 * A narrowed run answers for what it evaluated (places.ts): the places it did not are out of its scope.
 */
export function judgeRules(
  catalogue: readonly Rule[],
  tests: TestRecord[],
  selected?: (id: string) => boolean,
  leftOut?: string,
): RuleVerdict[] {
  const narrowed = leftOut ?? (selected ? `${SELECTION_REASONS[3]} (--rules)` : undefined);
  const exercised = exercisedPlaces(tests.flatMap((t) => Object.values(t.evidence.rules)));
  return catalogue.map((rule) => {
    const decided = decide(rule, tests, selected, leftOut);
    const concerned = placesOf(rule).filter((p) => !p.setUp && !p.unprovokable);
    // Narrowed: a rule nothing judged, none of whose places the run exercised, was left out by the selection.
    const leftOutHere =
      !!narrowed &&
      decided.verdict === 'not observable' &&
      !decided.notApplicable &&
      concerned.length > 0 &&
      concerned.every((p) => !exercised.has(p.place));
    const verdict: Omit<RuleVerdict, 'places'> = leftOutHere
      ? {
          ...decided,
          verdict: 'skipped',
          reasons: [
            `${narrowed}: none of its places was exercised (${concerned.map((p) => p.place).join(', ')})`,
            ...decided.reasons,
          ],
        }
      : decided;
    const selectedAway =
      verdict.verdict === 'skipped' && verdict.reasons.some((r) => SELECTION_REASONS.some((s) => r.startsWith(s)));
    const evidence = tests.flatMap((t) => t.evidence.rules[rule.id] ?? []);
    const notObservable = tests.flatMap((t) => t.evidence.notObservable[rule.id] ?? []);
    const context = {
      verdict: verdict.verdict,
      reasons: verdict.reasons,
      selectedAway,
      notObservable,
      ...(narrowed ? { narrowed } : {}),
    };
    return { ...verdict, places: placeVerdicts(rule, evidence, context) };
  });
}

/** One rule's verdict on the evidence of the run's tests. */
function decide(
  rule: Rule,
  tests: TestRecord[],
  selected?: (id: string) => boolean,
  leftOut?: string,
): Omit<RuleVerdict, 'places'> {
  const judged = tests.filter((t) => t.evidence.rules[rule.id]);
  // Cut short: what such a test saw fails a rule, but never passes one on its own.
  const partly = judged.filter((t) => cutShortCause(t));
  const naming = tests.filter((t) => t.rules.includes(rule.id));
  const ruleEvidence = (of: TestRecord[]) => of.map((t) => t.evidence.rules[rule.id]!);
  const evidence = sum(ruleEvidence(judged), judged.length, ruleEvidence(partly));
  const observations = [...new Set(tests.flatMap((t) => t.evidence.observations[rule.id] ?? []))];
  const titles = [...new Set([...naming, ...judged].map((t) => t.title))];
  const base = {
    id: rule.id,
    section: rule.section,
    statement: rule.statement,
    level: rule.level,
    tests: titles,
    evidence,
    observations,
  };

  // A run restricted with --rules answers for the rules asked about only, whatever else it saw on the way.
  if (selected && !selected(rule.id)) return { ...base, verdict: 'skipped', reasons: [SELECTION_REASONS[0]!] };
  const failing = judged.find((t) => t.evidence.rules[rule.id]!.failed > 0);
  if (failing) {
    const first = failing.evidence.rules[rule.id]!.firstFailure!;
    const failure = `${first.message.split('\n')[0]} (${failing.title})`;
    // An observe rule never fails the run: what it saw goes under observed choices.
    if (rule.level === 'observe')
      return {
        ...base,
        verdict: 'passed',
        reasons: [],
        observations: [...observations, `answered against expectation: ${failure}`],
      };
    const harEntries = failing.harEntries?.[rule.id];
    return {
      ...base,
      verdict: 'failed',
      reasons: [],
      failure: first.message,
      ...(first.curl ? { curl: first.curl } : {}),
      ...(harEntries ? { harEntries } : {}),
    };
  }
  const wholeEvaluations = evidence.evaluations - (evidence.cutShort ?? 0);
  if (wholeEvaluations > 0 || (rule.level === 'observe' && observations.length > 0))
    return { ...base, verdict: 'passed', reasons: [] };

  if (naming.length === 0 && partly.length === 0 && leftOut) return { ...base, verdict: 'skipped', reasons: [leftOut] };
  if (naming.length === 0 && partly.length === 0)
    return { ...base, verdict: 'not exercised', reasons: ['no test names this rule'] };
  const ran = [
    ...new Set([
      ...naming.filter(
        (t) => t.status !== 'skipped' || skippedAsAlreadyDecided(t) || t.evidence.notObservable[rule.id],
      ),
      ...partly,
    ]),
  ];
  if (ran.length === 0)
    return { ...base, verdict: 'skipped', reasons: [...new Set(naming.map((t) => t.skipReason ?? 'skipped'))] };
  const reasons = [...new Set(ran.flatMap((t) => reasonsWithoutEvidence(rule.id, t)))];
  const byChoice = ran.every((t) => t.evidence.notApplicable?.[rule.id]?.length);
  return {
    ...base,
    verdict: 'not observable',
    reasons: reasons.length
      ? reasons
      : [`nothing was judged against it: the target gave nothing to judge in ${ran.length} test(s)`],
    ...(byChoice ? { notApplicable: true as const } : {}),
  };
}

/** `passed — 37 evaluations in 5 tests, 3 operations` */
export function describeEvidence(v: RuleVerdict): string {
  const { evaluations, failed, tests, operations, cutShort } = v.evidence;
  if (evaluations === 0) return v.observations.length ? `${v.observations.length} observation(s)` : 'no evaluation';
  const ops = operations.length ? `, ${operations.length} operation${operations.length === 1 ? '' : 's'}` : '';
  const failures = failed ? `${failed} of ` : '';
  const partial = cutShort ? `; ${cutShort} in tests cut short` : '';
  return (
    `${failures}${evaluations} evaluation${evaluations === 1 ? '' : 's'}${failed ? ' failed' : ''} in ${tests} ` +
    `test${tests === 1 ? '' : 's'}${ops}${partial}`
  );
}

export { EMPTY_EVIDENCE };

export function median(values: number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
