// A run's (or a replay's) command line as what it starts: the variables its flags set, Playwright's
// arguments, where its reports go. Each value is checked here or by readConfig, never by Playwright.
import { resolve } from 'node:path';
import { catalogue } from '../../spec/catalogue';
import { suggestion } from '../target/nearest';
import { unmatchedRules } from '../target/rule-selection';
import { UsageError, type Parsed } from './arguments';
import { PLAYWRIGHT_CONFIG, SUITES, suiteFiles } from './run-files';
import { VARIABLE_FLAGS } from './variable-flags';

export interface Run {
  env: Record<string, string>;
  playwrightArgs: string[];
  reportDir: string;
  /** replay RULE-ID: the rule, to be looked up in reportDir's conformance.json. */
  replay?: string;
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function runInvocation(values: Parsed['values'], cwd: string, replay?: string): Run {
  const given = (flag: string) => values[flag] as string | undefined;
  const env: Record<string, string> = {};
  for (const [flag, variable] of Object.entries(VARIABLE_FLAGS)) {
    if (given(flag) !== undefined) env[variable] = given(flag)!;
  }
  // Paths are the user's, relative to where the command was typed; Playwright runs from the package.
  for (const variable of ['CIS_PROFILE', 'CIS_BASELINE']) {
    if (env[variable]) env[variable] = resolve(cwd, env[variable]);
  }
  if (given('config')) env['CIS_CONFIG'] = resolve(cwd, given('config')!);
  const reportDir = resolve(cwd, given('report-dir') ?? 'reports');
  env['CIS_REPORT_DIR'] = reportDir;
  const args: string[] = ['test', '--config', PLAYWRIGHT_CONFIG];

  const only = given('only');
  if (only !== undefined) {
    const chosen = list(only);
    const unknown = chosen.filter((s) => !SUITES.includes(s));
    if (!chosen.length) throw new UsageError(`--only: no suite given; suites: ${SUITES.join(', ')}`);
    const near = unknown.length ? suggestion(unknown[0]!, SUITES, 'suites') : '';
    if (unknown.length) throw new UsageError(`--only: unknown suite ${unknown.join(', ')}${near}`);
    args.push(...suiteFiles(chosen));
    env['CIS_RUN_ONLY'] = chosen.join(',');
  }
  const rules = given('rules');
  if (rules !== undefined) {
    const patterns = list(rules);
    const bad = patterns.filter((p) => !/^[A-Z0-9*-]+$/.test(p));
    if (!patterns.length || bad.length) {
      throw new UsageError(
        `--rules: "${bad.join(', ') || rules}" is not a rule id or pattern like LCK-* or PCL-BOOKING-CREATES`,
      );
    }
    const unmatched = unmatchedRules(
      patterns,
      catalogue.map((r) => r.id),
    );
    if (unmatched) throw new UsageError(unmatched);
    args.push('--grep', patterns.map((p) => `@${p.replace(/\*/g, '[A-Z0-9-]*')}(?![A-Z0-9-])`).join('|'));
    env['CIS_RUN_RULES'] = patterns.join(',');
  }
  const shard = given('shard');
  if (shard !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(shard);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > Number(match[2])) {
      throw new UsageError(`--shard: "${shard}" is not I/N with 1 <= I <= N, e.g. 1/3`);
    }
    args.push('--shard', shard);
    env['CIS_BLOB'] = '1';
  }
  const workers = given('workers');
  if (workers !== undefined) {
    if (!/^\d+$/.test(workers) || Number(workers) < 1) {
      throw new UsageError(`--workers: "${workers}" is not a whole number of at least 1`);
    }
    env['CIS_WORKERS'] = workers;
  }
  if (values['allow-writes']) env['CIS_ALLOW_WRITES'] = '1';
  if (values['strict']) env['CIS_STRICT'] = '1';
  if (values['full-scope']) env['CIS_FULL_SCOPE'] = '1';
  return { env, playwrightArgs: args, reportDir, ...(replay ? { replay } : {}) };
}
