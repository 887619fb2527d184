// reports/exchanges.har: every exchange and webhook delivery of a run, as HAR 1.2, with no key in it
// (nor anywhere else a run writes), and a failed rule naming the entries of its first failure.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import {
  ExchangeRecorder,
  RecordingEvidenceLog,
  redactHeaders,
  redactSecrets,
  EXCHANGES_ATTACHMENT,
  DELIVERIES_ATTACHMENT,
  MAX_BODY_CHARS,
  WHOLE_FAILURES_PER_RULE,
} from '../../../harness/evidence/exchanges';
import type { Exchange } from '../../../harness/http/exchange';
import { HarCollector } from '../../../harness/reporters/har-collector';
import type { Har } from '../../../harness/reporters/har';
import { CREATE_ANSWERS_200_RUN } from '../../support/common-runs';
import { sharedRun } from '../../support/shared-runs';

test.describe.configure({ mode: 'parallel' });

const KEYS = ['reference-key-carrier-1', 'reference-key-carrier-2'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const readHar = (dir: string) => JSON.parse(readFileSync(join(dir, 'exchanges.har'), 'utf8')) as Har;

test(
  'a run writes every exchange and every webhook delivery as HAR 1.2, and no file of the run holds a key',
  { tag: '@e2e' },
  async () => {
    test.setTimeout(120_000);
    // The run the failure tests below read too (a run of its own proved nothing more): its creates answered
    // 200, so it fails LCK-CREATE-201 and every file it writes, failures included, is searched for keys.
    const run = await sharedRun(CREATE_ANSWERS_200_RUN);
    expect(run.code, run.stdout.slice(-1500)).toBe(1);
    const { log } = readHar(run.reportDir);
    expect(log.version).toBe('1.2');
    expect(log.creator.name).toBe('carrier-conformance');
    expect(log.entries.length).toBeGreaterThan(2);
    log.entries.forEach((entry, position) => {
      expect(entry._id).toBe(position);
      expect(Date.parse(entry.startedDateTime)).not.toBeNaN();
      expect(entry.request).toMatchObject({
        method: expect.any(String),
        url: expect.stringMatching(/^http/),
        httpVersion: 'HTTP/1.1',
        headers: expect.any(Array),
        queryString: expect.any(Array),
      });
      expect(entry.response).toMatchObject({
        status: expect.any(Number),
        statusText: expect.any(String),
        content: { size: expect.any(Number), mimeType: expect.any(String), text: expect.any(String) },
      });
      expect(entry.timings.wait).toBeGreaterThanOrEqual(0);
      expect(typeof entry._test).toBe('string');
    });
    const created = log.entries.find((e) => e._operation === 'createLocker')!;
    expect(created.request.postData?.mimeType).toBe('application/json');
    expect(created.request.headers).toContainEqual({ name: 'x-api-key', value: '$CIS_API_KEY' });
    expect(created._rules).toContain('GEN-NO-5XX');
    const delivery = log.entries.find((e) => e._webhook)!;
    expect(delivery.request.method).toBe('POST');
    // One listener path per carrier (WH-OWN-CARRIER).
    expect(delivery.request.url).toMatch(/\/webhooks\/carrier-[12]$/);
    expect(delivery.response.status).toBe(200);
    // The run's files (gzipped attachments read unzipped): none holds either carrier's key. Playwright's own
    // reports (HTML, allure, JUnit) are searched by guard.test.ts, over a run that writes them all.
    for (const file of filesUnder(run.reportDir)) {
      const bytes = readFileSync(file);
      const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('latin1');
      for (const key of KEYS) expect(text.includes(key), `${file} holds ${key}`).toBe(false);
    }
  },
);

test('a failed rule names the HAR entries of its first failure', { tag: '@e2e' }, async () => {
  test.setTimeout(120_000);
  // The reference answering creates with 200 (the run report-page.test.ts and replay.test.ts read too).
  const run = await sharedRun(CREATE_ANSWERS_200_RUN);
  expect(run.code).toBe(1);
  const report = JSON.parse(readFileSync(join(run.reportDir, 'conformance.json'), 'utf8')) as {
    rules: { id: string; verdict: string; harEntries?: number[] }[];
  };
  const rule = report.rules.find((r) => r.id === 'LCK-CREATE-201')!;
  expect(rule.verdict).toBe('failed');
  expect(rule.harEntries?.length).toBe(1);
  const entry = readHar(run.reportDir).log.entries[rule.harEntries![0]!]!;
  expect(entry).toMatchObject({ _operation: 'createLocker', response: { status: 200 } });
  expect(entry._rules).toContain('LCK-CREATE-201');
});

const exchange = (over: Partial<Exchange> = {}): Exchange => ({
  operationId: 'createLocker',
  method: 'POST',
  url: 'http://t/v1/lockers?token=s3cret-key-1',
  request: {
    headers: { 'x-api-key': 's3cret-key-1', authorization: 'Bearer s3cret-key-2', cookie: 'sid=1' },
    body: { echo: 's3cret-key-1' },
  },
  status: 200,
  headers: { 'content-type': 'application/json', 'set-cookie': 'sid=2' },
  text: '{"uid":"1"}',
  body: { uid: '1' },
  ...over,
});

const SECRETS = { CIS_API_KEY: 's3cret-key-1', CIS_API_KEY_2: 's3cret-key-2' };

test(
  'credential headers name the key they carried or read ' + 'REDACTED, and a key anywhere else becomes its variable',
  () => {
    expect(
      redactHeaders(
        { 'X-API-Key': 's3cret-key-1', authorization: 'Bearer s3cret-key-2', cookie: 'sid=1', accept: 'a' },
        SECRETS,
      ),
    ).toEqual({
      'X-API-Key': '$CIS_API_KEY',
      authorization: 'Bearer $CIS_API_KEY_2',
      cookie: 'REDACTED',
      accept: 'a',
    });
    expect(redactSecrets('?k=ab%2Fcd&j="ab/cd"', { CIS_API_KEY: 'ab/cd' })).toBe('?k=$CIS_API_KEY&j="$CIS_API_KEY"');
    expect(redactSecrets('a k b', { CIS_API_KEY: 'k' })).toBe('a k b');
    const recorder = new ExchangeRecorder(SECRETS);
    recorder.record(exchange(), { startedAt: 0, durationMs: 5, statusText: 'OK', retries: 0 }, ['GEN-JSON']);
    const text = gunzipSync(recorder.toAttachment().body).toString('utf8');
    expect(text).not.toContain('s3cret');
    expect(JSON.parse(text).exchanges[0].responseHeaders['set-cookie']).toBe('REDACTED');
  },
);

test('a near miss of a key is named for what it is, never shown; an empty key stays empty', () => {
  const given: [value: string, want: string][] = [
    ['s3cret-key-10', 'REDACTED (near miss of $CIS_API_KEY: the key with a character appended)'],
    ['s3cret-key-', 'REDACTED (near miss of $CIS_API_KEY: a prefix of the key (all but its last character))'],
    ['S3CRET-KEY-2', 'REDACTED (near miss of $CIS_API_KEY_2: the key in changed letter case)'],
    ['', ''],
    ['apiKey=s3cret-key-1', 'apiKey=$CIS_API_KEY'],
    ['another-key', 'REDACTED'],
  ];
  for (const [value, want] of given) expect(redactHeaders({ 'x-api-key': value }, SECRETS)['x-api-key']).toBe(want);
});

test("a read's body over the cap (16 KiB) is cut, and the entry says how large it was; a write's is kept", () => {
  const recorder = new ExchangeRecorder(SECRETS);
  const big = 'x'.repeat(MAX_BODY_CHARS + 10);
  recorder.record(exchange({ operationId: 'listLockers', method: 'GET', text: big }), undefined, []);
  recorder.record(exchange({ text: big }), undefined, []);
  const collector = new HarCollector<string>();
  collector.add('t', 'T', { attachments: [{ name: EXCHANGES_ATTACHMENT, ...recorder.toAttachment() }] });
  const { content } = collector.build('0').har.log.entries[0]!.response;
  expect(content).toMatchObject({
    size: MAX_BODY_CHARS + 10,
    comment: `cut at ${MAX_BODY_CHARS} characters of ${MAX_BODY_CHARS + 10} bytes`,
  });
  expect(content.text).toHaveLength(MAX_BODY_CHARS);
  const write = collector.build('0').har.log.entries[1]!.response.content;
  expect(write.text).toHaveLength(MAX_BODY_CHARS + 10);
  expect(write.comment).toBeUndefined();
});

test("a read that failed a rule keeps its body whole, a few of each rule's in a run; the others stay cut", () => {
  const big = `[${'"x",'.repeat(MAX_BODY_CHARS / 4)}"x"]`;
  const read = () => exchange({ operationId: 'listLockers', method: 'GET', text: big });
  const tests = Array.from({ length: WHOLE_FAILURES_PER_RULE + 1 }, () => {
    const recorder = new ExchangeRecorder(SECRETS, 'run-whole');
    const log = new RecordingEvidenceLog(recorder, (e) => `curl ${e.url}`);
    const [passed, failed] = [read(), read()];
    recorder.record(passed, undefined, []);
    recorder.record(failed, undefined, []);
    log.record({ rule: 'LCK-LIST-RECORDS', passed: false, message: 'x', curl: log.curlOf(failed) });
    return recorder;
  });
  const collector = new HarCollector<string>();
  tests.forEach((recorder, i) =>
    collector.add(`t${i}`, `T${i}`, { attachments: [{ name: EXCHANGES_ATTACHMENT, ...recorder.toAttachment() }] }),
  );
  const lengths = collector.build('0').har.log.entries.map((e) => e.response.content.text?.length);
  const [whole, kept] = [big.length, MAX_BODY_CHARS];
  expect(lengths).toEqual([...Array.from({ length: WHOLE_FAILURES_PER_RULE }, () => [kept, whole]).flat(), kept, kept]);
});

test('the entries are in time order, numbered by position, and each failure links the exchange it was about', () => {
  const recorder = new ExchangeRecorder(SECRETS);
  const log = new RecordingEvidenceLog(recorder, (e) => `curl ${e.url}`);
  const [early, late] = [
    exchange({ status: 201 }),
    exchange({ status: 200, operationId: 'listLockers', method: 'GET' }),
  ];
  recorder.record(late, { startedAt: 2000, durationMs: 3, statusText: 'OK', retries: 1 }, []);
  recorder.record(early, { startedAt: 1000, durationMs: 7, statusText: 'Created', retries: 0 }, []);
  log.record({ rule: 'LCK-LIST-RECORDS', passed: false, message: 'x', curl: log.curlOf(late) });
  log.record({ rule: 'LCK-LIST-RECORDS', passed: false, message: 'y', curl: log.curlOf(early) });
  log.record({ rule: 'GEN-JSON', passed: false, message: 'no exchange' });
  const delivery = {
    seq: 1,
    method: 'POST',
    path: '/webhooks',
    headers: { host: 'l:1', 'x-api-key': '(credential)' },
    credentials: ['x-api-key'],
    raw: '{}',
    size: 2,
    receivedAt: 1500,
    findings: [{ rule: 'WH-LOCKER-BODY', problem: 'bad' }],
    ownCarrierJudged: false,
    answered: 200,
  };
  const collector = new HarCollector<string>();
  collector.add('t1', 'T1', { attachments: [{ name: EXCHANGES_ATTACHMENT, ...recorder.toAttachment() }] });
  collector.add('t2', 'T2', {
    attachments: [
      { name: DELIVERIES_ATTACHMENT, contentType: 'application/json', body: Buffer.from(JSON.stringify([delivery])) },
    ],
  });
  const { har, failures } = collector.build('9.9.9');
  expect(har.log.entries.map((e) => [e._id, e._test, e.time])).toEqual([
    [0, 'T1', 7],
    [1, 'T2', 0],
    [2, 'T1', 3],
  ]);
  expect(har.log.entries[2]!.comment).toContain('1 429');
  expect(har.log.entries[2]!._rules).toEqual(['LCK-LIST-RECORDS']);
  expect(har.log.entries[1]).toMatchObject({
    _webhook: true,
    request: {
      url: 'http://l:1/webhooks',
      headers: [
        { name: 'host', value: 'l:1' },
        { name: 'x-api-key', value: 'REDACTED' },
      ],
    },
  });
  expect(failures.get('t1')).toEqual({ 'LCK-LIST-RECORDS': [2] });
  expect(failures.get('t2')).toEqual({ 'WH-LOCKER-BODY': [1] });
});

test('a delivery attached by every test it arrived during, and by the run end, is one entry linked for each', () => {
  const delivery = (seq: number) => ({
    seq,
    method: 'POST',
    path: '/webhooks',
    headers: { host: 'l:1' },
    credentials: [],
    raw: '{}',
    size: 2,
    receivedAt: 1000 + seq,
    findings: seq === 1 ? [{ rule: 'WH-LOCKER-BODY', problem: 'bad' }] : [],
    ownCarrierJudged: false,
    answered: 200,
  });
  const attachment = (...seqs: number[]) => ({
    name: DELIVERIES_ATTACHMENT,
    contentType: 'application/json',
    body: Buffer.from(JSON.stringify(seqs.map(delivery))),
  });
  const collector = new HarCollector<string>();
  collector.add('t1', 'T1', { attachments: [attachment(1)] });
  collector.add('end', 'END', { attachments: [attachment(1, 2), attachment(2)] });
  const { har, failures } = collector.build('9.9.9');
  expect(har.log.entries.map((e) => [e._id, e._test])).toEqual([
    [0, 'T1'],
    [1, 'END'],
  ]);
  expect(failures.get('t1')).toEqual({ 'WH-LOCKER-BODY': [0] });
  expect(failures.get('end')).toEqual({ 'WH-LOCKER-BODY': [0] });
});
