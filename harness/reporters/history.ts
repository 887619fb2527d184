// The run's whole history judged as `judge` judges a recording: every exchange and delivery the tests recorded, in
// the order they happened, by the traffic checker (harness/traffic/), its judgements that span requests (each exchange
// and delivery alone was judged by its test as it came). A test judges what it sent and waited for; the history holds
// what no one test sees: a record changed by another test's request, a refusal's id listed later, a push no request
// caused. Its judgements join the tests' own, under their rules; what the history could not observe is left to the
// tests, which say why themselves.
import type { HarEntry } from '../traffic/har/har-stream';
import { GROUPS } from '../traffic/evidence';
import { judgeTraffic } from '../traffic/judge-traffic';
import { DEFAULT_SETTLE_MS } from '../records/lists/list-lag';
import type { RunSettings } from '../target/run-settings';
import type { TestRecord } from '../verdict/test-record';
import type { Har } from './har';

/** The title a history judgement is reported under: `the run's history: traffic: across recorded requests`. */
export const HISTORY_PREFIX = "the run's history: ";

/** `har`: the file's content, where the run has it in memory still (read in place of the file). */
export async function historyJudged(
  harFile: string,
  settings: RunSettings | undefined,
  har?: Har,
): Promise<TestRecord[]> {
  try {
    const { tests } = await judgeTraffic({
      traffic: harFile,
      webhooks: harFile,
      ...(settings?.baseUrl ? { baseUrl: settings.baseUrl } : {}),
      ...(settings?.mockBaseUrl ? { mockBaseUrl: settings.mockBaseUrl } : {}),
      acrossOnly: true,
      // The run waited its settle time for every list; under load a list may lag a write that long.
      listSettleMs: settings?.listSettleMs ?? DEFAULT_SETTLE_MS,
      lagFloorMs: settings?.listSettleMs ?? DEFAULT_SETTLE_MS,
      ...(har
        ? {
            inMemory: {
              entries: har.log.entries as unknown as HarEntry[],
              ...(har.log._recording ? { recording: har.log._recording } : {}),
            },
          }
        : {}),
    });
    // Each exchange and delivery alone was judged by the test that saw it: what the history adds spans requests.
    return tests.flatMap((test) => {
      if (test.title !== GROUPS.across) return [];
      const rules = Object.keys(test.evidence.rules);
      if (!rules.length) return [];
      const evidence = { ...test.evidence, notObservable: {}, notApplicable: {}, observations: {} };
      return [{ ...test, title: `${HISTORY_PREFIX}${test.title}`, rules, evidence }];
    });
  } catch (error) {
    // The tests' verdicts stand; the history is what could not be judged, and the run says so.
    process.stderr.write(`the run's history (exchanges.har) could not be judged: ${(error as Error).message}\n`);
    return [];
  }
}
