// Targets for the preflight's tests (preflight*.test.ts): local servers answering as a login page, a proxy,
// a stub or the API would, each closed after its test, and the refusal the preflight stops a run with.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { DEFAULT_PROFILE } from '../../harness/target/profile';
import { preflight, PreflightError, type PreflightConfig } from '../../harness/target/preflight';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface Server {
  baseUrl: string;
  url: string;
  close(): Promise<void>;
}

/** The servers a test started: its file's afterEach closes them. */
export const servers: Server[] = [];

export async function serve(handler: Handler): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handle = {
    baseUrl: `${url}/v1`,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(handle);
  return handle;
}

/** A target answering every request with this status, Content-Type and body. */
export const answering = (status: number, contentType: string | undefined, body: string) =>
  serve((_request, response) => {
    response.writeHead(status, contentType ? { 'content-type': contentType } : {});
    response.end(body);
  });

/** A target that takes the connection and never answers. */
export const silent = () => serve(() => undefined);

export function config(baseUrl: string, extra: Partial<PreflightConfig> = {}): PreflightConfig {
  return {
    baseUrl,
    apiKey: 'key-1',
    env: 'staging',
    propertyRuns: 1,
    timeoutMs: 1000,
    webhookWaitMs: 1000,
    concurrency: 2,
    gate: 'verdict',
    strict: false,
    fullScope: false,
    profile: DEFAULT_PROFILE,
    ...extra,
  };
}

/** The message the preflight stops the run with: one readable sentence or two, naming what to do. */
export async function refusal(target: PreflightConfig): Promise<string> {
  const error = await preflight(target).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the preflight let the target through').toBeInstanceOf(PreflightError);
  const message = (error as PreflightError).message;
  expect(message).not.toMatch(/\n\s+at |\bError:/);
  expect(message).toMatch(/(Check|Start|Set|Correct|check that it is up)\b/);
  return message;
}

export const PROVIDERS = [
  { providerName: 'PROVIDER_NAME_1', providerUid: 'p-1', lockerModel: 'M100', lockerVersion: '1.0' },
];
