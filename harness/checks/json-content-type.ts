import { check, failure, shown } from './types';

export function isJsonMediaType(contentType: string | undefined): boolean {
  const media = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'));
}

/** GEN-JSON: a response with a body declares application/json and parses as JSON. */
export const jsonContentType = check(
  (exchange, op) => {
    if (exchange.text.length === 0) return undefined;
    const type = exchange.headers['content-type'];
    if (!isJsonMediaType(type))
      return failure('GEN-JSON', op, '', 'Content-Type application/json', shown(type ?? 'no Content-Type'));
    if (exchange.body === undefined)
      return failure('GEN-JSON', op, '', 'a body that parses as JSON', shown(exchange.text));
    return undefined;
  },
  (exchange) => (exchange.text.length > 0 ? ['GEN-JSON'] : []),
);
