// For the run's end: the webhook deliveries of the whole run, attached for the HAR. Apart from
// exchanges.ts, which the judge command (harness/traffic) reads for its redaction without loading
// Playwright or the run's settings.
import { test } from '@playwright/test';
import type { RunSettings } from '../target/run-settings';
import type { Delivery } from '../webhooks/types';
import { cut, DELIVERIES_ATTACHMENT, gzipped, redactSecrets, reportSecrets } from './exchanges';

/**
 * The deliveries, their bodies cut like exchanges' and every key taken out. The run's settings are the
 * test's own (`target`): a batch judges several runs.
 */
export async function attachDeliveries(deliveries: Delivery[], settings: RunSettings): Promise<void> {
  // The parsed body is the raw one again: only the raw text is kept.
  const kept = deliveries.map((d) => ({ ...d, raw: cut(d.raw), body: undefined }));
  await test
    .info()
    .attach(DELIVERIES_ATTACHMENT, gzipped(redactSecrets(JSON.stringify(kept), reportSecrets(settings))));
}
