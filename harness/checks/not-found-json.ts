import { documentedResponse, type Operation } from '../../spec/operations';
import { isJsonMediaType } from './json-content-type';
import { check, failure, shown } from './types';

/** ERR-404-JSON: where §7 documents a 404, it comes with a JSON body. */
const applies = (status: number, op: Operation) => status === 404 && documentedResponse(op, 404)?.code === '404';

export const notFoundJson = check(
  (exchange, op) => {
    if (!applies(exchange.status, op)) return undefined;
    if (exchange.text.length === 0) return failure('ERR-404-JSON', op, '', 'a JSON body', 'an empty body');
    // Named for what is wrong: a body that is not JSON, or JSON under another media type.
    if (exchange.body === undefined) return failure('ERR-404-JSON', op, '', 'a JSON body', shown(exchange.text));
    const type = exchange.headers['content-type'];
    if (!isJsonMediaType(type))
      return failure(
        'ERR-404-JSON',
        op,
        '',
        'a JSON body under Content-Type application/json',
        type ? `a JSON body under Content-Type ${type}` : 'a JSON body with no Content-Type',
      );
    return undefined;
  },
  (exchange, op) => (applies(exchange.status, op) ? ['ERR-404-JSON'] : []),
);
