// The reference's HTTP layer: size limit, routing, authentication, JSON parsing, error bodies.
// Every answer is JSON, and every failure is {errorCode, message}; no input yields a 5xx.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReferenceApp, type Reply } from './app';
import { CollectionScheduler } from './collections';
import { ApiError, badRequest } from './errors';
import { referenceOptions, type ReferenceOptions } from './options';
import { BASE_PATHS, findRoute } from './routes';

export const MAX_BODY_BYTES = 1024 * 1024;

export interface ReferenceHandle {
  app: ReferenceApp;
  collections: CollectionScheduler;
  /** {base_url}: the service base including /v1. */
  baseUrl: string;
  /** {mock_base_url}: the staging trigger base including /v1. */
  mockBaseUrl: string;
  port: number;
  close(): Promise<void>;
}

function send(res: ServerResponse, reply: Reply): void {
  const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

function errorReply(error: ApiError): Reply {
  return { status: error.status, body: { errorCode: error.errorCode, message: error.message } };
}

/** Reads the body up to the limit; past it, keeps draining so the client can read the 413. */
function readBody(req: IncomingMessage): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function isJsonContentType(value: string | undefined): boolean {
  const mediaType = value?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType?.startsWith('application/') && mediaType.endsWith('+json')) === true;
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('MALFORMED_JSON', 'the body is not valid JSON');
  }
}

function decodeParams(params: Record<string, string>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    try {
      decoded[name] = decodeURIComponent(value);
    } catch {
      throw badRequest('VALIDATION_FAILED', `path parameter ${name} is not validly percent-encoded`);
    }
  }
  return decoded;
}

async function handle(app: ReferenceApp, req: IncomingMessage): Promise<Reply> {
  const raw = await readBody(req);
  if (raw === 'too large') {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `the body exceeds ${MAX_BODY_BYTES} bytes`);
  }
  const url = new URL(req.url ?? '/', 'http://reference.invalid');
  const match = findRoute(req.method ?? 'GET', url.pathname);
  if (!match) throw new ApiError(404, 'NOT_FOUND', `no operation at ${req.method} ${url.pathname}`);
  if ('allowed' in match) {
    throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed here; allowed: ${match.allowed.join(', ')}`);
  }
  const apiKey = req.headers['x-api-key'];
  const carrier = typeof apiKey === 'string' ? app.carrierWithKey(apiKey) : undefined;
  if (!carrier) {
    throw new ApiError(401, 'UNAUTHORIZED', apiKey === undefined ? 'the X-API-Key header is missing' : 'the X-API-Key is not valid');
  }
  let body: unknown;
  if (raw.length > 0 && match.route.body !== 'none') {
    if (!isJsonContentType(req.headers['content-type'])) {
      throw badRequest('UNSUPPORTED_CONTENT_TYPE', 'the body must be sent as application/json');
    }
    body = parseJson(raw);
  } else if (match.route.body === 'required') {
    throw badRequest('BODY_REQUIRED', 'a JSON body is required');
  }
  return match.route.handle(app, { carrier, params: decodeParams(match.params), query: url.searchParams, body });
}

export async function startReference(overrides: Partial<ReferenceOptions> = {}): Promise<ReferenceHandle> {
  const options = referenceOptions(overrides);
  const app = new ReferenceApp(options);
  const collections = new CollectionScheduler(app);
  const server: Server = createServer((req, res) => {
    handle(app, req)
      .then((reply) => send(res, reply))
      .catch((error: unknown) => {
        if (error instanceof ApiError) return send(res, errorReply(error));
        // Unreachable by design (the fuzz test holds it to that), but a failure still answers JSON.
        send(res, errorReply(new ApiError(500, 'INTERNAL_ERROR', 'the reference failed to process the request')));
      });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  collections.start();
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  return {
    app,
    collections,
    port,
    baseUrl: origin + BASE_PATHS.service,
    mockBaseUrl: origin + BASE_PATHS.mock,
    async close() {
      collections.stop();
      app.outbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
