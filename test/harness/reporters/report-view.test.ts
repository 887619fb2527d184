// Given rule verdicts, want the report's order and each failure taken apart, without a run or a browser.
import { expect, test } from '@playwright/test';
import type { ConformanceReport } from '../../../harness/reporters/report-shape';
import { toHtml } from '../../../harness/reporters/html';
import { toMarkdown } from '../../../harness/reporters/markdown';
import { bySection, gapsOf } from '../../../harness/reporters/report-view';
import { failureView } from '../../../harness/reporters/failure-view';
import { summarize } from '../../../harness/verdict/summary';
import { inOrder, verdict } from '../../support/report-verdicts';

const CURL = `curl -i -X POST 'http://t.invalid/v1/lockers' -H "x-api-key: $CIS_API_KEY" --data-raw '{}'`;

test('sections in the order of the spec: the preamble, then number by number (§4.9 before §4.10)', () => {
  const rules = ['4.10', '2.1', 'preamble', '4.9', '2', '10', '4'].map((section, i) => verdict(`R-${i}`, { section }));
  expect(bySection(rules).map((s) => s.title)).toEqual(['Preamble', '§2', '§2.1', '§4', '§4.9', '§4.10', '§10']);
});

test('the answered status (and body) is read from the shapes the harness writes, and from nothing else', () => {
  const status = (failure: string) => failureView(verdict('R', { verdict: 'failed', failure, curl: CURL }))!.response;
  expect(status('R createLocker: expected 201\nExpected: 201\nReceived: 200')).toEqual({ status: 200 });
  expect(status('R createLocker: expected a 4xx answer, got 500 {"error":"x"}')).toEqual({
    status: 500,
    body: '{"error":"x"}',
  });
  expect(status('R createLocker: expected one of 201, 4XX, got 200 (at /)')).toEqual({ status: 200 });
  expect(
    status('R listLockers: expected integer, got 404 (at /count)'),
    'a value in the body is no status',
  ).toBeUndefined();
  expect(failureView(verdict('R', { verdict: 'failed', failure: 'm', curl: CURL }))).toMatchObject({
    request: { method: 'POST', url: 'http://t.invalid/v1/lockers' },
    replay: 'npx carrier-conformance replay R',
  });
});

test('rules not judged are grouped by verdict and reasons, must and should apart', () => {
  const rules = [
    verdict('A', { verdict: 'skipped', reasons: ['not selected (--rules)'] }),
    verdict('B', { verdict: 'not observable', reasons: ['nothing to judge'] }),
    verdict('C', { verdict: 'skipped', reasons: ['not selected (--rules)'] }),
    verdict('D', { verdict: 'skipped', level: 'should', reasons: ['not selected (--rules)'] }),
  ];
  expect(gapsOf(rules, 'must')).toEqual([
    { verdict: 'not observable', reasons: ['nothing to judge'], rules: ['B'] },
    { verdict: 'skipped', reasons: ['not selected (--rules)'], rules: ['A', 'C'] },
  ]);
  expect(gapsOf(rules, 'should')).toEqual([{ verdict: 'skipped', reasons: ['not selected (--rules)'], rules: ['D'] }]);
});

test('Markdown and HTML say the same in the same order, HAR entries included where the verdict has them', () => {
  const failed = {
    ...verdict('LCK-X', { verdict: 'failed', failure: 'LCK-X createLocker: expected 201, got 200 {}', curl: CURL }),
    harEntries: [3, 7],
  };
  const rules = [
    failed,
    verdict('GEN-Y', { section: 'preamble', level: 'should', verdict: 'failed', failure: 'GEN-Y op: no' }),
    verdict('Z', { verdict: 'skipped', reasons: ['CIS_API_KEY_2 is not set'] }),
  ];
  const report: ConformanceReport = {
    header: {
      baseUrl: 'http://t.invalid/v1',
      specVersion: '1.1.0',
      openapiDigest: 'aaaaaaaaaaaa',
      rulesDigest: 'bbbbbbbbbbbb',
      harnessVersion: '0.1.0',
      date: '2026-01-01T00:00:00Z',
      durationSeconds: 1,
    },
    summary: summarize(rules),
    rules,
    observedChoices: [{ rule: 'Z', observations: ['a choice'] }],
    webhooks: { medianWaitMs: {} },
  };
  inOrder(toMarkdown(report), [
    'NOT CONFORMANT',
    'sha256 aaaaaaaaaaaa',
    'What weakens it',
    'CIS_API_KEY_2 is not set',
    'GEN-Y',
    'Preamble',
    '§4.1',
    'curl -i',
    'exchanges.har entries: 3, 7',
    'Observed choices',
  ]);
  inOrder(toHtml(report), [
    'NOT CONFORMANT',
    'sha256 bbbbbbbbbbbb',
    'What weakens it',
    'CIS_API_KEY_2 is not set',
    'GEN-Y',
    'Preamble',
    '§4.1',
    'curl -i',
    'exchanges.har</a> entries 3, 7',
    'Observed choices',
  ]);
});

test(
  'tests cut short are listed with their rules under what weakens it, what the run left is stated at the top, ' +
    'and the scope carries its notes',
  () => {
    const rules = [
      verdict('LCK-X', {
        verdict: 'not observable',
        reasons: ['cut short: the test timed out after 120000 ms (lifecycle)'],
      }),
    ];
    const cutShort = [
      {
        title: 'lifecycle',
        file: 'suites/parcels.spec.ts',
        status: 'timedOut' as const,
        reason: 'the test timed out after 120000 ms',
        rules: ['LCK-X', 'LCK-Y'],
      },
    ];
    const note =
      'webhook deliveries unauthenticated: the listener on 0.0.0.0:8787 takes deliveries from anyone on that ' +
      'network (no CIS_WEBHOOK_KEY)';
    const report: ConformanceReport = {
      header: {
        baseUrl: 'http://t.invalid/v1',
        specVersion: '1.1.0',
        openapiDigest: 'aaaaaaaaaaaa',
        rulesDigest: 'bbbbbbbbbbbb',
        harnessVersion: '0.1.0',
        date: '2026-01-01T00:00:00Z',
        durationSeconds: 1,
      },
      summary: summarize(rules, { cutShort, scopeNotes: [note] }),
      rules,
      observedChoices: [],
      webhooks: { medianWaitMs: {} },
      footprint: {
        lockersCreated: 12,
        bookingsMade: 40,
        bookingsCancelled: 38,
        networkEntriesAdded: 3,
        requestsSent: 2512,
        webhookDeliveriesReceived: 340,
      },
    };
    const left =
      'This run left on the target: 12 lockers, 40 bookings (38 cancelled), 3 network entries; 2,512 requests ' +
      'sent, 340 webhook deliveries received';
    const line =
      'INCONCLUSIVE: 1 must rule in scope not observable (LCK-X); no must rule failed, 0 of 1 must rules ' +
      'passed; 1 test cut short';
    inOrder(toMarkdown(report), [
      line,
      left,
      note,
      'What weakens it',
      '**lifecycle** (`suites/parcels.spec.ts`) — the test timed out after 120000 ms; rules: LCK-X, LCK-Y',
      '§4.1',
    ]);
    const links = '<a href="#rule-LCK-X">LCK-X</a>, <a href="#rule-LCK-Y">LCK-Y</a>';
    inOrder(toHtml(report), [
      line,
      left,
      note,
      'What weakens it',
      `<b>lifecycle</b> (<code>suites/parcels.spec.ts</code>): the test timed out after 120000 ms; rules: ${links}`,
      '§4.1',
    ]);
  },
);
