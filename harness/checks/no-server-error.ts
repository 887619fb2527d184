import { abbreviate } from '../http/text';
import { check, failure } from './types';

/** GEN-NO-5XX: no request of the harness is answered with a 5xx. */
export const noServerError = check(
  (exchange, op) =>
    exchange.status >= 500
      ? failure('GEN-NO-5XX', op, '', 'a status below 500', `${exchange.status} ${abbreviate(exchange.text, 80)}`)
      : undefined,
  () => ['GEN-NO-5XX'],
);
