// Given rule verdicts with tests cut short, places judged or not, and a listener open to its network, want the
// certificate's verdict line and scope: what it could not judge is named, never a gap.
import { expect, test } from '@playwright/test';
import { certify, type Certificate } from '../../../harness/verdict/certificate';
import { resolveRunSettings } from '../../../harness/target/run-settings';
import { readConfig } from '../../../harness/target/config';
import type { RuleVerdict } from '../../../harness/verdict/verdicts';
import type { CutShortTest } from '../../../harness/verdict/cut-short';
import type { PlaceVerdict } from '../../../harness/verdict/places';
import { ALL, factsOf, run, SECOND_KEY_REASON, verdicts, without } from '../../support/certificate-runs';

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
