import { check, failure, shown } from './types';

/** The media type of a Content-Type, in lower case, without its parameters. */
const mediaOf = (contentType: string | undefined): string => contentType?.split(';')[0]?.trim().toLowerCase() ?? '';

/** A JSON media type: application/json or a structured +json one (a body the run can read as JSON). */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const media = mediaOf(contentType);
  return media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'));
}

/**
 * What GEN-JSON holds a response to (the preamble: "All bodies are JSON (`Content-Type: application/json`)"): that
 * media type, in any letter case, with any parameter; another JSON media type (problem+json) is not it.
 */
export function isApplicationJson(contentType: string | undefined): boolean {
  return mediaOf(contentType) === 'application/json';
}

/** GEN-JSON: a response with a body declares application/json and parses as JSON. */
export const jsonContentType = check(
  (exchange, op) => {
    if (exchange.text.length === 0) return undefined;
    const type = exchange.headers['content-type'];
    if (!isApplicationJson(type))
      return failure('GEN-JSON', op, '', 'Content-Type application/json', shown(type ?? 'no Content-Type'));
    if (exchange.body === undefined)
      return failure('GEN-JSON', op, '', 'a body that parses as JSON', shown(exchange.text));
    return undefined;
  },
  (exchange) => (exchange.text.length > 0 ? ['GEN-JSON'] : []),
);
