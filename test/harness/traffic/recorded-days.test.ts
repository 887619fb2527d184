// Recordings this harness did not write, judged in process: a carrier client written from
// the spec alone, its day recorded once by each recorder a user has (test/fixtures/recordings: Chromium's
// recordHar, mitmproxy 8.x's har_dump, 10+'s savehar; DevTools exports rewritten from Chromium's). No
// false failure on conformant choices; each fault such a day shows is caught from it. The slow tier
// records one live day per recorder (test/slow/live-recordings.test.ts), so a recorder's change is seen.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { FIXTURE_DAYS } from '../../fixtures/recordings/days';
import type { RecordedFixture } from '../../fixtures/recordings/record';
import { asChromeExport, asFirefoxExport } from '../../support/devtools-har';
import { failedOf, judgeDay, passedOf, type RecordedDay } from '../../support/recorded-days';

const HERE = join(__dirname, '..', '..', 'fixtures', 'recordings');
const INDEX = JSON.parse(readFileSync(join(HERE, 'index.json'), 'utf8')) as RecordedFixture[];
const dir = mkdtempSync(join(tmpdir(), 'cc-fixture-days-'));

/** The fixture's files, unzipped where the judge reads them; `rewrite` makes another recorder's export of it. */
function dayOf(name: string, rewrite?: (text: string) => string): RecordedDay & { fixture: RecordedFixture } {
  const fixture = INDEX.find((f) => f.name === name)!;
  const unzip = (file: string, suffix = '') => {
    const path = join(dir, file.replace(/\.har\.gz$/, `${suffix}.har`));
    const text = gunzipSync(readFileSync(join(HERE, file))).toString('utf8');
    writeFileSync(path, rewrite ? rewrite(text) : text);
    return path;
  };
  const suffix = rewrite ? `.${rewrite.name}` : '';
  return {
    fixture,
    traffic: unzip(fixture.traffic, suffix),
    ...(fixture.deliveries ? { deliveries: unzip(fixture.deliveries, suffix) } : {}),
    log: [],
    settleMs: fixture.settleMs,
  };
}

const judgeFixture = (name: string, rewrite?: (text: string) => string) => {
  const day = dayOf(name, rewrite);
  return judgeDay(day, { defaultSettle: day.fixture.defaultSettleMs !== undefined });
};

/** Rules the client's day shows across its requests, each judged on the default choices' recording. */
const SHOWN_ACROSS = [
  'PCL-RECORD-AS-SENT',
  'PCL-BY-TENANT-RESOLVES',
  'PCL-BY-TENANT-OWN',
  'GEN-REJECTED-NO-EFFECT',
  'NET-RECORD-LOCKER-NAME',
  'LCK-STATUS-CHANGE',
  'CAN-DELIVERED-REFUSED',
  'NET-ONLY-NEW',
  'TRG-EVENT-HISTORY',
  'PCL-BOOKING-CREATES',
  'CAN-NOT-DELIVERED',
  'ISO-CARRIER-IDS',
  'LCK-UPDATE-GROUPS-KEPT',
  'PCL-PUBLISH-NULLS',
  'TRG-PROVIDER-LOCKER-ID',
];

test('every day of days.ts was recorded, and says what made it and when', () => {
  expect(INDEX.map((f) => f.name)).toEqual(FIXTURE_DAYS.map((d) => d.name));
  for (const fixture of INDEX) expect(fixture.recordedAt && fixture.commit, fixture.name).toBeTruthy();
});

for (const day of FIXTURE_DAYS.filter((d) => !d.fails)) {
  test(
    `${day.name}: ${day.recorder}'s recording of a conformant day, no false failure, the rules its traffic ` +
      `shows judged`,
    async () => {
      const { report, code, said } = await judgeFixture(day.name);
      expect(failedOf(report), said).toEqual([]);
      expect(code).toBe(0);
      expect(passedOf(report).length, report.summary.line).toBeGreaterThanOrEqual(25);
      if (day.name === 'chromium-default')
        expect(
          SHOWN_ACROSS.filter((rule) => !passedOf(report).includes(rule)),
          said,
        ).toEqual([]);
      if (day.recorder !== 'chromium') {
        for (const rule of ['WH-OWN-CARRIER', 'WH-LOCKER-ON-STATUS', 'LCK-STATUS-CHANGE', 'WH-PARCEL-ON-STATUS'])
          expect(report.rules.find((r) => r.id === rule)?.verdict, `${rule}\n${said}`).toBe('passed');
      }
    },
  );
}

for (const day of FIXTURE_DAYS.filter((d) => d.fails)) {
  test(`${day.name}: ${day.recorder}'s recording of the client fails ${day.fails}`, async () => {
    const { report, code, said } = await judgeFixture(day.name);
    expect(report.rules.find((r) => r.id === day.fails)?.verdict, said).toBe('failed');
    expect(code).toBe(1);
  });
}

test("mitmproxy 10+'s HAR writer: the same rules judged as from 8.x's on the same day", async () => {
  const [eight, ten] = [await judgeFixture('mitm8-clean'), await judgeFixture('mitm10-clean')];
  expect(passedOf(ten.report)).toEqual(passedOf(eight.report));
});

// The same day as the browsers' DevTools export it (README: Chrome's and Firefox's HAR exports): judged alike.
for (const [shape, rewrite] of [
  ['Chrome DevTools', asChromeExport],
  ['Firefox DevTools', asFirefoxExport],
] as const) {
  test(
    `a ${shape} export of the client's day: no false ` + `failure, the same rules judged, and a fault caught`,
    async () => {
      const [original, exported] = [
        await judgeFixture('chromium-alternative'),
        await judgeFixture('chromium-alternative', rewrite),
      ];
      expect(failedOf(exported.report), exported.said).toEqual([]);
      expect(exported.code).toBe(0);
      expect(passedOf(exported.report)).toEqual(passedOf(original.report));
      const faulty = await judgeFixture('chromium-create-echo-lockername', rewrite);
      expect(faulty.report.rules.find((r) => r.id === 'LCK-CREATE-ECHO')?.verdict, faulty.said).toBe('failed');
    },
  );
}
