// reports/exchanges.har: every request the tests made and every webhook delivery the listener took, as
// HAR 1.2, so an answer behind a verdict can be read in any HAR viewer. Entries are in time order and
// numbered by position (`_id`); a failed rule in conformance.json names the entries of its first
// failure (`harEntries`). What the workers attached has its keys taken out already; the finished file
// is swept once more, as conformance.json is.
import { closeSync, openSync, writeSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { TestResult } from '@playwright/test/reporter';
import {
  DELIVERIES_ATTACHMENT,
  EXCHANGES_ATTACHMENT,
  GZIP,
  MAX_BODY_CHARS,
  redactSecrets,
  type RecordedExchange,
  type TestExchanges,
} from '../evidence/exchanges';
import type { Delivery } from '../webhooks/types';

interface NameValue {
  name: string;
  value: string;
}

interface Content {
  size: number;
  mimeType: string;
  text: string;
  comment?: string;
}

export interface HarEntry {
  /** The entry's position in log.entries: what `harEntries` in conformance.json and `#entry-N` links name. */
  _id: number;
  /** The test that made the request, or (for a delivery) the test that judged it. */
  _test: string;
  _rules: string[];
  _operation?: string;
  /** A webhook delivery to the run's listener: the target's request, the listener's answer. */
  _webhook?: true;
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: NameValue[];
    queryString: NameValue[];
    postData?: { mimeType: string; text: string; comment?: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: NameValue[];
    content: Content;
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

export interface Har {
  log: { version: '1.2'; creator: { name: string; version: string }; comment: string; entries: HarEntry[] };
}

type Unnumbered = Omit<HarEntry, '_id'>;

/** The body rule the run's end judges each kind of delivery by (suites/run.teardown.ts). */
const BODY_RULE: Record<string, string> = {
  LockerUpdates: 'WH-LOCKER-BODY',
  ParcelUpdates: 'WH-PARCEL-BODY',
  CollectionNotification: 'WH-COLLECTION-BODY',
};

/** How many entries a failed rule's link names at most (a run's every invalid delivery is not one link). */
const MAX_LINKED = 10;

const nameValues = (record: Record<string, string>): NameValue[] =>
  Object.entries(record).map(([name, value]) => ({ name, value }));

function queryString(url: string): NameValue[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function mimeType(headers: Record<string, string>): string {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
}

function cutNote(kept: string, size: number): { comment?: string } {
  return Buffer.byteLength(kept) < size ? { comment: `cut at ${MAX_BODY_CHARS} characters of ${size} bytes` } : {};
}

function exchangeEntry(e: RecordedExchange, test: string): Unnumbered {
  return {
    _test: test,
    _rules: e.rules,
    _operation: e.operationId,
    startedDateTime: new Date(e.startedAt).toISOString(),
    time: e.durationMs,
    request: {
      method: e.method,
      url: e.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(e.requestHeaders),
      queryString: queryString(e.url),
      ...(e.requestText !== undefined
        ? {
            postData: {
              mimeType: mimeType(e.requestHeaders),
              text: e.requestText,
              ...cutNote(e.requestText, e.requestSize ?? 0),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: e.requestSize ?? 0,
    },
    response: {
      status: e.status,
      statusText: e.statusText || (STATUS_CODES[e.status] ?? ''),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(e.responseHeaders),
      content: {
        size: e.responseSize,
        mimeType: mimeType(e.responseHeaders),
        text: e.responseText,
        ...cutNote(e.responseText, e.responseSize),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: e.responseSize,
    },
    cache: {},
    timings: { send: 0, wait: e.durationMs, receive: 0 },
    ...(e.retries ? { comment: `sent again after ${e.retries} 429 answer(s); this is the last attempt` } : {}),
  };
}

function deliveryEntry(d: Delivery, test: string): Unnumbered {
  // The listener kept no credential's value; the header still says one came.
  const headers = Object.fromEntries(
    Object.entries(d.headers).map(([name, value]) => [name, d.credentials.includes(name) ? 'REDACTED' : value]),
  );
  const answer = JSON.stringify({ received: d.seq });
  return {
    _test: test,
    _rules: [
      ...new Set(['WH-DELIVERY-VALID', ...(d.kind ? [BODY_RULE[d.kind]!] : []), ...d.findings.map((f) => f.rule)]),
    ],
    _webhook: true,
    startedDateTime: new Date(d.receivedAt).toISOString(),
    time: 0,
    request: {
      method: d.method,
      url: `http://${d.headers['host'] ?? 'listener'}${d.path}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(headers),
      queryString: queryString(`http://listener${d.path}`),
      postData: { mimeType: d.headers['content-type'] ?? '', text: d.raw, ...cutNote(d.raw, d.size) },
      headersSize: -1,
      bodySize: d.size,
    },
    response: {
      status: d.answered,
      statusText: STATUS_CODES[d.answered] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'content-type', value: 'application/json' }],
      content: { size: answer.length, mimeType: 'application/json', text: answer },
      redirectURL: '',
      headersSize: -1,
      bodySize: answer.length,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    comment:
      `webhook delivery #${d.seq}${d.kind ? ` (${d.kind})` : ''}` +
      `${d.findings.length ? `: ${d.findings.map((f) => f.problem).join('; ')}` : ''}`,
  };
}

function attached<T>(result: Pick<TestResult, 'attachments'>, name: string): T | undefined {
  const attachment = result.attachments.find((a) => a.name === name);
  if (!attachment?.body) return undefined;
  const text = (attachment.contentType === GZIP ? gunzipSync(attachment.body) : attachment.body).toString('utf8');
  return JSON.parse(text) as T;
}

interface Attached {
  title: string;
  exchanges?: TestExchanges;
  deliveries?: Delivery[];
}

/** Collects what each test attached; `build` turns it into the HAR once the run is over. */
export class HarCollector<Test> {
  private readonly tests = new Map<Test, Attached>();

  /** A test run again replaces its earlier attempt. */
  add(test: Test, title: string, result: Pick<TestResult, 'attachments'>): void {
    const exchanges = attached<TestExchanges>(result, EXCHANGES_ATTACHMENT);
    const deliveries = attached<Delivery[]>(result, DELIVERIES_ATTACHMENT);
    if (exchanges || deliveries)
      this.tests.set(test, { title, ...(exchanges ? { exchanges } : {}), ...(deliveries ? { deliveries } : {}) });
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
    const pending: { at: number; entry: Unnumbered; test: Test; local?: number; problemRules?: string[] }[] = [];
    for (const [test, t] of this.tests) {
      t.exchanges?.exchanges.forEach((e, local) =>
        pending.push({ at: e.startedAt, entry: exchangeEntry(e, t.title), test, local }),
      );
      for (const d of t.deliveries ?? [])
        pending.push({
          at: d.receivedAt,
          entry: deliveryEntry(d, t.title),
          test,
          problemRules: d.findings.map((f) => f.rule),
        });
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
    const entries = pending.map(({ entry, test, local, problemRules }, id) => {
      const failed =
        local === undefined
          ? []
          : Object.entries(this.tests.get(test)!.exchanges!.failures).filter(([, index]) => index === local);
      for (const [rule] of failed) link(test, rule, id);
      for (const rule of problemRules ?? []) link(test, rule, id);
      return { _id: id, ...entry };
    });
    const comment =
      'Every request of the run and every webhook delivery (_webhook), in time order; _id is the position. ' +
      'Keys read $CIS_API_KEY, $CIS_API_KEY_2 or REDACTED; bodies are cut at 16 KiB.';
    return {
      har: { log: { version: '1.2', creator: { name: 'carrier-conformance', version }, comment, entries } },
      failures,
    };
  }
}

/**
 * Writes the HAR entry by entry, each swept for keys once more whatever a target echoed into an answer:
 * the whole document as one string, and a redacted copy of it per secret, was the main process's
 * largest allocation at the end of a run.
 */
export function writeHar(file: string, har: Har, secrets: Record<string, string | undefined>): void {
  const { entries, ...log } = har.log;
  const head = JSON.stringify({ log: { ...log, entries: [] } }, null, 1);
  const open = head.slice(0, head.lastIndexOf('[]'));
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, redactSecrets(`${open}[`, secrets));
    entries.forEach((entry, i) => writeSync(fd, `${i ? ',' : ''}\n${redactSecrets(JSON.stringify(entry), secrets)}`));
    writeSync(fd, `${entries.length ? '\n' : ''}]${head.slice(head.lastIndexOf('[]') + 2)}\n`);
  } finally {
    closeSync(fd);
  }
}
