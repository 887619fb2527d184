// A staging that stops answering after the pre-flight (every request held, or every connection reset):
// the run ends with exit 2 and one line naming when and what stopped answering, within seconds of the
// stretch that shows it, with the reports of what was judged before (issue 38).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startReference } from '../../reference/server';
import { TargetWatch, stoppedLine } from '../../harness/http/target-watch';
import { runCli } from '../support/run-harness';

test.describe.configure({ mode: 'parallel' });

const TIMEOUT_MS = 1000;

for (const mode of ['hang', 'reset'] as const) {
  test(`a target that ${mode === 'hang' ? 'holds every request' : 'resets every connection'} after the pre-flight ends the run with exit 2 and one line, reports written`, async () => {
    test.setTimeout(120_000);
    // The pre-flight and the first tests are answered; then nothing is.
    const reference = await startReference({ outage: { after: 120, mode } });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'cc-stop-'));
      const run = await runCli(['--base-url', reference.baseUrl, '--api-key', reference.app.options.carriers[0]!.apiKey, '--timeout-ms', String(TIMEOUT_MS)], dir);
      const said = run.stdout + run.stderr;
      expect(run.code, said.slice(-3000)).toBe(2);
      expect(said).toMatch(/the target at http:\/\/127\.0\.0\.1:\d+ stopped answering at \d\d:\d\d:\d\d UTC: \d+ requests in \d+ s got no answer/);
      // Three request timeouts without an answer, the interrupt, the reports: well within a minute at this timeout.
      expect(run.seconds).toBeLessThan(60);
      expect(existsSync(join(dir, 'conformance.json'))).toBe(true);
    } finally {
      await reference.close();
    }
  });
}

test('the watch: stopped only after three unanswered requests over three request timeouts from the first, with no answer; an answer ends the stretch', () => {
  const watch = new TargetWatch('http://staging.invalid', undefined);
  expect(watch.unansweredRequest('GET /v1/lockers: connection reset', 1000, 100)).toBeUndefined();
  expect(watch.unansweredRequest('GET /v1/lockers: connection reset', 1000, 200)).toBeUndefined();
  // Three unanswered, but within the stretch: a slow moment, not a stop.
  expect(watch.unansweredRequest('GET /v1/lockers: connection reset', 1000, 2_900)).toBeUndefined();
  watch.answered(3_000);
  // The stretch runs from the first unanswered request after the answer, not from the answer.
  expect(watch.unansweredRequest('GET /v1/parcels: no answer within 1 s', 1000, 4_000)).toBeUndefined();
  expect(watch.unansweredRequest('GET /v1/parcels: no answer within 1 s', 1000, 5_000)).toBeUndefined();
  expect(watch.unansweredRequest('GET /v1/parcels: no answer within 1 s', 1000, 6_000)).toBeUndefined();
  const stopped = watch.unansweredRequest('GET /v1/parcels: no answer within 1 s', 1000, 7_000);
  expect(stopped).toEqual({ since: 4_000, at: 7_000, origin: 'http://staging.invalid', unanswered: 4, last: 'GET /v1/parcels: no answer within 1 s' });
  expect(stoppedLine(stopped!)).toBe(
    'the target at http://staging.invalid stopped answering at 00:00:04 UTC: 4 requests in 3 s got no answer (the last: GET /v1/parcels: no answer within 1 s); the run stopped at 00:00:07 UTC, reports keep what was judged before',
  );
});
