// The preflight refuses, within seconds and in one message that says what to do, a target that is not
// there, is not the API (a login page, a proxy, a stub) or is down; it lets the API through.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { DEFAULT_PROFILE } from '../../harness/target/profile';
import { preflight, PreflightError, preflightNotes, type PreflightConfig } from '../../harness/target/preflight';

test.describe.configure({ mode: 'parallel' });

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

interface Server {
  baseUrl: string;
  url: string;
  close(): Promise<void>;
}

const servers: Server[] = [];
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: Handler): Promise<Server> {
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
const answering = (status: number, contentType: string | undefined, body: string) =>
  serve((_request, response) => {
    response.writeHead(status, contentType ? { 'content-type': contentType } : {});
    response.end(body);
  });

/** A target that takes the connection and never answers. */
const silent = () => serve(() => undefined);

function config(baseUrl: string, extra: Partial<PreflightConfig> = {}): PreflightConfig {
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
async function refusal(target: PreflightConfig): Promise<string> {
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

const PROVIDERS = [{ providerName: 'PROVIDER_NAME_1', providerUid: 'p-1', lockerModel: 'M100', lockerVersion: '1.0' }];

test.describe('refused: not the API', () => {
  test('an HTML page: names text/html and the first bytes', async () => {
    const page =
      '<!doctype html>\n<html><head><title>Sign in</title></head><body><form action="/login">' +
      'x'.repeat(200) +
      '</form></body></html>';
    const target = await answering(200, 'text/html; charset=utf-8', page);
    const message = await refusal(config(target.baseUrl));
    expect(message).toContain(
      `the target at ${target.baseUrl} does not answer like the API: GET /lockers/providers answered 200 ` +
        `text/html; charset=utf-8 "<!doctype html>\\n<html>`,
    );
    expect(message).toContain('…"');
    expect(message).toContain('Check CIS_BASE_URL (it is the service base including /v1, not a login page or proxy).');
    // 80 characters of the page, not the page.
    expect(message).not.toContain('x'.repeat(100));
  });

  test('a JSON Content-Type with a body that is not JSON', async () => {
    const target = await answering(200, 'application/json', '{"uid": "x", oops');
    expect(await refusal(config(target.baseUrl))).toContain(
      'answered 200 application/json with a body that is not JSON: "{\\"uid\\": \\"x\\", oops"',
    );
  });

  test('no Content-Type, and an empty body', async () => {
    const target = await answering(200, undefined, '');
    expect(await refusal(config(target.baseUrl))).toContain('answered 200 (no Content-Type) an empty body');
  });

  test('JSON that is not a list: {}, a string, a number, null, an object holding no list', async () => {
    for (const [body, kind] of [
      ['{}', 'an empty object'],
      ['"x"', 'a string'],
      ['42', 'a number'],
      ['null', 'null'],
      ['{"count":3}', 'an object holding no list'],
      ['{"errorCode":"OK","message":"welcome"}', 'an object holding no list'],
    ]) {
      const target = await answering(200, 'application/json', body!);
      expect(await refusal(config(target.baseUrl))).toContain(
        `answered 200 application/json with ${kind} where the providers list belongs (a JSON array, or an ` +
          `object holding one): ${body}.`,
      );
    }
  });

  test('a redirect (to a login page) names where it leads', async () => {
    const target = await serve((_request, response) => {
      response.writeHead(302, { location: '/login?next=%2Fv1' });
      response.end();
    });
    expect(await refusal(config(target.baseUrl))).toContain(
      'answered 302 redirecting to /login?next=%2Fv1. Check CIS_BASE_URL',
    );
  });

  test('control characters are escaped, and a never-ending page is read only so far', async () => {
    const target = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('line one\r\n\u0007bell\tand tab');
      const more = setInterval(() => response.write('y'.repeat(16 * 1024)), 5);
      response.on('close', () => clearInterval(more));
    });
    const started = Date.now();
    const message = await refusal(config(target.baseUrl, { timeoutMs: 3000 }));
    expect(message).toContain('answered 200 text/plain "line one\\r\\n\\u0007bell\\tand tab');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

test.describe('refused: down', () => {
  test('a 500 names the status and the first bytes', async () => {
    const target = await answering(
      500,
      'application/json',
      '{"errorCode":"INTERNAL","message":"down for maintenance"}',
    );
    const message = await refusal(config(target.baseUrl));
    expect(message).toContain(
      `the target at ${target.baseUrl} is failing: GET /lockers/providers answered 500 application/json ` +
        `{"errorCode":"INTERNAL","message":"down for maintenance"}.`,
    );
    expect(message).toContain('check that it is up');
  });

  test('a proxy 502 page', async () => {
    const target = await answering(502, 'text/html', '<html><body><h1>502 Bad Gateway</h1></body></html>');
    expect(await refusal(config(target.baseUrl))).toContain(
      'answered 502 text/html "<html><body><h1>502 Bad Gateway</h1></body></html>"',
    );
  });
});

test.describe('refused: not there', () => {
  test('a target that never answers: "no answer within N s" in under N + 2 s', async () => {
    const target = await silent();
    const started = Date.now();
    const message = await refusal(config(target.baseUrl, { timeoutMs: 500 }));
    expect(message).toBe(
      `cannot reach the target at CIS_BASE_URL=${target.baseUrl} (no answer within 0.5 s). Start the service ` +
        `or correct CIS_BASE_URL (it includes /v1); leave it unset to run against the embedded reference.`,
    );
    expect(Date.now() - started).toBeLessThan(2500);
  });

  test('a target that sends the headers and then stalls: "no answer within N s" too', async () => {
    const target = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
    });
    expect(await refusal(config(target.baseUrl, { timeoutMs: 500 }))).toContain('(no answer within 0.5 s)');
  });

  test('connection refused', async () => {
    const target = await answering(200, 'application/json', '[]');
    await target.close();
    expect(await refusal(config(target.baseUrl))).toContain(
      `cannot reach the target at CIS_BASE_URL=${target.baseUrl} (connection refused)`,
    );
  });

  test('a connection closed without an answer, and not HTTP at all', async () => {
    const closing = await serve((request) => request.socket.destroy());
    expect(await refusal(config(closing.baseUrl))).toContain('(connection closed by the target without an answer)');
    const tls = await answering(200, 'application/json', '[]');
    expect(await refusal(config(tls.baseUrl.replace('http:', 'https:')))).toContain(
      '(TLS error: the target does not speak TLS there',
    );
  });
});

test.describe('refused: the key', () => {
  test('401 and 403 keep their message; 404 keeps its', async () => {
    for (const status of [401, 403]) {
      const target = await answering(status, 'text/html', '<html>login</html>');
      expect(await refusal(config(target.baseUrl))).toBe(
        `the target at ${target.baseUrl} refused CIS_API_KEY (${status} on GET /lockers/providers). Set ` +
          `CIS_API_KEY to a valid carrier key.`,
      );
    }
    const missing = await answering(404, 'text/html', 'Not Found');
    expect(await refusal(config(missing.baseUrl))).toBe(
      `the target at ${missing.baseUrl} has no GET /lockers/providers (404). Check that CIS_BASE_URL is the ` +
        `service base including /v1.`,
    );
  });

  test('a refused second key', async () => {
    const target = await serve((request, response) => {
      const first = request.headers['x-api-key'] === 'key-1';
      response.writeHead(first ? 200 : 401, { 'content-type': 'application/json' });
      response.end(first ? JSON.stringify(PROVIDERS) : '{"errorCode":"UNAUTHORIZED","message":"no"}');
    });
    expect(await refusal(config(target.baseUrl, { apiKey2: 'key-2' }))).toContain(
      'the target refused CIS_API_KEY_2 (401)',
    );
  });
});

test.describe('accepted: the API', () => {
  const answers: [string, string, string][] = [
    ['a bare array', 'application/json', JSON.stringify(PROVIDERS)],
    ['an empty array', 'application/json; charset=utf-8', '[]'],
    ['{items: [...]}', 'application/json', JSON.stringify({ items: PROVIDERS, total: 1 })],
    ['{content: [...]}', 'application/json', JSON.stringify({ content: PROVIDERS, page: { number: 0 } })],
    [
      'a HAL envelope {_embedded: {providers: [...]}}',
      'application/hal+json',
      JSON.stringify({ _embedded: { providers: PROVIDERS }, _links: { self: { href: '/v1/lockers/providers' } } }),
    ],
    [
      'a list longer than what the preflight reads',
      'application/json',
      JSON.stringify(Array.from({ length: 2000 }, () => PROVIDERS[0])),
    ],
  ];
  for (const [name, contentType, body] of answers) {
    test(name, async () => {
      const target = await answering(200, contentType, body);
      await preflight(config(target.baseUrl));
    });
  }

  test("a 4xx other than 401/403/404 is the run's to judge", async () => {
    const target = await answering(400, 'application/json', '{"errorCode":"BAD_REQUEST","message":"page is required"}');
    await preflight(config(target.baseUrl));
  });

  test("the embedded reference: its answer is the rules' to judge, not the preflight's", async () => {
    const target = await answering(200, 'text/html', '<html><body>Sign in</body></html>');
    await preflight(config(target.baseUrl, { embedded: true }));
    await refusal(config(target.baseUrl));
  });

  // "All bodies are JSON (Content-Type: application/json)": a list under another type is the API
  // breaking a must rule (GEN-JSON, NOT CONFORMANT), not a base URL to correct (exit 2).
  for (const type of ['text/plain', 'text/html; charset=utf-8', undefined]) {
    test(`the providers list as JSON under ${type ?? 'no Content-Type'} is the API: the run judges it`, async () => {
      const target = await answering(200, type, JSON.stringify(PROVIDERS));
      await preflight(config(target.baseUrl));
    });
  }
});

test.describe('the mock and the second key', () => {
  test('a mock that answers GET with 404 or HTML is not fatal', async () => {
    const target = await answering(200, 'application/json', '[]');
    for (const [status, type, body] of [
      [404, 'application/json', '{"errorCode":"NOT_FOUND","message":"no"}'],
      [200, 'text/html', '<html>mock</html>'],
      [405, 'text/plain', 'Method Not Allowed'],
    ] as const) {
      const mock = await answering(status, type, body);
      await preflight(config(target.baseUrl, { mockBaseUrl: `${mock.url}/mock/v1` }));
    }
  });

  test('a mock that cannot be reached is, naming why', async () => {
    const target = await answering(200, 'application/json', '[]');
    const mock = await silent();
    expect(await refusal(config(target.baseUrl, { mockBaseUrl: `${mock.url}/mock/v1`, timeoutMs: 500 }))).toBe(
      `cannot reach CIS_MOCK_BASE_URL=${mock.url}/mock/v1 (no answer within 0.5 s). Correct it, or unset it ` +
        `to skip the trigger rules.`,
    );
  });

  test('the mock is not probed on production', async () => {
    const target = await answering(200, 'application/json', '[]');
    await preflight(config(target.baseUrl, { env: 'production', mockBaseUrl: 'http://127.0.0.1:9/mock/v1' }));
  });

  test('the whole preflight is bounded when the second key and the mock both stall', async () => {
    const silentForKey2 = await serve((request, response) => {
      if (request.headers['x-api-key'] !== 'key-1') return;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('[]');
    });
    const mock = await silent();
    const started = Date.now();
    await expect(
      preflight(
        config(silentForKey2.baseUrl, { apiKey2: 'key-2', mockBaseUrl: `${mock.url}/mock/v1`, timeoutMs: 600 }),
      ),
    ).rejects.toThrow(/CIS_MOCK_BASE_URL.*no answer within 0\.6 s/);
    // The two later probes run side by side: one timeout, not two.
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

test.describe('the first lines: who else can post deliveries, and where the target sends them', () => {
  const exposure =
    'warning: webhook deliveries unauthenticated: the listener on 0.0.0.0:8787 takes deliveries from anyone ' +
    'on that network (no CIS_WEBHOOK_KEY), so a delivery posted by any of them can pass or fail webhook ' +
    'rules. ' +
    'Set CIS_WEBHOOK_KEY (--webhook-key) and have the target send it on every delivery (X-API-Key or ' +
    'Authorization: Bearer), or bind --webhook-listen to an address only the target reaches.';
  const registration =
    'webhooks: register http://<this host>:8787/webhooks/carrier-1 with the target for the carrier of ' +
    'CIS_API_KEY, and http://<this host>:8787/webhooks/carrier-2 for that of CIS_API_KEY_2.';

  test('given a listener on 0.0.0.0 without a key, want the warning with what to do, then the per-carrier URLs', () => {
    expect(preflightNotes({ webhookListen: { host: '0.0.0.0', port: 8787 } })).toEqual([exposure, registration]);
  });

  test('given loopback, or a key, want the URLs alone', () => {
    expect(preflightNotes({ webhookListen: { host: '127.0.0.1', port: 8787 } })).toEqual([
      'webhooks: register http://127.0.0.1:8787/webhooks/carrier-1 with the target for the carrier of ' +
        'CIS_API_KEY, and http://127.0.0.1:8787/webhooks/carrier-2 for that of CIS_API_KEY_2.',
    ]);
    expect(preflightNotes({ webhookListen: { host: '::1', port: 8787 } })).toEqual([
      expect.stringContaining('http://[::1]:8787/webhooks/carrier-1'),
    ]);
    expect(preflightNotes({ webhookListen: { host: '0.0.0.0', port: 8787 }, webhookKey: 'hook-secret' })).toEqual([
      registration,
    ]);
  });

  test("given no listener, or the embedded reference (its URLs are the run's to give), want no registration line", () => {
    expect(preflightNotes({})).toEqual([]);
    expect(preflightNotes({ webhookListen: { host: '127.0.0.1', port: 8787 }, embedded: true })).toEqual([]);
    expect(preflightNotes({ webhookListen: { host: '0.0.0.0', port: 8787 }, embedded: true })).toEqual([exposure]);
  });

  test(
    'the notes come before any probe, so a target that never answers does not hold them back, and a refusal ' +
      'still follows',
    async () => {
      const target = await silent();
      const said: string[] = [];
      const running = preflight(
        config(target.baseUrl, { timeoutMs: 500, webhookListen: { host: '0.0.0.0', port: 8787 } }),
        (line) => said.push(line),
      );
      // Said before preflight first waits on the target: nothing has been asked of it yet.
      expect(said).toEqual([exposure, registration]);
      await expect(running).rejects.toBeInstanceOf(PreflightError);
      expect(said).toEqual([exposure, registration]);
    },
  );

  test('the warning does not stop an API that answers', async () => {
    const target = await answering(200, 'application/json', JSON.stringify(PROVIDERS));
    const said: string[] = [];
    await preflight(config(target.baseUrl, { webhookListen: { host: '192.168.1.20', port: 8787 } }), (line) =>
      said.push(line),
    );
    expect(said[0]).toMatch(
      /^warning: webhook deliveries unauthenticated: the listener on 192\.168\.1\.20:8787 .* Set CIS_WEBHOOK_KEY/,
    );
    expect(said).toHaveLength(2);
  });
});
