// reports/exchanges.har: every request the tests made and every webhook delivery the listener took, as
// HAR 1.2, so an answer behind a verdict can be read in any HAR viewer. Entries are in time order and
// numbered by position (`_id`); a failed rule in conformance.json names the entries of its first
// failure (`harEntries`). What the workers attached has its keys taken out already; the finished file
// is swept once more, as conformance.json is.
import { closeSync, openSync, writeSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { redactSecrets, type RecordedExchange } from '../evidence/exchanges';
import type { Recording } from '../evidence/recording';
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
  /** The test that made the request, or (for a delivery) the first test it arrived during, or the run's end. */
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
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    comment: string;
    /** How the run recorded its deliveries (evidence/recording.ts), before the entries: judge reads it first. */
    _recording?: Recording;
    entries: HarEntry[];
  };
}

export type Unnumbered = Omit<HarEntry, '_id'>;

/** The body rule the run's end judges each kind of delivery by (suites/run.teardown.ts). */
const BODY_RULE: Record<string, string> = {
  LockerUpdates: 'WH-LOCKER-BODY',
  ParcelUpdates: 'WH-PARCEL-BODY',
  CollectionNotification: 'WH-COLLECTION-BODY',
};

/** How many entries a failed rule's link names at most (a run's every invalid delivery is not one link). */
export const MAX_LINKED = 10;

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
  return Buffer.byteLength(kept) < size ? { comment: `cut at ${kept.length} characters of ${size} bytes` } : {};
}

export function exchangeEntry(e: RecordedExchange, test: string): Unnumbered {
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

export function deliveryEntry(d: Delivery, test: string): Unnumbered {
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
