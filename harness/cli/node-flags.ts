// The V8 flags `npm run conformance` starts Playwright's runner with; its workers inherit them (Playwright
// forks them with the runner's execArgv). A run is what people start on a laptop or a small CI runner
// next to other jobs: each process allocates many short-lived objects (answers, evidence) and keeps few,
// so a 2 MB young generation and a heap grown only as far as it must hold the same run in about 140 MB
// less, for about 2 s more of a 7 s run (npm run bench; docs/development.md, Benchmark). --optimize-for-size is
// refused in NODE_OPTIONS, hence the command line. Plain `npx playwright test` runs without them, as do
// the self-test's many runs, where time counts and memory does not.

export const RUN_NODE_FLAGS = ['--max-semi-space-size=2', '--optimize-for-size'] as const;

const flagName = (flag: string) => flag.split('=')[0]!;

/** The run's flags but those the user set in NODE_OPTIONS (theirs is kept). */
export function runFlags(nodeOptions = ''): string[] {
  const set = nodeOptions.split(/\s+/).map(flagName);
  return RUN_NODE_FLAGS.filter((flag) => !set.includes(flagName(flag)));
}

/** How to start Playwright's runner with the flags: node, its arguments. */
export function playwrightCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env): [string, string[]] {
  return [process.execPath, [...runFlags(env['NODE_OPTIONS']), require.resolve('@playwright/test/cli'), ...args]];
}
