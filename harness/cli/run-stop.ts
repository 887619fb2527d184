// The command line's side of a target that stopped answering (harness/http/target-watch.ts): a worker
// writes the stop file; the run is interrupted (Playwright still writes its reports, ours included)
// and ends with exit 2 and one line, within seconds of the worker seeing it.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { stoppedLine, type Stopped } from '../http/target-watch';

const POLL_MS = 500;
/** How long Playwright gets to write its reports after the interrupt. */
const GRACE_MS = 30_000;

export const stopFileIn = (reportDir: string) => join(reportDir, '.target-stopped.json');

export interface RunStop {
  /** The line to end with, once a worker saw the target stop. */
  line(): string | undefined;
  dispose(): void;
}

export function watchRunStop(child: ChildProcess, stopFile: string): RunStop {
  // The stop and the stretches and answers kept beside it (harness/http/target-watch.ts), left by no earlier run.
  const clear = () => {
    const dir = dirname(stopFile);
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(basename(stopFile))) : [];
    for (const f of files) rmSync(join(dir, f), { force: true });
  };
  clear();
  let line: string | undefined;
  let kill: NodeJS.Timeout | undefined;
  const check = () => {
    if (line !== undefined || !existsSync(stopFile)) return;
    try {
      line = stoppedLine(JSON.parse(readFileSync(stopFile, 'utf8')) as Stopped);
    } catch {
      line = 'the target stopped answering (its record could not be read)';
    }
    process.stderr.write(`\n${line}\n`);
    child.kill('SIGINT');
    kill = setTimeout(() => child.kill('SIGKILL'), GRACE_MS);
  };
  const poll = setInterval(check, POLL_MS);
  return {
    line: () => line,
    dispose: () => {
      // A stop written in the last half second before Playwright ended is read still.
      check();
      clearInterval(poll);
      if (kill) clearTimeout(kill);
      clear();
    },
  };
}
