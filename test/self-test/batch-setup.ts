// A batch's global setup: per fault, what run/global-setup.ts does for a run against the embedded
// reference — a listener, the reference with the fault, the run's settings, the pre-flight — and all
// of them published by fault (run-settings.ts's publishRuns). A fault whose run could not start is
// named in COULD_NOT_RUN: its tests are skipped, and the reporter gives it no verdict (as a run that
// exits 2 has none).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig, type HarnessConfig } from '../../harness/target/config';
import { preflight } from '../../harness/target/preflight';
import { publishRuns, resolveRunSettings, type RunSettings } from '../../harness/target/run-settings';
import { startListener, type ListenerHandle } from '../../harness/webhooks/listener';
import { startEmbeddedTarget, type EmbeddedTarget } from '../../run/embedded';
import { childrenCpuSeconds, COULD_NOT_RUN, readBatch, type BatchFault } from './batch';

/** The CPU the batch's runner and its workers spent, written at the end for run.ts (and `npm run bench`). */
export const CPU_FILE = 'cpu.json';

interface Started {
  settings: RunSettings;
  listener?: ListenerHandle;
  reference?: EmbeddedTarget;
}

/** A target its variables name (CIS_BASE_URL): no reference, and a listener only where CIS_WEBHOOK_LISTEN asks for
 * one. */
async function startRemote(config: HarnessConfig & { baseUrl: string }, env: NodeJS.ProcessEnv): Promise<Started> {
  const listener = config.webhookListen
    ? await startListener({ ...config.webhookListen, ...(config.webhookKey ? { expectedKey: config.webhookKey } : {}) })
    : undefined;
  const settings = resolveRunSettings(
    { ...config, apiKey: config.apiKey ?? '' },
    {
      embedded: false,
      scratchDir: mkdtempSync(join(tmpdir(), 'cc-run-')),
      ...(listener ? { webhookInbox: listener.controlUrl } : {}),
    },
    env,
  );
  return { settings, ...(listener ? { listener } : {}) };
}

async function startRun(fault: BatchFault): Promise<Started> {
  const env = { ...fault.env };
  const config = readConfig(env);
  if (config.baseUrl) return startRemote({ ...config, baseUrl: config.baseUrl }, env);
  const listener = await startListener({ host: '127.0.0.1', port: 0 });
  const reference = await startEmbeddedTarget({ webhookUrl: listener.deliveryUrl, env }).catch(
    async (error: unknown) => {
      await listener.close();
      throw error;
    },
  );
  const settings = resolveRunSettings(
    { ...config, ...reference.target, ...reference.profile },
    {
      embedded: true,
      scratchDir: mkdtempSync(join(tmpdir(), 'cc-run-')),
      webhookInbox: listener.controlUrl,
      collectionPeriodMs: reference.collectionPeriodMs,
    },
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
  await run.reference?.close();
  await run.listener?.close();
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
  publishRuns(
    Object.fromEntries([...started].map(([name, run]) => [name, run.settings])),
    join(batch.dir, 'run-settings.json'),
  );
  process.env[COULD_NOT_RUN] = JSON.stringify(couldNotRun);
  return async () => {
    for (const fault of [...started.keys()]) await endRun(fault);
    writeFileSync(join(batch.dir, CPU_FILE), JSON.stringify({ cpuSeconds: runnerCpuSeconds() }));
  };
}
