import { failure, type Check } from './types';

/** GEN-NO-5XX: no request of the harness is answered with a 5xx. */
export const noServerError: Check = (exchange, op) =>
  exchange.status >= 500
    ? failure('GEN-NO-5XX', op, '', 'a status below 500', `${exchange.status} ${shortText(exchange.text)}`)
    : undefined;

function shortText(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
