// Which gated faults a self-test runs. The whole corpus costs some 0.7 s of CPU a fault (about 400 s for 571), more
// than npm test may cost in all; so npm test runs one fault of every rule that has one (each rule still shown to fail,
// the fourth rule of the harness), drawn afresh by a seed, and `--all` runs every fault (before a release, or after a
// change to how the harness judges). The seed is the commit's, so a run is repeatable (`--seed`) and successive
// commits run different faults of each rule.
import { spawnSync } from 'node:child_process';

export const SAMPLE_FLAGS = ['--all'];

export interface Sampling {
  /** Every gated fault, or one per rule drawn by `seed`. */
  all: boolean;
  seed: string;
}

/** `--all` or CIS_SELF_TEST_ALL=1: every fault; `--seed S` or CIS_SELF_TEST_SEED: the draw; else the commit's. */
export function samplingAsked(argv: readonly string[], env: NodeJS.ProcessEnv = process.env, root = '.'): Sampling {
  const at = argv.indexOf('--seed');
  const given = at >= 0 ? argv[at + 1] : env['CIS_SELF_TEST_SEED'];
  if (at >= 0 && (!given || given.startsWith('--')))
    throw new Error('--seed needs a value (the seed a self-test printed, e.g. --seed 3158599)');
  return { all: argv.includes('--all') || env['CIS_SELF_TEST_ALL'] === '1', seed: given || commitSeed(root) };
}

/** The arguments that are not sampling flags (fault names, traffic flags). */
export function withoutSamplingFlags(argv: readonly string[]): string[] {
  const at = argv.indexOf('--seed');
  return argv.filter((a, i) => !SAMPLE_FLAGS.includes(a) && (at < 0 || (i !== at && i !== at + 1)));
}

function commitSeed(root: string): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return head.status === 0 && head.stdout.trim() ? head.stdout.trim() : new Date().toISOString().slice(0, 10);
}

/** FNV-1a: a stable draw from a seed and a rule, the same on every machine. */
function drawn(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** One fault of each rule, drawn by the seed among that rule's faults taken in the order of their names. */
export function onePerRule<T extends { name: string; rule: string }>(faults: readonly T[], seed: string): T[] {
  const byRule = new Map<string, T[]>();
  for (const fault of faults) byRule.set(fault.rule, [...(byRule.get(fault.rule) ?? []), fault]);
  return [...byRule.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([rule, ofRule]) => {
      const named = [...ofRule].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return named[drawn(`${seed}:${rule}`) % named.length]!;
    });
}
