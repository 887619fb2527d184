import { documentedResponse } from '../../spec/operations';
import { isJsonMediaType } from './json-content-type';
import { failure, shown, type Check } from './types';

/** ERR-404-JSON: where §7 documents a 404, it comes with a JSON body. */
export const notFoundJson: Check = (exchange, op) => {
  if (exchange.status !== 404 || documentedResponse(op, 404)?.code !== '404') return undefined;
  if (exchange.text.length === 0) return failure('ERR-404-JSON', op, '', 'a JSON body', 'an empty body');
  if (!isJsonMediaType(exchange.headers['content-type']) || exchange.body === undefined) {
    return failure('ERR-404-JSON', op, '', 'a JSON body', shown(exchange.text));
  }
  return undefined;
};
