// Fixtures of the webhook tests: each test gets its own reference, pointed at its own inbox, so that
// deliveries can be counted.
import { test as base, request, type APIRequestContext } from '@playwright/test';
import { DEFAULT_CARRIERS, type ReferenceOptions } from '../../reference/options';
import { startReference, type ReferenceHandle } from '../../reference/server';
import { Inbox } from '../support/inbox';

export function testWithInbox(options: Partial<ReferenceOptions> = {}) {
  return base.extend<{ inbox: Inbox; reference: ReferenceHandle; api: APIRequestContext; mock: APIRequestContext }>({
    inbox: async ({}, use) => {
      const inbox = await new Inbox().start();
      await use(inbox);
      await inbox.close();
    },
    reference: async ({ inbox }, use) => {
      const carriers = DEFAULT_CARRIERS.map((c) => ({ ...c, webhookUrl: inbox.url }));
      const handle = await startReference({
        carriers,
        webhookRetryBaseDelayMs: 10,
        collectionPeriodMs: 60_000,
        ...options,
      });
      await use(handle);
      await handle.close();
    },
    api: async ({ reference }, use) => {
      const ctx = await request.newContext({
        baseURL: reference.baseUrl + '/',
        extraHTTPHeaders: { 'x-api-key': DEFAULT_CARRIERS[0]!.apiKey },
      });
      await use(ctx);
      await ctx.dispose();
    },
    mock: async ({ reference }, use) => {
      const ctx = await request.newContext({
        baseURL: reference.mockBaseUrl + '/',
        extraHTTPHeaders: { 'x-api-key': DEFAULT_CARRIERS[0]!.apiKey },
      });
      await use(ctx);
      await ctx.dispose();
    },
  });
}
