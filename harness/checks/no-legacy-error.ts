import { check, failure, shown } from './types';

function isErrorObject(status: number, body: unknown): body is Record<string, unknown> {
  return status >= 400 && body !== null && typeof body === 'object' && !Array.isArray(body);
}

/** ERR-NO-LEGACY-ERROR: no error body carries the removed field `error`. */
export const noLegacyError = check(
  (exchange, op) => {
    const body = exchange.body;
    if (!isErrorObject(exchange.status, body)) return undefined;
    return 'error' in body
      ? failure('ERR-NO-LEGACY-ERROR', op, '/error', 'no member error', shown(body['error']))
      : undefined;
  },
  (exchange) => (isErrorObject(exchange.status, exchange.body) ? ['ERR-NO-LEGACY-ERROR'] : []),
);
