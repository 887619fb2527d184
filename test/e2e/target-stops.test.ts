// A staging that stops answering after the pre-flight (every request held, or every connection reset):
// the run ends with exit 2 and one line naming when and what stopped answering, within seconds of the
// stretch that shows it, with the reports of what was judged before.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startReference } from '../../reference/server';
import { runCli } from '../support/run-harness';

test.describe.configure({ mode: 'parallel' });

const TIMEOUT_MS = 1000;

// One run per stop, each meeting the other way a request goes unanswered: the whole target holds every request,
// the half-answering one resets every other connection. The watch's counting of either, in either stretch, is
// test/harness/http/target-watch.test.ts's; these runs prove each reaches it from the client, and the run stops.
test(
  'a target that holds every request after the pre-flight ends the run with exit 2 and one line, ' + 'reports written',
  async () => {
    test.setTimeout(120_000);
    // The pre-flight and the first tests are answered; then nothing is.
    const reference = await startReference({ outage: { after: 120, mode: 'hang' } });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'cc-stop-'));
      const run = await runCli(
        [
          '--base-url',
          reference.baseUrl,
          '--api-key',
          reference.app.options.carriers[0]!.apiKey,
          '--timeout-ms',
          String(TIMEOUT_MS),
        ],
        dir,
      );
      const said = run.stdout + run.stderr;
      expect(run.code, said.slice(-3000)).toBe(2);
      expect(said).toMatch(
        new RegExp(
          /the target at http:\/\/127\.0\.0\.1:\d+ stopped answering at \d\d:\d\d:\d\d UTC: /.source +
            /\d+ requests in \d+ s got no answer/.source,
        ),
      );
      // Three request timeouts without an answer, the interrupt, the reports: well within a minute at this timeout.
      expect(run.seconds).toBeLessThan(60);
      expect(existsSync(join(dir, 'conformance.json'))).toBe(true);
    } finally {
      await reference.close();
    }
  },
);

// A staging whose write path locked while its reads still answer: the pre-flight's reads
// answered throughout, every other request held or reset. Each answered read would end the origin's
// stretch; the operations' own stretches say it.
const READS = ['GET /lockers', 'GET /lockers/providers'];
const HALF_LINE = new RegExp(
  'the target at http://127\\.0\\.0\\.1:\\d+ stopped answering (.+) at \\d\\d:\\d\\d:\\d\\d UTC: \\d+ requests ' +
    'to (?:it|them) in \\d+ s got no answer \\(the last: .+\\) while (.+) still answers?; the run stopped at',
);

const HALF_TITLE =
  'a target that answers its lists but resets every other request: exit 2 and one line naming what stopped';
test(HALF_TITLE, async () => {
  test.setTimeout(120_000);
  const reference = await startReference({ outage: { after: 0, mode: 'reset', answering: READS } });
  try {
    const dir = mkdtempSync(join(tmpdir(), 'cc-half-'));
    const key = reference.app.options.carriers[0]!.apiKey;
    const args = ['--base-url', reference.baseUrl, '--api-key', key, '--timeout-ms', String(TIMEOUT_MS)];
    const run = await runCli(args, dir);
    const said = run.stdout + run.stderr;
    expect(run.code, said.slice(-3000)).toBe(2);
    const line = HALF_LINE.exec(said);
    expect(line, said.slice(-3000)).not.toBeNull();
    // Named stopped: operations the target no longer answers, never the reads it kept answering.
    const reads = READS.map((read) => read.replace(' /', ' /v1/'));
    const stopped = line![1]!.split(', ');
    for (const read of reads) expect(stopped).not.toContain(read);
    // Said still answering: those reads, as far as the workers recorded them.
    expect([...reads, 'other operations']).toEqual(expect.arrayContaining(line![2]!.split(', ')));
    // Three request timeouts of one operation, the interrupt, the reports: well within a minute.
    expect(run.seconds).toBeLessThan(60);
    expect(existsSync(join(dir, 'conformance.json'))).toBe(true);
    expect(existsSync(join(dir, 'conformance.md'))).toBe(true);
  } finally {
    await reference.close();
  }
});
