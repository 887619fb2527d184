// The webhook deliveries for the HAR: those that arrived while a test ran, attached by the test (a run cut short still
// records what its tests waited for and judged), and the whole run's at its end. Apart from exchanges.ts, which the
// judge command (harness/traffic) reads for its redaction without loading Playwright or the run's settings.
import { test, type TestInfo } from '@playwright/test';
import type { RunSettings } from '../target/run-settings';
import type { InboxClient } from '../webhooks/inbox-client';
import type { Delivery } from '../webhooks/types';
import { cut, DELIVERIES_ATTACHMENT, gzipped, redactSecrets, reportSecrets } from './exchanges';
import { CARRIER_PATHS } from '../webhooks/isolation';
import { RECORDING_ATTACHMENT, type DeliveryWindow } from './recording';

/**
 * The deliveries, their bodies cut like exchanges' and every key taken out. The run's settings are the
 * test's own (`target`): a batch judges several runs.
 */
export async function attachDeliveries(deliveries: Delivery[], settings: RunSettings): Promise<void> {
  await test.info().attach(DELIVERIES_ATTACHMENT, kept(deliveries, settings));
}

/** The deliveries that arrived since `since` (ms), pushed for the HAR without a step: a test's own window. */
export async function attachDeliveriesSince(
  inbox: InboxClient,
  since: number,
  settings: RunSettings,
  testInfo: TestInfo,
): Promise<void> {
  // Its end taken before the read: what arrived until then is in the answer.
  const to = Date.now();
  const deliveries = await inbox.all(since).catch(() => undefined);
  if (!deliveries) return;
  if (deliveries.length) testInfo.attachments.push({ name: DELIVERIES_ATTACHMENT, ...kept(deliveries, settings) });
  // The stretch is whole even where nothing arrived: that no push came is recorded too.
  // The listener is each carrier's endpoint (webhooks/registration.ts), named as the recording names their keys.
  const endpoints = {
    $CIS_API_KEY: CARRIER_PATHS.primary,
    ...(settings.apiKey2 ? { $CIS_API_KEY_2: CARRIER_PATHS.secondary } : {}),
  };
  const window: DeliveryWindow = { from: since, to, webhookWaitMs: settings.webhookWaitMs, endpoints };
  testInfo.attachments.push({
    name: RECORDING_ATTACHMENT,
    contentType: 'application/json',
    body: Buffer.from(JSON.stringify(window)),
  });
}

// The parsed body is the raw one again: only the raw text is kept.
const kept = (deliveries: Delivery[], settings: RunSettings) =>
  gzipped(
    redactSecrets(
      JSON.stringify(deliveries.map((d) => ({ ...d, raw: cut(d.raw), body: undefined }))),
      reportSecrets(settings),
    ),
  );
