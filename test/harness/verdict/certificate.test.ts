// Given rule verdicts, the capabilities given and --full-scope, want the certificate: its verdict, exit
// code, verdict line and scope. The one place every output reads it from (harness/verdict/certificate.ts).
import { expect, test } from '@playwright/test';
import { certify, type Certificate } from '../../../harness/verdict/certificate';
import { scopeForecast } from '../../../harness/verdict/scope';
import { ALL, factsOf, RULES, run, SECOND_KEY_REASON, verdicts, without } from '../../support/certificate-runs';

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
      new RegExp(
        /^no trigger: up to 1 must rule out of scope \(staging triggers\) /.source +
          /if the target gives nothing to judge them by \(PCL-D\); set CIS_MOCK_BASE_URL/.source,
      ),
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
