// `carrier-conformance` as a user runs it: flags, exit codes, init, --only, --rules, sharding.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startReference } from '../../reference/server';
import { OWN_TEST_NODE, ROOT } from '../support/run-harness';
import { sharedRun, type SharedRun } from '../support/shared-runs';
import { ONE_RULE_BROKEN_RUN } from '../support/common-runs';
import { parseInvocation } from '../../harness/cli/main';
import { summarize } from '../../harness/verdict/summary';
import type { RuleVerdict } from '../../harness/verdict/verdicts';
import type { Capability, CapabilityState } from '../../harness/target/run-settings';
import { catalogue } from '../../spec/catalogue';
import { environmentWithDotEnv, readConfig, VARIABLES } from '../../harness/target/config';
import { CONFIG_KEYS } from '../../harness/target/config-file';

test.describe.configure({ mode: 'parallel' });

const BIN = join(ROOT, 'bin', 'carrier-conformance.js');

function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(TEST_|PW_|CIS_)/.test(k)) env[k] = v;
  // One worker unless a test asks for more: the own tests already run two at a time.
  return { ...env, CIS_WORKERS: '1', ...OWN_TEST_NODE, ...extra };
}

function cli(
  args: string[],
  extra: Record<string, string> = {},
  cwd = ROOT,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // The conformance report only, as the own tests' runs write it (support/run-harness.ts); a shard also its blob.
    const reporters = { CIS_REPORTERS: args.includes('--shard') ? 'full' : 'minimal' };
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cleanEnv({ ...reporters, ...extra }) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Report {
  summary: { verdict: string; failedMust: string[] };
  rules: { id: string; verdict: string; reasons: string[] }[];
  header: Record<string, unknown>;
}

/** The selection the --only test and the shards share: two suites, the rules of one family each. */
const ONLY = ['--only', 'providers,responses', '--rules', 'PRV-*,VER-*'];
/** That selection unsharded, made once for both tests. */
const ONLY_RUN: SharedRun = {
  name: 'only-providers-responses',
  make: async (reportDir) => {
    const started = Date.now();
    const run = await cli([...ONLY, '--report-dir', reportDir]);
    return { ...run, seconds: (Date.now() - started) / 1000, reportDir };
  },
};

const report = (dir: string) => JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as Report;
const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

test('--help lists every flag and exits 0', () => {
  const result = spawnSync(process.execPath, [BIN, '--help'], { encoding: 'utf8', env: cleanEnv() });
  expect(result.status).toBe(0);
  for (const flag of [
    '--base-url',
    '--mock-base-url',
    '--api-key',
    '--api-key-2',
    '--env',
    '--webhook-listen',
    '--webhook-key',
    '--network-uid',
    '--property-runs',
    '--seed',
    '--timeout-ms',
    '--profile',
    '--only',
    '--rules',
    '--report-dir',
    '--shard',
    '--allow-writes',
  ]) {
    expect(result.stdout).toContain(flag);
  }
});

for (const [args, message] of [
  [['--frobnicate'], '--frobnicate is no option of carrier-conformance\n'],
  [['--report-dri', 'x'], '--report-dri is no option of carrier-conformance; did you mean --report-dir?'],
  [['replay', 'LCK-CREATE-201', '--json'], '--json is no option of carrier-conformance replay'],
  [['--only', 'lockerz'], '--only: unknown suite lockerz'],
  [['--rules', 'lck-*'], '--rules: "lck-*" is not a rule id'],
  // A pattern no rule matches would run no test (Playwright's "No tests found"): named, with what ids look like.
  [['--rules', 'NOPE-*,LCK-*'], '--rules: "NOPE-*" matches no rule of spec/rules.yaml; ids look like LCK-RECORD-SHAPE'],
  [['--shard', '0/2'], '--shard: "0/2" is not I/N'],
  [['--env', 'qa'], 'CIS_ENV: "qa" is neither staging nor production'],
  [['--base-url', 'http://127.0.0.1:9/v1'], 'CIS_API_KEY: not set'],
  [
    ['--base-url', 'http://127.0.0.1:9/v1', '--api-key', 'k'],
    'cannot reach the target at CIS_BASE_URL=http://127.0.0.1:9/v1 (connection refused)',
  ],
] as const) {
  test(`${args.join(' ')} exits 2 with one clear message`, async () => {
    const result = await cli([...args, '--report-dir', tempDir('cc-cli-')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
}

test('a negative number after a flag is its value: --seed -5 replays seed -5, not an ambiguous option', () => {
  expect(parseInvocation(['--seed', '-5', '--rules', 'LCK-CREATE-201'])).toMatchObject({
    env: { CIS_SEED: '-5', CIS_RUN_RULES: 'LCK-CREATE-201' },
  });
  expect(parseInvocation(['--seed=-7'])).toMatchObject({ env: { CIS_SEED: '-7' } });
});

test(
  'init writes a commented config file and .env.example ' + 'naming every setting, and will not overwrite them',
  async () => {
    const dir = tempDir('cc-init-');
    expect((await cli(['init'], {}, dir)).code).toBe(0);
    const text = readFileSync(join(dir, '.env.example'), 'utf8');
    for (const name of VARIABLES) expect(text).toContain(`# ${name}=`);
    const config = readFileSync(join(dir, 'carrier-conformance.yaml'), 'utf8');
    for (const key of Object.keys(CONFIG_KEYS).filter((k) => !/key/.test(k))) expect(config).toContain(`# ${key}:`);
    // Uncommented, the file is one a run reads as it is: every example value valid.
    const keyLine = new RegExp(`^# ((?:${Object.keys(CONFIG_KEYS).join('|')}):.*)$`, 'gm');
    const uncommented = config.replace(keyLine, '$1').replace(/^(base-url|baseline|profile):.*$/gm, '');
    writeFileSync(join(dir, 'carrier-conformance.yaml'), uncommented);
    expect(() => readConfig(environmentWithDotEnv({}, dir))).not.toThrow();
    const again = await cli(['init'], {}, dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('pass --force');
  },
);

test("--version prints the version; each command's --help lists its own options", async () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  expect((await cli(['--version'])).stdout).toBe(`carrier-conformance ${version}\n`);
  const compare = await cli(['compare', '--help']);
  expect(compare.code).toBe(0);
  expect(compare.stdout).toMatch(/^Usage: carrier-conformance compare OLD NEW/);
  expect(compare.stdout).not.toContain('--base-url');
});

test('--only and --rules restrict the run, and the report says which rules were left out and why', async () => {
  test.setTimeout(120_000);
  const result = await sharedRun(ONLY_RUN);
  const dir = result.reportDir;
  expect(result.code, result.stdout.slice(-2000)).toBe(0);
  expect(result.stdout).toContain('CONFORMANT');
  const { rules } = report(dir);
  expect(rules.find((r) => r.id === 'PRV-LIST')!.verdict).toBe('passed');
  expect(rules.find((r) => r.id === 'VER-BASE-PATH')!.verdict).toBe('passed');
  expect(rules.find((r) => r.id === 'LCK-CREATE-201')).toMatchObject({
    verdict: 'skipped',
    reasons: ['not selected (--rules)'],
  });
});

test('a reference with one must rule broken is NOT CONFORMANT, naming the rule, and exits 1', async () => {
  test.setTimeout(120_000);
  // groups-duplicate-keys breaks LCK-GROUPS-UNIQUE-KEY and nothing else: over the whole lockers suite, that
  // rule is the only must that fails (no neighbour fails with it). The run baseline.test.ts takes as its baseline.
  const result = await sharedRun(ONE_RULE_BROKEN_RUN);
  const dir = result.reportDir;
  expect(result.code, result.stdout.slice(-1500)).toBe(1);
  expect(result.stdout).toContain('NOT CONFORMANT');
  expect(result.stdout).toContain('LCK-GROUPS-UNIQUE-KEY');
  expect(report(dir).summary).toMatchObject({ verdict: 'NOT CONFORMANT', failedMust: ['LCK-GROUPS-UNIQUE-KEY'] });
  expect(readFileSync(join(dir, 'conformance.html'), 'utf8')).toContain('NOT CONFORMANT');
});

test('two shards merged give the same conformance report as one unsharded run', { tag: '@slow' }, async () => {
  test.setTimeout(240_000);
  // The unsharded run is the --only test's (made once for both): two shards of the same selection, as a
  // user makes them. Sharding a selection splits its tests as it splits the whole run's, at a fraction of
  // the cost; the whole run, unsharded, is run.test.ts's.
  const shards = [tempDir('cc-shard1-'), tempDir('cc-shard2-')];
  const [unsharded, ...sharded] = await Promise.all([
    sharedRun(ONLY_RUN),
    ...shards.map((dir, i) => cli([...ONLY, '--shard', `${i + 1}/2`, '--report-dir', dir, '--workers', '1'])),
  ]);
  const whole = unsharded!.reportDir;
  expect(unsharded!.code).toBe(0);
  for (const run of sharded) expect(run.code, run.stdout.slice(-1500)).toBe(0);
  const merged = tempDir('cc-merged-');
  mkdirSync(join(merged, 'blob'));
  for (const dir of shards)
    for (const file of readdirSync(join(dir, 'blob'))) cpSync(join(dir, 'blob', file), join(merged, 'blob', file));
  const merge = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'playwright'),
    ['merge-reports', '--config', join(ROOT, 'merge.config.ts'), join(merged, 'blob')],
    {
      cwd: ROOT,
      env: cleanEnv({ CIS_REPORT_DIR: merged }),
      encoding: 'utf8',
    },
  );
  expect(merge.status, merge.stderr).toBe(0);
  expect(existsSync(join(merged, 'conformance.json'))).toBe(true);
  const verdicts = (r: Report) => Object.fromEntries(r.rules.map((rule) => [rule.id, rule.verdict]));
  expect(verdicts(report(merged))).toEqual(verdicts(report(whole)));
  expect(report(merged).summary.verdict).toBe(report(whole).summary.verdict);
  expect(report(merged).header['specVersion']).toBe('1.1.0');
});

test.describe('the certificate states its scope, and the exit code follows it', () => {
  test(
    "a build that sends every carrier's webhooks to one " + 'URL is INCONCLUSIVE, naming WH-OWN-CARRIER, exit 3',
    async () => {
      test.setTimeout(120_000);
      const dir = tempDir('cc-shared-');
      const result = await cli(['--only', 'webhooks', '--report-dir', dir], { CIS_REFERENCE_WEBHOOK_URLS: 'shared' });
      expect(result.code, result.stdout.slice(-2000)).toBe(3);
      expect(result.stdout).toMatch(
        /INCONCLUSIVE: 1 must rule in scope not observable \(WH-OWN-CARRIER\); no must rule failed/,
      );
      const { summary } = report(dir) as unknown as {
        summary: { verdict: string; scope: { notObservable: { id: string; remedy: string }[] } };
      };
      expect(summary.verdict).toBe('INCONCLUSIVE');
      expect(summary.scope.notObservable).toEqual([
        expect.objectContaining({ id: 'WH-OWN-CARRIER', remedy: expect.stringContaining('/webhooks/carrier-2') }),
      ]);
      expect(readFileSync(join(dir, 'conformance.html'), 'utf8')).toContain('<h1 id="verdict">INCONCLUSIVE</h1>');
    },
  );

  test(
    'a remote target on production with one key is CONFORMANT within scope (exit 0), and INCONCLUSIVE with ' +
      '--full-scope (exit 3)',
    async () => {
      test.setTimeout(120_000);
      const reference = await startReference();
      try {
        const target = ['--base-url', reference.baseUrl, '--api-key', 'reference-key-carrier-1', '--env', 'production'];
        const withinDir = tempDir('cc-prod-');
        const within = await cli([...target, '--report-dir', withinDir]);
        expect(within.code, within.stdout.slice(-2000)).toBe(0);
        // Told before the run, in its first lines: what is missing and what it costs.
        expect(within.stdout.split('\n').slice(0, 3).join('\n')).toMatch(
          new RegExp(
            /scope of this run\n {2}- CIS_ENV=production without --allow-writes: /.source +
              /\d+ must rules out of scope \(everything that writes\)/.source,
          ),
        );
        expect(within.stdout).toMatch(
          new RegExp(
            /\nCONFORMANT within scope: \d+ of \d+ must rules \(\d+ out of scope: no writes \(production\), /.source +
              /no second key, no network uid, no trigger base, no webhook listener, no status profile, /.source +
              /no short collection period\); \d+ of \d+ places judged /.source +
              /\(\d+ out of scope(, \d+ not provokable)?\)\n/.source,
          ),
        );
        // --full-scope on the same verdicts: INCONCLUSIVE, exit 3. The flag reaching the summary and the exit
        // code following it are proven by a run of its own above (the build with one webhook URL).
        const report = JSON.parse(readFileSync(join(withinDir, 'conformance.json'), 'utf8')) as {
          rules: RuleVerdict[];
          header: { capabilities: Record<Capability, CapabilityState> };
        };
        const full = summarize(report.rules, { fullScope: true, capabilities: report.header.capabilities }, catalogue);
        expect(full.exitCode).toBe(3);
        expect(`\n${full.line}`).toMatch(
          /\nINCONCLUSIVE: \d+ must rules out of scope with --full-scope \(no writes \(production\), /,
        );
      } finally {
        await reference.close();
      }
    },
  );
});
