// The harness run end to end, as `npm run conformance` runs it.
import { expect, test } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_WEBHOOK_WAIT_MS } from '../../harness/target/config';
import { unjudgedPlaces, type PlaceVerdict } from '../../harness/verdict/places';
import { startReference } from '../../reference/server';
import { runCli, runHarness } from '../support/run-harness';
import { FULL_RUN } from '../support/common-runs';
import { sharedRun } from '../support/shared-runs';

test.describe.configure({ mode: 'parallel' });

test('the full conformance run passes against the embedded reference and writes JUnit', async () => {
  test.setTimeout(240_000);
  // With the default two workers (the other harness runs here take one): as a user runs it. The shard
  // merge (cli.test.ts) is compared with the same run.
  const run = await sharedRun(FULL_RUN);
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  const junit = readFileSync(join(run.reportDir, 'junit.xml'), 'utf8');
  expect(junit).toMatch(/failures="0"/);
  expect(existsSync(join(run.reportDir, 'html', 'index.html'))).toBe(true);
  expect(existsSync(join(run.reportDir, 'allure-results'))).toBe(true);
  // Every must rule passed on evidence: at least one evaluation of it held, none failed.
  const report = JSON.parse(readFileSync(join(run.reportDir, 'conformance.json'), 'utf8')) as {
    rules: { id: string; level: string; verdict: string; evidence: { evaluations: number }; places: PlaceVerdict[] }[];
  };
  const weak = report.rules
    .filter((r) => r.level === 'must' && (r.verdict !== 'passed' || r.evidence.evaluations < 1))
    .map((r) => `${r.id}: ${r.verdict}`);
  expect(weak).toEqual([]);
  // …in every place of its concerns and every form: a rule judged in one place only passes a
  // service that breaks it in another. Set-ups and rules.yaml's unprovokable places are no such place.
  const unjudged = unjudgedPlaces(report.rules).map((u) => `${u.rule} @ ${u.place}: ${u.reason}`);
  expect(unjudged, 'must (rule, place) pairs without an evaluation').toEqual([]);
  // …and the certificate says so in every output: the verdict line, JUnit's properties, Allure's environment.
  const { summary } = JSON.parse(readFileSync(join(run.reportDir, 'conformance.json'), 'utf8')) as {
    summary: { verdict: string; line: string; exitCode: number };
  };
  expect(summary).toMatchObject({ verdict: 'CONFORMANT', exitCode: 0 });
  expect(summary.line).toMatch(
    /^CONFORMANT — full scope: (\d+) of \1 must rules passed; (\d+) of \2 places judged( \(\d+ not provokable\))?$/,
  );
  expect(junit).toContain(`<property name="cis.verdict.line" value="${summary.line}"/>`);
  expect(readFileSync(join(run.reportDir, 'allure-results', 'environment.properties'), 'utf8')).toContain(
    'cis.verdict = CONFORMANT\n',
  );
  expect(readFileSync(join(run.reportDir, 'conformance.md'), 'utf8')).toContain(`**${summary.line}**`);
  // The run's end waits for what the last requests caused, not out the reference's CollectionNotifications
  // every 250 ms: waited to its bound, it added the whole webhook wait (30 s) to every run.
  // The run is the installed package's, whose suites are their JavaScript build (run.teardown.js).
  const end = /<testcase name="WH-DELIVERY-VALID[^"]*" classname="run\.teardown\.[jt]s" time="([\d.]+)"/.exec(junit);
  expect(Number(end?.[1]), "seconds the run's end took").toBeLessThan(DEFAULT_WEBHOOK_WAIT_MS / 1000 / 3);
});

test("the exploration's covering sequence alone reaches every rule it names, whatever the seed", async () => {
  // One sequence: the first part's, the covering one (harness/model/explore.ts covering); the other parts have none.
  const dir = mkdtempSync(join(tmpdir(), 'cc-covering-'));
  const run = await runCli(['--only', 'explore', '--explore', '1x1'], dir);
  expect(run.code, run.stdout.slice(-1500)).toBe(0);
  const { summary } = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as {
    summary: { line: string };
  };
  expect(summary.line).toMatch(/^CONFORMANT within scope: \d+ of \d+ must rules \(\d+ out of scope: not selected\)/);
});

test('a target on a stopped port stops the run with exit code 2 and one clear message in under 10 s', async () => {
  const run = await runHarness([], { CIS_BASE_URL: 'http://127.0.0.1:9/v1', CIS_API_KEY: 'k' });
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('cannot reach the target at CIS_BASE_URL=http://127.0.0.1:9/v1 (connection refused)');
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.seconds).toBeLessThan(10);
});

test('bad configuration stops the run with exit code 2, naming every variable at fault', async () => {
  const run = await runHarness([], { CIS_ENV: 'qa', CIS_PROPERTY_RUNS: 'many' });
  expect(run.code).toBe(2);
  expect(run.stderr).toContain('CIS_ENV: "qa" is neither staging nor production');
  expect(run.stderr).toContain('CIS_PROPERTY_RUNS: "many"');
  expect(run.stderr).not.toMatch(/\n\s+at /);
});

test('a refused key stops the run with exit code 2', async () => {
  const reference = await startReference();
  try {
    const run = await runHarness([], { CIS_BASE_URL: reference.baseUrl, CIS_API_KEY: 'not-a-carrier-key' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('refused CIS_API_KEY (401');
  } finally {
    await reference.close();
  }
});

test(
  'a test cut short by its timeout (an answer the target never gives) is named, and its partial evidence ' +
    'passes no rule',
  async () => {
    test.setTimeout(120_000);
    // The reference never answers the first PATCH /lockers/status; the request would wait longer than the test may.
    const run = await runHarness(
      ['suites/locker-status.spec.ts', '-g', 'LCK-STATUS-CHANGE a status update changes', '--timeout=5000'],
      { CIS_REFERENCE_STALL: 'updateLockerStatus:1', CIS_TIMEOUT_MS: '120000' },
    );
    const report = JSON.parse(readFileSync(join(run.reportDir, 'conformance.json'), 'utf8')) as {
      summary: {
        verdict: string;
        line: string;
        cutShort: { title: string; status: string; reason: string; rules: string[] }[];
      };
      rules: { id: string; verdict: string; evidence: { evaluations: number }; reasons: string[] }[];
    };
    expect(report.summary.verdict).toBe('INCONCLUSIVE');
    expect(report.summary.line).toMatch(/; 1 test cut short$/);
    expect(report.summary.cutShort).toEqual([
      expect.objectContaining({
        status: 'timedOut',
        title: expect.stringMatching(/^LCK-STATUS-CHANGE /),
        reason: expect.stringMatching(/timed out after/),
      }),
    ]);
    // The locker was created and judged before the stall: that evidence alone passes nothing.
    const create = report.rules.find((r) => r.id === 'LCK-CREATE-201')!;
    expect(create.evidence.evaluations).toBeGreaterThan(0);
    expect(create.verdict).toBe('not observable');
    expect(create.reasons.join(' ')).toMatch(/cut short: the test timed out/);
  },
);
