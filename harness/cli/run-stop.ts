// The command line's side of a target that stopped answering (harness/http/target-watch.ts): a worker
// writes the stop file; the run is interrupted (Playwright still writes its reports, ours included)
// and ends with exit 2 and one line, within seconds of the worker seeing it.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
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
  const clear = () => [stopFile, `${stopFile}.stretch`].forEach((f) => rmSync(f, { force: true }));
  clear();
  let line: string | undefined;
  let kill: NodeJS.Timeout | undefined;
  const poll = setInterval(() => {
    if (line !== undefined || !existsSync(stopFile)) return;
    try {
      line = stoppedLine(JSON.parse(readFileSync(stopFile, 'utf8')) as Stopped);
    } catch {
      line = 'the target stopped answering (its record could not be read)';
    }
    process.stderr.write(`\n${line}\n`);
    child.kill('SIGINT');
    kill = setTimeout(() => child.kill('SIGKILL'), GRACE_MS);
  }, POLL_MS);
  return {
    line: () => line,
    dispose: () => {
      clearInterval(poll);
      if (kill) clearTimeout(kill);
      clear();
    },
  };
}
