// A carrier client's day (test/support/carrier-client.ts), written from the spec alone, against the
// embedded reference, as each recorder a user has keeps it: Playwright's Chromium `recordHar`, and
// mitmproxy (8.x's har_dump.py, 10+'s savehar) as two reverse proxies, one before the service and one
// before the carriers' webhook endpoint. The fixtures in test/fixtures/recordings are days recorded
// with these once (record.ts); the slow tier records one live day per recorder.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { CHOICE_SETS, type ReferenceChoices } from '../../reference/choices';
import { referenceOptions } from '../../reference/options';
import { startReference } from '../../reference/server';
import { judgeTraffic } from '../../harness/traffic/judge-traffic';
import { trafficCertificate } from '../../harness/traffic/certificate-files';
import { carrierDay, type ClientSetup } from './carrier-client';
import { reverseProxy, type HarWriter } from './mitm';

export const CHROMIUM = '/usr/bin/chromium';
/** How long after its request the judge lets a push come, on these recordings of a reference that pushes at once. */
export const WEBHOOK_WAIT_MS = 1000;

export interface RecordedDay {
  traffic: string;
  /** The endpoint's recording of the deliveries, where a proxy made one (mitmproxy). */
  deliveries?: string;
  log: string[];
  /** The list settle time the judge is given: the reference's list lag and a margin. */
  settleMs: number;
}

/**
 * What a carrier's integration knows of its target beyond the spec: the status body its staging
 * documentation shows (§4.5: not shown), and how long its lists lag. It reads its lists back after that
 * settle time; `settleMs` forces the judge's default of 2 s on one recording.
 */
function knownOfTarget(
  choices: Partial<ReferenceChoices> | undefined,
  settleMs?: number,
): Pick<ClientSetup, 'status' | 'pauseMs'> & { settleMs: number } {
  const shape = choices?.statusBody ?? CHOICE_SETS.default.statusBody;
  const status =
    shape === 'uid-active'
      ? { uid: 'uid', member: 'active', off: false, on: true }
      : shape === 'lockerUid-newStatus'
        ? { uid: 'lockerUid', member: 'newStatus', off: 'INACTIVE', on: 'ACTIVE' }
        : { uid: 'uid', member: 'status', off: 'INACTIVE', on: 'ACTIVE' };
  const settle = settleMs ?? (choices?.listLagMs ?? 0) + 300;
  return { status, pauseMs: settle + 100, settleMs: settle };
}

export interface DayOptions {
  faults?: string[];
  choices?: Partial<ReferenceChoices>;
  settleMs?: number;
}

/** The client's day against a reference, recorded by the browser into `dir`. */
export async function browserDay(
  browser: Browser,
  options: DayOptions,
  dir = mkdtempSync(join(tmpdir(), 'cc-browser-')),
): Promise<RecordedDay> {
  const known = knownOfTarget(options.choices, options.settleMs);
  const reference = await startReference({
    ...(options.faults ? { faults: options.faults } : {}),
    ...(options.choices ? { choices: options.choices as ReferenceChoices } : {}),
  });
  const har = join(dir, 'browser.har');
  try {
    const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } });
    const page = await context.newPage();
    // The page's origin is the service's (a front end served beside its API): its fetches are same-origin.
    await page.goto(new URL('/', reference.baseUrl).href).catch(() => undefined);
    // Run under tsx (record.ts), the client's function names its helpers through esbuild's __name.
    await page.evaluate('globalThis.__name = (f) => f');
    const [a, b] = reference.app.options.carriers;
    const log = await page.evaluate(carrierDay, {
      base: reference.baseUrl,
      mockBase: reference.mockBaseUrl,
      keys: [a!.apiKey, b!.apiKey] as [string, string],
      carriers: [a!.name, b!.name] as [string, string],
      networkUid: a!.networkUid,
      run: Math.random().toString(36).slice(2, 8),
      status: known.status,
      pauseMs: known.pauseMs,
    });
    await context.close();
    return { traffic: har, log, settleMs: known.settleMs };
  } finally {
    await reference.close();
  }
}

/**
 * The client's day through mitmproxy, as README's recipe records it: one reverse proxy in front of the
 * service, another in front of the carriers' webhook endpoint, each writing its HAR when stopped.
 */
export async function mitmDay(
  options: { faults?: string[]; writer?: HarWriter },
  dir = mkdtempSync(join(tmpdir(), 'cc-mitm-')),
): Promise<RecordedDay> {
  const known = knownOfTarget(undefined);
  const traffic = join(dir, 'traffic.har');
  const deliveries = join(dir, 'deliveries.har');
  let last = Date.now();
  const endpoint = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      last = Date.now();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const hooks = await reverseProxy(
    `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`,
    deliveries,
    options.writer,
  );
  const carriers = referenceOptions().carriers.map((c, i) => ({
    ...c,
    webhookUrl: `${hooks.url}/hooks/${i === 0 ? 'north' : 'south'}`,
  }));
  // The daily CollectionNotification shortened, as an embedded run has it: the endpoint's recording goes on after the
  // day.
  const reference = await startReference({
    carriers,
    collectionPeriodMs: 250,
    ...(options.faults ? { faults: options.faults } : {}),
  });
  const service = await reverseProxy(`http://127.0.0.1:${reference.port}`, traffic, options.writer);
  try {
    const [a, b] = carriers;
    const log = await carrierDay({
      base: `${service.url}/v1`,
      mockBase: `${service.url}/mock/v1`,
      keys: [a!.apiKey, b!.apiKey],
      carriers: [a!.name, b!.name],
      networkUid: a!.networkUid,
      run: Math.random().toString(36).slice(2, 8),
      status: known.status,
      pauseMs: known.pauseMs,
    });
    // The endpoint recorded until a delivery came the webhook wait after the day's last request (at most 10 s).
    const dayEnded = Date.now();
    const end = dayEnded + 10_000;
    while (last < dayEnded + WEBHOOK_WAIT_MS && Date.now() < end)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return { traffic, deliveries, log, settleMs: known.settleMs };
  } finally {
    await service.stop();
    await hooks.stop();
    await reference.close();
    endpoint.close();
  }
}

export interface Certificate {
  summary: { verdict: string; line: string; exitCode: number };
  rules: { id: string; verdict: string; failure?: string }[];
}

/**
 * `judge` on a recorded day, in process (what `carrier-conformance judge` writes as conformance.json):
 * the list settle time the client kept to unless `defaultSettle`, the webhook wait where deliveries are.
 */
export async function judgeDay(
  day: RecordedDay,
  options: { defaultSettle?: boolean } = {},
): Promise<{ report: Certificate; code: number; said: string }> {
  const judged = await judgeTraffic({
    traffic: day.traffic,
    ...(day.deliveries ? { webhooks: day.deliveries, webhookWaitMs: WEBHOOK_WAIT_MS } : {}),
    ...(options.defaultSettle ? {} : { listSettleMs: day.settleMs }),
  });
  const { report } = trafficCertificate(judged, {
    strict: false,
    fullScope: false,
    harnessVersion: 'own test',
    files: [day.traffic],
    startedAt: Date.now(),
  });
  const certificate = report as unknown as Certificate;
  const failed = certificate.rules.filter((r) => r.verdict === 'failed').map((r) => `${r.id}: ${r.failure}`);
  return {
    report: certificate,
    code: certificate.summary.exitCode,
    said: `${certificate.summary.line}\n${failed.join('\n')}\n${day.log.join('\n')}`,
  };
}

/** The rules a certificate failed, with their failures, and those it passed. */
export const failedOf = (c: Certificate) =>
  c.rules.filter((r) => r.verdict === 'failed').map((r) => `${r.id}: ${r.failure}`);
export const passedOf = (c: Certificate) => c.rules.filter((r) => r.verdict === 'passed').map((r) => r.id);
