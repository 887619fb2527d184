// The run's verdict as every report states it: the certificate (certificate.ts) decided over the rule
// verdicts (verdicts.ts), with the counts behind it.
import type { Rule } from '../../spec/catalogue';
import { certify, type Certificate } from './certificate';
import type { Capabilities, EvidenceSource } from './scope';
import type { RuleVerdict, RuleVerdictKind } from './verdicts';
import type { CutShortTest } from './cut-short';

/** The run's verdict: the certificate (verdict, exit code, its line, its scope) and the counts behind it. */
export interface Summary extends Certificate {
  counts: Record<RuleVerdictKind, number>;
  failedMust: string[];
  /** Failed `should` rules: warnings, which decide the verdict only in a strict run. */
  warnings: string[];
  strict: boolean;
  /** A `must` rule out of scope made the verdict INCONCLUSIVE (--full-scope). */
  fullScope: boolean;
  /** `must` rules neither passed nor failed: what the certificate does not cover. */
  mustNotExercised: string[];
}

export interface SummaryOptions {
  strict?: boolean;
  fullScope?: boolean;
  /** What the target was given (the run's facts); unknown counts as given. */
  capabilities?: Capabilities;
  /** One shard of a run (`1/2`): what it did not judge is out of its scope. */
  shard?: string;
  /** Tests ended by their timeout, an interruption or an error of the harness (cutShortTests). */
  cutShort?: CutShortTest[];
  /** What the scope should say without changing the verdict (an unauthenticated webhook listener). */
  scopeNotes?: string[];
  /** Recorded traffic judged with no request sent (certificate.ts). */
  evidenceFrom?: EvidenceSource;
}

/** `rules`: the catalogue the verdicts were judged by, where scope is read (`needs`, `evidenceFrom`, `toObserve`). */
export function summarize(verdicts: RuleVerdict[], options: SummaryOptions = {}, rules: readonly Rule[] = []): Summary {
  const counts: Record<RuleVerdictKind, number> = {
    passed: 0,
    failed: 0,
    'not observable': 0,
    skipped: 0,
    'not exercised': 0,
  };
  for (const v of verdicts) counts[v.verdict] += 1;
  const strict = options.strict ?? false;
  const fullScope = options.fullScope ?? false;
  const byId = new Map(rules.map((r) => [r.id, r]));
  const certificate = certify(verdicts, (id) => byId.get(id) ?? {}, {
    strict,
    fullScope,
    ...(options.capabilities ? { capabilities: options.capabilities } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
    ...(options.cutShort ? { cutShort: options.cutShort } : {}),
    ...(options.scopeNotes ? { notes: options.scopeNotes } : {}),
    ...(options.evidenceFrom ? { evidenceFrom: options.evidenceFrom } : {}),
  });
  return {
    ...certificate,
    counts,
    failedMust: verdicts.filter((v) => v.level === 'must' && v.verdict === 'failed').map((v) => v.id),
    warnings: verdicts.filter((v) => v.level === 'should' && v.verdict === 'failed').map((v) => v.id),
    strict,
    fullScope,
    mustNotExercised: verdicts
      .filter((v) => v.level === 'must' && v.verdict !== 'passed' && v.verdict !== 'failed')
      .map((v) => v.id),
  };
}
