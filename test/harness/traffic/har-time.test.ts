import { expect, test } from '@playwright/test';
import { harInstant } from '../../../harness/traffic/har/har-time';

const table: [string, string | undefined, number][] = [
  ['whole milliseconds, as Chromium writes them', '2026-11-28T13:37:28.160Z', Date.parse('2026-11-28T13:37:28.160Z')],
  [
    'microseconds, as mitmproxy writes them',
    '2026-11-28T13:37:28.160123+00:00',
    Date.parse('2026-11-28T13:37:28.160Z') + 0.123,
  ],
  ['no fraction', '2026-11-28T13:37:28Z', Date.parse('2026-11-28T13:37:28Z')],
  ['no date', 'yesterday', 0],
  ['absent', undefined, 0],
];
for (const [given, text, want] of table) {
  test(`harInstant: ${given}`, () => expect(harInstant(text)).toBeCloseTo(want, 6));
}
