// Every request a test made and the answer it got, for reports/exchanges.har: when it started, how long
// it took, which rules were judged on it, and which exchange each rule's first failure was about (so a
// failed rule in the report links to the answer that failed it). Handed to the reporter as one gzipped
// JSON attachment per test. That attachment also lands in the Playwright HTML report and allure-results:
// keys are taken out here, in the worker, before anything is attached, and gzip keeps a run's lists
// (listParcels answers run to tens of KiB each) from doubling what CI uploads.
import { gzipSync } from 'node:zlib';
import { nearMissOf } from '../../generators';
import type { ExchangeTiming } from '../http/client';
import type { Exchange } from '../http/exchange';
import type { RunSettings } from '../target/run-settings';
import { EvidenceLog, type Evaluation } from './log';

export const EXCHANGES_ATTACHMENT = 'cis-exchanges';
export const DELIVERIES_ATTACHMENT = 'cis-webhook-deliveries';
/**
 * Bodies are cut here: a whole run's HAR stays small enough to open, and one huge answer cannot bloat it. Whole, the
 * embedded run's lists (up to some 280 KB each, 700 of them over 16 KiB) made the HAR 110 MB, the run 1.4 times as
 * long and its peak 480 MB (one sitting); a list cut here shows `judge` nothing across requests.
 */
export const MAX_BODY_CHARS = 16 * 1024;
/**
 * A write's bodies are kept whole up to here: a write is few and its answer is the record it made, which `judge` holds
 * to what was sent (a network add of a hundred lockers answers some 25 KB; cut, its records went unjudged).
 */
export const MAX_WRITE_BODY_CHARS = 1024 * 1024;
/**
 * How many answers that failed a rule keep their bodies whole (up to MAX_WRITE_BODY_CHARS), per rule and run, in a
 * worker: the answer a report links as a rule's first failure is read whole in the HAR, by a user and by `judge`, and
 * a build that fails a rule on every list does not make the HAR what cutting spared it.
 */
export const WHOLE_FAILURES_PER_RULE = 3;
/** The failures kept whole so far, by run and rule (a worker of a self-test batch judges several runs). */
const keptWhole = new Map<string, number>();

export interface RecordedExchange {
  operationId: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  /** What was sent, as sent (cut at MAX_BODY_CHARS, a write's at MAX_WRITE_BODY_CHARS); absent with no body. */
  requestText?: string;
  requestSize?: number;
  status: number;
  statusText: string;
  responseHeaders: Record<string, string>;
  responseText: string;
  responseSize: number;
  startedAt: number;
  durationMs: number;
  /** 429 answers retried before this one (§8: rate limits are the target pacing the harness). */
  retries: number;
  /** Rules judged on this answer: the checks', and any rule whose failure was about it. */
  rules: string[];
}

export interface TestExchanges {
  exchanges: RecordedExchange[];
  /** Rule → index in `exchanges` of the exchange the rule's first failure in the test was about. */
  failures: Record<string, number>;
}

/** The keys a report must never show, by the variable that names them. */
export function reportSecrets(
  settings: Partial<Pick<RunSettings, 'apiKey' | 'apiKey2' | 'webhookKey'>> | undefined,
): Record<string, string | undefined> {
  return { CIS_API_KEY: settings?.apiKey, CIS_API_KEY_2: settings?.apiKey2, CIS_WEBHOOK_KEY: settings?.webhookKey };
}

/**
 * Every occurrence of a key in `text` (JSON or not) becomes `$VARIABLE`: as it is, as JSON escapes it
 * and as a URL encodes it. Short values are left alone: "k" would eat every k of a report.
 */
export function redactSecrets(text: string, secrets: Record<string, string | undefined>): string {
  let clean = text;
  for (const [name, secret] of Object.entries(secrets)) {
    if (!secret || secret.length < 4) continue;
    for (const form of new Set([JSON.stringify(secret).slice(1, -1), secret, encodeURIComponent(secret)]))
      clean = clean.split(form).join(`$${name}`);
  }
  return clean;
}

const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/** How a recording writes a near miss of a key: what it is, never its value (traffic/recorded reads it back). */
export const nearMissMark = (variable: string, what: string): string => `REDACTED (near miss of $${variable}: ${what})`;

const NEAR_MISS_MARK = /^REDACTED \(near miss of \$\w+: (.+)\)$/;

/** What near miss of a key a recorded header value names (nearMissMark), if it names one. */
export const nearMissMarked = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : NEAR_MISS_MARK.exec(value)?.[1];

/**
 * Credential headers name the key they carried ($CIS_API_KEY, `Bearer $CIS_API_KEY`), or say what near miss of one
 * they carried, or the key inside them (a cookie's `apiKey=$CIS_API_KEY`); an empty one stays empty; any other reads
 * REDACTED. So a recording still shows which requests a service should have refused for their key.
 */
export function redactHeaders(
  headers: Record<string, string>,
  secrets: Record<string, string | undefined>,
): Record<string, string> {
  const known = Object.entries(secrets).filter((entry): entry is [string, string] => !!entry[1]);
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      if (!SECRET_HEADERS.has(name.toLowerCase()) || value === '') return [name, value];
      const bearer = /^Bearer\s+/i.exec(value)?.[0] ?? '';
      const variable = known.find(([, secret]) => secret === value.slice(bearer.length))?.[0];
      if (variable) return [name, `${bearer}$${variable}`];
      for (const [other, secret] of known) {
        const miss = nearMissOf(value, secret);
        if (miss) return [name, nearMissMark(other, miss.what)];
      }
      const inside = redactSecrets(value, secrets);
      return [name, inside !== value ? inside : 'REDACTED'];
    }),
  );
}

export const GZIP = 'application/gzip';

export function gzipped(json: string): { body: Buffer; contentType: string } {
  // The fastest level: a run's attachments are mostly list answers, which compress well at any level.
  return { body: gzipSync(json, { level: 1 }), contentType: GZIP };
}

/** The request's body as sent, if it had one. */
const sentText = (exchange: Exchange): string | undefined =>
  exchange.request.rawBody ?? (exchange.request.body === undefined ? undefined : JSON.stringify(exchange.request.body));

export function cut(text: string, limit = MAX_BODY_CHARS): string {
  return text.length > limit ? text.slice(0, limit) : text;
}

/** One test's exchanges, in the order they were made. */
export class ExchangeRecorder {
  private readonly recorded: RecordedExchange[] = [];
  private readonly indexOf = new Map<Exchange, number>();
  private readonly failures: Record<string, number> = {};
  private lastCurled: Exchange | undefined;

  /** `run`: the run the test judges, for WHOLE_FAILURES_PER_RULE. */
  constructor(
    private readonly secrets: Record<string, string | undefined>,
    private readonly run = '',
  ) {}

  get count(): number {
    return this.recorded.length;
  }

  record(exchange: Exchange, timing: ExchangeTiming | undefined, rules: string[]): void {
    const requestText = sentText(exchange);
    this.indexOf.set(exchange, this.recorded.length);
    const limit = exchange.method === 'GET' ? MAX_BODY_CHARS : MAX_WRITE_BODY_CHARS;
    this.recorded.push({
      operationId: exchange.operationId,
      method: exchange.method,
      url: exchange.url,
      requestHeaders: redactHeaders(exchange.request.headers, this.secrets),
      ...(requestText !== undefined
        ? { requestText: cut(requestText, limit), requestSize: Buffer.byteLength(requestText) }
        : {}),
      status: exchange.status,
      statusText: timing?.statusText ?? '',
      responseHeaders: redactHeaders(exchange.headers, this.secrets),
      responseText: cut(exchange.text, limit),
      responseSize: Buffer.byteLength(exchange.text),
      startedAt: timing?.startedAt ?? Date.now(),
      durationMs: timing?.durationMs ?? 0,
      retries: timing?.retries ?? 0,
      rules: [...new Set(rules)],
    });
  }

  /** Wraps the evidence log's curl writer: a failure's curl line is written just before it is recorded. */
  curlWriter(write: (exchange: Exchange) => string): (exchange: Exchange) => string {
    return (exchange) => {
      this.lastCurled = exchange;
      return write(exchange);
    };
  }

  /** A failure with a curl line was about the exchange curled last; the first failure of a rule is the one reported. */
  failed(rule: string): void {
    const exchange = this.lastCurled;
    const index = exchange ? this.indexOf.get(exchange) : undefined;
    this.lastCurled = undefined;
    if (index === undefined) return;
    if (this.failures[rule] === undefined) {
      this.failures[rule] = index;
      this.keepWhole(exchange!, index, rule);
    }
    const rules = this.recorded[index]!.rules;
    if (!rules.includes(rule)) rules.push(rule);
  }

  /** A rule's first failure in the test keeps its bodies whole, while the run has kept few of that rule's whole. */
  private keepWhole(exchange: Exchange, index: number, rule: string): void {
    const key = `${this.run} ${rule}`;
    const kept = keptWhole.get(key) ?? 0;
    if (kept >= WHOLE_FAILURES_PER_RULE) return;
    keptWhole.set(key, kept + 1);
    const entry = this.recorded[index]!;
    entry.responseText = cut(exchange.text, MAX_WRITE_BODY_CHARS);
    const requestText = sentText(exchange);
    if (requestText !== undefined) entry.requestText = cut(requestText, MAX_WRITE_BODY_CHARS);
  }

  /** The attachment, with every key taken out. */
  toAttachment(): { body: Buffer; contentType: string } {
    const value: TestExchanges = { exchanges: this.recorded, failures: this.failures };
    return gzipped(redactSecrets(JSON.stringify(value), this.secrets));
  }
}

/** The evidence log of a test whose exchanges are recorded: it tells the recorder which exchange each failure was
 * about. */
export class RecordingEvidenceLog extends EvidenceLog {
  constructor(
    readonly exchanges: ExchangeRecorder,
    curlOf: (exchange: Exchange) => string,
    decides?: (rule: string) => boolean,
    onFailure?: (rule: string, decides: boolean) => void,
  ) {
    super(exchanges.curlWriter(curlOf), decides, onFailure);
  }

  override record(evaluation: Evaluation): void {
    if (!evaluation.passed && evaluation.curl) this.exchanges.failed(evaluation.rule);
    super.record(evaluation);
  }
}
