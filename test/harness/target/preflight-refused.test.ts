// The preflight refuses, within seconds and in one message that says what to do, a target that is not
// the API (a login page, a proxy, a stub), is down, is not there, or refuses the key.
import { expect, test } from '@playwright/test';
import { preflight } from '../../../harness/target/preflight';
import { answering, config, PROVIDERS, refusal, serve, servers, silent } from '../../support/preflight-targets';

test.describe.configure({ mode: 'parallel' });

test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

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

  test('a key the catalogue refuses but the locker list takes is valid: a warning, and the run goes on', async () => {
    for (const [variable, refusedKey] of [
      ['CIS_API_KEY', 'key-1'],
      ['CIS_API_KEY_2', 'key-2'],
    ] as const) {
      const target = await serve((request, response) => {
        const catalogue = (request.url ?? '').startsWith('/v1/lockers/providers');
        const refused = catalogue && request.headers['x-api-key'] === refusedKey;
        response.writeHead(refused ? 403 : 200, { 'content-type': 'application/json' });
        response.end(
          refused ? '{"errorCode":"FORBIDDEN","message":"scope"}' : JSON.stringify(catalogue ? PROVIDERS : []),
        );
      });
      const said: string[] = [];
      await preflight(config(target.baseUrl, { apiKey2: 'key-2' }), (line) => said.push(line));
      expect(said.join('\n')).toContain(
        `warning: GET /lockers/providers refused ${variable} (403), which GET /lockers took`,
      );
    }
  });
});
