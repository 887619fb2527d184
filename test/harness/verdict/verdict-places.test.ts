// Given the evidence tests recorded at each place (a concern, a form), want each rule's places judged and the
// ones nothing judged given their reasons, as a narrowed run (--only, --rules) leaves them.
import { expect, test } from '@playwright/test';
import type { RuleEvidence } from '../../../harness/evidence/log';
import type { Rule } from '../../../spec/catalogue';
import { judgeRules } from '../../../harness/verdict/verdicts';
import { summarize } from '../../../harness/verdict/summary';
import { unjudgedPlaces } from '../../../harness/verdict/places';
import { evidence, record } from '../../support/verdict-records';

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
