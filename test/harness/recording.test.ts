// Given the stretches each test's deliveries cover, want one recording in the HAR's head that judge reads back, and
// a push missing from a stretch the run watched for its wait told by its absence.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { recordingOf, wholeUntil } from '../../harness/evidence/recording';
import { writeHar, type Har } from '../../harness/reporters/har';
import { harRecording } from '../../harness/traffic/har/har-recording';

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
