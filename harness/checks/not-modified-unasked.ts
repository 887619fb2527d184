import { successResponses, type Operation } from '../../spec/operations';
import { check, failure } from './types';

/** The request headers that make a request conditional: only such a request may be answered 304 (RFC 9110). */
const CONDITIONAL = ['if-none-match', 'if-modified-since'];

const unasked = (status: number, headers: Record<string, string>) =>
  status === 304 && !Object.keys(headers).some((name) => CONDITIONAL.includes(name.toLowerCase()));

/**
 * The operation's rule of success, where the document states what a success returns (a body of a schema): where it
 * shows no answer (a status change, a cancel), a 304 to a change already made is the target's choice.
 */
const successRule = (op: Operation) => (successResponses(op).some((r) => r.hasSchema) ? op.rules.success : undefined);

/**
 * An answer of 304 to a request that asked for none (no validator sent) leaves the client without what the operation
 * returns: the operation's rule of success fails (for GET /lockers, "Returns locker records", LCK-LIST-RECORDS).
 */
export const notModifiedUnasked = check(
  (exchange, op) => {
    const rule = successRule(op);
    if (!rule || !unasked(exchange.status, exchange.request.headers)) return undefined;
    return failure(rule, op, '', 'the answer the operation returns', '304 Not Modified to a request with no validator');
  },
  (exchange, op) => {
    const rule = successRule(op);
    return rule && unasked(exchange.status, exchange.request.headers) ? [rule] : [];
  },
);
