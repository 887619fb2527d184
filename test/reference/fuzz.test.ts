// Arbitrary bodies, headers and path parameters against every operation of the reference:
// never a 5xx, always JSON, and every error body is {errorCode, message}.
import fc from 'fast-check';
import { request } from '@playwright/test';
import { STAGING_LIKE_CHOICES } from '../../reference/choices';
import { ROUTES, type Route } from '../../reference/routes';
import { startReference, type ReferenceHandle } from '../../reference/server';
import { lockerCreateBody, publishBody, triggerBody } from '../support/bodies';
import { expect, test } from '../support/fixtures';

const RUNS = Number(process.env['CIS_FUZZ_RUNS'] ?? 60);

const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /lockers': () => lockerCreateBody(),
  'PATCH /lockers/{uid}': () => ({ carrier: lockerCreateBody().carrier, lockerGroups: [{ key: 'A', uid: '1' }] }),
  'PATCH /lockers/status': () => ({ uid: '100001', status: 'INACTIVE' }),
  'POST /parcels/data': () => publishBody('900001'),
  'POST /parcels/data/by-tenant-locker-id': () => ({
    ...publishBody('x'),
    lockerUid: undefined,
    carrierLockerId: 'TP-1',
  }),
  'POST /networks/{uid}/lockers': () => ({ lockerUids: [100001, 900001] }),
  'POST /parcel/first-mile/event': () => triggerBody(),
};

function paths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...prefix, k]))];
}

function replaced(body: Record<string, unknown>, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: any = structuredClone(body);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path[path.length - 1]!] = value;
  return copy;
}

/** A valid body with one member (or the whole body) replaced by arbitrary JSON. */
function mutatedBody(make: () => Record<string, unknown>): fc.Arbitrary<unknown> {
  const template = make();
  return fc
    .tuple(fc.constantFrom(...paths(template)), fc.jsonValue({ maxDepth: 3 }))
    .map(([path, value]) => replaced(make(), path, value));
}

const payload = (key: string) =>
  fc.oneof(
    { weight: 4, arbitrary: mutatedBody(VALID_BODIES[key] ?? (() => ({}))).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constant('') },
  );

const pathParam = fc.oneof(
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.constantFrom('100001', '900001', '1001', '%', '%zz', '..', '-1', '1e400', '99999999999999999999'),
);

async function fuzz(reference: ReferenceHandle, route: Route, key: string): Promise<void> {
  const base = route.base === 'mock' ? reference.mockBaseUrl : reference.baseUrl;
  const validKey = reference.app.options.carriers[0]!.apiKey;
  const ctx = await request.newContext({ baseURL: base + '/' });
  await fc.assert(
    fc.asyncProperty(
      payload(key),
      pathParam,
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        undefined,
      ),
      fc.constantFrom(validKey, validKey, 'wrong', undefined),
      fc.dictionary(fc.constantFrom('providerName', 'carrierId', 'page', 'size'), fc.string({ maxLength: 8 }), {
        maxKeys: 2,
      }),
      async (body, param, contentType, apiKey, params) => {
        const headers: Record<string, string> = {};
        if (contentType) headers['content-type'] = contentType;
        if (apiKey) headers['x-api-key'] = apiKey;
        const path = route.path.replace(/\{[^}]+\}/, param).slice(1);
        const response = await ctx.fetch(path, { method: route.method, headers, params, data: Buffer.from(body) });
        const status = response.status();
        expect(status, `${key} ${path} answered ${status}`).toBeLessThan(500);
        expect(response.headers()['content-type']).toMatch(/^application\/json/);
        const answer = await response.json();
        if (status >= 400) {
          expect(answer).toEqual({ errorCode: expect.any(String), message: expect.any(String) });
        }
      },
    ),
    { numRuns: RUNS, ...(process.env['CIS_SEED'] ? { seed: Number(process.env['CIS_SEED']) } : {}) },
  );
  await ctx.dispose();
}

for (const route of ROUTES) {
  const key = `${route.method} ${route.path}`;
  test(`${key}: arbitrary input never yields a 5xx or a malformed error body`, async ({ reference }) =>
    fuzz(reference, route, key));
  // Pages, 422 and dropped members are code paths of their own.
  test(`${key} (staging-like choices): arbitrary input never yields a 5xx or a malformed error body`, async () => {
    const reference = await startReference({ choices: STAGING_LIKE_CHOICES });
    try {
      await fuzz(reference, route, key);
    } finally {
      await reference.close();
    }
  });
}
