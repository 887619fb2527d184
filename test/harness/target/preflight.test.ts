// The preflight lets the API through, whatever envelope its lists come in; checks the mock and the second
// key; and says first who else can post deliveries and where the target sends them. What it refuses, and how:
// preflight-refused.test.ts.
import { expect, test } from '@playwright/test';
import { preflight, PreflightError, preflightNotes } from '../../../harness/target/preflight';
import { answering, config, PROVIDERS, refusal, serve, servers, silent } from '../../support/preflight-targets';

test.describe.configure({ mode: 'parallel' });

test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
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

  test(
    'given no listener, or the embedded reference (its URLs ' + "are the run's to give), want no registration line",
    () => {
      expect(preflightNotes({})).toEqual([]);
      expect(preflightNotes({ webhookListen: { host: '127.0.0.1', port: 8787 }, embedded: true })).toEqual([]);
      expect(preflightNotes({ webhookListen: { host: '0.0.0.0', port: 8787 }, embedded: true })).toEqual([exposure]);
    },
  );

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
