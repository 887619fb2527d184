import { documentedResponse, type Operation } from '../../spec/operations';
import { isJsonMediaType } from './json-content-type';
import { check, failure, shown } from './types';

/** ERR-404-JSON: where §7 documents a 404, it comes with a JSON body. */
const applies = (status: number, op: Operation) => status === 404 && documentedResponse(op, 404)?.code === '404';

export const notFoundJson = check((exchange, op) => {
  if (!applies(exchange.status, op)) return undefined;
  if (exchange.text.length === 0) return failure('ERR-404-JSON', op, '', 'a JSON body', 'an empty body');
  if (!isJsonMediaType(exchange.headers['content-type']) || exchange.body === undefined) {
    return failure('ERR-404-JSON', op, '', 'a JSON body', shown(exchange.text));
  }
  return undefined;
}, (exchange, op) => (applies(exchange.status, op) ? ['ERR-404-JSON'] : []));
