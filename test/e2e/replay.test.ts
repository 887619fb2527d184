// `carrier-conformance replay RULE-ID`: the tests that decided a rule run again with the recorded seed
// and give the same verdict; without a report, or for a rule no test decided, one message and exit 2.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { titlesGrep } from '../../harness/cli/replay';
import { OWN_TEST_NODE, ROOT } from '../support/run-harness';
import { CREATE_ANSWERS_200_RUN } from '../support/common-runs';
import { sharedRun } from '../support/shared-runs';

test.describe.configure({ mode: 'parallel' });

const BIN = join(ROOT, 'bin', 'carrier-conformance.js');

/**
 * The CLI as a user runs it; synchronous is enough, each of these tests waits for it anyway. One worker, as the
 * recorded run had (support/run-harness.ts): the own tests already run two at a time.
 */
function cli(
  args: string[],
  extra: Record<string, string> = {},
): { code: number | null; stdout: string; stderr: string } {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(TEST_|PW_|CIS_)/.test(k)));
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...env, CIS_REPORTERS: 'minimal', CIS_WORKERS: '1', ...OWN_TEST_NODE, ...extra },
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

interface Report {
  header: { seed?: number | string };
  rules: { id: string; verdict: string; tests: string[] }[];
}

const report = (dir: string) => JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as Report;
const rule = (dir: string, id: string) => report(dir).rules.find((r) => r.id === id)!;

test('a replayed rule runs the tests that decided it, with the recorded seed, and gives the same verdict', async () => {
  test.setTimeout(180_000);
  // A reference that answers 200 to a create: LCK-CREATE-201 fails, and the run, seed 4242, exits 1 (the
  // run report-page.test.ts and har.test.ts read too; the replay writes only its own directory in it).
  const broken = { CIS_REFERENCE_FAULTS: 'create-answers-200' };
  const recorded = await sharedRun(CREATE_ANSWERS_200_RUN);
  const dir = recorded.reportDir;
  expect(recorded.code, recorded.stdout.slice(-1500)).toBe(1);
  expect(report(dir).header.seed).toBe(4242);
  expect(rule(dir, 'LCK-CREATE-201').verdict).toBe('failed');

  const replay = cli(['replay', 'LCK-CREATE-201', '--report-dir', dir], broken);
  expect(replay.code, replay.stdout.slice(-1500)).toBe(1);
  expect(replay.stdout).toContain('replaying LCK-CREATE-201 (failed in the recorded run)');
  expect(replay.stdout).toContain('LCK-CREATE-201: failed');
  const replayDir = join(dir, 'replay-LCK-CREATE-201');
  expect(report(replayDir).header.seed).toBe(4242);
  expect(rule(replayDir, 'LCK-CREATE-201')).toMatchObject({
    verdict: 'failed',
    tests: rule(dir, 'LCK-CREATE-201').tests,
  });
  // Only the replayed rule is judged: the others are reported as not selected.
  expect(
    report(replayDir)
      .rules.filter((r) => r.verdict !== 'skipped')
      .map((r) => r.id),
  ).toEqual(['LCK-CREATE-201']);
});

test('replay without a report, of an unknown rule, or of a rule no test decided exits 2 with one message', () => {
  const empty = mkdtempSync(join(tmpdir(), 'cc-replay-none-'));
  const none = cli(['replay', 'LCK-CREATE-201', '--report-dir', empty]);
  expect(none.code).toBe(2);
  expect(none.stderr).toContain(`replay: no report at ${join(empty, 'conformance.json')}`);
  expect(none.stderr).not.toMatch(/\n\s+at /);

  const dir = mkdtempSync(join(tmpdir(), 'cc-replay-known-'));
  writeFileSync(
    join(dir, 'conformance.json'),
    JSON.stringify({
      header: { seed: 1 },
      rules: [{ id: 'PRV-LIST', verdict: 'skipped', tests: [], reasons: ['not selected (--rules)'] }],
    }),
  );
  const unknown = cli(['replay', 'NOT-A-RULE', '--report-dir', dir]);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('replay: NOT-A-RULE is not a rule of the report');
  const undecided = cli(['replay', 'PRV-LIST', '--report-dir', dir]);
  expect(undecided.code).toBe(2);
  expect(undecided.stderr).toContain('replay: no test decided PRV-LIST');

  for (const args of [['replay'], ['replay', 'lck-create-201'], ['replay', 'LCK-CREATE-201', '--rules', 'LCK-*']]) {
    const bad = cli([...args, '--report-dir', dir]);
    expect(bad.code, args.join(' ')).toBe(2);
    expect(bad.stderr).toMatch(/replay: (give one rule id|--rules does not apply)/);
  }
});

test('--help names replay, and replay --help describes it with its own options', () => {
  const help = cli(['--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('replay RULE-ID');
  const replay = cli(['replay', '--help']);
  expect(replay.code).toBe(0);
  expect(replay.stdout).toMatch(/^Usage: carrier-conformance replay RULE-ID/);
  expect(replay.stdout).not.toContain('--shard');
});

test('the grep selects each title whole, never a longer title it begins', () => {
  const grep = new RegExp(titlesGrep(['LCK-A creates (a) locker', 'LCK-B [x]? y']));
  expect(grep.test('conformance lockers.spec.ts create LCK-A creates (a) locker @LCK-A')).toBe(true);
  expect(grep.test('conformance x.spec.ts LCK-B [x]? y')).toBe(true);
  expect(grep.test('conformance lockers.spec.ts create LCK-A creates (a) locker twice @LCK-A')).toBe(false);
  expect(grep.test('conformance lockers.spec.ts XLCK-A creates (a) locker @LCK-A')).toBe(false);
});
