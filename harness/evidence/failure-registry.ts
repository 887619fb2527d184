// What has already failed in this run, shared by every worker: a broken build should be judged as fast
// as a good one. Playwright starts a new worker after every failed test, so a test that can only
// repeat a failure the run already has costs a worker start and tells nothing new; such a test is cut
// short (skipped, with the rule that decided it) instead. One append-only file in the run's scratch
// directory holds it: lines are short and appended whole, so workers never see half a line.
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A rule that has stopped this many tests will stop the next one that reaches it too. */
export const STOPS_BEFORE_CUTTING = 2;

export interface RunFailures {
  /** must rules with a failed evaluation in a test that names them. */
  failed: Set<string>;
  /** Rules with a failed evaluation in any test. */
  failedSomewhere: Set<string>;
  /** How many tests each rule stopped. */
  stops: Map<string, number>;
}

export class FailureRegistry {
  private readonly file: string;
  private readonly written = new Set<string>();

  constructor(scratchDir: string) {
    this.file = join(scratchDir, 'failures.log');
  }

  failed(rule: string): void {
    this.once(`failed ${rule}`);
  }

  /** A rule failed in some test: a run asked about it (--rules) has its answer. */
  failedIn(rule: string): void {
    this.once(`somewhere ${rule}`);
  }

  private once(line: string): void {
    if (this.written.has(line)) return;
    this.written.add(line);
    appendFileSync(this.file, `${line}\n`);
  }

  stopped(rule: string): void {
    appendFileSync(this.file, `stopped ${rule}\n`);
  }

  read(): RunFailures {
    let text = '';
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      // Nothing has failed yet.
    }
    const failures: RunFailures = { failed: new Set(), failedSomewhere: new Set(), stops: new Map() };
    for (const line of text.split('\n')) {
      const [kind, rule] = line.split(' ');
      if (!rule) continue;
      if (kind === 'failed') failures.failed.add(rule);
      if (kind === 'somewhere') failures.failedSomewhere.add(rule);
      if (kind === 'stopped') failures.stops.set(rule, (failures.stops.get(rule) ?? 0) + 1);
    }
    return failures;
  }
}

/** Why a test need not run, or nothing: every rule it names already failed, or --max-failures was reached. */
export function cutShortReason(
  named: string[],
  failures: RunFailures,
  maxFailures?: number,
  selectedGating: string[] = [],
): string | undefined {
  if (maxFailures !== undefined && failures.failed.size >= maxFailures) {
    return (
      `cut short: --max-failures ${maxFailures} reached ` +
      `(${[...failures.failed].slice(0, 5).join(', ')}${failures.failed.size > 5 ? ', …' : ''} failed)`
    );
  }
  if (named.length && named.every((rule) => failures.failed.has(rule)))
    return `cut short: ${named.join(', ')} already failed earlier in the run`;
  // A run asked about some rules (--rules) has its answer once they all failed, in any test: a failed rule stays
  // failed, and the test it failed in shows the answer that broke it.
  if (selectedGating.length && selectedGating.every((rule) => failures.failedSomewhere.has(rule)))
    return `cut short: every selected rule (${selectedGating.join(', ')}) failed already`;
  return undefined;
}

/** Why a test need not try a step it cannot go on without, or nothing. */
export function preconditionReason(rule: string, failures: RunFailures): string | undefined {
  const stops = failures.stops.get(rule) ?? 0;
  return stops >= STOPS_BEFORE_CUTTING
    ? `cut short: ${rule} failed and stopped ${stops} tests at this step before`
    : undefined;
}
