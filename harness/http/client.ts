// Calls operations by operationId, with paths and bases taken from the OpenAPI document, and passes
// every response through the checks. A check failure is reported under its own rule and never stops
// the test; the test's own assertions still run.
import { judgeAnswer, type Judgement } from '../checks';
import { FORMS } from '../../spec/catalogue';
import { operation, type Operation } from '../../spec/operations';
import { toCurl, type Exchange } from './exchange';
import type { RunSettings } from '../target/run-settings';
import type { Transport } from './transport';
import { hasBigInt, plainJson, stringifyJson } from './json';

export type KeyKind = 'primary' | 'secondary' | 'none' | 'wrong';

export interface CallOptions {
  /** Path parameters by name. */
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  /** A JSON body; raw sends the bytes as they are. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** A next-page URL the target gave: followed only on the target's own origin, so no key leaves it. */
  url?: string;
  /**
   * The form the request takes where the spec gives the operation more than one (FORMS of
   * spec/catalogue.ts, e.g. `by shipmentUid` for cancelParcel): copied onto the exchange, so every
   * judgement of it is made at that place.
   */
  form?: string;
  /**
   * HTTP's freedoms a conformant client may take (generators/wire.ts): the key header's name in another
   * letter case, and Accept another acceptable value or none (null).
   */
  wire?: { keyHeader?: string; accept?: string | null; chunked?: boolean };
}

/** When the request that got the answer was sent and how long the answer took (for the HAR report). */
export interface ExchangeTiming {
  startedAt: number;
  durationMs: number;
  statusText: string;
  /** 429 answers retried before this one. */
  retries: number;
}

/** Receives what the checks judged on every answer; the fixture records it as evidence. */
export type JudgementSink = (judgements: Judgement[], exchange: Exchange, timing?: ExchangeTiming) => void;

export const WRONG_KEY = 'carrier-conformance-wrong-key';
const RATE_LIMIT_RETRIES = 3;
const MAX_RETRY_AFTER_MS = 10_000;

/** Retry-After in seconds or as an HTTP date, else a doubling back-off; never more than 10 s. */
export function retryAfterMs(header: string | undefined, attempt: number): number {
  const seconds = header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) * 1000 : undefined;
  const date = header !== undefined && seconds === undefined ? Date.parse(header) - Date.now() : undefined;
  const asked = seconds ?? (date !== undefined && !Number.isNaN(date) ? date : undefined);
  return Math.min(Math.max(asked ?? 500 * 2 ** (attempt - 1), 0), MAX_RETRY_AFTER_MS);
}

/** The secrets a curl line names by variable instead of value. */
export function curlSecrets(target: Pick<RunSettings, 'apiKey' | 'apiKey2'>): Record<string, string> {
  return { $CIS_API_KEY: target.apiKey, ...(target.apiKey2 ? { $CIS_API_KEY_2: target.apiKey2 } : {}) };
}

/**
 * The Accept-Language of a client in a locale (RFC 9110 §12.5.4), on every other request in turn: a header any client
 * may send, which changes nothing §4 and §7 state of an answer (an error still carries its errorCode and message).
 * Any language is acceptable after the one asked for, so no answer is 406 for it (RFC 9110 §12.5.4).
 */
const LANGUAGES = [undefined, 'de-CH, de;q=0.9, *;q=0.5', undefined, 'fr, *;q=0.1'] as const;

export class CisClient {
  /** Told of every 429 the target answered, and how long the harness waits before retrying. */
  onRateLimited?: (operationId: string, delayMs: number) => void;
  /** Requests this client sent: which language the next one asks for. */
  private sent = 0;

  constructor(
    private readonly transport: Transport,
    private readonly target: RunSettings,
    readonly key: KeyKind,
    private readonly sink: JudgementSink,
  ) {}

  url(op: Operation, params: CallOptions['params'] = {}, query: CallOptions['query'] = {}): string {
    const base = op.base === 'mock' ? this.target.mockBaseUrl : this.target.baseUrl;
    if (!base) throw new Error(`${op.operationId} needs CIS_MOCK_BASE_URL`);
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${op.operationId}: path parameter ${name} not given`);
      return encodeURIComponent(String(value));
    });
    // A blank as %20, which every URL parser reads as one (a "+" for it is the form encoding's alone).
    const search = new URLSearchParams(query).toString().replace(/\+/g, '%20');
    return base + path + (search ? `?${search}` : '');
  }

  /** The operation as the target sees it, "PATCH /v1/lockers/{uid}": its method, its base's path and template. */
  private template(op: Operation): string {
    const base = op.base === 'mock' ? this.target.mockBaseUrl : this.target.baseUrl;
    return `${op.method.toUpperCase()} ${new URL(base ?? 'http://base.invalid').pathname.replace(/\/$/, '')}${op.path}`;
  }

  private apiKey(): string | undefined {
    switch (this.key) {
      case 'primary':
        return this.target.apiKey;
      case 'secondary':
        return this.target.apiKey2;
      case 'wrong':
        return WRONG_KEY;
      case 'none':
        return undefined;
    }
  }

  private sameOrigin(op: Operation, url: string): string {
    const base = new URL(op.base === 'mock' ? (this.target.mockBaseUrl ?? '') : this.target.baseUrl);
    if (new URL(url).origin !== base.origin)
      throw new Error(
        `${op.operationId}: the target's next-page link ${url} leaves its origin ${base.origin}; the key is ` +
          `not sent there`,
      );
    return url;
  }

  async call(operationId: string, options: CallOptions = {}): Promise<Exchange> {
    const op = operation(operationId);
    // A misspelt form would make a place no rule concerns: a harness error, never evidence.
    if (options.form !== undefined && !FORMS[operationId]?.includes(options.form)) {
      throw new Error(
        `${operationId} has no form "${options.form}" (spec/catalogue.ts FORMS: ` +
          `${FORMS[operationId]?.join(', ') ?? 'none'})`,
      );
    }
    const url = options.url ? this.sameOrigin(op, options.url) : this.url(op, options.params, options.query);
    const accept = options.wire?.accept === undefined ? 'application/json' : options.wire.accept;
    const language = LANGUAGES[this.sent++ % LANGUAGES.length];
    const headers: Record<string, string> = {
      ...(accept !== null ? { accept } : {}),
      ...(language ? { 'accept-language': language } : {}),
      ...options.headers,
    };
    const key = this.apiKey();
    if (key !== undefined) headers[options.wire?.keyHeader ?? 'x-api-key'] = key;
    const rawBody = options.raw ?? (options.body === undefined ? undefined : stringifyJson(options.body));
    const chunked = rawBody !== undefined && options.wire?.chunked === true;
    // Named among the headers, so the HAR and the curl line show how the body was framed.
    if (chunked) headers['transfer-encoding'] = 'chunked';
    if (rawBody !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    let startedAt = Date.now();
    const send = () => {
      startedAt = Date.now();
      const { timeoutMs } = this.target;
      const sent = { url, method: op.method.toUpperCase(), headers, timeoutMs, operation: this.template(op) };
      const body = rawBody !== undefined ? { body: rawBody, ...(chunked ? { chunked } : {}) } : {};
      return this.transport({ ...sent, ...body });
    };
    let response = await send();
    let retries = 0;
    // Rate limits are not shown (§8): a 429 is the target pacing the harness, not an answer to judge.
    // It is retried after the Retry-After the target asks for (bounded), and reported as observed.
    for (let attempt = 1; response.status === 429 && attempt <= RATE_LIMIT_RETRIES; attempt++) {
      const delayMs = retryAfterMs(response.headers['retry-after'], attempt);
      this.onRateLimited?.(op.operationId, delayMs);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      response = await send();
      retries = attempt;
    }
    const { text } = response;
    const timing: ExchangeTiming = {
      startedAt,
      durationMs: Date.now() - startedAt,
      statusText: response.statusText,
      retries,
    };
    let body: unknown;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    const exchange: Exchange = {
      operationId,
      method: op.method,
      url,
      // A body with int64s beyond 2^53 keeps its exact text: the curl line and the HAR show what was sent.
      request: {
        headers,
        ...(options.body !== undefined
          ? { body: hasBigInt(options.body) ? plainJson(options.body) : options.body }
          : {}),
        ...(options.raw !== undefined || hasBigInt(options.body) ? { rawBody } : {}),
      },
      status: response.status,
      headers: response.headers,
      text,
      body,
      ...(options.form !== undefined ? { form: options.form } : {}),
    };
    this.sink(judgeAnswer(exchange, op), exchange, timing);
    return exchange;
  }

  /** Requests this client sends at once where they are independent (CIS_CONCURRENCY). */
  get concurrency(): number {
    return this.target.concurrency ?? 1;
  }

  curl(exchange: Exchange): string {
    return toCurl(exchange, curlSecrets(this.target));
  }
}
