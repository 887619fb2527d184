// The verdicts certificate tests certify (certificate*.test.ts): a small catalogue, capabilities given or
// missing, a verdict for each rule, and the certificate a run makes of them.
import type { Rule } from '../../spec/catalogue';
import { certify, type Certificate } from '../../harness/verdict/certificate';
import type { Capabilities } from '../../harness/verdict/scope';
import type { RuleVerdict, RuleVerdictKind } from '../../harness/verdict/verdicts';

export const RULES: Rule[] = [
  { id: 'LCK-A', section: '2.1', statement: 'A.', level: 'must', concerns: [], observable: 'Every record.' },
  {
    id: 'LCK-B',
    section: '4.1',
    statement: 'B.',
    level: 'must',
    concerns: [],
    observable: 'Every create.',
    needs: ['writes'],
  },
  {
    id: 'ISO-C',
    section: '4.8',
    statement: 'C.',
    level: 'must',
    concerns: [],
    observable: 'Both keys.',
    needs: ['writes', 'secondKey'],
  },
  {
    id: 'PCL-D',
    section: '2.4',
    statement: 'D.',
    level: 'must',
    concerns: [],
    observable: 'Signed parcels.',
    evidenceFrom: ['trigger'],
    toObserve: 'a delivered parcel',
  },
  { id: 'GEN-E', section: '7', statement: 'E.', level: 'should', concerns: [], observable: '' },
];

export const SECOND_KEY_REASON = 'CIS_API_KEY_2 is not set: rules between two carriers need a second carrier key';
export const ALL: Capabilities = {
  writes: { available: true, reason: '' },
  secondKey: { available: true, reason: '' },
  trigger: { available: true, reason: '' },
};
export const without = (...missing: (keyof Capabilities)[]): Capabilities => ({
  ...ALL,
  ...Object.fromEntries(
    missing.map((m) => [
      m,
      { available: false, reason: m === 'secondKey' ? SECOND_KEY_REASON : `no ${m}`, missing: `no ${m}` },
    ]),
  ),
});

export function verdicts(
  given: Partial<Record<string, RuleVerdictKind | [RuleVerdictKind, ...string[]]>>,
  notApplicable: string[] = [],
): RuleVerdict[] {
  return RULES.map((r) => {
    const v = given[r.id] ?? 'passed';
    const [verdict, ...reasons] = Array.isArray(v) ? v : [v];
    return {
      id: r.id,
      section: r.section,
      statement: r.statement,
      level: r.level,
      verdict,
      reasons,
      tests: [],
      evidence: {
        evaluations: verdict === 'passed' ? 1 : 0,
        failed: verdict === 'failed' ? 1 : 0,
        tests: 1,
        operations: [],
      },
      observations: [],
      places: [],
      ...(notApplicable.includes(r.id) ? { notApplicable: true as const } : {}),
    };
  });
}

export const factsOf = (id: string) => RULES.find((r) => r.id === id) ?? {};
export const run = (
  v: RuleVerdict[],
  capabilities: Capabilities,
  options: { fullScope?: boolean; strict?: boolean } = {},
): Certificate =>
  certify(v, factsOf, { strict: options.strict ?? false, fullScope: options.fullScope ?? false, capabilities });
