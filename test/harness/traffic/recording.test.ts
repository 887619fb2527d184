// Given the stretches each test's deliveries cover, want one recording in the HAR's head that judge reads back, and
// a push missing from a stretch the run watched for its wait told by its absence.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { recordingOf, wholeUntil } from '../../../harness/evidence/recording';
import { writeHar, type Har } from '../../../harness/reporters/har';
import { harRecording } from '../../../harness/traffic/har/har-recording';
import { failedRules } from '../../../harness/traffic/certificate-files';
import { judgeTraffic } from '../../../harness/traffic/judge-traffic';
import { BASE, create, entry, file, record } from '../../support/traffic-entries';

const window = (from: number, to: number, webhookWaitMs = 2500) => ({ from, to, webhookWaitMs });

test('overlapping and touching stretches merge; a gap stays a gap; the longest wait is kept', () => {
  const recording = recordingOf([window(50, 90), window(0, 10), window(5, 50, 3000), window(100, 120)]);
  expect(recording).toEqual({
    webhookWaitMs: 3000,
    deliveriesWhole: [
      [0, 90],
      [100, 120],
    ],
  });
  expect(wholeUntil(recording, 20)).toBe(90);
  expect(wholeUntil(recording, 95)).toBeUndefined();
  expect(recordingOf([])).toBeUndefined();
});

test('the recording written in the HAR head is read back from the head alone; a HAR without one has none', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-recording-'));
  const recording = { webhookWaitMs: 2500, deliveriesWhole: [[1, 2] as [number, number]] };
  const har: Har = {
    log: { version: '1.2', creator: { name: 'c', version: '1' }, comment: '', _recording: recording, entries: [] },
  };
  writeHar(join(dir, 'with.har'), har, {});
  expect(harRecording(join(dir, 'with.har'))).toEqual(recording);
  writeFileSync(join(dir, 'other.har'), JSON.stringify({ log: { entries: [], _recording: recording } }));
  expect(harRecording(join(dir, 'other.har'))).toBeUndefined();
  writeFileSync(join(dir, 'odd.har'), JSON.stringify({ log: { _recording: { webhookWaitMs: 'soon' }, entries: [] } }));
  expect(harRecording(join(dir, 'odd.har'))).toBeUndefined();
  expect(harRecording(join(dir, 'missing.har'))).toBeUndefined();
});

test('a run that says whose pushes went to its listener: a create with no push in a watched wait fails', async () => {
  const created = entry('POST', '/lockers', 201, record, { key: '$CIS_API_KEY', body: create });
  const at = Date.parse(created['startedDateTime'] as string);
  // A delivery about another record at the carrier's endpoint: the endpoint is registered.
  const other = (path: string) => ({
    ...entry(
      'POST',
      path,
      200,
      { received: 1 },
      { base: 'https://hooks.example', key: null, body: { ...record, uid: '7' } },
    ),
    startedDateTime: new Date(at - 5).toISOString(),
  });
  const judged = async (recording: object, deliveries = [other('/carrier-1')]) => {
    const path = file(
      JSON.stringify({
        log: {
          version: '1.2',
          creator: { name: 'c', version: '1' },
          _recording: recording,
          entries: [...deliveries, created],
        },
      }),
    );
    return failedRules(await judgeTraffic({ traffic: path, webhooks: path, baseUrl: BASE }));
  };
  const watched = { webhookWaitMs: 2500, deliveriesWhole: [[at - 10, at + 5000]] };
  const endpoints = { $CIS_API_KEY: 'carrier-1' };
  expect(await judged({ ...watched, endpoints })).toContain('WH-LOCKER-ON-CREATE');
  // Not said: nothing to judge.
  expect(await judged(watched)).not.toContain('WH-LOCKER-ON-CREATE');
  // Said, and no delivery reached that endpoint at all: the run judged the push missing, and so does its recording.
  expect(await judged({ ...watched, endpoints }, [other('/carrier-2')])).toContain('WH-LOCKER-ON-CREATE');
  expect(await judged({ ...watched, endpoints }, [])).toContain('WH-LOCKER-ON-CREATE');
  // Another carrier's listener only, or a stretch shorter than the wait: nothing to judge.
  expect(await judged({ ...watched, endpoints: { $CIS_API_KEY_2: 'carrier-1' } })).not.toContain('WH-LOCKER-ON-CREATE');
  const short = { webhookWaitMs: 2500, deliveriesWhole: [[at - 10, at + 1000]], endpoints };
  expect(await judged(short)).not.toContain('WH-LOCKER-ON-CREATE');
  // Its push came later than the run's wait, within the recording: §6 states no delivery time, so it came (a loaded
  // machine delivers seconds late; the exploration waits once, after its last command).
  const late = {
    ...entry('POST', '/carrier-1', 200, { received: 1 }, { base: 'https://hooks.example', key: null, body: record }),
    startedDateTime: new Date(at + 4000).toISOString(),
  };
  expect(await judged({ ...watched, endpoints }, [other('/carrier-1'), late])).not.toContain('WH-LOCKER-ON-CREATE');
});

test('the endpoints of the stretches are merged into the recording', () => {
  const endpoints = { $CIS_API_KEY: 'carrier-1' };
  expect(recordingOf([{ ...window(0, 10), endpoints }, window(20, 30)])?.endpoints).toEqual(endpoints);
});
