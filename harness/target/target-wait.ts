// A test's timeout is for the harness's own work, not for the target's round trips: a staging 50 ms
// away takes 50 ms an answer whatever the harness does, and a test that makes 600 requests there would
// otherwise be cut short where it passes at 0 ms. The time a test spends with a request in flight is
// added to its timeout, up to a bound; an answer that never comes is not (it is still in flight), so a
// stalled target still runs the test into its timeout, and the verdict names it.
import type { Transport } from '../http/transport';

/** The most a test's timeout grows by waiting on the target. */
export const MAX_WAIT_EXTENSION_MS = 5 * 60_000;

/** The transport, telling `extend` how long each stretch with a request in flight lasted (parallel requests count
 * once). */
export function waitingTransport(transport: Transport, extend: (ms: number) => void): Transport {
  let inFlight = 0;
  let since = 0;
  return async (sent) => {
    if (inFlight++ === 0) since = Date.now();
    try {
      return await transport(sent);
    } finally {
      if (--inFlight === 0) extend(Date.now() - since);
    }
  };
}

/** Grows a timeout by each wait given, never by more than `max` in all. */
export function timeoutExtender(
  timeout: { get(): number; set(ms: number): void },
  max = MAX_WAIT_EXTENSION_MS,
): (ms: number) => void {
  let extended = 0;
  return (ms) => {
    const step = Math.min(ms, max - extended);
    if (step <= 0 || timeout.get() === 0) return;
    extended += step;
    timeout.set(timeout.get() + step);
  };
}
