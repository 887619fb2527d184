// What each test of a run attached for exchanges.har (its exchanges, the deliveries that arrived while it ran, the
// run's end's every delivery), collected by the conformance reporter and built into the HAR once the run is over.
import { gunzipSync } from 'node:zlib';
import type { TestResult } from '@playwright/test/reporter';
import {
  DELIVERIES_ATTACHMENT,
  EXCHANGES_ATTACHMENT,
  GZIP,
  type RecordedExchange,
  type TestExchanges,
} from '../evidence/exchanges';
import { recordingOf, RECORDING_ATTACHMENT, type DeliveryWindow } from '../evidence/recording';
import type { Delivery } from '../webhooks/types';
import { deliveryEntry, exchangeEntry, MAX_LINKED, type Har, type Unnumbered } from './har';

function attached<T>(result: Pick<TestResult, 'attachments'>, name: string): T | undefined {
  return everyAttached<T>(result, name)[0];
}

/** Each attachment of the name (a test's window of deliveries and, at the run's end, the whole run's). */
function everyAttached<T>(result: Pick<TestResult, 'attachments'>, name: string): T[] {
  return result.attachments
    .filter((a) => a.name === name && a.body)
    .map((a) => JSON.parse((a.contentType === GZIP ? gunzipSync(a.body!) : a.body!).toString('utf8')) as T);
}

interface Attached {
  title: string;
  exchanges?: TestExchanges;
  deliveries?: Delivery[];
  /** The stretch the test's deliveries cover (recording.ts). */
  windows?: DeliveryWindow[];
}

/** Collects what each test attached; `build` turns it into the HAR once the run is over. */
export class HarCollector<Test> {
  private readonly tests = new Map<Test, Attached>();

  /** A test run again replaces its earlier attempt. */
  add(test: Test, title: string, result: Pick<TestResult, 'attachments'>): void {
    const exchanges = attached<TestExchanges>(result, EXCHANGES_ATTACHMENT);
    const every = everyAttached<Delivery[]>(result, DELIVERIES_ATTACHMENT);
    const deliveries = every.length ? [...new Map(every.flat().map((d) => [d.seq, d])).values()] : undefined;
    const windows = everyAttached<DeliveryWindow>(result, RECORDING_ATTACHMENT);
    if (exchanges || deliveries || windows.length)
      this.tests.set(test, {
        title,
        ...(exchanges ? { exchanges } : {}),
        ...(deliveries ? { deliveries } : {}),
        ...(windows.length ? { windows } : {}),
      });
  }

  /** Every exchange of the run. */
  exchanges(): RecordedExchange[] {
    return [...this.tests.values()].flatMap((t) => t.exchanges?.exchanges ?? []);
  }

  /** Every delivery of the run, once each (the run's end reads them all). */
  deliveries(): Delivery[] {
    const bySeq = new Map<number, Delivery>();
    for (const t of this.tests.values()) for (const d of t.deliveries ?? []) bySeq.set(d.seq, d);
    return [...bySeq.values()];
  }

  /** The HAR, and for each test the entries of each rule's first failure (a delivery's problems count against its
   * rules). */
  build(version: string): { har: Har; failures: Map<Test, Record<string, number[]>> } {
    type Pending = {
      at: number;
      entry: Unnumbered;
      test: Test;
      local?: number;
      problemRules?: string[];
      alsoBy?: Test[];
    };
    const pending: Pending[] = [];
    // A delivery is one entry, however many tests it arrived during: the first test that attached it names it, and
    // its problems are linked for each of them.
    const entered = new Map<number, Pending>();
    for (const [test, t] of this.tests) {
      t.exchanges?.exchanges.forEach((e, local) =>
        pending.push({ at: e.startedAt, entry: exchangeEntry(e, t.title), test, local }),
      );
      for (const d of t.deliveries ?? []) {
        const earlier = entered.get(d.seq);
        if (earlier) earlier.alsoBy!.push(test);
        else {
          const problemRules = d.findings.map((f) => f.rule);
          entered.set(d.seq, { at: d.receivedAt, entry: deliveryEntry(d, t.title), test, problemRules, alsoBy: [] });
          pending.push(entered.get(d.seq)!);
        }
      }
    }
    // Stable: a test's exchanges that started within the same millisecond keep their order.
    pending.sort((a, b) => a.at - b.at);
    const failures = new Map<Test, Record<string, number[]>>();
    const link = (test: Test, rule: string, id: number) => {
      const rules = failures.get(test) ?? {};
      failures.set(test, rules);
      const ids = (rules[rule] ??= []);
      if (ids.length < MAX_LINKED) ids.push(id);
    };
    const entries = pending.map(({ entry, test, local, problemRules, alsoBy }, id) => {
      const failed =
        local === undefined
          ? []
          : Object.entries(this.tests.get(test)!.exchanges!.failures).filter(([, index]) => index === local);
      for (const [rule] of failed) link(test, rule, id);
      for (const by of [test, ...(alsoBy ?? [])]) for (const rule of problemRules ?? []) link(by, rule, id);
      return { _id: id, ...entry };
    });
    const recording = recordingOf([...this.tests.values()].flatMap((t) => t.windows ?? []));
    const comment =
      'Every request of the run and every webhook delivery (_webhook), in time order; _id is the position. ' +
      'Keys read $CIS_API_KEY, $CIS_API_KEY_2 or REDACTED; bodies of reads are cut at 16 KiB, but for a few ' +
      'answers that failed a rule, kept whole.';
    return {
      har: {
        log: {
          version: '1.2',
          creator: { name: 'carrier-conformance', version },
          comment,
          ...(recording ? { _recording: recording } : {}),
          entries,
        },
      },
      failures,
    };
  }
}
