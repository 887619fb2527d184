// A list may show a write a moment after the write was answered (§4.2, §4.8 say nothing of when): a
// read that does not yet show what the test wrote is made again, polled, until it does or the settle
// time (CIS_LIST_SETTLE_MS) is over. A list that shows writes at once costs one read.
import { observe } from '../../evidence/judge';
import { DEFAULT_SETTLE_MS, listLagged } from './list-lag';

export { DEFAULT_SETTLE_MS };
/** Between two reads of a list that does not yet show a write. */
const SETTLE_POLL_MS = 100;

/**
 * Reads until `shows` holds or `settleMs` has passed; the last read either way. How long the list took
 * to show the write is an observed choice (LCK-LIST-INCLUDES-CREATED's, the rule of lists showing writes).
 */
export async function settle<T>(
  read: (decisive: boolean) => Promise<T>,
  shows: (value: T) => boolean,
  settleMs: number,
  what: string,
): Promise<T> {
  const started = Date.now();
  let lastStart = started;
  // `decisive`: the read begins after the settle time, so what it does not find is not the list's lag;
  // reads before it may look where a just-written record shows (the end of a list) and no further.
  let value = await read(settleMs <= 0);
  let reads = 1;
  // Read again while the last read began within the settle time: a slow read (a long list on a busy
  // target) that began before a lagging list showed the write is never the last, so the verdict rests
  // on a read begun after the settle time, not on one that used it up.
  while (!shows(value) && lastStart - started < settleMs) {
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, Math.min(SETTLE_POLL_MS, started + settleMs - Date.now()))),
    );
    lastStart = Date.now();
    value = await read(lastStart - started >= settleMs);
    reads += 1;
  }
  if (reads > 1 && shows(value)) {
    listLagged(what, Date.now() - started);
    observe('LCK-LIST-INCLUDES-CREATED', `${what} showed a write after ${Date.now() - started} ms (${reads} reads)`);
  }
  return value;
}
