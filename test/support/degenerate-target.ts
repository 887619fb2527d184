// A "target" that answers every request the same way: a login page in front of the API, a proxy that
// breaks JSON, a stub that answers {} or an error to everything. What a run against it may call
// passed is only what that one answer truly satisfies.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CannedAnswer {
  status: number;
  contentType: string;
  body: string;
}

export const CANNED: Record<string, CannedAnswer> = {
  'html page': {
    status: 200,
    contentType: 'text/html; charset=utf-8',
    body: '<!doctype html><html><body><form>Sign in</form></body></html>',
  },
  'json header, body not JSON': { status: 200, contentType: 'application/json', body: '{"uid": "x", oops' },
  'empty object': { status: 200, contentType: 'application/json', body: '{}' },
  'JSON 500': {
    status: 500,
    contentType: 'application/json',
    body: '{"errorCode":"INTERNAL","message":"down for maintenance"}',
  },
  'JSON 404': {
    status: 404,
    contentType: 'application/json',
    body: '{"errorCode":"NOT_FOUND","message":"no such thing"}',
  },
};

/** A valid GET /lockers/providers answer, for the variant whose preflight must pass. */
const PROVIDERS = JSON.stringify([
  { providerName: 'PROVIDER_NAME_1', providerUid: 'p-1', lockerModel: 'M100', lockerVersion: '1.0' },
]);

export interface DegenerateTarget {
  baseUrl: string;
  mockBaseUrl: string;
  close(): Promise<void>;
}

export async function startDegenerateTarget(
  answer: CannedAnswer,
  providersInFront: boolean,
): Promise<DegenerateTarget> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const providers =
        providersInFront && request.method === 'GET' && /\/v1\/lockers\/providers(\?|$)/.test(request.url ?? '');
      const { status, contentType, body } = providers
        ? { status: 200, contentType: 'application/json', body: PROVIDERS }
        : answer;
      response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    mockBaseUrl: `http://127.0.0.1:${port}/mock/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
