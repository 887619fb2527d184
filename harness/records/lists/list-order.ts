// Which end of a list the target adds records at: a fact about the target, learnt by whichever worker
// first sees it and owned here for the whole run. Each worker keeps what it learnt, and writes it to
// the run's scratch directory (a file per list and value), where every other worker reads it: a
// worker whose first test reads a list since a mark does not read the list's history to learn what
// another worker already knows.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * 'end' (kept oldest first), 'start' (newest first), 'either' (both ends held what was added: a short
 * list), 'neither' (a window missed a record the list showed elsewhere: no window is trusted).
 */
export type AddedAt = 'start' | 'end' | 'either' | 'neither';
const VALUES: readonly AddedAt[] = ['start', 'end', 'either', 'neither'];

const learnt = new Map<string, Set<AddedAt>>();
let shared: string | undefined;

/** The run's scratch directory, where the workers share what they learn (set by the fixtures, per test). */
export function shareListOrders(scratchDir: string | undefined): void {
  if (shared === scratchDir) return;
  shared = scratchDir;
  learnt.clear();
}

/** What this worker learnt, forgotten (the own tests start each case afresh; the self-test's batches, each fault's
 * run). */
export function forgetListOrders(): void {
  learnt.clear();
  shared = undefined;
}

const dirOf = () => (shared ? join(shared, 'list-order') : undefined);
const fileOf = (list: string) => encodeURIComponent(list).replace(/\./g, '%2E');

/**
 * What is known of the list, from every worker: 'neither' once anything said so, or once one worker
 * saw records added at the end and another at the start; else the end seen, else 'either'.
 */
export function orderKnown(list: string): AddedAt | undefined {
  const values = new Set(learnt.get(list));
  const dir = dirOf();
  if (dir) {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      // nothing learnt by any worker yet
    }
    const prefix = `${fileOf(list)}.`;
    for (const name of names)
      if (name.startsWith(prefix) && VALUES.includes(name.slice(prefix.length) as AddedAt))
        values.add(name.slice(prefix.length) as AddedAt);
  }
  if (values.has('neither') || (values.has('start') && values.has('end'))) return 'neither';
  return values.has('end') ? 'end' : values.has('start') ? 'start' : values.has('either') ? 'either' : undefined;
}

export function learnOrder(list: string, value: AddedAt): void {
  learnt.set(list, new Set([...(learnt.get(list) ?? []), value]));
  const dir = dirOf();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${fileOf(list)}.${value}`), '');
}

/**
 * Which end of the list records are added at (shared by the run's workers, as above): learnt
 * from a window read that held every record the test knew it had added ('either' while both ends held
 * them), or from a record the run had just made found on the first or last of several pages (listAll).
 * Until then, and after a window that missed one ('neither'), a window read is a whole read.
 * Per list as asked for: a filtered list (providerName) may be kept in another order than the whole one.
 */
export const orderOf = (operationId: string, query: Record<string, string>) =>
  `${operationId} ${JSON.stringify(query)}`;
