// Before any test: is the target there, and does it take the key? If not, the run stops within
// seconds with one message saying what to fix (exit code 2: could not run).
import { request } from 'undici';
import type { HarnessConfig } from './config';

const PREFLIGHT_TIMEOUT_MS = 5000;

export class PreflightError extends Error {}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  const code = (error as { code?: string }).code ?? cause?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
      return 'host not found';
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return `no answer within ${PREFLIGHT_TIMEOUT_MS / 1000} s`;
    default:
      return code ?? (error instanceof Error ? error.message : String(error));
  }
}

async function probe(url: string, apiKey: string | undefined, timeout: number): Promise<number> {
  const response = await request(url, {
    method: 'GET',
    headers: apiKey ? { 'x-api-key': apiKey, accept: 'application/json' } : { accept: 'application/json' },
    headersTimeout: timeout,
    bodyTimeout: timeout,
    signal: AbortSignal.timeout(timeout),
  });
  await response.body.dump();
  return response.statusCode;
}

/** Throws a PreflightError naming the variable to fix. */
export async function preflight(config: HarnessConfig & { baseUrl: string; apiKey: string }): Promise<void> {
  const timeout = Math.min(config.timeoutMs, PREFLIGHT_TIMEOUT_MS);
  // GET /lockers/providers only reads, so it is safe on production too.
  const url = `${config.baseUrl}/lockers/providers`;
  let status: number;
  try {
    status = await probe(url, config.apiKey, timeout);
  } catch (error) {
    throw new PreflightError(
      `cannot reach the target at CIS_BASE_URL=${config.baseUrl} (${describeNetworkError(error)}). ` +
        'Start the service or correct CIS_BASE_URL (it includes /v1); leave it unset to run against the embedded reference.',
    );
  }
  if (status === 401 || status === 403) {
    throw new PreflightError(`the target at ${config.baseUrl} refused CIS_API_KEY (${status} on GET /lockers/providers). Set CIS_API_KEY to a valid carrier key.`);
  }
  if (status === 404) {
    throw new PreflightError(`the target at ${config.baseUrl} has no GET /lockers/providers (404). Check that CIS_BASE_URL is the service base including /v1.`);
  }
  if (config.apiKey2) {
    const second = await probe(url, config.apiKey2, timeout).catch(() => 0);
    if (second === 401 || second === 403) {
      throw new PreflightError(`the target refused CIS_API_KEY_2 (${second}). Set it to another carrier's valid key, or unset it.`);
    }
  }
  if (config.mockBaseUrl && config.env === 'staging') {
    const mockStatus = await probe(`${config.mockBaseUrl}/parcel/first-mile/event`, config.apiKey, timeout).catch(() => 0);
    if (mockStatus === 0) {
      throw new PreflightError(`cannot reach CIS_MOCK_BASE_URL=${config.mockBaseUrl}. Correct it, or unset it to skip the trigger rules.`);
    }
  }
}
