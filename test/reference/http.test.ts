import { request } from '@playwright/test';
import { BASE_PATHS } from '../../reference/base-paths';
import { ROUTES } from '../../reference/routes';
import { MAX_BODY_BYTES } from '../../reference/http-io';
import { expect, test } from '../support/fixtures';

function concrete(path: string): string {
  return path.replace('{uid}', '1001').replace('{parcelId}', 'P1').slice(1);
}

test.describe('authentication on every operation', () => {
  for (const route of ROUTES) {
    for (const [name, headers] of [
      ['without X-API-Key', {}],
      ['with a wrong key', { 'x-api-key': 'wrong' }],
    ] as const) {
      test(`${route.method} ${route.path} ${name} answers 401 with an error body`, async ({ reference }) => {
        const base = route.base === 'mock' ? reference.mockBaseUrl : reference.baseUrl;
        const ctx = await request.newContext({ baseURL: base + '/', extraHTTPHeaders: headers });
        const response = await ctx.fetch(concrete(route.path), { method: route.method, data: {} });
        expect(response.status()).toBe(401);
        expect(response.headers()['content-type']).toMatch(/^application\/json/);
        expect(await response.json()).toEqual({ errorCode: 'UNAUTHORIZED', message: expect.any(String) });
        await ctx.dispose();
      });
    }
  }

  test('a request without a key has no effect', async ({ reference, api }) => {
    const before = await (await api.get('lockers')).json();
    const ctx = await request.newContext({ baseURL: reference.baseUrl + '/' });
    await ctx.post('lockers', { data: {} });
    await ctx.dispose();
    expect(await (await api.get('lockers')).json()).toEqual(before);
  });
});

test.describe('requests the service cannot take', () => {
  test('an unknown route answers 404 with a JSON error body', async ({ api, reference }) => {
    for (const path of ['nope', 'lockers/1/extra']) {
      const response = await api.get(path);
      expect(response.status()).toBe(404);
      expect((await response.json()).errorCode).toBe('NOT_FOUND');
    }
    const outside = await api.get(reference.baseUrl.replace(BASE_PATHS.service, '/v2/lockers'));
    expect(outside.status()).toBe(404);
  });

  test('a known path with another method answers 405 naming the allowed ones', async ({ api }) => {
    const response = await api.delete('lockers');
    expect(response.status()).toBe(405);
    const { message } = await response.json();
    expect(message).toContain('GET');
    expect(message).toContain('POST');
  });

  test('malformed JSON answers 400', async ({ api }) => {
    const response = await api.post('lockers', {
      headers: { 'content-type': 'application/json' },
      data: Buffer.from('{"carrier":'),
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('MALFORMED_JSON');
  });

  test('a body that is not sent as JSON answers 400', async ({ api }) => {
    const response = await api.post('lockers', { headers: { 'content-type': 'text/plain' }, data: Buffer.from('{}') });
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('UNSUPPORTED_CONTENT_TYPE');
  });

  test('a missing body answers 400 where one is required', async ({ api }) => {
    const response = await api.post('parcels/data');
    expect(response.status()).toBe(400);
    expect((await response.json()).errorCode).toBe('BODY_REQUIRED');
  });

  test('a JSON value of the wrong kind answers 400', async ({ api }) => {
    for (const data of ['"text"', '42', 'null', '[]']) {
      const response = await api.post('lockers', {
        headers: { 'content-type': 'application/json' },
        data: Buffer.from(data),
      });
      expect(response.status(), data).toBe(400);
    }
  });

  test('a body over 1 MB answers 413 and the service keeps serving', async ({ api }) => {
    const big = JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES) });
    const response = await api.post('lockers', {
      headers: { 'content-type': 'application/json' },
      data: Buffer.from(big),
    });
    expect(response.status()).toBe(413);
    expect((await response.json()).errorCode).toBe('PAYLOAD_TOO_LARGE');
    expect((await api.get('lockers')).status()).toBe(200);
  });

  test('a badly percent-encoded path parameter answers 400', async ({ api }) => {
    const response = await api.patch('parcels/%E0%A4%A', { data: {} });
    expect(response.status()).toBe(400);
  });
});
