// The V8 flags `npm run conformance` starts Playwright's runner with; its workers inherit them (Playwright
// forks them with the runner's execArgv). A run is what people start on a laptop or a small CI runner
// next to other jobs: each process allocates many short-lived objects (answers, evidence) and keeps few,
// so a 2 MB young generation and a heap grown only as far as it must hold the same run in about 140 MB
// less, for about a quarter more CPU (npm run bench; docs/development.md, Benchmark). --optimize-for-size
// is refused in NODE_OPTIONS, hence the command line, and CIS_NODE_FLAGS to choose others ('' for V8's
// defaults: where memory is plentiful and time counts, as in the harness's own tests). Plain
// `npx playwright test` runs without them, as do the self-test's many runs.

export const RUN_NODE_FLAGS = ['--max-semi-space-size=2', '--optimize-for-size'] as const;
export const NODE_FLAGS_VARIABLE = 'CIS_NODE_FLAGS';

const flagName = (flag: string) => flag.split('=')[0]!;
const FLAG = /^--[a-z0-9][a-z0-9_-]*(=\S+)?$/;

/** What is wrong with CIS_NODE_FLAGS, in one sentence, or undefined. */
export function nodeFlagsProblem(given: string | undefined): string | undefined {
  const bad = (given ?? '').split(/\s+/).filter((token) => token && !FLAG.test(token));
  if (!bad.length) return undefined;
  return (
    `${NODE_FLAGS_VARIABLE}: ${bad.map((b) => JSON.stringify(b)).join(', ')} is not a Node flag (--name or ` +
    `--name=value, space separated); leave it unset for ${RUN_NODE_FLAGS.join(' ')}, or set it empty for none`
  );
}

/** The run's flags (CIS_NODE_FLAGS where given) but those the user set in NODE_OPTIONS (theirs is kept). */
export function runFlags(nodeOptions = '', given?: string): string[] {
  const set = nodeOptions.split(/\s+/).map(flagName);
  const flags = given === undefined ? [...RUN_NODE_FLAGS] : given.split(/\s+/).filter(Boolean);
  return flags.filter((flag) => !set.includes(flagName(flag)));
}

/** How to start Playwright's runner with the flags: node, its arguments. */
export function playwrightCommand(args: readonly string[], env: NodeJS.ProcessEnv = process.env): [string, string[]] {
  const flags = runFlags(env['NODE_OPTIONS'], env[NODE_FLAGS_VARIABLE]);
  return [process.execPath, [...flags, require.resolve('@playwright/test/cli'), ...args]];
}
