import { documentedResponse, type Operation } from '../../spec/operations';
import { check, failure, shown } from './types';

// §7: 404 bodies are "JSON body" and the 409 body is not shown; ERR-404-JSON speaks for 404.
const SHAPE_NOT_SHOWN = new Set([404, 409]);
const MEMBERS = ['errorCode', 'message'];

/**
 * ERR-BODY: an error answer carries errorCode and message. Where §7 documents the error body for the
 * operation and status the rule is ERR-BODY (must); elsewhere ERR-BODY-OTHER (should). §7 names the
 * members but not their types: strings are ERR-BODY-TYPES (should).
 */
function ruleFor(status: number, op: Operation): string | undefined {
  if (status < 400 || SHAPE_NOT_SHOWN.has(status)) return undefined;
  return documentedResponse(op, status)?.schemaName === 'ErrorBody' ? 'ERR-BODY' : 'ERR-BODY-OTHER';
}

function asObject(body: unknown): Record<string, unknown> | undefined {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

export const errorBody = check(
  (exchange, op) => {
    const rule = ruleFor(exchange.status, op);
    if (!rule) return undefined;
    const body = asObject(exchange.body);
    if (!body)
      return failure(rule, op, '', 'an object with errorCode and message', shown(exchange.body ?? exchange.text));
    const missing = MEMBERS.find((m) => !(m in body));
    if (missing) return failure(rule, op, `/${missing}`, `member ${missing}`, 'no such member');
    const untyped = MEMBERS.find((m) => typeof body[m] !== 'string');
    return untyped ? failure('ERR-BODY-TYPES', op, `/${untyped}`, 'a string', shown(body[untyped])) : undefined;
  },
  (exchange, op) => {
    const rule = ruleFor(exchange.status, op);
    if (!rule) return [];
    return asObject(exchange.body) && MEMBERS.some((m) => m in asObject(exchange.body)!)
      ? [rule, 'ERR-BODY-TYPES']
      : [rule];
  },
);
