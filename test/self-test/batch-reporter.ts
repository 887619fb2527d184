// A batch's reporter: one conformance reporter per fault, each given that fault's describe block as its
// run and writing that fault's reports (conformance.json, exchanges.har, …) to its own directory, so
// each fault's verdict is its own, as in a run of its own. verdict.json beside them says how its run
// ended: the exit code that run would have had.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import ConformanceReporter from '../../harness/reporters/conformance';
import { couldNotRun, faultTitle, readBatch } from './batch';
import { endRun } from './batch-setup';

export const VERDICT_FILE = 'verdict.json';

export interface FaultVerdict {
  /** 0 conformant, 1 not, 2 could not run (as the CLI's exit codes). */
  exitCode: number;
  couldNotRun?: string;
  /** How long its tests took, one after another. */
  seconds: number;
}

export default class BatchReporter implements Reporter {
  private readonly byFault = new Map<string, ConformanceReporter>();
  private readonly ofTest = new Map<TestCase, ConformanceReporter>();
  private readonly busyMs = new Map<ConformanceReporter, number>();
  /** Each fault's tests not yet ended, and its name. */
  private readonly pending = new Map<ConformanceReporter, { fault: string; tests: Set<TestCase> }>();

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, root: Suite): void {
    const titles = new Map(readBatch().faults.map((f) => [faultTitle(f.name), f.name]));
    const visit = (suite: Suite): void => {
      const fault = suite.type === 'describe' ? titles.get(suite.title) : undefined;
      if (fault === undefined) return suite.suites.forEach(visit);
      const reporter = new ConformanceReporter({ outputDir: join(readBatch().dir, fault), run: fault });
      reporter.onBegin(config, suite);
      this.byFault.set(fault, reporter);
      this.pending.set(reporter, { fault, tests: new Set(suite.allTests()) });
      for (const test of suite.allTests()) this.ofTest.set(test, reporter);
    };
    visit(root);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const reporter = this.ofTest.get(test);
    if (!reporter) return;
    reporter.onTestEnd(test, result);
    this.busyMs.set(reporter, (this.busyMs.get(reporter) ?? 0) + result.duration);
    const pending = this.pending.get(reporter)!;
    pending.tests.delete(test);
    if (pending.tests.size === 0) void endRun(pending.fault);
  }

  async onEnd(result: FullResult): Promise<void> {
    const refused = couldNotRun();
    for (const [fault, reporter] of this.byFault) {
      const dir = join(readBatch().dir, fault);
      mkdirSync(dir, { recursive: true });
      const seconds = (this.busyMs.get(reporter) ?? 0) / 1000;
      let verdict: FaultVerdict;
      if (refused[fault]) verdict = { exitCode: 2, couldNotRun: refused[fault], seconds };
      else {
        const ended = await reporter.onEnd(result);
        verdict = { exitCode: ended?.status === 'passed' ? 0 : 1, seconds };
      }
      writeFileSync(join(dir, VERDICT_FILE), JSON.stringify(verdict));
    }
  }
}
