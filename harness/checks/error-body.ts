import { documentedResponse, type Operation } from '../../spec/operations';
import { check, failure, shown } from './types';

// §7: 404 bodies are "JSON body" and the 409 body is not shown; ERR-404-JSON speaks for 404.
const SHAPE_NOT_SHOWN = new Set([404, 409]);

/**
 * ERR-BODY: an error answer carries errorCode and message strings. Where §7 documents the error body
 * for the operation and status the rule is ERR-BODY (must); elsewhere ERR-BODY-OTHER (observe).
 */
function ruleFor(status: number, op: Operation): string | undefined {
  if (status < 400 || SHAPE_NOT_SHOWN.has(status)) return undefined;
  return documentedResponse(op, status)?.schemaName === 'ErrorBody' ? 'ERR-BODY' : 'ERR-BODY-OTHER';
}

export const errorBody = check((exchange, op) => {
  const rule = ruleFor(exchange.status, op);
  if (!rule) return undefined;
  const body = exchange.body as Record<string, unknown> | undefined;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return failure(rule, op, '', 'an object with errorCode and message', shown(exchange.body ?? exchange.text));
  }
  for (const member of ['errorCode', 'message']) {
    if (typeof body[member] !== 'string') return failure(rule, op, `/${member}`, 'a string', shown(body[member]));
  }
  return undefined;
}, (exchange, op) => [ruleFor(exchange.status, op)].filter((r) => r !== undefined));
