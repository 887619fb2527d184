import { failure, shown, type Check } from './types';

/** ERR-NO-LEGACY-ERROR: no error body carries the removed field `error`. */
export const noLegacyError: Check = (exchange, op) => {
  const body = exchange.body;
  if (exchange.status < 400 || body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  return 'error' in body ? failure('ERR-NO-LEGACY-ERROR', op, '/error', 'no member error', shown((body as Record<string, unknown>)['error'])) : undefined;
};
