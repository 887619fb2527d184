// README's CI recipe is docs/ci/github-actions.yml: it must stay a workflow GitHub can read, and its
// gates must call what the harness has (commands, flags, npm scripts, artifacts that match).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { parseInvocation } from '../../harness/cli/main';

const ROOT = join(__dirname, '..', '..');
interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { if?: string; needs?: string; steps: Step[] }>;
}
const workflow = parse(readFileSync(join(ROOT, 'docs', 'ci', 'github-actions.yml'), 'utf8')) as Workflow;
const runs = (job: string) => workflow.jobs[job]!.steps.map((s) => s.run ?? '').join('\n');
const uploads = (job: string) =>
  workflow.jobs[job]!.steps.filter((s) => s.uses?.startsWith('actions/upload-artifact')).map((s) =>
    String(s.with?.['name']),
  );

test('the example runs on main, on pull requests and nightly', () => {
  expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request', 'schedule']));
  expect(Object.keys(workflow.jobs)).toEqual(['conformance', 'report', 'nightly-staging']);
});

test('main keeps its certificate, and a pull request is gated on it with compare', () => {
  expect(uploads('report')).toContain('conformance-certificate');
  expect(runs('report')).toContain('gh run download "$run_id" --name conformance-certificate --dir baseline');
  expect(runs('report')).toContain(
    'npx carrier-conformance compare baseline/conformance.json reports/conformance.json',
  );
  expect(runs('report')).toContain('npm run report:merge');
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  expect(scripts['report:merge']).toBeDefined();
  expect(parseInvocation(['compare', 'baseline/conformance.json', 'reports/conformance.json'])).toMatchObject({
    compare: [
      expect.stringMatching(/baseline\/conformance\.json$/),
      expect.stringMatching(/reports\/conformance\.json$/),
    ],
  });
});

test("the nightly staging run is gated on last night's certificate with --baseline and --gate baseline", () => {
  expect(uploads('nightly-staging')).toContain('nightly-certificate');
  expect(runs('nightly-staging')).toContain('--name nightly-certificate --dir baseline');
  const line = runs('nightly-staging')
    .split('\n')
    .find((l) => l.includes('--gate baseline'))!
    .trim();
  const invocation = parseInvocation(line.replace(/^npx carrier-conformance /, '').split(/\s+/));
  expect(invocation).toMatchObject({
    env: { CIS_GATE: 'baseline', CIS_BASELINE: expect.stringMatching(/baseline\/conformance\.json$/) },
  });
});
