import type { Exchange } from '../http/exchange';
import { check, failure, shown } from './types';

/** How far the publish timestamp may be from the answer's own Date: a slow request, a second's rounding; never an
 * hour. */
export const PROCESSING_TIME_TOLERANCE_MS = 120_000;

const PUBLISH = new Set(['publishParcel', 'publishParcelByCarrierLockerId']);

/** The answer's timestamp and its Date header, where both are there to judge: a successful publish. */
function times(exchange: Exchange): { stamp: number; date: number; text: unknown } | undefined {
  if (!PUBLISH.has(exchange.operationId) || exchange.status < 200 || exchange.status >= 300) return undefined;
  const date = Date.parse(exchange.headers['date'] ?? '');
  const text = (exchange.body as Record<string, unknown> | undefined)?.['timestamp'];
  const stamp = typeof text === 'string' ? Date.parse(text) : NaN;
  return Number.isNaN(date) || Number.isNaN(stamp) ? undefined : { stamp, date, text };
}

/**
 * PCL-PUBLISH-TIMESTAMP: §2.3's timestamp is "time the event was processed", judged against the Date
 * the same answer carries: the service's own clock, so a skew between machines is no failure, and a
 * time-zone slip (local time written as UTC) is.
 */
export const processingTime = check(
  (exchange, op) => {
    const found = times(exchange);
    if (!found || Math.abs(found.stamp - found.date) <= PROCESSING_TIME_TOLERANCE_MS) return undefined;
    const minutes = Math.round((found.stamp - found.date) / 60_000);
    return failure(
      'PCL-PUBLISH-TIMESTAMP',
      op,
      '/timestamp',
      `the time the event was processed, within ${PROCESSING_TIME_TOLERANCE_MS / 1000} s of the answer's ` +
        `Date ${exchange.headers['date']}`,
      `${shown(found.text)}, ${Math.abs(minutes)} min ${minutes > 0 ? 'after' : 'before'} it`,
    );
  },
  (exchange) => (times(exchange) ? ['PCL-PUBLISH-TIMESTAMP'] : []),
);
