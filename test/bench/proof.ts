// For `npm run bench`: the pace of the proof — the whole `npm test` (typecheck, lint, the own tests,
// the self-test) timed once, the self-test's CPU per fault from the report it wrote, and the machine
// probe before and after, since wall times on a shared machine mean little without it.
// BENCH_NPM_TEST=0 leaves it out.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ProofPace {
  npmTestSeconds: number;
  exitCode: number | null;
  /** The own tests Playwright counted as passed, and the self-test's faults caught. */
  ownTestsPassed?: number;
  selfTest?: { score: string; cpuSecondsPerFault: number; wallSeconds: number; batches: number };
  speedProbeMs: { before: number; after: number };
}

export async function proofPace(root: string, probe: () => number): Promise<ProofPace> {
  const before = probe();
  const started = Date.now();
  let output = '';
  const exitCode = await new Promise<number | null>((resolve) => {
    const child = spawn('npm', ['test'], { cwd: root, env: process.env });
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', resolve);
  });
  const npmTestSeconds = (Date.now() - started) / 1000;
  const after = probe();
  const passed = /^\s*(\d+) passed/m.exec(output);
  let selfTest: ProofPace['selfTest'];
  try {
    const report = JSON.parse(readFileSync(join(root, 'reports', 'self-test.json'), 'utf8')) as NonNullable<
      ProofPace['selfTest']
    >;
    selfTest = {
      score: report.score,
      cpuSecondsPerFault: report.cpuSecondsPerFault,
      wallSeconds: report.wallSeconds,
      batches: report.batches,
    };
  } catch {
    // npm test stopped before the self-test wrote its report
  }
  return {
    npmTestSeconds,
    exitCode,
    ...(passed ? { ownTestsPassed: Number(passed[1]) } : {}),
    ...(selfTest ? { selfTest } : {}),
    speedProbeMs: { before: Math.round(before), after: Math.round(after) },
  };
}

/** The bench's lines for it: `row` lays out name, value and target as the bench's other lines. */
export function proofRows(pace: ProofPace, row: (name: string, value: string, target?: string) => string): string[] {
  const probe = `probe ${pace.speedProbeMs.before} / ${pace.speedProbeMs.after} ms`;
  const self = pace.selfTest;
  return [
    row(
      'npm test, whole (typecheck … self-test)',
      `${(pace.npmTestSeconds / 60).toFixed(1)} min`,
      `exit ${pace.exitCode}; target <= 6 min at probe <= 370 ms ` +
        `${pace.npmTestSeconds <= 360 ? 'ok' : 'MISSED'}; ${probe}`,
    ),
    row('  own tests passed', String(pace.ownTestsPassed ?? '?')),
    ...(self
      ? [
          row(
            'self-test CPU per fault',
            `${self.cpuSecondsPerFault.toFixed(2)} s`,
            `target <= 1 s ${self.cpuSecondsPerFault <= 1 ? 'ok' : 'MISSED'}; ${self.score} caught in ` +
              `${self.batches} batches; ${probe}`,
          ),
          row('  self-test wall time', `${self.wallSeconds.toFixed(0)} s`),
        ]
      : [row('self-test CPU per fault', '?', 'npm test ended before the self-test wrote reports/self-test.json')]),
  ];
}
