// How many workers a run against a remote target gets. Against the embedded reference a run is bound by
// the CPU (two workers on two cores); against a staging 20–50 ms away it is bound by round trips: a
// worker spends most of a test waiting on answers, and more workers fill those waits, whatever the
// cores. The round trip is measured before the runner starts (its worker count is fixed from then on).
const PROBES = 3;
const PROBE_TIMEOUT_MS = 5_000;
/** Each worker costs ~160 MB (README, memory): four keep a remote run's peak under 1 GB. */
export const MOST_REMOTE_WORKERS = 4;

/** Workers for a target answering in `roundTripMs`: two below 5 ms (as good as local), one more per 15 ms, at most
 * four. */
export function workersFor(roundTripMs: number | undefined): number {
  if (roundTripMs === undefined || roundTripMs < 5) return 2;
  return Math.min(MOST_REMOTE_WORKERS, 2 + Math.ceil(roundTripMs / 15));
}

/**
 * The median of a few GET /lockers/providers round trips, with the key where one is given (any answer
 * counts: a 401 travels as far as a 200); undefined where the target cannot be reached, which the
 * pre-flight then says in its own words.
 */
export async function roundTripMs(baseUrl: string, apiKey: string | undefined): Promise<number | undefined> {
  const times: number[] = [];
  for (let i = 0; i < PROBES; i++) {
    const started = performance.now();
    try {
      const answer = await fetch(`${baseUrl.replace(/\/+$/, '')}/lockers/providers`, {
        headers: apiKey ? { 'x-api-key': apiKey } : {},
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      await answer.arrayBuffer();
    } catch {
      return undefined;
    }
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(PROBES / 2)];
}

/** Against a remote target whose workers are not given: as many as its round trip calls for, said in a line. */
export async function chooseRemoteWorkers(env: NodeJS.ProcessEnv): Promise<void> {
  const remote = env['CIS_BASE_URL'];
  if (!remote || env['CIS_WORKERS']) return;
  const rtt = await roundTripMs(remote, env['CIS_API_KEY']);
  env['CIS_WORKERS'] = String(workersFor(rtt));
  if (rtt !== undefined)
    process.stdout.write(
      `target round trip ${Math.round(rtt)} ms: ${env['CIS_WORKERS']} workers (--workers N to choose)\n`,
    );
}
