// `carrier-conformance`: the conformance run from the command line. Flags mirror the CIS_* variables;
// Playwright runs underneath (plain `npx playwright test` keeps working). Exit codes: 0 conformant,
// 1 not conformant, 2 could not run, 3 inconclusive (harness/verdict/certificate.ts decides them).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CertificateFileError, readCertificate } from '../baseline/certificate-file';
import { compareCertificates, gateLine } from '../baseline/compare';
import { comparisonMarkdown } from '../baseline/render';
import { ConfigError, environmentWithDotEnv, readConfig, type HarnessConfig } from '../target/config';
import { CONFIG_FILE } from '../target/config-file';
import { suggestion } from '../target/nearest';
import { COMMANDS, parseCommandLine, splitCommand, UsageError, type Command } from './arguments';
import { CONFIG_EXAMPLE, ENV_EXAMPLE } from './env-example';
import { NODE_FLAGS_VARIABLE, nodeFlagsProblem, playwrightCommand } from './node-flags';
import { replayPlan, ReplayError, verdictIn } from './replay';
import { SUITES } from './run-files';
import { runInvocation, type Run } from './run-invocation';
import { stopFileIn, watchRunStop } from './run-stop';
import { chooseRemoteWorkers } from './remote-workers';
import { COMPARE_USAGE, INIT_USAGE, REPLAY_USAGE, runUsage } from './usage';
import { ROOT } from '../../spec/root';

function fail(message: string, command = ''): never {
  const help = `carrier-conformance ${command ? `${command} ` : ''}--help`;
  process.stderr.write(`carrier-conformance: ${message}\n\nRun ${help} for the options.\n`);
  process.exit(2);
}

const COMMAND_USAGE: Record<Exclude<Command, 'run'>, string> = {
  replay: REPLAY_USAGE,
  init: INIT_USAGE,
  compare: COMPARE_USAGE,
};

type Invocation = Run | 'help' | { usage: string } | { init: boolean; force: boolean } | Compare;
interface Compare {
  compare: [string, string];
  json: boolean;
}

export function parseInvocation(argv: string[], cwd = process.cwd()): Invocation {
  const [command, rest] = splitCommand(argv);
  const { values, positionals } = parseCommandLine(command as Command, rest);
  if (values['help']) return command === 'run' ? 'help' : { usage: COMMAND_USAGE[command] };
  if (command === 'init') {
    if (positionals.length) throw new UsageError(`init takes no arguments, got ${positionals.join(' ')}`);
    return { init: true, force: !!values['force'] };
  }
  if (command === 'compare') {
    const example = 'carrier-conformance compare main/conformance.json reports/conformance.json';
    if (positionals.length !== 2) throw new UsageError(`compare: give two certificates, e.g. ${example}`);
    return { compare: [resolve(cwd, positionals[0]!), resolve(cwd, positionals[1]!)], json: !!values['json'] };
  }
  if (command === 'run' && positionals.length) {
    throw new UsageError(`unknown command "${positionals[0]}"${suggestion(positionals[0]!, COMMANDS, 'commands')}`);
  }
  const replay = command === 'replay' ? positionals[0] : undefined;
  if (command === 'replay' && (!replay || !/^[A-Z0-9-]+$/.test(replay) || positionals.length > 1)) {
    throw new UsageError('replay: give one rule id, e.g. carrier-conformance replay LCK-CREATE-201');
  }
  return runInvocation(values, cwd, replay);
}

/** Turns a replay into the run it stands for: the recorded tests, seed and rule; reports in their own directory. */
function planReplay(invocation: Run, rule: string): Run {
  const plan = replayPlan(invocation.reportDir, rule);
  const reportDir = join(invocation.reportDir, `replay-${rule}`);
  const seed = invocation.env['CIS_SEED'] ?? (plan.seed !== undefined ? String(plan.seed) : undefined);
  process.stdout.write(
    `replaying ${rule} (${plan.verdict} in the recorded run): ${plan.tests.length} test(s), seed ` +
      `${seed ?? 'random (the recorded run had none)'}\n`,
  );
  return {
    env: {
      ...invocation.env,
      CIS_REPORT_DIR: reportDir,
      CIS_RUN_RULES: rule,
      ...(seed !== undefined ? { CIS_SEED: seed } : {}),
    },
    playwrightArgs: [...invocation.playwrightArgs, '--grep', plan.grep],
    reportDir,
  };
}

/** The config file and .env.example, written where the command runs; neither overwritten without --force. */
function init(force: boolean): void {
  const files = [
    [resolve(CONFIG_FILE), CONFIG_EXAMPLE],
    [resolve('.env.example'), ENV_EXAMPLE],
  ] as const;
  const there = files.filter(([file]) => existsSync(file)).map(([file]) => file);
  if (there.length && !force)
    fail(`${there.join(' and ')} exist${there.length > 1 ? '' : 's'}; pass --force to overwrite`, 'init');
  for (const [file, text] of files) writeFileSync(file, text);
  process.stdout.write(
    `wrote ${files[0][0]}: uncomment and fill in the settings to keep with your code\n` +
      `wrote ${files[1][0]}: copy it to .env for the keys and secrets (or set them in the environment)\n`,
  );
}

interface Outcome {
  /** The verdict line, the counts and where the report is. */
  text: string;
  exitCode: number;
}

/**
 * What the run's certificate says, as the verdict line every output prints, and the gate against the
 * baseline on the line after it; the exit code is the verdict's, or the gate's with --gate baseline.
 * None without a report.
 */
function outcome(reportDir: string, gate: HarnessConfig['gate']): Outcome | undefined {
  try {
    const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
      summary: { line: string; exitCode: number; counts: Record<string, number> };
      baseline?: { line: string; passed: boolean };
    };
    const { line, exitCode, counts } = report.summary;
    const tally =
      `${counts['passed']} rules passed, ${counts['failed']} failed, ${counts['not observable']} not ` +
      `observable, ${counts['skipped']} skipped`;
    const gateText = report.baseline ? `${report.baseline.line}\n` : '';
    const byGate = gate === 'baseline' && report.baseline ? (report.baseline.passed ? 0 : 1) : exitCode;
    return { text: `${line}\n${gateText}${tally}\nreport: ${join(reportDir, 'conformance.md')}`, exitCode: byGate };
  } catch {
    return undefined;
  }
}

/** `compare OLD NEW`: Markdown (or JSON) to stdout; exit 1 on a regressed must rule, 2 on a file that is no
 * certificate. */
function compare([before, after]: [string, string], json: boolean): void {
  let comparison: ReturnType<typeof compareCertificates>;
  try {
    comparison = compareCertificates(readCertificate(before), readCertificate(after));
  } catch (error) {
    if (error instanceof CertificateFileError) fail(error.message);
    throw error;
  }
  process.stdout.write(
    json
      ? `${JSON.stringify({ ...comparison, gate: gateLine(comparison) }, null, 2)}\n`
      : comparisonMarkdown(comparison),
  );
  process.exitCode = comparison.regressions.length ? 1 : 0;
}

export async function main(): Promise<void> {
  let invocation: ReturnType<typeof parseInvocation>;
  try {
    invocation = parseInvocation(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ConfigError)) throw error;
    const [command] = splitCommand(process.argv.slice(2));
    fail(error.message, command === 'run' ? '' : command);
  }
  if (invocation === 'help') return void process.stdout.write(runUsage(SUITES));
  if ('usage' in invocation) return void process.stdout.write(invocation.usage);
  if ('init' in invocation) return init(invocation.force);
  if ('compare' in invocation) return compare(invocation.compare, invocation.json);
  const replay = invocation.replay;
  if (replay) {
    try {
      invocation = planReplay(invocation, replay);
    } catch (error) {
      if (error instanceof ReplayError) fail(error.message);
      throw error;
    }
  }
  let env: NodeJS.ProcessEnv;
  let gate: HarnessConfig['gate'];
  try {
    // Flags over the environment, over .env, over the config file.
    env = environmentWithDotEnv({ ...process.env, ...invocation.env });
    gate = readConfig(env).gate;
  } catch (error) {
    if (error instanceof ConfigError) fail(`\n${error.problems.map((p) => `  - ${p}`).join('\n')}`);
    throw error;
  }
  // A report left from an earlier run must not pass for this one's.
  rmSync(join(invocation.reportDir, 'conformance.json'), { force: true });
  const stopFile = stopFileIn(resolve(invocation.reportDir));
  const flagsProblem = nodeFlagsProblem(env[NODE_FLAGS_VARIABLE]);
  if (flagsProblem) fail(`\n  - ${flagsProblem}`);
  await chooseRemoteWorkers(env);
  const [node, args] = playwrightCommand(invocation.playwrightArgs, env);
  const child = spawn(node, args, { cwd: ROOT, env: { ...env, CIS_STOP_FILE: stopFile }, stdio: 'inherit' });
  const stop = watchRunStop(child, stopFile);
  child.on('error', (error) => fail(`cannot start Playwright: ${error.message}`));
  child.on('close', (code) => {
    stop.dispose();
    const stopped = stop.line();
    // The verdict of a run cut short by its target is no verdict: what was judged is in the reports.
    if (stopped) {
      process.stdout.write(
        `\n${stopped}\nreport (what was judged before): ${join(invocation.reportDir, 'conformance.md')}\n`,
      );
      process.exit(2);
    }
    const result = outcome(invocation.reportDir, gate);
    if (result) process.stdout.write(`\n${result.text}\n`);
    if (result && replay)
      process.stdout.write(`${replay}: ${verdictIn(invocation.reportDir, replay) ?? 'not in the report'}\n`);
    // A run that ended without a report could not run, whatever Playwright's own code was; one that was
    // cut off (Playwright failed although the certificate passed) is not conformant.
    if (code === 2 || !result) process.exit(2);
    // With --gate baseline the gate decides: a failed test that regressed nothing is a known failure.
    if (gate === 'baseline') process.exit(result.exitCode);
    process.exit(code === 0 ? result.exitCode : Math.max(result.exitCode, 1));
  });
}
