// How properties run: CIS_PROPERTY_RUNS and CIS_SEED, and a failure that names its seed and path so
// `CIS_SEED=<seed>` replays it (the same seed generates the same values in the same order).
import fc from 'fast-check';

export function propertyParameters<T>(runs: number, seed: number | undefined): fc.Parameters<T> {
  return {
    numRuns: runs,
    ...(seed !== undefined ? { seed } : {}),
    endOnFailure: false,
    asyncReporter: async (details) => {
      if (!details.failed) return;
      const replay = `CIS_SEED=${details.seed} (fast-check path ${details.counterexamplePath ?? '-'})`;
      throw new Error(
        `Property failed after ${details.numRuns} run(s) and ${details.numShrinks} shrink(s).\n` +
          `Counterexample: ${fc.stringify(details.counterexample)}\n` +
          `Replay with: ${replay}\n` +
          `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance ?? '')}`,
      );
    },
  };
}
