// `carrier-conformance judge`'s frame (harness/traffic/rules/frame-reads.ts) on two reads in flight together: the
// recording cannot tell which the service answered from first, so neither is the other's before; the one answered later
// stands for the next read.
import { expect, test } from '@playwright/test';
import { failedRules } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { BASE, create, entry, file, har, record } from '../../support/traffic-entries';

const renamed = { ...record, carrier: { ...record.carrier, lockerName: 'Renamed by nobody' } };
const FRAME = ['GEN-WRITE-NAMED-ONLY', 'GEN-STATE-NAMED-ONLY', 'GEN-ONE-RECORD', 'GEN-ONE-RECORD-MEMBERS'];

/** Create, a list, then reads A (slow, 3 s) and B (begun 1 s after A, answered before it), then read C. */
async function judged(a: unknown, b: unknown, c: unknown): Promise<string[]> {
  // Made in the recording's order: each entry takes the next second of its clock.
  const entries = [
    entry('POST', '/lockers', 201, record, { body: create }),
    entry('GET', '/lockers', 200, [record]),
    { ...entry('GET', '/lockers', 200, [a]), time: 3000 },
    entry('GET', '/lockers', 200, [b]),
    entry('GET', '/lockers', 200, [c]),
    entry('GET', '/lockers', 200, [c]),
  ];
  const failed = failedRules(
    await judgeTraffic({
      traffic: file(har(entries)),
      baseUrl: BASE,
    }),
  );
  return failed.filter((rule) => FRAME.includes(rule));
}

test('reads in flight together are not before and after; the later-answered is the next one’s before', async () => {
  // A read after both shows what the later-answered one showed: nothing changed that the recording can tell.
  expect(await judged(record, renamed, record)).toEqual([]);
  // It shows what only the earlier-answered one showed: a change since the later one, with no command naming it.
  expect(await judged(record, renamed, renamed)).not.toEqual([]);
  // Control: the same reads one after the other are before and after, and the change is one.
  const failed = failedRules(
    await judgeTraffic({
      traffic: file(
        har([
          entry('POST', '/lockers', 201, record, { body: create }),
          entry('GET', '/lockers', 200, [record]),
          entry('GET', '/lockers', 200, [renamed]),
        ]),
      ),
      baseUrl: BASE,
    }),
  );
  expect(failed.filter((rule) => FRAME.includes(rule))).not.toEqual([]);
});
