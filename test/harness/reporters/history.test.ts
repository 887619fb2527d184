// The run's history: its HAR judged by the traffic checker, each judgement a test record of the run beside the tests'
// own. Given a recording, want the records the history adds.
import { expect, test } from '@playwright/test';
import { historyJudged, HISTORY_PREFIX } from '../../../harness/reporters/history';
import { entry, file, har } from '../../support/traffic-entries';
import { parcel, parcels, refusedBooking } from '../../support/traffic-records';

test('a failure only the whole history shows is a failed evaluation of its rule, under the history title', async () => {
  const p7 = parcel('100', { carrierParcelId: 'P7', shipmentUid: 'S7' });
  const records = await historyJudged(file(har([parcels([]), refusedBooking(), parcels([p7])])), undefined);
  const failed = records.filter((r) => r.evidence.rules['GEN-REJECTED-NO-EFFECT']?.failed);
  expect(failed).toHaveLength(1);
  expect(failed[0]!.title.startsWith(HISTORY_PREFIX)).toBe(true);
  expect(failed[0]!.rules).toContain('GEN-REJECTED-NO-EFFECT');
});

test('what the history could not observe is left to the tests: each rule it names has an evaluation', async () => {
  const records = await historyJudged(file(har([parcels([])])), undefined);
  for (const r of records) {
    expect(Object.keys(r.evidence.notObservable)).toEqual([]);
    expect(r.rules.every((rule) => r.evidence.rules[rule])).toBe(true);
  }
});

test("what one exchange shows alone is its test's to judge, not the history's: a 500 adds nothing here", async () => {
  const records = await historyJudged(
    file(har([entry('GET', '/parcels', 500, { errorCode: 'X', message: 'y' })])),
    undefined,
  );
  expect(records.flatMap((r) => Object.keys(r.evidence.rules))).not.toContain('GEN-NO-5XX');
});

test('a history that cannot be read adds nothing and says so', async () => {
  const written: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    expect(await historyJudged(file('{"log": {"entries": [oops'), undefined)).toEqual([]);
  } finally {
    process.stderr.write = write;
  }
  expect(written.join('')).toContain("the run's history (exchanges.har) could not be judged");
});
