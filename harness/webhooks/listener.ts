// The run's webhook listener: one per run, in Playwright's main process. The delivery port takes what
// the target sends on any path and always keeps serving; what cannot be a delivery at all (a method
// that carries no body, a body over MAX_DELIVERY_BYTES, a request its client gave up on) is refused and
// counted apart, never judged: a listener others can reach must not let them fail the run's rules by
// posting junk, nor stop it by flooding it. The control port, on loopback only, lets workers wait for
// deliveries, read them all, and script answers.
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inbox } from './inbox';
import { resumedLine, stoppedClause, stoppedLine, type SenderChange } from './silence';
import { carrierUrls, WEBHOOKS_PATH, type RegistrationUrls } from './registration';
import type { Match } from './types';

/** No webhook of the spec comes near it; a body past it is refused unread. */
export const MAX_DELIVERY_BYTES = 1024 * 1024;
/** The methods that carry a body; webhooks are POSTs, PUT and PATCH are taken as some senders use them. */
export const DELIVERY_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH'];
/** How many refusals are kept in full; past it they are only counted, so a flood costs no memory. */
export const KEPT_REFUSALS = 100;
const MAX_WAIT_MS = 120_000;

/** A request the delivery port turned away without judging it. */
export interface Refusal {
  method: string;
  path: string;
  /** What the listener answered; absent when the client left before an answer. */
  answered?: number;
  reason: string;
  receivedAt: number;
}

export interface Refusals {
  count: number;
  /** The first KEPT_REFUSALS of them. */
  first: Refusal[];
}

export interface ListenerHandle {
  inbox: Inbox;
  /** Where the target sends webhooks: each carrier under its own path below it (registration). */
  deliveryUrl: string;
  /** Each carrier's URL below deliveryUrl, as the embedded reference is given them. */
  registration: RegistrationUrls;
  /** Where workers ask (loopback). */
  controlUrl: string;
  /** What the delivery port refused (GET /refused on the control port). */
  refused(): Refusals;
  close(): Promise<void>;
}

type Body = { raw: Buffer } | { oversized: string } | { aborted: string };

/** Why the request's declared Content-Length already rules it out, if it does. */
function declaredOver(req: IncomingMessage, limit: number): string | undefined {
  const declared = Number(req.headers['content-length']);
  return declared > limit ? `a body of ${declared} bytes, over the listener's limit of ${limit}` : undefined;
}

/**
 * The request's body, up to `limit` bytes. Past the limit it stops keeping what arrives and settles at
 * once, so the refusal goes out while the client is still sending; a declared Content-Length over the
 * limit is refused before a byte is read.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Body> {
  return new Promise((resolve) => {
    const declared = declaredOver(req, limit);
    if (declared) return resolve({ oversized: declared });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (body: Body) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      chunks.length = 0;
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) settle({ oversized: `a body of more than ${limit} bytes, the listener's limit` });
      else chunks.push(chunk);
    };
    req.on('data', onData);
    // Settling empties `chunks`, so the body is taken before settle runs.
    req.once('end', () => {
      const raw = Buffer.concat(chunks);
      settle({ raw });
    });
    req.once('error', () => settle({ aborted: `the client left after ${size} bytes of the body` }));
    // A client that resets the connection mid-body may end the request with 'close' and no 'error'.
    req.once('close', () => settle({ aborted: `the client left after ${size} bytes of the body` }));
  });
}

/** Answers once: a second answer to the same request would be an 'error' on it, thrown out of the listener. */
function json(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
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

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface ListenerOptions {
  host: string;
  port: number;
  publicUrl?: string;
  expectedKey?: string;
  /** Told once, in one line, when the target's pushes stop (inbox.ts), with what to check. */
  say?: (line: string) => void;
}

export async function startListener(options: ListenerOptions): Promise<ListenerHandle> {
  let urls: string[] = [];
  // Each change of the sender said once: a stop, and pushes coming again after one (a slow sender).
  const said = new Set<string>();
  const sayChange = (change: SenderChange) => {
    const kind = 'stopped' in change ? 'stopped' : 'resumed';
    if (said.has(kind)) return;
    said.add(kind);
    options.say?.('stopped' in change ? stoppedLine(change.stopped, urls) : resumedLine(change.resumed));
  };
  const inbox = new Inbox(options.expectedKey, sayChange);
  const refusals: Refusals = { count: 0, first: [] };

  /**
   * Records the refusal and answers it with the connection closed: the rest of a body past the limit
   * is then never read, and a client that sends one body after another gets each refusal on its own.
   */
  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number | undefined,
    reason: string,
    headers: OutgoingHttpHeaders = {},
  ) => {
    refusals.count++;
    if (refusals.first.length < KEPT_REFUSALS) {
      refusals.first.push({
        method: req.method ?? '',
        path: req.url ?? '',
        ...(status ? { answered: status } : {}),
        reason,
        receivedAt: Date.now(),
      });
    }
    if (status)
      json(res, status, { errorCode: 'NOT_A_DELIVERY', message: reason }, { ...headers, connection: 'close' });
    else res.destroy();
  };

  /** What is refused before the body is read: the method, or a declared length over the limit. */
  const refusedUpFront = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method ?? '';
    if (!DELIVERY_METHODS.includes(method)) {
      refuse(req, res, 405, `${method} carries no delivery (${DELIVERY_METHODS.join(', ')} do)`, {
        allow: DELIVERY_METHODS.join(', '),
      });
      return true;
    }
    const declared = declaredOver(req, MAX_DELIVERY_BYTES);
    if (declared) refuse(req, res, 413, declared);
    return !!declared;
  };

  const receive = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req, MAX_DELIVERY_BYTES);
    if ('oversized' in body) return refuse(req, res, 413, body.oversized);
    if ('aborted' in body) return refuse(req, res, undefined, body.aborted);
    const delivery = inbox.receive({
      method: req.method ?? 'POST',
      path: req.url ?? '/',
      headers: req.headers,
      raw: body.raw,
    });
    json(res, delivery.answered, { received: delivery.seq });
  };

  // Nothing a request does may end the run: whatever escapes the handling is a refusal, answered 500.
  const deliver = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => {
    const failed = (error: unknown) => refuse(req, res, 500, `the listener failed on it: ${messageOf(error)}`);
    try {
      if (refusedUpFront(req, res)) return;
      // A client that asks before sending (Expect: 100-continue) is refused before it sends a body at all.
      if (expectsContinue) res.writeContinue();
    } catch (error) {
      return failed(error);
    }
    receive(req, res).catch(failed);
  };

  const deliveries = createServer((req, res) => deliver(req, res, false));
  deliveries.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => deliver(req, res, true));

  const control = createServer((req, res) => {
    const answer = async () => {
      const read = await readBody(req, MAX_DELIVERY_BYTES);
      if ('aborted' in read) return res.destroy();
      if ('oversized' in read)
        return json(res, 413, { errorCode: 'TOO_LARGE', message: read.oversized }, { connection: 'close' });
      let body: {
        match?: Match;
        timeoutMs?: number;
        status?: number;
        times?: number;
        rule?: unknown;
        group?: unknown;
        whole?: unknown;
      };
      try {
        body = read.raw.length ? JSON.parse(read.raw.toString('utf8')) : {};
      } catch {
        return json(res, 400, { errorCode: 'MALFORMED_JSON', message: 'control requests are JSON' });
      }
      // Every delivery, or a test's own window of them (its HAR entries): what arrived from `since` (ms) on.
      const deliveries = /^\/deliveries(?:\?since=(\d+))?$/.exec(req.url ?? '');
      if (req.method === 'GET' && deliveries)
        return json(
          res,
          200,
          inbox.deliveries.filter((d) => d.receivedAt >= Number(deliveries[1] ?? 0)),
        );
      if (req.method === 'GET' && req.url === '/refused') return json(res, 200, refusals);
      if (req.method === 'POST' && req.url === '/wait') {
        const timeout = Math.min(Math.max(Number(body.timeoutMs) || 0, 0), MAX_WAIT_MS);
        const about = {
          ...(typeof body.rule === 'string' ? { rule: body.rule } : {}),
          ...(typeof body.group === 'string' ? { group: body.group } : {}),
          ...(body.whole && typeof body.whole === 'object' ? { whole: body.whole as Match } : {}),
        };
        const { delivery, endedEarly } = await inbox.wait(body.match ?? {}, timeout, about);
        return json(res, 200, {
          delivery: delivery ?? null,
          ...(endedEarly ? { endedEarly: stoppedClause(endedEarly) } : {}),
        });
      }
      if (req.method === 'POST' && req.url === '/ended-early') {
        const maxWaitMs = Math.min(Math.max(Number(body.timeoutMs) || 0, 0), MAX_WAIT_MS);
        return json(res, 200, { waits: await inbox.earlyOutcomes(maxWaitMs), stopped: inbox.stopped ?? null });
      }
      if (req.method === 'POST' && req.url === '/script') {
        inbox.script(body.match ?? {}, Number(body.status) || 500, Number(body.times) || 1);
        return json(res, 200, { scripted: true });
      }
      return json(res, 404, {
        errorCode: 'NOT_FOUND',
        message: 'control endpoints: GET /deliveries, GET /refused, POST /wait, POST /script',
      });
    };
    answer().catch((error: unknown) => json(res, 500, { errorCode: 'LISTENER_ERROR', message: messageOf(error) }));
  });

  const deliveryPort = await listen(deliveries, options.host, options.port);
  // Workers keep their control connections alive between tests; a short server-side idle timeout
  // would close them under a worker's next request.
  control.keepAliveTimeout = 120_000;
  const controlPort = await listen(control, '127.0.0.1', 0);
  const deliveryUrl = options.publicUrl ?? `http://${reachableHost(options.host)}:${deliveryPort}${WEBHOOKS_PATH}`;
  const registration = carrierUrls(deliveryUrl);
  urls = Object.values(registration);
  return {
    inbox,
    deliveryUrl,
    registration,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    refused: () => ({ count: refusals.count, first: [...refusals.first] }),
    async close() {
      inbox.close();
      for (const server of [deliveries, control]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
