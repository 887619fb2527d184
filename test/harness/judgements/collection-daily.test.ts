// WH-COLLECTION-DAILY over the notifications naming one carrierLockerId: no more within a period than lockers held it.
import { expect, test } from '@playwright/test';
import { oncePerPeriodJudgements } from '../../../harness/judgements/collection-daily';

const PERIOD = 1000;
const cases: [given: string, times: number[], holding: number, failures: string[]][] = [
  ['one notification: nothing to judge', [0], 1, []],
  ['two a period apart', [0, 1000], 1, []],
  ['two a tenth short of a period apart (the job tick)', [0, 900], 1, []],
  ['two within a period', [0, 500], 1, ['L was notified twice within 500 ms (period 1000 ms)']],
  ['out of order, judged by time', [1500, 0, 1000], 1, ['L was notified twice within 500 ms (period 1000 ms)']],
  ['two lockers under one id, notified together', [0, 3, 1000, 1003], 2, []],
  [
    'three under an id two lockers held',
    [0, 3, 7],
    2,
    ["L was notified 3 times within 7 ms (period 1000 ms) (2 of the carrier's lockers held that id during the run)"],
  ],
];

for (const [given, times, holding, failures] of cases)
  test(`oncePerPeriodJudgements: ${given}`, () => {
    const judgements = oncePerPeriodJudgements(times, PERIOD, 'L', holding);
    expect(judgements.every((j) => j.rule === 'WH-COLLECTION-DAILY')).toBe(true);
    expect(judgements.length).toBe(Math.max(0, times.length - holding));
    expect(judgements.flatMap((j) => (j.failure ? [j.failure] : []))).toEqual(failures);
  });
