// Gating on what changed: a baseline certificate, the gate line beside the verdict, and `compare`.
// The baseline is the lockers suite with the fault groups-duplicate-keys (LCK-GROUPS-UNIQUE-KEY); the runs
// after it are restricted to that rule and LCK-UPDATE-NO-PROVIDER (broken by update-accepts-provider), so each
// takes seconds, and the rules they leave out are not selected there, which is no change.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { compareCertificates, gateLine } from '../../../harness/baseline/compare';
import type { CertificateFile } from '../../../harness/baseline/certificate-file';
import { OWN_TEST_NODE, ROOT } from '../../support/run-harness';
import { BASELINE_RULES, ONE_RULE_BROKEN_RUN } from '../../support/common-runs';
import { sharedRun } from '../../support/shared-runs';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const BIN = join(ROOT, 'bin', 'carrier-conformance.js');
const RULES = BASELINE_RULES;
const CHROMIUM = '/usr/bin/chromium';

function cli(
  args: string[],
  extra: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(TEST_|PW_|CIS_)/.test(k)) env[k] = v;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...env, CIS_WORKERS: '1', ...OWN_TEST_NODE, ...extra },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const dir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
const json = (d: string) =>
  JSON.parse(readFileSync(join(d, 'conformance.json'), 'utf8')) as {
    baseline?: { passed: boolean; regressions: string[]; known: string[]; fixed: string[] };
  };

let baseline: string;

test(
  'a baseline with one fault, then that fault and another: the gate fails naming only the new rule, and the ' +
    'known failure stays a failure',
  { tag: '@e2e' },
  async () => {
    // The baseline: the fault groups-duplicate-keys alone, over the lockers suite (cli.test.ts reads it too).
    const first = await sharedRun(ONE_RULE_BROKEN_RUN);
    baseline = first.reportDir;
    expect(first.code, first.stdout.slice(-1500)).toBe(1);
    const next = dir('cc-next-');
    const run = await cli([...RULES, '--report-dir', next, '--baseline', baseline, '--gate', 'baseline'], {
      CIS_REFERENCE_FAULTS: 'groups-duplicate-keys,update-accepts-provider',
    });
    expect(run.code, run.stdout.slice(-1500)).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        /\nNOT CONFORMANT: 2 must rules failed [^\n]*\ngate: failed — 1 must rule regressed against /.source +
          /baseline of \d{4}-\d\d-\d\d: LCK-UPDATE-NO-PROVIDER \(1 known failure: LCK-GROUPS-UNIQUE-KEY\)\n/.source,
      ),
    );
    expect(json(next).baseline).toMatchObject({
      passed: false,
      regressions: ['LCK-UPDATE-NO-PROVIDER'],
      known: ['LCK-GROUPS-UNIQUE-KEY'],
    });
    // Nothing is hidden: the known failure is a JUnit failure, marked known.
    const junit = readFileSync(join(next, 'junit.xml'), 'utf8');
    expect(junit).toContain('<property name="cis.gate" value="failed"/>');
    expect(junit).toMatch(
      new RegExp(
        /<testcase [^>]*name="[^"]*LCK-GROUPS-UNIQUE-KEY[^"]*"[^>]*>\n/.source +
          /<properties>\n<property name="known" value="true"\/>/.source,
      ),
    );
    // The new failure is not.
    expect(junit).not.toMatch(
      /<testcase [^>]*name="[^"]*LCK-UPDATE-NO-PROVIDER[^"]*"[^>]*>\n<properties>\n<property name="known"/,
    );
    expect(readFileSync(join(next, 'conformance.md'), 'utf8')).toContain('## Since the baseline');
    // The page: the gate right under the verdict, above the fold, in Chromium (skipped where it is not installed, never
    // in CI).
    if (!existsSync(CHROMIUM) && !process.env['CI']) return;
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`file://${join(next, 'conformance.html')}`);
      await expect(page.locator('#gate-line')).toHaveText(
        /^gate: failed — 1 must rule regressed against baseline of [\d-]+: LCK-UPDATE-NO-PROVIDER/,
      );
      await expect(page.locator('#since-baseline')).toContainText(
        'known failures, still failures: LCK-GROUPS-UNIQUE-KEY',
      );
      const box = await page.locator('#since-baseline').boundingBox();
      expect(box!.y + box!.height, 'the "since the baseline" block ends above the fold').toBeLessThanOrEqual(800);
    } finally {
      await browser.close();
    }
  },
);

test(
  'the fault removed: the rule is listed fixed and the gate passes; the verdict keeps its own exit code without --gate',
  { tag: '@e2e' },
  async () => {
    const clean = dir('cc-clean-');
    // The conformance report only: this test reads its JSON (the junit.xml of a baseline run is the test's above).
    const run = await cli([...RULES, '--report-dir', clean, '--baseline', join(baseline, 'conformance.json')], {
      CIS_REPORTERS: 'minimal',
    });
    expect(run.stdout).toMatch(/\ngate: passed — no regression against baseline of [\d-]+\n/);
    expect(json(clean).baseline).toMatchObject({ passed: true, regressions: [], fixed: ['LCK-GROUPS-UNIQUE-KEY'] });
    const compared = await cli(['compare', baseline, clean]);
    expect(compared.code).toBe(0);
    expect(compared.stdout).toContain('## fixed (1)\n\n- LCK-GROUPS-UNIQUE-KEY (must): failed → passed');
  },
);

test(
  "compare of identical certificates: no change, exit 0; of a regression: exit 1 with the new failure's " +
    'evidence, --json for machines',
  { tag: '@e2e' },
  async () => {
    const same = await cli(['compare', baseline, baseline]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('No change: every rule is where it was.');
    const reversed = await cli(['compare', '--json', join(ROOT, 'reports', 'missing-on-purpose'), baseline]);
    expect(reversed.code).toBe(2);
  },
);

test(
  "bad input is one line and exit 2: another tool's JSON, a truncated file, a missing file",
  { tag: '@e2e' },
  async () => {
    const d = dir('cc-bad-');
    writeFileSync(join(d, 'other.json'), JSON.stringify({ stats: { tests: 3 }, suites: [] }));
    writeFileSync(join(d, 'truncated.json'), readFileSync(join(baseline, 'conformance.json'), 'utf8').slice(0, 200));
    for (const [file, said] of [
      ['other.json', 'is not a carrier-conformance certificate'],
      ['truncated.json', 'is not JSON'],
      ['none.json', 'no such file or directory'],
    ] as const) {
      const run = await cli(['compare', join(d, file), baseline]);
      expect(run.code, file).toBe(2);
      expect(run.stderr).toContain(said);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    const run = await cli([...RULES, '--baseline', join(d, 'other.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('CIS_BASELINE:');
  },
);

const certificate = (
  path: string,
  rules: [string, string, string][],
  extra: Partial<CertificateFile['header']> = {},
): CertificateFile => ({
  path,
  header: { specVersion: '1.1.0', date: '2026-11-20T10:00:00Z', rulesDigest: 'r1', openapiDigest: 'o1', ...extra },
  summary: {
    verdict: 'NOT CONFORMANT',
    scope: { outOfScope: rules.filter(([, , v]) => v === 'out').map(([id]) => ({ id })) },
  },
  rules: rules.map(([id, level, verdict]) => ({
    id,
    level,
    verdict: verdict === 'out' ? 'skipped' : verdict,
    ...(verdict === 'failed' ? { failure: `${id} broke` } : {}),
  })),
});

const CASES: [
  string,
  [string, string, string][],
  [string, string, string][],
  { kind: string; id: string }[],
  string[],
][] = [
  [
    'a must rule newly failed is a regression, with its evidence',
    [['A', 'must', 'passed']],
    [['A', 'must', 'failed']],
    [{ kind: 'newly failed', id: 'A' }],
    ['A'],
  ],
  [
    'a should rule newly failed is a change, not a regression',
    [['S', 'should', 'passed']],
    [['S', 'should', 'failed']],
    [{ kind: 'newly failed', id: 'S' }],
    [],
  ],
  ['failed in both: known, no change', [['A', 'must', 'failed']], [['A', 'must', 'failed']], [], []],
  ['fixed', [['A', 'must', 'failed']], [['A', 'must', 'passed']], [{ kind: 'fixed', id: 'A' }], []],
  [
    'newly not observable',
    [['A', 'must', 'passed']],
    [['A', 'must', 'not observable']],
    [{ kind: 'newly not observable', id: 'A' }],
    [],
  ],
  [
    'scope lost, then gained',
    [
      ['A', 'must', 'passed'],
      ['B', 'must', 'out'],
    ],
    [
      ['A', 'must', 'out'],
      ['B', 'must', 'passed'],
    ],
    [
      { kind: 'scope lost', id: 'A' },
      { kind: 'scope gained', id: 'B' },
    ],
    [],
  ],
  [
    'a new rule that fails is a regression; a removed rule is named',
    [['OLD', 'must', 'passed']],
    [['NEW', 'must', 'failed']],
    [
      { kind: 'removed rule', id: 'OLD' },
      { kind: 'newly failed', id: 'NEW' },
    ],
    ['NEW'],
  ],
];
for (const [name, before, after, changes, regressions] of CASES) {
  test(`compareCertificates: ${name}`, () => {
    const comparison = compareCertificates(certificate('old', before), certificate('new', after));
    expect(comparison.changes.map(({ kind, id }) => ({ kind, id }))).toEqual(changes);
    expect(comparison.regressions).toEqual(regressions);
    for (const c of comparison.changes.filter((x) => x.kind === 'newly failed'))
      expect(c.evidence).toBe(`${c.id} broke`);
  });
}

test(
  'two certificates of different rule sets or OpenAPI documents are compared rule by rule, and the header says ' + 'so',
  () => {
    const comparison = compareCertificates(
      certificate('old', [['A', 'must', 'failed']]),
      certificate('new', [['A', 'must', 'failed']], { rulesDigest: 'r2', openapiDigest: 'o2' }),
    );
    expect(comparison.notes).toEqual([
      'the two certificates come from different rule sets (r1 and r2): compared rule by rule',
      'the two certificates come from different OpenAPI documents (o1 and o2): compared rule by rule',
    ]);
    expect(gateLine(comparison)).toBe(
      'gate: passed — no regression against baseline of 2026-11-20 (1 known failure: A)',
    );
  },
);
