// Given the evidence tests recorded, want each rule's verdict.
import { expect, test } from '@playwright/test';
import type { RuleEvidence, TestEvidence } from '../../harness/evidence/log';
import type { Rule } from '../../spec/catalogue';
import { describeEvidence, judgeRules } from '../../harness/verdict/verdicts';
import { cutShortTests } from '../../harness/verdict/cut-short';
import type { TestRecord } from '../../harness/verdict/test-record';
import { summarize } from '../../harness/verdict/summary';
import { unjudgedPlaces } from '../../harness/verdict/places';

const catalogue: Rule[] = [
  { id: 'AAA-ONE', section: '1', statement: 'One.', level: 'must', concerns: [], observable: '' },
  { id: 'AAA-TWO', section: '1', statement: 'Two.', level: 'must', concerns: [], observable: '' },
  { id: 'BBB-SEEN', section: '2', statement: 'Seen.', level: 'observe', concerns: [], observable: '' },
  { id: 'CCC-IMPLIED', section: '7', statement: 'Implied.', level: 'should', concerns: [], observable: '' },
];

const held = (n = 1, operations = ['op']): RuleEvidence => ({
  passed: n,
  failed: 0,
  operations,
  places: Object.fromEntries(operations.map((o) => [o, { passed: n, failed: 0 }])),
});
const broke = (message = 'AAA-ONE op: expected 201, got 200', curl?: string): RuleEvidence => ({
  passed: 0,
  failed: 1,
  operations: ['op'],
  places: { op: { passed: 0, failed: 1 } },
  firstFailure: { message, operation: 'op', ...(curl ? { curl } : {}) },
});

function evidence(over: Partial<TestEvidence> = {}): TestEvidence {
  return { rules: {}, observations: {}, notObservable: {}, ...over };
}

function record(over: Partial<TestRecord>): TestRecord {
  return {
    title: 'AAA-ONE a test',
    file: 'x',
    rules: ['AAA-ONE'],
    status: 'passed',
    errors: [],
    evidence: evidence(),
    webhookWaits: [],
    ...over,
  };
}

const cases: [string, TestRecord[], Record<string, string>][] = [
  [
    'a rule evaluated and held passes',
    [record({ evidence: evidence({ rules: { 'AAA-ONE': held() } }) })],
    { 'AAA-ONE': 'passed' },
  ],
  [
    'a test that passed but judged nothing passes nothing',
    [record({ rules: ['AAA-ONE', 'AAA-TWO'] })],
    { 'AAA-ONE': 'not observable', 'AAA-TWO': 'not observable', 'BBB-SEEN': 'not exercised' },
  ],
  [
    'one failed evaluation among many fails the rule',
    [
      record({ evidence: evidence({ rules: { 'AAA-ONE': held(30) } }) }),
      record({ evidence: evidence({ rules: { 'AAA-ONE': broke() } }) }),
    ],
    { 'AAA-ONE': 'failed' },
  ],
  [
    'a rule the test stopped before is not observable, not passed',
    [
      record({
        rules: ['AAA-ONE', 'AAA-TWO'],
        status: 'failed',
        evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }),
      }),
    ],
    { 'AAA-ONE': 'failed', 'AAA-TWO': 'not observable' },
  ],
  [
    'a rule judged by a check in a test that does not name it has evidence',
    [record({ rules: ['AAA-ONE'], evidence: evidence({ rules: { 'AAA-TWO': held(3) } }) })],
    { 'AAA-TWO': 'passed', 'AAA-ONE': 'not observable' },
  ],
  [
    'a harness error is no evidence either way',
    [record({ status: 'failed', errors: ['could not create a locker'] })],
    { 'AAA-ONE': 'not observable' },
  ],
  [
    'all tests skipped: skipped',
    [record({ status: 'skipped', skipReason: 'CIS_API_KEY_2 is not set' })],
    { 'AAA-ONE': 'skipped' },
  ],
  [
    'declared not observable: not observable',
    [
      record({ evidence: evidence({ notObservable: { 'AAA-ONE': ['groups not echoed'] } }) }),
      record({ status: 'skipped' }),
    ],
    { 'AAA-ONE': 'not observable' },
  ],
  [
    'declared not observable in one test, held in another: passed',
    [
      record({ evidence: evidence({ notObservable: { 'AAA-ONE': ['groups not echoed'] } }) }),
      record({ evidence: evidence({ rules: { 'AAA-ONE': held() } }) }),
    ],
    { 'AAA-ONE': 'passed' },
  ],
  [
    'an observe rule with observations passes',
    [record({ rules: ['BBB-SEEN'], evidence: evidence({ observations: { 'BBB-SEEN': ['a choice'] } }) })],
    { 'BBB-SEEN': 'passed' },
  ],
  [
    'an observe rule whose evaluation failed is observed, never failed',
    [
      record({
        rules: ['BBB-SEEN'],
        status: 'failed',
        evidence: evidence({ rules: { 'BBB-SEEN': broke('BBB-SEEN op: 409') } }),
      }),
    ],
    { 'BBB-SEEN': 'passed' },
  ],
];

for (const [name, tests, want] of cases) {
  test(name, () => {
    const got = Object.fromEntries(judgeRules(catalogue, tests).map((v) => [v.id, v.verdict]));
    expect(got).toMatchObject(want);
  });
}

test('a rule not reached names the rule the test stopped at, or what stopped it', () => {
  const stopped = judgeRules(catalogue, [
    record({
      title: 'first',
      rules: ['AAA-ONE', 'AAA-TWO'],
      status: 'failed',
      evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }),
    }),
    record({ title: 'second', rules: ['AAA-TWO'], status: 'timedOut' }),
  ]);
  expect(stopped.find((v) => v.id === 'AAA-TWO')!.reasons).toEqual([
    'not reached: the test stopped at AAA-ONE, which failed (first)',
    'cut short: the test timed out (second)',
  ]);
});

test('CONFORMANT only when no must rule failed; observe rules never decide it', () => {
  const failing = judgeRules(catalogue, [
    record({ status: 'failed', evidence: evidence({ rules: { 'AAA-ONE': broke() } }) }),
  ]);
  expect(summarize(failing)).toMatchObject({
    verdict: 'NOT CONFORMANT',
    failedMust: ['AAA-ONE'],
    mustNotExercised: ['AAA-TWO'],
  });
  const observing = judgeRules(catalogue, [
    record({
      rules: ['AAA-ONE', 'AAA-TWO', 'BBB-SEEN'],
      evidence: evidence({
        rules: { 'AAA-ONE': held(), 'AAA-TWO': held() },
        observations: { 'BBB-SEEN': ['a choice'] },
      }),
    }),
  ]);
  expect(summarize(observing).verdict).toBe('CONFORMANT');
  expect(observing.find((v) => v.id === 'BBB-SEEN')!.observations).toEqual(['a choice']);
});

test('the failure is the first failing evaluation with its curl line, and the evidence is counted', () => {
  const [one] = judgeRules(catalogue, [
    record({ title: 't1', evidence: evidence({ rules: { 'AAA-ONE': held(36, ['createLocker', 'listLockers']) } }) }),
    record({
      title: 't2',
      status: 'failed',
      evidence: evidence({
        rules: {
          'AAA-ONE': broke('AAA-ONE createLocker: expected 201, got 200', "curl -i -X POST 'http://t/v1/lockers'"),
        },
      }),
    }),
  ]);
  expect(one).toMatchObject({
    verdict: 'failed',
    failure: 'AAA-ONE createLocker: expected 201, got 200',
    curl: "curl -i -X POST 'http://t/v1/lockers'",
    evidence: { evaluations: 37, failed: 1, tests: 2, operations: ['createLocker', 'listLockers', 'op'] },
  });
  expect(describeEvidence(one!)).toBe('1 of 37 evaluations failed in 2 tests, 3 operations');
  const [passed] = judgeRules(catalogue, [
    record({ evidence: evidence({ rules: { 'AAA-ONE': held(37, ['a', 'b', 'c']) } }) }),
  ]);
  expect(describeEvidence(passed!)).toBe('37 evaluations in 1 test, 3 operations');
});

test('a failed should rule is a warning: CONFORMANT, unless the run is strict', () => {
  // Every must rule judged and held: only the should rule's failure is left to decide.
  const verdicts = judgeRules(catalogue, [
    record({
      rules: ['AAA-ONE', 'AAA-TWO', 'CCC-IMPLIED'],
      evidence: evidence({
        rules: { 'AAA-ONE': held(), 'AAA-TWO': held(), 'CCC-IMPLIED': broke('CCC-IMPLIED op: expected 400, got 422') },
      }),
    }),
  ]);
  expect(verdicts.find((v) => v.id === 'CCC-IMPLIED')!.verdict).toBe('failed');
  expect(summarize(verdicts)).toMatchObject({ verdict: 'CONFORMANT', failedMust: [], warnings: ['CCC-IMPLIED'] });
  expect(summarize(verdicts, { strict: true })).toMatchObject({ verdict: 'NOT CONFORMANT', warnings: ['CCC-IMPLIED'] });
});

test('a test cut short because the run already knew is a reason, not a skip', () => {
  const verdicts = judgeRules(catalogue, [
    record({
      title: 'first',
      rules: ['AAA-ONE'],
      status: 'failed',
      evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }),
    }),
    record({
      title: 'second',
      rules: ['AAA-TWO'],
      status: 'skipped',
      skipReason: 'cut short: AAA-ONE failed and stopped 2 tests at this step before',
    }),
  ]);
  expect(verdicts.find((v) => v.id === 'AAA-TWO')).toMatchObject({
    verdict: 'not observable',
    reasons: ['not reached: cut short: AAA-ONE failed and stopped 2 tests at this step before (second)'],
  });
});

// A test ended by its timeout, an interruption or an error of the harness did not judge all it was to:
// what it saw fails a rule, never passes one on its own.
const timedOut = (over: Partial<TestRecord> = {}) =>
  record({
    title: 'lifecycle',
    status: 'timedOut',
    timeoutMs: 120_000,
    errors: ['Test timeout of 120000ms exceeded.'],
    ...over,
  });
/** Both must rules held in a test that ran to its end: only what the case adds is left to decide. */
const bothHeld = () =>
  record({
    title: 'whole',
    rules: ['AAA-ONE', 'AAA-TWO'],
    evidence: evidence({ rules: { 'AAA-ONE': held(), 'AAA-TWO': held() } }),
  });

const cutShortCases: [string, TestRecord[], Record<string, string>][] = [
  [
    'a rule evaluated only in a timed-out test is not observable',
    [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) })],
    { 'AAA-ONE': 'not observable' },
  ],
  [
    'evaluated in a timed-out test and a passed test: passed',
    [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) }), bothHeld()],
    { 'AAA-ONE': 'passed' },
  ],
  [
    'a failed evaluation in a timed-out test fails the rule',
    [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': broke() } }) }), bothHeld()],
    { 'AAA-ONE': 'failed' },
  ],
  [
    'a failed test with no failed evaluation (a harness error) passes nothing it judged',
    [
      record({
        status: 'failed',
        errors: ['TypeError: x is undefined'],
        evidence: evidence({ rules: { 'AAA-ONE': held(5) } }),
      }),
    ],
    { 'AAA-ONE': 'not observable' },
  ],
  [
    'an interrupted test passes nothing it judged',
    [record({ status: 'interrupted', durationMs: 900, evidence: evidence({ rules: { 'AAA-ONE': held(5) } }) })],
    { 'AAA-ONE': 'not observable' },
  ],
  [
    'a rule judged only by a check in a timed-out test that does not name it is not observable, not unexercised',
    [timedOut({ rules: ['AAA-ONE'], evidence: evidence({ rules: { 'AAA-TWO': held(3) } }) })],
    { 'AAA-TWO': 'not observable' },
  ],
  [
    'a failed test whose must rule failed is a failed expectation, not a harness error: its other evaluations count',
    [
      record({
        rules: ['AAA-ONE', 'AAA-TWO'],
        status: 'failed',
        evidence: evidence({ rules: { 'AAA-ONE': broke(), 'AAA-TWO': held() }, stoppedBy: 'AAA-ONE' }),
      }),
    ],
    { 'AAA-ONE': 'failed', 'AAA-TWO': 'passed' },
  ],
];

for (const [name, tests, want] of cutShortCases) {
  test(`cut short: ${name}`, () => {
    const got = Object.fromEntries(judgeRules(catalogue, tests).map((v) => [v.id, v.verdict]));
    expect(got).toMatchObject(want);
  });
}

test(
  'a must rule whose only evidence came from a timed-out test: the reason names the test and its timeout, and ' +
    'the run is INCONCLUSIVE',
  () => {
    const tests = [
      timedOut({ rules: ['AAA-ONE'], evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) }),
      record({ title: 'two', rules: ['AAA-TWO'], evidence: evidence({ rules: { 'AAA-TWO': held() } }) }),
    ];
    const verdicts = judgeRules(catalogue, tests);
    const one = verdicts.find((v) => v.id === 'AAA-ONE')!;
    expect(one).toMatchObject({
      verdict: 'not observable',
      reasons: ['cut short: the test timed out after 120000 ms (lifecycle)'],
      evidence: { evaluations: 20, cutShort: 20 },
    });
    expect(describeEvidence(one)).toBe('20 evaluations in 1 test, 1 operation; 20 in tests cut short');
    expect(summarize(verdicts, { cutShort: cutShortTests(tests) })).toMatchObject({
      verdict: 'INCONCLUSIVE',
      line:
        'INCONCLUSIVE: 1 must rule in scope not observable (AAA-ONE); no must rule failed, 1 of 2 must rules ' +
        'passed; 1 test cut short',
      cutShort: [
        {
          title: 'lifecycle',
          file: 'x',
          status: 'timedOut',
          reason: 'the test timed out after 120000 ms',
          rules: ['AAA-ONE'],
        },
      ],
    });
  },
);

test('a rule passed elsewhere stays passed, and the line still counts the test cut short', () => {
  const tests = [timedOut({ evidence: evidence({ rules: { 'AAA-ONE': held(20) } }) }), bothHeld()];
  expect(summarize(judgeRules(catalogue, tests), { cutShort: cutShortTests(tests) })).toMatchObject({
    verdict: 'CONFORMANT',
    line: 'CONFORMANT — full scope: 2 of 2 must rules passed; 1 test cut short',
  });
});

test(
  'a harness error is named by its first error line; a failed expectation and a test the run skipped as ' +
    'decided are not cut short',
  () => {
    const tests = [
      record({
        title: 'broken fixture',
        status: 'failed',
        errors: ['TypeError: x is undefined', 'later'],
        evidence: evidence({ rules: { 'AAA-TWO': held() } }),
      }),
      record({
        title: 'failed on the target',
        status: 'failed',
        evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }),
      }),
      record({
        title: 'skipped as decided',
        status: 'skipped',
        skipReason: 'cut short: AAA-ONE already failed earlier in the run',
      }),
      record({ title: 'ran to its end' }),
    ];
    expect(cutShortTests(tests)).toEqual([
      {
        title: 'broken fixture',
        file: 'x',
        status: 'failed',
        reason: 'harness error: TypeError: x is undefined',
        rules: ['AAA-ONE', 'AAA-TWO'],
      },
    ]);
    expect(judgeRules(catalogue, tests).find((v) => v.id === 'AAA-TWO')).toMatchObject({
      verdict: 'not observable',
      reasons: ['cut short: harness error: TypeError: x is undefined (broken fixture)'],
    });
  },
);

test(
  'a test that failed softly and then timed out was ended by its timeout; an interrupted one says how far it ' + 'got',
  () => {
    const verdicts = judgeRules(catalogue, [
      timedOut({
        rules: ['AAA-ONE', 'AAA-TWO'],
        evidence: evidence({ rules: { 'AAA-ONE': broke() }, stoppedBy: 'AAA-ONE' }),
      }),
      record({ title: 'stopped', rules: ['AAA-TWO'], status: 'interrupted', durationMs: 900 }),
    ]);
    expect(verdicts.find((v) => v.id === 'AAA-ONE')!.verdict).toBe('failed');
    expect(verdicts.find((v) => v.id === 'AAA-TWO')).toMatchObject({
      verdict: 'not observable',
      reasons: [
        'cut short: the test timed out after 120000 ms (lifecycle)',
        'cut short: the run was interrupted 900 ms into the test (stopped)',
      ],
    });
  },
);

// Places: where each rule was judged against where it holds (its concerns, each form).
const PLACED: Rule[] = [
  {
    id: 'CAN-X',
    section: '4.9',
    statement: 'X.',
    level: 'must',
    concerns: ['cancelParcel', 'triggerFirstMileEvent', 'listParcels'],
    setUp: { triggerFirstMileEvent: 'delivers the parcel' },
    observable: '',
  },
  { id: 'WH-Y', section: '6', statement: 'Y.', level: 'must', concerns: ['ParcelUpdates'], observable: '' },
  {
    id: 'LCK-Z',
    section: '2.1',
    statement: 'Z.',
    level: 'must',
    concerns: ['createLocker', 'LockerUpdates'],
    observable: '',
  },
  { id: 'GEN-W', section: '7', statement: 'W.', level: 'should', concerns: ['createLocker'], observable: '' },
];

const at = (places: Record<string, number>, failed: Record<string, number> = {}): RuleEvidence => {
  const counts = Object.fromEntries(
    Object.entries(places).map(([p, n]) => [p, { passed: n - (failed[p] ?? 0), failed: failed[p] ?? 0 }]),
  );
  const total = Object.values(counts).reduce((n, c) => n + c.passed, 0);
  const broken = Object.values(counts).reduce((n, c) => n + c.failed, 0);
  return {
    passed: total,
    failed: broken,
    operations: [],
    places: counts,
    ...(broken ? { firstFailure: { message: 'CAN-X: failed' } } : {}),
  };
};

test(
  'places: one entry per place of the concerns and per form, counted; set-ups marked; other places kept after ' +
    'them',
  () => {
    const [x] = judgeRules(PLACED, [
      record({
        rules: ['CAN-X'],
        evidence: evidence({
          rules: {
            'CAN-X': at({ 'cancelParcel by shipmentUid': 2, listParcels: 3, '(no place)': 1, cancelParcel: 1 }),
          },
        }),
      }),
      record({
        rules: ['CAN-X'],
        evidence: evidence({ rules: { 'CAN-X': at({ listParcels: 1 }, { listParcels: 1 }) } }),
      }),
    ]);
    expect(x!.places).toEqual([
      {
        place: 'cancelParcel by carrierParcelId',
        evaluations: 0,
        failed: 0,
        reason: 'no evaluation recorded at this place',
      },
      { place: 'cancelParcel by shipmentUid', evaluations: 2, failed: 0 },
      {
        place: 'triggerFirstMileEvent',
        evaluations: 0,
        failed: 0,
        setUp: true,
        reason: 'sets the rule up: delivers the parcel',
      },
      { place: 'listParcels', evaluations: 4, failed: 1 },
      { place: 'cancelParcel', evaluations: 1, failed: 0, concerned: false },
      { place: '(no place)', evaluations: 1, failed: 0, concerned: false },
    ]);
  },
);

test('places: a rule nothing judged gives each place its own reasons', () => {
  const verdicts = judgeRules(PLACED, [
    record({
      rules: ['WH-Y'],
      evidence: evidence({ notObservable: { 'WH-Y': ['no ParcelUpdates arrived during the run'] } }),
    }),
  ]);
  expect(verdicts.find((v) => v.id === 'WH-Y')!.places).toEqual([
    {
      place: 'ParcelUpdates',
      evaluations: 0,
      failed: 0,
      reason: 'not observable: no ParcelUpdates arrived during the run',
    },
  ]);
});

test(
  'places: the must (rule, place) pairs of the concerns without an evaluation, set-ups and should rules left ' + 'out',
  () => {
    const verdicts = judgeRules(PLACED, [
      record({
        rules: ['CAN-X', 'LCK-Z'],
        evidence: evidence({
          rules: {
            'CAN-X': at({ 'cancelParcel by carrierParcelId': 1, listParcels: 1 }),
            'LCK-Z': at({ createLocker: 2, updateLocker: 1 }),
          },
        }),
      }),
    ]);
    expect(unjudgedPlaces(verdicts)).toEqual([
      { rule: 'CAN-X', place: 'cancelParcel by shipmentUid', reason: 'no evaluation recorded at this place' },
      { rule: 'WH-Y', place: 'ParcelUpdates', reason: 'not exercised: no test names this rule' },
      { rule: 'LCK-Z', place: 'LockerUpdates', reason: 'no evaluation recorded at this place' },
    ]);
  },
);

test(
  '--only: the places a narrowed run did not evaluate are out of scope, and a rule none of whose places it ' +
    'exercised is left out by it',
  () => {
    const leftOut = 'not in the suites selected (lockers)';
    const tests = [
      record({ rules: ['LCK-Z'], evidence: evidence({ rules: { 'LCK-Z': at({ createLocker: 2 }) } }) }),
      // The run's end always runs: it found no ParcelUpdates, since no suite that books parcels ran.
      record({
        rules: ['WH-Y'],
        evidence: evidence({ notObservable: { 'WH-Y': ['no ParcelUpdates arrived during the run'] } }),
      }),
    ];
    const verdicts = judgeRules(PLACED, tests, undefined, leftOut);
    const of = (id: string) => verdicts.find((v) => v.id === id)!;
    expect(of('LCK-Z')).toMatchObject({
      verdict: 'passed',
      places: [
        { place: 'createLocker', evaluations: 2 },
        { place: 'LockerUpdates', evaluations: 0, reason: `out of scope: ${leftOut}`, outOfScope: 'selection' },
      ],
    });
    expect(of('WH-Y')).toMatchObject({
      verdict: 'skipped',
      reasons: [
        `${leftOut}: none of its places was exercised (ParcelUpdates)`,
        'no ParcelUpdates arrived during the run',
      ],
    });
    expect(of('CAN-X').places[0]).toMatchObject({ reason: `out of scope: ${leftOut}`, outOfScope: 'selection' });
    const summary = summarize(verdicts, {}, PLACED);
    expect(summary.verdict).toBe('CONFORMANT');
    expect(summary.line).toBe(
      'CONFORMANT within scope: 1 of 3 must rules (2 out of scope: not selected); 1 of 1 places judged (5 ' +
        'out of scope)',
    );
  },
);

test('--only: a rule nothing judged at a place the run exercised stays not observable there', () => {
  const tests = [
    record({ rules: ['GEN-W'], evidence: evidence({ rules: { 'GEN-W': at({ createLocker: 1 }) } }) }),
    record({ rules: ['LCK-Z'], evidence: evidence({ notObservable: { 'LCK-Z': ['no record had one'] } }) }),
  ];
  const verdicts = judgeRules(PLACED, tests, undefined, 'not in the suites selected (lockers)');
  expect(verdicts.find((v) => v.id === 'LCK-Z')!.verdict).toBe('not observable');
  expect(summarize(verdicts, {}, PLACED).verdict).toBe('INCONCLUSIVE');
});

test(
  "--rules: a rule not selected has its places out of scope; one selected whose places only other rules' tests " +
    'exercise is left out too',
  () => {
    const tests = [
      record({
        rules: ['WH-Y'],
        evidence: evidence({ notObservable: { 'WH-Y': ['no ParcelUpdates arrived during the run'] } }),
      }),
    ];
    const verdicts = judgeRules(PLACED, tests, (id) => id === 'WH-Y');
    const of = (id: string) => verdicts.find((v) => v.id === id)!;
    expect(of('LCK-Z').places[0]).toMatchObject({
      reason: 'out of scope: not selected (--rules)',
      outOfScope: 'selection',
    });
    expect(of('WH-Y')).toMatchObject({
      verdict: 'skipped',
      reasons: [
        'not exercised by the rules selected (--rules): none of its places was exercised (ParcelUpdates)',
        'no ParcelUpdates arrived during the run',
      ],
    });
    expect(summarize(verdicts, {}, PLACED).verdict).toBe('CONFORMANT');
  },
);
