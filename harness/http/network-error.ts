// Why a request got no answer, in words a reader can act on; shared by the preflight and the client.

const seconds = (ms: number) => `${ms / 1000} s`;

/**
 * Why a request got no answer, in words. Every timeout reads "no answer within N s": undici's own
 * (UND_ERR_*_TIMEOUT) and AbortSignal.timeout's, which rejects with a DOMException named TimeoutError
 * whose legacy `code` is the number 23 (TIMEOUT_ERR) — read as an error code, that printed "(23)".
 */
export function describeNetworkError(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; code?: unknown; message?: string; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : undefined;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || /^UND_ERR_\w*TIMEOUT$|^ETIMEDOUT$/.test(code ?? '')) {
    return `no answer within ${seconds(timeoutMs)}`;
  }
  const message = e.message ?? String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ECONNRESET':
      return 'connection reset';
    case 'UND_ERR_SOCKET':
      return 'connection closed by the target without an answer';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return 'TLS error: the target does not speak TLS there (is the URL http:// rather than https://?)';
  }
  if (code && /CERT|SSL|TLS|EPROTO/.test(code)) {
    const reason = /SSL routines:[^:]*:([^:]+)/.exec(message)?.[1] ?? message;
    return `TLS error: ${reason} (${code})`;
  }
  if (e.name === 'HTTPParserError') return `the target does not speak HTTP/1.1: ${message}`;
  return code && code !== message ? `${message} (${code})` : message || e.name || 'unknown network error';
}
