// The target of a run as every worker sees it: where it is, its keys, its profile and what it can do.
// Global setup resolves it once (starting the embedded reference when no CIS_BASE_URL is given) and
// hands it to the workers through the environment.
import { readConfig, type HarnessConfig } from './config';

export type Capability = 'writes' | 'secondKey' | 'network' | 'trigger' | 'webhooks' | 'statusProfile';

export interface Target extends HarnessConfig {
  baseUrl: string;
  apiKey: string;
  /** The embedded reference is the target. */
  embedded: boolean;
  /** Tags what this run creates, so lockers (which cannot be deleted) are recognisable. */
  runId: string;
  /** Query endpoint of the run's webhook listener, when one is running. */
  webhookInbox?: string;
  capabilities: Record<Capability, { available: boolean; reason: string }>;
}

/** Variables global setup sets for the workers; not for users. */
export const RUN_VARIABLES = {
  runId: 'CIS_RUN_ID',
  embedded: 'CIS_RUN_EMBEDDED',
  webhookInbox: 'CIS_RUN_WEBHOOK_INBOX',
  allowWrites: 'CIS_ALLOW_WRITES',
  collectionPeriod: 'CIS_RUN_COLLECTION_PERIOD_MS',
} as const;

function capabilities(config: HarnessConfig, env: NodeJS.ProcessEnv): Target['capabilities'] {
  const production = config.env === 'production';
  const writes = !production || env[RUN_VARIABLES.allowWrites] === '1';
  const has = (available: boolean, reason: string) => ({ available, reason: available ? '' : reason });
  return {
    writes: has(writes, 'CIS_ENV=production: operations that write are not run (pass --allow-writes to run them)'),
    secondKey: has(!!config.apiKey2, 'CIS_API_KEY_2 is not set: rules between two carriers need a second carrier key'),
    network: has(!!config.networkUid, 'CIS_NETWORK_UID is not set: network rules need a network of the carrier'),
    trigger: production
      ? has(false, 'CIS_ENV=production: the trigger operations are staging only')
      : has(!!config.mockBaseUrl, 'CIS_MOCK_BASE_URL is not set: trigger operations need the staging mock base address'),
    webhooks: has(
      !!env[RUN_VARIABLES.webhookInbox],
      'no webhook listener the target can reach (a remote target needs CIS_WEBHOOK_LISTEN)',
    ),
    statusProfile: has(
      !!config.profile.lockerStatus,
      'the PATCH /lockers/status body is not shown by the spec and CIS_PROFILE does not state it',
    ),
  };
}

let cached: Target | undefined;

export function currentTarget(env: NodeJS.ProcessEnv = process.env): Target {
  if (cached) return cached;
  const config = readConfig();
  if (!config.baseUrl || !config.apiKey) {
    throw new Error('no target: run through Playwright with playwright.config.ts, whose global setup resolves it');
  }
  const webhookInbox = env[RUN_VARIABLES.webhookInbox];
  cached = {
    ...config,
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    embedded: env[RUN_VARIABLES.embedded] === '1',
    runId: env[RUN_VARIABLES.runId] ?? `cc${Date.now().toString(36)}`,
    ...(webhookInbox ? { webhookInbox } : {}),
    capabilities: capabilities(config, env),
  };
  return cached;
}
