// Once per run, in Playwright's main process: validate the configuration, start the embedded
// reference (through embedded.ts) when no CIS_BASE_URL is given, check the target is there, and hand
// the resolved target to the workers through the environment. Anything that stops the run here exits
// with code 2.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ConfigError, readConfig } from '../harness/config';
import { preflight, PreflightError } from '../harness/preflight';
import { RUN_VARIABLES } from '../harness/target';
import { startListener, type ListenerHandle } from '../harness/webhooks/listener';
import { startEmbeddedTarget, type EmbeddedTarget } from './embedded';

const EXIT_COULD_NOT_RUN = 2;

function stop(message: string): never {
  process.stderr.write(`\ncarrier-conformance could not run: ${message}\n\n`);
  process.exit(EXIT_COULD_NOT_RUN);
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  let reference: EmbeddedTarget | undefined;
  let listener: ListenerHandle | undefined;
  try {
    let config = readConfig();
    const embedded = !config.baseUrl;
    if (embedded || config.webhookListen) {
      const where = config.webhookListen ?? { host: '127.0.0.1', port: 0 };
      listener = await startListener({ ...where, ...(config.webhookKey ? { expectedKey: config.webhookKey } : {}) });
      process.env[RUN_VARIABLES.webhookInbox] = listener.controlUrl;
      if (!embedded) process.stdout.write(`carrier-conformance: webhook listener at ${listener.deliveryUrl} (register it with the target)\n`);
    }
    if (embedded) {
      reference = await startEmbeddedTarget({ webhookUrl: listener!.deliveryUrl, ...(config.webhookKey ? { webhookKey: config.webhookKey } : {}) });
      process.env[RUN_VARIABLES.collectionPeriod] = String(reference.collectionPeriodMs);
      Object.assign(process.env, {
        CIS_BASE_URL: reference.baseUrl,
        CIS_MOCK_BASE_URL: reference.mockBaseUrl,
        CIS_API_KEY: reference.apiKey,
        CIS_API_KEY_2: reference.apiKey2,
        CIS_NETWORK_UID: reference.networkUid,
        CIS_ENV: 'staging',
        ...(process.env['CIS_PROFILE'] ? {} : { CIS_PROFILE: reference.profilePath }),
        [RUN_VARIABLES.embedded]: '1',
      });
      config = readConfig();
    }
    await preflight({ ...config, baseUrl: config.baseUrl!, apiKey: config.apiKey! });
  } catch (error) {
    await reference?.close();
    await listener?.close();
    if (error instanceof ConfigError) stop(`\n${error.problems.map((p) => `  - ${p}`).join('\n')}`);
    if (error instanceof PreflightError) stop(error.message);
    throw error;
  }
  process.env[RUN_VARIABLES.runId] ??= `cc${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return async () => {
    // The embedded reference's request count and mix, for `npm run bench`; no key is in it.
    if (reference) {
      const dir = process.env['CIS_REPORT_DIR'] || 'reports';
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'run-stats.json'), JSON.stringify(reference.stats()));
    }
    await reference?.close();
    await listener?.close();
  };
}
