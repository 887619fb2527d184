// Fixtures of the harness's own tests: a reference per worker and request contexts for its carriers.
import { test as base, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { startReference, type ReferenceHandle } from '../../reference/server';

export interface ReferenceFixtures {
  /** Carrier 1's client on {base_url}. */
  api: APIRequestContext;
  /** Carrier 2's client on {base_url}. */
  api2: APIRequestContext;
  /** Carrier 1's client on {mock_base_url}. */
  mock: APIRequestContext;
}

export const test = base.extend<ReferenceFixtures, { reference: ReferenceHandle }>({
  reference: [
    async ({}, use) => {
      const handle = await startReference();
      await use(handle);
      await handle.close();
    },
    { scope: 'worker' },
  ],
  api: async ({ reference }, use) => {
    const ctx = await client(reference.baseUrl, reference.app.options.carriers[0]!.apiKey);
    await use(ctx);
    await ctx.dispose();
  },
  api2: async ({ reference }, use) => {
    const ctx = await client(reference.baseUrl, reference.app.options.carriers[1]!.apiKey);
    await use(ctx);
    await ctx.dispose();
  },
  mock: async ({ reference }, use) => {
    const ctx = await client(reference.mockBaseUrl, reference.app.options.carriers[0]!.apiKey);
    await use(ctx);
    await ctx.dispose();
  },
});

function client(baseURL: string, apiKey: string): Promise<APIRequestContext> {
  // Playwright resolves a leading-slash path against the origin, so the base keeps a trailing slash
  // and tests use relative paths ('lockers', not '/lockers').
  return playwrightRequest.newContext({ baseURL: baseURL + '/', extraHTTPHeaders: { 'x-api-key': apiKey } });
}

export { expect } from '@playwright/test';
