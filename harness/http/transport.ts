// How the client's requests reach the target: undici, one keep-alive pool per worker. Playwright's
// request context wraps each call as a test step with a captured, source-mapped stack and a round trip
// through its protocol layer, which cost more than the rest of the harness together (npm run bench);
// undici sends no cookies, so no carrier's cookie can ride along on another's or an anonymous request.
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { describeNetworkError } from './network-error';
import { stoppedLine, watchOf } from './target-watch';

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** The body sent in chunks, its length not given (RFC 9112 §7.1), as a client streaming it does. */
  chunked?: boolean;
  timeoutMs: number;
  /** Method and path template, "PATCH /v1/lockers/{uid}": the target watch keeps a stretch per operation too. */
  operation?: string;
}

export interface ReceivedAnswer {
  status: number;
  statusText: string;
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

export type Transport = (sent: SentRequest) => Promise<ReceivedAnswer>;

/** Raised when the target gave no answer at all; the message says why in words. */
export class NoAnswerError extends Error {
  override name = 'NoAnswerError';
}

/** The body in two chunks (one where it is a single byte): what a client streaming it sends. */
function chunksOf(body: string): Readable {
  const bytes = Buffer.from(body);
  const half = Math.max(1, Math.floor(bytes.length / 2));
  return Readable.from(half < bytes.length ? [bytes.subarray(0, half), bytes.subarray(half)] : [bytes]);
}

export function undiciTransport(dispatcher: Agent = new Agent({ keepAliveTimeout: 10_000 })): Transport {
  return async ({ url, method, headers, body, chunked, timeoutMs, operation }) => {
    const watch = watchOf(url);
    const halted = watch.halted();
    if (halted) throw new NoAnswerError(`${method} ${url}: not sent, ${stoppedLine(halted)}`);
    try {
      // undici frames an iterable body chunked itself and refuses the header named by the caller.
      const { 'transfer-encoding': _framing, ...sent } = headers;
      const response = await request(url, {
        method: method as 'GET',
        headers: sent,
        // An iterable body has no length: undici frames it chunked.
        ...(body !== undefined ? { body: chunked ? chunksOf(body) : body } : {}),
        dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.body.text();
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
      }
      watch.answered(operation);
      return { status: response.statusCode, statusText: STATUS_CODES[response.statusCode] ?? '', headers: flat, text };
    } catch (error) {
      const problem = `${method} ${new URL(url).pathname}: ${describeNetworkError(error, timeoutMs)}`;
      watch.unansweredRequest(operation, problem, timeoutMs);
      throw new NoAnswerError(`${method} ${url}: ${describeNetworkError(error, timeoutMs)}`);
    }
  };
}
