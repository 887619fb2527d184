// The command line in our words: each command's help lists exactly its options, a mistyped flag or
// value names the nearest valid one, and the config file sits below flags, environment and .env.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { COMMAND_OPTIONS } from '../../../harness/cli/arguments';
import { parseInvocation } from '../../../harness/cli/main';
import { SUITES } from '../../../harness/cli/run-files';
import { COMPARE_USAGE, INIT_USAGE, REPLAY_USAGE, runUsage } from '../../../harness/cli/usage';
import { ConfigError, environmentWithDotEnv, readConfig } from '../../../harness/target/config';

const listed = (help: string) => [...help.matchAll(/^ {2}(--[a-z0-9-]+)/gm)].map((m) => m[1]!.slice(2)).sort();

test("each command's help lists exactly the options it takes", () => {
  const helps = { run: runUsage(SUITES), replay: REPLAY_USAGE, init: INIT_USAGE, compare: COMPARE_USAGE };
  for (const [command, help] of Object.entries(helps)) {
    expect(listed(help), command).toEqual(Object.keys(COMMAND_OPTIONS[command as keyof typeof helps]).sort());
  }
  // Precedence stated where the settings are.
  expect(runUsage(SUITES)).toMatch(/a flag; the environment \(CIS_\*\); a \.env file here; the config\nfile/);
});

test('a mistyped flag, command or suite is named with the nearest valid one', () => {
  const message = (argv: string[]) => {
    try {
      parseInvocation(argv);
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  };
  const ours = 'is no option of carrier-conformance';
  expect(message(['--base-ur', 'http://x/v1'])).toBe(`--base-ur ${ours}; did you mean --base-url?`);
  expect(message(['comprae', 'a', 'b'])).toBe('unknown command "comprae"; did you mean compare?');
  expect(message(['--only', 'lockerz'])).toBe('--only: unknown suite lockerz; did you mean lockers?');
  expect(message(['init', '--json'])).toBe(`--json ${ours} init; its options: --force, --help`);
  expect(message(['--strict=yes'])).toContain('--strict takes no value');
  expect(message(['--seed'])).toBe('--seed needs a value, e.g. --seed 4');
  expect(message(['--seed', '--strict'])).toBe('--seed needs a value, e.g. --seed 4');
  expect(message(['replay', 'LCK-CREATE-201', '--only', 'lockers'])).toContain('replay: --only does not apply');
  expect(parseInvocation(['compare', '--help'])).toEqual({ usage: COMPARE_USAGE });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'cc-config-file-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

test('flags win over the environment, the environment over .env, .env over the config file', () => {
  const dir = project({
    'carrier-conformance.yaml': 'seed: 1\ntimeout-ms: 1\nproperty-runs: 1\nconcurrency: 1\nstrict: true\n',
    '.env': 'CIS_SEED=2\nCIS_TIMEOUT_MS=2\nCIS_PROPERTY_RUNS=2\n',
  });
  const { env } = parseInvocation(['--seed', '4'], dir) as { env: Record<string, string> };
  const config = readConfig(environmentWithDotEnv({ CIS_TIMEOUT_MS: '3', CIS_SEED: '3', ...env }, dir));
  expect(config).toMatchObject({ seed: 4, timeoutMs: 3, propertyRuns: 2, concurrency: 1, strict: true });
});

test('the config file holds the profile too, inline or as a path relative to the file', () => {
  const lockerStatus = { request: { uid: '{uid}', status: '{status}' }, statuses: ['ON', 'OFF'] };
  const profile = { name: 'inline', lockerStatus };
  const yaml = `profile:\n  name: inline\n  lockerStatus: ${JSON.stringify(lockerStatus)}\n`;
  const inline = project({ 'carrier-conformance.yaml': yaml });
  expect(readConfig(environmentWithDotEnv({}, inline)).profile).toMatchObject(profile);
  const profileFile = JSON.stringify({ ...profile, name: 'file' });
  const byPath = project({ 'carrier-conformance.yaml': 'profile: ./p.json\n', 'p.json': profileFile });
  expect(readConfig(environmentWithDotEnv({}, join(byPath))).profile.name).toBe('file');
});

test('a bad config file is one clear error naming the file, the key and what to do', () => {
  const problems = (files: Record<string, string>) => {
    try {
      readConfig(environmentWithDotEnv({}, project(files)));
    } catch (error) {
      if (error instanceof ConfigError) return error.problems.join('\n');
      throw error;
    }
    return 'no error';
  };
  const file = (text: string, more: Record<string, string> = {}) =>
    problems({ 'carrier-conformance.yaml': text, ...more });
  expect(file('base_url: http://x/v1\n')).toMatch(/\.yaml: unknown key base_url; did you mean base-url\?$/);
  const env = /\.yaml: env: "qa" is neither staging nor production \(or override it with --env or CIS_ENV\)$/;
  expect(file('env: qa\n')).toMatch(env);
  expect(file('seed: [1, 2]\n')).toMatch(/seed: expected one value, got a list$/);
  expect(file('env: staging\n  seed: 1\n')).toMatch(/carrier-conformance\.yaml line \d: not YAML/);
  // A value the environment overrides is the environment's to answer for, not the file's.
  expect(file('env: staging\n', { '.env': 'CIS_ENV=qa\n' })).toBe('CIS_ENV: "qa" is neither staging nor production');
});
