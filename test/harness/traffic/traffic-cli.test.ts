// `carrier-conformance judge` and the keys it reads: placeholders a masking tool wrote do not tell carriers
// apart, and a bad flag on the command line is one line naming it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { failedRules } from '../../../harness/traffic/certificate-files';
import { entry, file, har, KEY, NO_LAG } from '../../support/traffic-entries';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';

test(
  'keys a masking tool wrote as one placeholder do not tell carriers apart: a booking missing from a list then ' +
    'proves nothing',
  async () => {
    const judge = async (key: string) => {
      const booked = entry(
        'POST',
        '/parcels/data',
        200,
        { status: 'BOOKED', message: 'ok', timestamp: '2026-01-05T10:00:00Z' },
        {
          key,
          body: {
            eventType: 'BOOKING',
            lockerUid: '100',
            carrierParcelId: 'P-5',
            allocationType: 'HARD_RESERVATION',
            requiresAccessibleCompartment: false,
            weight: 100,
            dimensions: { depth: 1, height: 1, width: 1 },
            consignee: null,
          },
        },
      );
      return failedRules(
        await judgeTraffic({
          listSettleMs: NO_LAG,
          traffic: file(har([booked, entry('GET', '/parcels', 200, [], { key })])),
        }),
      );
    };
    // One key, kept: the same carrier's whole list lacks its booking.
    expect(await judge(KEY)).toEqual(['PCL-BOOKING-CREATES']);
    for (const mask of ['REDACTED', '[REDACTED]', '********', '<hidden>']) expect(await judge(mask), mask).toEqual([]);
    // A named placeholder, as this harness writes ($CIS_API_KEY, $CIS_API_KEY_2), still names one carrier.
    expect(await judge('$CIS_API_KEY')).toEqual(['PCL-BOOKING-CREATES']);
  },
);

test('judge on the command line: a bad flag is one line naming it and exit 2', { tag: '@e2e' }, () => {
  const traffic = file(har([entry('GET', '/lockers/providers', 200, [])]));
  const judge = (...args: string[]) =>
    spawnSync(
      process.execPath,
      [
        join(__dirname, '..', '..', '..', 'bin', 'carrier-conformance.js'),
        'judge',
        traffic,
        ...args,
        '--report-dir',
        mkdtempSync(join(tmpdir(), 'cc-judge-')),
      ],
      { encoding: 'utf8', env: { ...process.env, CIS_WEBHOOK_WAIT_MS: '' } },
    );
  for (const bad of ['abc', '0', '-5', '1.5']) {
    const run = judge(`--webhook-wait-ms=${bad}`);
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      `carrier-conformance judge: --webhook-wait-ms (CIS_WEBHOOK_WAIT_MS): "${bad}" is not a whole number of ` +
        `at least 1`,
    ]);
  }
  expect(judge('--webhook-wait-ms', '2000').status).not.toBe(2);
  expect(judge('--webhook-wait-ms', '030000').status).not.toBe(2);
  for (const bad of ['abc', '-1', '1.5']) {
    const run = judge(`--list-settle-ms=${bad}`);
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      `carrier-conformance judge: --list-settle-ms (CIS_LIST_SETTLE_MS): "${bad}" is not a whole number of ` +
        `milliseconds (0 or more)`,
    ]);
  }
  expect(judge('--list-settle-ms', '0').status).not.toBe(2);
  const unknown = judge('--reports', 'out');
  expect(unknown.stderr.trim().split('\n')).toEqual([
    'carrier-conformance judge: --reports is no option of judge: carrier-conformance judge --help lists them',
  ]);
  // A HAR with no entries (mitmdump's har_dump before it is stopped) is no evidence of a conformant scope.
  const empty = spawnSync(
    process.execPath,
    [
      join(__dirname, '..', '..', '..', 'bin', 'carrier-conformance.js'),
      'judge',
      file(har([])),
      '--report-dir',
      mkdtempSync(join(tmpdir(), 'cc-judge-')),
    ],
    { encoding: 'utf8' },
  );
  expect(empty.status).toBe(2);
  expect(empty.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/traffic\.har: the HAR holds no entries, so there is nothing to judge/),
  ]);
});
