// Once per run, in Playwright's main process: validate the configuration, start the embedded
// reference (through embedded.ts) when no CIS_BASE_URL is given, check the target is there, and hand
// the run's settings to the workers and the reporter. Anything that stops the run here exits with
// code 2.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { catalogue } from '../spec/catalogue';
import { ConfigError, readConfig } from '../harness/target/config';
import { scopeForecast } from '../harness/verdict/scope';
import { preflight, PreflightError } from '../harness/target/preflight';
import { publishRunSettings, resolveRunSettings, type RunSettings } from '../harness/target/run-settings';
import { startListener, type ListenerHandle } from '../harness/webhooks/listener';
import { startEmbeddedTarget, type EmbeddedTarget } from './embedded';

const EXIT_COULD_NOT_RUN = 2;

function stop(message: string): never {
  process.stderr.write(`\ncarrier-conformance could not run: ${message}\n\n`);
  process.exit(EXIT_COULD_NOT_RUN);
}

export default async function globalSetup(playwrightConfig: FullConfig): Promise<() => Promise<void>> {
  let reference: EmbeddedTarget | undefined;
  let listener: ListenerHandle | undefined;
  let settings: RunSettings;
  try {
    const config = readConfig();
    const embedded = !config.baseUrl;
    if (embedded || config.webhookListen) {
      const where = config.webhookListen ?? { host: '127.0.0.1', port: 0 };
      const say = (line: string) => process.stderr.write(`\n${line}\n`);
      listener = await startListener({
        ...where,
        say,
        ...(config.webhookKey ? { expectedKey: config.webhookKey } : {}),
      });
      // The pre-flight says what to register: one URL per carrier (harness/webhooks/registration.ts).
      if (!embedded) process.stdout.write(`carrier-conformance: webhook listener at ${listener.deliveryUrl}\n`);
    }
    if (embedded) {
      reference = await startEmbeddedTarget({
        webhookUrl: listener!.deliveryUrl,
        ...(config.webhookKey ? { webhookKey: config.webhookKey } : {}),
      });
    }
    const target = reference
      ? { ...config, ...reference.target, ...(config.profilePath ? {} : reference.profile) }
      : { ...config, baseUrl: config.baseUrl!, apiKey: config.apiKey! };
    settings = resolveRunSettings(target, {
      embedded,
      scratchDir: mkdtempSync(join(tmpdir(), 'cc-run-')),
      ...(listener ? { webhookInbox: listener.controlUrl } : {}),
      ...(reference ? { collectionPeriodMs: reference.collectionPeriodMs, pushWithinMs: reference.pushWithinMs } : {}),
    });
    // What the run will leave out, before it spends a minute: a person can stop and give what is missing.
    const forecast = scopeForecast(catalogue, settings.capabilities, settings.fullScope);
    if (forecast.length)
      process.stdout.write(`carrier-conformance: scope of this run\n${forecast.map((l) => `  - ${l}`).join('\n')}\n`);
    await preflight(settings);
  } catch (error) {
    await reference?.close();
    await listener?.close();
    if (error instanceof ConfigError) stop(`\n${error.problems.map((p) => `  - ${p}`).join('\n')}`);
    if (error instanceof PreflightError) stop(error.message);
    throw error;
  }
  publishRunSettings(settings, playwrightConfig);
  return async () => {
    // The embedded reference's request count and mix, for `npm run bench`; no key is in it.
    if (reference) {
      const dir = process.env['CIS_REPORT_DIR'] || 'reports';
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'run-stats.json'), JSON.stringify(reference.stats()));
    }
    await reference?.close();
    await listener?.close();
    rmSync(settings.scratchDir, { recursive: true, force: true });
  };
}
