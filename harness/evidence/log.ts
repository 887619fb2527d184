// What a test found out about the rules: every judgement, as an evaluation of one rule. A verdict is
// decided from these records alone (harness/verdict/verdicts.ts), never from titles or messages, so a
// rule that nothing was checked against can never read "passed".
import type { Exchange } from '../http/exchange';

export const EVIDENCE_ATTACHMENT = 'cis-evidence';

/** Where evaluations that named no place are counted: kept as evidence, so the gap shows. */
export const UNPLACED = '(no place)';

export interface Evaluation {
  rule: string;
  passed: boolean;
  /** The operation whose answer was judged, when there was one. */
  operation?: string;
  /**
   * Where it was made: the exchange's operationId with its form where it took one (placeOf), or the
   * webhook of the delivery; more than one where a judgement is about several (an action and the
   * delivery it causes). Without it, the operation's; without either, UNPLACED.
   */
  places?: string[];
  /** On failure: `RULE-ID operation: what was expected, what came back`. */
  message?: string;
  /** On failure: a curl line that reproduces the request (keys as $CIS_API_KEY). */
  curl?: string;
}

export interface FirstFailure {
  message: string;
  operation?: string;
  curl?: string;
}

/** Evaluations at one place. */
export interface PlaceCount {
  passed: number;
  failed: number;
}

/** One rule's evidence in one test. */
export interface RuleEvidence {
  passed: number;
  failed: number;
  /** The operations whose answers were judged (kept for readers of older reports; `places` says more). */
  operations: string[];
  /** Evaluations per place (Evaluation.places): one made at two places counts at each. */
  places: Record<string, PlaceCount>;
  firstFailure?: FirstFailure;
}

/** One test's evidence, as the reporter receives it (JSON, in an attachment). */
export interface TestEvidence {
  rules: Record<string, RuleEvidence>;
  /**
   * The must rule whose evaluation failed last: what stopped the test when it stopped (a check's
   * failure never stops a test, and one that stops it is the last thing the test judged).
   */
  stoppedBy?: string;
  observations: Record<string, string[]>;
  notObservable: Record<string, string[]>;
  /**
   * Rules not observable because of a choice the spec leaves the target (a member that is request
   * only): nothing the user can give would make them observable, so they are no gap in the scope.
   */
  notApplicable?: Record<string, string[]>;
}

export class EvidenceLog {
  private readonly rules = new Map<
    string,
    {
      passed: number;
      failed: number;
      operations: Set<string>;
      places: Map<string, PlaceCount>;
      firstFailure?: FirstFailure;
    }
  >();
  private lastFailedRule: string | undefined;
  private readonly observations = new Map<string, string[]>();
  private readonly notObservable = new Map<string, string[]>();
  private readonly notApplicable = new Map<string, string[]>();

  /**
   * `curlOf` writes the line that reproduces a request, with keys named by variable. `decides` tells
   * the rules whose failure fails a test (must) from warnings and observations; `onFailure` hears of
   * each failure, and whether it is of such a rule.
   */
  constructor(
    readonly curlOf: (exchange: Exchange) => string,
    private readonly decides: (rule: string) => boolean = () => true,
    private readonly onFailure: (rule: string, decides: boolean) => void = () => undefined,
  ) {}

  /** The must rule whose evaluation failed last in this test: what stopped it, if it stopped. */
  get stoppedBy(): string | undefined {
    return this.lastFailedRule;
  }

  record(evaluation: Evaluation): void {
    const entry = this.rules.get(evaluation.rule) ?? {
      passed: 0,
      failed: 0,
      operations: new Set<string>(),
      places: new Map<string, PlaceCount>(),
    };
    this.rules.set(evaluation.rule, entry);
    if (evaluation.operation) entry.operations.add(evaluation.operation);
    const places = evaluation.places?.length ? evaluation.places : [evaluation.operation ?? UNPLACED];
    // A run records thousands of evaluations: no Set per call for the one place nearly all of them have.
    for (const [i, place] of places.entries()) {
      if (places.indexOf(place) !== i) continue;
      const count = entry.places.get(place) ?? { passed: 0, failed: 0 };
      entry.places.set(place, count);
      count[evaluation.passed ? 'passed' : 'failed'] += 1;
    }
    if (evaluation.passed) {
      entry.passed += 1;
      return;
    }
    entry.failed += 1;
    const decides = this.decides(evaluation.rule);
    if (decides) this.lastFailedRule = evaluation.rule;
    this.onFailure(evaluation.rule, decides);
    entry.firstFailure ??= {
      message: evaluation.message ?? `${evaluation.rule}: failed`,
      ...(evaluation.operation ? { operation: evaluation.operation } : {}),
      ...(evaluation.curl ? { curl: evaluation.curl } : {}),
    };
  }

  observe(rule: string, text: string): void {
    push(this.observations, rule, text);
  }

  markNotObservable(rule: string, reason: string): void {
    push(this.notObservable, rule, reason);
  }

  /** Not observable, and by the target's own conformant choice: the reason is shown like any other. */
  markNotApplicable(rule: string, reason: string): void {
    push(this.notObservable, rule, reason);
    push(this.notApplicable, rule, reason);
  }

  toJSON(): TestEvidence {
    const rules: Record<string, RuleEvidence> = {};
    for (const [id, e] of this.rules) {
      const places = Object.fromEntries([...e.places].map(([place, count]) => [place, { ...count }]));
      rules[id] = {
        passed: e.passed,
        failed: e.failed,
        operations: [...e.operations],
        places,
        ...(e.firstFailure ? { firstFailure: e.firstFailure } : {}),
      };
    }
    return {
      rules,
      ...(this.lastFailedRule ? { stoppedBy: this.lastFailedRule } : {}),
      observations: Object.fromEntries(this.observations),
      notObservable: Object.fromEntries(this.notObservable),
      ...(this.notApplicable.size ? { notApplicable: Object.fromEntries(this.notApplicable) } : {}),
    };
  }
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key) ?? [];
  if (!list.includes(value)) list.push(value);
  map.set(key, list);
}

// A worker runs one test at a time, so the test being run owns the one open log.
let open: EvidenceLog | undefined;
/**
 * The log of a test cut short (its timeout, an interrupt): its body may still be running, and what it
 * judges after its end is no evidence (its evidence was attached when it ended), never a harness error.
 */
let cutShort: EvidenceLog | undefined;

export function openLog(log: EvidenceLog): void {
  open = log;
  cutShort = undefined;
}

export function closeLog(log: EvidenceLog, endedEarly = false): void {
  if (open !== log) return;
  open = undefined;
  cutShort = endedEarly ? log : undefined;
}

export function currentLog(): EvidenceLog {
  if (open) return open;
  if (cutShort) return cutShort;
  throw new Error(
    'a rule was judged outside a test: judge(), observe() and notObservable() need the `evidence` fixture of ' +
      'harness/fixtures.ts',
  );
}
