// A reference started for one test with faults or a choice set, and carrier 1's clients on it.
import { request, type APIRequestContext } from '@playwright/test';
import { CHOICE_SETS, type ChoiceSetName, type ReferenceChoices } from '../../reference/choices';
import { DEFAULT_CARRIERS } from '../../reference/options';
import { startReference, type ReferenceHandle } from '../../reference/server';

export const KEY = DEFAULT_CARRIERS[0]!.apiKey;

export interface ReferenceClients {
  reference: ReferenceHandle;
  api: APIRequestContext;
  mock: APIRequestContext;
}

/** A reference with these faults or that choice set, and carrier 1's clients on it, for one test. */
export async function withReference(
  setup: { faults?: string[]; choices?: ChoiceSetName; only?: Partial<ReferenceChoices> },
  run: (r: ReferenceClients) => Promise<void>,
): Promise<void> {
  const reference = await startReference({
    faults: setup.faults ?? [],
    choices: { ...CHOICE_SETS[setup.choices ?? 'default'], ...setup.only },
  });
  const api = await request.newContext({ baseURL: reference.baseUrl + '/', extraHTTPHeaders: { 'x-api-key': KEY } });
  const mock = await request.newContext({
    baseURL: reference.mockBaseUrl + '/',
    extraHTTPHeaders: { 'x-api-key': KEY },
  });
  try {
    await run({ reference, api, mock });
  } finally {
    await api.dispose();
    await mock.dispose();
    await reference.close();
  }
}
