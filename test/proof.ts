// `npm test`: the static checks (types, lint, format), the own tests and the self-test at once, one
// directory of shared harness runs between the last two (support/shared-runs.ts). Each waits on different things (the
// own tests on spawned runs and a browser, the self-test on its lagging and late-pushing configurations), so side by
// side they keep both cores busy where one after the other each left one idle; and the full run both assert over (the
// package's embedded run, the self-test's clean run) is made once. The own tests print as they go; the checks' and the
// self-test's lines follow once all are over. Exit 1 unless all passed. Arguments go to the own tests (npm test --
// --project e2e); npm run test:own runs them alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_RUNS_VARIABLE } from './support/shared-runs';

const ROOT = join(__dirname, '..');
const BIN = join(ROOT, 'node_modules', '.bin');

/** The static checks: npm run typecheck, lint and format:check, as package.json names them. */
const CHECKS: [name: string, command: string, args: string[]][] = [
  [
    'typecheck',
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', 'tsconfig.json'],
  ],
  ['lint', join(BIN, 'oxlint'), ['--deny-warnings', '.']],
  ['format:check', join(BIN, 'prettier'), ['--check', '.', '--log-level', 'warn']],
];

interface Ended {
  code: number | null;
  output: string;
}

function started(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  live: boolean,
): [ChildProcess, Promise<Ended>] {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (live) process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (live) process.stderr.write(chunk);
  });
  const ended = new Promise<Ended>((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}\n${command}: ${error.message}\n` }));
    child.on('close', (code) => resolve({ code, output }));
  });
  return [child, ended];
}

/**
 * The own tests' failures and their summary, from the list reporter's output: they print first, and a log that keeps
 * only its end (a CI page) would otherwise show the self-test's lines and never which own test failed.
 */
function failures(output: string): string {
  const lines = output.split('\n');
  const first = lines.findIndex((l) => /^\s+1\) /.test(l));
  const summary = lines.findIndex((l) => /^\s+\d+ (failed|flaky|interrupted|did not run)/.test(l));
  const from = first >= 0 ? first : summary >= 0 ? summary : Math.max(0, lines.length - 40);
  const shown = lines.slice(from);
  const cap = 200;
  return shown.length > cap ? [...shown.slice(0, cap / 2), '…', ...shown.slice(-cap / 2)].join('\n') : shown.join('\n');
}

async function main(): Promise<void> {
  // Every temporary file of every child goes under one directory, removed at the end: tests and runs that make their
  // own and leave them (a HAR to judge, a report directory) would otherwise fill the machine's /tmp run after run.
  const scratch = mkdtempSync(join(tmpdir(), 'cc-npm-test-'));
  const shared = mkdtempSync(join(scratch, 'shared-runs-'));
  const env = { ...process.env, TMPDIR: scratch, [SHARED_RUNS_VARIABLE]: shared };
  const [ownTests, ownEnded] = started(
    join(BIN, 'playwright'),
    ['test', '--config', join(ROOT, 'test', 'playwright.config.ts'), ...process.argv.slice(2)],
    env,
    true,
  );
  const [selfTest, selfEnded] = started(join(BIN, 'tsx'), [join(ROOT, 'test', 'self-test', 'run.ts')], env, false);
  const checks = CHECKS.map(([name, command, args]) => ({
    name,
    run: started(command, args, env, false),
  }));
  const children = [ownTests, selfTest, ...checks.map((c) => c.run[0])];
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const [own, self, ...checked] = await Promise.all([ownEnded, selfEnded, ...checks.map((c) => c.run[1])]);
  rmSync(scratch, { recursive: true, force: true });
  const line = (name: string, code: number | null) => `${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`;
  checks.forEach(({ name }, i) => {
    const { code, output } = checked[i]!;
    process.stdout.write(`\n${line(name, code)}${code === 0 ? '' : `\n${output}`}`);
  });
  process.stdout.write(`\n\n--- the self-test (npm run self-test) ---\n${self.output}`);
  if (own.code !== 0) process.stdout.write(`\n--- the own tests' failures, again ---\n${failures(own.output)}\n`);
  process.stdout.write(`\n${[line('own tests', own.code), line('self-test', self.code)].join('; ')}\n`);
  process.exitCode = [own, self, ...checked].every((r) => r.code === 0) ? 0 : 1;
}

void main();
