// A HAR entry as the checks see an exchange (harness/http/exchange.ts): headers by name, bodies decoded from
// text or base64 and parsed where they are JSON. A body the recorder cut short (HAR's content.size
// larger than the text kept, as this harness and most proxies cut long bodies) is no answer to judge:
// its end is missing, so only its status is.
import { nearMissMarked } from '../../evidence/exchanges';
import { harInstant } from '../har/har-time';
import type { Exchange } from '../../http/exchange';
import type { HarEntry } from '../har/har-stream';
import type { Mapped } from './operation-map';

export interface Recorded {
  exchange: Exchange;
  /** Epoch ms the request started (startedDateTime), and when its answer was complete. */
  startedAt: number;
  endedAt: number;
  /** The body as recorded is only the start of what was answered. */
  cut: boolean;
  /** The X-API-Key header the request carried, if the recording kept it. */
  key?: string;
  /**
   * Whose request it was, as far as the recording tells: its key, or '' where no key was kept or a
   * masking tool wrote one placeholder for every key (REDACTED, ***), so carriers cannot be told apart.
   * Named placeholders ($CIS_API_KEY, $CIS_API_KEY_2, as this harness writes) still tell them apart.
   */
  carrier: string;
  /**
   * The key was a near miss of a carrier's key, as the recording names it (`REDACTED (near miss of $CIS_API_KEY: a
   * prefix of the key …)`, harness/evidence/exchanges.ts nearMissMark): what it was, never its value.
   */
  nearMiss?: string;
  /** The recording kept none of the answer's headers and no mimeType: what type was sent is unknown. */
  typeUnrecorded: boolean;
  /** The request's query parameters. */
  query: Record<string, string>;
  /** The path's parameters, decoded (operation-map.ts): a locker's uid, a parcel's id. */
  params: Record<string, string>;
}

const lowerCased = (headers: HarEntry['request']['headers']): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const { name, value } of headers ?? []) {
    const key = name.toLowerCase();
    // HTTP/2 pseudo-headers (:authority) are the URL again.
    if (key.startsWith(':')) continue;
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  }
  return out;
};

function decoded(content: { text?: string; encoding?: string } | undefined): string {
  const text = content?.text ?? '';
  return content?.encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text;
}

function parsed(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The words a recorder puts in place of a secret, bare, in brackets or in angle brackets; or a run of *, x or #. */
const MASK_WORDS = 'redacted|filtered|masked|hidden|removed|secret';
const MASKED_KEY = new RegExp(`^(\\*+|x{3,}|#+|\\[?(${MASK_WORDS})\\]?|<(${MASK_WORDS})>)$`, 'i');

export function recordedExchange(entry: HarEntry, mapped: Mapped): Recorded {
  const requestHeaders = lowerCased(entry.request.headers);
  const text = decoded(entry.response.content);
  const size = entry.response.content?.size ?? -1;
  const rawBody = entry.request.postData ? decoded(entry.request.postData) : undefined;
  const startedAt = harInstant(entry.startedDateTime);
  const time = (entry as { time?: number }).time;
  const cut = size > Buffer.byteLength(text);
  const nearMiss = nearMissMarked(requestHeaders['x-api-key']);
  // A recording that dropped the answer's headers may still say its type (HAR's content.mimeType).
  const responseHeaders = lowerCased(entry.response.headers);
  const mimeType = entry.response.content?.mimeType;
  // Only where none was kept: a recorder that kept the headers may still guess a mimeType the server never sent.
  if (!entry.response.headers?.length && mimeType) responseHeaders['content-type'] = mimeType;
  const exchange: Exchange = {
    operationId: mapped.op.operationId,
    method: entry.request.method.toUpperCase(),
    url: entry.request.url,
    request: {
      headers: requestHeaders,
      ...(rawBody !== undefined && rawBody !== '' ? { rawBody, body: parsed(rawBody) } : {}),
    },
    status: entry.response.status,
    headers: responseHeaders,
    text,
    // A body cut short is no JSON: reading it would only cost what a long list costs.
    body: cut ? undefined : parsed(text),
  };
  return {
    exchange,
    startedAt,
    endedAt: startedAt + (typeof time === 'number' && time > 0 ? time : 0),
    cut,
    typeUnrecorded: responseHeaders['content-type'] === undefined && !entry.response.headers?.length,
    ...(requestHeaders['x-api-key'] !== undefined ? { key: requestHeaders['x-api-key'] } : {}),
    ...(nearMiss !== undefined ? { nearMiss } : {}),
    carrier:
      requestHeaders['x-api-key'] === undefined ||
      nearMiss !== undefined ||
      MASKED_KEY.test(requestHeaders['x-api-key'].trim())
        ? ''
        : requestHeaders['x-api-key'],
    query: Object.fromEntries(mapped.url.searchParams),
    params: mapped.params,
  };
}

/** An answer's status says it was carried out. */
export const is2xx = (status: number): boolean => status >= 200 && status < 300;

/** Refusals of what a request asks, not of who asks or how often (401, 403, 429 say nothing of it). */
export const REFUSALS: ReadonlySet<number> = new Set([400, 404, 409, 422]);

/** An identifier as text, whether the recording wrote it as a string or a number (an int64 read from its digits
 * too). */
export const idText = (v: unknown): string | undefined =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? String(v) : undefined;
