// Each check with a given/want table: given a response to an operation, want its verdict (the rule of
// the failure, or nothing).
import { expect, test } from '@playwright/test';
import { CHECKS, describeFailure, judgeAnswer } from '../../../harness/checks';
import { operation } from '../../../spec/operations';
import type { Exchange } from '../../../harness/http/exchange';
import { error, exchange, locker, type Row } from './check-rows/answers';
import { bodyRows } from './check-rows/bodies';
import { headerRows } from './check-rows/headers';
import { statusRows } from './check-rows/status';

const table: Row[] = [...headerRows, ...statusRows, ...bodyRows];

for (const [name, check, given, wantRule, wantPointer] of table) {
  test(`${check}: ${name}`, () => {
    const got = CHECKS[check]!(given, operation(given.operationId));
    if (wantRule === undefined) {
      expect(got, got && describeFailure(got)).toBeUndefined();
      return;
    }
    expect(got?.rule).toBe(wantRule);
    if (wantPointer !== undefined) expect(got?.pointer).toBe(wantPointer);
    expect(describeFailure(got!)).toMatch(new RegExp(`^${wantRule} ${given.operationId}: expected .+, got .+ \\(at /`));
  });
}

test('every check of the index has at least one passing and one failing row', () => {
  for (const name of Object.keys(CHECKS)) {
    const rows = table.filter((r) => r[1] === name);
    expect(
      rows.some((r) => r[3] === undefined),
      name,
    ).toBe(true);
    expect(
      rows.some((r) => r[3] !== undefined),
      name,
    ).toBe(true);
  }
});

// Given an answer, want the rules the checks judged on it: only what the answer is evidence for.
const judgedTable: [string, Exchange, string[], string[]][] = [
  [
    'any answer is judged for 5xx and its status',
    exchange('listLockers', 200, []),
    ['GEN-NO-5XX', 'GEN-STATUS-DOCUMENTED', 'GEN-JSON'],
    ['LCK-RECORD-SHAPE'],
  ],
  ['an empty list proves no record rule', exchange('listProviders', 200, []), ['GEN-JSON'], ['PRV-ENTRY-SHAPE']],
  [
    'a locker record without openingHours proves no opening-hours rule',
    exchange('createLocker', 201, locker),
    ['LCK-RECORD-SHAPE', 'LCK-PROVIDER-FIELDS', 'LCK-CARRIER-LOCKERNAME', 'VER-REMOVED-FIELDS'],
    ['LCK-OH-SCHEDULED'],
  ],
  [
    '{} is no locker record',
    exchange('createLocker', 201, {}),
    ['GEN-JSON'],
    ['LCK-RECORD-SHAPE', 'LCK-PROVIDER-FIELDS', 'VER-REMOVED-FIELDS', 'GEN-DATE-TIME-ZONE'],
  ],
  [
    "a locker record's activationDate and a publish timestamp are date-times judged for their zone",
    exchange('createLocker', 201, locker),
    ['GEN-DATE-TIME-ZONE'],
    [],
  ],
  [
    "a publish answer's timestamp is judged for its zone",
    exchange('publishParcel', 200, { status: 's', message: 'm', timestamp: '2026-01-01T10:00:00Z' }),
    ['GEN-DATE-TIME-ZONE'],
    [],
  ],
  ['a provider list carries no date-time', exchange('listProviders', 200, []), [], ['GEN-DATE-TIME-ZONE']],
  [
    'a SCHEDULED record proves the SCHEDULED rule',
    exchange('listLockers', 200, [{ ...locker, openingHours: { accessMode: 'SCHEDULED', weeklySchedule: [{}] } }]),
    ['LCK-OH-SCHEDULED'],
    ['LCK-OH-ALWAYS'],
  ],
  [
    'an error body proves the error rules, not the record rules',
    exchange('publishParcel', 400, error),
    ['ERR-BODY', 'ERR-NO-LEGACY-ERROR'],
    ['PCL-PUBLISH-RESPONSE', 'ERR-404-JSON'],
  ],
  ['an empty body is not judged as JSON', exchange('cancelParcel', 204), ['GEN-NO-5XX'], ['GEN-JSON']],
  [
    'a 404 of an operation §7 lists it for proves ERR-404-JSON',
    exchange('updateLocker', 404, error),
    ['ERR-404-JSON'],
    [],
  ],
];

for (const [name, given, judged, notJudged] of judgedTable) {
  test(`judged: ${name}`, () => {
    const rules = judgeAnswer(given, operation(given.operationId)).map((j) => j.rule);
    for (const rule of judged) expect(rules, `${rule} judged`).toContain(rule);
    for (const rule of notJudged) expect(rules, `${rule} not judged`).not.toContain(rule);
  });
}

test('a failure is a failed judgement of its rule, even where the check did not expect to judge it', () => {
  const judgements = judgeAnswer(exchange('listProviders', 200, 42), operation('listProviders'));
  expect(judgements.find((j) => j.rule === 'PRV-LIST')?.failure?.rule).toBe('PRV-LIST');
  expect(judgements.filter((j) => j.rule === 'GEN-NO-5XX')).toEqual([{ rule: 'GEN-NO-5XX' }]);
  // A locker list answered with no list at all fails the rule that says what it returns; JSON null lists no record (the
  // envelope is not shown).
  const text = judgeAnswer(exchange('listLockers', 200, 42), operation('listLockers'));
  expect(text.find((j) => j.failure)?.failure?.rule).toBe('LCK-LIST-RECORDS');
  const none = judgeAnswer(exchange('listLockers', 200, null), operation('listLockers'));
  expect(none.filter((j) => j.failure)).toEqual([]);
});

test('ERR-404-JSON names what is wrong: JSON under another media type is said so, not "not a JSON body"', () => {
  const typed = CHECKS['notFoundJson']!(
    exchange(
      'updateLocker',
      404,
      { errorCode: 'NOT_FOUND', message: 'no such locker' },
      { 'content-type': 'text/plain' },
    ),
    operation('updateLocker'),
  );
  expect(describeFailure(typed!)).toContain('a JSON body under Content-Type text/plain');
  const html = CHECKS['notFoundJson']!(
    exchange('updateLocker', 404, '<h1>Not Found</h1>', { 'content-type': 'text/html' }),
    operation('updateLocker'),
  );
  expect(describeFailure(html!)).toContain('<h1>Not Found</h1>');
});
