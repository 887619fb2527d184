// Given a property that keeps failing, want shrinking to stop at its budget of runs or time, with the
// smallest counterexample found so far, and no further predicate runs.
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { propertyParameters, SHRINK_RUNS, shrinkBudget } from '../../generators/runs';

const failsOnLongArrays = (calls: { n: number }) =>
  fc.asyncProperty(fc.array(fc.integer(), { minLength: 200, maxLength: 400 }), async (values) => {
    calls.n += 1;
    expect(values.length).toBeLessThan(3);
  });

test('without a budget the same property shrinks for many more runs (the baseline the budget cuts)', async () => {
  const calls = { n: 0 };
  const details = await fc.check(failsOnLongArrays(calls), { seed: 7, numRuns: 1 });
  expect(details.failed).toBe(true);
  expect(calls.n).toBeGreaterThan(1 + SHRINK_RUNS);
});

test(
  `after the first failure at most ${SHRINK_RUNS} runs ` + `shrink it, and the report says the budget stopped it`,
  async () => {
    const calls = { n: 0 };
    const error = await fc.assert(failsOnLongArrays(calls), { ...propertyParameters(5, 7) }).then(
      () => new Error('the property held'),
      (e: unknown) => e as Error,
    );
    expect(calls.n).toBeLessThanOrEqual(1 + SHRINK_RUNS);
    expect(error.message).toMatch(/shrinking stopped at its budget/);
    expect(error.message).toMatch(/Replay with: CIS_SEED=7/);
  },
);

test('a spent time budget stops shrinking at the first counterexample', async () => {
  const calls = { n: 0 };
  const state = { shrinkRuns: 0, stopped: false };
  const details = await fc.check(failsOnLongArrays(calls), {
    seed: 7,
    numRuns: 3,
    plugins: [shrinkBudget(state, 1_000, -1)],
  });
  expect(details.failed).toBe(true);
  expect(calls.n).toBe(1);
  expect(state.stopped).toBe(true);
});

test('a property that holds runs every run and is never stopped', async () => {
  const state = { shrinkRuns: 0, stopped: false };
  let runs = 0;
  const details = await fc.check(
    fc.asyncProperty(fc.integer(), async () => {
      runs += 1;
    }),
    { numRuns: 100, plugins: [shrinkBudget(state)] },
  );
  expect(details.failed).toBe(false);
  expect(runs).toBe(100);
  expect(state.stopped).toBe(false);
});
