// Each command's options, and reading a command line against them: a flag the command lacks, a value
// missing or one given to a switch is one message in our words, naming the nearest option it has.
import { parseArgs } from 'node:util';
import { nearest } from '../target/nearest';
import { VARIABLE_FLAGS } from './variable-flags';

export class UsageError extends Error {}

type Options = Record<string, { type: 'string' | 'boolean' }>;

const strings = (...names: string[]): Options => Object.fromEntries(names.map((n) => [n, { type: 'string' as const }]));
const switches = (...names: string[]): Options =>
  Object.fromEntries(names.map((n) => [n, { type: 'boolean' as const }]));

/** What a run and a replay share: the target, how the run goes, where reports go. */
const RUN_SHARED: Options = {
  ...strings(...Object.keys(VARIABLE_FLAGS), 'config', 'report-dir', 'workers'),
  ...switches('allow-writes', 'strict', 'full-scope', 'help'),
};

export const COMMAND_OPTIONS: Record<'run' | 'replay' | 'init' | 'compare', Options> = {
  run: { ...RUN_SHARED, ...strings('only', 'rules', 'shard') },
  replay: RUN_SHARED,
  init: switches('force', 'help'),
  compare: switches('json', 'help'),
};

export type Command = keyof typeof COMMAND_OPTIONS;
export const COMMANDS = ['run', 'replay', 'compare', 'judge', 'init'] as const;

/** Why an option of the run is none of this command's, where a reason helps more than the list. */
const NOT_HERE: Partial<Record<Command, Record<string, string>>> = {
  replay: Object.fromEntries(
    ['only', 'rules', 'shard'].map((f) => [
      f,
      `replay: --${f} does not apply; a replay runs the tests that decided the rule`,
    ]),
  ),
};

/**
 * A negative number after a flag that takes a value is that value (--seed -5), not an option: joined
 * to it as --seed=-5.
 */
function joinNegativeValues(argv: string[]): string[] {
  const flag = /^--[a-z0-9-]+$/;
  return argv.flatMap((arg, i) => {
    if (/^-\d+$/.test(arg) && flag.test(argv[i - 1] ?? '')) return [];
    return flag.test(arg) && /^-\d+$/.test(argv[i + 1] ?? '') ? [`${arg}=${argv[i + 1]}`] : [arg];
  });
}

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** The line (less its command: splitCommand) read against `command`'s options; a UsageError for what it cannot take. */
export function parseCommandLine(command: Command, argv: string[]): Parsed {
  const options = COMMAND_OPTIONS[command];
  const name = command === 'run' ? 'carrier-conformance' : `carrier-conformance ${command}`;
  const { values, positionals, tokens } = parseArgs({
    args: argv,
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = options[token.name];
    if (!option) {
      const reason = NOT_HERE[command]?.[token.name];
      if (reason) throw new UsageError(reason);
      const near = nearest(token.name, Object.keys(options));
      const list = Object.keys(options).map((o) => `--${o}`);
      const hint = near ? `; did you mean --${near}?` : list.length < 6 ? `; its options: ${list.join(', ')}` : '';
      throw new UsageError(`${token.rawName} is no option of ${name}${hint}`);
    }
    const flag = token.rawName;
    if (option.type === 'boolean' && token.value !== undefined) {
      throw new UsageError(`${flag} takes no value (got "${token.value}"): give ${flag} alone to turn it on`);
    }
    // `--seed --strict`: the next option is no value.
    const next = !token.inlineValue && token.value?.startsWith('--') ? token.value.slice(2).split('=')[0]! : undefined;
    const missing = token.value === undefined || (next !== undefined && next in options);
    if (option.type === 'string' && missing)
      throw new UsageError(`${flag} needs a value, e.g. ${flag} ${example(token.name)}`);
  }
  return { values, positionals };
}

function example(flag: string): string {
  if (flag.endsWith('-url')) return 'https://staging.example/v1';
  if (flag.endsWith('-ms') || ['seed', 'workers', 'concurrency', 'property-runs', 'max-failures'].includes(flag))
    return '4';
  const examples: Record<string, string> = {
    only: 'lockers',
    rules: 'LCK-*',
    shard: '1/2',
    explore: '8x12',
    env: 'staging',
  };
  return examples[flag] ?? 'VALUE';
}

/** The command a line names (run when it names none), and the line without that word. */
export function splitCommand(argv: string[]): [Command, string[]] {
  const args = joinNegativeValues(argv);
  const options = Object.assign({}, ...Object.values(COMMAND_OPTIONS)) as Options;
  const { tokens } = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  const first = tokens.find((token) => token.kind === 'positional');
  if (!first) return ['run', args];
  const rest = args.filter((_, i) => i !== first.index);
  return first.value in COMMAND_OPTIONS ? [first.value as Command, rest] : ['run', args];
}
