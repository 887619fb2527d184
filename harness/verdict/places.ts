// Where each rule was judged, against where the spec makes it hold: the places of its `concerns`
// (rules.yaml; cancelParcel once per form, spec/catalogue.ts FORMS). A rule judged in the one place the
// harness first thought of passes a service that breaks it in another, so every place is counted, and
// one without an evaluation is named with the reason. Pure functions over plain records: the verdict
// code (verdicts.ts) builds the places, the certificate (certificate.ts) counts them.
import { placesOf, type Rule } from '../../spec/catalogue';
import { UNPLACED, type RuleEvidence } from '../evidence/log';

export interface PlaceVerdict {
  /** `<operationId or webhook>[ <form>]`, or UNPLACED for evaluations that named no place. */
  place: string;
  evaluations: number;
  failed: number;
  /** Where nothing was evaluated: why. */
  reason?: string;
  /** Evidence at a place the rule's concerns do not name (or with no form where the spec gives two): kept, never
   * counted. */
  concerned?: false;
  /** rules.yaml `setUp`: the place only sets the rule up; shown, never counted as judged or missing. */
  setUp?: true;
  /** rules.yaml `unprovokable`: no request the spec gives brings the rule about here; judged if the target did, never
   * missing. */
  unprovokable?: true;
  /** The run's selection (--only, --rules, a shard) did not exercise it: out of scope, no gap. */
  outOfScope?: 'selection';
}

export interface PlaceContext {
  /** The rule's verdict and reasons: where it was not judged at all, its places say why. */
  verdict: string;
  reasons: readonly string[];
  /** Why the run's selection leaves things out (`not in the suites selected (lockers)`), when it was narrowed. */
  narrowed?: string;
  /** The rule itself was left out by the selection (its verdict's first reason says how). */
  selectedAway?: boolean;
  /**
   * What the tests said they could not judge the rule by (notObservable), passed or not: a reason
   * written `<place>: …` belongs to that place, whatever the rule's verdict.
   */
  notObservable?: readonly string[];
}

export const NO_EVALUATION = 'no evaluation recorded at this place';

function counted(evidence: readonly RuleEvidence[]): Map<string, { evaluations: number; failed: number }> {
  const counts = new Map<string, { evaluations: number; failed: number }>();
  for (const e of evidence) {
    for (const [place, c] of Object.entries(e.places ?? {})) {
      const count = counts.get(place) ?? { evaluations: 0, failed: 0 };
      count.evaluations += c.passed + c.failed;
      count.failed += c.failed;
      counts.set(place, count);
    }
  }
  return counts;
}

/**
 * Why nothing was evaluated at a concerned place. A narrowed run (--only, --rules, a shard) answers for
 * what it evaluated only: whatever it did not is out of its scope, since the tests left out may be the
 * ones that judge it there (the full run shows the gaps). Otherwise a rule not judged at all says why,
 * and a judged rule's place without an evaluation is a gap.
 */
function reasonAt(
  place: string,
  others: readonly string[],
  context: PlaceContext,
): Pick<PlaceVerdict, 'reason' | 'outOfScope'> {
  if (context.selectedAway)
    return {
      reason: `out of scope: ${context.reasons[0] ?? context.narrowed ?? 'not selected'}`,
      outOfScope: 'selection',
    };
  if (context.narrowed) return { reason: `out of scope: ${context.narrowed}`, outOfScope: 'selection' };
  const own = reasonsOf(place, context.notObservable ?? []);
  if (own.length) return { reason: `not observable: ${own.join('; ')}` };
  if (context.verdict === 'passed' || context.verdict === 'failed') return { reason: NO_EVALUATION };
  // Reasons another place owns say nothing about this one.
  const general = context.reasons.filter((r) => !others.some((o) => r.startsWith(`${o}: `)));
  return { reason: `${context.verdict}: ${general.join('; ') || 'no reason recorded'}` };
}

/** The reasons written `<place>: …`, without that prefix. */
function reasonsOf(place: string, reasons: readonly string[]): string[] {
  return [...new Set(reasons.filter((r) => r.startsWith(`${place}: `)).map((r) => r.slice(place.length + 2)))];
}

/**
 * One entry per place of the rule's concerns, in their order, then the places evidence was recorded
 * at that the concerns do not name (`concerned: false`), so no evaluation is dropped.
 */
export function placeVerdicts(
  rule: Pick<Rule, 'concerns' | 'setUp' | 'unprovokable'>,
  evidence: readonly RuleEvidence[],
  context: PlaceContext,
): PlaceVerdict[] {
  const counts = counted(evidence);
  const concerned = placesOf(rule);
  const entries: PlaceVerdict[] = concerned.map(({ place, setUp, unprovokable }) => {
    const count = counts.get(place) ?? { evaluations: 0, failed: 0 };
    const base: PlaceVerdict = {
      place,
      ...count,
      ...(setUp ? { setUp: true as const } : {}),
      ...(unprovokable ? { unprovokable: true as const } : {}),
    };
    if (count.evaluations > 0) return base;
    if (setUp) return { ...base, reason: `sets the rule up: ${setUp}` };
    if (unprovokable) return { ...base, reason: `not provokable: ${unprovokable}` };
    return {
      ...base,
      ...reasonAt(
        place,
        concerned.map((p) => p.place).filter((p) => p !== place),
        context,
      ),
    };
  });
  const named = new Set(concerned.map((p) => p.place));
  const others = [...counts]
    .filter(([place]) => !named.has(place))
    .sort(([a], [b]) => (a === UNPLACED ? 1 : b === UNPLACED ? -1 : a.localeCompare(b)));
  return [...entries, ...others.map(([place, count]) => ({ place, ...count, concerned: false as const }))];
}

/** The places a rule is to be judged in: concerned, not a set-up, and provokable or judged all the same. */
export const judgedIn = (p: PlaceVerdict): boolean =>
  p.concerned !== false && !p.setUp && !(p.unprovokable && p.evaluations === 0);

/** A place no request the spec gives brings the rule about at, and the target did not either. */
const unprovoked = (p: PlaceVerdict): boolean => p.concerned !== false && !!p.unprovokable && p.evaluations === 0;

/** Places the run recorded any evaluation at, of any rule: what a narrowed run exercised. */
export function exercisedPlaces(evidence: Iterable<RuleEvidence>): Set<string> {
  const places = new Set<string>();
  for (const e of evidence) for (const place of Object.keys(e.places ?? {})) if (place !== UNPLACED) places.add(place);
  return places;
}

/** A (rule, place) pair and why nothing was evaluated there. */
export interface UnjudgedPlace {
  rule: string;
  place: string;
  reason: string;
}

interface RulePlaces {
  id: string;
  level: string;
  places: readonly PlaceVerdict[];
}

/**
 * The `must` (rule, place) pairs of the concerns (each form; set-ups left out) with no evaluation, with
 * the reason, whatever the scope: what a default run against the embedded reference must leave empty.
 */
export function unjudgedPlaces(rules: readonly RulePlaces[]): UnjudgedPlace[] {
  return rules
    .filter((r) => r.level === 'must')
    .flatMap((r) =>
      r.places
        .filter((p) => judgedIn(p) && p.evaluations === 0)
        .map((p) => ({ rule: r.id, place: p.place, reason: p.reason ?? NO_EVALUATION })),
    );
}

/** The `must` rules' places the certificate counts. */
export interface PlaceScope {
  /** Places of must rules' concerns (each form; no set-up) in scope: judged, or a gap. */
  inScope: number;
  judged: number;
  outOfScope: number;
  notApplicable: number;
  /** rules.yaml `unprovokable` places the target gave nothing at: neither judged nor a gap. */
  unprovokable: number;
  /** In scope and without an evaluation: shown as a gap, never a failure. */
  unjudged: UnjudgedPlace[];
}

/**
 * Counts the `must` rules' places: a place of a rule out of scope, or one the selection left out, is out
 * of scope; one of a rule not applicable to the target is no gap either; any other without an evaluation is.
 */
export function placeScope(
  rules: readonly RulePlaces[],
  outOfScope: ReadonlySet<string>,
  notApplicable: ReadonlySet<string>,
): PlaceScope {
  const scope: PlaceScope = { inScope: 0, judged: 0, outOfScope: 0, notApplicable: 0, unprovokable: 0, unjudged: [] };
  for (const r of rules) {
    if (r.level !== 'must') continue;
    scope.unprovokable += r.places.filter(unprovoked).length;
    for (const p of r.places.filter(judgedIn)) {
      if (p.evaluations > 0) {
        scope.judged += 1;
        scope.inScope += 1;
      } else if (p.outOfScope || outOfScope.has(r.id)) scope.outOfScope += 1;
      else if (notApplicable.has(r.id)) scope.notApplicable += 1;
      else {
        scope.inScope += 1;
        scope.unjudged.push({ rule: r.id, place: p.place, reason: p.reason ?? NO_EVALUATION });
      }
    }
  }
  return scope;
}

/** `; 182 of 194 places judged (12 out of scope)` for the verdict line; nothing where no rule has places. */
export function placesText(scope: PlaceScope | undefined): string {
  if (!scope || scope.inScope + scope.outOfScope + scope.notApplicable === 0) return '';
  const aside = [
    scope.outOfScope ? `${scope.outOfScope} out of scope` : '',
    scope.notApplicable ? `${scope.notApplicable} not applicable` : '',
    scope.unprovokable ? `${scope.unprovokable} not provokable` : '',
  ].filter(Boolean);
  return `; ${scope.judged} of ${scope.inScope} places judged${aside.length ? ` (${aside.join(', ')})` : ''}`;
}

/** What coverage.json carries of the places: the must rules' count, the gaps, and every rule's places. */
export interface PlaceCoverage {
  judged: number;
  /** Places of must rules in scope (concerns, each form; no set-up). */
  of: number;
  unjudged: UnjudgedPlace[];
  /** Rule → its places, as conformance.json gives them. */
  rules: Record<string, PlaceVerdict[]>;
}

export function placeCoverage(rules: readonly RulePlaces[], scope: PlaceScope): PlaceCoverage {
  return {
    judged: scope.judged,
    of: scope.inScope,
    unjudged: scope.unjudged,
    rules: Object.fromEntries(rules.map((r) => [r.id, [...r.places]])),
  };
}
