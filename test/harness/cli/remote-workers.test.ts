// Given a target's round trip, want the workers a run gets: two where it is as good as local, more as
// the run waits longer on each answer, never more than the memory allows.
import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { chooseRemoteWorkers, MOST_REMOTE_WORKERS, roundTripMs, workersFor } from '../../../harness/cli/remote-workers';

for (const [rtt, want] of [
  [undefined, 2],
  [0.4, 2],
  [4.9, 2],
  [5, 3],
  [20, 4],
  [50, 4],
  [400, MOST_REMOTE_WORKERS],
] as const) {
  test(`a round trip of ${rtt ?? 'none measured'} ms gives ${want} workers`, () => {
    expect(workersFor(rtt)).toBe(want);
  });
}

test(
  'the round trip is measured on GET /lockers/providers ' + 'with the key, and the workers follow it unless given',
  async () => {
    const seen: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      seen.push(`${request.url} ${request.headers['x-api-key']}`);
      setTimeout(() => response.writeHead(401, { 'content-type': 'application/json' }).end('{}'), 30);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
    try {
      const rtt = await roundTripMs(base, 'k');
      expect(rtt).toBeGreaterThanOrEqual(28);
      expect(seen).toEqual(Array(3).fill('/v1/lockers/providers k'));
      const env: NodeJS.ProcessEnv = { CIS_BASE_URL: base };
      await chooseRemoteWorkers(env);
      expect(env['CIS_WORKERS']).toBe('4');
      const given: NodeJS.ProcessEnv = { CIS_BASE_URL: base, CIS_WORKERS: '1' };
      await chooseRemoteWorkers(given);
      expect(given['CIS_WORKERS']).toBe('1');
    } finally {
      server.close();
    }
    // Nothing listening: no round trip, and the pre-flight says why in its own words.
    expect(await roundTripMs(base, undefined)).toBeUndefined();
  },
);
