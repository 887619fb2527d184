// What a run's own HAR says of how it was recorded (`log._recording`): the push wait the run gave a webhook and the
// stretches of time in which every delivery its listener took is in the file (each test's, from its start to its
// end). `judge` on that HAR reads them, so a push missing from a stretch the run watched for its wait is judged as the
// run judged it; a recording that does not say so is judged by the deliveries it holds alone.

export const RECORDING_ATTACHMENT = 'cis-delivery-window';

export interface Recording {
  /** How long the run waited for a push after the request that causes it (CIS_WEBHOOK_WAIT_MS). */
  webhookWaitMs: number;
  /** [from, to] in ms since the epoch, merged: every delivery the listener took in them is recorded. */
  deliveriesWhole: [number, number][];
  /**
   * The carriers, as the recording names their keys ($CIS_API_KEY, $CIS_API_KEY_2), whose pushes the run had sent to
   * its listener, each with the last segment of its endpoint's path: a push to the carrier missing from a stretch
   * that lasted the wait never came, as the run judged it.
   */
  endpoints?: Record<string, string>;
}

/** One test's stretch, and the run's push wait. */
export interface DeliveryWindow {
  from: number;
  to: number;
  webhookWaitMs: number;
  endpoints?: Record<string, string>;
}

/** The tests' stretches as one recording: overlapping or touching ones merged, the longest wait kept. */
export function recordingOf(windows: readonly DeliveryWindow[]): Recording | undefined {
  if (!windows.length) return undefined;
  const merged: [number, number][] = [];
  for (const { from, to } of [...windows].sort((a, b) => a.from - b.from)) {
    const last = merged[merged.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  const endpoints = Object.assign({}, ...windows.map((w) => w.endpoints ?? {})) as Record<string, string>;
  return {
    webhookWaitMs: Math.max(...windows.map((w) => w.webhookWaitMs)),
    deliveriesWhole: merged,
    ...(Object.keys(endpoints).length ? { endpoints } : {}),
  };
}

/** The end of the stretch holding `at`, or undefined where no stretch does. */
export function wholeUntil(recording: Recording | undefined, at: number): number | undefined {
  return recording?.deliveriesWhole.find(([from, to]) => from <= at && at <= to)?.[1];
}
