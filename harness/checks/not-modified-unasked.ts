import type { Operation } from '../../spec/operations';
import { check, failure } from './types';

/** The request headers that make a request conditional: only such a request may be answered 304 (RFC 9110). */
const CONDITIONAL = ['if-none-match', 'if-modified-since'];

const unasked = (status: number, headers: Record<string, string>) =>
  status === 304 && !Object.keys(headers).some((name) => CONDITIONAL.includes(name.toLowerCase()));

/**
 * An answer of 304 to a request that asked for none (no validator sent) leaves the client without what the operation
 * returns: the operation's rule of success fails (for GET /lockers, "Returns locker records", LCK-LIST-RECORDS).
 */
export const notModifiedUnasked = check(
  (exchange, op: Operation) =>
    unasked(exchange.status, exchange.request.headers) && op.rules.success
      ? failure(
          op.rules.success,
          op,
          '',
          'the answer the operation returns',
          '304 Not Modified to a request with no validator',
        )
      : undefined,
  (exchange, op) => (unasked(exchange.status, exchange.request.headers) && op.rules.success ? [op.rules.success] : []),
);
