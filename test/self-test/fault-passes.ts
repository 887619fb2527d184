// The self-test's passes after the first, and what each fault's run was: the first pass leaves out the
// exploration where a rule has other tests (harness-runs.ts batchFault); a fault those tests missed runs
// again with the exploration alone (its other tests missed it once); a fault missed then runs once more, all of its
// rule's tests, another seed; and one missed still, once as a whole run.
import { join } from 'node:path';
import type { Fault } from '../../reference/faults';
import type { BatchFault } from './batch';
import { runBatch, type BatchRun, type FaultRun } from './batches';
import { EVERY_SUITE } from './conformant-batch';
import { batchFault, explorationOf, exploredLater, ROOT } from './harness-runs';

/**
 * A fault's run of every test of every suite and the run's end (no rule to grep its tests by): the whole run a user
 * makes, its rule's failure ending it.
 */
function wholeRunOf(fault: Fault): BatchFault {
  const { rule: _tagged, ...plan } = batchFault(fault);
  return { ...plan, files: EVERY_SUITE, runEnd: true };
}

interface BatchSettings {
  workers: number;
  lanes: number;
  /** Where each batch's reports are kept (batch-N), if anywhere. */
  keep: string | undefined;
}

export class FaultLedger {
  /** The run that decides each fault: its last pass. */
  readonly byFault: Map<string, FaultRun>;
  /** The batch (index in the batch runs) that run was in: its HAR is there. */
  readonly batchOf: Map<string, number>;

  constructor(
    private readonly batchRuns: BatchRun[],
    firstPass: BatchFault[][],
    private readonly settings: BatchSettings,
  ) {
    this.byFault = new Map(batchRuns.flatMap((b) => b.faults.map((f) => [f.name, f] as const)));
    this.batchOf = new Map(firstPass.flatMap((batch, index) => batch.map((f) => [f.name, index] as const)));
  }

  readonly caughtBy = (fault: Fault, run: FaultRun): boolean =>
    run.exitCode === 1 && run.failedRules.includes(fault.rule);

  private caught = (fault: Fault) => this.caughtBy(fault, this.byFault.get(fault.name)!);

  /** One more batch, kept as batch-N; its faults' runs decide them where `decides` says so. */
  private async batch(plans: BatchFault[], decides: (run: FaultRun) => boolean): Promise<FaultRun[]> {
    const index = this.batchRuns.length;
    const { workers, lanes, keep } = this.settings;
    const run = await runBatch(ROOT, plans, {
      workers,
      lanes,
      ...(keep ? { keep: join(keep, `batch-${index}`) } : {}),
    });
    this.batchRuns.push(run);
    const deciding = run.faults.filter(decides);
    for (const done of deciding) {
      this.byFault.set(done.name, done);
      this.batchOf.set(done.name, index);
    }
    return deciding;
  }

  /**
   * The passes after the first. The exploration at the faults' depth is the longest part of a fault's
   * run and most faults are caught without it, so it runs where the rule's other tests missed. A fault of
   * a state only a sequence reaches is caught by a random exploration in nearly every run, not every one:
   * a miss then runs once more, with another seed. The names caught so, as the table marks them.
   */
  async laterPasses(faults: Fault[]): Promise<{ secondRun: Set<string>; wholeRun: Set<string> }> {
    const unexplored = faults.filter((f) => !this.caught(f) && exploredLater(f));
    if (unexplored.length) await this.batch(unexplored.map(explorationOf), () => true);
    const rule = new Map(faults.map((f) => [f.name, f] as const));
    const decides = (run: FaultRun) => this.caughtBy(rule.get(run.name)!, run);
    const missed = faults.filter((f) => !this.caught(f));
    if (!missed.length) return { secondRun: new Set(), wholeRun: new Set() };
    const caught = await this.batch(
      missed.map((f) => batchFault(f)),
      decides,
    );
    // A rule is judged wherever its concerns say, not only in the tests that name it (a response check judges every
    // answer of its operations): a fault its tests miss runs once more as a whole run, as a user runs the harness.
    const left = faults.filter((f) => !this.caught(f));
    const whole = left.length ? await this.batch(left.map(wholeRunOf), decides) : [];
    return { secondRun: new Set(caught.map((run) => run.name)), wholeRun: new Set(whole.map((run) => run.name)) };
  }
}
