// One request and its response, as the checks and the reports see it.
export interface Exchange {
  operationId: string;
  method: string;
  url: string;
  request: { headers: Record<string, string>; body?: unknown; rawBody?: string };
  status: number;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body; undefined when the body is empty or not JSON. */
  body: unknown;
  /**
   * Which of the operation's forms the request took, where the spec gives it more than one (FORMS of
   * spec/catalogue.ts: `by shipmentUid` for a cancellation naming the parcel by its shipmentUid).
   */
  form?: string;
}

/** Where every judgement of this exchange is made: its operationId, and its form where it took one. */
export function placeOf(exchange: Pick<Exchange, 'operationId' | 'form'>): string {
  return exchange.form ? `${exchange.operationId} ${exchange.form}` : exchange.operationId;
}

/** The request was refused as the client's error (a 4xx): where a refusal proves a rule only after a control. */
export const isRefusal = (exchange: Exchange): boolean => exchange.status >= 400 && exchange.status < 500;

const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'cookie']);

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command that reproduces the request. API keys become $CIS_API_KEY (or $CIS_API_KEY_2 for
 * the second carrier's), so the line can be pasted and never leaks a secret.
 */
export function toCurl(exchange: Exchange, secrets: Record<string, string> = {}): string {
  const parts = ['curl', '-i', '-X', exchange.method, shellQuote(exchange.url)];
  for (const [name, value] of Object.entries(exchange.request.headers)) {
    if (SECRET_HEADERS.has(name.toLowerCase())) {
      // Double quotes, so the shell expands the variable that stands for the secret.
      const variable = Object.entries(secrets).find(([, secret]) => secret === value)?.[0] ?? 'REDACTED';
      parts.push('-H', `"${name}: ${variable}"`);
      continue;
    }
    parts.push('-H', shellQuote(`${name}: ${value}`));
  }
  const body =
    exchange.request.rawBody ??
    (exchange.request.body === undefined ? undefined : JSON.stringify(exchange.request.body));
  if (body !== undefined) parts.push('--data-raw', shellQuote(body));
  // A key sent elsewhere than its header (a query parameter, a cookie, another header) is named too, never shown.
  return Object.entries(secrets).reduce(
    (line, [name, secret]) =>
      secret.length < 4 ? line : line.split(secret).join(name).split(encodeURIComponent(secret)).join(name),
    parts.join(' '),
  );
}
