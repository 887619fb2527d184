// `carrier-conformance`: the conformance run from the command line. Flags mirror the CIS_* variables;
// Playwright runs underneath (plain `npx playwright test` keeps working). Exit codes: 0 conformant,
// 1 not conformant, 2 could not run, 3 inconclusive (harness/verdict/certificate.ts decides them).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CertificateFileError, readCertificate } from '../baseline/certificate-file';
import { compareCertificates, gateLine } from '../baseline/compare';
import { ENV_EXAMPLE } from './env-example';
import { comparisonMarkdown } from '../baseline/render';
import { ConfigError, environmentWithDotEnv, readConfig, type HarnessConfig } from '../target/config';
import { playwrightCommand } from './node-flags';
import { VARIABLE_FLAGS } from './variable-flags';
import { replayPlan, ReplayError, verdictIn } from './replay';
import { stopFileIn, watchRunStop } from './run-stop';
import { chooseRemoteWorkers } from './remote-workers';
import { catalogue } from '../../spec/catalogue';
import { unmatchedRules } from '../target/rule-selection';
import { ROOT } from '../../spec/root';

const SUITES = readdirSync(join(ROOT, 'suites'))
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => f.replace(/\.spec\.ts$/, ''));

export const USAGE = `Usage: carrier-conformance [options]
       carrier-conformance replay RULE-ID [target options] [--report-dir DIR]
       carrier-conformance init [--force]
       carrier-conformance compare OLD NEW [--json]
       carrier-conformance judge TRAFFIC.har [--webhooks DELIVERIES.har]   recorded traffic, no request sent

Checks a Carrier Integration Service 1.1.0 target, rule by rule, against spec/rules.yaml and writes
reports/conformance.{json,md,html}, JUnit, the Playwright HTML report and allure-results.
Without --base-url (CIS_BASE_URL) the embedded reference is started and checked.

Target (each flag sets the variable named; flags win over the environment and .env):
  --base-url URL          CIS_BASE_URL       service base including /v1
  --mock-base-url URL     CIS_MOCK_BASE_URL  staging trigger base including /v1
  --api-key KEY           CIS_API_KEY        the carrier's key
  --api-key-2 KEY         CIS_API_KEY_2      a second carrier's key (isolation rules)
  --env NAME              CIS_ENV            staging (default) or production
  --network-uid N         CIS_NETWORK_UID    a network of the carrier (network rules)
  --profile FILE          CIS_PROFILE        the target's choices where the spec says "not shown"
  --webhook-listen H:P    CIS_WEBHOOK_LISTEN where the webhook listener binds (a remote target's webhooks)
  --webhook-key KEY       CIS_WEBHOOK_KEY    key the listener expects on deliveries
Run:
  --property-runs N       CIS_PROPERTY_RUNS  runs per property (default 100)
  --explore SxL           CIS_EXPLORE        the model's exploration: S sequences of up to L commands (default 8x12)
  --list-settle-ms N      CIS_LIST_SETTLE_MS how long a list may lag a write before it fails (default 2000)
  --seed N                CIS_SEED           replay a failing property
  --timeout-ms N          CIS_TIMEOUT_MS     per request (default 10000)
  --webhook-wait-ms N     CIS_WEBHOOK_WAIT_MS  per awaited webhook (default 30000, the embedded reference 5000; §6 states no delivery time)
  --concurrency N         CIS_CONCURRENCY      requests in flight at once where independent (default 8)
  --collection-period-ms N CIS_COLLECTION_PERIOD_MS  the target's CollectionNotification period (default a day)
  --strict                CIS_STRICT=1       failed should rules make the run NOT CONFORMANT too
  --full-scope            CIS_FULL_SCOPE=1   a must rule out of scope (a capability not given) makes the run
                                             INCONCLUSIVE: what an implementer certifying a build uses
  --max-failures N        CIS_MAX_FAILURES   stop after N failed must rules (the report is still written)
  --baseline FILE         CIS_BASELINE       an earlier conformance.json (or its report directory): a second
                                             line states the gate against it (what regressed, what is known)
  --gate baseline         CIS_GATE           the exit code follows that gate (1 only for a regressed must rule)
                                             instead of the verdict (the default, --gate verdict)
compare OLD NEW: two conformance.json files or report directories, rule by rule (newly failed, fixed,
  newly not observable, scope lost or gained, new or removed rules); Markdown, or --json; exit 1 when a
  must rule regressed, 0 otherwise, 2 when a file is not a certificate.
  --only SUITES           comma-separated suites: ${SUITES.filter((s) => s !== 'run').join(', ')}
  --rules PATTERNS        comma-separated rule ids or patterns, e.g. LCK-*,PCL-BOOKING-CREATES
  --report-dir DIR        where reports go (default reports)
  --shard I/N             run shard I of N (blob reports; merge with npm run report:merge)
  --workers N             parallel workers (default 2; remote: one more per 15 ms of round trip, at most 4)
  --allow-writes          on production, also run the rules that write
  --help                  this text
Replay:
  replay RULE-ID          run again the tests that decided RULE-ID in the run reported in DIR (default
                          reports), with that run's seed (--seed wins) and only RULE-ID judged; give the
                          target as for a run; reports go to DIR/replay-RULE-ID

Exit codes: 0 conformant (within the scope the verdict line names), 1 not conformant, 2 could not run,
3 inconclusive (no must rule failed, but a must rule in scope was not observable; with --full-scope,
also a must rule out of scope).
`;

class UsageError extends Error {}

function fail(message: string): never {
  process.stderr.write(`carrier-conformance: ${message}\n\nRun carrier-conformance --help for the options.\n`);
  process.exit(2);
}

interface Invocation {
  env: Record<string, string>;
  playwrightArgs: string[];
  reportDir: string;
  /** replay RULE-ID: the rule, to be looked up in reportDir's conformance.json. */
  replay?: string;
}

export function parseInvocation(argv: string[], cwd = process.cwd()): Invocation | 'help' | { init: boolean; force: boolean } | { compare: [string, string]; json: boolean } {
  const { values, positionals } = parseArgs({
    // A negative number after a flag that takes a value is that value (--seed -5), not an option.
    args: argv.flatMap((arg, i) => (/^-\d+$/.test(arg) && /^--[a-z-]+$/.test(argv[i - 1] ?? '') ? [] : /^--[a-z-]+$/.test(arg) && /^-\d+$/.test(argv[i + 1] ?? '') ? [`${arg}=${argv[i + 1]}`] : [arg])),
    allowPositionals: true,
    options: {
      ...Object.fromEntries(Object.keys(VARIABLE_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
      only: { type: 'string' },
      rules: { type: 'string' },
      'report-dir': { type: 'string' },
      shard: { type: 'string' },
      workers: { type: 'string' },
      'allow-writes': { type: 'boolean' },
      strict: { type: 'boolean' },
      'full-scope': { type: 'boolean' },
      force: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return 'help';
  if (positionals[0] === 'init') return { init: true, force: !!values.force };
  if (positionals[0] === 'compare') {
    if (positionals.length !== 3) throw new UsageError('compare: give two certificates, e.g. carrier-conformance compare main/conformance.json reports/conformance.json');
    return { compare: [resolve(cwd, positionals[1]!), resolve(cwd, positionals[2]!)], json: !!values.json };
  }
  if (values.json) throw new UsageError('--json: only compare prints JSON; a run writes reports/conformance.json');
  if (positionals.length && positionals[0] !== 'run' && positionals[0] !== 'replay') throw new UsageError(`unknown command "${positionals[0]}"; commands: run (default), replay, compare, init`);
  const replay = positionals[0] === 'replay' ? positionals[1] : undefined;
  if (positionals[0] === 'replay') {
    if (!replay || !/^[A-Z0-9-]+$/.test(replay) || positionals.length > 2) throw new UsageError('replay: give one rule id, e.g. carrier-conformance replay LCK-CREATE-201');
    const fixed = ['only', 'rules', 'shard'].filter((flag) => (values as Record<string, unknown>)[flag] !== undefined);
    if (fixed.length) throw new UsageError(`replay: --${fixed[0]} does not apply; a replay runs the tests that decided the rule`);
  }

  const env: Record<string, string> = {};
  for (const [flag, variable] of Object.entries(VARIABLE_FLAGS)) {
    const value = (values as Record<string, string | undefined>)[flag];
    if (value !== undefined) env[variable] = value;
  }
  // Paths are the user's, relative to where the command was typed; Playwright runs from the project.
  if (env['CIS_PROFILE']) env['CIS_PROFILE'] = resolve(cwd, env['CIS_PROFILE']);
  if (env['CIS_BASELINE']) env['CIS_BASELINE'] = resolve(cwd, env['CIS_BASELINE']);
  const reportDir = resolve(cwd, (values['report-dir'] as string | undefined) ?? 'reports');
  env['CIS_REPORT_DIR'] = reportDir;
  const args: string[] = ['test', '--config', join(ROOT, 'playwright.config.ts')];

  const only = values.only as string | undefined;
  if (only !== undefined) {
    const chosen = only.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = chosen.filter((s) => !SUITES.includes(s));
    if (!chosen.length || unknown.length) throw new UsageError(`--only: unknown suite ${unknown.join(', ') || '(none given)'}; suites: ${SUITES.join(', ')}`);
    args.push(...['run.teardown.ts', ...chosen.map((s) => `${s}.spec.ts`)].map((f) => join(ROOT, 'suites', f)));
    env['CIS_RUN_ONLY'] = chosen.join(',');
  }
  const rules = values.rules as string | undefined;
  if (rules !== undefined) {
    const patterns = rules.split(',').map((p) => p.trim()).filter(Boolean);
    const bad = patterns.filter((p) => !/^[A-Z0-9*-]+$/.test(p));
    if (!patterns.length || bad.length) throw new UsageError(`--rules: "${bad.join(', ') || rules}" is not a rule id or pattern like LCK-* or PCL-BOOKING-CREATES`);
    const unmatched = unmatchedRules(patterns, catalogue.map((r) => r.id));
    if (unmatched) throw new UsageError(unmatched);
    args.push('--grep', patterns.map((p) => `@${p.replace(/\*/g, '[A-Z0-9-]*')}(?![A-Z0-9-])`).join('|'));
    env['CIS_RUN_RULES'] = patterns.join(',');
  }
  const shard = values.shard as string | undefined;
  if (shard !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(shard);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2])) throw new UsageError(`--shard: "${shard}" is not I/N with 1 <= I <= N, e.g. 1/3`);
    args.push('--shard', shard);
    env['CIS_BLOB'] = '1';
  }
  const workers = values.workers as string | undefined;
  if (workers !== undefined) {
    if (!/^\d+$/.test(workers) || Number(workers) < 1) throw new UsageError(`--workers: "${workers}" is not a whole number of at least 1`);
    env['CIS_WORKERS'] = workers;
  }
  if (values['allow-writes']) env['CIS_ALLOW_WRITES'] = '1';
  if (values.strict) env['CIS_STRICT'] = '1';
  if (values['full-scope']) env['CIS_FULL_SCOPE'] = '1';
  return { env, playwrightArgs: args, reportDir, ...(replay ? { replay } : {}) };
}

/** Turns a replay into the run it stands for: the recorded tests, seed and rule; reports in their own directory. */
function planReplay(invocation: Invocation, rule: string): Invocation {
  const plan = replayPlan(invocation.reportDir, rule);
  const reportDir = join(invocation.reportDir, `replay-${rule}`);
  const seed = invocation.env['CIS_SEED'] ?? (plan.seed !== undefined ? String(plan.seed) : undefined);
  process.stdout.write(`replaying ${rule} (${plan.verdict} in the recorded run): ${plan.tests.length} test(s), seed ${seed ?? 'random (the recorded run had none)'}\n`);
  return {
    env: { ...invocation.env, CIS_REPORT_DIR: reportDir, CIS_RUN_RULES: rule, ...(seed !== undefined ? { CIS_SEED: seed } : {}) },
    playwrightArgs: [...invocation.playwrightArgs, '--grep', plan.grep],
    reportDir,
  };
}

function init(force: boolean): void {
  const file = resolve('.env.example');
  if (existsSync(file) && !force) fail(`${file} exists; pass --force to overwrite it`);
  writeFileSync(file, ENV_EXAMPLE);
  process.stdout.write(`wrote ${file}; copy it to .env and fill in the target\n`);
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
    const tally = `${counts['passed']} rules passed, ${counts['failed']} failed, ${counts['not observable']} not observable, ${counts['skipped']} skipped`;
    const gateText = report.baseline ? `${report.baseline.line}\n` : '';
    const byGate = gate === 'baseline' && report.baseline ? (report.baseline.passed ? 0 : 1) : exitCode;
    return { text: `${line}\n${gateText}${tally}\nreport: ${join(reportDir, 'conformance.md')}`, exitCode: byGate };
  } catch {
    return undefined;
  }
}

/** `compare OLD NEW`: Markdown (or JSON) to stdout; exit 1 on a regressed must rule, 2 on a file that is no certificate. */
function compare([before, after]: [string, string], json: boolean): void {
  let comparison: ReturnType<typeof compareCertificates>;
  try {
    comparison = compareCertificates(readCertificate(before), readCertificate(after));
  } catch (error) {
    if (error instanceof CertificateFileError) fail(error.message);
    throw error;
  }
  process.stdout.write(json ? `${JSON.stringify({ ...comparison, gate: gateLine(comparison) }, null, 2)}\n` : comparisonMarkdown(comparison));
  process.exitCode = comparison.regressions.length ? 1 : 0;
}

export async function main(): Promise<void> {
  let invocation: ReturnType<typeof parseInvocation>;
  try {
    invocation = parseInvocation(process.argv.slice(2));
  } catch (error) {
    fail((error as Error).message);
  }
  if (invocation === 'help') {
    process.stdout.write(USAGE);
    return;
  }
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
  const env = { ...environmentWithDotEnv(process.env), ...invocation.env };
  let gate: HarnessConfig['gate'];
  try {
    gate = readConfig(env).gate;
  } catch (error) {
    if (error instanceof ConfigError) fail(`\n${error.problems.map((p) => `  - ${p}`).join('\n')}`);
    throw error;
  }
  // A report left from an earlier run must not pass for this one's.
  rmSync(join(invocation.reportDir, 'conformance.json'), { force: true });
  const stopFile = stopFileIn(resolve(invocation.reportDir));
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
      process.stdout.write(`\n${stopped}\nreport (what was judged before): ${join(invocation.reportDir, 'conformance.md')}\n`);
      process.exit(2);
    }
    const result = outcome(invocation.reportDir, gate);
    if (result) process.stdout.write(`\n${result.text}\n`);
    if (result && replay) process.stdout.write(`${replay}: ${verdictIn(invocation.reportDir, replay) ?? 'not in the report'}\n`);
    // A run that ended without a report could not run, whatever Playwright's own code was; one that was
    // cut off (Playwright failed although the certificate passed) is not conformant.
    if (code === 2 || !result) process.exit(2);
    // With --gate baseline the gate decides: a failed test that regressed nothing is a known failure.
    if (gate === 'baseline') process.exit(result.exitCode);
    process.exit(code === 0 ? result.exitCode : Math.max(result.exitCode, 1));
  });
}
