// The embedded reference on a thread of its own (started by embedded.ts). In Playwright's main thread
// it answered the suites only between the runner's and the reporters' own work: every test result a
// reporter took in held up the next answer while the worker waited for it.
import { parentPort, workerData } from 'node:worker_threads';
import type { ReferenceOptions } from '../reference/options';
import { startReference } from '../reference/server';

/** What the thread tells the thread that started it. */
export type ThreadMessage =
  | { kind: 'started'; baseUrl: string; mockBaseUrl: string; carriers: { apiKey: string; networkUid: string | number }[]; collectionPeriodMs: number }
  | { kind: 'failed'; message: string }
  | { kind: 'stats'; stats: object }
  | { kind: 'closed' };

/** What the starting thread asks of it. */
export type ThreadRequest = { kind: 'stats' } | { kind: 'close' };

async function main(): Promise<void> {
  const port = parentPort!;
  const tell = (message: ThreadMessage) => port.postMessage(message);
  let reference: Awaited<ReturnType<typeof startReference>>;
  try {
    reference = await startReference(workerData as Partial<ReferenceOptions>);
  } catch (error) {
    tell({ kind: 'failed', message: (error as Error).message ?? String(error) });
    return;
  }
  const { app } = reference;
  tell({
    kind: 'started',
    baseUrl: reference.baseUrl,
    mockBaseUrl: reference.mockBaseUrl,
    carriers: app.options.carriers.map((c) => ({ apiKey: c.apiKey, networkUid: c.networkUid })),
    collectionPeriodMs: app.options.collectionPeriodMs,
  });
  port.on('message', (request: ThreadRequest) => {
    if (request.kind === 'stats') tell({ kind: 'stats', stats: app.stats.toJSON() });
    else
      void reference.close().then(() => {
        tell({ kind: 'closed' });
        port.close();
      });
  });
}

void main();
