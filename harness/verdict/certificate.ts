// The certificate's verdict and the scope it covers, decided in one place: the console line,
// conformance.{json,md,html}, JUnit's properties, Allure's environment and the exit code all read it
// here. A certificate says what it certifies: CONFORMANT only when every `must` rule in scope passed
// on evidence, and the scope is always named.
import type { RuleVerdict } from './verdicts';
import type { CutShortTest } from './cut-short';
import { placesText } from './places';
import { idList, plural, scopeOf, type Scope, type ScopeFacts, type ScopeInput } from './scope';

export type CertificateVerdict = 'CONFORMANT' | 'INCONCLUSIVE' | 'NOT CONFORMANT';

/** 2 is "could not run": global setup and the CLI stop with it before any verdict exists. */
export const EXIT_CODES = { CONFORMANT: 0, 'NOT CONFORMANT': 1, 'COULD NOT RUN': 2, INCONCLUSIVE: 3 } as const;

export interface Certificate {
  verdict: CertificateVerdict;
  exitCode: number;
  /** The verdict line every output prints as it is. */
  line: string;
  scope: Scope;
  /** Tests cut short: the line counts them whatever the verdict, the reports name each. */
  cutShort: CutShortTest[];
}

export interface CertificateInput extends ScopeInput {
  strict: boolean;
  cutShort?: readonly CutShortTest[];
}

/** `27 out of scope: no second key, no network uid, …` */
function outOfScopeText(scope: Scope): string {
  return `${scope.outOfScope.length} out of scope: ${scope.causes.map((c) => c.label).join(', ')}`;
}

function lineOf(
  verdict: CertificateVerdict,
  scope: Scope,
  failed: { must: string[]; should: string[]; strict: boolean },
): string {
  const judged = `${scope.judged} of ${scope.mustRules} must rules`;
  const out = scope.outOfScope.length ? `, ${outOfScopeText(scope)}` : '';
  const na = scope.notApplicable.length
    ? `, ${scope.notApplicable.length} not applicable to this target (${idList(scope.notApplicable.map((e) => e.id))})`
    : '';
  if (verdict === 'NOT CONFORMANT') {
    const must = failed.must.length ? `${plural(failed.must.length, 'must rule')} failed (${idList(failed.must)})` : '';
    const should =
      failed.strict && failed.should.length
        ? `${plural(failed.should.length, 'should rule')} failed in a strict run (${idList(failed.should)})`
        : '';
    return `NOT CONFORMANT: ${[must, should].filter(Boolean).join('; ')}; ${judged} judged${out}${na}`;
  }
  if (verdict === 'INCONCLUSIVE') {
    const gaps = scope.notObservable.length
      ? [
          `${plural(scope.notObservable.length, 'must rule')} in scope not observable ` +
            `(${idList(scope.notObservable.map((e) => e.id))})`,
        ]
      : [];
    if (scope.fullScopeRequired && scope.outOfScope.length)
      gaps.push(
        `${plural(scope.outOfScope.length, 'must rule')} out of scope with --full-scope ` +
          `(${scope.causes.map((c) => c.label).join(', ')})`,
      );
    return `INCONCLUSIVE: ${gaps.join('; ')}; no must rule failed, ${judged} passed${na}`;
  }
  return scope.full
    ? `CONFORMANT — full scope: ${judged} passed${na}`
    : `CONFORMANT within scope: ${judged} (${outOfScopeText(scope)})${na}`;
}

/** Counted in every verdict's line: a certificate never reads clean while a test did not run to its end. */
function cutShortText(cutShort: readonly CutShortTest[]): string {
  return cutShort.length ? `; ${plural(cutShort.length, 'test')} cut short` : '';
}

/**
 * NOT CONFORMANT when a `must` rule failed (or, strict, a `should`); INCONCLUSIVE when none failed but a
 * `must` rule in scope was not judged (with --full-scope: any `must` rule not judged); CONFORMANT otherwise.
 */
export function certify(
  verdicts: readonly RuleVerdict[],
  factsOf: (id: string) => ScopeFacts,
  input: CertificateInput,
): Certificate {
  const scope = scopeOf(verdicts, factsOf, input);
  const must = verdicts.filter((v) => v.level === 'must' && v.verdict === 'failed').map((v) => v.id);
  const should = verdicts.filter((v) => v.level === 'should' && v.verdict === 'failed').map((v) => v.id);
  const verdict: CertificateVerdict =
    must.length || (input.strict && should.length)
      ? 'NOT CONFORMANT'
      : scope.notObservable.length || (input.fullScope && scope.outOfScope.length)
        ? 'INCONCLUSIVE'
        : 'CONFORMANT';
  const cutShort = [...(input.cutShort ?? [])];
  // The places are counted, never judged: a place without evidence is a gap the reports list, not a failure.
  const line =
    lineOf(verdict, scope, { must, should, strict: input.strict }) + placesText(scope.places) + cutShortText(cutShort);
  return { verdict, exitCode: EXIT_CODES[verdict], line, scope, cutShort };
}
