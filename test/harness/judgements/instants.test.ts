// A date-time as the instant it names, at the precision it is written in: given/want tables.
import { expect, test } from '@playwright/test';
import { inUtc, instantOf, oneInstant, showsInstant } from '../../../harness/judgements/instants';

const shows: [sent: string, shown: string, want: boolean][] = [
  ['2026-06-30T12:00:00Z', '2026-06-30T14:00:00+02:00', true],
  ['2026-06-30t12:00:00z', '2026-06-30T12:00:00.000Z', true],
  ['2026-06-30T12:00:00.5Z', '2026-06-30T12:00:00Z', true],
  ['2026-06-30T12:00:00.5Z', '2026-06-30T12:00:01Z', true],
  ['2026-06-30T12:00:00.5Z', '2026-06-30T12:00:00.500000Z', true],
  ['2026-06-30T12:00:00.5Z', '2026-06-30T12:00:00.005Z', false],
  ['2026-06-30T12:00:00.123456789-03:00', '2026-06-30T15:00:00.123Z', true],
  ['2026-06-30T12:00:00Z', '2026-06-30T12:00:00.999Z', false],
  ['2026-06-30T12:00:00Z', '2026-06-30T12:00:01Z', false],
  ['2016-12-31T23:59:60Z', '2016-12-31T23:59:60Z', true],
  ['2016-12-31T23:59:60Z', '2016-12-31T23:59:59Z', true],
  ['2016-12-31T23:59:60Z', '2017-01-01T00:00:00Z', true],
  ['2016-12-31T23:59:60Z', '2017-01-01T00:00:01Z', false],
  // To the nanosecond: a double of epoch milliseconds cannot tell these apart, the comparison must.
  ['2026-06-30T12:00:00.123456789Z', '2026-06-30T12:00:00.123456Z', true],
  ['2026-06-30T12:00:00.123456789Z', '2026-06-30T12:00:00.123457Z', true],
  ['2026-06-30T12:00:00.1Z', '2026-06-30T12:00:00.100000000Z', true],
  ['2026-06-30T12:00:00.1Z', '2026-06-30T12:00:00.099999904Z', false],
  ['2026-06-30T23:59:59.999+14:00', '2026-06-30T09:59:59.999000072Z', false],
  ['2026-06-30T12:00:00Z', '2026-06-30T12:00:00', false],
  ['2026-06-30T12:00:00Z', 'yesterday', false],
];
for (const [sent, shown, want] of shows)
  test(`given ${sent} sent, ${shown} shown: ${want ? 'the instant sent' : 'another'}`, () => {
    expect(showsInstant(sent, shown)).toBe(want);
  });

// The must: one instant to the second, in every place; finer than that, each place's precision is its own.
const one: [a: string, b: string, want: boolean][] = [
  ['2026-06-30T10:30:00.600Z', '2026-06-30T10:30:01Z', true],
  ['2026-06-30T10:30:00.600Z', '2026-06-30T10:30:01.000Z', true],
  ['2026-06-30T12:00:00Z', '2026-06-30T12:00:01Z', true],
  ['2026-06-30T12:00:00Z', '2026-06-30T12:00:02Z', false],
  ['2026-06-30T12:00Z', '2026-06-30T12:00:30Z', true],
  ['2026-06-30T12:00:00Z', '2026-06-30T14:00:00Z', false],
  ['2026-06-30T12:00:00+02:00', '2026-06-30T10:00:00z', true],
  ['2024-12-30T10:00:00Z', '2025-12-30T10:00:00Z', false],
  ['2016-12-31T23:59:60Z', '2017-01-01T00:00:00Z', true],
];
for (const [a, b, want] of one)
  test(`given ${a} in one place and ${b} in another: ${want ? 'one instant' : 'two'}`, () => {
    expect(oneInstant(a, b)).toBe(want);
    expect(oneInstant(b, a)).toBe(want);
  });

test('instantOf: the unit each form is written to', () => {
  expect(instantOf('2026-06-30T12:00Z')?.unit).toBe(60_000);
  expect(instantOf('2026-06-30T12:00:00+0200')?.unit).toBe(1000);
  expect(instantOf('2026-06-30T12:00:00.12Z')?.unit).toBe(10);
  expect(instantOf(42)).toBeUndefined();
});

const utc: [given: unknown, want: unknown][] = [
  ['2026-01-15T09:00:00+01:00', '2026-01-15T08:00:00Z'],
  ['2026-01-15t08:00:00.50z', '2026-01-15T08:00:00.5Z'],
  ['2026-01-15T08:00:00.123456789-03:00', '2026-01-15T11:00:00.123456789Z'],
  ['Kiosk 7', 'Kiosk 7'],
  [null, null],
];
for (const [given, want] of utc)
  test(`inUtc: given ${JSON.stringify(given)}, want ${JSON.stringify(want)}`, () => expect(inUtc(given)).toBe(want));
