// How properties run: CIS_PROPERTY_RUNS and CIS_SEED, a bounded shrink, and a failure that names its
// seed and path so `CIS_SEED=<seed>` replays it (the same seed generates the same values in the same order).
import fc from 'fast-check';

/** After a property's first failure, at most this many more runs of the predicate shrink it … */
export const SHRINK_RUNS = 40;
/** … and for at most this long: a shrink step against a remote target is a round trip, or several. */
export const SHRINK_MS = 3_000;

interface ShrinkState {
  failedAt?: number;
  shrinkRuns: number;
  stopped: boolean;
}

function isPropertyFailure(outcome: unknown): boolean {
  return outcome !== null && typeof outcome === 'object' && 'error' in outcome;
}

/** Playwright's `test.skip()` inside a predicate: the test stops as skipped with its reason, nothing to shrink. */
const isTestSkip = (error: unknown): error is Error =>
  error instanceof Error && error.constructor.name === 'TestSkipError';

/**
 * A fast-check plugin bounding the shrink: once the budget is spent, the run is interrupted without
 * running the predicate again (no request is sent), and fast-check reports the smallest counterexample
 * it had found. A broken build is then judged about as fast as a good one.
 */
export function shrinkBudget<T>(state: ShrinkState, runs = SHRINK_RUNS, ms = SHRINK_MS): fc.Plugin<T> {
  return () => ({
    decorateRun: (run) => (value) => {
      if (state.failedAt !== undefined) {
        state.shrinkRuns += 1;
        if (state.stopped || state.shrinkRuns > runs || Date.now() - state.failedAt > ms) {
          state.stopped = true;
          // fast-check's own way to interrupt a run (its interruptAfterTimeLimit plugin does the same).
          return new fc.PreconditionFailure(true) as ReturnType<typeof run>;
        }
      }
      const note = (outcome: Awaited<ReturnType<typeof run>>) => {
        if (state.failedAt === undefined && isPropertyFailure(outcome)) state.failedAt = Date.now();
        if (isPropertyFailure(outcome) && isTestSkip((outcome as { error: unknown }).error)) state.stopped = true;
        return outcome;
      };
      const outcome = run(value);
      return (outcome instanceof Promise ? outcome.then(note) : note(outcome)) as ReturnType<typeof run>;
    },
  });
}

export function propertyParameters<T>(runs: number, seed: number | undefined): fc.Parameters<T> {
  const shrink: ShrinkState = { shrinkRuns: 0, stopped: false };
  return {
    numRuns: runs,
    ...(seed !== undefined ? { seed } : {}),
    endOnFailure: false,
    plugins: [shrinkBudget<T>(shrink)],
    asyncReporter: async (details) => {
      if (!details.failed) return;
      const replay = `CIS_SEED=${details.seed} (fast-check path ${details.counterexamplePath ?? '-'})`;
      const budget = shrink.stopped
        ? ` (shrinking stopped at its budget: ${SHRINK_RUNS} runs or ${SHRINK_MS / 1000} s)`
        : '';
      const cause = details.errorInstance;
      if (isTestSkip(cause)) throw cause;
      throw new Error(
        `Property failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s)${budget}.\n` +
          `Counterexample: ${fc.stringify(details.counterexample)}\n` +
          `Replay with: ${replay}\n` +
          `${cause instanceof Error ? cause.message : String(cause ?? '')}`,
      );
    },
  };
}
