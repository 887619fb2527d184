// Given rule verdicts, the capabilities given and --full-scope, want the certificate: its verdict, exit
// code, verdict line and scope. The one place every output reads it from (harness/verdict/certificate.ts).
import { expect, test } from '@playwright/test';
import type { Rule } from '../../spec/catalogue';
import { certify, type Certificate } from '../../harness/verdict/certificate';
import { scopeForecast, type Capabilities } from '../../harness/verdict/scope';
import { resolveRunSettings } from '../../harness/target/run-settings';
import { readConfig } from '../../harness/target/config';
import type { RuleVerdict, RuleVerdictKind } from '../../harness/verdict/verdicts';
import type { CutShortTest } from '../../harness/verdict/cut-short';
import type { PlaceVerdict } from '../../harness/verdict/places';

const RULES: Rule[] = [
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

const SECOND_KEY_REASON = 'CIS_API_KEY_2 is not set: rules between two carriers need a second carrier key';
const ALL: Capabilities = {
  writes: { available: true, reason: '' },
  secondKey: { available: true, reason: '' },
  trigger: { available: true, reason: '' },
};
const without = (...missing: (keyof Capabilities)[]): Capabilities => ({
  ...ALL,
  ...Object.fromEntries(
    missing.map((m) => [
      m,
      { available: false, reason: m === 'secondKey' ? SECOND_KEY_REASON : `no ${m}`, missing: `no ${m}` },
    ]),
  ),
});

function verdicts(
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

const factsOf = (id: string) => RULES.find((r) => r.id === id) ?? {};
const run = (
  v: RuleVerdict[],
  capabilities: Capabilities,
  options: { fullScope?: boolean; strict?: boolean } = {},
): Certificate =>
  certify(v, factsOf, { strict: options.strict ?? false, fullScope: options.fullScope ?? false, capabilities });

const cases: [string, () => Certificate, { verdict: string; exitCode: number; line: string }][] = [
  [
    'every must rule passed with every capability: CONFORMANT — full scope',
    () => run(verdicts({}), ALL),
    { verdict: 'CONFORMANT', exitCode: 0, line: 'CONFORMANT — full scope: 4 of 4 must rules passed' },
  ],
  [
    'a must rule skipped for a capability not given: CONFORMANT within scope, naming the cause',
    () => run(verdicts({ 'ISO-C': ['skipped', SECOND_KEY_REASON] }), without('secondKey')),
    {
      verdict: 'CONFORMANT',
      exitCode: 0,
      line: 'CONFORMANT within scope: 3 of 4 must rules (1 out of scope: no second key)',
    },
  ],
  [
    'the same with --full-scope: INCONCLUSIVE, exit 3',
    () => run(verdicts({ 'ISO-C': ['skipped', SECOND_KEY_REASON] }), without('secondKey'), { fullScope: true }),
    {
      verdict: 'INCONCLUSIVE',
      exitCode: 3,
      line:
        'INCONCLUSIVE: 1 must rule out of scope with --full-scope (no second key); no must rule failed, 3 of 4 ' +
        'must rules passed',
    },
  ],
  [
    'a must rule not observable with every capability given: INCONCLUSIVE, naming it',
    () => run(verdicts({ 'LCK-A': ['not observable', 'no record had one'] }), ALL),
    {
      verdict: 'INCONCLUSIVE',
      exitCode: 3,
      line: 'INCONCLUSIVE: 1 must rule in scope not observable (LCK-A); no must rule failed, 3 of 4 must rules passed',
    },
  ],
  [
    'not observable without the capability its evidence comes from: out of scope, not a gap',
    () => run(verdicts({ 'PCL-D': ['not observable', 'no listed parcel has a signature'] }), without('trigger')),
    {
      verdict: 'CONFORMANT',
      exitCode: 0,
      line: 'CONFORMANT within scope: 3 of 4 must rules (1 out of scope: no trigger base)',
    },
  ],
  [
    'the same rule not observable with that capability given: INCONCLUSIVE',
    () => run(verdicts({ 'PCL-D': ['not observable', 'no listed parcel has a signature'] }), ALL),
    {
      verdict: 'INCONCLUSIVE',
      exitCode: 3,
      line: 'INCONCLUSIVE: 1 must rule in scope not observable (PCL-D); no must rule failed, 3 of 4 must rules passed',
    },
  ],
  [
    'a failed must rule: NOT CONFORMANT, whatever else was not judged',
    () => run(verdicts({ 'LCK-A': 'failed', 'PCL-D': ['not observable', 'x'] }), ALL),
    {
      verdict: 'NOT CONFORMANT',
      exitCode: 1,
      line: 'NOT CONFORMANT: 1 must rule failed (LCK-A); 3 of 4 must rules judged',
    },
  ],
  [
    'a failed should rule decides only a strict run',
    () => run(verdicts({ 'GEN-E': 'failed' }), ALL, { strict: true }),
    {
      verdict: 'NOT CONFORMANT',
      exitCode: 1,
      line: 'NOT CONFORMANT: 1 should rule failed in a strict run (GEN-E); 4 of 4 must rules judged',
    },
  ],
  [
    '…and is a warning otherwise',
    () => run(verdicts({ 'GEN-E': 'failed' }), ALL),
    { verdict: 'CONFORMANT', exitCode: 0, line: 'CONFORMANT — full scope: 4 of 4 must rules passed' },
  ],
  [
    'a rule the run was narrowed away from is out of scope as not selected',
    () =>
      run(
        verdicts({
          'LCK-A': ['skipped', 'not selected (--rules)'],
          'LCK-B': ['skipped', 'in another shard (this is shard 1/2)'],
        }),
        ALL,
      ),
    {
      verdict: 'CONFORMANT',
      exitCode: 0,
      line: 'CONFORMANT within scope: 2 of 4 must rules (2 out of scope: not selected)',
    },
  ],
  [
    'a skip whose reason is a capability the rule does not list still names that capability',
    () => run(verdicts({ 'LCK-A': ['skipped', SECOND_KEY_REASON] }), without('secondKey')),
    {
      verdict: 'CONFORMANT',
      exitCode: 0,
      line: 'CONFORMANT within scope: 3 of 4 must rules (1 out of scope: no second key)',
    },
  ],
  [
    'a skip for no capability at all is a gap in scope',
    () => run(verdicts({ 'LCK-A': ['skipped', 'skipped'] }), ALL),
    {
      verdict: 'INCONCLUSIVE',
      exitCode: 3,
      line: 'INCONCLUSIVE: 1 must rule in scope not observable (LCK-A); no must rule failed, 3 of 4 must rules passed',
    },
  ],
  [
    "a rule the target's own conformant choice leaves nothing to judge by is named, not a gap",
    () =>
      run(verdicts({ 'LCK-A': ['not observable', 'the record does not show lockerGroups'] }, ['LCK-A']), ALL, {
        fullScope: true,
      }),
    {
      verdict: 'CONFORMANT',
      exitCode: 0,
      line: 'CONFORMANT — full scope: 3 of 4 must rules passed, 1 not applicable to this target (LCK-A)',
    },
  ],
  [
    'not exercised (no test names it) is a gap, never a pass',
    () => run(verdicts({ 'LCK-B': ['not exercised', 'no test names this rule'] }), ALL),
    {
      verdict: 'INCONCLUSIVE',
      exitCode: 3,
      line: 'INCONCLUSIVE: 1 must rule in scope not observable (LCK-B); no must rule failed, 3 of 4 must rules passed',
    },
  ],
];

for (const [name, given, want] of cases) {
  test(name, () => {
    expect(given()).toMatchObject(want);
  });
}

test('the scope lists each rule not judged with its reasons and what would bring it in, by section', () => {
  const certificate = run(
    verdicts({
      'ISO-C': ['skipped', SECOND_KEY_REASON],
      'PCL-D': ['not observable', 'no listed parcel has a signature'],
    }),
    without('secondKey'),
  );
  expect(certificate.scope.outOfScope).toEqual([
    { id: 'ISO-C', section: '4.8', causes: ['secondKey'], reasons: [SECOND_KEY_REASON], remedy: SECOND_KEY_REASON },
  ]);
  expect(certificate.scope.notObservable).toEqual([
    {
      id: 'PCL-D',
      section: '2.4',
      causes: [],
      reasons: ['no listed parcel has a signature'],
      remedy: 'a delivered parcel',
    },
  ]);
  expect(certificate.scope.sections).toEqual([
    { section: '2', judged: 1, outOfScope: 0, notObservable: 1, notApplicable: 0 },
    { section: '4', judged: 1, outOfScope: 1, notObservable: 0, notApplicable: 0 },
  ]);
  expect(certificate.scope.causes).toEqual([
    { cause: 'secondKey', label: 'no second key', rules: ['ISO-C'], remedy: SECOND_KEY_REASON },
  ]);
});

test('the pre-flight names each capability not given and the must rules it costs, before the run', () => {
  const lines = scopeForecast(RULES, without('secondKey', 'trigger'), false);
  expect(lines).toEqual([
    expect.stringMatching(/^no secondKey: 1 must rule out of scope \(isolation\); set CIS_API_KEY_2/),
    expect.stringMatching(
      /^no trigger: up to 1 must rule out of scope \(staging triggers\) if the target gives nothing to judge them by \(PCL-D\); set CIS_MOCK_BASE_URL/,
    ),
    'at least 1 of 4 must rules out of scope: a clean run reads "CONFORMANT within scope"; --full-scope ' +
      'makes it INCONCLUSIVE',
  ]);
  expect(scopeForecast(RULES, ALL, true)).toEqual([]);
});

test('a shard leaves what it did not judge to the merge: out of its scope, never a gap', () => {
  const certificate = certify(
    verdicts({
      'LCK-A': ['not observable', 'no delivery arrived'],
      'LCK-B': ['skipped', 'in another shard (this is shard 1/2)'],
    }),
    factsOf,
    {
      strict: false,
      fullScope: false,
      capabilities: ALL,
      shard: '1/2',
    },
  );
  expect(certificate).toMatchObject({
    verdict: 'CONFORMANT',
    exitCode: 0,
    line: 'CONFORMANT within scope: 2 of 4 must rules (2 out of scope: not judged in shard 1/2)',
  });
});

// A test cut short by its timeout or the harness: named in every verdict's line, whatever the verdict.
const TIMED_OUT: CutShortTest = {
  title: 'lifecycle',
  file: 'suites/parcels.spec.ts',
  status: 'timedOut',
  reason: 'the test timed out after 120000 ms',
  rules: ['LCK-A'],
};
const cutShortRun = (v: RuleVerdict[]) =>
  certify(v, factsOf, { strict: false, fullScope: false, capabilities: ALL, cutShort: [TIMED_OUT] });

const cutShortCases: [string, () => Certificate, { verdict: string; exitCode: number; line: string }][] = [
  [
    'every rule passed elsewhere: CONFORMANT, counting the test cut short',
    () => cutShortRun(verdicts({})),
    { verdict: 'CONFORMANT', exitCode: 0, line: 'CONFORMANT — full scope: 4 of 4 must rules passed; 1 test cut short' },
  ],
  [
    'its rule had no other evidence: INCONCLUSIVE, counting it',
    () =>
      cutShortRun(
        verdicts({ 'LCK-A': ['not observable', 'cut short: the test timed out after 120000 ms (lifecycle)'] }),
      ),
    {
      verdict: 'INCONCLUSIVE',
      exitCode: 3,
      line:
        'INCONCLUSIVE: 1 must rule in scope not observable (LCK-A); no must rule failed, 3 of 4 must rules ' +
        'passed; 1 test cut short',
    },
  ],
  [
    'a rule failed: NOT CONFORMANT, still counting it',
    () => cutShortRun(verdicts({ 'LCK-B': 'failed' })),
    {
      verdict: 'NOT CONFORMANT',
      exitCode: 1,
      line: 'NOT CONFORMANT: 1 must rule failed (LCK-B); 4 of 4 must rules judged; 1 test cut short',
    },
  ],
];

for (const [name, given, want] of cutShortCases) {
  test(`cut short: ${name}`, () => {
    expect(given()).toMatchObject(want);
  });
}

test('the certificate names each test cut short', () => {
  expect(cutShortRun(verdicts({})).cutShort).toEqual([TIMED_OUT]);
  expect(run(verdicts({}), ALL).cutShort).toEqual([]);
});

test('a listener anyone on its network can post to is a note of the scope, not a change of verdict', () => {
  const factsFor = (env: Record<string, string>) =>
    resolveRunSettings(
      { ...readConfig({ CIS_WEBHOOK_LISTEN: '0.0.0.0:8787', ...env }), baseUrl: 'http://t.invalid/v1', apiKey: 'k' },
      { embedded: false, scratchDir: '/tmp' },
      {},
    ).report;
  const open = factsFor({});
  const keyed = factsFor({ CIS_WEBHOOK_KEY: 'a-listener-key' });
  expect(open.listenerExposure).toMatch(/^webhook deliveries unauthenticated: the listener on 0\.0\.0\.0:8787/);
  expect(keyed.listenerExposure).toBeUndefined();
  const noted = certify(verdicts({}), factsOf, {
    strict: false,
    fullScope: false,
    capabilities: ALL,
    notes: [open.listenerExposure!],
  });
  expect(noted).toMatchObject({
    verdict: 'CONFORMANT',
    line: 'CONFORMANT — full scope: 4 of 4 must rules passed',
    scope: { notes: [open.listenerExposure] },
  });
});

/** A verdict with places: each `place` judged `n` times, or not at all with `reason`, or out of scope by the
 * selection. */
const at = (place: string, n = 1, extra: Partial<PlaceVerdict> = {}): PlaceVerdict => ({
  place,
  evaluations: n,
  failed: 0,
  ...(n ? {} : { reason: 'no evaluation recorded at this place' }),
  ...extra,
});
const withPlaces = (v: RuleVerdict[], places: Record<string, PlaceVerdict[]>): RuleVerdict[] =>
  v.map((r) => ({ ...r, places: places[r.id] ?? [] }));

const placeCases: [string, () => Certificate, { verdict: string; line: string }][] = [
  [
    'every place judged: the line counts them',
    () =>
      run(
        withPlaces(verdicts({}), { 'LCK-A': [at('createLocker'), at('LockerUpdates')], 'LCK-B': [at('createLocker')] }),
        ALL,
      ),
    { verdict: 'CONFORMANT', line: 'CONFORMANT — full scope: 4 of 4 must rules passed; 3 of 3 places judged' },
  ],
  [
    'a place without an evaluation is counted as a gap, and the verdict stays',
    () => run(withPlaces(verdicts({}), { 'LCK-A': [at('createLocker'), at('updateLocker', 0)] }), ALL),
    { verdict: 'CONFORMANT', line: 'CONFORMANT — full scope: 4 of 4 must rules passed; 1 of 2 places judged' },
  ],
  [
    "set-ups, places outside the concerns and should rules' places are not counted",
    () =>
      run(
        withPlaces(verdicts({}), {
          'LCK-A': [
            at('cancelParcel by carrierParcelId'),
            at('triggerFirstMileEvent', 0, { setUp: true, reason: 'sets the rule up: delivers it' }),
            at('(no place)', 4, { concerned: false }),
          ],
          'GEN-E': [at('createLocker', 0)],
        }),
        ALL,
      ),
    { verdict: 'CONFORMANT', line: 'CONFORMANT — full scope: 4 of 4 must rules passed; 1 of 1 places judged' },
  ],
  [
    'places of a rule out of scope, and those a selection left out, are out of scope, not gaps',
    () =>
      run(
        withPlaces(verdicts({ 'ISO-C': ['skipped', SECOND_KEY_REASON] }), {
          'ISO-C': [at('listParcels', 0, { reason: `skipped: ${SECOND_KEY_REASON}` })],
          'LCK-A': [
            at('createLocker'),
            at('listParcels', 0, {
              reason: 'out of scope: not in the suites selected (lockers)',
              outOfScope: 'selection',
            }),
          ],
        }),
        without('secondKey'),
      ),
    {
      verdict: 'CONFORMANT',
      line:
        'CONFORMANT within scope: 3 of 4 must rules (1 out of scope: no second key); 1 of 1 places judged (2 ' +
        'out of scope)',
    },
  ],
  [
    "a failed rule's places are counted as for any other",
    () =>
      run(
        withPlaces(verdicts({ 'LCK-A': 'failed' }), {
          'LCK-A': [at('createLocker', 2, { failed: 1 }), at('updateLocker', 0)],
        }),
        ALL,
      ),
    {
      verdict: 'NOT CONFORMANT',
      line: 'NOT CONFORMANT: 1 must rule failed (LCK-A); 4 of 4 must rules judged; 1 of 2 places judged',
    },
  ],
];

for (const [name, given, want] of placeCases) {
  test(`places: ${name}`, () => {
    expect(given()).toMatchObject(want);
  });
}

test('the scope lists each (rule, place) in scope without an evaluation, with its reason', () => {
  const certificate = run(
    withPlaces(verdicts({}), {
      'LCK-A': [
        at('createLocker'),
        at('updateLocker', 0),
        at('LockerUpdates', 0, { reason: 'no LockerUpdates arrived' }),
      ],
    }),
    ALL,
  );
  expect(certificate.scope.places).toEqual({
    inScope: 3,
    judged: 1,
    outOfScope: 0,
    notApplicable: 0,
    unprovokable: 0,
    unjudged: [
      { rule: 'LCK-A', place: 'updateLocker', reason: 'no evaluation recorded at this place' },
      { rule: 'LCK-A', place: 'LockerUpdates', reason: 'no LockerUpdates arrived' },
    ],
  });
});
