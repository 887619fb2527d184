// Once per run, in Playwright's main process: validate the configuration, start the embedded
// reference when no CIS_BASE_URL is given, check the target is there, and hand the resolved target
// to the workers through the environment. Anything that stops the run here exits with code 2.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ALTERNATIVE_CHOICES } from '../reference/choices';
import { checkFaultNames } from '../reference/faults';
import { DEFAULT_CARRIERS } from '../reference/options';
import { startReference, type ReferenceHandle } from '../reference/server';
import { ConfigError, readConfig } from './config';
import { preflight, PreflightError } from './preflight';
import { RUN_VARIABLES } from './target';
import { startListener, type ListenerHandle } from './webhooks/listener';

export const EXIT_COULD_NOT_RUN = 2;
const REFERENCE_PROFILE = join(__dirname, '..', 'reference', 'target-profile.json');
const ALTERNATIVE_PROFILE = join(__dirname, '..', 'reference', 'target-profile.alternative.json');
/** For the self-test: faults of the embedded reference, and its alternative conformant choices. */
const REFERENCE_FAULTS = 'CIS_REFERENCE_FAULTS';
const REFERENCE_CHOICES = 'CIS_REFERENCE_CHOICES';

function embeddedVariant(): { faults: string[]; choices?: typeof ALTERNATIVE_CHOICES } {
  const faults = (process.env[REFERENCE_FAULTS] ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  checkFaultNames(faults);
  const choices = process.env[REFERENCE_CHOICES];
  if (choices && choices !== 'default' && choices !== 'alternative') {
    throw new ConfigError([`${REFERENCE_CHOICES}: "${choices}" is neither default nor alternative`]);
  }
  return { faults, ...(choices === 'alternative' ? { choices: ALTERNATIVE_CHOICES } : {}) };
}
/** Short enough that CollectionNotification arrives during a run (§6 says once per day). */
const EMBEDDED_COLLECTION_PERIOD_MS = 1500;

function stop(message: string): never {
  process.stderr.write(`\ncarrier-conformance could not run: ${message}\n\n`);
  process.exit(EXIT_COULD_NOT_RUN);
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  let reference: ReferenceHandle | undefined;
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
      reference = await startReference({
        carriers: DEFAULT_CARRIERS.map((c) => ({ ...c, webhookUrl: listener!.deliveryUrl })),
        collectionPeriodMs: EMBEDDED_COLLECTION_PERIOD_MS,
        webhookRetryBaseDelayMs: 100,
        ...(config.webhookKey ? { webhookKey: config.webhookKey } : {}),
        ...embeddedVariant(),
      });
      process.env[RUN_VARIABLES.collectionPeriod] = String(EMBEDDED_COLLECTION_PERIOD_MS);
      const [first, second] = reference.app.options.carriers;
      Object.assign(process.env, {
        CIS_BASE_URL: reference.baseUrl,
        CIS_MOCK_BASE_URL: reference.mockBaseUrl,
        CIS_API_KEY: first!.apiKey,
        CIS_API_KEY_2: second!.apiKey,
        CIS_NETWORK_UID: String(first!.networkUid),
        CIS_ENV: 'staging',
        ...(process.env['CIS_PROFILE'] ? {} : { CIS_PROFILE: process.env[REFERENCE_CHOICES] === 'alternative' ? ALTERNATIVE_PROFILE : REFERENCE_PROFILE }),
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
    if (error instanceof Error && error.message.startsWith('unknown fault')) stop(`${REFERENCE_FAULTS}: ${error.message}`);
    throw error;
  }
  process.env[RUN_VARIABLES.runId] ??= `cc${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return async () => {
    // The embedded reference's request count and mix, for `npm run bench`; no key is in it.
    if (reference) {
      const dir = process.env['CIS_REPORT_DIR'] || 'reports';
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'run-stats.json'), JSON.stringify(reference.app.stats));
    }
    await reference?.close();
    await listener?.close();
  };
}
