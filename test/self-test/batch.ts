// A batch of the self-test: many faults judged by one Playwright run (batch.config.ts), each against
// its own embedded reference and listener, each test naming its fault's run (test.use({ run })), each
// fault with its own report directory and verdict (batch-reporter.ts). run.ts writes the batch's
// description to a file and names it in CIS_SELF_TEST_BATCH; the config, the global setup, the
// reporter and the lanes (the test files) read it from there.
import { readFileSync } from 'node:fs';

export const BATCH_VARIABLE = 'CIS_SELF_TEST_BATCH';
/** Short waits for deliveries: a fault that sends none is caught in seconds. */
const TIMEOUT_MS = '2500';
/**
 * Answers get the harness's default wait: a batch's references answer from one process, which a busy
 * machine may keep from answering within 2.5 s; that is a harness error, not a catch, and no fault
 * withholds an answer.
 */
const ANSWER_TIMEOUT_MS = '10000';
/** The waits of every run in a batch, a fault's or a conformant configuration's (conformant-batch.ts). */
export const BATCH_WAITS = { CIS_TIMEOUT_MS: ANSWER_TIMEOUT_MS, CIS_WEBHOOK_WAIT_MS: TIMEOUT_MS };
/** Set by the batch's global setup for its workers and reporter: the runs that could not start, and why. */
export const COULD_NOT_RUN = 'CIS_SELF_TEST_COULD_NOT_RUN';

export function couldNotRun(): Record<string, string> {
  return JSON.parse(process.env[COULD_NOT_RUN] ?? '{}') as Record<string, string>;
}

/**
 * One run of a batch: a fault of the embedded reference judged by its rule's tests, or (no rule) every
 * test against the target its variables name (the own tests' degenerate targets).
 */
export interface BatchFault {
  name: string;
  rule?: string;
  /** The CIS_* variables of the run: a fault's fault, its rule (CIS_RUN_RULES), strict for a should rule, short waits;
   * or a target's address and keys. */
  env: Record<string, string>;
  /** The suites with a test of the rule (absolute paths), the run's end last where it judges the rule. */
  files: string[];
  /** The run's end (suites/run.teardown.ts) judges the rule: all its tests run, after the fault's others. */
  runEnd: boolean;
}

export interface Batch {
  /** Where each fault's reports go (a directory per fault) and the lanes are written. */
  dir: string;
  workers: number;
  faults: BatchFault[];
}

export function readBatch(): Batch {
  const file = process.env[BATCH_VARIABLE];
  if (!file)
    throw new Error(
      `${BATCH_VARIABLE} is not set: a self-test batch is started by test/self-test/run.ts, which describes it`,
    );
  return JSON.parse(readFileSync(file, 'utf8')) as Batch;
}

/** The describe block of a fault's tests: the reporter and --grep find a fault's tests by it. */
export const faultTitle = (fault: string) => `fault ${fault}`;
export const RUN_END_FILE = 'run.teardown.ts';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The tests each fault's run is restricted to, as one Playwright grep each: those tagged with the
 * rule (not a longer id it is the start of), and the whole run's end where it judges the rule (a
 * run's end is the suites' teardown, which a plain run's --grep does not filter either); all of its
 * tests for a run without a rule.
 */
export function batchGrep(faults: readonly BatchFault[]): RegExp[] {
  return faults.flatMap((f) => [
    new RegExp(`(^| )${escaped(faultTitle(f.name))} ${f.rule ? `.*@${escaped(f.rule)}(?![A-Z0-9-])` : ''}`),
    ...(f.runEnd ? [new RegExp(`(^| )${escaped(faultTitle(f.name))} ${escaped(RUN_END_FILE)} `)] : []),
  ]);
}

/** CPU seconds of the children this process has waited for (Linux's /proc; 0 elsewhere). */
export function childrenCpuSeconds(): number {
  try {
    // The fields after the command's closing parenthesis; cutime and cstime are the 14th and 15th of them, in ticks of
    // 1/100 s.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}
