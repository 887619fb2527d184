// The self-test's fault passes, and what each fault's run was: the first pass leaves out the exploration where a rule
// has other tests (harness-runs.ts batchFault); a fault those tests missed runs again with the exploration alone (its
// other tests missed it once), right after its batch, while the other batches run; a fault missed then runs once
// more, all of its rule's tests, another seed, the exploration deeper; and one missed still, once as a whole run.
import { join } from 'node:path';
import type { Fault } from '../../reference/faults';
import type { BatchFault } from './batch';
import { runBatch, type BatchRun, type FaultRun } from './batches';
import { EVERY_SUITE } from './conformant-batch';
import { batchFault, explorationOf, exploredLater, ROOT } from './harness-runs';

/**
 * A fault's run of every test of every suite and the run's end (no rule to grep its tests by): the whole run a user
 * makes, at the default depth, its rule's failure ending it. The deeper exploration ran in the pass before, on the
 * rule's own tests; here a test that judges the rule without naming it is what is looked for.
 */
export function wholeRunOf(fault: Fault): BatchFault {
  const { rule: _tagged, ...plan } = batchFault(fault);
  return { ...plan, files: EVERY_SUITE, runEnd: true };
}

interface BatchSettings {
  workers: number;
  /** Workers of the passes after the first, which run once the others are over and mostly wait on webhooks. */
  laterWorkers: number;
  lanes: number;
  /** Where each batch's reports are kept (batch-N), if anywhere. */
  keep: string | undefined;
}

export class FaultLedger {
  /** The run that decides each fault: its last pass. */
  readonly byFault = new Map<string, FaultRun>();
  /** The batch (batch-N under `keep`) that run was in: its HAR is there. */
  readonly batchOf = new Map<string, number>();
  /** Every batch run, by its number: the first pass's and each pass after it. */
  readonly batchRuns: BatchRun[] = [];

  /** The faults by name: a run names its fault. */
  private readonly byName: ReadonlyMap<string, Fault>;

  constructor(
    private readonly faults: readonly Fault[],
    private readonly settings: BatchSettings,
  ) {
    this.byName = new Map(faults.map((f) => [f.name, f] as const));
  }

  readonly caughtBy = (fault: Fault, run: FaultRun): boolean =>
    run.exitCode === 1 && run.failedRules.includes(fault.rule);

  private caught = (fault: Fault) => {
    const run = this.byFault.get(fault.name);
    return run !== undefined && this.caughtBy(fault, run);
  };

  private decides = (run: FaultRun) => this.caughtBy(this.byName.get(run.name)!, run);

  /**
   * One more batch, kept as batch-N (N taken when it starts, as batches run side by side); its faults' runs decide
   * them where `decides` says so. Also for runs that decide nothing (`decides` never true): the passive second run.
   */
  async batch(
    plans: BatchFault[],
    decides: (run: FaultRun) => boolean,
    workers = this.settings.workers,
  ): Promise<{ deciding: FaultRun[]; dir: string | undefined }> {
    const index = this.batchRuns.length;
    const { lanes, keep } = this.settings;
    const dir = keep ? join(keep, `batch-${index}`) : undefined;
    this.batchRuns.push({ faults: [], cpuSeconds: 0, seconds: 0 });
    const run = await runBatch(ROOT, plans, { workers, lanes, ...(dir ? { keep: dir } : {}) });
    this.batchRuns[index] = run;
    const deciding = run.faults.filter(decides);
    for (const done of deciding) {
      this.byFault.set(done.name, done);
      this.batchOf.set(done.name, index);
    }
    return { deciding, dir };
  }

  /**
   * A batch of the first pass, then the exploration of those of its faults it missed. The exploration at the faults'
   * depth is the longest part of a fault's run and most faults are caught without it, so it runs where the rule's
   * other tests missed; and at once, beside the other batches, not after all of them. `then`: what to do with the
   * faults this decided (their HARs judged passively), before the slot is given to the next job.
   */
  async firstPass(faults: readonly Fault[], then: (decided: Fault[]) => Promise<void>): Promise<void> {
    await this.batch(
      faults.map((f) => batchFault(f, false)),
      () => true,
    );
    const unexplored = faults.filter((f) => !this.caught(f) && exploredLater(f));
    if (unexplored.length) await this.batch(unexplored.map(explorationOf), () => true);
    await then(faults.filter(this.caught));
  }

  /**
   * The passes after the first. A fault of a state only a sequence reaches is caught by a random exploration in
   * nearly every run, not every one: a miss runs once more, with another seed and deeper. The names caught so, as the
   * table marks them.
   */
  async laterPasses(): Promise<{ secondRun: Set<string>; wholeRun: Set<string> }> {
    const missed = this.faults.filter((f) => !this.caught(f));
    if (!missed.length) return { secondRun: new Set(), wholeRun: new Set() };
    const { deciding: caught } = await this.batch(
      missed.map((f) => batchFault(f, true, true)),
      this.decides,
      this.settings.laterWorkers,
    );
    // A rule is judged wherever its concerns say, not only in the tests that name it (a response check judges every
    // answer of its operations): a fault its tests miss runs once more as a whole run, as a user runs the harness.
    const left = this.faults.filter((f) => !this.caught(f));
    const whole = left.length
      ? (await this.batch(left.map(wholeRunOf), this.decides, this.settings.laterWorkers)).deciding
      : [];
    return { secondRun: new Set(caught.map((run) => run.name)), wholeRun: new Set(whole.map((run) => run.name)) };
  }
}
