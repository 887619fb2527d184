// Given what tests said they could not judge, and the places rules.yaml marks unprovokable, want each
// place of a rule to carry its own reason, and only the places the target could be asked about counted.
import { expect, test } from '@playwright/test';
import type { RuleEvidence, TestEvidence } from '../../../harness/evidence/log';
import type { Rule } from '../../../spec/catalogue';
import { judgeRules } from '../../../harness/verdict/verdicts';
import type { TestRecord } from '../../../harness/verdict/test-record';
import { summarize } from '../../../harness/verdict/summary';
import { unjudgedPlaces } from '../../../harness/verdict/places';

const RULES: Rule[] = [
  {
    id: 'CAN-X',
    section: '4.9',
    statement: 'X.',
    level: 'must',
    concerns: ['cancelParcel', 'listParcels'],
    observable: '',
  },
  {
    id: 'ERR-Y',
    section: '7',
    statement: 'Y.',
    level: 'must',
    concerns: ['updateLocker', 'listParcels'],
    unprovokable: { listParcels: '§7 states no condition for it' },
    observable: '',
  },
];

const at = (places: Record<string, number>): RuleEvidence => ({
  passed: Object.values(places).reduce((a, b) => a + b, 0),
  failed: 0,
  operations: [],
  places: Object.fromEntries(Object.entries(places).map(([p, n]) => [p, { passed: n, failed: 0 }])),
});

function record(rules: string[], over: Partial<TestEvidence>): TestRecord {
  return {
    title: `${rules[0]} a test`,
    file: 'x',
    rules,
    status: 'passed',
    errors: [],
    evidence: { rules: {}, observations: {}, notObservable: {}, ...over },
    webhookWaits: [],
  };
}

test(
  "a passed rule: a reason written `<place>: …` is that place's, and a place nobody explained has no " +
    'evaluation recorded',
  () => {
    const [x] = judgeRules(RULES, [
      record(['CAN-X'], { rules: { 'CAN-X': at({ 'cancelParcel by carrierParcelId': 2 }) } }),
      record(['CAN-X'], {
        notObservable: {
          'CAN-X': ['cancelParcel by shipmentUid: the target takes one id form', 'a reason of no place'],
        },
      }),
    ]);
    expect(x!.verdict).toBe('passed');
    expect(x!.places).toEqual([
      { place: 'cancelParcel by carrierParcelId', evaluations: 2, failed: 0 },
      {
        place: 'cancelParcel by shipmentUid',
        evaluations: 0,
        failed: 0,
        reason: 'not observable: the target takes one id form',
      },
      { place: 'listParcels', evaluations: 0, failed: 0, reason: 'no evaluation recorded at this place' },
    ]);
    expect(unjudgedPlaces([x!]).map((u) => u.place)).toEqual(['cancelParcel by shipmentUid', 'listParcels']);
  },
);

test("a rule nothing judged: each place takes its own reasons, and no place another place's", () => {
  const [x] = judgeRules(RULES, [
    record(['CAN-X'], { notObservable: { 'CAN-X': ['listParcels: no parcel is listed', 'no locker to book into'] } }),
  ]);
  expect(x!.verdict).toBe('not observable');
  expect(x!.places.map((p) => p.reason)).toEqual([
    'not observable: no locker to book into',
    'not observable: no locker to book into',
    'not observable: no parcel is listed',
  ]);
});

test(
  'an unprovokable place the target gave nothing at is shown with its reason, neither judged nor missing; once ' +
    'answered it is judged',
  () => {
    const nothing = judgeRules(RULES, [record(['ERR-Y'], { rules: { 'ERR-Y': at({ updateLocker: 1 }) } })]);
    const y = nothing.find((v) => v.id === 'ERR-Y')!;
    expect(y.places[1]).toEqual({
      place: 'listParcels',
      evaluations: 0,
      failed: 0,
      unprovokable: true,
      reason: 'not provokable: §7 states no condition for it',
    });
    expect(unjudgedPlaces([y])).toEqual([]);
    expect(summarize([y], {}, RULES).line).toMatch(/; 1 of 1 places judged \(1 not provokable\)$/);

    const answered = judgeRules(RULES, [
      record(['ERR-Y'], { rules: { 'ERR-Y': at({ updateLocker: 1, listParcels: 1 }) } }),
    ]);
    const judged = answered.find((v) => v.id === 'ERR-Y')!;
    expect(judged.places[1]).toEqual({ place: 'listParcels', evaluations: 1, failed: 0, unprovokable: true });
    expect(summarize([judged], {}, RULES).line).toMatch(/; 2 of 2 places judged$/);
  },
);
