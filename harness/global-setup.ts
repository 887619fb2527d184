// Once per run, in Playwright's main process: validate the configuration, start the embedded
// reference when no CIS_BASE_URL is given, check the target is there, and hand the resolved target
// to the workers through the environment. Anything that stops the run here exits with code 2.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startReference, type ReferenceHandle } from '../reference/server';
import { ConfigError, readConfig } from './config';
import { preflight, PreflightError } from './preflight';
import { RUN_VARIABLES } from './target';

export const EXIT_COULD_NOT_RUN = 2;
const REFERENCE_PROFILE = join(__dirname, '..', 'reference', 'target-profile.json');

function stop(message: string): never {
  process.stderr.write(`\ncarrier-conformance could not run: ${message}\n\n`);
  process.exit(EXIT_COULD_NOT_RUN);
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  let reference: ReferenceHandle | undefined;
  try {
    let config = readConfig();
    if (!config.baseUrl) {
      reference = await startReference();
      const [first, second] = reference.app.options.carriers;
      Object.assign(process.env, {
        CIS_BASE_URL: reference.baseUrl,
        CIS_MOCK_BASE_URL: reference.mockBaseUrl,
        CIS_API_KEY: first!.apiKey,
        CIS_API_KEY_2: second!.apiKey,
        CIS_NETWORK_UID: String(first!.networkUid),
        CIS_ENV: 'staging',
        ...(process.env['CIS_PROFILE'] ? {} : { CIS_PROFILE: REFERENCE_PROFILE }),
        [RUN_VARIABLES.embedded]: '1',
      });
      config = readConfig();
    }
    await preflight({ ...config, baseUrl: config.baseUrl!, apiKey: config.apiKey! });
  } catch (error) {
    await reference?.close();
    if (error instanceof ConfigError) stop(`\n${error.problems.map((p) => `  - ${p}`).join('\n')}`);
    if (error instanceof PreflightError) stop(error.message);
    throw error;
  }
  process.env[RUN_VARIABLES.runId] ??= `cc${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  return async () => {
    await reference?.close();
  };
}
