// A batch's global setup: per fault, what run/global-setup.ts does for a run against the embedded
// reference — a listener, the reference with the fault, the run's settings, the pre-flight — and all
// of them published by fault (run-settings.ts's publishRuns). A fault whose run could not start is
// named in COULD_NOT_RUN, and the reporter gives it no verdict (as a run that exits 2 has none).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../harness/config';
import { preflight } from '../../harness/preflight';
import { publishRuns, resolveRunSettings, type RunSettings } from '../../harness/run-settings';
import { startListener, type ListenerHandle } from '../../harness/webhooks/listener';
import { startEmbeddedTarget, type EmbeddedTarget } from '../../run/embedded';
import { childrenCpuSeconds, readBatch, type BatchFault } from './batch';

export const COULD_NOT_RUN = 'CIS_SELF_TEST_COULD_NOT_RUN';
/** The CPU the batch's runner and its workers spent, written at the end for run.ts (and `npm run bench`). */
export const CPU_FILE = 'cpu.json';

interface Started {
  settings: RunSettings;
  listener: ListenerHandle;
  reference: EmbeddedTarget;
}

async function startRun(fault: BatchFault): Promise<Started> {
  const env = { ...fault.env };
  const config = readConfig(env);
  const listener = await startListener({ host: '127.0.0.1', port: 0 });
  const reference = await startEmbeddedTarget({ webhookUrl: listener.deliveryUrl, env }).catch(async (error: unknown) => {
    await listener.close();
    throw error;
  });
  const settings = resolveRunSettings(
    { ...config, ...reference.target, ...reference.profile },
    { embedded: true, scratchDir: mkdtempSync(join(tmpdir(), 'cc-run-')), webhookInbox: listener.controlUrl, collectionPeriodMs: reference.collectionPeriodMs },
    env,
  );
  return { settings, listener, reference };
}

/** CPU seconds of this process (the batch's runner) and of the workers it has waited for. */
function runnerCpuSeconds(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + childrenCpuSeconds();
}

/** The runs started, by fault: the reporter (in this process) ends each once its tests are done. */
const started = new Map<string, Started>();

async function stop(run: Started): Promise<void> {
  await run.reference.close();
  await run.listener.close();
  rmSync(run.settings.scratchDir, { recursive: true, force: true });
}

/**
 * Ends a fault's run once its tests are done: a reference that goes on pushing CollectionNotifications
 * and holding its records would slow the faults after it, whose references answer from this process.
 */
export async function endRun(fault: string): Promise<void> {
  const run = started.get(fault);
  started.delete(fault);
  if (run) await stop(run);
}

export default async function batchSetup(): Promise<() => Promise<void>> {
  const batch = readBatch();
  const couldNotRun: Record<string, string> = {};
  // One after another: the references start in milliseconds, and the listeners' ports must not clash.
  for (const fault of batch.faults) {
    try {
      const run = await startRun(fault);
      started.set(fault.name, run);
      await preflight(run.settings, () => undefined);
    } catch (error) {
      couldNotRun[fault.name] = (error as Error).message;
    }
  }
  publishRuns(Object.fromEntries([...started].map(([name, run]) => [name, run.settings])));
  process.env[COULD_NOT_RUN] = JSON.stringify(couldNotRun);
  return async () => {
    for (const fault of [...started.keys()]) await endRun(fault);
    writeFileSync(join(batch.dir, CPU_FILE), JSON.stringify({ cpuSeconds: runnerCpuSeconds() }));
  };
}
