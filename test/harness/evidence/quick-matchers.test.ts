// Given a matcher call, want the quick decision never to pass where Playwright's matcher fails, and to
// decide the common holding cases itself.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { holdsQuickly } from '../../../harness/evidence/quick-matchers';

/** Whether Playwright's own matcher passes, negated or not. */
function playwrightHolds(matcher: string, actual: unknown, args: unknown[], negated: boolean): boolean {
  const matchers = (negated ? expect(actual).not : expect(actual)) as unknown as Record<
    string,
    (...a: unknown[]) => void
  >;
  try {
    matchers[matcher]!(...args);
    return true;
  } catch {
    return false;
  }
}

const cases: [string, unknown, unknown[], boolean, true | undefined][] = [
  ['toBe', 1, [1], false, true],
  ['toBe', 0, [-0], false, undefined],
  ['toBe', 'a', ['b'], true, true],
  ['toEqual', { a: [1, { b: null }] }, [{ a: [1, { b: null }] }], false, true],
  ['toEqual', { a: 1, b: undefined }, [{ a: 1 }], false, undefined],
  ['toEqual', { a: 1 }, [{ a: expect.any(Number) }], false, undefined],
  ['toEqual', [1, 2], [[1, 2]], true, undefined],
  ['toEqual', new Date(0), [new Date(0)], false, undefined],
  ['toContain', ['x', 'y'], ['y'], false, true],
  ['toContain', ['x'], ['y'], true, true],
  ['toContain', [{ a: 1 }], [{ a: 1 }], false, undefined],
  ['toContain', [Number.NaN, 'NaN'], [Number.NaN], true, undefined],
  ['toContain', [0], [-0], false, undefined],
  ['toContain', 'abc', ['b'], false, true],
  ['toMatch', '2026-11-22T07:00:00+01:00', [/[+-]\d\d:\d\d$/], false, true],
  ['toMatch', 'abc', [/x/g], true, true],
  ['toBeDefined', undefined, [], true, true],
  ['toBeUndefined', null, [], false, undefined],
  ['toHaveProperty', { a: 1 }, ['a'], false, true],
  ['toHaveProperty', { a: 1 }, ['b'], true, true],
  ['toHaveProperty', { a: { b: 1 } }, ['a.b'], false, undefined],
  ['toHaveProperty', { a: 1 }, ['a', 2], false, undefined],
  ['toBeGreaterThanOrEqual', 3, [3], false, true],
  ['toBeGreaterThanOrEqual', 3, ['3'], false, undefined],
  ['toHaveLength', [1, 2], [2], false, true],
  ['toMatchObject', { a: 1 }, [{ a: 1 }], false, undefined],
];

for (const [matcher, actual, args, negated, want] of cases) {
  test(
    `${negated ? 'not.' : ''}${matcher}(${JSON.stringify(args)}) on ${JSON.stringify(actual)} is ` +
      `${want ? 'decided as holding' : 'left to Playwright'}`,
    () => {
      expect(holdsQuickly(matcher, actual, args, negated)).toBe(want);
      if (want) expect(playwrightHolds(matcher, actual, args, negated)).toBe(true);
    },
  );
}

test('toEqual and toBe decided quickly on JSON values never hold where Playwright fails', () => {
  const json = fc.jsonValue({ maxDepth: 3 });
  const pairs = fc.oneof(
    fc.tuple(json, json),
    json.map((v) => [v, JSON.parse(JSON.stringify(v)) as unknown] as const),
  );
  fc.assert(
    fc.property(pairs, fc.constantFrom('toEqual', 'toBe', 'toContain'), fc.boolean(), ([a, b], matcher, negated) => {
      if (holdsQuickly(matcher, a, [b], negated)) expect(playwrightHolds(matcher, a, [b], negated)).toBe(true);
    }),
    { numRuns: 300 },
  );
});
