// The run's webhook listener: one per run, in Playwright's main process. The delivery port takes
// whatever the target sends (any path, any body) and always keeps serving; the control port, on
// loopback only, lets workers wait for deliveries, read them all, and script answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inbox } from './inbox';
import type { Match } from './types';

export const MAX_DELIVERY_BYTES = 1024 * 1024;
const MAX_WAIT_MS = 120_000;

export interface ListenerHandle {
  inbox: Inbox;
  /** Where the target sends webhooks. */
  deliveryUrl: string;
  /** Where workers ask (loopback). */
  controlUrl: string;
  close(): Promise<void>;
}

function readAll(req: IncomingMessage, limit: number): Promise<{ raw: Buffer; size: number }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve({ raw: Buffer.concat(chunks), size }));
    req.on('error', () => resolve({ raw: Buffer.concat(chunks), size }));
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** The host the target uses to reach a listener bound to `host`. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function startListener(options: { host: string; port: number; publicUrl?: string; expectedKey?: string }): Promise<ListenerHandle> {
  const inbox = new Inbox(options.expectedKey);

  const deliveries = createServer((req, res) => {
    void readAll(req, MAX_DELIVERY_BYTES).then(({ raw, size }) => {
      const delivery = inbox.receive({
        method: req.method ?? 'POST',
        path: req.url ?? '/',
        headers: req.headers,
        raw,
        ...(size > MAX_DELIVERY_BYTES ? { oversized: size } : {}),
      });
      json(res, delivery.answered, { received: delivery.seq });
    });
  });

  const control = createServer((req, res) => {
    void readAll(req, MAX_DELIVERY_BYTES).then(async ({ raw }) => {
      let body: { match?: Match; timeoutMs?: number; status?: number; times?: number };
      try {
        body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
      } catch {
        return json(res, 400, { errorCode: 'MALFORMED_JSON', message: 'control requests are JSON' });
      }
      if (req.method === 'GET' && req.url === '/deliveries') return json(res, 200, inbox.deliveries);
      if (req.method === 'POST' && req.url === '/wait') {
        const timeout = Math.min(Math.max(Number(body.timeoutMs) || 0, 0), MAX_WAIT_MS);
        return json(res, 200, { delivery: (await inbox.waitFor(body.match ?? {}, timeout)) ?? null });
      }
      if (req.method === 'POST' && req.url === '/script') {
        inbox.script(body.match ?? {}, Number(body.status) || 500, Number(body.times) || 1);
        return json(res, 200, { scripted: true });
      }
      return json(res, 404, { errorCode: 'NOT_FOUND', message: 'control endpoints: GET /deliveries, POST /wait, POST /script' });
    });
  });

  const deliveryPort = await listen(deliveries, options.host, options.port);
  // Workers keep their control connections alive between tests; a short server-side idle timeout
  // would close them under a worker's next request.
  control.keepAliveTimeout = 120_000;
  const controlPort = await listen(control, '127.0.0.1', 0);
  return {
    inbox,
    deliveryUrl: options.publicUrl ?? `http://${reachableHost(options.host)}:${deliveryPort}/webhooks`,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    async close() {
      inbox.close();
      for (const server of [deliveries, control]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
