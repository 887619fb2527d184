import { documentedResponse } from '../../spec/operations';
import { failure, shown, type Check } from './types';

// §7: 404 bodies are "JSON body" and the 409 body is not shown; ERR-404-JSON speaks for 404.
const SHAPE_NOT_SHOWN = new Set([404, 409]);

/**
 * ERR-BODY: an error answer carries errorCode and message strings. Where §7 documents the error body
 * for the operation and status the rule is ERR-BODY (must); elsewhere ERR-BODY-OTHER (observe).
 */
export const errorBody: Check = (exchange, op) => {
  if (exchange.status < 400 || SHAPE_NOT_SHOWN.has(exchange.status)) return undefined;
  const documented = documentedResponse(op, exchange.status)?.schemaName === 'ErrorBody';
  const rule = documented ? 'ERR-BODY' : 'ERR-BODY-OTHER';
  const body = exchange.body as Record<string, unknown> | undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return failure(rule, op, '', 'an object with errorCode and message', shown(exchange.body ?? exchange.text));
  }
  for (const member of ['errorCode', 'message']) {
    if (typeof body[member] !== 'string') return failure(rule, op, `/${member}`, 'a string', shown(body[member]));
  }
  return undefined;
};
